"""Whole Catan-for-two games, random and AI, with the invariants checked after every action: cards and
tokens conserved, the neutral pieces legal and within their limits, the board recounted."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.trade import harbour_rates
from game.games.catan.two_player import NEUTRAL_COLOURS, NEUTRAL_STARTS, TOKEN_TOTAL
from game.games.catan_2p.ai import make_agent
from game.games.catan_2p.rules import RULES
from tests.catan.helpers import reference_road_length
from tests.catan.test_fuzz import BuilderAgent
from tests.support import config_for, legality_agent, play_checked

pytestmark = pytest.mark.slow
COLOURS = 4
_BOARD_CACHE = {}


def connected_to_start(state, colour: int) -> bool:
    """Every road of ``colour`` reaches its starting settlement along its own roads."""
    reached = {NEUTRAL_STARTS[NEUTRAL_COLOURS.index(colour)]}
    roads = [e for e in range(board.NUM_EDGES) if state.edge_owner[e] == colour]
    grown = True
    while grown:
        grown = False
        for e in roads:
            ends = set(board.EDGE_VERTICES[e])
            if ends & reached and not ends <= reached:
                reached |= ends
                grown = True
    return all(set(board.EDGE_VERTICES[e]) <= reached for e in roads)


def board_recount(state):
    """Pieces, road lengths and harbour rates per colour from scratch, and the neutral pieces' legality
    (cached per board)."""
    key = (state.layout, tuple(state.edge_owner), tuple(state.vertex_owner), tuple(state.vertex_level))
    found = _BOARD_CACHE.get(key)
    if found is None:
        if len(_BOARD_CACHE) > 50_000:
            _BOARD_CACHE.clear()
        for v in range(board.NUM_VERTICES):
            if state.vertex_owner[v] >= 0:
                assert all(state.vertex_owner[w] < 0 for w in board.VERTEX_NEIGHBOURS[v]), "distance rule"
        pieces = [[0, 0, 0] for _ in range(COLOURS)]
        for owner in state.edge_owner:
            if owner >= 0:
                pieces[owner][0] += 1
        for v in range(board.NUM_VERTICES):
            if state.vertex_owner[v] >= 0:
                pieces[state.vertex_owner[v]][state.vertex_level[v]] += 1
        for colour, start in zip(NEUTRAL_COLOURS, NEUTRAL_STARTS, strict=True):
            assert state.vertex_owner[start] == colour and pieces[colour][2] == 0
            assert pieces[colour][0] <= 15 and pieces[colour][1] <= 5
            for v in range(board.NUM_VERTICES):
                if state.vertex_owner[v] == colour and v != start:
                    roads = board.VERTEX_EDGES[v]
                    assert any(state.edge_owner[e] == colour for e in roads), "a neutral settlement alone"
            assert connected_to_start(state, colour), "a neutral road off its network"
        lengths = [reference_road_length(state.edge_owner, state.vertex_owner, p) for p in range(COLOURS)]
        rates = [tuple(harbour_rates(state.layout, state.vertex_owner, p)) for p in range(COLOURS)]
        found = _BOARD_CACHE[key] = (pieces, lengths, rates)
    return found


def check(state):
    if state.layout is None:
        return
    cards = list(state.bank)
    for hand in state.hands:
        assert min(hand) >= 0
        cards = [a + b for a, b in zip(cards, hand, strict=True)]
    assert min(state.bank) >= 0 and cards == [board.PER_RESOURCE] * 5
    devs = list(state.deck)
    for held in state.devs + state.played:
        devs = [a + b for a, b in zip(devs, held, strict=True)]
    assert min(state.deck) >= 0 and devs == list(board.DEV_DECK)
    assert min(state.tokens) >= 0 and state.token_supply >= 0 and sum(state.tokens) + state.token_supply == TOKEN_TOTAL
    if state.first is None or state.first < 0:
        return
    pieces, lengths, rates = board_recount(state)
    assert state.pieces == pieces and state.road_lengths == lengths and state.rates == rates
    for seat in range(2):
        roads, settlements, cities = pieces[seat]
        assert roads <= 15 and settlements <= 5 and cities <= 4
        recount = settlements + 2 * cities + 2 * (state.longest_road == seat) + 2 * (state.largest_army == seat)
        assert RULES.public_points(state, seat) == recount
        assert 0 <= state.knights_returned[seat] <= state.played[seat][board.KNIGHT]
    if state.longest_road >= 0:
        assert lengths[state.longest_road] == max(lengths) >= 5
    elif max(lengths) >= 5:
        assert lengths.count(max(lengths)) > 1
    if state.largest_army >= 0:
        armies = [RULES.army_size(state, p) for p in range(2)]
        assert armies[state.largest_army] >= 3 and armies[state.largest_army] == max(armies)
    assert bool(state.neutral_due) == (state.phase == "neutral") or state.phase == "over"
    assert (state.forced is not None) == (state.phase in ("forced_draw", "forced_give")) or state.phase == "over"
    if state.phase == "main":
        assert state.rolls == 2 and sum(state.dice) != state.first_total
    if state.phase == "over":
        assert state.winner == state.current


OPTIONS = [{}, {"numbers": "random"}, {"layout": "beginner"}, {"friendly_robber": True, "victory_points": 8}]


@pytest.mark.parametrize("chunk", range(2))
def test_uniformly_random_games_keep_the_invariants(chunk):
    for k in range(8):
        seed = chunk * 1000 + k
        play_checked(RULES, config_for(2, OPTIONS[seed % len(OPTIONS)]), seed, check)


@pytest.mark.parametrize("chunk", range(3))
def test_random_builder_games_keep_the_invariants(chunk):
    agents = {seat: BuilderAgent() for seat in range(2)}
    for k in range(30):
        seed = 10_000 + chunk * 1000 + k
        play_checked(RULES, config_for(2, OPTIONS[seed % len(OPTIONS)]), seed, check, agents=agents)


@pytest.mark.parametrize("chunk", range(2))
def test_ai_games_keep_the_invariants(chunk):
    for k in range(8):
        seed = 500 + chunk * 100 + k
        levels = ("easy", "normal", "hard")
        agents = {seat: legality_agent(make_agent, levels[(seat + seed) % 3]) for seat in range(2)}
        if k % 3 == 2:
            agents.pop(seed % 2)  # a uniformly random seat now and then
        play_checked(RULES, config_for(2, OPTIONS[seed % len(OPTIONS)]), seed, check, agents=agents)


@given(st.integers(0, 2 ** 31), st.integers(20, 600))
@settings(max_examples=25, deadline=None)
def test_any_random_prefix_round_trips_and_observes_consistently(seed, steps):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(2, OPTIONS[seed % len(OPTIONS)]))
    for _ in range(steps):
        seat = RULES.to_act(state)
        if seat is None:
            break
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
        check(state)
    assert RULES.to_json(RULES.from_json(RULES.to_json(state))) == RULES.to_json(state)
    for seat in range(2):
        seen = RULES.observe(state, seat)
        assert seen.tokens == state.tokens and seen.hands[1 - seat] is None
        full = RULES.determinize(seen, seat, rng)
        check(full)
        assert full.hands[seat] == state.hands[seat]
