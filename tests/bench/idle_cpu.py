"""Processor time of the running window when nobody touches it, and while something moves.

    python tests/bench/idle_cpu.py [--seconds 20] [--settle 6] [--game kahuna ...] [--code DIR]

Each scene runs the app's own loop (``App.run``) in a fresh interpreter with the dummy video and audio
drivers: a table first until the person is to act and its animations are over, then every scene
``--settle`` seconds more, then ``--seconds`` seconds measured. Prints one
JSON object: per scene the share of one core the process used (processor time over wall-clock time),
the frames drawn per second and the seconds measured.

- ``title``: the title screen, nobody at the controls.
- ``table_<game>``: a table whose next decision is the person's (the game dealt, the first seat a
  person, the others easy computer players), nobody at the controls.
- ``moving_<game>``: the same table played by easy computer players at the fast pace: animations all
  the time, which must still run at the full frame rate.

Goal: at most 3% of a core on the title and at a waiting table, and about 60 frames a second while
things move. ``--code DIR`` measures another checkout's code the same way (e.g. before a change).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, sys, threading, time
sys.path.insert(0, {code!r})
import pygame
from game.app import App
from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.core.settings import Settings
from game.games import get_spec
from game.scenes.title import TitleScene

scene, game, settle, seconds = {scene!r}, {game!r}, {settle!r}, {seconds!r}
app = App(Settings(language="en", ai_pacing="fast"))
app.push(TitleScene(app))
if scene != "title":
    from game.scenes.play import PlayScene

    spec = get_spec(game)
    players = spec.default_players or spec.min_players
    first = SeatConfig("ai", "", "easy") if scene == "moving" else SeatConfig("human", "Hanako")
    seats = (first,) + tuple(SeatConfig("ai", "", "easy") for _ in range(players - 1))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=1)
    if scene == "table":
        while controller.to_act() == CHANCE:
            controller.resolve_chance()
    app.reset_to(PlayScene(app, spec, controller, worker_mode="thread"))
marks = {{}}

def mark(name):
    marks[name] = (time.perf_counter(), time.process_time(), app.frames)

def settled():
    return scene != "table" or (controller.to_act() == 0 and not app.scene.view.busy())

while not settled():  # the deal and its animations first, turn by turn of the app's own loop
    app.run(1)
calm = time.perf_counter() + settle
while time.perf_counter() < calm:
    app.run(1)
mark("start")
threading.Timer(seconds, lambda: (mark("end"), pygame.event.post(pygame.event.Event(pygame.QUIT)))).start()
app.run()
(w0, c0, f0), (w1, c1, f1) = marks["start"], marks["end"]
figures = {{"cpu_share": round((c1 - c0) / (w1 - w0), 4), "fps": round((f1 - f0) / (w1 - w0), 1),
           "seconds": round(w1 - w0, 1)}}
if scene == "table":
    figures["person_to_act"] = controller.to_act() == 0
print(json.dumps(figures))
"""


def measure(code: str, scene: str, game: str, settle: float, seconds: float) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as temp:
        env.update(GAMENIGHT_DATA_DIR=temp, GAMENIGHT_CONFIG_DIR=temp)
        script = CHILD.format(code=code, scene=scene, game=game, settle=settle, seconds=seconds)
        run = subprocess.run([sys.executable, "-c", script], env=env, cwd=code, capture_output=True, text=True,
                             timeout=settle + seconds + 120)
    if run.returncode != 0:
        raise SystemExit(f"{scene} {game}: {run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured of each scene")
    parser.add_argument("--settle", type=float, default=6.0, help="seconds each scene runs at rest before")
    parser.add_argument("--game", action="append", help="the table's game (repeatable; default kahuna)")
    parser.add_argument("--code", default=str(ROOT), help="the checkout whose code runs")
    parser.add_argument("--no-moving", action="store_true", help="leave out the tables played by computers")
    args = parser.parse_args()
    code = str(Path(args.code).resolve())
    report = {"title": measure(code, "title", "", args.settle, args.seconds)}
    for game in args.game or ["kahuna"]:
        report[f"table_{game}"] = measure(code, "table", game, args.settle, args.seconds)
        if not args.no_moving:
            report[f"moving_{game}"] = measure(code, "moving", game, args.settle, args.seconds)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
