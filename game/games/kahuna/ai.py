"""Kahuna AI: an evaluation of positions, a rollout policy, and the three levels.

The evaluation turns a position into an expected final margin (points so far plus what the present
stone balance is worth at the scorings still to come, where half-built majorities and threatened
stones count as fractions of a stone) and squashes it into a win chance.
"""

from __future__ import annotations

import math

from game.ai import Budget, GreedyAgent, ISMCTSAgent
from game.games.kahuna.board import ISLAND_COUNT, ISLAND_LINES, NEIGHBOURS, THRESHOLD
from game.games.kahuna.rules import OVER, PLAY

NEAR_MAJORITY = (0.0, 0.3, 0.12, 0.05, 0.02)
"""What an uncontrolled island is worth (in stones) by the bridges still missing for its majority."""
READY_TO_CAPTURE = 0.25
"""Extra worth when the player holds a card that completes that majority."""
FRAGILE = 0.12
"""Loss for a stone that one removed bridge would take away."""
THREATENED = 0.3
"""Further loss when the opponent holds the two cards that remove such a bridge."""
CARD_WORTH = 0.06


def island_pressure(state, seat: int) -> float:
    """Stones, near majorities and weak stones of ``seat``, in stone equivalents."""
    opponent = 1 - seat
    counts = state.counts[seat]
    bridges = state.bridges
    stones = state.stones
    hand = state.hands[seat]
    other_hand = state.hands[opponent]
    total = 0.0
    for island in range(ISLAND_COUNT):
        owner = stones[island]
        threshold = THRESHOLD[island]
        if owner == seat:
            total += 1.0
            if counts[island] == threshold:
                total -= FRAGILE
                if other_hand is not None and _can_break(other_hand, bridges, island, seat):
                    total -= THREATENED
        elif owner == -1:
            lines = ISLAND_LINES[island]
            free = 0
            for line in lines:
                if bridges[line] == -1:
                    free += 1
            need = threshold - counts[island]
            if need <= free:
                total += NEAR_MAJORITY[need] if need < len(NEAR_MAJORITY) else 0.0
                if need == 1 and hand is not None and _can_build_on(hand, bridges, island):
                    total += READY_TO_CAPTURE
    return total


def _can_build_on(hand, bridges, island: int) -> bool:
    if hand[island]:
        return True
    for line, other in zip(ISLAND_LINES[island], NEIGHBOURS[island], strict=True):
        if bridges[line] == -1 and hand[other]:
            return True
    return False


def _can_break(hand, bridges, island: int, owner: int) -> bool:
    """Whether ``hand`` can remove one of ``owner``'s bridges on ``island`` with two cards."""
    for line, other in zip(ISLAND_LINES[island], NEIGHBOURS[island], strict=True):
        if bridges[line] == owner:
            ends = hand[island] + hand[other]
            if ends >= 2:
                return True
    return False


def expected_margin(state, seat: int) -> tuple[float, float]:
    """(margin of final points for ``seat``, its uncertainty)."""
    opponent = 1 - seat
    margin = float(state.points[seat] - state.points[opponent])
    if state.phase == OVER:
        return margin, 0.0
    balance = island_pressure(state, seat) - island_pressure(state, opponent)
    balance += CARD_WORTH * (state.hand_sizes[seat] - state.hand_sizes[opponent])
    if state.round == 1:
        margin += math.tanh(1.5 * balance) + 2 * math.tanh(balance) + 0.8 * balance
    elif state.round == 2:
        margin += 2 * math.tanh(1.5 * balance) + 0.9 * balance
    else:
        margin += balance
    rounds_left = 3 - state.round
    cards_left = state.pile_size + len(state.display)
    spread = 0.8 + 0.08 * cards_left + 1.2 * rounds_left
    if state.phase != PLAY:
        spread = 0.6
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


def make_agent(level: str):
    """A picklable agent for "easy", "normal" or "hard"."""
    if level == "easy":
        return GreedyAgent(evaluate, noise=0.05, blunder=0.1)
    if level == "normal":
        return GreedyAgent(evaluate)
    if level == "hard":
        return ISMCTSAgent(Budget(iterations=800, seconds=2.5), evaluate=evaluate, rollout_depth=6)
    raise ValueError(f"unknown AI level {level!r}")
