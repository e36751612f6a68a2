"""Whole games, random and by the AI, with the invariants checked after every action."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import Budget, ISMCTSAgent
from game.core.rules import CHANCE, action_key
from game.games.cannonades.ai import CannonadesAgent, evaluate, policy
from game.games.cannonades.rules import IS_SHIP, MAX_SHIPS, NUM_KINDS, OPTION_CHOICES, RULES, UNKNOWN
from tests.support import config_for, play_checked

pytestmark = pytest.mark.slow


def check_invariants(state):
    """Every card exactly once, areas of ships only and at most 4, eliminated players empty-handed."""
    counts = Counter(state.discard + state.spoils)
    for k, n in enumerate(state.pile):
        counts[k] += n
    for seat in range(state.players):
        counts.update(state.hands[seat])
        counts.update(state.ships[seat])
        assert len(state.ships[seat]) <= MAX_SHIPS
        assert len(state.ships[seat]) == len(state.up[seat])
        assert all(IS_SHIP[k] for k in state.ships[seat])
        if not state.alive[seat]:
            assert not state.hands[seat] and not state.ships[seat]
    assert [counts[k] for k in range(NUM_KINDS)] == list(state.deck)
    assert state.pile_size == sum(state.pile)
    assert state.alive_count() >= 1
    assert sorted(state.eliminated) == [s for s in range(state.players) if not state.alive[s]]
    if state.phase == "over":
        assert state.alive_count() == 1 or state.standoff
    elif state.phase != "start":
        assert state.standoff or state.pile_size > 0


RANDOM_CHUNKS, RANDOM_PER_CHUNK = 4, 110
AI_CHUNKS, AI_PER_CHUNK = 4, 25


def test_the_fuzz_plays_at_least_500_games_of_every_size():
    assert RANDOM_CHUNKS * RANDOM_PER_CHUNK + AI_CHUNKS * AI_PER_CHUNK >= 500
    assert {2 + i % 4 for i in range(RANDOM_PER_CHUNK)} == {2 + i % 4 for i in range(AI_PER_CHUNK)} == {2, 3, 4, 5}


def random_options(rng: random.Random) -> dict:
    return {key: rng.choice(choices) for key, choices in OPTION_CHOICES.items()}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(RANDOM_CHUNKS))
def test_random_games_keep_the_invariants(chunk):
    for index in range(RANDOM_PER_CHUNK):
        seed = chunk * 1000 + index
        rng = random.Random(seed)
        players = 2 + index % 4
        options = random_options(rng) if index % 3 == 0 else {}
        play_checked(RULES, config_for(players, options), seed, check_invariants, roundtrip_every=7)


def cheap_agent():
    return CannonadesAgent(ISMCTSAgent(Budget(iterations=4), evaluate=evaluate, policy=policy,
                                       rollout_depth=6))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(AI_CHUNKS))
def test_ai_games_keep_the_invariants(chunk):
    for index in range(AI_PER_CHUNK):
        seed = 50_000 + chunk * 100 + index
        players = 2 + index % 4
        agents = {seat: cheap_agent() for seat in range(0, players, 2)}
        play_checked(RULES, config_for(players), seed, check_invariants, agents=agents)


@pytest.mark.slow
def test_policy_games_always_end_with_a_result():
    for seed in range(40):
        rng = random.Random(seed)
        state = RULES.new_game(config_for(2 + seed % 4))
        while (seat := RULES.to_act(state)) is not None:
            action = RULES.sample_chance(state, rng) if seat == CHANCE else policy(RULES, state, seat, rng)
            assert action_key(action) in {action_key(a) for a in RULES.legal_actions(state)}
            RULES.apply(state, action)
            check_invariants(state)
        assert RULES.result(state) is not None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), steps=st.integers(0, 150), seat=st.integers(0, 4))
def test_observation_hides_exactly_what_the_seat_may_not_know(seed, players, steps, seat):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(players))
    for _ in range(steps):
        actor = RULES.to_act(state)
        if actor is None:
            break
        RULES.apply(state, RULES.sample_chance(state, rng) if actor == CHANCE
                    else rng.choice(RULES.legal_actions(state)))
    seat %= players
    seen = RULES.observe(state, seat)
    assert seen.pile is None and seen.pile_size == state.pile_size
    assert seen.hands[seat] == state.hands[seat] and seen.discard == state.discard
    for other in range(players):
        assert len(seen.hands[other]) == len(state.hands[other])
        if other != seat:
            assert set(seen.hands[other]) <= {UNKNOWN}
        for shown, real, up in zip(seen.ships[other], state.ships[other], state.up[other], strict=True):
            assert shown == (real if up or other == seat else UNKNOWN)
    sample = RULES.determinize(seen, seat, rng)
    check_invariants(sample)
    assert sample.hands[seat] == state.hands[seat] and sample.ships[seat] == state.ships[seat]
    for other in range(players):
        assert [k for k, up in zip(sample.ships[other], sample.up[other], strict=False) if up] == \
               [k for k, up in zip(state.ships[other], state.up[other], strict=False) if up]
