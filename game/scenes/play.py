"""The play scene: a game's table, its side panel (log, undo, hint, menu) and the turn flow.

It drives the controller: resolves chance steps, asks AI seats in the worker and paces their moves,
lets the person at the screen act through the view, hands the screen over between people in
hot-seat games, autosaves through the controller's listener, and opens the game-over screen.

A table hosted on another computer is drawn the same way from its mirror (``game.net.client.RemoteTable``)
in the controller's place: the host resolves chance and plays the AI seats there, so this scene only
lets its people act, hands off between them, and says why the host refused a request.
"""

from __future__ import annotations

import math
import time

import pygame

from game.ai.arena import decision_seed
from game.core import i18n
from game.core.controller import Controller, LogEntry
from game.core.logs import log
from game.core.rules import CHANCE, Event, IllegalAction, action_key
from game.core.saves import Autosave
from game.core.seats import AIWorker, human_seats, needs_handoff, screen_owner, seat_label
from game.games import get_spec
from game.scenes.base import Scene
from game.ui import redraw, theme
from game.ui.draw import panel, player_token
from game.ui.fonts import render_paragraph, render_text
from game.ui.table import BOARD_AREA, TableHost, naming_tr
from game.ui.widgets import Button, ScrollList

SIDE = pygame.Rect(BOARD_AREA.right, 0, 1600 - BOARD_AREA.right, 900)
CHANCE_DELAY = 0.15


def visible_events(entry: LogEntry, viewer: int | None) -> list[Event]:
    """The events of an entry as ``viewer`` may see them (hidden ones dropped or made public)."""
    shown = []
    for event in entry.events:
        data = event.seen_by(viewer)
        if data is not None:
            shown.append(event if data is event.data else Event(event.kind, data))
    return shown


TURN_EVENT = "turn"
SEPARATOR_DASHES = "—―- "
"""The dashes around a turn line (English and Japanese), drawn as the separator's rule instead."""
"""The event that starts a player's turn: its log line is a separator in that player's colour."""


def line_seat(entry: LogEntry, event: Event) -> int:
    """Whose token a log line carries: the acting seat, but for a new turn the player whose turn begins
    (the event comes with the last action of the player before)."""
    seat = event.data.get("seat") if event.kind == TURN_EVENT else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else entry.seat


def log_lines(spec, controller: Controller, viewer: int | None, start: int = 0,
              placed=None) -> list[tuple[int, str, Event]]:
    """(seat, text, event) lines of the game log from entry ``start`` on, as ``viewer`` may read them;
    ``placed`` (a table's ``placed_event``) adds to an event where on the board it happened."""
    named = naming_tr(lambda seat: seat_name(controller, seat), controller.config.players)
    lines = []
    for entry in controller.log[start:]:
        for event in visible_events(entry, viewer):
            if placed is not None:
                event = placed(event, named)
            text = spec.describe_event(event, named)
            if text:
                lines.append((line_seat(entry, event), text, event))
    return lines


def seat_name(controller: Controller, seat: int) -> str:
    return seat_label(controller.config.seats[seat], seat)


class LogPanel:
    """The game log in the side panel, newest at the bottom, scrollable.

    Each line starts with the acting seat's token (colour and symbol) and, where the table gives one
    (``icon_for``, the view's ``log_icon``), a small picture of what happened: dice, a resource, a piece.
    A new turn is a separator across the panel in the colour of the player whose turn begins.
    """

    ROW = 26
    ICON = 20

    def __init__(self, rect: pygame.Rect, game_id: str | None = None, icon_for=None):
        # Whole rows only: scrolled to the newest line, the oldest shown is never cut through.
        height = rect.height // self.ROW * self.ROW
        rect = pygame.Rect(rect.x, rect.bottom - height, rect.width, height)
        self.rect = rect
        self.game_id = game_id
        self.icon_for = icon_for
        self.lines: list[tuple[int, str, Event]] = []
        self.rows: list[tuple[int, str, pygame.Surface | None, bool]] = []
        self.row_events: list[Event] = []
        """The event each row tells of (a wrapped line's rows share it)."""
        self.indent = 26
        self.icons: dict[int, pygame.Surface | None] = {}
        """Each line's icon by its place in ``lines``, made once."""
        self.wrapped: dict[tuple[str, int], list[str]] = {}
        """Each text's wrapped rows at a width, measured once: a new line must not re-measure the whole log."""
        self.list = ScrollList(rect, lambda: len(self.rows), self.ROW, self.draw_row)

    def set_lines(self, lines: list[tuple[int, str, Event]]) -> None:
        self.lines = list(lines)
        self.icons = {}
        self.wrapped = {}
        self._wrap()

    def add(self, lines: list[tuple[int, str, Event]]) -> None:
        at_bottom = self.list.offset >= self.list.max_offset() - 2
        self.lines.extend(lines)
        self._wrap()
        if at_bottom:
            self.list.offset = self.list.max_offset()

    def _wrap(self) -> None:
        from game.ui.fonts import font, wrap_lines

        face = font(18)
        first = max(0, len(self.lines) - 400)
        shown = self.lines[first:]
        icons = [self._icon(first + i, event) for i, (_, _, event) in enumerate(shown)]
        self.indent = 26 + (self.ICON + 4 if any(icons) else 0)
        width = self.rect.width - self.indent - 14
        if len(self.wrapped) > 4000:
            self.wrapped = {}
        self.rows = []
        self.row_events = []
        for (seat, text, event), icon in zip(shown, icons, strict=True):
            turn = event.kind == TURN_EVENT and seat >= 0
            if turn:
                text = text.strip(SEPARATOR_DASHES)  # the separator's rule stands for its dashes
            parts = self.wrapped.get((text, width))
            if parts is None:
                parts = self.wrapped[text, width] = wrap_lines(text, face, width)
            for i, part in enumerate(parts):
                self.rows.append((seat if i == 0 else -2, part, icon if i == 0 else None, turn))
                self.row_events.append(event)
        self.list.offset = self.list.max_offset()

    def _icon(self, index: int, event: Event) -> pygame.Surface | None:
        if index not in self.icons:
            self.icons[index] = self.icon_for(event) if self.icon_for else None
        return self.icons[index]

    def hovered_event(self) -> Event | None:
        """The event of the line under the mouse, or None."""
        index = self.list.hover_index
        return self.row_events[index] if index is not None and index < len(self.row_events) else None

    def draw_row(self, surface, rect, index, hovered, selected):
        seat, text, icon, turn = self.rows[index]
        if turn and seat >= 0:
            self.draw_separator(surface, rect, seat, text)
            return
        if self.list.hover_index is not None and self.row_events[index] is self.hovered_event():
            pygame.draw.rect(surface, theme.PAPER_DARK, rect, border_radius=4)
        if seat >= 0:
            player_token(surface, (rect.x + 12, rect.centery), 9, seat, self.game_id)
        elif seat == CHANCE:
            glyph = render_text("◇", 14, theme.INK_SOFT)
            surface.blit(glyph, glyph.get_rect(center=(rect.x + 12, rect.centery)))
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=(rect.x + 26 + self.ICON // 2, rect.centery)))
        image = render_text(text, 18, theme.INK)
        surface.blit(image, (rect.x + self.indent, rect.centery - image.get_height() // 2))

    def draw_separator(self, surface, rect, seat: int, text: str) -> None:
        """A new turn: a rule in the player's colour across the panel, their token and the line on it."""
        style = theme.player_style(seat, self.game_id)
        rule = theme.mix(style.colour, style.dark, 0.35)
        pygame.draw.line(surface, rule, (rect.x + 4, rect.centery), (rect.right - 10, rect.centery), 3)
        image = render_text(text, 18, theme.INK, bold=True)
        plate = pygame.Rect(0, 0, image.get_width() + 44, rect.height - 2)
        plate.midleft = (rect.x + 2, rect.centery)
        plate.width = min(plate.width, rect.width - 12)
        pygame.draw.rect(surface, theme.PAPER, plate)
        player_token(surface, (plate.x + 12, rect.centery), 9, seat, self.game_id)
        surface.blit(image, (plate.x + 28, rect.centery - image.get_height() // 2))


class PlayScene(Scene, TableHost):
    """One game at the table."""

    hosted = None
    """The table this window hosts for friends elsewhere (``game.scenes.lobby.HostedTable``), or None."""

    def __init__(self, app, spec, controller: Controller, save_path=None, worker_mode: str = "process", link=None):
        self.spec = spec
        self.controller = controller
        self.interactive = True
        self.worker = AIWorker(get_spec, worker_mode)
        self.pending = None  # (future, log length when asked)
        self.hint_job = None
        self.hint_said: tuple[str, float, int] | None = None
        """The words of the hint shown: (text, when, log length it was for)."""
        self.clock = 0.0
        """Seconds the scene has run (its frames' time): what pacing is measured in."""
        self.last_change = 0.0
        self.settled_at: float | None = 0.0
        """When the table last came to rest (its animations done); None while they play."""
        self.thinking_since: float | None = None
        self.shown: int | None = screen_owner(controller.config, spec.hidden_information, None, None)
        """Whose private things are on screen: known from the start at a table of one person (nothing is
        built for nobody in particular), decided on entering at a hot-seat one."""
        self.handoff_due = False
        self.game_over_shown = False
        self.message: tuple[str, float] | None = None
        self.autosave = Autosave(save_path, spec.id) if save_path else None
        self.told_save_error: str | None = None
        self.view = None
        self.local = isinstance(controller, Controller)
        """True when the game runs here; False for a mirror of a table hosted elsewhere."""
        self.link = link
        """A mirror's connection to its host (``game.net.headless.RemoteLink``), pumped every frame."""
        self.link_status = link.status if link is not None else None
        super().__init__(app)
        self.view = spec.view_class()(self)
        controller.listeners.append(self.on_change)
        if self.autosave:
            controller.listeners.append(self.autosave)
        self.refresh_log()

    def on_enter(self) -> None:
        # Decided once the scene is on the stack, so a hand-off screen asked for now lands above it
        # (a scene built for ``reset_to`` would otherwise lose it and wait for a hand-off forever),
        # and before the first frame, so nothing is ever drawn for nobody in particular.
        if self.local and self.hot_seat() and self.shown is None and not self.person_acted():
            self.controller.advance_chance()  # the deal: nobody has the screen to watch it yet
        self.settle_owner()

    def hot_seat(self) -> bool:
        """True when several people share the screen in a game with hidden information."""
        return self.spec.hidden_information and len(human_seats(self.controller.config)) >= 2

    def person_acted(self) -> bool:
        return any(self.controller.is_human(entry.seat) for entry in self.controller.log)

    def first_owner(self) -> int:
        """Whose screen a hot-seat table opens on while no person decides: the last person who acted
        (a resumed game), else the first person at the table."""
        for entry in reversed(self.controller.log):
            if self.controller.is_human(entry.seat):
                return entry.seat
        return human_seats(self.controller.config)[0]

    # -- TableHost ----------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.shown

    def can_act(self) -> bool:
        actor = self.controller.to_act()
        return (
            actor is not None
            and actor != CHANCE
            and self.controller.is_human(actor)
            and actor == self.shown_or_single(actor)
            and not self.handoff_due
        )

    def shown_or_single(self, actor: int) -> int | None:
        """The seat whose screen it is; with no one private on screen, the actor themself."""
        return self.shown if self.shown is not None else actor

    def submit(self, action) -> bool:
        if not self.can_act():
            self.say(self.view.wait_reason())
            return False
        try:
            self.controller.submit(action)
        except IllegalAction as error:
            self.say(i18n.tr("play.illegal", reason=str(error)))
            self.app.audio.play("error")
            return False
        return True

    def player_name(self, seat: int) -> str:
        return seat_name(self.controller, seat)

    def held_text(self) -> str | None:
        if self.link is None or self.link.table.started:
            return None
        from game.ui.connection import waiting_for_start_text

        return waiting_for_start_text(self.link.table)

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        x = SIDE.x + 16
        w = SIDE.width - 32
        third = (w - 16) // 3
        self.menu_button = Button((x, 16, third, 44), lambda: i18n.tr("play.menu"), self.open_menu,
                                  tooltip=lambda: i18n.tr("play.menu.tip"))
        self.undo_button = Button((x + third + 8, 16, third, 44), lambda: i18n.tr("play.undo"), self.undo,
                                  enabled_fn=self.can_undo, reason=lambda: i18n.tr("play.undo.reason"),
                                  tooltip=lambda: i18n.tr("play.undo.tip"))
        self.hint_button = Button((x + 2 * (third + 8), 16, third, 44), lambda: i18n.tr("play.hint"), self.hint,
                                  enabled_fn=self.can_hint, reason=lambda: i18n.tr("play.hint.reason"),
                                  tooltip=lambda: i18n.tr("play.hint.tip"))
        self.log_panel = LogPanel(pygame.Rect(x, 250, w, 900 - 250 - 16), self.spec.id, self.log_icon)
        self.widgets = [self.menu_button, self.undo_button, self.hint_button, self.log_panel.list]
        self.build_network()
        if self.view is not None:
            self.refresh_log()

    def refresh_log(self) -> None:
        """The whole log as the screen's person may read it; nothing while nobody has the screen yet."""
        private = self.hot_seat() and self.shown is None
        self.log_panel.set_lines([] if private else log_lines(self.spec, self.controller, self.viewer,
                                                              placed=self.view.placed_event))
        self.chat_shown = 0

    # -- turn flow ----------------------------------------------------------------------------
    def on_change(self, controller: Controller, entry: LogEntry | None) -> None:
        self.last_change = self.clock
        redraw.stir()
        self.hint_job = None
        if self.hot_seat() and self.shown is None:
            return  # nobody has the screen yet: the first person's screen starts from the state
        if entry is None:
            self.view.on_reset()
            self.refresh_log()
            return
        events = visible_events(entry, self.viewer)
        self.view.on_entry(entry, events)
        self.log_panel.add(log_lines(self.spec, controller, self.viewer, len(controller.log) - 1,
                                     placed=self.view.placed_event))

    def settle_owner(self) -> None:
        """Decide whose screen it is; a change between people in hot-seat asks for a hand-off."""
        actor = self.controller.to_act()
        owner = screen_owner(self.controller.config, self.spec.hidden_information, actor, self.shown)
        if owner is None and self.hot_seat():
            owner = self.first_owner()
        if owner == self.shown:
            return
        if needs_handoff(self.controller.config, self.spec.hidden_information, self.shown, owner):
            if not self.handoff_due:
                from game.scenes.handoff import HandoffScene

                self.handoff_due = True
                self.app.push(HandoffScene(self.app, self, owner))
            return
        self.set_owner(owner)

    def set_owner(self, owner: int | None) -> None:
        self.shown = owner
        self.handoff_due = False
        self.view.on_reset()
        self.refresh_log()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.follow_link()
        self.follow_network()
        self.view.log_focus = self.log_panel.hovered_event()
        self.view.update(dt)
        if self.message and time.perf_counter() > self.message[1]:
            self.message = None
        self.tell_save_error()
        self.tell_refusals()
        self.poll_hint()
        if self.view.busy() or self.handoff_due:
            self.settled_at = None
            return
        if self.settled_at is None:
            self.settled_at = self.clock
        actor = self.controller.to_act()
        if actor is None:
            self.finish()
            return
        if actor == CHANCE:
            pause = 0.0 if self.view.quick_chance() else CHANCE_DELAY / max(0.1, self.app.settings.animation_speed)
            if self.local and self.still() >= pause:
                self.controller.resolve_chance()
            return
        self.settle_owner()
        if self.handoff_due or not self.plays_here(actor):
            self.thinking_since = None
            return
        self.drive_ai(actor, time.perf_counter())

    def plays_here(self, seat: int) -> bool:
        """True when this scene's AI worker decides for ``seat``: an AI seat of a game run here (a remote
        person's decisions, and every decision of a mirrored table, arrive over the network)."""
        return self.local and (self.controller.config.seats[seat].kind == "ai" or self.computer_plays_for(seat))

    def needs_frames(self) -> bool:
        """True while the table goes on here without the person: an animation, chance or a computer player
        of this table to act (its thinking is shown), a hint on its way. What arrives over the network wakes
        the loop itself."""
        actor = self.controller.to_act()
        here = actor is not None and ((actor == CHANCE and self.local) or (actor >= 0 and self.plays_here(actor)))
        return here or self.view.busy() or self.hint_job is not None

    def wake_at(self) -> float | None:
        """When the message or the hint shown runs out (their frame takes them away)."""
        ends = [self.message[1]] if self.message else []
        if self.hint_said is not None:
            ends.append(self.hint_said[1] + self.view.hint_seconds)
        view_end = self.view.wake_at()
        if self.networked() and self.away_since:  # the time waited for someone away counts on, second by second
            ends.append(redraw.clock() + 1 - (self.clock % 1))
        return min(ends + ([view_end] if view_end is not None else []), default=None)

    def still(self) -> float:
        """Seconds the table has stood still: since the last change, and since its animations ended."""
        return self.clock - max(self.last_change, self.settled_at if self.settled_at is not None else self.clock)

    def drive_ai(self, actor: int, now: float) -> None:
        """Ask the worker for an AI's move, and make it once the table has stood still for the AI pace
        (the settings' ``ai_delay``): each move is seen to its end and then given a moment."""
        if self.pending is None or self.pending[1] != len(self.controller.log):
            seed = decision_seed(self.controller.seed, len(self.controller.log))
            level = self.controller.config.seats[actor].level
            observation = self.controller.observe(actor)
            self.pending = (self.worker.start(self.spec.id, level, observation, actor, seed), len(self.controller.log))
            self.thinking_since = now
            return
        future = self.pending[0]
        if not future.done() or self.still() < self.app.settings.ai_delay:
            return
        self.pending = None
        self.thinking_since = None
        try:
            action = future.result()
            self.controller.submit(action, actor)
        except Exception:  # noqa: BLE001 - a failed worker must not stop the game
            log.exception("the AI of seat %s in %s failed; it plays its first legal move", actor, self.spec.id)
            legal = self.controller.legal_actions()
            self.controller.submit(legal[0], actor)

    def follow_link(self) -> None:
        """Hand the mirror what its host sent and send what it has to say (never waiting); say when the link
        is lost, refused or gone."""
        if self.link is None:
            return
        self.link.pump()
        if self.link.status != self.link_status:
            self.link_status = self.link.status
            if self.link_status in ("lost", "refused", "gone"):
                self.say(i18n.tr(f"net.status.{self.link_status}", reason=self.link.reason), 6.0)

    def tell_refusals(self) -> None:
        """Why the host of a mirrored table refused a request, said as a refused click is."""
        if self.local:
            return
        for _, reason in self.controller.take_notices():
            self.say(i18n.tr("play.illegal", reason=reason))
            self.app.audio.play("error")

    def tell_save_error(self) -> None:
        """A failed autosave is said once (until saving works again): the player may want to act."""
        error = self.autosave.last_error if self.autosave else None
        if error and error != self.told_save_error:
            self.say(i18n.tr("play.autosave_failed", detail=error), 6.0)
        self.told_save_error = error

    def log_icon(self, event: Event):
        return self.view.log_icon(event) if self.view is not None else None

    def finish(self) -> None:
        if self.game_over_shown:
            return
        self.game_over_shown = True
        from game.scenes.game_over import GameOverScene

        self.app.push(GameOverScene(self.app, self))

    # -- commands -----------------------------------------------------------------------------
    def say(self, text: str, seconds: float = 3.0) -> None:
        self.message = (text, time.perf_counter() + seconds)
        redraw.request()

    def open_menu(self) -> None:
        from game.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def undo_seat(self) -> int | None:
        """The person who may take something back now: the one deciding, at their own screen."""
        return self.controller.to_act() if self.can_act() else None

    def can_undo(self) -> bool:
        seat = self.undo_seat()
        return seat is not None and self.controller.can_undo(seat)

    def undo(self) -> None:
        if self.can_undo():
            self.view.skip_animations()
            self.controller.undo(self.undo_seat())

    def can_hint(self) -> bool:
        """Hints think in the worker on the game's seed: only where the game runs."""
        return self.local and self.can_act()

    def hint(self) -> None:
        if not self.can_hint():
            return
        seat = self.controller.to_act()
        seed = decision_seed(self.controller.seed, len(self.controller.log), salt=7919)
        self.hint_job = (self.worker.start(self.spec.id, "normal", self.controller.observe(seat), seat, seed),
                         len(self.controller.log))
        self.say(i18n.tr("play.hint.thinking"), 1.5)

    def poll_hint(self) -> None:
        if self.hint_job and self.hint_job[0].done():
            future, length = self.hint_job
            self.hint_job = None
            if length == len(self.controller.log):
                try:
                    action = future.result()
                except Exception:  # noqa: BLE001 - a hint is a nicety; never break the game for it
                    return
                legal = {action_key(a) for a in self.controller.legal_actions()}
                if action_key(action) in legal:
                    self.view.show_hint(action)
                    self.hint_said = (self.view.hint_words(action), time.perf_counter(), length)

    def hint_text(self) -> str | None:
        """The words of the hint, while it is shown and still for this position."""
        if self.hint_said is None:
            return None
        text, since, length = self.hint_said
        if length != len(self.controller.log) or time.perf_counter() - since > self.view.hint_seconds:
            self.hint_said = None
            return None
        return text

    def handle(self, event) -> bool:
        if self.typing_chat(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self.view.handle(event):  # the table first closes a question it is asking
                    self.open_menu()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
                self.hint()
                return True
            if event.key == pygame.K_SPACE and self.view.busy():
                self.view.skip_animations()
                return True
        if super().handle(event):
            return True
        return self.view.handle(event)

    def on_exit(self) -> None:
        self.worker.shutdown()
        if self.link is not None:
            self.link.stop()
        self.close_hosting()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.view.draw(surface)
        self.draw_side(surface)
        for widget in self.widgets:
            widget.draw(surface)
        if self.message:
            image = render_paragraph(self.message[0], 22, theme.PAPER, 700, align="center")
            rect = image.get_rect(midtop=(BOARD_AREA.centerx, 14)).inflate(28, 16)
            panel(surface, rect, theme.WOOD_DARK, radius=10, shadow=4)
            surface.blit(image, image.get_rect(center=rect.center))

    def draw_side(self, surface) -> None:
        panel(surface, SIDE.inflate(-8, -8).move(2, 0), theme.PAPER, radius=14, shadow=6)
        x = SIDE.x + 20
        actor = self.controller.to_act()
        y = 76
        status = self.status_text()
        if actor is not None and actor >= 0:
            player_token(surface, (x + 14, y + 16), 14, actor, self.spec.id)
            if not self.controller.is_human(actor) and self.thinking_since is not None:
                angle = time.perf_counter() * 5
                for i in range(8):
                    a = angle + i * math.pi / 4
                    shade = theme.mix(theme.PAPER, theme.ACCENT, (i + 1) / 8)
                    dot = (round(x + 14 + 22 * math.cos(a)), round(y + 16 + 22 * math.sin(a)))
                    pygame.draw.circle(surface, shade, dot, 3)
        hint = self.hint_text()
        offer = self.away_offer()
        if offer is not None:
            self.draw_away_offer(surface, offer, pygame.Rect(x - 6, y - 8, SIDE.right - 14 - x, 140))
        elif hint:
            self.draw_hint(surface, hint, pygame.Rect(x - 6, y - 8, SIDE.right - 14 - x, 140))
        else:
            image = render_paragraph(status, 21, theme.INK, SIDE.width - 90)
            surface.blit(image, (x + 44, y))
        title = render_text(i18n.tr("play.log"), 20, theme.INK_SOFT, bold=True)
        surface.blit(title, (x, 222))
        pygame.draw.line(surface, theme.PAPER_DARK, (x, 246), (SIDE.right - 20, 246), 2)

    def draw_hint(self, surface, text: str, rect: pygame.Rect) -> None:
        """The hint's words where the status line stands, in a lit box (the table marks the move); a long
        sentence is set smaller until it fits the box."""
        head = render_text(i18n.tr("play.hint.head"), 19, theme.ACCENT_DARK, bold=True)
        for size in (19, 17, 15):
            body = render_paragraph(text, size, theme.INK, rect.width - 24, line_height=1.2)
            if head.get_height() + body.get_height() + 22 <= rect.height:
                break
        rect.height = min(rect.height, head.get_height() + body.get_height() + 22)
        panel(surface, rect, (255, 246, 214), radius=10, shadow=2, border=theme.HIGHLIGHT, border_width=3)
        surface.blit(head, (rect.x + 12, rect.y + 8))
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-6, -6))
        surface.blit(body, (rect.x + 12, rect.y + 12 + head.get_height()))
        surface.set_clip(clip)

    def status_text(self) -> str:
        """What is true now, said to the person at the screen: a move being shown, chance deciding, or
        who decides and what kind of decision (their turn, or an answer in another's turn)."""
        actor = self.controller.to_act()
        if actor is None:
            return i18n.tr("play.status.over")
        held = self.held_text()
        if held:
            return held
        if actor != CHANCE and self.controller.is_human(actor) and self.shown not in (None, actor):
            return i18n.tr("play.status.pass", name=self.player_name(actor))
        if self.view.busy():
            mover = self.last_mover()
            if mover is None:
                return i18n.tr("play.status.showing_chance")
            return i18n.tr("play.status.showing", name=self.player_name(mover))
        if actor == CHANCE:
            return self.view.chance_status()
        turn = self.view.turn_of()
        answering = turn is not None and turn != actor
        decision = self.view.decision(actor)
        if self.controller.is_human(actor):
            if answering:
                text = i18n.tr("play.status.answer", name=self.player_name(actor), turn=self.player_name(turn))
            else:
                text = i18n.tr("play.status.turn", name=self.player_name(actor))
            return f"{text} {decision}" if decision else text
        if self.person_plays(actor):  # a friend at another screen: they are not "thinking", it is their turn
            if answering:
                return i18n.tr("play.status.answering", name=self.player_name(actor), turn=self.player_name(turn))
            return i18n.tr("play.status.their_turn", name=self.player_name(actor))
        dots = "." * (1 + int(time.perf_counter() * 3) % 3)
        if answering:
            return i18n.tr("play.status.answering", name=self.player_name(actor), turn=self.player_name(turn)) + dots
        return i18n.tr("play.status.thinking", name=self.player_name(actor)) + dots

    def last_mover(self) -> int | None:
        """The seat whose action is being shown: the last entry's (None: chance's, or nothing yet)."""
        if not self.controller.log or self.controller.log[-1].seat == CHANCE:
            return None
        return self.controller.log[-1].seat

    def tooltip(self) -> str | None:
        return super().tooltip() or self.view.tooltip()

    def tooltip_avoid(self):
        return self.view.tooltip_avoid()

    def keyboard_focus(self):
        return super().keyboard_focus() or self.view.keyboard_focus()

    # -- a table played across computers -----------------------------------------------------------
    def host_table(self, hosted) -> None:
        """This scene plays a table it hosts for friends elsewhere: it shows who is connected, carries the
        chat, offers to let the computer play for someone long away, and closes the table on leaving."""
        self.hosted = hosted
        self.autosave = hosted.autosave
        self.rebuild()

    def networked(self) -> bool:
        return self.link is not None or self.hosted is not None

    def build_network(self) -> None:
        """The seats strip and the chat line of a networked table, between the log's title and its end."""
        from game.ui.connection import ROW, ChatInput, SeatStrip

        self.chat_input = None
        if not self.networked():
            return
        if not hasattr(self, "away_since"):
            self.away_since: dict[int, float] = {}
            self.offer_waited: dict[int, float] = {}
            self.chat_shown = 0
        x, w = SIDE.x + 16, SIDE.width - 32
        seats = self.controller.config.players
        self.seat_strip = SeatStrip(pygame.Rect(x, 252, w, ROW * seats), self.spec.id, self.seat_lines,
                                    self.toggle_mute)
        self.chat_input = ChatInput((x, 900 - 16 - 44, w, 40), self.send_chat)
        top = self.seat_strip.rect.bottom + 10
        self.log_panel = LogPanel(pygame.Rect(x, top, w, self.chat_input.rect.y - 8 - top), self.spec.id,
                                  self.log_icon)
        self.offer_buttons = [
            Button((x + 8, 180, (w - 24) // 2, 34), lambda: i18n.tr("net.away.computer"), self.hand_away_seat,
                   size=18, style="primary", tooltip=lambda: i18n.tr("net.away.computer.tip")),
            Button((x + 16 + (w - 24) // 2, 180, (w - 24) // 2, 34), lambda: i18n.tr("net.away.wait"),
                   self.wait_for_away_seat, size=18),
        ]
        for button in self.offer_buttons:
            button.visible = False
        self.widgets = [self.menu_button, self.undo_button, self.hint_button, self.seat_strip, self.log_panel.list,
                        self.chat_input, *self.offer_buttons]

    @property
    def muted(self) -> set[int]:
        """The seats whose chat this screen does not show, kept for the table (see ``muted_seats``)."""
        from game.ui.connection import muted_seats

        code = self.hosted.host.code if self.hosted is not None else self.controller.code
        return muted_seats(code or "")

    def seat_rows(self) -> list[dict]:
        """Each seat's status as the host says it; this screen's own seats are connected while its link is."""
        if self.hosted is not None:
            return self.hosted.seat_rows()
        table = self.controller
        rows = [dict(row) for row in table.seat_status]
        for seat in table.seats:
            if seat < len(rows):
                rows[seat]["connected"] = self.link.status in ("joined", "over")
        return rows

    def seat_lines(self) -> list:
        from game.ui.connection import SeatLine

        lines = []
        for seat, row in enumerate(self.seat_rows()):
            since = self.away_since.get(seat)
            lines.append(SeatLine(seat, self.player_name(seat), row,
                                  None if since is None else self.clock - since, seat in self.muted))
        return lines

    def seat_connection(self, seat: int):
        """The seat's line of the seats strip when it is a friend's at another screen of a networked table (for
        its panel's badge)."""
        if not self.networked() or (self.link is not None and seat in self.controller.seats):
            return None
        lines = self.seat_lines()
        return lines[seat] if 0 <= seat < len(lines) and lines[seat].row.get("kind") == "remote" else None

    def person_plays(self, seat: int) -> bool:
        """A person decides for the seat: here, or a friend elsewhere the computer is not standing in for."""
        if not 0 <= seat < self.controller.config.players:
            return False
        if not self.networked():
            return self.controller.is_human(seat)
        row = self.seat_rows()[seat]
        return row.get("kind") in ("human", "remote") and not row.get("ai")

    def follow_network(self) -> None:
        """Serve a hosted table's friends, note who went away when, and take the chat lines said since the last
        frame into the log."""
        if not self.networked():
            return
        if self.hosted is not None:
            self.hosted.poll()
        for seat, row in enumerate(self.seat_rows()):
            away = row.get("kind") == "remote" and not row.get("connected") and not row.get("ai") and (
                self.hosted is None or seat in self.hosted.host.claimed)
            if not away:
                self.away_since.pop(seat, None)
                self.offer_waited.pop(seat, None)
            else:
                self.away_since.setdefault(seat, self.clock)
        offered = self.away_offer() is not None
        for button in self.offer_buttons:
            button.visible = offered
        chat = self.hosted.chat if self.hosted is not None else self.controller.chat
        if self.hot_seat() and self.shown is None:
            return
        lines = []
        for seat, text in chat[self.chat_shown:]:
            if seat in self.muted:
                continue
            name = self.player_name(seat) if 0 <= seat < self.controller.config.players else "—"
            lines.append((seat, i18n.tr("net.chat.line", name=name, text=text), Event("chat", {"seat": seat})))
        self.chat_shown = len(chat)
        if lines:
            self.log_panel.add(lines)
            self.app.audio.play("click")

    def send_chat(self, text: str) -> bool:
        if self.hosted is not None:
            return self.hosted.say(text)
        if self.link is None or self.link.status != "joined":
            self.say(i18n.tr("net.chat.not_now"))
            return False
        self.controller.say(text)
        return True

    def toggle_mute(self, seat: int) -> None:
        if seat in self.muted:
            self.muted.discard(seat)
        else:
            self.muted.add(seat)

    def typing_chat(self, event) -> bool:
        """While the chat line has the keys, the table's own shortcuts wait (Escape leaves the line)."""
        chat = getattr(self, "chat_input", None)
        if chat is None or not chat.takes_keys() or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            chat.focused = False
            return True
        return chat.handle(event) or True

    def computer_plays_for(self, seat: int) -> bool:
        """A friend's seat the host let the computer play while they are away."""
        return self.hosted is not None and seat in self.hosted.host.with_ai

    def away_offer(self) -> int | None:
        """The seat whose person has been away long enough that the host may let the computer play for them."""
        from game.ui.connection import AWAY_OFFER_SECONDS

        if self.hosted is None or self.controller.over:
            return None
        for seat, since in sorted(self.away_since.items()):
            start = max(since, self.offer_waited.get(seat, since))
            if self.clock - start >= AWAY_OFFER_SECONDS:
                return seat
        return None

    def hand_away_seat(self) -> None:
        seat = self.away_offer()
        if seat is not None:
            self.hosted.host.hand_to_ai(seat)

    def wait_for_away_seat(self) -> None:
        seat = self.away_offer()
        if seat is not None:
            self.offer_waited[seat] = self.clock

    def draw_away_offer(self, surface, seat: int, rect: pygame.Rect) -> None:
        from game.ui.connection import clock_text

        rect.height = 150
        panel(surface, rect, (255, 246, 214), radius=10, shadow=2, border=theme.HIGHLIGHT, border_width=3)
        away = clock_text(self.clock - self.away_since[seat])
        text = i18n.tr("net.away.offer", name=self.player_name(seat), time=away)
        room = self.offer_buttons[0].rect.y - 6 - (rect.y + 8)
        for size in (18, 17, 16, 15):
            body = render_paragraph(text, size, theme.INK, rect.width - 24, line_height=1.1)
            if body.get_height() <= room:
                break
        surface.blit(body, (rect.x + 12, rect.y + 8), pygame.Rect(0, 0, body.get_width(), room))

    def close_hosting(self) -> None:
        if self.hosted is not None:
            self.hosted.close()
