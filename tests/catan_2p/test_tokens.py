"""Trade tokens: earned by settlements next to the desert or on the coast (set-up included) and by a
played knight card turned in; spent once a turn at a price set by the points, on a forced trade or on
sending the robber to the desert; a short supply pays what is left."""

import pytest

from game.core.rules import CHANCE, Event, IllegalAction
from game.games.catan import board
from game.games.catan_2p.rules import RULES
from game.games.catan_2p.text import describe_event
from tests.catan_2p.helpers import HOME, HOME_ROADS, SETTLEMENT_EARNINGS, act, kinds, new_game, position, roads_along

SETTLEMENT_CARDS = {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}
FORCED = {"type": "forced_trade", "mode": "resources"}
TO_DESERT = {"type": "robber_to_desert"}
TURN_IN = {"type": "turn_in_knight"}


def english(key, **fields):
    from game.core.i18n import tr
    return tr(key, "en", **fields)


def tokens_event(events):
    return next((e for e in events if e.kind == "trade_tokens"), None)


def test_set_up_settlements_earn_tokens():
    state = new_game(layout="beginner")
    act(state, type="first_player", seat=0)

    def place(vertex):
        events = act(state, type="settlement", vertex=vertex)
        act(state, type="road", edge=board.VERTEX_EDGES[vertex][0])
        return tokens_event(events)

    assert place(23).data == {"seat": 0, "gained": 2, "due": 2, "reason": "desert"}  # inland, next to the desert
    assert len(board.VERTEX_HEXES[38]) < 3
    assert place(38).data == {"seat": 1, "gained": 1, "due": 1, "reason": "coast"}
    assert place(31) is None  # inland, away from the desert
    assert place(24).data["gained"] == 2  # the second round earns too
    assert state.tokens == [9, 6] and state.token_supply == 5 and state.phase in ("roll", "pre_roll")


@pytest.mark.parametrize("corners, layout, reason, gained", SETTLEMENT_EARNINGS)
def test_a_built_settlement_earns_by_where_it_stands(corners, layout, reason, gained):
    state = position(buildings=HOME, roads=HOME_ROADS[1:] + roads_along(*corners), hands={0: SETTLEMENT_CARDS},
                     layout=layout)
    events = act(state, type="settlement", vertex=corners[-1])
    event = tokens_event(events)
    assert (event.data["reason"] if event else None) == reason
    assert state.tokens[0] == 5 + gained and sum(state.tokens) + state.token_supply == 20


def test_a_short_supply_pays_what_is_left():
    roads = HOME_ROADS[1:] + roads_along(28, 34, 29)
    state = position(buildings=HOME, roads=roads, hands={0: SETTLEMENT_CARDS}, tokens=[10, 9], token_supply=1)
    event = tokens_event(act(state, type="settlement", vertex=29))
    assert event.data == {"seat": 0, "gained": 1, "due": 2, "reason": "desert"}
    assert state.tokens == [11, 9] and state.token_supply == 0
    assert describe_event(event, english) == ("Player 1 takes 1 trade token for a settlement next to the desert. "
                                              "(The supply was short of the 2 due.)")
    empty = position(buildings=HOME, roads=roads, hands={0: SETTLEMENT_CARDS}, tokens=[11, 9], token_supply=0)
    event = tokens_event(act(empty, type="settlement", vertex=29))
    assert event.data["gained"] == 0 and empty.tokens == [11, 9]
    assert describe_event(event, english) == "The token supply is empty: Player 1 takes none of the 2 due."


def test_a_played_knight_card_is_turned_in_for_two_tokens_once_a_turn():
    state = position(buildings=HOME, roads=HOME_ROADS, played={0: {"knight": 2}})
    assert TURN_IN in RULES.legal_actions(state)
    events = act(state, type="turn_in_knight")
    assert events[0].data == {"seat": 0, "gained": 2} and state.tokens == [7, 5] and state.token_supply == 8
    assert RULES.army_size(state, 0) == 1 and state.played[0][board.KNIGHT] == 2
    assert TURN_IN not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="once a turn"):
        act(state, type="turn_in_knight")
    act(state, type="end_turn")
    assert not state.knight_turned_in
    none_played = position(buildings=HOME, roads=HOME_ROADS)
    assert TURN_IN not in RULES.legal_actions(none_played)
    with pytest.raises(IllegalAction, match="no played knight"):
        act(none_played, type="turn_in_knight")
    short = position(buildings=HOME, roads=HOME_ROADS, played={0: {"knight": 1}}, tokens=[10, 9], token_supply=1)
    act(short, type="turn_in_knight")
    assert short.tokens == [11, 9] and short.token_supply == 0


@pytest.mark.parametrize("mine, theirs, after", [(3, 2, None), (4, 3, 0), (3, 3, 1)])
def test_a_knight_turned_in_stops_counting_toward_largest_army(mine, theirs, after):
    state = position(buildings=HOME, roads=HOME_ROADS, played={0: {"knight": mine}, 1: {"knight": theirs}},
                     largest_army=0)
    events = act(state, type="turn_in_knight")
    assert state.largest_army == (-1 if after is None else after)
    changed = [e.data["seat"] for e in events if e.kind == "largest_army"]
    assert changed == ([] if after == 0 else [after])
    assert RULES.from_json(RULES.to_json(state)).largest_army == state.largest_army


def test_the_price_is_one_token_unless_your_visible_points_lead():
    robber_away = board.HEX_ID[(1, -1)]
    level = position(buildings=HOME, roads=HOME_ROADS, devs={0: {"victory_point": 2}}, robber=robber_away)
    assert RULES.token_cost(level, 0) == 1  # hidden victory point cards do not count
    events = act(level, type="robber_to_desert")
    assert events[0].data == {"seat": 0, "action": "robber_to_desert", "cost": 1}
    assert level.tokens == [4, 5] and level.token_supply == 11 and level.robber == level.layout.desert
    ahead = position(buildings=HOME + [(31, 0, "settlement")], roads=HOME_ROADS, robber=robber_away)
    assert RULES.token_cost(ahead, 0) == 2 and RULES.token_cost(ahead, 1) == 1
    act(ahead, type="robber_to_desert")
    assert ahead.tokens == [3, 5]
    poor = position(buildings=HOME + [(31, 0, "settlement")], roads=HOME_ROADS, robber=robber_away,
                    tokens=[1, 5], token_supply=14)
    assert TO_DESERT not in RULES.legal_actions(poor)
    with pytest.raises(IllegalAction, match="costs 2"):
        act(poor, type="robber_to_desert")


def test_one_token_action_a_turn_whichever_kind():
    state = position(buildings=HOME, roads=HOME_ROADS, robber=board.HEX_ID[(1, -1)],
                     hands={0: {"ore": 2}, 1: {"wool": 3}})
    assert {FORCED["type"], TO_DESERT["type"]} <= kinds(RULES.legal_actions(state))
    act(state, type="robber_to_desert")
    assert not {FORCED["type"], TO_DESERT["type"]} & kinds(RULES.legal_actions(state))
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction, match="one trade-token action a turn"):
        act(state, **FORCED)
    assert RULES.to_json(state) == before


def test_the_robber_goes_to_the_desert_only_from_elsewhere():
    state = position(buildings=HOME, roads=HOME_ROADS)
    assert state.robber == state.layout.desert and TO_DESERT not in RULES.legal_actions(state)
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction, match="already stands in the desert"):
        act(state, type="robber_to_desert")
    assert RULES.to_json(state) == before


def test_token_actions_come_before_the_first_roll_or_after_both():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll", robber=board.HEX_ID[(1, -1)])
    assert kinds(RULES.legal_actions(state)) == {"roll", "robber_to_desert"}
    act(state, type="robber_to_desert")
    assert state.phase == "pre_roll" and RULES.legal_actions(state) == [{"type": "roll"}]
    act(state, type="roll")
    act(state, type="roll", dice=[2, 3])
    assert RULES.to_act(state) == CHANCE  # nothing to decide between the rolls


def test_a_turn_opens_with_a_choice_only_when_something_can_be_done_before_rolling():
    state = position(buildings=HOME, roads=HOME_ROADS, current=1, robber=board.HEX_ID[(1, -1)])
    act(state, type="end_turn")
    assert state.current == 0 and state.phase == "pre_roll"
    calm = position(buildings=HOME, roads=HOME_ROADS, current=1)
    act(calm, type="end_turn")
    assert calm.phase == "roll"


@pytest.mark.parametrize("mine, theirs, offered", [
    ({}, {}, False),                             # the opponent holds nothing to draw (A06)
    ({}, {"ore": 1}, False),                     # 1 card drawn, none held: 2 cannot be given back (A32)
    ({"wool": 1}, {"ore": 1}, True),             # 1 drawn + 1 held
    ({}, {"ore": 2}, True),                      # the 2 drawn may be the 2 given back
    ({"wool": 5}, {}, False),
])
def test_a_forced_trade_needs_a_card_to_draw_and_two_to_give_back(mine, theirs, offered):
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: mine, 1: theirs})
    assert (FORCED in RULES.legal_actions(state)) is offered
    if not offered:
        before = RULES.to_json(state)
        with pytest.raises(IllegalAction):
            act(state, **FORCED)
        assert RULES.to_json(state) == before


def test_a_forced_trade_draws_two_at_random_seen_by_the_two_traders_only_then_gives_back_two():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"wool": 1}, 1: {"ore": 3, "grain": 1}})
    events = act(state, **FORCED)
    assert events[0].data == {"seat": 0, "action": "forced_trade", "mode": "resources", "cost": 1}
    assert state.phase == "forced_draw" and RULES.to_act(state) == CHANCE and state.tokens == [4, 5]
    assert dict((a["resource"], p) for a, p in RULES.chance_outcomes(state)) == {"ore": 0.75, "grain": 0.25}
    draw, drawn = act(state, type="forced_draw", resource="ore")
    assert draw.seen_by(0) == {"seat": 0, "victim": 1, "resource": "ore"} == drawn.seen_by(1)
    assert draw.seen_by(1) == {"seat": 0, "victim": 1} and drawn.seen_by(0) is None
    assert describe_event(Event("forced_draw", draw.seen_by(1)), english) == \
        "Player 1 draws a card from Player 2's hand."
    with pytest.raises(IllegalAction, match="no such card"):
        act(state, type="forced_draw", resource="brick")
    act(state, type="forced_draw", resource="grain")
    assert state.phase == "forced_give" and RULES.to_act(state) == 0
    assert state.hands[0][:5] == [0, 0, 1, 1, 1] and state.hands[1][:5] == [0, 0, 2, 0, 0]
    offered = [a["cards"] for a in RULES.legal_actions(state)]
    assert sorted(map(sorted, (c.items() for c in offered))) == sorted(map(sorted, (c.items() for c in (
        {"ore": 1, "grain": 1}, {"ore": 1, "wool": 1}, {"grain": 1, "wool": 1}))))
    for bad in ({"ore": 1}, {"ore": 2}, {"brick": 1, "ore": 1}, "ore"):
        before = RULES.to_json(state)
        with pytest.raises(IllegalAction):
            act(state, type="give_back", cards=bad)
        assert RULES.to_json(state) == before
    gave, given = act(state, type="give_back", cards={"wool": 1, "grain": 1})
    assert gave.seen_by(1) == {"seat": 0, "partner": 1} and given.seen_by(1)["cards"] == {"grain": 1, "wool": 1}
    assert state.phase == "main" and state.forced is None
    assert state.hands[0][:5] == [0, 0, 1, 0, 0] and state.hands[1][:5] == [0, 0, 2, 1, 1]


def test_a_forced_trade_from_an_opponent_holding_one_card_draws_it_and_still_gives_two():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"wool": 1}, 1: {"ore": 1}})
    act(state, **FORCED)
    act(state, type="forced_draw", resource="ore")
    assert state.phase == "forced_give" and state.hands[1] == [0] * 5
    act(state, type="give_back", cards={"wool": 1, "ore": 1})
    assert state.hands[0] == [0] * 5 and state.hands[1][:5] == [0, 0, 1, 0, 1]


def test_a_forced_trade_before_rolling_returns_to_the_roll():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll", hands={0: {"wool": 2}, 1: {"ore": 1}})
    act(state, **FORCED)
    act(state, type="forced_draw", resource="ore")
    act(state, type="give_back", cards={"wool": 2})
    assert state.phase == "pre_roll" and RULES.legal_actions(state) == [{"type": "roll"}]
