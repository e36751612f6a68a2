"""The base of every game's table view, and what it may ask of the scene hosting it.

A view draws a game from one seat's observation and turns clicks into candidate actions; it never
changes a state itself. The host (the play scene or the replay viewer) owns the controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.core.rules import Action, Event
from game.ui import theme

if TYPE_CHECKING:  # pragma: no cover
    from game.core.controller import Controller, LogEntry
    from game.games import GameSpec

BOARD_AREA = pygame.Rect(0, 0, 1300, 900)
"""The part of the logical screen a view may use; the host's side panel is to its right."""


class TableHost:
    """What a view may ask of the scene that hosts it (the play scene and the replay viewer)."""

    spec: GameSpec
    controller: Controller
    interactive: bool

    @property
    def viewer(self) -> int | None:
        """The seat whose private things are shown (None: an onlooker who sees everything)."""
        raise NotImplementedError

    def submit(self, action: Action) -> bool:
        """Send a person's action to the controller; False (with a message shown) if refused."""
        raise NotImplementedError

    def can_act(self) -> bool:
        """True when a person at the screen decides now and may click."""
        raise NotImplementedError

    def player_name(self, seat: int) -> str:
        raise NotImplementedError

    def say(self, text: str) -> None:
        """Show a short message to the person at the screen (why a click did nothing)."""

    def colour_blind(self) -> bool:
        """True when pieces should carry their player's symbol as well as their colour."""
        return bool(self.app.settings.colour_blind)


class TableView:
    """Draws one game. Subclasses implement ``draw`` and input; the rest has sensible defaults."""

    def __init__(self, host: TableHost):
        self.host = host
        self.area = BOARD_AREA.copy()
        self._observed: tuple | None = None

    # -- what to draw -------------------------------------------------------------------------
    @property
    def controller(self) -> Controller:
        return self.host.controller

    @property
    def ruleset(self):
        return self.host.spec.ruleset

    @property
    def viewer(self) -> int | None:
        return self.host.viewer

    def observation(self):
        """The state as the viewer may see it, recomputed only after a change."""
        key = (len(self.controller.log), self.viewer, id(self.controller.state))
        if self._observed is None or self._observed[0] != key:
            self._observed = (key, self.ruleset.observe(self.controller.state, self.viewer))
        return self._observed[1]

    def legal_actions(self) -> list[Action]:
        """The actions the person at the screen may take now (empty when it is not their turn)."""
        if not self.host.can_act():
            return []
        return self.controller.legal_actions()

    def seat_style(self, seat: int) -> theme.PlayerStyle:
        return theme.player_style(seat, self.host.spec.id)

    # -- changes ------------------------------------------------------------------------------
    def on_entry(self, entry: LogEntry, events: list[Event]) -> None:
        """An action was applied; ``events`` are those the viewer may see (already filtered)."""

    def on_reset(self) -> None:
        """The state was rewound (undo, replay seek): drop animations and redraw from the state."""
        self._observed = None

    def show_hint(self, action: Action) -> None:
        """Highlight a suggested action for the person at the screen."""

    def quick_chance(self) -> bool:
        """True while chance steps need no pause to be followed (a board being laid out tile by tile)."""
        return False

    def chance_status(self) -> str:
        """What the side panel says while chance decides (dice rolling, cards shuffled...)."""
        return tr("play.status.chance")

    def busy(self) -> bool:
        """True while animations play (the host waits before the next AI move)."""
        return False

    def skip_animations(self) -> None:
        """Jump every running animation to its end."""

    # -- loop ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def tooltip(self) -> str | None:
        return None

    def log_icon(self, event: Event) -> pygame.Surface | None:
        """A small picture (about 20 px) for the game log's line of ``event``, or None."""
        return None

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game-over screen's own part for this game (a histogram, a breakdown of points), in ``rect``."""

    def status(self) -> str:
        """One line telling the person at the screen what to do now (the view shows it by its controls)."""
        return ""
