"""Small round badges with a number or a short word: how many cards are left, how many copies in a stack."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import render_text


def count_badge(surface: pygame.Surface, centre, text, radius: int = 15, fill=theme.WOOD_DARK,
                ring=theme.PAPER, ink=theme.PAPER) -> pygame.Rect:
    """A filled circle (a pill for longer text) with ``text`` in it; returns the rectangle drawn."""
    label = render_text(str(text), max(11, round(radius * 1.1)), ink, bold=True)
    width = max(2 * radius, label.get_width() + radius)
    rect = pygame.Rect(0, 0, width, 2 * radius)
    rect.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, ring, rect, 2, border_radius=radius)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect


def corner_badge(surface: pygame.Surface, rect: pygame.Rect, count, radius: int = 15) -> pygame.Rect:
    """``count_badge`` on the top right corner of a card or pile at ``rect``: how many it stands for."""
    return count_badge(surface, (rect.right - 4, rect.top + 4), count, radius)
