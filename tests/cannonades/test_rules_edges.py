"""Rules of the reference that the main rule tests leave implicit: each checked on its own."""

from __future__ import annotations

import pytest

from game.core.rules import CHANCE
from game.games.cannonades.rules import CODES, RULES
from tests.cannonades.helpers import deal, kinds, play, state_of
from tests.support import config_for


def shoot(card, seat, slot):
    return {"type": "shoot", "card": card, "seat": seat, "slot": slot}


def test_every_turn_draws_five_minus_ships_the_first_included():
    # Seed 002: "1. カードを引く: 5から配置している船の数を引いた枚数のカードを山札から引きます", no exception.
    state = RULES.new_game(config_for(2))
    play(state, {"type": "start", "seat": 1})
    deal(state, "B0", "G0", "BG", "GB", "YP", "B1", "G1", "BG", "GB", "ORY")
    assert state.current == 1 and state.first_turn and state.drawer == 1 and state.draws_due == 5
    events = deal(state, "Y0", "Y1", "ROY", "ROY", "ORY")
    assert [e.data["reason"] for e in events if e.kind == "deal"] == ["turn"] * 5
    assert RULES.to_act(state) == 1 and len(state.hands[1]) == 10
    assert not any(a["type"] in ("shoot", "board") for a in RULES.legal_actions(state))
    play(state, {"type": "add", "card": "B0"}, {"type": "add", "card": "G0"}, {"type": "end"})
    assert state.phase == "limit"  # 8 cards, the limit is 3
    play(state, *({"type": "discard", "card": code} for code in ("BG", "GB", "YP", "Y1", "ORY")))
    assert state.current == 0 and state.first_turn and state.turns_taken == [1, 1]
    assert state.drawer == 0 and state.draws_due == 5  # seat 0's first turn draws too


def test_bga_option_skips_the_draw_on_each_players_first_turn_whoever_starts():
    state = RULES.new_game(config_for(2, {"first_draw": "bga"}))
    play(state, {"type": "start", "seat": 1})
    deal(state, "B0", "G0", "BG", "GB", "YP", "B1", "G1", "BG", "GB", "ORY")
    assert state.current == 1 and state.first_turn
    assert RULES.to_act(state) == 1  # no draw step on the first turn
    play(state, {"type": "add", "card": "B0"}, {"type": "add", "card": "G0"}, {"type": "end"})
    assert state.current == 0 and state.first_turn and state.turns_taken == [1, 1]
    assert RULES.to_act(state) == 0  # nor on seat 0's first turn
    assert not any(a["type"] in ("shoot", "board") for a in RULES.legal_actions(state))
    play(state, {"type": "add", "card": "B1"}, {"type": "add", "card": "G1"}, {"type": "end"})
    assert state.current == 1 and not state.first_turn and state.draws_due == 3


@pytest.mark.parametrize("first_draw, drawn", [("draw", 5), ("bga", 0)])
def test_the_next_players_first_turn_draws_by_the_option(first_draw, drawn):
    state = state_of(hands=[["BG"], ["G0", "B0", "GB", "YP", "ROY"]], ships=[[["B0", False]], []],
                     first_turn=True, turns_taken=[1, 0], options={"first_draw": first_draw})
    play(state, {"type": "end"})
    assert state.current == 1 and state.first_turn and state.draws_due == drawn
    assert RULES.to_act(state) == (CHANCE if drawn else 1)


def test_positions_written_before_the_first_draw_option_keep_bgas_skip():
    data = RULES.to_json(state_of(first_turn=True))
    assert data["options"]["first_draw"] == "draw"
    del data["options"]["first_draw"]
    assert RULES.from_json(data).options["first_draw"] == "bga"


def test_mulligans_go_round_from_the_start_player():
    state = RULES.new_game(config_for(3))
    play(state, {"type": "start", "seat": 2})
    deal(state, "B0", "BG", "BG", "GB", "YP")  # seat 2 (start): one ship
    deal(state, "B0", "G0", "BG", "GB", "YP")  # seat 0: fine
    events = deal(state, "ORY", "BG", "GB", "YP", "ROY")  # seat 1: none
    mulligans = [e.data["seat"] for e in events if e.kind == "mulligan"]
    assert mulligans == [2] and state.drawer == 2 and state.draws_due == 5  # seat 2 redraws first
    events = deal(state, "B1", "G1", "BG", "GB", "YP")
    assert [e.data["seat"] for e in events if e.kind == "mulligan"] == [1]
    assert state.drawer == 1 and state.draws_due == 5


def test_a_boarding_miss_still_discards_the_boarding_ship():
    state = state_of(hands=[[], ["GB"]], ships=[[["Y0", True], ["B0", False]], [["G0", False], ["B0", False]]])
    events = play(state, {"type": "board", "ship": 0, "seat": 1, "slot": 0})
    assert kinds(events)[:3] == ["board", "flip", "survive"]
    assert state.ships[0] == [CODES.index("B0")] and state.up[1][0]
    assert state.discard[-1] == CODES.index("Y0")


def test_the_boarding_grin_is_lost_when_the_target_owner_goes_out():
    state = state_of(players=3, hands=[[], ["GB"], ["YP"]],
                     ships=[[["G1", True], ["Y0", False]], [["G0", True]], [["P0", False]]])
    events = play(state, {"type": "board", "ship": 0, "seat": 1, "slot": 0})
    assert "eliminated" in kinds(events) and "grin" not in kinds(events)
    assert state.reactions == []


def test_turning_up_a_one_grin_ship_by_a_reaction_gives_nothing_back():
    state = state_of(hands=[["BG", "BG"], ["GB"]], ships=[[["Y1", False]], [["B1", False], ["O0", False]]])
    play(state, shoot("BG", 1, 0))
    assert state.reactions == [(1, 0)]
    events = play(state, {"type": "react", "option": "reveal", "slot": 0})
    assert "grin" not in kinds(events) and state.reactions == [] and state.up[0] == [True]
    assert state.phase == "actions" and RULES.to_act(state) == 0


def test_a_shot_at_a_face_up_ship_it_cannot_sink_only_spends_the_action():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["O1", True]]])
    events = play(state, shoot("BG", 1, 0))
    assert kinds(events) == ["shoot", "survive", "discard"]
    assert state.ships[1] == [CODES.index("O1")] and state.reactions == [] and state.actions_left == 3


def test_an_attacked_out_player_with_no_cards_gives_nothing_to_take():
    state = state_of(players=3, hands=[["BG"], [], ["YP"]],
                     ships=[[["Y0", False]], [["B0", True]], [["P0", False]]])
    play(state, shoot("BG", 1, 0))
    assert not state.alive[1] and state.phase == "actions" and RULES.to_act(state) == 0


def test_final_turns_skip_players_who_went_out_during_the_standoff():
    state = state_of(players=3, hands=[["BG"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["G0", True]], [["P0", False]]],
                     pile={}, standoff=True, trigger=2, final_queue=[1, 2], current=0)
    play(state, shoot("BG", 1, 0))  # seat 1 goes out before its final turn
    assert RULES.to_act(state) == CHANCE
    play(state, {"type": "take", "card": "GB"})
    play(state, {"type": "end"})
    assert state.current == 2 and state.final_queue == []


def test_the_last_captain_in_the_standoff_wins_at_once():
    state = state_of(players=3, hands=[["BG"], [], ["YP"]], ships=[[["Y0", False]], [], [["G0", True]]],
                     alive=[True, False, True], eliminated=[1], pile={}, standoff=True, trigger=2,
                     final_queue=[2], current=0)
    events = play(state, shoot("BG", 2, 0))
    assert kinds(events)[-1] == "game_over"
    result = RULES.result(state)
    assert result.details["reason"] == "last_standing" and result.ranks == (0, 2, 1)


def test_a_draw_step_short_of_cards_draws_what_is_left():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]], pile={"ORY": 2},
                     rest_to=1)
    events = play(state, {"type": "end"})
    assert next(e for e in events if e.kind == "turn").data["draw"] == 2 and state.draws_due == 2
    deal(state, "ORY", "ORY")
    assert state.pile_size == 0 and state.draws_due == 0 and state.standoff and state.trigger == 1
