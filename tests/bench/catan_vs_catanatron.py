"""Random 4-player Catan games per second here and in Catanatron, side by side, as JSON.

Catanatron (PyPI ``catanatron==3.2.1``) is only a yardstick: the script installs it into its own
virtual environment in the temp folder (made once, reused) and runs it in a child process. Both
engines play the same number of games in alternating rounds, so a busy machine slows both alike, and
both are timed in processor time, which leaves out what other processes take.

Catanatron's game has no trading between players, so the headline ratio compares it with random
games here where players never start an offer (everything else uniformly random); the rate with
offers included is reported too.

    python tests/bench/catan_vs_catanatron.py --games 200 --rounds 4
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.catan_engine import measure  # noqa: E402

CATANATRON = "catanatron==3.2.1"
VENV = Path(tempfile.gettempdir()) / "gamenight-catanatron-3.2.1"

CHILD = r"""
import json, random, sys, time
from catanatron import Color, Game, RandomPlayer
games, seed = int(sys.argv[1]), int(sys.argv[2])
colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
started = time.process_time()
turns = actions = 0
for k in range(games):
    random.seed(seed + k)
    game = Game([RandomPlayer(c) for c in colors], seed=seed + k)
    game.play()
    turns += game.state.num_turns
    actions += len(game.state.actions)
seconds = time.process_time() - started
print(json.dumps({"games": games, "seconds": seconds, "turns": turns, "actions": actions}))
"""


def catanatron_python() -> Path:
    """The interpreter of a virtual environment holding Catanatron, made on first use."""
    python = VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        venv.create(VENV, with_pip=True)
    check = subprocess.run([str(python), "-c", "import catanatron"], capture_output=True)
    if check.returncode:
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", CATANATRON],
                       check=True)
    return python


def run_catanatron(python: Path, games: int, seed: int) -> dict:
    out = subprocess.run([str(python), "-c", CHILD, str(games), str(seed)], check=True, capture_output=True,
                         text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per engine (split over the rounds)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    python = catanatron_python()
    per_round = max(1, args.games // args.rounds)
    totals = {"ours": [0, 0.0, 0, 0], "ours_with_offers": [0, 0.0, 0, 0], "catanatron": [0, 0.0, 0, 0]}
    for round_index in range(args.rounds):
        seed = args.seed + round_index * per_round
        for key, trade in (("ours", False), ("ours_with_offers", True)):
            m = measure(per_round, seed, {}, domestic_trade=trade, clock=time.process_time)
            totals[key][0] += m["games"]
            totals[key][1] += m["seconds"]
            totals[key][2] += round(m["turns_per_game"] * m["games"])
            totals[key][3] += round(m["steps_per_game"] * m["games"])
        c = run_catanatron(python, per_round, seed)
        totals["catanatron"][0] += c["games"]
        totals["catanatron"][1] += c["seconds"]
        totals["catanatron"][2] += c["turns"]
        totals["catanatron"][3] += c["actions"]

    def summary(key):
        games, seconds, turns, steps = totals[key]
        return {"games": games, "seconds": round(seconds, 3), "games_per_second": round(games / seconds, 2),
                "turns_per_game": round(turns / games, 1), "actions_per_game": round(steps / games, 1)}

    ours, offers, theirs = summary("ours"), summary("ours_with_offers"), summary("catanatron")
    print(json.dumps({
        "benchmark": "catan_vs_catanatron",
        "catanatron": CATANATRON,
        "players": 4,
        "ours_random_without_domestic_offers": ours,
        "ours_uniform_random_with_offers": offers,
        "catanatron_random": theirs,
        "ratio": round(ours["games_per_second"] / theirs["games_per_second"], 2),
        "ratio_with_offers": round(offers["games_per_second"] / theirs["games_per_second"], 2),
        "goal": ">= 5",
    }))


if __name__ == "__main__":
    main()
