import random

import pytest

from game.ai import Budget, GreedyAgent, ISMCTSAgent, RandomAgent, set_time_caps
from game.ai.arena import play_match
from tests.support import config_for
from tests.toy import PIG, pig_evaluate


def position_with_running(total: int):
    state = PIG.new_game(config_for(2))
    PIG.apply(state, {"type": "deal", "cards": [0, 0]})
    state.running = total
    return state


def test_ismcts_is_deterministic_for_a_seed():
    agent = ISMCTSAgent(Budget(iterations=300))
    state = position_with_running(6)
    picks = {str(agent.choose(PIG, PIG.observe(state, 0), 0, random.Random(4))) for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_holds_a_winning_total():
    state = position_with_running(20)
    agent = ISMCTSAgent(Budget(iterations=400))
    assert agent.choose(PIG, PIG.observe(state, 0), 0, random.Random(1)) == {"type": "hold"}


def test_ismcts_respects_its_iteration_budget():
    calls = []

    class Counting(type(PIG)):
        def determinize(self, observation, seat, rng):
            calls.append(1)
            return super().determinize(observation, seat, rng)

    agent = ISMCTSAgent(Budget(iterations=50))
    agent.choose(Counting(), PIG.observe(position_with_running(3), 0), 0, random.Random(0))
    assert len(calls) == 50


def test_greedy_uses_the_expectation_over_dice():
    # From 0 running, rolling is worth more than holding nothing.
    state = position_with_running(0)
    assert GreedyAgent(pig_evaluate).choose(PIG, PIG.observe(state, 0), 0, random.Random(0)) == {"type": "roll"}


@pytest.mark.slow
def test_search_beats_random():
    wins = 0
    for seed in range(20):
        seats = {seed % 2: ISMCTSAgent(Budget(iterations=120)), 1 - seed % 2: RandomAgent()}
        record = play_match(PIG, config_for(2), seed, seats)
        wins += record["winners"] == [seed % 2]
    assert wins >= 15


def test_play_match_reports_the_game():
    record = play_match(PIG, config_for(3), 9, {i: RandomAgent() for i in range(3)}, record_times=True)
    assert record["actions"] > 3 and len(record["scores"]) == 3
    assert set(record["times"]) == {0, 1, 2}
    assert record["winners"] == [s for s, r in enumerate(record["ranks"]) if r == 0]


def test_a_budget_stops_at_its_seconds_only_while_time_caps_are_on():
    try:
        set_time_caps(True)
        assert not Budget(iterations=10, seconds=0.0).clock().tick(), "a spent time cap stops the search"
        set_time_caps(False)
        clock = Budget(iterations=10, seconds=0.0).clock()
        assert [clock.tick() for _ in range(10)] == [True] * 9 + [False], "then only the iteration count does"
    finally:
        set_time_caps(False)
