"""Drawing the Kahuna table: the map with its bridges and stones, the side with the opponent, the
display and the piles, and your seat, hand and buttons along the bottom.

``KahunaDrawing`` draws what its table shows: the pieces as the animation has them, the lines lit
for what the selected cards allow, the hovered line glowing red where a bridge may go.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.games.kahuna.anim import Piece
from game.games.kahuna.art import (
    BRIDGE_COLOURS,
    BRIDGE_EDGES,
    HIGHLIGHT_DOT,
    HOVER_RED,
    REMOVE_GOLD,
    SEAT_SYMBOLS,
    card_face,
    island_layer,
    sea_layer,
    tally,
    wave_layer,
)
from game.games.kahuna.board import (
    BRIDGES_PER_PLAYER,
    ISLAND_COUNT,
    ISLAND_INDEX,
    ISLAND_LINES,
    ISLANDS,
    LINE_COUNT,
    LINE_INDEX,
    STONES_PER_PLAYER,
    THRESHOLD,
)
from game.games.kahuna.layout import (
    BOARD,
    BOTTOM,
    HAND_AREA,
    HAND_CARD,
    ISLAND_RADIUS,
    ISLAND_XY,
    SEGMENTS,
    SIDE,
    SMALL_CARD,
    plate_rects,
)
from game.ui import theme
from game.ui.badge import corner_badge
from game.ui.cards import blit_card, card_back, row_positions
from game.ui.connection import connection_badge
from game.ui.draw import panel, player_token, shadow_surface, table_background
from game.ui.fonts import fit_line, render_paragraph, render_text, text_size

PLATE_NAME, PLATE_MARKS = 17, 13
"""The sizes of an island's name and of its line marks on its plate."""


def plate_sizes(island: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """A name plate's sizes: the name over its line marks, else (where that does not fit between the
    lines) the two side by side."""
    name = text_size(ISLANDS[island], PLATE_NAME, bold=True)[0]
    marks = text_size(tally(len(ISLAND_LINES[island])), PLATE_MARKS, bold=True)[0]
    return (max(name, marks) + 14, 38), (name + marks + 20, 24)


@lru_cache(maxsize=4)
def _plates(sizes: tuple) -> tuple[pygame.Rect, ...]:
    return plate_rects(lambda island: sizes[island])


def name_plates() -> tuple[pygame.Rect, ...]:
    """Where the islands' name plates are (worked out once for the plates' sizes)."""
    return _plates(tuple(plate_sizes(island) for island in range(ISLAND_COUNT)))


class KahunaDrawing:
    """Draws a ``KahunaTable`` as it is now."""

    def __init__(self, table):
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        table_background(surface)
        self.draw_board(surface)
        self.draw_side(surface)
        self.draw_bottom(surface)
        if table.picker:
            self.draw_picker(surface)
        if table.animation.scoring:
            self.draw_scoring(surface, table.animation.scoring)
        table.animation.draw_floaters(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(shadow_surface(BOARD.width, BOARD.height, 16, 10), (BOARD.x - 10, BOARD.y - 5))
        clip = surface.get_clip()
        surface.set_clip(BOARD)
        surface.blit(sea_layer(BOARD.size), BOARD.topleft)
        waves = wave_layer(BOARD.size)
        shift = (table.time * 9) % BOARD.width
        surface.blit(waves, (BOARD.x + shift, BOARD.y + math.sin(table.time * 0.7) * 3))
        surface.blit(waves, (BOARD.x + shift - BOARD.width, BOARD.y + math.sin(table.time * 0.7) * 3))
        surface.blit(island_layer(), BOARD.topleft)
        self.draw_lines(surface)
        self.draw_stones(surface)
        self.draw_names(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.WOOD_DARK, BOARD, 6, border_radius=16)
        if table.hover_island is not None and table.picker is None:
            self.draw_island_tip(surface, table.hover_island)

    def draw_lines(self, surface) -> None:
        table = self.table
        builds = table.build_lines()
        removals = table.remove_lines()
        pulse = 0.5 + 0.5 * math.sin(table.time * 5)
        hint_line = None
        if table.hint and table.hint[0]["type"] in ("build", "remove"):
            hint_line = LINE_INDEX[table.hint[0]["line"]]
        symbols = table.host.colour_blind()
        for line in range(LINE_COUNT):
            a, b = SEGMENTS[line]
            piece = table.shown.bridges.get(line)
            lit = line in builds
            hovered = line == table.hover_line
            if piece is None:
                colour = (236, 244, 240)
                if lit:
                    colour = HOVER_RED if hovered else theme.mix((236, 244, 240), HIGHLIGHT_DOT, 0.6 + 0.4 * pulse)
                self.dotted(surface, a, b, colour, 4 if lit else 3)
                if lit and hovered:
                    glow = pygame.Surface(BOARD.size, pygame.SRCALPHA)
                    pygame.draw.line(glow, (*HOVER_RED, 90), a - BOARD.topleft, b - BOARD.topleft, 14)
                    surface.blit(glow, BOARD.topleft)
                    self.dotted(surface, a, b, HOVER_RED, 5)
            else:
                self.draw_bridge(surface, line, piece, symbols)
                if line in removals:
                    width = 6 if hovered else 3
                    colour = HOVER_RED if hovered else theme.mix(REMOVE_GOLD, theme.WHITE, pulse * 0.5)
                    self.outline_bridge(surface, line, colour, width)
            if line == hint_line:
                colour = theme.mix(theme.HIGHLIGHT, theme.WHITE, pulse * 0.5)
                if piece is None:
                    self.dotted(surface, a, b, colour, 5)
                else:
                    self.outline_bridge(surface, line, colour, 5)
                mid = (a + b) / 2
                pygame.draw.circle(surface, theme.HIGHLIGHT, mid, 18 + 5 * pulse, 4)

    @staticmethod
    def dotted(surface, a, b, colour, radius) -> None:
        length = a.distance_to(b)
        steps = max(2, int(length // 11))
        for i in range(steps + 1):
            p = a.lerp(b, i / steps)
            pygame.draw.circle(surface, colour, p, radius)

    def plank(self, line: int, grow: float) -> list:
        a, b = SEGMENTS[line]
        mid = (a + b) / 2
        half = (b - a) / 2 * grow
        normal = pygame.Vector2(-half.y, half.x).normalize() * 6 if half.length() else pygame.Vector2(0, 6)
        return [mid - half + normal, mid + half + normal, mid + half - normal, mid - half - normal]

    def draw_bridge(self, surface, line: int, piece: Piece, symbols: bool) -> None:
        grow = 0.2 + 0.8 * piece.appear
        points = self.plank(line, grow)
        shadow = [(x + 3, y + 4) for x, y in points]
        pygame.draw.polygon(surface, (20, 60, 80), shadow)
        pygame.draw.polygon(surface, BRIDGE_COLOURS[piece.seat], points)
        pygame.draw.polygon(surface, BRIDGE_EDGES[piece.seat], points, 2)
        a, b = points[0], points[1]
        c, d = points[3], points[2]
        slats = 6
        for i in range(1, slats):
            t = i / slats
            p = pygame.Vector2(a).lerp(b, t)
            q = pygame.Vector2(c).lerp(d, t)
            pygame.draw.line(surface, BRIDGE_EDGES[piece.seat], p, q, 1)
        if symbols:
            mid = (pygame.Vector2(a) + pygame.Vector2(d)) / 2
            mark = render_text(SEAT_SYMBOLS[piece.seat], 14, BRIDGE_COLOURS[1 - piece.seat])
            surface.blit(mark, mark.get_rect(center=mid))

    def outline_bridge(self, surface, line: int, colour, width: int) -> None:
        points = self.plank(line, 1.0)
        pygame.draw.polygon(surface, colour, points, width)

    def draw_stones(self, surface) -> None:
        for island, piece in self.table.shown.stones.items():
            self.draw_stone(surface, island, piece)

    @staticmethod
    def draw_stone(surface, island: int, piece: Piece) -> None:
        """A player's stone on an island, dropping in while it appears."""
        x, y = ISLAND_XY[island]
        scale = 0.3 + 0.7 * piece.appear
        drop = (1 - piece.appear) * -30
        r = 17 * scale
        pygame.draw.circle(surface, (30, 70, 40), (x + 3, y + 5), r)
        pygame.draw.circle(surface, BRIDGE_EDGES[piece.seat], (x, y + drop), r)
        pygame.draw.circle(surface, BRIDGE_COLOURS[piece.seat], (x, y + drop), r - 2)
        pygame.draw.circle(surface, theme.mix(BRIDGE_COLOURS[piece.seat], theme.WHITE, 0.35),
                           (x - r * 0.3, y + drop - r * 0.3), r * 0.35)
        mark = render_text(SEAT_SYMBOLS[piece.seat], 16, BRIDGE_COLOURS[1 - piece.seat])
        surface.blit(mark, mark.get_rect(center=(x, y + drop)))

    def draw_names(self, surface) -> None:
        """Each island's name plate (name and a mark per line), where it covers no line or bridge."""
        for island, sign in enumerate(name_plates()):
            name = render_text(ISLANDS[island], PLATE_NAME, theme.INK, bold=True)
            marks = render_text(tally(len(ISLAND_LINES[island])), PLATE_MARKS, theme.BAD, bold=True)
            panel(surface, sign, (250, 240, 214), radius=7, shadow=2, border=theme.WOOD, border_width=1)
            if sign.height == plate_sizes(island)[0][1]:
                surface.blit(name, name.get_rect(midtop=(sign.centerx, sign.y + 1)))
                surface.blit(marks, marks.get_rect(midtop=(sign.centerx, sign.y + 20)))
            else:
                surface.blit(name, name.get_rect(midleft=(sign.x + 7, sign.centery)))
                surface.blit(marks, marks.get_rect(midright=(sign.right - 7, sign.centery + 1)))

    def draw_island_tip(self, surface, island: int) -> None:
        table = self.table
        state = table.state()
        lines = len(ISLAND_LINES[island])
        rows = [tr("kahuna.ui.island.head", island=ISLANDS[island], lines=lines, need=THRESHOLD[island])]
        for seat in (0, 1):
            rows.append(tr("kahuna.ui.island.count", symbol=SEAT_SYMBOLS[seat], name=table.host.player_name(seat),
                           count=state.counts[seat][island], need=THRESHOLD[island]))
        owner = state.stones[island]
        rows.append(tr("kahuna.ui.island.owner", name=table.host.player_name(owner)) if owner >= 0
                    else tr("kahuna.ui.island.free"))
        image = render_paragraph("\n".join(rows), 18, theme.INK, 320)
        x, y = ISLAND_XY[island]
        rect = image.get_rect().inflate(20, 14)
        rect.midbottom = (x, y - ISLAND_RADIUS[island] - 8)
        rect.clamp_ip(BOARD.inflate(-8, -8))
        panel(surface, rect, (255, 250, 236), radius=8, shadow=4, border=theme.INK_FAINT, border_width=1)
        surface.blit(image, image.get_rect(center=rect.center))

    def seat_box(self, surface, rect: pygame.Rect, seat: int) -> None:
        table = self.table
        state = table.state()
        on_turn = table.controller.to_act() == seat
        panel(surface, rect, theme.PAPER, radius=12, shadow=5,
              border=theme.ACCENT if on_turn else theme.PAPER_DARK, border_width=3 if on_turn else 1)
        pygame.draw.circle(surface, BRIDGE_EDGES[seat], (rect.x + 26, rect.y + 28), 15)
        pygame.draw.circle(surface, BRIDGE_COLOURS[seat], (rect.x + 26, rect.y + 28), 13)
        mark = render_text(SEAT_SYMBOLS[seat], 16, BRIDGE_COLOURS[1 - seat])
        surface.blit(mark, mark.get_rect(center=(rect.x + 26, rect.y + 28)))
        name = render_text(table.host.player_name(seat), 22, theme.INK, bold=True)
        surface.blit(name, (rect.x + 50, rect.y + 14))
        room = rect.right - 10 - (rect.x + 58 + name.get_width())
        connection_badge(surface, table.host, seat, room, midright=(rect.right - 10, rect.y + 28))
        stats = tr("kahuna.ui.seat_stats", points=state.points[seat],
                   stones=state.stones.count(seat), bridges=BRIDGES_PER_PLAYER - state.placed[seat],
                   supply=STONES_PER_PLAYER - state.stones.count(seat))
        image = render_paragraph(stats, 18, theme.INK_SOFT, rect.width - 24)
        surface.blit(image, (rect.x + 14, rect.y + 48))

    def draw_side(self, surface) -> None:
        table = self.table
        state = table.state()
        other = 1 - table.me
        self.seat_box(surface, self.seat_box_rect(other), other)
        # The opponent's hand: faces when the viewer may see them, else backs with a count.
        cards = table.hand_cards(other)
        count = state.hand_sizes[other]
        xs = row_positions(count, pygame.Rect(SIDE.x, 0, SIDE.width, 0), 44, 6)
        for i, x in enumerate(xs):
            image = card_face(cards[i], (44, 64)) if cards else card_back(44, 64)
            blit_card(surface, image, pygame.Rect(x, SIDE.y + 126, 44, 64))
        label = render_text(tr("kahuna.ui.hand_size", n=count), 16, theme.PAPER)
        surface.blit(label, label.get_rect(midtop=(SIDE.centerx, SIDE.y + 194)))
        round_text = tr("kahuna.ui.round", round=state.round) if state.phase != "final" else tr(
            "kahuna.ui.final_turns")
        head = render_text(round_text, 22, theme.PAPER, bold=True)
        surface.blit(head, head.get_rect(midtop=(SIDE.centerx, SIDE.y + 222)))
        for i, (rect, card) in enumerate(zip(table.display_rects(), state.display, strict=False)):
            lit = table.host.can_act() and any(a.get("card") == ISLANDS[card] for a in table.draw_actions())
            hinted = table.hint_is("draw", source="display", card=ISLANDS[card])
            lift = 8 if (i == table.hover_display and lit) or hinted else 0
            blit_card(surface, card_face(card, SMALL_CARD), rect, lift, theme.HIGHLIGHT if lit and lift else None)
        if not state.display:
            empty = render_text(tr("kahuna.ui.display_empty"), 18, theme.PAPER_DARK)
            surface.blit(empty, empty.get_rect(center=(SIDE.centerx, SIDE.y + 322)))
        pile = table.pile_rect()
        if state.pile_size:
            can = table.host.can_act() and any(a.get("source") == "pile" for a in table.draw_actions())
            for k in range(min(4, state.pile_size // 4)):
                surface.blit(card_back(*SMALL_CARD), pile.move(-k * 2, -k * 2))
            lift = 8 if (table.hover_pile or table.hint_is("draw", source="pile")) and can else 0
            blit_card(surface, card_back(*SMALL_CARD), pile.move(-min(4, state.pile_size // 4) * 2, 0), lift,
                      theme.HIGHLIGHT if lift else None)
        else:
            pygame.draw.rect(surface, theme.WOOD_LIGHT, pile, 2, border_radius=10)
        corner_badge(surface, pile, state.pile_size, 16)
        text = render_text(tr("kahuna.ui.pile"), 18, theme.PAPER)
        surface.blit(text, text.get_rect(midtop=(pile.centerx, pile.bottom + 8)))
        discard = table.discard_rect()
        if state.discards:
            blit_card(surface, card_face(state.discards[-1], SMALL_CARD), discard)
        else:
            pygame.draw.rect(surface, theme.WOOD_LIGHT, discard, 2, border_radius=10)
        corner_badge(surface, discard, len(state.discards) + sum(state.hidden_sizes), 16)
        text = render_text(tr("kahuna.ui.discards", hidden=sum(state.hidden_sizes)), 16, theme.PAPER)
        surface.blit(text, text.get_rect(midtop=(discard.centerx, discard.bottom + 8)))

    def draw_bottom(self, surface) -> None:
        table = self.table
        self.seat_box(surface, self.seat_box_rect(table.me), table.me)
        state = table.state()
        cards = table.hand_cards(table.me)
        rects = table.hand_rects()
        can = table.host.can_act()
        playable = {ISLAND_INDEX[a["card"]] for a in table.actions_of("build")} if can else set()
        hint_cards = set()
        if table.hint and table.hint[0]["type"] in ("build", "remove", "discard"):
            hint_cards = {ISLAND_INDEX[c] for c in table.hint[0].get("cards", [table.hint[0].get("card")])}
        if cards is None:
            for x in row_positions(state.hand_sizes[table.me], HAND_AREA, HAND_CARD[0], 14):
                blit_card(surface, card_back(*HAND_CARD), pygame.Rect(x, HAND_AREA.y + 22, *HAND_CARD))
        else:
            for i, (rect, card) in enumerate(zip(rects, cards, strict=True)):
                chosen = i in table.selected
                lift = 22 if chosen else (10 if i == table.hover_card and can else 0)
                glow = theme.ACCENT if chosen else (theme.HIGHLIGHT if card in hint_cards else None)
                if table.discard_mode and i == table.hover_card:
                    glow = theme.BAD
                blit_card(surface, card_face(card, HAND_CARD), rect, lift, glow)
                if can and not chosen and card not in playable and not table.discard_mode:
                    veil = pygame.Surface(HAND_CARD, pygame.SRCALPHA)
                    veil.fill((60, 50, 40, 70))
                    surface.blit(veil, rect)
        hint = render_text(table.status(), 18, theme.PAPER)
        surface.blit(hint, hint.get_rect(midtop=(HAND_AREA.centerx, BOTTOM.y - 2)))
        for button in table.buttons:
            button.draw(surface)

    def draw_picker(self, surface) -> None:
        table = self.table
        line, options = table.picker
        rects = table.picker_rects()
        box = rects[0].unionall(rects).inflate(30, 60)
        box.y -= 16
        panel(surface, box, theme.PAPER, radius=12, shadow=8, border=theme.ACCENT, border_width=2)
        label = render_text(tr("kahuna.ui.pay_with"), 18, theme.INK, bold=True)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 6)))
        for rect, action in zip(rects, options, strict=True):
            blit_card(surface, card_face(ISLAND_INDEX[action["card"]], SMALL_CARD), rect)

    def seat_box_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's box is: yours at the bottom left, the other at the top of the side."""
        if seat == self.table.me:
            return pygame.Rect(BOTTOM.x, BOTTOM.y, 224, BOTTOM.height)
        return pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 116)

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where a seat's points rise from: the middle of its box."""
        return self.seat_box_rect(seat).center

    def draw_scoring(self, surface, scoring) -> None:
        """The scoring moment: every stone ringed as it is counted, the two counts side by side, and
        then the points each player gets (nothing on equal stones)."""
        table = self.table
        pulse = 0.5 + 0.5 * math.sin(table.time * 8)
        for seat in (0, 1):
            counted = scoring.counted(seat)
            islands = sorted(i for i, p in table.shown.stones.items() if p.seat == seat)
            for index, island in enumerate(islands):
                if index < counted:
                    ring = theme.mix(theme.HIGHLIGHT, theme.WHITE, pulse * 0.5)
                    pygame.draw.circle(surface, ring, ISLAND_XY[island], 24 + 3 * pulse, 4)
        rect = pygame.Rect(0, 0, 560, 200)
        rect.center = (BOARD.centerx, BOARD.y + 130)
        panel(surface, rect, theme.PAPER, radius=16, shadow=10, border=theme.ACCENT, border_width=3)
        head = render_text(tr("kahuna.ui.round_scored", round=scoring.round), 30, theme.INK, bold=True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 14)))
        leader = 0 if scoring.stones[0] > scoring.stones[1] else 1 if scoring.stones[1] > scoring.stones[0] else None
        for seat, x in ((table.me, rect.x + rect.width // 4), (1 - table.me, rect.right - rect.width // 4)):
            lit = scoring.awarded and seat == leader
            if lit:
                pygame.draw.rect(surface, theme.mix(theme.HIGHLIGHT, theme.PAPER, 0.45),
                                 pygame.Rect(x - 118, rect.y + 58, 236, 128), border_radius=12)
            player_token(surface, (x - 70, rect.y + 84), 14, seat, "kahuna")
            name = render_text(fit_line(table.host.player_name(seat), 20, 150, bold=True), 20, theme.INK, bold=True)
            surface.blit(name, name.get_rect(midleft=(x - 48, rect.y + 84)))
            count = render_text(tr("kahuna.ui.scoring.stones", n=scoring.counted(seat)), 24, theme.INK, bold=lit)
            surface.blit(count, count.get_rect(midtop=(x, rect.y + 108)))
            if scoring.awarded:
                points = scoring.points[seat]
                text = tr("kahuna.ui.scoring.plus", n=points) if points else tr("kahuna.ui.scoring.none")
                image = render_text(text, 24 if points else 20, theme.ACCENT_DARK if points else theme.INK_SOFT,
                                    bold=bool(points))
                surface.blit(image, image.get_rect(midtop=(x, rect.y + 146)))
        versus = render_text("–", 30, theme.INK_SOFT, bold=True)
        surface.blit(versus, versus.get_rect(center=(rect.centerx, rect.y + 122)))

    def draw_summary(self, surface, rect) -> None:
        """The three scorings, round by round: stones on the board and the points they brought."""
        table = self.table
        history = table.state().history
        if not history:
            return
        head = render_text(tr("kahuna.ui.summary"), 24, theme.INK_SOFT, bold=True)
        surface.blit(head, rect.topleft)
        columns = (rect.x + 190, rect.x + 300, rect.x + 410)
        y = rect.y + 42
        for x, key in zip(columns[1:], ("kahuna.ui.summary.stones", "kahuna.ui.summary.points"), strict=True):
            label = render_text(tr(key), 18, theme.INK_SOFT)
            surface.blit(label, label.get_rect(midtop=(x, y)))
            for seat, dx in ((0, -24), (1, 24)):  # whose number is whose, as "a – b" below
                player_token(surface, (x + dx, y + 36), 8, seat, "kahuna")
        y += 56
        for number, stones, points in history:
            label = render_text(tr("kahuna.ui.summary.round", round=number), 20, theme.INK)
            surface.blit(label, (rect.x, y))
            for x, pair in zip(columns[1:], (stones, points), strict=True):
                text = render_text(f"{pair[0]} – {pair[1]}", 20, theme.INK, bold=pair is points and max(pair) > 0)
                surface.blit(text, text.get_rect(midtop=(x, y)))
            y += 30
