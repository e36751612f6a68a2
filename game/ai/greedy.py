"""One-ply greedy agent: try every legal action on a sampled state and keep the best evaluation."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.base import Agent
from game.core.rules import CHANCE, Ruleset

Evaluate = Callable[[Ruleset, object, int], float]
"""A game's heuristic: how good ``state`` is for ``seat``, roughly in [0, 1]."""


def expected_value(ruleset: Ruleset, state, seat: int, evaluate: Evaluate) -> float:
    """The evaluation after an action, averaged over the next chance step when it is small."""
    if ruleset.to_act(state) == CHANCE:
        outcomes = ruleset.chance_outcomes(state)
        if outcomes and len(outcomes) <= 36:
            total = 0.0
            for action, probability in outcomes:
                child = ruleset.clone(state)
                ruleset.apply(child, action)
                total += probability * evaluate(ruleset, child, seat)
            return total
    return evaluate(ruleset, state, seat)


class GreedyAgent(Agent):
    """Picks the action with the best one-ply evaluation; ``noise`` blurs it for an easier level.

    ``noise`` is the standard deviation of Gaussian noise added to each value, and ``blunder`` the
    chance of playing a uniformly random legal action instead.
    """

    def __init__(self, evaluate: Evaluate, noise: float = 0.0, blunder: float = 0.0):
        self.evaluate = evaluate
        self.noise = noise
        self.blunder = blunder

    def choose(self, ruleset, observation, seat, rng: random.Random):
        state = ruleset.determinize(observation, seat, rng)
        actions = ruleset.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        if self.blunder and rng.random() < self.blunder:
            return rng.choice(actions)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            child = ruleset.clone(state)
            ruleset.apply(child, action)
            value = expected_value(ruleset, child, seat, self.evaluate)
            if self.noise:
                value += rng.gauss(0.0, self.noise)
            if value > best_value:
                best, best_value = action, value
        return best
