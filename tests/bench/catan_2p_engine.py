"""Catan for two, engine speed: uniformly random two-player games per second on one core, as JSON.

    nice -n 10 python tests/bench/catan_2p_engine.py --games 100

Processor time, so what other processes on a busy machine take is left out. Besides the rate it
reports what a random game holds: decisions and chance steps, turns, neutral pieces built and token
actions taken.
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
from game.games.catan.two_player import NEUTRAL_COLOURS  # noqa: E402
from game.games.catan_2p.rules import RULES  # noqa: E402

CONFIG = GameConfig(tuple(SeatConfig("ai") for _ in range(2)), {})


def random_game(seed: int) -> dict:
    """One game with uniformly random decisions: its steps, turns, neutral pieces and token actions."""
    rng = random.Random(seed)
    state = RULES.new_game(CONFIG)
    steps = tokens = 0
    while (seat := RULES.to_act(state)) is not None:
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        else:
            actions = RULES.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            tokens += action["type"] in ("forced_trade", "robber_to_desert")
        RULES.apply(state, action)
        steps += 1
    neutral = sum(sum(state.pieces[c][:2]) - 1 for c in NEUTRAL_COLOURS)
    return {"steps": steps, "turns": state.turn, "neutral_pieces": neutral, "token_actions": tokens}


def measure(games: int, seed: int) -> dict:
    totals = {"steps": 0, "turns": 0, "neutral_pieces": 0, "token_actions": 0}
    started = time.process_time()
    for k in range(games):
        for key, value in random_game(seed + k).items():
            totals[key] += value
    seconds = time.process_time() - started
    report = {"games": games, "processor_seconds": round(seconds, 3), "games_per_second": round(games / seconds, 2),
              "steps_per_second": round(totals["steps"] / seconds)}
    report.update({f"{key}_per_game": round(value / games, 1) for key, value in totals.items()})
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {"benchmark": "catan_2p_engine", "players": 2, "uniform_random": measure(args.games, args.seed)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
