"""Hot-seat screens as people meet them, driven by posted clicks: the opening of a game, the hand-off
to a person who must react, and Cannonades' strict memory in the log."""

import random

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games import get_spec, tables
from game.games.cannonades.rules import CODES
from game.scenes.handoff import HandoffScene
from game.scenes.play import PlayScene, log_lines
from game.ui import theme
from tests.cannonades.helpers import position
from tests.scenes.test_cannonades_table import button, open_table, pick_card, settle, ship_rect
from tests.uidriver import click, frames, move, run_until

HIDDEN_GAMES = sorted(game_id for game_id, spec in tables().items() if spec.hidden_information)
PEOPLE = ("Hanako", "Taro", "Jiro", "Yuki", "Ken")


def people(count: int) -> tuple:
    return tuple(SeatConfig("human", name) for name in PEOPLE[:count])


def lines_of(scene) -> list[str]:
    return [text for _, text, _ in scene.log_panel.lines]


def assert_screen_of(scene, seat: int) -> None:
    """The table, its log and its status are the ones of ``seat``."""
    assert scene.viewer == seat
    ruleset = scene.spec.ruleset
    assert ruleset.to_json(scene.view.observation()) == ruleset.to_json(ruleset.observe(scene.controller.state, seat))
    assert lines_of(scene) == [text for _, text, _ in log_lines(scene.spec, scene.controller, seat,
                                                                placed=scene.view.placed_event)]


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_a_hot_seat_game_opens_behind_a_hand_off_screen(app, game_id):
    spec = get_spec(game_id)
    controller = Controller(spec.ruleset, GameConfig(people(spec.min_players), spec.default_options()), 8)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.reset_to(scene)  # as the new-game screen starts a game
    cover = app.scene
    assert isinstance(cover, HandoffScene) and cover.opaque, "the first frame must already be covered"
    assert lines_of(scene) == [], "nothing of the deal is written while nobody has the screen"
    frames(app)
    alone = pygame.Surface(theme.LOGICAL_SIZE)
    cover.draw(alone)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(alone, "RGB")
    first = cover.seat
    assert controller.to_act() == first, "the cover names the person who decides first: the deal is done"
    click(app, cover.widgets[0].rect.center)
    assert app.scene is scene and scene.can_act()
    assert_screen_of(scene, first)


def test_a_resumed_hot_seat_game_opens_on_the_last_person_to_act(app):
    spec = get_spec("catan")
    seats = people(2) + (SeatConfig("ai", "", "easy"),)
    game = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 3)
    agent, rng = spec.make_agent("easy"), random.Random(3)
    while not (game.to_act() == 2 and any(entry.seat == 1 for entry in game.log)):
        actor = game.to_act()
        if actor == CHANCE:
            game.resolve_chance()
        else:
            game.submit(agent.choose(spec.ruleset, game.observe(actor), actor, rng))
    last_person = next(entry.seat for entry in reversed(game.log) if entry.seat in (0, 1))
    resumed = Controller(spec.ruleset, game.config, game.seed, actions=game.actions())
    scene = PlayScene(app, spec, resumed, worker_mode="thread")
    app.reset_to(scene)  # as Continue opens a saved game, with the AI to move
    assert isinstance(app.scene, HandoffScene) and app.scene.seat == last_person
    click(app, app.scene.widgets[0].rect.center)
    assert_screen_of(scene, last_person)


REACTION = position(hands=[["YP", "B0"], ["GB"]], ships=[[["Y0", False]], [["B2", False], ["G0", False]]])
"""Hanako shoots Taro's face-down blue ship with two Grins: it survives, turns up, and Taro reacts."""


def test_the_screen_stays_the_shooters_until_the_person_who_reacts_is_there(app):
    table = open_table(app, REACTION, humans=2)
    click(app, app.scene.widgets[0].rect.center)  # Hanako is at the screen
    pick_card(app, table, "YP")
    click(app, ship_rect(table, 1, 0).center)
    assert table.controller.to_act() == 1 and table.controller.state.phase == "reaction"
    other = ship_rect(table, 1, 1)
    seen = 0
    while not isinstance(app.scene, HandoffScene):
        for place in (other, ship_rect(table, 1, 0)):
            move(app, place.center)
            tip = app.scene.tooltip() if app.scene is table else None
            if tip and place is other:
                assert tip == "A face-down ship of Taro.", tip
            assert not tip or "your" not in tip, tip
        if app.scene is table:
            assert table.viewer == 0 and not table.can_act() and not table.undo_button.enabled
            assert "your turn" not in table.status_text() and "Taro" in table.status_text()
            assert lines_of(table) == [text for _, text, _ in log_lines(table.spec, table.controller, 0)]
            seen += 1
        assert seen < 600, "no hand-off"
    assert seen > 0 and app.scene.seat == 1
    click(app, app.scene.widgets[0].rect.center)
    assert table.viewer == 1 and table.can_act()
    frames(app, 3)
    assert table.view.dialog is not None  # Taro is asked how he reacts


def test_strict_memory_keeps_ones_own_face_down_ships_out_of_the_log(app):
    start = position(hands=[["B1", "BG", "YP"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]],
                     options={"strict_memory": True}, actions_left=2)
    table = open_table(app, start)
    pick_card(app, table, "B1")
    click(app, button(table, "add").rect.center)
    assert table.view.busy()
    assert sorted(CODES[k] for k in table.view.shown.hands[0]) == ["BG", "YP"]  # the card chosen leaves the hand
    settle(app, table)
    assert [CODES[k] for k in table.controller.state.ships[0]] == ["Y0", "B1"]
    lines = lines_of(table)
    assert "Hanako adds a ship." in lines
    assert not any("blue ship" in line for line in lines), lines
    move(app, ship_rect(table, 0, 1).center)
    assert "blue" not in table.tooltip()


def test_strict_memory_keeps_the_cards_one_draws_out_of_the_log(app):
    start = position(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]], pile={"B1": 1, "R2": 1},
                     options={"strict_memory": True}, draws_due=1, drawer=0, after_draw="turn")
    table = open_table(app, start)
    run_until(app, lambda: table.controller.log)
    settle(app, table)
    drawn = table.controller.log[0].action["card"]
    assert CODES.index(drawn) in table.controller.state.hands[0]  # in the hand, seen there
    lines = lines_of(table)
    assert any(line.startswith("Hanako draws a card") for line in lines), lines
    assert not any(line.startswith(("Hanako draws blue", "Hanako draws red")) for line in lines), lines


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_a_table_of_one_person_is_built_for_that_person_from_the_start(app, game_id):
    """Nothing is worked out for nobody in particular: the log and the table the scene builds before it
    is ever shown are already the person's (the AIs have dealt and moved with their secrets)."""
    spec = get_spec(game_id)
    players = spec.default_players or spec.min_players
    seats = tuple(SeatConfig("ai", "", "easy") for _ in range(players - 1)) + (SeatConfig("human", "Hanako"),)
    game = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 4)
    rng = random.Random(4)
    while game.to_act() != players - 1:
        if game.to_act() == CHANCE:
            game.resolve_chance()
        else:
            game.submit(rng.choice(game.legal_actions()))
    scene = PlayScene(app, spec, game, worker_mode="thread")
    assert_screen_of(scene, players - 1)
