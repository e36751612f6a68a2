"""Pictures of the Cities & Knights rules pages, drawn with the table's own art: what scores, a city
earning a commodity and the improvement tracks, the event die and the progress decks, knights of each
strength active and resting, the barbarian track with the cities against the knights, and a city wall
with the merchant."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan.help_art import hexes
from game.games.catan.pieces import BASE_PAINTERS, Paint, paint_of
from game.games.catan_ck.anim import card_track
from game.games.catan_ck.board_layer import draw_merchant
from game.games.catan_ck.card_art import defender_card, event_face, kind_card, progress_back, progress_card, ship_icon
from game.games.catan_ck.cards import TRACKS
from game.games.catan_ck.drawing import track_plate
from game.games.catan_ck.panels import levels_image
from game.games.catan_ck.pieces import CK_PAINTERS, KNIGHT, KnightPiece
from game.ui import theme
from game.ui.fonts import render_text
from game.ui.help_art import arrow, canvas, caption, card_row, star_burst


def paint(seat: int) -> Paint:
    return paint_of(theme.player_style(seat, "catan_ck"), False)


def piece(kind: str, size: int, seat: int = 0) -> pygame.Surface:
    painter = CK_PAINTERS.get(kind) or BASE_PAINTERS[kind]
    return painter.icon(size, paint(seat))


def goal_picture(size):
    """What scores: settlement 1, city 2, metropolis +2, Defender of Catan 1, Printer and Constitution 1,
    the merchant 1."""
    w, h = size
    surface = canvas(size)
    rows = [(piece("settlement", 44), "catan.ui.build.settlement", 1), (piece("city", 48), "catan.ui.build.city", 2),
            (piece("metropolis", 48), "catan_ck.ui.metropolises", 2),
            (defender_card(34, 48, ""), "catan.ui.source.defenders", 1),
            (progress_card("printer", card_track("printer"), 34, 48, "", True), "catan.ui.source.victory_cards", 1),
            (piece_merchant(40), "catan.ui.source.merchant", 1)]
    step = (h - 30) // len(rows)
    for index, (image, key, points) in enumerate(rows):
        y = 15 + index * step + step // 2
        surface.blit(image, image.get_rect(center=(70, y)))
        label = render_text(tr(key), 21, theme.INK)
        surface.blit(label, label.get_rect(midleft=(120, y)))
        star_burst(surface, (w - 50, y), 22)
        number = render_text(f"+{points}", 20, theme.INK, bold=True)
        surface.blit(number, number.get_rect(center=(w - 50, y)))
    return surface


def piece_merchant(size: int) -> pygame.Surface:
    image = canvas((size, size))
    draw_merchant(image, (size / 2, size * 0.35), size * 0.4, paint(0).body)
    return image


def commodities_picture(size):
    """A city on the mountains earns an ore and a coin; coin raises politics, level by level."""
    w, h = size
    surface = canvas(size)
    radius = 64
    centre = (w // 4, h // 3)
    hexes(surface, centre, radius, [("mountains", 8, (0, 0))])
    city = piece("city", 64)
    surface.blit(city, city.get_rect(center=(centre[0], centre[1] - radius)))
    rects = card_row(surface, [kind_card("ore", 60, 86), kind_card("coin", 60, 86)], (w * 3 // 4 - 20, h // 3))
    arrow(surface, (centre[0] + radius, centre[1]), (rects[0].left - 12, rects[0].centery))
    chart = levels_image((1, 3, 2), (False, True, False), piece("metropolis", 15))
    chart = pygame.transform.smoothscale_by(chart, 3)
    surface.blit(chart, chart.get_rect(center=(w // 2, h * 3 // 4)))
    for t, track in enumerate(TRACKS):
        label = render_text(tr(f"catan_ck.track.{track}"), 18, theme.INK_SOFT)
        y = h * 3 // 4 - chart.get_height() // 2 + 6 + t * 36 + 12
        surface.blit(label, label.get_rect(midright=(w // 2 - chart.get_width() // 2 - 10, y)))
    return surface


def event_picture(size):
    """The event die's faces (three ships, a gate of each track) and the three progress decks."""
    w, h = size
    surface = canvas(size)
    faces = [event_face(face, 70) for face in ("ship", "trade", "politics", "science")]
    card_row(surface, faces, (w // 2, h // 4), gap=24)
    decks = [progress_back(track, 70, 100) for track in TRACKS]
    rects = card_row(surface, decks, (w // 2, h * 2 // 3), gap=30)
    for rect, track in zip(rects, TRACKS, strict=True):
        caption(surface, tr(f"catan_ck.track.{track}"), (rect.centerx, rect.bottom + 8), width=120, size=18)
    return surface


def knights_picture(size):
    """Basic, strong and mighty knights, active (banner, gold rim) and resting (hatched)."""
    w, h = size
    surface = canvas(size)
    for row, active in enumerate((True, False)):
        y = h // 3 + row * h // 3
        for strength in (1, 2, 3):
            x = w // 4 * strength
            KNIGHT.draw_at(surface, (x, y), 34, KnightPiece("knight", 0, strength, active), paint(0))
            if row == 1:
                caption(surface, tr(f"catan_ck.knight.{strength}"), (x, y + 44), width=150, size=18)
        label = tr("catan_ck.ui.knight.active" if active else "catan_ck.ui.knight.inactive")
        image = render_text(label, 18, theme.INK_SOFT, bold=True)
        surface.blit(image, image.get_rect(midleft=(10, y - 60)))
    return surface


def barbarians_picture(size):
    """The barbarian track near its end; the cities on the island against the active knights."""
    w, h = size
    surface = canvas(size)
    plate = track_plate((296, 60))
    surface.blit(plate, plate.get_rect(center=(w // 2, h // 4)))
    ship = ship_icon(40)
    step = (296 - 24) / 8
    surface.blit(ship, ship.get_rect(center=(w // 2 - 148 + 12 + step * 5.5, h // 4 - 8)))
    cities = [piece("city", 56, seat) for seat in (0, 1, 2)]
    knights = [piece("knight", 56, seat) for seat in (0, 2)]
    y = h * 2 // 3
    for i, image in enumerate(cities):
        surface.blit(image, image.get_rect(center=(w // 4 - 60 + i * 60, y)))
    versus = render_text("⚔", 40, theme.BAD, bold=True)
    surface.blit(versus, versus.get_rect(center=(w // 2, y)))
    for i, image in enumerate(knights):
        surface.blit(image, image.get_rect(center=(w * 3 // 4 - 30 + i * 60, y)))
    caption(surface, tr("catan_ck.ui.barbarians.versus", strength=3, defence=2), (w // 2, y + 44), width=w - 40)
    return surface


def walls_picture(size):
    """A city on its wall (more cards kept on a 7) and the merchant beside a Merchant card."""
    w, h = size
    surface = canvas(size)
    y = h // 2
    wall, city = piece("wall", 90), piece("city", 80)
    surface.blit(wall, wall.get_rect(center=(w // 4, y + 14)))
    surface.blit(city, city.get_rect(center=(w // 4, y - 6)))
    caption(surface, tr("catan_ck.ui.build.wall"), (w // 4, y + 60), width=160)
    card = progress_card("merchant", card_track("merchant"), 80, 114, tr("catan_ck.card.merchant"))
    rects = card_row(surface, [card], (w * 3 // 4 - 40, y))
    merchant = piece_merchant(70)
    surface.blit(merchant, merchant.get_rect(midleft=(rects[0].right + 20, y)))
    return surface


PICTURES = {1: goal_picture, 2: commodities_picture, 3: event_picture, 4: knights_picture, 5: barbarians_picture,
            6: walls_picture}


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1), at most ``size``; None for a page without one."""
    draw = PICTURES.get(page)
    return draw(size) if draw else None
