"""Positions for Catan-for-two tests, set up through the position notation."""

from __future__ import annotations

import random

from game.games.catan import board
from game.games.catan.two_player import NEUTRAL_STARTS
from game.games.catan_2p.ai import make_agent
from game.games.catan_2p.rules import RULES
from tests.catan.helpers import edge_between, hand
from tests.support import config_for

V = board.VERTEX_ID
E = board.EDGE_ID
RES = board.RESOURCES
N1, N2 = 2, 3
"""The neutral colours' numbers."""
STARTS = [(NEUTRAL_STARTS[0], N1, "settlement"), (NEUTRAL_STARTS[1], N2, "settlement")]
"""The neutral starting settlements, as notation buildings."""
HOME = [(28, 0, "settlement"), (41, 1, "settlement")]
"""A settlement for each player, well away from the neutral starts (corners 13 and 40)."""
HOME_ROADS = [(edge_between(28, 33), 0), (edge_between(41, 36), 1)]
"""A road from each home settlement."""


def new_game(**options):
    return RULES.new_game(config_for(2, options))


def desert_on_the_coast() -> dict:
    """The beginner island with the desert swapped onto the top-left coastal hex (0,-2)."""
    layout = board.beginner_layout().to_json()
    top, centre = board.HEX_ID[(0, -2)], board.HEX_ID[(0, 0)]
    for key in ("terrain", "numbers"):
        layout[key][top], layout[key][centre] = layout[key][centre], layout[key][top]
    return layout


SETTLEMENT_EARNINGS = [
    ((28, 34, 29), None, "desert", 2),
    ((28, 33, 38), None, "coast", 1),
    ((28, 22, 16, 11, 7), desert_on_the_coast(), "desert_coast", 3),
    ((28, 22, 17), None, None, 0),
]
"""(corners a road runs along from the home settlement to the new one, the layout or None for the beginner
island, the reason the tokens are earned, how many): one case per kind of spot."""


def position(buildings=(), roads=(), hands=None, devs=None, played=None, phase: str = "main", current: int = 0,
             neutral_starts: bool = True, layout=None, **extra):
    """A two-player position on the beginner island (or ``layout``) with exactly the given pieces.

    ``buildings`` are (vertex, colour, "settlement"|"city"), ``roads`` (edge, colour), colours 2 and 3
    being the neutral ones (their starting settlements are added unless ``neutral_starts`` is false);
    ``hands``, ``devs`` and ``played`` map seat -> {name: count}. Both rolls of the turn are made in
    the main phase, none before; ``extra`` overrides any notation field.
    """
    data = RULES.to_json(new_game(layout="beginner"))
    rolled = phase not in ("pre_roll", "roll")
    data.update(phase=phase, current=current, first=0, turn=1, setup_index=4, rolled=rolled,
                rolls=2 if rolled else 0, first_total=6 if rolled else None)
    if layout is not None:
        data["layout"] = layout
        data["robber"] = layout["terrain"].index("desert")
    data["buildings"] = [list(b) for b in (STARTS if neutral_starts else [])] + [list(b) for b in buildings]
    data["roads"] = [list(r) for r in roads]
    hands = hands or {}
    data["hands"] = [hand(**hands.get(p, {})) for p in range(2)]
    data["hand_counts"] = [sum(h.values()) for h in data["hands"]]
    data["bank"] = {r: board.PER_RESOURCE - sum(h[r] for h in data["hands"]) for r in RES}
    devs, played = devs or {}, played or {}
    data["devs"] = [{c: devs.get(p, {}).get(c, 0) for c in board.DEV_CARDS} for p in range(2)]
    data["dev_counts"] = [sum(d.values()) for d in data["devs"]]
    data["played"] = [{c: played.get(p, {}).get(c, 0) for c in board.DEV_CARDS} for p in range(2)]
    data["deck"] = {c: board.DEV_DECK[i] - sum(d[c] for d in data["devs"]) - sum(d[c] for d in data["played"])
                    for i, c in enumerate(board.DEV_CARDS)}
    data["deck_count"] = sum(data["deck"].values())
    data.update(extra)
    return RULES.from_json(data)


def act(state, **action):
    return RULES.apply(state, action)


def kinds(actions) -> set:
    return {a["type"] for a in actions}


def neutral_spots(state) -> set:
    """(type, colour, edge or vertex) of every neutral placement offered now."""
    return {(a["type"], a["colour"], a.get("edge", a.get("vertex"))) for a in RULES.legal_actions(state)}


def roads_along(*corners, colour: int = 0) -> list:
    """Roads of ``colour`` from corner to corner, in order, as notation roads."""
    return [(edge_between(a, b), colour) for a, b in zip(corners, corners[1:], strict=False)]


def choose(state, level: str = "normal", seed: int = 0):
    """The move the computer player of ``level`` makes for the seat to act."""
    seat = RULES.to_act(state)
    return make_agent(level).choose(RULES, RULES.observe(state, seat), seat, random.Random(seed))
