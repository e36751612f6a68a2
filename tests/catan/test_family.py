"""The family engine opened to variants: a subclass's handlers run and its state survives copies."""

import random

from game.core.rules import CHANCE, Event
from game.core.state_copy import LIST
from game.games.catan.rules import CatanRules, CatanState
from tests.support import config_for


def all_slots(cls) -> list[str]:
    return [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())]


SHARED = {"options", "layout", "known", "spots"}  # never changed once made: shared by copies
"""Never changed in place once a game is made, so copies share them."""


def assert_copied_whole(state, copy):
    """Every slot of the state's class (its bases' included) carried over, no mutable part shared."""
    assert type(copy) is type(state)
    for name in all_slots(type(state)):
        original, copied = getattr(state, name), getattr(copy, name)
        if hasattr(original, "__slots__") and name not in SHARED:  # a part with slots, e.g. the trade
            assert copied is not original, name
            assert_copied_whole(original, copied)
            continue
        assert copied == original, name
        if isinstance(original, (list, dict)) and name not in SHARED:
            assert copied is not original, name
            for a, b in zip(original, copied, strict=True) if isinstance(original, list) else ():
                if isinstance(a, list):
                    assert a is not b, name


def random_prefix(rules, players, steps, seed, options=None):
    rng = random.Random(seed)
    state = rules.new_game(config_for(players, options))
    for _ in range(steps):
        seat = rules.to_act(state)
        if seat is None:
            break
        action = rules.sample_chance(state, rng) if seat == CHANCE else rng.choice(rules.legal_actions(state))
        rules.apply(state, action)
    return state


class Noted(CatanState):
    __slots__ = {"notes": LIST}


class NotingCatan(CatanRules):
    """A variant that keeps a note of every turn's end and says so with an event of its own."""

    state_class = Noted

    def _init_state(self, s):
        super()._init_state(s)
        s.notes = []

    def _do_end_turn(self, state, action):
        state.notes.append(state.current)
        return [Event("noted", {"seat": state.current})] + super()._do_end_turn(state, action)


def test_a_variant_overriding_a_handler_is_the_one_that_runs():
    rules = NotingCatan()
    state = random_prefix(rules, 4, 600, seed=2)
    assert state.notes and isinstance(state, Noted)
    seen = rules.observe(state, 1)
    full = rules.determinize(seen, 1, random.Random(0))
    assert seen.notes == state.notes == full.notes and type(full) is Noted


def test_a_base_state_is_copied_whole():
    for seed in range(3):
        state = random_prefix(CatanRules(), 3 + seed % 2, 500, seed)
        assert_copied_whole(state, state.copy())


def test_a_variant_state_is_copied_whole_through_observe_and_determinize():
    rules = NotingCatan()
    state = random_prefix(rules, 3, 700, seed=4)
    copy = rules.clone(state)
    assert_copied_whole(state, copy)
    copy.notes.append(9)
    assert 9 not in state.notes
