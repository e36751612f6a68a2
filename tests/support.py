"""Shared test machinery for every game: random and agent playouts with invariant checks."""

from __future__ import annotations

import json
import random

from game.ai import Budget
from game.core.rules import CHANCE, GameConfig, SeatConfig, action_key

# Whole games that check legality and flow, not strength, let hard search a few rounds per decision: the
# same code runs, at a fraction of its cost (a game of Catan for two with Cities & Knights between normal
# and hard takes some 50 s at hard's own budget, 10 s at this one).
FEW_ROUNDS = Budget(iterations=8)


def legality_agent(make_agent, level: str):
    """``make_agent(level)``, with hard's search cut to ``FEW_ROUNDS``."""
    return make_agent(level, FEW_ROUNDS) if level == "hard" else make_agent(level)


def config_for(players: int, options: dict | None = None, kind: str = "ai") -> GameConfig:
    seats = tuple(SeatConfig(kind=kind, name=f"P{i + 1}") for i in range(players))
    return GameConfig(seats=seats, options=dict(options or {}))


def random_state(ruleset, config: GameConfig, seed: int, steps: int):
    """The position ``steps`` actions into a game played at random from ``seed`` (sooner if it ends)."""
    state = ruleset.new_game(config)
    play_randomly(ruleset, state, random.Random(seed), steps)
    return state


def play_randomly(ruleset, state, rng: random.Random, steps: int, log: list | None = None) -> None:
    """Go on with ``state`` for ``steps`` uniformly random actions (fewer if the game ends), each
    appended to ``log`` when given."""
    for _ in range(steps):
        seat = ruleset.to_act(state)
        if seat is None:
            return
        action = ruleset.sample_chance(state, rng) if seat == CHANCE else rng.choice(ruleset.legal_actions(state))
        ruleset.apply(state, action)
        if log is not None:
            log.append(action)


def seat_decisions(controller, steps: int):
    """The seat that decides at each of the next ``steps`` steps of a controller's game (chance steps are
    resolved here and count as steps), until the game ends; the caller submits that seat's action."""
    for _ in range(steps):
        actor = controller.to_act()
        if actor is None:
            return
        if actor == CHANCE:
            controller.resolve_chance()
            continue
        yield actor


def play_checked(ruleset, config: GameConfig, seed: int, check=None, agents=None, roundtrip_every: int = 25,
                 max_steps: int = 20_000):
    """Play one game to the end from ``seed`` and return (final state, actions applied).

    After every action ``check(state)`` runs (the game's invariants); every ``roundtrip_every``
    actions the position notation must round-trip through JSON text and ``observe`` /
    ``determinize`` must give a state where the same seat has the same legal actions.
    ``agents`` maps seats to Agents; other seats play uniformly at random.
    """
    rng = random.Random(seed)
    state = ruleset.new_game(config)
    agents = agents or {}
    steps = 0
    while (seat := ruleset.to_act(state)) is not None:
        if seat == CHANCE:
            action = ruleset.sample_chance(state, rng)
        elif seat in agents:
            action = agents[seat].choose(ruleset, ruleset.observe(state, seat), seat, rng)
        else:
            action = rng.choice(ruleset.legal_actions(state))
        if seat != CHANCE:
            legal = {action_key(a) for a in ruleset.legal_actions(state)}
            assert action_key(action) in legal, f"agent chose an illegal action {action}"
        ruleset.apply(state, action)
        steps += 1
        if check:
            check(state)
        if roundtrip_every and steps % roundtrip_every == 0:
            data = json.loads(json.dumps(ruleset.to_json(state)))
            again = ruleset.from_json(data)
            assert ruleset.to_json(again) == data
            actor = ruleset.to_act(state)
            if actor is not None and actor != CHANCE:
                sample = ruleset.determinize(ruleset.observe(state, actor), actor, rng)
                assert sorted(map(action_key, ruleset.legal_actions(sample))) == sorted(
                    map(action_key, ruleset.legal_actions(state))
                )
        assert steps < max_steps, "game did not end"
    assert ruleset.result(state) is not None
    return state, steps


def assert_round_trips(ruleset, state) -> None:
    """``state`` read back from its notation (through JSON text) writes the same notation and offers the
    same choices."""
    data = json.loads(json.dumps(ruleset.to_json(state)))
    again = ruleset.from_json(data)
    assert ruleset.to_json(again) == data
    assert sorted(map(action_key, ruleset.legal_actions(again))) == sorted(map(action_key,
                                                                             ruleset.legal_actions(state)))
