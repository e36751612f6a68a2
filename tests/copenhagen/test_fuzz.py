"""Whole games, random and with AI seats, with every invariant checked after every action."""

import pytest

from game.games.copenhagen.ai import make_agent
from game.games.copenhagen.rules import RULES
from tests.copenhagen.invariants import check
from tests.support import config_for, play_checked

RANDOM_GAMES = 270  # in chunks, every player count
AI_GAMES = 36


@pytest.mark.parametrize("chunk", range(9))
def test_random_games_keep_the_invariants(chunk):
    per_chunk = RANDOM_GAMES // 9
    for index in range(per_chunk):
        seed = chunk * per_chunk + index
        players = 2 + seed % 3
        state, steps = play_checked(RULES, config_for(players), seed, check)
        assert state.end in ("twelve", "mermaid") and steps > 20


@pytest.mark.parametrize("chunk", range(6))
def test_ai_games_keep_the_invariants(chunk):
    per_chunk = AI_GAMES // 6
    for index in range(per_chunk):
        seed = 10_000 + chunk * per_chunk + index
        players = 2 + seed % 3
        levels = ("easy", "normal", "easy", "normal")
        agents = {seat: make_agent(levels[(seat + seed) % 4]) for seat in range(players - 1)}
        state, _ = play_checked(RULES, config_for(players), seed, check, agents=agents)
        assert state.end in ("twelve", "mermaid")
