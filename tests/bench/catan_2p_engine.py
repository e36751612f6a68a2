"""Catan for two, engine speed: uniformly random two-player games per second on one core, as JSON, for
base Catan for two and for Catan for two with Cities & Knights, interleaved game by game.

    nice -n 10 python tests/bench/catan_2p_engine.py --games 100

Processor time, so what other processes on a busy machine take is left out. Besides the rate it
reports what a random game holds: decisions and chance steps, turns, neutral pieces built (roads,
settlements and knights) and token actions taken.
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
from game.games.catan_2p.rules import RULES as CATAN_FOR_TWO  # noqa: E402
from game.games.catan_ck_2p.rules import RULES as CK_FOR_TWO  # noqa: E402

CONFIG = GameConfig(tuple(SeatConfig("ai") for _ in range(2)), {})
GAMES = {"catan_2p": CATAN_FOR_TWO, "catan_ck_2p": CK_FOR_TWO}
TOKEN_ACTIONS = ("forced_trade", "robber_to_desert")


def random_game(rules, seed: int) -> dict:
    """One game with uniformly random decisions: its steps, turns, neutral pieces and token actions."""
    rng = random.Random(seed)
    state = rules.new_game(CONFIG)
    steps = tokens = 0
    while (seat := rules.to_act(state)) is not None:
        if seat == CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            actions = rules.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            tokens += action["type"] in TOKEN_ACTIONS
        rules.apply(state, action)
        steps += 1
    knights = getattr(state, "knight_pieces", None)
    neutral = sum(sum(state.pieces[c][:2]) - 1 + (sum(knights[c]) if knights else 0) for c in NEUTRAL_COLOURS)
    return {"steps": steps, "turns": state.turn, "neutral_pieces": neutral, "token_actions": tokens}


def measure(games: int, seed: int) -> dict:
    """Each game's figures for ``games`` seeds, the two games alternating so a busy machine slows both alike."""
    totals = {name: {"steps": 0, "turns": 0, "neutral_pieces": 0, "token_actions": 0} for name in GAMES}
    seconds = dict.fromkeys(GAMES, 0.0)
    for k in range(games):
        for name, rules in GAMES.items():
            started = time.process_time()
            figures = random_game(rules, seed + k)
            seconds[name] += time.process_time() - started
            for key, value in figures.items():
                totals[name][key] += value
    report = {}
    for name in GAMES:
        spent = seconds[name]
        row = {"games": games, "processor_seconds": round(spent, 3), "games_per_second": round(games / spent, 2),
               "steps_per_second": round(totals[name]["steps"] / spent)}
        row.update({f"{key}_per_game": round(value / games, 1) for key, value in totals[name].items()})
        report[name] = row
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
