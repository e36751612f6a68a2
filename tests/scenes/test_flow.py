"""The platform's screens driven like a person would: clicks and keys on the real app."""

import json

import pygame

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.core.saves import list_saves, saves_dir
from game.games import get_spec
from game.scenes.game_over import GameOverScene
from game.scenes.handoff import HandoffScene
from game.scenes.load import LoadScene
from game.scenes.new_game import NewGameScene
from game.scenes.pause import PauseScene
from game.scenes.play import LogPanel, PlayScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from tests.uidriver import click, click_button, find_button, frames, key, move, run_until

LAST_TURN = {"format": "kahuna/1", "round": 3, "phase": "final", "final_turns": 1, "turn": 0,
             "bridges": {"ALOA-BARI": 0, "ALOA-DUDA": 0}, "hands": [["COCO"], ["LALE"]], "points": [1, 0],
             "history": [{"round": 1, "stones": [1, 0], "points": [1, 0]},
                         {"round": 2, "stones": [0, 0], "points": [0, 0]}]}


def test_new_game_pause_save_quit_and_continue(app):
    app.push(TitleScene(app))
    frames(app, 2)
    assert not find_button(app.scene, "Continue").enabled
    click_button(app, "New game")
    assert isinstance(app.scene, NewGameScene)
    click_button(app, "Start")
    play = app.scene
    assert isinstance(play, PlayScene) and play.spec.id == "kahuna"
    run_until(app, lambda: play.controller.to_act() in (0, 1) and len(play.controller.log) >= 9)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "Save")
    assert any("saved" in text.lower() for text, _ in app.toasts)
    saved_actions = len(play.controller.log)
    click_button(app, "Quit to title")
    assert isinstance(app.scene, TitleScene)
    assert find_button(app.scene, "Continue").enabled
    click_button(app, "Continue")
    resumed = app.scene
    assert isinstance(resumed, PlayScene)
    assert resumed.controller.actions()[:saved_actions] == play.controller.actions()[:saved_actions]


def test_hot_seat_hands_over_the_screen_between_people(app):
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("human", "Taro"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 4)
    app.push(PlayScene(app, spec, controller, worker_mode="thread"))
    run_until(app, lambda: isinstance(app.scene, HandoffScene))
    first = app.scene.seat
    play = app.scenes[-2]
    assert play.viewer is None and not play.can_act()
    click(app, app.scene.widgets[0].rect.center)
    assert play.viewer == first and play.can_act()
    # The person on turn draws from the display: the screen must be covered for the other one.
    click(app, play.view.display_rects()[0].center)
    run_until(app, lambda: isinstance(app.scene, HandoffScene))
    assert app.scene.seat == 1 - first
    assert play.viewer == first  # still the previous person's view, hidden behind the opaque cover
    assert app.scene.opaque


def test_game_over_screen_after_the_last_turn(app):
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 4, start=LAST_TURN)
    play = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(play)
    frames(app, 2)
    summaries = []
    play.view.draw_summary = lambda surface, rect: summaries.append(rect)
    click(app, find_button_in(play.view.buttons, "End turn without drawing").rect.center)
    run_until(app, lambda: isinstance(app.scene, GameOverScene), limit=600)
    assert controller.result().winners == [0]
    frames(app, 1)
    assert summaries and app.scene.box.contains(summaries[-1]), "the table's own summary has its place"
    click_button(app, "Watch replay")
    replay = app.scene
    replay.seek(0)
    assert len(replay.controller.log) == 0
    replay.forward()
    assert len(replay.controller.log) == 1


def find_button_in(buttons, text):
    return next(b for b in buttons if b.label() == text)


def test_a_damaged_save_is_listed_with_its_reason_and_left_untouched(app):
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    damaged = folder / "kahuna-broken.json"
    damaged.write_text('{"format": "gamenight-save", "version": 1, "game": "kahuna", "conf', encoding="utf-8")
    newer = folder / "kahuna-future.json"
    newer.write_text(json.dumps({"format": "gamenight-save", "version": 7, "game": "kahuna"}), encoding="utf-8")
    before = {p: p.read_bytes() for p in (damaged, newer)}
    app.push(LoadScene(app))
    frames(app, 2)
    scene = app.scene
    rows = {info.path: info for info in scene.saves}
    assert rows[damaged].damaged and rows[newer].error.key == "save.error.newer"
    click(app, (scene.list.rect.x + 40, scene.list.rect.y + 30))
    assert not find_button(scene, "Open").enabled
    click_button(app, "Open")
    assert isinstance(app.scene, LoadScene)
    assert {p: p.read_bytes() for p in (damaged, newer)} == before
    assert len(list_saves()) == 2


def test_a_save_is_listed_with_the_players_named_as_at_the_table(app):
    from game.core.saves import new_save_path, write_save
    from game.scenes.load import describe

    spec = get_spec("kahuna")
    seats = (SeatConfig("human", ""), SeatConfig("ai", "", "hard"))
    path = new_save_path("kahuna")
    write_save(path, Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 3), "kahuna")
    first, _ = describe(next(info for info in list_saves() if info.path == path))
    assert first == "Kahuna — Player 1, AI 2 (hard)"


def test_switching_the_language_relabels_every_screen(app):
    app.push(TitleScene(app))
    click_button(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    chooser = app.scene.widgets[0]
    click(app, (chooser.rect.right - 20, chooser.rect.centery))
    assert app.settings.language == "ja"
    click_button(app, "戻る")
    assert find_button(app.scene, "新しいゲーム")


def test_the_window_scales_and_clicks_map_back_to_the_logical_screen(open_app):
    small = open_app(window_width=800, window_height=600)
    assert small.viewport() == pygame.Rect(0, 75, 800, 450)
    assert small.to_logical((400, 300)) == (800, 450)
    small.push(TitleScene(small))
    button = find_button(small.scene, "Settings")
    x, y = button.rect.center
    click(small, (x // 2, 75 + y // 2))
    assert isinstance(small.scene, SettingsScene)


def test_a_failing_autosave_is_told_to_the_player(app, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x", encoding="utf-8")
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 4)
    play = PlayScene(app, spec, controller, blocked / "saves" / "game.json", worker_mode="thread")
    app.push(play)
    run_until(app, lambda: play.message is not None)
    assert play.message[0].startswith("Autosave failed")
    assert blocked.read_text(encoding="utf-8") == "x"


def test_the_log_scrolled_to_its_newest_line_shows_only_whole_lines(app):
    from game.core.rules import CHANCE, Event

    panel = LogPanel(pygame.Rect(1200, 250, 380, 634))
    panel.set_lines([(CHANCE, f"Line {n}", Event("note")) for n in range(60)])
    assert panel.rect.bottom == 884 and panel.rect.height % LogPanel.ROW == 0
    assert panel.list.offset == panel.list.max_offset() > 0
    assert panel.list.offset % LogPanel.ROW == 0, "the top row is cut through"
    assert panel.rows[-1][1] == "Line 59"


def test_the_results_can_be_put_aside_to_look_at_the_final_table(app):
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 4, start=LAST_TURN)
    play = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(play)
    frames(app, 2)
    click(app, find_button_in(play.view.buttons, "End turn without drawing").rect.center)
    run_until(app, lambda: isinstance(app.scene, GameOverScene), limit=600)
    over = app.scene
    frames(app, 2)
    table = pygame.Surface(app.screen.get_size())
    play.draw(table)
    spot = (over.box.x + 40, over.box.centery)
    assert app.screen.get_at(spot) != table.get_at(spot), "the results cover the table"
    click_button(app, "Look at the table")
    table = pygame.Surface(app.screen.get_size())
    play.draw(table)
    assert app.screen.get_at(spot) == table.get_at(spot), "the table is seen as it ended"
    pile = play.view.pile_rect().center  # the table answers the pointer while the results are aside
    move(app, pile)
    assert over.looking and app.scene.tooltip() == play.view.table_tooltip() is not None
    click_button(app, "Show the results")
    assert not over.looking and app.screen.get_at(spot) != table.get_at(spot)
    key(app, pygame.K_TAB)
    assert over.looking
    key(app, pygame.K_ESCAPE)
    assert not over.looking and app.scene is over


def test_a_table_waiting_for_its_player_draws_nothing_and_one_moving_on_its_own_draws_every_frame(app):
    from game.core.rules import CHANCE
    from game.ui import redraw

    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    play = PlayScene(app, spec, Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=4),
                     worker_mode="thread")
    app.push(play)
    assert play.controller.to_act() == CHANCE and play.needs_frames()  # the deal: the table goes on by itself
    redraw.reset()
    assert all(app.tick(1 / 60, []) for _ in range(3))
    run_until(app, lambda: play.controller.to_act() == 0 and not play.view.busy())
    assert not play.needs_frames()
    redraw.reset()  # the stir of the last change has passed
    pygame.event.clear()
    app.tick(1 / 60, [])  # the pointer's place settled
    frames_before = app.frames
    assert [app.tick(1 / 60, []) for _ in range(3)] == [False] * 3 and app.frames == frames_before
