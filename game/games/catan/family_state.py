"""The position every Catan game shares (``FamilyState``), what is read off it everywhere, and the
action tables the family engine hands out (shared dicts: never change an action you are given)."""

from __future__ import annotations

from functools import lru_cache

from game.core.state_copy import COPY, DICT, KEPT, LIST, SHARED, DeclaredCopy, each, each_value, optional
from game.games.catan.board import NUM_EDGES, NUM_HEXES, NUM_VERTICES, PIECE_LIMITS, PIPS

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
ROBBER_ACTIONS = tuple(
    (({"type": "robber", "hex": h},),) + tuple(tuple({"type": "robber", "hex": h, "victim": p} for p in range(4)
                                                   if mask >> p & 1) for mask in range(1, 16))
    for h in range(NUM_HEXES))
"""Per hex and set of seats to rob there (bit p for seat p): the robber's moves there (0: the move alone)."""


class FamilyState(DeclaredCopy):
    """A position. Lists are indexed by seat, card kind, vertex, edge or hex id.

    A game's state subclasses this and declares its own ``__slots__`` with how each is copied
    (``game.core.state_copy``); ``copy`` makes an object of the class actually used, so observe, determinize
    and search keep every field.

    ``spots`` is None or a dict for one board, never changed (a spot found makes a new one): (seat, kind) ->
    the spots ``seat`` may build ``kind`` on (``construction.ROAD``, ``SETTLEMENT`` or ``CITY``), as a sorted
    tuple. A road brings it up to date; every other change of the board (a piece placed, upgraded, moved or
    taken away) drops it (a game that moves pieces itself calls ``Construction.board_changed``), so a turn
    finds its spots once however many times its actions are listed.
    """

    __slots__ = {
        "players": SHARED, "options": DICT, "layout": KEPT, "draft": optional(each_value(LIST)), "robber": SHARED,
        "vertex_owner": LIST, "vertex_level": LIST, "edge_owner": LIST, "hands": each(optional(LIST)),
        "hidden_cards": LIST, "bank": LIST, "pieces": each(LIST), "road_lengths": LIST, "longest_road": SHARED,
        "phase": SHARED, "current": SHARED, "first": SHARED, "turn": SHARED, "setup_index": SHARED,
        "setup_vertex": SHARED, "dice": SHARED, "rolled": SHARED, "discard": LIST, "victim": SHARED,
        "free_roads": SHARED, "free_placed": SHARED, "offers_made": SHARED, "trade": optional(COPY), "winner": SHARED,
        "rates": LIST, "known": KEPT, "spots": KEPT,
    }


def discard_choices(hand: tuple, count: int, names: tuple) -> tuple:
    """Every way to discard exactly ``count`` cards from ``hand`` (as discard actions), the most of
    the first kind first."""
    return _discard_choices(tuple([held if held < count else count for held in hand]), count, names)


@lru_cache(maxsize=4096)
def _discard_choices(hand: tuple, count: int, names: tuple) -> tuple:
    """``discard_choices`` of a hand whose kinds are held at most ``count`` times (more of a kind allow no
    other discards), so that hands which differ only there share their choices."""
    beyond = [0] * len(hand)  # cards of the kinds after each kind
    for r in range(len(hand) - 2, -1, -1):
        beyond[r] = beyond[r + 1] + hand[r + 1]
    choices = []
    if len(hand) == 1:
        choices.append({"type": "discard", "cards": {names[0]: count} if count else {}})
    else:
        _add_discards(choices, hand, beyond, names, 0, count, {})
    return tuple(choices)


def _add_discards(choices: list, hand: tuple, beyond: list, names: tuple, r: int, left: int, picked: dict) -> None:
    """Add to ``choices`` the discards of ``left`` more cards from the kinds from ``r`` on, after the cards
    ``picked`` (a plain function rather than a nested one, which would leave a reference cycle per call). The
    kind before the last is looped over here: what it leaves goes to the last kind, each discard a copy of
    ``picked`` with the two added."""
    name = names[r]
    last = len(hand) - 1
    held = hand[r]
    fewest = left - beyond[r]  # what the later kinds cannot take
    ks = range(left if left < held else held, (fewest if fewest > 0 else 0) - 1, -1)
    if r + 1 < last:
        for k in ks:
            if k:
                chosen = picked.copy()
                chosen[name] = k
                _add_discards(choices, hand, beyond, names, r + 1, left - k, chosen)
            else:
                _add_discards(choices, hand, beyond, names, r + 1, left, picked)
        return
    last_name = names[last]
    for k in ks:
        cards = picked.copy()
        if k:
            cards[name] = k
        if left - k:
            cards[last_name] = left - k
        choices.append({"type": "discard", "cards": cards})


def is_index(value, size: int) -> bool:
    """Whether ``value`` is a whole number from 0 to ``size`` - 1 (not a bool, which JSON keeps apart)."""
    return type(value) is int and 0 <= value < size


def cards_of(state, seat: int) -> int:
    """How many cards ``seat`` holds in hand (public even where the cards are hidden)."""
    hand = state.hands[seat]
    return state.hidden_cards[seat] if hand is None else sum(hand)


