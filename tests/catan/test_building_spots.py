"""The quick checks of where pieces may go agree with the full searches, on crowded random islands."""

from __future__ import annotations

import random

from game.games.catan.board import NUM_EDGES, NUM_VERTICES, VERTEX_NEIGHBOURS
from game.games.catan.building import can_build_road, is_road_spot, open_corners, places_of, road_spots


def random_boards(count: int, seed: int = 7):
    """Edge owners, building owners and blockers of four colours, from nearly empty to crowded."""
    rng = random.Random(seed)
    for _ in range(count):
        empty = [-1] * rng.randrange(0, 12)
        yield ([rng.choice(empty + [0, 1, 2, 3]) for _ in range(NUM_EDGES)],
               [rng.choice(empty + [-1, 0, 1, 2, 3]) for _ in range(NUM_VERTICES)], rng.randrange(4))


def test_a_path_is_a_road_spot_exactly_when_the_search_of_the_island_lists_it():
    for edge_owner, blockers, seat in random_boards(400):
        spots = set(road_spots(edge_owner, blockers, seat))
        assert {e for e in range(NUM_EDGES) if is_road_spot(edge_owner, blockers, seat, e)} == spots
        assert can_build_road(edge_owner, blockers, seat) == bool(spots)


def test_places_of_lists_every_index_of_a_colour_in_order():
    for edge_owner, _, seat in random_boards(100):
        assert places_of(edge_owner, seat) == [e for e, owner in enumerate(edge_owner) if owner == seat]
    assert places_of([-1] * NUM_EDGES, 0) == []


def test_open_corners_are_the_corners_the_distance_rule_leaves_free():
    for _, vertex_owner, _ in random_boards(100):
        free = [v for v in range(NUM_VERTICES)
                if vertex_owner[v] < 0 and all(vertex_owner[n] < 0 for n in VERTEX_NEIGHBOURS[v])]
        assert open_corners(vertex_owner) == free
