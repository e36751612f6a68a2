"""Copenhagen's pictures, drawn by code and cached: cards, facade tiles, the house boards, ability tiles.

Everything here is a pure function of its arguments under ``lru_cache``, so the table blits ready
images each frame. Each card colour has its own icon (heart, sun, leaf, drop, crown) on the cards,
and on the tiles' brick square when the colour-blind setting is on, so no colour carries meaning alone.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.games.copenhagen import board
from game.ui import theme
from game.ui.cards import card_back
from game.ui.draw import for_display
from game.ui.fonts import render_text

PAINT = {
    "red": ((204, 70, 56), (140, 40, 32), (236, 138, 118)),
    "yellow": ((236, 188, 58), (164, 118, 18), (250, 222, 136)),
    "green": ((80, 150, 92), (42, 98, 56), (150, 204, 158)),
    "blue": ((62, 118, 194), (32, 72, 134), (140, 176, 228)),
    "purple": ((140, 90, 168), (88, 52, 116), (194, 156, 214)),
    "white": ((246, 242, 232), (160, 150, 134), (255, 255, 250)),
}
"""Per tile/card colour: the paint, its dark edge, its light highlight."""

GLASS = ((182, 212, 228), (112, 152, 182))
WALL = (214, 206, 190)
WALL_LIGHT = (230, 224, 210)
WALL_LINE = (188, 178, 160)
QUAY = (128, 124, 118)
SHIELD_RED = (176, 42, 40)
GOLD = (222, 180, 74)
SEA = (44, 104, 140)
SEA_DEEP = (24, 62, 98)
BACK_COLOUR = (38, 66, 104)


def _alpha(surface: pygame.Surface) -> pygame.Surface:
    return for_display(surface)


# -- icons --------------------------------------------------------------------------------------
def draw_icon(surface: pygame.Surface, name: str, centre, size: float, colour, outline=None) -> None:
    """The icon of a card colour in a box of ``size``: heart, sun, leaf, drop or crown."""
    cx, cy = centre
    r = size / 2
    shapes = []
    if name == "red":  # heart
        lobe = r * 0.5
        shapes.append(("circle", (cx - lobe * 0.92, cy - r * 0.22), lobe))
        shapes.append(("circle", (cx + lobe * 0.92, cy - r * 0.22), lobe))
        shapes.append(("poly", [(cx - r * 0.93, cy - r * 0.08), (cx + r * 0.93, cy - r * 0.08), (cx, cy + r * 0.9)]))
    elif name == "yellow":  # sun
        rays = []
        for k in range(16):
            a = k * math.pi / 8
            d = r if k % 2 == 0 else r * 0.62
            rays.append((cx + d * math.cos(a), cy + d * math.sin(a)))
        shapes.append(("poly", rays))
        shapes.append(("circle", (cx, cy), r * 0.5))
    elif name == "green":  # leaf
        points = []
        for k in range(21):
            t = k / 20
            x = -r + 2 * r * t
            w = r * 0.62 * math.sin(math.pi * t)
            points.append((x, -w))
        points += [(x, -y) for x, y in reversed(points)]
        angle = -math.pi / 4
        rotated = [(cx + x * math.cos(angle) - y * math.sin(angle), cy + x * math.sin(angle) + y * math.cos(angle))
                   for x, y in points]
        shapes.append(("poly", rotated))
    elif name == "blue":  # drop
        shapes.append(("circle", (cx, cy + r * 0.3), r * 0.6))
        shapes.append(("poly", [(cx, cy - r), (cx + r * 0.56, cy + r * 0.12), (cx - r * 0.56, cy + r * 0.12)]))
    elif name == "purple":  # crown
        base = cy + r * 0.62
        shapes.append(("poly", [(cx - r * 0.9, base), (cx - r * 0.9, cy - r * 0.45), (cx - r * 0.45, cy + r * 0.05),
                                (cx, cy - r * 0.8), (cx + r * 0.45, cy + r * 0.05), (cx + r * 0.9, cy - r * 0.45),
                                (cx + r * 0.9, base)]))
    else:  # white: a plain window pane
        shapes.append(("rect", pygame.Rect(round(cx - r * 0.7), round(cy - r * 0.7), round(r * 1.4), round(r * 1.4))))
    if outline is not None:
        width = max(1, round(size / 12))
        for kind, *args in shapes:
            if kind == "circle":
                pygame.draw.circle(surface, outline, args[0], args[1] + width)
            elif kind == "poly":
                _thick_polygon(surface, outline, args[0], width)
            else:
                pygame.draw.rect(surface, outline, args[0].inflate(2 * width, 2 * width))
    for kind, *args in shapes:
        if kind == "circle":
            pygame.draw.circle(surface, colour, args[0], args[1])
        elif kind == "poly":
            pygame.draw.polygon(surface, colour, args[0])
        else:
            pygame.draw.rect(surface, colour, args[0])
    if name == "purple":
        for dx in (-0.9, 0.0, 0.9):
            pygame.draw.circle(surface, colour, (cx + dx * r, cy - (0.8 if dx == 0 else 0.45) * r), max(1, r * 0.14))


def _thick_polygon(surface, colour, points, width: int) -> None:
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, colour, points, width * 2)
    for p in points:
        pygame.draw.circle(surface, colour, p, width)


@lru_cache(maxsize=64)
def icon(name: str, size: int, colour=theme.WHITE, outline=None) -> pygame.Surface:
    surface = pygame.Surface((size + 6, size + 6), pygame.SRCALPHA)
    draw_icon(surface, name, ((size + 6) / 2, (size + 6) / 2), size, colour, outline)
    return _alpha(surface)


# -- cards --------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def card_face(colour: str, width: int, height: int) -> pygame.Surface:
    """A facade card: its colour framed in paper, the colour's icon large and in two corners."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(6, width // 9)
    pygame.draw.rect(surface, theme.PAPER, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(6, width // 10), -max(6, width // 10))
    paint, dark, light = PAINT[colour]
    band = pygame.Surface(inner.size, pygame.SRCALPHA)
    for y in range(inner.height):
        pygame.draw.line(band, theme.mix(light, paint, min(1.0, 0.35 + y / inner.height)), (0, y), (inner.width, y))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, radius - 3))
    band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(band, inner.topleft)
    _card_windows(surface, inner, dark)
    big = max(14, round(width * 0.46))
    draw_icon(surface, colour, (inner.centerx, inner.centery - height * 0.06), big, theme.PAPER, dark)
    small = max(8, round(width * 0.16))
    draw_icon(surface, colour, (inner.x + small * 0.9, inner.y + small * 0.9), small, theme.PAPER)
    draw_icon(surface, colour, (inner.right - small * 0.9, inner.bottom - small * 0.9), small, theme.PAPER)
    pygame.draw.rect(surface, dark, inner, max(1, width // 40), border_radius=max(3, radius - 3))
    pygame.draw.rect(surface, theme.PAPER_DARK, surface.get_rect(), 2, border_radius=radius)
    return _alpha(surface)


def _card_windows(surface, inner: pygame.Rect, dark) -> None:
    """A row of small facade windows along the bottom of a card, like the houses of Nyhavn."""
    count = 3
    w = inner.width / (count * 2 + 1)
    h = w * 1.3
    y = inner.bottom - h - inner.height * 0.12
    for k in range(count):
        x = inner.x + w * (1 + 2 * k)
        rect = pygame.Rect(round(x), round(y), max(2, round(w)), max(3, round(h)))
        pygame.draw.rect(surface, theme.mix(GLASS[0], theme.WHITE, 0.3), rect)
        pygame.draw.rect(surface, theme.mix(dark, theme.WHITE, 0.7), rect, 1)


@lru_cache(maxsize=8)
def mermaid_card(width: int, height: int) -> pygame.Surface:
    """The end-of-game card: a mermaid's tail in the waves."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(6, width // 9)
    pygame.draw.rect(surface, theme.PAPER, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(6, width // 10), -max(6, width // 10))
    for y in range(inner.height):
        pygame.draw.line(surface, theme.mix(SEA, SEA_DEEP, y / inner.height), (inner.x + 2, inner.y + y),
                         (inner.right - 3, inner.y + y))
    draw_mermaid(surface, inner.center, min(inner.width, inner.height) * 0.8)
    for k in range(3):
        y = inner.bottom - 8 - k * 9
        points = [(inner.x + 4 + i * 4, y + 2 * math.sin(i * 0.9 + k)) for i in range((inner.width - 8) // 4)]
        if len(points) > 1:
            pygame.draw.lines(surface, (150, 204, 222), False, points, 1)
    pygame.draw.rect(surface, GOLD, inner, 2, border_radius=max(3, radius - 3))
    return _alpha(surface)


def draw_mermaid(surface, centre, size: float, colour=(96, 196, 170), edge=(20, 80, 78)) -> None:
    """A mermaid's tail curling up out of the water, with its fin spread."""
    cx, cy = centre
    s = size / 2
    body = []
    for k in range(13):
        t = k / 12
        x = cx + s * 0.35 * math.sin(t * 2.6 - 0.4)
        y = cy + s * 0.75 - t * s * 1.25
        w = s * (0.28 - 0.2 * t)
        body.append((x, y, w))
    left = [(x - w, y) for x, y, w in body]
    right = [(x + w, y) for x, y, w in reversed(body)]
    tip_x, tip_y, _ = body[-1]
    fin = [(tip_x, tip_y + s * 0.05), (tip_x - s * 0.42, tip_y - s * 0.3), (tip_x - s * 0.1, tip_y - s * 0.12),
           (tip_x, tip_y - s * 0.22), (tip_x + s * 0.1, tip_y - s * 0.12), (tip_x + s * 0.42, tip_y - s * 0.3)]
    pygame.draw.polygon(surface, edge, left + right)
    pygame.draw.polygon(surface, colour, [(x + 1, y) for x, y in left] + [(x - 1, y) for x, y in right])
    pygame.draw.polygon(surface, colour, fin)
    pygame.draw.polygon(surface, edge, fin, 1)
    for x, y, w in body[1:-2:2]:
        pygame.draw.arc(surface, edge, (x - w * 0.7, y - w * 0.4, w * 1.4, w * 0.9), math.pi * 1.1, math.pi * 1.9, 1)


@lru_cache(maxsize=8)
def back(width: int, height: int) -> pygame.Surface:
    return card_back(width, height, BACK_COLOUR, GOLD)


# -- facade tiles -------------------------------------------------------------------------------
def _window(surface, rect: pygame.Rect, cell: int) -> None:
    """A white-framed window with its glass and glazing bars, inside one facade square."""
    frame = theme.mix(theme.PAPER, theme.WHITE, 0.5)
    if cell < 12:
        pane = rect.inflate(-round(cell * 0.36), -round(cell * 0.36))
        pygame.draw.rect(surface, GLASS[0], pane)
        return
    pane = pygame.Rect(0, 0, round(cell * 0.56), round(cell * 0.62))
    pane.center = (rect.centerx, rect.centery - round(cell * 0.02))
    bar = max(1, cell // 14)
    pygame.draw.rect(surface, frame, pane.inflate(2 * bar + 2, 2 * bar + 2), border_radius=max(1, cell // 12))
    for y in range(pane.height):
        pygame.draw.line(surface, theme.mix(GLASS[0], GLASS[1], y / max(1, pane.height - 1)),
                         (pane.x, pane.y + y), (pane.right - 1, pane.y + y))
    pygame.draw.line(surface, frame, (pane.centerx, pane.y), (pane.centerx, pane.bottom - 1), bar)
    transom = pane.y + pane.height * 0.42
    pygame.draw.line(surface, frame, (pane.x, transom), (pane.right - 1, transom), bar)
    sill = pygame.Rect(pane.x - bar * 2, pane.bottom + bar, pane.width + bar * 4, max(2, cell // 14))
    pygame.draw.rect(surface, theme.mix(frame, theme.INK_FAINT, 0.25), sill)
    shine = pygame.Rect(pane.x + bar + 1, pane.y + bar + 1, max(1, pane.width // 5), max(1, pane.height // 4))
    pygame.draw.rect(surface, theme.mix(GLASS[0], theme.WHITE, 0.6), shine)


def _bricks(surface, rect: pygame.Rect, paint, dark, cell: int) -> None:
    """Brickwork: courses of bricks in the tile's colour."""
    base = theme.mix(paint, dark, 0.22)
    pygame.draw.rect(surface, base, rect)
    courses = 5 if cell >= 24 else 3
    height = rect.height / courses
    joint = theme.mix(paint, dark, 0.62)
    for k in range(courses):
        y = rect.y + k * height
        if k:
            pygame.draw.line(surface, joint, (rect.x, round(y)), (rect.right - 1, round(y)), 1)
        bricks = 2 if cell >= 24 else 1
        width = rect.width / bricks
        shift = width / 2 if k % 2 else 0
        for b in range(bricks + 1):
            x = rect.x + shift + b * width
            if rect.x < x < rect.right - 1:
                pygame.draw.line(surface, joint, (round(x), round(y) + 1), (round(x), round(y + height) - 1), 1)
        if cell >= 24:
            light = theme.mix(paint, theme.WHITE, 0.18)
            pygame.draw.line(surface, light, (rect.x + 1, round(y) + 1), (rect.right - 2, round(y) + 1), 1)


def draw_square(surface, rect: pygame.Rect, colour: str, window: bool, cell: int) -> None:
    paint, dark, light = PAINT[colour]
    if window:
        pygame.draw.rect(surface, paint, rect)
        pygame.draw.line(surface, light, rect.topleft, (rect.right - 1, rect.y), 1)
        _window(surface, rect, cell)
    else:
        _bricks(surface, rect, paint, dark, cell)


@lru_cache(maxsize=512)
def tile_image(tile_id: str, rot: int, mirror: bool, cell: int, symbols: bool = False) -> pygame.Surface:
    """A facade tile in an orientation, ``cell`` pixels a square, with its outline and (optionally) its icon."""
    tile = board.TILES[board.TILE_INDEX[tile_id]]
    cells = board.tile_cells(tile_id, rot, mirror)
    width = 1 + max(c for c, _, _ in cells)
    height = 1 + max(r for _, r, _ in cells)
    surface = pygame.Surface((width * cell, height * cell), pygame.SRCALPHA)
    colour = tile.colour_name
    paint, dark, _ = PAINT[colour]
    squares = {(c, r) for c, r, _ in cells}
    for c, r, window in cells:
        rect = pygame.Rect(c * cell, (height - 1 - r) * cell, cell, cell)
        draw_square(surface, rect, colour, window, cell)
        if symbols and not window:
            draw_icon(surface, colour, rect.center, cell * 0.52, theme.PAPER, dark)
    seam = theme.mix(paint, dark, 0.45)
    edge = max(1, cell // 16) + (1 if cell >= 30 else 0)
    for c, r, _ in cells:
        rect = pygame.Rect(c * cell, (height - 1 - r) * cell, cell, cell)
        sides = (((c - 1, r), (rect.left, rect.top), (rect.left, rect.bottom - 1)),
                 ((c + 1, r), (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1)),
                 ((c, r + 1), (rect.left, rect.top), (rect.right - 1, rect.top)),
                 ((c, r - 1), (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1)))
        for neighbour, a, b in sides:
            if neighbour in squares:
                pygame.draw.line(surface, seam, a, b, 1)
            else:
                pygame.draw.line(surface, dark, a, b, edge)
    if symbols and tile.colour == board.WHITE:
        rect = pygame.Rect(0, 0, cell, cell)
        pygame.draw.circle(surface, dark, (rect.right - cell * 0.2, rect.y + cell * 0.2), max(2, cell * 0.08))
    return _alpha(surface)


# -- the house --------------------------------------------------------------------------------
def draw_shield(surface, centre, size: float, faded: bool = False) -> None:
    """Copenhagen's coat of arms: a red shield with three white towers and a gold rim."""
    cx, cy = centre
    w, h = size * 0.82, size
    outline = [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h * 0.05),
               (cx, cy + h / 2), (cx - w / 2, cy + h * 0.05)]
    red = theme.mix(SHIELD_RED, WALL, 0.55) if faded else SHIELD_RED
    gold = theme.mix(GOLD, WALL, 0.5) if faded else GOLD
    white = theme.mix(theme.WHITE, WALL, 0.4) if faded else theme.WHITE
    pygame.draw.polygon(surface, red, outline)
    pygame.draw.polygon(surface, gold, outline, max(1, round(size / 12)))
    if size < 14:
        pygame.draw.circle(surface, white, (cx, cy - h * 0.05), max(1, size / 6))
        return
    tower_w = w * 0.2
    for k, dx in enumerate((-0.26, 0.0, 0.26)):
        top = cy - h * (0.28 if k == 1 else 0.18)
        base = cy + h * 0.2
        rect = pygame.Rect(round(cx + dx * w - tower_w / 2), round(top), max(2, round(tower_w)),
                           max(2, round(base - top)))
        pygame.draw.rect(surface, white, rect)
        merlon = max(1, round(tower_w / 3))
        pygame.draw.rect(surface, red, (rect.centerx - merlon // 2, rect.y, merlon, merlon))
    wall_y = cy + h * 0.2
    pygame.draw.line(surface, white, (cx - w * 0.38, wall_y), (cx + w * 0.38, wall_y), max(1, round(size / 16)))


class HouseGeometry:
    """Where the parts of a house board lie for a cell size: grid, roof, quay, margins."""

    def __init__(self, cell: int):
        self.cell = cell
        self.left = max(14, round(cell * 0.42))
        self.right = max(16, round(cell * 0.62))
        self.roof = max(16, round(cell * 1.1))
        self.quay = max(10, round(cell * 0.55))
        self.grid = pygame.Rect(self.left, self.roof, board.WIDTH * cell, board.HEIGHT * cell)
        self.size = (self.left + self.grid.width + self.right, self.roof + self.grid.height + self.quay)


@lru_cache(maxsize=16)
def house(cell: int, roof_colour: tuple, roof_dark: tuple, numbers: bool = True) -> pygame.Surface:
    """An empty house board: the stepped gable in the player's colour, the wall of 5 x 9 squares with its
    printed coats of arms, the lighter rows 2, 4 and 6 with a shield beside them, and the quay."""
    geo = HouseGeometry(cell)
    surface = pygame.Surface(geo.size, pygame.SRCALPHA)
    grid = geo.grid
    # The stepped gable: levels of brick narrowing towards the top, a round loft window in the middle.
    levels = 4
    step_w = grid.width / 9
    step_h = (geo.roof - 2) / levels
    outline_left, outline_right = [], []
    hatch = theme.mix(roof_colour, roof_dark, 0.3)
    for k in range(levels):
        inset = k * step_w if k < levels - 1 else 3 * step_w
        rect = pygame.Rect(round(grid.x - 2 + inset), round(grid.y - (k + 1) * step_h),
                           round(grid.width + 4 - 2 * inset), round(step_h) + 1)
        pygame.draw.rect(surface, roof_colour, rect)
        for y in range(rect.y + max(3, cell // 8), rect.bottom, max(3, cell // 8)):
            pygame.draw.line(surface, hatch, (rect.x + 1, y), (rect.right - 2, y), 1)
        outline_left += [(rect.x, rect.bottom), (rect.x, rect.y)]
        outline_right = [(rect.right - 1, rect.y), (rect.right - 1, rect.bottom)] + outline_right
    pygame.draw.lines(surface, roof_dark, False, outline_left + outline_right, max(1, cell // 20))
    if cell >= 24:
        loft = pygame.Rect(0, 0, round(cell * 0.52), round(cell * 0.52))
        loft.center = (grid.centerx, round(grid.y - step_h * 1.7))
        pygame.draw.ellipse(surface, theme.mix(theme.PAPER, theme.WHITE, 0.4), loft.inflate(6, 6))
        pygame.draw.ellipse(surface, GLASS[1], loft)
        pygame.draw.line(surface, theme.PAPER, (loft.centerx, loft.y), (loft.centerx, loft.bottom), 2)
    # The wall.
    wall = grid.inflate(max(4, cell // 8), max(2, cell // 16))
    pygame.draw.rect(surface, theme.mix(WALL, theme.INK, 0.25), wall, border_radius=2)
    for row in range(board.HEIGHT):
        y = grid.bottom - (row + 1) * cell
        shade = WALL_LIGHT if row in board.COAT_ROWS else WALL
        pygame.draw.rect(surface, shade, (grid.x, y, grid.width, cell))
    rng = random.Random(cell)
    for _ in range(board.CELLS * 3):
        x, y = rng.randrange(grid.x, grid.right), rng.randrange(grid.y, grid.bottom)
        surface.set_at((x, y), theme.mix(WALL, theme.INK_FAINT, rng.uniform(0.1, 0.35)))
    for row in range(board.HEIGHT):
        for col in range(board.WIDTH):
            rect = pygame.Rect(grid.x + col * cell, grid.bottom - (row + 1) * cell, cell, cell)
            inset = rect.inflate(-max(4, cell // 5), -max(4, cell // 5))
            pygame.draw.rect(surface, theme.mix(WALL_LINE, WALL, 0.4), inset, 1, border_radius=max(1, cell // 12))
            pygame.draw.rect(surface, WALL_LINE, rect, 1)
    for index in board.COAT_CELLS:
        col, row = board.cell_of(index)
        centre = (grid.x + col * cell + cell / 2, grid.bottom - row * cell - cell / 2)
        draw_shield(surface, centre, cell * 0.56, faded=True)
    for row in board.COAT_ROWS:
        centre = (grid.right + geo.right / 2 + 1, grid.bottom - row * cell - cell / 2)
        draw_shield(surface, centre, min(geo.right - 2, cell * 0.5))
    pygame.draw.rect(surface, theme.mix(WALL, theme.INK, 0.45), grid, max(1, cell // 20))
    # The quay.
    quay = pygame.Rect(grid.x - geo.left // 2, grid.bottom + 2, grid.width + geo.left, geo.quay - 2)
    pygame.draw.rect(surface, QUAY, quay, border_radius=3)
    stone = max(6, cell // 3)
    for k, x in enumerate(range(quay.x, quay.right, stone)):
        pygame.draw.line(surface, theme.mix(QUAY, theme.INK, 0.35), (x, quay.y + (k % 2) * 2), (x, quay.bottom), 1)
    pygame.draw.line(surface, theme.mix(QUAY, theme.WHITE, 0.3), quay.topleft, quay.topright, 1)
    if numbers and cell >= 24:
        size = max(11, round(cell * 0.26))
        for col in range(board.WIDTH):
            label = render_text(str(col + 1), size, theme.PAPER, bold=True)
            surface.blit(label, label.get_rect(center=(grid.x + col * cell + cell / 2, quay.centery)))
        for row in range(board.HEIGHT):
            label = render_text(str(row + 1), size, theme.INK_SOFT, bold=True)
            surface.blit(label, label.get_rect(center=(geo.left / 2, grid.bottom - row * cell - cell / 2)))
    return _alpha(surface)


# -- ability tiles ------------------------------------------------------------------------------
def _mini_card(surface, rect: pygame.Rect, colour: str, angle: float = 0.0) -> None:
    image = pygame.Surface(rect.size, pygame.SRCALPHA)
    paint, dark, _ = PAINT[colour]
    pygame.draw.rect(image, theme.PAPER, image.get_rect(), border_radius=3)
    pygame.draw.rect(image, paint, image.get_rect().inflate(-4, -4), border_radius=2)
    pygame.draw.rect(image, dark, image.get_rect(), 1, border_radius=3)
    if angle:
        image = pygame.transform.rotate(image, angle)
    surface.blit(image, image.get_rect(center=rect.center))


def _arrow(surface, start, end, colour, width: int = 2) -> None:
    pygame.draw.line(surface, colour, start, end, width)
    direction = pygame.Vector2(end) - pygame.Vector2(start)
    if direction.length() == 0:
        return
    direction.scale_to_length(6 + width)
    left = direction.rotate(150)
    right = direction.rotate(-150)
    pygame.draw.polygon(surface, colour, [end, pygame.Vector2(end) + left, pygame.Vector2(end) + right])


def draw_ability_icon(surface, ability: str, rect: pygame.Rect, ink) -> None:
    """The picture of an ability: what it lets you do with cards and tiles."""
    s = rect.width
    cw, ch = round(s * 0.26), round(s * 0.36)
    cx, cy = rect.center
    if ability == "any_cards":
        _mini_card(surface, pygame.Rect(rect.x + s * 0.1, cy - ch / 2, cw, ch), "blue", 8)
        _mini_card(surface, pygame.Rect(rect.right - s * 0.1 - cw, cy - ch / 2, cw, ch), "red", -8)
        pygame.draw.arc(surface, ink, (rect.x + s * 0.2, rect.y + s * 0.08, s * 0.6, s * 0.5), 0.35, math.pi - 0.35, 2)
        for k in range(3):
            pygame.draw.circle(surface, ink, (cx - s * 0.1 + k * s * 0.1, cy + s * 0.32), max(1, s // 28))
    elif ability == "additional_card":
        for k, colour in enumerate(("green", "yellow", "purple")):
            _mini_card(surface, pygame.Rect(cx - cw / 2 + (k - 1) * s * 0.16, cy - ch / 2 + abs(k - 1) * 3, cw, ch),
                       colour, (1 - k) * 14)
        plus = render_text("+1", max(10, round(s * 0.26)), ink, bold=True)
        surface.blit(plus, plus.get_rect(midtop=(cx, cy + ch * 0.45)))
    elif ability == "construction_discount":
        piece = tile_image("green-2", 0, False, max(8, round(s * 0.24)))
        surface.blit(piece, piece.get_rect(center=(cx - s * 0.1, cy - s * 0.08)))
        minus = render_text("−1", max(10, round(s * 0.3)), ink, bold=True)
        surface.blit(minus, minus.get_rect(center=(cx + s * 0.22, cy + s * 0.24)))
    elif ability == "change_of_colors":
        r = s * 0.16
        pygame.draw.circle(surface, PAINT["red"][0], (cx - s * 0.22, cy - s * 0.08), r)
        draw_icon(surface, "red", (cx - s * 0.22, cy - s * 0.08), r * 1.1, theme.PAPER)
        pygame.draw.circle(surface, PAINT["blue"][0], (cx + s * 0.22, cy + s * 0.12), r)
        draw_icon(surface, "blue", (cx + s * 0.22, cy + s * 0.12), r * 1.1, theme.PAPER)
        _arrow(surface, (cx - s * 0.1, cy + s * 0.16), (cx + s * 0.04, cy + s * 0.22), ink)
        _arrow(surface, (cx + s * 0.1, cy - s * 0.2), (cx - s * 0.04, cy - s * 0.26), ink)
    elif ability == "both_actions":
        _mini_card(surface, pygame.Rect(rect.x + s * 0.1, cy - ch / 2, cw, ch), "yellow", 6)
        plus = render_text("+", max(12, round(s * 0.3)), ink, bold=True)
        surface.blit(plus, plus.get_rect(center=(cx - s * 0.02, cy)))
        piece = tile_image("red-3", 0, False, max(7, round(s * 0.16)))
        surface.blit(piece, piece.get_rect(center=(cx + s * 0.24, cy)))


ABILITY_INK = (74, 52, 36)


@lru_cache(maxsize=64)
def ability_tile(ability: str, state: str, size: int) -> pygame.Surface:
    """An ability tile: "active" (bright, ready), "used" (turned over: dark, greyed) or "none" (an empty place)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(6, size // 7)
    if state == "none":
        for k in range(0, size * 4, 8):
            side, t = divmod(k, size)
            point = [(t, 0), (size - 1, t), (size - 1 - t, size - 1), (0, size - 1 - t)][side]
            pygame.draw.circle(surface, (*theme.PAPER_DARK, 160), point, 1)
        faint = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_ability_icon(faint, ability, rect.inflate(-size // 6, -size // 6), theme.INK_FAINT)
        faint.set_alpha(70)
        surface.blit(faint, (0, 0))
        return _alpha(surface)
    used = state == "used"
    top, bottom = ((120, 108, 96), (86, 76, 66)) if used else ((252, 238, 204), (232, 206, 150))
    for y in range(size):
        pygame.draw.line(surface, theme.mix(top, bottom, y / size), (0, y), (size, y))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_ability_icon(art, ability, rect.inflate(-size // 6, -size // 6), (200, 190, 176) if used else ABILITY_INK)
    if used:
        grey = pygame.Surface((size, size), pygame.SRCALPHA)
        grey.fill((120, 110, 100, 255))
        art.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        art.set_alpha(140)
    surface.blit(art, (0, 0))
    pygame.draw.rect(surface, (70, 58, 48) if used else GOLD, rect, 2, border_radius=radius)
    if used:
        pygame.draw.line(surface, (160, 150, 140), (radius, size - radius), (size - radius, radius), 2)
    return _alpha(surface)
