"""The most any captain could win against four random ones under the default rules, as JSON.

    python tests/bench/cannonades_ceiling.py [--random-games 5000] [--games 400] [--playouts 100] [--seed 202]

With five captains the first round's draw steps alone nearly empty the pile, and a first turn allows no Shoot. A
seat whose first turn comes only once the standoff has begun ("late") can only pick a cannonade and add the ships
it was dealt. Before that turn the seat has made no choice at all, so how often a seat is late depends on the other
four captains alone:

- ``late_share``: the share of seats that are late, over all-random games (each game counts its five seats);
- ``late_games``: the late games among ``--games`` of the strength bench's set-up (``cannonades_ai.py``: the hero's
  seat moving round the table, the same seeds for the same ``--seed``), played twice: by hard, and by a captain
  that sees every hand, every face-down ship and the pile and picks each move by flat Monte Carlo over the true
  position (``--playouts`` per move) with the random seats played as they are, uniformly at random. That captain is
  a generous stand-in for the best possible play in a late game;
- ``ceiling``: winning every game that is not late and the seeing captain's late rate (its interval's top end for
  ``ceiling_high``) in the late ones.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import RandomAgent, set_time_caps  # noqa: E402
from game.ai.arena import play_match, rate_interval  # noqa: E402
from game.ai.base import Agent, play_out  # noqa: E402
from game.core.rules import GameConfig, SeatConfig  # noqa: E402
from game.games.cannonades import SPEC  # noqa: E402
from game.games.cannonades.ai import PRUNED, make_agent, policy  # noqa: E402
from game.games.cannonades.rules import RULES, CannonadesRules  # noqa: E402
from tests.bench.cannonades_ai import Watched  # noqa: E402


class SeeingRules(CannonadesRules):
    """The rules with nothing hidden from one seat, ``seer``: the seeing captain's; the others observe as usual."""

    def __init__(self, seer: int):
        super().__init__()
        self.seer = seer

    def observe(self, state, seat):
        return state.copy() if seat == self.seer else super().observe(state, seat)


class NotLate(Exception):
    """The hero's first turn came before the standoff: the game is not one this bench replays."""


class LateOnly(Watched):
    """Plays ``agent`` in late games and stops any other game at the hero's first action."""

    def choose(self, ruleset, observation, seat, rng):
        action = super().choose(ruleset, observation, seat, rng)
        if self.first_turn_in_standoff is False:
            raise NotLate
        return action


class SeeingCaptain(Agent):
    """Flat Monte Carlo over the true position: each move is played out ``playouts`` times to the end, this seat
    by the heuristic captain filling its fleet first, the others uniformly at random; the best share of wins is
    kept."""

    def __init__(self, playouts: int):
        self.playouts = playouts

    def choose(self, ruleset, observation, seat, rng):
        actions = PRUNED.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]

        def step(rules, state, to_act, playout_rng):
            if to_act == seat:
                return policy(rules, state, to_act, playout_rng, fleet_first=True)
            return playout_rng.choice(rules.legal_actions(state))

        def worth(action) -> float:
            won = 0.0
            for _ in range(self.playouts):
                child = observation.copy()
                ruleset.apply(child, action)
                play_out(ruleset, child, random.Random(rng.random()), step)
                winners = ruleset.result(child).winners
                won += 1.0 / len(winners) if seat in winners else 0.0
            return won

        return max(actions, key=worth)


def share_won(record, seat) -> float:
    return 1.0 / len(record["winners"]) if seat in record["winners"] else 0.0


def late_share(games: int, seed: int, options) -> dict:
    """How many seats of all-random five-captain games had their first turn only in the standoff."""
    late = 0
    for i in range(games):
        config = GameConfig(seats=tuple(SeatConfig("ai") for _ in range(5)), options=options)
        agents = {seat: Watched(RandomAgent()) for seat in range(5)}
        play_match(RULES, config, seed * 100_000 + 70_000 + i, agents)
        late += sum(1 for agent in agents.values() if agent.first_turn_in_standoff)
    return {"games": games, "seats": 5 * games, "late": late, "share": round(late / (5 * games), 4)}


def late_games(games: int, seed: int, playouts: int, options) -> dict:
    """Hard and the seeing captain on the late games among the strength bench's five-captain games."""
    hard_won = seeing_won = 0.0
    played = 0
    for i in range(games):
        hero = i % 5
        config = GameConfig(seats=tuple(SeatConfig("ai") for _ in range(5)), options=options)
        agents = {seat: RandomAgent() for seat in range(5)}
        agents[hero] = LateOnly(make_agent("hard"))
        try:
            record = play_match(RULES, config, seed * 100_000 + i, agents)
        except NotLate:
            continue
        hard_won += share_won(record, hero)
        agents[hero] = SeeingCaptain(playouts)
        seeing_won += share_won(play_match(SeeingRules(hero), config, seed * 100_000 + i, agents), hero)
        played += 1
    return {"games": played,
            "hard": {"wins": hard_won, "rate": round(hard_won / max(1, played), 3),
                     "interval_95": rate_interval(hard_won, played)},
            "seeing": {"wins": seeing_won, "rate": round(seeing_won / max(1, played), 3),
                       "interval_95": rate_interval(seeing_won, played)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=5000)
    parser.add_argument("--games", type=int, default=400, help="five-captain games whose late ones are replayed")
    parser.add_argument("--playouts", type=int, default=100, help="the seeing captain's playouts per move")
    parser.add_argument("--seed", type=int, default=202)
    args = parser.parse_args()
    set_time_caps(False)
    options = SPEC.validate_options({})
    started, cpu = time.perf_counter(), time.process_time()
    share = late_share(args.random_games, args.seed, options)
    late = late_games(args.games, args.seed, args.playouts, options)
    p = share["share"]
    print(json.dumps({
        "game": "cannonades", "seed": args.seed, "playouts": args.playouts,
        "late_share": share, "late_games": late,
        "ceiling": round(1 - p + p * late["seeing"]["rate"], 3),
        "ceiling_high": round(1 - p + p * late["seeing"]["interval_95"][1], 3),
        "cpu_seconds": round(time.process_time() - cpu, 1), "wall_seconds": round(time.perf_counter() - started, 1),
    }))


if __name__ == "__main__":
    main()
