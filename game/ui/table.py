"""The base of every game's table view, and what it may ask of the scene hosting it.

A view draws a game from one seat's observation and turns clicks into candidate actions; it never
changes a state itself. The host (the play scene or the replay viewer) owns the controller.

What every table does alike lives here: the viewer's observation and legal actions (worked out once
per change), the seat drawn nearest the person, the hint and its timeout, buttons and an open dialog,
and the events' animation (``EventAnimation``): a reset or a skip finishes it and shows the table as
the state has it (``sync``).
"""

from __future__ import annotations

import copy
import importlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE, Action, Event, action_key
from game.ui import redraw, theme
from game.ui.audio import get_audio
from game.ui.cards import FloatingText
from game.ui.fonts import render_text
from game.ui.tween import Timeline

if TYPE_CHECKING:  # pragma: no cover
    from game.core.controller import Controller, LogEntry
    from game.games import GameSpec

BOARD_AREA = pygame.Rect(0, 0, 1300, 900)
"""The part of the logical screen a view may use; the host's side panel is to its right."""


def naming_tr(name_of: Callable[[int], str], players: int) -> Callable[..., str]:
    """``tr`` where a game's "seat.player" becomes the seat's real name (log lines, hints)."""

    def named(key: str, lang: str | None = None, **fields) -> str:
        if key == "seat.player" and isinstance(fields.get("n"), int) and 1 <= fields["n"] <= players:
            return name_of(fields["n"] - 1)
        return tr(key, lang, **fields)

    return named


def hint_explainer(spec) -> Callable | None:
    """A game's ``explain_hint(ruleset, observation, seat, action, tr) -> str``: in the module whose
    ``describe_event`` writes its log lines (its text module), or None."""
    module = importlib.import_module(spec.describe_event.__module__)
    return getattr(module, "explain_hint", None)


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

    def mute_ai_offers(self) -> bool:
        """True when the person declines the computer players' trade offers without being asked."""
        return bool(self.app.settings.mute_ai_offers)

    def person_plays(self, seat: int) -> bool:
        """True when a person decides for ``seat``, at this screen or at another across the network; False
        when the computer does."""
        return self.controller.config.seats[seat].kind in ("human", "remote")

    def held_text(self) -> str | None:
        """Why nobody may move yet though the game has not begun (a friend's table waiting for its host to
        start), in words; None at a table that plays."""
        return None

    def seat_connection(self, seat: int):
        """For a friend's seat at a table played across computers, whether they are connected
        (``game.ui.connection.SeatLine``); None for every other seat and table."""
        return None


class EventAnimation:
    """Plays a table's events one after another, so a chain of consequences reads as one.

    A game's animation fills ``handlers``, a table of event kind -> handler taking the event's data;
    a handler queues timed steps (``step``) that change what the table shows as they start, run and
    end. Events without a handler pass unanimated. ``finish`` runs every step to its end at once and
    drops what was only decoration (floating words); ``clear`` is where a game drops its own.
    """

    def __init__(self):
        self.steps = Timeline()
        self.floaters: list[FloatingText] = []
        self.handlers: dict[str, Callable[[dict], None]] = {}

    @property
    def busy(self) -> bool:
        return self.steps.busy

    def queue(self, event: Event) -> None:
        handler = self.handlers.get(event.kind)
        if handler is not None:
            handler(event.data)

    def step(self, duration: float, start: Callable | None = None, progress: Callable | None = None,
             end: Callable | None = None) -> None:
        """A step of ``duration`` seconds: ``start()``, ``progress(t)`` as t runs to 1, ``end()`` once."""
        self.steps.add(duration, start, progress, end)

    def float_text(self, text: str, pos, colour, size: int, backdrop: tuple) -> None:
        """Words that rise from ``pos`` and fade, bold on a rounded ``backdrop`` (an RGBA colour). They
        stay inside the table, and words still rising from the same place are not covered: the new
        ones start below them."""
        image = render_text(text, size, colour, bold=True)
        plate = pygame.Surface((image.get_width() + 16, image.get_height() + 8), pygame.SRCALPHA)
        pygame.draw.rect(plate, backdrop, plate.get_rect(), border_radius=10)
        plate.blit(image, (8, 4))
        rise = 36
        area = BOARD_AREA.inflate(-8, -8)
        place = plate.get_rect(center=(round(pos[0]), round(pos[1])))
        place.clamp_ip(area.inflate(0, -2 * rise).move(0, rise))
        while any(place.colliderect(other.reach()) for other in self.floaters) and place.bottom < area.bottom:
            place.y += plate.get_height() + 4
        place.clamp_ip(area)
        self.floaters.append(FloatingText(plate, place.center, rise=rise, duration=1.3))

    def update(self, dt: float) -> None:
        self.steps.update(dt)
        for floater in self.floaters:
            floater.update(dt)
        self.floaters = [f for f in self.floaters if not f.done]

    def finish(self) -> None:
        self.steps.finish()
        self.floaters.clear()
        self.clear()

    def clear(self) -> None:
        """Drop the decorations of a game's own (a banner, cards in flight) once the steps are done."""

    def draw_floaters(self, surface: pygame.Surface) -> None:
        for floater in self.floaters:
            floater.draw(surface)


class TableView:
    """Draws one game. Subclasses implement ``draw`` and input; the rest has sensible defaults."""

    hint_seconds = 8.0
    """How long a hint stays marked."""

    def __init__(self, host: TableHost):
        self.host = host
        self.area = BOARD_AREA.copy()
        self.time = 0.0
        self.hint: tuple[Action, float] | None = None
        self._hint_button: tuple = (None, None)
        self.dialog = None
        self.buttons: list = []
        self.animation = EventAnimation()
        self._observed: tuple | None = None
        self._legal: tuple | None = None
        self._by_kind: tuple | None = None
        self.log_focus: Event | None = None
        """The event of the log line under the mouse (the table may point at where it happened)."""

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

    @property
    def me(self) -> int:
        """The seat drawn nearest the person: the viewer, or seat 0 for an onlooker."""
        return self.viewer if self.viewer is not None else 0

    def observation(self):
        """The state as the viewer may see it, recomputed only after a change."""
        key = (len(self.controller.log), self.viewer, id(self.controller.state))
        if self._observed is None or self._observed[0] != key:
            self._observed = (key, self.ruleset.observe(self.controller.state, self.viewer))
        return self._observed[1]

    def state(self):
        """The position the table shows: the viewer's observation."""
        return self.observation()

    def legal_actions(self) -> list[Action]:
        """The actions the person at the screen may take now (empty when it is not their turn), worked
        out once per change of the game (many things ask each frame)."""
        key = (len(self.controller.log), id(self.controller.state), self.host.can_act())
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, self.controller.legal_actions() if key[2] else [])
        return self._legal[1]

    def actions_of(self, kind: str) -> list[Action]:
        """The legal actions of ``kind`` (sorted by kind once per change of the game: buttons, tips and
        keys ask many times a frame)."""
        legal = self.legal_actions()
        if self._by_kind is None or self._by_kind[0] is not legal:
            grouped: dict[str, list[Action]] = {}
            for action in legal:
                grouped.setdefault(action["type"], []).append(action)
            self._by_kind = (legal, grouped)
        return list(self._by_kind[1].get(kind, ()))

    def seat_style(self, seat: int) -> theme.PlayerStyle:
        return theme.player_style(seat, self.host.spec.id)

    def sync(self) -> None:
        """Show the table exactly as the observation has it (after a reset or skipped animations)."""

    # -- changes ------------------------------------------------------------------------------
    def on_entry(self, entry: LogEntry, events: list[Event]) -> None:
        """An action was applied; ``events`` are those the viewer may see (already filtered)."""
        for event in events:
            self.animation.queue(event)

    def on_reset(self) -> None:
        """The state was rewound (undo, replay seek) or changed hands: drop what the person had under
        way and every animation, and redraw from the state."""
        self._observed = None
        self._legal = None
        self.drop_choices()
        self.skip_animations()

    def drop_choices(self) -> None:
        """Forget the person's unfinished choices (a selection, an open question) that no longer fit."""

    def skip_animations(self) -> None:
        """Jump every running animation to its end."""
        self.animation.finish()
        self.sync()

    def busy(self) -> bool:
        """True while animations play (the host waits before the next AI move)."""
        return self.animation.busy

    def show_hint(self, action: Action) -> None:
        """Mark a suggested action for the person at the screen (for ``hint_seconds``)."""
        self.hint = (action, time.perf_counter())

    def hint_is(self, kind: str, **fields) -> bool:
        """True while the hint shown is a move of ``kind`` with these fields (for the table to mark it)."""
        if self.hint is None or self.hint[0]["type"] != kind:
            return False
        return all(self.hint[0].get(name) == value for name, value in fields.items())

    def button_sending(self, action: Action, buttons) -> object | None:
        """Among ``buttons``, the first whose click sends ``action`` as its first move: each enabled one is
        clicked, silent, while the host only notes what it is sent (nothing is played and every send is
        refused), then the table's fields (and the lists, dicts and sets they hold) are put back."""
        wanted = action_key(action)
        host = self.host
        audio = get_audio()
        sounding = audio.enabled
        for button in buttons:
            if not (button.visible and button.enabled):
                continue
            sent = []
            saved = dict(self.__dict__)
            contents = {name: copy.copy(value) for name, value in saved.items() if isinstance(value, (list, dict, set))}
            host.submit = lambda step, sent=sent: sent.append(step) and False
            host.say = lambda *args, **kwargs: None
            audio.enabled = False
            try:
                button.on_click()
            except Exception:  # noqa: BLE001 - a button that needs more than a noting host is not the one
                sent.clear()
            finally:
                audio.enabled = sounding
                del host.submit, host.say
                self.__dict__.clear()
                self.__dict__.update(saved)
                for name, content in contents.items():
                    held = saved[name]
                    if isinstance(held, list):
                        held[:] = content
                    else:
                        held.clear()
                        held.update(content)
            if sent and action_key(sent[0]) == wanted:
                return button
        return None

    def mark_hint_button(self, buttons) -> None:
        """Select the one of ``buttons`` that makes the hinted move (a move with no place on the board is
        marked on its control), worked out once per hint and set of buttons."""
        key = (self.hint, tuple(map(id, buttons)))
        if self._hint_button[0] != key:
            if self._hint_button[1] is not None:
                self._hint_button[1].selected = False
            found = self.button_sending(self.hint[0], buttons) if self.hint else None
            self._hint_button = (key, found)
        if self._hint_button[1] is not None:
            self._hint_button[1].selected = True

    def hint_words(self, action: Action) -> str:
        """What a hint suggests and why, in one line, from what the person at the screen may see: the
        game's own explanation, else a plain one."""
        explain = hint_explainer(self.host.spec)
        seat = self.controller.to_act()
        if explain is not None and isinstance(seat, int) and seat >= 0:
            named = naming_tr(self.host.player_name, self.controller.config.players)
            try:
                words = explain(self.ruleset, self.controller.observe(seat), seat, action, named)
            except Exception:  # noqa: BLE001 - a hint is a nicety: words that fail give way to the plain ones
                words = None
            if words:
                return words
        return tr("play.hint.plain")

    def refuse(self, text: str) -> None:
        """A click that does nothing: a short sound and the reason."""
        get_audio().play("error")
        self.host.say(text)

    def quick_chance(self) -> bool:
        """True while chance steps need no pause to be followed (a board being laid out tile by tile)."""
        return False

    def chance_status(self) -> str:
        """What the side panel says while chance decides (dice rolling, cards shuffled...): a table says
        which step it is; this is for a table that does not."""
        return tr("play.status.chance")

    def turn_of(self) -> int | None:
        """Whose turn it is (not always who decides now: an answer, a discard on another's turn), read
        from the position's ``current`` seat; None when the position does not say."""
        current = getattr(self.state(), "current", None)
        return current if isinstance(current, int) and not isinstance(current, bool) else None

    def decision(self, actor: int) -> str | None:
        """What kind of decision ``actor`` makes now, when it is not simply their turn's next action
        (a reaction, a discard), in a few words; None otherwise."""
        return None

    def wait_reason(self) -> str:
        """Why the person at the screen cannot act now, said truthfully: a table held until its host starts,
        a move still being shown, chance deciding, another player answering first in their turn, or simply
        another's turn."""
        actor = self.controller.to_act()
        if actor is None:
            return tr("play.status.over")
        held = self.host.held_text()
        if held:
            return held
        if self.busy():
            return tr("play.wait.showing")
        if actor == CHANCE:
            return tr("play.wait.chance", status=self.chance_status())
        if self.turn_of() == self.viewer and actor != self.viewer:
            return tr("play.wait.answer", name=self.host.player_name(actor))
        return tr("play.not_your_turn")

    # -- loop ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def pointer(self, event: pygame.event.Event) -> bool | None:
        """The mouse on the table itself: a move notes what is under it (``track``), a left click acts on
        that (``click``), a right click takes back what was chosen (``right_click``). None for other events."""
        if event.type == pygame.MOUSEMOTION:
            self.track(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.track(event.pos)
            return self.click(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.right_click()
        return None

    def track(self, pos) -> None:
        """Note what is under the mouse."""

    def click(self, pos) -> bool:
        """A left click on what ``track`` found; True when it was used."""
        return False

    def right_click(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Time passes: the animations run and a hint runs out (a table then follows with its own).

        ``time``, the clock of the table's ambient motion (pulses, waves), runs only while the screen is
        stirred (``redraw.lively``): a table waiting for its player holds still and draws nothing."""
        if redraw.lively():
            self.time += dt
        self.animation.update(dt)
        if self.hint and time.perf_counter() - self.hint[1] > self.hint_seconds:
            self.hint = None

    def wake_at(self) -> float | None:
        """When the hint shown runs out (a ``redraw.clock()`` time), or None."""
        return self.hint[1] + self.hint_seconds if self.hint else None

    def update_controls(self, dt: float) -> None:
        """The buttons and an open dialog follow the mouse and ease their glow."""
        for button in self.buttons:
            button.update(dt)
        if self.dialog is not None:
            self.dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def tooltip(self) -> str | None:
        """The open dialog's tooltip, else a hovered button's, else what the table says itself."""
        if self.dialog is not None:
            return self.dialog.tooltip()
        for button in self.controls():
            text = button.tooltip_text() if button.visible else None
            if text:
                return text
        return self.table_tooltip()

    def keyboard_focus(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip of what the keyboard has chosen and where it is: in an open dialog its focused
        widget, else the table's own (``table_focus``)."""
        if self.dialog is not None:
            return self.dialog.keyboard_focus()
        return self.table_focus()

    def table_focus(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip and place of the spot the keyboard chose on the table itself, or None."""
        return None

    def tooltip_avoid(self) -> pygame.Rect | None:
        """What the pointer's tooltip talks about and must leave in sight (a piece being placed), or None."""
        return None

    def controls(self) -> list:
        """The buttons in use now (their tooltips show)."""
        return self.buttons

    def table_tooltip(self) -> str | None:
        """The tooltip of what is under the mouse on the table itself."""
        return None

    def placed_event(self, event: Event, tr) -> Event:
        """``event`` with where on the board it happened, for its log line (a game's words); as it is here."""
        return event

    def log_icon(self, event: Event) -> pygame.Surface | None:
        """A small picture (about 20 px) for the game log's line of ``event``, or None."""
        return None

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game-over screen's own part for this game (a histogram, a breakdown of points), in ``rect``."""

    def status(self) -> str:
        """One line telling the person at the screen what to do now (the view shows it by its controls)."""
        return ""
