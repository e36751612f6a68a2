"""The computer players: sensible choices in set positions, trading on merits, picklable agents."""

import pickle
import random

import pytest

from game.ai import RandomAgent
from game.ai.arena import play_match
from game.games.catan import board as B
from game.games.catan.ai import Evaluator, evaluate, make_agent
from game.games.catan.rules import RULES
from tests.catan.helpers import act, position
from tests.support import config_for

V = B.VERTEX_ID


def choose(level, state, seat=None, seed=0):
    seat = RULES.to_act(state) if seat is None else seat
    return make_agent(level).choose(RULES, RULES.observe(state, seat), seat, random.Random(seed))


def test_agents_pickle_and_levels_are_checked():
    for level in ("easy", "normal", "hard"):
        agent = pickle.loads(pickle.dumps(make_agent(level)))
        assert agent.level == level
    with pytest.raises(ValueError):
        make_agent("expert")


def test_builds_a_city_when_it_can():
    state = position(hands={0: {"ore": 3, "grain": 2}}, buildings=[(V["0,-1,N"], 0, "settlement")])
    for level in ("normal", "hard"):
        assert choose(level, state) == {"type": "city", "vertex": V["0,-1,N"]}


def test_trades_with_the_bank_toward_a_city():
    state = position(hands={0: {"ore": 2, "grain": 2, "brick": 4}}, buildings=[(V["0,-1,N"], 0, "settlement")])
    for level in ("normal", "hard"):
        assert choose(level, state) == {"type": "bank_trade", "give": "brick", "get": "ore"}


def test_offers_a_trade_when_one_card_short_but_easy_does_not():
    state = position(hands={0: {"ore": 3, "grain": 1, "wool": 2}, 1: {"grain": 2}},
                     buildings=[(V["0,-1,N"], 0, "settlement")])
    assert choose("normal", state) == {"type": "trade"}
    assert choose("easy", state, seed=3)["type"] != "trade"
    act(state, type="trade")
    steps = []
    while state.phase == "compose":
        step = choose("normal", state)
        steps.append(step)
        act(state, **step)
    assert steps[-1] == {"type": "propose"}
    assert state.trade.offer == ((0, 0, 0, 0, 1), (0, 0, 0, 1, 0))  # a wool for a grain


def test_does_not_repeat_an_offer_in_the_same_turn():
    state = position(hands={0: {"ore": 3, "grain": 1, "wool": 2}, 1: {"grain": 2}},
                     buildings=[(V["0,-1,N"], 0, "settlement")], offers_made=1)
    assert choose("normal", state) != {"type": "trade"}


def offer_to(responder_hand, proposer_points_buildings, give, want):
    state = position(hands={0: {"wool": 3, "ore": 2}, 1: responder_hand},
                     buildings=proposer_points_buildings)
    act(state, type="trade")
    for r, k in give.items():
        for _ in range(k):
            act(state, type="trade_give", resource=r)
    for r, k in want.items():
        for _ in range(k):
            act(state, type="trade_want", resource=r)
    act(state, type="propose")
    return state


def test_accepts_a_good_offer_and_declines_a_bad_one():
    mine = [(V["-2,2,N"], 1, "settlement")]
    good = offer_to({"grain": 2, "lumber": 3}, mine, {"ore": 2}, {"lumber": 1})
    assert choose("normal", good) == {"type": "accept"}
    bad = offer_to({"ore": 2, "grain": 2, "lumber": 1}, mine, {"wool": 1}, {"ore": 2})
    assert choose("normal", bad) != {"type": "accept"}
    assert choose("easy", bad) == {"type": "decline"}


def test_counters_with_a_card_it_can_spare():
    mine = [(V["-2,2,N"], 1, "settlement")]
    state = offer_to({"ore": 2, "grain": 2, "lumber": 1}, mine, {"wool": 1}, {"ore": 2})
    assert choose("normal", state) == {"type": "counter"}
    act(state, type="counter")
    while state.phase == "compose":
        act(state, **choose("normal", state))
    counter = state.trade.answers[1]
    assert isinstance(counter, tuple) and counter[0] == (0, 0, 0, 0, 1) and sum(counter[1]) == 1  # of the proposer


def test_never_helps_a_player_about_to_win():
    near = [(V["0,-1,N"], 0, "city"), (V["-1,2,N"], 0, "city"), (V["2,-2,S"], 0, "city"),
            (V["-2,2,N"], 1, "settlement")]
    state = offer_to({"grain": 2, "lumber": 3}, near, {"ore": 2}, {"lumber": 1})
    assert choose("normal", state) == {"type": "decline"}
    assert choose("hard", state) == {"type": "decline"}


def test_discards_keep_what_the_next_build_needs():
    state = position(phase="discard", hands={1: {"ore": 3, "grain": 2, "wool": 3, "brick": 2}},
                     buildings=[(V["0,-1,N"], 1, "settlement")], discard=[0, 5, 0, 0])
    action = choose("hard", state)
    assert action["type"] == "discard" and sum(action["cards"].values()) == 5
    assert action["cards"].get("ore", 0) == 0 and action["cards"].get("grain", 0) == 0


def test_the_robber_goes_next_to_an_opponent_not_to_our_own_hex():
    state = position(phase="robber", hands={1: {"ore": 3}},
                     buildings=[(V["0,-1,N"], 0, "city"), (V["-2,2,N"], 1, "city")])
    action = choose("normal", state)
    assert action.get("victim") == 1
    assert not any(state.vertex_owner[v] == 0 for v in B.HEX_VERTICES[action["hex"]])


def test_first_settlement_takes_a_rich_corner():
    state = RULES.new_game(config_for(4, {"layout": "beginner", "start_positions": False}))
    act(state, type="first_player", seat=0)
    vertex = choose("hard", state)["vertex"]
    pips = sum(state.layout.vertex_pips[vertex])
    assert pips >= sorted(sum(p) for p in state.layout.vertex_pips)[-8]


def test_evaluation_prefers_more_production_and_points():
    poor = position(buildings=[(V["2,-2,S"], 0, "settlement")])
    rich = position(buildings=[(V["2,-2,S"], 0, "city")])
    assert Evaluator(rich, 0).value(rich) > Evaluator(poor, 0).value(poor)
    assert 0.0 < evaluate(RULES, poor, 0) < evaluate(RULES, rich, 0) < 1.0


@pytest.mark.slow
def test_hard_beats_random_players():
    agents = {0: make_agent("hard"), 1: RandomAgent(), 2: RandomAgent(), 3: RandomAgent()}
    record = play_match(RULES, config_for(4), 11, agents)
    assert record["winners"] == [0]
