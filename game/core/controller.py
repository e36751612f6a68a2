"""The turn controller: the single authority over a running game.

It owns the state, the action log and the source of chance. A click or an AI's choice becomes a
candidate action; the controller checks it against ``legal_actions``, applies it, appends it to the
log and tells its listeners (the view, the autosave). Nothing else ever mutates a state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.rules import CHANCE, Action, Event, GameConfig, IllegalAction, Result, Ruleset, action_key


@dataclass
class LogEntry:
    """One applied action: who decided (a seat or CHANCE), what, and the events it caused."""

    seat: int
    action: Action
    events: list[Event] = field(default_factory=list)

    @property
    def settled(self) -> bool:
        """True when the action showed someone something new, so it can never be taken back."""
        return any(event.tells_news(self.seat) for event in self.events)


Listener = Callable[["Controller", "LogEntry | None"], None]
"""Called after every applied action, and with None after a rewind (undo, replay seek)."""


def chance_rng(seed: int, step: int) -> random.Random:
    """The RNG for the chance step at log index ``step``: reproducible and resumable after a load."""
    return random.Random(f"{seed}:{step}")


class Controller:
    """Runs one game: whose decision, validation, application, log, undo.

    ``start`` is a position in the game's notation to start from instead of a new game (``--load``
    of a position, tests); ``actions`` are replayed on top of it (loading a save).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        config: GameConfig,
        seed: int,
        start: dict | None = None,
        actions: list[Action] | None = None,
    ):
        self.ruleset = ruleset
        self.config = config
        self.seed = seed
        self.start = start
        self.listeners: list[Listener] = []
        self.state = self._initial_state()
        self.log: list[LogEntry] = []
        for action in actions or []:
            self._apply_checked(action)

    def _initial_state(self):
        if self.start is not None:
            return self.ruleset.from_json(self.start)
        return self.ruleset.new_game(self.config)

    # -- queries ------------------------------------------------------------------------------
    def to_act(self) -> int | None:
        return self.ruleset.to_act(self.state)

    def legal_actions(self) -> list[Action]:
        return self.ruleset.legal_actions(self.state)

    def result(self) -> Result | None:
        return self.ruleset.result(self.state)

    @property
    def over(self) -> bool:
        return self.to_act() is None

    def observe(self, seat: int | None):
        return self.ruleset.observe(self.state, seat)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat >= 0 and self.config.seats[seat].is_human

    # -- changes ------------------------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None) -> LogEntry:
        """Apply a decision of ``seat`` (default: whoever is to act) after checking it is legal."""
        actor = self.to_act()
        if actor is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != actor:
            raise IllegalAction("it is not this seat's turn to decide")
        return self._apply_checked(action)

    def resolve_chance(self) -> LogEntry:
        """Draw and apply the outcome of the pending CHANCE step."""
        if self.to_act() != CHANCE:
            raise IllegalAction("no random step is pending")
        action = self.ruleset.sample_chance(self.state, chance_rng(self.seed, len(self.log)))
        return self._apply_checked(action)

    def advance_chance(self) -> list[LogEntry]:
        """Resolve every pending CHANCE step in a row; returns the entries applied."""
        entries = []
        while self.to_act() == CHANCE:
            entries.append(self.resolve_chance())
        return entries

    def _apply_checked(self, action: Action) -> LogEntry:
        actor = self.to_act()
        if actor is None:
            raise IllegalAction("the game is over")
        if not self.ruleset.is_legal(self.state, action):
            # Let the engine say why in its own words; fall back to a generic reason.
            probe = self.ruleset.clone(self.state)
            self.ruleset.apply(probe, action)
            raise IllegalAction(f"not a legal action now: {action_key(action)}")
        events = self.ruleset.apply(self.state, action)
        entry = LogEntry(actor, action, list(events))
        self.log.append(entry)
        for listener in list(self.listeners):
            listener(self, entry)
        return entry

    # -- undo ---------------------------------------------------------------------------------
    def undo_floor(self, seat: int) -> int:
        """The log length below which ``seat`` cannot undo: after the last chance step, the last
        action of another seat and the last action of its own that revealed anything, since
        nothing revealed or decided by others can be taken back."""
        floor = len(self.log)
        while floor > 0 and self.log[floor - 1].seat == seat and not self.log[floor - 1].settled:
            floor -= 1
        return floor

    def can_undo(self, seat: int) -> bool:
        return seat is not None and seat >= 0 and self.undo_floor(seat) < len(self.log)

    def undo(self, seat: int) -> int:
        """Take back the last action of ``seat``; returns the new log length."""
        if not self.can_undo(seat):
            raise IllegalAction("nothing of yours can be taken back now")
        self.rewind(len(self.log) - 1)
        return len(self.log)

    def rewind(self, length: int) -> None:
        """Replay the log up to ``length`` entries (undo and the replay viewer use this)."""
        actions = [e.action for e in self.log[:length]]
        self.state = self._initial_state()
        self.log = []
        listeners, self.listeners = self.listeners, []
        try:
            for action in actions:
                self._apply_checked(action)
        finally:
            self.listeners = listeners
        for listener in list(self.listeners):
            listener(self, None)

    def actions(self) -> list[Action]:
        return [e.action for e in self.log]
