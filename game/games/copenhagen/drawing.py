"""Drawing the Copenhagen table: the harbour with the deck and the discard pile, the houses with their
facades, the held tile's ghost, the supply, and whatever is moving.

``CopenhagenDrawing`` draws what its table shows (``shown``, moved by its animation); the panels
around (your header, abilities and tray, your hand, the other players) are ``CopenhagenPanels``.
"""

from __future__ import annotations

import math

import pygame

from game.core import i18n
from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.layers import (
    GHOST_BAD,
    GHOST_GOOD,
    GLOW_GOLD,
    WATER_TOP,
    backdrop,
    card_image,
    card_veil,
    facade_layer,
    faded_tile,
    supply_layer,
    veil,
)
from game.games.copenhagen.layout import (
    CARD,
    DECK,
    DISCARD,
    HARBOUR,
    SUPPLY,
    TILE_ORDER,
    House,
    slot_rect,
    supply_rect,
)
from game.games.copenhagen.panels import CopenhagenPanels
from game.games.copenhagen.rules import SLOTS
from game.games.copenhagen.shown import MERMAID_CARD
from game.ui import theme
from game.ui.badge import count_badge
from game.ui.cards import blit_card
from game.ui.draw import shadow_surface
from game.ui.fonts import render_text
from game.ui.table import BOARD_AREA


class CopenhagenDrawing:
    """Draws a ``CopenhagenTable`` as it is now."""

    def __init__(self, table):
        self.table = table
        self.panels = CopenhagenPanels(table, self)

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(backdrop(table.shown.players, i18n.language()), BOARD_AREA.topleft)
        self.draw_harbour(surface)
        self.panels.draw_me(surface)
        self.panels.draw_hand_panel(surface)
        self.draw_supply(surface)
        for seat in table.others():
            self.panels.draw_opponent(surface, seat)
        for sprite in table.animation.sprites:
            sprite.draw(surface)
        table.animation.draw_floaters(surface)
        if table.selected and table.hover and table.hover[0] != "cell" and not table.dialog:
            self.draw_held(surface)
        if table.animation.banner:
            table.animation.banner.draw(surface, (BOARD_AREA.centerx, 420))
        if table.dialog:
            table.dialog.draw(surface)

    def draw_harbour(self, surface) -> None:
        table = self.table
        title = render_text(tr("copenhagen.ui.harbour"), 18, theme.PAPER, bold=True)
        surface.blit(title, (HARBOUR.x + 16, HARBOUR.y + 6))
        marks = table.harbour_marks()
        hint_slot = table.hint[0]["slot"] if table.hint and table.hint[0]["type"] == "take" else None
        pulse = table.pulse.value
        for slot in range(SLOTS):
            rect = slot_rect(slot)
            card = table.shown.harbour[slot]
            number = render_text(str(slot + 1), 15, theme.PAPER_DARK, bold=True)
            surface.blit(number, number.get_rect(midtop=(rect.centerx, rect.bottom + 6)))
            if card < 0:
                pygame.draw.rect(surface, theme.mix(WATER_TOP, theme.WHITE, 0.3), rect, 2, border_radius=10)
                continue
            image = art.mermaid_card(*CARD) if card == MERMAID_CARD else card_image(board.COLOURS[card])
            mark = marks.get(slot)
            hovered = table.hover == ("slot", slot)
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
            if table.host.can_act() and marks and mark is None and table.phase() in ("second", "last_call"):
                surface.blit(card_veil(), rect.move(0, -lift))
            if mark in ("any", "third"):
                name = "any_cards" if mark == "any" else "additional_card"
                badge = art.ability_tile(name, "active", 30)
                surface.blit(badge, badge.get_rect(center=(rect.right - 8, rect.y + 8 - lift)))
        self.draw_deck(surface)
        self.draw_discard(surface)

    def draw_deck(self, surface) -> None:
        table = self.table
        shown = table.shown
        if shown.deck_size:
            for k in range(min(4, shown.deck_size // 8) + 1):
                blit_card(surface, art.back(*CARD), DECK.move(-k * 2, -k * 2), 0)
        else:
            pygame.draw.rect(surface, theme.mix(WATER_TOP, theme.WHITE, 0.3), DECK, 2, border_radius=10)
        warning = shown.mermaid == "deck" and shown.deck_size <= 10
        fill = theme.BAD if warning else theme.WOOD_DARK
        count_badge(surface, (DECK.centerx, DECK.y + 2), shown.deck_size, 15, fill)  # clear of the discard pile
        label = render_text(tr("copenhagen.ui.deck"), 15, theme.PAPER, bold=True)
        surface.blit(label, label.get_rect(midtop=(DECK.centerx, DECK.bottom + 6)))
        # The mermaid: beside the deck while aside, tucked under it once shuffled in.
        if shown.mermaid in ("aside", "deck"):
            inside = shown.mermaid == "deck"
            centre = (DECK.x + 4, DECK.bottom - 16) if inside else (DECK.x - 6, DECK.y + 18)
            pygame.draw.circle(surface, art.SEA_DEEP if inside else (70, 84, 96), centre, 19)
            art.draw_mermaid(surface, centre, 32, (96, 196, 170) if inside else (150, 170, 170))
            ring = theme.mix(theme.BAD, theme.HIGHLIGHT, table.pulse.value) if warning else (
                art.GOLD if inside else theme.PAPER_DARK)
            pygame.draw.circle(surface, ring, centre, 19, 3 if warning else 2)

    def draw_discard(self, surface) -> None:
        table = self.table
        total = sum(table.shown.discard)
        if total:
            top = table.animation.discard_top
            if top is None or not table.shown.discard[top]:
                top = max(range(len(board.COLOURS)), key=lambda c: table.shown.discard[c])
            for k in range(min(3, total // 6) + 1):
                blit_card(surface, card_image(board.COLOURS[top]), DISCARD.move(-k * 2, -k * 2), 0)
        else:
            pygame.draw.rect(surface, theme.mix(WATER_TOP, theme.WHITE, 0.3), DISCARD, 2, border_radius=10)
        count_badge(surface, (DISCARD.right - 4, DISCARD.y + 2), total, 15)
        label = render_text(tr("copenhagen.ui.discard"), 15, theme.PAPER, bold=True)
        surface.blit(label, label.get_rect(midtop=(DISCARD.centerx, DISCARD.bottom + 6)))

    def draw_house(self, surface, house: House, big: bool = False) -> None:
        table = self.table
        seat = house.seat
        style = theme.player_style(seat, "copenhagen")
        surface.blit(art.house(house.cell, style.colour, style.dark, big), house.rect.topleft)
        entries = table.shown.facades[seat]
        settled = tuple(e for i, e in enumerate(entries) if (seat, i) not in table.animation.drops)
        symbols = table.symbols()
        surface.blit(facade_layer(settled, house.cell, symbols), house.grid.topleft)
        for (drop_seat, index), t in table.animation.drops.items():
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
        table = self.table
        occupied, _ = table.shown.occupied(house.seat)
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
        table = self.table
        for effect in table.animation.effects:
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
        table = self.table
        cell = house.cell
        good = ghost["problem"] is None
        clip = surface.get_clip()
        surface.set_clip(house.grid.inflate(cell * 2, cell * 2))
        if good:
            rot, mirror = (0, False) if table.placing_special else (table.rot, table.mirror)
            height = 1 + max(r for _, r, _ in ghost["cells"]) - ghost["at"][1]
            top = house.cell_rect(ghost["at"][0], ghost["at"][1] + height - 1).topleft
            surface.blit(faded_tile(table.selected, rot, mirror, cell, table.symbols(), 215), top)
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
            mouse = house.cell_rect(*table.hover[1]).center
            for dx, dy in ((-1, -1), (1, -1)):
                pygame.draw.line(surface, theme.WHITE, (mouse[0] - 9 * dx, mouse[1] - 9 * dy),
                                 (mouse[0] + 9 * dx, mouse[1] + 9 * dy), 4)
        surface.set_clip(clip)
        if good:
            self.draw_earnings(surface, house, ghost.get("earns", ()))
        if good and ghost["cost"] is not None:
            top = min(house.cell_rect(c, r).y for c, r, _ in ghost["cells"])
            left = min(house.cell_rect(c, r).x for c, r, _ in ghost["cells"])
            colour_name = board.TILES[board.TILE_INDEX[table.selected]].colour_name
            cost = ghost["cost"]["cost"]
            badge = count_badge(surface, (left + 4, top - 4), cost, 15, art.PAINT[colour_name][1])
            if ghost["cost"]["contact"] or ghost["cost"]["discount"]:
                note = render_text("−" + str(int(ghost["cost"]["contact"]) + int(ghost["cost"]["discount"])), 15,
                                   theme.GOOD, bold=True)
                surface.blit(note, (badge.right + 4, badge.y + 4))

    def draw_earnings(self, surface, house: House, events) -> None:
        """The rows and columns the placement would complete, outlined in gold, and its coats of arms."""
        gold = theme.mix(GLOW_GOLD, theme.WHITE, 0.3 * self.table.pulse.value)
        for event in events:
            data = event.data
            if event.kind == "scored":
                pygame.draw.rect(surface, gold, house.line_rect(data["line"], data["index"]).inflate(6, 6),
                                 max(3, house.cell // 14), border_radius=6)
            elif event.kind == "coat":
                if "row" in data:
                    centre = (house.grid.right + house.geo.right / 2,
                              house.grid.bottom - data["row"] * house.cell - house.cell / 2)
                else:
                    centre = house.cell_rect(*data["cell"]).center
                pygame.draw.circle(surface, gold, centre, house.cell * 0.45, max(3, house.cell // 14))

    def draw_hint_spot(self, surface, house: House) -> None:
        table = self.table
        if not table.hint or table.hint[0]["type"] not in ("build", "coat"):
            return
        action = table.hint[0]
        if action["type"] == "build":
            cells = [(action["at"][0] + c, action["at"][1] + r)
                     for c, r, _ in board.tile_cells(action["tile"], action["rot"], action["mirror"])]
        elif action.get("choice") == "special" and table.placing_special:
            cells = [tuple(action["at"])]
        else:
            return
        colour = theme.mix(theme.HIGHLIGHT, theme.ACCENT, table.pulse.value)
        for c, r in cells:
            pygame.draw.rect(surface, colour, house.cell_rect(c, r).inflate(-6, -6), 3, border_radius=6)

    def draw_held(self, surface) -> None:
        """The held tile follows the mouse, small, while it is not over the facade."""
        table = self.table
        rot, mirror = (0, False) if table.placing_special else (table.rot, table.mirror)
        image = faded_tile(table.selected, rot, mirror, 26, table.symbols(), 190)
        surface.blit(image, image.get_rect(center=(table.mouse[0] + 24, table.mouse[1] + 24)))

    def draw_supply(self, surface) -> None:
        table = self.table
        buildable = frozenset(table.buildable())
        surface.blit(supply_layer(tuple(table.shown.supply), buildable, table.symbols(), i18n.language()),
                     SUPPLY.topleft)
        hinted = table.hint[0]["tile"] if table.hint and table.hint[0]["type"] == "build" else None
        hovered = table.hover[1] if table.hover and table.hover[0] == "supply" else None
        glow = theme.mix(theme.HIGHLIGHT, theme.ACCENT, table.pulse.value)
        for tile_id in TILE_ORDER:
            rect = supply_rect(tile_id)
            if tile_id == table.selected and not table.placing_special:
                pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=10)
            elif tile_id == hovered:
                pygame.draw.rect(surface, theme.ACCENT if tile_id in buildable else theme.INK_FAINT, rect,
                                 3 if tile_id in buildable else 2, border_radius=10)
            if tile_id == hinted:
                pygame.draw.rect(surface, glow, rect.inflate(4, 4), 3, border_radius=12)
