"""The Cities & Knights island: base Catan's board layer with the expansion's pieces (knights, walls,
metropolises) among its painters, the merchant on its hex, and the knight chosen to move ringed.
"""

from __future__ import annotations

import math

import pygame

from game.core.i18n import tr
from game.games.catan.board_layer import HOVER, LIT, BoardLayer
from game.games.catan_ck.pieces import CK_PAINTERS
from game.ui import theme

MERCHANT_BODY = (250, 236, 196)


def draw_merchant(surface: pygame.Surface, centre, r: float, rim: tuple) -> None:
    """The merchant: a cream pawn with a scale on its front, ringed in ``rim``."""
    x, y = centre
    pygame.draw.ellipse(surface, (30, 30, 30), (x - r, y + r * 1.2, 2 * r, r * 0.6))
    body = [(x - r * 0.8, y + r * 1.4), (x - r * 0.45, y - r * 0.1), (x + r * 0.45, y - r * 0.1),
            (x + r * 0.8, y + r * 1.4)]
    pygame.draw.polygon(surface, MERCHANT_BODY, body)
    pygame.draw.polygon(surface, rim, body, max(1, int(r / 5)))
    pygame.draw.circle(surface, MERCHANT_BODY, (x, y - r * 0.5), r * 0.55)
    pygame.draw.circle(surface, theme.INK, (x, y - r * 0.5), r * 0.55, 1)
    beam = (x - r * 0.5, y + r * 0.45, x + r * 0.5)
    pygame.draw.line(surface, theme.INK, (beam[0], beam[1]), (beam[2], beam[1]), max(1, int(r / 6)))
    pygame.draw.line(surface, theme.INK, (x, y + r * 0.2), (x, y + r * 1.1), max(1, int(r / 6)))


class CKBoardLayer(BoardLayer):
    def __init__(self, table, rect):
        super().__init__(table, rect)
        self.painters.update(CK_PAINTERS)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_merchant(surface)
        pulse = 0.5 + 0.5 * math.sin(self.table.time * 5)
        self.draw_lit_pieces(surface, pulse)
        chosen = self.table.chosen_spot()
        if chosen is not None:
            x, y = self.points(chosen[0])[chosen[1]]
            pygame.draw.circle(surface, theme.ACCENT, (x, y), self.geometry.radius * 0.42 + 3 * pulse, 4)

    def draw_lit_pieces(self, surface, pulse: float) -> None:
        """A ring round each piece a click may act on (a knight to use, a city to wall or to lose)."""
        table = self.table
        vertices = table.shown.vertices
        radius = self.geometry.radius * 0.42
        for kind, index in table.candidates():
            if kind != "v" or not vertices[index]:
                continue
            x, y = self.geometry.vertices[index]
            colour = HOVER if (kind, index) == self.hover else LIT
            pygame.draw.circle(surface, theme.INK, (x, y + 1), radius + 2 * pulse, 5)
            pygame.draw.circle(surface, colour, (x, y), radius + 2 * pulse, 3)

    def draw_merchant(self, surface) -> None:
        """The merchant on its hex, ringed in the colour of the player who placed it."""
        shown = self.table.shown
        if shown.merchant is None:
            return
        h, owner = shown.merchant
        g = self.geometry
        x, y = g.hexes[h]
        draw_merchant(surface, (x + g.radius * 0.42, y), g.radius * 0.2, self.paint(owner, False).body)

    def tip_at(self, pos, state):
        base = super().tip_at(pos, state)
        merchant = self.table.shown.merchant
        if base is None or merchant is None:
            return base
        h = self.geometry.nearest(self.geometry.hexes, pos, self.geometry.radius * 0.8)
        if h != merchant[0]:
            return base
        return lambda: base() + "\n" + tr("catan_ck.ui.tip.merchant_here", name=self.table.seat_name(merchant[1]))
