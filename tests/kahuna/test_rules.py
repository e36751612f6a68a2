"""Rules of the reference, one test each, on positions set up through the notation."""

import pytest

from game.core.rules import CHANCE, IllegalAction, action_key
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


def test_passing_forces_the_opponent_to_draw():
    state = position(hands=(["ALOA"], ["BARI"]))
    assert {"type": "pass"} in RULES.legal_actions(state)
    apply_all(state, {"type": "pass"})
    assert RULES.to_act(state) == 1 and state.must_draw
    assert {"type": "pass"} not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="must draw"):
        RULES.apply(state, {"type": "pass"})
    apply_all(state, {"type": "draw", "source": "pile"}, {"type": "deal", "seat": 1, "card": "ELAI"})
    assert not state.must_draw and {"type": "pass"} in RULES.legal_actions(state)


def test_forced_draw_with_five_cards_needs_a_discard_first():
    state = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []), must_draw=True)
    types = {a["type"] for a in RULES.legal_actions(state)}
    assert "pass" not in types and "draw" not in types and "discard" in types


def test_early_end_option_ends_the_game_after_round_one_for_the_player_without_bridges():
    state = position(bridges={"ALOA-BARI": 0}, hands=(["ALOA"], []), display=["GOLA"], pile=[])
    RULES.apply(state, {"type": "draw", "source": "display", "card": "GOLA"})
    result = RULES.result(state)
    assert result.ranks == (0, 1) and result.details["decided_key"] == "kahuna.result.early_end"
    assert state.history == [(1, (0, 0), (0, 0))]
