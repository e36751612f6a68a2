"""Copenhagen's geometry: the 5x9 facade, the tiles in every orientation, and placement tables.

A facade cell ``(col, row)`` has index ``row * 5 + col`` (row 0 is the ground floor) and is bit
``1 << index`` of the board masks, so legality, contact and line checks are a few integer
operations. Everything here is computed once from ``assets/data/copenhagen.json``, the placement
tables on first use.

Orientation of a tile: ``mirror`` first turns the tile over (``(col, row) -> (-col, row)``), then
``rot`` quarter turns clockwise (each ``(col, row) -> (row, -col)``), then the cells are shifted so
the bounding box starts at ``(0, 0)``. Orientations that give the same cells with the same window
pattern are one orientation: its canonical ``(rot, mirror)`` is the first in the order
``(0, False), (1, False), (2, False), (3, False), (0, True) ... (3, True)``. A placement's anchor
``at = [col, row]`` is where the lower-left corner of that bounding box lands on the facade (the
corner itself need not be a square of the tile).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.resources import load_data

DATA = load_data("copenhagen.json")
WIDTH = DATA["board"]["width"]
HEIGHT = DATA["board"]["height"]
CELLS = WIDTH * HEIGHT
FULL = (1 << CELLS) - 1

COLOURS = tuple(DATA["colors"])
"""Card and tile colours, in the order used for hand counts everywhere."""
WHITE = len(COLOURS)
"""The colour index of the white 1x1 special tiles (no card colour)."""
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}


def cell_index(col: int, row: int) -> int:
    return row * WIDTH + col


def cell_of(index: int) -> tuple[int, int]:
    return index % WIDTH, index // WIDTH


def bits(mask: int):
    """The cell indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


ROW_MASKS = tuple(((1 << WIDTH) - 1) << (row * WIDTH) for row in range(HEIGHT))
COLUMN_MASKS = tuple(sum(1 << cell_index(col, row) for row in range(HEIGHT)) for col in range(WIDTH))
GROUND = ROW_MASKS[0]
COAT_CELLS = tuple(cell_index(c, r) for c, r in DATA["board"]["coat_of_arms_cells"])
COAT_CELL_MASK = sum(1 << i for i in COAT_CELLS)
COAT_ROWS = tuple(DATA["board"]["coat_of_arms_rows"])

SCORING = DATA["scoring"]
ROW_POINTS = (SCORING["row_complete"], SCORING["row_complete_all_windows"])
COLUMN_POINTS = (SCORING["column_complete"], SCORING["column_complete_all_windows"])
WIN_POINTS = SCORING["win_threshold"]


def neighbours_of(mask: int) -> int:
    """Every cell sharing an edge with a cell of ``mask`` (the cells of ``mask`` included)."""
    left_edge = COLUMN_MASKS[0]
    right_edge = COLUMN_MASKS[WIDTH - 1]
    grown = mask | (mask << WIDTH) | (mask >> WIDTH)
    grown |= (mask & ~right_edge) << 1
    grown |= (mask & ~left_edge) >> 1
    return grown & FULL


def supported(mask: int, occupied: int) -> bool:
    """True when a square of ``mask`` stands on the ground floor or on an occupied cell."""
    return bool(mask & GROUND) or bool((mask >> WIDTH) & occupied)


@dataclass(frozen=True)
class Orientation:
    """One distinct way a tile can lie: its canonical (rot, mirror) and its cells ``(col, row, window)``."""

    rot: int
    mirror: bool
    cells: tuple[tuple[int, int, bool], ...]
    width: int
    height: int


@dataclass(frozen=True)
class Tile:
    index: int
    id: str
    colour: int  # index into COLOURS, or WHITE
    size: int
    shape: str
    cells: tuple[tuple[int, int, bool], ...]  # the reference orientation from the data file
    orientations: tuple[Orientation, ...]
    orientation_of: dict  # every (rot, mirror) -> index into orientations

    @property
    def colour_name(self) -> str:
        return COLOURS[self.colour] if self.colour < WHITE else "white"


def transform(cells, rot: int, mirror: bool) -> tuple[tuple[int, int, bool], ...]:
    """The cells turned over (if ``mirror``), turned ``rot`` quarters clockwise and normalised."""
    moved = []
    for col, row, window in cells:
        if mirror:
            col = -col
        for _ in range(rot):
            col, row = row, -col
        moved.append((col, row, window))
    low_col = min(c for c, _, _ in moved)
    low_row = min(r for _, r, _ in moved)
    return tuple(sorted((c - low_col, r - low_row, w) for c, r, w in moved))


def _orientations(cells):
    found: list[Orientation] = []
    index_of: dict[tuple, int] = {}
    orientation_of = {}
    for mirror in (False, True):
        for rot in range(4):
            shape = transform(cells, rot, mirror)
            if shape not in index_of:
                index_of[shape] = len(found)
                width = 1 + max(c for c, _, _ in shape)
                height = 1 + max(r for _, r, _ in shape)
                found.append(Orientation(rot, mirror, shape, width, height))
            orientation_of[(rot, mirror)] = index_of[shape]
    return tuple(found), orientation_of


def _load_tiles() -> tuple[Tile, ...]:
    tiles = []
    for entry in DATA["tiles"]:
        cells = tuple((c["col"], c["row"], bool(c["window"])) for c in entry["cells"])
        colour = COLOUR_INDEX.get(entry["color"], WHITE)
        orientations, orientation_of = _orientations(cells)
        tiles.append(Tile(len(tiles), entry["id"], colour, entry["size"], entry["shape"], cells,
                          orientations, orientation_of))
    return tuple(tiles)


TILES = _load_tiles()
TILE_INDEX = {t.id: t.index for t in TILES}
SPECIAL = next(t.index for t in TILES if t.colour == WHITE)
COLOURED = tuple(t.index for t in TILES if t.colour != WHITE)


@dataclass(frozen=True)
class Placement:
    """A tile in one orientation at one anchor, with the masks legality and scoring need."""

    tile: int
    orientation: int
    col: int
    row: int
    mask: int
    bricks: int  # the cells of ``mask`` that are brickwork
    around: int  # the cells sharing an edge with the tile, outside it
    rows: tuple[int, ...]
    columns: tuple[int, ...]


def _placements(tile: Tile) -> tuple[Placement, ...]:
    found = []
    for o_index, o in enumerate(tile.orientations):
        for row in range(HEIGHT - o.height + 1):
            for col in range(WIDTH - o.width + 1):
                mask = bricks = 0
                for c, r, window in o.cells:
                    bit = 1 << cell_index(col + c, row + r)
                    mask |= bit
                    if not window:
                        bricks |= bit
                rows = tuple(sorted({row + r for _, r, _ in o.cells}))
                columns = tuple(sorted({col + c for c, _, _ in o.cells}))
                found.append(Placement(tile.index, o_index, col, row, mask, bricks,
                                       neighbours_of(mask) & ~mask, rows, columns))
    return tuple(found)


@cache
def placements() -> tuple[tuple[Placement, ...], ...]:
    """Every placement inside the facade, per tile index: worked out on first use rather than on import,
    which the registry, the title and the other games' tables do without needing it."""
    return tuple(_placements(t) for t in TILES)


@cache
def placements_at() -> tuple[dict[tuple[int, int, int], Placement], ...]:
    """Per tile index, its placements by (orientation, col, row)."""
    return tuple({(p.orientation, p.col, p.row): p for p in table} for table in placements())


LAZY_TABLES = {"PLACEMENTS": placements, "PLACEMENT_AT": placements_at}


def __getattr__(name: str):
    """``PLACEMENTS`` and ``PLACEMENT_AT``: the tables of ``placements`` and ``placements_at``, made when
    first read and kept as the module's own names from then on."""
    if name not in LAZY_TABLES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    table = globals()[name] = LAZY_TABLES[name]()
    return table


def placement(tile: int, rot: int, mirror: bool, col: int, row: int) -> Placement | None:
    """The placement of a tile in any (rot, mirror) at an anchor; None when it leaves the facade."""
    o_index = TILES[tile].orientation_of.get((rot % 4, bool(mirror)))
    if o_index is None:
        return None
    return placements_at()[tile].get((o_index, col, row))


def tile_cells(tile_id: str, rot: int = 0, mirror: bool = False) -> list[tuple[int, int, bool]]:
    """A tile's squares ``(col, row, window)`` in an orientation, lower-left of its box at (0, 0)."""
    tile = TILES[TILE_INDEX[tile_id]]
    return list(tile.orientations[tile.orientation_of[(rot % 4, bool(mirror))]].cells)


def orientations(tile_id: str) -> list[tuple[int, bool, list[tuple[int, int, bool]]]]:
    """Every distinct orientation of a tile: its canonical (rot, mirror) and its squares."""
    return [(o.rot, o.mirror, list(o.cells)) for o in TILES[TILE_INDEX[tile_id]].orientations]


def canonical_orientation(tile_id: str, rot: int, mirror: bool) -> tuple[int, bool]:
    """The (rot, mirror) that legal actions use for the orientation the view shows."""
    tile = TILES[TILE_INDEX[tile_id]]
    o = tile.orientations[tile.orientation_of[(rot % 4, bool(mirror))]]
    return o.rot, o.mirror


def completed_lines(mask: int, occupied: int, bricks: int) -> tuple[list[tuple[int, bool]], list[tuple[int, bool]]]:
    """Rows and columns touched by ``mask`` that are full in ``occupied``: (index, all windows)."""
    rows = []
    for row in range(HEIGHT):
        line = ROW_MASKS[row]
        if mask & line and occupied & line == line:
            rows.append((row, not bricks & line))
    columns = []
    for col in range(WIDTH):
        line = COLUMN_MASKS[col]
        if mask & line and occupied & line == line:
            columns.append((col, not bricks & line))
    return rows, columns


def board_points(occupied: int, bricks: int) -> int:
    """The score a facade is worth: every full line, doubled when it is all windows."""
    total = 0
    for line in ROW_MASKS:
        if occupied & line == line:
            total += ROW_POINTS[not bricks & line]
    for line in COLUMN_MASKS:
        if occupied & line == line:
            total += COLUMN_POINTS[not bricks & line]
    return total


def points_by_line(occupied: int, bricks: int) -> dict[str, int]:
    """A facade's points split by kind of full line: rows and columns, with bricks or all windows."""
    split = {"rows": 0, "window_rows": 0, "columns": 0, "window_columns": 0}
    for line in ROW_MASKS:
        if occupied & line == line:
            windows = not bricks & line
            split["window_rows" if windows else "rows"] += ROW_POINTS[windows]
    for line in COLUMN_MASKS:
        if occupied & line == line:
            windows = not bricks & line
            split["window_columns" if windows else "columns"] += COLUMN_POINTS[windows]
    return split
