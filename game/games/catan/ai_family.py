"""The judgement every Catan computer player shares, whatever the variant (no pygame).

``FamilyAgent`` plays the family engine's decisions: the opening, the roads and settlements of an
expansion plan, cities, the robber, discards and trading. A variant's player subclasses it and adds
its own goals and cards through a few hooks (``extra_goals``, ``card_play``, ``pre_roll``,
``holding_value``, ``hidden_points``; for card kinds beyond the five resources ``kind_pips``,
``kind_weight``, ``price`` and ``city_extra``); base Catan's is ``ai.CatanAgent``, Cities & Knights'
``catan_ck.ai.CitiesKnightsAgent``. Hands, costs and trades are counted over every card kind.

How it thinks
-------------
- Production is counted in pips (ways out of 36 to roll a hex's number) per resource. Its worth
  (``production_value``) is concave per resource, weighted (grain and ore for cities, brick and
  lumber for roads), with a bonus for each resource covered: five resources feed every build.
- The opening values a settlement pair by that measure, so the second settlement complements the
  first; the first looks ahead at the spots the others will likely take before its second.
- In the main phase a planner lists goals (a city, a settlement at a spot reachable in up to three
  roads, a variant's own such as a development card), each worth its points and the production it
  adds, divided by the rounds needed to gather the cards (counting what the hand can trade). It
  builds the best goal's next step, trades toward it (the bank, or one offer to a seat whose cards
  it has counted), and builds something else only with cards the goal does not need or when a 7
  would cost half the hand. Spots an opponent can reach as soon as we can are raced for. An offer
  another seat accepts goes through.
- Hard searches: for whom to rob on the robber's most harmful hex and at a main-phase decision with
  several sound options (with more than two players only where ``searches_crowded_main``) it
  plays each out over hidden hands and decks sampled from what it has seen (the same dice and
  draws for every option), with the planner playing every seat for the next five turns, and keeps
  the option with the best margin over the strongest rival, measured by the planner's own
  yardsticks, a win sooner above a later one. It never searches the end of its turn against a city
  or settlement its plan ranks first and the hand pays for, nor against spending a hand a 7 would
  halve (which it does, by the bank if no build takes the cards). It also races for Longest Road,
  weighs the island's scarce resources higher, trades with the bank for a card the robber keeps
  its buildings from producing, and weighs what a trading
  partner gains (all of it with two players, half when a partner leads). With more than two
  players a variant can switch on more of hard's judgement: offers to every seat at once
  (``offers_to_all``) and of two cards for two (``offers_two_for_two``), a first settlement chosen
  after foreseeing the others' opening spots as the normal player picks them
  (``models_rival_openings``), no trades with the seat leading the table when it is ahead
  (``shuns_leader``), a hand spent down before the others' rolls can push it past the discard
  limit (``spends_before_sevens``) and a race for Longest Road worth less (``crowded_road_race``).
- Easy plays as a beginner: it values production by raw pips (no diversity, no look at the second
  settlement), builds whatever its hand pays for now instead of saving, likes cards, does not race,
  trades only four of a kind with the bank and blurs its judgement with noise.

Agents keep no state between decisions, so they pickle.
"""

from __future__ import annotations

import math
import random
import zlib
from functools import lru_cache

from game.ai.base import Agent, Budget
from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.building import distance_ok
from game.games.catan.roads import LONGEST_ROAD_MINIMUM, road_length

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
    for v in range(board.NUM_VERTICES):
        if owner[v] == seat:
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


class FamilyAgent(Agent):
    """A Catan player of one level for any game of the family (see the module docstring).

    ``budget`` bounds hard's search (iterations for tests, seconds as well at the table).
    """

    searches_crowded_main = True
    """Whether hard searches the main phase with more than two players (a variant whose planner
    wins more there without it says False)."""
    offers_to_all = False
    """Whether hard offers its trades to every seat at once with more than two players."""
    models_rival_openings = False
    """Whether hard, with more than two players, foresees the others' opening spots as the normal
    player picks them before choosing its first settlement."""
    shuns_leader = False
    """Whether hard, with more than two players, refuses to trade with the seat leading the table
    when that seat is ahead of it."""
    spends_before_sevens = False
    """Whether hard, with more than two players, spends its hand down before it can reach the
    discard limit on the others' rolls."""
    offers_two_for_two = False
    """Whether hard, with more than two players, also offers two spare cards for the two a goal's
    next step lacks."""
    crowded_road_race = 1.0
    """What hard's race for Longest Road is worth with more than two players, as a share of its
    worth with two (more rivals can outbuild the card, and its roads delay settlements and cities)."""
    search_playouts = SEARCH_ITERATIONS
    """Playouts of hard's search per decision unless a budget says otherwise (a variant whose
    playouts cost more runs fewer, to keep its decisions within a second)."""

    def __init__(self, level: str = "normal", budget: Budget | None = None):
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.easy = level == "easy"
        self.hard = level == "hard"
        self.noise = 0.35 if self.easy else 0.0
        self.budget = budget or Budget(iterations=self.search_playouts, seconds=2.0)

    # -- entry --------------------------------------------------------------------------------------
    def choose(self, ruleset, observation, seat, rng: random.Random):
        actions = ruleset.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]
        state = ruleset.determinize(observation, seat, rng)
        known = getattr(observation, "known", None)
        decision = Decision(ruleset, state, seat, rng, known)
        if self.hard and state.phase in SEARCHED_PHASES and (
                state.players == 2 or state.phase != "main" or self.searches_crowded_main):
            return self.search(decision, actions, observation)
        return self.decide(decision, actions)

    def decide(self, d: Decision, actions):
        """The planner's choice (also the policy of hard's playouts)."""
        handler = getattr(self, f"_{d.state.phase}", None)
        if handler is None:
            return actions[0]
        return handler(d, actions)

    def policy(self, ruleset, state, seat, rng):
        """A playout move: the planner without search, on a full position."""
        actions = ruleset.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        return self.decide(Decision(ruleset, state, seat, rng, playout=True), actions)

    def at_crowded_table(self, state) -> bool:
        """Hard with more than two players, where the switches above may apply."""
        return self.hard and state.players > 2

    # -- weights --------------------------------------------------------------------------------------
    def weights(self, state):
        return scarcity(state.layout) if self.hard else WEIGHT

    def value_of(self, state, pips) -> float:
        return production_value(pips, self.weights(state), diverse=not self.easy)

    def blur(self, value: float, rng, scale: float = 1.0) -> float:
        """``value`` with easy's noise; a measurement (``standing``, without ``rng``) is never blurred."""
        return value + rng.gauss(0.0, self.noise * scale) if self.noise and rng is not None else value

    # -- the opening ----------------------------------------------------------------------------------
    def opening_score(self, state, seat: int, v: int, base) -> float:
        """The worth of settling at ``v`` for a seat already producing ``base`` pips."""
        layout = state.layout
        pips = added(base, layout.vertex_pips[v])
        return self.value_of(state, pips) + harbour_value(layout, v, pips)

    def _setup_settlement(self, d: Decision, actions):
        state, seat = d.state, d.seat
        base = seat_pips(state, seat, robber=False)
        if any(base) or self.easy:
            def worth(v: int) -> float:
                return self.opening_score(state, seat, v, base)
        else:
            second = self.second_forecast(state, seat)

            def worth(v: int) -> float:
                return self.first_worth(state, seat, v, second(v))
        scores = {action["vertex"]: self.blur(worth(action["vertex"]), d.rng, 3.0) for action in actions}
        return max(actions, key=lambda a: scores[a["vertex"]])

    def first_worth(self, state, seat: int, v: int, second: float) -> float:
        """A first settlement's worth: a share of its own, and ``second``, the pair's worth with the
        second spot expected to be left."""
        return FIRST_OWN_SHARE * self.opening_score(state, seat, v, [0] * RESOURCES) + second

    def second_forecast(self, state, seat: int):
        """The pair's worth as a function of the first spot, with the best second spot left after the
        others' picks: as the normal player picks them where ``models_rival_openings``, else each
        taking the richest corner left."""
        if self.at_crowded_table(state) and self.models_rival_openings:
            rivals = self.rivals_openings(state, seat)
            return lambda v: self.second_after_rivals(state, seat, v, rivals)
        others = self.placements_before_next(state, seat)
        return lambda v: self.best_second(state, seat, v, others)

    def rivals_openings(self, state, seat: int) -> list:
        """The seats placing between this seat's first settlement and its second (the snake order),
        each with its first spots as the normal player would rank them, best first."""
        order = seat_order(state)
        normal = FamilyAgent("normal")
        free = free_corners(state.vertex_owner)
        rivals = []
        for p in order[order.index(seat) + 1:]:
            second = normal.second_forecast(state, p)
            rivals.append((p, sorted(free, key=lambda w: -normal.first_worth(state, p, w, second(w)))))
        return rivals

    def second_after_rivals(self, state, seat: int, v: int, rivals) -> float:
        """The pair's worth with the best second spot left after the seats between take their
        first spots (the normal player's ranking) and then their seconds (each complementing its first)."""
        owner = state.vertex_owner[:]
        owner[v] = seat
        layout = state.layout
        normal = FamilyAgent("normal")
        firsts = []
        for p, ranked in rivals:
            pick = next((w for w in ranked if distance_ok(owner, w)), None)
            if pick is None:
                continue
            owner[pick] = p
            firsts.append((p, pick))
        for p, first in reversed(firsts):
            base = list(layout.vertex_pips[first])
            free = free_corners(owner)
            if free:
                owner[max(free, key=lambda w: normal.opening_score(state, p, w, base))] = p
        return self.best_second_left(state, seat, v, owner)

    @staticmethod
    def placements_before_next(state, seat: int) -> int:
        """Settlements the others place between this seat's first and second (the snake order)."""
        return 2 * (state.players - 1 - seat_order(state).index(seat))

    def best_second(self, state, seat: int, v: int, others: int) -> float:
        """The pair's worth with the best second spot left after the others' likely picks (each
        takes the richest corner left, by plain pips)."""
        owner = state.vertex_owner[:]
        owner[v] = seat
        layout = state.layout
        for _ in range(others):
            free = free_corners(owner)
            if not free:
                break
            pick = max(free, key=lambda w: (sum(layout.vertex_pips[w]), -w))
            owner[pick] = (seat + 1) % state.players
        return self.best_second_left(state, seat, v, owner)

    def best_second_left(self, state, seat: int, v: int, owner) -> float:
        """The worth of a pair settled first at ``v`` with the best second spot ``owner`` leaves free."""
        base = list(state.layout.vertex_pips[v])
        return max((self.opening_score(state, seat, w, base) for w in free_corners(owner)), default=0.0)

    def _setup_road(self, d: Decision, actions):
        state, seat = d.state, d.seat
        v0 = state.setup_vertex
        base = seat_pips(state, seat, robber=False)
        owner = state.vertex_owner

        def toward(action):
            w = board.EDGE_OTHER_END[action["edge"]][v0]
            best = 0.0
            for e in board.VERTEX_EDGES[w]:
                x = board.EDGE_OTHER_END[e][w]
                if x != v0 and distance_ok(owner, x) and state.edge_owner[e] < 0:
                    best = max(best, self.opening_score(state, seat, x, base) - self.value_of(state, base))
                    for f in board.VERTEX_EDGES[x]:
                        y = board.EDGE_OTHER_END[f][x]
                        if y != w and distance_ok(owner, y):
                            best = max(best, 0.6 * (self.opening_score(state, seat, y, base)
                                                    - self.value_of(state, base)))
            crowd = sum(1 for x in board.VERTEX_NEIGHBOURS[w] if owner[x] >= 0 and owner[x] != seat)
            return self.blur(best - 2.0 * crowd, d.rng, 3.0)

        return max(actions, key=toward)

    # -- the plan -------------------------------------------------------------------------------------
    def income(self, state, seat: int) -> list[float]:
        """Cards per round of dice (every seat rolls once) of each card kind."""
        return [p / 36.0 * state.players for p in self.kind_pips(state, seat)]

    def kind_pips(self, state, seat: int) -> list[int]:
        """Pips per card kind of ``seat``'s buildings, the robber's hex left out (a variant whose
        cities earn other kinds says so here)."""
        pips = seat_pips(state, seat)
        return pips + [0] * (len(state.hands[seat]) - RESOURCES)

    def kind_weight(self, kind: int) -> float:
        """What a card of ``kind`` is worth relative to the others (resources by ``WEIGHT``)."""
        return WEIGHT[kind] if kind < RESOURCES else 1.0

    def price(self, d: Decision, action) -> tuple:
        """The cards an action costs this seat, per kind (zeros for the rest); a variant prices its own."""
        ruleset = d.ruleset
        kind = action["type"]
        if kind in ("road", "settlement", "city"):
            return ruleset.costs[kind]
        if kind == "buy":
            return ruleset.costs["development"]
        return (0,) * ruleset.kind_count

    @staticmethod
    def points_to_go(d: Decision) -> int:
        """The points the leader (by the points everyone sees) still lacks to win."""
        state = d.state
        return state.options["victory_points"] - max(d.ruleset.public_points(state, p) for p in range(state.players))

    def pip_points(self, d: Decision) -> float:
        """What a pip is worth now: less as the leader nears the target."""
        return PIP_POINTS * max(0.15, self.points_to_go(d) / d.state.options["victory_points"])

    def goals(self, d: Decision) -> list[Goal]:
        """What this seat could build next, best first (memoised for the decision)."""
        if d._goals is not None:
            return d._goals
        ruleset, state, seat = d.ruleset, d.state, d.seat
        pieces = state.pieces[seat]
        base = seat_pips(state, seat, robber=False)
        now = self.value_of(state, base)
        pip = self.pip_points(d)
        goals = []
        if ruleset.city_spots(state, seat):
            for v in ruleset.city_spots(state, seat):
                gain = self.value_of(state, added(base, state.layout.vertex_pips[v])) - now
                gain += self.city_extra(d, v)
                goals.append(Goal("city", 1.0 + pip * gain, ruleset.costs["city"],
                                  {"type": "city", "vertex": v}, vertex=v))
        if pieces[1] < 5:
            spots = reachable_spots(state, seat, depth=2 if d.playout else 3)
            roads_left = 15 - pieces[0]
            worths = {}
            for v, path in spots.items():
                if len(path) <= roads_left:
                    gain = self.value_of(state, added(base, state.layout.vertex_pips[v])) - now
                    gain += harbour_value(state.layout, v, base)
                    worths[v] = (1.0 + pip * gain) * (0.92 ** len(path))
            kept = sorted(worths, key=lambda v: -worths[v])[:SPOTS_KEPT]
            rivals = rivals_distance(state, seat, kept) if not self.easy and not d.playout else {}
            for v in kept:
                path = spots[v]
                worth = worths[v]
                raced = rivals.get(v, 9) <= len(path)
                if raced and path:
                    worth *= 0.85 if rivals[v] < len(path) else 1.1
                cost = tuple(s + len(path) * r for s, r in zip(ruleset.costs["settlement"], ruleset.costs["road"],
                                                             strict=True))
                action = {"type": "road", "edge": path[0]} if path else {"type": "settlement", "vertex": v}
                goals.append(Goal("settlement", worth, cost, action, vertex=v, roads=path, raced=raced))
        if self.hard and not d.playout and pieces[0] < 15:
            goals += self.longest_road_goals(d)
        goals += self.extra_goals(d)
        hand = state.hands[seat]
        income = self.income(state, seat)
        rates = state.rates[seat]
        for goal in goals:
            rounds = rounds_to_afford(hand, goal.cost, income, rates)
            goal.score = self.blur(goal.worth / (1.0 + rounds), d.rng, 0.3)
        goals.sort(key=lambda g: -g.score)
        d._goals = goals
        return goals

    def longest_road_goals(self, d: Decision) -> list[Goal]:
        """Hard races for Longest Road: a road that lengthens the trail, when two roads or fewer
        would take the card (or keep it from a rival one road behind)."""
        ruleset, state, seat = d.ruleset, d.state, d.seat
        lengths = state.road_lengths
        mine = lengths[seat]
        rival = max(lengths[p] for p in range(state.players) if p != seat)
        holder = state.longest_road
        if holder == seat:
            if rival < mine - 1:
                return []
            need, worth = 1, 1.2
        else:
            need = max(LONGEST_ROAD_MINIMUM, rival + 1) - mine
            worth = 2.0 + (1.0 if holder >= 0 else 0.0)
        if need > 2 or need < 1 or 15 - state.pieces[seat][0] < need:
            return []
        if self.at_crowded_table(state):
            worth *= self.crowded_road_race
        blockers = ruleset.blockers(state)
        edge_owner = state.edge_owner[:]
        for e in ruleset.road_spots(state, seat):
            edge_owner[e] = seat
            longer = road_length(edge_owner, blockers, seat) > mine
            edge_owner[e] = -1
            if longer:
                cost = tuple(need * c for c in ruleset.costs["road"])
                return [Goal("road", worth, cost, {"type": "road", "edge": e})]
        return []

    def extra_goals(self, d: Decision) -> list[Goal]:
        """A variant's own goals (base Catan: a development card)."""
        return []

    def city_extra(self, d: Decision, v: int) -> float:
        """Pips' worth a city at ``v`` brings beyond its production (a variant's commodities)."""
        return 0.0

    # -- the main phase -------------------------------------------------------------------------------
    def _main(self, d: Decision, actions):
        legal = {_key(a): a for a in actions}
        choice = self.card_play(d, actions)
        if choice is not None:
            return choice
        if self.easy:
            return self.beginner_move(d, actions)
        goals = self.goals(d)
        state, seat = d.state, d.seat
        hand = state.hands[seat]
        if not self.easy and not d.playout and TRADE in actions and self.offer_plan(d) is not None:
            return TRADE
        for goal in goals[:1]:
            step = legal.get(_key(goal.action))
            if step is not None:
                return step
            trade = self.bank_toward(d, goal, actions)
            if trade is not None:
                return trade
        top = goals[0] if goals else None
        # something else, with cards the best goal does not need or against losing half to a 7
        spare = [h - (top.cost[r] if top else 0) for r, h in enumerate(hand)]
        crowded = self.crowded(d)
        for goal in goals[1:]:
            step = legal.get(_key(goal.action))
            if step is None:
                continue
            price = self.price(d, step)
            if crowded or all(s >= p for s, p in zip(spare, price, strict=False)) or goal.raced:
                return step
        if crowded:
            for goal in goals[1:4] if self.hard else ():
                trade = self.bank_toward(d, goal, actions)
                if trade is not None:
                    return trade
            dump = self.bank_dump(d, actions, top)
            if dump is not None:
                return dump
        return END_TURN if _key(END_TURN) in legal else actions[0]

    def crowded(self, d: Decision) -> bool:
        """Whether the hand is too big to keep through the others' rolls (a 7 would take half of it)."""
        state, seat = d.state, d.seat
        return sum(state.hands[seat]) + self.expected_before_seven(d) > d.ruleset.hand_limit(state, seat)

    def expected_before_seven(self, d: Decision) -> float:
        """Cards the hand is counted to gain before a 7 may strike, when judging whether it is crowded:
        none, or (hard with ``spends_before_sevens`` and more than two players) half a round's income,
        since any of the others' rolls can be a 7."""
        state = d.state
        if self.at_crowded_table(state) and self.spends_before_sevens and not d.playout:
            return SEVEN_INCOME_SHARE * sum(self.income(state, d.seat))
        return 0.0

    def beginner_move(self, d: Decision, actions):
        """Easy's turn, as a beginner plays: build whatever the hand pays for now (a settlement
        first, then a city, then the variant's card goals, then a road toward a spot), trade with
        the bank only four of a kind for the last card of a settlement or city, never save up."""
        by_kind = {}
        for goal in self.goals(d):
            by_kind.setdefault(goal.kind, goal)
        legal = {_key(a): a for a in actions}
        for goal in sorted(self.goals(d), key=lambda g: (BEGINNER_ORDER.get(g.kind, 2), -g.score)):
            step = legal.get(_key(goal.action))
            if step is not None and (step["type"] != "road" or d.rng.random() < 0.6):
                return step
        hand = d.state.hands[d.seat]
        for kind in ("settlement", "city"):
            goal = by_kind.get(kind)
            if goal is None or goal.roads:
                continue
            missing = [max(0, c - h) for h, c in zip(hand, goal.cost, strict=False)]
            if sum(missing) == 1:
                index = d.ruleset.kind_index
                for action in actions:
                    if action["type"] != "bank_trade":
                        continue
                    give, get = index[action["give"]], index[action["get"]]
                    if d.state.rates[d.seat][give] == 4 and missing[get] and goal.cost[give] + 4 <= hand[give]:
                        return action
        return END_TURN if _key(END_TURN) in legal else actions[0]

    def card_play(self, d: Decision, actions):
        """A variant's card to play now in the main phase, or None."""
        return None

    def bank_toward(self, d: Decision, goal: Goal, actions):
        """A bank trade that makes the goal's next step affordable now (with the trades after it);
        hard also trades for a card its buildings cannot produce now (the robber on its only hex
        of that kind, or no such hex), which no wait would bring."""
        state, seat = d.state, d.seat
        hand = list(state.hands[seat])
        price = self.price(d, goal.action)
        missing = [max(0, p - h) for h, p in zip(hand, price, strict=True)]
        if not any(missing):
            return None
        rates = state.rates[seat]
        spare = [h - p for h, p in zip(hand, price, strict=True)]
        # the bank: enough surplus at our rates to cover every missing card
        trades = []
        surplus = spare[:]
        kinds = range(len(hand))
        for r in kinds:
            for _ in range(missing[r]):
                give = max((g for g in kinds if surplus[g] >= rates[g]),
                           key=lambda g: (surplus[g] - rates[g], -self.kind_weight(g)), default=None)
                if give is None:
                    break
                surplus[give] -= rates[give]
                trades.append((give, r))
        if len(trades) == sum(missing):
            chosen = trades[0]
        elif self.hard:
            income = self.kind_pips(state, seat)
            chosen = next(((give, get) for give, get in trades if not income[get]), None)
        else:
            chosen = None
        if chosen is not None:
            give, get = chosen
            action = {"type": "bank_trade", "give": d.ruleset.kinds[give], "get": d.ruleset.kinds[get]}
            if action in actions:
                return action
        return None

    def bank_dump(self, d: Decision, actions, goal):
        """With too many cards for a 7: turn surplus into what the goal lacks; hard, when the goal
        lacks nothing the surplus can buy and the hand is over the limit already, into the kind it
        holds least (a 7 would take more)."""
        hand = d.state.hands[d.seat]
        price = goal.cost if goal else (0,) * len(hand)
        over = self.hard and sum(hand) > d.ruleset.hand_limit(d.state, d.seat)
        best, best_rank = None, None
        for action in actions:
            if action["type"] == "bank_trade":
                g, t = d.ruleset.kind_index[action["give"]], d.ruleset.kind_index[action["get"]]
                spare = hand[g] - price[g]
                if spare < d.state.rates[d.seat][g] or not (hand[t] < price[t] or over):
                    continue
                rank = (hand[t] < price[t], spare, -hand[t], self.kind_weight(t))
                if best_rank is None or rank > best_rank:
                    best, best_rank = action, rank
        return best

    # -- trading with the others ----------------------------------------------------------------------
    def partners(self, d: Decision, want) -> list[int]:
        """Seats that can plausibly give ``want`` (by this seat's count of their cards) and are not
        about to win, best first; a seat that refused this seat an offer for the same cards this
        round or the last is left out."""
        state, seat = d.state, d.seat
        since = state.turn - 2 * state.players
        found = []
        for p in range(state.players):
            if p == seat or not self.safe_partner(d, p):
                continue
            held = d.held(p)
            if not all(h >= w for h, w in zip(held, want, strict=False)):
                continue
            if d.known is not None:
                wanted = {d.ruleset.kinds[r]: k for r, k in enumerate(want) if k}
                if any(w == wanted for _, w in d.known.refused(seat, p, since)):
                    continue
            found.append(p)
        found.sort(key=lambda p: (d.ruleset.public_points(state, p), -sum(d.held(p))))
        return found

    def offer_plan(self, d: Decision):
        """(give, want, partner) of an offer for the one card a goal's next step lacks (or two, hard
        with ``offers_two_for_two`` and more than two players): the best goal, or a goal worth more
        that the cards would make affordable now; None if no seat can plausibly give them. Hard with
        ``offers_to_all`` and more than two players offers to every seat (partner None): more of them
        accept, and ``_choose`` still leaves out a seat about to win."""
        goals = self.goals(d)
        if not goals:
            return None
        for goal in goals[:4]:
            if goal is goals[0] or goal.worth > goals[0].worth:
                plan = self.offer_for(d, goal)
                if plan is not None:
                    return plan
        return None

    def offer_for(self, d: Decision, goal: Goal):
        state, seat = d.state, d.seat
        hand = state.hands[seat]
        price = self.price(d, goal.action)
        missing = [max(0, p - h) for h, p in zip(hand, price, strict=True)]
        lacking = sum(missing)
        if lacking != 1 and not (lacking == 2 and self.at_crowded_table(state) and self.offers_two_for_two):
            return None
        surplus = [h - p if h > p else 0 for h, p in zip(hand, price, strict=True)]
        if sum(surplus) < lacking:
            return None
        give = [0] * len(hand)
        for _ in range(lacking):
            give_r = max(range(len(hand)), key=lambda r: (surplus[r] - give[r], -self.kind_weight(r)))
            give[give_r] += 1
        if lacking == 1 and state.offers_made > 1 and surplus[give_r] > 1:
            give[give_r] = 2  # a second offer this turn: sweetened
        partners = self.partners(d, missing)
        if not partners:
            return None
        if self.at_crowded_table(state) and self.offers_to_all:
            return give, missing, None  # to every seat: any of them may accept, and the best answer is taken
        return give, missing, partners[0]

    def safe_partner(self, d: Decision, p: int) -> bool:
        """False when ``p`` is close enough to winning that no help is given (visible points plus
        what its hidden cards may hold), or with ``shuns_leader`` when ``p`` leads the table."""
        state = d.state
        points = d.ruleset.public_points
        if self.at_crowded_table(state) and self.shuns_leader:
            theirs = points(state, p)
            if all(theirs > points(state, q) for q in range(state.players) if q != p):
                return False  # it leads the table, so it is ahead of this seat too
        return points(state, p) + self.hidden_points(d, p) < state.options["victory_points"] - 2

    def hidden_points(self, d: Decision, p: int) -> int:
        """Points ``p`` may hold unseen (a variant's hidden cards)."""
        return 0

    def _compose(self, d: Decision, actions):
        state = d.state
        trade = state.trade
        if trade.composer == state.current:
            plan = self.offer_plan(d)
            if plan is None:
                return {"type": "cancel_trade"}
            give, want, partner = plan
        else:
            counter = self.counter_plan(d)
            if counter is None:
                return {"type": "cancel_trade"}
            give, want = counter
            partner = None
        for r in range(len(give)):
            if trade.give[r] < give[r]:
                step = d.ruleset.give_actions[r]
                return step if step in actions else {"type": "cancel_trade"}
        for r in range(len(want)):
            if trade.want[r] < want[r]:
                step = d.ruleset.want_actions[r]
                return step if step in actions else {"type": "cancel_trade"}
        propose = {"type": "propose", "to": partner} if partner is not None else {"type": "propose"}
        return propose if propose in actions else {"type": "cancel_trade"}

    def hand_worth(self, d: Decision, hand) -> float:
        """How far a hand goes toward this seat's goals, less what a 7 would take."""
        goals = self.goals(d)
        value = 0.0
        for i, goal in enumerate(goals[:3]):
            cost = goal.cost
            need = sum(cost)
            have = sum(min(h, c) for h, c in zip(hand, cost, strict=False))
            value += (0.6 if i == 0 else 0.2) * goal.worth * (have / need) ** 2 if need else 0.0
        count = sum(hand)
        value += 0.02 * min(count, 7)
        limit = d.ruleset.hand_limit(d.state, d.seat)
        if count > limit:
            value -= 0.06 * (count - limit)
        return value

    def trade_gain(self, d: Decision, receive, pay, partner: int) -> float:
        """What a trade with ``partner`` is worth to this seat's hand, less a margin. Hard also
        weighs what the partner gains: all of it with two players, where any help is a loss; with
        more, a trade helps both partners against the rest, so only half of it, and only when the
        partner leads."""
        hand = d.state.hands[d.seat]
        after = [hand[r] + receive[r] - pay[r] for r in range(len(hand))]
        margin = 0.02 + (0.1 if self.easy else 0.0)
        leader_gap = d.ruleset.public_points(d.state, partner) - d.ruleset.public_points(d.state, d.seat)
        gain = self.hand_worth(d, after) - self.hand_worth(d, hand) - margin - 0.03 * max(0, leader_gap)
        ahead = leader_gap > 0
        if self.hard and gain > 0 and (d.state.players == 2 or ahead):
            other = Decision(d.ruleset, d.state, partner, d.rng, playout=True)
            theirs = d.state.hands[partner]
            given = [theirs[r] + pay[r] - receive[r] for r in range(len(theirs))]
            if min(given) >= 0:
                share = 1.0 if d.state.players == 2 else 0.5
                gain -= share * (self.hand_worth(other, given) - self.hand_worth(other, theirs))
        return gain

    def _respond(self, d: Decision, actions):
        if not self.safe_partner(d, d.state.current):
            return {"type": "decline"}
        give, want = d.state.trade.offer  # the proposer's: we receive ``give`` and pay ``want``
        if {"type": "accept"} in actions and \
                self.trade_gain(d, give, want, d.state.current) > 0:
            return {"type": "accept"}
        if not self.easy and {"type": "counter"} in actions and self.counter_plan(d) is not None:
            return {"type": "counter"}
        return {"type": "decline"}

    def counter_plan(self, d: Decision):
        """(give, want) of ours: one card we can spare for one card the proposer showed, when that
        helps us; None otherwise."""
        offered = d.state.trade.offer[0]
        hand = d.state.hands[d.seat]
        best, best_gain = None, 0.0
        kinds = range(len(hand))
        for r in kinds:
            if not offered[r]:
                continue
            for g in kinds:
                if g == r or hand[g] < 1:
                    continue
                give = [0] * len(hand)
                give[g] = 1
                want = [0] * len(hand)
                want[r] = 1
                gain = self.trade_gain(d, want, give, d.state.current)
                if gain > best_gain:
                    best, best_gain = (give, want), gain
        return best

    def _choose(self, d: Decision, actions):
        """An accepted offer goes through: making it was this seat's decision, and its hand cannot
        have changed since (re-judging it by another measure would take back a trade a person saw
        accepted). Among several accepts, the seat with the fewest points; a counter-offer is taken
        only when it helps this hand more than the offer would."""
        completes = [a for a in actions if a["type"] == "complete" and self.safe_partner(d, a["seat"])]
        if not completes:
            return {"type": "cancel_trade"}
        state = d.state
        hand = state.hands[d.seat]
        points = d.ruleset.public_points

        def gain(action) -> float:
            answer = state.trade.answers[action["seat"]]
            give, get = state.trade.offer if answer == "accept" else answer
            return self.hand_worth(d, [hand[r] - give[r] + get[r] for r in range(len(hand))]) - self.hand_worth(d, hand)

        accepted = [a for a in completes if state.trade.answers[a["seat"]] == "accept"]
        best = min(accepted, key=lambda a: points(state, a["seat"]), default=None)
        floor = gain(best) if best is not None else 0.0
        for action in completes:
            if action not in accepted and gain(action) > floor:
                best, floor = action, gain(action)
        return best or {"type": "cancel_trade"}

    # -- the dice, the 7 and the robber ---------------------------------------------------------------
    def _pre_roll(self, d: Decision, actions):
        return self.pre_roll(d, actions) or ROLL

    def pre_roll(self, d: Decision, actions):
        """A variant's card to play before rolling, or None."""
        return None

    def _discard(self, d: Decision, actions):
        hand = d.state.hands[d.seat]

        def kept(action):
            cards = action["cards"] if "cards" in action else {action["card"]: 1}  # all at once, or one by one
            rest = [hand[r] - cards.get(name, 0) for r, name in enumerate(d.ruleset.kinds)]
            return self.blur(self.hand_worth(d, rest), d.rng)

        return max(actions, key=kept)

    def _robber(self, d: Decision, actions):
        return max(actions, key=self.robber_harm(d))

    def robber_harm(self, d: Decision):
        """How much a robber move hurts the others (the leaders most) and spares us."""
        state, seat = d.state, d.seat
        points = [d.ruleset.public_points(state, p) for p in range(state.players)]

        def harm(action):
            h = action["hex"]
            number = state.layout.numbers[h]
            pips = board.PIPS[number] if number is not None else 0
            score = 0.0
            for v in board.HEX_VERTICES[h]:
                owner = state.vertex_owner[v]
                if owner == seat:
                    score -= 2.5 * pips * state.vertex_level[v]
                elif 0 <= owner < state.players:  # a neutral colour (two players) loses nothing
                    score += pips * state.vertex_level[v] * (1 + 0.25 * points[owner])
            victim = action.get("victim")
            if victim is not None:
                score += 3 + min(d.ruleset.cards_of(state, victim), 8) * 0.5 + points[victim]
            return self.blur(score, d.rng, 4.0)

        return harm

    def _road_building(self, d: Decision, actions):
        goals = [g for g in self.goals(d) if g.roads]
        legal = {_key(a): a for a in actions}
        for goal in goals:
            step = legal.get(_key(goal.action))
            if step is not None:
                return step
        roads = [a for a in actions if a["type"] == "road"]
        return roads[0] if roads else actions[-1]

    # -- hard: the search -----------------------------------------------------------------------------
    def candidates(self, d: Decision, actions) -> list:
        """The options worth searching: for the robber the victims of the most harmful hex (the
        playouts judge who to rob, not which hex: a few of them would often trade the hex that
        blocks the most of the others' production for a weaker one by the luck of the draws); in the main
        phase the planner's choice, each goal's step the hand allows now and ending the turn, unless
        the plan's best goal is a point the hand pays for now (a city or settlement built this turn
        is never worth less than the same one built later, and a few playouts that happen to draw a
        win sooner after waiting must not talk the search out of it) or the planner spends a hand a
        7 would halve."""
        if d.state.phase == "robber":
            best = max(actions, key=self.robber_harm(d))
            return [a for a in actions if a["hex"] == best["hex"]]
        legal = {_key(a): a for a in actions}
        found = {}
        first = self.decide(d, actions)
        found[_key(first)] = first
        goals = self.goals(d)
        for goal in goals[:4]:
            step = legal.get(_key(goal.action))
            if step is not None:
                found.setdefault(_key(step), step)
        point_now = bool(goals) and goals[0].action["type"] in POINT_BUILDS and _key(goals[0].action) in legal
        spends = first != END_TURN and d.state.phase == "main" and self.crowded(d)
        if _key(END_TURN) in legal and not point_now and not spends:
            found.setdefault(_key(END_TURN), END_TURN)
        return list(found.values())[:4]

    def search(self, d: Decision, actions, observation):
        options = self.candidates(d, actions)
        if len(options) == 1:
            return options[0]
        ruleset, seat = d.ruleset, d.seat
        totals = [0.0] * len(options)
        clock = self.budget.clock()
        rounds = 0
        seed = d.rng.randrange(1 << 30)
        while True:
            sample_rng = random.Random(seed + rounds)
            sample = ruleset.determinize(observation, seat, sample_rng)
            chance_seed = sample_rng.randrange(1 << 30)
            horizon = sample.turn + max(HORIZON, sample.players + 1)
            for i, option in enumerate(options):
                state = sample.copy()
                ruleset.apply(state, option)
                totals[i] += self.playout(ruleset, state, seat, horizon, chance_seed, random.Random(chance_seed + 1))
            rounds += 1
            if not clock.tick() or rounds * len(options) >= self.budget.iterations:
                break
        best = max(range(len(options)), key=lambda i: totals[i])
        return options[best]

    def playout(self, ruleset, state, seat: int, horizon: int, chance_seed: int, rng) -> float:
        """Play with the planner for every seat until turn ``horizon`` begins; the margin over the
        best rival. Each kind of chance step (the dice, a card drawn, a steal) draws from its own
        stream seeded alike for every option, so the options searched meet the same rolls and the
        same cards, and a win one option draws sooner by luck alone does not outweigh a point built now."""
        streams = {}
        for _ in range(400):
            actor = ruleset.to_act(state)
            if actor is None:
                break
            if actor == CHANCE:
                stream = streams.get(state.phase)
                if stream is None:
                    stream = streams[state.phase] = random.Random(chance_seed ^ zlib.crc32(state.phase.encode()))
                action = ruleset.sample_chance(state, stream)
            else:
                action = self.policy(ruleset, state, actor, rng)
            ruleset.apply(state, action)
            if state.turn >= horizon:
                break
        margin = self.margin(ruleset, state, seat)
        if state.phase == "over":
            margin += math.copysign(TEMPO * (horizon - state.turn), margin)
        return margin

    def margin(self, ruleset, state, seat: int) -> float:
        """This seat's standing against the strongest rival, in points."""
        mine = self.standing(ruleset, state, seat)
        if state.phase == "over":
            return 100.0 if state.winner == seat else mine - 100.0
        return mine - max(self.standing(ruleset, state, p) for p in range(state.players) if p != seat)

    def standing(self, ruleset, state, seat: int) -> float:
        """A seat's points, production and progress toward its next builds, in points: the
        planner's own measures, so a road toward a spot counts before the settlement stands."""
        d = Decision(ruleset, state, seat, None, playout=True)
        value = ruleset.total_points(state, seat)
        value += self.pip_points(d) * self.value_of(state, seat_pips(state, seat, robber=False))
        goals = self.goals(d)
        if goals:
            value += self.hand_worth(d, state.hands[seat]) + 0.5 * goals[0].score
        return value + self.holding_value(state, seat)

    def holding_value(self, state, seat: int) -> float:
        """A variant's cards held, in points (base Catan: development cards)."""
        return 0.0


def _key(action) -> tuple:
    return tuple(sorted((k, v if not isinstance(v, (list, dict)) else repr(v)) for k, v in action.items()))

