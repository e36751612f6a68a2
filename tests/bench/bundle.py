"""Size of the built program and its start-up time, against running from source.

    python tests/bench/bundle.py [--runs 7] [--build]

Prints one JSON object:

* ``size_mb``: the folder build ``dist/gamenight/`` (everything in it) and the single file
  ``dist/gamenight-onefile``; null for a variant not built (``--build`` builds missing ones first).
* ``first_frame_s``: median seconds, over ``--runs`` runs after one warm-up run, from starting the
  process to its exit after one frame (``--frames 1``) with the dummy video and audio drivers, for
  ``python main.py``, the folder build and the single file. This is an upper bound of the time to the
  first frame: it also counts closing the window and the interpreter.
* ``first_frame_in_process_s``: from source only, the median time from the interpreter's start of
  the game code to the first presented frame, measured inside the process, to show how much of the
  wall-clock figure is the window's first frame and how much is starting and stopping.

Goals: folder build at most 60 MB, first frame from the folder build at most 0.6 s.
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
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
FOLDER = ROOT / "dist" / "gamenight"
FOLDER_EXE = FOLDER / f"gamenight{EXE_SUFFIX}"
ONEFILE_EXE = ROOT / "dist" / f"gamenight-onefile{EXE_SUFFIX}"
GOALS = {"folder_mb": 60, "folder_first_frame_s": 0.6}

IN_PROCESS = """
import time
start = time.perf_counter()
import sys
sys.path.insert(0, {root!r})
from game.app import App
from game.core.settings import Settings
from game.scenes.title import TitleScene
app = App(Settings(language="en"))
app.push(TitleScene(app))
app.step(0.016)
print(time.perf_counter() - start)
"""


def size_mb(path: Path) -> float | None:
    if not path.exists():
        return None
    if path.is_file():
        total = path.stat().st_size
    else:
        total = sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return round(total / 1e6, 1)


def bench_env(temp: Path) -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               GAMENIGHT_DATA_DIR=str(temp / "data"), GAMENIGHT_CONFIG_DIR=str(temp / "config"))
    return env


def wall_clock(command: list[str], runs: int, env: dict, cwd: Path) -> float | None:
    times = []
    for index in range(runs + 1):
        started = time.perf_counter()
        result = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
        elapsed = time.perf_counter() - started
        if result.returncode != 0:
            sys.stderr.write(f"{' '.join(command)} failed:\n{result.stderr[-2000:]}\n")
            return None
        if index:  # the first run warms the disk cache
            times.append(elapsed)
    return round(statistics.median(times), 3)


def in_process(runs: int, env: dict, cwd: Path) -> float | None:
    times = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", IN_PROCESS.format(root=str(ROOT))], env=env, cwd=cwd,
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            sys.stderr.write(result.stderr[-2000:])
            return None
        times.append(float(result.stdout.strip().splitlines()[-1]))
    return round(statistics.median(times), 3)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each variant (after one warm-up)")
    parser.add_argument("--build", action="store_true", help="build the variants that are missing first")
    args = parser.parse_args()
    if args.build:
        for exe, extra in ((FOLDER_EXE, []), (ONEFILE_EXE, ["--onefile"])):
            if not exe.exists():
                subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), *extra], check=True,
                               stdout=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as temp:
        temp_path = Path(temp)
        env = bench_env(temp_path)
        one_frame = ["--frames", "1"]
        first_frame = {
            "source": wall_clock([sys.executable, str(ROOT / "main.py"), *one_frame], args.runs, env, temp_path),
            "folder": wall_clock([str(FOLDER_EXE), *one_frame], args.runs, env, temp_path)
            if FOLDER_EXE.exists() else None,
            "onefile": wall_clock([str(ONEFILE_EXE), *one_frame], args.runs, env, temp_path)
            if ONEFILE_EXE.exists() else None,
        }
        report = {
            "size_mb": {"folder": size_mb(FOLDER), "onefile": size_mb(ONEFILE_EXE)},
            "first_frame_s": first_frame,
            "first_frame_in_process_s": {"source": in_process(args.runs, env, temp_path)},
            "runs": args.runs,
            "goals": GOALS,
        }
    folder_mb, folder_s = report["size_mb"]["folder"], first_frame["folder"]
    report["goals_met"] = {
        "folder_mb": None if folder_mb is None else folder_mb <= GOALS["folder_mb"],
        "folder_first_frame_s": None if folder_s is None else folder_s <= GOALS["folder_first_frame_s"],
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
