"""Who is at a table played across computers: each seat's connection, the chat line, the host's offer to
let the computer play for someone who is away. Drawn the same for every game, beside its table."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.core.i18n import tr
from game.net.protocol import MAX_CHAT
from game.ui import theme
from game.ui.draw import player_token
from game.ui.fonts import render_fitted, render_text, text_size
from game.ui.widgets import TextInput, Widget

CHAT_LENGTH = 200
"""The longest chat line a person may type (the wire takes a little more)."""
AWAY_OFFER_SECONDS = 30.0
"""How long a seat's person is away before its host may let the computer play for them."""
ROW = 30

_muted: dict[str, set[int]] = {}


def muted_seats(code: str) -> set[int]:
    """The seats whose chat is muted at the table of ``code`` (a set to change), kept while Game Night runs:
    the same table drawn again (a rejoin, Continue, Load, a seat handed over) keeps who was muted."""
    return _muted.setdefault(code, set())


def waiting_for_start_text(table) -> str:
    """A friend seated at a table whose host person has not started the game yet (or has reopened its
    seating to start again): whom they wait for."""
    name = table.host_name()
    return tr("net.waiting.host", name=name) if name else tr("net.waiting.start")


def seat_state_text(row: dict, claimed: bool = True, away: float | None = None) -> str:
    """A seat's state in words: a person here, the computer, a friend connected, reconnecting (with the time
    waited), or a seat still open."""
    kind = row.get("kind")
    if kind == "human":
        return tr("net.seat.here")
    if kind == "ai":
        return tr("net.seat.computer")
    if row.get("ai"):
        return tr("net.seat.ai_plays")
    if row.get("connected"):
        return tr("net.seat.connected")
    if not claimed:
        return tr("net.seat.open")
    if away is None:
        return tr("net.seat.away")
    return tr("net.seat.reconnecting", time=clock_text(away))


def clock_text(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def state_mark(row: dict) -> tuple[str, tuple]:
    """A symbol and a colour for a seat's state, so the colour never carries it alone."""
    if row.get("kind") != "remote":
        return "●", theme.INK_SOFT
    if row.get("ai"):
        return "◆", theme.ACCENT_DARK
    if row.get("connected"):
        return "●", (46, 140, 70)
    return "○", (196, 110, 40)


@dataclasses.dataclass
class SeatLine:
    seat: int
    name: str
    row: dict
    away: float | None = None
    muted: bool = False


class SeatStrip(Widget):
    """The seats of a networked table, one row each, in the play scene's side panel; a click on a friend's
    row mutes their chat (or lets it be heard again)."""

    def __init__(self, rect: pygame.Rect, game_id: str, lines: Callable[[], list[SeatLine]],
                 toggle_mute: Callable[[int], None]):
        super().__init__(rect, tooltip=lambda: tr("net.chat.mute.tip") if self.hovered_line() else None)
        self.game_id = game_id
        self.lines = lines
        self.toggle_mute = toggle_mute
        self.pointer = (-1, -1)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + index * ROW, self.rect.width, ROW)

    def hovered_line(self) -> SeatLine | None:
        for index, line in enumerate(self.lines()):
            if line.row.get("kind") == "remote" and self.row_rect(index).collidepoint(self.pointer):
                return line
        return None

    def handle(self, event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pointer = event.pos
            line = self.hovered_line()
            if line is not None:
                self.toggle_mute(line.seat)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.line(surface, theme.PAPER_DARK, (self.rect.x, self.rect.bottom + 4),
                         (self.rect.right, self.rect.bottom + 4), 1)
        hovered = self.hovered_line() if self.hovered else None
        for index, line in enumerate(self.lines()):
            rect = self.row_rect(index)
            if hovered is line:
                pygame.draw.rect(surface, theme.PAPER_DARK, rect, border_radius=4)
            player_token(surface, (rect.x + 12, rect.centery), 9, line.seat, self.game_id)
            mark, colour = state_mark(line.row)
            glyph = render_fitted(mark, 18, colour, 20)
            surface.blit(glyph, glyph.get_rect(center=(rect.x + 34, rect.centery)))
            # The state (and the time waited) is what the row is for: it takes its room first.
            width = rect.width - 52
            text = render_fitted(strip_state(line, width * 3 // 5), 15, theme.INK_SOFT, width * 3 // 5)
            surface.blit(text, text.get_rect(midright=(rect.right - 4, rect.centery)))
            name = render_fitted(line.name, 17, theme.INK, max(20, width - text.get_width() - 10), bold=True)
            surface.blit(name, name.get_rect(midleft=(rect.x + 46, rect.centery)))


BADGE_SIZE = 15


def badge_text(host, seat: int, width: int) -> str | None:
    """What a seat's panel says of its friend's connection: the mark and the state in words (connected,
    reconnecting with the time waited, the computer playing for now) where ``width`` has the room, else the
    mark and the time waited alone; None for a seat that is not a friend's elsewhere."""
    line = host.seat_connection(seat)
    if line is None:
        return None
    mark, _ = state_mark(line.row)
    words = f"{mark} {badge_words(line)}"
    if text_size(words, BADGE_SIZE, True)[0] + 12 <= width:
        return words
    return mark if line.away is None else f"{mark} {clock_text(line.away)}"


def badge_words(line: SeatLine) -> str:
    if line.row.get("ai"):
        return tr("net.badge.ai_plays")
    return seat_state_text(line.row, True, line.away)


def strip_state(line: SeatLine, width: int) -> str:
    """A seat's state in the seats strip: in words where ``width`` has the room, else the time waited alone
    (never cut), and "muted" after it."""
    state = seat_state_text(line.row, True, line.away)
    if line.away is not None and text_size(state, 15)[0] > width:
        state = clock_text(line.away)
    return f"{state} · {tr('net.chat.muted')}" if line.muted else state


def connection_badge(surface: pygame.Surface, host, seat: int, width: int = 220, **anchor) -> pygame.Rect | None:
    """A friend's connection as a pill on their seat's panel (see ``badge_text``), placed by ``anchor`` as a
    ``pygame.Rect`` attribute (``topright=(x, y)``, ``midleft=...``); returns where it was drawn, or None
    (nothing drawn) for a seat that is not a friend's."""
    text = badge_text(host, seat, width)
    if text is None:
        return None
    _, colour = state_mark(host.seat_connection(seat).row)
    image = render_text(text, BADGE_SIZE, colour, bold=True)
    pill = image.get_rect().inflate(12, 4)
    for name, at in anchor.items():
        setattr(pill, name, at)
    pygame.draw.rect(surface, theme.WHITE, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, colour, pill, 1, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=pill.center))
    return pill


def connection_tip(host, seat: int) -> str | None:
    """A badge's tooltip: the seat's state in full words."""
    line = host.seat_connection(seat)
    return None if line is None else seat_state_text(line.row, True, line.away)


def badge_width(host, seat: int, width: int = 220) -> int:
    """The width ``connection_badge`` takes for this seat (0 when it draws nothing)."""
    text = badge_text(host, seat, width)
    return 0 if text is None else text_size(text, BADGE_SIZE, True)[0] + 12


class ChatInput(TextInput):
    """The chat line: Enter sends what was typed (plain text, at most ``CHAT_LENGTH`` characters)."""

    def __init__(self, rect, send: Callable[[str], bool]):
        self.text = ""
        super().__init__(rect, lambda: self.text, self._set, max_length=min(CHAT_LENGTH, MAX_CHAT),
                         placeholder=lambda: tr("net.chat.placeholder"), size=18)
        self.send = send

    def _set(self, text: str) -> None:
        self.text = text

    def handle(self, event):
        if self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.text.strip() and self.send(self.text.strip()):
                self.text = ""
            return True
        return super().handle(event)

    def takes_keys(self) -> bool:
        """True while typing here: the table's own keys (hint, undo, skip) wait."""
        return self.focused
