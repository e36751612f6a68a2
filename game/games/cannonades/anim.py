"""What the Cannonades table shows, and how it follows the game's events one after another.

``Shown`` is the table as drawn: the ships in every area, the hands, the piles, whose turn. It is
built from the viewer's observation and, while events play, changed step by step so the eye can
follow: a card flies from the pile to a hand, a cannonade to the played spot, the target flips,
sinks or shakes, the played card goes to the discard. After each action's events the table takes
the observation of that moment again, so what is drawn always ends where the game is.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.games.cannonades.rules import CODE_INDEX, UNKNOWN, CannonadesState
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
