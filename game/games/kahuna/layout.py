"""Where everything sits on the Kahuna table (logical pixels; the host's side panel starts at x=1300).

The map fills the board; the opponent, the display and the piles are on the right; your seat, hand and
buttons along the bottom. Islands sit where the printed board has them, scaled into the board.
"""

from __future__ import annotations

from itertools import chain

import pygame

from game.games.kahuna.board import ISLAND_COUNT, ISLAND_LINES, LINE_COUNT, LINE_ENDS, POSITIONS

BOARD = pygame.Rect(14, 14, 976, 646)
SIDE = pygame.Rect(1004, 14, 286, 646)
BOTTOM = pygame.Rect(14, 672, 1276, 214)
HAND_AREA = pygame.Rect(250, 690, 640, 190)
HAND_CARD = (108, 156)
SMALL_CARD = (84, 122)

# The printed board's frame of reference: islands occupy x 0.12..0.93 and y 0.24..0.93.
VIEW_X = (0.05, 1.0)
VIEW_Y = (0.17, 0.975)


def to_screen(point) -> tuple[float, float]:
    x = BOARD.x + (point[0] - VIEW_X[0]) / (VIEW_X[1] - VIEW_X[0]) * BOARD.width
    y = BOARD.y + (point[1] - VIEW_Y[0]) / (VIEW_Y[1] - VIEW_Y[0]) * BOARD.height
    return x, y


ISLAND_XY = tuple(to_screen(p) for p in POSITIONS)
ISLAND_RADIUS = tuple(30 + 3 * len(ISLAND_LINES[i]) for i in range(ISLAND_COUNT))


def _segment(line: int) -> tuple[pygame.Vector2, pygame.Vector2]:
    """Where a line's bridge lies: from one island's shore to the other's."""
    a, b = LINE_ENDS[line]
    pa, pb = pygame.Vector2(ISLAND_XY[a]), pygame.Vector2(ISLAND_XY[b])
    direction = (pb - pa).normalize()
    return pa + direction * (ISLAND_RADIUS[a] * 0.92), pb - direction * (ISLAND_RADIUS[b] * 0.92)


SEGMENTS = tuple(_segment(line) for line in range(LINE_COUNT))


def distance_to_segment(point, segment) -> float:
    p = pygame.Vector2(point)
    a, b = segment
    ab = b - a
    t = max(0.0, min(1.0, (p - a).dot(ab) / max(1e-6, ab.length_squared())))
    return p.distance_to(a + ab * t)


BRIDGE_CLEARANCE = 6
"""Half the width a bridge (or its dotted line) takes on the board, and a little room."""
PLATE_DIRECTIONS = (90, 270, 0, 180, 60, 120, 240, 300, 30, 150, 210, 330, *range(5, 360, 5))
"""Where an island's name plate may sit, in degrees (90: below), in order of preference."""
PLATE_REACHES = (0.78, 1.0, 1.25, 1.5, 1.8)
"""How far from an island its plate may sit, in island radii, nearest first."""
STONE_ROOM = 22


def plate_rects(sizes_of) -> tuple[pygame.Rect, ...]:
    """Every island's name plate, placed beside the island where it covers no line or bridge, no stone
    and no other plate: below it if it can be, else the first free place around it. ``sizes_of(island)``
    gives the plate's sizes, roomiest first: a smaller one is taken only where no larger one fits as near."""
    placed: list[pygame.Rect] = []
    for island in range(ISLAND_COUNT):
        candidates = (_plate_at(island, size, angle, reach) for reach in PLATE_REACHES for size in sizes_of(island)
                      for angle in PLATE_DIRECTIONS)
        first = next(candidates)  # looked at in order, up to the first that fits: a table's first frame waits on it
        placed.append(next((rect for rect in chain([first], candidates) if _plate_fits(rect, placed)), first))
    return tuple(placed)


def _plate_at(island: int, size, angle: float, reach: float) -> pygame.Rect:
    """A plate of ``size`` whose nearest point to the island's centre is ``reach`` radii away at ``angle``."""
    x, y = ISLAND_XY[island]
    direction = pygame.Vector2(1, 0).rotate(angle)
    distance = ISLAND_RADIUS[island] * reach
    half = pygame.Vector2(size[0] / 2, size[1] / 2)
    # push the plate's centre out until its edge, not its centre, is ``distance`` away
    step = abs(direction.x) * half.x + abs(direction.y) * half.y
    centre = pygame.Vector2(x, y) + direction * (distance + step)
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre.x), round(centre.y))
    return rect


def _plate_fits(rect: pygame.Rect, placed: list[pygame.Rect]) -> bool:
    if not BOARD.inflate(-10, -10).contains(rect) or rect.collidelist(placed) >= 0:
        return False
    room = rect.inflate(2 * BRIDGE_CLEARANCE, 2 * BRIDGE_CLEARANCE)
    if any(room.clipline(a, b) for a, b in SEGMENTS):
        return False
    return not any(_distance_to_rect(centre, rect) < STONE_ROOM for centre in ISLAND_XY)


def _distance_to_rect(point, rect: pygame.Rect) -> float:
    nearest = (min(max(point[0], rect.left), rect.right), min(max(point[1], rect.top), rect.bottom))
    return pygame.Vector2(point).distance_to(nearest)
