"""Seats for Catan for two with Cities & Knights: Cities & Knights' own seats, which read a position
through the ruleset and so play the two-player game as well."""

from __future__ import annotations

from game.games.catan_ck import ai


def make_agent(level: str):
    """A picklable agent for "easy", "normal" or "hard" (Cities & Knights' seat of that level)."""
    return ai.make_agent(level)
