"""Positions for Catan tests, set up through the position notation."""

from __future__ import annotations

import json
from pathlib import Path

from game.games.catan import board
from game.games.catan.rules import RULES
from tests.support import config_for

RES = board.RESOURCES
POSITIONS = Path(__file__).parent / "positions"


def position_file(name: str) -> dict:
    """A position kept in ``positions`` beside these tests, as the JSON its ruleset reads."""
    return json.loads((POSITIONS / f"{name}.json").read_text())


def beginner_game(players: int = 4, **options):
    """The beginner island with its starting positions, seat 0 about to roll its first turn."""
    state = RULES.new_game(config_for(players, {"layout": "beginner", **options}))
    RULES.apply(state, {"type": "first_player", "seat": 0})
    return state


def hand(**counts) -> dict:
    return {r: counts.get(r, 0) for r in RES}


def position(players: int = 4, buildings=(), roads=(), hands=None, devs=None, played=None, phase: str = "main",
             current: int = 0, rolled: bool = True, options=None, **extra):
    """A position on the beginner island with exactly the given pieces and cards.

    ``buildings`` are (vertex, seat, "settlement"|"city"), ``roads`` (edge, seat); ``hands`` and
    ``devs`` and ``played`` map seat -> {name: count}. The bank and the deck hold the rest; ``extra``
    overrides notation fields.
    """
    data = RULES.to_json(RULES.new_game(config_for(players, {"layout": "beginner", **(options or {})})))
    data.update(phase=phase, current=current, first=0, turn=1, setup_index=2 * players, rolled=rolled)
    data["buildings"] = [list(b) for b in buildings]
    data["roads"] = [list(r) for r in roads]
    hands = hands or {}
    data["hands"] = [hand(**hands.get(p, {})) for p in range(players)]
    data["hand_counts"] = [sum(h.values()) for h in data["hands"]]
    data["bank"] = {r: board.PER_RESOURCE - sum(h[r] for h in data["hands"]) for r in RES}
    devs = devs or {}
    data["devs"] = [{c: devs.get(p, {}).get(c, 0) for c in board.DEV_CARDS} for p in range(players)]
    data["dev_counts"] = [sum(d.values()) for d in data["devs"]]
    played = played or {}
    data["played"] = [{c: played.get(p, {}).get(c, 0) for c in board.DEV_CARDS} for p in range(players)]
    data["deck"] = {c: board.DEV_DECK[i] - sum(d[c] for d in data["devs"]) - sum(d[c] for d in data["played"])
                    for i, c in enumerate(board.DEV_CARDS)}
    data["deck_count"] = sum(data["deck"].values())
    data.update(extra)
    return RULES.from_json(data)


def path_edges(start: int, length: int, avoid=()) -> list[int]:
    """A simple path of ``length`` edges from vertex ``start`` (no vertex visited twice)."""
    def walk(v, seen, edges):
        if len(edges) == length:
            return edges
        for e in board.VERTEX_EDGES[v]:
            w = board.EDGE_OTHER_END[e][v]
            if w not in seen and e not in avoid:
                found = walk(w, seen | {w}, edges + [e])
                if found:
                    return found
        return None

    return walk(start, {start}, [])


def edge_between(a: int, b: int) -> int:
    return next(e for e in board.VERTEX_EDGES[a] if b in board.EDGE_VERTICES[e])


def vertices_of_path(start: int, edges) -> list[int]:
    vertices = [start]
    for e in edges:
        vertices.append(board.EDGE_OTHER_END[e][vertices[-1]])
    return vertices


def act(state, **action):
    return RULES.apply(state, action)


def reference_road_length(edge_owner, vertex_owner, seat: int) -> int:
    """The reference's plain edge-based search from every corner (slow, obviously right)."""
    best = 0
    own = [e for e in range(board.NUM_EDGES) if edge_owner[e] == seat]

    def dfs(v, used, n):
        nonlocal best
        best = max(best, n)
        if n > 0 and vertex_owner[v] >= 0 and vertex_owner[v] != seat:
            return
        for e in board.VERTEX_EDGES[v]:
            if edge_owner[e] == seat and not used >> e & 1:
                dfs(board.EDGE_OTHER_END[e][v], used | 1 << e, n + 1)

    for v in sorted({v for e in own for v in board.EDGE_VERTICES[e]}):
        dfs(v, 0, 0)
    return best
