"""The Copenhagen table: the harbour, your hand and house, the tile supply and the other houses.

Take cards by clicking the harbour (the cards you may take next light up). Choose a tile from the
supply and a ghost of it follows the mouse over your facade, green where it may go and red where it
may not, with the reason and the exact cost at that spot; R or the wheel turns it, F or right-click
flips it, a click builds it. Ability tiles are clicked to use them; Change of colors opens a picker,
a coat of arms a choice. Every event animates in order: cards slide, tiles drop into place, full
rows and columns glow as they score.
"""

from __future__ import annotations

import math
import time
from functools import lru_cache

import pygame

from game.core import i18n
from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.copenhagen import art, board
from game.games.copenhagen.dialogs import coat_dialog, convert_dialog, discard_dialog, pay_dialog
from game.games.copenhagen.rules import (
    ABILITIES,
    ABILITY_INDEX,
    ACTIVE,
    CHANGE_COLOURS,
    HAND_LIMIT,
    RULES,
    SLOTS,
    USED,
)
from game.games.copenhagen.shown import MERMAID_CARD, ShownTable
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.badge import count_badge
from game.ui.banner import Banner
from game.ui.cards import FloatingText, Sprite, blit_card, row_positions
from game.ui.draw import for_display, panel, player_token, shadow_surface, wood_texture
from game.ui.fonts import render_paragraph, render_text, text_size
from game.ui.table import BOARD_AREA, TableView
from game.ui.tween import Smooth, Timeline, Tween
from game.ui.widgets import Button

# -- layout (logical pixels; the side panel of the play scene starts at x=1300) -------------------
LEFT = pygame.Rect(12, 12, 400, 876)
HEADER = pygame.Rect(18, 16, 388, 50)
MY_CELL = 58
MY_HOUSE = pygame.Rect(37, 70, *art.HouseGeometry(MY_CELL).size)
ABILITY_ROW = pygame.Rect(12, 694, 400, 96)
ABILITY_SIZE = 60
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

GHOST_GOOD = (96, 214, 120)
GHOST_BAD = (228, 54, 44)
GLOW_GOLD = (255, 214, 92)
SKY_TOP, SKY_LOW = (150, 190, 222), (222, 232, 236)
WATER_TOP, WATER_LOW = (52, 112, 146), (30, 72, 104)
PIER = (134, 96, 62)

TILE_ORDER = tuple(f"{colour}-{size}" for colour in board.COLOURS for size in (2, 3, 4, 5))
KEY_SLOTS = {pygame.K_1 + i: i for i in range(SLOTS)}


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


def ability_rect(index: int) -> pygame.Rect:
    step = ABILITY_ROW.width // len(ABILITIES)
    x = ABILITY_ROW.x + index * step + (step - ABILITY_SIZE) // 2
    return pygame.Rect(x, ABILITY_ROW.y + 4, ABILITY_SIZE, ABILITY_SIZE)


@lru_cache(maxsize=128)
def fitted_label(text: str, size: int, colour, width: int) -> pygame.Surface:
    """A short label wrapped at spaces only, shrunk to ``width`` if a single word is wider."""
    words = max((text_size(word, size)[0] for word in text.split()), default=0)
    image = render_paragraph(text, size, colour, max(width, words + 2), align="center", line_height=1.1)
    if image.get_width() > width:
        image = pygame.transform.smoothscale_by(image, width / image.get_width())
    return image


@lru_cache(maxsize=64)
def side_label(text: str, size: int, colour, width: int, height: int) -> pygame.Surface:
    """A label beside an icon: wrapped to ``width``, shrunk to ``height`` if it runs to more lines."""
    image = render_paragraph(text, size, colour, width, line_height=1.0)
    if image.get_height() > height:
        image = pygame.transform.smoothscale_by(image, height / image.get_height())
    return image


@lru_cache(maxsize=256)
def faded_tile(tile_id: str, rot: int, mirror: bool, cell: int, symbols: bool, alpha: int) -> pygame.Surface:
    """A tile drawn see-through (held in the hand, sold out in the supply)."""
    image = art.tile_image(tile_id, rot, mirror, cell, symbols).copy()
    image.set_alpha(alpha)
    return image


@lru_cache(maxsize=1)
def card_veil() -> pygame.Surface:
    """A shade over a harbour card that cannot be taken now."""
    surface = pygame.Surface(CARD, pygame.SRCALPHA)
    pygame.draw.rect(surface, (20, 30, 40, 110), surface.get_rect(), border_radius=10)
    return surface


@lru_cache(maxsize=16)
def veil(size: tuple[int, int], rgba: tuple) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(rgba)
    return surface


def grab_cell(cells) -> tuple[int, int]:
    """The square of a tile the mouse holds: the one nearest the middle of its bounding box."""
    width = 1 + max(c for c, _, _ in cells)
    height = 1 + max(r for _, r, _ in cells)
    middle = ((width - 1) / 2, (height - 1) / 2)
    c, r, _ = min(cells, key=lambda s: ((s[0] - middle[0]) ** 2 + (s[1] - middle[1]) ** 2, s[1], s[0]))
    return c, r


# -- cached backgrounds ----------------------------------------------------------------------------
def _gradient(size, top, low) -> pygame.Surface:
    surface = pygame.Surface(size)
    for y in range(size[1]):
        pygame.draw.line(surface, theme.mix(top, low, y / max(1, size[1] - 1)), (0, y), (size[0], y))
    return surface


def _rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    shaped = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shaped, (255, 255, 255, 255), shaped.get_rect(), border_radius=radius)
    picture = for_display(surface.copy())
    picture.blit(shaped, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return picture


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


@lru_cache(maxsize=4)
def backdrop(players: int, language: str) -> pygame.Surface:
    """Everything that never changes: the wood, the sky behind the houses, the harbour water, the panels."""
    surface = pygame.Surface(BOARD_AREA.size)
    surface.blit(wood_texture(*BOARD_AREA.size), (0, 0))
    sky = _rounded(_gradient(LEFT.size, SKY_TOP, SKY_LOW), 14)
    surface.blit(shadow_surface(LEFT.width, LEFT.height, 14, 8), (LEFT.x - 8, LEFT.y - 4))
    surface.blit(sky, LEFT.topleft)
    ground = pygame.Rect(LEFT.x, MY_HOUSE.bottom - 14, LEFT.width, LEFT.bottom - MY_HOUSE.bottom + 14)
    pygame.draw.rect(surface, (146, 132, 112), ground, border_bottom_left_radius=14, border_bottom_right_radius=14)
    pygame.draw.rect(surface, theme.PAPER, ground.inflate(-12, -14).move(0, 4), border_radius=12)
    water = _rounded(_gradient(HARBOUR.size, WATER_TOP, WATER_LOW), 14)
    surface.blit(shadow_surface(HARBOUR.width, HARBOUR.height, 14, 8), (HARBOUR.x - 8, HARBOUR.y - 4))
    surface.blit(water, HARBOUR.topleft)
    for k in range(22):
        y = HARBOUR.y + 30 + (k * 37) % (HARBOUR.height - 40)
        x = HARBOUR.x + (k * 173) % (HARBOUR.width - 60)
        pygame.draw.arc(surface, theme.mix(WATER_TOP, theme.WHITE, 0.25), (x, y, 34, 10), 0.3, math.pi - 0.3, 1)
    pier = pygame.Rect(HARBOUR.x + 8, SLOT_Y + CARD[1] - 28, DISCARD.right - HARBOUR.x + 4, 46)
    pygame.draw.rect(surface, theme.mix(PIER, theme.BLACK, 0.3), pier.move(0, 4), border_radius=6)
    pygame.draw.rect(surface, PIER, pier, border_radius=6)
    for x in range(pier.x + 30, pier.right, 46):
        pygame.draw.line(surface, theme.mix(PIER, theme.BLACK, 0.35), (x, pier.y + 2), (x, pier.bottom - 2), 2)
    pygame.draw.line(surface, theme.mix(PIER, theme.WHITE, 0.25), pier.topleft, pier.topright, 2)
    for rect in (HAND_PANEL, SUPPLY):
        panel(surface, rect, theme.PAPER, radius=14, shadow=8)
    panel(surface, HEADER, theme.PAPER, radius=12, shadow=4)
    for rect in opponent_rects(players - 1):
        panel(surface, rect, theme.PAPER, radius=14, shadow=8)
        sky_rect = pygame.Rect(rect.x + 6, rect.y + 34, rect.width - 12, rect.height - 40)
        surface.blit(_rounded(_gradient(sky_rect.size, SKY_TOP, SKY_LOW), 10), sky_rect.topleft)
    for index in range(len(board.COLOURS)):
        y = SUPPLY_ROW_Y + index * SUPPLY_ROW_H + (SUPPLY_ROW_H - 8) // 2
        colour = board.COLOURS[index]
        pygame.draw.circle(surface, art.PAINT[colour][0], (SUPPLY.x + 28, y), 17)
        pygame.draw.circle(surface, art.PAINT[colour][1], (SUPPLY.x + 28, y), 17, 2)
        art.draw_icon(surface, colour, (SUPPLY.x + 28, y), 20, theme.PAPER)
        if index:
            pygame.draw.line(surface, theme.PAPER_DARK, (SUPPLY.x + 12, y - SUPPLY_ROW_H // 2),
                             (SUPPLY.right - 12, y - SUPPLY_ROW_H // 2), 1)
    for size in (2, 3, 4, 5):
        label = render_text(tr("copenhagen.ui.size", size=size), 15, theme.INK_SOFT)
        x = SUPPLY_COL_X + (size - 2) * SUPPLY_COL_W + (SUPPLY_COL_W - 8) // 2
        surface.blit(label, label.get_rect(midbottom=(x, SUPPLY_ROW_Y - 4)))
    return for_display(surface, alpha=False)


@lru_cache(maxsize=64)
def facade_layer(entries: tuple, cell: int, symbols: bool) -> pygame.Surface:
    """The tiles built on a facade, drawn over an empty grid (one image per facade and size)."""
    surface = pygame.Surface((board.WIDTH * cell, board.HEIGHT * cell), pygame.SRCALPHA)
    for tile, o_index, col, row in entries:
        o = board.TILES[tile].orientations[o_index]
        surface.blit(art.tile_image(board.TILES[tile].id, o.rot, o.mirror, cell, symbols),
                     (col * cell, (board.HEIGHT - row - o.height) * cell))
    return for_display(surface)


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


@lru_cache(maxsize=32)
def supply_layer(supply: tuple, buildable: frozenset, symbols: bool, language: str) -> pygame.Surface:
    """The supply's tiles with their counts; the ones the person can afford now on a lit ground."""
    surface = pygame.Surface(SUPPLY.size, pygame.SRCALPHA)
    offset = (-SUPPLY.x, -SUPPLY.y)
    title = render_text(tr("copenhagen.ui.supply"), 20, theme.INK, bold=True)
    surface.blit(title, (16, 12))
    for tile_id in TILE_ORDER:
        rect = supply_rect(tile_id).move(offset)
        left = supply[board.TILE_INDEX[tile_id]]
        image = art.tile_image(tile_id, 0, False, SUPPLY_CELL, symbols)
        place = image.get_rect(center=(rect.centerx, rect.centery + 2))
        if tile_id in buildable:
            pygame.draw.rect(surface, theme.mix(theme.PAPER, theme.HIGHLIGHT, 0.35), rect, border_radius=10)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 3, border_radius=10)
        if left:
            surface.blit(shadow_surface(place.width, place.height, 3, 4), (place.x - 4, place.y + 1))
            surface.blit(image, place)
        else:
            surface.blit(faded_tile(tile_id, 0, False, SUPPLY_CELL, symbols, 60), place)
        count_badge(surface, (rect.right - 14, rect.y + 13), f"×{left}", 11,
                    theme.WOOD_DARK if left else theme.DISABLED)
    # The white tiles: only a coat of arms gives them.
    stack = SPECIAL_STACK.move(offset)
    white = art.tile_image("special-1", 0, False, 24, symbols)
    spot = white.get_rect(midright=(stack.right - 4, stack.centery))
    surface.blit(white, spot)
    label = render_text(tr("copenhagen.ui.white_left", n=supply[board.SPECIAL]), 16, theme.INK_SOFT)
    surface.blit(label, label.get_rect(midright=(spot.x - 8, stack.centery)))
    return for_display(surface)


@lru_cache(maxsize=16)
def make_house(seat: int, topleft: tuple[int, int], cell: int) -> House:
    return House(seat, topleft, cell)


class Effect:
    """A timed decoration: a line glowing as it scores, a coat of arms flashing, an ability tile flipping."""

    def __init__(self, kind: str, seat: int, key, duration: float):
        self.kind = kind
        self.seat = seat
        self.key = key
        self.tween = Tween(0.0, 1.0, duration, lambda t: t)

    @property
    def done(self) -> bool:
        return self.tween.done


class CopenhagenTable(TableView):
    """The view of a Copenhagen game for one seat (or an onlooker, who follows the player on turn)."""

    dialog_area = DIALOG_AREA

    def __init__(self, host):
        super().__init__(host)
        self.timeline = Timeline()
        self.sprites: list[Sprite] = []
        self.floaters: list[FloatingText] = []
        self.effects: list[Effect] = []
        self.drops: dict[tuple[int, int], float] = {}  # (seat, facade index) -> 0..1 while a tile settles
        self.banner: Banner | None = None
        self.selected: str | None = None
        self.rot = 0
        self.mirror = False
        self.placing_special = False
        self.mouse = (0, 0)
        self.hover: tuple | None = None
        self.dialog = None
        self.dialog_kind: str | None = None
        self.hint: tuple[dict, float] | None = None
        self.time = 0.0
        self.pulse = Smooth(0.0, 8.0)
        self._legal: list | None = None
        self._legal_can: bool | None = None
        self.shown = ShownTable(self.observation())
        self.discard_top: int | None = None
        self.buttons = self._buttons()

    # -- what is shown ------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat whose house is drawn large: the viewer, or for an onlooker the player on turn."""
        return self.viewer if self.viewer is not None else self.shown.current

    def others(self) -> list[int]:
        players = self.shown.players
        return [(self.me + k) % players for k in range(1, players)]

    def house(self, seat: int) -> House:
        if seat == self.me:
            return make_house(seat, MY_HOUSE.topleft, MY_CELL)
        topleft, cell = opponent_house(self.opponent_rect(seat))
        return make_house(seat, topleft, cell)

    def opponent_rect(self, seat: int) -> pygame.Rect:
        others = self.others()
        return opponent_rects(len(others))[others.index(seat)]

    def sync(self) -> None:
        """Show the game exactly as the observation has it (after a reset or when animations are done)."""
        self.shown = ShownTable(self.observation())
        self.drops.clear()

    def legal(self) -> list[dict]:
        can = self.host.can_act()
        if self._legal is None or self._legal_can != can:
            self._legal = self.legal_actions()
            self._legal_can = can
        return self._legal

    def actions_of(self, kind: str) -> list[dict]:
        return [a for a in self.legal() if a["type"] == kind]

    def phase(self) -> str:
        return self.observation().phase

    def my_turn_to(self, *phases: str) -> bool:
        return self.host.can_act() and self.phase() in phases

    def symbols(self) -> bool:
        return self.host.colour_blind()

    # -- buttons ------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        y = HAND_PANEL.bottom - 50
        third = (HAND_PANEL.width - 48) // 3
        end = Button((HAND_PANEL.right - 16 - third, y, third, 40), lambda: tr("copenhagen.action.end"),
                     self.end_turn, style="primary", size=20, tooltip=lambda: tr("copenhagen.ui.end.tip"))
        both = Button((HAND_PANEL.right - 32 - 2 * third, y, third, 40), lambda: tr("copenhagen.action.both"),
                      self.build_as_well, size=20, tooltip=lambda: tr("copenhagen.ui.both.tip"))
        tray_y = TRAY.bottom - 40
        width = (TRAY.width - 16) // 3
        rotate = Button((TRAY.x, tray_y, width, 38), lambda: tr("copenhagen.ui.rotate"), self.rotate, size=19,
                        tooltip=lambda: tr("copenhagen.ui.rotate.tip"))
        flip = Button((TRAY.x + width + 8, tray_y, width, 38), lambda: tr("copenhagen.ui.flip"), self.flip, size=19,
                      tooltip=lambda: tr("copenhagen.ui.flip.tip"))
        back = Button((TRAY.x + 2 * (width + 8), tray_y, width, 38), lambda: tr("copenhagen.ui.put_back"),
                      self.put_back, size=19, tooltip=lambda: tr("copenhagen.ui.put_back.tip"))
        self.end_button, self.both_button = end, both
        self.rotate_button, self.flip_button, self.back_button = rotate, flip, back
        return [end, both, rotate, flip, back]

    def refresh_buttons(self) -> None:
        last_call = self.my_turn_to("last_call")
        self.end_button.visible = last_call
        self.both_button.visible = last_call and bool(self.actions_of("both"))
        holding = self.selected is not None and not self.placing_special
        for button in (self.rotate_button, self.flip_button, self.back_button):
            button.visible = holding
        hinted = self.hint[0]["type"] if self.hint else None
        self.end_button.selected = hinted == "end"
        self.both_button.selected = hinted == "both"

    # -- commands -----------------------------------------------------------------------------
    def act(self, action: dict) -> bool:
        self.hint = None
        done = self.host.submit(action)
        if done and action["type"] in ("build", "coat"):
            self.selected = None
            self.placing_special = False
        return done

    def end_turn(self) -> None:
        if {"type": "end"} in self.legal():
            self.act({"type": "end"})

    def build_as_well(self) -> None:
        if {"type": "both"} in self.legal():
            self.act({"type": "both"})
        else:
            self.refuse(tr("copenhagen.ui.refuse.both"))

    def rotate(self, turns: int = 1) -> None:
        if self.selected is None or self.placing_special:
            return
        self.rot = (self.rot + turns) % 4
        get_audio().play("click")

    def flip(self) -> None:
        if self.selected is None or self.placing_special:
            return
        self.mirror = not self.mirror
        get_audio().play("click")

    def put_back(self) -> None:
        if self.selected is not None and not self.placing_special:
            self.selected = None
            get_audio().play("card_slide")

    def refuse(self, text: str) -> None:
        get_audio().play("error")
        self.host.say(text)

    def choose_tile(self, tile_id: str) -> None:
        """Pick a tile from the supply (or put it back when it is the one held)."""
        if self.selected == tile_id and not self.placing_special:
            self.put_back()
            return
        if not self.host.can_act():
            self.refuse(tr("play.not_your_turn"))
            return
        problem = RULES.tile_problem(self.observation(), self.me, tile_id)
        if problem is not None:
            if problem == "copenhagen.why.not_now":
                problem = self.not_now_reason()
            self.refuse(tr(problem))
            return
        self.selected = tile_id
        self.placing_special = False
        if not self.hint or self.hint[0].get("tile") != tile_id:
            self.rot, self.mirror = 0, False
        get_audio().play("card_flip")

    def not_now_reason(self) -> str:
        phase = self.phase()
        if phase in ("second", "last_call", "discard"):
            return "copenhagen.ui.refuse.taking"
        if phase == "coat":
            return "copenhagen.ui.refuse.coat"
        return "copenhagen.why.not_now"

    def click_slot(self, slot: int) -> None:
        if not self.host.can_act():
            self.refuse(tr("play.not_your_turn"))
            return
        wanted = {"type": "take", "slot": slot}
        if wanted in self.legal():
            self.act(wanted)
            return
        self.refuse(self.slot_refusal(slot))

    def slot_refusal(self, slot: int) -> str:
        state = self.observation()
        if state.harbour[slot] < 0:
            return tr("copenhagen.ui.refuse.empty_slot")
        phase = state.phase
        if phase == "second":
            near = [str(s + 1) for s in (state.first_slot - 1, state.first_slot + 1) if 0 <= s < SLOTS]
            return tr("copenhagen.ui.refuse.beside", slots=" / ".join(near))
        if phase == "last_call":
            return tr("copenhagen.ui.refuse.third")
        if phase == "construct":
            return tr("copenhagen.ui.refuse.building")
        if phase == "coat":
            return tr("copenhagen.ui.refuse.coat")
        return tr("copenhagen.why.not_now")

    def click_ability(self, index: int) -> None:
        name = ABILITIES[index]
        state = self.shown.abilities[self.me][index]
        if self.viewer is None or self.me != self.viewer:
            self.refuse(tr("play.not_your_turn"))
            return
        if state == 0:
            self.refuse(tr("copenhagen.ui.ability.not_owned"))
            return
        if state == USED:
            self.refuse(tr("copenhagen.ui.ability.used"))
            return
        if not self.host.can_act():
            self.refuse(tr("play.not_your_turn"))
            return
        phase = self.phase()
        if name == "construction_discount":
            action = {"type": "ability", "ability": name}
            if action in self.legal():
                self.act(action)
            else:
                self.refuse(tr("copenhagen.ui.ability.no_use_discount" if phase in ("turn", "construct")
                               else "copenhagen.ui.ability.when_building"))
        elif name == "change_of_colors":
            if self.actions_of("convert"):
                self.open_dialog("convert")
            else:
                self.refuse(tr("copenhagen.ui.ability.no_use_convert" if phase in ("turn", "construct")
                               else "copenhagen.ui.ability.when_building"))
        elif name == "both_actions":
            if {"type": "both"} in self.legal():
                self.act({"type": "both"})
            else:
                self.refuse(tr("copenhagen.ui.ability.both_when"))
        elif name == "additional_card":
            if phase == "last_call" and self.actions_of("take"):
                self.host.say(tr("copenhagen.ui.ability.third_how"))
                get_audio().play("click")
            else:
                self.refuse(tr("copenhagen.ui.ability.third_when"))
        else:
            self.host.say(tr("copenhagen.ui.ability.any_how"))
            get_audio().play("click")

    def click_board(self, cell: tuple[int, int]) -> None:
        if self.placing_special:
            self.place_special(cell)
            return
        if self.selected is None:
            if self.my_turn_to("turn", "construct"):
                self.refuse(tr("copenhagen.ui.refuse.pick_tile"))
            return
        ghost = self.ghost()
        if ghost is None:
            return
        if ghost["problem"] is not None:
            self.refuse(tr(ghost["problem"]))
            return
        rot, mirror = board.canonical_orientation(self.selected, self.rot, self.mirror)
        options = [a for a in self.actions_of("build") if a["tile"] == self.selected and a["rot"] == rot
                   and a["mirror"] == mirror and a["at"] == list(ghost["at"])]
        if not options:
            self.refuse(tr("copenhagen.why.not_now"))
        elif len(options) == 1:
            self.act(options[0])
        else:
            self.open_dialog("pay", options)

    def place_special(self, cell: tuple[int, int]) -> None:
        problem = RULES.special_problem(self.observation(), self.me, cell)
        if problem is not None:
            self.refuse(tr(problem))
            return
        self.act({"type": "coat", "choice": "special", "at": list(cell)})

    def start_special(self) -> None:
        """The coat-of-arms choice of a white tile: close the dialog and hold the tile over the facade."""
        self.close_dialog()
        self.placing_special = True
        self.selected = "special-1"
        self.rot, self.mirror = 0, False

    def cancel_special(self) -> None:
        self.placing_special = False
        self.selected = None

    # -- dialogs ------------------------------------------------------------------------------
    def open_dialog(self, kind: str, options=None) -> None:
        makers = {"discard": discard_dialog, "coat": coat_dialog, "convert": convert_dialog}
        self.dialog = pay_dialog(self, options) if kind == "pay" else makers[kind](self)
        self.dialog_kind = kind
        get_audio().play("card_flip")

    def close_dialog(self) -> None:
        self.dialog = None
        self.dialog_kind = None

    def dialog_due(self) -> str | None:
        """The question the game asks the person now, if any (a discard, a coat of arms)."""
        if not self.host.can_act() or self.busy():
            return None
        phase = self.phase()
        if phase == "discard":
            return "discard"
        if phase == "coat" and not self.placing_special:
            return "coat"
        return None

    def settle_dialog(self) -> None:
        due = self.dialog_due()
        if self.dialog_kind in ("discard", "coat") and due != self.dialog_kind:
            self.close_dialog()
        elif self.dialog_kind in ("convert", "pay") and not self.my_turn_to("turn", "construct"):
            self.close_dialog()
        if self.dialog is None and due is not None:
            self.open_dialog(due)
        if self.placing_special and not self.my_turn_to("coat"):
            self.cancel_special()
        if self.selected and not self.placing_special and not self.my_turn_to("turn", "construct"):
            self.selected = None

    # -- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.track(event.pos)
        if self.dialog is not None:
            return self.dialog.handle(event)
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            return False
        if event.type == pygame.MOUSEWHEEL and self.selected and not self.placing_special:
            self.rotate(1 if event.y < 0 else -1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.placing_special:
                self.cancel_special()
            elif self.selected:
                self.flip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.track(event.pos)
            return self.click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event) -> bool:
        if event.key == pygame.K_r and self.selected:
            self.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key == pygame.K_f and self.selected:
            self.flip()
            return True
        if event.key == pygame.K_BACKSPACE:
            if self.placing_special:
                self.cancel_special()
            else:
                self.put_back()
            return True
        if event.key in KEY_SLOTS:
            self.click_slot(KEY_SLOTS[event.key])
            return True
        if event.key in (pygame.K_e, pygame.K_RETURN) and self.end_button.visible:
            self.end_button.click()
            return True
        if event.key == pygame.K_b and self.both_button.visible:
            self.both_button.click()
            return True
        return False

    def track(self, pos) -> None:
        """What is under the mouse."""
        self.hover = None
        for slot in range(SLOTS):
            if slot_rect(slot).collidepoint(pos):
                self.hover = ("slot", slot)
                return
        if DECK.collidepoint(pos):
            self.hover = ("deck",)
        elif DISCARD.collidepoint(pos):
            self.hover = ("discard",)
        elif SPECIAL_STACK.collidepoint(pos):
            self.hover = ("special",)
        if self.hover:
            return
        for tile_id in TILE_ORDER:
            if supply_rect(tile_id).collidepoint(pos):
                self.hover = ("supply", tile_id)
                return
        for index in range(len(ABILITIES)):
            if ability_rect(index).inflate(8, 20).collidepoint(pos):
                self.hover = ("ability", index)
                return
        mine = self.house(self.me)
        cell = mine.cell_at(pos)
        if cell is not None:
            self.hover = ("cell", cell)
            return
        for row in board.COAT_ROWS:
            centre = (mine.grid.right + mine.geo.right / 2, mine.grid.bottom - row * mine.cell - mine.cell / 2)
            if pygame.Vector2(pos).distance_to(centre) < mine.cell * 0.35:
                self.hover = ("coat_row", row)
                return
        for index, rect in enumerate(self.hand_rects()):
            if rect.collidepoint(pos):
                self.hover = ("hand", index)
        for seat in self.others():
            if self.opponent_rect(seat).collidepoint(pos):
                self.hover = ("opponent", seat)
                for index in range(len(ABILITIES)):
                    if self.opponent_ability_rect(seat, index).collidepoint(pos):
                        self.hover = ("opponent_ability", seat, index)
                return

    def click(self, pos) -> bool:
        if self.hover is None:
            return False
        kind = self.hover[0]
        if kind == "slot":
            self.click_slot(self.hover[1])
        elif kind == "supply":
            self.choose_tile(self.hover[1])
        elif kind == "ability":
            self.click_ability(self.hover[1])
        elif kind == "cell":
            self.click_board(self.hover[1])
        elif kind == "special":
            self.refuse(tr("copenhagen.ui.special.how"))
        else:
            return False
        return True

    # -- the ghost ----------------------------------------------------------------------------
    def ghost(self) -> dict | None:
        """The held tile where the mouse would put it: its cells, anchor, problem (or None) and cost."""
        if self.selected is None or self.hover is None or self.hover[0] != "cell":
            return None
        col, row = self.hover[1]
        state = self.observation()
        if self.placing_special:
            return {"cells": [(col, row, True)], "at": (col, row), "cost": None,
                    "problem": RULES.special_problem(state, self.me, (col, row))}
        cells = board.tile_cells(self.selected, self.rot, self.mirror)
        gc, gr = grab_cell(cells)
        at = (col - gc, row - gr)
        return {"cells": [(at[0] + c, at[1] + r, w) for c, r, w in cells], "at": at,
                "problem": RULES.placement_problem(state, self.me, self.selected, self.rot, self.mirror, at),
                "cost": RULES.placement_cost(state, self.me, self.selected, self.rot, self.mirror, at)}

    def cost_text(self, cost: dict) -> str:
        tile = board.TILES[board.TILE_INDEX[self.selected]]
        text = tr("copenhagen.ui.cost", cost=cost["cost"], colour=tr(f"copenhagen.colour.{tile.colour_name}"))
        if cost["contact"]:
            text += " " + tr("copenhagen.log.contact")
        if cost["discount"]:
            text += " " + tr("copenhagen.log.discount")
        return text

    # -- events and animation -----------------------------------------------------------------
    def on_entry(self, entry, events) -> None:
        self._legal = None
        if entry.seat != CHANCE and self.hint:
            self.hint = None
        for event in events:
            self.queue(event)

    def on_reset(self) -> None:
        super().on_reset()
        self._legal = None
        self.close_dialog()
        self.placing_special = False
        self.selected = None
        self.hint = None
        self.skip_animations()

    def skip_animations(self) -> None:
        self.timeline.finish()
        self.sprites.clear()
        self.floaters.clear()
        self.effects.clear()
        self.banner = None
        self.sync()

    def busy(self) -> bool:
        return self.timeline.busy

    def hand_target(self, seat: int) -> pygame.Rect:
        """Where a card going into a seat's hand flies to."""
        if seat == self.me:
            return pygame.Rect(HAND_AREA.centerx - CARD[0] // 2, HAND_AREA.y - 6, *CARD)
        rect = self.opponent_rect(seat)
        return pygame.Rect(rect.right - 70, rect.y + 40, *CARD)

    def fly(self, image, start: pygame.Rect, end: pygame.Rect, duration: float, delay: float = 0.0,
            fade: bool = False) -> Sprite:
        sprite = Sprite(image, start.topleft)
        sprite.move_to(end.topleft, duration, arc=30, delay=delay)
        if fade:
            sprite.fade_to(0, duration * 0.4, delay=delay + duration * 0.6)
        self.sprites.append(sprite)
        return sprite

    def step(self, duration: float, start=None, land=None) -> None:
        """A timeline step: ``start`` when it begins, ``land`` once when it ends."""
        landed = [False]

        def update(t):
            if t >= 1.0 and not landed[0]:
                landed[0] = True
                if land:
                    land()

        self.timeline.add(duration, start, update)

    def face(self, colour: str) -> pygame.Surface:
        return art.card_face(colour, *CARD)

    def queue(self, event) -> None:
        d = event.data
        kind = event.kind
        audio = get_audio()
        shown = self.shown
        if kind == "dealt":
            def deal(d=d):
                audio.play("card_slide")
                count = sum(d["cards"].values()) if "cards" in d else d["count"]
                faces = [self.face(c) for c, n in d.get("cards", {}).items() for _ in range(n)]
                for k in range(count):
                    image = faces[k] if faces else art.back(*CARD)
                    self.fly(image, DECK, self.hand_target(d["seat"]), 0.3, delay=k * 0.05,
                             fade=d["seat"] != self.me)
            self.step(0.3 + 0.05 * 3, deal, lambda d=d: (self.clear_sprites(), shown.dealt(d)))
        elif kind == "refilled":
            def refill(d=d):
                audio.play("card_flip")
                self.fly(self.face(d["card"]), DECK, slot_rect(d["slot"]), 0.26)
            self.step(0.26, refill, lambda d=d: (self.clear_sprites(), shown.refilled(d)))
        elif kind == "mermaid":
            def mermaid(d=d):
                audio.play("splash")
                shown.mermaid_revealed(d)
                self.banner = Banner(tr("copenhagen.ui.mermaid.title"), tr("copenhagen.ui.mermaid.detail"), 2.0)
            self.step(2.0, mermaid)
        elif kind == "reshuffled":
            def reshuffle(d=d):
                audio.play("card_slide")
                self.banner = Banner(tr("copenhagen.ui.reshuffle.title"),
                                     tr("copenhagen.log.reshuffled", cards=d["cards"]), 1.8)
                for k in range(5):
                    self.fly(art.back(*CARD), DISCARD, DECK, 0.35, delay=k * 0.08)
            self.step(1.8, reshuffle, lambda d=d: (self.clear_sprites(), shown.reshuffled(d)))
        elif kind == "turn":
            self.step(0.05, lambda d=d: shown.turn(d))
        elif kind == "took":
            def take(d=d):
                audio.play("card_slide")
                shown.took_from_harbour(d)
                if d.get("ability"):
                    self.flip_effect(d["seat"], d["ability"])
                self.fly(self.face(d["card"]), slot_rect(d["slot"]), self.hand_target(d["seat"]), 0.3,
                         fade=d["seat"] != self.me)
            self.step(0.3, take, lambda d=d: (self.clear_sprites(), shown.took_into_hand(d)))
        elif kind == "discarded":
            def discard(d=d):
                audio.play("card_slide")
                self.fly(self.face(d["card"]), self.hand_target(d["seat"]), DISCARD, 0.3)
            self.step(0.3, discard, lambda d=d: (self.clear_sprites(), shown.discarded(d), self.set_top(d["card"])))
        elif kind in ("ability_used", "converted"):
            def use(d=d, kind=kind):
                audio.play("card_flip")
                name = d.get("ability", ABILITIES[CHANGE_COLOURS])
                shown.ability_used(d["seat"], name)
                self.flip_effect(d["seat"], name)
                if kind == "converted":
                    text = tr("copenhagen.ui.converted", source=tr(f"copenhagen.colour.{d['from']}"),
                              target=tr(f"copenhagen.colour.{d['to']}"))
                    self.float_text(text, self.ability_anchor(d["seat"], name), theme.INK)
            self.step(0.4, use)
        elif kind == "built":
            self.queue_build(d)
        elif kind == "special":
            def special(d=d):
                shown.special(d)
                self.drops[(d["seat"], len(shown.facades[d["seat"]]) - 1)] = 0.0
            self.step(0.36, special, lambda d=d: self.settle(d["seat"], "stone"))
        elif kind == "scored":
            def score(d=d):
                audio.play("chime")
                shown.scored(d)
                self.effects.append(Effect("line", d["seat"], (d["line"], d["index"], d["windows"]), 1.4))
                house = self.house(d["seat"])
                rect = house.line_rect(d["line"], d["index"])
                key = "copenhagen.ui.points.windows" if d["windows"] else "copenhagen.ui.points"
                at = (rect.right - house.cell // 2, rect.y - 4) if d["line"] == "row" else (rect.centerx, rect.y - 6)
                self.float_text(tr(key, points=d["points"]), at, theme.ACCENT_DARK, size=24 if house.cell > 30 else 18)
            self.step(0.7, score)
        elif kind == "coat":
            def coat(d=d):
                audio.play("coin")
                key = ("row", d["row"]) if "row" in d else ("cell", tuple(d["cell"]))
                self.effects.append(Effect("coat", d["seat"], key, 1.0))
            self.step(0.55, coat)
        elif kind == "coat_lost":
            def lost(d=d):
                audio.play("click")
                house = self.house(d["seat"])
                self.float_text(tr("copenhagen.ui.coat_lost"), house.grid.midtop, theme.INK_SOFT, size=18)
            self.step(0.6, lost)
        elif kind == "ability_gained":
            def gain(d=d):
                audio.play("chime")
                shown.ability_gained(d)
                self.flip_effect(d["seat"], d["ability"])
            self.step(0.45, gain)
        elif kind == "refreshed":
            def refresh(d=d):
                audio.play("card_flip")
                shown.refreshed(d)
                for name in d["abilities"]:
                    self.flip_effect(d["seat"], name)
            self.step(0.45, refresh)
        elif kind == "game_over":
            def over(d=d):
                if d["reason"] == "twelve":
                    seat = max(range(len(d["scores"])), key=lambda s: d["scores"][s])
                    self.banner = Banner(tr("copenhagen.ui.twelve.title", name=self.host.player_name(seat)),
                                         tr("copenhagen.ui.twelve.detail", points=d["scores"][seat]), 1.6)
            self.step(1.6 if d["reason"] == "twelve" else 0.3, over)

    def queue_build(self, d: dict) -> None:
        shown = self.shown

        def pay(d=d):
            get_audio().play("card_slide")
            k = 0
            for colour, n in d["pay"].items():
                for _ in range(n):
                    self.fly(self.face(colour), self.hand_target(d["seat"]), DISCARD, 0.3, delay=k * 0.06)
                    k += 1
            if d["contact"] or d["discount"]:
                parts = [tr("copenhagen.log.contact")] if d["contact"] else []
                parts += [tr("copenhagen.log.discount")] if d["discount"] else []
                house = self.house(d["seat"])
                self.float_text(" ".join(parts), (house.grid.centerx, house.grid.y - 10), theme.GOOD, size=18)

        def paid(d=d):
            self.clear_sprites()
            shown.paid(d)
            if d["pay"]:
                self.set_top(list(d["pay"])[-1])

        count = sum(d["pay"].values())
        if count or d["contact"] or d["discount"]:
            self.step(0.3 + 0.06 * max(0, count - 1), pay, paid)

        def drop(d=d):
            shown.built(d)
            self.drops[(d["seat"], len(shown.facades[d["seat"]]) - 1)] = 0.0

        self.step(0.38, drop, lambda d=d: self.settle(d["seat"], "place"))

    def settle(self, seat: int, sound: str) -> None:
        get_audio().play(sound)
        for key in [k for k in self.drops if k[0] == seat]:
            del self.drops[key]

    def clear_sprites(self) -> None:
        self.sprites = [s for s in self.sprites if s.moving]

    def set_top(self, colour: str) -> None:
        self.discard_top = board.COLOUR_INDEX[colour]

    def flip_effect(self, seat: int, ability: str) -> None:
        self.effects.append(Effect("flip", seat, ability, 0.4))

    def float_text(self, text: str, pos, colour, size: int = 22) -> None:
        image = render_text(text, size, colour, bold=True)
        halo = pygame.Surface((image.get_width() + 16, image.get_height() + 8), pygame.SRCALPHA)
        pygame.draw.rect(halo, (*theme.PAPER, 230), halo.get_rect(), border_radius=10)
        halo.blit(image, (8, 4))
        self.floaters.append(FloatingText(halo, pos, rise=36, duration=1.3))

    def ability_anchor(self, seat: int, ability: str) -> tuple[int, int]:
        if seat == self.me:
            return ability_rect(ABILITY_INDEX[ability]).midtop
        return self.opponent_ability_rect(seat, ABILITY_INDEX[ability]).midtop

    def show_hint(self, action) -> None:
        self.hint = (action, time.perf_counter())
        if action["type"] == "build":
            self.selected = action["tile"]
            self.placing_special = False
            self.rot, self.mirror = action["rot"], action["mirror"]
        if self.dialog_kind == "coat" or self.dialog_kind == "discard":
            self.close_dialog()  # reopened at once, with the hint marked

    # -- the loop -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        was_busy = self.timeline.busy
        self.timeline.update(dt)
        for sprite in self.sprites:
            sprite.update(dt)
        for floater in self.floaters:
            floater.update(dt)
        self.floaters = [f for f in self.floaters if not f.done]
        for effect in self.effects:
            effect.tween.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        for key in self.drops:
            self.drops[key] = min(1.0, self.drops[key] + dt * 3.0)
        if self.banner:
            self.banner.update(dt)
            if self.banner.done:
                self.banner = None
        if was_busy and not self.timeline.busy:
            self.sprites.clear()
            self.sync()
        if self.hint and time.perf_counter() - self.hint[1] > 8:
            self.hint = None
        self.settle_dialog()
        self.refresh_buttons()
        for button in self.buttons:
            button.update(dt)
        if self.dialog:
            self.dialog.update(dt)
        self.pulse.target = 0.5 + 0.5 * math.sin(self.time * 4)
        self.pulse.update(dt)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.shown.players, i18n.language()), BOARD_AREA.topleft)
        self.draw_harbour(surface)
        self.draw_me(surface)
        self.draw_hand_panel(surface)
        self.draw_supply(surface)
        for seat in self.others():
            self.draw_opponent(surface, seat)
        for sprite in self.sprites:
            sprite.draw(surface)
        for floater in self.floaters:
            floater.draw(surface)
        if self.selected and self.hover and self.hover[0] != "cell" and not self.dialog:
            self.draw_held(surface)
        if self.banner:
            self.banner.draw(surface, (BOARD_AREA.centerx, 420))
        if self.dialog:
            self.dialog.draw(surface)

    # harbour, deck, discard pile
    def harbour_marks(self) -> dict[int, str]:
        """Slots to light up: "take" (may be taken now), "next" (could follow the hovered card), "any"
        (taking it spends Any cards), "third" (Additional card)."""
        marks: dict[int, str] = {}
        if not self.host.can_act():
            return marks
        state = self.observation()
        phase = state.phase
        takes = {a["slot"] for a in self.actions_of("take")}
        if phase == "turn":
            if self.hover and self.hover[0] == "slot" and self.hover[1] in takes:
                marks[self.hover[1]] = "take"
                first = self.hover[1]
                anywhere = self.shown.abilities[self.me][0] == ACTIVE
                for slot in range(SLOTS):
                    if slot != first and state.harbour[slot] >= 0:
                        if abs(slot - first) == 1:
                            marks[slot] = "next"
                        elif anywhere:
                            marks[slot] = "any"
        elif phase == "second":
            for slot in takes:
                marks[slot] = "take" if abs(slot - state.first_slot) == 1 else "any"
        elif phase == "last_call":
            for slot in takes:
                marks[slot] = "third"
        return marks

    def draw_harbour(self, surface) -> None:
        title = render_text(tr("copenhagen.ui.harbour"), 18, theme.PAPER, bold=True)
        surface.blit(title, (HARBOUR.x + 16, HARBOUR.y + 6))
        marks = self.harbour_marks()
        hint_slot = self.hint[0]["slot"] if self.hint and self.hint[0]["type"] == "take" else None
        pulse = self.pulse.value
        for slot in range(SLOTS):
            rect = slot_rect(slot)
            card = self.shown.harbour[slot]
            number = render_text(str(slot + 1), 15, theme.PAPER_DARK, bold=True)
            surface.blit(number, number.get_rect(midtop=(rect.centerx, rect.bottom + 6)))
            if card < 0:
                pygame.draw.rect(surface, theme.mix(WATER_TOP, theme.WHITE, 0.3), rect, 2, border_radius=10)
                continue
            image = art.mermaid_card(*CARD) if card == MERMAID_CARD else self.face(board.COLOURS[card])
            mark = marks.get(slot)
            hovered = self.hover == ("slot", slot)
            lift = 12 if hovered and mark in ("take", "any", "third") else (6 if mark == "next" else 0)
            glow = None
            if mark in ("take", "third", "any"):
                glow = theme.mix(theme.HIGHLIGHT, theme.WHITE, pulse * 0.4) if not hovered else theme.ACCENT
            elif mark == "next":
                glow = theme.mix(theme.HIGHLIGHT, WATER_TOP, 0.35)
            if slot == hint_slot:
                glow = theme.mix(theme.HIGHLIGHT, theme.ACCENT, pulse)
                lift = max(lift, 8)
            blit_card(surface, image, rect, lift, glow)
            if self.host.can_act() and marks and mark is None and self.phase() in ("second", "last_call"):
                surface.blit(card_veil(), rect.move(0, -lift))
            if mark in ("any", "third"):
                name = "any_cards" if mark == "any" else "additional_card"
                badge = art.ability_tile(name, "active", 30)
                surface.blit(badge, badge.get_rect(center=(rect.right - 8, rect.y + 8 - lift)))
        self.draw_deck(surface)
        self.draw_discard(surface)

    def draw_deck(self, surface) -> None:
        shown = self.shown
        if shown.deck_size:
            for k in range(min(4, shown.deck_size // 8) + 1):
                blit_card(surface, art.back(*CARD), DECK.move(-k * 2, -k * 2), 0)
        else:
            pygame.draw.rect(surface, theme.mix(WATER_TOP, theme.WHITE, 0.3), DECK, 2, border_radius=10)
        warning = shown.mermaid == "deck" and shown.deck_size <= 10
        fill = theme.BAD if warning else theme.WOOD_DARK
        count_badge(surface, (DECK.right - 4, DECK.y + 2), shown.deck_size, 15, fill)
        label = render_text(tr("copenhagen.ui.deck"), 15, theme.PAPER, bold=True)
        surface.blit(label, label.get_rect(midtop=(DECK.centerx, DECK.bottom + 6)))
        # The mermaid: beside the deck while aside, tucked under it once shuffled in.
        if shown.mermaid in ("aside", "deck"):
            inside = shown.mermaid == "deck"
            centre = (DECK.x + 4, DECK.bottom - 16) if inside else (DECK.x - 6, DECK.y + 18)
            pygame.draw.circle(surface, art.SEA_DEEP if inside else (70, 84, 96), centre, 19)
            art.draw_mermaid(surface, centre, 32, (96, 196, 170) if inside else (150, 170, 170))
            ring = theme.mix(theme.BAD, theme.HIGHLIGHT, self.pulse.value) if warning else (
                art.GOLD if inside else theme.PAPER_DARK)
            pygame.draw.circle(surface, ring, centre, 19, 3 if warning else 2)

    def draw_discard(self, surface) -> None:
        total = sum(self.shown.discard)
        if total:
            top = self.discard_top
            if top is None or not self.shown.discard[top]:
                top = max(range(len(board.COLOURS)), key=lambda c: self.shown.discard[c])
            for k in range(min(3, total // 6) + 1):
                blit_card(surface, self.face(board.COLOURS[top]), DISCARD.move(-k * 2, -k * 2), 0)
        else:
            pygame.draw.rect(surface, theme.mix(WATER_TOP, theme.WHITE, 0.3), DISCARD, 2, border_radius=10)
        count_badge(surface, (DISCARD.right - 4, DISCARD.y + 2), total, 15)
        label = render_text(tr("copenhagen.ui.discard"), 15, theme.PAPER, bold=True)
        surface.blit(label, label.get_rect(midtop=(DISCARD.centerx, DISCARD.bottom + 6)))

    # my house, abilities and the tray
    def draw_me(self, surface) -> None:
        me = self.me
        shown = self.shown
        on_turn = self.controller.to_act() == me
        if on_turn:
            pygame.draw.rect(surface, theme.ACCENT, HEADER, 3, border_radius=12)
        player_token(surface, (HEADER.x + 26, HEADER.centery), 18, me, "copenhagen")
        name = render_text(self.host.player_name(me), 22, theme.INK, bold=True)
        surface.blit(name, (HEADER.x + 52, HEADER.y + 3))
        details = tr("copenhagen.ui.header", score=shown.scores[me], cards=shown.hand_size(me))
        surface.blit(render_text(details, 16, theme.INK_SOFT), (HEADER.x + 52, HEADER.y + 28))
        house = self.house(me)
        self.draw_house(surface, house, big=True)
        ghost = self.ghost()
        if ghost is not None:
            self.draw_ghost(surface, house, ghost)
        self.draw_hint_spot(surface, house)
        self.draw_abilities(surface)
        self.draw_tray(surface, ghost)

    def draw_house(self, surface, house: House, big: bool = False) -> None:
        seat = house.seat
        style = theme.player_style(seat, "copenhagen")
        surface.blit(art.house(house.cell, style.colour, style.dark, big), house.rect.topleft)
        entries = self.shown.facades[seat]
        settled = tuple(e for i, e in enumerate(entries) if (seat, i) not in self.drops)
        symbols = self.symbols()
        surface.blit(facade_layer(settled, house.cell, symbols), house.grid.topleft)
        for (drop_seat, index), t in self.drops.items():
            if drop_seat != seat or index >= len(entries):
                continue
            tile, o_index, col, row = entries[index]
            o = board.TILES[tile].orientations[o_index]
            image = art.tile_image(board.TILES[tile].id, o.rot, o.mirror, house.cell, symbols)
            eased = 1 - (1 - t) ** 3
            target = house.cell_rect(col, row + o.height - 1).topleft
            scale = 1.25 - 0.25 * eased
            scaled = pygame.transform.smoothscale_by(image, scale) if scale != 1 else image
            rect = scaled.get_rect(center=(target[0] + image.get_width() / 2,
                                           target[1] + image.get_height() / 2 - (1 - eased) * house.cell * 1.5))
            surface.blit(shadow_surface(rect.width, rect.height, 4, 6), (rect.x - 6, rect.y + 4 + (1 - eased) * 20))
            scaled.set_alpha(round(120 + 135 * eased))
            surface.blit(scaled, rect)
        self.draw_lines(surface, house)
        self.draw_effects(surface, house)

    def draw_lines(self, surface, house: House) -> None:
        """Full rows and columns: their numbers on gold plaques (the big house only has numbers)."""
        occupied, _ = self.shown.occupied(house.seat)
        if house.cell < 24:
            return
        size = max(11, round(house.cell * 0.26))
        for row in range(board.HEIGHT):
            if occupied & board.ROW_MASKS[row] == board.ROW_MASKS[row]:
                centre = (house.rect.x + house.geo.left / 2, house.grid.bottom - row * house.cell - house.cell / 2)
                pygame.draw.circle(surface, GLOW_GOLD, centre, size * 0.9)
                pygame.draw.circle(surface, theme.ACCENT_DARK, centre, size * 0.9, 2)
                label = render_text(str(row + 1), size, theme.INK, bold=True)
                surface.blit(label, label.get_rect(center=centre))
        for col in range(board.WIDTH):
            if occupied & board.COLUMN_MASKS[col] == board.COLUMN_MASKS[col]:
                centre = (house.grid.x + col * house.cell + house.cell / 2, house.grid.bottom + house.geo.quay / 2 + 1)
                pygame.draw.circle(surface, GLOW_GOLD, centre, size * 0.9)
                pygame.draw.circle(surface, theme.ACCENT_DARK, centre, size * 0.9, 2)
                label = render_text(str(col + 1), size, theme.INK, bold=True)
                surface.blit(label, label.get_rect(center=centre))

    def draw_effects(self, surface, house: House) -> None:
        for effect in self.effects:
            if effect.seat != house.seat:
                continue
            t = effect.tween.value
            if effect.kind == "line":
                kind, index, windows = effect.key
                rect = house.line_rect(kind, index)
                strength = math.sin(math.pi * t) * (0.75 + 0.25 * math.sin(t * math.pi * 6))
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                glow.fill((*GLOW_GOLD, round(150 * strength)))
                surface.blit(glow, rect.topleft)
                pygame.draw.rect(surface, theme.mix(GLOW_GOLD, theme.WHITE, 0.3), rect.inflate(4, 4),
                                 max(2, house.cell // 16), border_radius=4)
            elif effect.kind == "coat":
                kind, where = effect.key
                if kind == "row":
                    centre = (house.grid.right + house.geo.right / 2, house.grid.bottom - where * house.cell
                              - house.cell / 2)
                else:
                    centre = house.cell_rect(*where).center
                radius = house.cell * (0.4 + 0.5 * t)
                ring = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
                pygame.draw.circle(ring, (*GLOW_GOLD, round(230 * (1 - t))), ring.get_rect().center, radius,
                                   max(2, house.cell // 10))
                surface.blit(ring, ring.get_rect(center=centre))
                art.draw_shield(surface, centre, house.cell * (0.5 + 0.15 * math.sin(math.pi * t)))

    def draw_ghost(self, surface, house: House, ghost: dict) -> None:
        cell = house.cell
        good = ghost["problem"] is None
        clip = surface.get_clip()
        surface.set_clip(house.grid.inflate(cell * 2, cell * 2))
        if good:
            rot, mirror = (0, False) if self.placing_special else (self.rot, self.mirror)
            height = 1 + max(r for _, r, _ in ghost["cells"]) - ghost["at"][1]
            top = house.cell_rect(ghost["at"][0], ghost["at"][1] + height - 1).topleft
            surface.blit(faded_tile(self.selected, rot, mirror, cell, self.symbols(), 215), top)
        squares = {(c, r) for c, r, _ in ghost["cells"]}
        colour = GHOST_GOOD if good else GHOST_BAD
        for c, r, _ in ghost["cells"]:
            rect = house.cell_rect(c, r)
            if not good:
                surface.blit(veil(rect.size, (*GHOST_BAD, 120)), rect.topleft)
            for neighbour, a, b in (((c - 1, r), rect.topleft, rect.bottomleft),
                                    ((c + 1, r), rect.topright, rect.bottomright),
                                    ((c, r + 1), rect.topleft, rect.topright),
                                    ((c, r - 1), rect.bottomleft, rect.bottomright)):
                if neighbour not in squares or not good:
                    pygame.draw.line(surface, colour, a, b, 4)
        if not good:
            mouse = house.cell_rect(*self.hover[1]).center
            for dx, dy in ((-1, -1), (1, -1)):
                pygame.draw.line(surface, theme.WHITE, (mouse[0] - 9 * dx, mouse[1] - 9 * dy),
                                 (mouse[0] + 9 * dx, mouse[1] + 9 * dy), 4)
        surface.set_clip(clip)
        if good and ghost["cost"] is not None:
            top = min(house.cell_rect(c, r).y for c, r, _ in ghost["cells"])
            left = min(house.cell_rect(c, r).x for c, r, _ in ghost["cells"])
            colour_name = board.TILES[board.TILE_INDEX[self.selected]].colour_name
            cost = ghost["cost"]["cost"]
            badge = count_badge(surface, (left + 4, top - 4), cost, 15, art.PAINT[colour_name][1])
            if ghost["cost"]["contact"] or ghost["cost"]["discount"]:
                note = render_text("−" + str(int(ghost["cost"]["contact"]) + int(ghost["cost"]["discount"])), 15,
                                   theme.GOOD, bold=True)
                surface.blit(note, (badge.right + 4, badge.y + 4))

    def draw_hint_spot(self, surface, house: House) -> None:
        if not self.hint or self.hint[0]["type"] not in ("build", "coat"):
            return
        action = self.hint[0]
        if action["type"] == "build":
            cells = [(action["at"][0] + c, action["at"][1] + r)
                     for c, r, _ in board.tile_cells(action["tile"], action["rot"], action["mirror"])]
        elif action.get("choice") == "special" and self.placing_special:
            cells = [tuple(action["at"])]
        else:
            return
        colour = theme.mix(theme.HIGHLIGHT, theme.ACCENT, self.pulse.value)
        for c, r in cells:
            pygame.draw.rect(surface, colour, house.cell_rect(c, r).inflate(-6, -6), 3, border_radius=6)

    def draw_abilities(self, surface) -> None:
        me = self.me
        usable = self.usable_abilities()
        hinted = None
        if self.hint and self.hint[0]["type"] in ("ability", "both", "convert"):
            hinted = {"ability": self.hint[0].get("ability"), "both": "both_actions",
                      "convert": "change_of_colors"}[self.hint[0]["type"]]
        for index, name in enumerate(ABILITIES):
            rect = ability_rect(index)
            state = self.shown.abilities[me][index]
            label = {0: "none", ACTIVE: "active", USED: "used"}[state]
            image = self.flipped(art.ability_tile(name, label, ABILITY_SIZE), me, name)
            hovered = self.hover == ("ability", index)
            lift = 6 if hovered and state == ACTIVE else 0
            glow = None
            if name in usable:
                glow = theme.mix(theme.HIGHLIGHT, theme.WHITE, self.pulse.value * 0.4)
            if name == hinted:
                glow = theme.mix(theme.HIGHLIGHT, theme.ACCENT, self.pulse.value)
            if state:
                blit_card(surface, image, image.get_rect(center=rect.center), lift, glow)
            else:
                surface.blit(image, image.get_rect(center=rect.center))
            step = ABILITY_ROW.width // len(ABILITIES)
            text = fitted_label(tr(f"copenhagen.ability.{name}"), 14, theme.INK if state else theme.INK_FAINT, step - 4)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 3)))

    def flipped(self, image: pygame.Surface, seat: int, ability: str) -> pygame.Surface:
        """An ability tile mid-flip: squeezed to its edge and opened again."""
        for effect in self.effects:
            if effect.kind == "flip" and effect.seat == seat and effect.key == ability:
                width = max(1, round(image.get_width() * abs(math.cos(math.pi * effect.tween.value))))
                squeezed = pygame.transform.smoothscale(image, (width, image.get_height()))
                out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
                out.blit(squeezed, squeezed.get_rect(center=out.get_rect().center))
                return out
        return image

    def usable_abilities(self) -> set[str]:
        """Ability tiles a click would use now (they glow)."""
        if not self.host.can_act():
            return set()
        usable = set()
        if self.actions_of("ability"):
            usable.add("construction_discount")
        if self.actions_of("convert"):
            usable.add("change_of_colors")
        if self.actions_of("both"):
            usable.add("both_actions")
        phase = self.phase()
        if phase == "last_call" and self.actions_of("take"):
            usable.add("additional_card")
        state = self.observation()
        if phase == "second" and any(abs(a["slot"] - state.first_slot) != 1 for a in self.actions_of("take")):
            usable.add("any_cards")
        return usable

    def draw_tray(self, surface, ghost) -> None:
        if self.selected is None:
            text = self.tray_idle_text()
            if text:
                image = render_paragraph(text, 17, theme.INK_SOFT, TRAY.width - 8, align="center")
                surface.blit(image, image.get_rect(center=TRAY.center))
            return
        if self.placing_special:
            head = tr("copenhagen.ui.special.place")
        else:
            head = tr("copenhagen.ui.holding", tile=self.tile_name(self.selected))
        if ghost is not None:
            head = tr(ghost["problem"]) if ghost["problem"] else (
                self.cost_text(ghost["cost"]) if ghost["cost"] else head)
        colour = theme.BAD if ghost and ghost["problem"] else theme.INK
        image = render_paragraph(head, 17, colour, TRAY.width - 8, align="center")
        bottom = TRAY.bottom - 46 if not self.placing_special else TRAY.bottom - 10
        surface.blit(image, image.get_rect(midbottom=(TRAY.centerx, bottom)))
        for button in (self.rotate_button, self.flip_button, self.back_button):
            button.draw(surface)

    def tray_idle_text(self) -> str:
        if self.my_turn_to("turn", "construct"):
            return tr("copenhagen.ui.tray.pick")
        return ""

    def draw_held(self, surface) -> None:
        """The held tile follows the mouse, small, while it is not over the facade."""
        rot, mirror = (0, False) if self.placing_special else (self.rot, self.mirror)
        image = faded_tile(self.selected, rot, mirror, 26, self.symbols(), 190)
        surface.blit(image, image.get_rect(center=(self.mouse[0] + 24, self.mouse[1] + 24)))

    def tile_name(self, tile_id: str) -> str:
        colour, size = tile_id.split("-")
        if colour == "special":
            return tr("copenhagen.tile.special")
        return tr("copenhagen.tile.named", colour=tr(f"copenhagen.colour.{colour}"), size=size)

    # the hand panel: what to do, the cards, the end-of-turn buttons
    def hand_cards(self) -> list[int]:
        hand = self.shown.hands[self.me]
        return [c for c in range(len(board.COLOURS)) for _ in range(hand[c])]

    def hand_rects(self) -> list[pygame.Rect]:
        cards = self.hand_cards() + [-1] * self.shown.hidden[self.me]
        xs = row_positions(len(cards), HAND_AREA, HAND_CARD[0], 8)
        return [pygame.Rect(x, HAND_AREA.y, *HAND_CARD) for x in xs]

    def draw_hand_panel(self, surface) -> None:
        prompt = self.status() or self.waiting_text()
        image = render_paragraph(prompt, 18, theme.INK, HAND_PANEL.width - 32, line_height=1.15)
        surface.blit(image, (HAND_PANEL.x + 16, HAND_PANEL.y + 9))
        cards = self.hand_cards()
        convert = self.observation().convert if self.my_turn_to("construct", "turn") else None
        for index, rect in enumerate(self.hand_rects()):
            hovered = self.hover == ("hand", index)
            if index < len(cards):
                image = art.card_face(board.COLOURS[cards[index]], *HAND_CARD)
            else:
                image = art.back(*HAND_CARD)
            blit_card(surface, image, rect, 8 if hovered else 0)
            if convert and index < len(cards) and cards[index] == convert[0]:
                mark = art.icon(board.COLOURS[convert[1]], 20, theme.PAPER, art.PAINT[board.COLOURS[convert[1]]][1])
                pygame.draw.circle(surface, art.PAINT[board.COLOURS[convert[1]]][0], (rect.right - 12, rect.y + 12), 14)
                surface.blit(mark, mark.get_rect(center=(rect.right - 12, rect.y + 12)))
        if not cards and not self.shown.hidden[self.me]:
            empty = render_text(tr("copenhagen.ui.hand_empty"), 18, theme.INK_FAINT)
            surface.blit(empty, empty.get_rect(center=HAND_AREA.center))
        count = render_text(tr("copenhagen.hand.count", count=self.shown.hand_size(self.me)), 16, theme.INK_SOFT)
        surface.blit(count, (HAND_PANEL.x + 16, HAND_PANEL.bottom - 36))
        for button in (self.end_button, self.both_button):
            button.draw(surface)

    def waiting_text(self) -> str:
        actor = self.controller.to_act()
        if actor is None:
            return tr("play.status.over")
        if actor == CHANCE:
            return ""
        return tr("copenhagen.ui.waiting", name=self.host.player_name(actor))

    # the supply
    def buildable(self) -> set[str]:
        return {a["tile"] for a in self.actions_of("build")}

    def draw_supply(self, surface) -> None:
        buildable = frozenset(self.buildable())
        surface.blit(supply_layer(tuple(self.shown.supply), buildable, self.symbols(), i18n.language()),
                     SUPPLY.topleft)
        hinted = self.hint[0]["tile"] if self.hint and self.hint[0]["type"] == "build" else None
        hovered = self.hover[1] if self.hover and self.hover[0] == "supply" else None
        glow = theme.mix(theme.HIGHLIGHT, theme.ACCENT, self.pulse.value)
        for tile_id in TILE_ORDER:
            rect = supply_rect(tile_id)
            if tile_id == self.selected and not self.placing_special:
                pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=10)
            elif tile_id == hovered:
                pygame.draw.rect(surface, theme.ACCENT if tile_id in buildable else theme.INK_FAINT, rect,
                                 3 if tile_id in buildable else 2, border_radius=10)
            if tile_id == hinted:
                pygame.draw.rect(surface, glow, rect.inflate(4, 4), 3, border_radius=12)

    # the other houses
    def opponent_ability_rect(self, seat: int, index: int) -> pygame.Rect:
        rect = self.opponent_rect(seat)
        layout = opponent_layout(rect)
        if layout == "tall":
            size, gap = 36, 10
            x = rect.centerx - (5 * size + 4 * gap) // 2
            return pygame.Rect(x + index * (size + gap), rect.y + 78, size, size)
        size = 30
        x = self.house(seat).rect.right + 10
        if layout == "medium":
            return pygame.Rect(x, rect.y + 98 + index * (size + 8), size, size)
        return pygame.Rect(x + index * (size + 6), rect.y + 102, size, size)

    def draw_opponent(self, surface, seat: int) -> None:
        rect = self.opponent_rect(seat)
        shown = self.shown
        on_turn = self.controller.to_act() == seat
        if on_turn:
            pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=14)
        player_token(surface, (rect.x + 20, rect.y + 18), 12, seat, "copenhagen")
        name = render_text(self.host.player_name(seat), 19, theme.INK, bold=True)
        if name.get_width() > rect.width - 44:
            name = pygame.transform.smoothscale_by(name, (rect.width - 44) / name.get_width())
        surface.blit(name, (rect.x + 38, rect.y + 18 - name.get_height() // 2))
        house = self.house(seat)
        self.draw_house(surface, house)
        layout = opponent_layout(rect)
        score = render_text(tr("copenhagen.ui.points_short", score=shown.scores[seat]), 22, theme.INK, bold=True)
        hand = render_text(tr("copenhagen.hand.count", count=shown.hand_size(seat)), 16, theme.INK_SOFT)
        if layout == "tall":
            surface.blit(score, (rect.x + 20, rect.y + 40))
            surface.blit(hand, hand.get_rect(topright=(rect.right - 20, rect.y + 46)))
        else:
            x = house.rect.right + 10
            surface.blit(score, (x, rect.y + 40))
            surface.blit(hand, (x, rect.y + 70))
        for index, name_key in enumerate(ABILITIES):
            box = self.opponent_ability_rect(seat, index)
            state = shown.abilities[seat][index]
            label = {0: "none", ACTIVE: "active", USED: "used"}[state]
            image = self.flipped(art.ability_tile(name_key, label, box.width), seat, name_key)
            surface.blit(image, box)
            if layout == "medium":
                words = side_label(tr(f"copenhagen.ability.{name_key}"), 14, theme.INK if state else theme.INK_FAINT,
                                   rect.right - box.right - 12, box.height + 6)
                surface.blit(words, words.get_rect(midleft=(box.right + 6, box.centery)))

    # -- words --------------------------------------------------------------------------------
    def status(self) -> str:
        if not self.host.can_act():
            return ""
        if self.placing_special:
            return tr("copenhagen.ui.special.place")
        state = self.observation()
        phase = state.phase
        if phase == "second":
            anywhere = any(abs(a["slot"] - state.first_slot) != 1 for a in self.actions_of("take"))
            return tr("copenhagen.prompt.second_any" if anywhere else "copenhagen.prompt.second")
        if self.selected and phase in ("turn", "construct"):
            return tr("copenhagen.ui.prompt.holding")
        if phase == "construct" and state.convert:
            source, target = (board.COLOURS[c] for c in state.convert)
            return tr("copenhagen.ui.prompt.converted", source=tr(f"copenhagen.colour.{source}"),
                      target=tr(f"copenhagen.colour.{target}"))
        return tr(f"copenhagen.prompt.{phase}") if phase in ("turn", "discard", "last_call", "construct", "coat") \
            else ""

    def tooltip(self) -> str | None:
        if self.dialog is not None:
            return self.dialog.tooltip()
        for button in self.buttons:
            if button.visible:
                text = button.tooltip_text()
                if text:
                    return text
        if self.hover is None:
            return None
        kind = self.hover[0]
        if kind == "cell":
            ghost = self.ghost()
            if ghost is not None:
                if ghost["problem"]:
                    return tr(ghost["problem"])
                return self.cost_text(ghost["cost"]) if ghost["cost"] else tr("copenhagen.ui.special.free")
            return self.cell_tip(self.hover[1])
        if kind == "slot":
            return self.slot_tip(self.hover[1])
        if kind == "deck":
            return self.deck_tip()
        if kind == "discard":
            return tr("copenhagen.ui.discard.tip", n=sum(self.shown.discard))
        if kind == "special":
            return tr("copenhagen.ui.special.tip", n=self.shown.supply[board.SPECIAL])
        if kind == "supply":
            return self.supply_tip(self.hover[1])
        if kind == "ability":
            return self.ability_tip(self.me, self.hover[1])
        if kind == "coat_row":
            return tr("copenhagen.ui.coat_row.tip", row=self.hover[1] + 1)
        if kind == "hand":
            cards = self.hand_cards()
            index = self.hover[1]
            if index < len(cards):
                colour = board.COLOURS[cards[index]]
                return tr("copenhagen.ui.hand.tip", colour=tr(f"copenhagen.colour.{colour}"),
                          n=self.shown.hands[self.me][cards[index]], total=self.shown.hand_size(self.me))
            return None
        if kind == "opponent":
            return self.opponent_tip(self.hover[1])
        if kind == "opponent_ability":
            return self.host.player_name(self.hover[1]) + ": " + self.ability_tip(self.hover[1], self.hover[2])
        return None

    def cell_tip(self, cell) -> str | None:
        index = board.cell_index(*cell)
        if index in board.COAT_CELLS:
            return tr("copenhagen.ui.coat_cell.tip")
        return None

    def slot_tip(self, slot: int) -> str | None:
        card = self.shown.harbour[slot]
        if card < 0:
            return tr("copenhagen.ui.slot.empty", slot=slot + 1)
        if card == MERMAID_CARD:
            return tr("copenhagen.log.mermaid")
        text = tr("copenhagen.ui.slot.tip", slot=slot + 1, colour=tr(f"copenhagen.colour.{board.COLOURS[card]}"))
        mark = self.harbour_marks().get(slot)
        if mark == "any":
            text += " " + tr("copenhagen.ui.slot.any")
        elif mark == "third":
            text += " " + tr("copenhagen.ui.slot.third")
        elif self.host.can_act() and mark is None and self.phase() in ("second", "last_call"):
            text += " " + self.slot_refusal(slot)
        return text

    def deck_tip(self) -> str:
        shown = self.shown
        lines = [tr("copenhagen.deck.count", count=shown.deck_size)]
        if shown.mermaid == "aside":
            lines.append(tr("copenhagen.deck.mermaid_aside"))
        elif shown.mermaid == "deck":
            lines.append(tr("copenhagen.deck.mermaid_in"))
            chance = RULES.mermaid_chance(self.observation())
            if chance:
                lines.append(tr("copenhagen.ui.deck.chance", left=round(1 / chance)))
        return "\n".join(lines)

    def supply_tip(self, tile_id: str) -> str:
        left = self.shown.supply[board.TILE_INDEX[tile_id]]
        text = tr("copenhagen.ui.supply.tip", tile=self.tile_name(tile_id), n=left)
        if self.host.can_act() and self.phase() in ("turn", "construct"):
            problem = RULES.tile_problem(self.observation(), self.me, tile_id)
            text += "\n" + (tr(problem) if problem else tr("copenhagen.ui.supply.click"))
        return text

    def ability_tip(self, seat: int, index: int) -> str:
        name = ABILITIES[index]
        state = self.shown.abilities[seat][index]
        lines = [tr(f"copenhagen.ability.{name}"), tr(f"copenhagen.ability.{name}.help")]
        lines.append(tr({0: "copenhagen.ui.ability.state_none", ACTIVE: "copenhagen.ui.ability.state_active",
                         USED: "copenhagen.ui.ability.state_used"}[state]))
        return "\n".join(lines)

    def opponent_tip(self, seat: int) -> str:
        shown = self.shown
        owned = [tr(f"copenhagen.ability.{ABILITIES[i]}") + ("" if s == ACTIVE else " " + tr("copenhagen.ui.used_mark"))
                 for i, s in enumerate(shown.abilities[seat]) if s]
        occupied, _ = shown.occupied(seat)
        return tr("copenhagen.ui.opponent.tip", name=self.host.player_name(seat), score=shown.scores[seat],
                  cards=shown.hand_size(seat), limit=HAND_LIMIT, empty=board.CELLS - bin(occupied).count("1"),
                  abilities=", ".join(owned))

    # -- the game-over summary ----------------------------------------------------------------
    def draw_summary(self, surface, rect: pygame.Rect) -> None:
        from game.games.copenhagen.summary import draw_points_by_line

        draw_points_by_line(self, surface, rect)
