"""A Cities & Knights position (``CKState``) and what is read off it everywhere: progress cards in hand,
walls, the knights' strength against the barbarians, the decks, the ends of a colour's roads."""

from __future__ import annotations

from game.games.catan.board import EDGE_VERTICES, NUM_EDGES, NUM_VERTICES, RESOURCES
from game.games.catan.family_state import FamilyState
from game.games.catan_ck.cards import CARDS, KINDS

NUM_CARDS = len(CARDS)
COMMODITY_KINDS = tuple(range(len(RESOURCES), len(KINDS)))
RESOURCE_KINDS = tuple(range(len(RESOURCES)))
DONE = {"type": "done"}


class CKState(FamilyState):
    """A Cities & Knights position: the family's fields and the expansion's (see the notation)."""

    __slots__ = ("knight_owner", "knight_strength", "knight_active", "knight_activated", "knight_promoted",
                 "knight_pieces", "occupant", "walls", "toppled", "improvements", "metropolis", "barbarians",
                 "attacks", "defenders", "progress", "hidden_progress", "victory_cards", "unseen", "unseen_count",
                 "under", "merchant_hex", "merchant_owner", "event", "alchemy", "fleet", "cranes", "giving",
                 "harbour_offered", "step", "queue")

    def copy(self):
        s = super().copy()
        s.knight_owner = self.knight_owner[:]
        s.knight_strength = self.knight_strength[:]
        s.knight_active = self.knight_active[:]
        s.knight_activated = self.knight_activated[:]
        s.knight_promoted = self.knight_promoted[:]
        s.knight_pieces = [k[:] for k in self.knight_pieces]
        s.occupant = self.occupant[:]
        s.walls = self.walls[:]
        s.toppled = self.toppled[:]
        s.improvements = [i[:] for i in self.improvements]
        s.metropolis = self.metropolis[:]
        s.barbarians = self.barbarians
        s.attacks = self.attacks
        s.defenders = self.defenders[:]
        s.progress = [None if p is None else p[:] for p in self.progress]
        s.hidden_progress = self.hidden_progress[:]
        s.victory_cards = [v[:] for v in self.victory_cards]
        s.unseen = None if self.unseen is None else self.unseen[:]
        s.unseen_count = self.unseen_count[:]
        s.under = [[entry[:] for entry in deck] for deck in self.under]
        s.merchant_hex = self.merchant_hex
        s.merchant_owner = self.merchant_owner
        s.event = self.event
        s.alchemy = self.alchemy
        s.fleet = self.fleet[:]
        s.cranes = self.cranes
        s.giving = self.giving[:]
        s.harbour_offered = self.harbour_offered
        s.step = None if self.step is None else dict(self.step)
        s.queue = [(phase, dict(data)) for phase, data in self.queue]
        return s


def progress_in_hand(state, seat: int) -> int:
    """Progress cards ``seat`` holds (victory point cards lie open and are not in the hand)."""
    hand = state.progress[seat]
    return state.hidden_progress[seat] if hand is None else sum(hand)


def walls_of(state, seat: int) -> int:
    owner = state.vertex_owner
    return sum(1 for v in range(NUM_VERTICES) if state.walls[v] and owner[v] == seat)


def active_strength(state, seat: int) -> int:
    """The strength ``seat``'s active knights bring against the barbarians."""
    owner, strength, active = state.knight_owner, state.knight_strength, state.knight_active
    return sum(strength[v] for v in range(NUM_VERTICES) if owner[v] == seat and active[v])


def deck_size(state, track: int) -> int:
    return state.unseen_count[track] + len(state.under[track])


def road_ends(edge_owner, seat: int) -> set:
    """Corners at an end of one of ``seat``'s roads."""
    ends = set()
    for e in range(NUM_EDGES):
        if edge_owner[e] == seat:
            ends.update(EDGE_VERTICES[e])
    return ends


