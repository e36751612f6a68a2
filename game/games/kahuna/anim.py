"""What the Kahuna table shows of the pieces, and how it follows the game's events.

``ShownPieces`` are the bridges and stones as drawn. The engine's state is final when the table hears
of an action; the events then play in order so a capture cascade reads as one chain: the bridge is
laid, the stone set, each swept bridge falls, each lost stone lifts. A round's scoring is a moment of
its own: the stones are counted side by side, then the points go to the player with more.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.i18n import tr
from game.games.kahuna.board import ISLAND_INDEX, LINE_INDEX
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.table import EventAnimation


class Piece:
    """A bridge or stone as shown: it may be arriving (grow in) or leaving (fall away)."""

    def __init__(self, seat: int, appear: float = 1.0):
        self.seat = seat
        self.appear = appear  # 0..1 growing in; leaving pieces run from 1 to 0


class ShownPieces:
    """The bridges (by line) and stones (by island) on the board as drawn."""

    def __init__(self, state):
        self.bridges = {line: Piece(owner) for line, owner in enumerate(state.bridges) if owner >= 0}
        self.stones = {island: Piece(owner) for island, owner in enumerate(state.stones) if owner >= 0}


@dataclass
class Scoring:
    """A round's scoring as shown: the stones counted (``count`` runs 0..1), then the points awarded."""

    round: int
    stones: tuple[int, int]
    points: tuple[int, int]
    count: float = 0.0
    awarded: bool = False

    def counted(self, seat: int) -> int:
        """How many of ``seat``'s stones have been counted so far."""
        return min(self.stones[seat], int(self.stones[seat] * self.count + 0.999))


class KahunaAnimation(EventAnimation):
    """Each event of a Kahuna game as timed steps on the table's ``shown`` pieces."""

    def __init__(self, table):
        super().__init__()
        self.table = table
        self.scoring: Scoring | None = None
        self.handlers = {
            "bridge_built": self.bridge_built,
            "stone_placed": self.stone_placed,
            "bridge_removed": self.bridge_removed,
            "stone_lost": self.stone_lost,
            "card_played": self.card_moved,
            "card_discarded": self.card_moved,
            "card_drawn": self.card_moved,
            "pile_draw": self.card_moved,
            "card_dealt": self.card_moved,
            "round_scored": self.round_scored,
            "round_started": self.round_started,
        }

    def clear(self) -> None:
        self.scoring = None

    def bridge_built(self, data: dict) -> None:
        line = LINE_INDEX[data["line"]]
        piece = Piece(data["seat"], 0.0)

        def lay():
            self.table.shown.bridges[line] = piece
            get_audio().play("bridge")

        self.step(0.35, lay, lambda t: setattr(piece, "appear", t))

    def stone_placed(self, data: dict) -> None:
        island = ISLAND_INDEX[data["island"]]
        piece = Piece(data["seat"], 0.0)

        def place():
            self.table.shown.stones[island] = piece
            get_audio().play("capture")

        self.step(0.45, place, lambda t: setattr(piece, "appear", t))

    def bridge_removed(self, data: dict) -> None:
        self.take_away(lambda: self.table.shown.bridges, LINE_INDEX[data["line"]], 0.32, "remove")

    def stone_lost(self, data: dict) -> None:
        self.take_away(lambda: self.table.shown.stones, ISLAND_INDEX[data["island"]], 0.38, "stone")

    def take_away(self, pieces, key: int, duration: float, sound: str) -> None:
        """A piece leaves the board: it fades away, then is gone (``pieces()`` are the shown ones of its kind)."""

        def fade(t):
            shown = pieces()
            piece = shown.get(key)
            if piece:
                piece.appear = 1 - t
                if t >= 1:
                    del shown[key]

        self.step(duration, lambda: get_audio().play(sound), fade)

    def card_moved(self, data: dict) -> None:
        self.step(0.12, lambda: get_audio().play("card_slide"))

    def round_scored(self, data: dict) -> None:
        """The scoring moment: each player's stones are counted side by side, then the points are given."""
        scoring = Scoring(data["round"], tuple(data["stones"]), tuple(data["points"]))

        def begin():
            self.scoring = scoring
            get_audio().play("chime")

        def count(t):
            scoring.count = t

        def award():
            scoring.awarded = True
            for seat in (0, 1):
                if scoring.points[seat]:
                    get_audio().play("coin")
                    self.float_text(tr("kahuna.ui.scoring.plus", n=scoring.points[seat]),
                                    self.table.drawing.seat_point(seat), theme.HIGHLIGHT, 30, (30, 24, 18, 200))

        self.step(1.6, begin, count)
        self.step(1.4, award)
        self.step(0.01, self.clear)

    def round_started(self, data: dict) -> None:
        self.step(0.2, lambda: get_audio().play("card_flip"))
