"""The board layer of a Catan table: the island with its pieces, and what the mouse is over on it.

It draws the island (laid out tile by tile at the start), the hexes lit by production, the spots a
click may act on (corners, paths and hexes, lit and pulsing, the one under the mouse in red), every
piece the table shows in the colour it belongs to, the ghost of what a click would build, the robber
and the hint; and it finds the corner, path or hex under the mouse.

Which spots are lit and what a click there does is the table's business (``candidates``, ``spot_kind``,
``ghost_piece``); what the board shows is the table's ``shown`` picture moved by its ``animation``.
Pieces are drawn by the painter of their kind (``painters``, see ``pieces``) in the paint of their
colour (``paint``): a game adds kinds of pieces by adding painters, and colours of no seat's (neutral
colours) by answering ``paint`` for them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.core.i18n import tr
from game.games.catan import board
from game.games.catan.board_art import (
    Geometry,
    harbour_badge,
    hex_points,
    island_layer,
    number_token,
    sea_frame,
    terrain_tile,
)
from game.games.catan.pieces import BASE_PAINTERS, Paint, PiecePainter, paint_of, robber_image
from game.ui import theme
from game.ui.region_cache import RegionCache, region_key

LIT = (255, 236, 140)
"""An empty spot a click may build on."""
HOVER = (236, 60, 44)
"""The lit spot under the mouse."""
"""The rim of a pale colour's pieces (a black rim would make them look outlined)."""
REACH = {"v": 0.36, "e": 0.32, "h": 0.86}
"""How near a corner, a path or a hex centre the mouse must be to be on it, in hex radii."""


class BoardLayer:
    """Draws the island of a ``CatanTable`` in ``rect`` and finds the spots on it."""

    def __init__(self, table, rect: pygame.Rect):
        self.table = table
        self.rect = pygame.Rect(rect)
        self.geometry = Geometry(self.rect)
        self.painters: dict[str, PiecePainter] = dict(BASE_PAINTERS)
        self.hover: tuple | None = None
        """The spot under the mouse (or chosen with the keys) as a key (kind, index)."""
        self._paints: dict[tuple[int, bool], Paint] = {}
        self.pictures = RegionCache()
        """The island with its pieces as last drawn, reused while they stay the same."""
        self._outlines: dict[int, tuple[list, list]] = {}
        """Hex -> the outline drawn round it when it is lit, and the outline's shadow."""

    # -- colours -------------------------------------------------------------------------------
    def paint(self, colour: int, marks: bool) -> Paint:
        """How the pieces of ``colour`` are painted; with its mark when ``marks`` (the colour-blind setting)."""
        key = (colour, marks)
        if key not in self._paints:
            self._paints[key] = paint_of(self.table.seat_style(colour), marks)
        return self._paints[key]

    def icon(self, kind: str, size: int, colour: int) -> pygame.Surface:
        """A small piece of ``kind`` in ``colour`` (costs, pieces left, the log)."""
        return self.painters[kind].icon(size, self.paint(colour, False))

    # -- where the mouse is --------------------------------------------------------------------
    def points(self, kind: str) -> tuple:
        """The screen points of the corners ("v"), paths ("e") or hexes ("h")."""
        g = self.geometry
        return {"v": g.vertices, "e": g.edges, "h": g.hexes}[kind]

    def spot_at(self, pos, kind: str | None) -> tuple | None:
        """The spot of ``kind`` under ``pos`` as a key (kind, index), or None."""
        if kind is None or not self.rect.collidepoint(pos):
            return None
        index = self.geometry.nearest(self.points(kind), pos, self.geometry.radius * REACH[kind])
        return None if index is None else (kind, index)

    def near_a_spot(self, pos) -> bool:
        """True when ``pos`` is close to a corner or a path (a click meant to build something)."""
        g = self.geometry
        return g.nearest(g.vertices, pos, g.radius * 0.3) is not None or g.nearest(g.edges, pos,
                                                                                   g.radius * 0.25) is not None

    def tip_at(self, pos, state) -> Callable[[], str] | None:
        """The tooltip of what lies under ``pos``: a harbour, or a hex (terrain, number, chance, robber)."""
        if not self.rect.collidepoint(pos) or state.layout is None:
            return None
        g = self.geometry
        slot = g.nearest(g.harbours, pos, g.radius * 0.45)
        if slot is not None:
            kind = state.layout.harbours[slot]
            text = tr("catan.harbor.generic") if kind == "generic" else tr(
                "catan.harbor.specific", resource=tr(f"catan.resource.{kind}"))
            return lambda: tr("catan.ui.tip.harbour", harbour=text)
        h = g.nearest(g.hexes, pos, g.radius * 0.8)
        if h is None:
            return None
        terrain = state.layout.terrain[h]
        number = state.layout.numbers[h]

        def text():
            name = tr(f"catan.terrain.{terrain}")
            if number is None:
                line = tr("catan.ui.tip.desert", terrain=name)
            else:
                resource = tr(f"catan.resource.{board.RESOURCES[state.layout.hex_resource[h]]}")
                line = tr("catan.ui.tip.hex", terrain=name, resource=resource, number=number, pips=board.PIPS[number])
            if h == state.robber:
                line += "\n" + tr("catan.ui.tip.robber")
            return line

        return text

    # -- drawing -------------------------------------------------------------------------------
    def island(self, layout) -> pygame.Surface:
        """The whole island as one picture (cached per layout)."""
        return island_layer(layout, self.rect.size, self.rect.topleft)

    def draw(self, surface: pygame.Surface) -> None:
        """Everything on the island over the backdrop (which holds the island itself once it is laid out)."""
        table = self.table
        state = table.observation()
        if state.layout is None:
            self.draw_draft(surface, state)
        pulse = 0.5 + 0.5 * math.sin(table.time * 5)
        self.draw_flash(surface)
        spots = table.candidates()
        lit_hexes = table.spot_kind() == "h"
        if lit_hexes:
            self.draw_lit_hexes(surface, spots, pulse)
        if state.layout is None or lit_hexes or table.animation.flash or table.animation.drops:
            self.draw_pieces(surface, spots)  # over something that moves: drawn afresh
        else:
            self.pictures.draw(surface, "pieces", self.rect, self.pieces_key(spots),
                               lambda: self.draw_pieces(surface, spots))
        self.draw_recent(surface)
        self.draw_lit_spots(surface, spots, pulse)
        if self.hover in spots and self.hover[0] != "h":
            self.draw_ghost(surface, self.hover, spots[self.hover][0])
        self.draw_robber(surface, state)
        hint = table.hint_key()
        if hint is not None:
            pygame.draw.circle(surface, theme.HIGHLIGHT, self.points(hint[0])[hint[1]], 20 + 5 * pulse, 4)
        self.draw_pointer(surface, table.event_spot(table.log_focus), pulse)

    def pieces_key(self, spots) -> tuple:
        """Everything the island with its pieces depends on (see ``RegionCache``) while nothing under the
        pieces moves: the backdrop, the pieces, the lit corner under the mouse and the colour-blind marks."""
        table = self.table
        shown = table.shown
        outlined = self.hover if self.hover in spots else None
        return region_key(table.drawing.backdrop(), tuple(shown.edges), tuple(shown.vertices), outlined,
                          table.host.colour_blind())

    def draw_recent(self, surface) -> None:
        """A ring in the piece's colour (a neutral one's for a neutral piece) around each piece a computer
        player built since its turn began."""
        g = self.geometry
        for spots in self.table.recent_builds().values():
            for kind, index, owner in spots:
                colour = self.table.seat_style(owner).colour
                x, y = self.points(kind)[index]
                radius = g.radius * (0.36 if kind == "v" else 0.22)
                pygame.draw.circle(surface, theme.INK, (x, y), radius + 2, 2)
                pygame.draw.circle(surface, colour, (x, y), radius, 3)

    def draw_pointer(self, surface, key: tuple | None, pulse: float) -> None:
        """The spot the log line under the mouse talks about: a pulsing ring and an arrow down onto it."""
        if key is None:
            return
        x, y = self.points(key[0])[key[1]]
        radius = self.geometry.radius * (0.85 if key[0] == "h" else 0.42) + 4 * pulse
        pygame.draw.circle(surface, theme.INK, (x, y + 1), radius + 2, 5)
        pygame.draw.circle(surface, HOVER, (x, y), radius, 4)
        top = y - radius - 6
        arrow = [(x, top), (x - 11, top - 18), (x - 4, top - 18), (x - 4, top - 34), (x + 4, top - 34),
                 (x + 4, top - 18), (x + 11, top - 18)]
        pygame.draw.polygon(surface, HOVER, arrow)
        pygame.draw.polygon(surface, theme.INK, arrow, 2)

    def draw_draft(self, surface, state) -> None:
        """The island while its layout is being drawn: tiles, tokens and harbours as they come."""
        g = self.geometry
        surface.blit(sea_frame(self.rect.size, self.rect.topleft), self.rect.topleft)
        draft = state.draft or {}
        for h, terrain in enumerate(draft.get("terrain", [])):
            if terrain:
                tile = terrain_tile(terrain, int(g.radius * 0.98), h % 3)
                surface.blit(tile, tile.get_rect(center=(round(g.hexes[h][0]), round(g.hexes[h][1]))))
        for h, number in enumerate(draft.get("numbers", [])):
            if number:
                token = number_token(number, int(g.radius * 0.3))
                surface.blit(token, token.get_rect(center=g.hexes[h]))
        for slot, kind in enumerate(draft.get("harbors", [])):
            if kind:
                badge = harbour_badge(kind, int(g.radius * 0.4))
                surface.blit(badge, badge.get_rect(center=g.harbours[slot]))

    def draw_flash(self, surface) -> None:
        """The hexes that produce, outlined while their cards fly."""
        g = self.geometry
        for h in self.table.animation.flash or ():
            x, y = g.hexes[h]
            pygame.draw.polygon(surface, theme.HIGHLIGHT, hex_points(x, y, g.radius * 0.95), 5)

    def draw_lit_hexes(self, surface, spots, pulse: float) -> None:
        lit = theme.mix(theme.HIGHLIGHT, theme.WHITE, pulse * 0.6)
        for key in spots:
            points, shadow = self.lit_outline(key[1])
            hovered = key == self.hover
            pygame.draw.polygon(surface, theme.INK, shadow, 6 if hovered else 5)
            pygame.draw.polygon(surface, HOVER if hovered else lit, points, 6 if hovered else 4)

    def lit_outline(self, h: int) -> tuple[list, list]:
        """The outline of lit hex ``h`` and of its shadow (worked out once: the geometry stays)."""
        if h not in self._outlines:
            g = self.geometry
            points = hex_points(*g.hexes[h], g.radius * 0.9)
            self._outlines[h] = (points, [(px + 1, py + 2) for px, py in points])
        return self._outlines[h]

    def draw_pieces(self, surface, spots) -> None:
        """Every piece shown: the paths first, then each corner's pieces from the bottom up; a piece still
        landing is drawn as far as it has come, and the pieces on a lit corner under the mouse outlined."""
        table = self.table
        g = self.geometry
        shown = table.shown
        drops = table.animation.drops
        marks = table.host.colour_blind()
        for e, piece in enumerate(shown.edges):
            if piece is not None:
                self.painters[piece.kind].draw(surface, g, e, piece, self.paint(piece.colour, marks),
                                               drops.get((("e", e), piece.kind), 1.0))
        hover = self.hover
        for v, stack in enumerate(shown.vertices):
            if not stack:
                continue
            key = ("v", v)
            outline = HOVER if key == hover and key in spots else None
            for piece in stack:
                self.painters[piece.kind].draw(surface, g, v, piece, self.paint(piece.colour, marks),
                                               drops.get((key, piece.kind), 1.0), outline)

    def draw_lit_spots(self, surface, spots, pulse: float) -> None:
        """Empty corners and paths a click may build on (a lit corner with pieces has them outlined)."""
        g = self.geometry
        shown = self.table.shown
        for key in spots:
            kind, index = key
            if kind == "h":
                continue
            hovered = key == self.hover
            if kind == "v":
                if shown.vertices[index]:
                    continue
                x, y = g.vertices[index]
                pygame.draw.circle(surface, theme.INK, (x, y + 1), 9 + 2 * pulse)
                pygame.draw.circle(surface, HOVER if hovered else LIT, (x, y), 8 + 2 * pulse)
            else:
                a, b = (g.vertices[v] for v in board.EDGE_VERTICES[index])
                colour = HOVER if hovered else LIT
                for t in (0.3, 0.5, 0.7):
                    p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    pygame.draw.circle(surface, theme.INK, (p[0], p[1] + 1), 5)
                    pygame.draw.circle(surface, colour, p, 4 + (pulse if t == 0.5 else 0))

    def draw_ghost(self, surface, key: tuple, action: dict) -> None:
        """See-through, the piece a click on ``key`` would build."""
        piece = self.table.ghost_piece(action)
        if piece is not None:
            self.painters[piece.kind].ghost(surface, self.geometry, key[1], piece, self.paint(piece.colour, False))

    def robber_spot(self, state, h: int) -> tuple[float, float]:
        """Where the robber stands on hex ``h``: beside its number token, or in the middle of a hex without
        one (the desert), clear of the pieces on its corners."""
        x, y = self.geometry.hexes[h]
        if state.layout is not None and state.layout.numbers[h]:
            x -= self.geometry.radius * 0.42
        return x, y

    def draw_robber(self, surface, state) -> None:
        shown = self.table.shown
        if shown.robber is None and state.robber is None:
            return
        image = robber_image(self.geometry.radius)
        flight = self.table.animation.robber_flight
        if flight is not None and flight[0] is not None:
            a, b, t = flight
            pa, pb = self.robber_spot(state, a), self.robber_spot(state, b)
            x = pa[0] + (pb[0] - pa[0]) * t
            y = pa[1] + (pb[1] - pa[1]) * t - math.sin(math.pi * t) * 60
        else:
            x, y = self.robber_spot(state, shown.robber if shown.robber is not None else state.robber)
        pygame.draw.ellipse(surface, (30, 30, 30), (x - image.get_width() * 0.4, y + image.get_height() * 0.38,
                                                   image.get_width() * 0.8, image.get_height() * 0.18))
        surface.blit(image, image.get_rect(center=(x, y)))
