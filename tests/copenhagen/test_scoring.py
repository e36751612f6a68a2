"""Scoring rows and columns (windows doubled), coats of arms, the 12-point end and the tie-break."""

import pytest

from game.core.rules import IllegalAction
from game.games.copenhagen import board
from game.games.copenhagen.rules import RULES
from tests.copenhagen.positions import build, counts, state_of

COLOURS = ("red", "yellow", "green", "blue", "purple")
ALL_ABILITIES = {"any_cards": "active", "additional_card": "active", "construction_discount": "active",
                 "change_of_colors": "active", "both_actions": "active"}


def upright_dominoes(columns, brick_on_top=True):
    """Dominoes standing on the ground in these columns (rot 1 puts the brick on top, rot 3 below)."""
    return [(f"{COLOURS[i % 5]}-2", 1 if brick_on_top else 3, False, (col, 0)) for i, col in enumerate(columns)]


def scored(events):
    return [(e.data["line"], e.data["index"], e.data["windows"], e.data["points"]) for e in events
            if e.kind == "scored"]


def test_a_row_of_windows_scores_two_and_a_row_with_bricks_one():
    # Four dominoes with their brick on top: row 0 is windows, row 1 bricks. The fifth completes both rows.
    state = state_of(players=4, hands=[counts(purple=2)] + [counts()] * 3,
                     facades=[upright_dominoes([0, 1, 2, 3])] + [[]] * 3)
    events = RULES.apply(state, build("purple-2", (4, 0), rot=1, pay={"purple": 2}))
    assert scored(events) == [("row", 0, True, 2), ("row", 1, False, 1)]
    assert state.scores[0] == 3


def test_a_column_of_windows_scores_four_and_with_a_brick_two():
    # Nine lying dominoes (window left, brick right) fill columns 0 and 1, the last one completes both.
    facade = [(f"{COLOURS[r % 5]}-2", 2, False, (0, r)) for r in range(8)]
    state = state_of(players=4, hands=[counts(blue=2)] + [counts()] * 3, facades=[facade] + [[]] * 3)
    assert state.scores[0] == 0
    events = RULES.apply(state, build("blue-2", (0, 8), rot=2, pay={"blue": 2}))
    assert scored(events) == [("column", 0, True, 4), ("column", 1, False, 2)]
    assert state.scores[0] == 6


def test_a_line_scores_once_and_only_when_completed():
    state = state_of(players=4, hands=[counts(purple=2, red=2)] + [counts()] * 3,
                     facades=[upright_dominoes([0, 1, 2])] + [[]] * 3)
    assert scored(RULES.apply(state, build("purple-2", (3, 0), rot=1, pay={"purple": 2}))) == []
    state.current = 0
    state.phase = "turn"
    events = RULES.apply(state, build("red-2", (4, 0), rot=3, pay={"red": 2}))
    # The last domino has its brick below: row 0 now holds a brick, row 1 is all windows... except the
    # other dominoes' bricks, so both rows score 1.
    assert scored(events) == [("row", 0, False, 1), ("row", 1, False, 1)]
    assert state.scores[0] == 2 == board.board_points(state.occupied[0], state.bricks[0])


def test_covering_a_printed_coat_of_arms_gives_a_choice():
    state = state_of(hands=[counts(red=2), counts()], facades=[[("purple-2", 1, False, (2, 0))], []])
    events = RULES.apply(state, build("red-2", (2, 2), rot=1, pay={"red": 2}))
    assert [e.data for e in events if e.kind == "coat"] == [{"seat": 0, "cell": [2, 2]}]
    assert state.phase == "coat" and state.pending_coats == 1
    choices = RULES.legal_actions(state)
    abilities = sorted(a["ability"] for a in choices if a["choice"] == "ability")
    assert abilities == ["additional_card", "both_actions", "change_of_colors", "construction_discount"]
    assert {"type": "coat", "choice": "special", "at": [2, 4]} in choices
    assert {"type": "coat", "choice": "special", "at": [2, 3]} not in choices  # built
    assert {"type": "coat", "choice": "special", "at": [0, 1]} not in choices  # nothing below
    assert {"type": "coat", "choice": "refresh"} not in choices  # nothing used yet
    RULES.apply(state, {"type": "coat", "choice": "ability", "ability": "both_actions"})
    assert state.abilities[0][4] == 1  # arrives active
    assert state.phase == "turn" and state.current == 1


def test_completing_a_coat_of_arms_row_and_covering_a_cell_gives_two_choices():
    facade = [("purple-5", 0, False, (0, 0)), ("red-2", 0, False, (0, 1)), ("blue-2", 0, False, (3, 1))]
    state = state_of(hands=[counts(green=2), counts()], facades=[facade, []])
    events = RULES.apply(state, build("green-2", (2, 1), rot=1, pay={"green": 2}))
    coats = [e.data for e in events if e.kind == "coat"]
    assert coats == [{"seat": 0, "cell": [2, 2]}, {"seat": 0, "row": 1}]
    assert scored(events) == [("row", 1, False, 1)]
    assert state.pending_coats == 2
    RULES.apply(state, {"type": "coat", "choice": "ability", "ability": "additional_card"})
    assert state.phase == "coat" and state.pending_coats == 1
    with pytest.raises(IllegalAction, match="already own"):
        RULES.apply(state, {"type": "coat", "choice": "ability", "ability": "additional_card"})
    RULES.apply(state, {"type": "coat", "choice": "ability", "ability": "both_actions"})
    assert state.phase == "turn" and state.current == 1


def test_a_white_tile_is_placed_at_once_scores_and_can_chain_coats_of_arms():
    facade = [("purple-4", 1, False, (4, 0))]  # column 4 built up to row 3
    state = state_of(facades=[facade, []], phase="coat", step={"pending_coats": 1})
    events = RULES.apply(state, {"type": "coat", "choice": "special", "at": [4, 4]})
    assert [e.kind for e in events] == ["special", "coat"]
    assert state.supply[board.SPECIAL] == 11
    assert state.colour_masks[0][board.WHITE] == 1 << board.cell_index(4, 4)
    assert state.phase == "coat" and state.pending_coats == 1  # (4,4) holds a coat of arms
    with pytest.raises(IllegalAction, match="nothing below"):
        RULES.apply(state, {"type": "coat", "choice": "special", "at": [3, 4]})
    events = RULES.apply(state, {"type": "coat", "choice": "special", "at": [4, 5]})
    assert state.phase == "turn" and state.current == 1


def test_a_white_tile_completing_a_window_line_scores_it():
    facade = upright_dominoes([0, 1, 2, 3])
    state = state_of(players=4, facades=[facade] + [[]] * 3, phase="coat", step={"pending_coats": 1})
    events = RULES.apply(state, {"type": "coat", "choice": "special", "at": [4, 0]})
    assert scored(events) == [("row", 0, True, 2)]


def test_refresh_turns_used_abilities_back():
    abilities = [dict(ALL_ABILITIES, any_cards="used", both_actions="used"), {"any_cards": "active"}]
    state = state_of(abilities=abilities, phase="coat", step={"pending_coats": 1})
    choices = RULES.legal_actions(state)
    assert not [a for a in choices if a["choice"] == "ability"]  # owns all five
    RULES.apply(state, {"type": "coat", "choice": "refresh"})
    assert state.abilities[0] == [1, 1, 1, 1, 1]


def test_a_coat_of_arms_with_no_possible_reward_is_lost():
    # Every white tile already stands on the other facade, and seat 0 owns every ability, all active.
    whites = [("special-1", 0, False, (c, r)) for r in (0, 1) for c in range(5)]
    whites += [("special-1", 0, False, (c, 2)) for c in (0, 1)]
    abilities = [dict(ALL_ABILITIES), {"any_cards": "active"}]
    state = state_of(hands=[counts(red=2), counts()], abilities=abilities,
                     facades=[[("purple-2", 1, False, (2, 0))], whites])
    assert state.supply[board.SPECIAL] == 0
    events = RULES.apply(state, build("red-2", (2, 2), rot=1, pay={"red": 2}))
    assert [e.kind for e in events][-3:] == ["coat", "coat_lost", "turn"]
    assert state.current == 1


def test_twelve_points_end_the_game_at_once_without_the_pending_coat_of_arms():
    facade = [(f"{COLOURS[r % 5]}-2", 2, False, (0, r)) for r in range(9)]  # columns 0 and 1: 6 points
    facade += [(f"{COLOURS[r % 5]}-2", 0, False, (3, r)) for r in range(5)]  # brick in column 3
    facade += [("special-1", 0, False, (c, r)) for r in (5, 6, 7) for c in (3, 4)]
    state = state_of(players=4, hands=[counts(purple=2)] + [counts()] * 3, facades=[facade] + [[]] * 3)
    assert state.scores[0] == 6
    events = RULES.apply(state, build("purple-2", (3, 8), pay={"purple": 2}))  # covers the coat at (3,8)
    assert scored(events) == [("column", 3, False, 2), ("column", 4, True, 4)]
    assert events[-1].kind == "game_over" and events[-1].data["reason"] == "twelve"
    assert not [e for e in events if e.kind == "coat"]
    assert RULES.to_act(state) is None and state.phase == "over"
    result = RULES.result(state)
    assert result.scores == (12, 0, 0, 0) and result.winners == [0]
    assert result.details["end_key"] == "copenhagen.end.twelve"


def test_tie_break_fewest_empty_cells_then_shared():
    facades = [upright_dominoes([0]), upright_dominoes([1, 2]), upright_dominoes([3, 4]), []]
    state = state_of(players=4, facades=facades)
    state.phase, state.end = "over", "mermaid"
    result = RULES.result(state)
    assert result.scores == (0, 0, 0, 0)
    assert result.ranks == (2, 0, 0, 3)  # 43 empty cells, 41 and 41 (a shared victory), 45
    assert result.details["tiebreak_key"] == "copenhagen.tiebreak.shared"
    assert result.details["empty_cells"] == [43, 41, 41, 45]
    facades[1] = upright_dominoes([1])
    state = state_of(players=4, facades=facades)
    state.phase, state.end = "over", "mermaid"
    result = RULES.result(state)
    assert result.ranks == (1, 1, 0, 3)  # seat 2 alone has the fewest empty cells
    assert result.details["tiebreak_key"] == "copenhagen.tiebreak.cells"
    assert result.details["tiebreak_fields"] == {"cells": 41}


def test_the_higher_score_wins_whatever_the_empty_cells():
    state = state_of(facades=[upright_dominoes([0, 1, 2, 3, 4]), upright_dominoes([0, 1, 2, 3]) +
                              [("purple-4", 0, False, (0, 2))]])
    state.phase, state.end = "over", "mermaid"
    result = RULES.result(state)
    assert result.scores == (3, 0) and result.ranks == (0, 1)
    assert "tiebreak_key" not in result.details


def test_completing_a_coat_of_arms_row_alone_gives_one_choice():
    # Row 3 (a coat-of-arms row) gets its last two squares; no printed coat of arms is covered.
    facade = [("purple-4", 1, False, (c, 0)) for c in range(3)]  # columns 0-2 up to row 3
    facade += [("purple-3", 1, False, (3, 0)), ("green-3", 1, False, (4, 0))]  # columns 3-4 up to row 2
    state = state_of(players=4, hands=[counts(red=2)] + [counts()] * 3, facades=[facade] + [[]] * 3)
    events = RULES.apply(state, build("red-2", (3, 3), pay={"red": 2}))
    assert [e.data for e in events if e.kind == "coat"] == [{"seat": 0, "row": 3}]
    assert state.phase == "coat" and state.pending_coats == 1


def test_a_white_tile_completing_a_coat_of_arms_row_chains_another_choice():
    # Row 1 lacks only its last square; the white tile placed by a coat of arms completes it.
    facade = [("purple-5", 0, False, (0, 0)), ("purple-4", 0, False, (0, 1))]
    state = state_of(facades=[facade, []], phase="coat", step={"pending_coats": 1})
    events = RULES.apply(state, {"type": "coat", "choice": "special", "at": [4, 1]})
    assert [e.kind for e in events] == ["special", "scored", "coat"]
    assert events[-1].data == {"seat": 0, "row": 1}
    assert state.phase == "coat" and state.pending_coats == 1


def test_twelve_points_reached_with_a_white_tile_end_the_game():
    facade = [(f"{COLOURS[r % 5]}-2", 2, False, (0, r)) for r in range(9)]  # columns 0 and 1: 6 points
    facade += [(f"{COLOURS[r % 5]}-2", 0, False, (3, r)) for r in range(5)]  # brick in column 3
    facade += [("special-1", 0, False, (c, r)) for r in (5, 6, 7) for c in (3, 4)]
    facade += [("special-1", 0, False, (4, 8))]  # column 4 is full already: 10 points
    state = state_of(players=4, facades=[facade] + [[]] * 3, phase="coat", step={"pending_coats": 2})
    assert state.scores[0] == 10
    events = RULES.apply(state, {"type": "coat", "choice": "special", "at": [3, 8]})
    assert scored(events) == [("column", 3, False, 2)]
    assert state.scores[0] == 12 and events[-1].kind == "game_over"
    assert not [e for e in events if e.kind == "coat"]  # (3,8) holds a coat of arms, never resolved
    assert RULES.to_act(state) is None and state.end == "twelve"


def test_refresh_also_turns_back_an_ability_used_earlier_this_turn():
    abilities = [dict(ALL_ABILITIES, both_actions="used"), {"any_cards": "active"}]
    state = state_of(hands=[counts(red=1), counts()], abilities=abilities,
                     facades=[[("purple-2", 1, False, (2, 0))], []])
    RULES.apply(state, {"type": "ability", "ability": "construction_discount"})
    RULES.apply(state, build("red-2", (2, 2), rot=1, pay={"red": 1}))  # covers the coat of arms at (2,2)
    assert state.phase == "coat" and state.abilities[0][2] == 2
    RULES.apply(state, {"type": "coat", "choice": "refresh"})
    assert state.abilities[0] == [1, 1, 1, 1, 1]
    assert state.current == 1
