"""How a game declares its action and event kinds, in one place per game (``game/games/<game>/kinds.py``, which
holds ``ACTIONS`` and ``EVENTS``: kind -> declaration).

The declarations are what the engine, the log and the table agree on, and tests hold every game to them: each
action the engine offers and each event it emits is of a declared kind with the declared fields; each action
kind a player decides has a method in the ruleset's ``handlers``; each event kind has a log line in every
language unless declared ``logged=False``, and an animation in the table's animation table unless declared
``animated=False``. So a kind added without its log line or its animation fails a test instead of passing
silently.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActionKind:
    """An action's fields besides ``type`` (``fields`` always given, ``optional`` sometimes), and whether it is a
    chance outcome (applied at a CHANCE step, by the engine's own bookkeeping rather than ``handlers``)."""

    fields: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    chance: bool = False


@dataclass(frozen=True)
class EventKind:
    """An event's fields (``fields`` always in its data, ``optional`` sometimes), the fields of what the other
    seats see instead when it is shown to one seat alone (``public``), whether the log prints a line for it and
    whether the table animates it."""

    fields: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    public: tuple[str, ...] = ()
    logged: bool = True
    animated: bool = True


def action(fields: str = "", optional: str = "", chance: bool = False) -> ActionKind:
    """An action kind with its fields as words: ``action("card line")``."""
    return ActionKind(tuple(fields.split()), tuple(optional.split()), chance)


def event(fields: str = "", optional: str = "", public: str = "", logged: bool = True,
          animated: bool = True) -> EventKind:
    """An event kind with its fields as words: ``event("seat line", animated=False)``."""
    return EventKind(tuple(fields.split()), tuple(optional.split()), tuple(public.split()), logged, animated)
