"""A picture that works as a button: a card, a tile or a token to choose in a dialog or on a table.

It lifts under the mouse, glows when selected, fades and explains itself when it cannot be used,
and can carry a small count badge ("×3") in its corner.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.badge import count_badge
from game.ui.cards import blit_card
from game.ui.fonts import render_paragraph
from game.ui.tween import Smooth
from game.ui.widgets import Button, TextFn


class ImageButton(Button):
    """``image`` drawn in ``rect`` (centred); ``label`` (optional) is written under it.

    It clicks, refuses and explains itself exactly as a ``Button``; only its look differs.
    """

    def __init__(self, rect, image: pygame.Surface, on_click: Callable[[], None], *, label: TextFn | None = None,
                 badge: TextFn | None = None, enabled_fn: Callable[[], bool] | None = None,
                 reason: TextFn | None = None, tooltip: TextFn | None = None, sound: str = "click"):
        super().__init__(rect, label or "", on_click, enabled_fn=enabled_fn, reason=reason, tooltip=tooltip,
                         sound=sound)
        self.image = image
        self.caption = label
        self.badge = badge
        self.lift = Smooth(0.0, 16.0)
        self._faded: pygame.Surface | None = None

    def image_rect(self) -> pygame.Rect:
        rect = self.image.get_rect(center=self.rect.center)
        if self.caption:
            rect.top = self.rect.top
        return rect

    def update(self, dt: float) -> None:
        self.lift.target = 8.0 if (self.hovered and self.enabled) or self.selected else 0.0
        self.lift.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        rect = self.image_rect()
        glow = theme.ACCENT if self.selected else (theme.HIGHLIGHT if self.hovered and self.enabled else None)
        image = self.image
        if not self.enabled:
            if self._faded is None:
                self._faded = self.image.copy()
                self._faded.set_alpha(110)
            image = self._faded
        blit_card(surface, image, rect, self.lift.value, glow)
        if self.badge:
            text = self.badge()
            if text:
                count_badge(surface, (rect.right - 4, rect.top + 4 - self.lift.value), text, 13)
        if self.caption:
            words = render_paragraph(self.caption(), 16, theme.INK if self.enabled else theme.INK_FAINT,
                                     self.rect.width + 16, align="center")
            surface.blit(words, words.get_rect(midtop=(self.rect.centerx, rect.bottom + 6)))
