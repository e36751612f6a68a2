"""How long the title and Load screens take to list many saves.

    python tests/bench/save_lists.py [--saves 240] [--actions 150] [--rounds 3]

Makes ``--saves`` saves of every game (``--actions`` random moves each, some finished) in a temporary
folder and times, in CPU seconds: the first listing (each file's summary read), a later listing (each
file unchanged, so nothing read again), the title's Continue lookup, and, for comparison, listing with
every save's moves replayed, which is what the lists did before they read summaries. The rounds are
interleaved and the best of each kept. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def fill(count: int, actions: int) -> None:
    from game.core.controller import Controller
    from game.core.rules import CHANCE, GameConfig, SeatConfig
    from game.core.saves import new_save_path, write_save
    from game.games import registry

    rng = random.Random(1)
    specs = list(registry().values())
    for number in range(count):
        spec = specs[number % len(specs)]
        players = spec.default_players or spec.min_players
        seats = tuple(SeatConfig("ai", "", "easy") for _ in range(players))
        controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), number)
        while len(controller.log) < actions and controller.to_act() is not None:
            if controller.to_act() == CHANCE:
                controller.resolve_chance()
            else:
                controller.submit(rng.choice(controller.legal_actions()))
        write_save(new_save_path(spec.id), controller, spec.id)


def cpu(call) -> float:
    started = time.process_time()
    call()
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=240)
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as temp:
        os.environ["GAMENIGHT_DATA_DIR"] = temp
        from game.core import saves
        from game.games import registry

        fill(args.saves, args.actions)
        games = registry()
        best: dict[str, float] = {}

        def forget() -> None:
            saves._summaries.clear()
            saves._checks.clear()

        def every_save_replayed() -> None:
            for info in saves.list_saves(games):
                saves.check_save(info, games)

        for _ in range(args.rounds):
            forget()
            timings = {
                "first_listing": cpu(lambda: saves.list_saves(games)),
                "later_listing": cpu(lambda: saves.list_saves(games)),
                "continue_lookup": cpu(lambda: saves.latest_unfinished(games)),
                "later_continue_lookup": cpu(lambda: saves.latest_unfinished(games)),
            }
            forget()
            timings["listing_with_every_save_replayed"] = cpu(every_save_replayed)
            for name, seconds in timings.items():
                best[name] = min(best.get(name, seconds), seconds)
        size = sum(p.stat().st_size for p in saves.saves_dir().glob("*.json"))
    print(json.dumps({"saves": args.saves, "actions_each": args.actions, "bytes": size,
                      "cpu_seconds": {name: round(seconds, 4) for name, seconds in best.items()}}))


if __name__ == "__main__":
    main()
