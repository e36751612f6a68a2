"""Building: legality, rotated and mirrored placements, costs and discounts, abilities for building."""

import pytest

from game.core.rules import IllegalAction
from game.games.copenhagen import board
from game.games.copenhagen.rules import RULES
from tests.copenhagen.positions import actions_of, build, counts, state_of

ALL_ABILITIES = {"any_cards": "active", "additional_card": "active", "construction_discount": "active",
                 "change_of_colors": "active", "both_actions": "active"}


def builds_of(state, tile: str):
    return [a for a in actions_of(state, "build") if a["tile"] == tile]


def cells(state, seat=0):
    return sorted(board.cell_of(i) for i in board.bits(state.occupied[seat]))


def test_a_tile_must_stand_on_the_ground_or_a_built_cell():
    state = state_of(hands=[counts(purple=2), counts()])
    spots = {(a["rot"], tuple(a["at"])) for a in builds_of(state, "purple-2")}
    # Lying flat on the ground floor (both directions) or upright from the ground.
    assert (0, (0, 0)) in spots and (2, (3, 0)) in spots and (1, (4, 0)) in spots
    assert all(at[1] == 0 for _, at in spots)
    assert RULES.placement_problem(state, 0, "purple-2", 0, False, (0, 1)) == "copenhagen.why.unsupported"
    with pytest.raises(IllegalAction, match="ground"):
        RULES.apply(state, build("purple-2", (0, 1), pay={"purple": 2}))


def test_outside_and_overlap_are_illegal():
    state = state_of(hands=[counts(purple=5), counts()], facades=[[("red-2", 0, False, (0, 0))], []])
    assert RULES.placement_problem(state, 0, "purple-5", 0, False, (1, 0)) == "copenhagen.why.outside"
    assert RULES.placement_problem(state, 0, "purple-2", 0, False, (1, 0)) == "copenhagen.why.overlap"
    assert RULES.placement_problem(state, 0, "purple-2", 0, False, (2, 0)) is None
    assert RULES.placement_problem(state, 0, "purple-5", 0, False, (0, 1)) is None  # on top of the red domino


def test_gaps_under_an_overhang_can_be_filled():
    # A red domino on the ground at (0,0)-(1,0); a purple bar of 4 lies on row 1 from column 0 to 3,
    # overhanging columns 2 and 3 above an empty ground floor.
    facade = [("red-2", 0, False, (0, 0)), ("purple-4", 0, False, (0, 1))]
    state = state_of(hands=[counts(green=2), counts()], facades=[facade, []])
    assert RULES.placement_problem(state, 0, "green-2", 0, False, (2, 0)) is None
    RULES.apply(state, build("green-2", (2, 0), pay={"green": 2}))
    assert cells(state) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]


def test_an_overhang_is_legal_with_a_single_supported_square():
    state = state_of(hands=[counts(blue=5), counts()], facades=[[("red-2", 0, False, (0, 0))], []])
    # The blue T-pentomino "..W / BWW / ..W" turned so its bar lies flat on row 1 over the domino.
    assert RULES.placement_problem(state, 0, "blue-5", 1, False, (0, 1)) is None
    RULES.apply(state, build("blue-5", (0, 1), rot=1, pay={"blue": 5}))
    assert cells(state) == [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)]


@pytest.mark.parametrize("rot, mirror, expected", [
    (0, False, [(0, 0, False), (0, 1, True), (1, 1, True)]),
    (1, False, [(0, 1, False), (1, 0, True), (1, 1, True)]),
    (2, False, [(0, 0, True), (1, 0, True), (1, 1, False)]),
    (3, False, [(0, 0, True), (0, 1, True), (1, 0, False)]),
    (0, True, [(0, 1, True), (1, 0, False), (1, 1, True)]),
])
def test_rotated_and_mirrored_placements_put_the_brick_where_the_shape_says(rot, mirror, expected):
    state = state_of(hands=[counts(yellow=3), counts()], facades=[[("purple-5", 0, False, (0, 0))], []])
    RULES.apply(state, build("yellow-3", (1, 1), rot=rot, mirror=mirror, pay={"yellow": 3}))
    placed = {(c - 1, r - 1, not state.bricks[0] >> board.cell_index(c, r) & 1)
              for c, r in cells(state) if r >= 1}
    assert placed == set(expected)


def test_orientations_are_written_canonically():
    state = state_of(hands=[counts(red=2), counts()])
    with pytest.raises(IllegalAction, match="rot=2 mirror=false"):
        RULES.apply(state, build("red-2", (0, 0), rot=0, mirror=True, pay={"red": 2}))
    keys = [(a["rot"], a["mirror"], tuple(a["at"])) for a in builds_of(state, "red-2")]
    assert len(keys) == len(set(keys))
    assert all(not mirror for _, mirror, _ in keys)


def test_cost_is_the_size_in_cards_of_the_colour():
    state = state_of(hands=[counts(red=3, blue=4), counts()])
    assert builds_of(state, "red-4") == []
    assert builds_of(state, "red-3") and all(a["pay"] == {"red": 3} for a in builds_of(state, "red-3"))
    assert RULES.placement_problem(state, 0, "red-4", 0, False, (0, 0)) == "copenhagen.why.needs_contact"
    assert RULES.placement_problem(state, 0, "red-5", 0, False, (0, 0)) == "copenhagen.why.short"
    with pytest.raises(IllegalAction, match="costs 3"):
        RULES.apply(state, build("red-3", (0, 0), pay={"red": 2}))
    with pytest.raises(IllegalAction, match="pay with red"):
        RULES.apply(state, build("red-3", (0, 0), pay={"red": 2, "blue": 1}))
    events = RULES.apply(state, build("red-3", (0, 0), pay={"red": 3}))
    assert state.hands[0] == [0, 0, 0, 4, 0] and state.discard[0] == 3
    assert events[0].data["cost"] == 3 and not events[0].data["contact"]
    assert state.supply[board.TILE_INDEX["red-3"]] == 1


def test_touching_the_same_colour_costs_one_card_less_once():
    # Two red dominoes; a red bar placed touching both pays 4 - 1 = 3, not 2.
    facade = [("red-2", 1, False, (0, 0)), ("red-2", 1, False, (4, 0))]
    state = state_of(hands=[counts(red=3, green=3), counts()], facades=[facade, []])
    assert RULES.placement_cost(state, 0, "red-4", 0, False, (1, 0)) == {"cost": 3, "contact": True,
                                                                         "discount": False}
    # The O-tetromino in columns 1-2 touches the left domino only: also 3.
    assert RULES.placement_problem(state, 0, "red-4", 0, False, (1, 0)) is None
    # Not touching red (column 2-3 on row 2 is unsupported anyway; on the ground between them it touches).
    assert RULES.placement_cost(state, 0, "green-4", 0, False, (1, 0))["contact"] is False
    # Corner contact does not count: a red domino upright at (1,2) touches (0,1) only at a corner.
    state2 = state_of(hands=[counts(red=1), counts()], facades=[[("red-2", 0, False, (0, 0)),
                                                                   ("purple-2", 0, False, (2, 0)),
                                                                   ("purple-2", 0, False, (2, 1))], []])
    assert RULES.placement_cost(state2, 0, "red-2", 1, False, (2, 2))["contact"] is False
    assert RULES.placement_cost(state2, 0, "red-2", 1, False, (1, 1))["contact"] is True
    assert RULES.placement_problem(state2, 0, "red-2", 1, False, (1, 1)) is None  # 1 card with contact


def test_a_tile_affordable_only_with_contact_is_legal_only_where_it_touches():
    facade = [("blue-2", 0, False, (0, 0))]
    state = state_of(hands=[counts(blue=1), counts()], facades=[facade, []])
    spots = builds_of(state, "blue-2")
    assert spots
    for action in spots:
        p = board.placement(board.TILE_INDEX["blue-2"], action["rot"], action["mirror"], *action["at"])
        assert p.around & state.colour_masks[0][board.COLOUR_INDEX["blue"]]
        assert action["pay"] == {"blue": 1}


def test_white_tiles_give_no_contact_discount():
    facade = [("purple-2", 0, False, (0, 0))]
    state = state_of(hands=[counts(red=1), counts()], facades=[facade, []])
    state.colour_masks[0][board.WHITE] |= 1 << board.cell_index(2, 0)
    state.occupied[0] |= 1 << board.cell_index(2, 0)
    assert RULES.placement_cost(state, 0, "red-2", 0, False, (3, 0))["contact"] is False


def test_construction_discount_stacks_with_contact_down_to_zero():
    abilities = [dict(ALL_ABILITIES), {"any_cards": "active"}]
    state = state_of(hands=[counts(green=0, red=1), counts()], abilities=abilities,
                     facades=[[("green-2", 0, False, (0, 0))], []])
    assert {"type": "ability", "ability": "construction_discount"} in RULES.legal_actions(state)
    RULES.apply(state, {"type": "ability", "ability": "construction_discount"})
    assert state.phase == "construct" and state.abilities[0][2] == 2
    assert {a["type"] for a in RULES.legal_actions(state)} <= {"build", "convert"}
    free = [a for a in builds_of(state, "green-2") if a["pay"] == {}]
    assert free  # touching green: 2 - 1 - 1 = 0 cards
    events = RULES.apply(state, free[0])
    assert events[0].data == {**events[0].data, "cost": 0, "contact": True, "discount": True}
    assert state.discount is False  # reset for the next turn


def test_discount_is_offered_only_when_it_makes_a_build_possible():
    abilities = [dict(ALL_ABILITIES, change_of_colors="used"), {"any_cards": "active"}]
    state = state_of(hands=[counts(), counts()], abilities=abilities)
    assert actions_of(state, "ability") == []
    state = state_of(hands=[counts(red=1), counts()], abilities=abilities)
    assert actions_of(state, "ability") == [{"type": "ability", "ability": "construction_discount"}]


def test_change_of_colors_counts_one_colour_as_another_and_lets_the_player_choose_the_mix():
    abilities = [dict(ALL_ABILITIES, construction_discount="used"), {"any_cards": "active"}]
    state = state_of(hands=[counts(red=2, blue=3), counts()], abilities=abilities)
    assert builds_of(state, "blue-5") == []
    converts = actions_of(state, "convert")
    assert {"type": "convert", "from": "red", "to": "blue"} in converts
    assert {"type": "convert", "from": "blue", "to": "purple"} in converts
    assert {"type": "convert", "from": "green", "to": "blue"} not in converts  # no green in hand
    RULES.apply(state, {"type": "convert", "from": "red", "to": "blue"})
    assert state.convert == (0, 3) and state.phase == "construct"
    assert {a["tile"].split("-")[0] for a in actions_of(state, "build")} == {"blue"}
    pays = {tuple(sorted(a["pay"].items())) for a in builds_of(state, "blue-4") if a["at"] == [0, 0]}
    assert pays == {(("blue", 3), ("red", 1)), (("blue", 2), ("red", 2))}
    assert RULES.placement_problem(state, 0, "red-2", 0, False, (0, 0)) == "copenhagen.why.converted"
    RULES.apply(state, build("blue-5", (0, 0), rot=1, pay={"blue": 3, "red": 2}))
    assert state.hands[0] == [0] * 5


def test_both_actions_takes_cards_then_builds():
    abilities = [{"any_cards": "active", "both_actions": "active"}, {"any_cards": "active"}]
    state = state_of(hands=[counts(purple=1), counts()], abilities=abilities)
    RULES.apply(state, {"type": "take", "slot": 3})
    RULES.apply(state, {"type": "take", "slot": 4})  # purple
    assert state.phase == "last_call"
    assert {"type": "both"} in RULES.legal_actions(state)
    RULES.apply(state, {"type": "both"})
    assert state.phase == "construct" and state.abilities[0][4] == 2
    assert {a["type"] for a in RULES.legal_actions(state)} == {"build"}
    RULES.apply(state, build("purple-2", (0, 0), pay={"purple": 2}))
    assert state.phase == "refill"


def test_both_actions_is_not_offered_without_an_affordable_tile():
    abilities = [{"any_cards": "active", "both_actions": "active"}, {"any_cards": "active"}]
    state = state_of(hands=[counts(), counts()], abilities=abilities)
    RULES.apply(state, {"type": "take", "slot": 0})
    RULES.apply(state, {"type": "take", "slot": 1})  # red + yellow: nothing to build
    assert state.phase == "refill"  # no last call: the turn simply ends
    assert state.abilities[0][4] == 1


def test_only_one_coloured_tile_per_turn():
    state = state_of(hands=[counts(red=4), counts()])
    RULES.apply(state, build("red-2", (0, 0), pay={"red": 2}))
    assert state.phase == "turn" and state.current == 1  # harbour full: no refill, next player


def test_sold_out_tiles_cannot_be_bought():
    state = state_of(hands=[counts(purple=5), counts()], facades=[[("purple-5", 0, False, (0, 0))], []])
    assert state.supply[board.TILE_INDEX["purple-5"]] == 0
    assert builds_of(state, "purple-5") == []
    assert RULES.placement_problem(state, 0, "purple-5", 0, False, (0, 1)) == "copenhagen.why.sold_out"


def test_every_legal_build_agrees_with_the_legality_helper():
    facade = [("red-4", 0, False, (0, 0)), ("blue-3", 1, False, (2, 0)), ("purple-4", 1, False, (4, 0))]
    state = state_of(hands=[counts(red=2, blue=2, purple=1, green=2), counts()], facades=[facade, []])
    legal = {(a["tile"], a["rot"], a["mirror"], tuple(a["at"])) for a in actions_of(state, "build")}
    helper = set()
    for t in board.TILES:
        if t.id == "special-1":
            continue
        for o in t.orientations:
            for col in range(-1, 6):
                for row in range(-1, 10):
                    if RULES.placement_problem(state, 0, t.id, o.rot, o.mirror, (col, row)) is None:
                        helper.add((t.id, o.rot, o.mirror, (col, row)))
    assert legal == helper and legal
