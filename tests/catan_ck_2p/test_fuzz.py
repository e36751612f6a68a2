"""Whole games of Catan for two with Cities & Knights, random and with the seats, with the invariants
checked after every action: cards, progress cards and the 20 tokens conserved, every colour's pieces
and knights matching the board, neutral pieces legal and within their limits, spoiled actions refused
without a trace, the notation round-tripping and what a seat sees giving it the same choices."""

import random

import pytest

from game.core.rules import CHANCE, action_key
from game.games.catan_ck_2p.ai import make_agent
from tests.catan_ck.test_fuzz import mutations
from tests.catan_ck_2p.helpers import RULES, check, refused
from tests.support import config_for, legality_agent, play_checked

pytestmark = pytest.mark.slow
OPTIONS = [{}, {"numbers": "random"}, {"layout": "beginner"}, {"victory_points": 10}]


def spoiled_actions_are_refused(state, rng):
    """Legal actions with one value spoiled are refused, leaving the position as it was, unless legal."""
    legal = {action_key(a) for a in RULES.legal_actions(state)}
    for action in rng.sample(RULES.legal_actions(state), min(3, len(legal))):
        for spoiled in mutations(action, rng):
            try:
                key = action_key(spoiled)
            except TypeError:
                continue
            if key not in legal:
                refused(RULES.clone(state), spoiled)


def checked(rng):
    """The invariants after each action, and spoiled actions tried every few."""
    steps = [0]

    def run(state):
        check(state)
        steps[0] += 1
        seat = RULES.to_act(state)
        if seat is None or seat == CHANCE:
            return
        if steps[0] % 3 == 0:  # what the seat sees gives it its choices, a forced trade of resources included
            assert sorted(map(action_key, RULES.legal_actions(RULES.observe(state, seat)))) == sorted(
                map(action_key, RULES.legal_actions(state)))
        if steps[0] % 7 == 0:
            spoiled_actions_are_refused(state, rng)
    return run


@pytest.mark.parametrize("seed", range(len(OPTIONS)))
def test_uniformly_random_games_keep_the_invariants(seed):
    """One game at each table option: random games run long, and every step of each is checked."""
    play_checked(RULES, config_for(2, OPTIONS[seed]), seed, checked(random.Random(seed)), max_steps=40_000)


@pytest.mark.parametrize("seed", [1000, 1001])
def test_games_of_the_seats_keep_the_invariants(seed):
    """Normal and hard, each on either seat once."""
    agents = {seat: legality_agent(make_agent, ("normal", "hard")[(seat + seed) % 2]) for seat in range(2)}
    play_checked(RULES, config_for(2, OPTIONS[seed % len(OPTIONS)]), seed, checked(random.Random(seed)),
                 agents=agents, max_steps=60_000)
