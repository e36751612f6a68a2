"""Round ends, scoring, the reshuffle, round 3's last turns and every tie-break."""

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.kahuna.rules import RULES
from tests.kahuna.helpers import apply_all, build, check_invariants, kinds, position

TAKE_GOLA = {"type": "draw", "source": "display", "card": "GOLA"}
PASS = {"type": "pass"}
BLACK_ALOA = {"ALOA-BARI": 0, "ALOA-DUDA": 0}
WHITE_LALE = {"HUNA-LALE": 1, "IFFI-LALE": 1}
WHITE_KAHU = {"COCO-KAHU": 1, "GOLA-KAHU": 1, "JOJO-KAHU": 1}


def last_card(bridges, round_number=1, history=None, **extra):
    """Seat 0 to move with GOLA the last display card of the round and the pile empty."""
    history = history or [{"round": r, "stones": [0, 0], "points": [0, 0]} for r in range(1, round_number)]
    points = [sum(h["points"][s] for h in history) for s in (0, 1)]
    extra = {"display": ["GOLA"], "pile": [], **extra}
    return position(bridges=bridges, hands=(["ALOA"], ["BARI"]), round=round_number, history=history, points=points,
                    **extra)


def test_round_one_ends_with_the_last_display_card_and_scores_one_point():
    state = last_card({**BLACK_ALOA, **WHITE_LALE, "IFFI-KAHU": 1, "JOJO-KAHU": 1, "KAHU-LALE": 1})
    events = apply_all(state, TAKE_GOLA)
    scored = next(e for e in events if e.kind == "round_scored")
    assert scored.data == {"round": 1, "stones": [1, 2], "points": [0, 1], "totals": [0, 1]}
    assert state.points == [0, 1] and state.round == 2


def test_round_two_scores_two_points_and_a_tie_scores_nothing():
    state = last_card({**BLACK_ALOA, "BARI-DUDA": 0, "DUDA-ELAI": 0, **WHITE_LALE}, round_number=2,
                      history=[{"round": 1, "stones": [1, 0], "points": [1, 0]}])
    apply_all(state, TAKE_GOLA)
    assert state.history[-1] == (2, (2, 1), (2, 0)) and state.points == [3, 0]
    tie = last_card({**BLACK_ALOA, **WHITE_LALE})
    apply_all(tie, TAKE_GOLA)
    assert tie.history[-1] == (1, (1, 1), (0, 0)) and tie.points == [0, 0]


def test_between_rounds_everything_stays_but_the_discards_become_the_new_pile():
    state = last_card({**BLACK_ALOA, **WHITE_LALE}, hidden_discards=[["KAHU"], []])
    apply_all(state, build("ALOA", "ALOA-HUNA"))
    apply_all(state, TAKE_GOLA)
    assert state.round == 2 and RULES.to_act(state) == CHANCE
    assert state.hands[0][6] == 1 and state.hands[1][1] == 1, "hands are kept"
    assert state.placed == [3, 2] and state.stones[0] == 0, "bridges and stones stay"
    assert state.discards == [] and state.hidden_sizes == [0, 0]
    assert state.pile_size == 22 and state.pile[10] == 2, "face-up and face-down discards are reshuffled"
    for card in ("COCO", "DUDA", "ELAI"):
        assert RULES.legal_actions(state)[0]["type"] == "reveal"
        apply_all(state, {"type": "reveal", "card": card})
    assert RULES.to_act(state) == 1, "the player who did not take the last card begins"
    assert len(state.display) == 3 and state.pile_size == 19
    check_invariants(state)


def test_round_three_gives_one_more_turn_each_then_scores_the_difference():
    bridges = {**BLACK_ALOA, "BARI-COCO": 0, "BARI-ELAI": 0, "BARI-FAAA": 0, **WHITE_LALE}
    history = [{"round": 1, "stones": [1, 1], "points": [0, 0]}, {"round": 2, "stones": [1, 1], "points": [0, 0]}]
    state = last_card(bridges, round_number=3, history=history)
    events = apply_all(state, TAKE_GOLA)
    assert kinds(events)[-1] == "final_turns" and state.phase == "final"
    assert RULES.to_act(state) == 1, "the opponent of the last taker goes first"
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "draw"]
    apply_all(state, build("BARI", "BARI-DUDA"), PASS)
    assert RULES.to_act(state) == 0 and {"type": "pass"} in RULES.legal_actions(state)
    events = apply_all(state, build("ALOA", "ALOA-HUNA"), PASS)
    assert kinds(events)[-3:] == ["passed", "round_scored", "game_over"]
    result = RULES.result(state)
    assert state.history[-1] == (3, (2, 1), (1, 0))
    assert result.scores == (1, 0) and result.ranks == (0, 1)
    assert result.details["decided_key"] == "kahuna.result.points"


def test_the_anti_stall_rule_has_no_effect_in_the_last_turns():
    state = last_card(BLACK_ALOA, round_number=3,
                      history=[{"round": 1, "stones": [1, 0], "points": [1, 0]},
                               {"round": 2, "stones": [1, 0], "points": [2, 0]}])
    apply_all(state, TAKE_GOLA, PASS)
    assert {"type": "pass"} in RULES.legal_actions(state)
    apply_all(state, PASS)
    assert RULES.result(state).scores == (4, 0)


def final_turn(bridges, points_history):
    """Round 3's very last turn (seat 0 to pass) after rounds scored as ``points_history``."""
    history = [{"round": r, "stones": [0, 0], "points": p} for r, p in enumerate(points_history, start=1)]
    state = last_card(bridges, round_number=3, history=history, phase="final", final_turns=1, display=[],
                      pile=[])
    apply_all(state, PASS)
    return RULES.result(state)


def test_tie_break_one_the_round_three_winner_wins_on_equal_points():
    result = final_turn({**BLACK_ALOA, **WHITE_LALE, **WHITE_KAHU}, [[1, 0], [0, 0]])
    assert result.scores == (1, 1) and result.ranks == (1, 0)
    assert result.details["decided_key"] == "kahuna.result.round3"


def test_tie_break_two_more_bridges_wins_when_round_three_was_even():
    result = final_turn({**BLACK_ALOA, "ELAI-FAAA": 0, **WHITE_LALE}, [[0, 0], [0, 0]])
    assert result.scores == (0, 0) and result.ranks == (0, 1)
    assert result.details["decided_key"] == "kahuna.result.bridges"


def test_tie_break_three_is_a_draw():
    result = final_turn({**BLACK_ALOA, **WHITE_LALE}, [[1, 0], [0, 0]])
    assert result.scores == (1, 0) or result.ranks == (0, 1)
    draw = final_turn({**BLACK_ALOA, **WHITE_LALE}, [[0, 0], [0, 0]])
    assert draw.scores == (0, 0) and draw.ranks == (0, 0) and draw.winners == [0, 1]
    assert draw.details["decided_key"] == "kahuna.result.draw"


def test_more_points_wins_before_any_tie_break():
    result = final_turn({**BLACK_ALOA, **WHITE_LALE, **WHITE_KAHU}, [[0, 0], [2, 0]])
    assert result.scores == (2, 1) and result.ranks == (0, 1)


def test_the_game_over_event_names_the_winner():
    state = last_card(BLACK_ALOA, round_number=3, phase="final", final_turns=1, display=[], pile=[],
                      history=[{"round": 1, "stones": [1, 0], "points": [1, 0]},
                               {"round": 2, "stones": [0, 0], "points": [0, 0]}])
    events = apply_all(state, PASS)
    assert events[-1].kind == "game_over" and events[-1].data["winners"] == [0]


def test_a_round_cannot_continue_without_cards():
    with pytest.raises(ValueError, match="needs cards"):
        position(display=[], pile=[])
    with pytest.raises(IllegalAction):
        RULES.apply(last_card(BLACK_ALOA, round_number=3, phase="final", final_turns=1, display=[], pile=[],
                              history=[{"round": 1, "stones": [0, 0], "points": [0, 0]},
                                       {"round": 2, "stones": [0, 0], "points": [0, 0]}]),
                    {"type": "draw", "source": "pile"})
