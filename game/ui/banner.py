"""Announcements over a table: a banner that eases in, holds, and fades (a reshuffle, a game-ending card).

A table keeps one ``Banner`` while it plays and draws it over its board; the banner times itself with
the animation-speed setting, so a table's timeline and its banner stay in step.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.draw import panel
from game.ui.fonts import render_paragraph, render_text
from game.ui.tween import Tween, ease_out

APPEAR = 0.25
FADE = 0.3


class Banner:
    """A title and a line of detail in a paper panel, shown for ``duration`` seconds."""

    def __init__(self, title: str, detail: str = "", duration: float = 1.6, width: int = 620,
                 accent=theme.ACCENT):
        self.title = title
        self.detail = detail
        self.width = width
        self.accent = accent
        self.clock = Tween(0.0, duration, duration, lambda t: t)
        self._layer: pygame.Surface | None = None

    @property
    def done(self) -> bool:
        return self.clock.done

    def update(self, dt: float) -> None:
        self.clock.update(dt)

    def layer(self) -> pygame.Surface:
        """The panel with its texts, drawn once; each frame only moves and fades it."""
        if self._layer is None:
            head = render_text(self.title, 34, theme.INK, bold=True)
            body = render_paragraph(self.detail, 21, theme.INK_SOFT, self.width - 48, align="center") \
                if self.detail else None
            height = 34 + head.get_height() + (body.get_height() + 10 if body else 0)
            layer = pygame.Surface((self.width + 24, height + 24), pygame.SRCALPHA)
            rect = pygame.Rect(12, 8, self.width, height)
            panel(layer, rect, theme.PAPER, radius=16, shadow=8, border=self.accent, border_width=3)
            layer.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 16)))
            if body:
                layer.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 22 + head.get_height())))
            self._layer = layer
        return self._layer

    def draw(self, surface: pygame.Surface, centre) -> None:
        elapsed, total = self.clock.value, self.clock.end
        rise = ease_out(min(1.0, elapsed / APPEAR))
        fade = min(1.0, max(0.0, (total - elapsed) / FADE))
        layer = self.layer()
        layer.set_alpha(round(255 * fade))
        surface.blit(layer, layer.get_rect(center=(centre[0], centre[1] + round((1 - rise) * 26))))
