"""Cannonades engine speed: random full games and heuristic-policy games per second on one core.

    python tests/bench/cannonades_engine.py [--games 2000] [--players 4] [--seed 1]

Random games go through the public protocol only (legal_actions, a uniformly random choice, apply,
sample_chance); policy games use the AI's playout captain, whose games last longer. Prints one
JSON object.
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
from game.games.cannonades.ai import policy  # noqa: E402
from game.games.cannonades.rules import RULES  # noqa: E402


def one_game(rng: random.Random, players: int, by_policy: bool) -> int:
    state = RULES.new_game(GameConfig(seats=tuple(SeatConfig() for _ in range(players))))
    actions = 0
    while (seat := RULES.to_act(state)) is not None:
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        elif by_policy:
            action = policy(RULES, state, seat, rng)
        else:
            action = rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
        actions += 1
    return actions


def timed(rng, games, players, by_policy):
    started = time.perf_counter()
    actions = sum(one_game(rng, players, by_policy) for _ in range(games))
    seconds = time.perf_counter() - started
    return {"games_per_second": round(games / seconds, 1), "actions_per_game": round(actions / games, 1),
            "actions_per_second": round(actions / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    random_games = timed(rng, args.games, args.players, by_policy=False)
    policy_games = timed(rng, max(1, args.games // 4), args.players, by_policy=True)
    state = RULES.new_game(GameConfig(seats=tuple(SeatConfig() for _ in range(args.players))))
    while RULES.to_act(state) == CHANCE:
        RULES.apply(state, RULES.sample_chance(state, rng))
    tick = time.perf_counter()
    for _ in range(20_000):
        RULES.clone(state)
    clone_us = (time.perf_counter() - tick) / 20_000 * 1e6
    print(json.dumps({"game": "cannonades", "players": args.players, "games": args.games,
                      "random": random_games, "policy": policy_games, "clone_microseconds": round(clone_us, 2)}))


if __name__ == "__main__":
    main()
