"""Catan one against one: AI levels on random boards, seats swapped on each board, as JSON.

    nice -n 10 python tests/bench/catan_ai_duel.py --games 200 --matchups hard:normal --workers 2
    nice -n 10 python tests/bench/catan_ai_duel.py --game catan_ck_2p --games 16 --matchups hard:normal,normal:random

``--game`` picks the rules: ``catan`` (the default) is base Catan, a game for 3-4, played by its plain
rules with two players (``TwoPlayerCatan``); ``catan_2p`` is Catan for two and ``catan_ck_2p`` Catan for
two with Cities & Knights, each with its own computer players. Each board is played twice, the hero
moving first once and second once. Besides the score the script prints, per level, how often its two
opening settlements touch all five resources and decision times (median, 95th percentile, processor
seconds); for the base games its production (pips) after its 20th turn, the turn of its first
settlement after the opening, the cities and development cards it ends with; with Cities & Knights
the figures of ``catan_ck_ai`` (improvements, knights, barbarian attacks lost and avoidable).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import RandomAgent  # noqa: E402
from game.ai.arena import decision_seed, rate_interval  # noqa: E402
from game.ai.base import set_time_caps  # noqa: E402
from game.core.rules import CHANCE, GameConfig, SeatConfig, action_key  # noqa: E402
from game.games.catan import board  # noqa: E402
from game.games.catan.ai import make_agent  # noqa: E402
from game.games.catan.rules import CatanRules  # noqa: E402
from game.games.catan_2p import ai as catan_2p_ai  # noqa: E402
from game.games.catan_2p.rules import RULES as CATAN_2P_RULES  # noqa: E402


class TwoPlayerCatan(CatanRules):
    """Base Catan's rules played by two (the game's own entry keeps 3-4)."""

    player_counts = (2, 3, 4)


RULES = TwoPlayerCatan()


def agent_for(level: str, make=make_agent):
    """The agent of ``level`` (``make`` builds a game's computer players), its search stopped by its
    playout count only, so a busy machine does not weaken it."""
    set_time_caps(False)
    return RandomAgent() if level == "random" else make(level)


def covered(state, seat: int) -> int:
    """Resources the seat's buildings touch."""
    kinds = set()
    for v in range(board.NUM_VERTICES):
        if state.vertex_owner[v] == seat:
            kinds.update(state.layout.hex_resource[h] for h in board.VERTEX_HEXES[v])
    kinds.discard(-1)
    return len(kinds)


def pips(state, seat: int) -> int:
    return sum(state.vertex_level[v] * sum(state.layout.vertex_pips[v])
               for v in range(board.NUM_VERTICES) if state.vertex_owner[v] == seat)


def play_through(ruleset, levels, seed: int, agent_for, watch) -> list[list[float]]:
    """One game from ``seed``, every AI decision checked against the legal actions; ``watch(state,
    seat, action, events)`` sees each action applied. Processor seconds per decision, per seat."""
    players = len(levels)
    agents = [agent_for(level) for level in levels]
    config = GameConfig(tuple(SeatConfig("ai", "", "normal") for _ in range(players)), {})
    rng = random.Random(seed)
    state = ruleset.new_game(config)
    steps = 0
    times = [[] for _ in range(players)]
    while (seat := ruleset.to_act(state)) is not None:
        if seat == CHANCE:
            action = ruleset.sample_chance(state, rng)
        else:
            tick = time.process_time()
            action = agents[seat].choose(ruleset, ruleset.observe(state, seat), seat,
                                         random.Random(decision_seed(seed, steps)))
            times[seat].append(time.process_time() - tick)
            if action_key(action) not in {action_key(a) for a in ruleset.legal_actions(state)}:
                raise RuntimeError(f"seat {seat} ({levels[seat]}) chose an illegal action: {action}")
        watch(state, seat, action, ruleset.apply(state, action))
        steps += 1
    return state, times


BUILDS = ("road", "settlement", "city", "buy")
"""The actions counted per seat: its own roads, settlements, cities and development cards bought."""


def play(ruleset, levels, seed: int, make=make_agent) -> dict:
    """One game; per seat the opening's coverage, pips at turn 20, first new settlement, the builds
    by its 15th turn and in all, times."""
    players = len(levels)
    opening = [None] * players
    pips20 = [None] * players
    first_settlement = [None] * players
    own_turns = [0] * players
    last_turn = [0]
    builds = [dict.fromkeys(BUILDS, 0) for _ in range(players)]
    builds15 = [None] * players

    def watch(state, seat, action, events):
        if state.turn != last_turn[0] and state.turn >= 1:
            last_turn[0] = state.turn
            if opening[0] is None:
                opening[:] = [covered(state, p) for p in range(players)]
            own_turns[state.current] += 1
            for p in range(players):
                if pips20[p] is None and own_turns[p] > 20:
                    pips20[p] = pips(state, p)
                if builds15[p] is None and own_turns[p] > 15:
                    builds15[p] = dict(builds[p])
        if action.get("type") == "settlement" and state.turn >= 1 and first_settlement[seat] is None:
            first_settlement[seat] = own_turns[seat]
        if action.get("type") in BUILDS and state.turn >= 1 and 0 <= seat < players and "colour" not in action:
            builds[seat][action["type"]] += 1

    state, times = play_through(ruleset, levels, seed, lambda level: agent_for(level, make), watch)
    result = ruleset.result(state)
    return {"levels": levels, "winners": result.winners, "opening": opening, "pips20": pips20,
            "first_settlement": first_settlement, "cities": [state.pieces[p][2] for p in range(players)],
            "devs": [sum(state.devs[p]) + sum(state.played[p]) for p in range(players)],
            "builds": builds, "builds_by_turn_15": builds15, "turns": state.turn, "times": times}


def base_game(ruleset, make):
    """(play one game, summarise the levels) for a base Catan rule set."""
    return (lambda levels, seed: play(ruleset, levels, seed, make)), summary


def cities_knights_for_two():
    from game.games.catan_ck_2p import ai as ck_2p_ai
    from game.games.catan_ck_2p.rules import RULES as CK_2P_RULES
    from tests.bench import catan_ck_ai  # it builds on this module: imported when asked for

    return (lambda levels, seed: catan_ck_ai.play(levels, seed, CK_2P_RULES, ck_2p_ai.make_agent)), \
        catan_ck_ai.summary


GAMES = {
    "catan": lambda: base_game(RULES, make_agent),
    "catan_2p": lambda: base_game(CATAN_2P_RULES, catan_2p_ai.make_agent),
    "catan_ck_2p": cities_knights_for_two,
}
"""Each game's (play one game, summarise the levels), by its id."""


def one_game(job) -> dict:
    game, hero, opponent, hero_seat, seed = job
    levels = [opponent, opponent]
    levels[hero_seat] = hero
    play_one, _ = GAMES[game]()
    record = play_one(levels, seed)
    record.update(hero=hero, opponent=opponent, hero_seat=hero_seat)
    return record


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else None


def ai_seats(results):
    """(record, seat, level) of every seat an AI level played."""
    for r in results:
        for seat, level in enumerate(r["levels"]):
            if level != "random":
                yield r, seat, level


def summary(results) -> dict:
    per_level: dict[str, dict] = {}
    for r, seat, level in ai_seats(results):
        entry = per_level.setdefault(level, {"seats": 0, "five": 0, "no_grain_or_ore": 0, "pips20": [],
                                             "first_settlement": [], "cities": [], "devs": [], "times": []})
        entry["seats"] += 1
        entry["five"] += r["opening"][seat] == 5
        entry["times"].extend(r["times"][seat])
        if r["pips20"][seat] is not None:
            entry["pips20"].append(r["pips20"][seat])
        if r["first_settlement"][seat] is not None:
            entry["first_settlement"].append(r["first_settlement"][seat])
        entry["cities"].append(r["cities"][seat])
        entry["devs"].append(r["devs"][seat])
    report = {}
    for level, e in sorted(per_level.items()):
        report[level] = {
            "openings": e["seats"],
            "five_resource_openings": round(e["five"] / e["seats"], 3),
            "pips_after_turn_20": round(statistics.mean(e["pips20"]), 1) if e["pips20"] else None,
            "first_new_settlement_turn": round(statistics.median(e["first_settlement"]), 1)
            if e["first_settlement"] else None,
            "cities_at_end": round(statistics.mean(e["cities"]), 2),
            "development_cards": round(statistics.mean(e["devs"]), 2),
            "decisions": len(e["times"]),
            "decision_seconds": {"median": round(statistics.median(e["times"]), 5),
                                 "p95": round(percentile(e["times"], 0.95), 4),
                                 "max": round(max(e["times"]), 3)},
        }
    return report


def run_jobs(play_one, jobs, workers: int) -> list:
    """Every job played (in ``workers`` processes), with progress on stderr."""
    results = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for r in pool.map(play_one, jobs):
                results.append(r)
                print(f"{len(results)}/{len(jobs)}", file=sys.stderr, flush=True)
    else:
        for job in jobs:
            results.append(play_one(job))
            print(f"{len(results)}/{len(jobs)}", file=sys.stderr, flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="catan")
    parser.add_argument("--games", type=int, default=20, help="games per matchup (even: each board twice)")
    parser.add_argument("--matchups", default="hard:normal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--games-to", type=Path, help="also write each game (seed, levels, winners, turns, slowest "
                        "decision per seat) to this file, a JSON object a line, to compare two arms game by game")
    args = parser.parse_args()
    pairs = [tuple(m.split(":")) for m in args.matchups.split(",")]
    jobs = [(args.game, hero, opp, g % 2, args.seed * 100_000 + i * 10_000 + g // 2)
            for i, (hero, opp) in enumerate(pairs) for g in range(args.games)]
    started = time.perf_counter()
    results = run_jobs(one_game, jobs, args.workers)
    if args.games_to:
        with args.games_to.open("w") as out:
            for job, r in zip(jobs, results, strict=True):
                out.write(json.dumps({"seed": job[4], "levels": r["levels"], "winners": r["winners"],
                                      "turns": r["turns"], "builds": r.get("builds"),
                                      "builds_by_turn_15": r.get("builds_by_turn_15"),
                                      "slowest": [max(t, default=0.0) for t in r["times"]]}) + "\n")
    matchups = {}
    for r in results:
        entry = matchups.setdefault(f"{r['hero']} vs {r['opponent']}", {"games": 0, "wins": 0.0, "turns": []})
        entry["games"] += 1
        if r["hero_seat"] in r["winners"]:
            entry["wins"] += 1 / len(r["winners"])
        entry["turns"].append(r["turns"])
    report = {"benchmark": "catan_ai_duel", "game": args.game, "players": 2,
              "seconds": round(time.perf_counter() - started, 1),
              "matchups": {k: {"games": e["games"], "wins": e["wins"], "win_rate": round(e["wins"] / e["games"], 3),
                               "interval_95": rate_interval(e["wins"], e["games"]),
                               "mean_turns": round(statistics.mean(e["turns"]), 1)} for k, e in matchups.items()},
              "levels": GAMES[args.game]()[1](results)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
