"""Kahuna engine speed: random full games per second on one core.

    python tests/bench/kahuna_engine.py [--games 2000] [--seed 1]

Each game is played through the public protocol only (legal_actions, a uniformly random choice,
apply, sample_chance), as the AI's playouts do; the choice is drawn with ``random()``, which costs
a fraction of ``choice`` and is as uniform. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.rules import CHANCE, GameConfig, SeatConfig  # noqa: E402
from game.games.kahuna.rules import RULES  # noqa: E402


def random_game(rng: random.Random) -> int:
    state = RULES.new_game(GameConfig(seats=(SeatConfig(), SeatConfig())))
    actions = 0
    while (seat := RULES.to_act(state)) is not None:
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        else:
            legal = RULES.legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
        RULES.apply(state, action)
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    actions = sum(random_game(rng) for _ in range(args.games))
    seconds = time.perf_counter() - started
    clone_state = RULES.new_game(GameConfig(seats=(SeatConfig(), SeatConfig())))
    tick = time.perf_counter()
    for _ in range(20_000):
        RULES.clone(clone_state)
    clone_us = (time.perf_counter() - tick) / 20_000 * 1e6
    print(json.dumps({
        "game": "kahuna",
        "games": args.games,
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 1),
        "actions_per_game": round(actions / args.games, 1),
        "actions_per_second": round(actions / seconds),
        "clone_microseconds": round(clone_us, 2),
    }))


if __name__ == "__main__":
    main()
