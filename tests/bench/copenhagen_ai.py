"""Copenhagen AI strength and speed: win rates with seats rotated, decision times per level.

    python tests/bench/copenhagen_ai.py [--games 100] [--matchups hard:random:4,hard:normal:2] [--workers 1]
                                        [--option bga_deck=on]

A matchup "a:b:n" plays ``--games`` games of ``n`` players: ``a`` in one seat (seat ``seed % n``,
so every seat in turn), ``b`` in all the others, on seeds 0..games-1. Players are the levels
"easy", "normal", "hard" and "random". A shared first place counts as a fraction of a win.
Prints one JSON object: per matchup the win rate and mean scores of ``a`` and of the best other
seat, per level the median and 95th percentile of its decision times in seconds. ``--option`` plays
under a table option (default: the default rules).
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
from game.cli import parse_options  # noqa: E402
from game.core.rules import GameConfig, SeatConfig  # noqa: E402
from game.games.copenhagen import SPEC  # noqa: E402
from game.games.copenhagen.ai import make_agent  # noqa: E402
from game.games.copenhagen.rules import RULES  # noqa: E402

DEFAULT_MATCHUPS = "hard:random:4,hard:normal:2,normal:random:4,normal:easy:2,easy:random:2"


def player(name: str):
    return RandomAgent() if name == "random" else make_agent(name)


def one_game(job: tuple[str, str, int, int, dict]) -> dict:
    first, others, players, seed, options = job
    seat = seed % players
    agents = {s: player(first if s == seat else others) for s in range(players)}
    config = GameConfig(seats=tuple(SeatConfig(kind="ai") for _ in range(players)), options=options)
    record = play_match(RULES, config, seed, agents, record_times=True)
    winners = record["winners"]
    rest = [t for s in range(players) if s != seat for t in record["times"][s]]
    return {"key": (first, others, players), "win": (1 / len(winners)) if seat in winners else 0.0,
            "score": record["scores"][seat],
            "best_other": max(v for s, v in enumerate(record["scores"]) if s != seat),
            "end": "twelve" if max(record["scores"]) >= 12 else "mermaid",
            "times": {first: record["times"][seat], others: rest}}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--matchups", default=DEFAULT_MATCHUPS)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = SPEC.validate_options(parse_options(args.option))
    pairs = []
    for text in args.matchups.split(","):
        first, others, players = text.split(":")
        pairs.append((first, others, int(players)))
    jobs = [(a, b, n, seed, options) for a, b, n in pairs for seed in range(args.games)]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(one_game, jobs, chunksize=2))
    else:
        games = [one_game(job) for job in jobs]
    matchups = []
    times: dict[str, list[float]] = {}
    for key in pairs:
        played = [g for g in games if g["key"] == key]
        count = max(1, len(played))
        matchups.append({
            "a": key[0], "b": key[1], "players": key[2], "games": len(played),
            "win_rate": round(sum(g["win"] for g in played) / count, 3),
            "mean_score": round(sum(g["score"] for g in played) / count, 2),
            "mean_best_other": round(sum(g["best_other"] for g in played) / count, 2),
            "ended_by_twelve": round(sum(g["end"] == "twelve" for g in played) / count, 3),
        })
        for g in played:
            for name, values in g["times"].items():
                times.setdefault(name, []).extend(values)
    decision = {name: {"decisions": len(values), "median": round(statistics.median(values), 4),
                       "p95": round(percentile(values, 0.95), 4)}
                for name, values in sorted(times.items()) if values and name != "random"}
    print(json.dumps({"game": "copenhagen", "options": options, "games_per_matchup": args.games, "matchups": matchups,
                      "decision_seconds": decision, "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
