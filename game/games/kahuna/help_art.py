"""Pictures of Kahuna's rules pages, drawn with the table's own art: the island map, the cards, a build
and a removal, a capture that sweeps bridges away, a round's scoring."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.kahuna.anim import Piece
from game.games.kahuna.art import HIGHLIGHT_DOT, card_face, island_layer, sea_layer
from game.games.kahuna.board import ISLAND_INDEX, LINE_COUNT, LINE_INDEX
from game.games.kahuna.drawing import KahunaDrawing
from game.games.kahuna.layout import BOARD, ISLAND_XY, SEGMENTS, SMALL_CARD
from game.ui import theme
from game.ui.cards import card_back
from game.ui.draw import panel, player_token
from game.ui.fonts import render_text
from game.ui.help_art import arrow, canvas, caption, card_row, cross, fit, ring

DRAW = KahunaDrawing(None)  # its pieces need no table: bridges, stones, plates


def board_view(bridges: dict[str, int], stones: dict[str, int], swept=(), lit=()) -> pygame.Surface:
    """The map as the table draws it (screen coordinates), with the given bridges and stones, bridges
    ``swept`` crossed out and lines ``lit`` glowing."""
    surface = pygame.Surface(BOARD.bottomright)
    surface.blit(sea_layer(BOARD.size), BOARD.topleft)
    surface.blit(island_layer(), BOARD.topleft)
    for line in range(LINE_COUNT):
        a, b = SEGMENTS[line]
        name = next((n for n, i in LINE_INDEX.items() if i == line), "")
        if name in bridges:
            DRAW.draw_bridge(surface, line, Piece(bridges[name]), True)
        else:
            DRAW.dotted(surface, a, b, HIGHLIGHT_DOT if name in lit else (236, 244, 240), 5 if name in lit else 3)
    for island, seat in stones.items():
        DRAW.draw_stone(surface, ISLAND_INDEX[island], Piece(seat))
    DRAW.draw_names(surface)
    for name in swept:
        a, b = SEGMENTS[LINE_INDEX[name]]
        cross(surface, (a + b) / 2, 14)
    return surface


def crop(view: pygame.Surface, islands: list[str], size: tuple[int, int], margin: int = 90) -> pygame.Surface:
    """The part of the map around ``islands``, scaled to fit ``size``."""
    points = [ISLAND_XY[ISLAND_INDEX[name]] for name in islands]
    area = pygame.Rect(min(x for x, _ in points), min(y for _, y in points), 1, 1)
    area.union_ip(pygame.Rect(max(x for x, _ in points), max(y for _, y in points), 1, 1))
    area = area.inflate(2 * margin, 2 * margin).clip(BOARD)
    return fit(view.subsurface(area).copy(), size)


def map_picture(size):
    view = board_view({"ALOA-BARI": 0, "ALOA-DUDA": 0, "HUNA-IFFI": 1, "IFFI-LALE": 1, "ELAI-IFFI": 1,
                       "COCO-GOLA": 0, "FAAA-JOJO": 1}, {"ALOA": 0, "IFFI": 1})
    return fit(view.subsurface(BOARD).copy(), size)


def cards_picture(size):
    surface = canvas(size)
    w, h = size
    display = [card_face(ISLAND_INDEX[name], SMALL_CARD) for name in ("DUDA", "ELAI", "FAAA")]
    rects = card_row(surface, display + [card_back(*SMALL_CARD)], (w // 2, h // 4), gap=16)
    caption(surface, tr("kahuna.help.display"), (rects[1].centerx, rects[1].bottom + 8))
    caption(surface, tr("kahuna.help.pile"), (rects[3].centerx, rects[3].bottom + 8))
    hand = [card_face(ISLAND_INDEX[name], SMALL_CARD) for name in ("ALOA", "BARI", "COCO")]
    rects = card_row(surface, hand, (w // 2, h * 3 // 4 - 20), gap=10)
    caption(surface, tr("kahuna.help.hand"), (rects[1].centerx, rects[1].bottom + 8))
    return surface


def playing_picture(size):
    """A build (a card, the line it lights) and a removal (two cards, a bridge crossed out)."""
    w, h = size
    surface = canvas(size)
    half = (w, h // 2 - 10)
    build = crop(board_view({}, {}, lit=("ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA")), ["ALOA", "BARI", "DUDA"],
                 (half[0] - 130, half[1]))
    surface.blit(build, (130, 0))
    card = card_face(ISLAND_INDEX["ALOA"], (84, 122))
    card_row(surface, [card], (60, half[1] // 2))
    arrow(surface, (110, half[1] // 2), (150, half[1] // 2))
    removal = crop(board_view({"IFFI-LALE": 1}, {}, swept=("IFFI-LALE",)), ["IFFI", "LALE"],
                   (half[0] - 130, half[1]), margin=70)
    surface.blit(removal, (130, h - half[1]))
    small = (60, 88)
    card_row(surface, [card_face(ISLAND_INDEX[n], small) for n in ("IFFI", "LALE")], (60, h - half[1] // 2),
             gap=6)
    return surface


def drawing_picture(size):
    w, h = size
    surface = canvas(size)
    display = [card_face(ISLAND_INDEX[name], SMALL_CARD) for name in ("DUDA", "ELAI", "FAAA")]
    top = card_row(surface, display + [card_back(*SMALL_CARD)], (w // 2, h // 4), gap=16)
    ring(surface, top[1].center, 78)
    hand = [card_face(ISLAND_INDEX[name], SMALL_CARD) for name in ("ALOA", "BARI", "COCO", "GOLA", "ELAI")]
    bottom = card_row(surface, hand, (w // 2, h * 3 // 4 - 10), gap=8, lift={4: 16})
    arrow(surface, (top[1].centerx, top[1].bottom + 16), (bottom[4].centerx, bottom[4].top - 24))
    caption(surface, tr("kahuna.help.limit"), (w // 2, bottom[0].bottom + 10), width=w - 40)
    return surface


def sweep_picture(size):
    """A majority taken: the stone set, the rival's bridges on that island's lines swept away."""
    view = board_view({"ELAI-IFFI": 0, "IFFI-LALE": 0, "HUNA-IFFI": 1, "IFFI-JOJO": 1}, {"IFFI": 0},
                      swept=("HUNA-IFFI", "IFFI-JOJO"))
    picture = crop(view, ["IFFI", "ELAI", "LALE", "HUNA", "JOJO"], size, margin=40)
    return picture


def scoring_picture(size):
    w, h = size
    surface = canvas(size)
    plate = pygame.Rect(0, 0, min(w - 20, 460), 190)
    plate.center = (w // 2, h // 2)
    panel(surface, plate, theme.PAPER, radius=16, shadow=6, border=theme.ACCENT, border_width=3)
    head = render_text(tr("kahuna.ui.round_scored", round=1), 28, theme.INK, bold=True)
    surface.blit(head, head.get_rect(midtop=(plate.centerx, plate.y + 14)))
    for seat, stones, points, x in ((0, 5, 1, plate.x + plate.width // 4), (1, 3, 0, plate.right - plate.width // 4)):
        player_token(surface, (x, plate.y + 78), 16, seat, "kahuna")
        count = render_text(tr("kahuna.ui.scoring.stones", n=stones), 24, theme.INK, bold=bool(points))
        surface.blit(count, count.get_rect(midtop=(x, plate.y + 102)))
        text = tr("kahuna.ui.scoring.plus", n=points) if points else tr("kahuna.ui.scoring.none")
        award = render_text(text, 22, theme.ACCENT_DARK if points else theme.INK_SOFT, bold=bool(points))
        surface.blit(award, award.get_rect(midtop=(x, plate.y + 140)))
    return surface


PICTURES = {1: map_picture, 2: cards_picture, 3: playing_picture, 4: drawing_picture, 5: sweep_picture,
            6: scoring_picture}


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1), at most ``size``; None for a page without one."""
    draw = PICTURES.get(page)
    return draw(size) if draw else None
