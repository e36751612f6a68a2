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


def open_position(app, position) -> PlayScene:
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "Taro", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 1, start=position)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


GOLA_TAKEN = dict(POSITION, hands=[["ALOA", "GOLA"], ["COCO", "LALE"]],
                  bridges={"COCO-GOLA": 1, "FAAA-GOLA": 1, "GOLA-JOJO": 0, "GOLA-KAHU": 0})


def test_a_card_whose_lines_are_all_taken_does_not_ask_for_a_glowing_line(app):
    scene = open_position(app, GOLA_TAKEN)
    pick_card(app, scene, "GOLA")
    assert not scene.view.build_lines()
    status = scene.view.status()
    assert "glowing" not in status and "no line of GOLA is free" in status


def test_a_line_no_card_in_hand_builds_on_says_which_cards_do(app, table):
    move(app, dot_on("COCO-GOLA"))
    assert app.scene.tooltip() == "COCO–GOLA: build here with a COCO or a GOLA card."
    assert app.tip_rect is not None


def test_a_rivals_bridge_says_how_it_may_be_removed(app):
    open_position(app, GOLA_TAKEN)
    a, b = SEGMENTS[LINE_INDEX["COCO-GOLA"]]
    move(app, (round((a.x + b.x) / 2), round((a.y + b.y) / 2)))
    assert "two cards naming its ends (COCO, GOLA)" in app.scene.tooltip()


def test_no_name_plate_covers_a_line_or_a_bridge(app):
    from game.games.kahuna.drawing import name_plates
    from game.games.kahuna.layout import BRIDGE_CLEARANCE

    plates = name_plates()
    for plate in plates:
        room = plate.inflate(2 * BRIDGE_CLEARANCE, 2 * BRIDGE_CLEARANCE)
        assert not any(room.clipline(a, b) for a, b in SEGMENTS), plate
        assert plate.collidelist([p for p in plates if p is not plate]) < 0
    every = dict(POSITION, bridges={"GOLA-KAHU": 0, "IFFI-KAHU": 1, "FAAA-GOLA": 0, "COCO-GOLA": 1})
    scene = open_position(app, every)
    move(app, (5, 5))
    frames(app, 2)
    from game.games.kahuna.art import BRIDGE_COLOURS

    for line, seat in every["bridges"].items():
        a, b = SEGMENTS[LINE_INDEX[line]]
        for t in (0.25, 0.42, 0.58, 0.75):  # between the slats
            point = a.lerp(b, t)
            assert tuple(app.screen.get_at((round(point.x), round(point.y))))[:3] == BRIDGE_COLOURS[seat], (line, t)
    assert scene.view is not None


def rest_of_deck(*held: str) -> list[str]:
    from game.games.kahuna.board import ISLANDS

    cards = [name for name in ISLANDS for _ in range(2)]
    for name in held:
        cards.remove(name)
    return cards


ROUND_END = dict(POSITION, hands=[["ALOA"], ["COCO"]], display=["DUDA"], pile=[],
                 discards=rest_of_deck("ALOA", "COCO", "DUDA"), bridges={"ALOA-BARI": 0, "ALOA-DUDA": 0})


def test_a_round_end_shows_the_stones_counted_and_the_points_given(app):
    scene = open_position(app, ROUND_END)
    view = scene.view
    click(app, view.display_rects()[0].center)
    scored = [e for e in scene.controller.log[-1].events if e.kind == "round_scored"]
    assert scored and scored[0].data["stones"] == [1, 0] and scored[0].data["points"] == [1, 0]
    run_until(app, lambda: view.animation.scoring is not None, dt=1 / 60)
    scoring = view.animation.scoring
    assert not scoring.awarded
    run_until(app, lambda: scoring.counted(0) == 1, dt=1 / 60)
    aloa = ISLAND_INDEX["ALOA"]
    from game.games.kahuna.layout import ISLAND_XY

    x, y = ISLAND_XY[aloa]
    ring = {tuple(app.screen.get_at((round(x + dx), round(y))))[:3] for dx in range(20, 30)}
    assert any(r > 200 and g > 180 and b < 160 for r, g, b in ring), "the counted stone is ringed"
    run_until(app, lambda: scoring.awarded, dt=1 / 60)
    frames(app, 1)
    assert view.animation.floaters, "the point rises from the winner's box"
    run_until(app, lambda: view.animation.scoring is None, dt=1 / 30)
