"""Reference panels beside the piles: the six colours (what is still unseen) and Captain Grin.

The colour guide lists each colour with its symbol and facing, how many of its ships you have not
seen yet (in the pile, in other hands or face down) and how many unseen cannonades can sink it.
The Grin guide sums up when Captain Grin reacts and what a reaction may do. Both are drawn once
per content and language and cached.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.games.cannonades import card_art
from game.games.cannonades.rules import CANNONADE_KINDS, COLOURS, KINDS, SHIP_KINDS
from game.games.cannonades.words import colour_name
from game.ui import theme
from game.ui.draw import for_display, panel
from game.ui.fonts import render_paragraph, render_text

GUIDE_PAPER = (240, 230, 206)


def colour_counts(unseen: tuple[int, ...], deck: tuple[int, ...]) -> list[tuple[str, int, int, int, int]]:
    """Per colour: ships unseen, ships in the deck, cannonades able to sink it unseen and in the deck."""
    rows = []
    for colour in COLOURS:
        ships = [k for k in SHIP_KINDS if KINDS[k].colours[0] == colour]
        guns = [k for k in CANNONADE_KINDS if colour in KINDS[k].colours]
        rows.append((colour, sum(unseen[k] for k in ships), sum(deck[k] for k in ships),
                     sum(unseen[k] for k in guns), sum(deck[k] for k in guns)))
    return rows


@lru_cache(maxsize=16)
def fleet_guide(unseen: tuple[int, ...], deck: tuple[int, ...], size: tuple[int, int], lang: str) -> pygame.Surface:
    """The colour guide panel (``lang`` only keys the cache: texts follow the current language)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-8, -8)
    panel(surface, rect, GUIDE_PAPER, radius=12, shadow=0, border=theme.PAPER_DARK, border_width=2)
    title = render_text(tr("cannonades.ui.guide.colours"), 18, theme.INK, bold=True)
    surface.blit(title, (rect.x + 12, rect.y + 8))
    columns = (rect.x + 164, rect.x + 250)
    y = rect.y + 34
    for text, x in zip((tr("cannonades.ui.guide.ships"), tr("cannonades.ui.guide.guns")), columns, strict=True):
        head = render_paragraph(text, 13, theme.INK_SOFT, 84, align="center")
        surface.blit(head, head.get_rect(midtop=(x, y)))
    y += 34
    row_height = max(26, (rect.bottom - y - 6) // len(COLOURS))
    for colour, ships_left, ships, guns_left, guns in colour_counts(unseen, deck):
        centre = y + row_height // 2
        badge = card_art.badge_image(colour, 10)
        surface.blit(badge, badge.get_rect(center=(rect.x + 22, centre)))
        name = render_text(colour_name(colour), 15, theme.INK)
        surface.blit(name, name.get_rect(midleft=(rect.x + 36, centre)))
        card_art.draw_arrow(surface, (rect.x + 114, centre), 18, colour in ("blue", "green", "purple"))
        for x, left, total in ((columns[0], ships_left, ships), (columns[1], guns_left, guns)):
            value = render_text(f"{left} / {total}", 16, theme.INK if left else theme.INK_FAINT, bold=bool(left))
            surface.blit(value, value.get_rect(center=(x, centre)))
        y += row_height
    return for_display(surface)


@lru_cache(maxsize=4)
def grin_guide(size: tuple[int, int], lang: str) -> pygame.Surface:
    """Captain Grin in short: when Grins react and what a reaction does."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-8, -8)
    panel(surface, rect, GUIDE_PAPER, radius=12, shadow=0, border=theme.PAPER_DARK, border_width=2)
    face = card_art.grin_image(11)
    surface.blit(face, (rect.x + 12, rect.y + 8))
    title = render_text(tr("cannonades.ui.guide.grin"), 18, theme.INK, bold=True)
    surface.blit(title, (rect.x + 42, rect.y + 8))
    y = rect.y + 40
    rows = ((1, "cannonades.ui.guide.grin1"), (2, "cannonades.ui.guide.grin2"), (0, "cannonades.ui.guide.board"),
            (0, "cannonades.ui.guide.react"))
    for grins, key in rows:
        x = rect.x + 12
        for i in range(grins):
            surface.blit(card_art.grin_image(8), (x + i * 18, y + 2))
        indent = 54
        text = render_paragraph(tr(key), 15, theme.INK_SOFT if grins == 0 else theme.INK, rect.width - indent - 10)
        surface.blit(text, (rect.x + indent, y))
        y += text.get_height() + 10
    return for_display(surface)
