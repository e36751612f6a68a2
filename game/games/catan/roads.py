"""Longest Road, for every Catan variant: a colour's longest trail, and who holds the card.

``blockers[v]`` is the seat whose piece stands on corner ``v`` (-1 for none): another colour's
piece there ends a trail (it may end there, not pass).
"""

from __future__ import annotations

from game.games.catan.board import EDGE_VERTICES, NUM_EDGES

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
    blocker ends a trail (it may end there, not pass)."""
    adjacent = {}
    total = 0
    for e in range(NUM_EDGES):
        if edge_owner[e] == seat:
            a, b = EDGE_VERTICES[e]
            bit = 1 << e
            adjacent.setdefault(a, []).append((bit, b))
            adjacent.setdefault(b, []).append((bit, a))
            total += 1
    if not total:
        return 0
    blocked = {v for v in adjacent if blockers[v] >= 0 and blockers[v] != seat}
    # A longest trail starts at a dead end, a fork or a blocked corner, unless its part of the
    # network is a plain ring; one corner of each such ring is added below.
    starts = [v for v, links in adjacent.items() if len(links) != 2 or v in blocked]
    reached = set(starts)
    stack = list(starts)
    for v in list(adjacent):
        if v not in reached:
            starts.append(v)
            reached.add(v)
            stack.append(v)
        while stack:
            u = stack.pop()
            for _, w in adjacent[u]:
                if w not in reached:
                    reached.add(w)
                    stack.append(w)
    best = 0

    def walk(v, used, length):
        nonlocal best
        if length > best:
            best = length
        if length and v in blocked:
            return
        for bit, w in adjacent[v]:
            if not used & bit:
                walk(w, used | bit, length + 1)

    for v in starts:
        walk(v, 0, 0)
        if best == total:
            break
    return best
