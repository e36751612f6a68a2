"""The registry of games: one ``GameSpec`` per game, pygame-free.

Each game package exposes ``SPEC`` in its ``__init__``, which imports nothing of the game itself: the
ruleset, the computer players, the log texts and the view are named by dotted paths
(``"module:name"``) and imported on first use. The title, the new-game and the load screens read
the registry's names, player counts and options without loading any engine, and headless runs
never load pygame.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.rules import Event, Ruleset

GAME_PACKAGES = ("kahuna", "catan", "catan_2p", "catan_ck", "catan_ck_2p", "cannonades", "copenhagen")
"""The games on the table, in the order the new-game screen lists them."""

TYPICAL_MINUTES = {"kahuna": 30, "catan": 75, "catan_2p": 60, "catan_ck": 100, "catan_ck_2p": 90, "cannonades": 30,
                   "copenhagen": 30}
"""About how long a game of each takes at the table: what a newcomer asks before choosing one."""


@dataclass(frozen=True)
class PlayerStyle:
    """A player's colour, a lighter and darker shade, a symbol and an i18n key for its name."""

    colour: tuple
    light: tuple
    dark: tuple
    symbol: str
    name_key: str


@dataclass(frozen=True)
class OptionSpec:
    """A table option: ``kind`` is "bool", "choice" (one of ``choices``) or "int" (``low``..``high``).

    ``legacy`` is the value a game saved before the option existed was played with, where that is not
    the default (the option turned a rule of the time into a choice and the default changed).
    """

    key: str
    label_key: str
    default: object
    kind: str = "bool"
    choices: tuple = ()
    low: int = 0
    high: int = 0
    help_key: str = ""
    legacy: object = None

    def validate(self, value):
        """The value checked and normalised; ValueError naming the option and what it takes otherwise.

        Text (from the command line) is read as the option's kind; values from a file must already
        be of the right type (no number passes as on/off, no fraction as a whole number).
        """
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("1", "true", "on", "yes"):
                return True
            if isinstance(value, str) and value.lower() in ("0", "false", "off", "no"):
                return False
            raise ValueError(f"option {self.key} takes on or off, not {shown(value)}")
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice) == str(value) and not isinstance(value, bool | list | dict):
                    return choice
            raise ValueError(f"option {self.key} takes one of {', '.join(map(str, self.choices))}, not {shown(value)}")
        if self.kind == "int":
            whole = value
            if isinstance(value, str) and re.fullmatch(r"\s*[+-]?[0-9]{1,9}\s*", value):
                whole = int(value)
            if not isinstance(whole, int) or isinstance(whole, bool) or not self.low <= whole <= self.high:
                raise ValueError(f"option {self.key} takes a whole number from {self.low} to {self.high}, "
                                 f"not {shown(value)}")
            return whole
        raise ValueError(f"option {self.key} has an unknown kind {self.kind}")


def imported(path: str):
    """The object a ``"module:name"`` path names, its module imported if it is not yet."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


class Deferred:
    """A ``GameSpec`` field given as the object itself or as a ``"module:name"`` path to it, which is
    imported the first time the field is read (and kept)."""

    def __init__(self, default: Any = ...):
        self.default = default

    def __set_name__(self, owner, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, spec, owner=None):
        if spec is None:
            if self.default is ...:
                raise AttributeError(self.slot)  # the dataclass reads this as a field without default
            return self.default
        value = spec.__dict__[self.slot]
        if isinstance(value, str):
            value = imported(value)
            spec.__dict__[self.slot] = value
        return value

    def __set__(self, spec, value) -> None:
        spec.__dict__[self.slot] = value


def shown(value, limit: int = 40) -> str:
    """A value as an error message quotes it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, eq=False)
class GameSpec:
    """Everything the platform needs to know about a game.

    ``ruleset``, ``make_agent``, ``describe_event`` and ``statistics`` may be given as ``"module:name"``
    paths: they are imported when first read, so naming a game costs nothing of its engine.
    - ``make_agent(level)`` returns a picklable Agent for "easy", "normal" or "hard".
    - ``view`` is "module:Class" of the table view (a ``game.ui.table.TableView``), or None while
      the game has no table: it then plays only headless (``--autoplay``) and no screen offers it.
    - ``describe_event(event, tr)`` is one line for the game log (None to leave it out).
    - ``statistics(controller)`` is a list of ``(label_key, [value per seat])`` for the game-over screen.
    - ``rules_pages`` are i18n key prefixes: ``<prefix>.title`` and ``<prefix>.body``.
    - ``player_styles`` are the players' colours when the game's pieces have colours of their own
      (empty: the table's shared colours, ``game.ui.theme.PLAYER_STYLES``).
    """

    id: str
    name_key: str
    min_players: int
    max_players: int
    ruleset: Ruleset = Deferred()
    make_agent: Callable = Deferred()
    describe_event: Callable[[Event, Callable], str | None] = Deferred()
    view: str | None = None
    hidden_information: bool = True
    options: tuple[OptionSpec, ...] = ()
    rules_pages: tuple[str, ...] = ()
    statistics: Callable | None = Deferred(None)
    default_players: int = 0
    blurb_key: str = ""
    player_styles: tuple[PlayerStyle, ...] = ()

    def __repr__(self) -> str:
        return f"GameSpec({self.id!r})"  # reading every field would import the game

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def validate_options(self, given: dict) -> dict:
        """Defaults filled in and every given option checked; ValueError names the bad one."""
        known = {o.key: o for o in self.options}
        options = self.default_options()
        for key, value in given.items():
            if key not in known:
                raise ValueError(f"{self.id} has no option {shown(key)}")
            options[key] = known[key].validate(value)
        return options

    @property
    def has_table(self) -> bool:
        return self.view is not None

    def saved_options(self, given: dict) -> dict:
        """``validate_options`` for the config of a saved game: an option it does not name did not exist
        when it was saved, so the game keeps the rule it was played with (the option's ``legacy`` value)."""
        options = self.validate_options(given)
        for option in self.options:
            if option.key not in given and option.legacy is not None:
                options[option.key] = option.legacy
        return options

    def view_class(self):
        if self.view is None:
            raise ValueError(f"{self.id} has no table yet: play it headless with --autoplay")
        return imported(self.view)


def registry() -> dict[str, GameSpec]:
    """Every game, with a table or not (``tables()`` for the screens that open one)."""
    specs = {}
    for package in GAME_PACKAGES:
        module = importlib.import_module(f"game.games.{package}")
        specs[module.SPEC.id] = module.SPEC
    return specs


def tables() -> dict[str, GameSpec]:
    """The games that have a table to play them on."""
    return {game_id: spec for game_id, spec in registry().items() if spec.has_table}


def get_spec(game_id: str) -> GameSpec:
    specs = registry()
    if game_id not in specs:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(specs)})")
    return specs[game_id]
