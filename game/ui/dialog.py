"""A modal dialog over a table: a title, a paragraph, optional content of the caller's, and buttons.

Tables ask people things in the middle of a turn (which cards to discard, whether to react, which
bonus to take); this is the one way they do it, so every such question looks and behaves the same.
While a dialog is open the view hands it every event first and it keeps all mouse input to itself,
so nothing under it can be clicked. Esc (and the cancel choice, if any) closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.draw import for_display, panel
from game.ui.fonts import render_paragraph, render_text
from game.ui.tween import Tween, ease_out_back
from game.ui.widgets import Button, TextFn, Widget, focused_tip, text_fn

BUTTON_HEIGHT = 48
MARGIN = 24


@lru_cache(maxsize=8)
def shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """The veil over the table behind a dialog, made once per size."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((16, 12, 10, alpha))
    return for_display(veil)


@dataclass(frozen=True)
class Choice:
    """One button of a dialog; ``enabled`` and ``reason`` work as on ``Button``."""

    label: object
    on_click: Callable[[], None]
    style: str = "secondary"
    enabled: Callable[[], bool] | None = None
    reason: TextFn | None = None
    hotkey: int | None = None
    tooltip: TextFn | None = None


class Dialog:
    """A centred panel inside ``area`` (the table's part of the screen) that takes all input.

    ``content_height`` reserves room between the text and the buttons: the caller draws there with
    ``draw_content(surface, rect)`` and may put widgets there (``add``), placed from ``content_rect``.
    ``cancel`` is the index of the choice Esc stands for (None: Esc does nothing).
    """

    def __init__(self, title, body=None, choices: list[Choice] = (), area: pygame.Rect | None = None,
                 width: int = 640, content_height: int = 0, draw_content: Callable | None = None,
                 cancel: int | None = None, dim_alpha: int = 110):
        from game.ui.table import BOARD_AREA

        self.title = text_fn(title)
        self.body = text_fn(body) if body is not None else None
        self.area = pygame.Rect(area or BOARD_AREA)
        self.width = width
        self.content_height = content_height
        self.draw_content = draw_content
        self.cancel = cancel
        self.dim_alpha = dim_alpha
        self.widgets: list[Widget] = []
        self.buttons: list[Button] = []
        self.appear = Tween(0.0, 1.0, 0.22, ease_out_back)
        self.rect = pygame.Rect(0, 0, width, 10)
        self.content_rect = pygame.Rect(0, 0, 0, 0)
        self._layout(list(choices))

    # -- layout -------------------------------------------------------------------------------
    def body_image(self) -> pygame.Surface | None:
        text = self.body() if self.body else ""
        return render_paragraph(text, 21, theme.INK_SOFT, self.width - 2 * MARGIN) if text else None

    def _layout(self, choices: list[Choice]) -> None:
        body = self.body_image()
        height = MARGIN + 40 + (body.get_height() + 12 if body else 0)
        height += self.content_height + (12 if self.content_height else 0)
        height += (BUTTON_HEIGHT + MARGIN) if choices else 0
        self.rect = pygame.Rect(0, 0, self.width, height)
        self.rect.center = self.area.center
        top = self.rect.y + MARGIN + 40 + (body.get_height() + 12 if body else 0)
        self.content_rect = pygame.Rect(self.rect.x + MARGIN, top, self.width - 2 * MARGIN, self.content_height)
        if not choices:
            return
        gap = 12
        inner = self.width - 2 * MARGIN
        each = min(220, (inner - gap * (len(choices) - 1)) // len(choices))
        total = each * len(choices) + gap * (len(choices) - 1)
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - MARGIN - BUTTON_HEIGHT
        for choice in choices:
            self.buttons.append(Button((x, y, each, BUTTON_HEIGHT), choice.label, choice.on_click, style=choice.style,
                                       size=22, enabled_fn=choice.enabled, reason=choice.reason,
                                       tooltip=choice.tooltip, hotkey=choice.hotkey))
            x += each + gap

    def add(self, widget: Widget) -> Widget:
        """Put a widget of the caller's in the dialog (placed inside ``content_rect``)."""
        self.widgets.append(widget)
        return widget

    # -- loop ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Every event stops here while the dialog is open (True), except those it has no use for."""
        for widget in [*self.buttons, *self.widgets]:
            if widget.visible and widget.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.cancel is None:
                return False  # a question that must be answered leaves Esc to the menu
            self.buttons[self.cancel].click()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN)

    def update(self, dt: float) -> None:
        self.appear.update(dt)
        for widget in [*self.buttons, *self.widgets]:
            widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.dim_alpha:
            surface.blit(shade(self.area.size, self.dim_alpha), self.area.topleft)
        offset = round((1 - self.appear.value) * 24)
        rect = self.rect.move(0, offset)
        panel(surface, rect, theme.PAPER, radius=16, shadow=10, border=theme.ACCENT, border_width=2)
        title = render_text(self.title(), 28, theme.INK, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + MARGIN - 4)))
        body = self.body_image()
        if body:
            surface.blit(body, (rect.x + MARGIN, rect.y + MARGIN + 40))
        if self.draw_content and self.content_height:
            self.draw_content(surface, self.content_rect.move(0, offset))
        for widget in [*self.widgets, *self.buttons]:
            if widget.visible:
                widget.draw(surface)

    def keyboard_focus(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip and place of the widget the keyboard moved to (a stepper chosen with Tab)."""
        return focused_tip(self.widgets)

    def tooltip(self) -> str | None:
        for widget in [*self.buttons, *self.widgets]:
            if widget.visible:
                text = widget.tooltip_text()
                if text:
                    return text
        return None


def confirm(title, body, on_yes: Callable[[], None], on_no: Callable[[], None], yes, no,
            area: pygame.Rect | None = None) -> Dialog:
    """A yes/no question; Esc answers no."""
    return Dialog(title, body, [Choice(yes, on_yes, "primary"), Choice(no, on_no)], area=area, cancel=1)

