"""A game nobody can win any more ends, ranked by points; only reachable targets are offered."""

import pytest

from game.core.i18n import tr
from game.games.catan import SPEC
from game.games.catan.board import VERTEX_NEIGHBOURS
from game.games.catan.rules import RULES
from game.games.catan.text import describe_event
from tests.catan.helpers import act, edge_between, position

ALL_PLAYED = {0: {"knight": 14, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}}


def frozen(buildings=(), roads=()):
    """Three players, the development deck empty and every knight played (seat 0 holds Largest Army),
    seat 0 holding 2 victory point cards and seat 1 three; 5 points win."""
    return position(players=3, buildings=buildings, roads=roads, devs={0: {"victory_point": 2},
                                                                        1: {"victory_point": 3}},
                    played=ALL_PLAYED, largest_army=0, options={"victory_points": 5})


def test_a_game_nobody_can_win_ends_at_the_end_of_the_turn_ranked_by_points():
    state = frozen()
    assert RULES.total_points(state, 0) == 4 and RULES.total_points(state, 1) == 3
    events = act(state, type="end_turn")
    assert state.phase == "over" and state.winner == -1 and RULES.to_act(state) is None
    assert events[-1].kind == "game_over" and events[-1].data == {"winner": None, "reason": "blocked",
                                                                    "points": [4, 3, 0]}
    result = RULES.result(state)
    assert result.scores == (4, 3, 0) and result.ranks == (0, 1, 2) and result.winners == [0]
    assert result.details["reason"] == "blocked" and tr(result.details["end_key"]) != result.details["end_key"]
    assert RULES.progress(state) == ("catan.progress.blocked", {})
    assert "nobody" in describe_event(events[-1], lambda key, **f: tr(key, "en", **f)).lower()


def test_a_blocked_finish_round_trips_and_a_false_one_is_refused():
    state = frozen()
    act(state, type="end_turn")
    data = RULES.to_json(state)
    assert RULES.to_json(RULES.from_json(data)) == data
    live = RULES.to_json(frozen(buildings=[(10, 2, "settlement")]))
    live.update(phase="over", winner=None)
    with pytest.raises(ValueError, match="winner"):
        RULES.from_json(live)


def test_a_player_who_can_still_build_keeps_the_game_going():
    road = edge_between(10, VERTEX_NEIGHBOURS[10][0])
    state = frozen(buildings=[(10, 2, "settlement")], roads=[(road, 2)])
    act(state, type="end_turn")
    assert state.phase in ("roll", "pre_roll") and state.current == 1


def test_only_targets_a_player_can_reach_with_their_own_buildings_are_offered():
    option = next(o for o in SPEC.options if o.key == "victory_points")
    assert (option.default, option.high) == (10, 13)  # 5 settlements and 4 cities
    assert SPEC.validate_options({"victory_points": 13})["victory_points"] == 13
    with pytest.raises(ValueError):
        SPEC.validate_options({"victory_points": 14})


@pytest.mark.slow
def test_random_games_at_a_target_out_of_reach_all_end():
    """At 18 points most random games reach a point where nobody can win; each of them ends."""
    from tests.catan.test_fuzz import check
    from tests.support import config_for, play_checked

    def check_unless_blocked(state):  # the fuzz check expects the player on turn to have won
        if state.phase != "over" or state.winner >= 0:
            check(state)

    ends = []
    for seed in range(12):
        state, _ = play_checked(RULES, config_for(3 + seed % 2, {"victory_points": 18}), seed, check_unless_blocked)
        ends.append(RULES.result(state).details["reason"])
    assert "blocked" in ends and set(ends) <= {"blocked", "victory_points"}
