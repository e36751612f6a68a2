"""Every game's actions and events are of the kinds its ``kinds`` module declares, with the declared fields;
each declared action a player decides has its handler, each declared event its log line in English and
Japanese (or is declared without one) and its animation at the table (or is declared without one)."""

from __future__ import annotations

import functools
import importlib
import random

import pytest

from game.core import i18n
from game.core.controller import Controller
from game.core.kinds import ActionKind, EventKind
from game.core.rules import CHANCE, Event, GameConfig, SeatConfig, methods_by_key
from game.games import GAME_PACKAGES, get_spec

GAMES_PER_GAME = 4
"""Random games of each game, shared out among its player counts (at least one each), each with its own seed;
the first is played with the default options, the others with options drawn at random."""

FEWER_GAMES = {"catan_ck_2p": 1}
"""Games whose random games run long: one shows every kind of event but the rarest."""

RARE_EVENTS = {
    "cannonades": [Event("take", {"seat": 0, "from": 2, "card": "Y1"}),
                   Event("mulligan", {"seat": 1, "cards": ["B0", "G1", "PY"]})],
    "copenhagen": [Event("coat_lost", {"seat": 1}),
                   Event("refreshed", {"seat": 0, "abilities": ["any_cards", "both_actions"]})],
    "catan_ck": [Event("metropolis", {"seat": 0, "track": "science", "vertex": 12, "previous": 2}),
                 Event("knight_lost", {"seat": 1, "strength": 1})],
    "catan_ck_2p": [Event("metropolis", {"seat": 0, "track": "trade", "vertex": 12, "previous": None}),
                    Event("aqueduct", {"seat": 1, "resource": "ore"}),
                    Event("chased", {"seat": 1, "vertex": 30}),
                    Event("knight_lost", {"seat": 0, "strength": 2}),
                    Event("forced_void", {"seat": 0, "victim": 1,
                                          "reason": "your opponent holds no card you could draw"})],
    "catan_2p": [Event("largest_army", {"seat": 1, "previous": None}),
                 Event("neutral_skipped", {"seat": 0, "piece": "settlement"})],
}
"""Events too rare for a few random games to show, as the engine makes them: their log lines are read too."""


def kinds(game_id: str):
    return importlib.import_module(f"game.games.{game_id}.kinds")


@functools.cache
def random_games(game_id: str) -> tuple[list, list]:
    """The actions (with whether a CHANCE step took them) and events of a few random games of every size
    (``GAMES_PER_GAME``)."""
    spec = get_spec(game_id)
    rules = spec.ruleset
    actions, events = [], []
    sizes = range(spec.min_players, spec.max_players + 1)
    for players in sizes:
        for seed in range(max(1, FEWER_GAMES.get(game_id, GAMES_PER_GAME) // len(sizes))):
            rng = random.Random(100 * players + seed)
            options = spec.default_options()
            for option in spec.options if (players, seed) != (spec.min_players, 0) else ():
                if option.kind == "bool" and rng.random() < 0.5:
                    options[option.key] = not option.default
                elif option.kind == "choice":
                    options[option.key] = rng.choice(option.choices)
            state = rules.new_game(GameConfig(tuple(SeatConfig("ai") for _ in range(players)),
                                              spec.validate_options(options)))
            while (seat := rules.to_act(state)) is not None:
                if seat == CHANCE:
                    action = rules.sample_chance(state, rng)
                else:
                    legal = rules.legal_actions(state)
                    action = legal[rng.randrange(len(legal))]
                actions.append((action, seat == CHANCE))
                events += rules.apply(state, action)
    return actions, events


def unlike_fields(kind: ActionKind | EventKind, given) -> str | None:
    """What is wrong with the fields ``given`` for ``kind``, or None."""
    missing = set(kind.fields) - set(given)
    unknown = set(given) - set(kind.fields) - set(kind.optional)
    if missing or unknown:
        return f"missing {sorted(missing)}, undeclared {sorted(unknown)}"
    return None


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_every_action_is_of_a_declared_kind_with_its_handler(game_id):
    declared = kinds(game_id).ACTIONS
    problems = set()
    for action, at_chance in random_games(game_id)[0]:
        kind = declared.get(action["type"])
        if kind is None:
            problems.add(f"undeclared action kind {action['type']!r}")
        elif (wrong := unlike_fields(kind, set(action) - {"type"})) is not None:
            problems.add(f"action {action['type']!r}: {wrong}")
        elif kind.chance and not at_chance:
            problems.add(f"action {action['type']!r} is declared a chance outcome but a player decides it")
    handled = {key[-1] if isinstance(key, tuple) else key
               for key in methods_by_key(type(get_spec(game_id).ruleset), "handlers")}
    problems |= {f"action kind {name!r} has no handler" for name, kind in declared.items()
                 if not kind.chance and name not in handled}
    problems |= {f"handled action kind {name!r} is not declared" for name in handled - set(declared)}
    assert not problems, sorted(problems)


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_every_event_is_of_a_declared_kind_with_its_fields(game_id):
    declared = kinds(game_id).EVENTS
    problems = set()
    for event in random_games(game_id)[1]:
        kind = declared.get(event.kind)
        if kind is None:
            problems.add(f"undeclared event kind {event.kind!r}")
            continue
        if (wrong := unlike_fields(kind, event.data)) is not None:
            problems.add(f"event {event.kind!r}: {wrong}")
        if event.public is not None and (wrong := set(event.public) ^ set(kind.public)):
            problems.add(f"event {event.kind!r} shows the others {sorted(event.public)}, not {kind.public}")
    assert not problems, sorted(problems)


def log_line(describe, event: Event, lang: str) -> tuple[str | None, list[str]]:
    """The log line of ``event`` in ``lang`` and the text keys it was made of."""
    asked = []

    def tr(key, **fields):
        asked.append(key)
        return i18n.tr(key, lang, **fields)

    before = i18n.language()
    i18n.set_language(lang)
    try:
        return describe(event, tr), asked
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_every_event_kind_has_its_log_line_in_both_languages(game_id):
    """A line is a real sentence: each of its text keys is in that language's catalogue, it is not a key
    itself and no field was left unfilled; a kind declared without a line never gets one."""
    spec = get_spec(game_id)
    declared = kinds(game_id).EVENTS
    examples: dict[str, list[Event]] = {}
    for event in random_games(game_id)[1] + RARE_EVENTS.get(game_id, []):
        shown = examples.setdefault(event.kind, [])
        if len(shown) < 12:
            shown.append(event)
    problems = [f"no example of event kind {name!r}" for name in declared if name not in examples]
    for name, kind in declared.items():
        for lang in ("en", "ja"):
            lines = []
            for event in examples.get(name, []):
                line, keys = log_line(spec.describe_event, event, lang)
                if line is None:
                    continue
                lines.append(line)
                if not kind.logged:
                    problems.append(f"{name!r} is declared without a log line but reads {line!r}")
                missing = [key for key in keys if not i18n.has(key, lang)]
                if missing or not line.strip() or line in keys or "{" in line or "}" in line:
                    problems.append(f"{name!r} in {lang} reads {line!r} (keys missing: {missing})")
            if kind.logged and examples.get(name) and not lines:
                problems.append(f"{name!r} is declared with a log line but has none in {lang}")
    assert not problems, problems


@pytest.fixture
def table_app(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    from tests.uidriver import make_app

    application = make_app()
    yield application
    for scene in list(application.scenes):
        scene.on_exit()


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_every_event_kind_is_animated_at_the_table_or_declared_without(game_id, table_app):
    from game.scenes.play import PlayScene
    from tests.uidriver import frames

    spec = get_spec(game_id)
    seats = (SeatConfig("human", "Hanako"),) + tuple(SeatConfig("ai", "", "easy")
                                                     for _ in range(spec.min_players - 1))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.validate_options({})), 1)
    scene = PlayScene(table_app, spec, controller, worker_mode="thread")
    table_app.push(scene)
    frames(table_app, 1)
    handlers = scene.view.animation.handlers
    declared = kinds(game_id).EVENTS
    unanimated = sorted(name for name, kind in declared.items() if kind.animated and name not in handlers)
    animated = sorted(name for name, kind in declared.items() if not kind.animated and name in handlers)
    assert not unanimated, f"event kinds without an animation at the table: {unanimated}"
    assert not animated, f"event kinds declared unanimated that the table animates: {animated}"
