"""Cannonades AI strength and speed: win rates with seats swapped, decision times per level.

    python tests/bench/cannonades_ai.py [--games 100] [--duels 100] [--ladder 10] [--normal-easy 0] [--seed 1]
        [--jobs 1] [--option first_draw=bga]

- hard against four random players (5 players), the hard seat moving round the table: --games; also split by
  whether hard's first turn came before the standoff or only in it (with five captains the draw steps of the
  first round alone empty the pile, and a first turn allows no Shoot, so hard then never shoots);
- hard against normal (2 players), seats swapped every game: --duels;
- normal and easy against random (2 players), a few games each, for the ladder: --ladder;
- normal against easy (2 players), seats swapped every game: --normal-easy.
Decision times (median and p95, processor seconds) per level come from the same games. Prints one JSON object.
``--option`` plays under a table option (default: the default rules).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import RandomAgent, set_time_caps  # noqa: E402
from game.ai.arena import play_match, rate_interval  # noqa: E402
from game.ai.base import Agent  # noqa: E402
from game.cli import parse_options  # noqa: E402
from game.core.rules import GameConfig, SeatConfig  # noqa: E402
from game.games.cannonades import SPEC  # noqa: E402
from game.games.cannonades.ai import make_agent  # noqa: E402
from game.games.cannonades.rules import RULES  # noqa: E402


class Watched(Agent):
    """An agent that also notes whether its seat's first turn came only once the standoff had begun, so
    that it never had a turn allowing a Shoot."""

    def __init__(self, agent: Agent):
        self.agent = agent
        self.first_turn_in_standoff: bool | None = None

    def choose(self, ruleset, observation, seat, rng):
        # The first action step tells: a trigger whose first turn the standoff cut short acts next in its final
        # turn, no longer a first one, and may shoot.
        if self.first_turn_in_standoff is None and observation.phase == "actions":
            self.first_turn_in_standoff = bool(observation.standoff and observation.first_turn)
        return self.agent.choose(ruleset, observation, seat, rng)


def match(task):
    """One game: ``levels`` per seat ("random" or an AI level); returns winners, decision times (processor
    seconds) and the seats whose first turn came in the standoff. Searches stop by their iteration counts
    only, so a busy machine does not weaken them."""
    set_time_caps(False)
    levels, seed, options = task
    config = GameConfig(seats=tuple(SeatConfig("ai", level="normal") for _ in levels), options=options)
    agents = {seat: RandomAgent() if level == "random" else Watched(make_agent(level))
              for seat, level in enumerate(levels)}
    record = play_match(RULES, config, seed, agents, record_times=True)
    late = [seat for seat, agent in agents.items() if getattr(agent, "first_turn_in_standoff", False)]
    return levels, record["winners"], {seat: times for seat, times in record["times"].items()}, late


def run(tasks, jobs):
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(match, tasks))
    return [match(task) for task in tasks]


def win_rate(results, level) -> dict:
    """Games won by ``level`` (a shared win counts as a share): the rate and its 95% interval."""
    total = 0.0
    for levels, winners, *_ in results:
        mine = [s for s in winners if levels[s] == level]
        total += len(mine) / len(winners) if winners else 0.0
    return {"rate": round(total / max(1, len(results)), 3), "interval_95": rate_interval(total, len(results))}


def split(results, level, late: bool) -> dict:
    """The games where ``level``'s first turn came in the standoff (``late``) or before it, and its wins there."""
    chosen = [r for r in results if any(r[0][seat] == level for seat in r[3]) == late]
    return {"games": len(chosen), "wins": win_rate(chosen, level)}


def timing(results):
    per_level: dict[str, list[float]] = {}
    for levels, _, times, _ in results:
        for seat, seconds in times.items():
            if levels[seat] != "random":
                per_level.setdefault(levels[seat], []).extend(seconds)
    summary = {}
    for level, values in sorted(per_level.items()):
        values.sort()
        summary[level] = {"decisions": len(values), "median": round(statistics.median(values), 4),
                          "p95": round(values[int(0.95 * (len(values) - 1))], 4), "max": round(values[-1], 3)}
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="hard against 4 random players")
    parser.add_argument("--duels", type=int, default=100, help="hard against normal, 2 players")
    parser.add_argument("--ladder", type=int, default=10, help="normal and easy against random, 2 players")
    parser.add_argument("--normal-easy", type=int, default=0, help="normal against easy, 2 players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = SPEC.validate_options(parse_options(args.option))
    started = time.perf_counter()
    five = [(tuple("hard" if s == i % 5 else "random" for s in range(5)), args.seed * 100_000 + i, options)
            for i in range(args.games)]
    duels = [(("hard", "normal") if i % 2 == 0 else ("normal", "hard"), args.seed * 100_000 + 50_000 + i, options)
             for i in range(args.duels)]
    ladder = [(level, "random") if i % 2 == 0 else ("random", level)
              for level in ("normal", "easy") for i in range(args.ladder)]
    ladder = [(levels, args.seed * 100_000 + 80_000 + i, options) for i, levels in enumerate(ladder)]
    steps = [(("normal", "easy") if i % 2 == 0 else ("easy", "normal"), args.seed * 100_000 + 90_000 + i, options)
             for i in range(args.normal_easy)]
    five_results = run(five, args.jobs)
    duel_results = run(duels, args.jobs)
    ladder_results = run(ladder, args.jobs)
    step_results = run(steps, args.jobs)
    print(json.dumps({
        "game": "cannonades",
        "options": options,
        "hard_vs_4_random": {"games": len(five_results), "hard_wins": win_rate(five_results, "hard"),
                             "first_turn_before_standoff": split(five_results, "hard", late=False),
                             "first_turn_in_standoff": split(five_results, "hard", late=True)},
        "hard_vs_normal": {"games": len(duel_results), "hard_wins": win_rate(duel_results, "hard")},
        "normal_vs_random": {"games": args.ladder,
                             "normal_wins": win_rate([r for r in ladder_results if "normal" in r[0]], "normal")},
        "easy_vs_random": {"games": args.ladder,
                           "easy_wins": win_rate([r for r in ladder_results if "easy" in r[0]], "easy")},
        "normal_vs_easy": {"games": len(step_results), "normal_wins": win_rate(step_results, "normal")},
        "decision_seconds": timing(five_results + duel_results + ladder_results + step_results),
        "jobs": args.jobs,
        "wall_seconds": round(time.perf_counter() - started, 1),
    }))


if __name__ == "__main__":
    main()
