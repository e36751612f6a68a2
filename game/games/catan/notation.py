"""Reading and writing the Catan family's position notation: counts by name, seats, numbers.

Every variant writes its hands, bank and trade as ``{name: count}`` objects over its card kinds,
seats as numbers or null, and refuses anything else with a ValueError that says what is wrong.
"""

from __future__ import annotations


def counts_json(counts, names) -> dict:
    """The non-zero counts by name."""
    return {name: counts[i] for i, name in enumerate(names) if counts[i]}


def full_counts_json(counts, names) -> dict:
    """Every count by name, zeros included."""
    return {name: counts[i] for i, name in enumerate(names)}


def sides_json(sides, names) -> dict:
    return {"give": counts_json(sides[0], names), "want": counts_json(sides[1], names)}


def read_counts(data, names, what: str) -> list[int]:
    if not isinstance(data, dict) or any(k not in names for k in data):
        raise ValueError(f"{what} must map {', '.join(names)} to counts")
    values = [data.get(name, 0) for name in names]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise ValueError(f"{what} holds a count that is not a whole number")
    return values


def read_int(value, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}")
    return value


def read_seat(value, players: int, what: str) -> int:
    """A seat number, or -1 for null."""
    if value is None:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"{what} must be a seat or null")
    return value


def read_bool(value, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false")
    return value
