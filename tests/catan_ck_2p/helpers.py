"""Positions for tests of Catan for two with Cities & Knights, set up through the position notation
(Cities & Knights' helpers with this game's ruleset and the neutral starting settlements), and the
invariants every position keeps."""

from __future__ import annotations

from functools import partial

from game.games.catan import board
from game.games.catan.two_player import NEUTRAL_COLOURS, TOKEN_TOTAL
from game.games.catan_ck_2p.rules import NEUTRAL_KNIGHT_LIMITS, RULES
from tests.catan.helpers import edge_between
from tests.catan_2p.helpers import N1, N2, STARTS
from tests.catan_2p.test_fuzz import connected_to_start
from tests.catan_ck import helpers as ck

__all__ = ["N1", "N2", "RULES", "act", "check", "edge_between", "is_legal", "legal", "position", "refused",
           "resolve_chance", "roads_along"]

act = partial(ck.act, rules=RULES)
refused = partial(ck.refused, rules=RULES)
legal = partial(ck.legal, rules=RULES)
is_legal = partial(ck.is_legal, rules=RULES)
resolve_chance = partial(ck.resolve_chance, rules=RULES)


def position(buildings=(), roads=(), phase: str = "main", neutral_starts: bool = True, rolls: int | None = None,
             **given):
    """A two-player position on the beginner island with exactly the given pieces and cards (see
    ``tests.catan_ck.helpers.position``); colours 2 and 3 are the neutral ones, whose starting
    settlements are added unless ``neutral_starts`` is false. Both rolls are made in the main phase,
    none before (``rolls`` says otherwise, e.g. 1 for the second roll about to be thrown)."""
    if rolls is None:
        rolls = 0 if phase in ("pre_roll", "roll") else 2
    given.setdefault("rolled", rolls > 0)
    given.setdefault("rolls", rolls)
    given.setdefault("first_total", 6 if rolls else None)
    starts = list(STARTS) if neutral_starts else []
    return ck.position(2, buildings=starts + list(buildings), roads=roads, phase=phase, rules=RULES, **given)


def roads_along(*corners, seat=0):
    """The roads of ``seat`` along a path of corners."""
    return [(edge_between(a, b), seat) for a, b in zip(corners, corners[1:], strict=False)]


def check(state):
    """Cities & Knights' invariants for every colour, the neutral colours' limits (no cities, 15 roads,
    5 settlements, 2 basic and 2 strong knights, never active, on their own roads) and the 20 tokens."""
    ck.check(state, RULES)
    assert min(state.tokens) >= 0 and state.token_supply >= 0
    assert sum(state.tokens) + state.token_supply == TOKEN_TOTAL
    if state.layout is None or state.first < 0:
        return
    for colour in NEUTRAL_COLOURS:
        roads, settlements, cities = state.pieces[colour]
        assert cities == 0 and roads <= 15 and 1 <= settlements <= 5
        assert all(have <= most for have, most in zip(state.knight_pieces[colour], NEUTRAL_KNIGHT_LIMITS,
                                                      strict=True))
        assert connected_to_start(state, colour), "a neutral road off its network"
        for v in range(board.NUM_VERTICES):
            if state.knight_owner[v] == colour:
                assert not state.knight_active[v], "a neutral knight is never active"
                roads = board.VERTEX_EDGES[v]
                assert any(state.edge_owner[e] == colour for e in roads), "a neutral knight off its road"
    assert bool(state.neutral_due) == (state.phase == "neutral") or state.phase == "over"
    assert (state.forced is not None) == (state.phase in ("forced_draw", "forced_give")) or state.phase == "over"
    if state.phase == "main":
        assert state.rolls == 2 and sum(state.dice) != state.first_total
