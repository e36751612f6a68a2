"""Pictures of Catan's rules pages, drawn with the table's own art: what scores, a first settlement and
road, a roll producing, the robber, trading with the bank, the building-cost card, the development
cards, Longest Road and Largest Army."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan import board
from game.games.catan.board_art import harbour_badge, number_token, terrain_tile
from game.games.catan.card_art import dev_back, dev_card, resource_card, resource_icon
from game.games.catan.pieces import BASE_PAINTERS, paint_of, robber_image
from game.ui import theme
from game.ui.draw import panel
from game.ui.fonts import render_text
from game.ui.help_art import arrow, canvas, caption, card_row, cross, star_burst

SQRT3 = 3 ** 0.5


def seat_paint(seat: int, marks: bool = False):
    """How the table paints ``seat``'s pieces (a neutral colour's too, with two players)."""
    return paint_of(theme.player_style(seat, "catan"), marks)


def draw_building(surface, kind: str, centre, size: float, seat: int, marks: bool) -> None:
    """A settlement or city of ``seat``'s colour drawn as the table draws it."""
    BASE_PAINTERS[kind].draw_at(surface, centre, size, seat_paint(seat, marks))


def piece_icon(kind: str, size: int, seat: int):
    """A small piece of ``seat``'s colour, as in the table's costs and log."""
    return BASE_PAINTERS[kind].icon(size, seat_paint(seat))


CARD = (64, 92)
COST_ROWS = ("road", "settlement", "city", "development")


def hexes(surface, centre, radius: int, tiles) -> list[tuple[float, float]]:
    """Terrain hexes around ``centre`` (pointy-topped, as on the table): ``tiles`` are (terrain, number or
    None, (q, r)) in axial coordinates; their centres."""
    centres = []
    for terrain, number, (q, r) in tiles:
        x = centre[0] + radius * SQRT3 * (q + r / 2)
        y = centre[1] + radius * 1.5 * r
        tile = terrain_tile(terrain, radius)
        surface.blit(tile, tile.get_rect(center=(round(x), round(y))))
        if number:
            token = number_token(number, radius // 3)
            surface.blit(token, token.get_rect(center=(round(x), round(y))))
        centres.append((x, y))
    return centres


def goal_picture(size):
    """What scores: a settlement 1, a city 2, Longest Road 2, Largest Army 2, a victory point card 1."""
    w, h = size
    surface = canvas(size)
    rows = [("settlement", 1), ("city", 2), ("longest_road", 2), ("largest_army", 2), ("victory_point", 1)]
    step = (h - 40) // len(rows)
    for index, (what, points) in enumerate(rows):
        y = 20 + index * step + step // 2
        if what in ("settlement", "city"):
            draw_building(surface, what, (80, y + 8), 30, 0, True)
        elif what == "longest_road":
            surface.blit(piece_icon("road", 56, 0), piece_icon("road", 56, 0).get_rect(center=(80, y)))
        else:
            card = dev_card("knight" if what == "largest_army" else what, 44, 62, "")
            surface.blit(card, card.get_rect(center=(80, y)))
        label = render_text(tr(f"catan.help.{what}"), 21, theme.INK)
        surface.blit(label, label.get_rect(midleft=(130, y)))
        star_burst(surface, (w - 50, y), 24)
        number = render_text(f"+{points}", 22, theme.INK, bold=True)
        surface.blit(number, number.get_rect(center=(w - 50, y)))
    return surface


def setup_picture(size):
    """A first settlement where three hexes meet, and its road."""
    w, h = size
    surface = canvas(size)
    radius = 70
    centre = (w // 2, h // 2 - 20)
    centres = hexes(surface, centre, radius, [("fields", 9, (0, 0)), ("forest", 6, (1, 0)), ("hills", 5, (0, 1))])
    corner = ((centres[0][0] + centres[1][0] + centres[2][0]) / 3, (centres[0][1] + centres[1][1] + centres[2][1]) / 3)
    top = (corner[0], corner[1] - radius)
    pygame.draw.line(surface, theme.INK, corner, top, 12)
    pygame.draw.line(surface, theme.player_style(0, "catan").colour, corner, top, 8)
    draw_building(surface, "settlement", corner, 30, 0, True)
    caption(surface, tr("catan.help.setup"), (w // 2, h - 70), width=w - 40, size=18)
    return surface


def roll_picture(size):
    """An 8 rolled: the hex with the 8 pays its resource to the settlement beside it."""
    w, h = size
    surface = canvas(size)
    radius = 80
    (x, y), = hexes(surface, (w // 3, h // 2 - 30), radius, [("mountains", 8, (0, 0))])
    draw_building(surface, "settlement", (x + radius * SQRT3 / 2, y - radius / 2), 30, 0, True)
    card = resource_card("ore", 84, 120)
    place = card.get_rect(center=(w * 3 // 4 + 10, h // 2 - 30))
    arrow(surface, (x + radius, y + 10), (place.x - 14, place.centery))
    surface.blit(card, place)
    caption(surface, tr("catan.help.roll"), (w // 2, h - 90), width=w - 40, size=18)
    return surface


def robber_picture(size):
    w, h = size
    surface = canvas(size)
    radius = 90
    (x, y), = hexes(surface, (w // 2, h // 2 - 30), radius, [("pasture", 6, (0, 0))])
    robber = robber_image(110)
    surface.blit(robber, robber.get_rect(midbottom=(x + 24, y + 30)))
    cross(surface, (x - 34, y + 40), 16)
    caption(surface, tr("catan.help.robber"), (w // 2, h - 90), width=w - 40, size=18)
    return surface


def trade_picture(size):
    """Four of a kind for one with the bank; three for one at a 3:1 harbour."""
    w, h = size
    surface = canvas(size)
    for row, (give, count, get, badge) in enumerate((("wool", 4, "brick", None), ("grain", 3, "ore", "generic"))):
        y = h // 4 + row * h // 2 - 10
        cards = card_row(surface, [resource_card(give, *CARD)] * count, (w // 3, y), gap=-34)
        out = resource_card(get, *CARD)
        place = out.get_rect(center=(w * 4 // 5, y))
        arrow(surface, (cards[-1].right + 14, y), (place.x - 14, y))
        surface.blit(out, place)
        if badge:
            sign = harbour_badge(badge, 30)
            surface.blit(sign, sign.get_rect(center=((cards[-1].right + place.x) // 2, y - 46)))
    return surface


def costs_picture(size):
    """The building-cost card: each piece and what it costs."""
    w, h = size
    surface = canvas(size)
    card = pygame.Rect(0, 0, min(w - 20, 460), min(h - 20, 420))
    card.center = (w // 2, h // 2)
    panel(surface, card, (244, 232, 204), radius=16, shadow=6, border=(150, 110, 60), border_width=3)
    head = render_text(tr("catan.help.costs"), 24, theme.INK, bold=True)
    surface.blit(head, head.get_rect(midtop=(card.centerx, card.y + 14)))
    step = (card.height - 70) // len(COST_ROWS)
    for index, piece in enumerate(COST_ROWS):
        y = card.y + 60 + index * step + step // 2
        if piece == "development":
            icon = dev_back(38, 54)
        else:
            icon = piece_icon(piece, 54, 0)
        surface.blit(icon, icon.get_rect(center=(card.x + 50, y)))
        label = render_text(tr(f"catan.ui.build.{piece}"), 19, theme.INK, bold=True)
        surface.blit(label, label.get_rect(midleft=(card.x + 90, y)))
        x = card.x + 220
        for resource, count in zip(board.RESOURCES, board.COSTS[piece], strict=True):
            for _ in range(count):
                icon = resource_icon(resource, 34)
                surface.blit(icon, icon.get_rect(center=(x, y)))
                x += 38
        pygame.draw.line(surface, (200, 180, 140), (card.x + 16, y + step // 2), (card.right - 16, y + step // 2), 1)
    return surface


def development_picture(size):
    w, h = size
    surface = canvas(size)
    first = [dev_card(card, 96, 136, tr(f"catan.card.{card}")) for card in board.DEV_CARDS[:3]]
    second = [dev_card(card, 96, 136, tr(f"catan.card.{card}")) for card in board.DEV_CARDS[3:]] + [dev_back(96, 136)]
    card_row(surface, first, (w // 2, h // 4 + 10), gap=16)
    card_row(surface, second, (w // 2, h * 3 // 4 - 10), gap=16)
    return surface


def specials_picture(size):
    """Longest Road: five road pieces in a row; Largest Army: three knights played."""
    w, h = size
    surface = canvas(size)
    road = piece_icon("road", 64, 0)
    for k in range(5):
        surface.blit(road, road.get_rect(center=(w // 2 - 150 + k * 75, h // 4)))
    caption(surface, tr("catan.ui.badge.longest_road"), (w // 2, h // 4 + 36), size=19)
    knights = [dev_card("knight", 80, 114, tr("catan.card.knight"))] * 3
    rects = card_row(surface, knights, (w // 2, h * 2 // 3), gap=12)
    caption(surface, tr("catan.ui.badge.largest_army"), (w // 2, rects[0].bottom + 10), size=19)
    return surface


PICTURES = {1: goal_picture, 2: setup_picture, 3: roll_picture, 4: robber_picture, 5: trade_picture,
            6: costs_picture, 7: development_picture, 8: specials_picture}


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1), at most ``size``; None for a page without one."""
    draw = PICTURES.get(page)
    return draw(size) if draw else None
