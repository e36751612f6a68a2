"""Drawing helpers of the shared visual language: panels with soft shadows, wood and felt."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import theme

WOOD_SQUEEZE = 4
"""How much narrower the wood is drawn than it is shown."""
FELT_BITS = 7
FELT_TILE = 1 << FELT_BITS
"""The side of the felt's noise tile in pixels: far larger than its faint specks, so no repeat shows."""


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PAPER, radius: int = theme.RADIUS,
          shadow: int = 6, border: tuple | None = None, border_width: int = 2) -> None:
    """A rounded panel with a soft drop shadow."""
    if shadow:
        surface.blit(shadow_surface(rect.width, rect.height, radius, shadow), (rect.x - shadow, rect.y - shadow // 2))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


@lru_cache(maxsize=256)
def shadow_surface(width: int, height: int, radius: int, blur: int) -> pygame.Surface:
    """A blurred rounded shadow, larger than the shape by ``blur`` on each side (cached per size)."""
    size = (width + blur * 2, height + blur * 2)
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    steps = max(1, blur)
    for i in range(steps):
        alpha = int(70 * (i + 1) / steps / steps * 2)
        inset = steps - i
        rect = pygame.Rect(inset, inset + blur // 2, size[0] - inset * 2, size[1] - inset * 2 - blur // 2)
        pygame.draw.rect(shadow, (0, 0, 0, min(255, alpha)), rect, border_radius=radius + inset)
    return for_display(shadow)


def for_display(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """``surface`` in the screen's pixel format (with or without per-pixel alpha), so blitting it is fast.

    Unchanged while no display is open: headless runs and tests draw on plain surfaces.
    """
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


@lru_cache(maxsize=8)
def wood_texture(width: int, height: int, seed: int = 7) -> pygame.Surface:
    """Wood grain drawn by code: bands of warm browns with wavy grain lines.

    The grain runs across, so it is drawn at a quarter of the width and stretched: a quarter of the
    drawing, the same look.
    """
    rng = random.Random(seed)
    narrow = max(1, width // WOOD_SQUEEZE)
    surface = pygame.Surface((narrow, height))
    surface.fill(theme.WOOD)
    for y in range(0, height, 3):
        shade = rng.uniform(-14, 14)
        surface.fill(tuple(max(0, min(255, int(c + shade))) for c in theme.WOOD), (0, y - 1, narrow, 3))
    for _ in range(height // 6):
        y = rng.uniform(0, height)
        amplitude = rng.uniform(2, 9)
        period = rng.uniform(120, 420)
        phase = rng.uniform(0, 6.28)
        colour = theme.mix(theme.WOOD, theme.WOOD_DARK, rng.uniform(0.3, 0.7))
        points = [(x / WOOD_SQUEEZE, y + amplitude * math.sin(x / period * 6.28 + phase))
                  for x in range(0, width + 40, 40)]
        pygame.draw.aalines(surface, colour, False, points)
    return for_display(pygame.transform.smoothscale(surface, (width, height)), alpha=False)


@lru_cache(maxsize=8)
def felt_texture(width: int, height: int, colour: tuple = theme.FELT, seed: int = 3) -> pygame.Surface:
    """A felt cloth: the colour with fine noise and a soft vignette."""
    surface = pygame.Surface((width, height))
    surface.fill(colour)
    specks = felt_specks(seed)
    step_x, step_y = specks.get_size()
    surface.fblits([(specks, (x, y)) for y in range(0, height, step_y) for x in range(0, width, step_x)])
    surface.blit(vignette(width, height), (0, 0))
    return for_display(surface, alpha=False)


@lru_cache(maxsize=4)
def felt_specks(seed: int) -> pygame.Surface:
    """The felt's fine noise, one light or dark speck in 40 pixels, as a tile laid side by side over a
    cloth of any size (drawing a whole cloth speck by speck took a tenth of a second)."""
    rng = random.Random(seed)
    tile = pygame.Surface((FELT_TILE, FELT_TILE), pygame.SRCALPHA)
    for _ in range(FELT_TILE * FELT_TILE // 40):
        spot = rng.getrandbits(2 * FELT_BITS + 1)  # x, y and light or dark in one draw
        x, y, light = spot & FELT_TILE - 1, spot >> FELT_BITS & FELT_TILE - 1, spot >> 2 * FELT_BITS
        tile.set_at((x, y), (255, 255, 255, 10) if light else (0, 0, 0, 16))
    return tile


def vignette(width: int, height: int, strength: int = 90) -> pygame.Surface:
    """A smooth darkening towards the edges: computed small, then scaled up (smoothscale blurs it)."""
    small = pygame.Surface((48, 27), pygame.SRCALPHA)
    for y in range(27):
        for x in range(48):
            dx, dy = (x - 23.5) / 24, (y - 13) / 13.5
            small.set_at((x, y), (0, 0, 0, min(255, int(strength * max(0.0, dx * dx + dy * dy - 0.35) ** 1.2))))
    return pygame.transform.smoothscale(small, (width, height))


def table_background(surface: pygame.Surface, felt_rect: pygame.Rect | None = None, felt_colour=theme.FELT) -> None:
    """The tabletop: wood everywhere, a felt cloth inside ``felt_rect``."""
    w, h = surface.get_size()
    surface.blit(wood_texture(w, h), (0, 0))
    if felt_rect:
        surface.blit(shadow_surface(felt_rect.width, felt_rect.height, 18, 10), (felt_rect.x - 10, felt_rect.y - 5))
        surface.blit(felt_texture(felt_rect.width, felt_rect.height, felt_colour), felt_rect.topleft)


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything drawn so far (under a dialog)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((16, 12, 10, alpha))
    surface.blit(veil, (0, 0))


def player_token(surface: pygame.Surface, centre, radius: int, seat: int, game_id: str | None = None,
                 symbols: bool = True) -> None:
    """A player's round token in the game's colours: colour, dark rim and the player's symbol."""
    from game.ui.fonts import render_text

    style = theme.player_style(seat, game_id)
    pygame.draw.circle(surface, style.dark, centre, radius)
    pygame.draw.circle(surface, style.colour, centre, radius - 2)
    if symbols:
        ink = theme.INK if sum(style.colour) > 500 else theme.WHITE
        glyph = render_text(style.symbol, max(10, int(radius * 1.1)), ink)
        surface.blit(glyph, glyph.get_rect(center=centre))
