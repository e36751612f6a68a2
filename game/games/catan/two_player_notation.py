"""The position notation of Catan for two: the layer's fields written and read, and the checks of its
phases (see the notation section of ``two_player``).

``TwoPlayerNotation`` is a part of ``TwoPlayerLayer`` (a mixin in its bases).
"""

from __future__ import annotations

from game.core.notation import flag, whole
from game.games.catan.two_player_data import (
    FORCED_DRAWS,
    NEUTRAL_COLOURS,
    NEUTRAL_LIMITS,
    TOKEN_TOTAL,
    opponent,
)


class TwoPlayerNotation:
    """Writing, reading and checking the layer's fields of a position."""

    def to_json(self, state) -> dict:
        data = super().to_json(state)
        forced = state.forced
        data.update({
            "tokens": list(state.tokens),
            "token_supply": state.token_supply,
            "token_used": state.token_used,
            "knight_turned_in": state.knight_turned_in,
            "knights_returned": list(state.knights_returned),
            "rolls": state.rolls,
            "first_total": state.first_total or None,
            "neutral_due": list(state.neutral_due),
            "neutral_return": state.neutral_return,
            "forced": None if forced is None else {"mode": forced[0], "draws": forced[1], "return": forced[2]},
        })
        return data

    def _read_extra(self, s, data) -> None:
        n = s.players
        s.tokens = [whole(t, "tokens", 0, TOKEN_TOTAL) for t in data["tokens"]]
        s.token_supply = whole(data["token_supply"], "token_supply", 0, TOKEN_TOTAL)
        if len(s.tokens) != n or sum(s.tokens) + s.token_supply != TOKEN_TOTAL:
            raise ValueError(f"tokens (one count per seat) and the supply hold {TOKEN_TOTAL} in all")
        s.token_used = flag(data["token_used"], "token_used")
        s.knight_turned_in = flag(data["knight_turned_in"], "knight_turned_in")
        s.knights_returned = [whole(k, "knights_returned", 0, 30) for k in data["knights_returned"]]
        if len(s.knights_returned) != n:
            raise ValueError("knights_returned has one entry per seat")
        s.rolls = whole(data["rolls"], "rolls", 0, 2)
        first = data["first_total"]
        s.first_total = 0 if first is None else whole(first, "first_total", 2, 12)
        if (s.rolls > 0) != (s.first_total > 0):
            raise ValueError("first_total is the first roll's total, once it is rolled")
        due = data["neutral_due"]
        if not isinstance(due, list) or any(piece not in self.neutral_pieces for piece in due):
            raise ValueError(f"neutral_due lists the neutral pieces owed: {' or '.join(self.neutral_pieces)}")
        s.neutral_due = list(due)
        s.neutral_return = data["neutral_return"]
        forced = data["forced"]
        if forced is None:
            s.forced = None
        else:
            if forced["mode"] not in self.forced_trade_modes:
                raise ValueError("unknown forced trade mode")
            s.forced = (forced["mode"], whole(forced["draws"], "forced draws", 0, FORCED_DRAWS), forced["return"])
        super()._read_extra(s, data)
        self._check_knights_returned(s)
        for colour in NEUTRAL_COLOURS:
            roads, settlements, cities = s.pieces[colour]
            if cities or roads > NEUTRAL_LIMITS[0] or settlements > NEUTRAL_LIMITS[1]:
                raise ValueError("a neutral colour has no cities and keeps to its piece limits")

    def _check_phase(self, s) -> None:
        super()._check_phase(s)
        phase = s.phase
        if phase == "neutral":
            if not s.neutral_due or s.neutral_return not in self.phases:
                raise ValueError("a neutral build needs the pieces owed and the phase to return to")
            if not self._neutral_actions(s):
                raise ValueError("no neutral piece owed fits on the board")
        elif (s.neutral_due or s.neutral_return is not None) and phase != "over":
            raise ValueError("neutral pieces are owed only while they are being built")
        if phase in ("forced_draw", "forced_give"):
            if s.forced is None or s.forced[2] not in ("pre_roll", "main"):
                raise ValueError("a forced trade needs its mode, its draws and the phase to return to")
            if (s.forced[1] > 0) != (phase == "forced_draw"):
                raise ValueError("cards are drawn in forced_draw and given back in forced_give")
            if phase == "forced_draw" and s.hands[opponent(s.current)] is not None \
                    and not any(self._drawable(s)):
                raise ValueError("the opponent has no card left to draw")
        elif s.forced is not None and phase != "over":
            raise ValueError("a forced trade belongs to its own phases")
        if phase == "rethrow" and s.rolls != 1:
            raise ValueError("the dice are thrown again only for the second roll")
        if phase == "pre_roll" and s.rolls or phase == "main" and s.rolls != 2:
            raise ValueError("rolls counts the rolls of this turn: none before the roll, both in the main phase")
