"""Cities & Knights seats until its own AI is written: the generic agents of ``game.ai``.

Easy plays uniformly at random; normal and hard look one action ahead with a plain value (points
first, then room to settle, road length, improvements, active knights, the cards toward a
settlement or a city), hard without noise.
"""

from __future__ import annotations

from game.ai import GreedyAgent, RandomAgent
from game.games.catan_ck.rules import active_strength


def evaluate(ruleset, state, seat: int) -> float:
    """Roughly in [0, 1]: the share of the target reached, nudged by what leads to points (room for
    settlements, road length, improvements, active knights, cards within the hand limit)."""
    target = state.options["victory_points"]
    points = ruleset.total_points(state, seat)
    if state.phase == "over":
        return 1.0 if state.winner == seat else points / (2 * target)
    nudges = 0.25 * min(2, len(ruleset.settlement_spots(state, seat))) + 0.04 * state.road_lengths[seat]
    nudges += 0.15 * sum(state.improvements[seat]) + 0.1 * active_strength(state, seat)
    cards = state.hands[seat]
    if cards is not None:
        nudges += 0.02 * min(sum(cards), ruleset.hand_limit(state, seat))
        nudges += 0.5 * max(covered(cards, ruleset.costs[name]) for name in ("settlement", "city"))
    return min(1.0, (points + nudges) / target)


def covered(hand, cost) -> float:
    """The share of ``cost`` the hand already holds."""
    return sum(min(have, need) for have, need in zip(hand, cost, strict=True)) / sum(cost)


def make_agent(level: str):
    """A picklable agent for "easy", "normal" or "hard"."""
    if level == "easy":
        return RandomAgent()
    if level == "normal":
        return GreedyAgent(evaluate, noise=0.02, blunder=0.05)
    if level == "hard":
        return GreedyAgent(evaluate)
    raise ValueError(f"unknown AI level {level!r}")
