"""The contract every game in the registry keeps, tested from the registry alone.

A game registered in ``game.games`` is held to it at once, with nothing written for it here: its
position notation gives back every position reached by play; ``observe`` shows a seat nothing that
would tell apart positions differing only in what the seat cannot see; ``determinize`` makes a full
position that looks the same to the seat and leaves it the same choices; and a malformed position is
refused with a ValueError, never another error and never a hang.
"""

from __future__ import annotations

import copy
import json
import random
import signal
from contextlib import contextmanager
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rules import CHANCE, action_key
from game.games import registry
from tests.support import config_for

SPECS = registry()
GAMES = sorted(SPECS)
SNAPSHOTS = (0, 4, 12, 30, 60, 120, 250, 500, 1000)
"""Steps into a random game at which its position is taken: the set-up, early, middle and late play."""
PLAYOUTS = 3
"""Random games per player count."""


def random_options(spec, rng) -> dict:
    """A value for each of the game's table options, drawn at random from what the option allows."""
    options = {}
    for option in spec.options:
        if option.kind == "bool":
            options[option.key] = rng.random() < 0.5
        elif option.kind == "choice":
            options[option.key] = rng.choice(option.choices)
        else:
            options[option.key] = rng.randint(option.low, option.high)
    return spec.validate_options(options)


@cache
def positions(game_id: str) -> tuple:
    """Positions reached by random play with every player count the game allows and options drawn at
    random (the defaults in the first game), the end of the game included."""
    spec = SPECS[game_id]
    ruleset = spec.ruleset
    found = []
    for players in range(spec.min_players, spec.max_players + 1):
        for playout in range(PLAYOUTS):
            rng = random.Random(f"{game_id}:{players}:{playout}")
            options = random_options(spec, rng) if playout else spec.default_options()
            state = ruleset.new_game(config_for(players, options))
            for step in range(max(SNAPSHOTS) + 1):
                if step in SNAPSHOTS:
                    found.append(ruleset.clone(state))
                seat = ruleset.to_act(state)
                if seat is None:
                    found.append(state)
                    break
                legal = ruleset.legal_actions(state)
                ruleset.apply(state, ruleset.sample_chance(state, rng) if seat == CHANCE else rng.choice(legal))
    return tuple(found)


def seats_of(ruleset, state) -> range:
    return range(ruleset.num_players(state))


def notation(ruleset, state):
    """The position as JSON text would carry it."""
    return json.loads(json.dumps(ruleset.to_json(state)))


def choices(ruleset, state) -> list[str]:
    return sorted(map(action_key, ruleset.legal_actions(state)))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_notation_gives_back_every_position_reached_by_play(game_id):
    ruleset = SPECS[game_id].ruleset
    for state in positions(game_id):
        data = notation(ruleset, state)
        again = ruleset.from_json(data)
        assert ruleset.to_json(again) == data
        assert ruleset.to_act(again) == ruleset.to_act(state)
        assert choices(ruleset, again) == choices(ruleset, state)
        assert ruleset.result(again) == ruleset.result(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_has_a_notation_too(game_id):
    ruleset = SPECS[game_id].ruleset
    for state in positions(game_id):
        assert ruleset.to_json(ruleset.observe(state, None)) == ruleset.to_json(state), "an onlooker sees all"
        for seat in seats_of(ruleset, state):
            data = notation(ruleset, ruleset.observe(state, seat))
            assert ruleset.to_json(ruleset.from_json(data)) == data


@pytest.mark.parametrize("game_id", GAMES)
def test_positions_differing_only_in_what_a_seat_cannot_see_look_the_same_to_it(game_id):
    spec = SPECS[game_id]
    ruleset = spec.ruleset
    rng = random.Random(7)
    hidden_somewhere = differed = False
    for state in positions(game_id):
        for seat in seats_of(ruleset, state):
            seen = ruleset.to_json(ruleset.observe(state, seat))
            hidden_somewhere |= seen != ruleset.to_json(state)
            for _ in range(3):
                other = ruleset.determinize(ruleset.observe(state, seat), seat, rng)
                differed |= ruleset.to_json(other) != ruleset.to_json(state)
                assert ruleset.to_json(ruleset.observe(other, seat)) == seen
    assert hidden_somewhere == spec.hidden_information, "observe hides something exactly in a game of hidden cards"
    assert differed == spec.hidden_information, "determinize deals the unseen parts anew"


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_keeps_the_observation_and_the_choices_of_the_seat_to_act(game_id):
    ruleset = SPECS[game_id].ruleset
    rng = random.Random(11)
    for state in positions(game_id):
        seat = ruleset.to_act(state)
        if seat is None or seat == CHANCE:
            continue
        seen = ruleset.observe(state, seat)
        for _ in range(3):
            full = ruleset.determinize(seen, seat, rng)
            assert ruleset.to_json(ruleset.observe(full, seat)) == ruleset.to_json(seen)
            assert ruleset.to_act(full) == seat
            assert choices(ruleset, full) == choices(ruleset, state)


# -- malformed positions ----------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from([10**30, -(10**30), 2**63])
    | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)


@contextmanager
def within(seconds: float):
    """Fail rather than hang: an alarm interrupts the block after ``seconds`` (where the system has one)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def interrupt(signum, frame):
        raise TimeoutError(f"still reading the position after {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refused_or_sound(ruleset, data) -> None:
    """``data`` is refused with a ValueError, or read as a position whose notation reads back the same."""
    with within(5):
        try:
            state = ruleset.from_json(data)
        except ValueError as error:
            assert str(error), "the refusal says why"
            return
        written = notation(ruleset, state)
        assert ruleset.to_json(ruleset.from_json(written)) == written


def paths(value, here=()):
    """Every place in a JSON value: the path of keys and indices to it."""
    yield here
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, here + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, here + (index,))


def damaged(data, path, replacement, remove: bool):
    """A copy of ``data`` with the value at ``path`` replaced (or removed from its object or list)."""
    result = copy.deepcopy(data)
    if not path:
        return replacement
    parent = result
    for step in path[:-1]:
        parent = parent[step]
    if remove:
        del parent[path[-1]]
    else:
        parent[path[-1]] = replacement
    return result


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None)
@given(value=json_values)
def test_anything_that_is_not_a_position_is_refused_with_a_value_error(game_id, value):
    refused_or_sound(SPECS[game_id].ruleset, value)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=150, deadline=None)
@given(pick=st.integers(0, 10**6), where=st.integers(0, 10**6), replacement=json_values, remove=st.booleans())
def test_a_position_damaged_anywhere_is_refused_with_a_value_error_or_still_reads_back(game_id, pick, where,
                                                                                       replacement, remove):
    ruleset = SPECS[game_id].ruleset
    found = positions(game_id)
    state = found[pick % len(found)]
    if pick // len(found) % 2:
        state = ruleset.observe(state, pick % ruleset.num_players(state))
    data = notation(ruleset, state)
    places = list(paths(data))
    path = places[where % len(places)]
    refused_or_sound(ruleset, damaged(data, path, replacement, remove and bool(path)))
