"""Where pieces may go, for every Catan variant: the set-up order, roads and settlements.

Pure functions over the plain lists of a position. ``blockers[v]`` is the seat whose piece stands
on corner ``v`` (-1 for none): the buildings in base Catan (the list of building owners itself), the
buildings and the knights in Cities & Knights. Another colour's blocker ends a road: nobody builds
past it. The distance rule itself counts buildings only.
"""

from __future__ import annotations

from game.games.catan.board import EDGE_VERTICES, NUM_VERTICES, VERTEX_EDGES, VERTEX_NEIGHBOURS


def places_of(owners, seat: int) -> list[int]:
    """The indices where ``owners`` holds ``seat`` (a colour's roads or buildings), in order, found by the
    list's own search: a colour holds few of the island's places."""
    found = []
    at = -1
    try:
        while True:
            at = owners.index(seat, at + 1)
            found.append(at)
    except ValueError:
        return found


def distance_ok(vertex_owner, v: int) -> bool:
    """The distance rule: ``v`` and its neighbours are all empty."""
    if vertex_owner[v] >= 0:
        return False
    return all(vertex_owner[n] < 0 for n in VERTEX_NEIGHBOURS[v])


def open_corners(vertex_owner) -> list[int]:
    """Every corner the distance rule leaves free, in order: no building on it or next to it."""
    taken = set()
    for v, owner in enumerate(vertex_owner):
        if owner >= 0:
            taken.add(v)
            taken.update(VERTEX_NEIGHBOURS[v])
    return [v for v in range(NUM_VERTICES) if v not in taken]


def setup_seat(first: int, index: int, players: int) -> int:
    """Who places the ``index``-th set-up piece pair: up the seats from ``first``, then back down."""
    return (first + (index if index < players else 2 * players - 1 - index)) % players


def road_spots(edge_owner, blockers, seat: int) -> list[int]:
    """Empty paths touching ``seat``'s piece, or its road at a corner no other colour blocks."""
    ends = set(places_of(blockers, seat))
    for e in places_of(edge_owner, seat):
        a, b = EDGE_VERTICES[e]
        ends.add(a)
        ends.add(b)
    spots = set()
    for v in ends:
        owner = blockers[v]
        if owner < 0 or owner == seat:
            for e in VERTEX_EDGES[v]:
                if edge_owner[e] < 0:
                    spots.add(e)
    return sorted(spots)


def is_road_spot(edge_owner, blockers, seat: int, e: int) -> bool:
    """Whether path ``e`` is one of ``road_spots``: empty, at a corner holding ``seat``'s piece, or an
    unblocked corner of its road (a check of the path's own corners rather than a search of the island)."""
    if edge_owner[e] >= 0:
        return False
    for v in EDGE_VERTICES[e]:
        owner = blockers[v]
        if owner == seat:
            return True
        if owner < 0:
            for f in VERTEX_EDGES[v]:
                if edge_owner[f] == seat:
                    return True
    return False


def can_build_road(edge_owner, blockers, seat: int) -> bool:
    """Whether ``road_spots`` would find anything (stops at the first empty path)."""
    for e in places_of(edge_owner, seat):
        for v in EDGE_VERTICES[e]:
            owner = blockers[v]
            if owner < 0 or owner == seat:
                for f in VERTEX_EDGES[v]:
                    if edge_owner[f] < 0:
                        return True
    for v in places_of(blockers, seat):
        for f in VERTEX_EDGES[v]:
            if edge_owner[f] < 0:
                return True
    return False


def settlement_spots(edge_owner, vertex_owner, seat: int, blockers=None) -> list[int]:
    """Empty corners on ``seat``'s roads with no building next to them (and, where ``blockers``
    are given, no piece such as a knight on them)."""
    spots = set()
    for e in places_of(edge_owner, seat):
        for v in EDGE_VERTICES[e]:
            if vertex_owner[v] < 0 and v not in spots and (blockers is None or blockers[v] < 0):
                for n in VERTEX_NEIGHBOURS[v]:
                    if vertex_owner[n] >= 0:
                        break
                else:
                    spots.add(v)
    return sorted(spots)
