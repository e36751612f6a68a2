"""Pictures of Cannonades' rules pages, drawn with the table's own card art: ships and cannonades, a
fleet and a hand, a shot that sinks and one that only turns a ship up, Captain Grin, the standoff."""

from __future__ import annotations

import pygame

from game.core.i18n import language, tr
from game.games.cannonades import card_art
from game.games.cannonades.guide import fleet_guide, grin_guide
from game.games.cannonades.rules import CODE_INDEX, DECKS
from game.ui.help_art import arrow, canvas, caption, card_row, cross, fit, ring

CARD = (128, 180)
SMALL = (92, 129)


def kind(code: str) -> int:
    return CODE_INDEX[code]


def cards_picture(size):
    """A ship of each facing and a cannonade, with what each shows."""
    w, h = size
    surface = canvas(size)
    rects = card_row(surface, [card_art.face(kind(c), *CARD) for c in ("B2", "O0", "ORY")], (w // 2, h // 2 - 30),
                     gap=24)
    for rect, key in zip(rects, ("cannonades.help.grins", "cannonades.help.facing", "cannonades.help.colours"),
                         strict=True):
        caption(surface, tr(key), (rect.centerx, rect.bottom + 12), width=rect.width + 40, size=17)
    return surface


def turn_picture(size):
    """Your area of up to four ships (face down as you add them) and your hand."""
    w, h = size
    surface = canvas(size)
    fleet = [card_art.marked_back(kind("B1"), *SMALL), card_art.face(kind("Y0"), *SMALL)]
    area = pygame.Rect(0, 0, 4 * SMALL[0] + 3 * 12 + 24, SMALL[1] + 24)
    area.midtop = (w // 2, 20)
    pygame.draw.rect(surface, (62, 42, 30), area, border_radius=14)
    for i in range(4):
        slot = pygame.Rect(area.x + 12 + i * (SMALL[0] + 12), area.y + 12, *SMALL)
        pygame.draw.rect(surface, (86, 62, 44), slot, 2, border_radius=9)
        if i < len(fleet):
            surface.blit(fleet[i], slot)
    caption(surface, tr("cannonades.help.area"), (w // 2, area.bottom + 8), width=w - 40, size=17)
    hand = [card_art.face(kind(c), *SMALL) for c in ("G1", "BG", "P0", "YP", "R2")]
    rects = card_row(surface, hand, (w // 2, h - SMALL[1] // 2 - 50), gap=8)
    caption(surface, tr("cannonades.help.hand"), (w // 2, rects[0].bottom + 8), width=w - 40, size=17)
    return surface


def shot_picture(size):
    """A cannonade fired at a ship of one of its colours sinks it; at another colour it only turns it up."""
    w, h = size
    surface = canvas(size)
    for row, (gun, target, sinks) in enumerate((("BG", "G0", True), ("YP", "B1", False))):
        y = h // 4 + row * h // 2 - 10
        rects = card_row(surface, [card_art.face(kind(gun), *SMALL), card_art.face(kind(target), *SMALL)], (w // 2, y),
                         gap=110)
        arrow(surface, (rects[0].right + 12, y), (rects[1].x - 12, y))
        if sinks:
            cross(surface, rects[1].center, 30)
        else:
            ring(surface, rects[1].center, 66)
        key = "cannonades.help.sinks" if sinks else "cannonades.help.afloat"
        caption(surface, tr(key), (w // 2, rects[0].bottom + 10), width=w - 40, size=17)
    return surface


def grin_picture(size):
    return fit(grin_guide((min(size[0], 440), min(size[1], 380)), language()), size)


def out_picture(size):
    """A last ship going down."""
    w, h = size
    surface = canvas(size)
    rects = card_row(surface, [card_art.face(kind("R2"), *CARD)], (w // 2, h // 2 - 20))
    cross(surface, rects[0].center, 40)
    caption(surface, tr("cannonades.help.out"), (w // 2, rects[0].bottom + 14), width=w - 40, size=18)
    return surface


def standoff_picture(size):
    """The colour guide the table shows: which ships are still unseen, which cannonades sink them."""
    deck = DECKS["standard"]
    return fit(fleet_guide(tuple(deck), deck, (min(size[0], 420), min(size[1], 420)), language()), size)


PICTURES = {1: cards_picture, 2: turn_picture, 3: shot_picture, 4: grin_picture, 5: out_picture,
            6: standoff_picture}


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1), at most ``size``; None for a page without one."""
    draw = PICTURES.get(page)
    return draw(size) if draw else None
