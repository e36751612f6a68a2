"""Cities & Knights engine speed: uniformly random 4-player games on one core, as JSON, with base
Catan's figure from the same run for comparison.

    nice -n 10 python tests/bench/catan_ck_engine.py --games 100

Reports games per second, the median and 90th percentile time of a whole game (the goal is a
median under 100 ms) and steps per game; times are processor time, so other processes on a busy
machine are left out.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.rules import CHANCE, GameConfig, SeatConfig  # noqa: E402
from game.games.catan.rules import RULES as CATAN  # noqa: E402
from game.games.catan_ck.rules import RULES as CITIES_KNIGHTS  # noqa: E402


def random_game(rules, seed: int) -> int:
    """One game with uniformly random decisions; returns the number of steps (chance included)."""
    rng = random.Random(seed)
    state = rules.new_game(GameConfig(tuple(SeatConfig("ai") for _ in range(4)), {}))
    steps = 0
    while (seat := rules.to_act(state)) is not None:
        if seat == CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            actions = rules.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        rules.apply(state, action)
        steps += 1
    return steps


def measure(rules, games: int, seed: int) -> dict:
    times, steps = [], 0
    for k in range(games):
        started = time.process_time()
        steps += random_game(rules, seed + k)
        times.append(time.process_time() - started)
    total = sum(times)
    times.sort()
    return {
        "games": games,
        "games_per_second": round(games / total, 2),
        "median_ms": round(1000 * statistics.median(times), 1),
        "p90_ms": round(1000 * times[int(0.9 * (len(times) - 1))], 1),
        "steps_per_game": round(steps / games, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps({
        "benchmark": "catan_ck_engine",
        "players": 4,
        "cities_and_knights": measure(CITIES_KNIGHTS, args.games, args.seed),
        "catan": measure(CATAN, args.games, args.seed),
    }))


if __name__ == "__main__":
    main()
