"""The panels around the Copenhagen table: your name, score and hand size over your house, your
ability tiles and the tray of the tile you hold under it, your hand with the end-of-turn buttons, and a
panel per other player with their house, score, cards and abilities.
"""

from __future__ import annotations

import math

import pygame

from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.layers import fitted_label, side_label
from game.games.copenhagen.layout import (
    ABILITY_ROW,
    HAND_AREA,
    HAND_CARD,
    HAND_PANEL,
    HEADER,
    TRAY,
    ability_rect,
    opponent_layout,
)
from game.games.copenhagen.rules import ABILITIES, ACTIVE, USED
from game.ui import theme
from game.ui.cards import blit_card
from game.ui.connection import badge_width, connection_badge
from game.ui.draw import player_token
from game.ui.fonts import paragraph_fits, render_fitted, render_paragraph, render_text


class CopenhagenPanels:
    """Draws the panels of a ``CopenhagenTable``; houses are drawn by its ``drawing``."""

    def __init__(self, table, drawing):
        self.table = table
        self.drawing = drawing

    def draw_me(self, surface) -> None:
        table = self.table
        me = table.me
        shown = table.shown
        on_turn = table.controller.to_act() == me
        if on_turn:
            pygame.draw.rect(surface, theme.ACCENT, HEADER, 3, border_radius=12)
        player_token(surface, (HEADER.x + 26, HEADER.centery), 18, me, "copenhagen")
        details = render_text(tr("copenhagen.ui.header", score=shown.scores[me], cards=shown.hand_size(me)), 16,
                              theme.INK_SOFT)
        name = render_fitted(table.host.player_name(me), 22, theme.INK, HEADER.width - 70 - details.get_width(),
                             bold=True)
        surface.blit(name, name.get_rect(midleft=(HEADER.x + 52, HEADER.centery)))
        surface.blit(details, details.get_rect(midright=(HEADER.right - 12, HEADER.centery)))
        house = table.house(me)
        self.drawing.draw_house(surface, house, big=True)
        ghost = table.ghost()
        if ghost is not None:
            self.drawing.draw_ghost(surface, house, ghost)
        self.drawing.draw_hint_spot(surface, house)
        self.draw_abilities(surface)
        self.draw_tray(surface, ghost)

    def draw_abilities(self, surface) -> None:
        table = self.table
        me = table.me
        usable = table.usable_abilities()
        hinted = None
        if table.hint and table.hint[0]["type"] in ("ability", "both", "convert"):
            hinted = {"ability": table.hint[0].get("ability"), "both": "both_actions",
                      "convert": "change_of_colors"}[table.hint[0]["type"]]
        for index, name in enumerate(ABILITIES):
            rect = ability_rect(index)
            state = table.shown.abilities[me][index]
            label = {0: "none", ACTIVE: "active", USED: "used"}[state]
            image = self.flipped(art.ability_tile(name, label, rect.width), me, name)
            hovered = table.hover == ("ability", index)
            lift = 6 if (hovered and state == ACTIVE) or name == hinted else 0
            glow = None
            if name in usable:
                glow = theme.mix(theme.HIGHLIGHT, theme.WHITE, table.pulse.value * 0.4)
            if name == hinted:
                glow = theme.mix(theme.HIGHLIGHT, theme.ACCENT, table.pulse.value)
            if state:
                blit_card(surface, image, image.get_rect(center=rect.center), lift, glow)
            else:
                surface.blit(image, image.get_rect(center=rect.center))
            step = ABILITY_ROW.width // len(ABILITIES)
            room = (step - 2, ABILITY_ROW.bottom - rect.bottom - 3)
            words = tr(f"copenhagen.ability.{name}")
            if not paragraph_fits(words, 14, *room, line_height=1.05):
                words = tr(f"copenhagen.ability.{name}.short")  # a small window: the tooltip names it whole
            text = fitted_label(words, 14, theme.INK if state else theme.INK_FAINT, *room)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 3)))

    def flipped(self, image: pygame.Surface, seat: int, ability: str) -> pygame.Surface:
        """An ability tile mid-flip: squeezed to its edge and opened again."""
        table = self.table
        for effect in table.animation.effects:
            if effect.kind == "flip" and effect.seat == seat and effect.key == ability:
                width = max(1, round(image.get_width() * abs(math.cos(math.pi * effect.tween.value))))
                squeezed = pygame.transform.smoothscale(image, (width, image.get_height()))
                out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
                out.blit(squeezed, squeezed.get_rect(center=out.get_rect().center))
                return out
        return image

    def draw_tray(self, surface, ghost) -> None:
        table = self.table
        if table.selected is None:
            text = table.tips.tray_idle_text()
            if text:
                image = render_paragraph(text, 17, theme.INK_SOFT, TRAY.width - 8, align="center")
                surface.blit(image, image.get_rect(center=TRAY.center))
            return
        if table.placing_special:
            head = tr("copenhagen.ui.special.place")
        else:
            head = tr("copenhagen.ui.holding", tile=table.tips.tile_name(table.selected))
        if ghost is not None:
            head = tr(ghost["problem"]) if ghost["problem"] else (
                table.tips.cost_text(ghost["cost"]) if ghost["cost"] else head)
            if not ghost["problem"]:
                head = " ".join([head, *table.tips.earned_lines(ghost)])
        colour = theme.BAD if ghost and ghost["problem"] else theme.INK
        image = render_paragraph(head, 17, colour, TRAY.width - 8, align="center")
        bottom = TRAY.bottom - 46 if not table.placing_special else TRAY.bottom - 10
        surface.blit(image, image.get_rect(midbottom=(TRAY.centerx, bottom)))
        for button in (table.rotate_button, table.flip_button, table.back_button):
            button.draw(surface)

    def draw_hand_panel(self, surface) -> None:
        table = self.table
        prompt = table.status() or table.tips.waiting_text()
        image = render_paragraph(prompt, 18, theme.INK, HAND_PANEL.width - 32, line_height=1.15)
        surface.blit(image, (HAND_PANEL.x + 16, HAND_PANEL.y + 9))
        cards = table.hand_cards()
        convert = table.observation().convert if table.my_turn_to("construct", "turn") else None
        for index, rect in enumerate(table.hand_rects()):
            hovered = table.hover == ("hand", index)
            if index < len(cards):
                image = art.card_face(board.COLOURS[cards[index]], *HAND_CARD)
            else:
                image = art.back(*HAND_CARD)
            blit_card(surface, image, rect, 8 if hovered else 0)
            if convert and index < len(cards) and cards[index] == convert[0]:
                mark = art.icon(board.COLOURS[convert[1]], 20, theme.PAPER, art.PAINT[board.COLOURS[convert[1]]][1])
                pygame.draw.circle(surface, art.PAINT[board.COLOURS[convert[1]]][0], (rect.right - 12, rect.y + 12), 14)
                surface.blit(mark, mark.get_rect(center=(rect.right - 12, rect.y + 12)))
        if not cards and not table.shown.hidden[table.me]:
            empty = render_text(tr("copenhagen.ui.hand_empty"), 18, theme.INK_FAINT)
            surface.blit(empty, empty.get_rect(center=HAND_AREA.center))
        count = render_text(tr("copenhagen.hand.count", count=table.shown.hand_size(table.me)), 16, theme.INK_SOFT)
        surface.blit(count, (HAND_PANEL.x + 16, HAND_PANEL.bottom - 36))
        for button in (table.end_button, table.both_button):
            button.draw(surface)

    def draw_opponent(self, surface, seat: int) -> None:
        table = self.table
        rect = table.opponent_rect(seat)
        shown = table.shown
        on_turn = table.controller.to_act() == seat
        if on_turn:
            pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=14)
        player_token(surface, (rect.x + 20, rect.y + 18), 12, seat, "copenhagen")
        badge = badge_width(table.host, seat, (rect.width - 44) // 2)
        if badge:
            connection_badge(surface, table.host, seat, (rect.width - 44) // 2, midright=(rect.right - 12, rect.y + 18))
        name = render_fitted(table.host.player_name(seat), 19, theme.INK, rect.width - 44 - badge - 8 * bool(badge),
                             bold=True)
        surface.blit(name, (rect.x + 38, rect.y + 18 - name.get_height() // 2))
        house = table.house(seat)
        self.drawing.draw_house(surface, house)
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
            box = table.opponent_ability_rect(seat, index)
            state = shown.abilities[seat][index]
            label = {0: "none", ACTIVE: "active", USED: "used"}[state]
            image = self.flipped(art.ability_tile(name_key, label, box.width), seat, name_key)
            surface.blit(image, box)
            if layout == "medium":
                room = (rect.right - box.right - 12, box.height + 6)
                words = tr(f"copenhagen.ability.{name_key}")
                if not paragraph_fits(words, 14, *room, line_height=1.0):
                    words = tr(f"copenhagen.ability.{name_key}.short")
                words = side_label(words, 14, theme.INK if state else theme.INK_FAINT, *room)
                surface.blit(words, words.get_rect(midleft=(box.right + 6, box.centery)))
