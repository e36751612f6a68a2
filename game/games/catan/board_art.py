"""The Catan island drawn by code: where it lies on screen (``Geometry``), terrain tiles, number
tokens, and the sea frame with its harbours.

Everything here is static and drawn once per size and cached: the whole island with its tokens and
harbours is one surface, and so is the empty sea frame shown while the island is laid out. The cards
are in ``card_art``, the pieces in ``pieces``.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.games.catan import board
from game.games.catan.card_art import resource_icon
from game.ui import theme
from game.ui.draw import for_display
from game.ui.fonts import render_text

SQRT3 = math.sqrt(3.0)

TERRAIN_BASE = {
    "hills": (194, 104, 62), "forest": (58, 114, 60), "mountains": (140, 142, 150),
    "fields": (228, 188, 74), "pasture": (152, 202, 98), "desert": (232, 208, 152),
}
SEA = (46, 112, 164)
SEA_DEEP = (30, 82, 132)
SHALLOW = (120, 176, 196)
SAND = (226, 206, 156)
TOKEN = (246, 232, 196)
TOKEN_RED = (196, 36, 28)
WOOD_PIER = (120, 82, 48)


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon, from the top corner clockwise."""
    return [(cx + radius * math.cos(math.radians(-90 + 60 * k)), cy + radius * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


class Geometry:
    """Where the island lies on screen: hex radius ``radius`` pixels, centred in ``rect``."""

    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.radius = int(min(rect.width / 12.2, rect.height / 11.1))
        self.centre = (rect.centerx, rect.centery)
        self.hexes = tuple(self.point(p) for p in board.HEX_CENTRES)
        self.vertices = tuple(self.point(p) for p in board.VERTEX_POSITIONS)
        self.edges = tuple(self.point(p) for p in board.EDGE_POSITIONS)
        self.sea = tuple(self.point(p) for p in board.SEA_CENTRES)
        self.harbours = tuple(self.point(p) for p in board.HARBOUR_SEA_CENTRES)

    def point(self, p) -> tuple[float, float]:
        return self.centre[0] + p[0] * self.radius, self.centre[1] + p[1] * self.radius

    def local(self, p) -> tuple[float, float]:
        """A screen point in the coordinates of the island layer (its top left at ``rect.topleft``)."""
        return p[0] - self.rect.x, p[1] - self.rect.y

    def nearest(self, points, pos, reach: float) -> int | None:
        best, best_d = None, reach
        for i, (x, y) in enumerate(points):
            d = math.hypot(x - pos[0], y - pos[1])
            if d < best_d:
                best, best_d = i, d
        return best

    def road_polygon(self, edge: int, grow: float = 1.0, width: float = 0.2) -> list[pygame.Vector2]:
        a, b = (pygame.Vector2(self.vertices[v]) for v in board.EDGE_VERTICES[edge])
        mid = (a + b) / 2
        half = (b - a) / 2 * 0.72 * grow
        normal = pygame.Vector2(-half.y, half.x)
        normal.scale_to_length(self.radius * width / 2) if normal.length() else None
        return [mid - half + normal, mid + half + normal, mid + half - normal, mid - half - normal]


# -- terrain tiles -----------------------------------------------------------------------------------
def _pattern(surface: pygame.Surface, terrain: str, radius: int, rng: random.Random) -> None:
    """The terrain's own texture on a tile-sized surface."""
    w, h = surface.get_size()
    base = TERRAIN_BASE[terrain]
    dark = theme.mix(base, theme.BLACK, 0.28)
    light = theme.mix(base, theme.WHITE, 0.25)
    r = radius
    if terrain == "hills":
        course = max(5, r // 7)
        for row, y in enumerate(range(-course, h, course)):
            shift = (row % 2) * course
            shade = theme.mix(base, dark, rng.uniform(0.0, 0.3))
            for x in range(-2 * course + shift, w, course * 2):
                pygame.draw.rect(surface, shade, (x + 1, y + 1, course * 2 - 2, course - 2), border_radius=1)
                pygame.draw.line(surface, light, (x + 2, y + 1), (x + course * 2 - 3, y + 1))
        for _ in range(3):
            cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.3, 0.7) * h
            pygame.draw.ellipse(surface, (*theme.mix(base, theme.WHITE, 0.15), 90),
                                (cx - r * 0.35, cy - r * 0.18, r * 0.7, r * 0.36))
    elif terrain == "forest":
        trees = []
        for _ in range(int(r * 0.42)):
            trees.append((rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.95) * h, rng.uniform(0.16, 0.24) * r))
        for x, y, size in sorted(trees, key=lambda t: t[1]):
            pygame.draw.line(surface, (92, 62, 36), (x, y), (x, y + size * 0.5), max(1, int(size * 0.18)))
            shade = theme.mix((40, 96, 48), (26, 70, 36), rng.random())
            pygame.draw.polygon(surface, shade, [(x, y - size * 1.4), (x - size * 0.7, y + size * 0.1),
                                                 (x + size * 0.7, y + size * 0.1)])
            pygame.draw.polygon(surface, theme.mix(shade, theme.WHITE, 0.2),
                                [(x, y - size * 1.4), (x - size * 0.35, y - size * 0.4), (x, y - size * 0.5)])
    elif terrain == "mountains":
        peaks = [(0.3, 0.62, 0.5), (0.68, 0.6, 0.55), (0.5, 0.42, 0.62), (0.2, 0.82, 0.32), (0.8, 0.84, 0.34)]
        for px, py, size in peaks:
            x, y, s = px * w, py * h, size * r
            pygame.draw.polygon(surface, dark, [(x, y - s), (x - s * 0.8, y + s * 0.5), (x + s * 0.8, y + s * 0.5)])
            pygame.draw.polygon(surface, theme.mix(base, theme.WHITE, 0.1),
                                [(x, y - s), (x - s * 0.8, y + s * 0.5), (x - s * 0.05, y + s * 0.5)])
            pygame.draw.polygon(surface, (238, 240, 244), [(x, y - s), (x - s * 0.26, y - s * 0.5),
                                                           (x, y - s * 0.58), (x + s * 0.26, y - s * 0.5)])
    elif terrain == "fields":
        gap = max(6, r // 6)
        for y in range(-h, h * 2, gap):
            pygame.draw.line(surface, dark, (0, y), (w, y + w * 0.35), 2)
        for _ in range(int(r * 1.6)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            pygame.draw.line(surface, theme.mix(base, (150, 104, 24), rng.random() * 0.6), (x, y), (x + 2, y - 6), 2)
        for _ in range(int(r * 0.3)):
            x, y = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
            pygame.draw.ellipse(surface, light, (x, y, 4, 7))
    elif terrain == "pasture":
        for _ in range(int(r * 0.8)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            shade = theme.mix(base, (84, 140, 58), rng.uniform(0.3, 0.9))
            for dx in (-3, 0, 3):
                pygame.draw.line(surface, shade, (x, y), (x + dx, y - rng.uniform(4, 8)), 2)
        for _ in range(3):
            x, y = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.8) * h
            s = r * 0.07
            for dx, dy in ((-1, 0), (1, 0), (0, -0.8), (0, 0.5)):
                pygame.draw.circle(surface, (248, 248, 240), (x + dx * s, y + dy * s), s * 1.1)
            pygame.draw.circle(surface, (60, 50, 46), (x - s * 2, y - s * 0.3), s * 0.75)
    else:  # desert
        for k in range(6):
            y = h * (0.18 + 0.14 * k) + rng.uniform(-4, 4)
            points = [(x, y + math.sin(x / (r * 0.35) + k) * r * 0.06) for x in range(0, w + 6, 6)]
            pygame.draw.lines(surface, theme.mix(base, (176, 140, 84), 0.5), False, points, 2)
            pygame.draw.lines(surface, light, False, [(x, y - 2) for x, y in points], 1)
        cx, cy = w * 0.72, h * 0.32
        pygame.draw.line(surface, (92, 132, 62), (cx, cy), (cx, cy + r * 0.3), max(2, r // 14))
        pygame.draw.line(surface, (92, 132, 62), (cx - r * 0.1, cy + r * 0.08), (cx - r * 0.1, cy + r * 0.16), 3)


@lru_cache(maxsize=64)
def terrain_tile(terrain: str, radius: int, variant: int = 0) -> pygame.Surface:
    """A land hex of ``terrain``: base colour, its texture, a bevelled rim; transparent outside."""
    w, h = math.ceil(SQRT3 * radius), 2 * radius
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    surface.fill((*TERRAIN_BASE[terrain], 255))
    _pattern(surface, terrain, radius, random.Random(f"{terrain}{variant}"))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    points = hex_points(w / 2, h / 2, radius)
    pygame.draw.polygon(mask, (255, 255, 255, 255), points)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    rim = theme.mix(TERRAIN_BASE[terrain], theme.BLACK, 0.4)
    pygame.draw.polygon(surface, rim, points, max(2, radius // 22))
    inner = hex_points(w / 2, h / 2, radius - max(3, radius // 14))
    pygame.draw.lines(surface, (*theme.mix(TERRAIN_BASE[terrain], theme.WHITE, 0.45), 160), False,
                      [inner[4], inner[5], inner[0], inner[1]], 2)
    return for_display(surface)


@lru_cache(maxsize=32)
def number_token(number: int, radius: int) -> pygame.Surface:
    """A number token: a cream disc, the number (red for 6 and 8) and its dots of probability."""
    size = radius * 2 + 6
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(surface, (0, 0, 0, 70), (centre[0] + 1, centre[1] + 3), radius)
    pygame.draw.circle(surface, TOKEN, centre, radius)
    pygame.draw.circle(surface, (170, 146, 104), centre, radius, 2)
    pygame.draw.circle(surface, (255, 248, 228), centre, radius - 4, 1)
    red = number in board.RED_NUMBERS
    colour = TOKEN_RED if red else theme.INK
    text = render_text(str(number), radius * (1.2 if red else 1.05), colour, bold=True)
    surface.blit(text, text.get_rect(center=(centre[0], centre[1] - radius * 0.14)))
    pips = board.PIPS[number]
    dot = max(2, radius // 9)
    span = (pips - 1) * dot * 2.6
    for k in range(pips):
        x = centre[0] - span / 2 + k * dot * 2.6
        pygame.draw.circle(surface, colour, (x, centre[1] + radius * 0.56), dot)
    return for_display(surface)


@lru_cache(maxsize=32)
def harbour_badge(kind: str, radius: int) -> pygame.Surface:
    """A harbour's sign: its rate and, for a 2:1 harbour, the resource's icon (3:1 shows a '?')."""
    size = radius * 2 + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(surface, (0, 0, 0, 60), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, (250, 242, 222), centre, radius)
    pygame.draw.circle(surface, WOOD_PIER, centre, radius, 3)
    rate = "3:1" if kind == "generic" else "2:1"
    label = render_text(rate, radius * 0.62, theme.INK, bold=True)
    if kind == "generic":
        mark = render_text("?", radius * 0.9, theme.INK_SOFT, bold=True)
        surface.blit(mark, mark.get_rect(center=(centre[0], centre[1] - radius * 0.28)))
    else:
        icon = resource_icon(kind, int(radius * 1.05))
        surface.blit(icon, icon.get_rect(center=(centre[0], centre[1] - radius * 0.26)))
    surface.blit(label, label.get_rect(center=(centre[0], centre[1] + radius * 0.52)))
    return for_display(surface)


def _sea(surface: pygame.Surface, geometry: Geometry, waves: bool) -> None:
    """The sea frame round the island, with the coast: a dark rim, deep and open water (with ``waves``
    of foam drawn at fixed random places), the shallows and the sand under the land hexes."""
    r = geometry.radius
    local = geometry.local
    cells = [local(p) for p in geometry.sea] + [local(p) for p in geometry.hexes]
    for x, y in cells:
        pygame.draw.polygon(surface, theme.WOOD_DARK, hex_points(x, y + 4, r + 5))
    for x, y in cells:
        pygame.draw.polygon(surface, SEA_DEEP, hex_points(x, y, r + 3))
    for x, y in cells:
        pygame.draw.polygon(surface, SEA, hex_points(x, y, r - 1))
    if waves:
        rng = random.Random(17)
        for _ in range(int(r * 3)):
            x, y = rng.choice(cells)
            x += rng.uniform(-0.8, 0.8) * r
            y += rng.uniform(-0.8, 0.8) * r
            length = rng.uniform(r * 0.15, r * 0.3)
            points = [(x + i, y + math.sin(i / length * math.pi * 2) * 2) for i in range(0, int(length), 3)]
            if len(points) > 1:
                pygame.draw.lines(surface, theme.mix(SEA, theme.WHITE, rng.uniform(0.15, 0.3)), False, points, 1)
    for x, y in (local(p) for p in geometry.hexes):
        pygame.draw.polygon(surface, SHALLOW, hex_points(x, y, r * 1.1))
    for x, y in (local(p) for p in geometry.hexes):
        pygame.draw.polygon(surface, SAND, hex_points(x, y, r * 1.02))


@lru_cache(maxsize=4)
def island_layer(layout, size: tuple[int, int], origin: tuple[int, int]) -> pygame.Surface:
    """The whole island as one surface: sea frame, coast, tiles, tokens and harbours."""
    geometry = Geometry(pygame.Rect(origin, size))
    r = geometry.radius
    surface = pygame.Surface(size, pygame.SRCALPHA)
    local = geometry.local
    _sea(surface, geometry, waves=True)
    # Harbours: piers from the two harbour corners towards the sign in the sea.
    for slot, kind in enumerate(layout.harbours):
        sx, sy = local(geometry.harbours[slot])
        a, b = (local(geometry.vertices[v]) for v in board.HARBOUR_SLOT_VERTICES[slot])
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        badge_at = (sx + (mid[0] - sx) * 0.12, sy + (mid[1] - sy) * 0.12)
        for corner in (a, b):
            end = (corner[0] + (badge_at[0] - corner[0]) * 0.62, corner[1] + (badge_at[1] - corner[1]) * 0.62)
            pygame.draw.line(surface, theme.WOOD_DARK, corner, end, max(4, r // 7))
            pygame.draw.line(surface, WOOD_PIER, corner, end, max(2, r // 10))
        badge = harbour_badge(kind, int(r * 0.4))
        surface.blit(badge, badge.get_rect(center=badge_at))
    for h in range(board.NUM_HEXES):
        tile = terrain_tile(layout.terrain[h], int(r * 0.98), h % 3)
        x, y = local(geometry.hexes[h])
        surface.blit(tile, tile.get_rect(center=(round(x), round(y))))
        number = layout.numbers[h]
        if number is not None:
            token = number_token(number, int(r * 0.3))
            surface.blit(token, token.get_rect(center=(round(x), round(y))))
    return for_display(surface)


@lru_cache(maxsize=4)
def sea_frame(size: tuple[int, int], origin: tuple[int, int]) -> pygame.Surface:
    """The sea frame with the coast but no tiles (under the island while its layout is drawn)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    _sea(surface, Geometry(pygame.Rect(origin, size)), waves=False)
    return for_display(surface)
