"""A table hosted from New game and joined from a second Game Night through Join a table, played across
the two by their screens, on 127.0.0.1 only.

Both Game Nights run in this process as two App objects stepped in turn; each keeps its files in a folder
of its own (the host's save, the friend's rejoin record), switched as a computer's turn comes."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.rules import CHANCE
from game.games.kahuna.board import ISLAND_INDEX, ISLANDS
from game.scenes.join import JoinScene
from game.scenes.lobby import LobbyScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from tests.net.screens_helpers import act_where_asked, both, host_from_new_game, join_by_address, play_scene, until
from tests.scenes.test_kahuna_table import dot_on
from tests.uidriver import click, click_button, key, make_app


@pytest.fixture
def two_apps(tmp_path, monkeypatch, no_network_left):
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "host"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GAMENIGHT_LAN", "loopback")
    apps = [make_app(), make_app()]
    yield apps
    for app in apps:
        for scene in list(reversed(app.scenes)):
            scene.on_exit()


def friends_computer(monkeypatch, tmp_path) -> None:
    """From now on, files are the friend's (the host's save keeps the path it was given)."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "friend"))


def hosted_and_joined(two_apps, monkeypatch, tmp_path, game_id: str, players: int | None = None):
    host_app, friend_app = two_apps
    lobby = host_from_new_game(host_app, game_id, invited=[1], players=players)
    assert not lobby.start_button.enabled
    friends_computer(monkeypatch, tmp_path)
    address = lobby.hosted.addresses()[0]
    join = join_by_address(two_apps, friend_app, address, lobby.hosted.host.code.lower().replace("-", " "),
                           name="Kai")
    until(two_apps, lambda: lobby.start_button.enabled and join.link is not None and join.link.status == "joined")
    assert lobby.hosted.seat_rows()[1] == {"name": "Kai", "kind": "remote", "connected": True, "ai": False}
    both(two_apps, 10)
    # Seated before the host starts: the friend's screen says whom it waits for, not a table that ignores clicks.
    host_name = lobby.hosted.seat_rows()[0]["name"]
    assert friend_app.scene is join and join.joining_text() == f"Waiting for {host_name} to start the game…"
    click_button(host_app, "Start")
    host_scene = play_scene(host_app)
    assert isinstance(host_scene, PlayScene) and host_scene.hosted is not None
    until(two_apps, lambda: isinstance(friend_app.scene, PlayScene))
    return host_scene, play_scene(friend_app)


def click_a_kahuna_move(two_apps, app, rng) -> bool:
    """At a Kahuna table whose person decides now, a bridge built or a card drawn by posted clicks (the card
    picked in the hand, then the line's dots; a card of the display or the pile), followed until the host has
    it; False when that screen has nothing to decide."""
    scene = play_scene(app)
    if scene is None or app.scene is not scene or scene.view.busy() or not scene.can_act():
        return False
    view = scene.view
    moves = [a for a in scene.controller.legal_actions() if a["type"] in ("build", "draw")]
    if not moves:
        return act_where_asked([app], rng)
    action = rng.choice(moves)
    length = len(scene.controller.log)
    if action["type"] == "build":
        click(app, view.hand_rects()[view.my_cards().index(ISLAND_INDEX[action["card"]])].center)
        click(app, dot_on(action["line"]))
    elif action["source"] == "display":
        shown = [ISLANDS[card] for card in view.state().display]
        click(app, view.display_rects()[shown.index(action["card"])].center)
    else:
        click(app, view.pile_rect().center)
    until(two_apps, lambda: len(scene.controller.log) > length)
    assert scene.controller.log[length].action == action
    return True


def play_turns(two_apps, host_scene, count: int, rng) -> None:
    """Play on by posted clicks at whichever screen decides, until each seat has taken ``count`` more actions
    of its own (or the game ends)."""
    log = host_scene.controller.log
    start = len(log)

    def done() -> bool:
        for app in two_apps:
            click_a_kahuna_move(two_apps, app, rng)
        taken = [entry.seat for entry in log[start:]]
        return host_scene.controller.over or min(taken.count(0), taken.count(1)) >= count

    until(two_apps, done, limit=4000)


def hosted_and_played(two_apps, monkeypatch, tmp_path, game_id: str, rng):
    """A table hosted and joined, two turns of each played, and the friend's screen caught up."""
    host_scene, friend_scene = hosted_and_joined(two_apps, monkeypatch, tmp_path, game_id)
    play_turns(two_apps, host_scene, 2, rng)
    until(two_apps, lambda: same_table(host_scene, friend_scene))
    return host_scene, friend_scene


def same_table(host_scene, friend_scene) -> bool:
    """The friend's screen shows what the host's game lets its seat see, and the same log."""
    table, controller = friend_scene.controller, host_scene.controller
    if len(table.log) != len(controller.log) or table.state is None:
        return False
    seat = table.screen
    mine = controller.ruleset.to_json(controller.observe(seat)) if not controller.over else None
    return controller.over or controller.ruleset.to_json(table.state) == mine


@pytest.mark.slow
def test_kahuna_hosted_joined_by_address_played_dropped_and_rejoined_with_continue(two_apps, monkeypatch, tmp_path):
    host_app, friend_app = two_apps
    rng = random.Random(3)
    host_scene, friend_scene = hosted_and_played(two_apps, monkeypatch, tmp_path, "kahuna", rng)
    # the friend leaves the table (menu, back to the title): the host's seat strip says so
    key(friend_app, pygame.K_ESCAPE)
    click_button(friend_app, "Quit to title")
    assert isinstance(friend_app.scene, TitleScene)
    until(two_apps, lambda: not host_scene.seat_rows()[1]["connected"])
    both(two_apps, 30)
    assert 1 in host_scene.away_since
    # Continue on the friend's computer goes back to that table
    click_button(friend_app, "Continue")
    assert isinstance(friend_app.scene, JoinScene)
    until(two_apps, lambda: isinstance(friend_app.scene, PlayScene))
    friend_scene = play_scene(friend_app)
    until(two_apps, lambda: host_scene.seat_rows()[1]["connected"] and same_table(host_scene, friend_scene))
    assert 1 not in host_scene.away_since
    play_turns(two_apps, host_scene, 1, rng)
    until(two_apps, lambda: same_table(host_scene, friend_scene))


def test_continue_says_so_when_the_host_of_the_last_table_is_down(two_apps, monkeypatch, tmp_path):
    host_app, friend_app = two_apps
    host_scene, friend_scene = hosted_and_joined(two_apps, monkeypatch, tmp_path, "kahuna")
    address = host_scene.hosted.addresses()[0]
    host_app.reset_to(TitleScene(host_app))  # the host closes the table
    key(friend_app, pygame.K_ESCAPE)
    click_button(friend_app, "Quit to title")
    click_button(friend_app, "Continue")
    join = friend_app.scene
    until(two_apps, lambda: join.link is None)
    assert join.error == f"The host of your last table ({address}) does not answer now. Try again once it is open."


@pytest.mark.slow
def test_load_on_the_host_reopens_the_lobby_with_the_same_code_and_the_friend_comes_back(two_apps, monkeypatch,
                                                                                          tmp_path):
    host_app, friend_app = two_apps
    host_scene, friend_scene = hosted_and_joined(two_apps, monkeypatch, tmp_path, "kahuna")
    play_turns(two_apps, host_scene, 1, random.Random(5))
    code, played = host_scene.hosted.host.code, len(host_scene.controller.log)
    host_app.reset_to(TitleScene(host_app))  # the host quits; the friend's link waits for it
    until(two_apps, lambda: friend_scene.link.status == "lost")
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "host"))
    host_app.scene.on_resume()
    click_button(host_app, "Load")
    rows = host_app.scene.list.rect
    click(host_app, (rows.centerx, rows.y + 40))
    click_button(host_app, "Open")
    lobby = host_app.scene
    assert isinstance(lobby, LobbyScene) and lobby.hosted.host.code == code
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "friend"))
    until(two_apps, lambda: friend_scene.link.status == "joined" and lobby.hosted.seat_rows()[1]["connected"])
    host_name = lobby.hosted.seat_rows()[0]["name"]
    assert friend_scene.status_text() == f"Waiting for {host_name} to start the game…"  # not a silent table
    click_button(host_app, "Start")
    host_scene = play_scene(host_app)
    until(two_apps, lambda: friend_scene.link.table.started)
    assert "Waiting" not in friend_scene.status_text()
    assert len(host_scene.controller.log) == played
    play_turns(two_apps, host_scene, 1, random.Random(6))
    until(two_apps, lambda: same_table(host_scene, friend_scene))


def play_to_the_end(two_apps, host_scene, friend_scene, rng) -> None:
    """Both people play on (their tables' animations skipped to save time) until both screens say it is over."""
    from game.scenes.game_over import GameOverScene

    def over() -> bool:
        for scene in (host_scene, friend_scene):
            scene.view.skip_animations()
        act_where_asked(two_apps, rng)
        return all(isinstance(app.scene, GameOverScene) for app in two_apps)

    until(two_apps, over, limit=20000)


@pytest.mark.slow
def test_kahuna_across_two_game_nights_ends_with_both_game_over_screens_agreeing(two_apps, monkeypatch, tmp_path):
    host_app, friend_app = two_apps
    host_scene, friend_scene = hosted_and_joined(two_apps, monkeypatch, tmp_path, "kahuna")
    rng = random.Random(8)
    play_turns(two_apps, host_scene, 3, rng)  # the first turns by clicks on both screens, the rest by the tables
    play_to_the_end(two_apps, host_scene, friend_scene, rng)
    host_result, friend_result = host_scene.controller.result(), friend_scene.controller.result()
    assert (friend_result.scores, friend_result.ranks) == (host_result.scores, host_result.ranks)
    assert [entry.action for entry in friend_scene.controller.log] == [entry.action for entry in
                                                                        host_scene.controller.log]
    assert host_app.scene.play is host_scene and friend_app.scene.play is friend_scene


def click_the_opening(two_apps, host_scene, rng) -> int:
    """The opening of a Catan table (each settlement, city and road) placed by posted clicks on its spot, at
    whichever screen's person places next; how many were clicked."""
    clicked = 0

    def placed() -> bool:
        nonlocal clicked
        for app in two_apps:
            scene = play_scene(app)
            if app.scene is not scene or scene.view.busy() or not scene.can_act():
                continue
            action = rng.choice(scene.controller.legal_actions())
            spots = scene.view.board.geometry
            point = spots.vertices[action["vertex"]] if "vertex" in action else spots.edges[action["edge"]]
            length = len(scene.controller.log)
            click(app, point)
            until(two_apps, lambda mine=scene.controller, length=length: len(mine.log) > length)
            clicked += 1
        phase = host_scene.controller.state.phase
        return phase not in ("layout", "first_player") and not phase.startswith("setup")

    until(two_apps, placed, limit=3000)
    return clicked


def finish_at_the_host(two_apps, host_scene, friend_scene, moves_a_frame: int = 12) -> None:
    """The rest of the game played on at the host as the easy computer player plays (a few moves a frame, chance
    drawn there as the host does), both screens following, until both show the game over."""
    from game.scenes.game_over import GameOverScene

    controller = host_scene.controller
    agent = host_scene.spec.make_agent("easy")

    def over() -> bool:
        for _ in range(moves_a_frame):
            seat = controller.to_act()
            if seat is None:
                break
            if seat == CHANCE:
                controller.resolve_chance()
            else:
                controller.submit(agent.choose(controller.ruleset, controller.observe(seat), seat,
                                               random.Random(len(controller.log))), seat)
        for scene in (host_scene, friend_scene):
            scene.view.skip_animations()
        return all(isinstance(app.scene, GameOverScene) for app in two_apps)

    until(two_apps, over, limit=2000, dt=0.25)


@pytest.mark.slow
def test_cities_and_knights_for_two_across_two_game_nights_clicked_dropped_rejoined_and_ended_alike(two_apps,
                                                                                                     monkeypatch,
                                                                                                     tmp_path):
    host_app, friend_app = two_apps
    rng = random.Random(11)
    host_scene, friend_scene = hosted_and_joined(two_apps, monkeypatch, tmp_path, "catan_ck_2p")
    assert click_the_opening(two_apps, host_scene, rng) >= 8
    assert {entry.seat for entry in host_scene.controller.log if entry.seat >= 0} == {0, 1}
    until(two_apps, lambda: same_table(host_scene, friend_scene))
    friend_scene.link.connection.close(1001, "the lid closed")  # the friend's Wi-Fi drops
    until(two_apps, lambda: friend_scene.link.status == "lost" or not host_scene.seat_rows()[1]["connected"])
    until(two_apps, lambda: friend_scene.link.status == "joined" and host_scene.seat_rows()[1]["connected"])
    until(two_apps, lambda: same_table(host_scene, friend_scene))
    finish_at_the_host(two_apps, host_scene, friend_scene)
    host_result, friend_result = host_scene.controller.result(), friend_scene.controller.result()
    assert (friend_result.scores, friend_result.ranks) == (host_result.scores, host_result.ranks)
    assert [entry.action for entry in friend_scene.controller.log] == [entry.action for entry in
                                                                        host_scene.controller.log]
    assert host_app.scene.play is host_scene and friend_app.scene.play is friend_scene
