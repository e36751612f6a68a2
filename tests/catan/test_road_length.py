"""Longest Road's length against a plain walk of every trail from every corner, on random networks
of several colours with blocking pieces, loops and forks included."""

from __future__ import annotations

import random

from game.games.catan.board import EDGE_VERTICES, HEX_EDGES, NUM_EDGES, NUM_VERTICES, VERTEX_EDGES
from game.games.catan.roads import road_length


def every_trail(edge_owner, blockers, seat: int) -> int:
    """The longest trail by brute force: from every corner, every way on along unused roads of
    ``seat``, never through a corner another colour's piece stands on."""
    best = 0

    def walk(v, used, length):
        nonlocal best
        best = max(best, length)
        if length and 0 <= blockers[v] != seat:
            return
        for e in range(NUM_EDGES):
            if edge_owner[e] == seat and e not in used and v in EDGE_VERTICES[e]:
                a, b = EDGE_VERTICES[e]
                walk(b if v == a else a, used | {e}, length + 1)

    for v in range(NUM_VERTICES):
        walk(v, frozenset(), 0)
    return best


def random_network(rng: random.Random):
    """Roads and pieces of 2-4 colours, each colour's roads grown from a random path onto the paths next
    to them (forks and loops come of it), and a few pieces of any colour on the corners."""
    colours = rng.randint(2, 4)
    edge_owner = [-1] * NUM_EDGES
    for seat in range(colours):
        grown = [rng.randrange(NUM_EDGES)]
        for _ in range(rng.randint(0, 17)):
            v = rng.choice(EDGE_VERTICES[rng.choice(grown)])
            free = [e for e in VERTEX_EDGES[v] if edge_owner[e] < 0 and e not in grown]
            if free:
                grown.append(rng.choice(free))
        for e in grown:
            edge_owner[e] = seat
    blockers = [rng.randrange(colours) if rng.random() < 0.15 else -1 for _ in range(NUM_VERTICES)]
    return colours, edge_owner, blockers


def test_road_length_is_the_longest_trail_on_random_networks():
    rng = random.Random(32)
    for _ in range(120):
        colours, edge_owner, blockers = random_network(rng)
        for seat in range(colours):
            assert road_length(edge_owner, blockers, seat) == every_trail(edge_owner, blockers, seat)


def test_a_ring_counts_every_road_and_two_pieces_on_it_cut_it():
    ring = HEX_EDGES[0]  # paths 0-3, 0-4, 3-7, 4-8, 7-12, 8-12 around the first hex
    edge_owner = [0 if e in ring else -1 for e in range(NUM_EDGES)]
    blockers = [-1] * NUM_VERTICES
    assert road_length(edge_owner, blockers, 0) == 6
    blockers[0] = 1
    assert road_length(edge_owner, blockers, 0) == 6  # a trail may start and end where it may not pass
    blockers[12] = 1
    assert road_length(edge_owner, blockers, 0) == 3
    blockers[12] = 0
    assert road_length(edge_owner, blockers, 0) == 6  # the colour's own piece does not cut it
