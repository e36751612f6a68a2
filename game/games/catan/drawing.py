"""Drawing the Catan table: the backdrop drawn once, then each frame the board layer, the dice, the
panels, the buttons, the cards in flight, a card played shown large, a banner and an open dialog.

``CatanDrawing`` draws what its table shows (``shown``, moved by its ``animation``) in order; the island
is drawn by the table's ``board`` layer and the panels around it by its ``panels``.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan.card_art import dev_card
from game.games.catan.panels import card_title
from game.ui import theme
from game.ui.cards import blit_card
from game.ui.draw import panel, table_background
from game.ui.fonts import render_paragraph, render_text
from game.ui.region_cache import RegionCache, region_key
from game.ui.table import BOARD_AREA


def to_the_bottom(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` stretched down to the table's bottom edge, where the shadows of cards along the bottom of a
    panel there may reach."""
    return pygame.Rect(rect.x, rect.y, rect.width, BOARD_AREA.bottom - rect.y)


class CatanDrawing:
    """Draws a ``CatanTable`` as it is now."""

    def __init__(self, table):
        self.table = table
        self._backdrop: tuple | None = None
        self.regions = RegionCache()
        """The players' panels, the hand and the build bar as last drawn, reused while what they show stays
        the same."""

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        animation = table.animation
        table.tips.clear()
        surface.blit(self.backdrop(), (0, 0))
        table.board.draw(surface)
        self.draw_dice(surface)
        tip = table.board.tip_at(table.mouse, table.observation())
        if tip is not None:
            table.tips.add(pygame.Rect(table.mouse, (1, 1)), tip)
        panels = table.panels
        backdrop = self.backdrop()
        for seat in range(table.observation().players):
            self.regions.draw(surface, ("player", seat), table.panel_rect(seat), (backdrop, panels.player_key(seat)),
                              lambda seat=seat: panels.draw_player(surface, seat), table.tips.zones)
        table.panels.draw_bank(surface)
        table.panels.draw_ribbon(surface)
        self.regions.draw(surface, "hand", to_the_bottom(table.layout.hand), (backdrop, panels.hand_key()),
                          lambda: panels.draw_hand(surface), table.tips.zones)
        panels.draw_devs(surface)
        self.draw_buttons(surface, backdrop)
        for sprite in animation.sprites:
            sprite.draw(surface)
        if animation.big_card:
            self.draw_big_card(surface)
        if animation.banner:
            self.draw_banner(surface)
        if table.dialog is not None:
            table.dialog.draw(surface)

    def draw_buttons(self, surface, backdrop: pygame.Surface) -> None:
        """The buttons: those of the build bar as one picture, drawn afresh when one of them looks different."""
        table = self.table
        bar = table.layout.actions
        in_bar = [button for button in table.buttons if bar.contains(button.rect)]
        key = (backdrop, region_key(*(button.look() for button in in_bar)))
        self.regions.draw(surface, "build bar", bar, key, lambda: [button.draw(surface) for button in in_bar])
        for button in table.buttons:
            if button not in in_bar:
                button.draw(surface)

    def backdrop(self) -> pygame.Surface:
        """Everything that stays still, drawn once: the wood, the island and the empty panels."""
        table = self.table
        state = table.observation()
        layout = table.layout
        key = (state.layout, state.players)
        if self._backdrop is not None and self._backdrop[0] == key:
            return self._backdrop[1]
        surface = pygame.Surface(BOARD_AREA.size)
        table_background(surface)
        if state.layout is not None:
            surface.blit(table.board.island(state.layout), layout.board.topleft)
        for seat in range(state.players):
            panel(surface, table.panel_rect(seat), theme.PAPER, radius=12, shadow=5)
        panel(surface, layout.bank, theme.PAPER, radius=12, shadow=5, border=theme.PAPER_DARK, border_width=1)
        panel(surface, layout.ribbon, theme.WOOD_DARK, radius=10, shadow=3)
        for rect in (layout.hand, layout.devs, layout.actions):
            panel(surface, rect, theme.mix(theme.WOOD_DARK, theme.BLACK, 0.15), radius=12, shadow=4)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        self._backdrop = (key, surface)
        return surface

    def draw_dice(self, surface) -> None:
        """The dice in the island's corner (while a roll is due or made), with their total once they settle."""
        table = self.table
        state = table.observation()
        dice = table.animation.dice
        if state.dice is None and not dice.busy:
            if state.phase not in ("pre_roll", "roll"):
                return
        at = table.layout.dice_at
        rects = dice.draw(surface, at)
        area = rects[0].union(rects[-1]).inflate(16, 16)
        table.tips.add(area, lambda: tr("catan.ui.tip.dice"))
        total = table.shown.dice_total
        if total is not None and not dice.busy:
            scale = 0.6 + 0.4 * table.animation.pop.value
            red = total == 7
            badge = pygame.Rect(0, 0, 46 * scale, 46 * scale)
            badge.center = (at[0], at[1] + 58)
            pygame.draw.circle(surface, theme.BAD if red else theme.PAPER, badge.center, badge.width // 2)
            pygame.draw.circle(surface, theme.INK, badge.center, badge.width // 2, 2)
            text = render_text(str(total), 26 * scale, theme.WHITE if red else theme.INK, bold=True)
            surface.blit(text, text.get_rect(center=badge.center))

    def draw_big_card(self, surface) -> None:
        table = self.table
        card, seat, started = table.animation.big_card
        board = table.layout.board
        age = min(1.0, (table.time - started) * 4)
        size = (int(150 * (0.6 + 0.4 * age)), int(212 * (0.6 + 0.4 * age)))
        rect = pygame.Rect((0, 0), size)
        rect.center = (board.centerx, board.centery - 20)
        blit_card(surface, self.played_face(card, size), rect, 10)
        caption = render_text(tr("catan.ui.played_by", name=table.seat_name(seat), card=self.played_name(card)), 22,
                              theme.PAPER, bold=True)
        box = caption.get_rect(midtop=(rect.centerx, rect.bottom + 12)).inflate(20, 10)
        panel(surface, box, theme.WOOD_DARK, radius=8, shadow=3)
        surface.blit(caption, caption.get_rect(center=box.center))

    def played_face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        """The face of a card played, shown large (a game with other cards draws its own)."""
        return dev_card(card, *size, card_title(card))

    def played_name(self, card: str) -> str:
        return card_title(card)

    def draw_banner(self, surface) -> None:
        table = self.table
        title, detail, started = table.animation.banner
        board = table.layout.board
        age = min(1.0, (table.time - started) * 4)
        rect = pygame.Rect(0, 0, 560, 110 if detail else 76)
        rect.center = (board.centerx, board.y + 150 + (1 - age) * 24)
        panel(surface, rect, theme.PAPER, radius=16, shadow=10, border=theme.ACCENT, border_width=3)
        head = render_text(title, 30, theme.INK, bold=True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 18)))
        if detail:
            body = render_paragraph(detail, 20, theme.INK_SOFT, rect.width - 40, align="center")
            surface.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 62)))
