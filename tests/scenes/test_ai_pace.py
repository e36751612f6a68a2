"""AI moves are paced so a person can follow them: each is shown to its end, then the table stands
still for the pace chosen in the settings before the next."""

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.core.settings import AI_PACING_SECONDS
from game.games import get_spec
from game.scenes.play import PlayScene
from tests.cannonades.helpers import position
from tests.uidriver import await_ai


def test_each_ai_move_waits_for_the_last_to_be_shown_and_the_pace_to_pass(app):
    app.settings.ai_pacing = "slow"
    start = position(hands=[["BG"], ["GB", "YP", "O0", "P0"]], current=1,
                     ships=[[["Y0", False], ["B0", False]], [["G0", False], ["O1", True]]])
    spec = get_spec("cannonades")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "Taro", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, start["options"]), 1, start=start)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    rests, gaps = [], []
    dt = 1 / 30
    controller.listeners.insert(0, lambda _, entry: entry is not None and entry.seat == 1 and gaps.append(
        scene.clock - rests[-1]))
    busy = True
    for _ in range(1500):
        await_ai(app)
        app.step(dt)
        if busy and not scene.view.busy():
            rests.append(scene.clock)
        busy = scene.view.busy()
        if controller.to_act() not in (1, CHANCE):
            break
    assert len(gaps) >= 2, "the AI played its turn"
    assert all(gap >= AI_PACING_SECONDS["slow"] - dt for gap in gaps), gaps
