"""Two arms of a Catan bench compared game by game, as JSON.

Both files are what ``catan_ai.py --games-to`` or ``catan_ai_duel.py --games-to`` wrote, one arm each,
on the same seeds. Games both arms played are paired; only the games they split tell the arms apart,
and the sign test over those says how likely a split at least this uneven is if the arms were equal.

    python tests/bench/compare_arms.py before.jsonl after.jsonl [--level hard]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.arena import rate_interval  # noqa: E402


def read_arm(path: Path, level: str) -> dict:
    """Each game of an arm by what identifies it on its board, with whether ``level`` won it: the
    four-player bench's games by seed and hero's seat, the duel bench's by seed and seating."""
    games = {}
    with path.open() as lines:
        for line in lines:
            game = json.loads(line)
            if "hero_seat" in game:
                games[(game["seed"], game["hero_seat"])] = bool(game["won"])
            elif "levels" in game:
                levels = game["levels"]
                games[(game["seed"], tuple(levels))] = any(levels[w] == level for w in game["winners"])
            else:
                raise SystemExit(f"{path}: not a game written by --games-to: {line.strip()[:80]}")
    return games


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact sign test over the split games."""
    n = only_a + only_b
    if not n:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(a: dict, b: dict) -> dict:
    common = sorted(a.keys() & b.keys())
    wins_a, wins_b = sum(a[k] for k in common), sum(b[k] for k in common)
    only_a = sum(a[k] and not b[k] for k in common)
    only_b = sum(b[k] and not a[k] for k in common)

    def arm(wins: int) -> dict:
        return {"wins": wins, "win_rate": round(wins / len(common), 3) if common else None,
                "interval_95": rate_interval(wins, len(common)) if common else None}

    return {"games": len(common), "a": arm(wins_a), "b": arm(wins_b), "only_a": only_a, "only_b": only_b,
            "sign_test_p": round(sign_test(only_a, only_b), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("--level", default="hard", help="the level whose wins a duel counts")
    args = parser.parse_args()
    report = compare(read_arm(args.a, args.level), read_arm(args.b, args.level))
    print(json.dumps({"benchmark": "compare_arms", "a_file": str(args.a), "b_file": str(args.b), **report}))


if __name__ == "__main__":
    main()
