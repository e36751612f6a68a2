"""The double roll of Catan for two: two full rolls a turn, each producing (or resolving a 7) at once,
and a second total equal to the first thrown again until it differs (A09: totals, not faces).

``DoubleRoll`` is a part of ``TwoPlayerLayer`` (a mixin in its bases; see ``two_player``).
"""

from __future__ import annotations

from game.core.rules import Event
from game.games.catan.family_state import ALL_ROLLS, SUM_OUTCOMES


class DoubleRoll:
    """Two rolls a turn, a repeated total thrown again (see the module docstring)."""

    handlers = {("rethrow", "roll"): "_do_rethrow"}
    actions_by_phase = {"rethrow": "_rethrow_outcomes"}
    samplers_by_phase = {"rethrow": "_sample_rethrow"}

    def _do_roll(self, state, action):
        a, b = self._dice(action)
        if state.rolls == 1 and a + b == state.first_total:
            return self._repeated_total(state, action)
        return self._counted_roll(state, action)

    def _repeated_total(self, state, action) -> list:
        """The second roll came up with the first roll's total: its dice are thrown again."""
        return self._thrown_again(state, *self._dice(action))

    def _thrown_again(self, state, a: int, b: int) -> list:
        state.dice = (a, b)
        state.phase = "rethrow"
        return [Event("rethrow", {"seat": state.current, "dice": [a, b], "total": a + b})]

    def _do_rethrow(self, state, action):
        a, b = self._dice(action)
        if a + b == state.first_total:
            return self._thrown_again(state, a, b)
        return self._rethrown_roll(state, action)

    def _rethrown_roll(self, state, action) -> list:
        """The second roll's dice thrown again to a new total: the roll resolves as any other."""
        return self._counted_roll(state, action)

    def _counted_roll(self, state, action) -> list:
        """A roll that stands: counted first, so the steps it sets off know which roll they follow."""
        a, b = self._dice(action)
        state.rolls += 1
        if state.rolls == 1:
            state.first_total = a + b
        events = super()._do_roll(state, action)
        self._between_rolls(state)
        return events

    def _between_rolls(self, state) -> None:
        """Once everything the first roll set off is resolved, the second roll follows at once."""
        if state.rolls == 1 and state.phase == "main":
            state.phase = "roll"

    def _after_robber(self, state):
        done = super()._after_robber(state)
        self._between_rolls(state)
        return done

    def _rethrow_outcomes(self, state) -> list:
        return list(ALL_ROLLS)

    def _sample_rethrow(self, state, rng):
        return ALL_ROLLS[rng.randrange(len(ALL_ROLLS))]

    def chance_outcomes(self, state):
        if state.phase == "rethrow":
            return list(SUM_OUTCOMES)
        return super().chance_outcomes(state)
