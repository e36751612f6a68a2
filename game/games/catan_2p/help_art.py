"""Pictures of Catan for two's rules pages, drawn with the table's own art: the two players and the two
neutral colours, the trade tokens at the start, the double roll with its re-throw, a road that brings a
neutral road, and a forced trade. The pages after them are base Catan's, with base Catan's pictures."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan import help_art as catan_art
from game.games.catan.card_art import resource_back, resource_card
from game.games.catan.pieces import BASE_PAINTERS
from game.games.catan.two_player import NEUTRAL_COLOURS, TOKEN_START, TOKEN_TOTAL
from game.games.catan_2p import RULES_PAGES
from game.games.catan_2p.view import token_coin
from game.ui import theme
from game.ui.dice import die_face
from game.ui.fonts import render_text
from game.ui.help_art import arrow, canvas, caption, card_row, cross, ring

OWN_PAGES = sum(1 for key in RULES_PAGES if key.startswith("catan_2p."))
"""Pages of its own; the rest are base Catan's from its third page on."""
FIRST_CATAN_PAGE = 3


def seat_label(seat: int) -> str:
    return tr("catan_2p.neutral", n=seat - 1) if seat in NEUTRAL_COLOURS else tr("seat.player", n=seat + 1)


def colours_picture(size):
    """The two players and the two neutral colours, each a settlement and a road, the neutral ones marked."""
    w, h = size
    surface = canvas(size)
    for i, seat in enumerate((0, 1, *NEUTRAL_COLOURS)):
        x = w * (i + 0.5) / 4
        marks = seat in NEUTRAL_COLOURS
        catan_art.draw_building(surface, "settlement", (x, h * 0.36), 46, seat, marks)
        road = BASE_PAINTERS["road"].icon(54, catan_art.seat_paint(seat, marks))
        surface.blit(road, road.get_rect(center=(x, h * 0.62)))
        caption(surface, seat_label(seat), (x, h * 0.76), width=w // 4 - 10)
    return surface


def tokens_picture(size):
    """Five tokens to each player and the rest in the supply."""
    w, h = size
    surface = canvas(size)
    supply = TOKEN_TOTAL - 2 * TOKEN_START
    piles = ((tr("seat.player", n=1), TOKEN_START), (tr("catan_2p.ui.supply", count=supply), supply),
             (tr("seat.player", n=2), TOKEN_START))
    coin = token_coin(40)
    for i, (label, count) in enumerate(piles):
        x = w * (i + 0.5) / 3
        for k in range(count):
            surface.blit(coin, coin.get_rect(center=(x - 40 + (k % 5) * 20, h * 0.3 + (k // 5) * 26 - k % 5 * 3)))
        caption(surface, label, (x, h * 0.66), width=w // 3 - 10)
    return surface


def rolls_picture(size):
    """A first roll of 8, a second roll of 8 crossed out and thrown again to 5."""
    w, h = size
    surface = canvas(size)
    rolls = (((5, 3), tr("catan_2p.ui.first_roll", total=8), False), ((2, 6), tr("catan_2p.ui.rethrow_due"), True),
             ((1, 4), tr("catan_2p.ui.second_roll", total=5), False))
    for i, (dice, label, crossed) in enumerate(rolls):
        y = h * (i + 0.5) / 3
        size = min(58, round(h / 3) - 24)
        for k, pips in enumerate(dice):
            face = die_face(pips, size)
            surface.blit(face, face.get_rect(center=(w * 0.24 + (size + 8) * (k - 0.5), y)))
        if crossed:
            cross(surface, (w * 0.24, y), size * 0.8)
        image = render_text(label, 19, theme.INK_SOFT, bold=not crossed)
        surface.blit(image, image.get_rect(midleft=(w * 0.24 + size + 20, y)))
    return surface


def neutral_build_picture(size):
    """Your road, then a neutral road of your choice joined to that colour's settlement."""
    w, h = size
    surface = canvas(size)
    for i, (seat, marks) in enumerate(((0, False), (NEUTRAL_COLOURS[0], True))):
        x = w * (0.25 + 0.5 * i)
        if i:
            catan_art.draw_building(surface, "settlement", (x - 40, h * 0.42), 44, seat, marks)
        road = BASE_PAINTERS["road"].icon(80, catan_art.seat_paint(seat, marks))
        surface.blit(road, road.get_rect(center=(x + 10, h * 0.36)))
        if i:
            ring(surface, (x + 10, h * 0.36), 46)
        caption(surface, seat_label(seat), (x, h * 0.62), width=w // 2 - 20)
    arrow(surface, (w * 0.36, h * 0.36), (w * 0.6, h * 0.36))
    return surface


def forced_trade_picture(size):
    """A token paid, two cards drawn at random from the opponent, two of your choice given back."""
    w, h = size
    surface = canvas(size)
    coin = token_coin(54)
    surface.blit(coin, coin.get_rect(center=(w * 0.1, h * 0.34)))
    caption(surface, "−1", (w * 0.1, h * 0.5))
    arrow(surface, (w * 0.17, h * 0.34), (w * 0.25, h * 0.34))
    card_row(surface, [resource_back(56, 80)] * 2, (round(w * 0.36), round(h * 0.34)), gap=8)
    caption(surface, tr("catan_2p.ui.forced_trade"), (w * 0.36, h * 0.6), width=w // 4)
    arrow(surface, (w * 0.48, h * 0.34), (w * 0.58, h * 0.34))
    card_row(surface, [resource_card("ore", 56, 80), resource_card("wool", 56, 80)],
             (round(w * 0.72), round(h * 0.34)), gap=8)
    label = render_text(tr("catan_2p.ui.give_back.title", count=2), 19, theme.INK_SOFT, bold=True)
    surface.blit(label, label.get_rect(midtop=(w * 0.72, h * 0.6)))
    return surface


PICTURES = {1: colours_picture, 2: tokens_picture, 3: rolls_picture, 4: neutral_build_picture,
            5: forced_trade_picture}


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1): its own pages first, then base Catan's pictures."""
    if page <= OWN_PAGES:
        draw = PICTURES.get(page)
        return draw(size) if draw else None
    return catan_art.picture(page - OWN_PAGES + FIRST_CATAN_PAGE - 1, size)
