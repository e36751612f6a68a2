"""Copies of every game's positions share nothing that changes: each state class declares how every slot is
copied (``game.core.state_copy``), and random games of each game hold the copies to it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.core.state_copy import COPY, DICT, KEPT, LIST, SET, SHARED, DeclaredCopy, each, each_value, optional, tuple_of
from game.games import GAME_PACKAGES, registry

PRIMITIVES = (type(None), bool, int, float, complex, str, bytes)


def immutable(value) -> bool:
    """Whether nothing reachable from ``value`` can change: primitives, and tuples, frozensets and frozen
    dataclasses of them."""
    if isinstance(value, PRIMITIVES):
        return True
    if type(value) in (tuple, frozenset):
        return all(immutable(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and value.__dataclass_params__.frozen:
        return all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def slot_names(obj) -> list[str]:
    return [name for klass in type(obj).__mro__ for name in klass.__dict__.get("__slots__", ())]


def parts(value, path: str) -> list[tuple[object, str]]:
    """What ``value`` holds directly (items, keys and values, slots but ``KEPT`` ones, attributes), each with
    where it was found."""
    if isinstance(value, (list, tuple, set, frozenset)):
        held = list(value)
    elif isinstance(value, dict):
        held = [*value.keys(), *value.values()]
    elif isinstance(value, DeclaredCopy):
        return [(getattr(value, name), f"{path}.{name}") for name, kind in type(value).copy_kinds.items()
                if kind is not KEPT]
    else:
        held = [getattr(value, name) for name in slot_names(value) if hasattr(value, name)]
        held += getattr(value, "__dict__", {}).values()
    return [(part, f"{path}/{type(part).__name__}") for part in held]


def wrongly_shared(state) -> list[str]:
    """The slots declared ``SHARED`` of ``state`` and of the declared objects within it that hold something
    that can change."""
    found = []
    for obj in [state, *(value for value, _ in mutable_parts(state).values() if isinstance(value, DeclaredCopy))]:
        found += [f"{type(obj).__name__}.{name} holds {getattr(obj, name)!r}"
                  for name, kind in type(obj).copy_kinds.items()
                  if kind is SHARED and not immutable(getattr(obj, name))]
    return found


def mutable_parts(state) -> dict[int, tuple[object, str]]:
    """Every mutable object reachable from ``state`` (``KEPT`` slots left out) by id, with where it was found."""
    found = {}
    stack = parts(state, type(state).__name__)
    while stack:
        value, path = stack.pop()
        if isinstance(value, PRIMITIVES) or immutable(value) or id(value) in found:
            continue
        found[id(value)] = (value, path)
        stack += parts(value, path)
    return found


def snapshot(value):
    """All of ``value`` as nested tuples, to tell whether anything in it changed."""
    if isinstance(value, PRIMITIVES):
        return value
    if isinstance(value, dict):
        return ("dict", tuple((snapshot(k), snapshot(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(map(repr, value)) if isinstance(value, (set, frozenset)) else map(snapshot, value)
        return (type(value).__name__, tuple(items))
    return (type(value).__name__, tuple((name, snapshot(getattr(value, name, None))) for name in slot_names(value)),
            snapshot(getattr(value, "__dict__", {})))


def random_action(rules, state, rng):
    seat = rules.to_act(state)
    if seat == CHANCE:
        return rules.sample_chance(state, rng)
    legal = rules.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def check_clone(rules, state, rng, play: bool = True) -> None:
    """The clone of ``state`` equals it, shares nothing mutable with it, and playing on the clone (a full
    position, not an observation, which cannot be played) leaves it be."""
    clone = rules.clone(state)
    assert type(clone) is type(state)
    assert rules.to_json(clone) == rules.to_json(state)
    assert not wrongly_shared(state), f"declared SHARED but mutable: {wrongly_shared(state)}"
    original, copied = mutable_parts(state), mutable_parts(clone)
    both = sorted(original[key][1] for key in original.keys() & copied.keys())
    assert not both, f"the clone shares mutable parts with its original: {both}"
    before = snapshot(state)
    for _ in range(60 if play else 0):
        if rules.to_act(clone) is None:
            break
        rules.apply(clone, random_action(rules, clone, rng))
    assert snapshot(state) == before, "playing on the clone changed the original"


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_a_clone_shares_nothing_mutable_with_its_original(game_id):
    """At the start, a quarter, half and three quarters through a random game and at its end, for the
    position and for an observation of it."""
    spec = registry()[game_id]
    rules = spec.ruleset
    config = GameConfig(tuple(SeatConfig("ai") for _ in range(spec.max_players)), spec.default_options())
    rng = random.Random(7)
    state = rules.new_game(config)
    played = []
    while rules.to_act(state) is not None:
        played.append(random_action(rules, state, rng))
        rules.apply(state, played[-1])
    checkpoints = {len(played) * quarter // 4 for quarter in range(4)}
    state = rules.new_game(config)
    assert isinstance(state, DeclaredCopy)
    for step, action in enumerate([*played, None]):
        if step in checkpoints or action is None:
            check_clone(rules, state, random.Random(step))
            check_clone(rules, rules.observe(state, 0), random.Random(step), play=False)
        if action is not None:
            rules.apply(state, action)


def test_every_slot_must_say_how_it_is_copied():
    class Position(DeclaredCopy):
        __slots__ = {"seats": SHARED, "hands": each(optional(LIST))}

    with pytest.raises(TypeError, match="how it is copied"):
        class Listed(Position):
            __slots__ = ("score",)
    with pytest.raises(TypeError, match="not a copy kind"):
        class Undeclared(Position):
            __slots__ = {"score": "a number"}
    with pytest.raises(TypeError, match="must declare __slots__"):
        class Open(Position):
            pass
    with pytest.raises(TypeError, match="instead of writing copy"):
        class HandWritten(Position):
            __slots__ = {"score": SHARED}

            def copy(self):
                return self

    position = Position()
    position.seats, position.hands = 2, [[1, 2], None]
    copy = position.copy()
    assert (copy.seats, copy.hands) == (2, [[1, 2], None]) and copy.hands[0] is not position.hands[0]


def test_each_kind_copies_what_it_says():
    class Everything(DeclaredCopy):
        __slots__ = {"kept": KEPT, "names": SET, "counts": DICT, "rows": each(LIST, 2), "hands": optional(each(LIST)),
                     "decks": each(each(LIST)), "draft": optional(each_value(LIST)),
                     "queue": each(tuple_of(SHARED, DICT)), "trade": optional(COPY)}

    value = Everything()
    value.kept, value.names, value.counts, value.rows = [1], {"a"}, {"b": 1}, [[1], [2]]
    value.hands, value.decks, value.draft = None, [[[1, 2]], []], {"numbers": [5, 6]}
    value.queue, value.trade = [("robber", {"seat": 1})], [3]
    copy = value.copy()
    assert snapshot(copy) == snapshot(value)
    assert copy.kept is value.kept and copy.hands is None
    assert not mutable_parts(copy).keys() & mutable_parts(value).keys()
