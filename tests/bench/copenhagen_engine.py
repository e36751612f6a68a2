"""Copenhagen engine speed: random full games per second on one core, per player count.

    python tests/bench/copenhagen_engine.py [--games 600] [--seed 1]

Games are played through the public protocol only (legal_actions, a uniformly random choice, apply,
sample_chance), as playouts do; the player count cycles 2, 3, 4. Also times ``clone`` and
``legal_actions`` at a mid-game build decision. Prints one JSON object.
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
from game.games.copenhagen.rules import RULES  # noqa: E402


def config(players: int) -> GameConfig:
    return GameConfig(seats=tuple(SeatConfig(kind="ai") for _ in range(players)))


def random_game(players: int, rng: random.Random, stop_at_turn: int | None = None):
    state = RULES.new_game(config(players))
    actions = 0
    while (seat := RULES.to_act(state)) is not None:
        if stop_at_turn is not None and state.turn >= stop_at_turn and state.phase == "turn":
            break
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
        actions += 1
    return state, actions


def per_call_us(function, repeat: int) -> float:
    tick = time.perf_counter()
    for _ in range(repeat):
        function()
    return round((time.perf_counter() - tick) / repeat * 1e6, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    by_players = {}
    total_games = total_actions = 0
    started = time.perf_counter()
    for players in (2, 3, 4):
        count = args.games // 3
        tick = time.perf_counter()
        actions = sum(random_game(players, rng)[1] for _ in range(count))
        seconds = time.perf_counter() - tick
        by_players[players] = {"games_per_second": round(count / seconds, 1),
                               "actions_per_game": round(actions / count, 1)}
        total_games += count
        total_actions += actions
    seconds = time.perf_counter() - started
    mid, _ = random_game(2, random.Random(args.seed), stop_at_turn=14)
    print(json.dumps({
        "game": "copenhagen",
        "games": total_games,
        "games_per_second": round(total_games / seconds, 1),
        "actions_per_second": round(total_actions / seconds),
        "by_players": by_players,
        "clone_us": per_call_us(lambda: RULES.clone(mid), 20_000),
        "legal_actions_us": per_call_us(lambda: RULES.legal_actions(mid), 2_000),
        "legal_actions_at_mid_game": len(RULES.legal_actions(mid)),
    }))


if __name__ == "__main__":
    main()
