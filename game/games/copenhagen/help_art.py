"""Pictures of Copenhagen's rules pages, drawn with the table's own art: a facade with full rows, the
harbour, two cards taken side by side, a tile paid for, coats of arms, the ability tiles, the mermaid."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.layers import facade_layer
from game.games.copenhagen.rules import ABILITIES
from game.ui import theme
from game.ui.fonts import render_text
from game.ui.help_art import arrow, canvas, caption, card_row, fit, ring, star_burst

CARD = (78, 110)
GOLD = (255, 214, 92)


def facade(tiles, cell: int = 40, lines=()) -> pygame.Surface:
    """A house with ``tiles`` ((tile id, rot, mirror, (col, row)), ...) built, ``lines`` (("row", i) or
    ("column", i)) outlined in gold."""
    style = theme.player_style(0, "copenhagen")
    surface = art.house(cell, style.colour, style.dark).copy()
    geo = art.HouseGeometry(cell)
    entries = []
    for tile_id, rot, mirror, at in tiles:
        tile = board.TILES[board.TILE_INDEX[tile_id]]
        entries.append((tile.index, tile.orientation_of[(rot, mirror)], at[0], at[1]))
    surface.blit(facade_layer(tuple(entries), cell, False), geo.grid.topleft)
    for kind, index in lines:
        if kind == "row":
            rect = pygame.Rect(geo.grid.x, geo.grid.bottom - (index + 1) * cell, geo.grid.width, cell)
        else:
            rect = pygame.Rect(geo.grid.x + index * cell, geo.grid.y, cell, geo.grid.height)
        pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 4, border_radius=6)
    return surface


ROW_ONE = (("red-3", 0, False, (0, 0)), ("blue-2", 0, False, (3, 0)), ("yellow-2", 1, False, (2, 0)))


def goal_picture(size):
    return fit(facade(ROW_ONE + (("green-4", 0, False, (0, 2)),), lines=(("row", 0),)), size)


def harbour_picture(size, marks=()):
    """The seven harbour cards in a row (two lit), the deck and the mermaid beside it."""
    w, h = size
    surface = canvas(size)
    colours = ("red", "yellow", "green", "blue", "purple", "red", "yellow")
    small = (56, 80)
    rects = card_row(surface, [art.card_face(c, *small) for c in colours], (w // 2, h // 3), gap=6,
                     lift={i: 12 for i in marks})
    for index in marks:
        pygame.draw.rect(surface, theme.HIGHLIGHT, rects[index].move(0, -12).inflate(8, 8), 4, border_radius=10)
    for index, rect in enumerate(rects):
        number = render_text(str(index + 1), 16, theme.INK_SOFT, bold=True)
        surface.blit(number, number.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
    deck = card_row(surface, [art.back(*CARD), art.mermaid_card(*CARD)], (w // 2, h * 3 // 4), gap=30)
    caption(surface, tr("copenhagen.ui.deck"), (deck[0].centerx, deck[0].bottom + 6), size=17)
    caption(surface, tr("copenhagen.colour.mermaid"), (deck[1].centerx, deck[1].bottom + 6), size=17)
    return surface


def setup_picture(size):
    return harbour_picture(size)


def take_picture(size):
    w, h = size
    surface = harbour_picture(size, marks=(2, 3))
    caption(surface, tr("copenhagen.help.beside"), (w // 2, h // 2 + 6), width=w - 40, size=17)
    return surface


def build_picture(size):
    """Three red cards pay for a red tile of three squares; one fewer when it touches red."""
    w, h = size
    surface = canvas(size)
    cards = card_row(surface, [art.card_face("red", *CARD)] * 3, (w // 2, h // 4), gap=-30)
    tile = art.tile_image("red-3", 0, False, 54)
    place = tile.get_rect(center=(w // 2, h * 2 // 3))
    surface.blit(tile, place)
    arrow(surface, (w // 2, cards[0].bottom + 12), (w // 2, place.top - 14))
    caption(surface, tr("copenhagen.help.pay"), (w // 2, place.bottom + 12), width=w - 40, size=17)
    return surface


def scoring_picture(size):
    w, h = size
    surface = canvas(size)
    house = fit(facade(ROW_ONE + (("red-2", 1, False, (4, 1)), ("blue-5", 1, False, (4, 2))),
                       lines=(("row", 0), ("column", 4))), (w - 120, h))
    place = house.get_rect(midleft=(10, h // 2))
    surface.blit(house, place)
    for text, y in (("+1", place.bottom - 60), ("+2", place.y + 60)):
        star_burst(surface, (w - 60, y), 40)
        label = render_text(text, 30, theme.INK, bold=True)
        surface.blit(label, label.get_rect(center=(w - 60, y)))
    return surface


def coats_picture(size):
    w, h = size
    surface = canvas(size)
    art.draw_shield(surface, (w // 2, h // 4), 70)
    tiles = [art.ability_tile(name, "active", 70) for name in ABILITIES[1:4]]
    rects = card_row(surface, tiles, (w // 2, h * 2 // 3), gap=18)
    for rect in rects:
        arrow(surface, (w // 2, h // 4 + 50), (rect.centerx, rect.y - 12), width=3)
    return surface


def abilities_picture(size):
    w, h = size
    surface = canvas(size)
    for index, name in enumerate(ABILITIES):
        y = 30 + index * (h - 40) // len(ABILITIES)
        tile = art.ability_tile(name, "active", 60)
        surface.blit(tile, (20, y))
        label = render_text(tr(f"copenhagen.ability.{name}"), 20, theme.INK, bold=True)
        surface.blit(label, label.get_rect(midleft=(96, y + 30)))
    return surface


def end_picture(size):
    w, h = size
    surface = canvas(size)
    rects = card_row(surface, [art.mermaid_card(130, 182)], (w // 2, h // 2 - 20))
    ring(surface, rects[0].center, 120)
    return surface


PICTURES = {1: goal_picture, 2: setup_picture, 3: take_picture, 4: build_picture, 5: scoring_picture,
            6: coats_picture, 7: abilities_picture, 8: end_picture}


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1), at most ``size``; None for a page without one."""
    draw = PICTURES.get(page)
    return draw(size) if draw else None
