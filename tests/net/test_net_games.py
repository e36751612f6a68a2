"""Each game played to its end with every seat remote, each played by an AI client that decides on what
it receives, ends exactly as the same game played on one controller from the same seed and decisions."""

from __future__ import annotations

import pytest

from game.ai.base import RandomAgent
from game.core.rules import action_key
from tests.net.helpers import AIClient, Wire, get_spec, local_game, play_remote, remote_config

SLOW = pytest.mark.slow
TABLES = [
    pytest.param("kahuna", "random", id="kahuna"),
    pytest.param("catan", "easy", id="catan", marks=SLOW),
    pytest.param("catan_2p", "easy", id="catan_2p", marks=SLOW),
    pytest.param("catan_ck", "easy", id="catan_ck", marks=SLOW),
    pytest.param("catan_ck_2p", "easy", id="catan_ck_2p", marks=SLOW),
    pytest.param("cannonades", "random", id="cannonades", marks=SLOW),
    pytest.param("copenhagen", "random", id="copenhagen", marks=SLOW),
]


def agent_of(spec, level: str):
    return RandomAgent() if level == "random" else spec.make_agent(level)


@pytest.mark.parametrize("game_id, level", TABLES)
def test_a_remote_game_ends_as_the_same_game_on_one_controller(game_id, level):
    spec = get_spec(game_id)
    seed = 4242
    config = remote_config(spec, spec.max_players)
    wire = Wire(spec, config, seed)
    clients = []
    for seat in range(spec.max_players):
        _, table = wire.join()
        assert table.seats == [seat]
        clients.append(AIClient(table, agent_of(spec, level), 100 + seat))
    play_remote(wire, clients)

    reference = local_game(spec, config, seed, lambda seat: (agent_of(spec, level), 100 + seat))
    assert [action_key(a) for a in wire.controller.actions()] == [action_key(a) for a in reference.actions()]
    assert wire.host.result() == reference.result()
    for client in clients:
        table = client.table
        assert table.over and table.result() == reference.result()
        # the finished game's whole log reached every client
        assert [action_key(e.action) for e in table.log] == [action_key(a) for a in reference.actions()]
        assert spec.ruleset.to_json(table.state) == spec.ruleset.to_json(reference.state)
