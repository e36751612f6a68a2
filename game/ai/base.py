"""What an AI is: something that picks one legal action from what its seat may observe.

Agents are pygame-free and picklable, so they can think in a worker process. They see only
``ruleset.observe(state, seat)``; search agents fill in the hidden rest with ``determinize``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from game.core.rules import CHANCE, Action, Ruleset

_time_caps = True


def set_time_caps(on: bool) -> None:
    """Whether budgets also stop at their ``seconds`` (on at the table). Tests turn the caps off: every
    search then runs its full iteration count, so a game played from a seed is the same on any machine."""
    global _time_caps
    _time_caps = bool(on)


@dataclass(frozen=True)
class Budget:
    """How long an agent may think: at most ``iterations`` and at most ``seconds``.

    An agent stopped by its iteration count is deterministic for a seed; the time cap keeps slow
    machines responsive (``set_time_caps``).
    """

    iterations: int = 1000
    seconds: float = 1.0

    def clock(self) -> Clock:
        return Clock(self)


class Clock:
    """Counts iterations against a budget."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.started = time.perf_counter()
        self.done = 0

    def tick(self) -> bool:
        """Count one iteration; False once the budget is spent."""
        self.done += 1
        if self.done >= self.budget.iterations:
            return False
        # Reading the clock every iteration costs little next to a playout.
        return not _time_caps or time.perf_counter() - self.started < self.budget.seconds


class Agent:
    """Chooses an action for ``seat`` given its observation."""

    def choose(self, ruleset: Ruleset, observation, seat: int, rng: random.Random) -> Action:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random among the legal actions: the baseline every level must beat."""

    def choose(self, ruleset, observation, seat, rng):
        return rng.choice(ruleset.legal_actions(observation))


def play_out(ruleset: Ruleset, state, rng: random.Random, policy=None, max_steps: int = 100_000):
    """Play ``state`` (mutated) to the end: chance by ``sample_chance``, decisions by ``policy``
    (a function ``(ruleset, state, seat, rng) -> action``; uniform random when None)."""
    for _ in range(max_steps):
        seat = ruleset.to_act(state)
        if seat is None:
            return state
        if seat == CHANCE:
            action = ruleset.sample_chance(state, rng)
        elif policy is None:
            action = rng.choice(ruleset.legal_actions(state))
        else:
            action = policy(ruleset, state, seat, rng)
        ruleset.apply(state, action)
    return state
