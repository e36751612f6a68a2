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
from tests.uidriver import click, click_button, frames, make_app


@pytest.fixture
def app(lan_app):
    return lan_app


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
    until([app], lambda: link.pump() is not None and link.status == "joined", limit=300)
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


def friends_screen(link):
    """The friend's own Game Night drawing the table its link mirrors."""
    from game.scenes.play import PlayScene

    friend_app = make_app()
    scene = PlayScene(friend_app, link.table.spec, link.table, worker_mode="thread", link=link)
    friend_app.push(scene)
    frames(friend_app, 2)
    return friend_app, scene


def friends_turn(scene) -> bool:
    """True once seat 1 decides; until then the host's person plays a legal move whenever they may."""
    if scene.can_act():
        scene.submit(scene.controller.legal_actions()[0])
    return scene.controller.to_act() == 1


def test_a_person_at_another_screen_has_their_turn_while_the_computer_thinks(app, tmp_path):
    scene, link = hosted_with_a_friend(app, tmp_path, "kahuna", 2)
    friend_app, friend_scene = friends_screen(link)
    try:
        until([app, friend_app], lambda: link.table.to_act() == 0 and friend_scene.controller.log, dt=0.2)
        friend_scene.view.skip_animations()
        assert friend_scene.status_text() == "Hanako's turn."
        until([app], lambda: friends_turn(scene), limit=200, dt=0.2)
        scene.view.skip_animations()
        assert scene.status_text() == "Kai's turn."
        scene.hosted.host.hand_to_ai(1)
        assert scene.status_text().startswith("Kai is thinking")
    finally:
        friend_scene.on_exit()
        link.stop()


def test_a_friends_catan_offer_is_asked_though_the_computers_offers_are_muted(app, tmp_path):
    from types import SimpleNamespace

    scene, link = hosted_with_a_friend(app, tmp_path, "catan", 3)
    app.settings.mute_ai_offers = True
    assert not scene.view.declines_unasked(SimpleNamespace(turn=4, current=1)), "Kai's offer is put to Hanako"
    assert scene.view.declines_unasked(SimpleNamespace(turn=4, current=2)), "the computer's is declined"
    link.stop()


def test_a_seat_muted_in_chat_stays_muted_when_its_table_is_drawn_again(app, tmp_path):
    from game.scenes.play import PlayScene

    scene, link = hosted_with_a_friend(app, tmp_path, "kahuna", 2)
    friend_app, friend_scene = friends_screen(link)
    try:
        click(app, scene.seat_strip.row_rect(1).center)
        friend_scene.toggle_mute(0)
        again = PlayScene(app, scene.spec, scene.controller)  # as Load or Continue opens the same table
        again.host_table(scene.hosted)
        app.push(again)
        friend_again = PlayScene(friend_app, link.table.spec, link.table, worker_mode="thread", link=link)
        friend_app.push(friend_again)
        link.table.say("muted at the host")
        scene.hosted.say("muted at the friend's")
        until([app, friend_app], lambda: len(scene.hosted.chat) == 2 and len(link.table.chat) == 2)
        frames(app, 2)
        frames(friend_app, 2)
        assert 1 in again.muted and 0 in friend_again.muted
        assert not any("muted" in text for _, text, _ in again.log_panel.lines)
        assert not any("muted" in text for _, text, _ in friend_again.log_panel.lines)
        assert again.seat_strip.lines()[1].muted
    finally:
        friend_scene.on_exit()
        link.stop()
