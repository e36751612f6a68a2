"""Reading a game's position notation: shape checks that refuse a bad position with a clear ``ValueError``.

A position comes from a hand-written file, a bug report or a save, so ``from_json`` trusts nothing in it.
The checks here are the same for every game: a whole number in a range, a seat, one of some names, true
or false, a list of a given length, counts per name. Each error names the field and says what it must be.
``Fields`` reads one JSON object field by field (a missing field takes its default, or is named as
missing). A game writes by hand only its own invariants (a stone needs its majority, the cards add up to
the deck). ``read_position`` makes sure a malformed position never raises anything but a ValueError.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

REQUIRED: Any = object()
"""The default of a field that must be given."""


def whole(value, what: str, low: int, high: int, optional: bool = False) -> int | None:
    """A whole number in ``low..high`` (None allowed when ``optional``)."""
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        nothing = " or null" if optional else ""
        raise ValueError(f"{what} must be a whole number in {low}..{high}{nothing}, not {_shown(value)}")
    return value


def wholes(value, what: str, count: int, low: int, high: int) -> list[int]:
    """A list of exactly ``count`` whole numbers in ``low..high``."""
    if not isinstance(value, list) or len(value) != count or not all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value):
        raise ValueError(f"{what} must be a list of {count} whole numbers in {low}..{high}, not {_shown(value)}")
    return list(value)


def flag(value, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {_shown(value)}")
    return value


def one_of(value, choices, what: str):
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(map(_shown, choices))}, not {_shown(value)}")
    return value


def seat(value, players: int, what: str, optional: bool = False) -> int | None:
    """A seat number of a game of ``players`` (None allowed when ``optional``)."""
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        seats = "seat 0 or 1" if players == 2 else f"a seat number 0..{players - 1}"
        raise ValueError(f"{what} must be {seats}{' or null' if optional else ''}, not {_shown(value)}")
    return value


def seats(value, players: int, what: str) -> list[int]:
    """A list of seat numbers."""
    return [seat(s, players, what) for s in items(value, what)]


def mapping(value, what: str, shape: str = "") -> dict:
    """A JSON object; ``shape`` shows what it maps ("{line: seat}") in the error."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object{' ' + shape if shape else ''}, not {_shown(value)}")
    return value


def items(value, what: str, count: int | None = None, most: int | None = None) -> list:
    """A list, of exactly ``count`` items or of at most ``most``."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {_shown(value)}")
    if count is not None and len(value) != count:
        raise ValueError(f"{what} must hold {count} entries, not {len(value)}")
    if most is not None and len(value) > most:
        raise ValueError(f"{what} holds at most {most} entries, not {len(value)}")
    return value


def name(value, index: Mapping[str, int], what: str, noun: str) -> int:
    """The index of a name (``index`` maps names to indices); ``noun`` says what a name is ("an island")."""
    if not isinstance(value, str) or value not in index:
        raise ValueError(f"{what}: {_shown(value)} is not {noun}")
    return index[value]


def names(value, index: Mapping[str, int], what: str, noun: str) -> list[int]:
    """A list of names, as their indices, in order."""
    return [name(v, index, what, noun) for v in items(value, what)]


def tally(value, index: Mapping[str, int], what: str, noun: str) -> list[int]:
    """A list of names, counted: how many times each index appears."""
    counted = [0] * (max(index.values(), default=-1) + 1)
    for number in names(value, index, what, noun):
        counted[number] += 1
    return counted


def counts(value, names_in_order, what: str, high: int, every: bool = True) -> list[int]:
    """An object of counts by name (``{"red": 2, ...}``), as a list in the order of ``names_in_order``.

    ``every``: each name must be there; otherwise the missing ones count 0.
    """
    given = mapping(value, what)
    known = set(names_in_order)
    if not set(given) <= known or (every and set(given) != known):
        listed = ", ".join(names_in_order)
        raise ValueError(f"{what} must map {'each of' if every else 'some of'} {listed} to a count")
    return [whole(given.get(n, 0), f"{what} {n}", 0, high) for n in names_in_order]


class Fields:
    """One JSON object of a position, read field by field.

    Each getter takes the field's ``default`` when it is missing (or refuses it as missing when no
    default is given) and checks it as the function of the same name does, naming the field.
    """

    def __init__(self, data, what: str = "a position"):
        self.data = mapping(data, what)

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, default=REQUIRED):
        if key in self.data:
            return self.data[key]
        if default is REQUIRED:
            raise ValueError(f"{key} is missing")
        return default

    def whole(self, key: str, low: int, high: int, optional: bool = False, default=REQUIRED) -> int | None:
        return whole(self.get(key, default), key, low, high, optional)

    def wholes(self, key: str, count: int, low: int, high: int, default=REQUIRED) -> list[int]:
        return wholes(self.get(key, default), key, count, low, high)

    def flag(self, key: str, default=REQUIRED) -> bool:
        return flag(self.get(key, default), key)

    def one_of(self, key: str, choices, default=REQUIRED):
        return one_of(self.get(key, default), choices, key)

    def seat(self, key: str, players: int, optional: bool = False, default=REQUIRED) -> int | None:
        return seat(self.get(key, default), players, key, optional)

    def seats(self, key: str, players: int, default=REQUIRED) -> list[int]:
        return seats(self.get(key, default), players, key)

    def mapping(self, key: str, shape: str = "", default=REQUIRED) -> dict:
        return mapping(self.get(key, default), key, shape)

    def fields(self, key: str, default=REQUIRED) -> Fields:
        """A field that is itself an object, to read field by field."""
        return Fields(self.get(key, default), key)

    def items(self, key: str, count: int | None = None, most: int | None = None, default=REQUIRED) -> list:
        return items(self.get(key, default), key, count, most)

    def names(self, key: str, index: Mapping[str, int], noun: str, default=REQUIRED) -> list[int]:
        return names(self.get(key, default), index, key, noun)

    def counts(self, key: str, names_in_order, high: int, every: bool = True, default=REQUIRED) -> list[int]:
        return counts(self.get(key, default), names_in_order, key, high, every)


def read_position(parse: Callable[[Any], Any], data, game: str):
    """``parse(data)``, refusing a malformed position with a ValueError whatever went wrong in it.

    The checks above catch what is expected; this catches a shape that slips past them into a game's
    own checks (an index out of range, a field of the wrong kind deep in a list), so ``from_json``
    has one way to fail.
    """
    try:
        return parse(data)
    except ValueError:
        raise
    except (TypeError, KeyError, AttributeError, IndexError, OverflowError, RecursionError) as error:
        raise ValueError(f"not a {game} position: {error!r}") from None


def _shown(value) -> str:
    """A value as the error quotes it, cut short when long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
