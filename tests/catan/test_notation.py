"""Position notation, hidden information, results and progress."""

import json
import random

import pytest

from game.games.catan import board
from game.games.catan.rules import RULES
from tests.catan.helpers import beginner_game, position
from tests.support import config_for, random_state


def played_state(seed=3, steps=400):
    return random_state(RULES, config_for(4), seed, steps)


def test_notation_round_trips():
    state = played_state()
    data = json.loads(json.dumps(RULES.to_json(state)))
    again = RULES.from_json(data)
    assert RULES.to_json(again) == data
    assert again.road_lengths == state.road_lengths


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="chess"),
    lambda d: d.update(players=5),
    lambda d: d.update(phase="dancing"),
    lambda d: d["bank"].update(ore=d["bank"]["ore"] + 1),
    lambda d: d["buildings"].append([d["buildings"][0][0], 1, "settlement"]),
    lambda d: d["buildings"].append([board.VERTEX_NEIGHBOURS[d["buildings"][0][0]][0], 1, "settlement"]),
    lambda d: d["roads"].append([d["roads"][0][0], 2]),
    lambda d: d.update(longest_road=None) if d["longest_road"] is not None else d.update(longest_road=0),
    lambda d: d.update(largest_army=1),
    lambda d: d["deck"].update(knight=d["deck"]["knight"] + 1),
    lambda d: d.update(current=7),
    lambda d: d.pop("hands"),
    lambda d: d.update(hands="many"),
])
def test_bad_positions_are_refused(change):
    data = RULES.to_json(beginner_game())
    change(data)
    with pytest.raises(ValueError):
        RULES.from_json(data)


def test_observe_hides_hands_and_development_cards_but_not_counts():
    state = position(hands={0: {"ore": 2}, 1: {"wool": 3}}, devs={0: {"knight": 1}, 1: {"monopoly": 1}})
    seen = RULES.observe(state, 0)
    assert seen.hands[0] == [0, 0, 2, 0, 0] and seen.hands[1] is None
    data = RULES.to_json(seen)
    assert data["hand_counts"][1] == 3 and data["dev_counts"][1] == 1 and data["devs"][1] is None
    assert data["deck"] is None and data["deck_count"] == 23
    assert RULES.observe(state, None).hands[1] == [0, 0, 0, 0, 3]


def test_determinize_is_consistent_with_what_the_seat_knows():
    state = played_state(seed=5, steps=600)
    for seat in range(4):
        seen = RULES.observe(state, seat)
        for k in range(5):
            full = RULES.determinize(seen, seat, random.Random(k))
            assert full.hands[seat] == state.hands[seat] and full.devs[seat] == state.devs[seat]
            for p in range(4):
                assert sum(full.hands[p]) == sum(state.hands[p])
                assert sum(full.devs[p]) == sum(state.devs[p])
            for r in range(5):
                assert full.bank[r] + sum(h[r] for h in full.hands) == 19
            for c in range(5):
                assert full.deck[c] + sum(d[c] for d in full.devs) + sum(p[c] for p in full.played) == board.DEV_DECK[c]


def test_an_observation_cannot_be_played_on():
    state = position(hands={0: {"ore": 4}})
    seen = RULES.observe(state, 0)
    with pytest.raises(Exception, match="hidden"):
        RULES.apply(seen, {"type": "end_turn"})


def test_result_ranks_the_winner_first_then_by_points():
    state = played_state(seed=1, steps=100_000)
    result = RULES.result(state)
    assert result is not None and result.ranks[state.winner] == 0
    assert result.scores[state.winner] >= 10
    others = [p for p in range(4) if p != state.winner]
    for a in others:
        for b in others:
            if result.scores[a] > result.scores[b]:
                assert result.ranks[a] < result.ranks[b]


def test_progress_texts():
    assert RULES.progress(RULES.new_game(config_for(4)))[0] == "catan.progress.setup"
    key, fields = RULES.progress(beginner_game())
    assert key == "catan.progress.turn" and fields == {"round": 1, "seat": 1}


def test_unknown_actions_are_refused_with_a_reason():
    state = beginner_game()
    for bad in ({"type": "fly"}, {"no": "type"}, "road", {"type": "roll", "dice": [0, 9]},
                {"type": "roll", "dice": "77"}):
        with pytest.raises(Exception) as caught:
            RULES.apply(state, bad)
        assert caught.type.__name__ == "IllegalAction" and str(caught.value)
