"""The position every Catan game shares (``FamilyState``), what is read off it everywhere, and the
action tables the family engine hands out (shared dicts: never change an action you are given)."""

from __future__ import annotations

from functools import lru_cache

from game.core.state_copy import COPY, DICT, KEPT, LIST, SHARED, DeclaredCopy, each, each_value, optional
from game.games.catan.board import NUM_EDGES, NUM_HEXES, NUM_VERTICES, PIECE_LIMITS, PIPS
from game.games.catan.notation import counts_json

MAX_OFFERS = 2
"""Domestic offers the player on turn may start per turn (keeps negotiations and playouts short)."""
ROAD_LIMIT, SETTLEMENT_LIMIT, CITY_LIMIT = (PIECE_LIMITS[k] for k in ("road", "settlement", "city"))
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
SUM_OUTCOMES = tuple(({"type": "roll", "dice": [max(1, s - 6), s - max(1, s - 6)]}, PIPS[s] / 36)
                     for s in range(2, 13))
ALL_ROLLS = tuple({"type": "roll", "dice": [a, b]} for a, b in ROLLS)

# Legal actions are handed out from these shared tables (never mutate an action you are given):
# building fresh dicts for every call was the biggest cost of a playout.
END_TURN, TRADE, ROLL_NOW = {"type": "end_turn"}, {"type": "trade"}, {"type": "roll"}
PROPOSE, CANCEL_TRADE = {"type": "propose"}, {"type": "cancel_trade"}
PROPOSE_TO = tuple({"type": "propose", "to": seat} for seat in range(4))
ACCEPT, DECLINE, COUNTER = {"type": "accept"}, {"type": "decline"}, {"type": "counter"}
END_ROAD_BUILDING = {"type": "end_road_building"}
ROAD_ACTIONS = tuple({"type": "road", "edge": e} for e in range(NUM_EDGES))
SETTLEMENT_ACTIONS = tuple({"type": "settlement", "vertex": v} for v in range(NUM_VERTICES))
CITY_ACTIONS = tuple({"type": "city", "vertex": v} for v in range(NUM_VERTICES))
ROBBER_ACTIONS = tuple(tuple({"type": "robber", "hex": h, "victim": p} for p in range(4)) for h in range(NUM_HEXES))
ROBBER_ALONE = tuple({"type": "robber", "hex": h} for h in range(NUM_HEXES))


class FamilyState(DeclaredCopy):
    """A position. Lists are indexed by seat, card kind, vertex, edge or hex id.

    A game's state subclasses this and declares its own ``__slots__`` with how each is copied
    (``game.core.state_copy``); ``copy`` makes an object of the class actually used, so observe, determinize
    and search keep every field.
    """

    __slots__ = {
        "players": SHARED, "options": DICT, "layout": KEPT, "draft": optional(each_value(LIST)), "robber": SHARED,
        "vertex_owner": LIST, "vertex_level": LIST, "edge_owner": LIST, "hands": each(optional(LIST)),
        "hidden_cards": LIST, "bank": LIST, "pieces": each(LIST), "road_lengths": LIST, "longest_road": SHARED,
        "phase": SHARED, "current": SHARED, "first": SHARED, "turn": SHARED, "setup_index": SHARED,
        "setup_vertex": SHARED, "dice": SHARED, "rolled": SHARED, "discard": LIST, "victim": SHARED,
        "free_roads": SHARED, "free_placed": SHARED, "offers_made": SHARED, "trade": optional(COPY), "winner": SHARED,
        "rates": LIST, "known": KEPT,
    }


@lru_cache(maxsize=4096)
def discard_choices(hand: tuple, count: int, names: tuple) -> tuple:
    """Every way to discard exactly ``count`` cards from ``hand`` (as discard actions)."""
    choices = []
    last = len(hand) - 1

    def fill(r, left, picked):
        if r == last:
            if left <= hand[last]:
                choices.append(picked + [left])
            return
        for k in range(min(left, hand[r]), -1, -1):
            if left - k <= sum(hand[r + 1:]):
                fill(r + 1, left - k, picked + [k])

    fill(0, count, [])
    return tuple({"type": "discard", "cards": counts_json(c, names)} for c in choices)


def is_index(value, size: int) -> bool:
    """Whether ``value`` is a whole number from 0 to ``size`` - 1 (not a bool, which JSON keeps apart)."""
    return type(value) is int and 0 <= value < size


def cards_of(state, seat: int) -> int:
    """How many cards ``seat`` holds in hand (public even where the cards are hidden)."""
    hand = state.hands[seat]
    return state.hidden_cards[seat] if hand is None else sum(hand)


