"""Progress cards (reference §12): drawing by the event die, the hand limit (A21), victory point cards,
and each of the 25 cards with its exact effect, written as positions in the notation."""

import random

import pytest

from game.core.rules import CHANCE
from game.games.catan_ck.cards import CARD_INDEX, CARD_TRACK, CARDS, TRACK_CARDS, TRACK_INDEX, VICTORY_CARDS
from game.games.catan_ck.rules import RULES
from tests.catan.helpers import edge_between
from tests.catan_ck.helpers import act, check, legal, position, refused
from tests.support import config_for

A = 25  # hills 10, forest 3, mountains 8
HOME = [(A, 0, "city")]
HOME_ROADS = [(edge_between(25, 31), 0), (edge_between(31, 36), 0)]


def card(name):
    return CARD_INDEX[name]


def holding(name, count=1, **fields):
    """Seat 0 on turn after the roll with ``name`` in hand, a city at 25 and a road 25-31-36."""
    progress = fields.pop("progress", {})
    progress.setdefault(0, {})[name] = count
    fields.setdefault("buildings", HOME)
    fields.setdefault("roads", HOME_ROADS)
    return position(progress=progress, **fields)


def plays(state, name):
    return [a for a in RULES.legal_actions(state) if a["type"] == "play" and a["card"] == name]


def assert_played(state, name):
    """The card left the hand and lies openly under its deck."""
    assert state.progress[0][card(name)] == 0
    assert state.under[CARD_TRACK[card(name)]][-1] == [card(name), -1]


# -- drawing and holding --------------------------------------------------------------------------
def test_a_city_gate_gives_a_card_to_each_player_whose_level_reaches_the_red_die_in_turn_order():
    state = position(phase="roll", rolled=False, current=2,
                     improvements={0: {"science": 1}, 1: {"science": 2}, 2: {"science": 2}, 3: {"trade": 5}})
    act(state, type="roll", dice=[6, 3], event="science")  # red 3: level 2 and more
    assert state.phase == "progress_draw" and state.step == {"seat": 2, "track": TRACK_INDEX["science"]}
    assert {a["card"] for a in RULES.legal_actions(state)} == {"alchemist", "crane", "engineer", "inventor",
                                                               "irrigation", "medicine", "mining", "printer",
                                                               "road_building", "smith"}
    refused(state, {"type": "progress", "card": "spy"}, "science")
    act(state, type="progress", card="mining")
    assert state.step["seat"] == 1
    act(state, type="progress", card="smith")
    assert state.phase == "main" and state.progress[1][card("smith")] == 1 and sum(state.progress[0]) == 0


def test_an_empty_deck_gives_nothing():
    state = position(phase="roll", rolled=False, improvements={0: {"trade": 5}})
    for c in TRACK_CARDS[TRACK_INDEX["trade"]]:  # every trade card is in seat 1's hand
        state.progress[1][c], state.unseen[c] = state.unseen[c], 0
    state.unseen_count[TRACK_INDEX["trade"]] = 0
    act(state, type="roll", dice=[1, 1], event="trade")
    assert state.phase == "main"


def test_cards_put_under_a_deck_come_back_after_the_unseen_ones_in_order():
    state = position(phase="progress_draw", rolled=True, step={"seat": 0, "track": "science"},
                     queue=[["produce", {}]], dice=[3, 3])
    for c in range(len(state.unseen)):
        if state.unseen[c] and CARD_TRACK[c] == TRACK_INDEX["science"]:
            state.progress[1][c] += state.unseen[c]
            state.unseen[c] = 0
    state.unseen_count[TRACK_INDEX["science"]] = 0
    state.progress[1][card("smith")] -= 1
    state.under[TRACK_INDEX["science"]] = [[card("smith"), -1]]
    assert RULES.legal_actions(state) == [{"type": "progress", "card": "smith"}]
    act(state, type="progress", card="smith")
    assert state.progress[0][card("smith")] == 1


def test_a_victory_point_card_is_shown_at_once_and_stays_out_of_the_hand():
    state = position(phase="progress_draw", step={"seat": 1, "track": "politics"}, queue=[["produce", {}]],
                     dice=[2, 2])
    events = act(state, type="progress", card="constitution")
    assert state.victory_cards[1] == [card("constitution")] and sum(state.progress[1]) == 0
    assert events[0].audience is None and events[0].data["card"] == "constitution"
    assert RULES.public_points(state, 1) == 1
    seen = RULES.observe(state, 2)
    assert seen.victory_cards[1] == [card("constitution")]


def test_a_player_over_four_discards_at_once_off_turn_and_the_player_on_turn_at_the_end_a21():
    """A21: the player on turn may hold more than 4 until the end of their turn."""
    state = position(phase="progress_draw", step={"seat": 1, "track": "trade"}, queue=[["produce", {}]],
                     dice=[2, 2], progress={1: {"spy": 2, "bishop": 2}, 0: {"wedding": 2, "warlord": 2}})
    act(state, type="progress", card="merchant")
    assert state.phase == "progress_limit" and RULES.to_act(state) == 1
    events = act(state, type="progress_discard", card="spy")
    assert events[0].audience == 1 and events[0].public == {"seat": 1, "track": "politics"}
    assert state.under[TRACK_INDEX["politics"]][-1] == [card("spy"), 1]  # face down: seat 1 alone knows it
    assert state.phase == "main"
    state.progress[0][card("merchant")] += 1  # seat 0 on turn over the limit: fine until the end of the turn
    state.unseen[card("merchant")] -= 1
    state.unseen_count[TRACK_INDEX["trade"]] -= 1
    check(state)
    act(state, type="end_turn")
    assert state.phase == "progress_limit" and RULES.to_act(state) == 0
    act(state, type="progress_discard", card="merchant")
    assert state.current == 1 and state.phase in ("roll", "pre_roll")


def test_cards_are_played_after_the_roll_only_the_alchemist_before():
    state = holding("warlord", knights=[(31, 0, 1, False)], phase="pre_roll", rolled=False,
                    progress={0: {"alchemist": 1}})
    assert not any(a.get("card") == "warlord" for a in RULES.legal_actions(state))
    refused(state, {"type": "play", "card": "warlord"}, "before the roll")


# -- science --------------------------------------------------------------------------------------------
def test_alchemist_sets_the_number_dice_and_the_event_die_is_still_thrown():
    state = holding("alchemist", phase="pre_roll", rolled=False)
    assert len(plays(state, "alchemist")) == 36
    act(state, type="play", card="alchemist", dice=[3, 4])
    assert state.phase == "roll" and RULES.to_act(state) == CHANCE
    assert {(tuple(a["dice"]), a["event"]) for a in RULES.legal_actions(state)} == {
        ((3, 4), face) for face in ("ship", "trade", "politics", "science")}
    refused(state, {"type": "roll", "dice": [1, 1], "event": "ship"}, "Alchemist")
    act(state, type="roll", dice=[3, 4], event="science")
    assert state.dice == (3, 4) and state.alchemy is None


def test_engineer_builds_a_free_city_wall_within_the_limits():
    state = holding("engineer")
    assert plays(state, "engineer") == [{"type": "play", "card": "engineer", "vertex": A}]
    act(state, type="play", card="engineer", vertex=A)
    assert state.walls[A] and sum(state.hands[0]) == 0
    assert_played(state, "engineer")


def test_inventor_swaps_two_tokens_but_never_a_2_12_6_or_8():
    state = holding("inventor")
    numbers = state.layout.numbers
    hexes = {h for a in plays(state, "inventor") for h in a["hexes"]}
    assert all(numbers[h] not in (2, 12, 6, 8, None) for h in hexes)
    refused(state, {"type": "play", "card": "inventor", "hexes": [4, 6]})  # hills 6
    act(state, type="play", card="inventor", hexes=[0, 10])  # mountains 10 and forest 3
    assert state.layout.numbers[0] == 3 and state.layout.numbers[10] == 10
    state.phase, state.rolled = "roll", False
    act(state, type="roll", dice=[1, 2], event="ship")
    assert state.hands[0][1] == 0 and state.hands[0][2] == 0  # forest 3 gave nothing: its token moved


def test_inventor_takes_its_two_hexes_in_either_order():
    state = holding("inventor")
    events = act(state, type="play", card="inventor", hexes=[10, 0])  # listed as [0, 10]
    assert events[0].data["hexes"] == [10, 0]
    assert state.layout.numbers[0] == 3 and state.layout.numbers[10] == 10
    again = holding("inventor")
    refused(again, {"type": "play", "card": "inventor", "hexes": [6, 4]}, "cannot be played like that")  # hills 6
    refused(again, {"type": "play", "card": "inventor", "hexes": [10, 10]}, "cannot be played like that")


def test_irrigation_takes_two_grain_per_fields_hex_beside_your_buildings_a_city_no_more():
    state = holding("irrigation", buildings=[(12, 0, "city"), (22, 0, "settlement")],
                    roads=[(edge_between(12, 17), 0), (edge_between(17, 22), 0)])
    act(state, type="play", card="irrigation")  # fields 3 (12 and 22) and fields 7 (22)
    assert state.hands[0][3] == 4
    useless = holding("irrigation")
    assert plays(useless, "irrigation") == []


def test_mining_takes_two_ore_per_mountains_hex_beside_your_buildings():
    state = holding("mining")
    act(state, type="play", card="mining")  # mountains 11 beside 25
    assert state.hands[0][2] == 2
    assert_played(state, "mining")


def test_medicine_upgrades_a_settlement_for_two_ore_and_a_grain():
    state = holding("medicine", buildings=HOME + [(37, 0, "settlement")], hands={0: {"ore": 2, "grain": 1}})
    act(state, type="play", card="medicine", vertex=37)
    assert state.vertex_level[37] == 2 and sum(state.hands[0]) == 0 and state.pieces[0][1:] == [0, 2]
    poor = holding("medicine", buildings=HOME + [(37, 0, "settlement")], hands={0: {"ore": 1, "grain": 1}})
    assert plays(poor, "medicine") == []


def test_road_building_places_two_free_roads():
    state = holding("road_building")
    act(state, type="play", card="road_building")
    assert state.phase == "road_building"
    act(state, type="road", edge=edge_between(36, 41))
    act(state, type="road", edge=edge_between(41, 46))
    assert state.phase == "main" and state.pieces[0][0] == 4 and sum(state.hands[0]) == 0


def test_smith_promotes_up_to_two_knights_for_free_each_once():
    state = holding("smith", knights=[(31, 0, 1, True), (36, 0, 2, False)])
    act(state, type="play", card="smith")
    assert state.phase == "smith"
    assert {a.get("vertex") for a in RULES.legal_actions(state)} == {31, None}  # strong to mighty: no Fortress
    act(state, type="promote", vertex=31)
    assert state.phase == "main" and state.knight_strength[31] == 2  # nothing else to promote
    two = holding("smith", knights=[(31, 0, 1, True), (36, 0, 1, False)])
    act(two, type="play", card="smith")
    act(two, type="promote", vertex=31)
    refused(two, {"type": "promote", "vertex": 31}, "once a turn")
    act(two, type="promote", vertex=36)
    assert two.phase == "main" and two.knight_pieces[0] == [0, 2, 0]


# -- politics -------------------------------------------------------------------------------------------
def test_bishop_moves_the_robber_and_robs_each_neighbour_once_the_barbarians_came():
    fields = dict(buildings=HOME + [(24, 1, "settlement"), (36, 2, "settlement")], roads=[], attacks=1,
                  hands={1: {"brick": 1}, 2: {"paper": 1}})
    state = holding("bishop", **fields)
    act(state, type="play", card="bishop", hex=10)  # forest 3: corners 24, 25 and 36 among them
    assert state.robber == 10 and RULES.to_act(state) == CHANCE and state.victim == 1
    act(state, type="steal", resource="brick")
    assert state.victim == 2
    act(state, type="steal", resource="paper")
    assert state.phase == "main" and state.hands[0][0] == 1 and state.hands[0][5] == 1
    asleep = holding("bishop", **{**fields, "attacks": 0})
    assert plays(asleep, "bishop") == []


def test_deserter_the_victim_removes_a_knight_of_their_choice_and_you_place_one_like_it():
    state = holding("deserter", buildings=HOME + [(9, 1, "settlement")],
                    roads=HOME_ROADS + [(edge_between(9, 14), 1), (edge_between(14, 19), 1)],
                    knights=[(14, 1, 2, True), (19, 1, 1, False)])
    act(state, type="play", card="deserter", seat=1)
    assert state.phase == "desert" and RULES.to_act(state) == 1
    refused(state, {"type": "desert", "vertex": 31})
    act(state, type="desert", vertex=14)
    assert state.phase == "deserter_place" and RULES.to_act(state) == 0
    act(state, type="knight", vertex=36)
    assert state.knight_strength[36] == 2 and state.knight_active[36] and sum(state.hands[0]) == 0


def test_deserter_places_a_basic_knight_when_none_of_that_strength_is_left_a25():
    """A25 (2020 rule): a basic knight instead; a mighty one needs no Fortress."""
    state = holding("deserter", buildings=HOME + [(9, 1, "settlement")],
                    roads=HOME_ROADS + [(edge_between(25, 20), 0), (edge_between(9, 14), 1)],
                    knights=[(14, 1, 3, False), (31, 0, 3, False), (20, 0, 3, False)])
    act(state, type="play", card="deserter", seat=1)
    act(state, type="desert", vertex=14)
    act(state, type="knight", vertex=36)
    assert state.knight_strength[36] == 1
    mighty = holding("deserter", buildings=HOME + [(9, 1, "settlement")],
                     roads=HOME_ROADS + [(edge_between(9, 14), 1)], knights=[(14, 1, 3, True)])
    act(mighty, type="play", card="deserter", seat=1)
    act(mighty, type="desert", vertex=14)
    act(mighty, type="done")
    assert mighty.knight_owner[14] == -1 and mighty.phase == "main"  # placing is optional; the removal stands


def test_diplomat_removes_an_open_road_and_its_owner_may_rebuild_their_own():
    state = holding("diplomat", buildings=HOME + [(9, 1, "settlement")],
                    roads=HOME_ROADS + [(edge_between(9, 14), 1), (edge_between(14, 10), 1)])
    edges = {a["edge"] for a in plays(state, "diplomat")}
    assert edges == {edge_between(31, 36), edge_between(14, 10)}  # open ends only
    act(state, type="play", card="diplomat", edge=edge_between(14, 10))
    assert state.edge_owner[edge_between(14, 10)] == -1 and state.phase == "main"
    own = holding("diplomat")
    act(own, type="play", card="diplomat", edge=edge_between(31, 36))
    assert own.phase == "relocate"
    act(own, type="road", edge=edge_between(25, 20))
    assert own.pieces[0][0] == 2 and own.phase == "main" and sum(own.hands[0]) == 0


def test_intrigue_displaces_a_knight_on_a_corner_of_your_roads_a31():
    """A31: only a knight on a corner your roads reach."""
    state = holding("intrigue", buildings=HOME + [(9, 1, "settlement")],
                    roads=HOME_ROADS + [(edge_between(9, 14), 1), (edge_between(14, 19), 1),
                                        (edge_between(36, 30), 1)],
                    knights=[(36, 1, 3, True), (19, 1, 1, False)])
    assert {a["vertex"] for a in plays(state, "intrigue")} == {36}
    act(state, type="play", card="intrigue", vertex=36)
    assert state.phase == "retreat" and RULES.to_act(state) == 1
    assert 36 not in {a["vertex"] for a in RULES.legal_actions(state)}, "a displaced knight leaves its corner"
    refused(state, {"type": "retreat", "vertex": 36}, "another empty corner")
    assert RULES.to_json(RULES.from_json(RULES.to_json(state))) == RULES.to_json(state)
    act(state, type="retreat", vertex=14)
    assert state.knight_owner[14] == 1 and state.knight_strength[14] == 3 and state.knight_active[14]
    assert state.knight_owner[36] == -1


def test_saboteur_halves_the_hands_of_players_with_at_least_your_points():
    state = holding("saboteur", buildings=HOME + [(9, 1, "city"), (44, 2, "settlement")],
                    hands={1: {"coin": 5}, 2: {"wool": 4}})
    act(state, type="play", card="saboteur")
    assert state.discard == [0, 2, 0, 0] and state.phase == "discard" and RULES.to_act(state) == 1
    act(state, type="discard", card="coin")
    act(state, type="discard", card="coin")
    assert state.phase == "main" and state.hands[1][7] == 3 and state.hands[2][4] == 4


def test_spy_looks_at_a_hand_and_takes_a_card_but_never_a_victory_point():
    state = holding("spy", progress={1: {"bishop": 1, "merchant": 1}}, victory_cards=[[], ["printer"], [], []])
    act(state, type="play", card="spy", seat=1)
    assert state.phase == "spy"
    seen = RULES.observe(state, 0)
    assert seen.progress[1] is not None and RULES.observe(state, 2).progress[1] is None
    assert {a["card"] for a in RULES.legal_actions(state)} == {"bishop", "merchant"}
    events = act(state, type="spy_take", card="merchant")
    assert state.progress[0][card("merchant")] == 1 and state.victory_cards[1] == [card("printer")]
    assert events[0].public == {"seat": 0, "victim": 1}
    assert RULES.observe(state, 0).progress[1] is None  # the look ends with the card taken


def test_warlord_activates_all_your_knights_who_still_cannot_act_this_turn():
    state = holding("warlord", knights=[(31, 0, 1, False), (36, 0, 2, False), (19, 1, 1, False)])
    act(state, type="play", card="warlord")
    assert state.knight_active[31] and state.knight_active[36] and not state.knight_active[19]
    assert not any(a["type"] == "knight_move" for a in RULES.legal_actions(state))


def test_wedding_each_richer_player_gives_two_cards_of_their_choice_or_the_one_they_have():
    state = holding("wedding", buildings=HOME + [(9, 1, "city"), (0, 1, "settlement"), (44, 2, "city"),
                                                 (47, 3, "settlement")],
                    hands={1: {"coin": 3}, 2: {"wool": 1}, 3: {"ore": 5}})
    act(state, type="play", card="wedding")
    assert state.giving == [0, 2, 0, 0] and RULES.to_act(state) == 1  # seat 2 has no more points than 2
    act(state, type="give", card="coin")
    refused(state, {"type": "give", "card": "wool"})
    act(state, type="give", card="coin")
    assert state.phase == "main" and state.hands[0][7] == 2
    one = holding("wedding", buildings=HOME + [(9, 1, "city"), (0, 1, "settlement")], hands={1: {"wool": 1}})
    act(one, type="play", card="wedding")
    assert one.giving[1] == 1


# -- trade ----------------------------------------------------------------------------------------------
def test_commercial_harbor_swaps_one_resource_for_a_commodity_of_their_choice_once_each():
    state = holding("commercial_harbor", hands={0: {"brick": 2}, 1: {"coin": 1, "paper": 1}, 2: {"wool": 1}},
                    players=3)
    act(state, type="play", card="commercial_harbor")
    assert state.phase == "harbour_offer"
    act(state, type="harbour_offer", seat=1, resource="brick")
    assert state.phase == "harbour_answer" and RULES.to_act(state) == 1
    assert {a["card"] for a in RULES.legal_actions(state)} == {"coin", "paper"}
    refused(state, {"type": "harbour_give", "card": "brick"})
    act(state, type="harbour_give", card="paper")
    assert state.hands[0][0] == 1 and state.hands[0][5] == 1 and state.hands[1][0] == 1
    assert RULES.legal_actions(state) == [{"type": "harbour_offer", "seat": 2, "resource": "brick"},
                                          {"type": "done"}]
    events = act(state, type="harbour_offer", seat=2, resource="brick")
    assert events[0].kind == "harbour_void" and state.phase == "main" and state.hands[0][0] == 1


def test_every_card_a_hand_can_hold_has_its_ways_to_play_and_its_effect():
    held = {name for c, name in enumerate(CARDS) if c not in VICTORY_CARDS}
    assert set(RULES._card_effect_functions) == held
    assert set(RULES._card_play_finders) == held - {"alchemist"}  # the Alchemist's ways: any dice, before the roll


def test_a_second_commercial_harbor_in_a_turn_offers_nobody_twice():
    state = holding("commercial_harbor", 2, hands={0: {"brick": 3}, 1: {"coin": 2}, 2: {"cloth": 1}}, players=3)
    act(state, type="play", card="commercial_harbor")
    act(state, type="harbour_offer", seat=1, resource="brick")
    act(state, type="harbour_give", card="coin")
    act(state, type="done")  # seat 2 is not offered this time
    act(state, type="play", card="commercial_harbor")
    assert RULES.legal_actions(state) == [{"type": "harbour_offer", "seat": 2, "resource": "brick"},
                                          {"type": "done"}]
    refused(state, {"type": "harbour_offer", "seat": 1, "resource": "brick"}, "offer each other player once")
    assert RULES.from_json(RULES.to_json(state)).harbour_offered == (1,)  # the notation keeps who was offered
    act(state, type="harbour_offer", seat=2, resource="brick")
    act(state, type="harbour_give", card="cloth")
    assert state.hands[0] == [1, 0, 0, 0, 0, 0, 1, 1] and state.phase == "main"


def test_once_every_opponent_was_offered_another_commercial_harbor_does_nothing_this_turn():
    state = holding("commercial_harbor", 2, hands={0: {"brick": 3}, 1: {"coin": 1}, 2: {"wool": 1}}, players=3)
    act(state, type="play", card="commercial_harbor")
    act(state, type="harbour_offer", seat=1, resource="brick")
    act(state, type="harbour_give", card="coin")
    act(state, type="harbour_offer", seat=2, resource="brick")  # void: no commodity
    assert plays(state, "commercial_harbor") == []
    refused(state, {"type": "play", "card": "commercial_harbor"}, "would do nothing now")
    act(state, type="end_turn")
    assert state.harbour_offered == ()


def test_master_merchant_sees_a_richer_hand_and_takes_any_two():
    state = holding("master_merchant", buildings=HOME + [(9, 1, "city"), (0, 1, "city")],
                    hands={1: {"ore": 1, "cloth": 4}, 2: {"wool": 3}})
    assert [a["seat"] for a in plays(state, "master_merchant")] == [1]
    act(state, type="play", card="master_merchant", seat=1)
    assert RULES.observe(state, 0).hands[1] == state.hands[1]  # they look at the cards
    assert RULES.observe(state, 2).hands[1] is None
    act(state, type="take", card="ore")
    act(state, type="take", card="cloth")
    assert state.phase == "main" and state.hands[0][2] == 1 and state.hands[0][6] == 1


def test_the_merchant_trades_its_hexs_resource_two_for_one_and_is_worth_a_point_while_held():
    state = holding("merchant", 2, hands={0: {"ore": 2}})
    assert {a["hex"] for a in plays(state, "merchant")} == {6, 10, 11}
    act(state, type="play", card="merchant", hex=11)  # mountains
    assert state.rates[0][2] == 2 and RULES.public_points(state, 0) == 3
    act(state, type="bank_trade", give="ore", get="wool")
    other = holding("merchant", buildings=HOME + [(9, 1, "settlement")], merchant={"hex": 11, "seat": 0},
                    current=1, progress={1: {"merchant": 1}})
    act(other, type="play", card="merchant", hex=1)
    assert other.merchant_owner == 1 and RULES.public_points(other, 0) == 2 and other.rates[0][2] == 4


def test_merchant_fleet_trades_a_kind_of_your_choice_two_for_one_for_the_rest_of_the_turn():
    state = holding("merchant_fleet", hands={0: {"cloth": 4}})
    assert len(plays(state, "merchant_fleet")) == 8
    act(state, type="play", card="merchant_fleet", resource="cloth")
    act(state, type="bank_trade", give="cloth", get="grain")
    act(state, type="bank_trade", give="cloth", get="grain")
    assert state.hands[0][3] == 2
    act(state, type="end_turn")
    assert state.rates[0][6] == 4 and state.fleet == []


def test_resource_monopoly_takes_two_of_a_resource_from_each_other_player_or_the_one_they_have():
    state = holding("resource_monopoly", hands={1: {"wool": 3}, 2: {"wool": 1}})
    refused(state, {"type": "play", "card": "resource_monopoly", "resource": "coin"})
    act(state, type="play", card="resource_monopoly", resource="wool")
    assert state.hands[0][4] == 3 and state.hands[1][4] == 1 and state.hands[2][4] == 0


def test_trade_monopoly_takes_one_of_a_commodity_from_each_other_player():
    state = holding("trade_monopoly", hands={1: {"coin": 3}, 3: {"coin": 1}})
    refused(state, {"type": "play", "card": "trade_monopoly", "resource": "wool"})
    act(state, type="play", card="trade_monopoly", resource="coin")
    assert state.hands[0][7] == 2 and state.hands[1][7] == 2 and state.hands[3][7] == 0


@pytest.mark.parametrize("name", ["printer", "constitution"])
def test_victory_point_cards_are_never_played(name):
    state = holding("spy")
    refused(state, {"type": "play", "card": name}, "no such")
    assert not any(a.get("card") == name for a in RULES.legal_actions(state))
    assert legal(state)


def test_a_sampled_position_keeps_unknown_victory_point_cards_in_their_decks():
    """Printer and Constitution are shown when drawn, so a seat's sample never deals one into a hidden hand."""
    rng = random.Random(4)
    state = RULES.new_game(config_for(4))
    while state.phase != "over" and not all(sum(state.progress[p]) for p in range(1, 4)):
        seat = RULES.to_act(state)
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
    assert state.phase != "over"
    seen = RULES.observe(state, 0)
    for sample in range(40):
        full = RULES.determinize(seen, 0, random.Random(sample))
        assert not any(full.progress[p][c] for p in range(1, 4) for c in VICTORY_CARDS)
