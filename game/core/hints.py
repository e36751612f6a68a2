"""What a hint's move would bring about, for the words that explain it (pygame-free).

A hint says what it suggests and why. The why comes from the game (its text module's ``explain_hint``),
which reads it from the position its player may see, often from the events the move would bring about
there: ``consequences`` works them out on a copy of that observation, so nothing hidden can leak into
the words.
"""

from __future__ import annotations

from game.core.rules import Action, Event, Ruleset


def consequences(ruleset: Ruleset, observation, action: Action) -> list[Event] | None:
    """The events ``action`` brings about, played on a copy of what its player may see; None when that
    is not enough to tell (a hidden card would decide)."""
    try:
        return ruleset.apply(ruleset.clone(observation), action)
    except Exception:  # noqa: BLE001 - an observation may lack what the move needs: then nobody can tell
        return None


def events_of(events: list[Event] | None, kind: str) -> list[dict]:
    """The data of the events of ``kind`` among ``events`` (none when the consequences are unknown)."""
    return [event.data for event in events or () if event.kind == kind]
