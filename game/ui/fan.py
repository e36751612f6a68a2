"""A hand of cards held as a fan: positions and tilts that spread with the count, cached turned images.

``fan_layout`` gives each card's centre and angle inside an area: a gentle arc, tighter as the
hand grows; ``turned`` rotates a (cached) card image once per angle; ``fan_hit`` finds the card
under a point, the topmost (rightmost) first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame


@dataclass(frozen=True)
class FanSlot:
    """Where one card of a fan sits: its centre, its tilt in degrees (positive leans left) and its rect."""

    centre: tuple[float, float]
    angle: float
    rect: pygame.Rect


def fan_layout(count: int, area: pygame.Rect, card_size: tuple[int, int], max_step: float | None = None,
               spread: float = 3.0, max_spread: float = 16.0, arc: float = 0.35) -> list[FanSlot]:
    """``count`` cards centred in ``area`` (their tops at ``area.y``), overlapping when they must.

    ``spread`` degrees between neighbours up to ``max_spread`` in all; ``arc`` lowers the outer
    cards by that share of the horizontal distance times the tilt, so the fan curves.
    """
    if count <= 0:
        return []
    width, height = card_size
    step = max_step if max_step is not None else width * 0.8
    if count > 1:
        step = min(step, (area.width - width) / (count - 1))
    total_angle = min(max_spread, spread * (count - 1))
    slots = []
    for i in range(count):
        offset = i - (count - 1) / 2
        x = area.centerx + offset * step
        angle = -total_angle * offset / max(1, (count - 1) / 2) / 2 if count > 1 else 0.0
        drop = abs(offset * step) * math.sin(math.radians(abs(angle))) * arc
        centre = (x, area.y + height / 2 + drop)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (round(centre[0]), round(centre[1]))
        slots.append(FanSlot(centre, angle, rect))
    return slots


@lru_cache(maxsize=256)
def turned(image: pygame.Surface, angle: float) -> pygame.Surface:
    """``image`` rotated by ``angle`` degrees (rounded to a half degree, so the cache stays small)."""
    quantised = round(angle * 2) / 2
    if quantised == 0:
        return image
    return pygame.transform.rotozoom(image, quantised, 1.0)


def fan_hit(slots: list[FanSlot], pos) -> int | None:
    """The index of the topmost card whose (unturned) rectangle holds ``pos``."""
    for index in range(len(slots) - 1, -1, -1):
        if slots[index].rect.collidepoint(pos):
            return index
    return None
