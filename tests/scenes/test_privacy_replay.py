"""The replay of an unfinished game shows only what the person watching may see; a finished one all.

Driven from the load screen with posted clicks: an unfinished hot-seat game asks whose view, covers
the screen until that person is there, then every step is drawn as they may see it (checked against
a second world they cannot tell apart, as the hot-seat privacy test does).
"""

import random

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.core.saves import new_save_path, write_save
from game.games import get_spec
from game.scenes.handoff import HandoffScene
from game.scenes.load import LoadScene
from game.scenes.replay import ReplayScene, ViewerChoiceScene
from game.ui import theme
from tests.scenes.privacy import same_world, second_world
from tests.uidriver import click, click_button, frames

HANAKO, TARO = SeatConfig("human", "Hanako"), SeatConfig("human", "Taro")


def played(game_id: str, seats, decisions: int | None = None, seed: int = 3) -> Controller:
    """A game played by easy AIs for every seat, ``decisions`` decisions long (None: to its end)."""
    spec = get_spec(game_id)
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed)
    agent = spec.make_agent("easy")
    rng = random.Random(seed)
    made = 0
    while not controller.over and (decisions is None or made < decisions):
        actor = controller.to_act()
        if actor == CHANCE:
            controller.resolve_chance()
            continue
        controller.submit(agent.choose(spec.ruleset, controller.observe(actor), actor, random.Random(rng.random())))
        made += 1
    return controller


def watch_replay(app, controller: Controller, game_id: str):
    """Save the game, open the load screen and press Watch replay on it."""
    write_save(new_save_path(game_id), controller, game_id)
    app.push(LoadScene(app))
    frames(app)
    load = app.scene
    click(app, (load.list.rect.centerx, load.list.rect.y + load.list.row_height // 2))
    click_button(app, "Watch replay")


def replay_pixels(app, replay: ReplayScene, controller: Controller) -> bytes:
    """The replay drawn from ``controller`` at its step (animations settled)."""
    shown, replay.controller = replay.controller, controller
    try:
        replay.view.on_reset()
        replay.refresh_log()
        surface = pygame.Surface(theme.LOGICAL_SIZE)
        replay.draw(surface)
        return pygame.image.tobytes(surface, "RGB")
    finally:
        replay.controller = shown
        replay.view.on_reset()
        replay.refresh_log()


def assert_replay_private(app, replay: ReplayScene, watcher: int) -> None:
    """At the start, in the middle and at the end the replay shows nothing hidden from ``watcher``."""
    total = len(replay.actions)
    for step in (0, total // 3, 2 * total // 3, total):
        replay.seek(step)
        frames(app)
        real = replay_pixels(app, replay, same_world(replay.controller))
        other = replay_pixels(app, replay, second_world(replay.controller, watcher, seed=step))
        assert real == other, f"step {step} of the replay shows something hidden from seat {watcher}"


@pytest.mark.parametrize("game_id", ["kahuna", "cannonades"])
def test_an_unfinished_hot_seat_game_replays_in_the_view_of_the_person_who_says_so(app, game_id):
    controller = played(game_id, (HANAKO, TARO), decisions=12)
    assert not controller.over
    watch_replay(app, controller, game_id)
    assert isinstance(app.scene, ViewerChoiceScene) and app.scene.opaque
    click_button(app, "Taro")
    assert isinstance(app.scene, HandoffScene) and app.scene.seat == 1
    click_button(app, "I'm Taro — show the replay")
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.viewer == 1
    click_button(app, "⏭")
    assert len(replay.controller.log) == len(controller.log)
    assert replay.view.observation().hands[0] != controller.state.hands[0]  # Hanako's hand is hidden
    assert_replay_private(app, replay, 1)


def test_back_from_whose_view_closes_the_replay(app):
    watch_replay(app, played("kahuna", (HANAKO, TARO), decisions=4), "kahuna")
    click_button(app, "Back")
    assert isinstance(app.scene, LoadScene)
    assert not any(isinstance(scene, ReplayScene) for scene in app.scenes)


def test_an_unfinished_game_against_the_computer_replays_in_the_view_of_its_one_person(app):
    controller = played("kahuna", (HANAKO, SeatConfig("ai", "", "easy")), decisions=12)
    watch_replay(app, controller, "kahuna")
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.viewer == 0
    click_button(app, "⏭")
    assert replay.view.observation().hands[1] is None
    assert_replay_private(app, replay, 0)


def test_a_finished_game_replays_with_everything_shown(app):
    controller = played("kahuna", (HANAKO, TARO))
    assert controller.over
    watch_replay(app, controller, "kahuna")
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.viewer is None
    click_button(app, "⏭")
    assert replay.view.observation().hands == controller.state.hands
