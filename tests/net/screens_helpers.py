"""Two Game Nights in one test: a host app and a friend's app, each its own App (own settings, own scenes),
stepped in turn, with the network kept on 127.0.0.1 and discovery bound to loopback."""

from __future__ import annotations

import random

import pygame

from game.scenes.join import JoinScene
from game.scenes.lobby import LobbyScene
from game.scenes.new_game import NewGameScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from tests.uidriver import await_ai, click, click_button, frames, key, type_text


def both(apps, count: int = 1, dt: float = 1 / 30) -> None:
    """Step every app ``count`` frames (no events pending: each app's events are posted just before its step).

    A test that plays two computers in one app opens the Join screen over its own lobby: the lobby below then
    goes on serving its table here, as the other computer's screen would."""
    for _ in range(count):
        for app in apps:
            await_ai(app)
            for scene in app.scenes[:-1]:
                if isinstance(scene, LobbyScene):
                    scene.hosted.poll()
            app.step(dt)


def until(apps, condition, limit: int = 1500, dt: float = 1 / 30) -> int:
    for used in range(limit):
        if condition():
            return used
        both(apps, 1, dt)
    raise AssertionError("condition not reached")


def host_from_new_game(app, game_id: str, invited: list[int], players: int | None = None, seed: str = "7"):
    """Title → New game: the game, seats set to "Invited player" by clicking their choosers, a seed typed,
    Start; returns the lobby."""
    app.push(TitleScene(app))
    frames(app, 2)
    click_button(app, "New game")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click_button(app, _game_label(scene, game_id))
    if players is not None and scene.count != players:
        scene.set_count(players)
    for seat in invited:
        _choose_kind(app, scene, seat, "remote")
    seed_field = _seed_field(scene)
    click(app, seed_field.rect.center)
    type_text(app, seed)
    click_button(app, "Start")
    frames(app, 2)
    assert isinstance(app.scene, LobbyScene), type(app.scene).__name__
    return app.scene


def _game_label(scene, game_id: str) -> str:
    from game.core.i18n import tr

    return tr(scene.specs[[spec.id for spec in scene.specs].index(game_id)].name_key)


def _choose_kind(app, scene, seat: int, kind: str) -> None:
    from game.scenes.new_game import SEATS_X
    from game.ui.widgets import Chooser

    choosers = [widget for widget in scene.widgets if isinstance(widget, Chooser) and widget.rect.x == SEATS_X + 46]
    chooser = choosers[seat]
    for _ in range(len(chooser.options)):
        if scene.kinds[seat] == kind:
            return
        click(app, (chooser.rect.right - 10, chooser.rect.centery))
    assert scene.kinds[seat] == kind


def _seed_field(scene):
    from game.ui.widgets import TextInput

    return [widget for widget in scene.widgets if isinstance(widget, TextInput)][-1]


def join_by_address(apps, app, address: str, code: str, name: str = "", seat_steps: int = 0):
    """Title → Join a table: the address and the code typed (and a name), Join; returns the join scene."""
    from game.core.i18n import tr

    app.push(TitleScene(app))
    frames(app, 2)
    click_button(app, tr("title.join"))
    scene = app.scene
    assert isinstance(scene, JoinScene)
    for field, text in ((scene.address_input, address), (scene.code_input, code), (scene.name_input, name)):
        if text:
            click(app, field.rect.center)
            type_text(app, text)
            key(app, pygame.K_TAB)
    for _ in range(seat_steps):
        click(app, (scene.seat_chooser.rect.right - 10, scene.seat_chooser.rect.centery))
    click(app, scene.join_button.rect.center)
    return scene


def play_scene(app) -> PlayScene | None:
    return next((scene for scene in reversed(app.scenes) if isinstance(scene, PlayScene)), None)


def act_where_asked(apps, rng: random.Random) -> bool:
    """Each app whose person decides now takes a legal action through its table (as its view's clicks do);
    True when one did."""
    acted = False
    for app in apps:
        scene = play_scene(app)
        if scene is None or app.scene is not scene or scene.view.busy() or not scene.can_act():
            continue
        legal = scene.controller.legal_actions()
        if legal:
            acted = scene.submit(rng.choice(legal)) or acted
    return acted
