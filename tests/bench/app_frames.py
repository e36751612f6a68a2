"""Start-up time to the first frame and frame times of the title and each game's table.

    python tests/bench/app_frames.py [--frames 300] [--game catan ...] [--no-startup]
        [--size 1600x900 ...] [--late 0.8] [--code DIR] [--rounds 3]

Prints one JSON object: seconds from process start to the first presented frame (measured in a
fresh interpreter), the processor milliseconds from opening each game's table at the title to its first
frame (its engine and view imported then, in a fresh interpreter: ``table_first_frame_cpu_ms``), and
the median, p95 and p99 milliseconds per frame of the title screen and of
each game's table with AI seats playing (AI thinking in its worker, so the frame time is the view's);
with the median and p99 of the processor time the frames took, which other jobs on a loaded machine
do not lengthen.

``--late F`` measures each table in a busy position instead of a new game: a seeded game of easy AI
seats is played to its end, replayed to the fraction F of its decisions and on to the first seat's
next decision; that seat is then a person, so the table holds still with their hand face up, the
pointer over the board, and the frames measured are the view's alone. ``--size`` measures at each
window size given. ``--code DIR`` measures another checkout's code (the same position is reached
there, the engines and the AI being the same); with several ``--code`` the measurements take turns
(``--rounds`` times, each in a fresh interpreter) so a loaded machine weighs on them alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

FIRST_FRAME = """
import time, os, sys
start = time.perf_counter()
sys.path.insert(0, {root!r})
from game.app import App
from game.core.settings import Settings
from game.scenes.title import TitleScene
app = App(Settings(language="en"))
app.push(TitleScene(app))
app.step(0.016)
print(time.perf_counter() - start)
"""


TABLE_FIRST_FRAME = """
import json, sys, time
sys.path.insert(0, {root!r})
from game.app import App
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.core.settings import Settings
from game.games import get_spec
from game.scenes.title import TitleScene
app = App(Settings(language="en"))
app.push(TitleScene(app))
app.step(0.016)
start = time.process_time()
from game.scenes.play import PlayScene
spec = get_spec({game!r})
players = spec.default_players or spec.min_players
seats = (SeatConfig("human", "Hanako"),) + tuple(SeatConfig("ai", "", "normal") for _ in range(players - 1))
controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=1)
app.push(PlayScene(app, spec, controller, worker_mode="thread"))
app.step(0.016)
print((time.process_time() - start) * 1000)
app.scene.worker.shutdown()
"""


def table_first_frame_ms(game: str, runs: int) -> float:
    """Median processor milliseconds from opening ``game``'s table at the title to its first frame."""
    times = []
    for _ in range(runs):
        run = subprocess.run([sys.executable, "-c", TABLE_FIRST_FRAME.format(root=str(ROOT), game=game)], check=True,
                             capture_output=True, text=True, env=os.environ)
        times.append(float(run.stdout.strip().splitlines()[-1]))
    return round(statistics.median(times))


def first_frame_seconds(runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", FIRST_FRAME.format(root=str(ROOT))], check=True,
                       capture_output=True, env=os.environ)
        times.append(time.perf_counter() - started)
    return round(statistics.median(times), 3)


def frame_samples(app, frames: int) -> dict[str, list[float]]:
    """Milliseconds of each of ``frames`` frames (events, update, draw, present): on the wall clock, and
    of this process's processor time (which other jobs on a loaded machine do not lengthen)."""
    wall, cpu = [], []
    for _ in range(frames):
        tick, used = time.perf_counter(), time.process_time()
        app.step(1 / 60)
        wall.append((time.perf_counter() - tick) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return {"wall": wall, "cpu": cpu}


def percentile(ordered: list[float], share: float) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 2)


def summary(samples: dict[str, list[float]]) -> dict:
    wall, cpu = sorted(samples["wall"]), sorted(samples["cpu"])
    return {"median_ms": round(statistics.median(wall), 2), "p95_ms": percentile(wall, 0.95),
            "p99_ms": percentile(wall, 0.99), "cpu_median_ms": round(statistics.median(cpu), 2),
            "cpu_p99_ms": percentile(cpu, 0.99), "frames": len(wall)}


def late_controller(spec, fraction: float):
    """A controller at a busy position of a seeded game of easy AI seats: the game played to its end,
    replayed to ``fraction`` of its decisions and on to the first seat's next decision, that seat
    then a person (see the module's docstring)."""
    import random

    from game.ai.arena import decision_seed
    from game.core.controller import Controller
    from game.core.rules import CHANCE, GameConfig, SeatConfig

    players = spec.default_players or spec.min_players
    seats = tuple(SeatConfig("ai", "", "easy") for _ in range(players))
    options = spec.default_options()
    agents = {seat: spec.make_agent("easy") for seat in range(players)}

    def play(controller: Controller, until) -> None:
        while controller.to_act() is not None and not until(controller):
            actor = controller.to_act()
            if actor == CHANCE:
                controller.resolve_chance()
                continue
            rng = random.Random(decision_seed(controller.seed, len(controller.log)))
            controller.submit(agents[actor].choose(spec.ruleset, controller.observe(actor), actor, rng), actor)

    whole = Controller(spec.ruleset, GameConfig(seats, options), seed=1)
    play(whole, lambda c: False)
    late = Controller(spec.ruleset, GameConfig(seats, options), seed=1)
    stop = int(len(whole.log) * fraction)
    play(late, lambda c: len(c.log) >= stop and c.to_act() == 0)
    people = (SeatConfig("human", "Hanako"),) + seats[1:]
    return Controller(spec.ruleset, GameConfig(people, options), seed=1, actions=[e.action for e in late.log])


def measure(args) -> dict:
    """Frame times of the title and the tables asked for, in this interpreter; with ``--raw`` every
    sample instead of the summary."""
    if args.code:
        sys.path.insert(0, str(Path(args.code[0]).resolve()))
    import pygame

    from game.app import App
    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.core.settings import Settings
    from game.games import tables
    from game.scenes.play import PlayScene
    from game.scenes.title import TitleScene
    from game.ui.table import BOARD_AREA

    shape = summary if not args.raw else (lambda samples: {k: [round(x, 3) for x in v] for k, v in samples.items()})
    report = {} if args.no_startup else {"first_frame_s": first_frame_seconds(args.runs)}
    if not args.no_startup:
        report["table_first_frame_cpu_ms"] = {game: table_first_frame_ms(game, args.runs) for game in tables()
                                              if not args.game or game in args.game}
    for size in args.size or ["1280x720"]:
        width, height = (int(n) for n in size.split("x"))
        app = App(Settings(language="en", ai_pacing="fast", window_width=width, window_height=height))
        suffix = "" if not args.size else f"@{size}"
        app.push(TitleScene(app))
        if not args.no_startup:
            report[f"title{suffix}"] = shape(frame_samples(app, args.frames))
        for spec in tables().values():
            if args.game and spec.id not in args.game:
                continue
            if args.late is None:
                seats = tuple(SeatConfig("ai", "", "normal") for _ in range(spec.default_players or spec.min_players))
                controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=1)
            else:
                controller = late_controller(spec, args.late)
            app.reset_to(PlayScene(app, spec, controller))
            if args.late is not None:
                frame_samples(app, 30)  # the first frames draw what is cached from then on
                app.mouse, app.pointer_inside = BOARD_AREA.center, True
            report[f"table_{spec.id}{suffix}"] = shape(frame_samples(app, args.frames))
            if args.png:
                pygame.image.save(app.window, str(Path(args.png) / f"{spec.id}{suffix}.png"))
            app.scene.worker.shutdown()
    return report


def take_turns(args) -> dict:
    """Each checkout of ``--code`` measured in turn, ``--rounds`` times, each in a fresh interpreter;
    the samples of each checkout's rounds are pooled."""
    pooled: dict[str, dict[str, dict[str, list[float]]]] = {code: {} for code in args.code}
    passed = ["--frames", str(args.frames)]
    passed += [f"--game={game}" for game in args.game or []] + [f"--size={size}" for size in args.size or []]
    passed += [] if args.late is None else ["--late", str(args.late)]
    for _ in range(args.rounds):
        for code in args.code:
            run = subprocess.run([sys.executable, __file__, *passed, "--no-startup", "--raw", "--code", code],
                                 check=True, capture_output=True, text=True, env=os.environ)
            for name, samples in json.loads(run.stdout.splitlines()[-1]).items():
                for clock, values in samples.items():
                    pooled[code].setdefault(name, {}).setdefault(clock, []).extend(values)
    return {name: {code: summary(pooled[code][name]) for code in args.code} for name in pooled[args.code[0]]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", action="append", help="measure only this game's table (repeatable)")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up and title measurements")
    parser.add_argument("--size", action="append", help="window size WIDTHxHEIGHT (repeatable; default 1280x720)")
    parser.add_argument("--late", type=float, help="measure a busy position this far into a seeded game (0-1)")
    parser.add_argument("--code", action="append", help="measure this checkout's code (repeatable: in turns)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each --code when several are given")
    parser.add_argument("--png", help="save each table's last frame as a PNG in this folder")
    parser.add_argument("--raw", action="store_true", help="print every frame's milliseconds, not the summary")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    temp = tempfile.mkdtemp(prefix="gamenight-bench-")
    os.environ["GAMENIGHT_DATA_DIR"] = temp
    os.environ["GAMENIGHT_CONFIG_DIR"] = temp
    print(json.dumps(take_turns(args) if args.code and len(args.code) > 1 else measure(args)))


if __name__ == "__main__":
    main()
