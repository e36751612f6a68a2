"""The Catan cards drawn by code: resource icons and cards, development cards, the card backs, and the
small pictures at the head of the game log's lines.

Resources never rely on colour alone: each has its own icon (bricks, logs, a rock, a wheat sheaf, a
sheep), used on the cards, the costs, the trade dialogs, the harbours and the log.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.games.catan.pieces import robber_image
from game.ui import theme
from game.ui.cards import card_back, card_blank
from game.ui.draw import for_display
from game.ui.fonts import render_paragraph, render_text

RESOURCE_COLOUR = {
    "brick": (184, 76, 48), "lumber": (46, 112, 54), "ore": (112, 116, 128),
    "grain": (222, 172, 40), "wool": (132, 196, 92),
}
DEV_BAND = (96, 72, 140)
DEV_PAPER = (244, 236, 222)


# -- resource icons -----------------------------------------------------------------------------------
@lru_cache(maxsize=128)
def resource_icon(name: str, size: int) -> pygame.Surface:
    """A resource's own picture, recognisable without its colour."""
    s = size
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    ink = (52, 38, 30)
    if name == "brick":
        colour = RESOURCE_COLOUR["brick"]
        h, w = s * 0.24, s * 0.42
        for x, y in ((0.07, 0.72), (0.51, 0.72), (0.29, 0.46), (0.29 + 0.0, 0.2)):
            shade = theme.mix(colour, theme.WHITE, 0.12 * (y < 0.3))
            rect = pygame.Rect(round(x * s), round(y * s - h / 2), round(w), round(h))
            pygame.draw.rect(surface, shade, rect, border_radius=max(1, s // 16))
            pygame.draw.line(surface, theme.mix(colour, theme.WHITE, 0.4), (rect.x + 2, rect.y + 2),
                             (rect.right - 3, rect.y + 2), max(1, s // 20))
            pygame.draw.rect(surface, ink, rect, max(1, s // 24), border_radius=max(1, s // 16))
    elif name == "lumber":
        bark, cut = (120, 78, 42), (226, 184, 124)
        for y, x0, x1 in ((0.68, 0.1, 0.9), (0.4, 0.18, 0.82)):
            r = s * 0.15
            body = pygame.Rect(round(x0 * s), round(y * s - r), round((x1 - x0) * s), round(2 * r))
            pygame.draw.rect(surface, bark, body, border_radius=round(r))
            pygame.draw.rect(surface, ink, body, max(1, s // 24), border_radius=round(r))
            for k in range(3):
                gx = body.x + body.width * (0.25 + 0.2 * k)
                pygame.draw.line(surface, theme.mix(bark, ink, 0.5), (gx, body.y + 3), (gx + s * 0.06, body.bottom - 3),
                                 max(1, s // 28))
            end = (body.right - r, body.centery)
            pygame.draw.circle(surface, cut, end, r)
            pygame.draw.circle(surface, theme.mix(cut, bark, 0.5), end, r * 0.55, max(1, s // 28))
            pygame.draw.circle(surface, ink, end, r, max(1, s // 24))
        leaf = (64, 140, 60)
        pygame.draw.ellipse(surface, leaf, (s * 0.56, s * 0.08, s * 0.26, s * 0.16))
        pygame.draw.ellipse(surface, ink, (s * 0.56, s * 0.08, s * 0.26, s * 0.16), max(1, s // 28))
    elif name == "ore":
        rock = RESOURCE_COLOUR["ore"]
        points = [(0.12, 0.78), (0.22, 0.4), (0.42, 0.2), (0.66, 0.26), (0.86, 0.5), (0.9, 0.8)]
        pts = [(x * s, y * s) for x, y in points]
        pygame.draw.polygon(surface, rock, pts)
        light = [(0.22 * s, 0.4 * s), (0.42 * s, 0.2 * s), (0.52 * s, 0.52 * s), (0.3 * s, 0.62 * s)]
        pygame.draw.polygon(surface, theme.mix(rock, theme.WHITE, 0.35), light)
        dark = [(0.52 * s, 0.52 * s), (0.66 * s, 0.26 * s), (0.86 * s, 0.5 * s), (0.9 * s, 0.8 * s)]
        pygame.draw.polygon(surface, theme.mix(rock, ink, 0.35), dark)
        for cx, cy in ((0.4, 0.66), (0.68, 0.6)):
            gem = [(cx * s, (cy - 0.08) * s), ((cx + 0.05) * s, cy * s), (cx * s, (cy + 0.08) * s),
                   ((cx - 0.05) * s, cy * s)]
            pygame.draw.polygon(surface, (200, 226, 240), gem)
        pygame.draw.polygon(surface, ink, pts, max(1, s // 20))
    elif name == "grain":
        gold, stalk = (232, 182, 50), (176, 130, 34)
        for angle in (-24, 0, 24):
            a = math.radians(angle)
            base = pygame.Vector2(0.5 * s, 0.92 * s)
            direction = pygame.Vector2(math.sin(a), -math.cos(a))
            tip = base + direction * s * 0.78
            pygame.draw.line(surface, stalk, base, tip, max(1, s // 18))
            for k in range(4):
                p = base + direction * s * (0.42 + 0.1 * k)
                side = pygame.Vector2(direction.y, -direction.x) * s * 0.07
                for sign in (-1, 1):
                    grain = p + side * sign
                    rect = pygame.Rect(0, 0, max(3, s * 0.1), max(4, s * 0.16))
                    rect.center = (round(grain.x), round(grain.y))
                    pygame.draw.ellipse(surface, gold, rect)
                    pygame.draw.ellipse(surface, stalk, rect, 1)
            top = pygame.Rect(0, 0, max(3, s * 0.09), max(4, s * 0.15))
            top.center = (round(tip.x), round(tip.y))
            pygame.draw.ellipse(surface, gold, top)
        pygame.draw.rect(surface, (150, 60, 40), (s * 0.4, s * 0.66, s * 0.2, s * 0.08), border_radius=2)
    elif name == "wool":
        fleece = (250, 250, 244)
        head = (58, 48, 44)
        for x in (0.36, 0.62):
            pygame.draw.line(surface, head, (x * s, 0.62 * s), (x * s, 0.86 * s), max(2, s // 12))
        blobs = [(0.32, 0.46), (0.48, 0.38), (0.64, 0.44), (0.72, 0.56), (0.52, 0.6), (0.34, 0.6)]
        for x, y in blobs:
            pygame.draw.circle(surface, ink, (x * s, y * s), s * 0.15 + 1)
        for x, y in blobs:
            pygame.draw.circle(surface, fleece, (x * s, y * s), s * 0.15)
        pygame.draw.ellipse(surface, head, (s * 0.08, s * 0.36, s * 0.2, s * 0.24))
        pygame.draw.circle(surface, theme.WHITE, (s * 0.15, s * 0.45), max(1, s // 22))
    return for_display(surface)


@lru_cache(maxsize=64)
def resource_card(name: str, width: int, height: int) -> pygame.Surface:
    """A resource card: paper, a band in the resource's colour and its icon large."""
    surface = card_blank(width, height).copy()
    band = pygame.Rect(5, 5, width - 10, height - 10)
    colour = RESOURCE_COLOUR[name]
    pygame.draw.rect(surface, theme.mix(colour, theme.PAPER, 0.55), band, border_radius=7)
    pygame.draw.rect(surface, theme.mix(colour, theme.INK, 0.2), band, 2, border_radius=7)
    icon = resource_icon(name, int(min(width, height) * 0.8))
    surface.blit(icon, icon.get_rect(center=(width // 2, height // 2)))
    return for_display(surface)


# -- development cards ------------------------------------------------------------------------------------
def _dev_icon(surface: pygame.Surface, card: str, rect: pygame.Rect) -> None:
    """The picture of a development card inside ``rect``."""
    cx, cy, s = rect.centerx, rect.centery, min(rect.width, rect.height)
    ink = (52, 40, 34)
    steel, gold = (170, 176, 188), (222, 176, 60)
    if card == "knight":
        helmet = [(cx - s * 0.28, cy + s * 0.32), (cx - s * 0.3, cy - s * 0.05), (cx - s * 0.16, cy - s * 0.3),
                  (cx + s * 0.16, cy - s * 0.3), (cx + s * 0.3, cy - s * 0.05), (cx + s * 0.28, cy + s * 0.32)]
        pygame.draw.polygon(surface, steel, helmet)
        pygame.draw.polygon(surface, ink, helmet, 2)
        pygame.draw.rect(surface, ink, (cx - s * 0.22, cy - s * 0.02, s * 0.44, s * 0.07))
        pygame.draw.line(surface, ink, (cx, cy + s * 0.05), (cx, cy + s * 0.3), 2)
        plume = [(cx, cy - s * 0.3), (cx + s * 0.08, cy - s * 0.46), (cx + s * 0.22, cy - s * 0.44)]
        pygame.draw.polygon(surface, (190, 50, 44), plume)
    elif card == "victory_point":
        base = pygame.Rect(cx - s * 0.3, cy, s * 0.6, s * 0.3)
        pygame.draw.rect(surface, (236, 222, 196), base)
        for k in range(4):
            x = base.x + base.width * (0.12 + 0.25 * k)
            pygame.draw.line(surface, ink, (x, base.y + 3), (x, base.bottom - 3), 2)
        roof = [(cx - s * 0.36, cy), (cx, cy - s * 0.22), (cx + s * 0.36, cy)]
        pygame.draw.polygon(surface, (180, 70, 52), roof)
        pygame.draw.polygon(surface, ink, roof, 2)
        pygame.draw.rect(surface, ink, base, 2)
        star = [(cx + math.cos(math.radians(-90 + 36 * k)) * s * (0.14 if k % 2 == 0 else 0.06),
                 cy - s * 0.36 + math.sin(math.radians(-90 + 36 * k)) * s * (0.14 if k % 2 == 0 else 0.06))
                for k in range(10)]
        pygame.draw.polygon(surface, gold, star)
        pygame.draw.polygon(surface, ink, star, 1)
    elif card == "road_building":
        for dx, angle in ((-0.14, 25), (0.14, -25)):
            road = pygame.Surface((max(2, s * 0.2), max(4, s * 0.7)), pygame.SRCALPHA)
            road.fill((150, 104, 62))
            pygame.draw.rect(road, ink, road.get_rect(), 2)
            for k in range(1, 4):
                pygame.draw.line(road, ink, (2, road.get_height() * k / 4), (road.get_width() - 3,
                                                                            road.get_height() * k / 4), 1)
            turned = pygame.transform.rotate(road, angle)
            surface.blit(turned, turned.get_rect(center=(cx + dx * s, cy)))
    elif card == "year_of_plenty":
        for dx, name in ((-0.2, "grain"), (0.2, "ore")):
            icon = resource_icon(name, int(s * 0.5))
            surface.blit(icon, icon.get_rect(center=(cx + dx * s, cy + s * 0.08)))
        plus = render_text("+2", max(10, int(s * 0.26)), ink, bold=True)
        surface.blit(plus, plus.get_rect(center=(cx, cy - s * 0.3)))
    else:  # monopoly
        crown = [(cx - s * 0.32, cy + s * 0.2), (cx - s * 0.32, cy - s * 0.16), (cx - s * 0.16, cy),
                 (cx, cy - s * 0.28), (cx + s * 0.16, cy), (cx + s * 0.32, cy - s * 0.16),
                 (cx + s * 0.32, cy + s * 0.2)]
        pygame.draw.polygon(surface, gold, crown)
        pygame.draw.polygon(surface, ink, crown, 2)
        for x in (-0.16, 0, 0.16):
            pygame.draw.circle(surface, (190, 50, 44), (cx + x * s, cy + s * 0.1), max(2, s * 0.04))


@lru_cache(maxsize=32)
def dev_icon(card: str, size: int) -> pygame.Surface:
    """A development card's picture alone (knights played, the cards played face up)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    _dev_icon(surface, card, pygame.Rect(0, size * 0.08, size, size))
    return for_display(surface)


ONE_LINE_SHRINK = 1.4
"""How much wider than its band a one-word card name may be and still be shrunk onto one line."""


@lru_cache(maxsize=64)
def dev_card(card: str, width: int, height: int, title: str) -> pygame.Surface:
    """A development card face: a coloured band with its name and its picture."""
    surface = card_blank(width, height, DEV_PAPER).copy()
    band = pygame.Rect(4, 4, width - 8, max(16, height // 4))
    colour = (168, 128, 40) if card == "victory_point" else DEV_BAND
    pygame.draw.rect(surface, colour, band, border_radius=7)
    if title:  # a card flying or drawn small goes without its name
        label = band_label(title, max(10, min(18, width // 6)), band.width - 4, band.height)
        surface.blit(label, label.get_rect(center=band.center))
    _dev_icon(surface, card, pygame.Rect(6, band.bottom + 4, width - 12, height - band.bottom - 12))
    return for_display(surface)


def band_label(title: str, size: int, width: int, height: int) -> pygame.Surface:
    """A card's name within ``width`` x ``height``, shrunk to fit: in lines between its words, but a single
    word on one line, a little smaller (broken, "Monopoly" would read "Monopo ly" at the hand's card size)."""
    label = render_text(title, size, theme.WHITE, bold=True)
    if " " in title.strip() or label.get_width() > width * ONE_LINE_SHRINK:
        label = render_paragraph(title, size, theme.WHITE, width, bold=True, align="center", line_height=1.0)
    if label.get_width() > width or label.get_height() > height:
        label = pygame.transform.smoothscale_by(label, min(width / label.get_width(), height / label.get_height()))
    return label


@lru_cache(maxsize=16)
def dev_back(width: int, height: int) -> pygame.Surface:
    """The back of a development card: a purple field with a gold compass."""
    return card_back(width, height, colour=DEV_BAND, accent=(222, 186, 96))


@lru_cache(maxsize=16)
def resource_back(width: int, height: int) -> pygame.Surface:
    return card_back(width, height, colour=(150, 96, 52), accent=(236, 210, 150))


# -- the log ----------------------------------------------------------------------------------------------
LOG_ICON = 20


def most_of(counts) -> str | None:
    """The resource named most often in ``counts`` (a {resource: n} dict, or a list of them)."""
    totals: dict[str, int] = {}
    for part in counts if isinstance(counts, list) else [counts]:
        for name, count in (part or {}).items():
            totals[name] = totals.get(name, 0) + count
    return max(totals, key=totals.get) if totals else None


@lru_cache(maxsize=64)
def log_icon(kind: str, detail) -> pygame.Surface | None:
    """The small picture at the head of a log line: dice, a resource, the robber, a card (pieces are drawn
    in their owner's colour by the table, see ``log_icon_for``)."""
    from game.ui.dice import die_face

    size = LOG_ICON
    if kind == "rolled":
        return die_face(5, size - 2)
    if kind in ("produced", "starting_resources", "discarded", "stole", "robbed", "bank_trade"):
        return resource_icon(detail, size) if detail else resource_back(size - 6, size)
    if kind == "robber":
        return robber_image(size + 4)
    if kind in ("buying", "bought"):
        return dev_icon(detail, size) if detail else dev_back(size - 6, size)
    if kind in ("played", "largest_army"):
        return dev_icon(detail, size)
    if kind in ("offer", "answer", "traded", "trade_cancelled"):
        return render_text("⇄", size, theme.INK_SOFT, bold=True)
    return None


def log_icon_for(event, piece_icon) -> pygame.Surface | None:
    """``log_icon`` for a game event, with the detail that picks the picture; a piece built (or the road of
    Longest Road) is ``piece_icon(kind, size, colour)`` of its owner."""
    data = event.data
    kind = event.kind
    if kind in ("built", "longest_road"):
        seat = data.get("seat")
        return None if seat is None else piece_icon("road" if kind == "longest_road" else data["piece"], LOG_ICON,
                                                     seat)
    detail = None
    if kind == "produced":
        detail = most_of(data.get("gains", []))
    elif kind in ("starting_resources", "discarded"):
        detail = most_of(data.get("cards"))
    elif kind in ("stole", "robbed"):
        detail = data.get("resource")
    elif kind == "bank_trade":
        detail = data.get("get")
    elif kind in ("bought", "played"):
        detail = data.get("card")
    elif kind == "largest_army":
        detail = "knight"
    return log_icon(kind, detail)
