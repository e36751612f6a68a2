"""Catan for two's computer players: base Catan's planner with the decisions two players add
(``game.games.catan.two_player_ai``), no pygame."""

from __future__ import annotations

from game.ai.base import Budget
from game.games.catan.two_player_ai import TwoPlayerCatanAgent


def make_agent(level: str, budget: Budget | None = None) -> TwoPlayerCatanAgent:
    """The computer player for "easy", "normal" or "hard" (``budget`` bounds hard's search)."""
    return TwoPlayerCatanAgent(level, budget)
