"""City improvements and metropolises (reference §9), the level-3 abilities and trading with
commodities (§11)."""

from game.games.catan.board import HARBOUR_SLOT_VERTICES
from game.games.catan_ck.rules import RULES
from tests.catan_ck.helpers import act, check, is_legal, position, refused

A, B, C = 25, 9, 44


def test_level_n_costs_n_cards_of_the_tracks_commodity_in_order_and_needs_a_city():
    state = position(buildings=[(A, 0, "city")], hands={0: {"cloth": 3, "coin": 1}})
    act(state, type="improve", track="trade")
    act(state, type="improve", track="trade")
    assert state.improvements[0] == [2, 0, 0] and state.hands[0][6] == 0
    refused(state, {"type": "improve", "track": "trade"}, "cloth")
    act(state, type="improve", track="politics")
    assert state.improvements[0] == [2, 1, 0]
    settler = position(buildings=[(A, 0, "settlement")], hands={0: {"paper": 3}})
    refused(settler, {"type": "improve", "track": "science"}, "city")


def test_trade_level_three_trades_any_commodity_two_for_one_a22():
    """A22: the level-3 trade improvement (the Merchant Guild) gives commodity trade 2:1."""
    state = position(buildings=[(A, 0, "city")], hands={0: {"cloth": 3, "paper": 2}}, improvements={0: {"trade": 2}})
    assert state.rates[0][5:] == (4, 4, 4)
    act(state, type="improve", track="trade")
    assert state.rates[0] == (4, 4, 4, 4, 4, 2, 2, 2)
    act(state, type="bank_trade", give="paper", get="coin")
    assert state.hands[0][5] == 0 and state.hands[0][7] == 1


def test_a_generic_harbour_serves_commodities_and_a_resource_harbour_does_not():
    generic = position(buildings=[(HARBOUR_SLOT_VERTICES[0][0], 0, "settlement")], hands={0: {"paper": 3}})
    assert generic.rates[0] == (3, 3, 3, 3, 3, 3, 3, 3)
    assert is_legal(generic, type="bank_trade", give="paper", get="brick")
    ore = position(buildings=[(HARBOUR_SLOT_VERTICES[2][0], 0, "settlement")])  # H3, the ore harbour
    assert ore.rates[0][2] == 2 and ore.rates[0][5:] == (4, 4, 4)


def test_the_first_to_level_four_takes_the_metropolis_onto_a_city_of_their_choice():
    state = position(buildings=[(A, 0, "city"), (B, 0, "city")], hands={0: {"paper": 4}},
                     improvements={0: {"science": 3}})
    choices = [a for a in RULES.legal_actions(state) if a["type"] == "improve"]
    assert sorted(choices, key=lambda a: a["vertex"]) == [{"type": "improve", "track": "science", "vertex": v}
                                                          for v in sorted((A, B))]
    refused(state, {"type": "improve", "track": "science"}, "metropolis")
    act(state, type="improve", track="science", vertex=A)
    assert state.metropolis == [-1, -1, A] and RULES.public_points(state, 0) == 6
    check(state)


def test_level_five_takes_the_metropolis_from_a_holder_at_four_and_the_first_five_keeps_it():
    state = position(buildings=[(A, 0, "city"), (B, 1, "city")], hands={1: {"coin": 10}},
                     improvements={0: {"politics": 4}, 1: {"politics": 3}}, current=1,
                     metropolises={"trade": None, "politics": A, "science": None})
    act(state, type="improve", track="politics")  # level 4: the metropolis is held, nothing moves
    assert state.metropolis[1] == A
    act(state, type="improve", track="politics", vertex=B)  # level 5: taken over
    assert state.metropolis[1] == B and RULES.public_points(state, 0) == 2 and RULES.public_points(state, 1) == 4
    kept = position(buildings=[(A, 0, "city"), (B, 1, "city")], hands={1: {"coin": 5}},
                    improvements={0: {"politics": 5}, 1: {"politics": 4}}, current=1,
                    metropolises={"trade": None, "politics": A, "science": None})
    act(kept, type="improve", track="politics")
    assert kept.metropolis[1] == A


def test_levels_four_and_five_need_a_city_that_could_hold_the_metropolis():
    state = position(buildings=[(A, 0, "city")], hands={0: {"cloth": 5, "coin": 4}},
                     improvements={0: {"trade": 4, "politics": 3}},
                     metropolises={"trade": A, "politics": None, "science": None})
    assert not any(a["type"] == "improve" and a["track"] == "politics" for a in RULES.legal_actions(state))
    refused(state, {"type": "improve", "track": "politics", "vertex": A})
    assert is_legal(state, type="improve", track="trade")  # the holder of the trade metropolis may go on


def test_a_metropolis_counts_against_the_barbarians_and_keeps_its_wall():
    state = position(buildings=[(A, 0, "city")], walls=[A], improvements={0: {"trade": 4}},
                     metropolises={"trade": A, "politics": None, "science": None}, phase="roll", rolled=False,
                     barbarians=6)
    events = act(state, type="roll", dice=[2, 3], event="ship")
    attack = next(e for e in events if e.kind == "attack").data
    assert attack["strength"] == 1 and attack["pillaged"] == [] and state.walls[A]


def test_crane_makes_one_improvement_one_cheaper_and_two_cranes_never_share_one():
    state = position(buildings=[(A, 0, "city")], hands={0: {"paper": 1}}, progress={0: {"crane": 2}},
                     improvements={0: {"science": 1}})
    assert not is_legal(state, type="improve", track="science")
    act(state, type="play", card="crane")
    act(state, type="improve", track="science")  # level 2 for one paper
    assert state.improvements[0][2] == 2 and state.hands[0][5] == 0 and state.cranes == 0
    act(state, type="play", card="crane")
    refused(state, {"type": "improve", "track": "science"})  # level 3 costs 2 even with a crane
    free = position(buildings=[(A, 0, "city")], progress={0: {"crane": 1}})
    act(free, type="play", card="crane")
    act(free, type="improve", track="trade")  # level 1 becomes free
    assert free.improvements[0][0] == 1
