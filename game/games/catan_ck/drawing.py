"""Drawing the Cities & Knights table: base Catan's order, with the event die beside the number dice,
the barbarian track in the island's corner (the ship's place, the cities' strength against the
active knights, a warning when the attack is near) and a progress card played shown large.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.games.catan.drawing import CatanDrawing
from game.games.catan_ck.card_art import event_face, ship_icon
from game.games.catan_ck.cards import BARBARIAN_TRACK, EVENT_FACES
from game.games.catan_ck.rules import active_strength
from game.ui import theme
from game.ui.draw import for_display, panel
from game.ui.fonts import render_text

NEAR = BARBARIAN_TRACK - 2
"""From this step on the attack is near: the track warns."""
SEA_PLATE = (234, 226, 206)


def strength_and_defence(state) -> tuple[int, int]:
    """The barbarians' strength (cities on the island) and Catan's defence (every active knight)."""
    strength = sum(1 for level in state.vertex_level if level == 2)
    return strength, sum(active_strength(state, p) for p in range(state.players))


@lru_cache(maxsize=4)
def track_plate(size: tuple[int, int]) -> pygame.Surface:
    """The barbarian track without its ship: a plate over the sea, seven steps and the island's gate."""
    surface = pygame.Surface((size[0] + 12, size[1] + 12), pygame.SRCALPHA)
    area = pygame.Rect((0, 0), size)
    panel(surface, area, SEA_PLATE, radius=12, shadow=4)
    step_w = (area.width - 24) / (BARBARIAN_TRACK + 1)
    y = 26
    for k in range(BARBARIAN_TRACK + 1):
        cx = 12 + step_w * (k + 0.5)
        if k == BARBARIAN_TRACK:
            pygame.draw.rect(surface, theme.BAD, (cx - 11, y - 11, 22, 22), border_radius=5)
            flag = render_text("⚔", 16, theme.WHITE, bold=True)
            surface.blit(flag, flag.get_rect(center=(cx, y)))
        else:
            colour = theme.mix(theme.PAPER_DARK, theme.BAD, k / BARBARIAN_TRACK * 0.6)
            pygame.draw.circle(surface, colour, (cx, y), 9)
            pygame.draw.circle(surface, theme.INK_FAINT, (cx, y), 9, 1)
    return for_display(surface)


class CKDrawing(CatanDrawing):
    def draw_dice(self, surface) -> None:
        super().draw_dice(surface)
        self.draw_event_die(surface)
        self.draw_barbarians(surface)

    def draw_event_die(self, surface) -> None:
        table = self.table
        state = table.observation()
        animation = table.animation
        face = table.shown.event
        if animation.event_tumbling():
            face = EVENT_FACES[int(table.time * 14) % len(EVENT_FACES)]
        elif face is None:
            if state.phase not in ("pre_roll", "roll"):
                return
            face = "ship"
        image = event_face(face, 50)
        at = table.layout.event_die_at
        hop = 0.0
        if animation.event_tumbling():
            t = (table.time - animation.event_rolled_at) / 0.7
            hop = abs(math.sin(t * math.pi * 3)) * (1 - t) * 24
            image = pygame.transform.rotozoom(image, (1 - t) * 160, 1.0)
        rect = image.get_rect(center=(at[0], at[1] - hop))
        surface.blit(image, rect)
        table.tips.add(rect, lambda: tr("catan_ck.ui.tip.event_die", face=tr(f"catan_ck.event.{face}")))

    def draw_barbarians(self, surface) -> None:
        """Seven steps from the sea to the island, the ship on its step, strength against defence below."""
        table = self.table
        state = table.observation()
        area = table.layout.barbarians
        shown = table.shown
        position = shown.barbarians
        near = position >= NEAR or table.animation.attack_shown is not None
        pulse = 0.5 + 0.5 * math.sin(table.time * 6)
        border = theme.mix(theme.BAD, theme.HIGHLIGHT, pulse) if near else theme.INK_FAINT
        surface.blit(track_plate(area.size), area.topleft)
        pygame.draw.rect(surface, border, area, 3 if near else 1, border_radius=12)
        step_w = (area.width - 24) / (BARBARIAN_TRACK + 1)
        y = area.y + 26
        ship = table.animation.ship
        if ship is not None:
            a, b, t = ship
            place = a + (b - a) * t
        else:
            place = position
        sx = area.x + 12 + step_w * (min(place, BARBARIAN_TRACK) + 0.5)
        icon = ship_icon(34)
        surface.blit(icon, icon.get_rect(center=(sx, y - 4 + math.sin(table.time * 3) * 2)))
        attack = table.animation.attack_shown
        if attack is not None:
            strength, defence = attack["strength"], sum(attack["defence"])
        else:
            strength, defence = strength_and_defence(state)
        colour = theme.BAD if strength > defence else theme.GOOD
        words = tr("catan_ck.ui.barbarians.versus", strength=strength, defence=defence)
        text = render_text(words, 15, colour, bold=True)
        if text.get_width() > area.width - 16:
            text = pygame.transform.smoothscale_by(text, (area.width - 16) / text.get_width())
        surface.blit(text, text.get_rect(midtop=(area.centerx, area.y + 44)))
        left = BARBARIAN_TRACK - position
        if left <= 0:
            note = tr("catan_ck.ui.barbarians.landing")
        else:
            note = tr("catan_ck.ui.barbarians.near" if near else "catan_ck.ui.barbarians.left", left=left)
        image = render_text(note, 14, theme.BAD if near else theme.INK_SOFT, bold=near)
        if image.get_width() > area.width - 16:
            image = pygame.transform.smoothscale_by(image, (area.width - 16) / image.get_width())
        surface.blit(image, image.get_rect(midtop=(area.centerx, area.y + 68)))
        table.tips.add(area, lambda: tr("catan_ck.ui.tip.barbarians", left=left, strength=strength, defence=defence))

    def played_face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        return self.table.progress_face(card, *size)

    def played_name(self, card: str) -> str:
        return tr(f"catan_ck.card.{card}")
