"""What the engine says to an action it cannot take, and the dispatch tables it reads without a call."""

from __future__ import annotations

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.catan.rules import RULES
from tests.catan.helpers import beginner_game, position


@pytest.mark.parametrize("action", ["roll", None, [("type", "roll")], {}, {"dice": [3, 4]}, {"type": ["roll"]}])
def test_an_action_that_is_not_a_mapping_with_a_type_is_refused_as_such(action):
    with pytest.raises(IllegalAction, match="an action is a mapping with a type"):
        RULES.apply(beginner_game(), action)


def test_an_action_of_another_phase_is_refused_with_the_phase():
    with pytest.raises(IllegalAction, match=r"'end_turn' is not possible now \(phase roll\)"):
        RULES.apply(beginner_game(), {"type": "end_turn"})


def test_nothing_is_played_after_the_game_is_over():
    state = position(phase="over", winner=0)
    with pytest.raises(IllegalAction, match="the game is over"):
        RULES.apply(state, {"type": "end_turn"})


def test_a_position_with_hidden_hands_is_not_played_on():
    for seat in (0, 1, 2):
        seen = RULES.observe(beginner_game(), seat)
        with pytest.raises(IllegalAction, match="hidden cards"):
            RULES.apply(seen, {"type": "roll", "dice": [3, 4]})


def test_every_phase_has_its_actor_and_its_actions():
    state = beginner_game()
    assert RULES.to_act(state) == CHANCE and len(RULES.legal_actions(state)) == 36
    state.phase = "main"
    assert RULES.to_act(state) == state.current and RULES.legal_actions(state)[0] == {"type": "end_turn"}
    state.phase = "over"
    assert RULES.to_act(state) is None and RULES.legal_actions(state) == []
    state.phase = "no such phase"
    assert RULES.to_act(state) == state.current and RULES.legal_actions(state) == []
