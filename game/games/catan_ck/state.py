"""A Cities & Knights position (``CKState``) and what is read off it everywhere: progress cards in hand,
walls, the knights' strength against the barbarians, the decks, the ends of a colour's roads."""

from __future__ import annotations

from itertools import compress

from game.core.state_copy import DICT, LIST, SHARED, each, optional, tuple_of
from game.games.catan.board import EDGE_VERTICES, NUM_VERTICES, RESOURCES, VERTEX_HEXES
from game.games.catan.building import places_of
from game.games.catan.family_state import FamilyState
from game.games.catan_ck.cards import CARDS, KINDS

NUM_CARDS = len(CARDS)
COMMODITY_KINDS = tuple(range(len(RESOURCES), len(KINDS)))
RESOURCE_KINDS = tuple(range(len(RESOURCES)))
DONE = {"type": "done"}


class CKState(FamilyState):
    """A Cities & Knights position: the family's fields and the expansion's (see the notation)."""

    __slots__ = {
        "knight_owner": LIST, "knight_strength": LIST, "knight_active": LIST, "knight_activated": LIST,
        "knight_promoted": LIST, "knight_pieces": each(LIST), "occupant": LIST, "walls": LIST, "toppled": LIST,
        "improvements": each(LIST), "metropolis": LIST, "barbarians": SHARED, "attacks": SHARED, "defenders": LIST,
        "progress": each(optional(LIST)), "hidden_progress": LIST, "victory_cards": each(LIST),
        "unseen": optional(LIST), "unseen_count": LIST, "under": each(each(LIST)), "merchant_hex": SHARED,
        "merchant_owner": SHARED, "event": SHARED, "alchemy": SHARED, "fleet": LIST, "cranes": SHARED, "giving": LIST,
        "harbour_offered": SHARED, "step": optional(DICT), "queue": each(tuple_of(SHARED, DICT)),
    }


NO_CORNERS = [False] * NUM_VERTICES
"""A flag per corner set on none, to compare a position's flags with (a list equal to another item by item,
the same objects, is found equal quickly, where a search for one True among the Falses compares each) and
to copy into one to clear it."""


def progress_in_hand(state, seat: int) -> int:
    """Progress cards ``seat`` holds (victory point cards lie open and are not in the hand)."""
    hand = state.progress[seat]
    return state.hidden_progress[seat] if hand is None else sum(hand)


CORNERS = range(NUM_VERTICES)


def flagged_of(state, flags, seat: int) -> int:
    """How many of ``seat``'s buildings stand on a corner ``flags`` marks (walls, toppled cities): only the
    marked corners are looked at, and none when no corner is marked."""
    if flags == NO_CORNERS:
        return 0
    owner = state.vertex_owner
    return [owner[v] for v in compress(CORNERS, flags)].count(seat)


def walls_of(state, seat: int) -> int:
    return flagged_of(state, state.walls, seat)


def toppled_of(state, seat: int) -> int:
    """``seat``'s cities laid on their side (A34)."""
    return flagged_of(state, state.toppled, seat)


def active_strength(state, seat: int) -> int:
    """The strength ``seat``'s active knights bring against the barbarians."""
    owner, strength, active = state.knight_owner, state.knight_strength, state.knight_active
    return sum(strength[v] for v in range(NUM_VERTICES) if owner[v] == seat and active[v])


def deck_size(state, track: int) -> int:
    return state.unseen_count[track] + len(state.under[track])


def building_hexes(vertex_owner, seat: int) -> list[int]:
    """Hexes next to one of ``seat``'s buildings, in order."""
    return sorted({h for v in places_of(vertex_owner, seat) for h in VERTEX_HEXES[v]})


def road_ends(edge_owner, seat: int) -> set:
    """Corners at an end of one of ``seat``'s roads."""
    ends = set()
    for e in places_of(edge_owner, seat):
        ends.update(EDGE_VERTICES[e])
    return ends


