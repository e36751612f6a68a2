"""Regions of a screen drawn once and blitted again while what they show stays the same.

A table redraws every frame, but most of its panels change only when the game does. ``RegionCache``
keeps the finished pixels of a region (what was under it included, so blitting them back gives the very
same frame) with the key of everything the drawing read, and the tooltips it registered, and draws
afresh when the key changes. The key must name every input of the drawing: the state shown, whose
screen it is, the language and the text floor (``region_key``), anything that moves with the mouse
or with time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.core import i18n
from game.ui import fonts


def region_key(*parts) -> tuple:
    """``parts`` with what every drawing of text depends on: the language and the text floor."""
    return (i18n.language(), fonts.text_floor(), *parts)


class RegionCache:
    """Finished pictures of named regions, each with the key it was drawn for."""

    def __init__(self):
        self._pictures: dict[Hashable, tuple[tuple, pygame.Surface, list]] = {}

    def draw(self, surface: pygame.Surface, name: Hashable, rect: pygame.Rect, key: tuple,
             draw: Callable[[], None], zones: list | None = None) -> None:
        """Draw region ``name`` (everything ``draw`` paints lies within ``rect``) as it was drawn for
        ``key``, or call ``draw`` and keep the result. The tooltip ``zones`` the drawing appended to
        (a list) are appended again each time the picture is reused."""
        kept = self._pictures.get(name)
        area = pygame.Rect(rect).clip(surface.get_rect())
        if kept is not None and kept[0] == key:
            self._pictures[name] = (key, kept[1], kept[2])  # the next frame compares with the newest objects
            surface.blit(kept[1], area)
            if zones is not None:
                zones.extend(kept[2])
            return
        before = len(zones) if zones is not None else 0
        draw()
        added = zones[before:] if zones is not None else []
        self._pictures[name] = (key, surface.subsurface(area).copy(), added)
