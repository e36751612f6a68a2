"""The pieces on the island drawn by code: roads, settlements, cities and the robber.

A piece is drawn by the painter of its kind (a ``PiecePainter``) in a ``Paint``: the body colour of
the colour it belongs to, its rim, and that colour's mark when marks are shown. A painter draws its
piece on its spot (growing or dropping in while it lands, outlined when a click would act on it),
see-through as the ghost of what a click would build, and small as an icon (costs, pieces left, the
log). The board layer keeps the painters by kind, so a game adds a kind of piece with a painter.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.games.catan.shown import Piece
from game.ui import theme
from game.ui.draw import for_display
from game.ui.fonts import render_text

GHOST_ALPHA = 150
DROP_HEIGHT = 26
"""How far above its corner a building starts when it drops into place."""


@dataclass(frozen=True)
class Paint:
    """How the pieces of one colour are painted: body, rim, and the mark drawn on them (None: no mark)."""

    body: tuple
    rim: tuple
    mark: str | None = None

    @property
    def ink(self) -> tuple:
        """The colour of the mark: dark on a pale body, white on a dark one."""
        return theme.INK if sum(self.body) > 500 else theme.WHITE


PALE_RIM = (90, 90, 86)
"""The rim of a pale colour's pieces (a dark rim would look like a hole)."""


def paint_of(style, marks: bool) -> Paint:
    """How the pieces of a player style are painted; with its symbol when ``marks``."""
    rim = PALE_RIM if sum(style.colour) > 600 else theme.INK
    return Paint(style.colour, rim, style.symbol if marks else None)


def ghost_polygon(surface: pygame.Surface, points, paint: Paint, alpha: int = GHOST_ALPHA) -> None:
    """A see-through piece (what a click would build), drawn on a small layer the size of the piece."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = pygame.Rect(int(min(xs)) - 3, int(min(ys)) - 3, int(max(xs) - min(xs)) + 7, int(max(ys) - min(ys)) + 7)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    shifted = [(x - box.x, y - box.y) for x, y in points]
    pygame.draw.polygon(layer, (*paint.body, alpha), shifted)
    pygame.draw.polygon(layer, (*paint.rim, min(255, alpha + 60)), shifted, 2)
    surface.blit(layer, box.topleft)


class PiecePainter:
    """How one kind of piece is drawn. ``place`` is the kind of spot it stands on: "v" (a corner) or "e"
    (a path). ``piece`` is handed to every method, so a painter of a piece with more to it (a knight's
    strength) reads it there."""

    place = "v"

    def draw(self, surface: pygame.Surface, geometry, index: int, piece: Piece, paint: Paint, progress: float = 1.0,
             outline=None) -> None:
        """The piece on spot ``index``; ``progress`` runs 0 to 1 while it lands; ``outline`` marks it as lit."""
        raise NotImplementedError

    def ghost(self, surface: pygame.Surface, geometry, index: int, piece: Piece, paint: Paint) -> None:
        raise NotImplementedError

    def icon(self, size: int, paint: Paint) -> pygame.Surface:
        """The piece alone on a ``size`` square (cached)."""
        return _icon(self, size, paint)

    def draw_icon(self, surface: pygame.Surface, size: int, paint: Paint) -> None:
        raise NotImplementedError


@lru_cache(maxsize=128)
def _icon(painter: PiecePainter, size: int, paint: Paint) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    painter.draw_icon(surface, size, paint)
    return for_display(surface)


class RoadPainter(PiecePainter):
    """A road: a bar along its path that grows from the middle as it is laid."""

    place = "e"

    def draw(self, surface, geometry, index, piece, paint, progress=1.0, outline=None) -> None:
        points = geometry.road_polygon(index, 0.3 + 0.7 * progress)
        pygame.draw.polygon(surface, (40, 40, 36), [p + pygame.Vector2(2, 3) for p in points])
        pygame.draw.polygon(surface, paint.body, points)
        pygame.draw.polygon(surface, paint.rim, points, 2)
        if paint.mark:
            mid = (points[0] + points[2]) / 2
            mark = render_text(paint.mark, geometry.radius * 0.2, paint.ink)
            surface.blit(mark, mark.get_rect(center=mid))

    def ghost(self, surface, geometry, index, piece, paint) -> None:
        ghost_polygon(surface, geometry.road_polygon(index, 1.0), paint)

    def draw_icon(self, surface, size, paint) -> None:
        rect = pygame.Rect(0, 0, size * 0.9, size * 0.28)
        road = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(road, paint.body, road.get_rect(), border_radius=2)
        pygame.draw.rect(road, paint.rim, road.get_rect(), 2, border_radius=2)
        turned = pygame.transform.rotate(road, 30)
        surface.blit(turned, turned.get_rect(center=(size / 2, size / 2)))


class BuildingPainter(PiecePainter):
    """A building on a corner: its outline, a lit side, a shadow, the mark on its front; it drops into place."""

    size = 0.36
    """Its size on the board, in hex radii."""
    ghost_size = 0.4
    icon_scale = 0.8
    mark_size = 0.48

    def points(self, x: float, y: float, s: float) -> list[tuple[float, float]]:
        raise NotImplementedError

    def lit_side(self, points, x: float, y: float, s: float) -> list[tuple[float, float]]:
        raise NotImplementedError

    def mark_at(self, x: float, y: float, s: float) -> tuple[float, float]:
        raise NotImplementedError

    def draw(self, surface, geometry, index, piece, paint, progress=1.0, outline=None) -> None:
        x, y = geometry.vertices[index]
        self.draw_at(surface, (x, y - (1 - progress) * DROP_HEIGHT), geometry.radius * self.size, paint, outline)

    def ghost(self, surface, geometry, index, piece, paint) -> None:
        x, y = geometry.vertices[index]
        ghost_polygon(surface, self.points(x, y - 4, geometry.radius * self.ghost_size), paint)

    def draw_icon(self, surface, size, paint) -> None:
        self.draw_at(surface, (size / 2, size / 2 + size * 0.04), size * self.icon_scale, paint)

    def draw_at(self, surface: pygame.Surface, centre, size: float, paint: Paint, outline=None) -> None:
        """The building of ``size`` pixels around ``centre``, dark-rimmed (or outlined), with its mark if any."""
        x, y = centre
        points = self.points(x, y, size)
        shadow = [(px + 3, py + 4) for px, py in points]
        pygame.draw.polygon(surface, (0, 0, 0, 90) if surface.get_flags() & pygame.SRCALPHA else (40, 44, 40), shadow)
        pygame.draw.polygon(surface, paint.body, points)
        pygame.draw.polygon(surface, theme.mix(paint.body, theme.WHITE, 0.35), self.lit_side(points, x, y, size))
        pygame.draw.polygon(surface, outline or paint.rim, points, 2 if outline is None else 4)
        if paint.mark:
            mark = render_text(paint.mark, size * self.mark_size, paint.ink)
            surface.blit(mark, mark.get_rect(center=self.mark_at(x, y, size)))


class SettlementPainter(BuildingPainter):
    def points(self, x, y, s):
        return [(x - s * 0.5, y + s * 0.42), (x - s * 0.5, y - s * 0.1), (x, y - s * 0.55), (x + s * 0.5, y - s * 0.1),
                (x + s * 0.5, y + s * 0.42)]

    def lit_side(self, points, x, y, s):
        return [points[1], points[2], (x, y - s * 0.38), (x - s * 0.36, y - s * 0.02)]

    def mark_at(self, x, y, s):
        return x, y + s * 0.14


class CityPainter(BuildingPainter):
    icon_scale = 0.66
    mark_size = 0.5

    def points(self, x, y, s):
        return [(x - s * 0.72, y + s * 0.42), (x - s * 0.72, y - s * 0.2), (x - s * 0.36, y - s * 0.5),
                (x, y - s * 0.2), (x, y - s * 0.28), (x + s * 0.12, y - s * 0.28), (x + s * 0.12, y - s * 0.02),
                (x + s * 0.72, y - s * 0.02), (x + s * 0.72, y + s * 0.42)]

    def lit_side(self, points, x, y, s):
        return points[1:4]

    def mark_at(self, x, y, s):
        return x - s * 0.36, y + s * 0.12


BASE_PAINTERS = {"road": RoadPainter(), "settlement": SettlementPainter(), "city": CityPainter()}
"""The painters of base Catan's pieces, by kind."""


@lru_cache(maxsize=8)
def robber_image(radius: int) -> pygame.Surface:
    """The robber: a dark grey pawn with a soft highlight."""
    w, h = int(radius * 0.7), int(radius * 1.1)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    body, edge = (78, 74, 80), (30, 28, 32)
    base = pygame.Rect(w * 0.08, h * 0.78, w * 0.84, h * 0.2)
    pygame.draw.ellipse(surface, body, base)
    pygame.draw.ellipse(surface, edge, base, 2)
    torso = [(w * 0.2, h * 0.86), (w * 0.32, h * 0.4), (w * 0.68, h * 0.4), (w * 0.8, h * 0.86)]
    pygame.draw.polygon(surface, body, torso)
    pygame.draw.polygon(surface, edge, torso, 2)
    pygame.draw.circle(surface, body, (w / 2, h * 0.28), w * 0.24)
    pygame.draw.circle(surface, edge, (w / 2, h * 0.28), w * 0.24, 2)
    pygame.draw.circle(surface, (140, 136, 146), (w * 0.43, h * 0.22), w * 0.07)
    pygame.draw.line(surface, (120, 116, 126), (w * 0.38, h * 0.48), (w * 0.42, h * 0.78), 2)
    return for_display(surface)
