"""The Copenhagen table's own colours and its cached pictures: what never changes is drawn once.

The backdrop (wood, sky, harbour water, pier and panels) per player count; each facade's built tiles
per facade and cell size; the supply with its counts per supply; labels fitted to their room; veils.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.layout import (
    CARD,
    DISCARD,
    HAND_PANEL,
    HARBOUR,
    HEADER,
    LEFT,
    MY_HOUSE,
    SLOT_Y,
    SPECIAL_STACK,
    SUPPLY,
    SUPPLY_CELL,
    SUPPLY_COL_W,
    SUPPLY_COL_X,
    SUPPLY_ROW_H,
    SUPPLY_ROW_Y,
    TILE_ORDER,
    opponent_rects,
    supply_rect,
)
from game.ui import theme
from game.ui.badge import count_badge
from game.ui.draw import for_display, panel, shadow_surface, wood_texture
from game.ui.fonts import fit_paragraph, render_text
from game.ui.table import BOARD_AREA

GHOST_GOOD = (96, 214, 120)
GHOST_BAD = (228, 54, 44)
GLOW_GOLD = (255, 214, 92)
SKY_TOP, SKY_LOW = (150, 190, 222), (222, 232, 236)
WATER_TOP, WATER_LOW = (52, 112, 146), (30, 72, 104)
PIER = (134, 96, 62)


def card_image(colour: str) -> pygame.Surface:
    """A card of ``colour`` at the table's card size (the harbour, cards in flight)."""
    return art.card_face(colour, *CARD)


def fitted_label(text: str, size: int, colour, width: int, height: int) -> pygame.Surface:
    """A short label under an icon: wrapped, smaller if it must be (never below the readable floor), cut
    with "…" if even that runs over (the tooltip names it whole)."""
    return fit_paragraph(text, size, colour, pygame.Rect(0, 0, width, height), min_size=11, line_height=1.05,
                         align="center")


def side_label(text: str, size: int, colour, width: int, height: int) -> pygame.Surface:
    """A label beside an icon, fitted like ``fitted_label``."""
    return fit_paragraph(text, size, colour, pygame.Rect(0, 0, width, height), min_size=11, line_height=1.0)


@lru_cache(maxsize=256)
def faded_tile(tile_id: str, rot: int, mirror: bool, cell: int, symbols: bool, alpha: int) -> pygame.Surface:
    """A tile drawn see-through (held in the hand, sold out in the supply)."""
    image = art.tile_image(tile_id, rot, mirror, cell, symbols).copy()
    image.set_alpha(alpha)
    return image


@lru_cache(maxsize=1)
def card_veil() -> pygame.Surface:
    """A shade over a harbour card that cannot be taken now."""
    surface = pygame.Surface(CARD, pygame.SRCALPHA)
    pygame.draw.rect(surface, (20, 30, 40, 110), surface.get_rect(), border_radius=10)
    return surface


@lru_cache(maxsize=16)
def veil(size: tuple[int, int], rgba: tuple) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(rgba)
    return surface


def _gradient(size, top, low) -> pygame.Surface:
    surface = pygame.Surface(size)
    for y in range(size[1]):
        pygame.draw.line(surface, theme.mix(top, low, y / max(1, size[1] - 1)), (0, y), (size[0], y))
    return surface


def _rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    shaped = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shaped, (255, 255, 255, 255), shaped.get_rect(), border_radius=radius)
    picture = for_display(surface.copy())
    picture.blit(shaped, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return picture


@lru_cache(maxsize=4)
def backdrop(players: int, language: str) -> pygame.Surface:
    """Everything that never changes: the wood, the sky behind the houses, the harbour water, the panels."""
    surface = pygame.Surface(BOARD_AREA.size)
    surface.blit(wood_texture(*BOARD_AREA.size), (0, 0))
    sky = _rounded(_gradient(LEFT.size, SKY_TOP, SKY_LOW), 14)
    surface.blit(shadow_surface(LEFT.width, LEFT.height, 14, 8), (LEFT.x - 8, LEFT.y - 4))
    surface.blit(sky, LEFT.topleft)
    ground = pygame.Rect(LEFT.x, MY_HOUSE.bottom - 14, LEFT.width, LEFT.bottom - MY_HOUSE.bottom + 14)
    pygame.draw.rect(surface, (146, 132, 112), ground, border_bottom_left_radius=14, border_bottom_right_radius=14)
    pygame.draw.rect(surface, theme.PAPER, ground.inflate(-12, -14).move(0, 4), border_radius=12)
    water = _rounded(_gradient(HARBOUR.size, WATER_TOP, WATER_LOW), 14)
    surface.blit(shadow_surface(HARBOUR.width, HARBOUR.height, 14, 8), (HARBOUR.x - 8, HARBOUR.y - 4))
    surface.blit(water, HARBOUR.topleft)
    for k in range(22):
        y = HARBOUR.y + 30 + (k * 37) % (HARBOUR.height - 40)
        x = HARBOUR.x + (k * 173) % (HARBOUR.width - 60)
        pygame.draw.arc(surface, theme.mix(WATER_TOP, theme.WHITE, 0.25), (x, y, 34, 10), 0.3, math.pi - 0.3, 1)
    pier = pygame.Rect(HARBOUR.x + 8, SLOT_Y + CARD[1] - 28, DISCARD.right - HARBOUR.x + 4, 46)
    pygame.draw.rect(surface, theme.mix(PIER, theme.BLACK, 0.3), pier.move(0, 4), border_radius=6)
    pygame.draw.rect(surface, PIER, pier, border_radius=6)
    for x in range(pier.x + 30, pier.right, 46):
        pygame.draw.line(surface, theme.mix(PIER, theme.BLACK, 0.35), (x, pier.y + 2), (x, pier.bottom - 2), 2)
    pygame.draw.line(surface, theme.mix(PIER, theme.WHITE, 0.25), pier.topleft, pier.topright, 2)
    for rect in (HAND_PANEL, SUPPLY):
        panel(surface, rect, theme.PAPER, radius=14, shadow=8)
    panel(surface, HEADER, theme.PAPER, radius=12, shadow=4)
    for rect in opponent_rects(players - 1):
        panel(surface, rect, theme.PAPER, radius=14, shadow=8)
        sky_rect = pygame.Rect(rect.x + 6, rect.y + 34, rect.width - 12, rect.height - 40)
        surface.blit(_rounded(_gradient(sky_rect.size, SKY_TOP, SKY_LOW), 10), sky_rect.topleft)
    for index in range(len(board.COLOURS)):
        y = SUPPLY_ROW_Y + index * SUPPLY_ROW_H + (SUPPLY_ROW_H - 8) // 2
        colour = board.COLOURS[index]
        pygame.draw.circle(surface, art.PAINT[colour][0], (SUPPLY.x + 28, y), 17)
        pygame.draw.circle(surface, art.PAINT[colour][1], (SUPPLY.x + 28, y), 17, 2)
        art.draw_icon(surface, colour, (SUPPLY.x + 28, y), 20, theme.PAPER)
        if index:
            pygame.draw.line(surface, theme.PAPER_DARK, (SUPPLY.x + 12, y - SUPPLY_ROW_H // 2),
                             (SUPPLY.right - 12, y - SUPPLY_ROW_H // 2), 1)
    for size in (2, 3, 4, 5):
        label = render_text(tr("copenhagen.ui.size", size=size), 15, theme.INK_SOFT)
        x = SUPPLY_COL_X + (size - 2) * SUPPLY_COL_W + (SUPPLY_COL_W - 8) // 2
        surface.blit(label, label.get_rect(midbottom=(x, SUPPLY_ROW_Y - 4)))
    return for_display(surface, alpha=False)


@lru_cache(maxsize=64)
def facade_layer(entries: tuple, cell: int, symbols: bool) -> pygame.Surface:
    """The tiles built on a facade, drawn over an empty grid (one image per facade and size)."""
    surface = pygame.Surface((board.WIDTH * cell, board.HEIGHT * cell), pygame.SRCALPHA)
    for tile, o_index, col, row in entries:
        o = board.TILES[tile].orientations[o_index]
        surface.blit(art.tile_image(board.TILES[tile].id, o.rot, o.mirror, cell, symbols),
                     (col * cell, (board.HEIGHT - row - o.height) * cell))
    return for_display(surface)


@lru_cache(maxsize=32)
def supply_layer(supply: tuple, buildable: frozenset, symbols: bool, language: str) -> pygame.Surface:
    """The supply's tiles with their counts; the ones the person can afford now on a lit ground."""
    surface = pygame.Surface(SUPPLY.size, pygame.SRCALPHA)
    offset = (-SUPPLY.x, -SUPPLY.y)
    title = render_text(tr("copenhagen.ui.supply"), 20, theme.INK, bold=True)
    surface.blit(title, (16, 12))
    for tile_id in TILE_ORDER:
        rect = supply_rect(tile_id).move(offset)
        left = supply[board.TILE_INDEX[tile_id]]
        image = art.tile_image(tile_id, 0, False, SUPPLY_CELL, symbols)
        place = image.get_rect(center=(rect.centerx, rect.centery + 2))
        if tile_id in buildable:
            pygame.draw.rect(surface, theme.mix(theme.PAPER, theme.HIGHLIGHT, 0.35), rect, border_radius=10)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 3, border_radius=10)
        if left:
            surface.blit(shadow_surface(place.width, place.height, 3, 4), (place.x - 4, place.y + 1))
            surface.blit(image, place)
        else:
            surface.blit(faded_tile(tile_id, 0, False, SUPPLY_CELL, symbols, 60), place)
        count_badge(surface, (rect.right - 14, rect.y + 13), f"×{left}", 11,
                    theme.WOOD_DARK if left else theme.DISABLED)
    # The white tiles: only a coat of arms gives them.
    stack = SPECIAL_STACK.move(offset)
    white = art.tile_image("special-1", 0, False, 24, symbols)
    spot = white.get_rect(midright=(stack.right - 4, stack.centery))
    surface.blit(white, spot)
    label = render_text(tr("copenhagen.ui.white_left", n=supply[board.SPECIAL]), 16, theme.INK_SOFT)
    surface.blit(label, label.get_rect(midright=(spot.x - 8, stack.centery)))
    return for_display(surface)
