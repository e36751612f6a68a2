"""The island graph, layouts and the pure board functions shared by the Catan variants."""

import random

from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.production import pay_with_shortage
from game.games.catan.rules import RULES
from game.games.catan.trade import harbour_rates
from tests.support import config_for


def test_island_counts():
    assert (board.NUM_HEXES, board.NUM_VERTICES, board.NUM_EDGES, len(board.HARBOUR_SLOTS)) == (19, 54, 72, 9)
    assert sum(1 for e in range(board.NUM_EDGES) if len(board.EDGE_HEXES[e]) == 1) == 30
    harbour_vertices = [v for slot in board.HARBOUR_SLOT_VERTICES for v in slot]
    assert len(set(harbour_vertices)) == 18
    assert all(len(board.HEX_VERTICES[h]) == 6 and len(board.HEX_EDGES[h]) == 6 for h in range(19))
    assert all(len(n) in (2, 3) for n in board.VERTEX_NEIGHBOURS)


def test_geometry_for_the_view():
    assert len(board.HEX_CENTRES) == 19 and len(board.VERTEX_POSITIONS) == 54 and len(board.EDGE_POSITIONS) == 72
    assert board.HEX_CENTRES[9] == (0.0, 0.0)
    for h in range(19):
        cx, cy = board.HEX_CENTRES[h]
        for v in board.HEX_VERTICES[h]:
            x, y = board.VERTEX_POSITIONS[v]
            assert abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - 1.0) < 1e-3


def test_beginner_layout_matches_the_reference():
    layout = board.beginner_layout()
    assert layout.terrain[0] == "mountains" and layout.numbers[0] == 10
    assert layout.terrain[9] == "desert" and layout.numbers[9] is None and layout.desert == 9
    assert layout.harbours == ("generic", "grain", "ore", "generic", "wool", "generic", "generic", "brick", "lumber")


def test_spiral_from_top_left_follows_the_reference():
    expected = [(0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1), (2, 0), (2, -1), (2, -2),
                (1, -2), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, 0)]
    assert [board.HEX_COORDS[h] for h in board.spiral_order(0)] == expected


def test_spiral_never_puts_red_numbers_together():
    for corner in range(6):
        for desert in range(19):
            terrain = ["forest"] * 19
            terrain[desert] = "desert"
            numbers = board.spiral_numbers(terrain, corner)
            assert numbers[desert] is None
            reds = [h for h in range(19) if numbers[h] in (6, 8)]
            assert not any(b in board.HEX_NEIGHBOURS[a] for a in reds for b in reds)


def draw_layout(options, seed):
    state = RULES.new_game(config_for(4, options))
    rng = random.Random(seed)
    while state.phase == "layout":
        assert RULES.to_act(state) == CHANCE
        action = RULES.sample_chance(state, rng)
        assert action in RULES.legal_actions(state)
        RULES.apply(state, action)
    return state


def test_random_layouts_are_valid_with_both_number_methods():
    for numbers in ("spiral", "random"):
        for seed in range(6):
            state = draw_layout({"layout": "random", "numbers": numbers}, seed)
            layout = state.layout
            assert board.layout_problem(layout.terrain, layout.numbers, layout.harbours) is None
            assert state.robber == layout.desert
            reds = [h for h in range(19) if layout.numbers[h] in (6, 8)]
            assert not any(b in board.HEX_NEIGHBOURS[a] for a in reds for b in reds)
            assert state.phase == "first_player"


def test_random_layouts_differ_between_seeds():
    layouts = {draw_layout({}, seed).layout for seed in range(5)}
    assert len(layouts) > 1


def test_harbour_rates():
    layout = board.beginner_layout()
    owner = [-1] * 54
    assert harbour_rates(layout, owner, 0) == [4, 4, 4, 4, 4]
    generic = board.HARBOUR_SLOT_VERTICES[0][0]  # H1 generic
    owner[generic] = 0
    assert harbour_rates(layout, owner, 0) == [3, 3, 3, 3, 3]
    ore = board.HARBOUR_SLOT_VERTICES[2][1]  # H3 ore
    owner[ore] = 0
    assert harbour_rates(layout, owner, 0) == [3, 3, 2, 3, 3]
    assert harbour_rates(layout, owner, 1) == [4, 4, 4, 4, 4]


def test_shortage_rule():
    bank = [2, 19, 1, 19, 0]
    owed = [[1, 1, 2, 0, 1], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    paid = pay_with_shortage(bank, owed)
    # brick: 2 owed to two players, bank has 2 -> paid; ore: one player owed 2, bank 1 -> takes 1;
    # wool: bank empty, one player -> takes 0.
    assert paid == [[1, 1, 1, 0, 0], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    bank = [1, 19, 19, 19, 19]
    assert pay_with_shortage(bank, owed)[0][0] == 0 and pay_with_shortage(bank, owed)[1][0] == 0
