"""Kahuna AI: an evaluation of positions, a rollout policy, pruned search, and the three levels.

The evaluation turns a position into an expected final margin (points so far plus what the stone
balance is worth at the scorings still to come, where half-built majorities, captures a player can
make at once and stones that one removed bridge would lose count as fractions of a stone) and
squashes it into a win chance. The player about to move gets the benefit of their threats.

Levels: "easy" is the one-ply greedy agent with noise and blunders; "normal" and "hard" are
information-set MCTS over the pruned actions (no discards while the hand has room), with playouts
by the rollout policy cut after a few decisions and scored by the evaluation; "hard" thinks longer.
Every level draws after the opponent's "no draw" (see ``PlayRules``).
"""

from __future__ import annotations

import math

from game.ai import Budget, GreedyAgent, ISMCTSAgent
from game.ai.ismcts import Node
from game.core.rules import action_key
from game.games.kahuna.board import (
    ISLAND_COUNT,
    ISLAND_INDEX,
    ISLAND_LINES,
    LINE_ENDS,
    LINE_INDEX,
    NEIGHBOURS,
    THRESHOLD,
)
from game.games.kahuna.rules import (
    BUILD_ACTIONS,
    DISCARD_ACTIONS,
    DRAW_DISPLAY_ACTIONS,
    DRAW_PILE_ACTION,
    HAND_LIMIT,
    OVER,
    PASS_ACTION,
    PLAY,
    REMOVE_ACTIONS,
    KahunaRules,
)

NEAR_MAJORITY = (0.0, 0.3, 0.12, 0.05, 0.02, 0.0, 0.0)
"""What an uncontrolled island is worth (in stones) by the bridges still missing for its majority."""
CAPTURE_READY = (0.55, 0.2)
"""Extra worth of a majority one card away when that card is in hand: (player to move, the other)."""
FRAGILE = 0.1
"""Loss for a stone that one removed bridge would take away."""
THREATENED = (0.6, 0.25)
"""Further loss when the opponent holds the two cards to remove such a bridge: (opponent to move, not)."""
CARD_WORTH = 0.07
LINES_OF = tuple(len(lines) for lines in ISLAND_LINES)
LINES_AND_NEIGHBOURS = tuple(tuple(zip(ISLAND_LINES[i], NEIGHBOURS[i], strict=True)) for i in range(ISLAND_COUNT))


def _held_can_build_on(hand, bridges, island: int) -> bool:
    """Whether a card in ``hand`` builds on a free line of ``island``."""
    island_card = hand[island]
    for line, other in LINES_AND_NEIGHBOURS[island]:
        if bridges[line] == -1 and (island_card or hand[other]):
            return True
    return False


def _can_break(hand, bridges, island: int, owner: int) -> bool:
    """Whether ``hand`` holds two cards that remove one of ``owner``'s bridges on ``island``."""
    own = hand[island]
    for line, other in LINES_AND_NEIGHBOURS[island]:
        if bridges[line] == owner and own + hand[other] >= 2:
            return True
    return False


def island_balance(state, seat: int, to_move: int | None) -> float:
    """Stones, near majorities, ready captures and weak stones of ``seat``, in stone equivalents."""
    opponent = 1 - seat
    counts = state.counts[seat]
    other_counts = state.counts[opponent]
    bridges = state.bridges
    stones = state.stones
    hand = state.hands[seat]
    other_hand = state.hands[opponent]
    moving = 0 if to_move == seat else 1
    threat_index = 0 if to_move == opponent else 1
    total = 0.0
    for island in range(ISLAND_COUNT):
        owner = stones[island]
        threshold = THRESHOLD[island]
        if owner == seat:
            total += 1.0
            if counts[island] == threshold:
                total -= FRAGILE
                if other_hand is not None and _can_break(other_hand, bridges, island, seat):
                    total -= THREATENED[threat_index]
        elif owner == -1:
            free = LINES_OF[island] - counts[island] - other_counts[island]
            need = threshold - counts[island]
            if need <= free:
                total += NEAR_MAJORITY[need]
                if need == 1 and hand is not None and _held_can_build_on(hand, bridges, island):
                    total += CAPTURE_READY[moving]
    return total


def expected_margin(state, seat: int) -> tuple[float, float]:
    """(expected final points of ``seat`` minus the opponent's, the spread of that guess)."""
    opponent = 1 - seat
    margin = float(state.points[seat] - state.points[opponent])
    if state.phase == OVER:
        return margin, 0.0
    to_move = state.turn if not state.pending else None
    balance = island_balance(state, seat, to_move) - island_balance(state, opponent, to_move)
    balance += CARD_WORTH * (state.hand_sizes[seat] - state.hand_sizes[opponent])
    cards_left = state.pile_size + len(state.display)
    if state.round == 1:
        margin += math.tanh(1.2 * balance) + 2 * math.tanh(0.8 * balance) + 0.6 * balance
        spread = 1.6 + 0.05 * cards_left
    elif state.round == 2:
        margin += 2 * math.tanh(1.2 * balance) + 0.8 * balance
        spread = 1.0 + 0.05 * cards_left
    else:
        margin += balance
        spread = 0.5 + 0.05 * cards_left if state.phase == PLAY else 0.5
    return margin, spread


def evaluate(ruleset, state, seat: int) -> float:
    """A win chance for ``seat`` in [0, 1]."""
    if state.phase == OVER:
        result = ruleset.result(state)
        if result.ranks[seat] == result.ranks[1 - seat]:
            return 0.5
        return 1.0 if result.ranks[seat] == 0 else 0.0
    margin, spread = expected_margin(state, seat)
    return 1.0 / (1.0 + math.exp(-margin / spread))


class PlayRules(KahunaRules):
    """The rules as the AI plays them: it never answers the opponent's "no draw" with its own.

    "No draw" is allowed on every turn, so two players who keep passing (say, both holding 5 cards
    they cannot use) would never end the round. An AI that draws after a pass, discarding first when
    its hand is full, makes every game it plays move on: at least every other turn takes a card."""

    def legal_actions(self, state):
        actions = super().legal_actions(state)
        if state.must_draw and state.phase == PLAY and not state.pending:
            return [action for action in actions if action is not PASS_ACTION]
        return actions


PLAY_RULES = PlayRules()


class PatientGreedy(GreedyAgent):
    """The greedy agent playing by ``PlayRules``."""

    def choose(self, ruleset, observation, seat, rng):
        return super().choose(PLAY_RULES, observation, seat, rng)


class SearchRules(PlayRules):
    """The rules with the actions search leaves out: discards while the hand still has room to
    draw (a face-down discard only pays when it makes room)."""

    def legal_actions(self, state):
        actions = super().legal_actions(state)
        if state.pending or state.phase == OVER or state.hand_sizes[state.turn] >= HAND_LIMIT:
            return actions
        return [action for action in actions if action["type"] != "discard"]


SEARCH_RULES = SearchRules()


def _build_value(state, seat: int, card: int, line: int) -> float:
    """How much a bridge on ``line`` helps ``seat``: captures first, then blocks and contested majorities."""
    counts = state.counts[seat]
    other_counts = state.counts[1 - seat]
    stones = state.stones
    value = 0.1
    for island in LINE_ENDS[line]:
        if stones[island] != -1:
            continue
        need = THRESHOLD[island] - counts[island]
        free = LINES_OF[island] - counts[island] - other_counts[island]
        if need == 1:
            value += 3.0 + other_counts[island]
        elif need <= free:
            value += 1.0 / need
        if THRESHOLD[island] - other_counts[island] == free:
            value += 1.5  # the opponent needs every free line here: this bridge shuts them out
    return value


def _remove_value(state, seat: int, line: int) -> float:
    owner = state.bridges[line]
    if owner == seat:
        return -1.0
    value = 0.2
    counts = state.counts[owner]
    for island in LINE_ENDS[line]:
        if state.stones[island] == owner and counts[island] == THRESHOLD[island]:
            value += 2.5
        elif state.stones[island] == -1 and THRESHOLD[island] - counts[island] == 1:
            value += 0.8
    return value


def _card_value(state, seat: int, card: int) -> float:
    """How useful one more ``card`` would be to ``seat``: 1/bridges missing for the nearest
    majority it can build towards."""
    counts = state.counts[seat]
    stones = state.stones
    bridges = state.bridges
    own_need = THRESHOLD[card] - counts[card] if stones[card] == -1 else 9
    need = 9
    for line, other in LINES_AND_NEIGHBOURS[card]:
        if bridges[line] == -1:
            if own_need < need:
                need = own_need
            if stones[other] == -1 and THRESHOLD[other] - counts[other] < need:
                need = THRESHOLD[other] - counts[other]
    return 1.0 / need if need < 9 else 0.0


def action_score(state, seat: int, action: dict) -> float:
    """A quick judgement of one action: captures and stone-breaking removals first, then blocks
    and builds that push a contested majority, then the most useful card to draw."""
    kind = action["type"]
    if kind == "build":
        value = _build_value(state, seat, ISLAND_INDEX[action["card"]], LINE_INDEX[action["line"]])
        if value < 1.0 and state.hand_sizes[seat] < HAND_LIMIT:
            value -= 0.5
        return value
    if kind == "remove":
        return _remove_value(state, seat, LINE_INDEX[action["line"]]) - 0.3
    if kind == "draw":
        return 0.6 + (_card_value(state, seat, ISLAND_INDEX[action["card"]]) if "card" in action else 0.3)
    if kind == "discard":
        return -_card_value(state, seat, ISLAND_INDEX[action["card"]]) - 0.2
    return 0.0


def rollout_policy(ruleset, state, seat: int, rng) -> dict:
    """The best action by ``action_score`` with a little randomness."""
    best, best_value = None, float("-inf")
    random = rng.random
    for action in ruleset.legal_actions(state):
        value = action_score(state, seat, action) + random() * 0.6
        if value > best_value:
            best, best_value = action, value
    return best


def prior(score: float) -> float:
    """``action_score`` squashed into [0, 1] for the search's progressive bias."""
    return min(1.0, max(0.0, (score + 0.5) / 5.0))


WIDEN_BASE = 3
"""Children a node may have before its visits widen it further (plus the root of its visits)."""


class PriorNode(Node):
    """A search node with the heuristic prior of the action leading to it."""

    __slots__ = ("prior",)

    def __init__(self, action, seat: int, prior_value: float):
        super().__init__(action, seat)
        self.prior = prior_value


ACTION_KEYS = {id(action): action_key(action) for action in (
    *(a for table in BUILD_ACTIONS for a in table.values()), *(a for line in REMOVE_ACTIONS for a in line),
    *DISCARD_ACTIONS, *DRAW_DISPLAY_ACTIONS, DRAW_PILE_ACTION, PASS_ACTION)}
"""The canonical keys of the rules' shared action tables, computed once (the rules hand out these very
objects, which live as long as the program, so their ids are stable)."""


def cached_key(action) -> str:
    return ACTION_KEYS.get(id(action)) or action_key(action)


class KahunaSearch(ISMCTSAgent):
    """ISMCTS on the pruned actions, with Kahuna's evaluation and rollout policy.

    What Kahuna's many small decisions need on top of the shared search: progressive widening and a
    progressive bias by ``action_score`` (weight ``prior_weight``), action keys from a table instead of
    JSON text, and a cut playout evaluated once (the evaluation is symmetric: the other seat gets 1 - v).
    """

    def __init__(self, iterations: int, seconds: float, rollout_depth: int = 8, exploration: float = 0.5,
                 prior_weight: float = 1.0):
        super().__init__(Budget(iterations=iterations, seconds=seconds), evaluate=evaluate, policy=rollout_policy,
                         rollout_depth=rollout_depth, exploration=exploration)
        self.prior_weight = prior_weight

    def choose(self, ruleset, observation, seat, rng):
        return super().choose(SEARCH_RULES, observation, seat, rng)

    def key_of(self, action) -> str:
        return cached_key(action)

    def widen(self, node: Node, tried: list[Node]) -> bool:
        # A new action joins only when the node has been visited enough, the most promising first, so
        # small budgets spend their visits on sensible actions.
        return not tried or len(tried) < WIDEN_BASE + math.sqrt(node.visits)

    def expand(self, state, actor, untried, rng):
        scored = [(action_score(state, actor, action), key, action) for key, action in untried]
        score, key, action = max(scored, key=lambda item: item[0])
        return key, PriorNode(action, actor, prior(score))

    def selection_score(self, child) -> float:
        return (child.total / child.visits + self.exploration * math.sqrt(math.log(max(1, child.available)) /
                                                                          child.visits)
                + self.prior_weight * child.prior / (child.visits + 1))

    def cut_rewards(self, ruleset, state, players: int) -> list[float]:
        value = evaluate(ruleset, state, 0)
        return [value, 1.0 - value]


def make_agent(level: str):
    """A picklable agent for "easy", "normal" or "hard"."""
    if level == "easy":
        return PatientGreedy(evaluate, noise=0.05, blunder=0.05)
    if level == "normal":
        return KahunaSearch(iterations=80, seconds=0.8)
    if level == "hard":
        return KahunaSearch(iterations=2000, seconds=2.8)
    raise ValueError(f"unknown AI level {level!r}")
