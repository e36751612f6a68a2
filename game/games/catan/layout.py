"""Where everything sits on the Catan table (logical pixels; the host's side panel starts at x=1300).

The island fills the top left with the dice in its corner; a panel per player runs down the right
above the bank; under the island are the ribbon that says what to do, the hand, the development
cards and the build bar. A game that needs other room subclasses ``CatanLayout`` and moves what it must.
"""

from __future__ import annotations

import pygame

from game.ui.cards import row_positions


class CatanLayout:
    """The table's rectangles, and the rows of cards and panels laid out in them."""

    board = pygame.Rect(10, 10, 905, 680)
    side = pygame.Rect(925, 10, 365, 472)
    bank = pygame.Rect(925, 492, 365, 198)
    ribbon = pygame.Rect(10, 698, 780, 30)
    hand = pygame.Rect(10, 732, 470, 158)
    devs = pygame.Rect(490, 732, 300, 158)
    actions = pygame.Rect(800, 698, 490, 192)
    dice_at = (112, 58)
    hand_card = (72, 100)
    dev_size = (62, 88)
    fly_card = (30, 42)
    """A card in flight (production, trades, the robber's theft)."""

    def panel_rect(self, seat: int, players: int) -> pygame.Rect:
        """Seat ``seat``'s panel among ``players`` stacked down the side."""
        gap = 8
        height = (self.side.height - gap * (players - 1)) // players
        return pygame.Rect(self.side.x, self.side.y + seat * (height + gap), self.side.width, height)

    def hand_rects(self, kinds: int) -> list[pygame.Rect]:
        """One pile per kind of card in the hand."""
        hand = self.hand
        xs = row_positions(kinds, pygame.Rect(hand.x + 8, 0, hand.width - 16, 0), self.hand_card[0], 16)
        return [pygame.Rect(x, hand.y + 46, *self.hand_card) for x in xs]  # clear of the title, stacked and badged

    def bank_rects(self, piles: int) -> list[pygame.Rect]:
        """The bank's piles, left to right."""
        return [pygame.Rect(self.bank.x + 14 + i * 54, self.bank.y + 40, 44, 62) for i in range(piles)]

    def dev_rects(self, cards: int) -> list[pygame.Rect]:
        devs = self.devs
        xs = row_positions(cards, pygame.Rect(devs.x + 10, 0, devs.width - 20, 0), self.dev_size[0], 8)
        return [pygame.Rect(x, devs.y + 26, *self.dev_size) for x in xs]
