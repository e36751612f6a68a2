"""The Catan island: geometry, layouts, number tokens, harbour slots, pieces and costs.

Shared by every Catan variant, so it knows nothing of turns or phases: only the fixed island graph
and the layouts drawn on it.

Ids are integers from ``assets/data/catan_board.json``: 19 land hexes (reading order), 54
intersections ("vertices") and 72 paths ("edges"), 9 harbour slots H1..H9 (clockwise from the top
left). Resources are indices into ``RESOURCES``. Geometry is in abstract units (hex circumradius 1,
y pointing down) for the view to scale.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from itertools import combinations

from game.resources import load_data

DATA = load_data("catan_board.json")

RESOURCES = tuple(DATA["resources"])  # brick, lumber, ore, grain, wool
BRICK, LUMBER, ORE, GRAIN, WOOL = range(5)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
TERRAINS = ("hills", "forest", "mountains", "fields", "pasture", "desert")
TERRAIN_RESOURCE = {t: (RESOURCE_INDEX[r] if r else -1) for t, r in DATA["terrain_produces"].items()}
TERRAIN_MIX = dict(DATA["terrain_mix"])
HARBOUR_MIX = {kind: spec["count"] for kind, spec in DATA["harbor_kinds"].items()}
PER_RESOURCE = DATA["components"]["resource_cards_per_type"]

# -- pieces and costs ---------------------------------------------------------------------------
ROAD, SETTLEMENT, CITY = "road", "settlement", "city"
PIECE_LIMITS = dict(DATA["components"]["pieces_per_player"])  # road 15, settlement 5, city 4
COSTS = {
    ROAD: (1, 1, 0, 0, 0),
    SETTLEMENT: (1, 1, 0, 1, 1),
    CITY: (0, 0, 3, 2, 0),
    "development": (0, 0, 1, 1, 1),
}
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
DEV_DECK = tuple(DATA["components"]["development_deck"][name] for name in DEV_CARDS)
SEAT_COLOURS = {4: ("red", "blue", "white", "orange"), 3: ("blue", "white", "orange")}
"""Seat colours; the beginner starting positions are given per colour (red sits out with three)."""

# -- topology -----------------------------------------------------------------------------------
HEX_COORDS = tuple((h["q"], h["r"]) for h in DATA["land_hexes"])
HEX_ID = {coord: i for i, coord in enumerate(HEX_COORDS)}
NUM_HEXES = len(HEX_COORDS)
NUM_VERTICES = len(DATA["vertices"])
NUM_EDGES = len(DATA["edges"])
VERTEX_KEYS = tuple(v["key"] for v in DATA["vertices"])
EDGE_KEYS = tuple(e["key"] for e in DATA["edges"])
VERTEX_ID = {key: i for i, key in enumerate(VERTEX_KEYS)}
EDGE_ID = {key: i for i, key in enumerate(EDGE_KEYS)}

VERTEX_HEXES = tuple(tuple(v["hexes"]) for v in DATA["vertices"])
EDGE_VERTICES = tuple(tuple(e["vertices"]) for e in DATA["edges"])
EDGE_HEXES = tuple(tuple(e["hexes"]) for e in DATA["edges"])
HEX_VERTICES = tuple(tuple(v for v in range(NUM_VERTICES) if h in VERTEX_HEXES[v]) for h in range(NUM_HEXES))
HEX_EDGES = tuple(tuple(e for e in range(NUM_EDGES) if h in EDGE_HEXES[e]) for h in range(NUM_HEXES))
VERTEX_EDGES = tuple(tuple(e for e in range(NUM_EDGES) if v in EDGE_VERTICES[e]) for v in range(NUM_VERTICES))
VERTEX_NEIGHBOURS = tuple(
    tuple(EDGE_VERTICES[e][1] if EDGE_VERTICES[e][0] == v else EDGE_VERTICES[e][0] for e in VERTEX_EDGES[v])
    for v in range(NUM_VERTICES)
)
EDGE_OTHER_END = tuple({a: b, b: a} for a, b in EDGE_VERTICES)
"""``EDGE_OTHER_END[e][v]``: the end of path ``e`` that is not ``v``."""
_DIRECTIONS = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}
HEX_NEIGHBOURS = tuple(
    tuple(HEX_ID[(q + dq, r + dr)] for dq, dr in _DIRECTIONS.values() if (q + dq, r + dr) in HEX_ID)
    for q, r in HEX_COORDS
)
HARBOUR_SLOTS = tuple(s["id"] for s in DATA["harbor_slots_clockwise_from_top_left"])
HARBOUR_SLOT_EDGE = tuple(s["edge_id"] for s in DATA["harbor_slots_clockwise_from_top_left"])
HARBOUR_SLOT_VERTICES = tuple(tuple(s["vertex_ids"]) for s in DATA["harbor_slots_clockwise_from_top_left"])

# -- geometry for the view ----------------------------------------------------------------------
SQRT3 = math.sqrt(3.0)
HEX_CENTRES = tuple((SQRT3 * (q + r / 2.0), 1.5 * r) for q, r in HEX_COORDS)
VERTEX_POSITIONS = tuple((v["x"], v["y"]) for v in DATA["vertices"])
EDGE_POSITIONS = tuple(
    ((VERTEX_POSITIONS[a][0] + VERTEX_POSITIONS[b][0]) / 2, (VERTEX_POSITIONS[a][1] + VERTEX_POSITIONS[b][1]) / 2)
    for a, b in EDGE_VERTICES
)
EDGE_ANGLES = tuple(
    math.degrees(math.atan2(VERTEX_POSITIONS[b][1] - VERTEX_POSITIONS[a][1],
                            VERTEX_POSITIONS[b][0] - VERTEX_POSITIONS[a][0]))
    for a, b in EDGE_VERTICES
)
"""Direction of each path in degrees (screen coordinates), for drawing road pieces."""
HARBOUR_SEA_CENTRES = tuple(
    (SQRT3 * (q + r / 2.0), 1.5 * r) for q, r in (s["sea_hex"] for s in DATA["harbor_slots_clockwise_from_top_left"])
)
SEA_CENTRES = tuple((SQRT3 * (s["q"] + s["r"] / 2.0), 1.5 * s["r"]) for s in DATA["sea_frame_clockwise_from_top_left"])

# -- dice ---------------------------------------------------------------------------------------
PIPS = {n: 6 - abs(7 - n) for n in range(2, 13)}
"""Ways out of 36 to roll each sum."""
TOKEN_COUNTS = {int(k): v for k, v in DATA["number_tokens"]["counts"].items()}
LETTERED_TOKENS = tuple(t["number"] for t in DATA["number_tokens"]["lettered_order"])
RED_NUMBERS = (6, 8)


class Layout:
    """One island's terrain, number tokens and harbour kinds, plus tables derived from them.

    Immutable once made, so game states share it instead of copying it.
    """

    __slots__ = ("terrain", "numbers", "harbours", "hex_resource", "number_hexes", "vertex_harbour",
                 "desert", "_vertex_pips", "harbour_corners", "number_corners")

    def __init__(self, terrain, numbers, harbours):
        self.terrain = tuple(terrain)
        self.numbers = tuple(numbers)
        self.harbours = tuple(harbours)
        problem = layout_problem(self.terrain, self.numbers, self.harbours)
        if problem:
            raise ValueError(problem)
        self.hex_resource = hex_resource = tuple(map(TERRAIN_RESOURCE.__getitem__, self.terrain))
        self.desert = self.terrain.index("desert")
        hexes_of = {n: [] for n in PIPS}
        for h, n in enumerate(self.numbers):
            if n is not None:
                hexes_of[n].append(h)
        self.number_hexes = {n: tuple(hexes) for n, hexes in hexes_of.items()}
        vertex_harbour = [None] * NUM_VERTICES
        corners = []
        for slot, kind in enumerate(self.harbours):
            for v in HARBOUR_SLOT_VERTICES[slot]:
                vertex_harbour[v] = kind
                corners.append((v, -1 if kind == "generic" else RESOURCE_INDEX[kind]))
        self.vertex_harbour = tuple(vertex_harbour)
        self.harbour_corners = tuple(sorted(corners))
        """(vertex, resource index or -1 for 3:1) of the 18 harbour corners."""
        self.number_corners = {n: tuple((h, hex_resource[h], HEX_VERTICES[h]) for h in hexes)
                               for n, hexes in self.number_hexes.items()}
        """Per dice total: (hex, resource, corners) of each hex with that number."""
        self._vertex_pips = None

    @property
    def vertex_pips(self) -> tuple:
        """Per vertex, ways out of 36 that a settlement there earns each resource (made when first read:
        the computer players read it, a playout never does)."""
        if self._vertex_pips is None:
            hex_resource = self.hex_resource
            hex_pips = [PIPS[n] if n is not None else 0 for n in self.numbers]
            pips = []
            for around in VERTEX_HEXES:
                per = [0] * 5
                for h in around:
                    r = hex_resource[h]
                    if r >= 0:
                        per[r] += hex_pips[h]
                pips.append(tuple(per))
            self._vertex_pips = tuple(pips)
        return self._vertex_pips

    def to_json(self) -> dict:
        return {"terrain": list(self.terrain), "numbers": list(self.numbers), "harbors": list(self.harbours)}

    @classmethod
    def from_json(cls, data) -> Layout:
        if not isinstance(data, dict):
            raise ValueError("a layout is a mapping with terrain, numbers and harbors")
        try:
            key = tuple(tuple(data.get(k, ())) for k in ("terrain", "numbers", "harbors"))
            return _cached_layout(*key)
        except TypeError as error:  # unhashable entries
            raise ValueError("a layout lists names and numbers") from error

    def __eq__(self, other):
        return isinstance(other, Layout) and (self.terrain, self.numbers, self.harbours) == (
            other.terrain, other.numbers, other.harbours)

    def __hash__(self):
        return hash((self.terrain, self.numbers, self.harbours))


@lru_cache(maxsize=64)
def _cached_layout(terrain, numbers, harbours) -> Layout:
    """Layouts are immutable: positions loaded again share one."""
    return Layout(terrain, numbers, harbours)


_ALL_TERRAIN = sorted(t for t, n in TERRAIN_MIX.items() for _ in range(n))
_ALL_HARBOURS = sorted(k for k, n in HARBOUR_MIX.items() for _ in range(n))
_ALL_TOKENS = sorted(n for n, c in TOKEN_COUNTS.items() for _ in range(c))


def layout_problem(terrain, numbers, harbours) -> str | None:
    """Why these lists are not a valid island, or None."""
    if len(terrain) != NUM_HEXES or len(numbers) != NUM_HEXES or len(harbours) != len(HARBOUR_SLOTS):
        return "a layout has 19 terrains, 19 numbers and 9 harbours"
    if sorted(terrain) != _ALL_TERRAIN:
        return "the terrain is not the 19 tiles of the base game"
    if sorted(harbours) != _ALL_HARBOURS:
        return "the harbours are not the 9 of the base game"
    for t, n in zip(terrain, numbers, strict=True):
        if (t == "desert") != (n is None):
            return "the desert, and only the desert, has no number token"
    if sorted(n for n in numbers if n is not None) != _ALL_TOKENS:
        return "the number tokens are not the 18 of the base game"
    return None


# -- layouts ------------------------------------------------------------------------------------
def beginner_layout() -> Layout:
    data = DATA["beginner_layout"]
    hexes = sorted(data["hexes"], key=lambda h: h["id"])
    kinds = {h["slot"]: h["kind"] for h in data["harbors"]}
    return Layout([h["terrain"] for h in hexes], [h["number"] for h in hexes], [kinds[s] for s in HARBOUR_SLOTS])


def beginner_positions(players: int) -> list[dict]:
    """Per seat: its two settlements, two roads (ids) and the starred settlement that pays out."""
    starts = DATA["beginner_layout"]["start_positions"]
    seats = []
    for colour in SEAT_COLOURS[players]:
        spec = starts[colour]
        seats.append({
            "settlements": [VERTEX_ID[k] for k in spec["settlements"]],
            "roads": [EDGE_ID[k] for k in spec["roads"]],
            "star": VERTEX_ID[spec["star"]],
        })
    return seats


_SPIRAL_STEP = ("SW", "SE", "E", "NE", "NW", "W")
SPIRAL_CORNERS = tuple(
    (HEX_ID[tuple(c["hex"])], c["first_step"]) for c in DATA["variable_setup"]["corner_hexes_and_first_direction"]
)


@cache
def spiral_order(corner: int) -> tuple[int, ...]:
    """Land hexes from corner number ``corner`` (0-5) counter-clockwise, outer ring inwards (walked once
    per corner)."""
    start, first = SPIRAL_CORNERS[corner]
    order = [start]
    direction = _SPIRAL_STEP.index(first)
    q, r = HEX_COORDS[start]
    while len(order) < NUM_HEXES:
        for turn in range(6):
            dq, dr = _DIRECTIONS[_SPIRAL_STEP[(direction + turn) % 6]]
            nxt = HEX_ID.get((q + dq, r + dr))
            if nxt is not None and nxt not in order:
                direction = (direction + turn) % 6
                order.append(nxt)
                q, r = HEX_COORDS[nxt]
                break
        else:
            raise AssertionError("the spiral walk got stuck")
    return tuple(order)


def spiral_numbers(terrain, corner: int) -> list:
    """Number tokens laid A..R along the spiral from ``corner``, skipping the desert."""
    numbers = [None] * NUM_HEXES
    tokens = iter(LETTERED_TOKENS)
    for h in spiral_order(corner):
        if terrain[h] != "desert":
            numbers[h] = next(tokens)
    return numbers


def red_placements(desert: int) -> list[tuple[int, int, int, int]]:
    """Every way to put the two 6s and two 8s (as (six, six, eight, eight), pairs sorted) on
    non-desert hexes with no two of them adjacent."""
    free = [h for h in range(NUM_HEXES) if h != desert]
    placements = []
    for group in combinations(free, 4):
        if any(b in HEX_NEIGHBOURS[a] for a, b in combinations(group, 2)):
            continue
        for sixes in combinations(group, 2):
            eights = tuple(h for h in group if h not in sixes)
            placements.append(sixes + eights)
    return placements
