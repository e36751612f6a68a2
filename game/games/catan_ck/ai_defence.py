"""Cities & Knights computer players against the barbarians: how near the attack is, what a knight
or a wall would save, and where a knight stands best (no pygame)."""

from __future__ import annotations

from game.games.catan import board
from game.games.catan.ai_family import Decision, Goal, reachable_spots
from game.games.catan.building import distance_ok
from game.games.catan_ck.cards import (
    BARBARIAN_TRACK,
    COSTS,
    KNIGHTS_PER_STRENGTH,
    WALL_LIMIT,
)
from game.games.catan_ck.rules import active_strength, walls_of

WALL_COST, RECRUIT_COST, PROMOTE_COST, ACTIVATE_COST = (
    COSTS[k] for k in ("city_wall", "knight_recruit", "knight_promote", "knight_activate"))
CITY_AT_STAKE = 1.6
"""Points a city pillaged by the barbarians costs (its point and its production)."""
URGENCY = {1: 1.0, 2: 0.85, 3: 0.6, 4: 0.4}
"""How much the barbarians' attack weighs with so many ship steps left (less when farther)."""


def city_exposure(state) -> tuple[int, list[int]]:
    """The barbarians' strength (a city standing counts one) and each seat's cities without a
    metropolis (what they can take), in one pass over the corners."""
    strength = 0
    ordinary = [0] * state.players
    owner, level, toppled, metropolis = state.vertex_owner, state.vertex_level, state.toppled, state.metropolis
    for v in range(board.NUM_VERTICES):
        if level[v] == 2 and not toppled[v]:
            strength += 1
            if owner[v] < state.players and v not in metropolis:
                ordinary[owner[v]] += 1
    return strength, ordinary


def knights_of(state, seat: int) -> list[int]:
    return [v for v in range(board.NUM_VERTICES) if state.knight_owner[v] == seat]


def loses_attack(state, seat: int, defence, exposure=None) -> bool:
    """Whether ``seat`` loses a city if the barbarians landed with these defences (``exposure``: the
    position's ``city_exposure`` when already counted)."""
    strength, ordinary = exposure or city_exposure(state)
    if sum(defence) >= strength or not ordinary[seat]:
        return False
    return defence[seat] <= min(defence[p] for p in range(state.players) if ordinary[p])


class Defender:
    """The Cities & Knights player's knights and walls (part of ``ai.CitiesKnightsAgent``)."""

    def threat(self, d: Decision) -> float:
        """How near the attack is (0 to 1), for a seat that has something to defend or win."""
        steps = BARBARIAN_TRACK - d.state.barbarians
        if self.easy:
            return 1.0 if steps <= 1 else 0.0
        return URGENCY.get(steps, 0.2)

    def defence_gain(self, d: Decision, more: int, exposure=None) -> float:
        """Points ``more`` active strength saves or wins at the next attack: its share of the strength
        that keeps a city (all of it when it is enough alone), and Defender of Catan if it takes it."""
        state, seat = d.state, d.seat
        exposure = exposure or city_exposure(state)
        defence = [active_strength(state, p) for p in range(state.players)]
        gain = 0.0
        if loses_attack(state, seat, defence, exposure):
            need = self.strength_needed(state, seat, defence, exposure)
            gain += CITY_AT_STAKE * min(1.0, more / need)
        stronger = defence[:]
        stronger[seat] += more
        rivals = max(defence[p] for p in range(state.players) if p != seat)
        if sum(stronger) >= exposure[0] and stronger[seat] > rivals >= defence[seat]:
            gain += 0.8
        return gain

    @staticmethod
    def strength_needed(state, seat: int, defence, exposure) -> int:
        """The active strength ``seat`` must add to keep its cities at the next attack."""
        stronger = defence[:]
        for more in range(1, 12):
            stronger[seat] = defence[seat] + more
            if not loses_attack(state, seat, stronger, exposure):
                return more
        return 12

    def knight_goals(self, d: Decision) -> list[Goal]:
        ruleset, state, seat = d.ruleset, d.state, d.seat
        threat = self.threat(d)
        exposure = city_exposure(state)
        mine = knights_of(state, seat)
        goals = []
        inactive = sorted((v for v in mine if not state.knight_active[v]), key=lambda v: -state.knight_strength[v])
        asleep = sum(state.knight_strength[v] for v in inactive)
        if inactive:
            v = inactive[0]
            worth = 0.1 + 1.5 * threat * self.defence_gain(d, state.knight_strength[v], exposure)
            goals.append(Goal("activate", worth, ACTIVATE_COST, {"type": "activate", "vertex": v}))
        cities = ruleset.has_city(state, seat)
        strength = sum(state.knight_strength[v] for v in mine)
        if state.knight_pieces[seat][0] < KNIGHTS_PER_STRENGTH:
            spots = ruleset.knight_spots(state, seat)
            if spots:
                want = 0.45 if strength < 1 + exposure[1][seat] else 0.15
                short = self.defence_gain(d, asleep + 1, exposure) - self.defence_gain(d, asleep, exposure) \
                    if cities else 0.0
                worth = want + threat * short
                spot = self.best_knight_spot(d, spots)
                cost = tuple(a + b for a, b in zip(RECRUIT_COST, ACTIVATE_COST, strict=True)) if threat > 0.5 \
                    else RECRUIT_COST
                goals.append(Goal("knight", worth, cost, {"type": "knight", "vertex": spot}))
        promotable = [v for v in mine if ruleset._promotable(state, seat, v)]  # read only
        if promotable:
            v = max(promotable, key=lambda w: (state.knight_active[w], state.knight_strength[w]))
            gain = self.defence_gain(d, 1, exposure) if state.knight_active[v] else 0.0
            goals.append(Goal("promote", 0.2 + threat * gain, PROMOTE_COST, {"type": "promote", "vertex": v}))
        return goals

    def wall_goals(self, d: Decision) -> list[Goal]:
        state, seat = d.state, d.seat
        if walls_of(state, seat) >= WALL_LIMIT:
            return []
        bare = [v for v in range(board.NUM_VERTICES) if state.vertex_owner[v] == seat and state.vertex_level[v] == 2
                and not state.walls[v]]
        if not bare:
            return []
        safe = [v for v in bare if v in state.metropolis]  # a metropolis is never pillaged, nor its wall
        v = (safe or bare)[0]
        worth = 0.3 + (0.15 if sum(state.hands[seat]) > d.ruleset.hand_limit(state, seat) - 2 else 0.0)
        return [Goal("wall", worth, WALL_COST, {"type": "wall", "vertex": v})]

    def best_knight_spot(self, d: Decision, spots) -> int:
        """Where a knight does most: beside this seat's hexes (to chase the robber), on a corner a
        rival could settle (to block it), never on a corner this seat plans to settle."""
        state, seat = d.state, d.seat
        layout = state.layout
        planned = set()
        for v, path in reachable_spots(state, seat, 2).items():
            planned.add(v)
            if path:
                planned.update(w for e in path for w in board.EDGE_VERTICES[e])
        rivals = set()
        for p in range(state.players):
            if p != seat:
                rivals.update(v for v, path in reachable_spots(state, p, 1).items())

        def score(v):
            mine = sum(board.PIPS[layout.numbers[h]] for h in board.VERTEX_HEXES[v] if layout.numbers[h] is not None
                       and any(state.vertex_owner[w] == seat for w in board.HEX_VERTICES[h]))
            value = 0.3 * mine + (4.0 if v in rivals and distance_ok(state.vertex_owner, v) else 0.0)
            return value - (6.0 if v in planned else 0.0)

        return max(spots, key=score)
