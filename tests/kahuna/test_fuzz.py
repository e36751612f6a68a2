"""Whole games, random and AI, with the invariants checked after every action."""

import pytest

from game.ai import Budget, ISMCTSAgent
from game.games.kahuna.ai import KahunaSearch, PatientGreedy, evaluate, make_agent
from game.games.kahuna.rules import RULES
from tests.kahuna.helpers import check_invariants
from tests.support import config_for, play_checked

pytestmark = pytest.mark.slow

OPTION_SETS = [
    {},
    {"destroy_own": True},
    {"always_draw": True},
    {"restricted_building": True},
    {"early_end": False},
    {"anti_stall": True},
    {"destroy_own": True, "always_draw": True, "restricted_building": True, "early_end": False, "anti_stall": True},
    {"destroy_own": True, "restricted_building": True, "anti_stall": True},
]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_the_invariants(chunk):
    for seed in range(chunk * 100, chunk * 100 + 100):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        state, _ = play_checked(RULES, config_for(2, options), seed, check_invariants)
        assert RULES.result(state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
def test_ai_games_keep_the_invariants(chunk):
    cheap_search = ISMCTSAgent(Budget(iterations=12), evaluate=evaluate, rollout_depth=4)
    normal_few_rounds = KahunaSearch(iterations=12, seconds=10)  # the normal level's search: legality, not strength
    for seed in range(chunk * 50, chunk * 50 + 25):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        agents = {seed % 2: make_agent("easy") if seed % 3 else cheap_search, 1 - seed % 2: normal_few_rounds}
        play_checked(RULES, config_for(2, options), 10_000 + seed, check_invariants, agents=agents)


@pytest.mark.slow
def test_games_between_greedy_ais_end():
    # The default rules bind nobody to draw: two plain greedy agents stall in most games (each keeps a hand
    # it cannot use and passes). The AI's own discipline, a draw after the opponent's pass, ends them.
    for seed in range(30):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        agents = {0: PatientGreedy(evaluate), 1: PatientGreedy(evaluate) if seed % 2 else make_agent("easy")}
        play_checked(RULES, config_for(2, options), 20_000 + seed, check_invariants, agents=agents, max_steps=3000)
