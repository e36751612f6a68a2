"""The double roll: two full rolls a turn, both producing, the second thrown again while it repeats
the first total, and nothing between them but what the first roll forces."""

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.catan_2p.rules import RULES
from tests.catan.helpers import edge_between
from tests.catan_2p.helpers import HOME, HOME_ROADS, act, kinds, position


def test_two_rolls_each_produce_and_an_equal_total_is_thrown_again():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="roll")
    first = act(state, type="roll", dice=[3, 3])
    assert [e.kind for e in first] == ["rolled", "produced"]
    assert state.phase == "roll" and RULES.to_act(state) == CHANCE and state.rolls == 1 and state.first_total == 6
    again = act(state, type="roll", dice=[2, 4])  # the same total: thrown again, nothing produced
    assert [e.kind for e in again] == ["rethrow"] and state.phase == "rethrow" and RULES.to_act(state) == CHANCE
    assert len(RULES.legal_actions(state)) == 36
    outcomes = RULES.chance_outcomes(state)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) == 11
    act(state, type="roll", dice=[1, 5])  # and again
    assert state.phase == "rethrow" and state.rolls == 1
    last = act(state, type="roll", dice=[4, 4])
    assert [e.kind for e in last] == ["rolled", "produced"] and last[0].data["total"] == 8
    assert state.phase == "main" and state.rolls == 2 and state.dice == (4, 4)


def test_different_faces_with_the_same_total_are_the_same_result():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="roll")
    act(state, type="roll", dice=[1, 5])
    act(state, type="roll", dice=[3, 3])
    assert state.phase == "rethrow"


def test_a_random_rethrow_never_settles_on_the_first_total():
    import random
    rng = random.Random(3)
    for _ in range(40):
        state = position(buildings=HOME, roads=HOME_ROADS, phase="roll")
        act(state, type="roll", dice=[2, 2])
        while state.phase in ("roll", "rethrow"):
            RULES.apply(state, RULES.sample_chance(state, rng))
        assert state.rolls == 2 and sum(state.dice) != 4


def test_between_the_rolls_only_the_decisions_a_seven_forces():
    many = {"brick": 3, "lumber": 3, "wool": 2}
    state = position(buildings=HOME, roads=HOME_ROADS, phase="roll", hands={0: {"ore": 2}, 1: many})
    act(state, type="roll", dice=[3, 4])
    assert state.phase == "discard" and RULES.to_act(state) == 1 and kinds(RULES.legal_actions(state)) == {"discard"}
    act(state, type="discard", cards={"brick": 2, "lumber": 2})
    assert state.phase == "robber" and RULES.to_act(state) == 0 and kinds(RULES.legal_actions(state)) == {"robber"}
    for bad in ({"type": "end_turn"}, {"type": "forced_trade", "mode": "resources"}, {"type": "robber_to_desert"},
                {"type": "buy"}, {"type": "road", "edge": edge_between(33, 38)}):
        before = RULES.to_json(state)
        with pytest.raises(IllegalAction):
            RULES.apply(state, bad)
        assert RULES.to_json(state) == before
    hex_of_player_2 = next(a["hex"] for a in RULES.legal_actions(state) if a.get("victim") == 1)
    act(state, type="robber", hex=hex_of_player_2, victim=1)
    act(state, type="steal", resource="wool")
    assert state.phase == "roll" and RULES.to_act(state) == CHANCE and state.rolls == 1
    act(state, type="roll", dice=[2, 5])  # a second 7 cannot be: it is thrown again
    assert state.phase == "rethrow"
    act(state, type="roll", dice=[5, 5])
    assert state.phase == "main" and state.rolls == 2


def test_a_knight_before_the_first_roll_leaves_both_rolls_to_come():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll", devs={0: {"knight": 1}},
                     hands={1: {"ore": 1}})
    act(state, type="play", card="knight")
    move = next(a for a in RULES.legal_actions(state) if a.get("victim") == 1)
    RULES.apply(state, move)
    act(state, type="steal", resource="ore")
    assert state.phase == "roll" and state.rolls == 0
    act(state, type="roll", dice=[1, 1])
    act(state, type="roll", dice=[6, 6])
    assert state.phase == "main" and state.rolls == 2


def test_a_new_turn_starts_the_count_again():
    state = position(buildings=HOME, roads=HOME_ROADS)
    act(state, type="end_turn")
    assert state.current == 1 and state.rolls == 0 and state.first_total == 0 and not state.token_used
