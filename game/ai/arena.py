"""Headless games between agents: the command line's --autoplay and the strength benchmarks."""

from __future__ import annotations

import math
import random
import time

from game.core.rules import CHANCE, GameConfig, action_key


def decision_seed(game_seed: int, step: int, salt: int = 0) -> int:
    """A reproducible seed for the decision at log index ``step`` of a game."""
    return (game_seed * 1_000_003 + step * 97 + salt) & 0x7FFFFFFF


def play_match(ruleset, config: GameConfig, seed: int, agents: dict, record_times: bool = False) -> dict:
    """Play one game to the end; ``agents`` maps every seat to an Agent.

    Returns the scores, ranks, winners, number of actions and wall time, and with ``record_times``
    the processor seconds of each decision per seat (a busy machine slows the wall clock, not them).
    """
    started = time.perf_counter()
    rng = random.Random(seed)
    state = ruleset.new_game(config)
    steps = 0
    times: dict[int, list[float]] = {seat: [] for seat in agents}
    while (seat := ruleset.to_act(state)) is not None:
        if seat == CHANCE:
            action = ruleset.sample_chance(state, rng)
        else:
            tick = time.process_time()
            action = agents[seat].choose(ruleset, ruleset.observe(state, seat),
                                         seat, random.Random(decision_seed(seed, steps)))
            if record_times:
                times[seat].append(time.process_time() - tick)
            legal = {action_key(a) for a in ruleset.legal_actions(state)}
            if action_key(action) not in legal:
                raise RuntimeError(f"seat {seat} chose an illegal action: {action}")
        ruleset.apply(state, action)
        steps += 1
    result = ruleset.result(state)
    record = {
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "winners": result.winners,
        "actions": steps,
        "seconds": round(time.perf_counter() - started, 3),
    }
    if record_times:
        record["times"] = times
    return record


def rate_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) interval of a win rate of ``wins`` in ``games``: a benchmark's rate is
    reported with it, since a few dozen games leave a wide margin."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return round(max(0.0, (centre - spread) / scale), 3), round(min(1.0, (centre + spread) / scale), 3)
