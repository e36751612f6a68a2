"""Catan for two: base Catan (``game.games.catan.rules``) under the two-player layer
(``game.games.catan.two_player``), to 10 points, as a Ruleset (no pygame).

Exactly two seats, 0 and 1; the neutral colours are 2 and 3. Development cards and Largest Army are
base Catan's, except that a played knight card turned in for trade tokens no longer counts toward
Largest Army. The set-up is base Catan's snake (seat 0, seat 1, seat 1, seat 0), after the neutral
starting settlements; the second settlement pays its starting resources. There are no printed
starting positions for two, so the beginner island is played with the players placing their own.

Actions are base Catan's (see its module docstring) and the layer's (see its module docstring).

Position notation (``to_json``)
-------------------------------
Base Catan's notation with "format": "catan_2p/1", "players": 2 and "options" {"layout",
"numbers", "start_positions" (always false), "victory_points", "friendly_robber"}, extended by the
layer's fields ("tokens", "token_supply", "token_used", "knight_turned_in", "knights_returned",
"rolls", "first_total", "neutral_due", "neutral_return", "forced"); "buildings", "roads" and
"longest_road" name the neutral colours 2 and 3. ``observe`` masks what base Catan masks.
"""

from __future__ import annotations

from game.games.catan.rules import DEFAULT_OPTIONS, CatanRules, CatanState
from game.games.catan.two_player import TWO_PLAYER_SLOTS, TwoPlayerLayer


class CatanForTwoState(CatanState):
    """A position of Catan for two: base Catan's fields and the layer's."""

    __slots__ = TWO_PLAYER_SLOTS


class CatanForTwo(TwoPlayerLayer, CatanRules):
    game_id = "catan_2p"
    format_id = "catan_2p/1"
    title = "Catan for two"
    state_class = CatanForTwoState
    default_options = {**DEFAULT_OPTIONS, "start_positions": False}

    def _init_state(self, s) -> None:
        if s.options["start_positions"]:
            raise ValueError("Catan for two has no printed starting positions: both players place their own")
        super()._init_state(s)

    def _read_extra(self, s, data) -> None:
        if s.options["start_positions"]:
            raise ValueError("Catan for two has no printed starting positions")
        super()._read_extra(s, data)


RULES = CatanForTwo()
