"""Where everything sits on the Kahuna table (logical pixels; the host's side panel starts at x=1300).

The map fills the board; the opponent, the display and the piles are on the right; your seat, hand and
buttons along the bottom. Islands sit where the printed board has them, scaled into the board.
"""

from __future__ import annotations

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
