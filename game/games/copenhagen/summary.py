"""The game-over summary of Copenhagen: each facade, and its points by rows, columns and window lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.layers import facade_layer
from game.ui import theme
from game.ui.draw import player_token
from game.ui.fonts import render_text

if TYPE_CHECKING:  # pragma: no cover
    from game.games.copenhagen.view import CopenhagenTable

CATEGORIES = (
    ("rows", "copenhagen.ui.summary.rows", (196, 104, 82), "row"),
    ("window_rows", "copenhagen.ui.summary.window_rows", (128, 176, 212), "row"),
    ("columns", "copenhagen.ui.summary.columns", (176, 132, 52), "column"),
    ("window_columns", "copenhagen.ui.summary.window_columns", (58, 146, 140), "column"),
)
"""Each kind of full line: its key in ``points_by_line``, its label, its colour, its stripes."""


def _segment(surface, rect: pygame.Rect, colour, stripes: str) -> None:
    """A bar segment: the colour, with stripes along rows or down columns so colour is not the only mark."""
    pygame.draw.rect(surface, colour, rect)
    line = theme.mix(colour, theme.WHITE, 0.45)
    if stripes == "row":
        for y in range(rect.y + 4, rect.bottom - 1, 6):
            pygame.draw.line(surface, line, (rect.x + 1, y), (rect.right - 2, y), 1)
    else:
        for x in range(rect.x + 4, rect.right - 1, 6):
            pygame.draw.line(surface, line, (x, rect.y + 1), (x, rect.bottom - 2), 1)
    pygame.draw.rect(surface, theme.mix(colour, theme.INK, 0.4), rect, 1)


def draw_points_by_line(view: CopenhagenTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    state = view.observation()
    players = state.players
    result = view.controller.result()
    order = sorted(range(players), key=lambda s: (result.ranks[s], s)) if result else list(range(players))
    title = render_text(tr("copenhagen.ui.summary.title"), 22, theme.INK_SOFT, bold=True)
    surface.blit(title, rect.topleft)
    y = rect.y + title.get_height() + 6
    x = rect.x
    for _, label_key, colour, stripes in CATEGORIES:
        _segment(surface, pygame.Rect(x, y + 3, 16, 14), colour, stripes)
        label = render_text(tr(label_key), 15, theme.INK_SOFT)
        surface.blit(label, (x + 20, y))
        x += 20 + label.get_width() + 14
    y += 26
    row_h = max(24, min(76, (rect.bottom - y) // max(1, players)))
    cell = max(2, min(7, (row_h - 6) // board.HEIGHT))
    scale_max = max(board.WIN_POINTS, max(state.scores))
    bar_x = rect.x + 40 + board.WIDTH * cell + 14
    bar_w = rect.right - bar_x - 44
    symbols = view.host.colour_blind()
    for seat in order:
        if y + row_h > rect.bottom + 4:
            break
        mid = y + row_h // 2
        player_token(surface, (rect.x + 14, mid), 12, seat, "copenhagen")
        grid = pygame.Rect(rect.x + 34, mid - board.HEIGHT * cell // 2, board.WIDTH * cell, board.HEIGHT * cell)
        pygame.draw.rect(surface, art.WALL, grid)
        surface.blit(facade_layer(tuple(state.facades[seat]), cell, symbols), grid.topleft)
        pygame.draw.rect(surface, theme.INK_FAINT, grid.inflate(2, 2), 1)
        split = board.points_by_line(state.occupied[seat], state.bricks[seat])
        x = bar_x
        bar_h = min(26, row_h - 10)
        for key, _, colour, stripes in CATEGORIES:
            points = split[key]
            if not points:
                continue
            width = max(4, round(bar_w * points / scale_max))
            segment = pygame.Rect(x, mid - bar_h // 2, width, bar_h)
            _segment(surface, segment, colour, stripes)
            number = render_text(str(points), 15, theme.WHITE, bold=True)
            if number.get_width() + 4 < width:
                surface.blit(number, number.get_rect(center=segment.center))
            x += width
        goal = bar_x + round(bar_w * board.WIN_POINTS / scale_max)
        pygame.draw.line(surface, theme.ACCENT_DARK, (goal, mid - bar_h // 2 - 4), (goal, mid + bar_h // 2 + 4), 2)
        total = render_text(str(state.scores[seat]), 20, theme.INK, bold=True)
        surface.blit(total, total.get_rect(midleft=(max(x, goal) + 8, mid)))
        y += row_h
