"""Cards and moving pieces shared by every table: card faces and backs, hands, flying sprites.

Cards are rounded paper rectangles with a soft shadow; backs carry a woven pattern. A ``Sprite``
glides to its target with eased motion, so a card dealt, drawn or played is seen travelling.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.draw import for_display, shadow_surface
from game.ui.tween import Smooth, Tween, ease_in_out


@lru_cache(maxsize=64)
def card_blank(width: int, height: int, paper=theme.PAPER, edge=theme.PAPER_DARK, radius: int = 10) -> pygame.Surface:
    """An empty card face: paper with a thin darker edge."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, paper, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, edge, surface.get_rect(), 2, border_radius=radius)
    return for_display(surface)


@lru_cache(maxsize=32)
def card_back(width: int, height: int, colour=(58, 84, 120), accent=(214, 186, 120),
              radius: int = 10) -> pygame.Surface:
    """A card back: a coloured field with a diamond lattice inside a paper border."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.PAPER, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-10, -10)
    pygame.draw.rect(surface, colour, inner, border_radius=max(2, radius - 4))
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(8, width // 6)
    line = (*accent, 90)
    for offset in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(lattice, line, (offset, 0), (offset + inner.height, inner.height), 2)
        pygame.draw.line(lattice, line, (offset + inner.height, 0), (offset, inner.height), 2)
    surface.blit(lattice, inner.topleft)
    pygame.draw.rect(surface, accent, inner.inflate(-8, -8), 2, border_radius=max(2, radius - 6))
    centre = inner.center
    r = min(inner.width, inner.height) // 5
    pygame.draw.polygon(surface, accent, [(centre[0], centre[1] - r), (centre[0] + r, centre[1]),
                                          (centre[0], centre[1] + r), (centre[0] - r, centre[1])])
    pygame.draw.polygon(surface, colour, [(centre[0], centre[1] - r // 2), (centre[0] + r // 2, centre[1]),
                                          (centre[0], centre[1] + r // 2), (centre[0] - r // 2, centre[1])])
    return for_display(surface)


def blit_card(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, lift: float = 0.0,
              glow: tuple | None = None) -> None:
    """Draw a card image at ``rect`` with its shadow; ``lift`` raises it (hover) and deepens the shadow."""
    shadow = 4 + int(lift * 0.5)
    surface.blit(shadow_surface(rect.width, rect.height, 10, shadow), (rect.x - shadow, rect.y - shadow // 2 + 2))
    drawn = rect.move(0, -round(lift))
    if glow:
        pygame.draw.rect(surface, glow, drawn.inflate(8, 8), 4, border_radius=14)
    surface.blit(image, drawn)


def row_positions(count: int, area: pygame.Rect, card_width: int, gap: int = 12) -> list[int]:
    """x of each of ``count`` cards centred in ``area``, overlapping when they don't fit."""
    if count <= 0:
        return []
    step = card_width + gap
    if count * step - gap > area.width:
        step = (area.width - card_width) / max(1, count - 1)
    total = step * (count - 1) + card_width
    start = area.centerx - total / 2
    return [round(start + i * step) for i in range(count)]


class Sprite:
    """Something drawn that glides to where it belongs (cards, pieces, flying resources).

    ``pos`` follows a tween from where it was to ``target`` over ``duration`` seconds, arcing up by
    ``arc`` pixels at mid-flight; ``scale`` and ``alpha`` can animate too.
    """

    def __init__(self, image: pygame.Surface, pos, key=None):
        self.image = image
        self.key = key
        self.start = pygame.Vector2(pos)
        self.pos = pygame.Vector2(pos)
        self.target = pygame.Vector2(pos)
        self.tween: Tween | None = None
        self.arc = 0.0
        self.alpha = 255
        self.fade: Tween | None = None
        self.hover = Smooth(0.0, 14.0)

    def move_to(self, target, duration: float = 0.35, arc: float = 0.0, delay: float = 0.0) -> None:
        self.start = pygame.Vector2(self.pos)
        self.target = pygame.Vector2(target)
        self.arc = arc
        self.tween = Tween(0.0, 1.0, duration, ease_in_out, delay=delay)

    def fade_to(self, alpha: int, duration: float = 0.3, delay: float = 0.0) -> None:
        self.fade = Tween(self.alpha, alpha, duration, ease_in_out, delay=delay)

    @property
    def moving(self) -> bool:
        return (self.tween is not None and not self.tween.done) or (self.fade is not None and not self.fade.done)

    def update(self, dt: float) -> None:
        self.hover.update(dt)
        if self.tween is not None:
            t = self.tween.update(dt)
            self.pos = self.start.lerp(self.target, t)
            self.pos.y -= math.sin(math.pi * t) * self.arc
            if self.tween.done:
                self.pos = pygame.Vector2(self.target)
                self.tween = None
        if self.fade is not None:
            self.alpha = round(self.fade.update(dt))
            if self.fade.done:
                self.fade = None

    def finish(self) -> None:
        self.pos = pygame.Vector2(self.target)
        self.tween = None
        if self.fade is not None:
            self.alpha = round(self.fade.end)
            self.fade = None

    def rect(self) -> pygame.Rect:
        return self.image.get_rect(topleft=(round(self.pos.x), round(self.pos.y)))

    def draw(self, surface: pygame.Surface, shadow: bool = True) -> None:
        if self.alpha <= 0:
            return
        rect = self.rect()
        if shadow:
            lift = self.hover.value * 10
            blit_card(surface, self._faded(), rect, lift)
        else:
            surface.blit(self._faded(), rect)

    def _faded(self) -> pygame.Surface:
        if self.alpha >= 255:
            return self.image
        image = self.image.copy()
        image.set_alpha(self.alpha)
        return image


class FloatingText:
    """A short text that rises and fades (points scored, "+1")."""

    def __init__(self, image: pygame.Surface, pos, rise: float = 40.0, duration: float = 1.2):
        self.image = image
        self.origin = pygame.Vector2(pos)
        self.rise = rise
        self.tween = Tween(0.0, 1.0, duration)

    @property
    def done(self) -> bool:
        return self.tween.done

    def reach(self) -> pygame.Rect:
        """The strip the words cover from where they are now to where they end."""
        now = self.image.get_rect(center=(self.origin.x, self.origin.y - self.rise * self.tween.value))
        return now.union(self.image.get_rect(center=(self.origin.x, self.origin.y - self.rise)))

    def update(self, dt: float) -> None:
        self.tween.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.tween.value
        image = self.image.copy()
        image.set_alpha(round(255 * (1 - t * t)))
        surface.blit(image, image.get_rect(center=(self.origin.x, self.origin.y - self.rise * t)))
