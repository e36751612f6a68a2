"""The Kahuna AI: legal and sensible choices, determinism, pruning, picklable levels."""

import pickle
import random

import pytest

from game.ai import RandomAgent
from game.ai.arena import play_match
from game.games.kahuna.ai import SEARCH_RULES, KahunaSearch, evaluate, make_agent, rollout_policy
from game.games.kahuna.rules import RULES
from tests.kahuna.helpers import apply_all, position
from tests.support import config_for

CHEAP = KahunaSearch(iterations=60, seconds=10)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_levels_are_picklable_agents(level):
    agent = pickle.loads(pickle.dumps(make_agent(level)))
    state = position(hands=(["ALOA", "BARI"], ["COCO"]))
    action = agent.choose(RULES, RULES.observe(state, 0), 0, random.Random(1))
    assert action in RULES.legal_actions(state)


@pytest.mark.parametrize("level", ["easy", "normal", pytest.param("hard", marks=pytest.mark.slow)])
def test_every_level_draws_after_the_opponents_no_draw(level):
    # "No draw" is allowed on every turn, so two AIs that kept passing would never end the round: the
    # AI answers a pass with a draw, discarding first with a full hand.
    agent = make_agent(level)
    full = position(hands=(["ALOA", "ALOA", "BARI", "COCO", "DUDA"], ["HUNA"]), must_draw=True)
    assert {"type": "pass"} in RULES.legal_actions(full)
    for seed in range(3):
        state = RULES.clone(full)
        while RULES.to_act(state) == 0:
            action = agent.choose(RULES, RULES.observe(state, 0), 0, random.Random(seed))
            assert action["type"] != "pass"
            apply_all(state, action)
            if RULES.to_act(state) != 0:
                break
        assert state.must_draw is False


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_agent("genius")


def capture_position():
    """Seat 0 takes ALOA with its DUDA card, sweeping white's ALOA-HUNA; nothing else comes close."""
    return position(bridges={"ALOA-BARI": 0, "ALOA-HUNA": 1, "HUNA-LALE": 1}, hands=(["DUDA", "KAHU"], ["IFFI"]))


@pytest.mark.parametrize("agent", [make_agent("easy"), CHEAP, make_agent("normal")])
def test_agents_take_an_open_capture(agent):
    state = capture_position()
    picks = [agent.choose(RULES, RULES.observe(state, 0), 0, random.Random(seed)) for seed in range(3)]
    capture = {"type": "build", "card": "DUDA", "line": "ALOA-DUDA"}
    assert sum(pick == capture for pick in picks) >= 2


def test_rollout_policy_prefers_the_capture():
    state = capture_position()
    picks = [rollout_policy(RULES, state, 0, random.Random(seed)) for seed in range(10)]
    assert picks.count({"type": "build", "card": "DUDA", "line": "ALOA-DUDA"}) >= 8


def test_search_is_deterministic_for_a_seed():
    state = position(hands=(["ALOA", "ELAI", "IFFI"], ["COCO", "GOLA"]), bridges={"ELAI-JOJO": 1, "DUDA-ELAI": 0})
    seen = RULES.observe(state, 0)
    picks = {str(CHEAP.choose(RULES, seen, 0, random.Random(5))) for _ in range(3)}
    assert len(picks) == 1


def test_search_leaves_out_discards_while_the_hand_has_room():
    state = position(hands=(["ALOA", "BARI"], []))
    assert not [a for a in SEARCH_RULES.legal_actions(state) if a["type"] == "discard"]
    full = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []))
    assert [a for a in SEARCH_RULES.legal_actions(full) if a["type"] == "discard"]


def test_evaluation_prefers_more_stones_and_is_symmetric():
    ahead = position(bridges={"ALOA-BARI": 0, "ALOA-DUDA": 0})
    assert evaluate(RULES, ahead, 0) > 0.5 > evaluate(RULES, ahead, 1)
    assert evaluate(RULES, ahead, 0) + evaluate(RULES, ahead, 1) == pytest.approx(1.0)


@pytest.mark.slow
def test_search_beats_random():
    wins = 0
    for seed in range(4):
        agents = {seed % 2: CHEAP, 1 - seed % 2: RandomAgent()}
        record = play_match(RULES, config_for(2), seed, agents)
        wins += record["winners"] == [seed % 2]
    assert wins >= 3
