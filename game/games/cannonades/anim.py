"""What the Cannonades table shows, and how it follows the game's events one after another.

``Shown`` is the table as drawn: the ships in every area, the hands, the piles, whose turn. It is
built from the viewer's observation and, while events play, changed step by step so the eye can
follow: a card flies from the pile to a hand, a cannonade to the played spot, the target flips,
sinks or shakes, the played card goes to the discard. After each action's events the table takes
the observation of that moment again, so what is drawn always ends where the game is.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field

import pygame

from game.core.i18n import tr
from game.games.cannonades import card_art
from game.games.cannonades.layout import HAND_CARD, MY_HAND, MY_PLATE
from game.games.cannonades.rules import CODE_INDEX, MAX_SHIPS, UNKNOWN, CannonadesState
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.table import EventAnimation
from game.ui.tween import Smooth, ease_in_out

SLIDE_RATE = 9.0


class ShipView:
    """A ship in an area as drawn: ``flip`` runs 0..1 while it turns over, ``sink`` 0..1 while it
    goes down, ``shake`` 0..1 when a hit leaves it afloat; ``slide`` eases it into its slot."""

    __slots__ = ("kind", "up", "flip", "sink", "shake", "slide")

    def __init__(self, kind: int, up: bool):
        self.kind = kind
        self.up = up
        self.flip: float | None = None
        self.sink = 0.0
        self.shake = 0.0
        self.slide = Smooth(0.0, SLIDE_RATE)

    def same(self, kind: int, up: bool) -> bool:
        return self.kind == kind and self.up == up


@dataclass
class LastPlay:
    """The card in the played spot: who played it at whom, and what came of it."""

    kind: int
    seat: int
    target: int
    boarding: bool
    outcome: str | None = None  # "sunk" or "afloat"
    resolved: bool = False


@dataclass
class Shown:
    """The table as drawn."""

    ships: list[list[ShipView]]
    hands: list[list[int]]
    pile: int
    discard: list[int]
    alive: list[bool]
    standoff: bool
    trigger: int | None
    current: int
    phase: str
    actions_left: int
    first_turn: bool
    turn_number: int
    eliminated: list[int]
    final_queue: list[int]
    out_fade: list[float] = field(default_factory=list)

    @classmethod
    def of(cls, state: CannonadesState) -> Shown:
        return cls(
            ships=[[ShipView(k, up) for k, up in zip(state.ships[s], state.up[s], strict=True)]
                   for s in range(state.players)],
            hands=[list(hand) for hand in state.hands],
            pile=state.pile_size,
            discard=list(state.discard),
            alive=list(state.alive),
            standoff=state.standoff,
            trigger=state.trigger,
            current=state.current,
            phase=state.phase,
            actions_left=state.actions_left,
            first_turn=state.first_turn,
            turn_number=state.turn_number,
            eliminated=list(state.eliminated),
            final_queue=list(state.final_queue),
            out_fade=[0.0 if alive else 1.0 for alive in state.alive],
        )

    def adopt(self, other: Shown) -> None:
        """Become ``other``, keeping the ship views that did not change (their slides go on)."""
        for seat, fleet in enumerate(other.ships):
            mine = self.ships[seat]
            if len(mine) == len(fleet) and all(a.same(b.kind, b.up) for a, b in zip(mine, fleet, strict=True)):
                for ship in mine:
                    ship.flip, ship.sink, ship.shake = None, 0.0, 0.0
                other.ships[seat] = mine
        self.__dict__.update(other.__dict__)

    def take_from_hand(self, seat: int, kind: int) -> int:
        """Remove ``kind`` (or any card, when hidden) from a hand; the index it had, or -1."""
        hand = self.hands[seat]
        if kind in hand:
            index = hand.index(kind)
        elif UNKNOWN in hand:
            index = hand.index(UNKNOWN)
        elif hand:
            index = len(hand) - 1
        else:
            return -1
        hand.pop(index)
        return index

    def remove_ship(self, seat: int, slot: int, pitch: int) -> ShipView | None:
        """Take a ship out of its area; the ships after it start one slot to the right and slide left."""
        fleet = self.ships[seat]
        if not 0 <= slot < len(fleet):
            return None
        ship = fleet.pop(slot)
        for later in fleet[slot:]:
            later.slide.value += pitch
        return ship


@dataclass
class Flight:
    """A card travelling across the table (centre positions), arcing up on the way."""

    image: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    arc: float = 30.0
    t: float = 0.0

    def position(self) -> tuple[float, float]:
        e = ease_in_out(self.t)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - math.sin(math.pi * e) * self.arc
        return x, y

    def draw(self, surface: pygame.Surface) -> None:
        x, y = self.position()
        rect = self.image.get_rect(center=(round(x), round(y)))
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=10)
        surface.blit(shadow, rect.move(6, 10))
        surface.blit(self.image, rect)


def card_kind(code) -> int:
    """The kind of a card code in an event (UNKNOWN for one the viewer may not see)."""
    return CODE_INDEX.get(code, UNKNOWN) if isinstance(code, str) else UNKNOWN


class CannonadesAnimation(EventAnimation):
    """Each event of a Cannonades game as timed steps on its table's ``shown`` model: cards fly, ships
    flip, sink or shake, Captain Grin grins. Its own are the cards in flight, the cannonball and the banner."""

    def __init__(self, table):
        super().__init__()
        self.table = table
        self.flights: list[Flight] = []
        self.blast: list | None = None  # [start, end, t]
        self.banner: tuple[str, str, float] | None = None
        self.handlers = {
            "deal": self.deal,
            "mulligan": self.mulligan,
            "turn": self.turn,
            "add": self.add,
            "shoot": lambda data: self.attack(data, boarding=False),
            "board": lambda data: self.attack(data, boarding=True),
            "flip": self.flip,
            "sink": self.sink,
            "survive": self.survive,
            "discard": self.discard,
            "grin": self.grin,
            "vendetta": self.vendetta,
            "react": self.react,
            "eliminated": self.eliminated,
            "take": self.take,
            "standoff": self.standoff,
            "pick": self.pick,
            "start": self.start,
        }

    def clear(self) -> None:
        self.banner = None
        self.land()

    def land(self) -> None:
        """Nothing is in the air any more (an action's events are all shown)."""
        self.flights.clear()
        self.blast = None

    def update(self, dt: float) -> None:
        super().update(dt)
        for fleet in self.table.shown.ships:
            for ship in fleet:
                ship.slide.update(dt)

    # -- where things are -----------------------------------------------------------------------
    def ship_centre(self, seat: int, slot: int) -> tuple[int, int]:
        layout = self.table.layouts()[seat]
        return layout.slots[min(slot, MAX_SHIPS - 1)].center

    def hand_point(self, seat: int, kind: int = UNKNOWN) -> tuple[int, int]:
        """Where a card leaves or joins a hand: the card itself in the bottom fan, else the hand's middle."""
        table = self.table
        if seat == table.me:
            cards = table.my_hand()
            slots = table.hand_slots()
            if kind in cards and slots:
                return tuple(map(round, slots[cards.index(kind)].centre))
            return MY_HAND.centerx, MY_HAND.y + HAND_CARD[1] // 2
        return table.layouts()[seat].hand_anchor()

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where a player's floating words rise from: over their ships."""
        layout = self.table.layouts()[seat]
        if layout.mine:
            return MY_PLATE.centerx, MY_PLATE.y + 40
        return layout.box.centerx, layout.slots[0].centery

    # -- what moves ---------------------------------------------------------------------------
    @staticmethod
    def flying_image(kind: int) -> pygame.Surface:
        """A card in flight: its face when the viewer may see it, else its back."""
        return card_art.image(kind, 80, 112)

    def fly(self, duration: float, image, source, target, leave=None, arrive=None, sound: str | None = None,
            arc: float = 30.0) -> None:
        holder: dict[str, Flight] = {}

        def start():
            if leave:
                leave()
            holder["flight"] = Flight(image, source() if callable(source) else source,
                                      target() if callable(target) else target, arc)
            self.flights.append(holder["flight"])
            if sound:
                get_audio().play(sound)

        def progress(t):
            if "flight" in holder:
                holder["flight"].t = t

        def end():
            flight = holder.get("flight")
            if flight in self.flights:
                self.flights.remove(flight)
            if arrive:
                arrive()

        self.step(duration, start, progress, end)

    def float_text(self, text: str, pos, colour=theme.PAPER, size: int = 26, backdrop=(30, 20, 14, 190)) -> None:
        super().float_text(text, pos, colour, size, backdrop)

    # -- the events -----------------------------------------------------------------------------
    def deal(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")
        card = card_kind(data.get("card"))
        setup = data.get("reason") == "setup"

        def leave():
            shown.pile = max(0, shown.pile - 1)

        self.fly(0.08 if setup else 0.22, self.flying_image(card), self.table.centre().pile.center,
                 lambda: self.hand_point(seat), leave, lambda: shown.hands[seat].append(card),
                 None if setup else "card_slide", arc=20)

    def mulligan(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")
        cards = [card_kind(c) for c in data["cards"]]
        self.fly(0.4, self.flying_image(cards[-1]), self.hand_point(seat), self.table.centre().discard.center,
                 lambda: shown.hands[seat].clear(), lambda: shown.discard.extend(cards), "card_slide")
        self.step(0.01, lambda: self.float_text(tr("cannonades.ui.fx.mulligan"), self.seat_point(seat)))

    def turn(self, data: dict) -> None:
        table = self.table
        shown = table.shown
        seat = data.get("seat")

        def begin():
            shown.current = seat
            shown.actions_left = 4
            shown.turn_number = data.get("turn", shown.turn_number)
            shown.first_turn = data.get("first", False)
            shown.phase = "actions"
            table.last_play = None
            if seat == table.viewer and table.controller.is_human(seat):
                get_audio().play("chime")
                fleet = table.layouts()[table.me].slots
                self.float_text(tr("cannonades.ui.fx.your_turn"), (fleet[1].right + 6, fleet[0].centery),
                                theme.HIGHLIGHT, 30)

        self.step(0.3, begin)

    def add(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")
        card = card_kind(data.get("card"))
        slot = data["slot"]
        source = self.hand_point(seat, card)

        def leave():
            gone = card
            if gone == UNKNOWN:  # strict memory: the event does not name it, the hand shows which card left
                gone = next(iter(Counter(shown.hands[seat]) - Counter(self.table.observation().hands[seat])), UNKNOWN)
            shown.take_from_hand(seat, gone)
            shown.actions_left -= 1

        self.fly(0.32, self.flying_image(UNKNOWN), source, lambda: self.ship_centre(seat, slot), leave,
                 lambda: (shown.ships[seat].append(ShipView(card, False)), get_audio().play("place")), "card_slide")

    def attack(self, data: dict, boarding: bool) -> None:
        """A Shoot or a Board: the card flies to the played spot, then the shot flies at the target."""
        table = self.table
        shown = table.shown
        seat, target, slot = data["seat"], data["target"], data["slot"]
        card = card_kind(data["card"])
        centre = table.centre()
        if boarding:
            source = self.ship_centre(seat, data["ship"])
            pitch = table.layouts()[seat].pitch

            def leave():
                shown.remove_ship(seat, data["ship"], pitch)
                shown.actions_left -= 1
        else:
            source = self.hand_point(seat, card)

            def leave():
                shown.take_from_hand(seat, card)
                shown.actions_left -= 1

        def arrive():
            table.last_play = LastPlay(card, seat, target, boarding)

        self.fly(0.32, self.flying_image(card), source, centre.played.center, leave, arrive, "card_slide", arc=40)

        def fire():
            get_audio().play("capture" if boarding else "cannon")
            self.blast = [centre.played.center, self.ship_centre(target, slot), 0.0]

        def travel(t):
            if self.blast:
                self.blast[2] = t

        self.step(0.3, fire, travel, lambda: setattr(self, "blast", None))

    def flip(self, data: dict) -> None:
        shown = self.table.shown
        seat, slot = data["seat"], data["slot"]
        card = card_kind(data.get("card"))
        final = data.get("cause") == "final"

        def begin():
            get_audio().play("card_flip")
            if slot < len(shown.ships[seat]):
                ship = shown.ships[seat][slot]
                ship.flip = 0.0
                if card != UNKNOWN:
                    ship.kind = card

        def turn(t):
            if slot < len(shown.ships[seat]):
                ship = shown.ships[seat][slot]
                ship.flip = t
                if t >= 0.5:
                    ship.up = True

        def done():
            if slot < len(shown.ships[seat]):
                shown.ships[seat][slot].flip = None
                shown.ships[seat][slot].up = True

        self.step(0.1 if final else 0.34, begin, turn, done)

    def sink(self, data: dict) -> None:
        table = self.table
        shown = table.shown
        seat, slot = data["seat"], data["slot"]
        card = card_kind(data.get("card"))
        pitch = table.layouts()[seat].pitch

        def begin():
            get_audio().play("sink")
            if table.last_play:
                table.last_play.outcome = "sunk"
            self.float_text(tr("cannonades.ui.fx.sunk"), self.ship_centre(seat, slot), theme.BAD, 30)

        def down(t):
            if slot < len(shown.ships[seat]):
                shown.ships[seat][slot].sink = t

        def gone():
            get_audio().play("splash")
            shown.remove_ship(seat, slot, pitch)
            shown.discard.append(card)

        self.step(0.6, begin, down, gone)

    def survive(self, data: dict) -> None:
        table = self.table
        shown = table.shown
        target, slot = data["seat"], data["slot"]

        def shake(t):
            if slot < len(shown.ships[target]):
                shown.ships[target][slot].shake = 1 - t

        def begin():
            get_audio().play("splash")
            if table.last_play:
                table.last_play.outcome = "afloat"
            self.float_text(tr("cannonades.ui.fx.afloat"), self.ship_centre(target, slot), theme.PAPER)

        self.step(0.36, begin, shake)

    def discard(self, data: dict) -> None:
        table = self.table
        shown = table.shown
        seat = data["seat"]
        cards = [card_kind(c) for c in data.get("cards", [])]
        if not cards:
            return
        centre = table.centre()
        reason = data.get("reason")
        if reason == "played":
            def resolve():
                if table.last_play:
                    table.last_play.resolved = True

            self.fly(0.26, self.flying_image(cards[0]), centre.played.center, centre.discard.center, resolve,
                     lambda: shown.discard.extend(cards), "card_slide", arc=16)
            return
        source = self.hand_point(seat, cards[0])

        def leave():
            for card in cards:
                shown.take_from_hand(seat, card)
            if reason == "draw":
                shown.actions_left -= 1

        self.fly(0.3, self.flying_image(cards[-1]), source, centre.discard.center, leave,
                 lambda: shown.discard.extend(cards), "card_slide")

    def grin(self, data: dict) -> None:
        seat = data.get("seat")

        def grin():
            get_audio().play("chime")
            self.float_text(tr("cannonades.ui.fx.grin"), self.seat_point(seat), theme.HIGHLIGHT, 28)

        self.step(0.5, grin)

    def vendetta(self, data: dict) -> None:
        seat = data.get("seat")
        self.step(0.35, lambda: self.float_text(
            tr("cannonades.ui.fx.vendetta", name=self.table.host.player_name(data["against"])),
            self.seat_point(seat), theme.ACCENT_LIGHT))

    def react(self, data: dict) -> None:
        seat = data.get("seat")
        option = data.get("option")
        self.step(0.3, lambda: (get_audio().play("click"), self.float_text(
            tr(f"cannonades.ui.fx.react.{option}"), self.seat_point(seat), theme.PAPER)))

    def eliminated(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")

        def fade(t):
            if seat < len(shown.out_fade):
                shown.out_fade[seat] = t

        def begin():
            get_audio().play("sink")
            self.float_text(tr("cannonades.ui.fx.out"), self.seat_point(seat), theme.BAD, 30)

        def gone():
            shown.alive[seat] = False
            shown.eliminated.append(seat)

        self.step(0.7, begin, fade, gone)

    def take(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")
        card = card_kind(data.get("card"))
        source = data["from"]
        self.fly(0.4, self.flying_image(card), self.hand_point(source), lambda: self.hand_point(seat),
                 lambda: shown.take_from_hand(source, card), lambda: shown.hands[seat].append(card), "card_slide")

    def standoff(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")

        def begin():
            get_audio().play("cannon")
            get_audio().play("chime")
            shown.standoff = True
            shown.trigger = seat
            detail = tr("cannonades.ui.standoff.detail", name=self.table.host.player_name(seat))
            self.banner = (tr("cannonades.ui.standoff.banner"), detail, time.perf_counter())

        self.step(2.2, begin, end=lambda: setattr(self, "banner", None))

    def pick(self, data: dict) -> None:
        shown = self.table.shown
        seat = data.get("seat")
        card = card_kind(data.get("card"))
        index = data.get("index", -1)

        def leave():
            if 0 <= index < len(shown.discard) and shown.discard[index] == card:
                shown.discard.pop(index)
            elif card in shown.discard:
                shown.discard.remove(card)

        self.fly(0.4, self.flying_image(card), self.table.centre().discard.center, lambda: self.hand_point(seat),
                 leave, lambda: shown.hands[seat].append(card), "card_slide")

    def start(self, data: dict) -> None:
        seat = data.get("seat")
        self.step(0.4, lambda: (get_audio().play("coin"), self.float_text(tr("cannonades.ui.fx.start"),
                                                                         self.seat_point(seat), theme.HIGHLIGHT)))
