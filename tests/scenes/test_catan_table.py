"""The Catan table driven through posted mouse and key events, checked by rendered pixels and the log."""

from types import SimpleNamespace

import pygame
import pytest

from game.core import settings as settings_module
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.games.catan import board, dialogs
from game.games.catan.board_layer import HOVER, LIT
from game.games.catan.rules import RULES
from game.scenes import play as play_module
from game.scenes.game_over import GameOverScene
from game.scenes.play import PlayScene
from game.ui import theme
from game.ui.widgets import Button
from tests.catan.helpers import beginner_game
from tests.uidriver import await_ai, click, frames, key, move, run_until

RED = theme.player_style(0, "catan").colour


@pytest.fixture(autouse=True)
def quick_pacing(monkeypatch):
    """AI moves and dice follow each other without the pauses a person needs to follow them."""
    monkeypatch.setitem(settings_module.AI_PACING_SECONDS, "fast", 0.0)
    monkeypatch.setattr(play_module, "CHANCE_DELAY", 0.0)


def open_table(app, start=None, seed: int = 7, levels=("easy", "easy", "easy"), game: str = "catan", seats=None,
               **options):
    """A game of ``game`` at its table: Hanako and computer players of ``levels``, or ``seats``."""
    spec = get_spec(game)
    seats = seats or (SeatConfig("human", "Hanako"),) + tuple(SeatConfig("ai", "", level) for level in levels)
    config = GameConfig(seats, dict(spec.default_options(), **options))
    controller = Controller(spec.ruleset, config, seed, start=start)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def settle(app, scene, limit: int = 3000) -> None:
    """Run until the person may act and nothing moves on the table."""
    run_until(app, lambda: scene.can_act() and not scene.view.busy(), limit=limit, dt=0.1)
    frames(app, 2)


def position(mutate) -> dict:
    """The beginner island with its starting pieces, seat 0 on turn, changed by ``mutate``."""
    data = RULES.to_json(beginner_game())
    mutate(data)
    data["hands"] = [{r: h.get(r, 0) for r in board.RESOURCES} for h in data["hands"]]
    data["hand_counts"] = [sum(h.values()) for h in data["hands"]]
    data["bank"] = {r: board.PER_RESOURCE - sum(h[r] for h in data["hands"]) for r in board.RESOURCES}
    return data


def pixel(app, point) -> tuple:
    return tuple(app.screen.get_at((round(point[0]), round(point[1]))))[:3]


def test_set_up_placement_by_clicks_builds_the_settlement_and_then_the_road(app):
    scene = open_table(app)
    settle(app, scene)
    view = scene.view
    state = scene.controller.state
    assert state.phase == "setup_settlement"
    spots = sorted(view.candidates())
    vertex = spots[len(spots) // 2][1]
    point = view.board.geometry.vertices[vertex]
    assert pixel(app, point) == LIT
    move(app, point)
    ghost = pixel(app, point)
    assert ghost != LIT and ghost[0] > ghost[2] + 80  # a red settlement's ghost under the cursor
    click(app, point)
    assert scene.controller.log[-1].action == {"type": "settlement", "vertex": vertex}
    run_until(app, lambda: not view.busy(), dt=0.1)
    frames(app, 2)
    roads = sorted(view.candidates())
    assert roads and all(k[0] == "e" and vertex in board.EDGE_VERTICES[k[1]] for k in roads)
    edge = roads[0][1]
    click(app, view.board.geometry.edges[edge])
    assert scene.controller.log[-1].action == {"type": "road", "edge": edge}
    assert scene.controller.state.edge_owner[edge] == 0
    run_until(app, lambda: not view.busy(), dt=0.1)
    move(app, (5, 5))
    frames(app, 2)
    assert pixel(app, view.board.geometry.edges[edge]) == RED  # the road stands on the clicked path
    built = [icon for seat, text, icon, _ in scene.log_panel.rows if seat == 0 and "builds" in text]
    assert len(built) == 2 and all(icon is not None for icon in built), "the log pictures each piece built"


def test_an_illegal_corner_stays_unlit_and_a_click_there_changes_nothing(app):
    scene = open_table(app)
    settle(app, scene)
    view = scene.view
    state = scene.controller.state
    taken = next(v for v in range(board.NUM_VERTICES) if state.vertex_owner[v] >= 0)
    blocked = board.VERTEX_NEIGHBOURS[taken][0]
    assert ("v", blocked) not in view.candidates()
    point = view.board.geometry.vertices[blocked]
    move(app, point)
    assert pixel(app, point) not in (LIT, HOVER)
    before = len(scene.controller.log)
    click(app, point)
    assert len(scene.controller.log) == before
    assert scene.controller.state.vertex_owner[blocked] == -1
    assert scene.message and "settlement" in scene.message[0]


def test_the_discard_dialog_takes_exactly_half(app):
    def seven(data):
        data.update(phase="discard", rolled=True, dice=[3, 4], discard=[5, 0, 0, 0])
        data["hands"][0] = {"brick": 3, "lumber": 2, "ore": 1, "grain": 2, "wool": 2}

    scene = open_table(app, position(seven))
    settle(app, scene)
    dialog = scene.view.dialog
    assert isinstance(dialog, dialogs.DiscardDialog) and dialog.need == 5
    confirm = dialog.buttons[0]
    click(app, confirm.rect.center)
    assert scene.controller.log == []  # nothing chosen: refused
    plus = [stepper.parts()[2].center for stepper in dialog.widgets]
    for r in (0, 0, 0, 1):
        click(app, plus[r])
    click(app, confirm.rect.center)
    assert scene.controller.log == []  # four of five
    for _ in range(3):
        click(app, plus[0])  # brick is spent: no more than held
    assert dialog.chosen[0] == 3
    click(app, plus[3])
    assert sum(dialog.chosen) == 5
    click(app, plus[4])
    assert sum(dialog.chosen) == 5  # never more than half
    click(app, confirm.rect.center)
    assert scene.controller.log[0].action == {"type": "discard", "cards": {"brick": 3, "lumber": 1, "grain": 1}}
    assert sum(scene.controller.state.hands[0]) == 5


def test_a_trade_offered_to_one_ai_is_accepted_and_completed(app):
    def rich(data):
        data.update(phase="main", rolled=True, dice=[4, 2])
        data["hands"][0] = {"wool": 4, "grain": 3}
        data["hands"][1] = {"brick": 1, "lumber": 1, "grain": 1, "ore": 2}

    scene = open_table(app, position(rich), levels=("normal", "normal", "normal"))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_t)
    frames(app, 8)
    dialog = view.dialog
    assert isinstance(dialog, dialogs.TradeDialog)
    give, want = dialog.widgets[:5], dialog.widgets[5:10]
    click(app, give[4].parts()[2].center)  # one wool
    click(app, give[3].parts()[2].center)  # and one grain
    click(app, want[2].parts()[2].center)  # for one ore
    to_seat_1 = next(w for w in dialog.widgets if isinstance(w, Button) and "AI 2" in w.label())
    click(app, to_seat_1.rect.center)
    offer = [e.action for e in scene.controller.log]
    assert offer[:5] == [{"type": "trade"}, {"type": "trade_give", "resource": "grain"},
                         {"type": "trade_give", "resource": "wool"}, {"type": "trade_want", "resource": "ore"},
                         {"type": "propose", "to": 1}]
    run_until(app, lambda: scene.controller.state.phase != "respond", dt=0.1)
    assert scene.controller.state.trade.answers[1] == "accept"
    settle(app, scene)
    answers = view.dialog
    assert isinstance(answers, dialogs.AnswersDialog)
    click(app, answers.widgets[0].rect.center)  # trade with AI 2
    traded = [e for entry in scene.controller.log for e in entry.events if e.kind == "traded"]
    assert traded and traded[0].data == {"seat": 0, "partner": 1, "give": {"grain": 1, "wool": 1}, "get": {"ore": 1}}
    assert scene.controller.state.hands[0][board.ORE] == 1


def person_move(app, scene) -> None:
    """One decision of the scripted person, through the table's clicks and keys."""
    view = scene.view
    state = scene.controller.state
    legal = scene.controller.legal_actions()
    spots = view.candidates()
    if view.dialog is not None:
        dialog = view.dialog
        if isinstance(dialog, dialogs.DiscardDialog):
            action = next(a for a in legal if a["type"] == "discard")
            dialog.chosen = [action["cards"].get(r, 0) for r in board.RESOURCES]
        elif isinstance(dialog, dialogs.OfferDialog):
            click(app, dialog.buttons[1].rect.center)  # decline
            return
        target = next(b for b in dialog.buttons if b.enabled)
        click(app, target.rect.center)
        return
    if spots:
        key_ = sorted(spots)[0]
        geometry = view.board.geometry
        points = {"v": geometry.vertices, "e": geometry.edges, "h": geometry.hexes}[key_[0]]
        click(app, points[key_[1]])
        return
    if state.phase == "main":
        for kind, hotkey in (("city", pygame.K_3), ("settlement", pygame.K_2), ("road", pygame.K_1)):
            if any(a["type"] == kind for a in legal) and (kind != "road" or state.pieces[0][0] < 8):
                key(app, hotkey)
                return
        if {"type": "buy"} in legal:
            key(app, pygame.K_4)
            return
    if view.main_button.enabled:
        click(app, view.main_button.rect.center)
        return
    scene.submit(legal[0])


def play_to_game_over(app, scene, move=person_move, limit: int = 4000) -> None:
    """The scripted person plays against the computer players until the game-over screen."""
    for _ in range(limit):
        if isinstance(app.scene, GameOverScene):
            break
        if scene.can_act() and not scene.view.busy():
            move(app, scene)
        else:
            await_ai(app)
            app.step(0.1)
    assert isinstance(app.scene, GameOverScene)


@pytest.mark.slow
def test_a_whole_game_against_three_ais_reaches_the_game_over_screen(app):
    scene = open_table(app, seed=11, victory_points=6)
    play_to_game_over(app, scene)
    result = scene.controller.result()
    assert max(result.scores) >= 6
    frames(app, 3)


def test_hot_seat_covers_the_table_between_two_people(app):
    from game.scenes.handoff import HandoffScene

    spec = get_spec("catan")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("human", "Taro"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 3)
    play = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(play)
    run_until(app, lambda: isinstance(app.scene, HandoffScene), dt=0.1)
    first = app.scene.seat
    assert play.viewer is None and not play.can_act() and app.scene.opaque
    click(app, app.scene.widgets[0].rect.center)
    assert play.viewer == first and play.can_act()
    hidden = play.view.observation().hands
    assert hidden[first] is not None and hidden[1 - first] is None, "only the person at the screen sees a hand"


def test_the_island_is_laid_out_without_a_pause_per_tile(app, monkeypatch):
    monkeypatch.setattr(play_module, "CHANCE_DELAY", 10.0)  # a pause long enough to notice
    scene = open_table(app, seed=5)
    assert scene.view.chance_status() == "Laying out the island…"
    run_until(app, lambda: scene.controller.state.phase not in ("layout",), limit=400, dt=0.02)
    assert scene.controller.state.layout is not None


def test_a_friend_whose_host_has_not_started_reads_whom_they_wait_for_not_the_island(app):
    """Seated at a joined table before its host starts, nothing moves: the ribbon and the answer to a click say
    whom the friend waits for, not that the island is being laid out."""
    scene = open_table(app, seed=5)
    waiting = SimpleNamespace(started=False, host_name=lambda: "Kai")
    scene.link = SimpleNamespace(table=waiting)
    try:
        assert scene.view.tips.watch_status() == "Waiting for Kai to start the game…"
        assert scene.view.wait_reason() == "Waiting for Kai to start the game…"
        waiting.started = True
        assert scene.view.tips.watch_status() == "Laying out the island…"
    finally:
        scene.link = None


def test_in_a_small_window_a_click_on_a_lit_corner_builds_there(open_app):
    """The board is drawn scaled down; the click lands in window pixels and still finds its corner."""
    small = open_app(window_width=1000, window_height=700)
    viewport = small.viewport()
    assert viewport.width < theme.LOGICAL_SIZE[0]
    scene = open_table(small)
    settle(small, scene)
    spots = sorted(scene.view.candidates())
    vertex = spots[-1][1]
    x, y = scene.view.board.geometry.vertices[vertex]
    scale = viewport.width / theme.LOGICAL_SIZE[0]
    click(small, (round(viewport.x + x * scale), round(viewport.y + y * scale)))
    assert scene.controller.log[-1].action == {"type": "settlement", "vertex": vertex}
