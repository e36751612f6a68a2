"""The play scene over a RemoteTable fed by a TableHost in the same process: it draws the table the
host's game shows that seat, and a click becomes an ``act`` message for the host (undo an ``undo``)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games.kahuna.board import LINE_INDEX
from game.scenes.play import PlayScene
from game.ui import theme
from game.ui.table import BOARD_AREA
from tests.net.helpers import Wire, get_spec
from tests.scenes.conftest import app, open_app  # noqa: F401 - the real app, offscreen
from tests.scenes.test_kahuna_table import POSITION, dot_on, pick_card
from tests.uidriver import click, frames, key

SEED = 1


@pytest.fixture
def remote(app):  # noqa: F811 - the fixture imported above
    """Hanako at seat 0 of a table hosted elsewhere (an easy AI at seat 1 there), on her screen."""
    spec = get_spec("kahuna")
    seats = (SeatConfig("remote"), SeatConfig("ai", "", "easy"))
    wire = Wire(spec, GameConfig(seats, spec.default_options()), SEED, start=POSITION)
    _, table = wire.join(name="Hanako")
    scene = PlayScene(app, spec, table, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return wire, table, scene


def board_pixels(scene) -> bytes:
    scene.view.skip_animations()
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    scene.draw(surface)
    return pygame.image.tobytes(surface.subsurface(BOARD_AREA), "RGB")


def sent_by(table) -> list[dict]:
    return [json.loads(text) for text in table.outbox]


def test_the_mirror_draws_the_table_the_hosts_game_shows_that_seat(app, remote):  # noqa: F811
    wire, table, scene = remote
    assert table.seats == [0] and scene.viewer == 0 and scene.can_act()
    spec = get_spec("kahuna")
    config = GameConfig((SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy")), spec.default_options())
    local = Controller(spec.ruleset, config, SEED, start=POSITION, actions=wire.controller.actions())
    here = PlayScene(app, spec, local, worker_mode="thread")
    here.set_owner(0)
    here.view.time = scene.view.time  # the sea moves with the view's clock
    assert board_pixels(scene) == board_pixels(here)
    assert [text for _, text, _ in scene.log_panel.lines] == [text for _, text, _ in here.log_panel.lines]
    assert scene.status_text() == here.status_text()


def test_a_click_becomes_an_act_message_and_the_hosts_answer_moves_the_table(app, remote):  # noqa: F811
    wire, table, scene = remote
    at = len(table.log)
    lines = len(scene.log_panel.lines)
    click(app, scene.view.display_rects()[1].center)
    assert sent_by(table) == [{"v": 1, "t": "act", "seat": 0, "action": {"type": "draw", "source": "display",
                                                                        "card": "ELAI"}, "at": at}]
    assert table.legal_actions() == []  # waiting for the host: no second click goes out
    assert len(wire.controller.log) == at  # nothing happens before the host hears of it
    wire.flush()
    assert wire.controller.log[at].action == {"type": "draw", "source": "display", "card": "ELAI"}
    assert len(table.log) == at + 1 and table.log[-1].action["card"] == "ELAI"
    frames(app, 3)
    assert len(scene.log_panel.lines) > lines


def test_undo_asks_the_host_and_the_table_rewinds(app, remote):  # noqa: F811
    wire, table, scene = remote
    pick_card(app, scene, "ALOA")
    click(app, dot_on("ALOA-DUDA"))
    assert sent_by(table)[-1]["t"] == "act"
    wire.flush()
    frames(app, 2)
    assert wire.controller.state.bridges[LINE_INDEX["ALOA-DUDA"]] == 0
    assert scene.can_undo()
    key(app, pygame.K_z, pygame.KMOD_CTRL, "z")
    assert sent_by(table)[-1] == {"v": 1, "t": "undo", "seat": 0}
    wire.flush()
    frames(app, 2)
    assert wire.controller.log == [] and table.log == []
    assert LINE_INDEX["ALOA-DUDA"] not in scene.view.shown.bridges


def test_a_refusal_from_the_host_is_said_on_the_screen(app, remote):  # noqa: F811
    wire, table, scene = remote
    table.submit({"type": "draw", "source": "display", "card": "ZZZZ"}, 0)
    wire.flush()
    frames(app, 1)
    assert scene.message and "ZZZZ" in scene.message[0]
    assert table.legal_actions()  # she may try again


def test_the_mirror_plays_no_ai_and_no_chance_of_its_own(app, remote):  # noqa: F811
    wire, table, scene = remote
    click(app, scene.view.display_rects()[1].center)
    wire.flush()
    frames(app, 30)
    assert scene.pending is None and scene.worker._executor is None
    assert table.to_act() == wire.controller.to_act() == CHANCE  # the display's new card is the host's to draw
    assert len(table.log) == len(wire.controller.log)
    while wire.host.pump():
        pass
    assert any(entry.seat == 1 for entry in wire.controller.log)
    frames(app, 5)
    assert len(table.log) == len(wire.controller.log) > 1


def test_two_friends_at_one_remote_screen_hand_it_over_between_their_seats(app):  # noqa: F811
    from game.scenes.handoff import HandoffScene

    spec = get_spec("kahuna")
    wire = Wire(spec, GameConfig((SeatConfig("remote"), SeatConfig("remote")), spec.default_options()), SEED,
                start=POSITION)
    _, table = wire.join(name="Hanako")
    table.hello(code=wire.host.code, name="Taro")
    wire.flush()
    assert table.seats == [0, 1]
    scene = PlayScene(app, spec, table, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    assert isinstance(app.scene, HandoffScene) and app.scene.seat == 0
    app.scene.ready()
    frames(app, 2)
    assert scene.shown == 0 == table.screen
    click(app, scene.view.display_rects()[1].center)
    wire.flush()
    while wire.host.pump():
        pass
    frames(app, 5)
    assert table.to_act() == 1 and table.screen == 1  # the host now sends Taro's view only
    assert isinstance(app.scene, HandoffScene) and app.scene.seat == 1  # which Hanako's screen does not show
    app.scene.ready()
    frames(app, 2)
    assert scene.shown == 1 and scene.can_act()
    assert spec.ruleset.to_json(table.state) == spec.ruleset.to_json(wire.controller.observe(1))


class FakeLink:
    """A link that carries the wire's texts: what RemoteLink does over a socket."""

    def __init__(self, wire: Wire, table):
        self.wire = wire
        self.table = table
        self.status = "joined"
        self.reason = ""
        self.pumps = 0
        self.stopped = False

    def pump(self, timeout: float = 0.0) -> bool:
        self.pumps += 1
        return self.wire.flush()

    def stop(self) -> None:
        self.stopped = True


def test_the_scene_pumps_its_link_every_frame_and_says_when_it_is_lost(app, remote):  # noqa: F811
    wire, table, _ = remote
    link = FakeLink(wire, table)
    scene = PlayScene(app, get_spec("kahuna"), table, worker_mode="thread", link=link)
    app.push(scene)
    frames(app, 2)
    click(app, scene.view.display_rects()[1].center)
    assert table.outbox == [] and len(wire.controller.log) == 1  # the act went out within its frame
    assert link.pumps >= 4
    link.status, link.reason = "lost", "the connection closed"
    frames(app, 1)
    assert scene.message and scene.message[0] == "The connection to the host was lost; trying again…"
    scene.on_exit()
    assert link.stopped


def test_the_hosts_own_screen_never_shows_or_waits_on_a_remote_seat(app):  # noqa: F811
    """At the host's window a remote person is not at this screen: the screen stays its own person's, no
    click is asked and no AI thinks for the remote seat; its decision arrives over the wire."""
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Host"), SeatConfig("remote"))
    wire = Wire(spec, GameConfig(seats, spec.default_options()), SEED, start=POSITION)
    _, table = wire.join(name="Friend")
    scene = PlayScene(app, spec, wire.controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    click(app, scene.view.display_rects()[1].center)  # the host's person draws: the remote seat is next
    for _ in range(20):
        frames(app, 1)
        wire.host.pump()
        if wire.controller.to_act() == 1:
            break
    assert wire.controller.to_act() == 1 and table.legal_actions()
    frames(app, 30)
    assert scene.viewer == 0 and not scene.can_act() and scene.pending is None
    assert len(wire.controller.log) == len(table.log)  # nobody here decided for seat 1
    table.submit(table.legal_actions()[0], 1)
    wire.flush()
    assert wire.controller.log[-1].seat == 1 and scene.viewer == 0
