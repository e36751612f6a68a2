"""Where everything sits on the Copenhagen table (logical pixels; the host's side panel starts at x=1300).

Your house fills the left with your ability tiles and the tile tray under it; the harbour runs along
the top with the deck and the discard pile; your hand and the tile supply are in the middle, the
other players' houses in a column on the right.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.games.copenhagen import art, board
from game.games.copenhagen.rules import ABILITIES
from game.ui.fonts import text_floor
from game.ui.table import BOARD_AREA

LEFT = pygame.Rect(12, 12, 400, 876)
HEADER = pygame.Rect(18, 16, 388, 50)
MY_CELL = 58
MY_HOUSE = pygame.Rect(37, 70, *art.HouseGeometry(MY_CELL).size)
ABILITY_ROW = pygame.Rect(12, 694, 400, 96)
ABILITY_SIZE = 60
SMALL_ABILITY_SIZE = 38
"""Ability tiles when text is large (a small window): two lines of their names fit under them."""
TRAY = pygame.Rect(20, 796, 384, 88)
HARBOUR = pygame.Rect(424, 12, 864, 186)
CARD = (84, 118)
SLOT_X, SLOT_Y, SLOT_STEP = 440, 46, 94
DECK = pygame.Rect(1112, SLOT_Y, *CARD)
DISCARD = pygame.Rect(1200, SLOT_Y, *CARD)
HAND_PANEL = pygame.Rect(424, 208, 520, 214)
HAND_AREA = pygame.Rect(440, 268, 488, 100)
HAND_CARD = (70, 100)
SUPPLY = pygame.Rect(424, 432, 520, 456)
SUPPLY_CELL = 19
SUPPLY_ROW_Y, SUPPLY_ROW_H = 502, 76
SUPPLY_COL_X, SUPPLY_COL_W = 478, 114
OPPONENTS = pygame.Rect(956, 208, 332, 680)

TILE_ORDER = tuple(f"{colour}-{size}" for colour in board.COLOURS for size in (2, 3, 4, 5))


def slot_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(SLOT_X + slot * SLOT_STEP, SLOT_Y, *CARD)


def supply_rect(tile_id: str) -> pygame.Rect:
    colour, size = tile_id.split("-")
    row = board.COLOUR_INDEX[colour]
    return pygame.Rect(SUPPLY_COL_X + (int(size) - 2) * SUPPLY_COL_W, SUPPLY_ROW_Y + row * SUPPLY_ROW_H,
                       SUPPLY_COL_W - 8, SUPPLY_ROW_H - 8)


SPECIAL_STACK = pygame.Rect(SUPPLY.right - 220, SUPPLY.y + 8, 208, 36)
DIALOG_AREA = pygame.Rect(HARBOUR.x - 6, 0, BOARD_AREA.right - HARBOUR.x + 6, BOARD_AREA.height)
"""Dialogs open over the harbour and the supply, so the house stays in sight."""


def ability_size() -> int:
    """The size of your ability tiles: smaller once text is large, to leave their names room."""
    return ABILITY_SIZE if text_floor() <= 15 else SMALL_ABILITY_SIZE


def ability_rect(index: int) -> pygame.Rect:
    step = ABILITY_ROW.width // len(ABILITIES)
    size = ability_size()
    x = ABILITY_ROW.x + index * step + (step - size) // 2
    return pygame.Rect(x, ABILITY_ROW.y + 4, size, size)


def grab_cell(cells) -> tuple[int, int]:
    """The square of a tile the mouse holds: the one nearest the middle of its bounding box."""
    width = 1 + max(c for c, _, _ in cells)
    height = 1 + max(r for _, r, _ in cells)
    middle = ((width - 1) / 2, (height - 1) / 2)
    c, r, _ = min(cells, key=lambda s: ((s[0] - middle[0]) ** 2 + (s[1] - middle[1]) ** 2, s[1], s[0]))
    return c, r


def opponent_rects(count: int) -> list[pygame.Rect]:
    """One panel per other player, filling the column (a single opponent gets it all)."""
    if count <= 0:
        return []
    gap = 10
    height = (OPPONENTS.height - gap * (count - 1)) // count
    return [pygame.Rect(OPPONENTS.x, OPPONENTS.y + k * (height + gap), OPPONENTS.width, height) for k in range(count)]


def opponent_layout(rect: pygame.Rect) -> str:
    """How a panel of another player is laid out: "tall" (details above a large house), "medium" (ability
    names beside the house), "short" (a row of ability tiles; their names in the tooltip)."""
    if rect.height >= 500:
        return "tall"
    return "medium" if rect.height >= 300 else "short"


def opponent_house(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    """The top-left corner and cell size of the house in another player's panel."""
    if opponent_layout(rect) == "tall":
        cell = max(12, min(40, int((rect.height - 134) / 10.7), int((rect.width - 16) / 6.1)))
        width = art.HouseGeometry(cell).size[0]
        return (rect.centerx - width // 2, rect.y + 126), cell
    return (rect.x + 8, rect.y + 40), max(12, min(26, int((rect.height - 40) / 10.7)))


class House:
    """Where one seat's house is drawn: its cell size and the screen rectangle of its grid."""

    def __init__(self, seat: int, topleft, cell: int):
        self.seat = seat
        self.cell = cell
        self.geo = art.HouseGeometry(cell)
        self.rect = pygame.Rect(topleft, self.geo.size)
        self.grid = self.geo.grid.move(topleft)

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        return pygame.Rect(self.grid.x + col * self.cell, self.grid.bottom - (row + 1) * self.cell,
                           self.cell, self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.grid.collidepoint(pos):
            return None
        return (pos[0] - self.grid.x) // self.cell, (self.grid.bottom - 1 - pos[1]) // self.cell

    def line_rect(self, kind: str, index: int) -> pygame.Rect:
        if kind == "row":
            return pygame.Rect(self.grid.x, self.grid.bottom - (index + 1) * self.cell, self.grid.width, self.cell)
        return pygame.Rect(self.grid.x + index * self.cell, self.grid.y, self.cell, self.grid.height)


@lru_cache(maxsize=16)
def make_house(seat: int, topleft: tuple[int, int], cell: int) -> House:
    return House(seat, topleft, cell)
