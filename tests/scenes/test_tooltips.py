"""A tooltip belongs to what is under the pointer or the keyboard focus now, at every table."""

import pygame

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.scenes.play import PlayScene
from tests.cannonades.helpers import position
from tests.uidriver import click, frames, key, move

NO_SHIPS = position(players=3, hands=[["BG", "B0"], ["GB"], ["YP"]], ships=[[], [["G0", False]], [["P0", False]]],
                    first_turn=True)


def open_cannonades(app, start) -> PlayScene:
    spec = get_spec("cannonades")
    seats = (SeatConfig("human", "Hanako"),) + tuple(SeatConfig("ai", "", "easy") for _ in range(start["players"] - 1))
    controller = Controller(spec.ruleset, GameConfig(seats, start["options"]), 1, start=start)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def end_button(table):
    return table.view.buttons[4]


def test_after_a_dialog_closes_the_button_that_opened_it_keeps_no_tooltip(app):
    table = open_cannonades(app, NO_SHIPS)
    end = end_button(table).rect.center
    move(app, end)
    assert app.scene.tooltip() and app.tip_rect is not None
    click(app, end)  # no ships: it asks first
    dialog = table.view.dialog
    cancel = dialog.buttons[1].rect.center
    assert not end_button(table).rect.collidepoint(cancel)
    click(app, cancel)
    frames(app)
    assert table.view.dialog is None
    end_tip = end_button(table).tooltip()
    assert app.scene.tooltip() != end_tip
    assert app.tip_rect is None or not app.tip_rect.collidepoint(end)


def test_a_pointer_that_leaves_the_window_leaves_no_tooltip(app):
    table = open_cannonades(app, NO_SHIPS)
    move(app, end_button(table).rect.center)
    assert app.tip_rect is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    frames(app, 2)
    assert app.tip_rect is None and app.scene.tooltip() is None
    move(app, end_button(table).rect.center)
    assert app.tip_rect is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 2)
    assert app.tip_rect is None


def test_with_the_keyboard_the_tooltip_sits_at_the_chosen_card_not_at_the_pointer(app):
    table = open_cannonades(app, NO_SHIPS)
    far = (650, 300)  # the open sea, far from the hand
    move(app, far)
    key(app, pygame.K_1)
    view = table.view
    chosen = view.hand_slots()[0].rect
    assert view.selected == ("hand", view.my_hand()[0])
    assert app.tip_rect is not None and not app.tip_rect.colliderect(chosen)
    assert abs(app.tip_rect.centerx - chosen.centerx) < 300 and abs(app.tip_rect.y - chosen.bottom) < 120
    assert not app.tip_rect.collidepoint(far[0] + 20, far[1] + 22)
    move(app, far)
    assert app.tip_rect is None or app.tip_rect.collidepoint(far[0] + 20, far[1] + 22)
