"""Cities & Knights AI strength and speed as JSON: four players, the hero's seat rotated.

    nice -n 10 python tests/bench/catan_ck_ai.py --games 40 --matchups hard:normal,normal:random --workers 1

Each matchup plays one hero against three copies of the opponent on random islands; the hero sits
in each seat in turn. Every AI decision is checked against the legal actions. Per level: decision
times (median, 95th percentile, processor seconds; hard's search stopped by its playout count so a
busy machine does not weaken it), how often its opening touches all five resources, its cities,
improvements and knight strength at the end, and the barbarian attacks it lost: all of them, and
those lost while its knights, had they all been active, would have kept its city ("avoidable").
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.games.catan_ck.ai import make_agent  # noqa: E402
from game.games.catan_ck.rules import RULES  # noqa: E402
from tests.bench.catan_ai import four_player_main  # noqa: E402
from tests.bench.catan_ai_duel import agent_for, ai_seats, covered, percentile, play_through  # noqa: E402


def knight_strength(state, seat: int) -> int:
    return sum(state.knight_strength[v] for v in range(len(state.knight_owner)) if state.knight_owner[v] == seat)


def avoidable(state, attack: dict, seat: int) -> bool:
    """Whether ``seat``, pillaged in ``attack``, would have kept its city with every knight it owns
    active (the total then covering the barbarians, or another seat left weaker)."""
    defence = list(attack["defence"])
    defence[seat] = max(defence[seat], knight_strength(state, seat))
    if sum(defence) >= attack["strength"]:
        return True
    others = [defence[p] for p in attack["pillaged"] if p != seat]
    return bool(others) and defence[seat] > min(others)


def play(levels, seed: int, ruleset=RULES, make=make_agent) -> dict:
    """One game of ``ruleset`` with the computer players ``make`` builds; the figures of the summary."""
    players = len(levels)
    opening = []
    pillaged = [0] * players
    avoidable_losses = [0] * players

    def watch(state, seat, action, events):
        for event in events:
            if event.kind == "attack":
                for p in event.data["pillaged"]:
                    pillaged[p] += 1
                    avoidable_losses[p] += avoidable(state, event.data, p)
        if not opening and state.turn >= 1:
            opening[:] = [covered(state, p) for p in range(players)]

    state, times = play_through(ruleset, levels, seed, lambda level: agent_for(level, make), watch)
    result = ruleset.result(state)
    return {"levels": levels, "winners": result.winners, "opening": opening, "turns": state.turn, "times": times,
            "cities": [state.pieces[p][2] for p in range(players)],
            "improvements": [sum(state.improvements[p]) for p in range(players)],
            "knights": [knight_strength(state, p) for p in range(players)],
            "attacks": state.attacks, "pillaged": pillaged, "avoidable": avoidable_losses}


def one_game(job) -> dict:
    hero, opponent, seat, seed = job
    levels = [opponent] * 4
    levels[seat] = hero
    record = play(levels, seed)
    record.update(hero=hero, opponent=opponent, won=record["winners"] == [seat])
    return record


def summary(results) -> dict:
    per_level: dict[str, dict] = {}
    for r, seat, level in ai_seats(results):
        e = per_level.setdefault(level, {"seats": 0, "five": 0, "times": [], "cities": [], "improvements": [],
                                         "knights": [], "pillaged": 0, "avoidable": 0, "attacks": 0})
        e["seats"] += 1
        e["five"] += r["opening"][seat] == 5
        e["times"].extend(r["times"][seat])
        e["cities"].append(r["cities"][seat])
        e["improvements"].append(r["improvements"][seat])
        e["knights"].append(r["knights"][seat])
        e["pillaged"] += r["pillaged"][seat]
        e["avoidable"] += r["avoidable"][seat]
        e["attacks"] += r["attacks"]
    return {level: {
        "seats": e["seats"],
        "five_resource_openings": round(e["five"] / e["seats"], 3),
        "cities_at_end": round(statistics.mean(e["cities"]), 2),
        "improvement_levels_at_end": round(statistics.mean(e["improvements"]), 2),
        "knight_strength_at_end": round(statistics.mean(e["knights"]), 2),
        "attacks_faced": e["attacks"],
        "attacks_lost": e["pillaged"],
        "attacks_lost_avoidable": e["avoidable"],
        "decisions": len(e["times"]),
        "decision_seconds": {"median": round(statistics.median(e["times"]), 5),
                             "p95": round(percentile(e["times"], 0.95), 4), "max": round(max(e["times"]), 3)},
    } for level, e in sorted(per_level.items())}


if __name__ == "__main__":
    four_player_main(__doc__.splitlines()[0], "catan_ck_ai", one_game, summary, "hard:normal,normal:random", 13)
