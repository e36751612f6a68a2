"""The position every Catan game shares (``FamilyState``), what is read off it everywhere, and the
action tables the family engine hands out (shared dicts: never change an action you are given)."""

from __future__ import annotations

from functools import lru_cache

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


class FamilyState:
    """A position. Lists are indexed by seat, card kind, vertex, edge or hex id.

    A game's state subclasses this with its own ``__slots__`` and extends ``copy`` (which makes an
    object of the class actually used, so observe, determinize and search keep every field).
    """

    __slots__ = ("players", "options", "layout", "draft", "robber", "vertex_owner", "vertex_level",
                 "edge_owner", "hands", "hidden_cards", "bank", "pieces", "road_lengths", "longest_road",
                 "phase", "current", "first", "turn", "setup_index", "setup_vertex", "dice", "rolled",
                 "discard", "victim", "free_roads", "free_placed", "offers_made", "trade", "winner", "rates",
                 "known")

    def copy(self):
        s = object.__new__(type(self))
        s.players = self.players
        s.options = self.options
        s.layout = self.layout
        s.draft = None if self.draft is None else {k: list(v) for k, v in self.draft.items()}
        s.robber = self.robber
        s.vertex_owner = self.vertex_owner[:]
        s.vertex_level = self.vertex_level[:]
        s.edge_owner = self.edge_owner[:]
        s.hands = [None if h is None else h[:] for h in self.hands]
        s.hidden_cards = self.hidden_cards[:]
        s.bank = self.bank[:]
        s.pieces = [p[:] for p in self.pieces]
        s.road_lengths = self.road_lengths[:]
        s.longest_road = self.longest_road
        s.phase = self.phase
        s.current = self.current
        s.first = self.first
        s.turn = self.turn
        s.setup_index = self.setup_index
        s.setup_vertex = self.setup_vertex
        s.dice = self.dice
        s.rolled = self.rolled
        s.discard = self.discard[:]
        s.victim = self.victim
        s.free_roads = self.free_roads
        s.free_placed = self.free_placed
        s.offers_made = self.offers_made
        s.trade = None if self.trade is None else self.trade.copy()
        s.winner = self.winner
        s.rates = self.rates[:]
        s.known = self.known
        return s


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


