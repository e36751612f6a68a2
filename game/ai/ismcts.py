"""Information-set Monte Carlo tree search with determinization (single observer).

Each iteration samples a full state consistent with what the searching seat knows
(``determinize``), walks the tree of decisions with UCB1 restricted to the actions legal in that
sample, expands one node, plays out (randomly or with a game's policy, up to a depth where a
heuristic takes over) and backs up a reward per seat. Chance steps are resolved inside the sample
and leave no node of their own. Deterministic for a seed when the iteration budget ends the search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from game.ai.base import Agent, Budget
from game.core.rules import CHANCE, Result, Ruleset, action_key

Policy = Callable[[Ruleset, object, int, random.Random], dict]
Evaluate = Callable[[Ruleset, object, int], float]


def result_rewards(result: Result, players: int) -> list[float]:
    """1 for a sole winner, shared among tied winners, then linearly down to 0 for the last place."""
    if players == 1:
        return [1.0]
    rewards = []
    winners = sum(1 for r in result.ranks if r == 0)
    for rank in result.ranks:
        if rank == 0:
            rewards.append(1.0 / winners if winners > 1 else 1.0)
        else:
            rewards.append(max(0.0, 1.0 - rank / (players - 1)) * 0.5)
    return rewards


class Node:
    __slots__ = ("action", "seat", "children", "visits", "available", "total")

    def __init__(self, action=None, seat: int | None = None):
        self.action = action
        self.seat = seat  # the seat that chose ``action``
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSAgent(Agent):
    """ISMCTS over the Ruleset protocol.

    ``evaluate`` scores a non-terminal state for a seat in [0, 1] when a playout is cut at
    ``rollout_depth`` decisions (None: play to the end). ``policy`` plays the playouts (None:
    uniformly random). ``exploration`` is the UCB1 constant.
    """

    def __init__(
        self,
        budget: Budget,
        evaluate: Evaluate | None = None,
        policy: Policy | None = None,
        rollout_depth: int | None = None,
        exploration: float = 0.7,
    ):
        self.budget = budget
        self.evaluate = evaluate
        self.policy = policy
        self.rollout_depth = rollout_depth
        self.exploration = exploration

    def choose(self, ruleset, observation, seat, rng: random.Random):
        root_actions = ruleset.legal_actions(observation)
        if len(root_actions) == 1:
            return root_actions[0]
        players = ruleset.num_players(observation)
        root = Node()
        clock = self.budget.clock()
        while True:
            state = ruleset.determinize(observation, seat, rng)
            self._iterate(ruleset, state, root, players, rng)
            if not clock.tick():
                break
        legal = {action_key(a): a for a in root_actions}
        best = max(
            (child for key, child in root.children.items() if key in legal),
            key=lambda child: (child.visits, child.total),
            default=None,
        )
        return legal[action_key(best.action)] if best else rng.choice(root_actions)

    # -- what a game's search may change ----------------------------------------------------------
    def key_of(self, action) -> str:
        """The key of an action among a node's children."""
        return action_key(action)

    def widen(self, node: Node, tried: list[Node]) -> bool:
        """Whether ``node`` takes a new child now (always: every legal action gets tried)."""
        return True

    def expand(self, state, actor: int, untried: list[tuple[str, dict]], rng: random.Random) -> tuple[str, Node]:
        """The untried action to add as a child (at random), with its node."""
        key, action = untried[rng.randrange(len(untried))]
        return key, Node(action, actor)

    def selection_score(self, child: Node) -> float:
        """UCB1 over the times the child's action was available (the ISMCTS form)."""
        if not child.visits:
            return float("inf")
        return child.total / child.visits + self.exploration * math.sqrt(math.log(max(1, child.available)) /
                                                                         child.visits)

    def cut_rewards(self, ruleset, state, players: int) -> list[float]:
        """Rewards of a playout cut at ``rollout_depth``: the evaluation of each seat."""
        return [self.evaluate(ruleset, state, s) for s in range(players)]

    # -- the search ------------------------------------------------------------------------------
    def _iterate(self, ruleset, state, root: Node, players: int, rng: random.Random) -> None:
        node, path = root, [root]
        # Selection and expansion.
        while True:
            actor = ruleset.to_act(state)
            if actor is None:
                break
            if actor == CHANCE:
                ruleset.apply(state, ruleset.sample_chance(state, rng))
                continue
            untried = []
            tried = []
            children = node.children
            for action in ruleset.legal_actions(state):
                key = self.key_of(action)
                child = children.get(key)
                if child is None:
                    untried.append((key, action))
                else:
                    child.available += 1
                    tried.append(child)
            if untried and self.widen(node, tried):
                key, child = self.expand(state, actor, untried, rng)
                child.available = 1
                children[key] = child
                ruleset.apply(state, child.action)
                path.append(child)
                break
            node = max(tried, key=self.selection_score)
            ruleset.apply(state, node.action)
            path.append(node)
        rewards = self._rollout(ruleset, state, players, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.total += rewards[visited.seat]

    def _rollout(self, ruleset, state, players: int, rng: random.Random) -> list[float]:
        decisions = 0
        while True:
            actor = ruleset.to_act(state)
            if actor is None:
                return result_rewards(ruleset.result(state), players)
            if actor == CHANCE:
                ruleset.apply(state, ruleset.sample_chance(state, rng))
                continue
            if self.rollout_depth is not None and decisions >= self.rollout_depth and self.evaluate:
                return self.cut_rewards(ruleset, state, players)
            if self.policy is None:
                action = rng.choice(ruleset.legal_actions(state))
            else:
                action = self.policy(ruleset, state, actor, rng)
            ruleset.apply(state, action)
            decisions += 1
