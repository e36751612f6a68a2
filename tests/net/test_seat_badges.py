"""Every game's table shows a friend's connection on their seat's panel (connected, then reconnecting with the
time waited), and words for a friend's turn; on 127.0.0.1 only."""

from __future__ import annotations

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.net.client import RemoteTable
from game.net.headless import RemoteLink
from game.scenes.lobby import LobbyScene
from game.scenes.title import TitleScene
from game.ui.connection import state_mark
from game.ui.table import BOARD_AREA
from tests.net.screens_helpers import until
from tests.uidriver import click_button, frames, make_app


@pytest.fixture
def app(tmp_path, monkeypatch, no_network_left):
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GAMENIGHT_LAN", "loopback")
    made = make_app()
    yield made
    for scene in list(reversed(made.scenes)):
        scene.on_exit()


def hosted_with_a_friend(app, tmp_path, game_id: str, players: int):
    """A table of ``game_id`` hosted here, its seat 1 a friend (Kai) joined by code, started."""
    spec = get_spec(game_id)
    seats = (SeatConfig("human", "Hanako"), SeatConfig("remote"), *[SeatConfig("ai")] * (players - 2))
    app.push(TitleScene(app))
    assert LobbyScene.open_table(app, spec, Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 3),
                                 tmp_path / "hosted.json")
    frames(app, 2)
    link = RemoteLink(RemoteTable(), "127.0.0.1", app.scene.hosted.port, app.scene.hosted.host.code, name="Kai")
    link.start()
    until([app], lambda: link.pump() or link.status == "joined", limit=300)
    frames(app, 2)
    click_button(app, "Start")
    return app.scene, link


def board_has(app, colour) -> bool:
    """True when ``colour`` is painted somewhere on the table (left of the side panel)."""
    table = app.screen.subsurface(BOARD_AREA)
    return pygame.mask.from_threshold(table, (*colour, 255), (1, 1, 1, 255)).count() > 0


@pytest.mark.parametrize(("game_id", "players"), [("catan", 3), ("catan_ck_2p", 2), ("cannonades", 2),
                                                  ("copenhagen", 2)])
def test_a_friends_panel_shows_connected_then_reconnecting_in_every_game(app, tmp_path, game_id, players):
    scene, link = hosted_with_a_friend(app, tmp_path, game_id, players)
    connected = state_mark({"kind": "remote", "connected": True})[1]
    away = state_mark({"kind": "remote", "connected": False})[1]
    scene.view.skip_animations()
    frames(app, 2)
    assert board_has(app, connected) and not board_has(app, away)
    link.stop()
    until([app], lambda: 1 in scene.away_since)
    frames(app, 2, dt=1.0)
    assert board_has(app, away) and not board_has(app, connected)
    assert scene.wake_at() is not None, "the time waited counts on without input"
