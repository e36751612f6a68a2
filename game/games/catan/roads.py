"""Longest Road, for every Catan variant: a colour's longest trail, and who holds the card.

``blockers[v]`` is the seat whose piece stands on corner ``v`` (-1 for none): another colour's
piece there ends a trail (it may end there, not pass).
"""

from __future__ import annotations

from game.games.catan.board import EDGE_VERTICES
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
        part = [corner]
        reached.add(corner)
        for u in part:
            for _, w in adjacent[u]:
                if w not in reached:
                    reached.add(w)
                    part.append(w)
        roads = sum(len(adjacent[u]) for u in part) // 2
        if roads <= best:
            continue
        length = _path_length(adjacent, part) if roads == len(part) - 1 else _trail_length(adjacent, part, roads)
        best = max(best, length)
    return best


def _farthest(adjacent, start) -> tuple:
    """The corner farthest from ``start`` in a part without a loop, and how far it is."""
    distance = {start: 0}
    stack = [start]
    far, most = start, 0
    while stack:
        u = stack.pop()
        d = distance[u] + 1
        for _, w in adjacent[u]:
            if w not in distance:
                distance[w] = d
                stack.append(w)
                if d > most:
                    far, most = w, d
    return far, most


def _path_length(adjacent, part) -> int:
    """The longest path of a part without a loop: the farthest corner from the farthest corner."""
    far, _ = _farthest(adjacent, part[0])
    return _farthest(adjacent, far)[1]


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
