"""The table of Catan for two with Cities & Knights driven through posted clicks: a neutral knight
placed after a recruit, a knight taken off for tokens, the forced trade's two modes, and a whole game."""


import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games import get_spec
from game.games.catan_2p.view import GiveBackDialog
from game.games.catan_ck_2p.rules import RULES
from game.games.catan_ck_2p.view import CitiesKnightsForTwoTable, ForcedModeDialog
from game.scenes import play as play_module
from game.scenes.game_over import GameOverScene
from tests.scenes.test_catan_2p_table import after_both_rolls
from tests.scenes.test_catan_ck_table import quick_pacing, settle
from tests.uidriver import click, frames, move, run_until

__all__ = ["quick_pacing"]
PLAIN_KINDS = ("end_turn", "roll", "discard", "robber", "give_back", "done")
SPEC = get_spec("catan_ck_2p")


def main_phase_position(mutate=None) -> dict:
    """Seat 0's turn after both rolls (see ``after_both_rolls``), changed by ``mutate`` (which gives cards
    from the bank)."""
    data = RULES.to_json(after_both_rolls(SPEC, PLAIN_KINDS))
    if mutate is not None:
        mutate(data)
    return data


def give(data, seat: int, cards: dict) -> None:
    for kind, count in cards.items():
        data["hands"][seat][kind] = data["hands"][seat].get(kind, 0) + count
        data["bank"][kind] -= count
    data["hand_counts"][seat] += sum(cards.values())


def open_table(app, start=None, seed: int = 7):
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(SPEC.ruleset, GameConfig(seats, SPEC.default_options()), seed, start=start)
    scene = play_module.PlayScene(app, SPEC, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def test_catan_for_two_with_cities_and_knights_has_its_table():
    assert SPEC.view_class() is CitiesKnightsForTwoTable


def test_the_table_opens_and_draws_the_tokens_and_the_token_buttons(app):
    scene = open_table(app, main_phase_position())
    settle(app, scene)
    view = scene.view
    labels = [button.label() for button in view.two.buttons]
    assert labels == ["Forced trade", "Robber → desert", "Knight off"]
    forced, _robber, knight_off = view.two.buttons
    assert view.panel_rect(view.me).contains(knight_off.rect)
    assert not knight_off.enabled and knight_off.reason() == "You have no knight on the board to take off."
    assert forced.enabled


def place_single_neutral(app, scene) -> dict:
    """Click a lit neutral spot open to one colour; the action it took."""
    view = scene.view
    spots = view.candidates()
    assert spots and all(a["colour"] in (2, 3) for found in spots.values() for a in found)
    spot, found = next((k, f) for k, f in sorted(spots.items()) if len(f) == 1)
    points = view.board.geometry.edges if spot[0] == "e" else view.board.geometry.vertices
    click(app, points[spot[1]])
    assert scene.controller.log[-1].action == found[0]
    settle(app, scene)
    return found[0]


def test_a_recruited_knight_is_followed_by_a_neutral_knight_placed_by_clicks(app):
    """A road first (its neutral road gives the neutral colour a road end), then the knight."""
    scene = open_table(app, main_phase_position(
        lambda data: give(data, 0, {"wool": 1, "ore": 1, "brick": 1, "lumber": 1})))
    settle(app, scene)
    view = scene.view
    click(app, view.buttons[0].rect.center)
    edge = sorted(view.candidates())[0][1]
    click(app, view.board.geometry.edges[edge])
    settle(app, scene)
    assert place_single_neutral(app, scene)["type"] == "road"
    click(app, view.buttons[4].rect.center)
    vertex = sorted(view.candidates())[0][1]
    click(app, view.board.geometry.vertices[vertex])
    assert scene.controller.log[-1].action == {"type": "knight", "vertex": vertex}
    settle(app, scene)
    state = scene.controller.state
    assert state.phase == "neutral"
    spots = view.candidates()
    assert spots and all(a["colour"] in (2, 3) and a["type"] == "knight" for found in spots.values() for a in found)
    spot, found = next((k, f) for k, f in sorted(spots.items()) if len(f) == 1)
    click(app, view.board.geometry.vertices[spot[1]])
    assert scene.controller.log[-1].action == found[0]
    assert scene.controller.state.knight_owner[spot[1]] == found[0]["colour"]
    settle(app, scene)
    assert scene.controller.state.phase == "main"

    knight_off = view.two.buttons[2]
    assert knight_off.enabled
    click(app, knight_off.rect.center)
    assert set(view.candidates()) == {("v", vertex)}
    move(app, view.board.geometry.vertices[vertex])
    assert view.tooltip() == "Take this basic knight off the board for 1 trade token."
    tokens = scene.controller.state.tokens[0]
    click(app, view.board.geometry.vertices[vertex])
    assert scene.controller.log[-1].action == {"type": "remove_knight", "vertex": vertex}
    settle(app, scene)
    assert scene.controller.state.knight_owner[vertex] == -1 or scene.controller.state.knight_owner[vertex] is None
    assert scene.controller.state.tokens[0] == tokens + 1
    assert view.mode is None
    assert knight_off.reason() == "You have already taken a knight off this turn."


def test_a_forced_trade_of_the_whole_hand_and_its_give_back_among_all_kinds(app):
    scene = open_table(app, main_phase_position(lambda data: give(data, 0, {"paper": 1})))
    settle(app, scene)
    view = scene.view
    click(app, view.two.buttons[0].rect.center)
    dialog = view.dialog
    assert isinstance(dialog, ForcedModeDialog)
    assert [b.label() for b in dialog.buttons] == ["Resources (1 token)", "Whole hand (2 tokens)", "Back"]
    before = len(scene.controller.log)
    click(app, dialog.buttons[1].rect.center)
    assert scene.controller.log[before].action == {"type": "forced_trade", "mode": "whole_hand"}
    settle(app, scene)
    state = scene.controller.state
    assert state.phase == "forced_give" and state.tokens[0] == 4
    dialog = view.dialog
    assert isinstance(dialog, GiveBackDialog)
    assert not dialog.buttons[0].enabled
    paper = dialog.group.steppers[5]
    click(app, paper.parts()[2].center)
    lumber = dialog.group.steppers[1]
    click(app, lumber.parts()[2].center)
    click(app, dialog.buttons[0].rect.center)
    assert scene.controller.log[-1].action == {"type": "give_back", "cards": {"lumber": 1, "paper": 1}}
    settle(app, scene)
    assert scene.controller.state.phase == "main"


@pytest.mark.slow
def test_a_game_between_two_ai_seats_reaches_the_game_over_screen(app):
    seats = (SeatConfig("ai", "", "easy"), SeatConfig("ai", "", "easy"))
    controller = Controller(SPEC.ruleset, GameConfig(seats, {**SPEC.default_options(), "victory_points": 10}), 5)
    app.push(play_module.PlayScene(app, SPEC, controller, worker_mode="thread"))
    run_until(app, lambda: isinstance(app.scene, GameOverScene), limit=200000, dt=0.5)
    frames(app, 3)
    assert controller.ruleset.result(controller.state) is not None


def test_a_total_equal_again_after_a_throw_again_keeps_the_event_die_shown(app, monkeypatch):
    def second_roll_due(data):
        data.update(phase="roll", rolls=1, first_total=8, dice=[5, 3])

    monkeypatch.setattr(play_module, "CHANCE_DELAY", 1000.0)  # the test throws the dice itself
    scene = open_table(app, main_phase_position(second_roll_due))
    view = scene.view
    run_until(app, lambda: not view.busy(), dt=0.1)
    scene.controller.submit({"type": "roll", "dice": [2, 6], "event": "ship"}, CHANCE)
    run_until(app, lambda: not view.busy(), dt=0.1)
    assert scene.controller.state.phase == "rethrow" and view.shown.event == "ship"
    scene.controller.submit({"type": "roll", "dice": [4, 4]}, CHANCE)
    assert scene.controller.state.phase == "rethrow"
    run_until(app, lambda: not view.busy(), dt=0.1)
    assert view.shown.event == "ship" and view.animation.banner is None
    scene.controller.submit({"type": "roll", "dice": [1, 4]}, CHANCE)
    run_until(app, lambda: not view.busy(), dt=0.1)
    assert view.shown.event == "ship" and scene.controller.state.rolls == 2
