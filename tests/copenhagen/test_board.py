"""The facade geometry: tiles against the reference pictures, orientations, placements, masks."""

import pytest

from game.games.copenhagen import board

# The reference page's pictures (top row first): W window, B brickwork, . not part of the tile.
PICTURES = {
    "purple-2": "BW", "purple-3": "BWW", "purple-4": "BWWW", "purple-5": "BWWWW",
    "green-2": "BW", "green-3": "BWW", "green-4": "WWW/.B.", "green-5": ".W./BWW/.W.",
    "red-2": "BW", "red-3": "WW/B.", "red-4": "WW/BW", "red-5": ".WW/BWW",
    "blue-2": "BW", "blue-3": "WW/B.", "blue-4": "..W/BWW", "blue-5": "..W/BWW/..W",
    "yellow-2": "BW", "yellow-3": "WW/B.", "yellow-4": ".WW/WB.", "yellow-5": "W../WWW/..B",
    "special-1": "W",
}


def picture_cells(picture: str):
    rows = picture.split("/")
    cells = []
    for top_index, line in enumerate(rows):
        row = len(rows) - 1 - top_index
        for col, mark in enumerate(line):
            if mark != ".":
                cells.append((col, row, mark == "W"))
    return tuple(sorted(cells))


@pytest.mark.parametrize("tile", board.TILES, ids=lambda t: t.id)
def test_tile_shape_and_brick_match_the_reference(tile):
    assert tuple(sorted(tile.cells)) == picture_cells(PICTURES[tile.id])
    assert tile.size == len(tile.cells)
    bricks = [c for c in tile.cells if not c[2]]
    assert len(bricks) == (0 if tile.id == "special-1" else 1)


def test_the_data_lists_every_tile_of_the_box():
    assert sorted(PICTURES) == sorted(t.id for t in board.TILES)
    for colour in board.COLOURS:
        assert sorted(t.size for t in board.TILES if t.colour_name == colour) == [2, 3, 4, 5]


@pytest.mark.parametrize("tile", board.TILES, ids=lambda t: t.id)
def test_distinct_orientations_match_the_data(tile):
    entry = next(e for e in board.DATA["tiles"] if e["id"] == tile.id)
    assert len(tile.orientations) == entry["distinct_placements_rotate_and_flip"]
    footprints = {tuple((c, r) for c, r, _ in o.cells) for o in tile.orientations}
    assert len(footprints) == entry["distinct_footprints_rotate_and_flip"]
    for rot in range(4):
        for mirror in (False, True):
            o = tile.orientations[tile.orientation_of[(rot, mirror)]]
            assert o.cells == board.transform(tile.cells, rot, mirror)


def test_rotation_turns_clockwise_and_mirror_flips_left_right():
    # red-3 is "WW / board.": the brick under the left end of the bar.
    assert board.tile_cells("red-3") == [(0, 0, False), (0, 1, True), (1, 1, True)]
    # A quarter turn clockwise: the bar stands on the right, the brick sticks out to its left at the top.
    assert board.tile_cells("red-3", rot=1) == [(0, 1, False), (1, 0, True), (1, 1, True)]
    # Turned over: the brick under the right end.
    assert board.tile_cells("red-3", mirror=True) == [(0, 1, True), (1, 0, False), (1, 1, True)]


def test_symmetric_shapes_are_not_listed_twice():
    # A domino turned over is the same as turned half-way: 4 orientations, not 8.
    assert len(board.TILES[board.TILE_INDEX["red-2"]].orientations) == 4
    assert board.canonical_orientation("red-2", 0, True) == (2, False)
    assert board.canonical_orientation("green-5", 0, True) == (2, False)
    assert board.canonical_orientation("red-3", 3, True) == (3, True)


def test_placements_stay_inside_and_know_their_lines():
    for table in board.PLACEMENTS:
        for p in table:
            assert p.mask and p.mask & ~board.FULL == 0
            assert p.bricks & ~p.mask == 0
            assert set(p.rows) == {r for r in range(board.HEIGHT) if p.mask & board.ROW_MASKS[r]}
            assert set(p.columns) == {c for c in range(board.WIDTH) if p.mask & board.COLUMN_MASKS[c]}
    assert board.placement(board.TILE_INDEX["purple-5"], 0, False, 1, 0) is None  # would stick out
    assert board.placement(board.TILE_INDEX["purple-5"], 1, False, 4, 4) is not None  # upright in the last column
    assert board.placement(board.TILE_INDEX["purple-5"], 1, False, 4, 5) is None


def test_neighbours_share_an_edge_and_do_not_wrap():
    left_of_row_1 = 1 << board.cell_index(0, 1)
    around = board.neighbours_of(left_of_row_1) & ~left_of_row_1
    assert sorted(board.cell_of(i) for i in board.bits(around)) == [(0, 0), (0, 2), (1, 1)]
    right_end = 1 << board.cell_index(4, 0)
    assert sorted(board.cell_of(i) for i in board.bits(board.neighbours_of(right_end) & ~right_end)) == [(3, 0), (4, 1)]


def test_support_is_the_ground_or_a_built_cell_below():
    cell = 1 << board.cell_index(2, 3)
    assert not board.supported(cell, 0)
    assert board.supported(cell, 1 << board.cell_index(2, 2))
    assert not board.supported(cell, 1 << board.cell_index(2, 4))  # a cell above holds nothing up
    assert not board.supported(cell, 1 << board.cell_index(1, 2))  # diagonally below does not count
    assert board.supported(1 << board.cell_index(4, 0), 0)


def test_board_landmarks():
    assert (board.WIDTH, board.HEIGHT) == (5, 9)
    assert sorted(board.cell_of(i) for i in board.COAT_CELLS) == [(1, 6), (2, 2), (3, 8), (4, 4)]
    assert board.COAT_ROWS == (1, 3, 5)
    assert not any(board.cell_of(i)[1] in board.COAT_ROWS for i in board.COAT_CELLS)


def test_board_points_count_lines_and_windows():
    row0 = board.ROW_MASKS[0]
    assert board.board_points(row0, 0) == 2
    assert board.board_points(row0, 1) == 1
    column = board.COLUMN_MASKS[2]
    assert board.board_points(column, 0) == 4
    assert board.board_points(column, 1 << board.cell_index(2, 8)) == 2
    assert board.board_points(board.FULL, 0) == 9 * 2 + 5 * 4 == board.SCORING["max_possible"]


def test_orientations_helper_lists_each_distinct_orientation_once():
    listed = board.orientations("yellow-5")
    assert len(listed) == 8
    assert (0, False, board.tile_cells("yellow-5")) == listed[0]
    assert all(board.canonical_orientation("yellow-5", rot, mirror) == (rot, mirror) for rot, mirror, _ in listed)
