"""Writing and reading the Catan family's position notation: counts by name, seats.

Every variant writes its hands, bank and trade as ``{name: count}`` objects over its card kinds and
seats as numbers or null; reading checks them with ``game.core.notation`` (whose checks every game
shares) and refuses anything else with a ValueError that says what is wrong.
"""

from __future__ import annotations

from game.core import notation as checks

MOST = 999
"""A bound on any count of cards or pieces in a position (the game's own checks are tighter)."""


def counts_json(counts, names) -> dict:
    """The non-zero counts by name."""
    return {name: counts[i] for i, name in enumerate(names) if counts[i]}


def full_counts_json(counts, names) -> dict:
    """Every count by name, zeros included."""
    return {name: counts[i] for i, name in enumerate(names)}


def sides_json(sides, names) -> dict:
    return {"give": counts_json(sides[0], names), "want": counts_json(sides[1], names)}


def read_counts(data, names, what: str) -> list[int]:
    """Counts by name, any of ``names`` (a missing one counts 0), as a list in the order of ``names``.

    Counts as the engine lists them are read at once; anything else is checked name by name, which
    says what is wrong."""
    if type(data) is dict and all(key in names for key in data):
        counts = [data.get(name, 0) for name in names]
        if all(type(c) is int and 0 <= c <= MOST for c in counts):
            return counts
    return checks.counts(data, names, what, MOST, every=False)


def read_seat(value, players: int, what: str) -> int:
    """A seat number, or -1 for null (the family's lists mark "nobody" with -1)."""
    found = checks.seat(value, players, what, optional=True)
    return -1 if found is None else found
