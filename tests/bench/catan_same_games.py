"""The Catan games before and after a change: the same seeds must give the same games, as JSON.

    python tests/bench/catan_same_games.py --against /path/to/old/checkout --games 200 --ai-games 10
    python tests/bench/catan_same_games.py --against ... --game catan_ck --game catan_ck_2p
    python tests/bench/catan_same_games.py --against ... --games 0 --ai-games 8 --levels easy,normal,hard

For each game (``--game``, all four Catan games unless named: catan, catan_2p, catan_ck,
catan_ck_2p), plays ``--games`` games with uniformly random decisions (domestic offers included)
and ``--ai-games`` games between the game's own AI players (their levels taken in turn from
``--levels``; hard searches ``--hard-playouts`` playouts a decision with no time cap), each from a
fixed seed, once with the code of this checkout and once with the code at ``--against`` (in a
subprocess), and compares every action, every event (data, audience and what the others see) and
the final position notation. Options and player counts vary with the seed. The first difference
found is printed step by step.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path

GAMES = {
    "catan": ((3, 4), ({}, {"numbers": "random"}, {"layout": "beginner"},
                       {"layout": "beginner", "start_positions": False},
                       {"friendly_robber": True, "victory_points": 8}, {"victory_points": 12, "numbers": "random"})),
    "catan_2p": ((2,), ({}, {"numbers": "random"}, {"layout": "beginner"},
                        {"friendly_robber": True, "victory_points": 8}, {"victory_points": 12, "numbers": "random"})),
    "catan_ck": ((3, 4), ({}, {"numbers": "random"}, {"layout": "beginner"}, {"victory_points": 10},
                          {"victory_points": 15, "numbers": "random"})),
    "catan_ck_2p": ((2,), ({}, {"numbers": "random"}, {"layout": "beginner"}, {"victory_points": 10},
                           {"victory_points": 15, "numbers": "random"})),
}
"""Per game: the player counts and the options its seeds go through."""
AI_LEVELS = ("easy", "normal")
MAX_STEPS = 60_000


def game_lines(game: str, seed: int, ai: bool, levels=AI_LEVELS, hard_playouts: int = 8):
    """The canonical text of each step of one game: action, events, and at the end the position."""
    from importlib import import_module

    from game.ai.arena import decision_seed
    from game.ai.base import Budget, set_time_caps
    from game.core.rules import CHANCE, GameConfig, SeatConfig

    rules = import_module(f"game.games.{game}.rules").RULES
    counts, choices = GAMES[game]
    players = counts[seed % len(counts)]
    options = choices[seed % len(choices)]
    config = GameConfig(tuple(SeatConfig("ai", f"P{i + 1}", levels[i % len(levels)]) for i in range(players)),
                        dict(options))
    agents = {}
    if ai:
        set_time_caps(False)
        make_agent = import_module(f"game.games.{game}.ai").make_agent
        budget = Budget(iterations=hard_playouts)
        agents = {seat: make_agent(levels[(seat + seed) % len(levels)], budget) for seat in range(players)}
    rng = random.Random(seed)
    state = rules.new_game(config)
    steps = 0
    while (seat := rules.to_act(state)) is not None and steps < MAX_STEPS:
        if seat == CHANCE:
            action = rules.sample_chance(state, rng)
        elif agents:
            action = agents[seat].choose(rules, rules.observe(state, seat), seat,
                                         random.Random(decision_seed(seed, steps)))
        else:
            actions = rules.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        events = rules.apply(state, action)
        steps += 1
        yield json.dumps([seat, action, [[e.kind, e.data, e.audience, e.public] for e in events]], sort_keys=True)
    yield json.dumps(rules.to_json(state), sort_keys=True)
    yield json.dumps(None if rules.result(state) is None else rules.result(state).to_json(), sort_keys=True)


def digests(game: str, games: int, ai_games: int, seed: int, levels=AI_LEVELS, hard_playouts: int = 8) -> list[list]:
    """Per game played: [seed, ai, steps, sha256 of all its lines]."""
    found = []
    for ai, count in ((False, games), (True, ai_games)):
        for k in range(count):
            digest = hashlib.sha256()
            lines = 0
            for line in game_lines(game, seed + k, ai, levels, hard_playouts):
                digest.update(line.encode())
                digest.update(b"\n")
                lines += 1
            found.append([seed + k, ai, lines - 2, digest.hexdigest()])
    return found


def old_command(root: Path, *args: str) -> list[str]:
    """The command that runs this script against the code at ``root``."""
    return [sys.executable, str(Path(__file__).resolve()), "--root", str(root), *args]


def run_in(root: Path, *args: str) -> str:
    """This script's output when run against the code at ``root``."""
    return subprocess.run(old_command(root, *args), check=True, capture_output=True, text=True, cwd=root).stdout


def first_difference(root: Path, game: str, seed: int, ai: bool, levels, hard_playouts: int) -> dict:
    old = run_in(root, "--game", game, "--lines", str(seed), *(["--ai"] if ai else []),
                 *level_options(levels, hard_playouts)).splitlines()
    new = list(game_lines(game, seed, ai, levels, hard_playouts))
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return {"seed": seed, "ai": ai, "step": index, "old": a[:2000], "new": b[:2000]}
    return {"seed": seed, "ai": ai, "step": min(len(old), len(new)), "old_lines": len(old), "new_lines": len(new)}


def level_options(levels, hard_playouts: int) -> tuple:
    """The options that give the old checkout's run the same AI players."""
    return "--levels", ",".join(levels), "--hard-playouts", str(hard_playouts)


def compare(root: Path, game: str, games: int, ai_games: int, seed: int, levels, hard_playouts: int) -> dict:
    """One game's games played by both checkouts (the old one in a subprocess, alongside) and compared."""
    wall, cpu = time.perf_counter(), time.process_time()
    counts = ("--games", str(games), "--ai-games", str(ai_games), "--seed", str(seed),
              *level_options(levels, hard_playouts))
    old_run = subprocess.Popen(old_command(root, "--game", game, "--digests", *counts), stdout=subprocess.PIPE,
                               text=True, cwd=root)
    new = digests(game, games, ai_games, seed, levels, hard_playouts)
    output, _ = old_run.communicate()
    if old_run.returncode:
        raise SystemExit(f"the old checkout failed on {game}")
    old = json.loads(output)
    same = [a == b for a, b in zip(old, new, strict=True)]
    report = {
        "game": game,
        "random_games": games,
        "ai_games": ai_games,
        "identical": sum(same),
        "different": len(same) - sum(same),
        "steps": sum(played[2] for played in new),
        "unfinished": sum(1 for played in new if played[2] >= MAX_STEPS),
        "differing": [played[:2] for played, alike in zip(new, same, strict=True) if not alike][:20],
        "wall_s": round(time.perf_counter() - wall, 1),
        "cpu_s_this_checkout": round(time.process_time() - cpu, 1),
    }
    if not all(same):
        bad = new[same.index(False)]
        report["first_difference"] = first_difference(root, game, bad[0], bad[1], levels, hard_playouts)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="root of the old checkout to compare with")
    parser.add_argument("--game", action="append", choices=tuple(GAMES), help="a game to compare (repeatable)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ai-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(AI_LEVELS),
                        help="the AI players' levels, taken in turn seat by seat (e.g. easy,normal,hard)")
    parser.add_argument("--hard-playouts", type=int, default=8, help="hard's playouts per searched decision")
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--lines", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--ai", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root or Path(__file__).resolve().parents[2]))
    chosen = args.game or list(GAMES)
    levels = tuple(args.levels.split(","))
    if args.lines is not None:
        for line in game_lines(chosen[0], args.lines, args.ai, levels, args.hard_playouts):
            print(line)
        return
    if args.digests:
        print(json.dumps(digests(chosen[0], args.games, args.ai_games, args.seed, levels, args.hard_playouts)))
        return
    if args.against is None:
        parser.error("--against names the old checkout")
    reports = [compare(args.against.resolve(), game, args.games, args.ai_games, args.seed, levels, args.hard_playouts)
               for game in chosen]
    print(json.dumps({"benchmark": "catan_same_games", "games": reports,
                      "different": sum(r["different"] for r in reports)}, indent=1))


if __name__ == "__main__":
    main()
