"""The questions the table asks the engine: why a tile or a spot is refused, what a spot costs, points by line."""

import random

import pytest

from game.core.rules import CHANCE
from game.games.copenhagen import board
from game.games.copenhagen.rules import RULES, WHY
from tests.copenhagen.positions import build, counts, state_of
from tests.support import config_for

ALL_ABILITIES = {"any_cards": "active", "additional_card": "active", "construction_discount": "active",
                 "change_of_colors": "active", "both_actions": "active"}


def buildable_tiles(state) -> set[str]:
    return {a["tile"] for a in RULES.legal_actions(state) if a["type"] == "build"}


def test_tile_problem_agrees_with_the_legal_builds_in_played_positions():
    rng = random.Random(11)
    checked = 0
    for game in range(12):
        state = RULES.new_game(config_for(2 + game % 3))
        while (actor := RULES.to_act(state)) is not None and checked < 4000:
            if actor != CHANCE and state.phase in ("turn", "construct"):
                buildable = buildable_tiles(state)
                for t in board.TILES:
                    if t.index == board.SPECIAL:
                        continue
                    problem = RULES.tile_problem(state, actor, t.id)
                    assert (problem is None) == (t.id in buildable), (t.id, problem)
                    assert problem is None or problem in WHY
                    checked += 1
            action = RULES.sample_chance(state, rng) if actor == CHANCE else rng.choice(RULES.legal_actions(state))
            RULES.apply(state, action)
    assert checked > 1000


def test_tile_problem_names_the_reason():
    state = state_of(hands=[counts(red=1, blue=3), counts()], facades=[[("red-2", 0, False, (0, 0))], []])
    assert RULES.tile_problem(state, 0, "red-2") is None  # one card, touching its colour
    assert RULES.tile_problem(state, 0, "blue-3") is None
    assert RULES.tile_problem(state, 0, "blue-5") == "copenhagen.why.short"
    assert RULES.tile_problem(state, 1, "blue-3") == "copenhagen.why.not_now"
    assert RULES.tile_problem(state, 0, "special-1") == "copenhagen.why.unknown_tile"
    assert RULES.tile_problem(state, 0, "pink-2") == "copenhagen.why.unknown_tile"
    state.supply[board.TILE_INDEX["blue-3"]] = 0
    assert RULES.tile_problem(state, 0, "blue-3") == "copenhagen.why.sold_out"


def test_tile_problem_one_card_short_with_no_free_spot_touching_the_colour():
    # The red domino is walled in: other colours on both sides and on top, so nothing red can touch it.
    facade = [("red-2", 0, False, (1, 0)), ("yellow-2", 1, False, (0, 0)), ("green-2", 1, False, (3, 0)),
              ("purple-2", 0, False, (1, 1))]
    state = state_of(hands=[counts(red=1), counts()], facades=[facade, []])
    assert RULES.tile_problem(state, 0, "red-2") == "copenhagen.why.no_contact_spot"


def test_tile_problem_points_at_the_ability_that_would_help():
    abilities = [dict(ALL_ABILITIES, change_of_colors="used"), {"any_cards": "active"}]
    state = state_of(hands=[counts(green=3), counts()], abilities=abilities)
    assert RULES.tile_problem(state, 0, "green-4") == "copenhagen.why.use_discount"
    abilities = [dict(ALL_ABILITIES, construction_discount="used"), {"any_cards": "active"}]
    state = state_of(hands=[counts(green=3, red=1), counts()], abilities=abilities)
    assert RULES.tile_problem(state, 0, "green-4") == "copenhagen.why.use_convert"
    RULES.apply(state, {"type": "convert", "from": "red", "to": "green"})
    assert RULES.tile_problem(state, 0, "green-4") is None
    assert RULES.tile_problem(state, 0, "red-2") == "copenhagen.why.converted"


def test_tile_problem_with_no_free_spot_says_there_is_no_room():
    state = state_of(hands=[counts(purple=7), counts()])
    gap = sum(1 << board.cell_index(col, 8) for col in range(4))
    state.occupied[0] = board.FULL & ~gap  # (as if built) only four cells of the top row are free
    state.colour_masks[0][board.WHITE] = state.occupied[0]
    assert RULES.tile_problem(state, 0, "purple-5") == "copenhagen.why.no_room"
    assert RULES.tile_problem(state, 0, "purple-4") is None


def test_the_cost_at_a_spot_shows_both_discounts():
    abilities = [dict(ALL_ABILITIES), {"any_cards": "active"}]
    state = state_of(hands=[counts(yellow=2), counts()], abilities=abilities,
                     facades=[[("yellow-2", 0, False, (0, 0))], []])
    assert RULES.placement_cost(state, 0, "yellow-3", 0, False, (2, 0)) == {"cost": 2, "contact": True,
                                                                            "discount": False}
    assert RULES.placement_cost(state, 0, "yellow-3", 0, False, (3, 0)) == {"cost": 3, "contact": False,
                                                                            "discount": False}
    assert RULES.placement_problem(state, 0, "yellow-3", 0, False, (3, 0)) == "copenhagen.why.needs_contact"
    RULES.apply(state, {"type": "ability", "ability": "construction_discount"})
    assert RULES.placement_cost(state, 0, "yellow-3", 0, False, (2, 0)) == {"cost": 1, "contact": True,
                                                                            "discount": True}
    assert RULES.placement_problem(state, 0, "yellow-3", 0, False, (3, 0)) is None
    assert RULES.placement_cost(state, 0, "yellow-3", 0, False, (4, 0)) is None  # sticks out


@pytest.mark.parametrize("seed", range(4))
def test_points_by_line_add_up_to_the_score(seed):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(2))
    while (actor := RULES.to_act(state)) is not None:
        action = RULES.sample_chance(state, rng) if actor == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
    for seat in range(2):
        split = board.points_by_line(state.occupied[seat], state.bricks[seat])
        assert sum(split.values()) == state.scores[seat]


def test_points_by_line_tell_windows_from_bricks():
    facade = [(f"{c}-2", 1, False, (col, 0)) for col, c in enumerate(("red", "yellow", "green", "blue", "purple"))]
    state = state_of(players=4, hands=[counts()] * 4, facades=[facade] + [[]] * 3)
    assert board.points_by_line(state.occupied[0], state.bricks[0]) == {"rows": 1, "window_rows": 2, "columns": 0,
                                                                   "window_columns": 0}
    dominoes = [(f"{('red', 'green', 'yellow', 'purple')[r % 4]}-2", 2, False, (0, r)) for r in range(8)]
    state = state_of(players=4, hands=[counts(blue=2)] + [counts()] * 3, facades=[dominoes] + [[]] * 3)
    RULES.apply(state, build("blue-2", (0, 8), rot=2, pay={"blue": 2}))
    assert board.points_by_line(state.occupied[0], state.bricks[0]) == {"rows": 0, "window_rows": 0, "columns": 2,
                                                                   "window_columns": 4}


def test_special_problem_agrees_with_the_coat_of_arms_choices():
    facade = [("purple-4", 1, False, (4, 0)), ("red-2", 0, False, (0, 0))]
    state = state_of(facades=[facade, []], phase="coat", step={"pending_coats": 1})
    legal = {tuple(a["at"]) for a in RULES.legal_actions(state) if a["choice"] == "special"}
    helper = {(c, r) for c in range(-1, 6) for r in range(-1, 10) if RULES.special_problem(state, 0, (c, r)) is None}
    assert legal == helper == {(2, 0), (3, 0), (0, 1), (1, 1), (4, 4)}
    assert RULES.special_problem(state, 0, (4, 2)) == "copenhagen.why.overlap"
    assert RULES.special_problem(state, 0, (2, 1)) == "copenhagen.why.unsupported"
    assert RULES.special_problem(state, 0, (5, 0)) == "copenhagen.why.outside"
    assert RULES.special_problem(state, 1, (2, 0)) == "copenhagen.why.not_now"
    state.supply[board.SPECIAL] = 0
    assert RULES.special_problem(state, 0, (2, 0)) == "copenhagen.why.sold_out"
