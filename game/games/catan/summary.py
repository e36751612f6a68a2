"""The game-over summary of Catan: every player's points stacked by source, and how often each total
was rolled against how often it should have been.

A game with other sources of points gives its own ``sources``, ``colours`` and ``points``.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan import board
from game.games.catan.panels import SOURCE_COLOURS
from game.games.catan.text import POINT_SOURCES, dice_histogram, points_by_source
from game.ui import theme
from game.ui.draw import player_token
from game.ui.fonts import render_text

RED_NUMBER_BAR = (206, 96, 80)
"""The bars of 6 and 8 (the red numbers)."""
PLAIN_BAR = (150, 120, 90)


class CatanSummary:
    """Draws the game-over summary of a ``CatanTable``'s game."""

    sources = POINT_SOURCES
    colours = SOURCE_COLOURS

    def __init__(self, table):
        self.table = table

    def points(self, state) -> list[dict]:
        """Per seat, the points of each of ``sources``."""
        return points_by_source(state)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = self.draw_points(surface, rect)
        self.draw_dice(surface, rect, y)

    def draw_points(self, surface, rect) -> int:
        """The stacked bars and their key; returns the y below them."""
        table = self.table
        rows = self.points(table.controller.state)
        head = render_text(tr("catan.ui.summary.points"), 20, theme.INK_SOFT, bold=True)
        surface.blit(head, rect.topleft)
        top = rect.y + 30
        bar_height = 22
        most = max(10, max(sum(r.values()) for r in rows))
        unit = (rect.width - 70) / most
        for seat, row in enumerate(rows):
            y = top + seat * (bar_height + 8)
            player_token(surface, (rect.x + 12, y + bar_height // 2), 10, seat, table.game_id)
            x = rect.x + 30
            for source in self.sources:
                value = row[source]
                if not value:
                    continue
                width = value * unit
                box = pygame.Rect(round(x), y, max(2, round(width) - 2), bar_height)
                pygame.draw.rect(surface, self.colours[source], box, border_radius=4)
                if box.width > 14:
                    number = render_text(str(value), 14, theme.WHITE, bold=True)
                    surface.blit(number, number.get_rect(center=box.center))
                x += width
            total = render_text(str(sum(row.values())), 16, theme.INK, bold=True)
            surface.blit(total, (x + 6, y + 2))
        y = top + len(rows) * (bar_height + 8) + 2
        x = rect.x
        for source in self.sources:
            pygame.draw.rect(surface, self.colours[source], (x, y + 4, 12, 12), border_radius=3)
            label = render_text(tr(f"catan.ui.source.{source}"), 14, theme.INK_SOFT)
            surface.blit(label, (x + 16, y + 1))
            x += label.get_width() + 28
            if x > rect.right - 80:
                x = rect.x
                y += 20
        return y + 28

    def draw_dice(self, surface, rect, y: int) -> None:
        """Each total's rolls as a bar, with a line where chance alone would put it."""
        histogram = dice_histogram(self.table.controller.log)
        head = render_text(tr("catan.ui.summary.dice", rolls=sum(histogram)), 20, theme.INK_SOFT, bold=True)
        surface.blit(head, (rect.x, y))
        chart = pygame.Rect(rect.x + 10, y + 30, rect.width - 20, rect.bottom - y - 56)
        if chart.height < 30:
            return
        rolls = max(1, sum(histogram))
        peak = max(max(histogram), rolls * 6 / 36)
        column = chart.width / 11
        for i, count in enumerate(histogram):
            total = i + 2
            height = chart.height * count / peak
            bar = pygame.Rect(chart.x + i * column + 4, chart.bottom - height, column - 8, height)
            colour = theme.BAD if total == 7 else (RED_NUMBER_BAR if total in board.RED_NUMBERS else PLAIN_BAR)
            pygame.draw.rect(surface, colour, bar, border_top_left_radius=4, border_top_right_radius=4)
            expected = chart.bottom - chart.height * (rolls * board.PIPS[total] / 36) / peak
            pygame.draw.line(surface, theme.INK, (bar.x - 2, expected), (bar.right + 2, expected), 2)
            label = render_text(str(total), 15, theme.INK, bold=total == 7)
            surface.blit(label, label.get_rect(midtop=(bar.centerx, chart.bottom + 3)))
            if count:
                number = render_text(str(count), 13, theme.INK_SOFT)
                surface.blit(number, number.get_rect(midbottom=(bar.centerx, min(bar.y, expected) - 2)))
        note = render_text(tr("catan.ui.summary.expected"), 13, theme.INK_FAINT)
        surface.blit(note, note.get_rect(topright=(rect.right, y + 6)))
