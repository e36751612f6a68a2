"""The lobby, Join a table and a networked table's seats and chat, through posted clicks and keys, on
127.0.0.1 only (discovery bound to loopback)."""

from __future__ import annotations

import pygame
import pytest

from game.core.controller import Controller
from game.core.i18n import set_language, tr
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.net import protocol
from game.net.client import RemoteTable
from game.net.headless import RemoteLink
from game.net.transport import HostServer
from game.scenes.join import JoinScene
from game.scenes.lobby import LobbyScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from tests.net.screens_helpers import both, join_by_address, until
from tests.uidriver import click, click_button, frames, key, make_app, type_text


@pytest.fixture
def app(lan_app):
    return lan_app


def new_table(kinds=("human", "remote")) -> tuple:
    """Kahuna for two, Catan for three or four."""
    spec = get_spec("kahuna" if len(kinds) == 2 else "catan")
    seats = tuple(SeatConfig(kind) for kind in kinds)
    return spec, Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 5)


def open_lobby(app, tmp_path, kinds=("human", "remote")) -> LobbyScene:
    app.push(TitleScene(app))
    spec, controller = new_table(kinds)
    assert LobbyScene.open_table(app, spec, controller, tmp_path / "hosted.json")
    frames(app, 2)
    return app.scene


def friend_joins(app, lobby, name="Kai") -> RemoteLink:
    """A friend's program joins by code (not through this app's screens)."""
    link = RemoteLink(RemoteTable(), "127.0.0.1", lobby.hosted.port, lobby.hosted.host.code, name=name)
    link.start()
    until([app], lambda: pumped(link) and link.status == "joined", limit=300)
    return link


def pumped(link) -> bool:
    link.pump()
    return True


def test_the_lobby_fills_as_a_friend_joins_and_start_opens_the_hosted_table(app, tmp_path):
    lobby = open_lobby(app, tmp_path)
    assert lobby.hosted.bind == "127.0.0.1"
    click_button(app, "Start")
    assert app.scene is lobby, "Start waits for the invited seat"
    link = friend_joins(app, lobby)
    assert lobby.hosted.seat_rows()[1] == {"name": "Kai", "kind": "remote", "connected": True, "ai": False}
    click_button(app, "Start")
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.hosted is lobby.hosted
    assert scene.autosave is lobby.hosted.autosave
    until([app], lambda: pumped(link) and scene.controller.log and len(link.table.log) == len(scene.controller.log))
    link.stop()


def test_an_empty_invited_seat_is_given_to_the_computer_and_cancel_closes_the_table(app, tmp_path):
    lobby = open_lobby(app, tmp_path, ("human", "remote", "remote"))
    port = lobby.hosted.port
    click_button(app, "Computer plays")  # seat 2's
    assert lobby.hosted.controller.config.seats[1].kind == "ai"
    assert lobby.hosted.invited() == [2] and not lobby.start_button.enabled
    click_button(app, "Computer plays")  # seat 3's now
    assert lobby.start_button.enabled
    click_button(app, "Close the table")
    assert isinstance(app.scene, TitleScene) and not lobby.hosted.open_now
    link = RemoteLink(RemoteTable(), "127.0.0.1", port, lobby.hosted.host.code, patience=0)
    link.start()
    until([app], lambda: pumped(link) and link.status != "connecting", limit=300)
    assert link.status in ("lost", "gone")
    link.stop()


def test_copy_puts_the_code_on_the_clipboard_or_selects_it(app, tmp_path):
    lobby = open_lobby(app, tmp_path)
    click_button(app, "Copy")
    assert lobby.code_selected
    assert app.toasts[-1][0] in ("The code is on the clipboard.",
                                 "There is no clipboard here: the code is selected; copy it by hand.")


def join_with(app, address, code, seat_steps=0):
    """Join through the screen until it fails, or is seated (at the table, or waiting for the host to start)."""
    scene = join_by_address([app], app, address, code, seat_steps=seat_steps)
    until([app], lambda: scene.link is None or isinstance(app.scene, PlayScene) or waiting(scene), limit=600)
    return scene


def waiting(scene: JoinScene) -> bool:
    return scene.link is not None and scene.link.status == "joined" and not scene.link.table.started


def started_by_host(app, lobby, scene: JoinScene) -> None:
    """The friend waits on the Join screen until the host person starts the game, then sits at the table."""
    both([app], 5)
    assert app.scene is scene and waiting(scene)
    name = lobby.hosted.seat_rows()[0]["name"]
    assert scene.joining_text() == tr("net.waiting.host", name=name)
    lobby.hosted.start_game()
    until([app], lambda: isinstance(app.scene, PlayScene), limit=300)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_each_failed_join_is_one_sentence(app, tmp_path, monkeypatch, language):
    lobby = open_lobby(app, tmp_path)
    address = lobby.hosted.addresses()[0]
    set_language(language)
    scene = join_with(app, address, "2222-3333-4444")
    assert scene.error == tr("net.reason.bad_code")
    app.pop()
    scene = join_with(app, "127.0.0.1:1", lobby.hosted.host.code)
    assert scene.error == tr("join.error.unreachable", address="127.0.0.1:1")
    app.pop()
    scene = join_with(app, "not an address", lobby.hosted.host.code)
    assert scene.error == tr("join.error.address", address="not an address") and scene.link is None
    app.pop()
    scene = join_with(app, address, "12")
    assert scene.error == tr("join.error.code") and scene.link is None
    app.pop()
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "another computer"))
    friend = friend_joins(app, lobby)
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    scene = join_with(app, address, lobby.hosted.host.code)
    assert scene.error == tr("net.reason.table_full")
    assert len({tr(key) for key in ("net.reason.bad_code", "join.error.unreachable", "net.reason.table_full")}) == 3
    friend.stop()


def test_a_host_of_another_version_is_said_in_one_sentence(app):
    server = HostServer(None, "127.0.0.1", 0)
    port = server.start()[1]
    try:
        scene = join_by_address([app], app, f"127.0.0.1:{port}", "2222-3333-4444")
        answered = False

        def answer():
            nonlocal answered
            while not server.inbound.empty():
                kind, conn_id, _ = server.inbound.get()
                if kind == "text" and not answered:
                    answered = True
                    server.send(conn_id, protocol.encode({"t": "error", "key": "version",
                                                          "reason": protocol.version_sentence("9.9.9", "0.1.0")}))
            return scene.link is None

        until([app], answer, limit=600)
        assert scene.error == ("This Game Night and the host's cannot play together: the host runs Game Night 9.9.9, "
                               "this is 0.1.0. Both need the same version.")
    finally:
        server.stop()


def test_a_table_announced_on_loopback_is_listed_and_chosen_with_a_click(app, tmp_path):
    lobby = open_lobby(app, tmp_path, ("human", "remote", "remote"))
    app.push(JoinScene(app))
    scene = app.scene
    ours = [None]

    def listed() -> bool:
        ours[0] = next((index for index, found in enumerate(scene.found) if found.port == lobby.hosted.port), None)
        return ours[0] is not None

    until([app], listed, limit=900, dt=1 / 30)
    table = scene.found[ours[0]]
    assert (table.game, table.port, table.free) == ("catan", lobby.hosted.port, (1, 2))
    row = scene.found_list.rect
    click(app, (row.x + 40, row.y + 20 + ours[0] * 58))
    assert scene.address == f"127.0.0.1:{lobby.hosted.port}" and scene.chosen == table
    seats = [value for value, _ in scene.seat_chooser.options]
    assert seats == [None, 1, 2]
    click(app, scene.code_input.rect.center)
    type_text(app, lobby.hosted.host.code)
    click(app, (scene.seat_chooser.rect.right - 10, scene.seat_chooser.rect.centery))
    click(app, (scene.seat_chooser.rect.right - 10, scene.seat_chooser.rect.centery))
    click_button(app, "Join")
    until([app], lambda: waiting(scene), limit=600)
    started_by_host(app, lobby, scene)
    assert app.scene.controller.seats == [2]
    assert lobby.hosted.free_seats() == [1]


def test_an_address_typed_is_offered_the_hosts_free_seats_with_their_colours_and_a_full_table_says_so(
        app, tmp_path, monkeypatch):
    from game.ui.theme import player_style

    lobby = open_lobby(app, tmp_path, ("human", "remote", "remote"))
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "another computer"))
    first = friend_joins(app, lobby)  # seat 2
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    app.push(JoinScene(app))
    scene = app.scene
    for field, text in ((scene.address_input, lobby.hosted.addresses()[0]), (scene.code_input, "2222-3333-4444")):
        click(app, field.rect.center)
        type_text(app, text)
    until([app], lambda: scene.error is not None, limit=300)
    assert scene.error == tr("net.reason.bad_code") and len(scene.seat_chooser.options) == 7
    click(app, scene.code_input.rect.center)
    for _ in range(14):
        key(app, pygame.K_BACKSPACE)
    type_text(app, lobby.hosted.host.code)
    until([app], lambda: scene.offered is not None, limit=300)
    assert scene.error is None and scene.code_input.focused, "the field being typed in keeps the keys"
    colour = tr(player_style(2, "catan").name_key)
    assert [(value, label()) for value, label in scene.seat_chooser.options] == [
        (None, tr("join.seat.any")), (2, f"Seat 3 · {colour}")]
    app.pop()
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "a third computer"))
    second = friend_joins(app, lobby)  # seat 3: the table is full now
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    scene = join_by_address([app], app, lobby.hosted.addresses()[0], "")
    click(app, scene.code_input.rect.center)
    type_text(app, lobby.hosted.host.code)
    until([app], lambda: scene.error is not None, limit=300)
    assert scene.error == "Every seat of this table is taken." and scene.link is None
    assert [value for value, _ in scene.seat_chooser.options] == [None]
    first.stop()
    second.stop()


def test_only_the_field_clicked_last_has_the_caret_on_the_join_screen(app):
    app.push(TitleScene(app))
    app.push(JoinScene(app))
    scene = app.scene
    fields = [scene.address_input, scene.code_input, scene.name_input]
    for clicked in fields:
        click(app, clicked.rect.center)
        assert [field.focused for field in fields] == [field is clicked for field in fields]
    type_text(app, "Kai")
    assert (scene.address, scene.code, scene.name) == ("", "", "Kai")


def test_chat_goes_both_ways_and_a_muted_seat_is_not_shown(app, tmp_path):
    lobby = open_lobby(app, tmp_path)
    link = friend_joins(app, lobby, "Kai")
    click_button(app, "Start")
    scene = app.scene
    click(app, scene.chat_input.rect.center)
    type_text(app, "hello from the host")
    key(app, pygame.K_h)  # typing, not a hint
    key(app, pygame.K_RETURN)
    assert scene.chat_input.text == "" and scene.hint_job is None
    until([app], lambda: pumped(link) and ("hello from the host" in [t for _, t in link.table.chat]))
    link.table.say("hi from Kai")
    until([app], lambda: pumped(link) and any("Kai: hi from Kai" == text for _, text, _ in scene.log_panel.lines))
    click(app, scene.seat_strip.row_rect(1).center)
    assert 1 in scene.muted
    link.table.say("muted line")
    until([app], lambda: pumped(link) and ("muted line" in [t for _, t in lobby.hosted.chat]))
    frames(app, 3)
    assert not any("muted line" in text for _, text, _ in scene.log_panel.lines)
    link.stop()


def test_a_friend_away_shows_reconnecting_and_the_host_may_let_the_computer_play(app, tmp_path):
    lobby = open_lobby(app, tmp_path)
    link = friend_joins(app, lobby, "Kai")
    click_button(app, "Start")
    scene = app.scene
    link.stop()
    until([app], lambda: 1 in scene.away_since)
    assert scene.seat_lines()[1].away is not None
    assert scene.away_offer() is None and not scene.offer_buttons[0].visible
    both([app], 1, dt=31.0)
    frames(app, 2)
    assert scene.away_offer() == 1 and scene.offer_buttons[0].visible
    click_button(app, "Wait")
    frames(app, 2)
    assert scene.away_offer() is None
    both([app], 1, dt=31.0)
    frames(app, 2)
    click_button(app, "Computer")
    assert 1 in lobby.hosted.host.with_ai and scene.plays_here(1)
    frames(app, 2)
    assert scene.seat_rows()[1]["ai"]


def test_the_self_tests_part_opens_the_lobby_a_friend_joins_and_the_join_screen(app):
    from game.scenes.net_selftest import check_network_screens

    check_network_screens(app, frames=3)
    assert isinstance(app.scene, TitleScene)


def test_a_friends_move_animates_at_the_host_and_the_language_switches_at_a_networked_table(app, tmp_path):
    lobby = open_lobby(app, tmp_path)
    link = friend_joins(app, lobby, "Kai")
    click_button(app, "Start")
    scene = app.scene
    table = link.table
    while not table.legal_actions() or table.to_act() != 1:
        until([app], lambda: pumped(link) and not scene.view.busy())
        if scene.can_act():
            scene.submit(scene.controller.legal_actions()[0])
        frames(app)
    length = len(scene.controller.log)
    table.submit(table.legal_actions()[0])
    until([app], lambda: pumped(link) and len(scene.controller.log) > length)
    assert scene.view.busy(), "the friend's move is shown as it is made, as an AI's is"
    app.settings.language = "ja"
    app.apply_settings()
    frames(app, 2)
    assert scene.seat_strip in scene.widgets and scene.chat_input in scene.widgets
    assert scene.chat_input.placeholder() == "ひとこと…（Enterで送信）"
    link.stop()


def test_where_multicast_is_blocked_the_list_says_so_and_the_address_still_joins(app, tmp_path, monkeypatch):
    from game.net import discovery

    def blocked(interfaces):
        raise OSError("multicast is not allowed here")

    monkeypatch.setattr(discovery, "_open", blocked)
    lobby = open_lobby(app, tmp_path)
    assert lobby.hosted.announcer is not None
    until([app], lambda: lobby.hosted.announcer.failed is not None, limit=120)
    frames(app, 2)
    assert lobby.hosted.announcer.failed == "multicast is not allowed here"
    scene = join_with(app, lobby.hosted.addresses()[0], lobby.hosted.host.code)
    started_by_host(app, lobby, scene)
    app.pop()
    app.push(JoinScene(app))
    frames(app, 2)
    assert app.scene.found_note() == "This network does not let tables be listed here. Type the host's address."


def test_with_discovery_off_nothing_is_announced_or_browsed(app, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_LAN", "off")
    app.push(TitleScene(app))
    app.push(JoinScene(app))
    frames(app, 2)
    assert app.scene.browser is None
    assert app.scene.found_note() == "Looking for tables is switched off here. Type the host's address."


def test_a_friends_seat_panel_carries_the_connection_badge_at_the_host(app, tmp_path):
    lobby = open_lobby(app, tmp_path)
    link = friend_joins(app, lobby, "Kai")
    click_button(app, "Start")
    scene = app.scene
    assert scene.seat_connection(0) is None
    assert scene.seat_connection(1).row["connected"] and scene.seat_connection(1).away is None
    link.stop()
    until([app], lambda: scene.seat_connection(1).away is not None)
    frames(app, 2)
    panel = scene.view.drawing.seat_box_rect(1)
    corner = pygame.Rect(panel.right - 110, panel.y + 4, 106, 30)
    away = (196, 110, 40)
    assert any(tuple(app.screen.get_at((x, y)))[:3] == away for x in range(corner.x, corner.right)
               for y in range(corner.y, corner.bottom)), "the away badge is drawn in the panel's corner"


def test_save_from_the_pause_menu_keeps_the_hosted_tables_code_and_is_the_hosts_at_a_friends_table(app, tmp_path):
    from game.core.saves import net_record, read_record
    from game.scenes.game_over import GameOverScene
    from game.scenes.pause import PauseScene

    lobby = open_lobby(app, tmp_path)
    link = friend_joins(app, lobby, "Kai")
    click_button(app, "Start")
    hosting = app.scene
    until([app], lambda: pumped(link) and hosting.controller.log and len(link.table.log) == len(hosting.controller.log))
    app.push(PauseScene(app, hosting))
    click_button(app, "Save")
    saved = net_record(read_record(tmp_path / "hosted.json"))
    assert saved["code"] == lobby.hosted.host.code and saved["tokens"] == lobby.hosted.net_record()["tokens"]
    over = GameOverScene(app, hosting)
    assert tr("over.rematch") not in [button.label() for button in over.results], "friends are not at a new table"

    friend_app = make_app()
    try:
        remote = PlayScene(friend_app, link.table.spec, link.table, worker_mode="thread", link=link)
        friend_app.push(remote)
        frames(friend_app, 2)
        friend_app.push(PauseScene(friend_app, remote))
        click_button(friend_app, "Save")
        assert friend_app.toasts and friend_app.toasts[-1][0] == tr("pause.saved_by_host")
    finally:
        remote.on_exit()
