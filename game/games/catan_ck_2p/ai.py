"""Catan for two with Cities & Knights' computer players: Cities & Knights' agent with the decisions the
two-player layer adds (neutral pieces and knights, trade tokens, the give-back after a forced trade)."""

from __future__ import annotations

from game.ai.base import Budget
from game.games.catan.two_player_ai import TwoPlayerDecisions
from game.games.catan_ck.ai import CitiesKnightsAgent


class CitiesKnightsForTwoAgent(TwoPlayerDecisions, CitiesKnightsAgent):
    """A Cities & Knights player of one level for two players."""


def make_agent(level: str, budget: Budget | None = None) -> CitiesKnightsForTwoAgent:
    """The computer player for "easy", "normal" or "hard" (``budget`` bounds hard's search)."""
    return CitiesKnightsForTwoAgent(level, budget)
