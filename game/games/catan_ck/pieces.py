"""Cities & Knights' pieces on the island, drawn by code: knights, city walls and metropolises.

A knight is a round shield on its corner, in its owner's colour, with one, two or three chevrons for
its strength. An active knight stands with a raised banner and a gold rim; an inactive one is hatched
grey across its face and has no banner, so the two differ by shape and pattern, not only by colour.
A city wall is a stone ring under its city; a metropolis is a tower over its city with a flag in its
track's colour and the track's commodity on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.games.catan.pieces import PiecePainter, ghost_polygon
from game.games.catan.shown import Piece
from game.games.catan_ck.card_art import TRACK_COLOUR, kind_icon
from game.games.catan_ck.cards import KINDS, TRACK_COMMODITY, TRACKS
from game.ui import theme
from game.ui.draw import for_display
from game.ui.fonts import render_text

GOLD = (236, 196, 72)
STONE = (150, 146, 136)
RESTING = (128, 124, 118)
"""The hatching across an inactive knight."""


@dataclass(frozen=True)
class KnightPiece(Piece):
    """A knight: its strength (1 basic, 2 strong, 3 mighty) and whether it is active."""

    strength: int = 1
    active: bool = False


@dataclass(frozen=True)
class MetropolisPiece(Piece):
    track: str = "trade"


class KnightPainter(PiecePainter):
    """A knight's shield on a corner; ``size`` in hex radii."""

    size = 0.3

    def shield(self, x: float, y: float, r: float) -> list[tuple[float, float]]:
        return [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x + r, y + r * 0.1), (x, y + r), (x - r, y + r * 0.1)]

    def draw(self, surface, geometry, index, piece, paint, progress=1.0, outline=None) -> None:
        x, y = geometry.vertices[index]
        self.draw_at(surface, (x, y - (1 - progress) * 20), geometry.radius * self.size, piece, paint, outline)

    def draw_at(self, surface, centre, r: float, piece, paint, outline=None) -> None:
        image = knight_image(round(r), getattr(piece, "strength", 1), getattr(piece, "active", True), paint, outline)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1] - r * 0.5))))

    def paint_at(self, surface, centre, r: float, strength: int, active: bool, paint, outline=None) -> None:
        """The knight around ``centre`` (its shield's middle) on ``surface``."""
        x, y = centre
        if active:
            pole = (x + r * 0.55, y - r * 0.7)
            pygame.draw.line(surface, theme.INK, pole, (pole[0], pole[1] - r * 1.1), max(2, int(r / 7)))
            top = pole[1] - r * 1.1
            flag = [(pole[0], top), (pole[0] + r * 0.75, top + r * 0.2), (pole[0], top + r * 0.45)]
            pygame.draw.polygon(surface, paint.body, flag)
            pygame.draw.polygon(surface, theme.INK, flag, 1)
        points = self.shield(x, y, r)
        pygame.draw.polygon(surface, (40, 44, 40), [(px + 2, py + 3) for px, py in points])
        pygame.draw.polygon(surface, paint.body, points)
        if not active:
            self.hatch(surface, points, r)
        rim = outline or (GOLD if active else paint.rim)
        pygame.draw.polygon(surface, rim, points, 4 if outline or active else 2)
        ink = paint.ink
        for k in range(strength):
            cy = y - r * 0.45 + k * r * 0.42
            chevron = [(x - r * 0.55, cy), (x, cy + r * 0.3), (x + r * 0.55, cy)]
            pygame.draw.lines(surface, ink, False, chevron, max(2, int(r / 5)))
        if paint.mark:
            mark = render_text(paint.mark, r * 0.7, ink)
            surface.blit(mark, mark.get_rect(center=(x - r * 0.85, y + r * 0.75)))

    @staticmethod
    def hatch(surface, points, r: float) -> None:
        """Grey stripes across the shield: the knight rests."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        mask = [(px - box.x, py - box.y) for px, py in points]
        pygame.draw.polygon(layer, (*RESTING, 255), mask)
        step = max(4, int(r / 2.5))
        for offset in range(-box.height, box.width, step):
            pygame.draw.line(layer, (0, 0, 0, 0), (offset, box.height), (offset + box.height, 0), max(2, step // 2))
        surface.blit(layer, box.topleft)

    def ghost(self, surface, geometry, index, piece, paint) -> None:
        x, y = geometry.vertices[index]
        ghost_polygon(surface, self.shield(x, y, geometry.radius * self.size * 1.1), paint)


    def draw_icon(self, surface, size, paint) -> None:
        self.draw_at(surface, (size / 2, size * 0.58), size * 0.36, KnightPiece("knight", 0, 1, True), paint)


@lru_cache(maxsize=256)
def knight_image(r: int, strength: int, active: bool, paint, outline) -> pygame.Surface:
    """A knight drawn once per look: its shield of radius ``r`` in the middle of the lower half, its banner above."""
    size = r * 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    KNIGHT.paint_at(surface, (size / 2, size / 2 + r * 0.5), r, strength, active, paint, outline)
    return for_display(surface)

class WallPainter(PiecePainter):
    """A city wall: a ring of stones under the city, its top edge in the owner's colour."""

    def draw(self, surface, geometry, index, piece, paint, progress=1.0, outline=None) -> None:
        x, y = geometry.vertices[index]
        self.draw_at(surface, (x, y), geometry.radius * 0.36 * (0.6 + 0.4 * progress), paint)

    def draw_at(self, surface, centre, s: float, paint) -> None:
        x, y = centre
        ring = pygame.Rect(0, 0, s * 2.2, s * 1.1)
        ring.center = (x, y + s * 0.3)
        pygame.draw.ellipse(surface, (40, 44, 40), ring.move(2, 3))
        pygame.draw.ellipse(surface, STONE, ring)
        for k in range(7):
            bx = ring.x + ring.width * (k + 0.5) / 7
            pygame.draw.line(surface, theme.mix(STONE, theme.INK, 0.5), (bx, ring.y + 2), (bx, ring.bottom - 2), 1)
        pygame.draw.ellipse(surface, paint.body, ring, max(2, int(s / 8)))
        pygame.draw.ellipse(surface, theme.INK, ring, 1)

    def ghost(self, surface, geometry, index, piece, paint) -> None:
        x, y = geometry.vertices[index]
        s = geometry.radius * 0.36
        ring = pygame.Rect(0, 0, s * 2.2, s * 1.1)
        ring.center = (x, y + s * 0.3)
        pygame.draw.ellipse(surface, paint.body, ring, 4)

    def draw_icon(self, surface, size, paint) -> None:
        self.draw_at(surface, (size / 2, size * 0.4), size * 0.42, paint)


class MetropolisPainter(PiecePainter):
    """A tower over the city with a flag of its track and the track's commodity on the tower."""

    def draw(self, surface, geometry, index, piece, paint, progress=1.0, outline=None) -> None:
        x, y = geometry.vertices[index]
        self.draw_at(surface, (x + geometry.radius * 0.16, y - geometry.radius * 0.16), geometry.radius * 0.36,
                     getattr(piece, "track", "trade"), paint)

    def draw_at(self, surface, centre, s: float, track: str, paint) -> None:
        x, y = centre
        tower = pygame.Rect(0, 0, s * 0.5, s * 0.95)
        tower.midbottom = (x, y + s * 0.2)
        pygame.draw.rect(surface, (40, 44, 40), tower.move(2, 3))
        pygame.draw.rect(surface, paint.body, tower)
        pygame.draw.rect(surface, theme.mix(paint.body, theme.WHITE, 0.35), (tower.x, tower.y, tower.width / 3,
                                                                             tower.height))
        roof = [(tower.x - 2, tower.y), (tower.centerx, tower.y - s * 0.4), (tower.right + 2, tower.y)]
        colour = TRACK_COLOUR[track]
        pygame.draw.polygon(surface, colour, roof)
        pygame.draw.polygon(surface, theme.INK, roof, 1)
        pygame.draw.rect(surface, paint.rim, tower, 2)
        icon = kind_icon(KINDS[TRACK_COMMODITY[TRACKS.index(track)]], max(8, int(s * 0.42)))
        surface.blit(icon, icon.get_rect(center=(tower.centerx, tower.centery + s * 0.08)))

    def ghost(self, surface, geometry, index, piece, paint) -> None:
        self.draw(surface, geometry, index, piece, paint)

    def draw_icon(self, surface, size, paint) -> None:
        self.draw_at(surface, (size / 2, size * 0.7), size * 0.6, "trade", paint)


KNIGHT = KnightPainter()
CK_PAINTERS = {"knight": KNIGHT, "wall": WallPainter(), "metropolis": MetropolisPainter()}
"""The painters of the expansion's pieces, added to base Catan's."""
