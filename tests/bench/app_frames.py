"""Start-up time to the first frame and frame times of the title and each game's table.

    python tests/bench/app_frames.py [--frames 300] [--game catan ...] [--no-startup]

Prints one JSON object: seconds from process start to the first presented frame (measured in a
fresh interpreter), and the median and p95 milliseconds per frame of the title screen and of each
game's table with AI seats playing (AI thinking in its worker, so the frame time is the view's).
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


def first_frame_seconds(runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", FIRST_FRAME.format(root=str(ROOT))], check=True,
                       capture_output=True, env=os.environ)
        times.append(time.perf_counter() - started)
    return round(statistics.median(times), 3)


def frame_times(app, frames: int) -> dict:
    samples = []
    for _ in range(frames):
        tick = time.perf_counter()
        app.step(1 / 60)
        samples.append((time.perf_counter() - tick) * 1000)
    samples.sort()
    return {"median_ms": round(statistics.median(samples), 2), "p95_ms": round(samples[int(len(samples) * 0.95)], 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", action="append", help="measure only this game's table (repeatable)")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up and title measurements")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    temp = tempfile.mkdtemp(prefix="gamenight-bench-")
    os.environ["GAMENIGHT_DATA_DIR"] = temp
    os.environ["GAMENIGHT_CONFIG_DIR"] = temp

    from game.app import App
    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.core.settings import Settings
    from game.games import tables
    from game.scenes.play import PlayScene
    from game.scenes.title import TitleScene

    report = {} if args.no_startup else {"first_frame_s": first_frame_seconds(args.runs)}
    app = App(Settings(language="en", ai_pacing="fast"))
    app.push(TitleScene(app))
    if not args.no_startup:
        report["title"] = frame_times(app, args.frames)
    for spec in tables().values():
        if args.game and spec.id not in args.game:
            continue
        seats = tuple(SeatConfig("ai", "", "normal") for _ in range(spec.default_players or spec.min_players))
        controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=1)
        app.reset_to(PlayScene(app, spec, controller))
        report[f"table_{spec.id}"] = frame_times(app, args.frames)
        app.scene.worker.shutdown()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
