"""The Kahuna table driven through posted mouse events, checked by rendered pixels and the log."""

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.games.kahuna.art import HOVER_RED
from game.games.kahuna.board import ISLAND_INDEX, LINE_INDEX
from game.games.kahuna.layout import SEGMENTS
from game.scenes.play import PlayScene
from tests.uidriver import click, frames, move, run_until

UNLIT = (236, 244, 240)
POSITION = {"format": "kahuna/1", "hands": [["ALOA", "BARI"], ["COCO", "LALE"]], "display": ["DUDA", "ELAI", "FAAA"]}


@pytest.fixture
def table(app):
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 1, start=POSITION)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def dot_on(line_id: str) -> tuple[int, int]:
    """A dot of the dotted line (the middle one), where its colour shows."""
    a, b = SEGMENTS[LINE_INDEX[line_id]]
    steps = max(2, int(a.distance_to(b) // 11))
    point = a.lerp(b, (steps // 2) / steps)
    return round(point.x), round(point.y)


def pick_card(app, table, name: str) -> None:
    view = table.view
    index = view.my_cards().index(ISLAND_INDEX[name])
    click(app, view.hand_rects()[index].center)
    assert [view.my_cards()[i] for i in view.selected]


def test_a_legal_line_glows_red_under_the_cursor_and_a_click_builds(app, table):
    pick_card(app, table, "ALOA")
    spot = dot_on("ALOA-DUDA")
    move(app, spot)
    assert tuple(app.screen.get_at(spot))[:3] == HOVER_RED
    click(app, spot)
    last = table.controller.log[-1].action
    assert last == {"type": "build", "card": "ALOA", "line": "ALOA-DUDA"}
    run_until(app, lambda: not table.view.busy())
    assert LINE_INDEX["ALOA-DUDA"] in table.view.shown.bridges


def test_a_line_the_card_cannot_use_stays_unlit_and_ignores_clicks(app, table):
    pick_card(app, table, "ALOA")
    spot = dot_on("COCO-GOLA")
    move(app, spot)
    assert tuple(app.screen.get_at(spot))[:3] == UNLIT
    before = len(table.controller.log)
    click(app, spot)
    assert len(table.controller.log) == before
    assert table.controller.state.bridges[LINE_INDEX["COCO-GOLA"]] == -1


def test_with_no_card_selected_a_line_two_cards_can_pay_asks_which(app, table):
    spot = dot_on("ALOA-BARI")
    click(app, spot)
    assert table.view.picker is not None
    rects = table.view.picker_rects()
    cards = [a["card"] for a in table.view.picker[1]]
    click(app, rects[cards.index("BARI")].center)
    assert table.controller.log[-1].action == {"type": "build", "card": "BARI", "line": "ALOA-BARI"}


def test_drawing_from_the_display_ends_the_turn(app, table):
    view = table.view
    click(app, view.display_rects()[1].center)
    drawn = [e.action for e in table.controller.log if e.action.get("type") == "draw"]
    assert drawn == [{"type": "draw", "source": "display", "card": "ELAI"}]
    assert table.controller.state.turn == 1


def test_a_full_hand_explains_why_it_cannot_draw(app):
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    full = dict(POSITION, hands=[["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []], display=["FAAA", "GOLA", "HUNA"])
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 1, start=full)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    click(app, scene.view.display_rects()[0].center)
    assert len(controller.log) == 0
    assert "5" in scene.message[0]


def test_undo_takes_back_a_build_within_the_turn(app, table):
    pick_card(app, table, "ALOA")
    click(app, dot_on("ALOA-DUDA"))
    assert table.can_undo()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z",
                                         scancode=0))
    frames(app, 2)
    assert table.controller.log == []
    assert table.controller.state.bridges[LINE_INDEX["ALOA-DUDA"]] == -1
    assert LINE_INDEX["ALOA-DUDA"] not in table.view.shown.bridges


def test_the_game_over_summary_lists_each_scoring_inside_its_place(app):
    spec = get_spec("kahuna")
    history = [{"round": 1, "stones": [2, 1], "points": [1, 0]}, {"round": 2, "stones": [1, 3], "points": [0, 2]}]
    position = dict(POSITION, round=3, history=history, points=[1, 2])
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 1, start=position)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    surface = pygame.Surface((800, 400))
    surface.fill((0, 0, 0))
    place = pygame.Rect(100, 50, 540, 300)
    scene.view.draw_summary(surface, place)
    inked = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    inked.invert()
    assert inked.count() > 0
    box = inked.get_bounding_rects()
    assert all(place.contains(rect) for rect in box)
    rows = {rect.y // 30 for rect in box if rect.x < place.x + 150}
    assert len(rows) >= 3, "the heading and one row per scoring"
