"""Catan AI strength and speed as JSON: four players, the hero's seat rotated, decision times.

    nice -n 10 python tests/bench/catan_ai.py --games 100 --matchups hard:normal,hard:easy,hard:random --workers 2

Each matchup plays one hero against three copies of the opponent; the hero sits in each seat in
turn. Progress goes to stderr. Per level: how often its two opening settlements touch all five
resources, its production after its 20th turn, its first settlement after the opening, cities and
development cards at the end, and processor seconds per decision (median, 95th percentile) over all
games. The games are played as in ``catan_ai_duel``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.games.catan.rules import RULES  # noqa: E402
from tests.bench.catan_ai_duel import play, run_jobs, summary  # noqa: E402


def one_game(job) -> dict:
    hero, opponent, seat, seed = job
    levels = [opponent] * 4
    levels[seat] = hero
    record = play(RULES, levels, seed)
    record.update(hero=hero, opponent=opponent, won=record["winners"] == [seat])
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per matchup")
    parser.add_argument("--matchups", default="hard:random,hard:easy,hard:normal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    pairs = [tuple(m.split(":")) for m in args.matchups.split(",")]
    jobs = [(hero, opp, g % 4, args.seed * 100_000 + i * 1000 + g)
            for i, (hero, opp) in enumerate(pairs) for g in range(args.games)]
    started = time.perf_counter()
    results = run_jobs(one_game, jobs, args.workers)
    matchups = {}
    for r in results:
        entry = matchups.setdefault(f"{r['hero']} vs 3x {r['opponent']}", {"games": 0, "wins": 0, "turns": []})
        entry["games"] += 1
        entry["wins"] += r["won"]
        entry["turns"].append(r["turns"])
    report = {"benchmark": "catan_ai", "players": 4, "games_per_matchup": args.games,
              "seconds": round(time.perf_counter() - started, 1),
              "matchups": {k: {"games": e["games"], "wins": e["wins"], "win_rate": round(e["wins"] / e["games"], 3),
                               "mean_turns": round(statistics.mean(e["turns"]), 1)} for k, e in matchups.items()},
              "levels": summary(results)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
