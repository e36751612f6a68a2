"""Catan AI strength and speed as JSON: win rates with the hero's seat rotated, decision times.

    python tests/bench/catan_ai.py --games 40 --matchups hard:random,hard:easy,hard:normal --workers 2

Each matchup plays one hero against three copies of the opponent; the hero sits in each seat in
turn. Progress goes to stderr. Decision times (median and 95th percentile, seconds) are gathered
per level over all games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import RandomAgent  # noqa: E402
from game.ai.arena import play_match  # noqa: E402
from game.core.rules import GameConfig, SeatConfig  # noqa: E402
from game.games.catan.ai import make_agent  # noqa: E402
from game.games.catan.rules import RULES  # noqa: E402


def agent_for(level: str):
    return RandomAgent() if level == "random" else make_agent(level)


def one_game(job) -> dict:
    hero, opponent, seat, seed = job
    levels = [opponent] * 4
    levels[seat] = hero
    config = GameConfig(tuple(SeatConfig("ai", "", "normal") for _ in range(4)), {})
    record = play_match(RULES, config, seed, {s: agent_for(levels[s]) for s in range(4)}, record_times=True)
    winner = record["winners"][0] if len(record["winners"]) == 1 else None
    return {"hero": hero, "opponent": opponent, "won": winner == seat, "levels": levels,
            "times": {str(s): record["times"][s] for s in range(4)}, "actions": record["actions"],
            "seconds": record["seconds"]}


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else None


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
    results = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for r in pool.map(one_game, jobs):
                results.append(r)
                print(f"{len(results)}/{len(jobs)}", file=sys.stderr, flush=True)
    else:
        for job in jobs:
            results.append(one_game(job))
            print(f"{len(results)}/{len(jobs)}", file=sys.stderr, flush=True)
    matchups = {}
    times: dict[str, list[float]] = {}
    for r in results:
        key = f"{r['hero']} vs 3x {r['opponent']}"
        entry = matchups.setdefault(key, {"games": 0, "wins": 0, "actions": []})
        entry["games"] += 1
        entry["wins"] += r["won"]
        entry["actions"].append(r["actions"])
        for seat, level in enumerate(r["levels"]):
            if level != "random":
                times.setdefault(level, []).extend(r["times"][str(seat)])
    report = {"benchmark": "catan_ai", "games_per_matchup": args.games,
              "seconds": round(time.perf_counter() - started, 1), "matchups": {}, "decision_seconds": {}}
    for key, entry in matchups.items():
        report["matchups"][key] = {"games": entry["games"], "wins": entry["wins"],
                                   "win_rate": round(entry["wins"] / entry["games"], 3),
                                   "mean_actions": round(statistics.mean(entry["actions"]))}
    for level, values in sorted(times.items()):
        report["decision_seconds"][level] = {"decisions": len(values), "median": round(statistics.median(values), 5),
                                             "p95": round(percentile(values, 0.95), 4),
                                             "max": round(max(values), 3)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
