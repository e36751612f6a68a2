"""Cannonades card art, drawn by code and cached per size.

Every colour has a symbol of its own (circle, triangle, diamond, square, star, cross) drawn inside
its colour disc, so no card relies on colour alone. Ship cards show a ship sailing the way it
faces, its colour disc, its Captain Grin faces and a facing arrow; cannonades show a cannon and
the discs of the colours they sink. Art is drawn at twice the size and smoothed down once.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.games.cannonades.rules import FACES_LEFT, GRINS, IS_SHIP, KINDS, UNKNOWN
from game.ui import theme
from game.ui.cards import card_back
from game.ui.draw import for_display

COLOUR_RGB = {
    "blue": (48, 102, 196),
    "green": (52, 146, 74),
    "purple": (132, 74, 176),
    "orange": (236, 130, 36),
    "red": (204, 48, 44),
    "yellow": (240, 198, 44),
}
SYMBOL_NAMES = {"blue": "circle", "green": "triangle", "purple": "diamond", "orange": "square", "red": "star",
                "yellow": "cross"}
BACK_FIELD = (30, 50, 82)
BACK_GOLD = (214, 178, 100)
SEA = (92, 150, 188)
SEA_DARK = (58, 110, 152)
HULL = (104, 64, 36)
HULL_DARK = (64, 38, 22)
GRIN_SKIN = (250, 224, 170)
SCALE = 2


def _smooth(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    small = pygame.transform.smoothscale(surface, size)
    return for_display(small)


def symbol_ink(colour: str) -> tuple:
    """The symbol's colour on a disc: dark on yellow, white on the others."""
    return theme.INK if colour == "yellow" else theme.WHITE


def _symbol_points(shape: str, centre, r: float) -> list[tuple[float, float]] | None:
    cx, cy = centre
    if shape == "triangle":
        return [(cx + r * math.cos(a), cy + r * math.sin(a) + r * 0.12)
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.78, cy), (cx, cy + r), (cx - r * 0.78, cy)]
    if shape == "square":
        s = r * 0.74
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a) + r * 0.06))
        return points
    if shape == "cross":
        w, s = r * 0.34, r * 0.92
        return [(cx - w, cy - s), (cx + w, cy - s), (cx + w, cy - w), (cx + s, cy - w), (cx + s, cy + w),
                (cx + w, cy + w), (cx + w, cy + s), (cx - w, cy + s), (cx - w, cy + w), (cx - s, cy + w),
                (cx - s, cy - w), (cx - w, cy - w)]
    return None


def draw_symbol(surface: pygame.Surface, colour: str, centre, r: float, ink=None) -> None:
    """The colour's own symbol, ``r`` its radius."""
    ink = ink or symbol_ink(colour)
    shape = SYMBOL_NAMES[colour]
    points = _symbol_points(shape, centre, r)
    if points is None:
        pygame.draw.circle(surface, ink, centre, r * 0.78)
    else:
        pygame.draw.polygon(surface, ink, points)


def draw_badge(surface: pygame.Surface, colour: str, centre, r: float) -> None:
    """A colour disc with a dark rim and the colour's symbol."""
    rgb = COLOUR_RGB[colour]
    pygame.draw.circle(surface, theme.mix(rgb, theme.BLACK, 0.45), centre, r)
    pygame.draw.circle(surface, rgb, centre, r * 0.86)
    pygame.draw.circle(surface, theme.mix(rgb, theme.WHITE, 0.25), (centre[0] - r * 0.22, centre[1] - r * 0.25),
                       r * 0.3)
    draw_symbol(surface, colour, centre, r * 0.5)


def draw_grin(surface: pygame.Surface, centre, r: float) -> None:
    """Captain Grin: a pirate's grinning face with an eye patch and a red bandana."""
    cx, cy = centre
    pygame.draw.circle(surface, HULL_DARK, centre, r)
    pygame.draw.circle(surface, GRIN_SKIN, centre, r * 0.88)
    bandana = pygame.Rect(0, 0, r * 1.8, r * 1.1)
    bandana.midtop = (cx, cy - r * 0.9)
    pygame.draw.ellipse(surface, (196, 44, 40), bandana)
    pygame.draw.circle(surface, GRIN_SKIN, (cx, cy + r * 0.12), r * 0.72)
    pygame.draw.line(surface, HULL_DARK, (cx - r * 0.75, cy - r * 0.5), (cx + r * 0.6, cy - r * 0.05),
                     max(1, round(r * 0.12)))
    pygame.draw.circle(surface, HULL_DARK, (cx - r * 0.3, cy - r * 0.12), r * 0.2)
    pygame.draw.circle(surface, HULL_DARK, (cx + r * 0.34, cy - r * 0.12), r * 0.11)
    mouth = pygame.Rect(0, 0, r * 1.1, r * 0.62)
    mouth.midtop = (cx, cy + r * 0.12)
    pygame.draw.ellipse(surface, HULL_DARK, mouth)
    teeth = mouth.inflate(-r * 0.22, -r * 0.34)
    teeth.y = mouth.y + r * 0.06
    pygame.draw.rect(surface, theme.WHITE, teeth, border_radius=max(1, round(r * 0.08)))


def draw_arrow(surface: pygame.Surface, centre, length: float, left: bool, colour=theme.INK_SOFT) -> None:
    """The facing arrow: a short shaft and a head pointing the way the ship sails."""
    cx, cy = centre
    sign = -1 if left else 1
    half = length / 2
    width = max(2, round(length * 0.12))
    pygame.draw.line(surface, colour, (cx - sign * half, cy), (cx + sign * (half - length * 0.2), cy), width)
    tip = (cx + sign * half, cy)
    head = length * 0.34
    pygame.draw.polygon(surface, colour, [tip, (tip[0] - sign * head, cy - head * 0.7),
                                          (tip[0] - sign * head, cy + head * 0.7)])


def _paper(width: int, height: int, fill=theme.PAPER) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(8, width // 9)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, theme.PAPER_DARK, surface.get_rect(), max(2, width // 50), border_radius=radius)
    return surface


def _draw_ship(surface: pygame.Surface, rect: pygame.Rect, colour: str, left: bool) -> None:
    """A two-masted ship in ``rect``, bow towards its facing, sails in its colour."""
    rgb = COLOUR_RGB[colour]
    w, h = rect.size
    sign = -1 if left else 1

    def at(fx: float, fy: float) -> tuple[float, float]:
        """A point in the ship's own frame: fx from stern (-1) to bow (+1), fy from top (0) to keel (1)."""
        return rect.centerx + sign * fx * w * 0.46, rect.y + fy * h

    hull = [at(-0.95, 0.66), at(0.72, 0.66), at(1.0, 0.58), at(0.66, 0.9), at(-0.8, 0.9), at(-0.98, 0.7)]
    pygame.draw.polygon(surface, HULL, hull)
    pygame.draw.polygon(surface, HULL_DARK, hull, max(2, w // 60))
    pygame.draw.line(surface, theme.mix(HULL, theme.WHITE, 0.3), at(-0.85, 0.74), at(0.78, 0.74), max(2, w // 70))
    for fx in (-0.5, -0.1, 0.3):
        pygame.draw.circle(surface, HULL_DARK, at(fx, 0.8), max(2, w // 45))
    masts = (-0.35, 0.3)
    for fx in masts:
        pygame.draw.line(surface, HULL_DARK, at(fx, 0.66), at(fx, 0.08), max(2, w // 45))
    for fx, top, bottom, span in ((masts[0], 0.16, 0.6, 0.3), (masts[1], 0.12, 0.6, 0.34)):
        billow = [at(fx - span, top), at(fx + span, top), at(fx + span + 0.06, (top + bottom) / 2),
                  at(fx + span, bottom), at(fx - span, bottom), at(fx - span + 0.06, (top + bottom) / 2)]
        pygame.draw.polygon(surface, rgb, billow)
        pygame.draw.polygon(surface, theme.mix(rgb, theme.BLACK, 0.45), billow, max(2, w // 70))
    jib = [at(masts[1] + 0.02, 0.12), at(0.98, 0.56), at(masts[1] + 0.02, 0.56)]
    pygame.draw.polygon(surface, theme.mix(rgb, theme.WHITE, 0.45), jib)
    pygame.draw.polygon(surface, theme.mix(rgb, theme.BLACK, 0.45), jib, max(1, w // 90))
    flag = [at(masts[1], 0.02), at(masts[1] + 0.24, 0.06), at(masts[1], 0.1)]
    pygame.draw.polygon(surface, theme.INK, flag)
    sail_centre = at(masts[0] + 0.03, 0.38)
    draw_symbol(surface, colour, sail_centre, w * 0.09, ink=symbol_ink(colour))
    draw_symbol(surface, colour, at(masts[1] + 0.03, 0.36), w * 0.09, ink=symbol_ink(colour))


def _draw_sea(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, SEA, rect, border_radius=max(4, rect.width // 14))
    step = max(6, rect.width // 9)
    for row in range(3):
        y = rect.y + rect.height * (0.25 + row * 0.25)
        for x in range(rect.x + (row % 2) * step // 2, rect.right - step // 2, step):
            pygame.draw.arc(surface, SEA_DARK if row else theme.mix(SEA, theme.WHITE, 0.4),
                            pygame.Rect(x, y - step * 0.3, step, step * 0.6), 0.3, math.pi - 0.3, max(1, step // 7))


@lru_cache(maxsize=160)
def ship_face(kind: int, width: int, height: int) -> pygame.Surface:
    """A ship card: colour disc top left, Grins top right, the ship at sea, the facing arrow."""
    w, h = width * SCALE, height * SCALE
    surface = _paper(w, h)
    card = KINDS[kind]
    colour = card.colours[0]
    left = FACES_LEFT[kind]
    band = pygame.Rect(w * 0.06, h * 0.04, w * 0.88, h * 0.2)
    pygame.draw.rect(surface, theme.mix(COLOUR_RGB[colour], theme.PAPER, 0.72), band, border_radius=w // 12)
    r = h * 0.085
    draw_badge(surface, colour, (band.x + r * 1.15, band.centery), r)
    for i in range(GRINS[kind]):
        draw_grin(surface, (band.right - r * 1.1 - i * r * 2.1, band.centery), r * 0.92)
    sea = pygame.Rect(w * 0.06, h * 0.64, w * 0.88, h * 0.2)
    _draw_sea(surface, sea)
    _draw_ship(surface, pygame.Rect(w * 0.1, h * 0.27, w * 0.8, h * 0.5), colour, left)
    draw_arrow(surface, (w / 2, h * 0.915), w * 0.34, left)
    return _smooth(surface, (width, height))


def _draw_cannon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A cannon on its carriage firing to the right, with a cannonball and a puff of smoke."""
    w, h = rect.size

    def at(fx: float, fy: float) -> tuple[float, float]:
        return rect.x + fx * w, rect.y + fy * h

    barrel = [at(0.08, 0.38), at(0.62, 0.3), at(0.64, 0.5), at(0.1, 0.62)]
    pygame.draw.polygon(surface, (52, 50, 56), barrel)
    pygame.draw.circle(surface, (52, 50, 56), at(0.1, 0.5), h * 0.14)
    pygame.draw.rect(surface, (80, 78, 86), pygame.Rect(*at(0.6, 0.27), w * 0.07, h * 0.26), border_radius=3)
    pygame.draw.line(surface, (120, 118, 128), at(0.14, 0.42), at(0.58, 0.36), max(2, w // 60))
    carriage = [at(0.08, 0.6), at(0.5, 0.52), at(0.56, 0.76), at(0.04, 0.8)]
    pygame.draw.polygon(surface, HULL, carriage)
    pygame.draw.polygon(surface, HULL_DARK, carriage, max(2, w // 70))
    for fx in (0.14, 0.44):
        pygame.draw.circle(surface, HULL_DARK, at(fx, 0.8), h * 0.13)
        pygame.draw.circle(surface, HULL, at(fx, 0.8), h * 0.08)
    for fx, fy, fr in ((0.74, 0.36, 0.1), (0.82, 0.28, 0.08), (0.8, 0.46, 0.07)):
        pygame.draw.circle(surface, (236, 232, 224), at(fx, fy), h * fr)
    pygame.draw.circle(surface, theme.INK, at(0.93, 0.38), h * 0.07)


@lru_cache(maxsize=64)
def cannonade_face(kind: int, width: int, height: int) -> pygame.Surface:
    """A cannonade card: the discs of its colours in printed order above a firing cannon."""
    w, h = width * SCALE, height * SCALE
    surface = _paper(w, h, (240, 228, 204))
    colours = KINDS[kind].colours
    r = min(h * 0.085, w * 0.8 / (2.3 * len(colours)))
    total = len(colours) * r * 2.3 - r * 0.3
    x = w / 2 - total / 2 + r
    for colour in colours:
        draw_badge(surface, colour, (x, h * 0.17), r)
        x += r * 2.3
    sky = pygame.Rect(w * 0.06, h * 0.34, w * 0.88, h * 0.46)
    pygame.draw.rect(surface, (226, 210, 180), sky, border_radius=w // 12)
    _draw_cannon(surface, sky.inflate(-w * 0.06, -h * 0.04))
    ball = (w / 2, h * 0.89)
    for i, colour in enumerate(colours):
        stripe = pygame.Rect(0, 0, w * 0.16, h * 0.03)
        stripe.center = (ball[0] + (i - (len(colours) - 1) / 2) * w * 0.2, ball[1])
        pygame.draw.rect(surface, COLOUR_RGB[colour], stripe, border_radius=3)
    return _smooth(surface, (width, height))


def face(kind: int, width: int, height: int) -> pygame.Surface:
    """The face of any card kind."""
    return ship_face(kind, width, height) if IS_SHIP[kind] else cannonade_face(kind, width, height)


def back(width: int, height: int) -> pygame.Surface:
    """The common back: navy with a gold lattice."""
    return card_back(width, height, BACK_FIELD, BACK_GOLD, max(8, width // 9))


@lru_cache(maxsize=96)
def marked_back(kind: int, width: int, height: int) -> pygame.Surface:
    """A face-down ship as its owner sees it: the back with a tab showing its colour and Grins."""
    surface = back(width, height).copy()
    tab = pygame.Rect(0, 0, width * 0.64, height * 0.26)
    tab.midbottom = (width / 2, height - height * 0.06)
    pygame.draw.rect(surface, theme.PAPER, tab, border_radius=max(4, width // 12))
    pygame.draw.rect(surface, BACK_GOLD, tab, 2, border_radius=max(4, width // 12))
    colour = KINDS[kind].colours[0]
    r = tab.height * 0.36
    grins = GRINS[kind]
    items = 1 + grins
    pitch = r * 2.2
    x = tab.centerx - (items - 1) * pitch / 2
    draw_badge(surface, colour, (x, tab.centery), r)
    for i in range(grins):
        draw_grin(surface, (x + (i + 1) * pitch, tab.centery), r * 0.85)
    return for_display(surface)


@lru_cache(maxsize=64)
def indexed_face(kind: int, width: int, height: int) -> pygame.Surface:
    """A face for a fanned hand, where the next card covers the right of this one: down its left edge
    an index of what matters, the colour discs of a cannonade, the colour and Captain Grins of a ship."""
    surface = face(kind, width, height).copy()
    colours = KINDS[kind].colours
    r = max(6, round(width * 0.085))
    marks = [("badge", c) for c in colours] if not IS_SHIP[kind] else \
        [("badge", colours[0])] + [("grin", None)] * GRINS[kind]
    top = height * 0.25 if IS_SHIP[kind] else height * 0.32
    if IS_SHIP[kind]:
        marks = marks[1:]  # the ship's own disc already stands top left, where it shows
    if not marks:
        return surface
    strip = pygame.Rect(3, round(top) - 3, 2 * r + 8, len(marks) * (2 * r + 4) + 4)
    pygame.draw.rect(surface, (*theme.PAPER, 235), strip, border_radius=r)
    pygame.draw.rect(surface, theme.PAPER_DARK, strip, 1, border_radius=r)
    for i, (kind_of, colour) in enumerate(marks):
        centre = (strip.x + r + 4, strip.y + 4 + r + i * (2 * r + 4))
        if kind_of == "badge":
            surface.blit(badge_image(colour, r), badge_image(colour, r).get_rect(center=centre))
        else:
            surface.blit(grin_image(r), grin_image(r).get_rect(center=centre))
    return for_display(surface)


def image(kind: int, width: int, height: int, face_up: bool = True) -> pygame.Surface:
    """A card as it shows: its face, or the back for a hidden card."""
    if kind == UNKNOWN or not face_up:
        return back(width, height)
    return face(kind, width, height)


@lru_cache(maxsize=48)
def badge_image(colour: str, radius: int) -> pygame.Surface:
    """A colour disc alone, for texts and panels."""
    size = radius * 2 * SCALE + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_badge(surface, colour, (size / 2, size / 2), radius * SCALE)
    return _smooth(surface, (radius * 2 + 2, radius * 2 + 2))


@lru_cache(maxsize=8)
def grin_image(radius: int) -> pygame.Surface:
    size = radius * 2 * SCALE + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_grin(surface, (size / 2, size / 2), radius * SCALE)
    return _smooth(surface, (radius * 2 + 2, radius * 2 + 2))
