"""Every move a hint can suggest, in every game, is named, given its reason and marked on the table.

Positions come from real games: computer players (easy) and random moves in turn, seeded, so every kind
of move the game has turns up. For each kind, the first position it turns up in (opened from its notation,
so the table does not write a whole game's log first) is drawn twice by the play scene, without and with
the hint: the table must change (a highlight on the board or the hand, or
for a move with no place on the board, the button that makes it). The words of every move of that
kind there are checked in both languages: the game's line "<what>: <why>" with a name that tells the
moves apart and a reason that is more than the name.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.core import i18n
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig, action_key
from game.games import get_spec
from game.scenes.play import PlayScene
from game.ui import theme
from game.ui.table import BOARD_AREA, hint_explainer
from tests.scenes.privacy import frozen_clock, motion
from tests.support import seat_decisions

GAMES = ("kahuna", "catan", "catan_2p", "catan_ck", "catan_ck_2p", "cannonades", "copenhagen")
STEPS = {"kahuna": 400, "catan": 1400, "catan_2p": 1400, "catan_ck": 2200, "catan_ck_2p": 2200,
         "cannonades": 900, "copenhagen": 900}
SEEDS = (3, 11)
SAMPLE = 6
"""Moves of one kind checked in words at one position."""
UNTRANSLATED = re.compile(r"[a-z_0-9]+\.[a-z_0-9]+\.[a-z_0-9]")
"""A locale key left in the words (a text with no translation)."""


def collect(game: str, seed: int, seen: dict) -> None:
    """Play one seeded game, keeping for each kind of move the first position (in the game's notation)
    where seat 0 may make it."""
    spec = get_spec(game)
    players = spec.default_players or spec.min_players
    config = GameConfig(tuple(SeatConfig("ai", "", "easy") for _ in range(players)), spec.default_options())
    controller = Controller(spec.ruleset, config, seed)
    agent = spec.make_agent("easy")
    rng = random.Random(seed)
    for actor in seat_decisions(controller, STEPS[game]):
        actions = controller.legal_actions()
        if actor == 0 and any(action["type"] not in seen for action in actions):
            notation = spec.ruleset.to_json(controller.state)
            for action in actions:
                seen.setdefault(action["type"], notation)
        if rng.random() < 0.5:
            action = agent.choose(spec.ruleset, controller.observe(actor), actor, rng)
        else:
            action = rng.choice(actions)
        controller.submit(action, actor)


def positions(game: str) -> dict[str, dict]:
    seen: dict[str, dict] = {}
    for seed in SEEDS:
        collect(game, seed, seen)
    return seen


def words_of(explain, spec, observation, seat: int, action: dict, lang: str):
    """The hint's words in ``lang`` and the what and why its line was made of (None when it has none)."""
    parts = {}

    def tr(key: str, _lang=None, **fields):
        if key.endswith(".hint.line"):
            parts.update(fields)
        return i18n.tr(key, lang, **fields)

    words = explain(spec.ruleset, observation, seat, action, tr)
    return words, parts.get("what"), parts.get("why")


def check_words(spec, controller: Controller, kind: str) -> list[str]:
    """What is wrong with the words of the moves of ``kind`` now (empty when nothing is)."""
    explain = hint_explainer(spec)
    if explain is None:
        return [f"{kind}: the game explains no hint"]
    seat = controller.to_act()
    observation = controller.observe(seat)
    moves = [a for a in controller.legal_actions() if a["type"] == kind]
    moves = random.Random(len(controller.log)).sample(moves, min(SAMPLE, len(moves)))
    wrong = []
    for lang in ("en", "ja"):
        names = {}
        for action in moves:
            words, what, why = words_of(explain, spec, observation, seat, action, lang)
            if not words or "{" in words or UNTRANSLATED.search(words) or not what or not why:
                wrong.append(f"{kind} [{lang}] {action}: no name and reason: {words!r}")
                continue
            bare = why.strip(" .。")
            if not bare or bare in what or what.strip(" .。") in bare and len(bare) < len(what) + 4:
                wrong.append(f"{kind} [{lang}] {action}: the reason only repeats the move: {words!r}")
            names.setdefault(what, action_key(action))
        if len({action_key(a) for a in moves}) > 1 and len(names) == 1:
            wrong.append(f"{kind} [{lang}]: every move of the kind reads the same: {next(iter(names))!r}")
    return wrong


def table_pixels(scene: PlayScene) -> bytes:
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    with frozen_clock():
        scene.view.update(0.0)
        scene.draw(surface)
    return pygame.image.tobytes(surface.subsurface(BOARD_AREA), "RGB")


def check_marked(app, spec, controller: Controller, kind: str) -> list[str]:
    """Whether the table marks a hinted move of ``kind`` (the computer's own choice when it is of that
    kind, else the first such move)."""
    seat = controller.to_act()
    chosen = spec.make_agent("easy").choose(spec.ruleset, controller.observe(seat), seat, random.Random(1))
    action = chosen if chosen["type"] == kind else next(a for a in controller.legal_actions() if a["type"] == kind)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    scene.set_owner(seat)
    scene.view.skip_animations()
    scene.handle(motion((-50, -50)))
    moves = len(controller.log)
    table_pixels(scene)  # the dialogs a position asks for open on the first frame
    if len(controller.log) != moves:  # the table answered by itself (an offer the person never asked about)
        scene.on_exit()
        return []
    plain = table_pixels(scene)
    with frozen_clock():
        scene.view.show_hint(action)
    hinted = table_pixels(scene)
    scene.on_exit()
    return [] if hinted != plain else [f"{kind} {action}: nothing on the table is marked"]


def opened(spec, notation: dict) -> Controller:
    """The position ``notation``, with seat 0 at the screen and the others computers."""
    players = spec.default_players or spec.min_players
    seats = (SeatConfig("human", "Hanako"),) + tuple(SeatConfig("ai", "", "easy") for _ in range(players - 1))
    return Controller(spec.ruleset, GameConfig(seats, spec.default_options()), SEEDS[0], start=notation)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_hinted_move_is_named_explained_and_marked(app, game):
    spec = get_spec(game)
    wrong = []
    for kind, notation in sorted(positions(game).items()):
        controller = opened(spec, notation)
        assert controller.to_act() == 0
        wrong += check_words(spec, controller, kind)
        wrong += check_marked(app, spec, controller, kind)
    assert not wrong, "\n".join(wrong)
