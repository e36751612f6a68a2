"""Cities & Knights' cities: city walls, the three improvement tracks paid in commodities, the metropolises
they win, and a city rebuilt after the barbarians laid it on its side (A34).

``Improvements`` is a part of ``CitiesKnightsRules`` (a mixin placed before the family engine in its bases).
"""

from __future__ import annotations

from itertools import compress

from game.core.rules import Event, IllegalAction
from game.games.catan.board import NUM_VERTICES
from game.games.catan.building import places_of
from game.games.catan_ck.cards import (
    ABILITY_LEVEL,
    COSTS,
    KINDS,
    LEVELS,
    METROPOLIS_LEVEL,
    TAKEOVER_LEVEL,
    TRACK_COMMODITY,
    TRACKS,
    TRADE,
    WALL_BONUS,
    WALL_LIMIT,
)
from game.games.catan_ck.state import CORNERS, NO_CORNERS, toppled_of, walls_of

WALL_COST = COSTS["city_wall"]
WALL_ACTIONS = tuple({"type": "wall", "vertex": v} for v in range(NUM_VERTICES))
IMPROVE_ACTIONS = tuple({"type": "improve", "track": t} for t in TRACKS)
IMPROVE_AT = tuple(tuple({"type": "improve", "track": t, "vertex": v} for v in range(NUM_VERTICES)) for t in TRACKS)


class Improvements:
    """Cities, walls, improvements and metropolises (see the module docstring)."""

    handlers = {
        ("main", "wall"): "_do_wall",
        ("main", "improve"): "_do_improve",
    }

    def hand_limit(self, state, seat: int) -> int:
        return 7 + WALL_BONUS * walls_of(state, seat)

    def city_spots(self, state, seat: int) -> list[int]:
        """A city laid on its side is rebuilt before any other (A34); else a settlement while city
        pieces last."""
        owner = state.vertex_owner
        if state.toppled != NO_CORNERS:
            toppled = [v for v in compress(CORNERS, state.toppled) if owner[v] == seat]
            if toppled:
                return toppled
        if state.pieces[seat][2] >= 4:
            return []
        level = state.vertex_level
        return [v for v in places_of(owner, seat) if level[v] == 1]

    def has_city(self, state, seat: int) -> bool:
        """Whether ``seat`` has a city standing: a toppled one keeps its city piece but does not count.
        Asked for every track on every turn's actions, so it looks only at the corners of fallen cities."""
        return state.pieces[seat][2] > toppled_of(state, seat)

    def metropolis_sites(self, state, seat: int) -> list[int]:
        """``seat``'s cities without a metropolis."""
        owner, level = state.vertex_owner, state.vertex_level
        return [v for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 2 and v not in state.metropolis]

    def _ordinary_cities(self, state, seat: int) -> list[int]:
        owner, level = state.vertex_owner, state.vertex_level
        return [v for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 2 and v not in state.metropolis]

    def _improve_actions(self, state, seat: int, t: int, crane: bool) -> list:
        level = state.improvements[seat][t] + 1
        if level > LEVELS or state.hands[seat][TRACK_COMMODITY[t]] < level - crane:
            return []
        if not self._may_improve(state, seat, t, level):
            return []
        if self._wins_metropolis(state, seat, t, level):
            return [IMPROVE_AT[t][v] for v in self.metropolis_sites(state, seat)]
        return [IMPROVE_ACTIONS[t]]

    def _may_improve(self, state, seat: int, t: int, level: int) -> bool:
        """A city is needed; levels 4 and 5 also need a city that could take the metropolis, unless
        ``seat`` holds this track's metropolis already."""
        if not self.has_city(state, seat):
            return False
        if level < METROPOLIS_LEVEL:
            return True
        held = state.metropolis[t]
        return (held >= 0 and state.vertex_owner[held] == seat) or bool(self.metropolis_sites(state, seat))

    def _wins_metropolis(self, state, seat: int, t: int, level: int) -> bool:
        """First to level 4 takes the track's metropolis; first to 5 takes it from a holder at 4."""
        held = state.metropolis[t]
        if level == METROPOLIS_LEVEL:
            return held < 0
        if level == TAKEOVER_LEVEL and held >= 0:
            holder = state.vertex_owner[held]
            return holder != seat and state.improvements[holder][t] < TAKEOVER_LEVEL
        return False

    def _do_build_city(self, state, action):
        v = self._vertex(action.get("vertex"))
        return self._upgrade(state, state.current, v, self.costs["city"], "a city costs three ore and two grain")

    def _upgrade(self, state, seat: int, v: int, cost, reason: str) -> list:
        if v not in self.city_spots(state, seat):
            raise IllegalAction("a city replaces one of your settlements (a fallen city first)")
        self._pay(state, seat, cost, reason)
        state.vertex_level[v] = 2
        if state.toppled[v]:
            state.toppled[v] = False
        else:
            state.pieces[seat][1] -= 1
            state.pieces[seat][2] += 1
        return [Event("built", {"seat": seat, "piece": "city", "vertex": v})]

    def _do_wall(self, state, action):
        v = self._vertex(action.get("vertex"))
        self._check_wall(state, state.current, v)
        self._pay(state, state.current, WALL_COST, "a city wall costs two brick")
        state.walls[v] = True
        return [Event("built", {"seat": state.current, "piece": "wall", "vertex": v})]

    def _check_wall(self, state, seat: int, v: int) -> None:
        if state.vertex_owner[v] != seat or state.vertex_level[v] != 2 or state.walls[v]:
            raise IllegalAction("a city wall goes under one of your cities without one")
        if walls_of(state, seat) >= WALL_LIMIT:
            raise IllegalAction(f"at most {WALL_LIMIT} city walls")

    def _do_improve(self, state, action):
        t = self._track(action.get("track"))
        seat = state.current
        level = state.improvements[seat][t] + 1
        if level > LEVELS or not self._may_improve(state, seat, t, level):
            raise IllegalAction("improvements need a city; levels 4 and 5 a city that could hold the metropolis")
        wins = self._wins_metropolis(state, seat, t, level)
        vertex = action.get("vertex")
        if wins and vertex not in self.metropolis_sites(state, seat):
            raise IllegalAction("name the city that takes the metropolis")
        if not wins and vertex is not None:
            raise IllegalAction("this level wins no metropolis")
        crane = state.cranes > 0
        cost = [0] * len(KINDS)
        cost[TRACK_COMMODITY[t]] = max(0, level - crane)
        self._pay(state, seat, cost, f"level {level} costs {cost[TRACK_COMMODITY[t]]} {KINDS[TRACK_COMMODITY[t]]}")
        if crane:
            state.cranes -= 1
        state.improvements[seat][t] = level
        events = [Event("improved", {"seat": seat, "track": TRACKS[t], "level": level})]
        if wins:
            previous = state.metropolis[t]
            state.metropolis[t] = vertex
            events.append(Event("metropolis", {"seat": seat, "track": TRACKS[t], "vertex": vertex,
                                               "previous": None if previous < 0 else state.vertex_owner[previous]}))
        if t == TRADE and level == ABILITY_LEVEL:
            self._refresh_rates(state)
        return events
