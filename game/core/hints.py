"""What a hint's move would bring about, for the words that explain it (pygame-free).

A hint says what it suggests and why. The why comes from the game (its text module's ``explain_hint``),
which reads it from the position its player may see, often from the events the move would bring about
there: ``consequences`` works them out on a copy of that observation, so nothing hidden can leak into
the words.
"""

from __future__ import annotations

import random

from game.core.rules import Action, Event, Ruleset


def outcome(ruleset: Ruleset, observation, action: Action, seat: int | None = None) -> tuple | None:
    """The position after ``action`` and the events it brings about, played on a copy of what its player
    may see; None when that is not enough to tell (a hidden card would decide).

    A game that plays on no position with hidden cards is played, given the ``seat`` whose observation it
    is, on one fixed guess of them from that observation alone: read only what the guess cannot change
    (the board, the seat's own hand), never the others' cards."""
    try:
        after = ruleset.clone(observation)
        if seat is not None:
            after = ruleset.determinize(after, seat, random.Random(0))
        return after, ruleset.apply(after, action)
    except Exception:  # noqa: BLE001 - an observation may lack what the move needs: then nobody can tell
        return None


def consequences(ruleset: Ruleset, observation, action: Action) -> list[Event] | None:
    """The events ``action`` brings about on a copy of what its player may see (see ``outcome``)."""
    played = outcome(ruleset, observation, action)
    return None if played is None else played[1]


def events_of(events: list[Event] | None, kind: str) -> list[dict]:
    """The data of the events of ``kind`` among ``events`` (none when the consequences are unknown)."""
    return [event.data for event in events or () if event.kind == kind]
