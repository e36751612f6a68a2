"""Following the computer players at the Catan table: their offers to a person (answered, refused for
the turn, muted, Esc), the answers to one's own offer, log lines that say where and point at the board,
and the pieces each computer player built last, ringed. Driven through posted events."""

import pygame
import pytest

from game.games.catan import board, dialogs
from game.games.catan.board_layer import HOVER
from game.games.catan.view import CatanTable
from game.scenes.pause import PauseScene
from tests.scenes.test_catan_table import open_table, person_move, pixel, position, quick_pacing, settle
from tests.uidriver import await_ai, click, frames, key, move, run_until

__all__ = ["quick_pacing"]


def offer_to_person(data) -> None:
    """Seat 1 (a computer player) on turn offers one ore for the person's wool."""
    data.update(phase="respond", rolled=True, dice=[4, 2], current=1, offers_made=1)
    data["hands"][0] = {"wool": 2, "grain": 1}
    data["hands"][1] = {"ore": 3, "brick": 1}
    data["trade"] = {"composer": 1, "give": {}, "want": {}, "offer": {"give": {"ore": 1}, "want": {"wool": 1}},
                     "answers": ["decline" if seat != 0 else None for seat in range(4)], "to": 0}
    data["trade"]["answers"][0] = None


def offer_again(scene) -> None:
    """Seat 1 makes another offer to the person in the same turn."""
    for action in ({"type": "trade"}, {"type": "trade_give", "resource": "ore"},
                   {"type": "trade_want", "resource": "wool"}, {"type": "propose", "to": 0}):
        scene.controller.submit(action, 1)


def test_an_offer_the_person_can_accept_is_not_greyed_and_esc_declines_it(app):
    scene = open_table(app, position(offer_to_person), levels=("normal", "normal", "normal"))
    settle(app, scene)
    dialog = scene.view.dialog
    assert isinstance(dialog, dialogs.OfferDialog)
    accept = dialog.buttons[0]
    move(app, accept.rect.center)
    assert accept.enabled, "the person holds the wool asked for"
    key(app, pygame.K_ESCAPE)
    assert scene.controller.log[-1].action == {"type": "decline"} and scene.controller.log[-1].seat == 0
    assert app.scene is scene and not isinstance(app.scene, PauseScene), "Esc declines instead of opening the menu"


def test_refusing_offers_for_the_turn_declines_the_next_one_unasked(app):
    scene = open_table(app, position(offer_to_person), levels=("normal", "normal", "normal"))
    settle(app, scene)
    dialog = scene.view.dialog
    refuse = next(b for b in dialog.buttons if b.label() == "No offers this turn")
    click(app, refuse.rect.center)
    assert scene.controller.log[-1].action == {"type": "decline"}
    offer_again(scene)
    asked = len(scene.controller.log)
    run_until(app, lambda: len(scene.controller.log) > asked, dt=0.1)
    assert scene.controller.log[asked].action == {"type": "decline"} and scene.controller.log[asked].seat == 0
    assert not isinstance(scene.view.dialog, dialogs.OfferDialog)


def test_muted_offers_of_computer_players_are_declined_without_a_window(app):
    app.settings.mute_ai_offers = True
    scene = open_table(app, position(offer_to_person), levels=("normal", "normal", "normal"))
    run_until(app, lambda: len(scene.controller.log) > 0, dt=0.1)
    assert scene.controller.log[0].action == {"type": "decline"} and scene.controller.log[0].seat == 0
    assert not isinstance(scene.view.dialog, dialogs.OfferDialog)


def test_an_offer_of_a_computer_player_the_person_cannot_accept_is_declined_without_a_window(app):
    def lacking(data):
        offer_to_person(data)
        data["hands"][0] = {"grain": 3}

    scene = open_table(app, position(lacking), levels=("normal", "normal", "normal"))
    run_until(app, lambda: len(scene.controller.log) > 0, dt=0.1)
    assert scene.controller.log[0].action == {"type": "decline"} and scene.controller.log[0].seat == 0
    assert not isinstance(scene.view.dialog, dialogs.OfferDialog)


def test_the_settings_screen_mutes_offers(app):
    from game.scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    frames(app, 2)
    toggle = next(w for w in app.scene.widgets if getattr(w, "label", None) and callable(w.label)
                  and w.label() == "Decline computer players' trade offers")
    click(app, toggle.rect.center)
    assert app.settings.mute_ai_offers


def test_when_nobody_takes_an_offer_no_row_still_reads_thinking(app):
    def lean(data):
        data.update(phase="main", rolled=True, dice=[4, 2])
        data["hands"][0] = {"wool": 1}
        for seat in (1, 2, 3):
            data["hands"][seat] = {"ore": 2}

    scene = open_table(app, position(lean), levels=("normal", "normal", "normal"))
    settle(app, scene)
    for action in ({"type": "trade"}, {"type": "trade_give", "resource": "wool"},
                   {"type": "trade_want", "resource": "ore"}, {"type": "trade_want", "resource": "ore"},
                   {"type": "propose"}):
        scene.submit(action)
    scene.view.open_dialog(dialogs.AnswersDialog(scene.view))
    run_until(app, lambda: scene.controller.state.phase != "respond", dt=0.1)
    frames(app, 2)
    dialog = scene.view.dialog
    assert isinstance(dialog, dialogs.AnswersDialog)
    if dialog.finished():
        assert dialog.body_text() == "Nobody took this offer."
        assert all(dialog.answer_line(seat)[0] == "✗ declines" for seat in (1, 2, 3))
    else:
        pytest.skip("an AI took the offer")


def test_a_built_piece_logs_where_and_its_line_points_at_the_board(app):
    def main(data):
        data.update(phase="main", rolled=True, dice=[4, 2])
        data["hands"][0] = {"brick": 1, "lumber": 1}

    scene = open_table(app, position(main))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_1)
    spot = sorted(view.candidates())[0]
    click(app, view.board.geometry.edges[spot[1]])
    run_until(app, lambda: not view.busy(), dt=0.1)
    frames(app, 2)
    line, event = next((text, event) for seat, text, event in scene.log_panel.lines
                       if seat == 0 and "builds a road" in text)
    layout = scene.controller.state.layout
    names = [f"{layout.terrain[h].capitalize()} {layout.numbers[h]}" if layout.numbers[h] else "Desert"
             for h in board.EDGE_HEXES[spot[1]]]
    assert all(name in line for name in names), line
    index = scene.log_panel.row_events.index(event)
    panel = scene.log_panel.list
    panel.offset = panel.max_offset()
    y = panel.rect.y + index * panel.row_height - panel.offset + panel.row_height // 2
    move(app, (panel.rect.x + 60, y))
    frames(app, 2)
    assert view.log_focus is not None and CatanTable.event_spot(view.log_focus) == spot
    x, ey = view.board.geometry.edges[spot[1]]
    radius = view.board.geometry.radius * 0.42
    ring = [pixel(app, (x + dx, ey + dy)) for dx in range(-3, 4) for dy in (-radius - 1, -radius, -radius + 1)]
    assert HOVER in ring, "a red ring is drawn around the piece the line talks about"
    move(app, (5, 5))
    frames(app, 2)
    assert view.log_focus is None


def test_the_pieces_a_computer_player_built_stay_ringed_until_its_next_turn(app):
    scene = open_table(app, seed=3)
    view = scene.view
    for _ in range(600):
        if scene.controller.state.phase not in ("layout", "first_player", "setup_settlement", "setup_road"):
            break
        if scene.can_act() and not view.busy():
            person_move(app, scene)
        else:
            await_ai(app)
            app.step(0.1)
    recent = view.recent_builds()
    assert recent and 0 not in recent, "only computer players' pieces are ringed"
    for seat, spots in recent.items():
        assert len(spots) == 4  # two settlements and two roads of the set-up
        kind, index, owner = spots[0]
        assert owner == seat
        x, y = view.board.points(kind)[index]
        radius = view.board.geometry.radius * 0.36
        frames(app, 1)
        colour = view.seat_style(seat).colour
        around = [pixel(app, (x + (radius + dr) * dx, y + (radius + dr) * dy))
                  for dx, dy in ((1, 0), (-1, 0), (0, 1)) for dr in range(-4, 3)]
        assert colour in around


@pytest.mark.slow
def test_every_offer_a_computer_player_makes_to_the_person_can_be_accepted(app):
    """Computer players offer only to someone they have seen take the card: at the table, the person's
    Accept is never greyed for their offers."""
    scene = open_table(app, seed=5, levels=("normal", "normal", "normal"))
    accept_open = []
    for _ in range(6000):
        if len(accept_open) >= 3 or scene.controller.result() is not None:
            break
        if scene.can_act() and not scene.view.busy():
            dialog = scene.view.dialog
            if isinstance(dialog, dialogs.OfferDialog):
                move(app, dialog.buttons[0].rect.center)
                accept_open.append(dialog.buttons[0].enabled)
                key(app, pygame.K_ESCAPE)
            else:
                person_move(app, scene)
        else:
            await_ai(app)
            app.step(0.1)
    assert accept_open and all(accept_open), accept_open
