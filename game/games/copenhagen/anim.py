"""How the Copenhagen table follows the game's events, one after another.

Each event kind has its handler: cards slide from the deck to a hand or a harbour slot, paid cards go
to the discard pile, a tile drops onto its facade and settles, full rows and columns glow as they
score, coats of arms flash, ability tiles flip. Each step changes the table's ``shown`` picture the
moment its animation lands; once none is left the table takes the picture afresh from its observation.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.layers import card_image
from game.games.copenhagen.layout import CARD, DECK, DISCARD, HAND_AREA, ability_rect, slot_rect
from game.games.copenhagen.rules import ABILITIES, ABILITY_INDEX, CHANGE_COLOURS
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.banner import Banner
from game.ui.cards import Sprite
from game.ui.table import EventAnimation
from game.ui.tween import Tween


class Effect:
    """A timed decoration: a line glowing as it scores, a coat of arms flashing, an ability tile flipping."""

    def __init__(self, kind: str, seat: int, key, duration: float):
        self.kind = kind
        self.seat = seat
        self.key = key
        self.tween = Tween(0.0, 1.0, duration, lambda t: t)

    @property
    def done(self) -> bool:
        return self.tween.done


class CopenhagenAnimation(EventAnimation):
    """Each event of a Copenhagen game as timed steps. Its own are the cards in flight (``sprites``),
    the glows and flips (``effects``), the tiles still settling (``drops``: (seat, facade index) -> 0..1),
    the banner, and the colour last laid on the discard pile."""

    def __init__(self, table):
        super().__init__()
        self.table = table
        self.sprites: list[Sprite] = []
        self.effects: list[Effect] = []
        self.drops: dict[tuple[int, int], float] = {}
        self.banner: Banner | None = None
        self.discard_top: int | None = None
        self.handlers = {
            "dealt": self.dealt,
            "refilled": self.refilled,
            "mermaid": self.mermaid,
            "reshuffled": self.reshuffled,
            "turn": self.turn,
            "took": self.took,
            "discarded": self.discarded,
            "ability_used": lambda d: self.ability_used(d, converted=False),
            "converted": lambda d: self.ability_used(d, converted=True),
            "built": self.built,
            "special": self.special,
            "scored": self.scored,
            "coat": self.coat,
            "coat_lost": self.coat_lost,
            "ability_gained": self.ability_gained,
            "refreshed": self.refreshed,
            "game_over": self.game_over,
        }

    def update(self, dt: float) -> None:
        super().update(dt)
        for sprite in self.sprites:
            sprite.update(dt)
        for effect in self.effects:
            effect.tween.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        for key in self.drops:
            self.drops[key] = min(1.0, self.drops[key] + dt * 3.0)
        if self.banner:
            self.banner.update(dt)
            if self.banner.done:
                self.banner = None

    def clear(self) -> None:
        self.sprites.clear()
        self.effects.clear()
        self.banner = None

    # -- helpers --------------------------------------------------------------------------------
    def hand_target(self, seat: int) -> pygame.Rect:
        """Where a card going into a seat's hand flies to."""
        if seat == self.table.me:
            return pygame.Rect(HAND_AREA.centerx - CARD[0] // 2, HAND_AREA.y - 6, *CARD)
        rect = self.table.opponent_rect(seat)
        return pygame.Rect(rect.right - 70, rect.y + 40, *CARD)

    def fly(self, image, start: pygame.Rect, end: pygame.Rect, duration: float, delay: float = 0.0,
            fade: bool = False) -> Sprite:
        sprite = Sprite(image, start.topleft)
        sprite.move_to(end.topleft, duration, arc=30, delay=delay)
        if fade:
            sprite.fade_to(0, duration * 0.4, delay=delay + duration * 0.6)
        self.sprites.append(sprite)
        return sprite

    def clear_sprites(self) -> None:
        self.sprites = [s for s in self.sprites if s.moving]

    def settle(self, seat: int, sound: str) -> None:
        get_audio().play(sound)
        for key in [k for k in self.drops if k[0] == seat]:
            del self.drops[key]

    def set_top(self, colour: str) -> None:
        self.discard_top = board.COLOUR_INDEX[colour]

    def flip_effect(self, seat: int, ability: str) -> None:
        self.effects.append(Effect("flip", seat, ability, 0.4))

    def float_text(self, text: str, pos, colour, size: int = 22, backdrop=(*theme.PAPER, 230)) -> None:
        super().float_text(text, pos, colour, size, backdrop)

    def ability_anchor(self, seat: int, ability: str) -> tuple[int, int]:
        if seat == self.table.me:
            return ability_rect(ABILITY_INDEX[ability]).midtop
        return self.table.opponent_ability_rect(seat, ABILITY_INDEX[ability]).midtop

    # -- the events -----------------------------------------------------------------------------
    def dealt(self, d: dict) -> None:
        shown = self.table.shown

        def deal():
            get_audio().play("card_slide")
            count = sum(d["cards"].values()) if "cards" in d else d["count"]
            faces = [card_image(c) for c, n in d.get("cards", {}).items() for _ in range(n)]
            for k in range(count):
                image = faces[k] if faces else art.back(*CARD)
                self.fly(image, DECK, self.hand_target(d["seat"]), 0.3, delay=k * 0.05,
                         fade=d["seat"] != self.table.me)

        self.step(0.3 + 0.05 * 3, deal, end=lambda: (self.clear_sprites(), shown.dealt(d)))

    def refilled(self, d: dict) -> None:
        shown = self.table.shown

        def refill():
            get_audio().play("card_flip")
            self.fly(card_image(d["card"]), DECK, slot_rect(d["slot"]), 0.26)

        self.step(0.26, refill, end=lambda: (self.clear_sprites(), shown.refilled(d)))

    def mermaid(self, d: dict) -> None:
        shown = self.table.shown

        def mermaid():
            get_audio().play("splash")
            shown.mermaid_revealed(d)
            self.banner = Banner(tr("copenhagen.ui.mermaid.title"), tr("copenhagen.ui.mermaid.detail"), 2.0)

        self.step(2.0, mermaid)

    def reshuffled(self, d: dict) -> None:
        shown = self.table.shown

        def reshuffle():
            get_audio().play("card_slide")
            self.banner = Banner(tr("copenhagen.ui.reshuffle.title"),
                                 tr("copenhagen.log.reshuffled", cards=d["cards"]), 1.8)
            for k in range(5):
                self.fly(art.back(*CARD), DISCARD, DECK, 0.35, delay=k * 0.08)

        self.step(1.8, reshuffle, end=lambda: (self.clear_sprites(), shown.reshuffled(d)))

    def turn(self, d: dict) -> None:
        shown = self.table.shown
        self.step(0.05, lambda: shown.turn(d))

    def took(self, d: dict) -> None:
        shown = self.table.shown

        def take():
            get_audio().play("card_slide")
            shown.took_from_harbour(d)
            if d.get("ability"):
                self.flip_effect(d["seat"], d["ability"])
            self.fly(card_image(d["card"]), slot_rect(d["slot"]), self.hand_target(d["seat"]), 0.3,
                     fade=d["seat"] != self.table.me)

        self.step(0.3, take, end=lambda: (self.clear_sprites(), shown.took_into_hand(d)))

    def discarded(self, d: dict) -> None:
        shown = self.table.shown

        def discard():
            get_audio().play("card_slide")
            self.fly(card_image(d["card"]), self.hand_target(d["seat"]), DISCARD, 0.3)

        self.step(0.3, discard, end=lambda: (self.clear_sprites(), shown.discarded(d), self.set_top(d["card"])))

    def ability_used(self, d: dict, converted: bool) -> None:
        """An ability tile turned face down; Change of colors says which colour became which."""
        shown = self.table.shown

        def use():
            get_audio().play("card_flip")
            name = d.get("ability", ABILITIES[CHANGE_COLOURS])
            shown.ability_used(d["seat"], name)
            self.flip_effect(d["seat"], name)
            if converted:
                text = tr("copenhagen.ui.converted", source=tr(f"copenhagen.colour.{d['from']}"),
                          target=tr(f"copenhagen.colour.{d['to']}"))
                self.float_text(text, self.ability_anchor(d["seat"], name), theme.INK)

        self.step(0.4, use)

    def built(self, d: dict) -> None:
        """The cards paid fly to the discard pile (with the discounts said), then the tile drops in."""
        shown = self.table.shown

        def pay():
            get_audio().play("card_slide")
            k = 0
            for colour, n in d["pay"].items():
                for _ in range(n):
                    self.fly(card_image(colour), self.hand_target(d["seat"]), DISCARD, 0.3, delay=k * 0.06)
                    k += 1
            if d["contact"] or d["discount"]:
                parts = [tr("copenhagen.log.contact")] if d["contact"] else []
                parts += [tr("copenhagen.log.discount")] if d["discount"] else []
                house = self.table.house(d["seat"])
                self.float_text(" ".join(parts), (house.grid.centerx, house.grid.y - 10), theme.GOOD, size=18)

        def paid():
            self.clear_sprites()
            shown.paid(d)
            if d["pay"]:
                self.set_top(list(d["pay"])[-1])

        count = sum(d["pay"].values())
        if count or d["contact"] or d["discount"]:
            self.step(0.3 + 0.06 * max(0, count - 1), pay, end=paid)

        def drop():
            shown.built(d)
            self.drops[(d["seat"], len(shown.facades[d["seat"]]) - 1)] = 0.0

        self.step(0.38, drop, end=lambda: self.settle(d["seat"], "place"))

    def special(self, d: dict) -> None:
        shown = self.table.shown

        def special():
            shown.special(d)
            self.drops[(d["seat"], len(shown.facades[d["seat"]]) - 1)] = 0.0

        self.step(0.36, special, end=lambda: self.settle(d["seat"], "stone"))

    def scored(self, d: dict) -> None:
        shown = self.table.shown

        def score():
            get_audio().play("chime")
            shown.scored(d)
            self.effects.append(Effect("line", d["seat"], (d["line"], d["index"], d["windows"]), 1.4))
            house = self.table.house(d["seat"])
            rect = house.line_rect(d["line"], d["index"])
            key = "copenhagen.ui.points.windows" if d["windows"] else "copenhagen.ui.points"
            at = (rect.right - house.cell // 2, rect.y - 4) if d["line"] == "row" else (rect.centerx, rect.y - 6)
            self.float_text(tr(key, points=d["points"]), at, theme.ACCENT_DARK, size=24 if house.cell > 30 else 18)

        self.step(0.7, score)

    def coat(self, d: dict) -> None:
        def coat():
            get_audio().play("coin")
            key = ("row", d["row"]) if "row" in d else ("cell", tuple(d["cell"]))
            self.effects.append(Effect("coat", d["seat"], key, 1.0))

        self.step(0.55, coat)

    def coat_lost(self, d: dict) -> None:
        def lost():
            get_audio().play("click")
            house = self.table.house(d["seat"])
            self.float_text(tr("copenhagen.ui.coat_lost"), house.grid.midtop, theme.INK_SOFT, size=18)

        self.step(0.6, lost)

    def ability_gained(self, d: dict) -> None:
        shown = self.table.shown

        def gain():
            get_audio().play("chime")
            shown.ability_gained(d)
            self.flip_effect(d["seat"], d["ability"])

        self.step(0.45, gain)

    def refreshed(self, d: dict) -> None:
        shown = self.table.shown

        def refresh():
            get_audio().play("card_flip")
            shown.refreshed(d)
            for name in d["abilities"]:
                self.flip_effect(d["seat"], name)

        self.step(0.45, refresh)

    def game_over(self, d: dict) -> None:
        def over():
            if d["reason"] == "twelve":
                seat = max(range(len(d["scores"])), key=lambda s: d["scores"][s])
                self.banner = Banner(tr("copenhagen.ui.twelve.title", name=self.table.host.player_name(seat)),
                                     tr("copenhagen.ui.twelve.detail", points=d["scores"][seat]), 1.6)

        self.step(1.6 if d["reason"] == "twelve" else 0.3, over)
