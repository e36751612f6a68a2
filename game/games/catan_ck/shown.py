"""What the Cities & Knights table shows while its animations catch up (no pygame): base Catan's picture
with the expansion's pieces stacked on the corners (a wall under its city, a metropolis over it, a
knight alone on its corner), the barbarian ship's place on its track, the event die's face and the
merchant's hex.

Knight events change only the corners they name, each taken from the observation as it lands, so a
chain (a knight moved, the one it displaced retreating) reads in order; once nothing moves the whole
island is taken afresh, as in base Catan.
"""

from __future__ import annotations

from game.games.catan.shown import Piece, ShownTable
from game.games.catan_ck.cards import TRACKS
from game.games.catan_ck.pieces import KnightPiece, MetropolisPiece


class CKShownTable(ShownTable):
    """Base Catan's picture and the ship (``barbarians``), the event die (``event``), the merchant."""

    def __init__(self, observation):
        self.barbarians = observation.barbarians
        self.event: str | None = observation.event
        self.merchant: tuple[int, int] | None = None
        super().__init__(observation)

    def take_board(self, observation) -> None:
        super().take_board(observation)
        self.barbarians = observation.barbarians
        hex_id = observation.merchant_hex
        self.merchant = (hex_id, observation.merchant_owner) if hex_id >= 0 else None

    def corner(self, observation, vertex: int) -> tuple[Piece, ...]:
        owner = observation.knight_owner[vertex]
        if owner >= 0:
            strength, active = observation.knight_strength[vertex], observation.knight_active[vertex]
            return (KnightPiece("knight", owner, strength, active),)
        stack = super().corner(observation, vertex)
        if not stack:
            return stack
        seat = observation.vertex_owner[vertex]
        if observation.toppled[vertex]:
            stack = (Piece("settlement", seat),)
        if observation.walls[vertex]:
            stack = (Piece("wall", seat),) + stack
        if vertex in observation.metropolis:
            stack += (MetropolisPiece("metropolis", seat, TRACKS[observation.metropolis.index(vertex)]),)
        return stack

    def refresh(self, observation, vertices) -> None:
        """The corners ``vertices`` as ``observation`` has them."""
        for v in vertices:
            self.vertices[v] = self.corner(observation, v)

    def built(self, data: dict) -> None:
        """A wall goes under its city; anything else as in base Catan (a city keeps its wall)."""
        if data["piece"] == "wall":
            vertex = data["vertex"]
            self.vertices[vertex] = (Piece("wall", data["seat"]),) + tuple(
                p for p in self.vertices[vertex] if p.kind != "wall")
            return
        super().built(data)

    def emptied(self, vertex: int) -> None:
        self.vertices[vertex] = ()

    def knights_rest(self) -> None:
        """After an attack every knight is inactive."""
        self.vertices = [tuple(KnightPiece(p.kind, p.colour, p.strength, False) if isinstance(p, KnightPiece) else p
                               for p in stack) for stack in self.vertices]
