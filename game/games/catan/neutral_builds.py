"""The neutral colours of Catan for two: every real road is followed by one neutral road and every real
settlement by one neutral settlement (a neutral road when no neutral settlement fits: A18), a Road
Building card by two neutral roads (A19), placed by the player on turn for either colour by that
colour's own rules.

``NeutralBuilds`` is a part of ``TwoPlayerLayer`` (a mixin in its bases; see ``two_player``).
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction
from game.games.catan.two_player_data import (
    NEUTRAL_COLOURS,
    NEUTRAL_LIMITS,
    NEUTRAL_ROADS,
    NEUTRAL_SETTLEMENTS,
    ROAD_BUILDING_NEUTRALS,
)


class NeutralBuilds:
    """The neutral pieces a real build owes, and placing them (see the module docstring)."""

    handlers = {
        ("neutral", "road"): "_do_neutral_road",
        ("neutral", "settlement"): "_do_neutral_settlement",
    }
    actions_by_phase = {"neutral": "_neutral_actions"}

    def _do_build_road(self, state, action):
        free = state.phase == "road_building"
        events = super()._do_build_road(state, action)
        if not free:
            return events + self._owe_neutral(state, "road")
        if state.phase != "road_building":  # the card's last free road
            return events + self._owe_neutral(state, *ROAD_BUILDING_NEUTRALS)
        return events

    def _do_end_road_building(self, state, action):
        events = super()._do_end_road_building(state, action)
        return events + self._owe_neutral(state, *ROAD_BUILDING_NEUTRALS)

    def _do_build_settlement(self, state, action):
        events = super()._do_build_settlement(state, action)
        v = action["vertex"]
        events += self._settlement_tokens(state, state.current, v)
        return events + self._owe_neutral(state, "settlement")

    def _owe_neutral(self, state, *pieces: str) -> list:
        """A real build owes neutral ``pieces``: the player on turn places them before going on."""
        if not state.neutral_due:
            state.neutral_return = state.phase
        state.neutral_due += pieces
        return self._next_neutral(state)

    def _next_neutral(self, state) -> list:
        """Ask for the next neutral piece owed that fits somewhere; the others are not built."""
        events = []
        while state.neutral_due:
            if self._neutral_actions(state):
                state.phase = "neutral"
                return events
            events.append(Event("neutral_skipped", {"seat": state.current, "piece": state.neutral_due.pop(0)}))
        state.phase = state.neutral_return
        state.neutral_return = None
        return events

    def _neutral_actions(self, state) -> list:
        piece = state.neutral_due[0]
        return self._neutral_placements(state, piece) or self._neutral_placements(
            state, self.neutral_fallback.get(piece))

    def _neutral_placements(self, state, piece) -> list:
        """Every placement of a neutral ``piece`` for either neutral colour."""
        actions = []
        for colour in NEUTRAL_COLOURS:
            pieces = state.pieces[colour]
            if piece == "road" and pieces[0] < NEUTRAL_LIMITS[0]:
                row = NEUTRAL_ROADS[colour]
                actions += [row[e] for e in self.road_spots(state, colour)]
            elif piece == "settlement" and pieces[1] < NEUTRAL_LIMITS[1]:
                row = NEUTRAL_SETTLEMENTS[colour]
                actions += [row[v] for v in self.settlement_spots(state, colour)]
        return actions

    def _check_neutral(self, state, action, piece: str) -> int:
        colour = action.get("colour")
        if colour not in NEUTRAL_COLOURS or isinstance(colour, bool):
            raise IllegalAction("choose one of the two neutral colours")
        if action not in self._neutral_actions(state):
            due = state.neutral_due[0]
            if piece != due and self._neutral_placements(state, due):
                raise IllegalAction(f"a neutral {due} is due now")
            raise IllegalAction(self.neutral_refusals[piece])
        return colour

    def _do_neutral_road(self, state, action):
        e = self._edge(action.get("edge"))
        colour = self._check_neutral(state, action, "road")
        data = {"seat": colour, "piece": "road", "edge": e, "neutral": True, "by": state.current}
        if state.neutral_due[0] != "road":
            data["instead"] = state.neutral_due[0]  # the piece owed had no room: the log says so
        events = [Event("built", data)]
        events += self._put_road(state, colour, e)
        state.neutral_due.pop(0)
        return events + self._next_neutral(state)

    def _do_neutral_settlement(self, state, action):
        v = self._vertex(action.get("vertex"))
        colour = self._check_neutral(state, action, "settlement")
        events = [Event("built", {"seat": colour, "piece": "settlement", "vertex": v, "neutral": True,
                                  "by": state.current})]
        events += self._put_settlement(state, colour, v)
        state.neutral_due.pop(0)
        return events + self._next_neutral(state)
