"""Copenhagen AI (provisional: greedy on the score)."""

from game.ai import GreedyAgent


def evaluate(ruleset, state, seat):
    return state.scores[seat] / 12


def make_agent(level: str):
    return GreedyAgent(evaluate, noise=0.05 if level == "easy" else 0.0)
