"""Longest Road, for every Catan variant: a colour's longest trail, and who holds the card.

``blockers[v]`` is the seat whose piece stands on corner ``v`` (-1 for none): another colour's
piece there ends a trail (it may end there, not pass).
"""

from __future__ import annotations

from game.games.catan.board import EDGE_OTHER_END, EDGE_VERTICES, VERTEX_EDGES
from game.games.catan.building import places_of

LONGEST_ROAD_MINIMUM = 5


def award_longest_road(lengths, holder: int, minimum: int = LONGEST_ROAD_MINIMUM) -> int:
    """The Longest Road holder after a change of lengths (-1: set aside). The holder keeps it on a
    tie; when several tie for a vacated lead, nobody holds it. With another ``minimum`` it awards a
    card held the same way (Largest Army where played knights can be given up)."""
    best = max(lengths)
    if best < minimum:
        return -1
    if holder >= 0 and lengths[holder] == best:
        return holder
    leaders = [seat for seat, length in enumerate(lengths) if length == best]
    return leaders[0] if len(leaders) == 1 else -1


def road_length(edge_owner, blockers, seat: int) -> int:
    """The longest trail of ``seat``'s roads: pieces counted once, loops allowed, another colour's
    blocker ends a trail (it may end there, not pass).

    A blocked corner is split into one end per road that reaches it, which leaves a plain network
    whose every part is measured on its own: a part without a loop (the usual case) by its longest
    path, found by two sweeps, and a part with a loop by a walk over its trails."""
    adjacent = {}
    for e in places_of(edge_owner, seat):
        a, b = EDGE_VERTICES[e]
        if 0 <= blockers[a] != seat:
            a = (a, e)
        if 0 <= blockers[b] != seat:
            b = (b, e)
        bit = 1 << e
        adjacent.setdefault(a, []).append((bit, b))
        adjacent.setdefault(b, []).append((bit, a))
    best = 0
    reached = set()
    for corner in adjacent:
        if corner in reached:
            continue
        distance = _distances(adjacent, corner)
        reached.update(distance)
        roads = sum(map(len, map(adjacent.__getitem__, distance))) // 2
        if roads <= best:
            continue
        if roads == len(distance) - 1:
            length = max(_distances(adjacent, max(distance, key=distance.__getitem__)).values())
        else:
            length = _trail_length(adjacent, list(distance), roads)
        if length > best:
            best = length
    return best


def length_through(edge_owner, blockers, seat: int, e: int) -> int:
    """At least the longest trail that takes ``seat``'s road ``e``, at most the colour's road length: a new
    road only adds trails through it, so the colour's length after building ``e`` is the larger of this and
    its length before.

    A road with one end joined to the colour's other roads (the usual way a road is built) adds the
    longest trail from that end; one that joins two ends has the colour's roads measured again."""
    joined = []
    for v in EDGE_VERTICES[e]:
        if not 0 <= blockers[v] != seat:
            for f in VERTEX_EDGES[v]:
                if f != e and edge_owner[f] == seat:
                    joined.append(v)
                    break
    if len(joined) < 2:
        return 1 + _deepest_trail(edge_owner, blockers, seat, joined[0], e) if joined else 1
    return road_length(edge_owner, blockers, seat)


def _deepest_trail(edge_owner, blockers, seat: int, start: int, e: int) -> int:
    """The longest trail from corner ``start`` along ``seat``'s roads other than ``e``: every way on is
    followed (a part without a loop has one way to each road)."""
    deepest = 0
    stack = [(start, 1 << e, 0)]  # a corner, the roads taken to it (bit per path), how many
    while stack:
        v, taken, depth = stack.pop()
        if depth > deepest:
            deepest = depth
        if depth and 0 <= blockers[v] != seat:
            continue  # another colour's piece ends the trail
        for f in VERTEX_EDGES[v]:
            if edge_owner[f] == seat and not taken >> f & 1:
                stack.append((EDGE_OTHER_END[f][v], taken | 1 << f, depth + 1))
    return deepest


def _distances(adjacent, start) -> dict:
    """Each corner of ``start``'s part, with how far it lies from ``start`` along the search's tree: in a part
    without a loop, its only path."""
    distance = {start: 0}
    stack = [start]
    while stack:
        u = stack.pop()
        d = distance[u] + 1
        for _, w in adjacent[u]:
            if w not in distance:
                distance[w] = d
                stack.append(w)
    return distance


def _trail_length(adjacent, part, roads: int) -> int:
    """The longest trail of a part with a loop, walked from every dead end and fork (a plain ring
    from any corner), stopping once one trail takes every road."""
    starts = [v for v in part if len(adjacent[v]) != 2] or part[:1]
    best = 0

    def walk(v, used, length):
        nonlocal best
        if length > best:
            best = length
        for bit, w in adjacent[v]:
            if not used & bit:
                walk(w, used | bit, length + 1)

    for v in starts:
        walk(v, 0, 0)
        if best == roads:
            break
    return best
