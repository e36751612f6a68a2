"""The side panel's status line says what is true now: whose decision and what kind, chance's step, a
move being shown; a refused click says why truthfully."""

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games import get_spec
from game.scenes.play import PlayScene
from tests.cannonades.helpers import position
from tests.uidriver import click, frames, run_until

HANAKO = SeatConfig("human", "Hanako")
AI = SeatConfig("ai", "Taro", "easy")


def open_game(app, game: str, start=None, seats=(HANAKO, AI), options=None) -> PlayScene:
    spec = get_spec(game)
    config = GameConfig(seats, options if options is not None else spec.default_options())
    scene = PlayScene(app, spec, Controller(spec.ruleset, config, 1, start=start), worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def test_answering_in_anothers_turn_is_not_called_your_turn(app):
    start = position(hands=[["BG"], ["GB", "YP"]], current=1, phase="reaction", reactions=[[0, 1]],
                     ships=[[["B1", True], ["Y0", False]], [["G0", False], ["O1", False]]])
    scene = open_game(app, "cannonades", start, options=start["options"])
    frames(app, 3)
    status = scene.status_text()
    assert "your turn" not in status
    assert "Hanako" in status and "Taro" in status and "Grin reaction" in status


def test_on_your_own_turn_the_status_says_so(app):
    start = position(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]])
    scene = open_game(app, "cannonades", start, options=start["options"])
    assert scene.status_text() == "Hanako, your turn."


def test_each_chance_step_says_what_it_is(app):
    spec = get_spec("kahuna")
    config = GameConfig((HANAKO, AI), spec.default_options())
    scene = PlayScene(app, spec, Controller(spec.ruleset, config, 1), worker_mode="thread")
    app.push(scene)
    seen = set()
    while scene.controller.to_act() == CHANCE:
        seen.add(scene.status_text() if not scene.view.busy() else scene.view.chance_status())
        scene.controller.resolve_chance()
    assert "Drawing the start player…" in seen
    assert {"Dealing a card to Hanako…", "Dealing a card to Taro…"} <= seen
    assert "Turning up a display card…" in seen
    assert not any("Shuffling" in text for text in seen)


def test_a_click_while_your_own_draw_is_dealt_says_to_wait_a_moment_not_for_your_turn(app):
    start = position(hands=[["BG", "B0", "G0"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]])
    scene = open_game(app, "cannonades", start, options=start["options"])
    view = scene.view
    slot = view.hand_slots()[0].rect.center
    click(app, slot)
    click(app, view.buttons[2].rect.center)  # Draw: the card is discarded and cards are dealt
    assert scene.controller.to_act() == CHANCE or view.busy()
    run_until(app, lambda: view.busy(), limit=50, dt=1 / 120)
    click(app, view.hand_slots()[0].rect.center)
    said = scene.message[0] if scene.message else scene.status_text()
    assert "Wait for your turn" not in said and "not your turn" not in said
    assert "moment" in said or "being shown" in said
