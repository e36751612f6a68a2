"""Catan for two's computer players: the judgements the two-player layer adds, as positions."""

import random

import pytest

from game.ai.base import Budget
from game.games.catan import board
from game.games.catan.ai_family import SEARCH_ITERATIONS, Decision
from game.games.catan_2p.ai import make_agent
from game.games.catan_2p.rules import RULES
from tests.catan.helpers import edge_between, position_file
from tests.catan_2p.helpers import HOME, HOME_ROADS, N1, act, choose, position, roads_along


def settling_neutral(opponent: int, corners) -> object:
    """Seat 0 has settled at 38 and owes a neutral settlement, which neutral 1 may put at 23 or 24; 23
    would take corner 17, a spot seat 0's plan reaches, whichever way the opponent's road leads."""
    roads = [(edge_between(28, 33), 0), (edge_between(33, 38), 0), (edge_between(13, 18), N1),
             (edge_between(18, 23), N1), (edge_between(18, 24), N1)]
    roads += roads_along(*corners, colour=1)
    state = position(buildings=[(28, 0, "settlement"), (opponent, 1, "settlement")], roads=roads,
                     hands={0: {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}})
    act(state, type="settlement", vertex=38)
    assert {a["vertex"] for a in RULES.legal_actions(state)} == {23, 24}
    return state


@pytest.mark.parametrize("opponent, corners", [(41, (41, 36, 30)), (39, (39, 34, 29))])
def test_the_agent_settles_a_neutral_where_it_keeps_its_own_next_spot(opponent, corners):
    assert choose(settling_neutral(opponent, corners)) == {"type": "settlement", "colour": N1, "vertex": 24}


@pytest.mark.parametrize("opponent, corners", [(41, (41, 36, 30)), (39, (39, 34, 29))])
def test_a_playout_places_a_neutral_clear_of_its_own_plan_without_weighing_margins(opponent, corners):
    state = settling_neutral(opponent, corners)
    assert playout_choice(state) == {"type": "settlement", "colour": N1, "vertex": 24}


def giving_back():
    """Seat 0 has drawn two ore in a forced trade and gives back two of brick, lumber, wool, wool, ore, ore."""
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"brick": 1, "lumber": 1, "wool": 2},
                                                              1: {"ore": 2}})
    act(state, type="forced_trade", mode="resources")
    act(state, type="forced_draw", resource="ore")
    act(state, type="forced_draw", resource="ore")
    return state


def test_the_agent_gives_back_cards_it_can_spare():
    given = choose(giving_back())["cards"]
    assert "brick" not in given or "lumber" not in given  # keeps a road's worth together


def test_a_playout_gives_back_after_a_forced_trade_without_weighing_margins():
    given = playout_choice(giving_back())["cards"]
    assert "brick" not in given or "lumber" not in given


def playout_choice(state):
    """The hard agent's move in one of its playouts, where measuring margins is too slow to afford."""
    agent = make_agent("hard")

    def measured(*_):
        raise AssertionError("a playout measures no margins")

    agent.margin = measured
    seat = RULES.to_act(state)
    return agent.decide(Decision(RULES, state, seat, random.Random(0), playout=True), RULES.legal_actions(state))


def test_hard_does_not_race_for_longest_road_a_neutral_colour_holds_out_of_reach():
    # neutral 1's road of 7 holds Longest Road; two more roads would take seat 0 past the opponent's 4
    # but only to 5, so the race is not worth its roads
    roads = roads_along(13, 8, 4, 0, 3, 7, 11, 16, colour=N1) + roads_along(28, 33, 38, 43) + \
        roads_along(45, 41, 36, 30, 35, colour=1)
    state = position(buildings=[(28, 0, "settlement"), (41, 1, "settlement")], roads=roads, longest_road=N1)
    assert state.road_lengths[:3] == [3, 4, 7]
    decision = Decision(RULES, state, 0, random.Random(0))
    assert make_agent("hard").longest_road_goals(decision) == []


def test_an_offer_the_person_accepts_goes_through():
    # the second offer of the turn, sweetened: two wool for the lumber the road toward a settlement lacks;
    # once accepted the trade is made, though the wool was part of that settlement's price
    state = position(buildings=HOME, roads=HOME_ROADS, offers_made=1,
                     hands={0: {"brick": 1, "grain": 1, "wool": 2}, 1: {"lumber": 1, "ore": 1, "grain": 1}})
    assert choose(state) == {"type": "trade"}
    act(state, type="trade")
    while state.phase == "compose":
        act(state, **choose(state))
    assert state.phase == "respond" and state.trade.offer == ((0, 0, 0, 0, 2), (0, 1, 0, 0, 0))
    act(state, type="accept")
    assert choose(state) == {"type": "complete", "seat": 1}
    act(state, **choose(state))
    assert state.hands[0] == [1, 1, 0, 1, 0]


def test_hard_counts_both_rolls_of_each_turn_and_spends_a_hand_of_seven_before_the_opponents():
    # the opponent's two rolls may bring a 7 after its first has paid seat 0 a card: seven cards are
    # one too many for hard, six are not; normal counts one roll a seat and keeps seven
    def decision(cards: dict) -> Decision:
        return Decision(RULES, position(buildings=HOME, roads=HOME_ROADS, hands={0: cards}), 0, random.Random(0))

    hard, normal = make_agent("hard"), make_agent("normal")
    seven = decision({"ore": 2, "grain": 1, "wool": 4})
    assert hard.income(seven.state, 0) == [2 * x for x in normal.income(seven.state, 0)]
    assert hard.crowded(seven) and not normal.crowded(seven)
    assert not hard.crowded(decision({"ore": 2, "grain": 1, "wool": 3}))


def test_hard_searches_the_token_actions_and_its_moves_before_the_roll():
    # the robber blocks seat 0's settlement; the opponent holds too few cards for the planner's forced
    # trade, so only the search weighs it
    robbed = board.VERTEX_HEXES[28][0]
    hard = make_agent("hard")
    after = position(buildings=HOME, roads=HOME_ROADS, robber=robbed,
                     hands={0: {"brick": 1, "lumber": 1, "wool": 1}, 1: {"ore": 2}})
    options = hard.candidates(Decision(RULES, after, 0, random.Random(0)), RULES.legal_actions(after))
    assert {"type": "forced_trade", "mode": "resources"} in options and {"type": "robber_to_desert"} in options
    before = position(buildings=HOME, roads=HOME_ROADS, robber=robbed, phase="pre_roll",
                      devs={0: {"knight": 1}}, hands={1: {"ore": 2}})
    assert "pre_roll" in hard.searched_phases
    options = hard.candidates(Decision(RULES, before, 0, random.Random(0)), RULES.legal_actions(before))
    assert {"type": "roll"} in options and {"type": "play", "card": "knight"} in options


def test_hard_buys_a_development_card_with_the_cards_its_far_off_city_does_not_need():
    # turn 14, seat 0 holds ore, 2 grain, 2 wool and no brick or lumber: its best city lacks two ore,
    # so the card is the build the hand pays for now; ending the turn keeps five cards idle
    state = RULES.from_json(position_file("catan-2p-hard-buys-a-card-rather-than-ending-its-turn"))
    assert RULES.legal_actions(state) == [{"type": "end_turn"}, {"type": "buy"}]
    for seed in range(3):
        hard = make_agent("hard", Budget(iterations=SEARCH_ITERATIONS, seconds=1e9))
        assert hard.choose(RULES, RULES.observe(state, 0), 0, random.Random(seed)) == {"type": "buy"}, seed
