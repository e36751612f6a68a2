"""The computer players: their key judgements pinned as positions, trading on what they can count,
picklable agents, deterministic search under an iteration budget."""

import pickle
import random

import pytest

from game.ai import Budget, RandomAgent
from game.ai.arena import play_match
from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.ai import make_agent
from game.games.catan.ai_family import SEARCH_ITERATIONS, FamilyAgent, production_value, seat_pips
from game.games.catan.rules import RULES, CatanRules
from tests.catan.helpers import act, edge_between, path_edges, position, position_file
from tests.catan.test_fuzz import check
from tests.support import config_for, play_checked

V = board.VERTEX_ID
SEARCH = Budget(iterations=24, seconds=1e9)  # tests stop the search by its count, never by the clock


def choose(level, state, seat=None, seed=0):
    seat = RULES.to_act(state) if seat is None else seat
    return make_agent(level, SEARCH).choose(RULES, RULES.observe(state, seat), seat, random.Random(seed))


def planned(state, seed=0, **settings):
    """Hard's plan for the seat to act, with ``settings`` of its own: the move its search weighs
    first (the search left out)."""
    agent = make_agent("hard", SEARCH)
    agent.searched_phases = frozenset()
    for name, value in settings.items():
        setattr(agent, name, value)
    seat = RULES.to_act(state)
    return agent.choose(RULES, RULES.observe(state, seat), seat, random.Random(seed))


def resources_of(layout, *vertices) -> set:
    return {layout.hex_resource[h] for v in vertices for h in board.VERTEX_HEXES[v]} - {-1}


def test_agents_pickle_and_levels_are_checked():
    for level in ("easy", "normal", "hard"):
        agent = pickle.loads(pickle.dumps(make_agent(level)))
        assert agent.level == level
    with pytest.raises(ValueError):
        make_agent("expert")


def second_placement(first: int):
    """Seat 0 places its second settlement (3 players); seats 1 and 2 sit far away."""
    return position(players=3, phase="setup_settlement", turn=0, setup_index=5, rolled=False,
                    buildings=[(first, 0, "settlement"), (V["0,3,N"], 1, "settlement"), (V["2,0,S"], 1, "settlement"),
                               (V["-2,0,N"], 2, "settlement"), (V["2,-2,N"], 2, "settlement")])


def test_second_settlement_takes_the_five_resource_spot_over_more_pips_missing_two():
    first = V["0,-2,S"]  # hills, mountains, fields
    state = second_placement(first)
    layout = state.layout
    richer = V["-1,1,S"]  # 11 pips, but hills, mountains and fields again
    assert {"type": "settlement", "vertex": richer} in RULES.legal_actions(state)
    for level in ("normal", "hard"):
        vertex = choose(level, state)["vertex"]
        assert len(resources_of(layout, first, vertex)) == 5, level
        assert sum(layout.vertex_pips[vertex]) < sum(layout.vertex_pips[richer])


def test_the_value_of_production_rewards_covering_every_resource():
    layout = board.beginner_layout()
    first = layout.vertex_pips[V["0,-2,S"]]
    complement = [a + b for a, b in zip(first, layout.vertex_pips[V["1,-1,N"]], strict=True)]
    more_of_the_same = [a + b for a, b in zip(first, layout.vertex_pips[V["-1,1,S"]], strict=True)]
    assert sum(more_of_the_same) > sum(complement)
    assert production_value(complement) > production_value(more_of_the_same)


def test_first_settlement_takes_a_rich_corner_touching_three_resources():
    state = RULES.new_game(config_for(4, {"layout": "beginner", "start_positions": False}))
    act(state, type="first_player", seat=0)
    for level in ("normal", "hard"):
        vertex = choose(level, state)["vertex"]
        assert sum(state.layout.vertex_pips[vertex]) >= sorted(sum(p) for p in state.layout.vertex_pips)[-12]
        assert len(resources_of(state.layout, vertex)) == 3


def drawn_island(seed: int):
    """A random island drawn from ``seed`` with four players, seat 0 about to place first."""
    state = RULES.new_game(config_for(4))
    rng = random.Random(seed)
    while RULES.to_act(state) == CHANCE:
        if state.phase == "first_player":
            act(state, type="first_player", seat=0)
        else:
            RULES.apply(state, RULES.sample_chance(state, rng))
    return state


def opening_after(state, first: int):
    """Seat 0's two opening settlements' production once it settles at ``first``, the three others
    place as normal players and seat 0 places its second as hard."""
    state = state.copy()
    act(state, type="settlement", vertex=first)
    while state.phase.startswith("setup"):
        act(state, **choose("hard" if RULES.to_act(state) == 0 else "normal", state))
    return production_value(seat_pips(state, 0, robber=False))


def test_hard_first_settlement_foresees_the_normal_players_openings():
    state = drawn_island(11)
    by_pips = V["1,0,N"]  # hard's pick when it expected the others to take the richest corners by plain pips
    first = choose("hard", state)["vertex"]
    assert opening_after(state, first) > opening_after(state, by_pips)


def test_builds_a_city_rather_than_buying_a_card():
    state = position(hands={0: {"ore": 3, "grain": 2, "wool": 1}}, buildings=[(V["0,-1,N"], 0, "settlement")])
    assert {"type": "buy"} in RULES.legal_actions(state)
    for level in ("normal", "hard"):
        assert choose(level, state) == {"type": "city", "vertex": V["0,-1,N"]}


def test_trades_with_the_bank_toward_a_city():
    state = position(hands={0: {"ore": 2, "grain": 2, "brick": 4}}, buildings=[(V["0,-1,N"], 0, "settlement")])
    for level in ("normal", "hard"):
        assert choose(level, state) == {"type": "bank_trade", "give": "brick", "get": "ore"}


def one_grain_short(grain_seen: bool, short: int = 1):
    """Seat 0 lacks ``short`` grain (one or two) for a city and holds that many wool to spare. Seat 1
    holds the grain; with ``grain_seen`` seat 0 saw it arrive (a 6 on seat 1's fields, a city's two
    when two are short, and seat 2 then holds a city too, so that seat 1 does not lead the table),
    else seat 1's cards came before anything seat 0 could count."""
    hands = {0: {"ore": 3, "grain": 2 - short, "wool": 1 + short}, 1: {} if grain_seen else {"grain": short},
             2: {"brick": 1}, 3: {"lumber": 1}}
    buildings = [(V["0,-2,N"], 0, "settlement"), (V["-1,2,S"], 1, "settlement")]
    if short == 2:
        buildings[1:] = [(V["-1,2,S"], 1, "city"), (V["2,-2,S"], 2, "city")]
    state = position(hands=hands, phase="roll", rolled=False, buildings=buildings)
    act(state, type="roll", dice=[2, 4] if grain_seen else [1, 1])
    return state


def compose_offer(level, state) -> dict:
    """Start an offer and let ``level`` compose it; its last step (how it is proposed)."""
    act(state, type="trade")
    step = None
    while state.phase == "compose":
        step = choose(level, state)
        act(state, **step)
    return step


def test_offers_only_to_a_seat_it_has_seen_holding_the_card():
    state = one_grain_short(grain_seen=True)
    assert choose("normal", state) == {"type": "trade"}
    assert choose("easy", state, seed=3)["type"] != "trade"
    assert compose_offer("normal", state) == {"type": "propose", "to": 1}
    assert state.trade.offer == ((0, 0, 0, 0, 1), (0, 0, 0, 1, 0))  # a wool for a grain


def test_hard_offers_to_every_seat_once_one_is_known_to_hold_the_card():
    state = one_grain_short(grain_seen=True)
    assert planned(state) == {"type": "trade"}
    assert compose_offer("hard", state) == {"type": "propose"}
    assert state.trade.offer == ((0, 0, 0, 0, 1), (0, 0, 0, 1, 0))
    assert state.trade.answers == ["decline", None, None, None]  # seats 1, 2 and 3 may all answer


def test_hard_offers_two_spare_cards_for_the_two_its_city_lacks():
    state = one_grain_short(grain_seen=True, short=2)
    assert choose("normal", state) != {"type": "trade"}  # normal offers only for one missing card
    assert planned(state) == {"type": "trade"}
    assert compose_offer("hard", state) == {"type": "propose"}
    assert state.trade.offer == ((0, 0, 0, 0, 2), (0, 0, 0, 2, 0))  # two wool for two grain


def test_does_not_offer_for_cards_nobody_is_known_to_hold():
    state = one_grain_short(grain_seen=False)
    assert {"type": "trade"} in RULES.legal_actions(state)
    for level in ("normal", "hard"):
        assert choose(level, state) != {"type": "trade"}


def test_does_not_repeat_a_refused_offer():
    state = one_grain_short(grain_seen=True)
    compose_offer("normal", state)
    act(state, type="decline")
    assert state.phase == "main" and state.offers_made == 1
    assert {"type": "trade"} in RULES.legal_actions(state)
    assert choose("normal", state) != {"type": "trade"}


def offer_to(responder_hand, buildings, give, want):
    state = position(hands={0: {"wool": 3, "ore": 2}, 1: responder_hand}, buildings=buildings)
    act(state, type="trade")
    for r, k in give.items():
        for _ in range(k):
            act(state, type="trade_give", resource=r)
    for r, k in want.items():
        for _ in range(k):
            act(state, type="trade_want", resource=r)
    act(state, type="propose")
    return state


def test_accepts_an_offer_that_completes_a_build_and_declines_one_that_breaks_it():
    mine = [(V["-2,2,N"], 1, "settlement")]
    good = offer_to({"ore": 2, "grain": 2, "lumber": 1}, mine, {"ore": 1}, {"lumber": 1})
    assert choose("normal", good) == {"type": "accept"}
    bad = offer_to({"ore": 3, "grain": 2, "lumber": 1}, mine, {"wool": 1}, {"ore": 2})
    assert choose("normal", bad) != {"type": "accept"}
    assert choose("easy", bad) == {"type": "decline"}


def test_never_helps_a_player_about_to_win():
    near = [(V["0,-1,N"], 0, "city"), (V["-1,2,N"], 0, "city"), (V["2,-2,S"], 0, "city"),
            (V["-2,0,N"], 0, "city"), (V["-2,2,N"], 1, "settlement")]  # 8 points of 10
    state = offer_to({"ore": 2, "grain": 2, "lumber": 1}, near, {"ore": 1}, {"lumber": 1})
    for level in ("easy", "normal", "hard"):
        assert choose(level, state) == {"type": "decline"}


def test_hard_does_not_trade_with_the_leader_when_it_is_behind():
    leader = [(V["0,-1,N"], 0, "city"), (V["-1,2,N"], 0, "city"), (V["2,-2,S"], 0, "settlement"),
              (V["-2,2,N"], 1, "settlement")]  # 5 points to 1
    state = offer_to({"ore": 2, "grain": 2, "lumber": 1}, leader, {"ore": 1}, {"lumber": 1})
    assert choose("normal", state) == {"type": "accept"}  # the ore completes seat 1's city
    assert choose("hard", state) == {"type": "decline"}


def test_hard_spends_a_hand_the_others_rolls_could_push_past_seven():
    buildings = [(V["0,-1,N"], 0, "city"), (V["-1,2,N"], 0, "settlement")]
    roads = [(board.VERTEX_EDGES[V["-1,2,N"]][0], 0)]
    seven = position(hands={0: {"brick": 3, "lumber": 1, "ore": 1, "grain": 1, "wool": 1}}, buildings=buildings,
                     roads=roads)
    assert choose("normal", seven) == {"type": "end_turn"}  # seven cards are safe from a 7 now...
    assert choose("hard", seven)["type"] == "road"  # ...but not after the next roll that pays it
    five = position(hands={0: {"brick": 3, "lumber": 1, "ore": 1}}, buildings=buildings, roads=roads)
    assert choose("hard", five) == {"type": "end_turn"}


def test_hards_plan_at_four_seats_ranks_a_city_before_the_race_for_longest_road():
    # a road of four: one more takes Longest Road, which nobody holds, and the hand pays for either
    state = position(buildings=[(0, 0, "settlement"), (11, 0, "settlement")], roads=[(e, 0) for e in path_edges(0, 4)],
                     hands={0: {"brick": 1, "lumber": 1, "ore": 3, "grain": 2}})
    assert state.road_lengths[0] == 4 and state.longest_road < 0
    assert planned(state) == {"type": "city", "vertex": 0}
    eager = planned(state, crowded_road_race=1.0)  # the race worth as much as with two players
    assert eager["type"] == "road"


def test_hard_trades_for_the_card_its_robbed_only_hex_would_bring():
    # corner 12 is seat 0's only brick (the 6, hex 4), and the robber sits there; the settlement at
    # corner 22 lacks a brick and a grain, and five wool pay for one of them at the bank
    state = position(buildings=[(12, 0, "settlement"), (36, 0, "settlement"), (0, 1, "settlement"),
                                (45, 2, "settlement")],
                     roads=[(edge_between(12, 17), 0), (edge_between(17, 22), 0)], robber=4,
                     hands={0: {"lumber": 1, "wool": 5}})
    assert choose("normal", state) == {"type": "end_turn"}  # the grain and the brick will come
    assert choose("hard", state) == {"type": "bank_trade", "give": "wool", "get": "brick"}  # no roll brings a brick


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
    assert not any(state.vertex_owner[v] == 0 for v in board.HEX_VERTICES[action["hex"]])


def test_plays_a_knight_before_rolling_when_the_robber_blocks_its_hex():
    state = position(phase="pre_roll", rolled=False, buildings=[(V["0,-2,N"], 0, "city")],
                     devs={0: {"knight": 1}}, robber=0)
    for level in ("normal", "hard"):
        assert choose(level, state) == {"type": "play", "card": "knight"}


def test_hard_search_is_deterministic_under_an_iteration_budget():
    state = position(phase="robber", hands={1: {"ore": 3}, 2: {"wool": 2}},
                     buildings=[(V["0,-1,N"], 0, "city"), (V["-2,2,N"], 1, "city"), (V["2,-2,N"], 2, "city")])
    first = choose("hard", state, seed=5)
    assert first == choose("hard", state, seed=5)
    assert first in RULES.legal_actions(state)


def test_hard_searches_the_main_phase_and_the_robber_with_four_players(monkeypatch):
    searched = []

    def search(agent, d, actions, observation):
        searched.append(d.state.phase)
        return actions[0]

    monkeypatch.setattr(FamilyAgent, "search", search)
    main = position(hands={0: {"brick": 2, "lumber": 2, "grain": 1, "wool": 1, "ore": 1}},
                    buildings=[(V["0,-1,N"], 0, "settlement"), (V["-2,2,N"], 1, "settlement")],
                    roads=[(board.VERTEX_EDGES[V["0,-1,N"]][0], 0)])
    choose("normal", main)
    assert searched == []
    choose("hard", main)
    assert searched == ["main"]
    robber = position(phase="robber", hands={1: {"ore": 3}}, buildings=[(V["-2,2,N"], 1, "city")])
    choose("hard", robber)
    assert searched == ["main", "robber"]


def test_production_counts_cities_twice_and_the_robber_blocks():
    state = position(buildings=[(V["0,-2,N"], 0, "city")], robber=9)
    assert seat_pips(state, 0)[board.ORE] == 2 * board.PIPS[10]
    blocked = position(buildings=[(V["0,-2,N"], 0, "city")], robber=0)
    assert seat_pips(blocked, 0)[board.ORE] == 0


@pytest.mark.slow
def test_hard_beats_random_players():
    agents = {0: make_agent("hard", SEARCH), 1: RandomAgent(), 2: RandomAgent(), 3: RandomAgent()}
    record = play_match(RULES, config_for(4), 11, agents)
    assert record["winners"] == [0]


class TwoPlayerCatan(CatanRules):
    """Base Catan's rules played by two (the game's own entry keeps 3-4): the duels of the benchmark."""

    player_counts = (2, 3, 4)


DUEL = TwoPlayerCatan()
DUEL_SEARCH = Budget(iterations=SEARCH_ITERATIONS, seconds=1e9)
"""Hard's search as the duel benchmark runs it, stopped by its playout count."""


def duel_position(name: str):
    """A two-player position of base Catan kept beside these tests (the duel benchmark's rules)."""
    return DUEL.from_json(position_file(name))


@pytest.mark.parametrize("name", ["catan-1v1-hard-ends-turn-with-city-a", "catan-1v1-hard-ends-turn-with-city-b"])
def test_hard_builds_the_city_its_plan_ranks_first_instead_of_ending_the_turn(name):
    # seat 1 holds 16 or 21 cards and 8 points; the city at corner 30 is affordable and first in its plan
    state = duel_position(name)
    assert {"type": "city", "vertex": 30} in DUEL.legal_actions(state)
    for seed in range(2):
        action = make_agent("hard", DUEL_SEARCH).choose(DUEL, DUEL.observe(state, 1), 1, random.Random(seed))
        assert action == {"type": "city", "vertex": 30}, seed


def test_hard_counts_a_win_sooner_above_the_same_win_later():
    data = position_file("catan-1v1-hard-ends-turn-with-city-a")
    data["devs"][1]["victory_point"] += 1  # a second point card: the city at corner 30 wins now
    data["dev_counts"][1] += 1
    data["deck"]["victory_point"] -= 1
    data["deck_count"] -= 1
    state = DUEL.from_json(data)
    DUEL.apply(state, {"type": "city", "vertex": 30})
    assert state.phase == "over" and state.winner == 1
    hard = make_agent("hard", DUEL_SEARCH)
    won_early = hard.playout(DUEL, state.copy(), 1, state.turn + 5, 0, random.Random(0))
    won_late = hard.playout(DUEL, state.copy(), 1, state.turn + 1, 0, random.Random(0))
    assert won_early > won_late > 0


def test_hard_puts_the_robber_on_the_hex_that_blocks_the_most_of_the_opponents_production():
    # the opponent's city on the 6 (hex 7) loses 10 pips; each other hex it touches loses 4 or less
    state = duel_position("catan-1v1-hard-robber-hex")
    for seed in range(8):
        action = make_agent("hard", DUEL_SEARCH).choose(DUEL, DUEL.observe(state, 1), 1, random.Random(seed))
        assert action == {"type": "robber", "hex": 7, "victim": 0}, seed


@pytest.mark.parametrize("name", ["catan-1v1-hard-spends-before-a-seven-a", "catan-1v1-hard-spends-before-a-seven-b"])
def test_hard_spends_a_hand_of_eight_or_more_before_ending_its_turn(name):
    # the seat on turn holds 8 (5 lumber, 3 wool, a Year of Plenty) or 10 cards at 4:1 with the bank: a 7
    # would halve them
    state = duel_position(name)
    me = state.current
    assert sum(state.hands[me]) >= 8
    rng = random.Random(0)
    while state.current == me:
        seat = DUEL.to_act(state)
        if seat == CHANCE:
            action = DUEL.sample_chance(state, rng)
        else:
            action = make_agent("hard", DUEL_SEARCH).choose(DUEL, DUEL.observe(state, seat), seat, rng)
            if action["type"] == "end_turn":
                assert sum(state.hands[me]) <= 7
        DUEL.apply(state, action)


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("hard", "normal"), ("easy", "hard"), ("normal", "easy")])
def test_two_player_games_keep_the_invariants_and_every_choice_is_legal(levels):
    rules = TwoPlayerCatan()
    agents = {seat: make_agent(level, SEARCH) for seat, level in enumerate(levels)}
    state, _ = play_checked(rules, config_for(2), 21 + len(levels[0]), check, agents=agents)
    assert rules.result(state).winners
