"""Catan engine speed: uniformly random 4-player games per second on one core, as JSON.

    python tests/bench/catan_engine.py --games 200
    nice -n 10 python tests/bench/catan_engine.py --games 100 --against /path/to/old/checkout --rounds 7

Two kinds of game are timed. A *playout* starts from a sampled position (``determinize``), as the
AI's search plays one: nobody there counts the others' cards. A *full game* starts from ``new_game``,
as the table plays one: the engine keeps each seat's count of the others' cards for the computer
players (a journal entry per action, counted when a seat looks), which an engine without the count
never paid for. With ``--against``, the same games of both kinds are timed (processor time) with this
checkout's code and with the old code, in fresh processes taking turns (old, new, old, new...), and
the medians over the rounds are compared.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path


def checkout_root(argv: list[str]) -> Path:
    """The checkout whose code is measured (``--root``, else this one)."""
    if "--root" in argv:
        return Path(argv[argv.index("--root") + 1])
    return Path(__file__).resolve().parents[2]


sys.path.insert(0, str(checkout_root(sys.argv)))

from game.core.rules import CHANCE, GameConfig, SeatConfig  # noqa: E402
from game.games.catan.rules import RULES  # noqa: E402


def random_game(seed: int, options: dict, domestic_trade: bool = True, playout: bool = False) -> tuple[int, int]:
    """Play one game with uniformly random decisions; returns (decisions and chance steps, turns).

    Without ``domestic_trade`` the players never start an offer to the others (they still do
    everything else), which is the game Catanatron plays. With ``playout`` it starts from the new
    game as a search samples it (the same game: the sample draws from its own generator).
    """
    rng = random.Random(seed)
    config = GameConfig(tuple(SeatConfig("ai") for _ in range(4)), options)
    state = RULES.new_game(config)
    if playout:
        state = RULES.determinize(RULES.observe(state, 0), 0, random.Random(seed))
    steps = 0
    to_act, sample_chance, legal_actions, apply, choice = (RULES.to_act, RULES.sample_chance, RULES.legal_actions,
                                                           RULES.apply, rng.choice)
    while (seat := to_act(state)) is not None:
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            actions = legal_actions(state)
            if not domestic_trade and state.phase == "main" and actions[-1]["type"] == "trade":
                actions.pop()  # the offer is always listed last
            action = choice(actions)
        apply(state, action)
        steps += 1
    return steps, state.turn


def measure(games: int, seed: int, options: dict, domestic_trade: bool = True, playout: bool = False,
            clock=time.perf_counter) -> dict:
    started = clock()
    steps = turns = 0
    for k in range(games):
        s, t = random_game(seed + k, options, domestic_trade, playout)
        steps += s
        turns += t
    seconds = clock() - started
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2),
        "steps_per_game": round(steps / games, 1),
        "turns_per_game": round(turns / games, 1),
        "steps_per_second": round(steps / seconds),
    }


def clone_rate(seconds: float = 1.0) -> float:
    state = RULES.new_game(GameConfig(tuple(SeatConfig("ai") for _ in range(4)), {}))
    rng = random.Random(1)
    for _ in range(400):
        seat = RULES.to_act(state)
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        RULES.apply(state, action)
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(1000):
            RULES.clone(state)
        count += 1000
    return count / (time.perf_counter() - started)


def timed_round(root: Path, games: int, seed: int, kind: str) -> float:
    """Random games per second of the code at ``root``, in a fresh process."""
    command = [sys.executable, str(Path(__file__).resolve()), "--root", str(root), "--games", str(games),
               "--seed", str(seed), "--round", kind]
    return float(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def compare(old_root: Path, games: int, seed: int, rounds: int) -> dict:
    here = checkout_root([])
    report = {"benchmark": "catan_engine_against", "games_per_round": games, "rounds": rounds}
    for kind in ("playouts", "full_games"):
        old, new = [], []
        for _ in range(rounds):
            old.append(timed_round(old_root, games, seed, kind))
            new.append(timed_round(here, games, seed, kind))
        old_rate, new_rate = statistics.median(old), statistics.median(new)
        report[kind] = {
            "old_games_per_second": round(old_rate, 2),
            "new_games_per_second": round(new_rate, 2),
            "new_over_old": round(new_rate / old_rate, 3),
            "median_of_round_ratios": round(statistics.median(b / a for a, b in zip(old, new, strict=True)), 3),
            "old_rounds": [round(r, 2) for r in old],
            "new_rounds": [round(r, 2) for r in new],
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", type=Path, help="root of an old checkout to compare with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--round", choices=("playouts", "full_games"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.round:  # processor time: what other processes on a busy machine take is left out
        playout = args.round == "playouts"
        print(measure(args.games, args.seed, {}, playout=playout, clock=time.process_time)["games_per_second"])
        return
    if args.against is not None:
        print(json.dumps(compare(args.against.resolve(), args.games, args.seed, args.rounds)))
        return
    report = {
        "benchmark": "catan_engine",
        "players": 4,
        "uniform_random": measure(args.games, args.seed, {}),
        "uniform_random_playouts": measure(args.games, args.seed, {}, playout=True),
        "random_without_domestic_offers": measure(args.games, args.seed, {}, domestic_trade=False),
        "clones_per_second": round(clone_rate()),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
