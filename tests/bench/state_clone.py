"""How long ``clone`` takes for each game's mid-game position, in microseconds of processor time, as JSON.

    python tests/bench/state_clone.py [--clones 20000] [--rounds 5] [--games kahuna,catan] [--root CHECKOUT]

The position of each game is the one a seeded random game (uniform choices, the default table) reaches
half way through, the kind of position an AI clones thousands of times per decision. Each round times
``--clones`` clones; the quickest round (the one least disturbed by other work on the machine) and the
median round are printed. ``--root`` measures another checkout's code.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
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
from game.games import GAME_PACKAGES, registry  # noqa: E402


def mid_game(game_id: str, seed: int):
    """The ruleset and the position half way through a seeded random game of ``game_id``."""
    spec = registry()[game_id]
    rules = spec.ruleset
    players = spec.default_players or spec.min_players
    config = GameConfig(tuple(SeatConfig("ai") for _ in range(players)), spec.default_options())
    played = []
    rng = random.Random(seed)
    state = rules.new_game(config)
    while (seat := rules.to_act(state)) is not None:
        legal = None if seat == CHANCE else rules.legal_actions(state)
        action = rules.sample_chance(state, rng) if seat == CHANCE else legal[rng.randrange(len(legal))]
        rules.apply(state, action)
        played.append(action)
    state = rules.new_game(config)
    for action in played[: len(played) // 2]:
        rules.apply(state, action)
    return rules, state


def clone_microseconds(rules, state, clones: int, rounds: int) -> dict:
    """One clone's processor time (the quickest and the median round) and wall time (median), in microseconds."""
    cpu, wall = [], []
    for _ in range(rounds):
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        for _ in range(clones):
            rules.clone(state)
        cpu.append((time.process_time() - started_cpu) / clones * 1e6)
        wall.append((time.perf_counter() - started_wall) / clones * 1e6)
    return {"cpu_us_min": round(min(cpu), 2), "cpu_us": round(statistics.median(cpu), 2),
            "wall_us": round(statistics.median(wall), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clones", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAME_PACKAGES))
    parser.add_argument("--root", help="the checkout whose code is measured")
    args = parser.parse_args()
    figures = {}
    for game_id in args.games.split(","):
        rules, state = mid_game(game_id, args.seed)
        figures[game_id] = clone_microseconds(rules, state, args.clones, args.rounds)
    print(json.dumps({"clones": args.clones, "rounds": args.rounds, "seed": args.seed, "clone": figures}))


if __name__ == "__main__":
    main()
