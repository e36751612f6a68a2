"""The registry of games: one ``GameSpec`` per game, pygame-free.

Each game package exposes ``SPEC`` in its ``__init__``; the view is named by a dotted path and
imported only when a table is opened, so headless runs never load pygame.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.rules import Event, Ruleset

GAME_PACKAGES = ("kahuna", "catan", "catan_2p", "cannonades", "copenhagen")
"""The games on the table, in the order the new-game screen lists them."""


@dataclass(frozen=True)
class OptionSpec:
    """A table option: ``kind`` is "bool", "choice" (one of ``choices``) or "int" (``low``..``high``)."""

    key: str
    label_key: str
    default: object
    kind: str = "bool"
    choices: tuple = ()
    low: int = 0
    high: int = 0
    help_key: str = ""

    def validate(self, value):
        """The value checked and normalised; ValueError with a reason when it does not fit."""
        if self.kind == "bool":
            if isinstance(value, str):
                if value.lower() in ("1", "true", "on", "yes"):
                    return True
                if value.lower() in ("0", "false", "off", "no"):
                    return False
                raise ValueError(f"option {self.key} takes on/off, not {value!r}")
            return bool(value)
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice) == str(value):
                    return choice
            raise ValueError(f"option {self.key} takes one of {', '.join(map(str, self.choices))}")
        if self.kind == "int":
            number = int(value)
            if not self.low <= number <= self.high:
                raise ValueError(f"option {self.key} takes {self.low}..{self.high}")
            return number
        raise ValueError(f"unknown option kind {self.kind}")


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform needs to know about a game.

    - ``make_agent(level)`` returns a picklable Agent for "easy", "normal" or "hard".
    - ``view`` is "module:Class" of the table view (a ``game.ui.table.TableView``).
    - ``describe_event(event, tr)`` is one line for the game log (None to leave it out).
    - ``statistics(controller)`` is a list of ``(label_key, [value per seat])`` for the game-over screen.
    - ``rules_pages`` are i18n key prefixes: ``<prefix>.title`` and ``<prefix>.body``.
    """

    id: str
    name_key: str
    min_players: int
    max_players: int
    ruleset: Ruleset
    make_agent: Callable
    view: str
    describe_event: Callable[[Event, Callable], str | None]
    hidden_information: bool = True
    options: tuple[OptionSpec, ...] = ()
    rules_pages: tuple[str, ...] = ()
    statistics: Callable | None = None
    default_players: int = 0
    blurb_key: str = ""
    extra: dict = field(default_factory=dict)

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def validate_options(self, given: dict) -> dict:
        """Defaults filled in and every given option checked; ValueError names the bad one."""
        known = {o.key: o for o in self.options}
        options = self.default_options()
        for key, value in given.items():
            if key not in known:
                raise ValueError(f"{self.id} has no option {key!r}")
            options[key] = known[key].validate(value)
        return options

    def view_class(self):
        module, _, name = self.view.partition(":")
        return getattr(importlib.import_module(module), name)


def registry() -> dict[str, GameSpec]:
    specs = {}
    for package in GAME_PACKAGES:
        module = importlib.import_module(f"game.games.{package}")
        specs[module.SPEC.id] = module.SPEC
    return specs


def get_spec(game_id: str) -> GameSpec:
    specs = registry()
    if game_id not in specs:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(specs)})")
    return specs[game_id]
