"""How the Kahuna table looks: the sea, the islands, the cards, the colours of the pieces.

Everything that never changes is drawn once and cached (the sea, its waves, the islands with their
beaches and palms, each card face); the table blits these and draws only the pieces each frame.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.games.kahuna.board import ISLAND_COUNT, ISLAND_LINES, ISLANDS, LINE_ENDS, LINE_IDS, POSITIONS
from game.games.kahuna.layout import BOARD, ISLAND_RADIUS, ISLAND_XY, VIEW_X, VIEW_Y
from game.ui import theme
from game.ui.cards import card_blank
from game.ui.draw import for_display
from game.ui.fonts import render_text

STYLES = theme.game_player_styles("kahuna")
BRIDGE_COLOURS = tuple(style.colour for style in STYLES)
BRIDGE_EDGES = tuple(style.dark for style in STYLES)
SEAT_SYMBOLS = tuple(style.symbol for style in STYLES)
SEA = (38, 120, 150)
SEA_DEEP = (22, 84, 118)
SHALLOW = (98, 186, 190)
SAND = (232, 208, 150)
GRASS = (86, 148, 76)
GRASS_DARK = (60, 116, 58)
HOVER_RED = (236, 52, 40)
REMOVE_GOLD = (255, 196, 60)
HIGHLIGHT_DOT = (255, 236, 120)


def tally(count: int) -> str:
    return "I" * count


def island_outline(island: int, scale: float = 1.0) -> list[tuple[float, float]]:
    """A wobbly closed outline, the same every time for an island (seeded by its name)."""
    rng = random.Random(ISLANDS[island])
    phases = [rng.uniform(0, math.tau) for _ in range(4)]
    amps = (0.13, 0.08, 0.05, 0.03)
    cx, cy = ISLAND_XY[island]
    r = ISLAND_RADIUS[island] * scale
    stretch = rng.uniform(0.85, 1.2)
    points = []
    for k in range(48):
        t = k / 48 * math.tau
        wobble = 1 + sum(a * math.sin((n + 2) * t + p) for n, (a, p) in enumerate(zip(amps, phases, strict=True)))
        points.append((cx + math.cos(t) * r * wobble * stretch, cy + math.sin(t) * r * wobble / stretch ** 0.5))
    return points


@lru_cache(maxsize=2)
def sea_layer(size: tuple[int, int]) -> pygame.Surface:
    """The sea: deep at the edges, lighter towards the middle, with a faint texture."""
    small = pygame.Surface((40, 26))
    for y in range(26):
        for x in range(40):
            d = math.hypot((x - 19.5) / 20, (y - 12.5) / 13)
            small.set_at((x, y), theme.mix(SEA, SEA_DEEP, min(1.0, d ** 1.6)))
    surface = pygame.transform.smoothscale(small, size)
    rng = random.Random(5)
    for _ in range(size[0] * size[1] // 300):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        colour = theme.mix(SEA, theme.WHITE, rng.uniform(0.05, 0.15))
        pygame.draw.line(surface, colour, (x, y), (x + rng.randint(3, 9), y))
    return for_display(surface, alpha=False)


@lru_cache(maxsize=2)
def wave_layer(size: tuple[int, int]) -> pygame.Surface:
    """Soft light crests that drift over the sea (blitted twice with moving offsets)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(9)
    for _ in range(size[0] * size[1] // 2600):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        length = rng.randint(14, 34)
        points = [(x + i, y + 2.5 * math.sin(i / length * math.pi * 2)) for i in range(0, length, 3)]
        pygame.draw.lines(surface, (255, 255, 255, rng.randint(26, 60)), False, points, 2)
    return for_display(surface)


@lru_cache(maxsize=1)
def island_layer() -> pygame.Surface:
    """Every island with its shallows, beach, grass, palms, name sign and line tally."""
    surface = pygame.Surface(BOARD.size, pygame.SRCALPHA)
    off = (-BOARD.x, -BOARD.y)

    def shifted(points):
        return [(x + off[0], y + off[1]) for x, y in points]

    for island in range(ISLAND_COUNT):
        pygame.draw.polygon(surface, (*SHALLOW, 120), shifted(island_outline(island, 1.32)))
        pygame.draw.polygon(surface, (*SHALLOW, 170), shifted(island_outline(island, 1.14)))
    for island in range(ISLAND_COUNT):
        pygame.draw.polygon(surface, SAND, shifted(island_outline(island, 1.0)))
        pygame.draw.polygon(surface, GRASS, shifted(island_outline(island, 0.74)))
        pygame.draw.polygon(surface, GRASS_DARK, shifted(island_outline(island, 0.74)), 2)
        rng = random.Random(ISLANDS[island] + "palms")
        cx, cy = ISLAND_XY[island][0] + off[0], ISLAND_XY[island][1] + off[1]
        r = ISLAND_RADIUS[island]
        for _ in range(3):
            angle = rng.uniform(0, math.tau)
            px, py = cx + math.cos(angle) * r * 0.45, cy + math.sin(angle) * r * 0.38
            pygame.draw.circle(surface, GRASS_DARK, (px, py), 6)
            pygame.draw.circle(surface, (104, 170, 90), (px - 1, py - 1), 4)
    return for_display(surface)


@lru_cache(maxsize=64)
def card_face(island: int, size: tuple[int, int]) -> pygame.Surface:
    """A Kahuna card: the island's name, a small map with that island in red, its line tally."""
    width, height = size
    surface = card_blank(width, height).copy()
    name = render_text(ISLANDS[island], max(12, width // 5), theme.INK, bold=True)
    surface.blit(name, name.get_rect(midtop=(width // 2, height * 0.05)))
    marks = render_text(tally(len(ISLAND_LINES[island])), max(10, width // 7), theme.BAD, bold=True)
    surface.blit(marks, marks.get_rect(midtop=(width // 2, height * 0.05 + name.get_height() - 2)))
    map_rect = pygame.Rect(width * 0.1, height * 0.4, width * 0.8, height * 0.52)
    pygame.draw.rect(surface, (202, 228, 232), map_rect, border_radius=6)

    def on_map(point):
        x = map_rect.x + (point[0] - VIEW_X[0]) / (VIEW_X[1] - VIEW_X[0]) * map_rect.width
        y = map_rect.y + (point[1] - VIEW_Y[0]) / (VIEW_Y[1] - VIEW_Y[0]) * map_rect.height
        return x, y

    for a, b in LINE_ENDS:
        pygame.draw.line(surface, (150, 180, 186), on_map(POSITIONS[a]), on_map(POSITIONS[b]), 1)
    for other in range(ISLAND_COUNT):
        radius = max(2, width // 26) + (2 if other == island else 0)
        colour = theme.BAD if other == island else (150, 140, 110)
        pygame.draw.circle(surface, colour, on_map(POSITIONS[other]), radius)
    return surface


def line_label(line: int) -> str:
    return LINE_IDS[line].replace("-", "–")
