"""Catan for two's computer players: the family's two-player agent (``game.games.catan.two_player_ai``),
which plays any game under the two-player layer (no pygame)."""

from game.games.catan.two_player_ai import make_agent

__all__ = ["make_agent"]
