"""Position notation, hidden information (observe / determinize), progress and chance outcomes.

That every position reached by play reads back from its notation, and that observe and determinize
agree, is the registry's contract (tests/core/test_contract.py); here are Kahuna's own cases.
"""

import random

import pytest

from game.core.rules import CHANCE
from game.games.kahuna.rules import RULES
from tests.kahuna.helpers import apply_all, check_invariants, new_game, position
from tests.support import config_for, random_state


def played_state(seed, steps):
    """A position some way into a random game."""
    return random_state(RULES, config_for(2), seed, steps)


def test_a_position_read_from_its_notation_keeps_the_invariants():
    for seed in range(5):
        check_invariants(RULES.from_json(RULES.to_json(played_state(seed, 120))))


def test_a_fresh_game_round_trips_with_its_pending_setup():
    data = RULES.to_json(new_game(destroy_own=True))
    assert data["phase"] == "setup" and data["pending"][0] == {"type": "start_player"}
    assert data["options"]["destroy_own"] is True and data["pile_size"] == 24
    assert RULES.to_json(RULES.from_json(data)) == data


def test_a_hand_written_position_fills_in_the_rest():
    state = RULES.from_json({"bridges": {"ALOA-BARI": 0, "ALOA-DUDA": 0}, "hands": [["ELAI"], ["LALE", "LALE"]],
                             "display": ["FAAA", "GOLA", "JOJO"], "turn": 1})
    data = RULES.to_json(state)
    assert data["stones"] == {"ALOA": 0} and data["hand_sizes"] == [1, 2] and data["pile_size"] == 18
    assert data["round"] == 1 and data["phase"] == "play" and data["options"]["early_end"] is True
    assert RULES.to_act(state) == 1


def test_positions_written_before_the_anti_stall_option_keep_the_rule():
    hand_written = {"hands": [["ELAI"], []], "display": ["FAAA", "GOLA", "JOJO"], "must_draw": True}
    assert RULES.from_json(hand_written).options.anti_stall is False
    old = RULES.from_json({**hand_written, "format": "kahuna/1", "options": {"early_end": False}})
    assert old.options.anti_stall is True and old.options.early_end is False
    assert {"type": "pass"} not in RULES.legal_actions(old)
    data = RULES.to_json(old)
    assert data["format"] == "kahuna/2" and data["options"]["anti_stall"] is True
    explicit = {**hand_written, "format": "kahuna/1", "options": {"anti_stall": False}}
    assert RULES.from_json(explicit).options.anti_stall is False


@pytest.mark.parametrize("change, message", [
    ({"format": "chess/1"}, "unknown position format"),
    ({"bridges": {"BARI-ALOA": 0}}, "not a line"),
    ({"bridges": {"ALOA-BARI": 2}}, "seat 0 or 1"),
    ({"stones": {"ALOA": 0}}, "do not match"),
    ({"hands": [["ALOA", "ALOA", "ALOA"], []]}, "more than two"),
    ({"hands": [["ALOA"] * 2 + ["BARI"] * 2 + ["COCO"] * 2, []]}, "0..5"),
    ({"hands": [["NOPE"], []]}, "not an island"),
    ({"display": ["ALOA", "BARI", "COCO", "DUDA"]}, "at most 3"),
    ({"pile": ["ALOA"]}, "holds 5 cards, not 24"),
    ({"round": 4}, "round"),
    ({"phase": "lunch"}, "phase"),
    ({"turn": 5}, "turn"),
    ({"known": [["ALOA"], []]}, "known"),
    ({"points": [1, 0]}, "sum of the history"),
    ({"history": [{"round": 1, "stones": [0, 0], "points": [0, 0]}]}, "scored rounds"),
    ({"options": {"fly": True}}, "unknown Kahuna option"),
    ({"pending": [{"type": "shuffle"}]}, "pending"),
    ({"final_turns": 2}, "final_turns"),
    ({"ended": "early"}, "only a finished game"),
])
def test_bad_positions_are_refused_with_a_reason(change, message):
    data = {"hands": [["ELAI"], []], "display": ["FAAA", "GOLA", "JOJO"], "turn": 0}
    data.update(change)
    with pytest.raises(ValueError, match=message):
        RULES.from_json(data)


@pytest.mark.parametrize("data", [None, [], "kahuna", {"hands": "x"}, {"bridges": []}, {"history": [1]},
                                  {"pending": "reveal"}, {"hand_sizes": [1]}])
def test_garbage_is_a_value_error(data):
    with pytest.raises(ValueError):
        RULES.from_json(data)


def test_bridges_over_the_supply_are_refused():
    from game.games.kahuna.board import LINE_IDS

    with pytest.raises(ValueError, match="more than 25"):
        position(bridges={line: 0 for line in LINE_IDS[:26]})


def test_observe_hides_the_opponents_hand_the_pile_and_their_face_down_discards():
    state = position(hands=(["ALOA", "BARI"], ["COCO"]), hidden_discards=[["DUDA"], ["ELAI"]])
    seen = RULES.observe(state, 0)
    data = RULES.to_json(seen)
    assert data["hands"] == [["ALOA", "BARI"], None] and data["hand_sizes"] == [2, 1]
    assert data["pile"] is None and data["pile_size"] == state.pile_size
    assert data["hidden_discards"] == [["DUDA"], None] and data["hidden_discard_sizes"] == [1, 1]
    assert RULES.to_json(RULES.from_json(data)) == data
    assert RULES.to_json(RULES.observe(state, None)) == RULES.to_json(state)


def test_cards_taken_from_the_display_stay_known_until_played_or_blurred_by_a_discard():
    state = position(hands=([], ["ELAI"]), display=["FAAA", "FAAA", "GOLA"])
    apply_all(state, {"type": "draw", "source": "display", "card": "FAAA"}, {"type": "reveal", "card": "JOJO"})
    apply_all(state, {"type": "draw", "source": "pile"}, {"type": "deal", "seat": 1, "card": "LALE"})
    apply_all(state, {"type": "draw", "source": "display", "card": "FAAA"}, {"type": "reveal", "card": "KAHU"})
    assert RULES.to_json(RULES.observe(state, 1))["known"][0] == ["FAAA", "FAAA"]
    apply_all(state, {"type": "pass"}, {"type": "build", "card": "FAAA", "line": "FAAA-GOLA"})
    assert RULES.to_json(state)["known"][0] == ["FAAA"]
    apply_all(state, {"type": "draw", "source": "display", "card": "GOLA"}, {"type": "reveal", "card": "KAHU"})
    apply_all(state, {"type": "pass"})
    assert RULES.to_json(state)["known"][0] == ["FAAA", "GOLA"]
    apply_all(state, {"type": "discard", "card": "GOLA"})
    assert RULES.to_json(state)["known"][0] == [], "after a face-down discard no single card is certain"


def test_determinize_keeps_what_the_seat_knows_and_deals_the_rest():
    state = played_state(7, 60)
    while RULES.to_act(state) == CHANCE:
        RULES.apply(state, RULES.sample_chance(state, random.Random(0)))
    seat = RULES.to_act(state)
    seen = RULES.observe(state, seat)
    for sample_seed in range(20):
        sample = RULES.determinize(seen, seat, random.Random(sample_seed))
        check_invariants(sample)
        assert sample.hands[seat] == state.hands[seat] and sample.hidden[seat] == state.hidden[seat]
        assert sample.hand_sizes == state.hand_sizes and sample.pile_size == state.pile_size
        assert all(s >= k for s, k in zip(sample.hands[1 - seat], state.known[1 - seat], strict=True))
        assert sample.display == state.display and sample.bridges == state.bridges


def test_chance_outcomes_follow_the_pile():
    state = position(hands=(["ALOA"], []), pile=["ELAI", "ELAI", "LALE"], display=["FAAA", "GOLA", "JOJO"])
    apply_all(state, {"type": "draw", "source": "pile"})
    outcomes = {a["card"]: p for a, p in RULES.chance_outcomes(state)}
    assert outcomes == pytest.approx({"ELAI": 2 / 3, "LALE": 1 / 3})
    picks = {RULES.sample_chance(state, random.Random(seed))["card"] for seed in range(30)}
    assert picks == {"ELAI", "LALE"}
    assert RULES.chance_outcomes(position()) is None


def test_progress_names_the_round_and_the_points():
    assert RULES.progress(new_game()) == ("kahuna.progress.setup", {})
    state = position(round=2, history=[{"round": 1, "stones": [2, 1], "points": [1, 0]}], points=[1, 0])
    assert RULES.progress(state) == ("kahuna.progress.round", {"round": 2, "a": 1, "b": 0})


def test_clone_is_independent():
    state = played_state(2, 60)
    copy = RULES.clone(state)
    assert RULES.to_json(copy) == RULES.to_json(state)
    while RULES.to_act(copy) == CHANCE:
        RULES.apply(copy, RULES.sample_chance(copy, random.Random(1)))
    RULES.apply(copy, RULES.legal_actions(copy)[0])
    assert RULES.to_json(copy) != RULES.to_json(state)
