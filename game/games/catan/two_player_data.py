"""The constants of Catan for two (``two_player``): the neutral colours and their starting corners, the
trade tokens and what they earn and cost, the forced trade, the layer's state slots and its shared action
dicts (read them, never change them)."""

from __future__ import annotations

from game.core.state_copy import LIST, SHARED
from game.games.catan.board import HEX_ID, NUM_EDGES, NUM_VERTICES, VERTEX_HEXES
from game.resources import load_data

_DATA = load_data("catan_ck.json")
_TWO = _DATA["two_player"]
_TOKENS = _TWO["trade_tokens"]

NEUTRAL_COLOURS = (2, 3)
"""The neutral colours' numbers on the board, after the two seats."""
NEUTRAL_LIMITS = (_DATA["pieces"]["neutral"]["roads"], _DATA["pieces"]["neutral"]["settlements"])


def _corner_of(hexes) -> int:
    """The corner shared by exactly these three hexes (axial coordinates)."""
    ids = {HEX_ID[tuple(coord)] for coord in hexes}
    return next(v for v in range(NUM_VERTICES) if set(VERTEX_HEXES[v]) == ids)


NEUTRAL_STARTS = tuple(_corner_of(hexes) for hexes in _TWO["neutral_start_settlements"]
                       ["axial_pointy_top_rows_r_minus2_to_2"])
"""Each neutral colour's starting settlement (A01)."""
TOKEN_TOTAL = _TOKENS["total"]
TOKEN_START = _TOKENS["start_each"]
SETTLEMENT_TOKENS = {
    (True, False): ("desert", _TOKENS["earn"]["settlement_adjacent_desert"]),
    (False, True): ("coast", _TOKENS["earn"]["settlement_coastal"]),
    (True, True): ("desert_coast", _TOKENS["earn"]["settlement_desert_and_coastal"]),
}
"""(next to the desert, on the coast) -> the reason and the tokens a settlement there earns."""
KNIGHT_CARD_TOKENS = 2
"""Tokens for a played knight card turned in (the base game's way of earning besides settlements)."""
COST_LEVEL = _TOKENS["action_cost"]["if_own_vp_le_opponent_vp"]
COST_AHEAD = _TOKENS["action_cost"]["if_own_vp_gt_opponent_vp"]
FORCED_PRICE = {"resources": 1, "whole_hand": _TOKENS["action_cost"]["forced_trade_with_commodities_multiplier"]}
"""A forced trade's price as a multiple of the token cost, per declared mode."""
ROAD_BUILDING_NEUTRALS = ("road", "road")
"""What a Road Building card owes the neutral colours, split between them as the player likes."""
FORCED_DRAWS = 2
FORCED_GIVES = 2
LARGEST_ARMY_MINIMUM = 3

TWO_PLAYER_SLOTS = {
    "tokens": LIST, "token_supply": SHARED, "token_used": SHARED, "knight_turned_in": SHARED,
    "knights_returned": LIST, "rolls": SHARED, "first_total": SHARED, "neutral_due": LIST, "neutral_return": SHARED,
    "forced": SHARED,
}
"""The layer's fields of a position and how a copy gets each, declared by the game's state class."""

NEUTRAL_ROADS = {c: tuple({"type": "road", "colour": c, "edge": e} for e in range(NUM_EDGES)) for c in NEUTRAL_COLOURS}
NEUTRAL_SETTLEMENTS = {c: tuple({"type": "settlement", "colour": c, "vertex": v} for v in range(NUM_VERTICES))
                       for c in NEUTRAL_COLOURS}
FORCED_TRADES = {mode: {"type": "forced_trade", "mode": mode} for mode in FORCED_PRICE}
ROBBER_TO_DESERT = {"type": "robber_to_desert"}
TURN_IN_KNIGHT = {"type": "turn_in_knight"}


def opponent(seat: int) -> int:
    return 1 - seat
