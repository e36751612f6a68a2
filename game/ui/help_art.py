"""Pictures for the rules help, drawn with each game's own art.

A game's ``help_art`` module (``game.games.<id>.help_art``) has ``picture(page, size)``: the picture of a
rules page (its number from 1) at most ``size`` big, or None for a page that needs none. These helpers
lay out what the games draw: rows of cards, arrows, short captions, a picture scaled to fit.
"""

from __future__ import annotations

import importlib
import math

import pygame

from game.ui import theme
from game.ui.cards import blit_card
from game.ui.fonts import render_paragraph


def game_picture(game_id: str, page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of page ``page`` of a game's rules, or None (no picture, or no help art)."""
    try:
        module = importlib.import_module(f"game.games.{game_id}.help_art")
    except ModuleNotFoundError:
        return None
    return module.picture(page, size)


def canvas(size: tuple[int, int]) -> pygame.Surface:
    """A transparent surface to draw a picture on."""
    return pygame.Surface(size, pygame.SRCALPHA)


def fit(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``image`` scaled down (never up) to fit ``size``, keeping its shape."""
    scale = min(1.0, size[0] / image.get_width(), size[1] / image.get_height())
    return image if scale == 1.0 else pygame.transform.smoothscale_by(image, scale)


def card_row(surface: pygame.Surface, images: list[pygame.Surface], centre: tuple[int, int], gap: int = 14,
             lift: dict | None = None) -> list[pygame.Rect]:
    """Cards side by side centred on ``centre`` (with shadows); ``lift`` raises some by index. Their rects."""
    total = sum(image.get_width() for image in images) + gap * (len(images) - 1)
    x = centre[0] - total // 2
    rects = []
    for index, image in enumerate(images):
        rect = image.get_rect(midleft=(x, centre[1]))
        blit_card(surface, image, rect, (lift or {}).get(index, 0))
        rects.append(rect)
        x += image.get_width() + gap
    return rects


def arrow(surface: pygame.Surface, start, end, colour=theme.ACCENT_DARK, width: int = 5) -> None:
    """A bold arrow from ``start`` to ``end``."""
    a, b = pygame.Vector2(start), pygame.Vector2(end)
    if a.distance_to(b) < 1:
        return
    direction = (b - a).normalize()
    head = 4 * width
    pygame.draw.line(surface, colour, a, b - direction * head * 0.6, width)
    side = pygame.Vector2(-direction.y, direction.x)
    tip = [b, b - direction * head + side * head * 0.6, b - direction * head - side * head * 0.6]
    pygame.draw.polygon(surface, colour, tip)


def caption(surface: pygame.Surface, text: str, centre_top, width: int = 200, size: int = 19,
            colour=theme.INK_SOFT) -> pygame.Rect:
    """A short caption, centred under ``centre_top``; its rect."""
    image = render_paragraph(text, size, colour, width, align="center")
    rect = image.get_rect(midtop=(round(centre_top[0]), round(centre_top[1])))
    surface.blit(image, rect)
    return rect


def cross(surface: pygame.Surface, centre, radius: float, colour=theme.BAD, width: int = 6) -> None:
    """A red cross: this goes (a bridge swept away, a ship sunk)."""
    x, y = centre
    for dx in (-1, 1):
        pygame.draw.line(surface, colour, (x - radius, y - dx * radius), (x + radius, y + dx * radius), width)


def ring(surface: pygame.Surface, centre, radius: float, colour=theme.HIGHLIGHT, width: int = 5) -> None:
    """A lit ring around what the picture points at."""
    pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])), round(radius), width)


def star_burst(surface: pygame.Surface, centre, radius: float, colour=theme.HIGHLIGHT) -> None:
    """A small burst behind something won (points scored)."""
    x, y = centre
    points = []
    for k in range(16):
        r = radius if k % 2 == 0 else radius * 0.55
        angle = k * math.pi / 8
        points.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)
