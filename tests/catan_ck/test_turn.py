"""Set-up, the event die, production with commodities, the Aqueduct, the 7 and the sleeping robber,
city walls and the win (reference §3-§6, §10, §15)."""

import pytest

from game.core.rules import CHANCE
from game.games.catan_ck.rules import RULES
from tests.catan.helpers import edge_between
from tests.catan_ck.helpers import act, check, is_legal, position, refused
from tests.support import config_for

FOREST_HILLS_MOUNTAINS = 25  # hills 10, forest 3, mountains 8
PASTURES = 9  # pasture 2, forest 9, pasture 4
FIELDS_HILLS_MOUNTAINS = 12  # mountains 10, fields 12, hills 6


def roll(state, a, b, event="ship"):
    assert RULES.to_act(state) == CHANCE and state.phase == "roll"
    return act(state, type="roll", dice=[a, b], event=event)


def test_setup_places_a_settlement_then_a_city_and_the_city_gives_the_starting_cards():
    state = RULES.new_game(config_for(3, {"layout": "beginner"}))
    act(state, type="first_player", seat=0)
    for seat, v in ((0, 0), (1, 2), (2, 21)):
        assert RULES.to_act(state) == seat and state.phase == "setup_settlement"
        act(state, type="settlement", vertex=v)
        act(state, type="road", edge=RULES.legal_actions(state)[0]["edge"])
    assert state.phase == "setup_city" and RULES.to_act(state) == 2
    assert is_legal(state, type="city", vertex=FOREST_HILLS_MOUNTAINS)
    refused(state, {"type": "settlement", "vertex": FOREST_HILLS_MOUNTAINS})
    events = act(state, type="city", vertex=FOREST_HILLS_MOUNTAINS)
    assert state.vertex_level[FOREST_HILLS_MOUNTAINS] == 2 and state.pieces[2] == [1, 1, 1]
    assert events[-1].data["cards"] == {"brick": 1, "lumber": 1, "ore": 1}  # resources only, no commodity
    assert sum(state.hands[2][5:]) == 0
    act(state, type="road", edge=RULES.legal_actions(state)[0]["edge"])
    for v in (PASTURES, 44):
        act(state, type="city", vertex=v)
        act(state, type="road", edge=RULES.legal_actions(state)[0]["edge"])
    assert state.phase == "roll" and state.current == 0 and RULES.public_points(state, 0) == 3
    check(state)


def test_a_city_earns_a_commodity_beside_forest_pasture_and_mountains_and_two_cards_elsewhere():
    state = position(buildings=[(FOREST_HILLS_MOUNTAINS, 0, "city"), (PASTURES, 1, "city"),
                                (FIELDS_HILLS_MOUNTAINS, 2, "settlement")], phase="roll", rolled=False)
    roll(state, 4, 4)  # 8: mountains beside the city at 25
    assert state.hands[0] == [0, 0, 1, 0, 0, 0, 0, 1]  # ore + coin
    state.phase, state.rolled = "roll", False
    roll(state, 1, 2)  # 3: forest
    assert state.hands[0][1] == 1 and state.hands[0][5] == 1  # lumber + paper
    state.phase, state.rolled = "roll", False
    roll(state, 5, 5)  # 10: hills beside 25 (2 brick), mountains beside 12 (a settlement: 1 ore)
    assert state.hands[0][0] == 2 and state.hands[2][2] == 1
    state.phase, state.rolled = "roll", False
    roll(state, 2, 2)  # 4: pasture beside 9
    assert state.hands[1] == [0, 0, 0, 0, 1, 0, 1, 0]  # wool + cloth
    check(state)


def test_the_robber_hex_produces_no_commodity_and_the_bank_shortage_counts_each_kind_apart():
    robbed = position(buildings=[(FOREST_HILLS_MOUNTAINS, 0, "city")], phase="roll", rolled=False, robber=11)
    roll(robbed, 4, 4)
    assert sum(robbed.hands[0]) == 0
    short = position(buildings=[(FOREST_HILLS_MOUNTAINS, 0, "city"), (37, 1, "city")], phase="roll",
                     rolled=False, hands={2: {"coin": 11}})
    roll(short, 4, 4)  # two cities owed one coin each, one left in the bank: nobody gets coin
    assert short.hands[0] == [0, 0, 1, 0, 0, 0, 0, 0] and short.hands[1] == [0, 0, 1, 0, 0, 0, 0, 0]
    assert short.bank[7] == 1


def test_the_aqueduct_gives_a_resource_of_choice_when_a_roll_gives_nothing_a11():
    """A11: checked after each production roll (3-4 players roll once)."""
    state = position(buildings=[(FOREST_HILLS_MOUNTAINS, 0, "city"), (PASTURES, 1, "settlement")],
                     phase="roll", rolled=False, improvements={1: {"science": 3}, 2: {"science": 3}})
    roll(state, 4, 4)  # seat 0 earns, seats 1 and 2 nothing
    assert state.phase == "aqueduct" and RULES.to_act(state) == 1
    refused(state, {"type": "aqueduct", "resource": "paper"})
    act(state, type="aqueduct", resource="grain")
    assert RULES.to_act(state) == 2
    act(state, type="done")
    assert state.phase == "main" and state.hands[1][3] == 1 and sum(state.hands[2]) == 0
    seven = position(phase="roll", rolled=False, improvements={1: {"science": 3}})
    roll(seven, 3, 4)
    assert seven.phase == "main"  # a 7 is not a production roll


def test_on_a_seven_the_limit_grows_two_per_wall_and_the_sleeping_robber_stays_put():
    walls = [FOREST_HILLS_MOUNTAINS]
    state = position(buildings=[(FOREST_HILLS_MOUNTAINS, 1, "city")], walls=walls, phase="roll", rolled=False,
                     hands={1: {"brick": 9}, 2: {"paper": 8}, 3: {"ore": 7}})
    assert RULES.hand_limit(state, 1) == 9 and RULES.hand_limit(state, 2) == 7
    roll(state, 3, 4)
    assert state.phase == "discard" and state.discard == [0, 0, 4, 0] and RULES.to_act(state) == 2
    refused(state, {"type": "discard", "cards": {"paper": 4}})  # one card at a time
    for _ in range(4):
        act(state, type="discard", card="paper")
    assert state.phase == "main" and state.robber == 9  # asleep in the desert before the first attack
    assert not any(a["type"] == "chase" or a.get("card") == "bishop" for a in RULES.legal_actions(state))


def test_the_awake_robber_moves_and_steals_a_commodity_too():
    state = position(buildings=[(FOREST_HILLS_MOUNTAINS, 1, "settlement")], phase="roll", rolled=False,
                     attacks=1, hands={1: {"coin": 1}})
    roll(state, 3, 4)
    assert state.phase == "robber"
    act(state, type="robber", hex=11, victim=1)
    assert RULES.to_act(state) == CHANCE and RULES.legal_actions(state) == [{"type": "steal", "resource": "coin"}]
    act(state, type="steal", resource="coin")
    assert state.hands[0][7] == 1 and state.phase == "main"


def test_city_walls_cost_two_brick_one_per_city_at_most_three():
    cities = [FOREST_HILLS_MOUNTAINS, PASTURES, 44, 0]
    state = position(buildings=[(v, 0, "city") for v in cities], hands={0: {"brick": 8}},
                     walls=cities[:2])
    assert not is_legal(state, type="wall", vertex=cities[0])  # one per city
    act(state, type="wall", vertex=cities[2])
    assert state.hands[0][0] == 6 and RULES.hand_limit(state, 0) == 13
    refused(state, {"type": "wall", "vertex": cities[3]}, "at most 3")
    refused(state, {"type": "wall", "vertex": 40}, "city")


def test_thirteen_points_win_on_your_own_turn_only_a26():
    """A26: points reached on another player's turn win only when your own turn begins."""
    cities = [FOREST_HILLS_MOUNTAINS, PASTURES, 44, 0]
    state = position(buildings=[(v, 1, "city") for v in cities] + [(52, 1, "settlement"), (47, 1, "settlement")],
                     roads=[(edge_between(52, 48), 1), (edge_between(48, 44), 1)], defenders=[0, 2, 0, 0])
    assert RULES.total_points(state, 1) == 12 and state.current == 0
    state.defenders[1] += 1  # as by an attack on seat 0's turn
    act(state, type="end_turn")
    assert state.phase == "over" and state.winner == 1 and RULES.result(state).winners == [1]


@pytest.mark.parametrize("target", [10, 13, 18])
def test_victory_point_targets_of_the_option(target):
    state = RULES.new_game(config_for(4, {"victory_points": target}))
    assert state.options["victory_points"] == target
