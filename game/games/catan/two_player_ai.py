"""Base Catan's computer players at the decisions the two-player layer adds (no pygame).

``TwoPlayerCatanAgent`` is ``ai.CatanAgent`` with what two players bring: it places the neutral
pieces where they help it most against its opponent, gives back the cards it misses least after a
forced trade, spends and earns trade tokens, and leaves the neutral colours (which hold no cards) out
of its robber choice. Everything else is base Catan's agent.
"""

from __future__ import annotations

from game.games.catan import board
from game.games.catan.ai import CatanAgent
from game.games.catan.ai_family import Decision
from game.games.catan.two_player import FORCED_TRADES, ROBBER_TO_DESERT, TURN_IN_KNIGHT, opponent

FORCED_TRADE = FORCED_TRADES["resources"]
FORCE_WHEN_THEY_HOLD = 4
"""A forced trade is worth its token when the opponent holds at least this many cards."""


class TwoPlayerCatanAgent(CatanAgent):
    """A Catan player of one level for two players (see the module docstring)."""

    # the two-player decisions: a neutral piece to place, the cards to give back after a forced trade
    def _best_margin(self, d: Decision, actions):
        """The action after which this seat stands best against its opponent, by the planner's measures."""
        def after(action) -> float:
            child = d.state.copy()
            d.ruleset.apply(child, action)
            return self.blur(self.margin(d.ruleset, child, d.seat), d.rng)

        return max(actions, key=after)

    _neutral = _forced_give = _best_margin

    def pre_roll(self, d: Decision, actions):
        return self._token_step(d, actions, after_roll=False) or super().pre_roll(d, actions)

    def _main(self, d: Decision, actions):
        return self._token_step(d, actions, after_roll=True) or super()._main(d, actions)

    # trade tokens
    def _token_step(self, d: Decision, actions, after_roll: bool):
        """A token action or a knight card turned in when it pays, else None. The robber leaves before
        the rolls so that both produce; a forced trade waits until both rolls have filled the hands."""
        state, seat = d.state, d.seat
        if ROBBER_TO_DESERT in actions and self._robber_costs_me(state, seat):
            return ROBBER_TO_DESERT
        if TURN_IN_KNIGHT in actions and self._knight_to_spare(state, seat):
            return TURN_IN_KNIGHT
        rich = d.ruleset.cards_of(state, opponent(seat)) >= FORCE_WHEN_THEY_HOLD
        if after_roll and FORCED_TRADE in actions and rich and sum(state.hands[seat]) >= 2:
            return FORCED_TRADE
        return None

    @staticmethod
    def _robber_costs_me(state, seat: int) -> bool:
        """The robber's hex has a number and blocks more of this seat's buildings than the opponent's."""
        if state.layout.numbers[state.robber] is None:
            return False
        mine = theirs = 0
        for v in board.HEX_VERTICES[state.robber]:
            if state.vertex_owner[v] == seat:
                mine += state.vertex_level[v]
            elif state.vertex_owner[v] == opponent(seat):
                theirs += state.vertex_level[v]
        return mine > theirs

    @staticmethod
    def _knight_to_spare(state, seat: int) -> bool:
        """A played knight this seat can give up: it keeps Largest Army without it, or the opponent's
        army is out of reach anyway."""
        army = state.played[seat][board.KNIGHT] - state.knights_returned[seat]
        rival = state.played[opponent(seat)][board.KNIGHT] - state.knights_returned[opponent(seat)]
        if state.largest_army == seat:
            return army - 1 > rival and army - 1 >= 3
        return rival >= army + 2

