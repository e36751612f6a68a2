"""Where everything sits on the Cannonades table (inside the 1300x900 board area).

The person at the screen sits at the bottom; the others sit around in turn order, clockwise:
on the left, across the top, on the right. Two players face each other. Every seat's box has a
name row, a row of four ship slots and a hand; the centre holds the piles and the action bar.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.games.cannonades.rules import COLOURS, GRINS, IS_SHIP, KINDS, MAX_SHIPS, UNKNOWN

MY_BOX = pygame.Rect(10, 600, 1280, 290)
MY_PLATE = pygame.Rect(20, 612, 210, 266)
MY_SHIPS = pygame.Rect(244, 646, 508, 0)
MY_HAND = pygame.Rect(770, 660, 510, 0)
MY_CARD = (118, 165)
HAND_CARD = (118, 165)

LEFT_BOX = pygame.Rect(10, 318, 312, 232)
RIGHT_BOX = pygame.Rect(978, 318, 312, 232)
TOP_SINGLE = pygame.Rect(240, 10, 820, 248)
TOP_CENTRE = pygame.Rect(332, 10, 636, 248)
TOP_LEFT = pygame.Rect(10, 10, 636, 248)
TOP_RIGHT = pygame.Rect(654, 10, 636, 248)

CENTRE_NARROW = pygame.Rect(332, 266, 636, 326)
CENTRE_WIDE = pygame.Rect(10, 266, 1280, 326)
LEFT_GUIDE = pygame.Rect(16, 268, 304, 322)
RIGHT_GUIDE = pygame.Rect(980, 268, 304, 322)
GUIDE_SIZE = (304, 322)
PILE_CARD = (96, 134)
NAME_ROW = 38
SHIP_GAP = 8


@dataclass(frozen=True)
class SeatLayout:
    """One seat's box: its ship slots, where its hand sits and the size of its cards."""

    seat: int
    box: pygame.Rect
    ship_size: tuple[int, int]
    slots: tuple[pygame.Rect, ...]
    hand: pygame.Rect
    mine: bool

    @property
    def pitch(self) -> int:
        return self.ship_size[0] + SHIP_GAP

    def hand_anchor(self) -> tuple[int, int]:
        """Where a card goes into or leaves this hand."""
        return self.hand.center


def _opponent(seat: int, box: pygame.Rect) -> SeatLayout:
    inner = box.width - 24
    width = min(104, (inner - SHIP_GAP * (MAX_SHIPS - 1)) // MAX_SHIPS)
    free_height = box.height - NAME_ROW - 70
    height = min(round(width * 1.4), free_height)
    width = min(width, round(height / 1.4))
    size = (width, round(width * 1.4))
    total = MAX_SHIPS * width + (MAX_SHIPS - 1) * SHIP_GAP
    x = box.centerx - total // 2
    y = box.y + NAME_ROW + 8
    slots = tuple(pygame.Rect(x + i * (width + SHIP_GAP), y, *size) for i in range(MAX_SHIPS))
    hand = pygame.Rect(box.x + 12, y + size[1] + 10, box.width - 24, box.bottom - (y + size[1] + 10) - 8)
    return SeatLayout(seat, box, size, slots, hand, False)


def _mine(seat: int) -> SeatLayout:
    width, height = MY_CARD
    slots = tuple(pygame.Rect(MY_SHIPS.x + i * (width + 12), MY_SHIPS.y, width, height) for i in range(MAX_SHIPS))
    return SeatLayout(seat, MY_BOX, MY_CARD, slots, pygame.Rect(MY_HAND.x, MY_HAND.y, MY_HAND.width, HAND_CARD[1]),
                      True)


def opponent_boxes(count: int) -> list[pygame.Rect]:
    """The boxes of ``count`` opponents in turn order after the bottom seat (clockwise)."""
    return {
        1: [TOP_SINGLE],
        2: [TOP_LEFT, TOP_RIGHT],
        3: [LEFT_BOX, TOP_CENTRE, RIGHT_BOX],
        4: [LEFT_BOX, TOP_LEFT, TOP_RIGHT, RIGHT_BOX],
    }[count]


def seat_layouts(players: int, me: int) -> dict[int, SeatLayout]:
    """Every seat's place, the bottom seat ``me`` included."""
    layouts = {me: _mine(me)}
    others = [(me + i) % players for i in range(1, players)]
    for seat, box in zip(others, opponent_boxes(len(others)), strict=True):
        layouts[seat] = _opponent(seat, box)
    return layouts


def centre_rect(players: int) -> pygame.Rect:
    """The middle band: narrow between side seats (4 and 5 players), else the full width."""
    return CENTRE_NARROW if players >= 4 else CENTRE_WIDE


@dataclass(frozen=True)
class CentreLayout:
    """The centre: the turn line, the draw pile, the played card, the discard pile and the action bar."""

    area: pygame.Rect
    turn_line: pygame.Rect
    pile: pygame.Rect
    played: pygame.Rect
    discard: pygame.Rect
    prompt_y: int
    bar: pygame.Rect


def centre_layout(players: int) -> CentreLayout:
    area = centre_rect(players)
    cx = area.centerx
    top = area.y + 48
    spacing = 200 if area.width < 900 else 230
    pile = pygame.Rect(0, top, *PILE_CARD)
    pile.centerx = cx - spacing
    played = pygame.Rect(0, top, *PILE_CARD)
    played.centerx = cx
    discard = pygame.Rect(0, top, *PILE_CARD)
    discard.centerx = cx + spacing
    bar = pygame.Rect(0, area.bottom - 50, 628, 46)
    bar.centerx = cx
    line_width = min(area.width - 16, 636)
    turn_line = pygame.Rect(area.centerx - line_width // 2, area.y + 6, line_width, 34)
    return CentreLayout(area, turn_line, pile, played, discard, area.bottom - 78, bar)


def hand_order(hand: list[int]) -> list[int]:
    """A hand as shown: ships first (by colour, then Grins), then cannonades."""
    def key(kind: int):
        if kind == UNKNOWN:
            return (2, 0, 0)
        return (0 if IS_SHIP[kind] else 1, COLOURS.index(KINDS[kind].colours[0]), GRINS[kind], kind)
    return sorted(hand, key=key)
