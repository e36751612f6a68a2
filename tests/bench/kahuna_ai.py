"""Kahuna AI strength and speed: win rates with seats swapped, decision times per level.

    python tests/bench/kahuna_ai.py [--games 200] [--matchups hard:normal,normal:easy,...] [--workers 1]
                                    [--option anti_stall=on ...]

Each matchup "a:b" plays ``--games`` games, ``a`` in seat 0 in half of them and in seat 1 in the
other half, on seeds 0..games-1. Players: the levels "easy", "normal", "hard", plus "greedy" (the
one-ply greedy agent on the Kahuna evaluation, without noise) and "random". A draw counts half.
``--option`` plays under a table option (default: the default rules).
Prints one JSON object: per matchup the wins, draws, losses and score of ``a``, and per level the
median and 95th percentile of its decision times in seconds. Progress and the running tally go to stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import GreedyAgent, RandomAgent  # noqa: E402
from game.ai.arena import play_match  # noqa: E402
from game.cli import parse_options  # noqa: E402
from game.core.rules import GameConfig, SeatConfig  # noqa: E402
from game.games.kahuna import SPEC  # noqa: E402
from game.games.kahuna.ai import evaluate, make_agent  # noqa: E402
from game.games.kahuna.rules import RULES  # noqa: E402

DEFAULT_MATCHUPS = "hard:normal,normal:easy,normal:greedy,easy:random,normal:random,hard:random"


def player(name: str):
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent(evaluate)
    return make_agent(name)


def one_game(job: tuple[str, str, int, dict]) -> dict:
    first, second, seed, options = job
    seat_of_first = seed % 2
    agents = {seat_of_first: player(first), 1 - seat_of_first: player(second)}
    config = GameConfig(seats=(SeatConfig(kind="ai"), SeatConfig(kind="ai")), options=options)
    record = play_match(RULES, config, seed, agents, record_times=True)
    winners = record["winners"]
    outcome = "draw" if len(winners) != 1 else ("win" if winners[0] == seat_of_first else "loss")
    return {"first": first, "second": second, "outcome": outcome,
            "times": {first: record["times"][seat_of_first], second: record["times"][1 - seat_of_first]}}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--matchups", default=DEFAULT_MATCHUPS)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = SPEC.validate_options(parse_options(args.option))
    pairs = [tuple(m.split(":")) for m in args.matchups.split(",")]
    jobs = [(a, b, seed, options) for a, b in pairs for seed in range(args.games)]
    started = time.perf_counter()
    games = []
    outcomes: Counter = Counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for game in pool.map(one_game, jobs):
            games.append(game)
            pair = (game["first"], game["second"])
            outcomes[pair + (game["outcome"],)] += 1
            record = "-".join(str(outcomes[pair + (k,)]) for k in ("win", "draw", "loss"))
            print(f"{len(games)}/{len(jobs)} games, {time.perf_counter() - started:.0f} s; {':'.join(pair)} {record}",
                  file=sys.stderr)
    matchups = []
    times: dict[str, list[float]] = {}
    for a, b in pairs:
        played = [g for g in games if g["first"] == a and g["second"] == b]
        tally = {k: outcomes[(a, b, k)] for k in ("win", "draw", "loss")}
        matchups.append({"a": a, "b": b, "games": len(played), "wins": tally["win"], "draws": tally["draw"],
                         "losses": tally["loss"],
                         "score": round((tally["win"] + 0.5 * tally["draw"]) / max(1, len(played)), 3)})
        for g in played:
            for name, values in g["times"].items():
                times.setdefault(name, []).extend(values)
    decision = {name: {"decisions": len(values), "median": round(statistics.median(values), 4),
                       "p95": round(percentile(values, 0.95), 4)}
                for name, values in sorted(times.items()) if values}
    print(json.dumps({"game": "kahuna", "options": options, "games_per_matchup": args.games, "matchups": matchups,
                      "decision_seconds": decision, "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
