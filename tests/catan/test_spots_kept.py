"""What the engine keeps between actions (the spots found once per board, each road length raised by the
part a new road joins) is what a search of the board from scratch finds, all game long."""

from __future__ import annotations

import random

from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games.catan.board import EDGE_VERTICES, VERTEX_EDGES
from game.games.catan.building import places_of, road_spots, settlement_spots
from game.games.catan.roads import length_through, road_length
from game.games.catan.rules import RULES
from tests.catan.test_road_length import random_network


def played_positions(seed: int, steps: int = 700):
    """Each position of a random four-player game, the next action already applied to a copy first (so the
    spots it found are shared with the copy, as in a search)."""
    rng = random.Random(seed)
    state = RULES.new_game(GameConfig(tuple(SeatConfig("ai") for _ in range(4)), {}))
    for _ in range(steps):
        seat = RULES.to_act(state)
        if seat is None:
            return
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state.copy(), action)
        RULES.apply(state, action)
        yield state


def test_the_spots_kept_are_the_spots_on_the_board_after_every_action():
    for state in played_positions(5):
        if state.layout is None:
            continue
        for seat in range(state.players):
            assert RULES.road_spots(state, seat) == road_spots(state.edge_owner, state.vertex_owner, seat)
            assert RULES.settlement_spots(state, seat) == settlement_spots(state.edge_owner, state.vertex_owner,
                                                                           seat)
            settlements = [v for v in places_of(state.vertex_owner, seat) if state.vertex_level[v] == 1]
            assert RULES.city_spots(state, seat) == (settlements if state.pieces[seat][2] < 4 else [])
            assert state.road_lengths[seat] == road_length(state.edge_owner, state.vertex_owner, seat)


def test_a_road_built_on_a_copy_leaves_the_spots_of_the_original():
    for state in played_positions(9, 400):
        if state.phase == "main":
            seat = state.current
            spots = RULES.road_spots(state, seat)
            if spots:
                copy = state.copy()
                copy.hands[seat][:2] = [1, 1]
                RULES.apply(copy, {"type": "road", "edge": spots[0]})
                assert spots[0] not in RULES.road_spots(copy, seat)
                assert RULES.road_spots(state, seat) == spots
                return
    raise AssertionError("no road was possible")


def test_a_new_road_changes_the_length_by_its_own_part_alone():
    rng = random.Random(11)
    for _ in range(300):
        colours, edge_owner, blockers = random_network(rng)
        seat = rng.randrange(colours)
        free = [e for e, owner in enumerate(edge_owner) if owner < 0]
        joined = [e for e in free if any(edge_owner[f] == seat for v in EDGE_VERTICES[e] for f in VERTEX_EDGES[v])]
        e = rng.choice(joined if joined and rng.random() < 0.8 else free)
        before = road_length(edge_owner, blockers, seat)
        edge_owner[e] = seat
        assert max(before, length_through(edge_owner, blockers, seat, e)) == road_length(edge_owner, blockers, seat)
