"""Rules of the reference, one test each, on positions set up through the notation."""

import pytest

from game.core.rules import CHANCE, IllegalAction, action_key
from game.games.kahuna.board import LINE_IDS
from game.games.kahuna.rules import RULES
from tests.kahuna.helpers import apply_all, build, check_invariants, kinds, new_game, position, remove


def keys(actions):
    return {action_key(a) for a in actions}


def test_setup_is_start_player_then_three_cards_each_then_the_display():
    state = new_game()
    assert RULES.to_act(state) == CHANCE
    assert keys(RULES.legal_actions(state)) == keys([{"type": "start_player", "seat": s} for s in (0, 1)])
    apply_all(state, {"type": "start_player", "seat": 1})
    for seat in (0, 0, 0, 1, 1, 1):
        outcomes = RULES.chance_outcomes(state)
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        assert all(a["seat"] == seat and a["type"] == "deal" for a, _ in outcomes)
        apply_all(state, outcomes[0][0])
    for _ in range(3):
        assert RULES.chance_outcomes(state)[0][0]["type"] == "reveal"
        apply_all(state, RULES.chance_outcomes(state)[0][0])
    assert RULES.to_act(state) == 1
    assert state.hand_sizes == [3, 3] and len(state.display) == 3 and state.pile_size == 15
    check_invariants(state)


def test_build_puts_a_bridge_on_an_empty_line_of_the_cards_island():
    state = position(hands=(["ALOA"], []))
    builds = [a for a in RULES.legal_actions(state) if a["type"] == "build"]
    assert {a["line"] for a in builds} == {"ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA"}
    events = apply_all(state, build("ALOA", "ALOA-DUDA"))
    assert kinds(events) == ["card_played", "bridge_built"]
    assert state.bridges[1] == 0 and state.discards == [0] and state.hand_sizes[0] == 0


def test_build_is_refused_on_an_occupied_line_or_another_island():
    state = position(bridges={"ALOA-BARI": 1}, hands=(["ALOA"], []))
    with pytest.raises(IllegalAction, match="already has a bridge"):
        RULES.apply(state, build("ALOA", "ALOA-BARI"))
    with pytest.raises(IllegalAction, match="only on a line of ALOA"):
        RULES.apply(state, build("ALOA", "BARI-COCO"))
    with pytest.raises(IllegalAction, match="hold no"):
        RULES.apply(state, build("BARI", "BARI-COCO"))


def test_a_card_whose_island_is_full_cannot_build_but_can_remove_or_be_discarded():
    state = position(bridges={"ALOA-BARI": 1, "ALOA-DUDA": 0, "ALOA-HUNA": 1}, hands=(["ALOA", "ALOA"], []))
    actions = RULES.legal_actions(state)
    assert not [a for a in actions if a["type"] == "build"]
    assert {a["line"] for a in actions if a["type"] == "remove"} == {"ALOA-BARI", "ALOA-HUNA"}
    assert {"type": "discard", "card": "ALOA"} in actions


def test_removal_pairs_name_the_ends_of_the_line():
    state = position(bridges={"ALOA-BARI": 1}, hands=(["ALOA", "BARI", "BARI", "DUDA"], []))
    removals = [a for a in RULES.legal_actions(state) if a["type"] == "remove"]
    assert keys(removals) == keys([remove("ALOA", "BARI", "ALOA-BARI"), remove("BARI", "BARI", "ALOA-BARI")])
    with pytest.raises(IllegalAction, match="both cards must name an end"):
        RULES.apply(state, remove("ALOA", "DUDA", "ALOA-BARI"))
    events = apply_all(state, remove("BARI", "ALOA", "ALOA-BARI"))
    assert kinds(events) == ["card_played", "card_played", "bridge_removed"]
    assert state.bridges[0] == -1 and state.placed[1] == 0
    check_invariants(state)


def test_only_opponent_bridges_can_be_removed_by_default():
    state = position(bridges={"ALOA-BARI": 0}, hands=(["ALOA", "ALOA"], []))
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "remove"]
    with pytest.raises(IllegalAction, match="only your opponent's"):
        RULES.apply(state, remove("ALOA", "ALOA", "ALOA-BARI"))


def test_reaching_a_majority_places_a_stone_and_sweeps_opponent_bridges():
    state = position(bridges={"ALOA-BARI": 0, "ALOA-HUNA": 1}, hands=(["DUDA"], []))
    events = apply_all(state, build("DUDA", "ALOA-DUDA"))
    assert kinds(events) == ["card_played", "bridge_built", "stone_placed", "bridge_removed"]
    assert events[3].data == {"line": "ALOA-HUNA", "owner": 1, "by": 0, "cause": "capture", "island": "ALOA"}
    assert state.stones[0] == 0 and state.bridges[2] == -1
    check_invariants(state)


def test_one_bridge_can_win_both_ends():
    # ALOA (2 of 3) and HUNA (3 of 5) are both one bridge short; ALOA-HUNA completes both.
    state = position(bridges={"ALOA-BARI": 0, "HUNA-LALE": 0, "HUNA-IFFI": 0, "ALOA-DUDA": 1, "DUDA-HUNA": 1},
                     hands=(["HUNA"], []))
    events = apply_all(state, build("HUNA", "ALOA-HUNA"))
    placed = [e.data["island"] for e in events if e.kind == "stone_placed"]
    assert placed == ["ALOA", "HUNA"]
    assert state.bridges[1] == -1 and state.bridges[11] == -1
    check_invariants(state)


def test_a_sweep_takes_away_the_opponents_stone_on_the_far_island():
    # White holds DUDA (3 of 4) through ALOA-DUDA; black wins ALOA and sweeps it.
    state = position(bridges={"ALOA-DUDA": 1, "BARI-DUDA": 1, "DUDA-ELAI": 1, "ALOA-BARI": 0},
                     hands=(["HUNA"], []))
    assert state.stones[3] == 1
    events = apply_all(state, build("HUNA", "ALOA-HUNA"))
    assert kinds(events)[2:] == ["stone_placed", "bridge_removed", "stone_lost"]
    assert events[-1].data == {"island": "DUDA", "seat": 1}
    assert state.stones[3] == -1 and state.bridges[4] == 1
    check_invariants(state)


def test_removing_a_bridge_with_cards_can_cost_the_owner_a_stone():
    state = position(bridges={"ALOA-BARI": 1, "ALOA-DUDA": 1}, hands=(["ALOA", "DUDA"], []))
    events = apply_all(state, remove("ALOA", "DUDA", "ALOA-DUDA"))
    assert kinds(events)[-2:] == ["bridge_removed", "stone_lost"]
    assert state.stones[0] == -1


def test_building_next_to_an_opponents_island_is_allowed_by_default_and_not_swept():
    state = position(bridges={"ALOA-BARI": 1, "ALOA-DUDA": 1}, hands=(["HUNA"], []))
    apply_all(state, build("HUNA", "ALOA-HUNA"))
    assert state.bridges[2] == 0 and state.stones[0] == 1


def test_a_stone_is_not_placed_again_and_nothing_is_swept_without_a_new_capture():
    state = position(bridges={"ALOA-BARI": 0, "ALOA-DUDA": 0, "ALOA-HUNA": 1}, hands=(["BARI"], []))
    events = apply_all(state, build("BARI", "BARI-COCO"))
    assert kinds(events) == ["card_played", "bridge_built"] and state.bridges[2] == 1


def test_bridge_supply_is_limited_to_25():
    lines = ["ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA", "BARI-COCO", "BARI-DUDA", "BARI-ELAI", "BARI-FAAA",
             "COCO-FAAA", "COCO-GOLA", "COCO-KAHU", "DUDA-ELAI", "DUDA-HUNA", "ELAI-FAAA", "ELAI-HUNA",
             "ELAI-IFFI", "ELAI-JOJO", "FAAA-GOLA", "FAAA-JOJO", "GOLA-JOJO", "GOLA-KAHU", "HUNA-IFFI",
             "HUNA-LALE", "IFFI-JOJO", "IFFI-KAHU", "IFFI-LALE"]
    state = position(bridges={line: 0 for line in lines}, hands=(["KAHU"], []))
    assert state.placed[0] == 25
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "build"]
    with pytest.raises(IllegalAction, match="no bridges left"):
        RULES.apply(state, build("KAHU", "KAHU-LALE"))
    with pytest.raises(ValueError):
        position(bridges={**{line: 0 for line in lines}, "KAHU-LALE": 0, "JOJO-KAHU": 0})


def test_discard_is_face_down_and_private():
    state = position(hands=(["COCO", "ALOA"], []))
    events = apply_all(state, {"type": "discard", "card": "COCO"})
    assert events[0].audience == 0 and events[0].public == {"seat": 0, "count": 1}
    assert state.hidden[0][2] == 1 and state.hidden_sizes == [1, 0] and state.discards == []
    seen = RULES.observe(state, 1)
    assert seen.hidden[0] is None and seen.hidden_sizes[0] == 1


def test_drawing_from_the_display_refills_it_by_chance_and_ends_the_turn():
    state = position(hands=(["ALOA"], ["BARI"]))
    events = apply_all(state, {"type": "draw", "source": "display", "card": "GOLA"})
    assert kinds(events) == ["card_drawn"] and events[0].audience is None
    assert RULES.to_act(state) == CHANCE
    assert {a["type"] for a in RULES.legal_actions(state)} == {"reveal"}
    events = apply_all(state, {"type": "reveal", "card": "LALE"})
    assert kinds(events) == ["display_refilled"]
    assert [c for c in RULES.to_json(state)["display"]] == ["FAAA", "JOJO", "LALE"]
    assert RULES.to_act(state) == 1 and state.known[0][6] == 1


def test_drawing_from_the_pile_reveals_the_card_to_the_drawer_only():
    state = position(hands=(["ALOA"], ["BARI"]))
    apply_all(state, {"type": "draw", "source": "pile"})
    assert RULES.to_act(state) == CHANCE
    outcomes = RULES.chance_outcomes(state)
    assert all(a["type"] == "deal" and a["seat"] == 0 for a, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    (event,) = apply_all(state, {"type": "deal", "seat": 0, "card": "ELAI"})
    assert event.kind == "card_drawn" and event.audience == 0
    assert event.public == {"seat": 0, "source": "pile"}
    assert state.hands[0][4] == 1 and state.known[0][4] == 0 and RULES.to_act(state) == 1


def test_hand_limit_five_blocks_drawing():
    state = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []))
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "draw"]
    with pytest.raises(IllegalAction, match="5 cards"):
        RULES.apply(state, {"type": "draw", "source": "pile"})
    apply_all(state, {"type": "discard", "card": "ALOA"})
    assert [a for a in RULES.legal_actions(state) if a["type"] == "draw"]


ISSUE_POSITION = {"hands": [["ALOA", "ALOA", "BARI", "COCO", "DUDA"], ["HUNA"]],
                  "bridges": {"IFFI-LALE": 0, "GOLA-KAHU": 1}, "display": ["FAAA", "GOLA", "JOJO"], "turn": 0,
                  "must_draw": True}
"""Seat 0 holds 5 cards right after seat 1 (holding 1) ended a turn without drawing."""
ANTI_STALL = {"anti_stall": True}


def test_no_draw_is_allowed_on_every_turn():
    # Seed: "ドローしない" is offered on every turn, also right after the opponent's.
    state = RULES.from_json(ISSUE_POSITION)
    assert not state.options.anti_stall
    assert {"type": "pass"} in RULES.legal_actions(state)
    apply_all(state, {"type": "pass"})
    assert RULES.to_act(state) == 1 and state.must_draw
    apply_all(state, {"type": "pass"})
    assert RULES.to_act(state) == 0 and {"type": "pass"} in RULES.legal_actions(state)


def test_with_five_cards_no_draw_needs_no_discard():
    # Seed: "手札が5枚でも、カードをドローしない場合は手札を減らす必要はありません".
    state = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []))
    types = {a["type"] for a in RULES.legal_actions(state)}
    assert "pass" in types and "draw" not in types
    events = apply_all(state, {"type": "pass"})
    assert kinds(events) == ["passed"] and state.hand_sizes[0] == 5 and RULES.to_act(state) == 1


def test_anti_stall_option_makes_the_opponent_draw_after_a_pass():
    state = position(hands=(["ALOA"], ["BARI"]), options=ANTI_STALL)
    assert {"type": "pass"} in RULES.legal_actions(state)
    apply_all(state, {"type": "pass"})
    assert RULES.to_act(state) == 1 and state.must_draw
    assert {"type": "pass"} not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="must draw"):
        RULES.apply(state, {"type": "pass"})
    apply_all(state, {"type": "draw", "source": "pile"}, {"type": "deal", "seat": 1, "card": "ELAI"})
    assert not state.must_draw and {"type": "pass"} in RULES.legal_actions(state)


def test_anti_stall_option_with_five_cards_forces_a_discard_before_the_draw():
    state = RULES.from_json({**ISSUE_POSITION, "options": ANTI_STALL})
    types = {a["type"] for a in RULES.legal_actions(state)}
    assert "pass" not in types and "draw" not in types and "discard" in types
    apply_all(state, {"type": "discard", "card": "COCO"})
    assert {a["type"] for a in RULES.legal_actions(state)} >= {"draw"}


def test_anti_stall_option_a_pass_with_five_cards_is_no_stalling():
    state = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], ["HUNA"]), options=ANTI_STALL)
    apply_all(state, {"type": "pass"})
    assert RULES.to_act(state) == 1 and state.must_draw
    assert {"type": "pass"} in RULES.legal_actions(state)
    apply_all(state, {"type": "pass"})
    assert RULES.to_act(state) == 0
    with pytest.raises(IllegalAction, match="must draw"):
        RULES.apply(state, {"type": "pass"})


def test_early_end_option_ends_the_game_after_round_one_for_the_player_without_bridges():
    state = position(bridges={"ALOA-BARI": 0}, hands=(["ALOA"], []), display=["GOLA"], pile=[])
    RULES.apply(state, {"type": "draw", "source": "display", "card": "GOLA"})
    result = RULES.result(state)
    assert result.ranks == (0, 1) and result.details["decided_key"] == "kahuna.result.early_end"
    assert state.history == [(1, (0, 0), (0, 0))]


def test_a_turn_may_be_only_a_draw_and_actions_come_before_it():
    state = position(hands=(["ALOA"], ["BARI"]))
    apply_all(state, {"type": "draw", "source": "display", "card": "FAAA"}, {"type": "reveal", "card": "LALE"})
    assert RULES.to_act(state) == 1
    with pytest.raises(IllegalAction, match="hold no"):
        RULES.apply(state, build("ALOA", "ALOA-DUDA"))


def test_several_cards_are_played_one_at_a_time_in_one_turn():
    state = position(hands=(["ALOA", "BARI", "COCO"], []))
    apply_all(state, build("ALOA", "ALOA-DUDA"), build("BARI", "BARI-ELAI"), build("COCO", "COCO-KAHU"))
    assert RULES.to_act(state) == 0 and state.placed[0] == 3 and state.hand_sizes[0] == 0


def trail(events):
    """(kind, line or island) of each event after the card and the bridge built."""
    return [(e.kind, e.data["line"] if e.kind.startswith("bridge") else e.data["island"]) for e in events[2:]]


def test_the_seed_pages_cascade_turns_the_game_in_one_turn():
    black = ["COCO-GOLA", "FAAA-GOLA", "COCO-KAHU", "ALOA-BARI", "BARI-DUDA"]
    white = ["GOLA-KAHU", "JOJO-KAHU", "IFFI-KAHU", "BARI-FAAA", "COCO-FAAA", "ELAI-FAAA"]
    state = position(bridges={**{line: 0 for line in black}, **{line: 1 for line in white}},
                     hands=(["JOJO", "IFFI", "ELAI", "BARI"], []))
    assert RULES.to_json(state)["stones"] == {"FAAA": 1, "KAHU": 1}
    events = apply_all(state, build("JOJO", "GOLA-JOJO"))
    assert trail(events) == [
        ("stone_placed", "GOLA"), ("bridge_removed", "GOLA-KAHU"), ("stone_lost", "KAHU")]
    apply_all(state, build("IFFI", "IFFI-JOJO"))
    events = apply_all(state, build("ELAI", "ELAI-JOJO"))
    assert [e.kind for e in events[2:]] == ["stone_placed", "bridge_removed"]
    assert events[3].data["line"] == "JOJO-KAHU"
    events = apply_all(state, build("BARI", "BARI-COCO"))
    assert trail(events) == [
        ("stone_placed", "BARI"), ("stone_placed", "COCO"), ("bridge_removed", "BARI-FAAA"),
        ("stone_lost", "FAAA"), ("bridge_removed", "COCO-FAAA")]
    assert RULES.to_json(state)["stones"] == {"BARI": 0, "COCO": 0, "GOLA": 0, "JOJO": 0}
    check_invariants(state)


def test_a_lost_island_is_not_taken_automatically_and_a_recapture_sweeps_again():
    # Black holds ALOA; white's bridge on its free line (built after the capture) was not swept.
    state = position(bridges={"ALOA-BARI": 0, "ALOA-DUDA": 0, "ALOA-HUNA": 1}, hands=(["BARI"], ["ALOA", "BARI"]),
                     turn=1)
    assert state.stones[0] == 0
    apply_all(state, remove("ALOA", "BARI", "ALOA-BARI"), {"type": "pass"})
    assert state.stones[0] == -1 and state.counts[1][0] == 1
    events = apply_all(state, build("BARI", "ALOA-BARI"))
    assert kinds(events)[2:] == ["stone_placed", "bridge_removed"] and events[3].data["line"] == "ALOA-HUNA"


def test_removed_bridges_return_to_the_supply():
    lines = ["ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA", "BARI-COCO", "BARI-DUDA", "BARI-ELAI", "BARI-FAAA",
             "COCO-FAAA", "COCO-GOLA", "COCO-KAHU", "DUDA-ELAI", "DUDA-HUNA", "ELAI-FAAA", "ELAI-HUNA",
             "ELAI-IFFI", "ELAI-JOJO", "FAAA-GOLA", "FAAA-JOJO", "GOLA-JOJO", "GOLA-KAHU", "HUNA-IFFI",
             "HUNA-LALE", "IFFI-JOJO", "IFFI-KAHU", "IFFI-LALE"]
    state = position(bridges={line: 1 for line in lines}, hands=(["ALOA", "BARI"], ["KAHU"]))
    apply_all(state, remove("ALOA", "BARI", "ALOA-BARI"), {"type": "pass"})
    assert state.placed[1] == 24
    apply_all(state, build("KAHU", "KAHU-LALE"))
    assert state.placed[1] == 25


def test_control_beyond_the_ten_stones_still_counts_with_a_warning():
    mine = [line for line in LINE_IDS if line not in ("ALOA-BARI", "ALOA-DUDA", "BARI-DUDA")]
    state = position(bridges={line: 0 for line in mine}, hands=(["ALOA"], []))
    assert state.stones.count(0) == 10
    events = apply_all(state, build("ALOA", "ALOA-BARI"))
    (stone,) = [e for e in events if e.kind == "stone_placed"]
    assert stone.data == {"island": "ALOA", "seat": 0, "supply_empty": True}
    assert state.stones.count(0) == 11
    check_invariants(state)


def test_the_display_is_not_refilled_once_the_pile_is_empty():
    state = position(hands=([], []), display=["FAAA", "GOLA"], pile=[])
    apply_all(state, {"type": "draw", "source": "display", "card": "FAAA"})
    assert RULES.to_act(state) == 1 and RULES.to_json(state)["display"] == ["GOLA"]
    draws = [a for a in RULES.legal_actions(state) if a["type"] == "draw"]
    assert draws == [{"type": "draw", "source": "display", "card": "GOLA"}]


def test_duplicate_display_cards_give_one_draw_action():
    state = position(display=["FAAA", "FAAA", "GOLA"])
    draws = [a for a in RULES.legal_actions(state) if a["type"] == "draw"]
    assert [a.get("card") for a in draws] == ["FAAA", "GOLA", None]


# -- options -------------------------------------------------------------------------------------

def test_destroy_own_option_removes_an_own_bridge_and_its_stone():
    bridges = {"ALOA-BARI": 0, "ALOA-DUDA": 0, "ALOA-HUNA": 1}
    state = position(bridges=bridges, hands=(["ALOA", "DUDA"], []), options={"destroy_own": True})
    removals = [a for a in RULES.legal_actions(state) if a["type"] == "remove"]
    assert keys(removals) == keys([remove("ALOA", "DUDA", "ALOA-DUDA")])
    events = apply_all(state, remove("ALOA", "DUDA", "ALOA-DUDA"))
    assert kinds(events)[-2:] == ["bridge_removed", "stone_lost"]
    assert events[-2].data == {"line": "ALOA-DUDA", "owner": 0, "by": 0, "cause": "cards"}
    assert state.stones[0] == -1 and state.bridges[2] == 1


def test_always_draw_option_forbids_passing():
    state = position(hands=(["ALOA"], []), options={"always_draw": True})
    assert {"type": "pass"} not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="every turn ends with a draw"):
        RULES.apply(state, {"type": "pass"})
    full = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []), options={"always_draw": True})
    assert {a["type"] for a in RULES.legal_actions(full)} == {"build", "discard"}


def test_restricted_building_forbids_lines_touching_an_opponent_island():
    bridges = {"ALOA-BARI": 1, "ALOA-DUDA": 1}
    state = position(bridges=bridges, hands=(["HUNA", "DUDA"], []), options={"restricted_building": True})
    lines = {a["line"] for a in RULES.legal_actions(state) if a["type"] == "build"}
    assert "ALOA-HUNA" not in lines and "DUDA-ELAI" in lines and "DUDA-HUNA" in lines
    with pytest.raises(IllegalAction, match="restricted building"):
        RULES.apply(state, build("HUNA", "ALOA-HUNA"))
    free = position(bridges=bridges, hands=(["HUNA"], []))
    assert "ALOA-HUNA" in {a["line"] for a in RULES.legal_actions(free) if a["type"] == "build"}


def test_restricted_building_blocks_every_line_of_an_opponent_island():
    state = position(bridges={"ALOA-BARI": 1, "ALOA-DUDA": 1}, hands=(["ALOA"], []),
                     options={"restricted_building": True})
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "build"]


def test_early_end_option_off_plays_on():
    state = position(bridges={"ALOA-BARI": 0}, hands=(["ALOA"], []), display=["GOLA"], pile=[],
                     options={"early_end": False})
    apply_all(state, {"type": "draw", "source": "display", "card": "GOLA"})
    assert RULES.result(state) is None and state.round == 2


def test_early_end_with_no_bridges_on_either_side_is_a_draw():
    state = position(hands=(["ALOA"], []), display=["GOLA"], pile=[])
    apply_all(state, {"type": "draw", "source": "display", "card": "GOLA"})
    result = RULES.result(state)
    assert result.ranks == (0, 0) and result.details["decided_key"] == "kahuna.result.early_both"


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="unknown Kahuna option"):
        new_game(fly=True)


# -- bad input never crashes ---------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    None, [], "build", {}, {"type": 3}, {"type": "fly"}, {"type": "build"}, {"type": "build", "card": ["ALOA"]},
    {"type": "build", "card": "ALOA", "line": "BARI-ALOA"}, {"type": "remove", "cards": "ALOA", "line": "ALOA-BARI"},
    {"type": "remove", "cards": ["ALOA"], "line": "ALOA-BARI"}, {"type": "draw"}, {"type": "draw", "source": "hat"},
    {"type": "draw", "source": "display"}, {"type": "discard", "card": "NOPE"}, {"type": "reveal", "card": "ALOA"},
    {"type": "deal", "seat": 0, "card": "ALOA"},
])
def test_malformed_actions_raise_illegal_action(action):
    state = position(hands=(["ALOA", "BARI"], []))
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, action)
    assert RULES.to_json(state) == before


def test_chance_steps_refuse_wrong_outcomes():
    state = new_game()
    with pytest.raises(IllegalAction, match="start player"):
        RULES.apply(state, {"type": "deal", "seat": 0, "card": "ALOA"})
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "start_player", "seat": 2})
    apply_all(state, {"type": "start_player", "seat": 0})
    with pytest.raises(IllegalAction, match="due to seat 0"):
        RULES.apply(state, {"type": "deal", "seat": 1, "card": "ALOA"})
    apply_all(state, *[{"type": "deal", "seat": 0, "card": "ALOA"}] * 2)
    with pytest.raises(IllegalAction, match="no ALOA card is left"):
        RULES.apply(state, {"type": "deal", "seat": 0, "card": "ALOA"})


def test_nothing_is_legal_after_the_game():
    state = position(hands=(["ALOA"], []), display=["GOLA"], pile=[])
    apply_all(state, {"type": "draw", "source": "display", "card": "GOLA"})
    assert RULES.to_act(state) is None and RULES.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, {"type": "pass"})
