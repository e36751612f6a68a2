"""Base Catan before and after a change: the same seeds must give the same games, as JSON.

    python tests/bench/catan_same_games.py --against /path/to/old/checkout --games 200 --ai-games 10

Plays ``--games`` games with uniformly random decisions (domestic offers included) and
``--ai-games`` games between Catan's own AI players, each from a fixed seed, once with the code of
this checkout and once with the code at ``--against`` (in a subprocess), and compares every action,
every event (data, audience and what the others see) and the final position notation. Options and
player counts vary with the seed. The first difference found is printed step by step.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

OPTIONS = ({}, {"numbers": "random"}, {"layout": "beginner"}, {"layout": "beginner", "start_positions": False},
           {"friendly_robber": True, "victory_points": 8}, {"victory_points": 12, "numbers": "random"})
AI_LEVELS = ("easy", "normal", "easy", "normal")
MAX_STEPS = 60_000


def game_lines(seed: int, ai: bool):
    """The canonical text of each step of one game: action, events, and at the end the position."""
    from game.ai.arena import decision_seed
    from game.core.rules import CHANCE, GameConfig, SeatConfig
    from game.games.catan.rules import RULES

    players = 3 + seed % 2
    options = OPTIONS[seed % len(OPTIONS)]
    config = GameConfig(tuple(SeatConfig("ai", f"P{i + 1}", AI_LEVELS[i]) for i in range(players)), dict(options))
    agents = {}
    if ai:
        from game.games.catan.ai import make_agent

        agents = {seat: make_agent(AI_LEVELS[(seat + seed) % 4]) for seat in range(players)}
    rng = random.Random(seed)
    state = RULES.new_game(config)
    steps = 0
    while (seat := RULES.to_act(state)) is not None and steps < MAX_STEPS:
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        elif agents:
            action = agents[seat].choose(RULES, RULES.observe(state, seat), seat,
                                         random.Random(decision_seed(seed, steps)))
        else:
            actions = RULES.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        events = RULES.apply(state, action)
        steps += 1
        yield json.dumps([seat, action, [[e.kind, e.data, e.audience, e.public] for e in events]], sort_keys=True)
    yield json.dumps(RULES.to_json(state), sort_keys=True)
    yield json.dumps(None if RULES.result(state) is None else RULES.result(state).to_json(), sort_keys=True)


def digests(games: int, ai_games: int, seed: int) -> list[list]:
    """Per game: [seed, ai, steps, sha256 of all its lines]."""
    found = []
    for ai, count in ((False, games), (True, ai_games)):
        for k in range(count):
            digest = hashlib.sha256()
            lines = 0
            for line in game_lines(seed + k, ai):
                digest.update(line.encode())
                digest.update(b"\n")
                lines += 1
            found.append([seed + k, ai, lines - 2, digest.hexdigest()])
    return found


def run_in(root: Path, *args: str) -> str:
    """This script's output when run against the code at ``root``."""
    command = [sys.executable, str(Path(__file__).resolve()), "--root", str(root), *args]
    return subprocess.run(command, check=True, capture_output=True, text=True, cwd=root).stdout


def first_difference(root: Path, seed: int, ai: bool) -> dict:
    old = run_in(root, "--lines", str(seed), *(["--ai"] if ai else [])).splitlines()
    new = list(game_lines(seed, ai))
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return {"seed": seed, "ai": ai, "step": index, "old": a[:2000], "new": b[:2000]}
    return {"seed": seed, "ai": ai, "step": min(len(old), len(new)), "old_lines": len(old), "new_lines": len(new)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="root of the old checkout to compare with")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ai-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--lines", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--ai", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root or Path(__file__).resolve().parents[2]))
    if args.lines is not None:
        for line in game_lines(args.lines, args.ai):
            print(line)
        return
    if args.digests:
        print(json.dumps(digests(args.games, args.ai_games, args.seed)))
        return
    if args.against is None:
        parser.error("--against names the old checkout")
    old = json.loads(run_in(args.against.resolve(), "--digests", "--games", str(args.games),
                            "--ai-games", str(args.ai_games), "--seed", str(args.seed)))
    new = digests(args.games, args.ai_games, args.seed)
    same = [a == b for a, b in zip(old, new, strict=True)]
    report = {
        "benchmark": "catan_same_games",
        "random_games": args.games,
        "ai_games": args.ai_games,
        "identical": sum(same),
        "different": len(same) - sum(same),
        "steps": sum(game[2] for game in new),
        "unfinished": sum(1 for a, b in zip(old, new, strict=True) if b[2] >= MAX_STEPS),
    }
    if not all(same):
        bad = new[same.index(False)]
        report["first_difference"] = first_difference(args.against.resolve(), bad[0], bad[1])
    print(json.dumps(report))


if __name__ == "__main__":
    main()
