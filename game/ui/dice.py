"""Dice drawn by code and a roll that tumbles before it settles, for any table that rolls dice.

A die face is an ivory rounded square with its pips, cached per value and size. ``DiceRoll`` shows
the dice a game reports: ``roll(values)`` makes them tumble (faces flicker, the dice hop and turn)
for a moment, then settle on ``values``; ``busy`` is true while they tumble.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.draw import for_display, shadow_surface
from game.ui.tween import Tween, ease_out

IVORY = (250, 246, 234)
IVORY_EDGE = (196, 184, 160)
PIP = (44, 36, 30)

PIP_LAYOUT = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)),
}


@lru_cache(maxsize=64)
def die_face(value: int, size: int, pip=PIP, body=IVORY) -> pygame.Surface:
    """One face of a die: rounded ivory square, soft inner bevel, ``value`` pips."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 6)
    pygame.draw.rect(surface, IVORY_EDGE, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, body, surface.get_rect().inflate(-3, -4).move(0, -1), border_radius=radius)
    pygame.draw.rect(surface, theme.mix(body, theme.WHITE, 0.6), surface.get_rect().inflate(-size // 3, -size // 3)
                     .move(-size // 10, -size // 10), border_radius=radius)
    pygame.draw.rect(surface, body, surface.get_rect().inflate(-size // 5, -size // 5), border_radius=radius)
    r = max(2, round(size * 0.085))
    for fx, fy in PIP_LAYOUT[value]:
        centre = (round(fx * size), round(fy * size))
        pygame.draw.circle(surface, theme.mix(pip, theme.BLACK, 0.4), (centre[0], centre[1] + 1), r)
        pygame.draw.circle(surface, pip, centre, r)
    return for_display(surface)


class DiceRoll:
    """Two (or more) dice that tumble when rolled and then show the values rolled."""

    def __init__(self, count: int = 2, size: int = 52, seed: int = 11):
        self.values: list[int] = [6] * count
        self.size = size
        self.rng = random.Random(seed)
        self.tumble: Tween | None = None
        self.faces = list(self.values)
        self.flicker = 0.0
        self.angles = [0.0] * count

    @property
    def busy(self) -> bool:
        return self.tumble is not None and not self.tumble.done

    def roll(self, values, duration: float = 0.7) -> None:
        self.values = list(values)
        self.tumble = Tween(0.0, 1.0, duration, ease_out)
        self.angles = [self.rng.uniform(-200, 200) for _ in self.values]

    def show(self, values) -> None:
        """Put the dice on ``values`` at once (after a rewind)."""
        self.values = list(values)
        self.faces = list(values)
        self.tumble = None

    def finish(self) -> None:
        self.tumble = None
        self.faces = list(self.values)

    def update(self, dt: float) -> None:
        if self.tumble is None:
            return
        self.tumble.update(dt)
        self.flicker += dt
        if self.tumble.done:
            self.finish()
        elif self.flicker > 0.06 + 0.12 * self.tumble.value:
            self.flicker = 0.0
            self.faces = [self.rng.randint(1, 6) for _ in self.values]

    def draw(self, surface: pygame.Surface, centre, gap: int = 14) -> list[pygame.Rect]:
        """Draw the dice side by side around ``centre``; returns where each landed."""
        n = len(self.values)
        t = 1.0 if self.tumble is None else self.tumble.value
        total = n * self.size + (n - 1) * gap
        x = centre[0] - total / 2
        rects = []
        for i in range(n):
            hop = math.sin(t * math.pi * 3) * (1 - t) * self.size * 0.5
            angle = self.angles[i] * (1 - t)
            face = die_face(self.faces[i], self.size)
            if abs(angle) > 0.5:
                face = pygame.transform.rotozoom(face, angle, 1.0)
            cx, cy = x + self.size / 2 + i * (self.size + gap), centre[1] - abs(hop)
            shadow = shadow_surface(self.size, self.size, self.size // 6, 5)
            surface.blit(shadow, (cx - self.size / 2 - 5, centre[1] - self.size / 2 + 2))
            rect = face.get_rect(center=(round(cx), round(cy)))
            surface.blit(face, rect)
            rects.append(rect)
        return rects
