"""Positions for Kahuna tests, set up through the position notation, and the invariants."""

from __future__ import annotations

from game.games.kahuna.board import BRIDGES_PER_PLAYER, ISLAND_COUNT, ISLAND_LINES, ISLANDS, LINE_ENDS, THRESHOLD
from game.games.kahuna.rules import HAND_LIMIT, RULES
from tests.support import config_for


def position(bridges=None, hands=((), ()), display=("FAAA", "GOLA", "JOJO"), turn=0, **extra):
    """A round-1 position with exactly these bridges ({line: seat}), hands and display; the pile holds
    every other card (or, when ``pile`` is given, the face-up discards do). ``extra`` overrides
    notation fields (options, round, pile, discards...)."""
    data = {"bridges": dict(bridges or {}), "hands": [list(h) for h in hands], "display": list(display),
            "turn": turn, **extra}
    if "pile" in extra and "discards" not in extra:
        placed = [*data["hands"][0], *data["hands"][1], *data["display"], *extra["pile"],
                  *[card for cards in extra.get("hidden_discards", ()) for card in cards]]
        data["discards"] = [name for name in ISLANDS for _ in range(2 - placed.count(name))]
    return RULES.from_json(data)


def new_game(**options):
    return RULES.new_game(config_for(2, options))


def apply_all(state, *actions):
    events = []
    for action in actions:
        events += RULES.apply(state, action)
    return events


def kinds(events) -> list[str]:
    return [event.kind for event in events]


def build(card, line):
    return {"type": "build", "card": card, "line": line}


def remove(first, second, line):
    return {"type": "remove", "cards": [first, second], "line": line}


def check_invariants(state) -> None:
    """Every card exactly once, supplies within limits, stones matching the majorities."""
    for island in range(ISLAND_COUNT):
        total = (state.hands[0][island] + state.hands[1][island] + state.display.count(island) + state.pile[island]
                 + state.discards.count(island) + state.hidden[0][island] + state.hidden[1][island])
        assert total == 2, f"island {island} has {total} cards"
    assert state.pile_size == sum(state.pile)
    for seat in (0, 1):
        assert state.hand_sizes[seat] == sum(state.hands[seat]) <= HAND_LIMIT
        assert state.hidden_sizes[seat] == sum(state.hidden[seat])
        assert all(k <= h for k, h in zip(state.known[seat], state.hands[seat], strict=True))
        mine = [line for line, owner in enumerate(state.bridges) if owner == seat]
        assert state.placed[seat] == len(mine) <= BRIDGES_PER_PLAYER
        for island in range(ISLAND_COUNT):
            touching = sum(1 for line in mine if island in LINE_ENDS[line])
            assert state.owned[seat][island] == sum(1 << ISLAND_LINES[island].index(line)
                                                    for line in mine if island in LINE_ENDS[line])
            assert state.counts[seat][island] == touching
            assert (state.stones[island] == seat) == (touching >= THRESHOLD[island]), "stone without majority"
    assert len(state.display) <= 3
    assert state.stones.count(0) + state.stones.count(1) <= ISLAND_COUNT
