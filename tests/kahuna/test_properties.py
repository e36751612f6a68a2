"""Property tests: invariants and hidden information hold whatever is played."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core.rules import CHANCE, action_key
from game.games.kahuna.board import LINE_IDS, THRESHOLD
from game.games.kahuna.rules import RULES
from tests.kahuna.helpers import check_invariants, position
from tests.support import config_for

OPTIONS = st.fixed_dictionaries({key: st.booleans() for key in
                                 ("destroy_own", "always_draw", "restricted_building", "early_end")})


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**20), choices=st.lists(st.integers(0, 10_000), max_size=250))
def test_any_play_keeps_the_invariants(options, seed, choices):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(2, options))
    for choice in choices:
        seat = RULES.to_act(state)
        if seat is None:
            break
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        else:
            actions = RULES.legal_actions(state)
            assert actions, "a seat to act always has a legal action"
            action = actions[choice % len(actions)]
        RULES.apply(state, action)
        check_invariants(state)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**20), steps=st.integers(10, 200), sample=st.integers(0, 1000))
def test_a_determinized_observation_has_the_same_public_position_and_choices(seed, steps, sample):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(2))
    for _ in range(steps):
        seat = RULES.to_act(state)
        if seat is None:
            return
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
    seat = RULES.to_act(state)
    if seat in (None, CHANCE):
        return
    full = RULES.determinize(RULES.observe(state, seat), seat, random.Random(sample))
    check_invariants(full)
    public = ("bridges", "stones", "display", "discards", "hand_sizes", "pile_size", "hidden_discard_sizes",
              "round", "turn", "points", "must_draw", "known")
    original, sampled = RULES.to_json(state), RULES.to_json(full)
    assert {k: original[k] for k in public} == {k: sampled[k] for k in public}
    assert sampled["hands"][seat] == original["hands"][seat]
    assert sorted(map(action_key, RULES.legal_actions(full))) == sorted(map(action_key, RULES.legal_actions(state)))


@settings(max_examples=100, deadline=None)
@given(owners=st.lists(st.sampled_from([None, 0, 1]), min_size=27, max_size=27))
def test_stones_always_follow_the_majorities(owners):
    assume(owners.count(0) <= 25 and owners.count(1) <= 25)
    bridges = {line: owner for line, owner in zip(LINE_IDS, owners, strict=True) if owner is not None}
    state = position(bridges=bridges)
    check_invariants(state)
    for island, threshold in enumerate(THRESHOLD):
        assert not (state.counts[0][island] >= threshold and state.counts[1][island] >= threshold)


@settings(max_examples=100, deadline=None)
@given(owners=st.lists(st.sampled_from([None, 0, 1]), min_size=27, max_size=27), pick=st.integers(0, 100))
def test_a_build_never_breaks_the_invariants_and_only_costs_the_opponent(owners, pick):
    assume(owners.count(0) <= 24 and owners.count(1) <= 25)
    bridges = {line: owner for line, owner in zip(LINE_IDS, owners, strict=True) if owner is not None}
    empty = [line for line in LINE_IDS if line not in bridges]
    if not empty:
        return
    line = empty[pick % len(empty)]
    card = line.split("-")[0]
    state = position(bridges=bridges, hands=([card], []))
    mine_before = state.stones.count(0)
    RULES.apply(state, {"type": "build", "card": card, "line": line})
    check_invariants(state)
    assert state.stones.count(0) >= mine_before
    assert all(state.bridges[LINE_IDS.index(line_id)] in (owner, -1) for line_id, owner in bridges.items())
