"""No event tells a seat more than its observation, unless it says it reveals something.

The log is written from events as each seat may see them (``Event.seen_by``). An event that shows a
seat what its observation hides would leak through the log however carefully the table is drawn.
For every action of easy-AI games of every game in the registry, each seat's knowledge before the
action is determinized again; where the same action leaves that seat with the same observation,
it must be told the same events, or the event that differs must be flagged ``reveals``.
"""

import random

import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, IllegalAction, SeatConfig
from game.games import get_spec, registry
from tests.scenes.privacy import arrangements, knows, told

GAMES = sorted(registry())


def oversharing(spec, players: int, options: dict, seed: int, length: int) -> list[str]:
    """Events of a game of ``length`` log entries that tell a seat more than it may know."""
    ruleset = spec.ruleset
    config = GameConfig(tuple(SeatConfig("ai", f"P{i + 1}", "easy") for i in range(players)),
                        spec.validate_options(options))
    controller = Controller(ruleset, config, seed)
    agent = spec.make_agent("easy")
    rng = random.Random(seed)
    found = []
    while not controller.over and len(controller.log) < length:
        before = ruleset.clone(controller.state)
        actor = controller.to_act()
        if actor == CHANCE:
            entry = controller.resolve_chance()
        else:
            observation = controller.observe(actor)
            entry = controller.submit(agent.choose(ruleset, observation, actor, random.Random(rng.random())))
        plain = [event for event in entry.events if not event.reveals]
        for seat in range(players):
            observation = ruleset.observe(before, seat)
            after, heard = knows(ruleset, controller.state, seat), told(plain, seat)
            world = ruleset.determinize(observation, seat, rng)
            try:
                events = ruleset.apply(world, entry.action)
            except IllegalAction:
                continue  # the action tells this seat about the hidden part itself
            if knows(ruleset, world, seat) == after and told([e for e in events if not e.reveals], seat) != heard:
                found.append(f"{spec.id}: {entry.action} (seat {entry.seat}) tells seat {seat} what it may not "
                             f"know: {[(e.kind, e.seen_by(seat)) for e in plain]}")
                break
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_event_tells_a_seat_more_than_it_may_know(game_id):
    spec = get_spec(game_id)
    found = []
    for _, seats, options in arrangements(spec):
        found += oversharing(spec, len(seats), options, seed=5, length=250)
    assert not found, "\n".join(found[:5])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_no_event_of_whole_games_tells_a_seat_more_than_it_may_know(game_id):
    spec = get_spec(game_id)
    found = []
    for seed in range(3):
        for _, seats, options in arrangements(spec):
            found += oversharing(spec, len(seats), options, seed=200 + seed, length=100_000)
    assert not found, "\n".join(found[:5])
