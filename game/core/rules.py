"""The Ruleset protocol every game implements, and the small shared types around it.

Games are pure rules engines: no pygame, no randomness of their own. Chance is a seat (``CHANCE``):
dice, draws and shuffles are explicit actions chosen by ``sample_chance`` with the controller's RNG,
so a game is fully described by its config plus its action log.

Actions are plain JSON-serialisable dicts with a ``"type"`` key, e.g.
``{"type": "build", "card": "ALOA", "line": "ALOA-BARI"}``. Two actions are the same when their
canonical keys (``action_key``) are equal.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

CHANCE = -1
"""The seat that resolves random steps (dice, draws, shuffles)."""

Action = dict
State = Any


class IllegalAction(ValueError):
    """Raised by ``apply`` for anything not legal; the message says why, for a person to read."""


def action_key(action: Action) -> str:
    """Canonical text of an action, for equality tests, dictionaries and logs."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def exactly_equal(a, b) -> bool:
    """Equal, and of the same types all the way down (a bool does not pass for 1, nor 1.0 for 1): what
    ``action_key`` tells, without writing either out as text."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(exactly_equal(value, b[key]) for key, value in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(map(exactly_equal, a, b))
    return a == b


class Event:
    """Something that happened, for the view to animate and the log to print.

    ``audience`` is None when every seat may see it, else the only seat that may see it
    (a card drawn from the pile shows its face to its drawer alone), or ``NOBODY`` when no seat
    may (what an option hides even from its owner); an onlooker who sees everything (a finished
    game's replay) always sees ``data``. ``public`` is what the others see instead (e.g. "a card
    was drawn"), or None when they see nothing.

    ``reveals`` is True when the event uncovers something the seat whose action caused it could
    not know before: a face-down card turned up, a card off the pile, the cards of another's hand.
    A player's own card played face up tells them nothing new and is not flagged.

    A plain slotted class rather than a dataclass: engines make one or more per action, and
    playouts make millions.
    """

    NOBODY = -2
    """The audience of data no seat may see."""

    __slots__ = ("kind", "data", "audience", "public", "reveals")

    def __init__(self, kind: str, data: dict | None = None, audience: int | None = None,
                 public: dict | None = None, reveals: bool = False):
        self.kind = kind
        self.data = {} if data is None else data
        self.audience = audience
        self.public = public
        self.reveals = reveals

    def __eq__(self, other) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.audience, self.public, self.reveals) == (
            other.kind, other.data, other.audience, other.public, other.reveals)

    __hash__ = None

    def __repr__(self) -> str:
        flag = ", reveals=True" if self.reveals else ""
        return f"Event({self.kind!r}, {self.data!r}, audience={self.audience!r}, public={self.public!r}{flag})"

    def seen_by(self, seat: int | None) -> dict | None:
        """The data this seat may see, or None when the event is hidden from it.

        ``seat`` None means an onlooker who may see everything (a finished game's replay).
        """
        if self.audience is None or seat is None or seat == self.audience:
            return self.data
        return self.public

    def tells_news(self, actor: int) -> bool:
        """True when this event, caused by ``actor``'s action, showed a seat something new, so that
        the action can never be taken back: it uncovered what the actor could not know, or it was
        shown to another seat alone. Only the actor watches their own actions (another seat's
        decision ends what they may take back), so the rest was nothing new to anyone watching."""
        return self.reveals or (self.audience is not None and self.audience >= 0 and self.audience != actor)


SEAT_KINDS = ("human", "ai", "remote")


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the table: a person at this screen (with a name), an AI of a level, or a person at
    another computer (``remote``: their decisions arrive over the network, their private things are never
    shown at this screen)."""

    kind: str = "human"  # "human" | "ai" | "remote"
    name: str = ""
    level: str = "normal"  # for AI seats: "easy" | "normal" | "hard"

    @property
    def is_human(self) -> bool:
        """A person at this screen (a remote person is not: nothing of theirs is shown or waited for here)."""
        return self.kind == "human"

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @classmethod
    def from_json(cls, data: dict) -> SeatConfig:
        kind = data.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}")
        level = data.get("level", "normal")
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"unknown AI level {level!r}")
        return cls(kind=kind, name=str(data.get("name", "")), level=level)


@dataclass(frozen=True)
class GameConfig:
    """What a game is started from: its seats and options (the seed lives with the controller)."""

    seats: tuple[SeatConfig, ...]
    options: dict = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict:
        return {"seats": [s.to_json() for s in self.seats], "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: dict) -> GameConfig:
        seats = tuple(SeatConfig.from_json(s) for s in data["seats"])
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("options must be a mapping")
        return cls(seats=seats, options=dict(options))


@dataclass(frozen=True)
class Result:
    """The end of a game: a score per seat and a rank per seat (0 = first; equal ranks share a place).

    ``details`` carries game-specific figures for the game-over screen (e.g. which tie-break decided).
    """

    scores: tuple
    ranks: tuple
    details: dict = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 0]

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "ranks": list(self.ranks), "details": self.details}


def ranks_from_keys(keys: list) -> tuple:
    """Ranks from comparable sort keys per seat (higher key is better; equal keys share a rank)."""
    return tuple(sum(1 for other in keys if other > key) for key in keys)


def methods_by_key(cls: type, attribute: str) -> dict:
    """The tables named ``attribute`` (key -> method name, or None to drop a key) of ``cls`` and of every
    class it derives from, merged so that the most derived class wins, with each name looked up on
    ``cls``: the per-class dispatch tables of ``Ruleset.handlers`` and of games that dispatch more."""
    names = {}
    for klass in reversed(cls.__mro__):
        names.update(klass.__dict__.get(attribute, {}))
    return {key: getattr(cls, name) for key, name in names.items() if name is not None}


class Ruleset:
    """Base of every rules engine. The protocol's design is written here, in the docstrings of the
    methods below (what each one takes, returns and guarantees), and each game's position notation in
    its own module's docstring; there is no separate design page to keep in step with them.

    A game subclasses this and implements the abstract methods; the defaults cover what most games
    share. Instances hold no state of a game: every method takes the state it works on, so one
    instance serves the controller, the AI workers and the tests at once.
    """

    game_id: str = ""

    handlers: dict = {}
    """How ``apply`` finds the method for an action: a dispatch key (an action type, or a (phase,
    type) pair) -> the name of the method that applies it, or None to drop an entry of a base class.
    Each class lists only its own entries: they extend and override those of every class it derives
    from (mixins included), and the names are looked up on the class actually used, so a variant's
    override of a handler is the one that runs."""
    _handler_functions: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._handler_functions = methods_by_key(cls, "handlers")

    def handler_for(self, key):
        """The function (called with ``self`` first) that applies actions of dispatch key ``key``, or
        None; resolved once per class."""
        return self._handler_functions.get(key)

    # -- the protocol -------------------------------------------------------------------------
    def new_game(self, config: GameConfig) -> State:
        """A fresh position; the first steps are usually CHANCE (the shuffle, the deal)."""
        raise NotImplementedError

    def num_players(self, state: State) -> int:
        """How many seats play in this game."""
        raise NotImplementedError

    def to_act(self, state: State) -> int | None:
        """The seat that decides now, CHANCE for a random step, None once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal decision of ``to_act(state)`` (at a CHANCE step: the possible outcomes)."""
        raise NotImplementedError

    def sample_chance(self, state: State, rng) -> Action:
        """At a CHANCE step, one outcome drawn with the right probabilities from ``rng``."""
        raise NotImplementedError

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]] | None:
        """The outcomes of a CHANCE step with their probabilities, where they are few; else None."""
        return None

    def apply(self, state: State, action: Action) -> list[Event]:
        """Change ``state`` in place by ``action``; raise IllegalAction with a clear reason."""
        raise NotImplementedError

    def observe(self, state: State, seat: int | None) -> State:
        """A copy of ``state`` with everything ``seat`` may not know masked (None: everything shown)."""
        raise NotImplementedError

    def determinize(self, observation: State, seat: int, rng) -> State:
        """A full state consistent with ``observation`` as ``seat`` knows it, for search."""
        raise NotImplementedError

    def result(self, state: State) -> Result | None:
        """None while the game runs; the scores and ranks (tie-breaks applied) once it is over."""
        raise NotImplementedError

    def to_json(self, state: State) -> dict:
        """The position notation documented in the game's module docstring."""
        raise NotImplementedError

    def from_json(self, data: dict) -> State:
        """The position back from its notation; raise ValueError when it is not a valid position."""
        raise NotImplementedError

    # -- shared defaults ----------------------------------------------------------------------
    def clone(self, state: State) -> State:
        """An independent copy for search; games override it with their state's ``copy()``, which its class
        declares slot by slot (``game.core.state_copy``) and which is far faster than deepcopy."""
        return copy.deepcopy(state)

    def is_legal(self, state: State, action: Action) -> bool:
        """Whether ``action`` is one of ``legal_actions(state)`` (compared by ``action_key``)."""
        key = action_key(action)
        return any(action_key(a) == key for a in self.legal_actions(state))

    def progress(self, state: State) -> tuple[str, dict]:
        """An i18n key and its arguments saying how far the game is (for the load screen)."""
        return ("progress.running", {})

    def scores(self, state: State) -> list:
        """The points each seat has now (for the table and statistics); final ones via ``result``."""
        res = self.result(state)
        return list(res.scores) if res else []
