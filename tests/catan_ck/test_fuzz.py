"""Whole Cities & Knights games, random and with AI seats, with the invariants checked after every action:
cards and progress cards conserved, pieces and knights within their limits and matching the board,
points and road lengths recomputed, what a seat sees giving it the same choices, bad actions refused
without a trace, and the notation round-tripping."""

import json
import random

import pytest

from game.ai.base import Budget
from game.core.rules import CHANCE, IllegalAction, action_key
from game.games.catan_ck.ai import make_agent
from game.games.catan_ck.rules import RULES
from tests.catan_ck.helpers import check
from tests.support import config_for

OPTIONS = [{}, {"numbers": "random"}, {"layout": "beginner"}, {"victory_points": 10}]
BAD_VALUES = (-1, 54, 99, "x", None, [1], True)


def mutations(action, rng):
    """The action with one of its values spoiled."""
    for key in action:
        if key != "type":
            spoiled = dict(action)
            spoiled[key] = rng.choice(BAD_VALUES)
            yield spoiled
    yield {**action, "type": "fly"}


def assert_refused(state, action):
    probe = RULES.clone(state)
    before = RULES.to_json(probe)
    with pytest.raises(IllegalAction):
        RULES.apply(probe, action)
    assert RULES.to_json(probe) == before, f"refusing {action} changed the position"


def try_bad_actions(state, pool, rng):
    """Actions seen elsewhere in the game and spoiled legal ones must be refused when not legal here."""
    legal = {action_key(a) for a in RULES.legal_actions(state)}
    candidates = rng.sample(list(pool.values()), min(6, len(pool)))
    for action in RULES.legal_actions(state)[:3]:
        candidates += list(mutations(action, rng))
    for action in candidates:
        try:
            key = action_key(action)
        except TypeError:
            continue
        if key not in legal:
            assert_refused(state, action)


def play_checked_game(seed: int, players: int, agents=None, bad_every: int = 5):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(players, OPTIONS[seed % len(OPTIONS)]))
    agents = agents or {}
    pool = {}
    steps = 0
    while (seat := RULES.to_act(state)) is not None:
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        else:
            actions = RULES.legal_actions(state)
            for a in actions[:20]:
                if len(pool) < 3000:
                    pool.setdefault(action_key(a), a)
            seen = RULES.observe(state, seat)
            full = RULES.determinize(seen, seat, rng)
            assert sorted(map(action_key, RULES.legal_actions(full))) == sorted(map(action_key, actions)), state.phase
            check(full)
            if seat in agents:
                action = agents[seat].choose(RULES, seen, seat, random.Random(seed * 7919 + steps))
                assert action_key(action) in set(map(action_key, actions))
            else:
                action = rng.choice(actions)
        if steps % bad_every == 0:
            try_bad_actions(state, pool, rng)
        RULES.apply(state, action)
        check(state)
        steps += 1
        if steps % 20 == 0:
            data = json.loads(json.dumps(RULES.to_json(state)))
            assert RULES.to_json(RULES.from_json(data)) == data
            for viewer in range(players):
                seen = json.loads(json.dumps(RULES.to_json(RULES.observe(state, viewer))))
                assert RULES.to_json(RULES.from_json(seen)) == seen
        assert steps < 30_000, "game did not end"
    assert RULES.result(state) is not None
    return state, steps


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
def test_random_games_keep_the_invariants(chunk):
    """Each chunk plays every table option once, at three and four players in turn."""
    for k in range(4):
        seed = chunk * 100 + k
        play_checked_game(seed, 3 + seed % 2)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
def test_ai_and_random_games_keep_the_invariants(chunk):
    for k in range(2):
        seed = 1000 + chunk * 100 + k
        agents = {seat: make_agent(("normal", "hard")[(seat + k) % 2], Budget(iterations=8))
                  for seat in range(0, 4, 2)}
        play_checked_game(seed, 4, agents, bad_every=11)
