"""One test (at least) for every rule of the Cannonades reference."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.cannonades.rules import (
    CODES,
    DECKS,
    FACES_LEFT,
    GRINS,
    IS_SHIP,
    KINDS,
    RULES,
    is_futile,
    is_self_eliminating,
)
from tests.cannonades.helpers import deal, kinds, play, position, state_of
from tests.support import config_for

SHOOT = "shoot"


def shoot(card, seat, slot):
    return {"type": SHOOT, "card": card, "seat": seat, "slot": slot}


def react(option, slot=None):
    action = {"type": "react", "option": option}
    if slot is not None:
        action["slot"] = slot
    return action


# -- components -----------------------------------------------------------------------------------
def test_the_standard_deck_has_46_cards_24_ships_and_22_cannonades():
    deck = DECKS["standard"]
    assert sum(deck) == 46
    assert sum(n for k, n in enumerate(deck) if IS_SHIP[k]) == 24
    by_colour = Counter()
    for k, n in enumerate(deck):
        if IS_SHIP[k]:
            by_colour[KINDS[k].colours[0]] += n
    assert by_colour == {"blue": 6, "green": 6, "purple": 4, "orange": 3, "red": 1, "yellow": 4}
    assert sum(GRINS[k] * n for k, n in enumerate(deck)) == 15
    assert sum(n for k, n in enumerate(deck) if IS_SHIP[k] and FACES_LEFT[k]) == 16
    cannonades = {CODES[k]: n for k, n in enumerate(deck) if not IS_SHIP[k] and n}
    assert cannonades == {"BG": 6, "YP": 4, "ORY": 3, "ROY": 3, "GB": 6}


def test_the_full_deck_adds_two_red_ships_and_four_purple_yellow_cannonades():
    full = dict(zip(CODES, DECKS["full"], strict=True))
    assert sum(full.values()) == 52 and full["R0"] == 2 and full["PY"] == 4
    state = RULES.new_game(config_for(3, {"deck": "full"}))
    assert state.pile_size == 52


# -- setup ----------------------------------------------------------------------------------------
def test_the_start_player_is_a_uniform_chance_step_and_the_deal_starts_there():
    state = RULES.new_game(config_for(3))
    assert RULES.to_act(state) == CHANCE
    outcomes = RULES.chance_outcomes(state)
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    RULES.apply(state, {"type": "start", "seat": 1})
    assert state.drawer == 1 and state.draws_due == 5


def test_dealt_cards_are_seen_by_their_drawer_only():
    state = RULES.new_game(config_for(2))
    play(state, {"type": "start", "seat": 0})
    (event,) = deal(state, "B1")
    assert event.seen_by(0)["card"] == "B1"
    assert "card" not in event.seen_by(1)


def test_a_hand_with_at_most_one_ship_is_shown_discarded_and_redrawn():
    state = RULES.new_game(config_for(2))
    play(state, {"type": "start", "seat": 0})
    deal(state, "B0", "BG", "BG", "GB", "YP")  # seat 0: one ship
    events = deal(state, "B0", "G0", "BG", "GB", "YP")  # seat 1: two ships
    mulligan = [e for e in events if e.kind == "mulligan"]
    assert mulligan and mulligan[0].data == {"seat": 0, "cards": ["B0", "BG", "BG", "GB", "YP"]}
    assert state.discard == [CODES.index(c) for c in ["B0", "BG", "BG", "GB", "YP"]]
    assert state.drawer == 0 and state.draws_due == 5
    deal(state, "BG", "BG", "GB", "GB", "ORY")  # no ship at all: again
    assert state.drawer == 0 and state.draws_due == 5
    events = deal(state, "G1", "Y0", "BG", "GB", "ORY")
    assert "turn" in kinds(events)
    assert state.phase == "actions" and state.current == 0 and state.first_turn


def test_the_bga_deal_gives_two_ships_each_then_three_cards_and_no_mulligan():
    state = RULES.new_game(config_for(2, {"deal": "bga"}))
    play(state, {"type": "start", "seat": 1})
    outcomes = RULES.chance_outcomes(state)
    assert all(IS_SHIP[CODES.index(a["card"])] for a, _ in outcomes)
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "deal", "card": "BG"})
    deal(state, "B0", "G0", "B1", "G1")  # two ships to seat 1, then to seat 0
    deal(state, "BG", "BG", "GB", "BG", "GB", "ORY")
    assert state.phase == "actions" and state.current == 1
    assert len(state.hands[0]) == len(state.hands[1]) == 5 and not state.discard


# -- the turn -------------------------------------------------------------------------------------
def test_the_first_turn_has_no_shoot_and_no_board():
    state = state_of(hands=[["B0", "BG"], ["G0"]], ships=[[["Y0", True]], [["G1", False]]], first_turn=True)
    types = {a["type"] for a in RULES.legal_actions(state)}
    assert types == {"add", "draw", "end"}
    with pytest.raises(IllegalAction, match="first turn"):
        RULES.apply(state, shoot("BG", 1, 0))


def test_later_turns_draw_five_minus_ships_face_up_ones_included():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["B0", False]], [["G1", False], ["Y0", True], ["P0", False]]])
    play(state, {"type": "end"})
    assert state.current == 1 and state.drawer == 1 and state.draws_due == 2
    assert RULES.to_act(state) == CHANCE


def test_the_turn_ends_by_itself_after_four_actions():
    state = state_of(hands=[["B0", "G0", "P0", "Y0", "BG"], ["GB"]], ships=[[], [["G1", False]]])
    for code in ("B0", "G0", "P0"):
        play(state, {"type": "add", "card": code})
        assert state.current == 0
    events = play(state, {"type": "draw", "card": "BG"})
    assert state.actions_left == 0
    events += deal(state, "ORY")
    assert "end_turn" in kinds(events) and state.current == 1


def test_add_puts_a_ship_face_down_and_the_area_holds_four():
    state = state_of(hands=[["B0", "G2"], ["GB"]], ships=[[["Y0", True], ["P0", False], ["O0", False]],
                                                          [["G1", False]]])
    (event,) = play(state, {"type": "add", "card": "G2"})
    assert state.up[0][-1] is False and len(state.ships[0]) == 4
    assert event.seen_by(0)["card"] == "G2" and "card" not in event.seen_by(1)
    assert not any(a["type"] == "add" for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match="at most 4"):
        RULES.apply(state, {"type": "add", "card": "B0"})


def test_a_cannonade_cannot_be_added_and_a_ship_cannot_be_shot():
    state = state_of(hands=[["B0", "BG"], ["GB"]], ships=[[["Y0", True]], [["G1", False]]])
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "add", "card": "BG"})
    with pytest.raises(IllegalAction):
        RULES.apply(state, shoot("B0", 1, 0))


def test_shooting_turns_the_target_up_and_sinks_it_on_a_matching_colour():
    state = state_of(players=3, hands=[["BG", "YP"], ["GB"], []],
                     ships=[[["Y0", True]], [["G0", False], ["O0", False]], [["P0", False]]])
    events = play(state, shoot("BG", 1, 0))
    assert kinds(events)[:3] == ["shoot", "flip", "sink"]
    assert state.ships[1] == [CODES.index("O0")]
    assert state.discard[-2:] == [CODES.index("G0"), CODES.index("BG")]
    assert state.actions_left == 3


def test_a_miss_leaves_the_target_face_up_in_its_area():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", True]], [["O0", False], ["B0", False]]])
    events = play(state, shoot("BG", 1, 0))
    assert kinds(events)[:3] == ["shoot", "flip", "survive"]
    assert state.ships[1] == [CODES.index("O0"), CODES.index("B0")] and state.up[1] == [True, False]


def test_no_target_among_own_ships_and_futile_shots_are_legal_but_flagged():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", True]], [["O0", True], ["B0", False]]])
    shots = [a for a in RULES.legal_actions(state) if a["type"] == SHOOT]
    assert {a["seat"] for a in shots} == {1}
    assert is_futile(state, shoot("BG", 1, 0)) and not is_futile(state, shoot("BG", 1, 1))
    with pytest.raises(IllegalAction, match="opponent"):
        RULES.apply(state, shoot("BG", 0, 0))


def test_draw_discards_any_card_and_draws_one_plus_its_grins():
    state = state_of(hands=[["B2", "BG"], ["GB"]], ships=[[["Y0", True]], [["G1", False]]])
    events = play(state, {"type": "draw", "card": "B2"})
    assert events[0].data["draw"] == 3 and state.draws_due == 3
    deal(state, "B0", "G0", "BG")
    assert Counter(state.hands[0]) == Counter(CODES.index(c) for c in ["BG", "B0", "G0", "BG"])
    assert state.actions_left == 3 and state.phase == "actions"


def test_board_attacks_with_the_ships_colour_and_discards_the_boarder():
    state = state_of(hands=[[], ["GB"]], ships=[[["G0", True], ["Y0", False]], [["G0", False], ["B0", False]]])
    boards = [a for a in RULES.legal_actions(state) if a["type"] == "board"]
    assert {a["ship"] for a in boards} == {0}  # only the face-up ship
    events = play(state, {"type": "board", "ship": 0, "seat": 1, "slot": 0})
    assert kinds(events)[:3] == ["board", "flip", "sink"]
    assert state.ships[0] == [CODES.index("Y0")] and state.ships[1] == [CODES.index("B0")]
    assert state.discard[-2:] == [CODES.index("G0"), CODES.index("G0")]


def test_a_face_down_ship_cannot_board():
    state = state_of(hands=[[], ["GB"]], ships=[[["G0", False]], [["G0", False]]])
    with pytest.raises(IllegalAction, match="face-up"):
        RULES.apply(state, {"type": "board", "ship": 0, "seat": 1, "slot": 0})


# -- Grin triggers ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("ship", "face_up", "cannonade", "expected"), [
    ("B0", False, "BG", 0),  # no Grins
    ("B1", False, "BG", 1),  # 1 Grin, sunk
    ("B1", False, "ORY", 0),  # 1 Grin, only turned up
    ("B2", False, "ORY", 1),  # 2 Grins, turned up
    ("B2", False, "BG", 2),  # 2 Grins, turned up and sunk by the same hit
    ("B2", True, "BG", 1),  # 2 Grins already face up, sunk
    ("B2", True, "ORY", 0),  # 2 Grins already face up, missed
])
def test_grin_reactions_follow_the_trigger_table(ship, face_up, cannonade, expected):
    state = state_of(hands=[[cannonade], []], ships=[[["Y0", False]], [[ship, face_up], ["P0", False]]])
    play(state, shoot(cannonade, 1, 0))
    assert state.reactions == [(1, 0)] * expected
    assert RULES.to_act(state) == (1 if expected else 0)


def test_boarding_with_a_grin_ship_gives_the_boarder_one_reaction_after_the_targets():
    state = state_of(hands=[[], ["GB"]], ships=[[["G2", True], ["Y0", False]], [["G1", False], ["B0", False]]])
    play(state, {"type": "board", "ship": 0, "seat": 1, "slot": 0})
    assert state.reactions == [(1, 0), (0, 1)]


# -- resolving reactions ----------------------------------------------------------------------------
def reaction_state(attacker_hand=("BG", "YP"), attacker_ships=(("Y0", False), ("B2", False))):
    state = state_of(hands=[list(attacker_hand) + ["BG"], ["GB"]],
                     ships=[[list(s) for s in attacker_ships], [["G1", False], ["B0", False]]])
    play(state, shoot("BG", 1, 0))
    assert RULES.to_act(state) == 1 and state.phase == "reaction"
    return state


def test_reaction_options_name_the_reacting_seat_and_cost_no_action():
    state = reaction_state()
    options = RULES.legal_actions(state)
    assert options == [react("draw"), react("discard"), react("reveal", 0), react("reveal", 1), react("pass")]
    play(state, react("pass"))
    assert RULES.to_act(state) == 0 and state.actions_left == 3


def test_a_reaction_draw_takes_one_card():
    state = reaction_state()
    play(state, react("draw"))
    assert RULES.to_act(state) == CHANCE and state.drawer == 1
    deal(state, "ORY")
    assert CODES.index("ORY") in state.hands[1] and state.phase == "actions"


def test_a_reaction_discard_is_chosen_by_the_attacker():
    state = reaction_state()
    play(state, react("discard"))
    assert state.phase == "forced_discard" and RULES.to_act(state) == 0
    assert {a["card"] for a in RULES.legal_actions(state)} == {"BG", "YP"}
    play(state, {"type": "discard", "card": "YP"})
    assert state.discard[-1] == CODES.index("YP") and state.phase == "actions"


def test_a_reaction_discard_of_a_single_card_is_automatic():
    state = reaction_state(attacker_hand=("YP",))
    assert len(state.hands[0]) == 1
    events = play(state, react("discard"))
    assert "discard" in kinds(events) and not state.hands[0] and state.phase == "actions"


def test_no_discard_or_reveal_option_without_cards_or_face_down_ships():
    state = reaction_state(attacker_hand=(), attacker_ships=(("Y0", True),))
    assert RULES.legal_actions(state) == [react("draw"), react("pass")]
    with pytest.raises(IllegalAction, match="no card"):
        RULES.apply(state, react("discard"))


def test_revealing_a_two_grin_ship_reacts_back_and_chains():
    state = reaction_state()
    events = play(state, react("reveal", 1))
    assert "flip" in kinds(events) and state.up[0] == [False, True]
    assert state.reactions == [(0, 1)] and RULES.to_act(state) == 0
    play(state, react("pass"))
    assert state.phase == "actions" and RULES.to_act(state) == 0


def test_reactions_resolve_first_in_first_out():
    state = state_of(hands=[["BG", "BG"], ["GB"]], ships=[[["Y0", False]], [["B2", False], ["B0", False]]])
    play(state, shoot("BG", 1, 0))
    assert state.reactions == [(1, 0), (1, 0)]
    play(state, react("pass"))
    assert state.reactions == [(1, 0)] and RULES.to_act(state) == 1
    play(state, react("reveal", 0))
    assert state.phase == "actions"


# -- elimination ----------------------------------------------------------------------------------
def test_sinking_the_last_ship_eliminates_at_once_without_reactions_and_takes_a_random_card():
    state = state_of(players=3, hands=[["BG"], ["GB", "GB", "B0"], ["YP"]],
                     ships=[[["Y0", False]], [["B1", True]], [["P0", False]]])
    events = play(state, shoot("BG", 1, 0))
    assert "eliminated" in kinds(events) and not state.alive[1] and state.reactions == []
    assert RULES.to_act(state) == CHANCE and state.phase == "take"
    outcomes = dict((a["card"], p) for a, p in RULES.chance_outcomes(state))
    assert outcomes == pytest.approx({"B0": 1 / 3, "GB": 2 / 3})
    events = play(state, {"type": "take", "card": "GB"})
    take = next(e for e in events if e.kind == "take")
    assert take.seen_by(0)["card"] == "GB" and "card" not in take.seen_by(2)
    assert CODES.index("GB") in state.hands[0] and not state.hands[1]
    assert Counter(state.discard[-2:]) == Counter([CODES.index("GB"), CODES.index("B0")])
    assert state.phase == "actions" and state.actions_left == 3


def test_with_two_players_the_last_ship_sunk_ends_the_game_and_nothing_is_taken():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["B1", True]]])
    events = play(state, shoot("BG", 1, 0))
    assert kinds(events)[-1] == "game_over" and RULES.to_act(state) is None
    result = RULES.result(state)
    assert result.ranks == (0, 1) and result.details["reason"] == "last_standing"
    assert not state.hands[1]


def test_bga_elimination_discards_the_hand_and_the_attacker_draws():
    state = state_of(players=3, hands=[["BG"], ["GB", "B0"], ["YP"]],
                     ships=[[["Y0", False]], [["B1", True]], [["P0", False]]],
                     options={"elimination": "bga_draw"})
    play(state, shoot("BG", 1, 0))
    assert RULES.to_act(state) == CHANCE and state.drawer == 0 and state.draws_due == 1
    assert not state.hands[1]
    deal(state, "ORY")
    assert state.phase == "actions"


def test_bga_elimination_draw_of_the_last_card_starts_the_standoff():
    state = state_of(players=3, hands=[["BG"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["B1", True]], [["P0", False]]],
                     options={"elimination": "bga_draw"}, pile={"ORY": 1})
    play(state, shoot("BG", 1, 0))
    deal(state, "ORY")
    assert state.standoff and state.trigger == 0


def test_ending_a_turn_without_ships_eliminates_and_is_flagged():
    state = state_of(players=3, hands=[["B0", "BG"], ["GB"], ["YP"]],
                     ships=[[], [["G0", False]], [["P0", False]]], first_turn=True)
    assert is_self_eliminating(state, {"type": "end"})
    assert not is_self_eliminating(state, {"type": "add", "card": "B0"})
    events = play(state, {"type": "end"})
    assert "eliminated" in kinds(events) and not state.alive[0]
    assert not state.hands[0] and state.current == 1


def test_boarding_with_the_last_ship_is_flagged_only_when_nothing_can_save_you():
    base = dict(players=3, ships=[[["G0", True]], [["G1", False]], [["P0", False]]])
    board = {"type": "board", "ship": 0, "seat": 1, "slot": 0}
    with_ship = state_of(hands=[["B0"], ["GB"], []], **base)
    assert not is_self_eliminating(with_ship, board)
    last_action = state_of(hands=[["B0"], ["GB"], []], actions_left=1, **base)
    assert is_self_eliminating(last_action, board)
    no_ship_no_pile = state_of(hands=[["BG"], ["GB"], []], pile={}, **base)
    assert is_self_eliminating(no_ship_no_pile, board)


def test_the_fourth_action_leaving_no_ships_is_flagged():
    state = state_of(players=2, hands=[["BG", "B0"], ["GB"]], ships=[[], [["G0", False]]], first_turn=True,
                     actions_left=1)
    assert is_self_eliminating(state, {"type": "draw", "card": "BG"})


# -- hand limit -----------------------------------------------------------------------------------
def test_the_hand_limit_is_players_still_in_plus_one():
    state = state_of(players=3, hands=[["BG"] * 5 + ["B0"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["G0", False]], [["P0", False]]])
    play(state, {"type": "end"})
    assert state.phase == "limit" and RULES.to_act(state) == 0
    play(state, {"type": "discard", "card": "BG"})
    assert state.phase == "limit"
    play(state, {"type": "discard", "card": "BG"})
    assert state.current == 1 and len(state.hands[0]) == 4


def test_the_hand_limit_drops_as_players_go_out_and_five_is_fixed_with_the_option():
    state = state_of(players=3, hands=[["BG"] * 5, ["GB"], []], ships=[[["Y0", False]], [["G0", False]], []],
                     alive=[True, True, False], eliminated=[2])
    assert state.hand_limit() == 3
    fixed = state_of(players=3, hands=[["BG"] * 5, ["GB"], []], ships=[[["Y0", False]], [["G0", False]], []],
                     alive=[True, True, False], eliminated=[2], options={"hand_limit": "five"})
    play(fixed, {"type": "end"})
    assert fixed.current == 1 and len(fixed.hands[0]) == 5


def test_turn_order_skips_eliminated_players():
    state = state_of(players=3, hands=[["BG"], [], ["GB"]], ships=[[["Y0", False]], [], [["G0", False]]],
                     alive=[True, False, True], eliminated=[1])
    play(state, {"type": "end"})
    assert state.current == 2


# -- standoff -------------------------------------------------------------------------------------
def test_emptying_the_pile_in_the_draw_step_starts_the_standoff_and_ends_the_turn():
    state = state_of(players=3, hands=[["BG"], ["GB"], ["B0"]],
                     ships=[[["Y0", False]], [["G0", False], ["B1", False]], [["P0", False]]],
                     pile={"ORY": 2}, discard=["YP"], rest_to=2)
    play(state, {"type": "end"})
    events = deal(state, "ORY", "ORY")
    assert "standoff" in kinds(events) and state.trigger == 1
    assert state.phase == "pick" and RULES.to_act(state) == 1
    assert {a["card"] for a in RULES.legal_actions(state)} == {"YP"}
    events = play(state, {"type": "pick", "card": "YP"})
    assert state.current == 2 and state.final_queue == [0, 1]
    assert state.phase == "actions"  # no cannonade left in the discard for seat 2's pick


def test_final_turns_pick_a_cannonade_have_no_draw_and_the_trigger_plays_last():
    state = state_of(players=3, hands=[["BG", "B2"], ["GB"], ["B0"]],
                     ships=[[["Y0", False]], [["G0", False]], [["P0", False]]],
                     pile={}, discard=["YP", "ORY", "B1"], standoff=True, trigger=2, final_queue=[0, 1, 2],
                     actions_left=0, phase="limit", current=2)
    # seat 2 (the trigger) has just had its turn cut short; the queue starts with seat 0
    state.phase = "actions"
    RULES._next_turn(state, [])
    assert state.current == 0 and state.phase == "pick"
    play(state, {"type": "pick", "card": "ORY"})
    assert not any(a["type"] == "draw" for a in RULES.legal_actions(state))
    play(state, {"type": "end"})
    assert state.phase == "limit" or state.current == 1
    while state.current == 0:
        play(state, RULES.legal_actions(state)[0])
    assert state.current == 1 and state.phase == "pick"
    play(state, {"type": "pick", "card": "YP"}, {"type": "end"})
    assert state.current == 2 and state.phase == "actions"  # the trigger does not pick
    events = play(state, {"type": "end"})
    assert kinds(events)[-1] == "game_over"


def test_a_reaction_draw_of_the_last_card_makes_the_reactor_trigger_and_cancels_the_queue():
    state = state_of(players=3, hands=[["BG", "BG"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["B2", False], ["B0", False]], [["P0", False]]],
                     pile={"ORY": 1})
    play(state, shoot("BG", 1, 0))
    assert state.reactions == [(1, 0), (1, 0)]
    play(state, react("draw"))
    events = deal(state, "ORY")
    standoff = next(e for e in events if e.kind == "standoff")
    assert standoff.data == {"seat": 1, "cancelled": 1}
    assert state.reactions == [] and state.trigger == 1 and state.final_queue == [2, 0, 1]


def test_the_draw_action_emptying_the_pile_loses_the_remaining_actions():
    state = state_of(players=2, hands=[["B2", "BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]],
                     pile={"ORY": 2})
    play(state, {"type": "draw", "card": "B2"})
    assert state.draws_due == 2
    deal(state, "ORY", "ORY")
    assert state.standoff and state.trigger == 0 and state.actions_left == 0
    assert state.phase == "pick" and RULES.to_act(state) == 0


def test_no_pick_when_the_discard_holds_no_cannonade():
    state = state_of(players=2, hands=[["B0"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]],
                     pile={"B1": 1}, discard=["B2"], rest_to=1)
    play(state, {"type": "draw", "card": "B0"})
    deal(state, "B1")
    assert state.standoff and state.phase == "actions" and state.current == 1


def test_the_trigger_skips_the_hand_limit_unless_the_option_says_otherwise():
    for option, expected in ((False, "over"), (True, "limit")):
        state = state_of(players=2, hands=[["BG"] * 6, ["GB"]], ships=[[["Y0", False]], [["G0", False]]],
                         pile={}, standoff=True, trigger=0, final_queue=[], options={"trigger_discards": option})
        play(state, {"type": "end"})
        assert state.phase == expected


def test_a_first_turn_in_the_standoff_still_forbids_shoot_and_board():
    state = state_of(players=2, hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]],
                     pile={}, standoff=True, trigger=1, final_queue=[1], first_turn=True)
    assert {a["type"] for a in RULES.legal_actions(state)} == {"end"}


# -- the end and the tie-break --------------------------------------------------------------------
def standoff_end(fleets, hands, trigger=0, players=None, options=None, **extra):
    players = players or len(fleets)
    state = state_of(players=players, hands=hands, ships=[[[c, False] for c in f] for f in fleets],
                     pile={}, standoff=True, trigger=trigger, final_queue=[], current=trigger,
                     options=options, **extra)
    events = play(state, {"type": "end"})
    return state, events, RULES.result(state)


def test_the_standoff_end_reveals_every_ship_and_most_ships_wins():
    state, events, result = standoff_end([["B0", "G0"], ["B0", "G0", "P0"]], [[], []])
    assert [e.data["cause"] for e in events if e.kind == "flip"] == ["final"] * 5
    assert result.ranks == (1, 0) and result.details["tiebreak_step"] == 1
    assert result.details["decided_key"] == "cannonades.result.step.ships"
    assert result.scores == (2, 3)


def test_tie_break_two_counts_different_colours_plus_one_for_a_grin():
    _, _, result = standoff_end([["B0", "B0"], ["B0", "G0"]], [[], []])
    assert result.ranks == (1, 0) and result.details["tiebreak_step"] == 2
    _, _, result = standoff_end([["B1", "G0"], ["B0", "G0"]], [[], []], trigger=1)
    assert result.ranks == (0, 1) and result.details["keys"]["0"][1] == 3


def test_the_bga_icon_tie_break_needs_two_grins():
    _, _, result = standoff_end([["B1", "G0"], ["B0", "G0"]], [[], []], trigger=1,
                                options={"icon_tiebreak": "bga"})
    assert result.details["keys"]["0"][1] == 2 and result.ranks == (1, 0)  # decided by the trigger
    _, _, result = standoff_end([["B1", "G1"], ["B0", "G0"]], [[], []], trigger=1,
                                options={"icon_tiebreak": "bga"})
    assert result.ranks == (0, 1) and result.details["tiebreak_step"] == 2


def test_tie_break_three_is_the_most_ships_facing_the_same_way():
    _, _, result = standoff_end([["B0", "O0"], ["B0", "G0"]], [[], []])
    assert result.details["keys"]["0"][:3] == [2, 2, 1]
    assert result.ranks == (1, 0) and result.details["tiebreak_step"] == 3


def test_tie_break_four_is_the_most_cards_in_hand():
    _, _, result = standoff_end([["B0", "G0"], ["B0", "G0"]], [["BG"], ["GB", "GB"]])
    assert result.ranks == (1, 0) and result.details["tiebreak_step"] == 4
    assert result.details["decided_key"] == "cannonades.result.step.hand"


def test_tie_break_five_is_the_standoff_trigger():
    _, _, result = standoff_end([["B0", "G0"], ["B0", "G0"]], [["BG"], ["GB"]], trigger=1)
    assert result.ranks == (1, 0) and result.details["tiebreak_step"] == 5


def test_players_still_tied_after_five_steps_share_the_place():
    _, _, result = standoff_end([["B0", "G0"], ["B0", "G0"], ["B0", "G0"]], [["BG"], ["GB"], ["GB"]],
                                trigger=0)
    assert result.ranks == (0, 1, 1)
    _, _, result = standoff_end([["B0", "G0"], ["B0", "G0"], ["B0"]], [["BG"], ["GB"], []], trigger=2)
    assert result.ranks == (0, 0, 2) and result.winners == [0, 1]


def test_eliminated_players_rank_below_survivors_later_ones_higher():
    _, _, result = standoff_end([["B0"], [], [], ["G0", "Y0"]], [["BG"], [], [], []], trigger=0,
                                alive=[True, False, False, True], eliminated=[2, 1])
    assert result.ranks == (1, 2, 3, 0)


def test_the_last_player_standing_wins_at_once():
    state = state_of(players=3, hands=[["BG"], [], ["GB"]], ships=[[["Y0", False]], [], [["G0", True]]],
                     alive=[True, False, True], eliminated=[1])
    play(state, shoot("BG", 2, 0))
    result = RULES.result(state)
    assert result.ranks == (0, 2, 1) and result.details["decided_key"] == "cannonades.result.last_standing"


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    None, {}, {"type": 3}, {"type": "fly"}, {"type": "add"}, {"type": "add", "card": "ZZ"},
    {"type": "add", "card": "R2"}, {"type": SHOOT, "card": "BG", "seat": "1", "slot": 0},
    {"type": SHOOT, "card": "BG", "seat": 1, "slot": 7}, {"type": SHOOT, "card": "BG", "seat": 9, "slot": 0},
    {"type": "board", "ship": True, "seat": 1, "slot": 0}, {"type": "react", "option": "draw"},
    {"type": "pick", "card": "BG"}, {"type": "discard", "card": "BG"}, {"type": "deal", "card": "B0"},
])
def test_illegal_input_raises_a_clear_illegal_action(action):
    state = state_of(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]])
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, action)
    assert RULES.to_json(state) == before


def test_nothing_is_legal_once_the_game_is_over():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["B1", True]]])
    play(state, shoot("BG", 1, 0))
    assert RULES.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, {"type": "end"})


def test_position_round_trips_and_bad_positions_are_rejected():
    data = position(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", True]]])
    assert RULES.to_json(RULES.from_json(data)) == data
    for change in ({"players": 7}, {"phase": "dance"}, {"pile_size": 3}, {"hands": [["XX"], []]},
                   {"ships": [[["BG", False]], []]}, {"discard": ["BG"] * 20}, {"actions_left": 9},
                   {"trigger": 1}, {"eliminated": [1]}, {"current": 5}):
        with pytest.raises(ValueError):
            RULES.from_json({**data, **change})
    with pytest.raises(ValueError):
        RULES.from_json("not a position")


def test_reactions_cannot_draw_during_the_standoff():
    state = state_of(players=3, hands=[["BG", "YP"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["B1", False], ["B0", False]], [["P0", False]]],
                     pile={}, standoff=True, trigger=2, final_queue=[1, 2])
    play(state, shoot("BG", 1, 0))
    assert RULES.to_act(state) == 1
    assert [a["option"] for a in RULES.legal_actions(state)] == ["discard", "reveal", "pass"]


def test_a_mulligan_is_skipped_when_the_pile_could_not_refill_the_hand():
    state = state_of(hands=[["B0", "G0", "BG", "BG", "GB"], ["YP", "YP", "ORY", "ORY"]],
                     pile={"ORY": 1, "B1": 2, "G1": 2, "BG": 1}, phase="setup", mulligan_at=0,
                     draws_due=1, drawer=1, after_draw="setup", turns_taken=[0, 0], first_turn=True)
    deal(state, "ORY")
    assert state.pile_size == 5 and state.phase == "actions" and state.current == 0
    assert len(state.hands[1]) == 5 and not any(IS_SHIP[k] for k in state.hands[1])
