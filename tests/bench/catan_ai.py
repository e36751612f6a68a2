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

from game.ai.arena import rate_interval  # noqa: E402
from game.games.catan.rules import RULES  # noqa: E402
from tests.bench.catan_ai_duel import play, run_jobs, summary  # noqa: E402


def one_game(job) -> dict:
    hero, opponent, seat, seed = job
    levels = [opponent] * 4
    levels[seat] = hero
    record = play(RULES, levels, seed)
    record.update(hero=hero, opponent=opponent, won=record["winners"] == [seat])
    return record


def four_player_main(description: str, benchmark: str, play_one, levels_summary, matchups: str, seed: int) -> None:
    """Parse the command line, play every matchup (the hero's seat rotated) and print the JSON report."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=20, help="games per matchup")
    parser.add_argument("--matchups", default=matchups)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--games-to", type=Path, help="also write each game (seed, hero's seat, won, turns) to this "
                        "file, a JSON object a line: two arms on the same seeds differ only in the games they split")
    args = parser.parse_args()
    pairs = [tuple(m.split(":")) for m in args.matchups.split(",")]
    jobs = [(hero, opp, g % 4, args.seed * 100_000 + i * 1000 + g)
            for i, (hero, opp) in enumerate(pairs) for g in range(args.games)]
    started = time.perf_counter()
    results = run_jobs(play_one, jobs, args.workers)
    if args.games_to:
        with args.games_to.open("w") as out:
            for (hero, opponent, seat, game_seed), r in zip(jobs, results, strict=True):
                out.write(json.dumps({"seed": game_seed, "hero": hero, "opponent": opponent, "hero_seat": seat,
                                      "won": r["won"], "turns": r["turns"]}) + "\n")
    matchups = {}
    for r in results:
        entry = matchups.setdefault(f"{r['hero']} vs 3x {r['opponent']}", {"games": 0, "wins": 0, "turns": []})
        entry["games"] += 1
        entry["wins"] += r["won"]
        entry["turns"].append(r["turns"])
    report = {"benchmark": benchmark, "players": 4, "games_per_matchup": args.games,
              "seconds": round(time.perf_counter() - started, 1),
              "matchups": {k: {"games": e["games"], "wins": e["wins"], "win_rate": round(e["wins"] / e["games"], 3),
                               "interval_95": rate_interval(e["wins"], e["games"]),
                               "mean_turns": round(statistics.mean(e["turns"]), 1)} for k, e in matchups.items()},
              "levels": levels_summary(results)}
    print(json.dumps(report))


if __name__ == "__main__":
    four_player_main(__doc__.splitlines()[0], "catan_ai", one_game, summary, "hard:random,hard:easy,hard:normal", 7)
