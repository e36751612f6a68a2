"""How the Cities & Knights table follows the expansion's events, on base Catan's animation.

The event die tumbles with the number dice and lands on a ship or a city gate; the barbarian ship
sails a step along its track; an attack stops the table with a banner that counts the cities against
the knights and says what came of it (the Defender of Catan, a tie and its draws, the cities
pillaged), then every knight on the island rests and the ship sails back. Knights drop onto their
corners, rise when activated, gain a chevron when promoted and move corner to corner; progress
cards fly from their deck face down (face up to their owner) and are shown large when played.
"""

from __future__ import annotations

from game.core.i18n import tr
from game.games.catan.anim import CatanAnimation
from game.games.catan_ck.card_art import defender_card, progress_back
from game.games.catan_ck.cards import CARD_INDEX, CARD_TRACK, TRACKS
from game.ui.audio import get_audio

TUMBLE = 0.7
"""How long the event die tumbles (as long as the number dice)."""


def card_track(card: str) -> str:
    return TRACKS[CARD_TRACK[CARD_INDEX[card]]]


class CKAnimation(CatanAnimation):
    """Base Catan's steps and the expansion's: ``event_rolled_at`` (when the event die was thrown),
    ``ship`` (from step, to step, 0..1 while the barbarians sail) and ``attack`` (the attack's data
    while its banner shows)."""

    def __init__(self, table):
        super().__init__(table)
        self.event_rolled_at: float | None = None
        self.ship: tuple[int, int, float] | None = None
        self.attack_shown: dict | None = None
        self.handlers.update({
            "rolled": self.rolled,
            "barbarians": self.barbarians,
            "attack": self.attack,
            "knight": self.knight,
            "retreated": self.knight,
            "activated": lambda d: self.corners(d["vertices"], "chime"),
            "promoted": self.promoted,
            "knight_moved": self.knight_moved,
            "displaced": self.displaced,
            "chased": lambda d: self.corners([d["vertex"]], "click"),
            "deserted": lambda d: self.corners([d["vertex"]], "remove"),
            "knight_lost": lambda d: self.float_at_seat(d["seat"], tr("catan_ck.ui.float.knight_lost")),
            "pillaged": self.pillaged,
            "improved": self.improved,
            "metropolis": self.metropolis,
            "progress_drawn": self.progress_drawn,
            "merchant": self.merchant,
            "harvest": lambda d: self.fly_cards(d["cards"], None, d["seat"], "coin"),
            "aqueduct": lambda d: self.fly_cards({d["resource"]: 1}, None, d["seat"], "coin"),
            "monopoly": self.monopoly,
            "gave": self.exchange("to"),
            "given": self.exchange("to"),
            "took": self.exchange("victim", backwards=True),
            "taken": self.exchange("victim", backwards=True),
            "road_removed": lambda d: self.step(0.3, lambda: get_audio().play("remove")),
            "deck_chosen": lambda d: self.step(0.2, lambda: get_audio().play("card_flip")),
        })

    def clear(self) -> None:
        super().clear()
        self.event_rolled_at = None
        self.ship = None
        self.attack_shown = None

    def event_tumbling(self) -> bool:
        return self.event_rolled_at is not None and self.table.time - self.event_rolled_at < TUMBLE

    # -- the roll and the barbarians ------------------------------------------------------------------
    def rolled(self, d: dict) -> None:
        shown = self.table.shown

        def start():
            self.event_rolled_at = self.table.time
            shown.event = None

        self.step(0.0, start)
        super().rolled(d)
        self.step(0.0, lambda: setattr(shown, "event", d["event"]))

    def barbarians(self, d: dict) -> None:
        shown = self.table.shown
        to = d["position"]

        def start():
            self.ship = (shown.barbarians, to, 0.0)
            get_audio().play("splash", 0.7)

        def progress(t):
            self.ship = (self.ship[0], to, t)

        def land():
            shown.barbarians = to
            self.ship = None

        self.step(0.6, start, progress, land)
        if 0 < to < 7 and to >= 5:
            self.show_banner(tr("catan_ck.ui.banner.near"), tr("catan_ck.ui.banner.near.detail", left=7 - to), 1.0,
                             "stone")

    def attack(self, d: dict) -> None:
        """The attack's banner (strength against defence, what follows), then the knights rest."""
        table = self.table
        shown = table.shown
        title = tr("catan_ck.ui.banner.attack", strength=d["strength"], defence=sum(d["defence"]))
        detail = attack_outcome(d, table.seat_name)

        def start():
            self.attack_shown = d
            get_audio().play("cannon")

        def end():
            self.attack_shown = None
            shown.barbarians = 0
            shown.knights_rest()

        self.step(0.0, start)
        self.show_banner(title, detail, 2.6, "cannon")
        if d["defender"] is not None:
            card = defender_card(*table.layout.fly_card, "")
            origin = table.layout.barbarians.center
            self.step(0.5, lambda: (self.fly(card, origin, self.seat_target(d["defender"]), 0.0),
                                    get_audio().play("chime")))
        self.step(0.0, end=end)

    # -- knights ------------------------------------------------------------------------------------
    def corners(self, vertices, sound: str | None) -> None:
        """The corners ``vertices`` take what the observation has there."""
        table = self.table

        def start():
            table.shown.refresh(table.observation(), vertices)
            if sound:
                get_audio().play(sound, 0.7)

        self.step(0.25, start)

    def knight(self, d: dict) -> None:
        """A knight drops onto its corner (recruited, placed by the Deserter, or retreating)."""
        table = self.table
        key = (("v", d["vertex"]), "knight")

        def start():
            table.shown.refresh(table.observation(), [d["vertex"]])
            self.drops[key] = 0.0
            get_audio().play("place")

        self.step(0.3, start, lambda t: self.drops.__setitem__(key, t), lambda: self.drops.pop(key, None))

    def promoted(self, d: dict) -> None:
        self.corners([d["vertex"]], "chime")
        x, y = self.table.board.geometry.vertices[d["vertex"]]
        self.step(0.0, lambda: self.float_text(tr(f"catan_ck.knight.{d['strength']}"), (x, y - 30), (255, 255, 255),
                                               18, (60, 50, 40, 220)))

    def knight_moved(self, d: dict) -> None:
        table = self.table

        def start():
            table.shown.emptied(d["from"])
            get_audio().play("place", 0.8)

        self.step(0.1, start)
        self.knight({"vertex": d["to"]})

    def displaced(self, d: dict) -> None:
        x, y = self.table.board.geometry.vertices[d["vertex"]]
        self.step(0.0, lambda: self.float_text(tr("catan_ck.ui.float.displaced"), (x, y - 34), (255, 255, 255), 18,
                                               (150, 50, 40, 220)))

    def pillaged(self, d: dict) -> None:
        self.corners([d["vertex"]], "remove")
        x, y = self.table.board.geometry.vertices[d["vertex"]]
        self.step(0.3, lambda: self.float_text(tr("catan_ck.ui.float.pillaged"), (x, y - 34), (255, 255, 255), 18,
                                               (150, 50, 40, 220)))

    # -- improvements and cards ---------------------------------------------------------------------------
    def improved(self, d: dict) -> None:
        words = tr("catan_ck.ui.float.improved", level=d["level"], name=tr(f"catan_ck.level.{d['track']}.{d['level']}"))
        self.step(0.3, lambda: (self.float_at_seat(d["seat"], words), get_audio().play("chime", 0.7)))

    def metropolis(self, d: dict) -> None:
        table = self.table
        self.step(0.0, lambda: table.shown.take_board(table.observation()))
        self.show_banner(tr("catan_ck.ui.banner.metropolis", track=tr(f"catan_ck.track.{d['track']}")),
                         tr("catan.ui.banner.special", name=table.seat_name(d["seat"])), 1.2, "chime")

    def progress_drawn(self, d: dict) -> None:
        table = self.table
        deck = table.layout.deck_rects()[TRACKS.index(d["track"])].center
        w, h = table.layout.fly_card
        if "card" in d:
            image = table.progress_face(d["card"], w, h)
        else:
            image = progress_back(d["track"], w, h)
        target = self.seat_target(d["seat"])
        self.step(0.45, lambda: (self.fly(image, deck, target, 0.0), get_audio().play("card_flip")))

    def merchant(self, d: dict) -> None:
        shown = self.table.shown
        self.step(0.3, lambda: (setattr(shown, "merchant", (d["hex"], d["seat"])), get_audio().play("place")))

    def monopoly(self, d: dict) -> None:
        for victim, count in enumerate(d.get("taken", [])):
            if count:
                self.fly_cards({d["resource"]: count}, victim, d["seat"], "card_slide")

    def exchange(self, other: str, backwards: bool = False):
        """A card handed between two players: its face where the viewer may see it, else its back."""

        def handler(d: dict) -> None:
            source, target = (d[other], d["seat"]) if backwards else (d["seat"], d[other])
            if "card" in d:
                self.fly_cards({d["card"]: 1}, source, target, "card_slide")
            else:
                self.step(0.4, lambda: (self.fly(self.table.card_back(), self.seat_target(source),
                                                 self.seat_target(target), 0.0), get_audio().play("card_slide")))

        return handler

    def float_at_seat(self, seat: int, words: str) -> None:
        rect = self.table.panel_rect(seat)
        self.float_text(words, (rect.centerx, rect.y + 30), (255, 255, 255), 18, (60, 50, 40, 220))


def attack_outcome(d: dict, name_of) -> str:
    """What an attack came to, in one or two sentences."""
    if d["defender"] is not None:
        return tr("catan_ck.ui.attack.defender", name=name_of(d["defender"]))
    if d["tied"]:
        return tr("catan_ck.ui.attack.tied", names=tr("catan.log.separator").join(name_of(p) for p in d["tied"]))
    if d["pillaged"]:
        return tr("catan_ck.ui.attack.pillaged", names=tr("catan.log.separator").join(
            name_of(p) for p in d["pillaged"]), count=len(d["pillaged"]))
    return tr("catan_ck.ui.attack.nobody")

