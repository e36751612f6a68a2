"""Where everything sits on the Cities & Knights table: base Catan's places, with eight kinds of cards in
the hand and the bank, the progress decks under the bank's piles, the progress cards where base Catan
keeps its development cards, a build bar of five pieces over the improvements, trade and turn buttons,
the event die beside the number dice and the barbarian track in the island's top right corner.
"""

from __future__ import annotations

import pygame

from game.games.catan.layout import CatanLayout
from game.ui.cards import row_positions


class CKLayout(CatanLayout):
    ribbon = pygame.Rect(10, 698, 722, 30)
    hand = pygame.Rect(10, 732, 424, 158)
    devs = pygame.Rect(442, 732, 290, 158)
    actions = pygame.Rect(742, 698, 548, 192)
    hand_card = (47, 68)
    dev_size = (62, 86)
    event_die_at = (210, 58)
    barbarians = pygame.Rect(612, 10, 296, 92)
    """The barbarian track: seven steps to the island, the strength against the defence under it."""

    def hand_rects(self, kinds: int) -> list[pygame.Rect]:
        hand = self.hand
        xs = row_positions(kinds, pygame.Rect(hand.x + 6, 0, hand.width - 12, 0), self.hand_card[0], 4)
        return [pygame.Rect(x, hand.y + 44, *self.hand_card) for x in xs]

    def dev_rects(self, cards: int) -> list[pygame.Rect]:
        """The progress cards, under their title."""
        return [rect.move(0, 8) for rect in super().dev_rects(cards)]

    def bank_rects(self, piles: int) -> list[pygame.Rect]:
        """The bank's eight piles in a row."""
        return [pygame.Rect(self.bank.x + 12 + i * 43, self.bank.y + 40, 38, 52) for i in range(piles)]

    def deck_rects(self) -> list[pygame.Rect]:
        """The three progress decks, under the bank's piles."""
        return [pygame.Rect(self.bank.x + 12 + i * 58, self.bank.y + 133, 44, 58) for i in range(3)]
