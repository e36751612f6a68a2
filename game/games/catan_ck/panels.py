"""The panels around the Cities & Knights island, on base Catan's: each player's panel with their
improvement levels (three tracks of five pips, a tower where they hold the metropolis), their cards,
progress cards and knights (active strength against all), pieces left and what they score beside
their buildings (Defender of Catan, Printer and Constitution, the merchant, Longest Road); the bank
with the commodities and the three progress decks; the hand of eight kinds; the progress cards with
their effects; and the build bar's buttons for walls and knights.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.games.catan.board import PIECE_LIMITS
from game.games.catan.panels import CHIP_STEP, BuildButton, CatanPanels
from game.games.catan_ck.card_art import TRACK_COLOUR, defender_card, kind_icon, progress_back
from game.games.catan_ck.cards import (
    CARDS,
    KINDS,
    KNIGHTS_PER_STRENGTH,
    LEVELS,
    TRACK_COMMODITY,
    TRACKS,
    WALL_LIMIT,
)
from game.games.catan_ck.rules import active_strength, deck_size, progress_in_hand, walls_of
from game.ui import theme
from game.ui.badge import corner_badge
from game.ui.cards import blit_card
from game.ui.draw import for_display, player_token
from game.ui.fonts import render_paragraph, render_text
from game.ui.region_cache import region_key

PIP = 12
KNIGHTS_CHIP = 2
"""The knights' place among the figures of a player's panel (see ``chips``)."""
CAPTION_PANEL_HEIGHT = 200
"""A player's panel this tall has room for a caption over the knights' figure (two players' panels do)."""
DEFENDER_RED = (176, 52, 44)
VICTORY_GOLD = (210, 170, 60)


def progress_title(card: str) -> str:
    return tr(f"catan_ck.card.{card}")


def track_title(track: str) -> str:
    return tr(f"catan_ck.track.{track}")


@lru_cache(maxsize=64)
def levels_image(levels: tuple, held: tuple, tower: pygame.Surface) -> pygame.Surface:
    """A player's improvement levels as the panels show them, drawn once per change."""
    width, row = 16 + LEVELS * (PIP + 2) + PIP + 8, PIP + 2
    surface = pygame.Surface((width, 3 * row + 4), pygame.SRCALPHA)
    for t, track in enumerate(TRACKS):
        y = 2 + t * row
        surface.blit(kind_icon(KINDS[TRACK_COMMODITY[t]], PIP + 3), (0, y - 1))
        for level in range(1, LEVELS + 1):
            pip = pygame.Rect(16 + (level - 1) * (PIP + 2), y, PIP, PIP)
            if level <= levels[t]:
                pygame.draw.rect(surface, TRACK_COLOUR[track], pip, border_radius=2)
            pygame.draw.rect(surface, theme.INK_SOFT, pip, 1, border_radius=2)
        if held[t]:
            surface.blit(tower, (17 + LEVELS * (PIP + 2), y - 4))
    return for_display(surface)


class CKBuildButton(BuildButton):
    """A button of the C&K build bar: base Catan's, with the expansion's names and tips."""

    def __init__(self, rect, kind: str, number: int, cost: tuple, table):
        super().__init__(rect, kind, number, cost, table)
        self.label = lambda: tr(f"catan_ck.ui.build.{kind}")
        self.tooltip = lambda: tr(f"catan_ck.ui.build.{kind}.tip")
        if kind == "settlement":  # the longest name of a bar of five, which a small window cannot hold whole
            self.short_label = lambda: tr("catan_ck.ui.build.settlement.short")


class CKPanels(CatanPanels):
    """Draws the panels of a ``CitiesKnightsTable``."""

    piece_kinds = ("road", "settlement", "city", "wall")
    name_room = 262

    def __init__(self, table):
        super().__init__(table)
        self._bank: tuple | None = None

    # -- a player ------------------------------------------------------------------------------
    def draw_player(self, surface, seat: int) -> None:
        super().draw_player(surface, seat)
        self.draw_levels(surface, self.table.observation(), seat)
        self.draw_knights_caption(surface, seat)

    def draw_knights_caption(self, surface, seat: int) -> None:
        """Over the knights' figure, what its two numbers are (where the panel has the room)."""
        rect = self.table.panel_rect(seat)
        if rect.height < CAPTION_PANEL_HEIGHT:
            return
        caption = render_text(tr("catan_ck.ui.knights_caption"), 13, theme.INK_SOFT)
        place = caption.get_rect(bottomleft=(rect.x + 20 + KNIGHTS_CHIP * CHIP_STEP, self.chips_y(rect)))
        if self.caption_room(seat, rect, place):
            surface.blit(caption, place)

    def caption_room(self, seat: int, rect: pygame.Rect, place: pygame.Rect) -> bool:
        """Whether nothing else of ``seat``'s panel ``rect`` is drawn where the knights' caption goes."""
        return True

    def draw_levels(self, surface, state, seat: int) -> None:
        """Three rows of five pips (a track each, its commodity before it), filled to the level, and a
        tower where the player holds the track's metropolis."""
        table = self.table
        rect = table.panel_rect(seat)
        held = tuple(v >= 0 and state.vertex_owner[v] == seat for v in state.metropolis)
        image = levels_image(tuple(state.improvements[seat]), held, table.board.icon("metropolis", PIP + 6, seat))
        at = (rect.right - 72 - image.get_width(), rect.y + 5)
        surface.blit(image, at)
        table.tips.add(image.get_rect(topleft=at), lambda: self.levels_tip(seat))

    def levels_tip(self, seat: int) -> str:
        table = self.table
        state = table.observation()
        lines = [tr("catan_ck.ui.tip.levels", name=table.seat_name(seat))]
        for t, track in enumerate(TRACKS):
            level = state.improvements[seat][t]
            name = tr(f"catan_ck.level.{track}.{level}") if level else tr("catan_ck.ui.level.none")
            lines.append(tr("catan_ck.ui.tip.level_line", track=track_title(track), level=level, name=name))
        return "\n".join(lines)

    def draw_points(self, surface, state, seat: int, rect) -> None:
        """Every point of C&K lies open."""
        table = self.table
        points = table.ruleset.public_points(state, seat)
        star = render_text("★", 24, theme.HIGHLIGHT)
        value = render_text(str(points), 30, theme.INK, bold=True)
        x = rect.right - 14 - value.get_width()
        surface.blit(value, (x, rect.y + 8))
        surface.blit(star, (x - star.get_width() - 2, rect.y + 12))
        table.tips.add(pygame.Rect(x - 30, rect.y + 6, rect.right - x + 24, 38), lambda: tr(
            "catan.ui.tip.points", name=table.seat_name(seat), points=points))

    def chips(self, state, seat: int) -> list[tuple[pygame.Surface, str, str]]:
        """Cards, progress cards, knights (active strength / all strength) and road length."""
        table = self.table
        owner = state.knight_owner
        strength = sum(state.knight_strength[v] for v in range(len(owner)) if owner[v] == seat)
        return [
            (table.card_back(18, 26), str(table.ruleset.cards_of(state, seat)), "catan.ui.tip.cards"),
            (progress_back("science", 18, 26), str(progress_in_hand(state, seat)), "catan_ck.ui.tip.progress"),
            (table.board.icon("knight", 26, seat), f"{active_strength(state, seat)}/{strength}",
             "catan_ck.ui.tip.knights"),
            (table.board.icon("road", 24, seat), str(state.road_lengths[seat]), "catan.ui.tip.road"),
        ]

    def draw_pieces_left(self, surface, state, seat: int, rect) -> None:
        """Pieces left (roads, settlements, cities, walls, knights) and the badges of what scores beside
        the buildings."""
        table = self.table
        y2 = rect.bottom - 30
        used = dict(zip(("road", "settlement", "city"), state.pieces[seat], strict=True))
        left = {kind: PIECE_LIMITS[kind] - count for kind, count in used.items()}
        left["wall"] = WALL_LIMIT - walls_of(state, seat)
        left["knight"] = 3 * KNIGHTS_PER_STRENGTH - sum(state.knight_pieces[seat])
        for i, kind in enumerate(("road", "settlement", "city", "wall", "knight")):
            cx = rect.x + 16 + i * 44
            icon = table.board.icon(kind, 20, seat)
            surface.blit(icon, icon.get_rect(midleft=(cx, y2 + 10)))
            number = render_text(str(left[kind]), 15, theme.INK_SOFT)
            surface.blit(number, (cx + 21, y2 + 10 - number.get_height() // 2))
        table.tips.add(pygame.Rect(rect.x + 12, y2 - 2, 220, 24), lambda: tr(
            "catan_ck.ui.tip.pieces", name=table.seat_name(seat), **left))
        x = rect.right - 10
        for icon, count, colour, tip in self.badges(state, seat):
            number = render_text(str(count), 13, theme.WHITE, bold=True) if count > 1 else None
            pill = pygame.Rect(0, 0, icon.get_width() + 8 + (number.get_width() + 2 if number else 0), 22)
            pill.topright = (x, y2)
            pygame.draw.rect(surface, colour, pill, border_radius=10)
            surface.blit(icon, icon.get_rect(midleft=(pill.x + 4, pill.centery)))
            if number:
                surface.blit(number, number.get_rect(midright=(pill.right - 5, pill.centery)))
            table.tips.add(pill, tip)
            x = pill.x - 4

    def badges(self, state, seat: int) -> list[tuple[pygame.Surface, int, tuple, object]]:
        """(icon, count, colour, tooltip) of each source of points beside the buildings a player holds."""
        table = self.table
        found = []
        if state.longest_road == seat:
            found.append((table.board.icon("road", 18, seat), 1, (150, 104, 62),
                          lambda: tr("catan.ui.tip.longest_road")))
        if state.defenders[seat]:
            count = state.defenders[seat]
            found.append((defender_card(13, 18, ""), count, DEFENDER_RED,
                          lambda: tr("catan_ck.ui.tip.defender", count=count)))
        cards = state.victory_cards[seat]
        if cards:
            names = tr("catan.log.separator").join(progress_title(CARDS[c]) for c in cards)
            found.append((render_text("★", 16, theme.WHITE, bold=True), len(cards), VICTORY_GOLD,
                          lambda: tr("catan_ck.ui.tip.victory_cards", cards=names)))
        if state.merchant_owner == seat:
            found.append((table.merchant_icon(16), 1, (120, 96, 60), lambda: tr("catan_ck.ui.tip.merchant")))
        return found

    # -- the bank and the decks ----------------------------------------------------------------
    def draw_bank(self, surface) -> None:
        """The bank's piles, the progress decks and the metropolises: drawn once per change of them (or of
        the language and the text floor), their tooltips registered every frame."""
        table = self.table
        state = table.observation()
        bank_rect = table.layout.bank
        tips = table.tips
        decks = tuple(deck_size(state, t) for t in range(len(TRACKS)))
        holders = tuple(state.vertex_owner[v] if v >= 0 else -1 for v in state.metropolis)
        key = region_key(tuple(state.bank), decks, holders)
        if self._bank is None or self._bank[0] != key:
            image = pygame.Surface(bank_rect.size, pygame.SRCALPHA)
            self.paint_bank(image, state, pygame.Rect((0, 0), bank_rect.size), decks, holders)
            self._bank = (key, for_display(image))
        surface.blit(self._bank[1], bank_rect.topleft)
        for r, (name, rect) in enumerate(zip(table.card_kinds, table.bank_rects(), strict=True)):
            tips.add(rect, lambda r=r, name=name: tr("catan.ui.tip.bank", resource=tr(f"catan.resource.{name}"),
                                                    count=state.bank[r]))
        for track, rect, count in zip(TRACKS, table.layout.deck_rects(), decks, strict=True):
            tips.add(rect, lambda track=track, count=count: tr("catan_ck.ui.tip.deck", track=track_title(track),
                                                               count=count))
        for t, track in enumerate(TRACKS):
            row = pygame.Rect(bank_rect.x + 190, bank_rect.y + 126 + t * 21, 165, 20)
            tips.add(row, lambda t=t, track=track: self.metropolis_tip(t, track))

    def paint_bank(self, surface, state, area: pygame.Rect, decks: tuple, holders: tuple) -> None:
        """The bank drawn on ``surface`` whose ``area`` stands for the bank's rectangle."""
        table = self.table
        offset = (-table.layout.bank.x, -table.layout.bank.y)
        title = render_text(tr("catan.ui.bank"), 17, theme.INK_SOFT, bold=True)
        surface.blit(title, (14, 8))
        for r, (name, rect) in enumerate(zip(table.card_kinds, table.bank_rects(), strict=True)):
            rect = rect.move(offset)
            blit_card(surface, table.card_face(name, rect.width, rect.height), rect)
            corner_badge(surface, rect, state.bank[r], 12)
        head = render_text(tr("catan_ck.ui.decks"), 15, theme.INK_SOFT, bold=True)
        surface.blit(head, (14, 100))
        for track, rect, count in zip(TRACKS, table.layout.deck_rects(), decks, strict=True):
            rect = rect.move(offset)
            if count:
                blit_card(surface, progress_back(track, rect.width, rect.height), rect)
            else:
                pygame.draw.rect(surface, theme.PAPER_DARK, rect, 2, border_radius=10)
            corner_badge(surface, rect, count, 12)
        self.draw_metropolises(surface, holders, pygame.Rect(190, 100, 165, 92))

    def draw_metropolises(self, surface, holders: tuple, area: pygame.Rect) -> None:
        """Who holds each track's metropolis."""
        head = render_text(tr("catan_ck.ui.metropolises"), 15, theme.INK_SOFT, bold=True)
        surface.blit(head, area.topleft)
        for t, track in enumerate(TRACKS):
            y = area.y + 26 + t * 21
            pygame.draw.rect(surface, TRACK_COLOUR[track], (area.x, y + 3, 12, 12), border_radius=3)
            label = render_text(track_title(track), 14, theme.INK)
            surface.blit(label, (area.x + 18, y))
            if holders[t] >= 0:
                player_token(surface, (area.right - 12, y + 9), 9, holders[t], self.table.game_id)
            else:
                free = render_text("—", 14, theme.INK_FAINT)
                surface.blit(free, free.get_rect(topright=(area.right - 4, y)))

    def metropolis_tip(self, t: int, track: str) -> str:
        table = self.table
        state = table.observation()
        held = state.metropolis[t]
        if held < 0:
            return tr("catan_ck.ui.tip.metropolis_free", track=track_title(track))
        return tr("catan_ck.ui.tip.metropolis_held", track=track_title(track),
                  name=table.seat_name(state.vertex_owner[held]))

    # -- progress cards ------------------------------------------------------------------------
    def draw_devs(self, surface) -> None:
        """The progress cards in the hand shown (face up only to their owner), with the Defender cards and
        the victory point cards laid open beside them."""
        table = self.table
        state = table.observation()
        area = table.layout.devs
        title = render_text(tr("catan_ck.ui.progress", count=progress_in_hand(state, table.me)), 16,
                            theme.PAPER_DARK, bold=True)
        surface.blit(title, (area.x + 12, area.y + 6))
        playable = {a["card"] for a in table.actions_of("play")}
        cards = table.my_progress()
        for rect, card in table.progress_rects():
            if card is None:
                blit_card(surface, table.progress_hidden_back(), rect)
                continue
            hovered = rect.collidepoint(table.mouse) and table.dialog is None
            can = card in playable
            lift = 12 if hovered and can else 0
            glow = theme.HIGHLIGHT if can and (hovered or (table.hint and table.hint[0].get("card") == card)) else None
            blit_card(surface, table.progress_face(card, rect.width, rect.height), rect, lift, glow)
            table.tips.add(rect, lambda card=card: table.tips.progress_tip(card))
        if not cards and not progress_in_hand(state, table.me):
            text = render_paragraph(tr("catan_ck.ui.no_progress"), 15, theme.PAPER_DARK, area.width - 30,
                                    align="center")
            surface.blit(text, text.get_rect(center=(area.centerx, area.y + 66)))
        self.draw_open_cards(surface, state, area)

    def draw_open_cards(self, surface, state, area) -> None:
        """The shown player's Defender of Catan and victory point cards, small along the bottom."""
        table = self.table
        seat = table.me
        x = area.x + 12
        y = area.bottom - 40
        for _ in range(state.defenders[seat]):
            rect = pygame.Rect(x, y, 26, 36)
            blit_card(surface, defender_card(26, 36, ""), rect)
            table.tips.add(rect, lambda: tr("catan_ck.ui.tip.defender", count=state.defenders[seat]))
            x += 30
        for c in state.victory_cards[seat]:
            card = CARDS[c]
            rect = pygame.Rect(x, y, 26, 36)
            blit_card(surface, table.progress_face(card, 26, 36), rect)
            table.tips.add(rect, lambda card=card: table.tips.progress_tip(card))
            x += 30

