"""The seats' count of each other's cards is part of the notation, so an observation written out and read
back (a remote seat's, a position from a bug report) counts on exactly where it left off."""

import json

import pytest

from game.games.catan.rules import RULES
from tests.support import config_for, random_state


@pytest.mark.parametrize("players", [3, 4])
def test_an_observation_keeps_its_count_through_the_notation(players):
    ruleset = RULES
    learned = 0
    for seed in range(4):
        state = random_state(ruleset, config_for(players), seed, 300 + 100 * seed)
        for seat in range(players):
            seen = ruleset.observe(state, seat)
            notation = json.loads(json.dumps(ruleset.to_json(seen)))
            back = ruleset.from_json(notation)
            assert ruleset.to_json(back) == notation
            count, read = ruleset.known_cards(seen), ruleset.known_cards(back)
            assert read.to_json() == count.to_json()
            assert all(key[0] == seat for key in read.private)  # only what this seat saw itself
            learned += sum(map(sum, count.public)) > 0
    assert learned  # the count knew something to keep


@pytest.mark.parametrize("change", [
    {"public": [[0] * 5]}, {"private": [[0, 9, [0] * 5]]}, {"totals": "x"}, {"offer": [0, 1, 2]},
    {"refusals": [[0, 1, 2, {}, "w"]]},
])
def test_a_bad_count_is_refused(change):
    state = random_state(RULES, config_for(3), 1, 200)
    notation = RULES.to_json(state)
    notation["counted"] = {**notation["counted"], **change}
    with pytest.raises(ValueError):
        RULES.from_json(notation)
