"""Whole games, random and with AI seats, with every invariant checked after every action."""

import pytest

from game.games.copenhagen.ai import make_agent
from game.games.copenhagen.rules import RULES
from tests.copenhagen.invariants import check
from tests.support import config_for, play_checked

pytestmark = pytest.mark.slow

RANDOM_GAMES, RANDOM_CHUNKS = 270, 9  # in chunks, every player count
AI_GAMES, AI_CHUNKS = 36, 6
AI_SEEDS = 10_000


def chunk_seeds(kind: str, chunk: int) -> list[int]:
    """The seeds one chunk of the random or AI games plays (the player count follows from the seed)."""
    games, chunks, base = (RANDOM_GAMES, RANDOM_CHUNKS, 0) if kind == "random" else (AI_GAMES, AI_CHUNKS, AI_SEEDS)
    per_chunk = games // chunks
    return [base + chunk * per_chunk + index for index in range(per_chunk)]


def players_of(seed: int) -> int:
    return 2 + seed % 3


def options_of(seed: int) -> dict:
    """The seed's deck in most games, BGA's in every fourth (every player count meets both)."""
    return {"bga_deck": seed % 4 == 3}


def test_the_fuzz_plays_at_least_300_games_of_every_player_count():
    played = {kind: [seed for chunk in range(chunks) for seed in chunk_seeds(kind, chunk)]
              for kind, chunks in (("random", RANDOM_CHUNKS), ("ai", AI_CHUNKS))}
    assert len(set(played["random"]) | set(played["ai"])) == len(played["random"]) + len(played["ai"]) >= 300
    for seeds in played.values():
        assert {(players_of(seed), options_of(seed)["bga_deck"]) for seed in seeds} == {
            (players, bga) for players in (2, 3, 4) for bga in (False, True)}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(RANDOM_CHUNKS))
def test_random_games_keep_the_invariants(chunk):
    for seed in chunk_seeds("random", chunk):
        state, steps = play_checked(RULES, config_for(players_of(seed), options_of(seed)), seed, check)
        assert state.end in ("twelve", "mermaid") and steps > 20


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(AI_CHUNKS))
def test_ai_games_keep_the_invariants(chunk):
    for seed in chunk_seeds("ai", chunk):
        players = players_of(seed)
        levels = ("easy", "normal", "easy", "normal")
        agents = {seat: make_agent(levels[(seat + seed) % 4]) for seat in range(players - 1)}
        state, _ = play_checked(RULES, config_for(players, options_of(seed)), seed, check, agents=agents)
        assert state.end in ("twelve", "mermaid")
