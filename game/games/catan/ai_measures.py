"""The Catan family AI's yardsticks: production in pips and its worth, the spots a seat can reach,
the rounds a cost takes to gather, and the records a decision works with (no pygame)."""

from __future__ import annotations

from functools import lru_cache

from game.games.catan import board
from game.games.catan.building import distance_ok, places_of

RESOURCES = len(board.RESOURCES)
BRICK, LUMBER, ORE, GRAIN, WOOL = board.BRICK, board.LUMBER, board.ORE, board.GRAIN, board.WOOL
WEIGHT = (1.0, 1.0, 0.95, 1.1, 0.75)
"""What a pip of each resource is worth relative to the others (brick, lumber, ore, grain, wool)."""
COVER = 2.6
"""Pips' worth of having a resource at all."""
ROAD, SETTLEMENT, CITY = (board.COSTS[k] for k in ("road", "settlement", "city"))
PIP_POINTS = 0.3
"""Victory points a pip of production is worth early in a game (less as the game nears its end)."""
END_TURN = {"type": "end_turn"}
TRADE = {"type": "trade"}
ROLL = {"type": "roll"}
POINT_BUILDS = frozenset(("settlement", "city"))
SEARCHED_PHASES = frozenset(("main", "robber"))
SEARCH_ITERATIONS = 64
"""Playouts of hard's search per decision (shared among the options it compares)."""
HORIZON = 5
"""Turns (of any seat) a playout of hard's search covers before the position is measured."""
TEMPO = 2.0
"""Points a playout's decided game is worth per turn it ends before the horizon: a win sooner
beats the same win later (and a loss later beats one sooner)."""
SPOTS_KEPT = 6
"""Settlement spots the planner weighs in full (the richest by a first estimate)."""
FIRST_OWN_SHARE = 0.35
"""What the first settlement's own worth counts beside the worth of the pair it leads to."""
SEVEN_INCOME_SHARE = 0.5
"""The share of a round's income hard counts on gaining before a 7 (with ``spends_before_sevens``)."""
BEGINNER_ORDER = {"settlement": 0, "city": 1, "road": 3}
"""Easy's order of builds (a variant's card goals come between cities and roads)."""


# -- production -------------------------------------------------------------------------------------
def seat_pips(state, seat: int, robber: bool = True) -> list[int]:
    """Pips per resource of ``seat``'s buildings (a city counts twice); the robber's hex gives
    nothing when ``robber``."""
    pips = [0] * RESOURCES
    layout = state.layout
    owner, level = state.vertex_owner, state.vertex_level
    for v in places_of(owner, seat):
        k = level[v]
        for r, p in enumerate(layout.vertex_pips[v]):
            if p:
                pips[r] += k * p
    if robber and state.robber is not None:
        number = layout.numbers[state.robber]
        if number is not None:
            r = layout.hex_resource[state.robber]
            for v in board.HEX_VERTICES[state.robber]:
                if owner[v] == seat:
                    pips[r] -= level[v] * board.PIPS[number]
    return pips


def production_value(pips, weights=WEIGHT, diverse: bool = True) -> float:
    """The worth of a production in pips: concave per resource, plus a bonus per resource covered
    (more for all five). Without ``diverse`` (easy): plain pips."""
    if not diverse:
        return float(sum(pips))
    value = 0.0
    covered = 0
    for r in range(RESOURCES):
        p = pips[r]
        if p > 0:
            covered += 1
            value += weights[r] * (p if p <= 7 else 7 + 0.55 * (p - 7)) + COVER
    if covered == RESOURCES:
        value += COVER
    if pips[ORE] > 0 and pips[GRAIN] > 0:
        value += 1.0
    if pips[BRICK] > 0 and pips[LUMBER] > 0:
        value += 1.0
    return value


def added(pips, more) -> list[int]:
    return [a + b for a, b in zip(pips, more, strict=True)]


class CornerGains(dict):
    """The worth each corner's pips would add to a seat producing ``base``, by corner, worked out
    when first asked (``production_value`` with and without them)."""

    __slots__ = ("vertex_pips", "base", "weights", "diverse", "now")

    def __init__(self, layout, base, weights, diverse: bool):
        super().__init__()
        self.vertex_pips = layout.vertex_pips
        self.base = base
        self.weights = weights
        self.diverse = diverse
        self.now = production_value(base, weights, diverse)

    def __missing__(self, v: int) -> float:
        gain = self[v] = production_value(added(self.base, self.vertex_pips[v]), self.weights, self.diverse) - self.now
        return gain


def corner_gains(layout, base, weights, diverse: bool) -> CornerGains:
    """``CornerGains`` for this board and production, remembered: a search's playouts meet the same
    productions again and again."""
    key = (layout, tuple(base), weights, diverse)
    gains = _GAINS.get(key)
    if gains is None:
        if len(_GAINS) > 20_000:
            _GAINS.clear()
        gains = _GAINS[key] = CornerGains(layout, base, weights, diverse)
    return gains


_GAINS: dict = {}


@lru_cache(maxsize=64)
def scarcity(layout) -> tuple:
    """Resource weights scaled up for what this island produces little of (and down for plenty)."""
    supply = [0] * RESOURCES
    for h in range(board.NUM_HEXES):
        if layout.hex_resource[h] >= 0:
            supply[layout.hex_resource[h]] += board.PIPS[layout.numbers[h]]
    mean = sum(supply) / RESOURCES
    return tuple(w * min(1.3, max(0.8, (mean / max(1, s)) ** 0.5)) for w, s in zip(WEIGHT, supply, strict=True))


def harbour_value(layout, v: int, pips) -> float:
    """Pips' worth of the harbour at ``v`` for a seat producing ``pips``."""
    kind = layout.vertex_harbour[v]
    if kind is None:
        return 0.0
    if kind == "generic":
        return 1.0 + 0.05 * sum(pips)
    return 0.5 + 0.25 * pips[board.RESOURCE_INDEX[kind]]


# -- goals ------------------------------------------------------------------------------------------
def seat_order(state) -> list[int]:
    """The seats in turn order from the first player (the opening's snake runs it out and back)."""
    return [(state.first + i) % state.players for i in range(state.players)]


def free_corners(owner) -> list[int]:
    """The corners the distance rule leaves open to a settlement, given ``owner`` per corner."""
    return [w for w in range(board.NUM_VERTICES) if distance_ok(owner, w)]


class Goal:
    """Something to build: its ``kind``, its corner (or -1), the roads still needed (edges in
    order), the cards it costs in all, what it is worth in points and its score (worth per round
    of waiting); ``action`` builds it (or its next road) now."""

    __slots__ = ("kind", "vertex", "roads", "cost", "worth", "score", "action", "raced")

    def __init__(self, kind: str, worth: float, cost, action, vertex: int = -1, roads=(), raced: bool = False):
        self.kind = kind
        self.vertex = vertex
        self.roads = tuple(roads)
        self.cost = cost
        self.worth = worth
        self.score = 0.0
        self.action = action
        self.raced = raced

    def __repr__(self) -> str:
        return f"Goal({self.kind}, v={self.vertex}, roads={self.roads}, worth={self.worth:.2f}, score={self.score:.2f})"


def reachable_spots(state, seat: int, depth: int = 3) -> dict[int, tuple]:
    """Corners where ``seat`` could settle, with the shortest road path (edges) from its network
    over empty paths that no other colour blocks, up to ``depth`` roads (remembered per board:
    a search meets the same boards again and again)."""
    key = (tuple(state.vertex_owner), tuple(state.edge_owner), seat, depth)
    found = _SPOTS.get(key)
    if found is None:
        if len(_SPOTS) > 20_000:
            _SPOTS.clear()
        found = _SPOTS[key] = _reachable_spots(state.vertex_owner, state.edge_owner, seat, depth)
    return found


_SPOTS: dict = {}


def _reachable_spots(owner, edge_owner, seat: int, depth: int) -> dict[int, tuple]:
    paths = {}
    frontier = []
    for v in range(board.NUM_VERTICES):
        if owner[v] == seat or (owner[v] < 0 and any(edge_owner[e] == seat for e in board.VERTEX_EDGES[v])):
            paths[v] = ()
            frontier.append(v)
    for _ in range(depth):
        nxt = []
        for v in frontier:
            if owner[v] >= 0 and owner[v] != seat:
                continue
            base = paths[v]
            for e in board.VERTEX_EDGES[v]:
                if edge_owner[e] < 0:
                    w = board.EDGE_OTHER_END[e][v]
                    if w not in paths and (owner[w] < 0 or owner[w] == seat):
                        paths[w] = base + (e,)
                        nxt.append(w)
        frontier = nxt
    return {v: path for v, path in paths.items() if distance_ok(owner, v)}


def rivals_distance(state, seat: int, spots) -> dict[int, int]:
    """For each spot, the fewest roads any opponent needs to reach it (9 when none can in three)."""
    best = dict.fromkeys(spots, 9)
    for p in range(state.players):
        if p != seat:
            for v, path in reachable_spots(state, p).items():
                if v in best and len(path) < best[v]:
                    best[v] = len(path)
    return best


def rounds_to_afford(hand, cost, income, rates) -> float:
    """Rounds of dice (one roll per seat) needed to hold ``cost``, trading the hand's surplus at
    ``rates`` first; ``income`` is cards per round for each resource."""
    missing = [max(0, c - h) for h, c in zip(hand, cost, strict=True)]
    if not any(missing):
        return 0.0
    spare = sum((h - c) // rates[r] for r, (h, c) in enumerate(zip(hand, cost, strict=True)) if h > c)
    kinds = range(len(hand))
    for r in sorted(kinds, key=lambda i: -missing[i]):
        while spare and missing[r]:
            missing[r] -= 1
            spare -= 1
    total_income = sum(income)
    rounds = 0.0
    for r in kinds:
        if missing[r]:
            rounds += missing[r] / (income[r] + total_income / (2.0 * rates[r]) + 0.02)
    return rounds


# -- the agent --------------------------------------------------------------------------------------
class Decision:
    """What one decision works with: the ruleset, a sampled full position, the seat, the seat's
    count of the others' cards (None inside a search, where the sample's hands are used)."""

    __slots__ = ("ruleset", "state", "seat", "rng", "known", "playout", "_goals")

    def __init__(self, ruleset, state, seat: int, rng, known=None, playout: bool = False):
        self.ruleset = ruleset
        self.state = state
        self.seat = seat
        self.rng = rng
        self.known = known
        self.playout = playout  # inside a search: no offers to the others (they would slow it down)
        self._goals = None

    def held(self, other: int) -> tuple:
        """The cards this seat may count on ``other`` holding."""
        if self.known is None:
            return tuple(self.state.hands[other])
        return tuple(self.known.held(self.seat, other))

def move_key(action) -> tuple:
    """A hashable key of an action for look-ups among the legal ones (quicker than
    ``core.rules.action_key``'s text): its items, lists and mappings among them as their text."""
    items = tuple(sorted(action.items()))
    try:
        hash(items)
    except TypeError:
        return tuple((k, v if not isinstance(v, (list, dict)) else repr(v)) for k, v in items)
    return items

