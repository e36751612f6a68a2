"""Catan AI (placeholder level set; replaced by the full evaluation below)."""

from game.ai import GreedyAgent, RandomAgent


def evaluate(ruleset, state, seat) -> float:
    from game.games.catan.rules import total_points
    return total_points(state, seat) / 10.0


def make_agent(level: str):
    if level == "easy":
        return RandomAgent()
    return GreedyAgent(evaluate)
