"""Whole games, random and AI, with the invariants checked after every action."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import Agent
from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.ai import make_agent
from game.games.catan.rules import RULES, public_points
from game.games.catan.trade import harbour_rates
from tests.catan.helpers import reference_road_length
from tests.support import config_for, legality_agent, play_checked

pytestmark = pytest.mark.slow

_BOARD_CACHE = {}


def board_recount(state):
    """Pieces, road lengths and harbour rates per seat from scratch (cached per board, which
    changes rarely)."""
    key = (state.layout, state.players, tuple(state.edge_owner), tuple(state.vertex_owner),
           tuple(state.vertex_level))
    found = _BOARD_CACHE.get(key)
    if found is None:
        if len(_BOARD_CACHE) > 50_000:
            _BOARD_CACHE.clear()
        for v in range(54):
            if state.vertex_owner[v] >= 0:
                assert all(state.vertex_owner[w] < 0 for w in board.VERTEX_NEIGHBOURS[v]), "distance rule"
        pieces = [[0, 0, 0] for _ in range(state.players)]
        for owner in state.edge_owner:
            if owner >= 0:
                pieces[owner][0] += 1
        for v in range(54):
            if state.vertex_owner[v] >= 0:
                pieces[state.vertex_owner[v]][state.vertex_level[v]] += 1
        lengths = [reference_road_length(state.edge_owner, state.vertex_owner, p) for p in range(state.players)]
        rates = [tuple(harbour_rates(state.layout, state.vertex_owner, p)) for p in range(state.players)]
        found = _BOARD_CACHE[key] = (pieces, lengths, rates)
    return found


def check(state):
    """Conservation of cards, piece limits, points and road lengths against a recount."""
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
    assert state.deck_count == sum(state.deck)
    assert sum(state.new_devs) == state.new_dev_count
    assert all(new <= held for new, held in zip(state.new_devs, state.devs[state.current], strict=True))
    pieces, lengths, rates = board_recount(state)
    assert state.pieces == pieces and state.road_lengths == lengths and state.rates == rates
    for seat in range(state.players):
        roads, settlements, cities = pieces[seat]
        assert roads <= 15 and settlements <= 5 and cities <= 4
        recount = settlements + 2 * cities + 2 * (state.longest_road == seat) + 2 * (state.largest_army == seat)
        assert public_points(state, seat) == recount
    if state.longest_road >= 0:
        assert lengths[state.longest_road] == max(lengths) >= 5
    elif max(lengths) >= 5:
        assert lengths.count(max(lengths)) > 1
    if state.largest_army >= 0:
        knights = [p[0] for p in state.played]
        assert knights[state.largest_army] >= 3 and knights[state.largest_army] == max(knights)
    if state.phase == "over":
        assert state.winner == state.current


OPTIONS = [{}, {"numbers": "random"}, {"layout": "beginner"}, {"layout": "beginner", "start_positions": False},
           {"friendly_robber": True, "victory_points": 8}]
BUILDS = frozenset(("road", "settlement", "city", "buy", "play"))


class BuilderAgent(Agent):
    """Random, but building whenever it can and rarely negotiating: games end in fewer turns."""

    def choose(self, ruleset, observation, seat, rng):
        actions = ruleset.legal_actions(observation)
        builds = [a for a in actions if a["type"] in BUILDS]
        if builds and rng.random() < 0.85:
            return rng.choice(builds)
        calm = [a for a in actions if a["type"] != "trade"]
        if calm and rng.random() < 0.95:
            return rng.choice(calm)
        return rng.choice(actions)


@pytest.mark.parametrize("chunk", range(2))
def test_uniformly_random_games_keep_the_invariants(chunk):
    for k in range(10):
        seed = chunk * 1000 + k
        play_checked(RULES, config_for(4, OPTIONS[seed % len(OPTIONS)]), seed, check)


@pytest.mark.parametrize("chunk", range(4))
def test_random_builder_games_keep_the_invariants(chunk):
    agents = {seat: BuilderAgent() for seat in range(4)}
    for k in range(30):
        seed = 10_000 + chunk * 1000 + k
        play_checked(RULES, config_for(4, OPTIONS[seed % len(OPTIONS)]), seed, check, agents=agents)


@given(st.integers(0, 2 ** 31), st.integers(20, 400))
@settings(max_examples=25, deadline=None)
def test_any_random_prefix_round_trips_and_observes_consistently(seed, steps):
    import random
    rng = random.Random(seed)
    state = RULES.new_game(config_for(3 + seed % 2))
    for _ in range(steps):
        seat = RULES.to_act(state)
        if seat is None:
            break
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
        check(state)
    assert RULES.to_json(RULES.from_json(RULES.to_json(state))) == RULES.to_json(state)
    for seat in range(state.players):
        seen = RULES.observe(state, seat)
        full = RULES.determinize(seen, seat, rng)
        check(full)
        assert full.hands[seat] == state.hands[seat]


@pytest.mark.parametrize("chunk", range(3))
def test_ai_games_keep_the_invariants(chunk):
    for k in range(14):
        seed = 500 + chunk * 100 + k
        levels = ["easy", "normal", "hard", "easy"]
        agents = {seat: legality_agent(make_agent, levels[(seat + seed) % 4]) for seat in range(4)}
        if k % 2:
            agents.pop(seed % 4)  # one uniformly random seat now and then
        play_checked(RULES, config_for(4, OPTIONS[seed % len(OPTIONS)]), seed, check, agents=agents)
