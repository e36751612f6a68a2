"""No event tells a seat more than its observation, unless it says it reveals something.

The log is written from events as each seat may see them (``Event.seen_by``). An event that shows a
seat what its observation hides would leak through the log however carefully the table is drawn.
For every action of easy-AI games of every game in the registry, each seat's knowledge before the
action is determinized again; where the same action leaves that seat with the same observation,
it must be told the same events, or the event that differs must be flagged ``reveals``.
"""

import random

import pytest

from game.core.rules import IllegalAction
from game.games import get_spec, registry
from tests.scenes.privacy import ai_game, arrangements, knows, told

GAMES = sorted(registry())


def oversharing(spec, players: int, options: dict, seed: int, length: int) -> list[str]:
    """Events of a game of ``length`` log entries that tell a seat more than it may know."""
    ruleset = spec.ruleset
    rng = random.Random(seed)
    found = []
    for controller, before, entry in ai_game(spec, players, options, seed, length):
        plain = [event for event in entry.events if not event.reveals]
        for seat in range(players):
            after, heard = knows(ruleset, controller.state, seat), told(plain, seat)
            world = ruleset.determinize(ruleset.observe(before, seat), seat, rng)
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
