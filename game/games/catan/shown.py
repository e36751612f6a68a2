"""What the Catan table shows while its animations catch up with the game (no pygame).

The engine's state is already final when the table hears of an action; the table animates the events
one after another, and each step changes this picture the moment its animation starts or lands (a
settlement drops onto its corner, the robber lands on its hex, the dice settle). Once no animation is
left the island is taken afresh from the observation, so it can never drift from the game. Hands,
the bank and the cards are drawn from the observation directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.catan.board import NUM_VERTICES


@dataclass(frozen=True)
class Piece:
    """A piece on the island: its kind ("road", "settlement", "city") and the colour it belongs to (a seat,
    or a colour of no seat's, numbered after the seats). A game whose pieces carry more (a knight's
    strength) subclasses it with fields of its own."""

    kind: str
    colour: int


class ShownTable:
    """The island as drawn: the piece on each path, the pieces on each corner from the bottom up (a game
    stacks more than one there), the robber's hex; and the total of the dice as they lie (None while they
    roll; the last roll's until the next one)."""

    def __init__(self, observation):
        self.edges: list[Piece | None] = []
        self.vertices: list[tuple[Piece, ...]] = []
        self.robber: int | None = None
        self.take_board(observation)
        self.dice_total: int | None = sum(observation.dice) if observation.dice else None

    def take_board(self, observation) -> None:
        """The pieces and the robber as ``observation`` has them (the dice stay as they lie)."""
        self.edges = [Piece("road", c) if c >= 0 else None for c in observation.edge_owner]
        self.vertices = [self.corner(observation, v) for v in range(NUM_VERTICES)]
        self.robber = observation.robber

    def corner(self, observation, vertex: int) -> tuple[Piece, ...]:
        """The pieces on ``vertex`` in ``observation``, from the bottom up."""
        owner = observation.vertex_owner[vertex]
        if owner < 0:
            return ()
        return (Piece("city" if observation.vertex_level[vertex] == 2 else "settlement", owner),)

    # -- the events, as they land --------------------------------------------------------------
    def built(self, data: dict) -> None:
        """A piece built (a city takes the place of its settlement)."""
        piece = Piece(data["piece"], data["seat"])
        if piece.kind == "road":
            self.edges[data["edge"]] = piece
            return
        vertex = data["vertex"]
        stack = self.vertices[vertex]
        if piece.kind == "city":
            stack = tuple(p for p in stack if p.kind != "settlement")
        self.vertices[vertex] = stack + (piece,)

    def robber_moved(self, hex_id: int) -> None:
        self.robber = hex_id

    def dice_rolling(self) -> None:
        self.dice_total = None

    def dice_landed(self, dice) -> None:
        self.dice_total = sum(dice)
