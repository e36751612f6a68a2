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
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.cannonades import card_art
from game.games.cannonades.layout import HAND_CARD, MY_HAND, MY_PLATE
from game.games.cannonades.rules import CODE_INDEX, MAX_SHIPS, UNKNOWN, CannonadesState
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.cards import FloatingText
from game.ui.fonts import render_text
from game.ui.tween import Smooth, Timeline, ease_in_out

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


class Steps:
    """A timeline of steps, each with something to do when it starts, as it runs and when it ends.

    The end runs exactly once, even when the animations are skipped.
    """

    def __init__(self):
        self.timeline = Timeline()

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def add(self, duration: float, start: Callable | None = None, progress: Callable | None = None,
            end: Callable | None = None) -> None:
        ended = [False]

        def on_update(t: float) -> None:
            if progress:
                progress(t)
            if t >= 1.0 and not ended[0]:
                ended[0] = True
                if end:
                    end()

        self.timeline.add(duration, start, on_update)

    def update(self, dt: float) -> None:
        self.timeline.update(dt)

    def finish(self) -> None:
        self.timeline.finish()


def card_kind(code) -> int:
    """The kind of a card code in an event (UNKNOWN for one the viewer may not see)."""
    return CODE_INDEX.get(code, UNKNOWN) if isinstance(code, str) else UNKNOWN


class EventAnimation:
    """The events half of the table view (mixed into ``CannonadesTable``): each event becomes steps."""

    def on_entry(self, entry, events) -> None:
        snapshot = Shown.of(self.observation())
        for event in events:
            self.queue(event)
        self.steps.add(0.0, end=lambda: self.finish_entry(snapshot))
        if entry.seat != CHANCE:
            self.hint = None

    def finish_entry(self, snapshot: Shown) -> None:
        self.shown.adopt(snapshot)
        self.flights.clear()
        self.blast = None
        if self.selected and self.selected[0] == "hand" and self.selected[1] not in self.shown.hands[self.me]:
            self.selected, self.mode = None, None
        if self.selected and self.selected[0] == "ship" and self.selected[1] >= len(self.shown.ships[self.me]):
            self.selected, self.mode = None, None

    def ship_centre(self, seat: int, slot: int) -> tuple[int, int]:
        layout = self.layouts()[seat]
        return layout.slots[min(slot, MAX_SHIPS - 1)].center

    def hand_point(self, seat: int, kind: int = UNKNOWN) -> tuple[int, int]:
        """Where a card leaves or joins a hand: the card itself in the bottom fan, else the hand's middle."""
        if seat == self.me:
            cards = self.my_hand()
            slots = self.hand_slots()
            if kind in cards and slots:
                return tuple(map(round, slots[cards.index(kind)].centre))
            return MY_HAND.centerx, MY_HAND.y + HAND_CARD[1] // 2
        return self.layouts()[seat].hand_anchor()

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

        self.steps.add(duration, start, progress, end)

    def float_text(self, text: str, pos, colour=theme.PAPER, size: int = 26) -> None:
        image = render_text(text, size, colour, bold=True)
        outline = pygame.Surface((image.get_width() + 16, image.get_height() + 8), pygame.SRCALPHA)
        pygame.draw.rect(outline, (30, 20, 14, 190), outline.get_rect(), border_radius=10)
        outline.blit(image, (8, 4))
        self.floaters.append(FloatingText(outline, pos, rise=36, duration=1.3))

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where a player's floating words rise from: over their ships."""
        layout = self.layouts()[seat]
        if layout.mine:
            return MY_PLATE.centerx, MY_PLATE.y + 40
        return layout.box.centerx, layout.slots[0].centery

    def queue(self, event) -> None:
        """Turn one event into animation steps."""
        data = event.data
        kind = event.kind
        shown = self.shown
        centre = self.centre()
        audio = get_audio()
        seat = data.get("seat")
        if kind == "deal":
            card = card_kind(data.get("card"))
            setup = data.get("reason") == "setup"

            def leave():
                shown.pile = max(0, shown.pile - 1)

            self.fly(0.08 if setup else 0.22, self.flying_image(card), centre.pile.center,
                     lambda: self.hand_point(seat), leave, lambda: shown.hands[seat].append(card),
                     None if setup else "card_slide", arc=20)
        elif kind == "mulligan":
            cards = [card_kind(c) for c in data["cards"]]
            self.fly(0.4, self.flying_image(cards[-1]), self.hand_point(seat), centre.discard.center,
                     lambda: shown.hands[seat].clear(), lambda: shown.discard.extend(cards), "card_slide")
            self.steps.add(0.01, lambda: self.float_text(tr("cannonades.ui.fx.mulligan"), self.seat_point(seat)))
        elif kind == "turn":
            def begin():
                shown.current = seat
                shown.actions_left = 4
                shown.turn_number = data.get("turn", shown.turn_number)
                shown.first_turn = data.get("first", False)
                shown.phase = "actions"
                self.last_play = None
                if seat == self.viewer and self.controller.is_human(seat):
                    audio.play("chime")
                    fleet = self.layouts()[self.me].slots
                    self.float_text(tr("cannonades.ui.fx.your_turn"), (fleet[1].right + 6, fleet[0].centery),
                                    theme.HIGHLIGHT, 30)

            self.steps.add(0.3, begin)
        elif kind == "add":
            card = card_kind(data.get("card"))
            slot = data["slot"]
            source = self.hand_point(seat, card)

            def leave():
                gone = card
                if gone == UNKNOWN:  # strict memory: the event does not name it, the hand shows which card left
                    gone = next(iter(Counter(shown.hands[seat]) - Counter(self.observation().hands[seat])), UNKNOWN)
                shown.take_from_hand(seat, gone)
                shown.actions_left -= 1

            self.fly(0.32, self.flying_image(UNKNOWN), source, lambda: self.ship_centre(seat, slot), leave,
                     lambda: (shown.ships[seat].append(ShipView(card, False)), audio.play("place")), "card_slide")
        elif kind in ("shoot", "board"):
            self.queue_attack(kind, data)
        elif kind == "flip":
            self.queue_flip(data)
        elif kind == "sink":
            self.queue_sink(data)
        elif kind == "survive":
            target, slot = data["seat"], data["slot"]

            def shake(t):
                if slot < len(shown.ships[target]):
                    shown.ships[target][slot].shake = 1 - t

            def begin():
                audio.play("splash")
                if self.last_play:
                    self.last_play.outcome = "afloat"
                self.float_text(tr("cannonades.ui.fx.afloat"), self.ship_centre(target, slot), theme.PAPER)

            self.steps.add(0.36, begin, shake)
        elif kind == "discard":
            self.queue_discard(data)
        elif kind == "grin":
            def grin():
                audio.play("chime")
                self.float_text(tr("cannonades.ui.fx.grin"), self.seat_point(seat), theme.HIGHLIGHT, 28)

            self.steps.add(0.5, grin)
        elif kind == "vendetta":
            self.steps.add(0.35, lambda: self.float_text(
                tr("cannonades.ui.fx.vendetta", name=self.host.player_name(data["against"])), self.seat_point(seat),
                theme.ACCENT_LIGHT))
        elif kind == "react":
            option = data.get("option")
            self.steps.add(0.3, lambda: (audio.play("click"), self.float_text(
                tr(f"cannonades.ui.fx.react.{option}"), self.seat_point(seat), theme.PAPER)))
        elif kind == "eliminated":
            def fade(t):
                if seat < len(shown.out_fade):
                    shown.out_fade[seat] = t

            def begin():
                audio.play("sink")
                self.float_text(tr("cannonades.ui.fx.out"), self.seat_point(seat), theme.BAD, 30)

            def gone():
                shown.alive[seat] = False
                shown.eliminated.append(seat)

            self.steps.add(0.7, begin, fade, gone)
        elif kind == "take":
            card = card_kind(data.get("card"))
            source = data["from"]
            self.fly(0.4, self.flying_image(card), self.hand_point(source), lambda: self.hand_point(seat),
                     lambda: shown.take_from_hand(source, card), lambda: shown.hands[seat].append(card), "card_slide")
        elif kind == "standoff":
            def begin():
                audio.play("cannon")
                audio.play("chime")
                shown.standoff = True
                shown.trigger = seat
                detail = tr("cannonades.ui.standoff.detail", name=self.host.player_name(seat))
                self.banner = (tr("cannonades.ui.standoff.banner"), detail, time.perf_counter())

            self.steps.add(2.2, begin, end=lambda: setattr(self, "banner", None))
        elif kind == "pick":
            card = card_kind(data.get("card"))
            index = data.get("index", -1)

            def leave():
                if 0 <= index < len(shown.discard) and shown.discard[index] == card:
                    shown.discard.pop(index)
                elif card in shown.discard:
                    shown.discard.remove(card)

            self.fly(0.4, self.flying_image(card), centre.discard.center, lambda: self.hand_point(seat), leave,
                     lambda: shown.hands[seat].append(card), "card_slide")
        elif kind == "start":
            self.steps.add(0.4, lambda: (audio.play("coin"), self.float_text(tr("cannonades.ui.fx.start"),
                                                                             self.seat_point(seat), theme.HIGHLIGHT)))

    def queue_attack(self, kind: str, data: dict) -> None:
        shown = self.shown
        seat, target, slot = data["seat"], data["target"], data["slot"]
        card = card_kind(data["card"])
        centre = self.centre()
        boarding = kind == "board"
        if boarding:
            source = self.ship_centre(seat, data["ship"])
            pitch = self.layouts()[seat].pitch

            def leave():
                shown.remove_ship(seat, data["ship"], pitch)
                shown.actions_left -= 1
        else:
            source = self.hand_point(seat, card)

            def leave():
                shown.take_from_hand(seat, card)
                shown.actions_left -= 1

        def arrive():
            self.last_play = LastPlay(card, seat, target, boarding)

        self.fly(0.32, self.flying_image(card), source, centre.played.center, leave, arrive, "card_slide", arc=40)

        def fire():
            get_audio().play("capture" if boarding else "cannon")
            self.blast = [centre.played.center, self.ship_centre(target, slot), 0.0]

        def travel(t):
            if self.blast:
                self.blast[2] = t

        self.steps.add(0.3, fire, travel, lambda: setattr(self, "blast", None))

    def queue_flip(self, data: dict) -> None:
        shown = self.shown
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

        self.steps.add(0.1 if final else 0.34, begin, turn, done)

    def queue_sink(self, data: dict) -> None:
        shown = self.shown
        seat, slot = data["seat"], data["slot"]
        card = card_kind(data.get("card"))
        pitch = self.layouts()[seat].pitch

        def begin():
            get_audio().play("sink")
            if self.last_play:
                self.last_play.outcome = "sunk"
            self.float_text(tr("cannonades.ui.fx.sunk"), self.ship_centre(seat, slot), theme.BAD, 30)

        def down(t):
            if slot < len(shown.ships[seat]):
                shown.ships[seat][slot].sink = t

        def gone():
            get_audio().play("splash")
            shown.remove_ship(seat, slot, pitch)
            shown.discard.append(card)

        self.steps.add(0.6, begin, down, gone)

    def queue_discard(self, data: dict) -> None:
        shown = self.shown
        seat = data["seat"]
        cards = [card_kind(c) for c in data.get("cards", [])]
        if not cards:
            return
        centre = self.centre()
        reason = data.get("reason")
        if reason == "played":
            def leave():
                if self.last_play:
                    self.last_play.resolved = True

            self.fly(0.26, self.flying_image(cards[0]), centre.played.center, centre.discard.center, leave,
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

    def on_reset(self) -> None:
        super().on_reset()
        self.steps.finish()
        self.floaters.clear()
        self.banner = None
        self.dialog = None
        self.dialog_key = None
        self.picker = None
        self.mode = None
        self.selected = None
        self.sync()

    def skip_animations(self) -> None:
        self.steps.finish()
        self.banner = None
        self.floaters.clear()
        self.flights.clear()
        self.blast = None

    def busy(self) -> bool:
        return self.steps.busy

    def show_hint(self, action) -> None:
        self.hint = (action, time.perf_counter())
        kind = action["type"]
        if kind in ("add", "draw", "shoot"):
            self.selected = ("hand", card_kind(action["card"]))
            self.mode = "shoot" if kind == "shoot" else None
        elif kind == "board":
            self.selected = ("ship", action["ship"])
            self.mode = "board"
        elif kind == "react" and self.dialog is not None:
            for button in self.dialog.buttons:
                button.selected = button.label() == tr(f"cannonades.ui.react.{action['option']}",
                                                       name=self.host.player_name(self.state().reactions[0][1]))
        self.preselect_hint()

    def update(self, dt: float) -> None:
        self.time += dt
        self.steps.update(dt)
        for fleet in self.shown.ships:
            for ship in fleet:
                ship.slide.update(dt)
        for floater in self.floaters:
            floater.update(dt)
        self.floaters = [f for f in self.floaters if not f.done]
        for button in self.buttons:
            button.update(dt)
        self.back_button.update(dt)
        if self.dialog is not None:
            self.dialog.update(dt)
        if self.hint and time.perf_counter() - self.hint[1] > 8:
            self.hint = None
        if self.mode == "reveal" and (not self.host.can_act() or self.state().phase != "reaction"):
            self.mode = None
        self.open_prompt()

