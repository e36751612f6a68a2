"""The Cities & Knights computer players' key judgements, pinned as positions, and whole games where
every decision an AI seat makes is legal."""

import random

import pytest

from game.ai.base import Budget
from game.core.rules import CHANCE, action_key
from game.games.catan import board
from game.games.catan.known_cards import KnownCards
from game.games.catan_ck.ai import CARD_VALUE, Decision, make_agent
from game.games.catan_ck.cards import KINDS
from game.games.catan_ck.rules import RULES
from tests.catan_ck.helpers import position
from tests.catan_ck.test_fuzz import play_checked_game
from tests.support import config_for

QUICK = Budget(iterations=8, seconds=5.0)


def choose(state, level: str = "normal", seed: int = 1):
    seat = RULES.to_act(state)
    action = make_agent(level, QUICK).choose(RULES, RULES.observe(state, seat), seat, random.Random(seed))
    assert action_key(action) in {action_key(a) for a in RULES.legal_actions(state)}
    return action


def edge_between(v: int, w: int) -> int:
    return next(e for e in board.VERTEX_EDGES[v] if w in board.EDGE_VERTICES[e])


def guard_position(barbarians: int, piece: str = "city"):
    """Seat 0 holds an ordinary city (or a settlement) and an inactive knight on its road, and a grain;
    seat 1 has an active knight, so seat 0 is the weakest defender when the barbarians land."""
    knight = next(w for w in board.VERTEX_NEIGHBOURS[20])
    return position(
        buildings=[(20, 0, piece), (43, 1, "city"), (3, 2, "settlement"), (50, 3, "settlement")],
        roads=[(edge_between(20, knight), 0), (edge_between(43, board.VERTEX_NEIGHBOURS[43][0]), 1)],
        knights=[(knight, 0, 1, False), (board.VERTEX_NEIGHBOURS[43][0], 1, 1, True)],
        hands={0: {"grain": 1, "lumber": 1}}, barbarians=barbarians, attacks=1)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_it_activates_a_knight_before_an_attack_it_would_lose(level):
    state = guard_position(barbarians=6)
    action = choose(state, level)
    assert action["type"] == "activate"


def test_with_no_city_to_lose_it_keeps_its_grain_for_a_settlement():
    state = guard_position(barbarians=6, piece="settlement")
    assert choose(state)["type"] != "activate"


def alchemist_position(buildings):
    return position(buildings=buildings, progress={0: {"alchemist": 1}}, phase="pre_roll", rolled=False)


def test_the_alchemist_sets_the_number_that_pays_it_most():
    # cities on the ore 8 / lumber 3 / wool 5 corner and the grain 9 / lumber 8 corner: an 8 pays four cards
    state = alchemist_position([(31, 0, "city"), (33, 0, "city"), (3, 1, "settlement"), (50, 2, "settlement"),
                                (47, 3, "settlement")])
    action = choose(state)
    assert action.get("card") == "alchemist" and sum(action["dice"]) == 8


def test_no_alchemist_into_a_seven_or_a_roll_that_pays_too_little():
    # a settlement on the 2 and 12 hexes only: no number is worth the card, and a 7 never is
    state = alchemist_position([(13, 0, "settlement"), (31, 1, "city"), (33, 2, "city"), (47, 3, "settlement")])
    assert choose(state) == {"type": "roll"}
    for seed in range(20):
        action = choose(state, seed=seed)
        assert action.get("card") != "alchemist" or sum(action["dice"]) != 7


def covered(layout, vertices) -> set:
    return {layout.hex_resource[h] for v in vertices for h in board.VERTEX_HEXES[v]} - {-1}


@pytest.mark.parametrize("seed", range(2, 6))
def test_its_city_completes_the_five_resources_when_a_spot_allows(seed):
    state = RULES.new_game(config_for(4, {}))
    rng = random.Random(seed)
    checked = 0
    while state.turn < 1:
        seat = RULES.to_act(state)
        if seat == CHANCE:
            RULES.apply(state, RULES.sample_chance(state, rng))
            continue
        action = choose(state, seed=seed)
        if state.phase == "setup_city":
            first = [v for v in range(board.NUM_VERTICES) if state.vertex_owner[v] == seat]
            if any(len(covered(state.layout, first + [a["vertex"]])) == 5 for a in RULES.legal_actions(state)):
                assert len(covered(state.layout, first + [action["vertex"]])) == 5
                checked += 1
        RULES.apply(state, action)
    assert checked


def test_over_the_progress_hand_limit_it_gives_up_its_least_useful_card():
    cards = {"medicine": 1, "resource_monopoly": 1, "merchant_fleet": 1, "merchant": 1, "spy": 1}
    state = position(buildings=[(20, 0, "city"), (43, 1, "city"), (3, 2, "settlement")], progress={0: cards},
                     phase="progress_limit", step={"seat": 0}, queue=[["next_turn", {}]])
    assert choose(state) == {"type": "progress_discard", "card": min(cards, key=CARD_VALUE.get)}


def offered_a_city(leading: bool):
    """Seat 1 offers seat 0 the grain that completes its city, for an ore; seat 1 is two points from
    winning (``leading``) or far behind."""
    spots = []
    for v in range(board.NUM_VERTICES):
        if all(w != v and w not in board.VERTEX_NEIGHBOURS[v] for w in spots + [20]):
            spots.append(v)
    pieces = 4 if leading else 1
    theirs = [(v, 1, "city") for v in spots[:pieces]] + [(spots[pieces], 1, "settlement")]
    state = position(buildings=[(20, 0, "city"), (spots[5], 2, "settlement"), (spots[6], 0, "settlement")] + theirs,
                     hands={0: {"ore": 4, "grain": 1}, 1: {"grain": 2}}, current=1,
                     defenders=[0, 2 if leading else 0, 0, 0])
    for action in ({"type": "trade"}, {"type": "trade_give", "resource": "grain"},
                   {"type": "trade_want", "resource": "ore"}, {"type": "propose", "to": 0}):
        RULES.apply(state, action)
    assert RULES.to_act(state) == 0
    return state


def test_it_takes_a_trade_that_completes_its_city():
    assert choose(offered_a_city(leading=False)) == {"type": "accept"}


def test_it_declines_every_trade_with_a_seat_about_to_win():
    state = offered_a_city(leading=True)
    assert RULES.public_points(state, 1) == RULES.to_json(state)["options"]["victory_points"] - 2
    assert choose(state) == {"type": "decline"}


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("easy", "normal", "hard", "random"), ("hard", "easy", "normal")])
def test_ai_seats_of_every_level_only_make_legal_decisions(levels):
    agents = {seat: make_agent(level, QUICK) for seat, level in enumerate(levels) if level != "random"}
    state, _ = play_checked_game(500 + len(levels), len(levels), agents, bad_every=17)
    assert RULES.result(state) is not None


def planner_choice(state, level: str):
    """The planner's choice (hard's without its search: the judgement its playouts use too)."""
    seat = RULES.to_act(state)
    decision = Decision(RULES, state, seat, random.Random(1), RULES.known_cards(state))
    return make_agent(level, QUICK).decide(decision, RULES.legal_actions(state))


def test_hard_trades_for_a_first_improvement_whose_progress_cards_outweigh_a_far_settlement():
    # a city, four wool and a grain: nothing to build; hard counts the progress cards a first level
    # draws for the rest of the game and trades wool for a commodity, normal saves for its settlement
    knight_road = board.VERTEX_NEIGHBOURS[20][0]
    state = position(buildings=[(20, 0, "city"), (43, 1, "city"), (3, 2, "settlement"), (50, 3, "settlement")],
                     roads=[(edge_between(20, knight_road), 0)], hands={0: {"wool": 4, "grain": 1}})
    action = planner_choice(state, "hard")
    assert action["type"] == "bank_trade" and action["give"] == "wool" and action["get"] in ("cloth", "coin", "paper")
    assert planner_choice(state, "normal") == {"type": "end_turn"}


def test_a_commercial_harbor_swap_is_counted_by_the_two_and_forgotten_by_the_others():
    state = position(buildings=[(20, 0, "city"), (43, 1, "city"), (3, 2, "settlement"), (50, 3, "settlement")],
                     hands={0: {"ore": 1}, 1: {"coin": 1}}, progress={0: {"commercial_harbor": 1}})
    ore, coin = (tuple(int(k == name) for k in KINDS) for name in ("ore", "coin"))
    state.known = KnownCards((1, 1, 0, 0), (ore, coin, (0,) * 8, (0,) * 8), {}, None, (), 1)  # everyone saw them
    for action in ({"type": "play", "card": "commercial_harbor"},
                   {"type": "harbour_offer", "seat": 1, "resource": "ore"}, {"type": "harbour_give", "card": "coin"}):
        RULES.apply(state, action)
    known = RULES.known_cards(state)
    assert known.held(0, 1)[2] == 1 and known.held(1, 0)[7] == 1  # the two saw the swap
    assert known.held(2, 1)[7] == 0 and known.held(2, 0)[2] == 0  # the others no longer count the cards swapped


def test_it_takes_a_free_metropolis_when_its_commodities_allow():
    state = position(buildings=[(20, 0, "city"), (43, 1, "city"), (3, 2, "settlement"), (50, 3, "settlement")],
                     hands={0: {"coin": 4, "grain": 1, "wool": 1}},
                     improvements={0: {"politics": 3}, 1: {"politics": 3}})
    assert choose(state) == {"type": "improve", "track": "politics", "vertex": 20}


def test_the_merchant_fleet_waits_for_the_trades_that_pay_for_a_city():
    buildings = [(20, 0, "settlement"), (43, 0, "city"), (3, 1, "settlement"), (50, 2, "settlement"),
                 (8, 3, "settlement")]
    fleet = {0: {"merchant_fleet": 1}}
    short = position(buildings=buildings, hands={0: {"wool": 2, "ore": 1, "grain": 2}}, progress=fleet)
    assert choose(short).get("card") != "merchant_fleet"
    ready = position(buildings=buildings, hands={0: {"wool": 4, "ore": 1, "grain": 2}}, progress=fleet)
    assert choose(ready) == {"type": "play", "card": "merchant_fleet", "resource": "wool"}
