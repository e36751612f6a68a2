"""The Catan island drawn by code: terrain tiles, number tokens, the sea frame with its harbours,
resource icons and cards, development cards, pieces and the robber.

Everything static is drawn once per size and cached (the whole island with its tokens and harbours
is one surface); pieces are small polygons drawn each frame. Resources never rely on colour alone:
each has its own icon (bricks, logs, a rock, a wheat sheaf, a sheep), used on the cards, the costs,
the trade dialogs, the harbours and the log.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.games.catan import board
from game.ui import theme
from game.ui.cards import card_blank
from game.ui.fonts import render_paragraph, render_text

SQRT3 = math.sqrt(3.0)

TERRAIN_BASE = {
    "hills": (194, 104, 62), "forest": (58, 114, 60), "mountains": (140, 142, 150),
    "fields": (228, 188, 74), "pasture": (152, 202, 98), "desert": (232, 208, 152),
}
RESOURCE_COLOUR = {
    "brick": (184, 76, 48), "lumber": (46, 112, 54), "ore": (112, 116, 128),
    "grain": (222, 172, 40), "wool": (132, 196, 92),
}
RESOURCE_TERRAIN = {"brick": "hills", "lumber": "forest", "ore": "mountains", "grain": "fields", "wool": "pasture"}
SEA = (46, 112, 164)
SEA_DEEP = (30, 82, 132)
SHALLOW = (120, 176, 196)
SAND = (226, 206, 156)
TOKEN = (246, 232, 196)
TOKEN_RED = (196, 36, 28)
WOOD_PIER = (120, 82, 48)
DEV_BAND = (96, 72, 140)
DEV_PAPER = (244, 236, 222)


def _alpha(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


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


# -- resource icons -----------------------------------------------------------------------------------
@lru_cache(maxsize=128)
def resource_icon(name: str, size: int) -> pygame.Surface:
    """A resource's own picture, recognisable without its colour."""
    s = size
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    ink = (52, 38, 30)
    if name == "brick":
        colour = RESOURCE_COLOUR["brick"]
        h, w = s * 0.24, s * 0.42
        for x, y in ((0.07, 0.72), (0.51, 0.72), (0.29, 0.46), (0.29 + 0.0, 0.2)):
            shade = theme.mix(colour, theme.WHITE, 0.12 * (y < 0.3))
            rect = pygame.Rect(round(x * s), round(y * s - h / 2), round(w), round(h))
            pygame.draw.rect(surface, shade, rect, border_radius=max(1, s // 16))
            pygame.draw.line(surface, theme.mix(colour, theme.WHITE, 0.4), (rect.x + 2, rect.y + 2),
                             (rect.right - 3, rect.y + 2), max(1, s // 20))
            pygame.draw.rect(surface, ink, rect, max(1, s // 24), border_radius=max(1, s // 16))
    elif name == "lumber":
        bark, cut = (120, 78, 42), (226, 184, 124)
        for y, x0, x1 in ((0.68, 0.1, 0.9), (0.4, 0.18, 0.82)):
            r = s * 0.15
            body = pygame.Rect(round(x0 * s), round(y * s - r), round((x1 - x0) * s), round(2 * r))
            pygame.draw.rect(surface, bark, body, border_radius=round(r))
            pygame.draw.rect(surface, ink, body, max(1, s // 24), border_radius=round(r))
            for k in range(3):
                gx = body.x + body.width * (0.25 + 0.2 * k)
                pygame.draw.line(surface, theme.mix(bark, ink, 0.5), (gx, body.y + 3), (gx + s * 0.06, body.bottom - 3),
                                 max(1, s // 28))
            end = (body.right - r, body.centery)
            pygame.draw.circle(surface, cut, end, r)
            pygame.draw.circle(surface, theme.mix(cut, bark, 0.5), end, r * 0.55, max(1, s // 28))
            pygame.draw.circle(surface, ink, end, r, max(1, s // 24))
        leaf = (64, 140, 60)
        pygame.draw.ellipse(surface, leaf, (s * 0.56, s * 0.08, s * 0.26, s * 0.16))
        pygame.draw.ellipse(surface, ink, (s * 0.56, s * 0.08, s * 0.26, s * 0.16), max(1, s // 28))
    elif name == "ore":
        rock = RESOURCE_COLOUR["ore"]
        points = [(0.12, 0.78), (0.22, 0.4), (0.42, 0.2), (0.66, 0.26), (0.86, 0.5), (0.9, 0.8)]
        pts = [(x * s, y * s) for x, y in points]
        pygame.draw.polygon(surface, rock, pts)
        light = [(0.22 * s, 0.4 * s), (0.42 * s, 0.2 * s), (0.52 * s, 0.52 * s), (0.3 * s, 0.62 * s)]
        pygame.draw.polygon(surface, theme.mix(rock, theme.WHITE, 0.35), light)
        dark = [(0.52 * s, 0.52 * s), (0.66 * s, 0.26 * s), (0.86 * s, 0.5 * s), (0.9 * s, 0.8 * s)]
        pygame.draw.polygon(surface, theme.mix(rock, ink, 0.35), dark)
        for cx, cy in ((0.4, 0.66), (0.68, 0.6)):
            gem = [(cx * s, (cy - 0.08) * s), ((cx + 0.05) * s, cy * s), (cx * s, (cy + 0.08) * s),
                   ((cx - 0.05) * s, cy * s)]
            pygame.draw.polygon(surface, (200, 226, 240), gem)
        pygame.draw.polygon(surface, ink, pts, max(1, s // 20))
    elif name == "grain":
        gold, stalk = (232, 182, 50), (176, 130, 34)
        for angle in (-24, 0, 24):
            a = math.radians(angle)
            base = pygame.Vector2(0.5 * s, 0.92 * s)
            direction = pygame.Vector2(math.sin(a), -math.cos(a))
            tip = base + direction * s * 0.78
            pygame.draw.line(surface, stalk, base, tip, max(1, s // 18))
            for k in range(4):
                p = base + direction * s * (0.42 + 0.1 * k)
                side = pygame.Vector2(direction.y, -direction.x) * s * 0.07
                for sign in (-1, 1):
                    grain = p + side * sign
                    rect = pygame.Rect(0, 0, max(3, s * 0.1), max(4, s * 0.16))
                    rect.center = (round(grain.x), round(grain.y))
                    pygame.draw.ellipse(surface, gold, rect)
                    pygame.draw.ellipse(surface, stalk, rect, 1)
            top = pygame.Rect(0, 0, max(3, s * 0.09), max(4, s * 0.15))
            top.center = (round(tip.x), round(tip.y))
            pygame.draw.ellipse(surface, gold, top)
        pygame.draw.rect(surface, (150, 60, 40), (s * 0.4, s * 0.66, s * 0.2, s * 0.08), border_radius=2)
    elif name == "wool":
        fleece = (250, 250, 244)
        head = (58, 48, 44)
        for x in (0.36, 0.62):
            pygame.draw.line(surface, head, (x * s, 0.62 * s), (x * s, 0.86 * s), max(2, s // 12))
        blobs = [(0.32, 0.46), (0.48, 0.38), (0.64, 0.44), (0.72, 0.56), (0.52, 0.6), (0.34, 0.6)]
        for x, y in blobs:
            pygame.draw.circle(surface, ink, (x * s, y * s), s * 0.15 + 1)
        for x, y in blobs:
            pygame.draw.circle(surface, fleece, (x * s, y * s), s * 0.15)
        pygame.draw.ellipse(surface, head, (s * 0.08, s * 0.36, s * 0.2, s * 0.24))
        pygame.draw.circle(surface, theme.WHITE, (s * 0.15, s * 0.45), max(1, s // 22))
    return _alpha(surface)


@lru_cache(maxsize=64)
def resource_card(name: str, width: int, height: int) -> pygame.Surface:
    """A resource card: paper, a band in the resource's colour and its icon large."""
    surface = card_blank(width, height).copy()
    band = pygame.Rect(5, 5, width - 10, height - 10)
    colour = RESOURCE_COLOUR[name]
    pygame.draw.rect(surface, theme.mix(colour, theme.PAPER, 0.55), band, border_radius=7)
    pygame.draw.rect(surface, theme.mix(colour, theme.INK, 0.2), band, 2, border_radius=7)
    icon = resource_icon(name, int(min(width, height) * 0.8))
    surface.blit(icon, icon.get_rect(center=(width // 2, height // 2)))
    return _alpha(surface)


# -- development cards ------------------------------------------------------------------------------------
def _dev_icon(surface: pygame.Surface, card: str, rect: pygame.Rect) -> None:
    """The picture of a development card inside ``rect``."""
    cx, cy, s = rect.centerx, rect.centery, min(rect.width, rect.height)
    ink = (52, 40, 34)
    steel, gold = (170, 176, 188), (222, 176, 60)
    if card == "knight":
        helmet = [(cx - s * 0.28, cy + s * 0.32), (cx - s * 0.3, cy - s * 0.05), (cx - s * 0.16, cy - s * 0.3),
                  (cx + s * 0.16, cy - s * 0.3), (cx + s * 0.3, cy - s * 0.05), (cx + s * 0.28, cy + s * 0.32)]
        pygame.draw.polygon(surface, steel, helmet)
        pygame.draw.polygon(surface, ink, helmet, 2)
        pygame.draw.rect(surface, ink, (cx - s * 0.22, cy - s * 0.02, s * 0.44, s * 0.07))
        pygame.draw.line(surface, ink, (cx, cy + s * 0.05), (cx, cy + s * 0.3), 2)
        plume = [(cx, cy - s * 0.3), (cx + s * 0.08, cy - s * 0.46), (cx + s * 0.22, cy - s * 0.44)]
        pygame.draw.polygon(surface, (190, 50, 44), plume)
    elif card == "victory_point":
        base = pygame.Rect(cx - s * 0.3, cy, s * 0.6, s * 0.3)
        pygame.draw.rect(surface, (236, 222, 196), base)
        for k in range(4):
            x = base.x + base.width * (0.12 + 0.25 * k)
            pygame.draw.line(surface, ink, (x, base.y + 3), (x, base.bottom - 3), 2)
        roof = [(cx - s * 0.36, cy), (cx, cy - s * 0.22), (cx + s * 0.36, cy)]
        pygame.draw.polygon(surface, (180, 70, 52), roof)
        pygame.draw.polygon(surface, ink, roof, 2)
        pygame.draw.rect(surface, ink, base, 2)
        star = [(cx + math.cos(math.radians(-90 + 36 * k)) * s * (0.14 if k % 2 == 0 else 0.06),
                 cy - s * 0.36 + math.sin(math.radians(-90 + 36 * k)) * s * (0.14 if k % 2 == 0 else 0.06))
                for k in range(10)]
        pygame.draw.polygon(surface, gold, star)
        pygame.draw.polygon(surface, ink, star, 1)
    elif card == "road_building":
        for dx, angle in ((-0.14, 25), (0.14, -25)):
            road = pygame.Surface((max(2, s * 0.2), max(4, s * 0.7)), pygame.SRCALPHA)
            road.fill((150, 104, 62))
            pygame.draw.rect(road, ink, road.get_rect(), 2)
            for k in range(1, 4):
                pygame.draw.line(road, ink, (2, road.get_height() * k / 4), (road.get_width() - 3,
                                                                            road.get_height() * k / 4), 1)
            turned = pygame.transform.rotate(road, angle)
            surface.blit(turned, turned.get_rect(center=(cx + dx * s, cy)))
    elif card == "year_of_plenty":
        for dx, name in ((-0.2, "grain"), (0.2, "ore")):
            icon = resource_icon(name, int(s * 0.5))
            surface.blit(icon, icon.get_rect(center=(cx + dx * s, cy + s * 0.08)))
        plus = render_text("+2", max(10, int(s * 0.26)), ink, bold=True)
        surface.blit(plus, plus.get_rect(center=(cx, cy - s * 0.3)))
    else:  # monopoly
        crown = [(cx - s * 0.32, cy + s * 0.2), (cx - s * 0.32, cy - s * 0.16), (cx - s * 0.16, cy),
                 (cx, cy - s * 0.28), (cx + s * 0.16, cy), (cx + s * 0.32, cy - s * 0.16),
                 (cx + s * 0.32, cy + s * 0.2)]
        pygame.draw.polygon(surface, gold, crown)
        pygame.draw.polygon(surface, ink, crown, 2)
        for x in (-0.16, 0, 0.16):
            pygame.draw.circle(surface, (190, 50, 44), (cx + x * s, cy + s * 0.1), max(2, s * 0.04))


@lru_cache(maxsize=32)
def dev_icon(card: str, size: int) -> pygame.Surface:
    """A development card's picture alone (knights played, the cards played face up)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    _dev_icon(surface, card, pygame.Rect(0, size * 0.08, size, size))
    return _alpha(surface)


@lru_cache(maxsize=64)
def dev_card(card: str, width: int, height: int, title: str) -> pygame.Surface:
    """A development card face: a coloured band with its name and its picture."""
    surface = card_blank(width, height, DEV_PAPER).copy()
    band = pygame.Rect(4, 4, width - 8, max(16, height // 4))
    colour = (168, 128, 40) if card == "victory_point" else DEV_BAND
    pygame.draw.rect(surface, colour, band, border_radius=7)
    size = max(10, min(18, width // 6))
    label = render_paragraph(title, size, theme.WHITE, band.width - 4, bold=True, align="center", line_height=1.0)
    if label.get_width() > band.width - 4 or label.get_height() > band.height:
        label = pygame.transform.smoothscale_by(label, min((band.width - 4) / label.get_width(),
                                                           band.height / label.get_height()))
    surface.blit(label, label.get_rect(center=band.center))
    _dev_icon(surface, card, pygame.Rect(6, band.bottom + 4, width - 12, height - band.bottom - 12))
    return _alpha(surface)


@lru_cache(maxsize=16)
def dev_back(width: int, height: int) -> pygame.Surface:
    """The back of a development card: a purple field with a gold compass."""
    from game.ui.cards import card_back

    return card_back(width, height, colour=DEV_BAND, accent=(222, 186, 96))


@lru_cache(maxsize=16)
def resource_back(width: int, height: int) -> pygame.Surface:
    from game.ui.cards import card_back

    return card_back(width, height, colour=(150, 96, 52), accent=(236, 210, 150))


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
    return _alpha(surface)


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
    return _alpha(surface)


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
    return _alpha(surface)


@lru_cache(maxsize=4)
def island_layer(layout, size: tuple[int, int], origin: tuple[int, int]) -> pygame.Surface:
    """The whole island as one surface: sea frame, coast, tiles, tokens and harbours."""
    geometry = Geometry(pygame.Rect(origin, size))
    r = geometry.radius
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(17)
    local = geometry.local
    sea_hexes = [local(p) for p in geometry.sea] + [local(p) for p in geometry.hexes]
    for x, y in sea_hexes:
        pygame.draw.polygon(surface, theme.WOOD_DARK, hex_points(x, y + 4, r + 5))
    for x, y in sea_hexes:
        pygame.draw.polygon(surface, SEA_DEEP, hex_points(x, y, r + 3))
    for x, y in sea_hexes:
        pygame.draw.polygon(surface, SEA, hex_points(x, y, r - 1))
    for _ in range(int(r * 3)):
        x, y = rng.choice(sea_hexes)
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
    return _alpha(surface)


# -- pieces ------------------------------------------------------------------------------------------
def settlement_points(x: float, y: float, s: float) -> list[tuple[float, float]]:
    return [(x - s * 0.5, y + s * 0.42), (x - s * 0.5, y - s * 0.1), (x, y - s * 0.55), (x + s * 0.5, y - s * 0.1),
            (x + s * 0.5, y + s * 0.42)]


def city_points(x: float, y: float, s: float) -> list[tuple[float, float]]:
    return [(x - s * 0.72, y + s * 0.42), (x - s * 0.72, y - s * 0.2), (x - s * 0.36, y - s * 0.5),
            (x, y - s * 0.2), (x, y - s * 0.28), (x + s * 0.12, y - s * 0.28), (x + s * 0.12, y - s * 0.02),
            (x + s * 0.72, y - s * 0.02), (x + s * 0.72, y + s * 0.42)]


def draw_building(surface: pygame.Surface, kind: str, centre, size: float, seat: int, symbol: bool,
                  alpha: int = 255, outline=None) -> None:
    """A settlement or city in the seat's colour, dark-rimmed; with its player's symbol when asked."""
    style = theme.player_style(seat, "catan")
    x, y = centre
    points = (settlement_points if kind == "settlement" else city_points)(x, y, size)
    rim = theme.INK if seat != 2 else (90, 90, 86)
    if alpha < 255:
        _ghost(surface, points, style.colour, rim, alpha)
        return
    shadow = [(px + 3, py + 4) for px, py in points]
    pygame.draw.polygon(surface, (0, 0, 0, 90) if surface.get_flags() & pygame.SRCALPHA else (40, 44, 40), shadow)
    pygame.draw.polygon(surface, style.colour, points)
    lit_side = [points[1], points[2], (x, y - size * 0.38), (x - size * 0.36, y - size * 0.02)]
    pygame.draw.polygon(surface, theme.mix(style.colour, theme.WHITE, 0.35),
                        lit_side if kind == "settlement" else points[1:4])
    pygame.draw.polygon(surface, outline or rim, points, 2 if outline is None else 4)
    if symbol:
        ink = theme.INK if sum(style.colour) > 500 else theme.WHITE
        mark = render_text(style.symbol, size * (0.48 if kind == "settlement" else 0.5), ink)
        at = (x, y + size * 0.14) if kind == "settlement" else (x - size * 0.36, y + size * 0.12)
        surface.blit(mark, mark.get_rect(center=at))


def _ghost(surface: pygame.Surface, points, colour, rim, alpha: int) -> None:
    """A see-through piece (what a click would build), drawn on a small layer the size of the piece."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = pygame.Rect(int(min(xs)) - 3, int(min(ys)) - 3, int(max(xs) - min(xs)) + 7, int(max(ys) - min(ys)) + 7)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    shifted = [(x - box.x, y - box.y) for x, y in points]
    pygame.draw.polygon(layer, (*colour, alpha), shifted)
    pygame.draw.polygon(layer, (*rim, min(255, alpha + 60)), shifted, 2)
    surface.blit(layer, box.topleft)


def draw_road(surface: pygame.Surface, geometry: Geometry, edge: int, seat: int, symbol: bool, grow: float = 1.0,
              alpha: int = 255) -> None:
    style = theme.player_style(seat, "catan")
    points = geometry.road_polygon(edge, grow)
    rim = theme.INK if seat != 2 else (90, 90, 86)
    if alpha < 255:
        _ghost(surface, points, style.colour, rim, alpha)
        return
    pygame.draw.polygon(surface, (40, 40, 36), [p + pygame.Vector2(2, 3) for p in points])
    pygame.draw.polygon(surface, style.colour, points)
    pygame.draw.polygon(surface, rim, points, 2)
    if symbol:
        mid = (points[0] + points[2]) / 2
        ink = theme.INK if sum(style.colour) > 500 else theme.WHITE
        mark = render_text(style.symbol, geometry.radius * 0.2, ink)
        surface.blit(mark, mark.get_rect(center=mid))


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
    return _alpha(surface)


def piece_icon(kind: str, size: int, seat: int) -> pygame.Surface:
    """A small road, settlement or city of the seat's colour (for costs and pieces left)."""
    return _piece_icon(kind, size, seat)


@lru_cache(maxsize=64)
def _piece_icon(kind: str, size: int, seat: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    style = theme.player_style(seat, "catan")
    rim = theme.INK if seat != 2 else (90, 90, 86)
    if kind == "road":
        rect = pygame.Rect(0, 0, size * 0.9, size * 0.28)
        road = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(road, style.colour, road.get_rect(), border_radius=2)
        pygame.draw.rect(road, rim, road.get_rect(), 2, border_radius=2)
        turned = pygame.transform.rotate(road, 30)
        surface.blit(turned, turned.get_rect(center=(size / 2, size / 2)))
    else:
        draw_building(surface, kind, (size / 2, size / 2 + size * 0.04), size * (0.8 if kind == "settlement" else 0.66),
                      seat, False)
    return _alpha(surface)


LOG_ICON = 20


def most_of(counts) -> str | None:
    """The resource named most often in ``counts`` (a {resource: n} dict, or a list of them)."""
    totals: dict[str, int] = {}
    for part in counts if isinstance(counts, list) else [counts]:
        for name, count in (part or {}).items():
            totals[name] = totals.get(name, 0) + count
    return max(totals, key=totals.get) if totals else None


@lru_cache(maxsize=64)
def log_icon(kind: str, detail, seat: int | None) -> pygame.Surface | None:
    """The small picture at the head of a log line: dice, a resource, a piece, the robber, a card."""
    from game.ui.dice import die_face

    size = LOG_ICON
    if kind == "rolled":
        return die_face(5, size - 2)
    if kind in ("produced", "starting_resources", "discarded", "stole", "robbed", "bank_trade"):
        return resource_icon(detail, size) if detail else resource_back(size - 6, size)
    if kind in ("built", "longest_road") and seat is not None:
        return piece_icon(detail, size, seat)
    if kind == "robber":
        return robber_image(size + 4)
    if kind in ("buying", "bought"):
        return dev_icon(detail, size) if detail else dev_back(size - 6, size)
    if kind in ("played", "largest_army"):
        return dev_icon(detail, size)
    if kind in ("offer", "answer", "traded", "trade_cancelled"):
        return render_text("⇄", size, theme.INK_SOFT, bold=True)
    return None


def log_icon_for(event) -> pygame.Surface | None:
    """``log_icon`` for a game event, with the detail that picks the picture."""
    data = event.data
    kind = event.kind
    detail = None
    if kind == "produced":
        detail = most_of(data.get("gains", []))
    elif kind in ("starting_resources", "discarded"):
        detail = most_of(data.get("cards"))
    elif kind in ("stole", "robbed"):
        detail = data.get("resource")
    elif kind == "bank_trade":
        detail = data.get("get")
    elif kind == "built":
        detail = data.get("piece")
    elif kind == "longest_road":
        detail = "road"
    elif kind in ("bought", "played"):
        detail = data.get("card")
    elif kind == "largest_army":
        detail = "knight"
    return log_icon(kind, detail, data.get("seat"))
