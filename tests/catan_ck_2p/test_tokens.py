"""Trade tokens in the combination: earned by settlements next to the desert or on the coast (the set-up
settlement too, not the set-up city) and by taking one of your own knights off the board (1/2/3, once a
turn, never for a forced removal); spent once a turn at a price set by the points, doubled for a
forced trade of the whole hand; a forced trade of resources judged on what both players see."""

import pytest

from game.core.rules import CHANCE, action_key
from game.games.catan import board
from game.games.catan_ck_2p.text import describe_event
from tests.catan_2p.helpers import SETTLEMENT_EARNINGS
from tests.catan_ck_2p.helpers import RULES, act, edge_between, legal, position, refused, roads_along

HOME = [(28, 0, "settlement"), (41, 1, "settlement")]
HOME_ROADS = [(edge_between(28, 33), 0), (edge_between(41, 36), 1)]
SETTLEMENT_CARDS = {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}
FORCED = {"type": "forced_trade", "mode": "resources"}
WHOLE = {"type": "forced_trade", "mode": "whole_hand"}
TO_DESERT = {"type": "robber_to_desert"}


def english(key, **fields):
    from game.core.i18n import tr
    return tr(key, "en", **fields)


def tokens_of(events):
    return next((e.data for e in events if e.kind == "trade_tokens"), None)


def test_the_set_up_settlement_earns_tokens_and_the_set_up_city_none():
    from tests.support import config_for
    state = RULES.new_game(config_for(2, {"layout": "beginner"}))
    act(state, type="first_player", seat=0)

    def place(kind, vertex):
        events = act(state, type=kind, vertex=vertex)
        act(state, type="road", edge=board.VERTEX_EDGES[vertex][0])
        return tokens_of(events)

    assert place("settlement", 23) == {"seat": 0, "gained": 2, "due": 2, "reason": "desert"}
    assert place("settlement", 38) == {"seat": 1, "gained": 1, "due": 1, "reason": "coast"}
    assert place("city", 24) is None  # next to the desert, but a city (A02)
    assert place("city", 31) is None
    assert state.tokens == [7, 6] and state.token_supply == 7 and state.phase in ("roll", "pre_roll")


@pytest.mark.parametrize("corners, layout, reason, gained", SETTLEMENT_EARNINGS)
def test_a_built_settlement_earns_by_where_it_stands(corners, layout, reason, gained):
    extra = {} if layout is None else {"layout": layout, "robber": layout["terrain"].index("desert")}
    state = position(buildings=HOME, roads=HOME_ROADS[1:] + roads_along(*corners), hands={0: SETTLEMENT_CARDS},
                     **extra)
    data = tokens_of(act(state, type="settlement", vertex=corners[-1]))
    assert (data["reason"] if data else None) == reason
    assert state.tokens[0] == 5 + gained and sum(state.tokens) + state.token_supply == 20


KNIGHTS = [(33, 0, 1, False), (22, 0, 2, True), (34, 0, 3, False)]
KNIGHT_ROADS = HOME_ROADS + [(edge_between(28, 22), 0), (edge_between(28, 34), 0)]


@pytest.mark.parametrize("vertex, strength, gained", [(33, 1, 1), (22, 2, 2), (34, 3, 3)])
def test_taking_your_own_knight_off_earns_tokens_by_its_strength_active_or_not(vertex, strength, gained):
    state = position(buildings=HOME, roads=KNIGHT_ROADS, knights=KNIGHTS)
    events = act(state, type="remove_knight", vertex=vertex)
    assert events[0].data == {"seat": 0, "vertex": vertex, "strength": strength, "gained": gained, "due": gained}
    assert state.knight_owner[vertex] < 0 and state.tokens == [5 + gained, 5] and state.token_supply == 10 - gained
    assert not state.token_used  # earning is no token action (A05)
    assert not any(a["type"] == "remove_knight" for a in RULES.legal_actions(state))
    refused(state, {"type": "remove_knight", "vertex": 33 if vertex != 33 else 22}, "one knight a turn")


def test_a_knight_comes_off_before_the_first_roll_too_and_the_turn_after_again():
    state = position(buildings=HOME, roads=KNIGHT_ROADS, knights=KNIGHTS, phase="pre_roll")
    assert {action_key({"type": "remove_knight", "vertex": v}) for v in (33, 22, 34)} <= legal(state)
    act(state, type="remove_knight", vertex=33)
    assert state.phase == "pre_roll" and state.knight_turned_in
    state = position(buildings=HOME, roads=KNIGHT_ROADS, knights=KNIGHTS, knight_turned_in=True)
    act(state, type="end_turn")
    assert not state.knight_turned_in


def test_only_your_own_knight_comes_off_and_a_short_supply_pays_what_is_left():
    state = position(buildings=HOME, roads=KNIGHT_ROADS + [(edge_between(36, 31), 1)],
                     knights=KNIGHTS + [(31, 1, 1, False)], tokens=[10, 9], token_supply=1)
    refused(state, {"type": "remove_knight", "vertex": 31}, "your own knights")
    event = act(state, type="remove_knight", vertex=34)[0]
    assert event.data["gained"] == 1 and event.data["due"] == 3 and state.tokens == [11, 9]
    assert describe_event(event, english) == ("Player 1 takes a mighty knight off the board for 1 trade token. "
                                              "(The supply was short of the 3 due.)")
    empty = position(buildings=HOME, roads=KNIGHT_ROADS, knights=KNIGHTS, tokens=[11, 9], token_supply=0)
    assert not any(a["type"] == "remove_knight" for a in RULES.legal_actions(empty))
    refused(empty, {"type": "remove_knight", "vertex": 34}, "supply is empty")


def test_a_knight_removed_by_force_earns_nothing():
    roads = HOME_ROADS[1:] + roads_along(28, 34, 29, 23) + [(edge_between(23, 17), 1)]
    state = position(buildings=HOME, roads=roads, knights=[(29, 0, 2, True), (23, 1, 1, False)])
    act(state, type="knight_move", vertex=29, to=23)
    assert state.phase == "retreat" and RULES.to_act(state) == 1
    act(state, type="retreat", vertex=17)
    assert state.tokens == [5, 5] and state.token_supply == 10


def test_the_price_of_a_token_action_follows_the_points():
    level = position(buildings=HOME, roads=HOME_ROADS)
    assert RULES.token_cost(level, 0) == 1
    ahead = position(buildings=HOME, roads=HOME_ROADS, defenders=[1, 0])
    assert RULES.token_cost(ahead, 0) == 2 and RULES.token_cost(ahead, 1) == 1


def test_robber_to_the_desert_costs_the_price_and_is_the_turns_one_token_action():
    state = position(buildings=HOME, roads=HOME_ROADS, robber=4, attacks=1, defenders=[1, 0],
                     hands={0: {"ore": 2}, 1: {"wool": 2}})
    assert action_key(TO_DESERT) in legal(state)
    event = act(state, **TO_DESERT)[0]
    assert event.data["cost"] == 2 and state.tokens == [3, 5] and state.robber == 9
    assert not {action_key(FORCED), action_key(WHOLE)} & legal(state)
    refused(state, FORCED, "one trade-token action a turn")


def test_a_whole_hand_forced_trade_costs_double_draws_from_every_card_and_takes_any_back():
    hands = {0: {"paper": 2}, 1: {"coin": 2}}
    state = position(buildings=HOME, roads=HOME_ROADS, hands=hands, defenders=[1, 0])
    event = act(state, **WHOLE)[0]
    assert event.data["cost"] == 4 and state.tokens == [1, 5] and state.phase == "forced_draw"
    assert RULES.to_act(state) == CHANCE
    assert [a["resource"] for a in RULES.legal_actions(state)] == ["coin"]
    act(state, type="forced_draw", resource="coin")
    act(state, type="forced_draw", resource="coin")
    assert {a["cards"].get("paper", 0) + a["cards"].get("coin", 0) for a in RULES.legal_actions(state)} == {2}
    act(state, type="give_back", cards={"paper": 2})
    assert RULES.to_json(state)["hands"][0]["coin"] == 2 and RULES.to_json(state)["hands"][1]["paper"] == 2
    assert state.phase == "main" and state.token_used


def test_a_forced_trade_of_resources_sets_the_commodities_aside_and_gives_back_resources_only():
    hands = {0: {"grain": 1, "paper": 3}, 1: {"ore": 1, "cloth": 4}}
    state = position(buildings=HOME, roads=HOME_ROADS, hands=hands)
    event = act(state, **FORCED)[0]
    assert event.data["cost"] == 1 and state.forced[1] == 1  # one resource to draw: one draw
    assert [a["resource"] for a in RULES.legal_actions(state)] == ["ore"]
    act(state, type="forced_draw", resource="ore")
    assert state.phase == "forced_give"
    assert {action_key(a) for a in RULES.legal_actions(state)} == {
        action_key({"type": "give_back", "cards": {"grain": 1, "ore": 1}})}
    refused(state, {"type": "give_back", "cards": {"paper": 2}}, "resources only")
    act(state, type="give_back", cards={"grain": 1, "ore": 1})
    hands = RULES.to_json(state)["hands"]
    assert hands[1]["grain"] == hands[1]["ore"] == 1 and hands[1]["cloth"] == 4 and hands[0]["paper"] == 3


def test_a_forced_trade_of_resources_is_offered_on_what_both_see_and_found_void_on_a_hand_of_commodities():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"grain": 2}, 1: {"cloth": 3}})
    assert {action_key(FORCED), action_key(WHOLE)} <= legal(state)
    seen = RULES.observe(state, 0)
    assert legal(seen) == legal(state)  # the observation gives the same choices, and no crash
    events = act(state, **FORCED)
    assert [e.kind for e in events] == ["forced_void"] and events[0].reveals
    assert state.tokens == [5, 5] and not state.token_used and state.forced_void and state.phase == "main"
    assert action_key(FORCED) not in legal(state) and action_key(WHOLE) in legal(state)
    assert "nothing is paid" in describe_event(events[0], english)
    act(state, type="end_turn")
    assert not state.forced_void


def test_a_forced_trade_of_resources_needs_two_resources_to_give_back():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"paper": 2}, 1: {"ore": 1}})
    assert action_key(FORCED) not in legal(state) and action_key(WHOLE) in legal(state)
    refused(state, FORCED, "2 resources")
    one_short = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"paper": 2}, 1: {"ore": 1, "cloth": 1}})
    assert action_key(FORCED) in legal(one_short)  # their 2 cards might both be resources
    assert act(one_short, **FORCED)[0].kind == "forced_void"
