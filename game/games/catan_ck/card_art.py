"""Cities & Knights drawn by code: the commodities, the progress cards of the three tracks and their
backs, the event die's faces, the barbarian ship, and the log's small pictures for the expansion.

Each track has its colour and its commodity (trade: yellow, cloth; politics: blue, coin; science:
green, paper), and never only its colour: each commodity has its own picture, and a gate face of the
event die carries its commodity's picture too. The resources' pictures are base Catan's.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.games.catan.card_art import LOG_ICON, log_icon_for, resource_card, resource_icon
from game.games.catan_ck.cards import KINDS, TRACK_COMMODITY, TRACKS
from game.ui import theme
from game.ui.cards import card_back, card_blank
from game.ui.draw import for_display
from game.ui.fonts import render_text

TRACK_COLOUR = {"trade": (222, 176, 40), "politics": (58, 104, 190), "science": (60, 146, 76)}
"""Each track's colour: its deck, its gate on the event die, its row in the chart."""
COMMODITY_TRACK = {KINDS[TRACK_COMMODITY[t]]: track for t, track in enumerate(TRACKS)}
"""The track each commodity pays for."""
SHIP_WOOD = (96, 62, 38)
SAIL = (236, 226, 204)
INK = (52, 38, 30)


# -- commodities -------------------------------------------------------------------------------------
def _paper(surface: pygame.Surface, s: int) -> None:
    """A rolled sheet: a page with lines and a curl at its top."""
    page = pygame.Rect(s * 0.2, s * 0.16, s * 0.6, s * 0.7)
    pygame.draw.rect(surface, (250, 246, 226), page, border_radius=max(1, s // 16))
    for k in range(4):
        y = page.y + page.height * (0.3 + 0.16 * k)
        pygame.draw.line(surface, (150, 140, 118), (page.x + s * 0.08, y), (page.right - s * 0.08, y), max(1, s // 30))
    pygame.draw.rect(surface, INK, page, max(1, s // 24), border_radius=max(1, s // 16))
    roll = pygame.Rect(s * 0.14, s * 0.1, s * 0.72, s * 0.14)
    pygame.draw.rect(surface, (226, 214, 180), roll, border_radius=round(s * 0.07))
    pygame.draw.rect(surface, INK, roll, max(1, s // 24), border_radius=round(s * 0.07))


def _cloth(surface: pygame.Surface, s: int) -> None:
    """A bolt of cloth: a folded stack with a stripe, its loose end hanging."""
    colour = (214, 160, 44)
    for k in range(3):
        fold = pygame.Rect(s * 0.12, s * (0.28 + 0.17 * k), s * 0.76, s * 0.17)
        pygame.draw.rect(surface, theme.mix(colour, theme.WHITE, 0.12 * (2 - k)), fold, border_radius=max(1, s // 14))
        pygame.draw.line(surface, (150, 70, 40), (fold.x + 3, fold.centery), (fold.right - 3, fold.centery),
                         max(1, s // 20))
        pygame.draw.rect(surface, INK, fold, max(1, s // 26), border_radius=max(1, s // 14))
    tail = [(s * 0.7, s * 0.28), (s * 0.86, s * 0.12), (s * 0.92, s * 0.2), (s * 0.8, s * 0.32)]
    pygame.draw.polygon(surface, colour, tail)
    pygame.draw.polygon(surface, INK, tail, max(1, s // 26))


def _coin(surface: pygame.Surface, s: int) -> None:
    """Two gold coins, the front one with a crown-like mark."""
    gold, dark = (236, 190, 64), (168, 120, 30)
    for cx, cy, r in ((0.62, 0.4, 0.24), (0.42, 0.6, 0.3)):
        centre = (cx * s, cy * s)
        pygame.draw.circle(surface, dark, centre, r * s + 1)
        pygame.draw.circle(surface, gold, centre, r * s - 1)
        pygame.draw.circle(surface, dark, centre, r * s * 0.72, max(1, s // 26))
    cx, cy = 0.42 * s, 0.6 * s
    crown = [(cx - s * 0.1, cy + s * 0.06), (cx - s * 0.1, cy - s * 0.06), (cx - s * 0.05, cy),
             (cx, cy - s * 0.09), (cx + s * 0.05, cy), (cx + s * 0.1, cy - s * 0.06), (cx + s * 0.1, cy + s * 0.06)]
    pygame.draw.polygon(surface, dark, crown)


COMMODITY_DRAW = {"paper": _paper, "cloth": _cloth, "coin": _coin}


@lru_cache(maxsize=64)
def kind_icon(name: str, size: int) -> pygame.Surface:
    """The picture of any card kind: a resource's (base Catan's) or a commodity's."""
    if name not in COMMODITY_DRAW:
        return resource_icon(name, size)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    COMMODITY_DRAW[name](surface, size)
    return for_display(surface)


@lru_cache(maxsize=64)
def kind_card(name: str, width: int, height: int) -> pygame.Surface:
    """A card of any kind: a commodity card has its track's colour band and a stamp in its corner."""
    if name not in COMMODITY_DRAW:
        return resource_card(name, width, height)
    surface = card_blank(width, height).copy()
    band = pygame.Rect(5, 5, width - 10, height - 10)
    colour = TRACK_COLOUR[COMMODITY_TRACK[name]]
    pygame.draw.rect(surface, theme.mix(colour, theme.PAPER, 0.55), band, border_radius=7)
    pygame.draw.rect(surface, theme.mix(colour, theme.INK, 0.2), band, 2, border_radius=7)
    for k in range(3):
        y = band.y + 4 + k * 5
        pygame.draw.line(surface, theme.mix(colour, theme.INK, 0.35), (band.x + 4, y), (band.x + 10, y), 2)
    icon = kind_icon(name, int(min(width, height) * 0.8))
    surface.blit(icon, icon.get_rect(center=(width // 2, height // 2)))
    return for_display(surface)


# -- progress cards ------------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def progress_back(track: str, width: int, height: int) -> pygame.Surface:
    """The back of a progress card: its track's colour with the track's commodity in the middle."""
    colour = TRACK_COLOUR[track]
    surface = card_back(width, height, colour=theme.mix(colour, theme.INK, 0.15), accent=theme.mix(colour,
                                                                                               theme.WHITE, 0.6)).copy()
    icon = kind_icon(KINDS[TRACK_COMMODITY[TRACKS.index(track)]], int(min(width, height) * 0.5))
    plate = pygame.Rect(0, 0, icon.get_width() + 6, icon.get_height() + 6)
    plate.center = (width // 2, height // 2)
    pygame.draw.ellipse(surface, theme.PAPER, plate)
    surface.blit(icon, icon.get_rect(center=plate.center))
    return for_display(surface)


@lru_cache(maxsize=160)
def progress_card(card: str, track: str, width: int, height: int, title: str, victory: bool = False) -> pygame.Surface:
    """A progress card's face: its title on the track's band, the track's commodity under it, a star on a
    victory point card."""
    colour = TRACK_COLOUR[track]
    surface = card_blank(width, height).copy()
    band = pygame.Rect(4, 4, width - 8, max(18, int(height * 0.38)))
    pygame.draw.rect(surface, colour, band, border_radius=7)
    if title:
        label = title_lines(title, max(10, int(width * 0.18)), band.width - 4)
        if label.get_width() > band.width - 4 or label.get_height() > band.height - 2:
            label = pygame.transform.smoothscale_by(label, min((band.width - 4) / label.get_width(),
                                                               (band.height - 2) / label.get_height()))
        surface.blit(label, label.get_rect(center=band.center))
    body = pygame.Rect(6, band.bottom + 4, width - 12, height - band.bottom - 10)
    if victory:
        star = render_text("★", int(body.height * 0.8), (210, 170, 60), bold=True)
        surface.blit(star, star.get_rect(center=body.center))
    else:
        icon = kind_icon(KINDS[TRACK_COMMODITY[TRACKS.index(track)]], int(min(body.width, body.height) * 0.8))
        surface.blit(icon, icon.get_rect(center=body.center))
    return for_display(surface)


def title_lines(title: str, size: int, width: int) -> pygame.Surface:
    """A card's title in white, broken between words only (never inside one), lines centred."""
    words = title.split(" ")
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and render_text(joined, size, theme.WHITE, bold=True).get_width() <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    images = [render_text(line, size, theme.WHITE, bold=True) for line in lines]
    surface = pygame.Surface((max(i.get_width() for i in images), sum(i.get_height() for i in images)),
                             pygame.SRCALPHA)
    y = 0
    for image in images:
        surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, y)))
        y += image.get_height()
    return surface


# -- the event die ------------------------------------------------------------------------------------
def draw_ship(surface: pygame.Surface, centre, size: float, colour=SHIP_WOOD, sail=SAIL) -> None:
    """The barbarian ship: a dark hull, a mast and a square sail with a black stripe."""
    x, y = centre
    s = size
    hull = [(x - s * 0.46, y + s * 0.1), (x + s * 0.46, y + s * 0.1), (x + s * 0.32, y + s * 0.34),
            (x - s * 0.3, y + s * 0.34)]
    pygame.draw.polygon(surface, colour, hull)
    pygame.draw.polygon(surface, INK, hull, max(1, int(s // 18)))
    pygame.draw.line(surface, INK, (x, y + s * 0.1), (x, y - s * 0.42), max(1, int(s // 14)))
    canvas = pygame.Rect(0, 0, s * 0.5, s * 0.4)
    canvas.midtop = (x, y - s * 0.36)
    pygame.draw.rect(surface, sail, canvas)
    pygame.draw.rect(surface, (40, 36, 34), (canvas.x, canvas.centery - s * 0.04, canvas.width, s * 0.08))
    pygame.draw.rect(surface, INK, canvas, max(1, int(s // 22)))
    for k in range(3):
        sx = x - s * 0.3 + k * s * 0.22
        pygame.draw.circle(surface, (176, 60, 44), (sx, y + s * 0.2), max(1, s * 0.05))


def draw_gate(surface: pygame.Surface, centre, size: float, track: str) -> None:
    """A city gate in its track's colour, with the track's commodity in its arch."""
    x, y = centre
    s = size
    colour = TRACK_COLOUR[track]
    body = pygame.Rect(0, 0, s * 0.74, s * 0.66)
    body.midbottom = (x, y + s * 0.36)
    pygame.draw.rect(surface, colour, body)
    for k in range(4):
        merlon = pygame.Rect(body.x + k * body.width / 3.5, body.y - s * 0.12, body.width / 7, s * 0.13)
        pygame.draw.rect(surface, colour, merlon)
        pygame.draw.rect(surface, INK, merlon, 1)
    arch = pygame.Rect(0, 0, s * 0.36, s * 0.44)
    arch.midbottom = body.midbottom
    pygame.draw.rect(surface, theme.PAPER, arch, border_top_left_radius=int(s * 0.18),
                     border_top_right_radius=int(s * 0.18))
    pygame.draw.rect(surface, INK, body, max(1, int(s // 22)))
    icon = kind_icon(KINDS[TRACK_COMMODITY[TRACKS.index(track)]], max(8, int(s * 0.32)))
    surface.blit(icon, icon.get_rect(center=(arch.centerx, arch.centery + s * 0.04)))


@lru_cache(maxsize=16)
def event_face(face: str, size: int) -> pygame.Surface:
    """A face of the event die: the ship on three faces, a city gate of each track on the others."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 6)
    pygame.draw.rect(surface, (196, 184, 160), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (250, 246, 234), surface.get_rect().inflate(-3, -4).move(0, -1), border_radius=radius)
    centre = (size / 2, size / 2)
    if face == "ship":
        draw_ship(surface, centre, size * 0.82)
    else:
        draw_gate(surface, centre, size * 0.82, face)
    return for_display(surface)


# -- knights, walls, metropolises as icons for the log -----------------------------------------------------
@lru_cache(maxsize=32)
def ship_icon(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_ship(surface, (size / 2, size / 2), size * 0.95)
    return for_display(surface)


@lru_cache(maxsize=16)
def defender_card(width: int, height: int, title: str) -> pygame.Surface:
    """The Defender of Catan card: a shield with a star on red, worth one point."""
    surface = card_blank(width, height).copy()
    band = pygame.Rect(4, 4, width - 8, height - 8)
    pygame.draw.rect(surface, (176, 52, 44), band, border_radius=7)
    cx, cy, s = width / 2, height * 0.44, min(width, height) * 0.5
    shield = [(cx - s * 0.5, cy - s * 0.5), (cx + s * 0.5, cy - s * 0.5), (cx + s * 0.5, cy),
              (cx, cy + s * 0.6), (cx - s * 0.5, cy)]
    pygame.draw.polygon(surface, theme.PAPER, shield)
    pygame.draw.polygon(surface, INK, shield, 2)
    star = render_text("★", int(s * 0.7), (176, 52, 44), bold=True)
    surface.blit(star, star.get_rect(center=(cx, cy - s * 0.02)))
    if title:
        label = render_text(title, max(9, int(width * 0.14)), theme.WHITE, bold=True)
        if label.get_width() > band.width - 4:
            label = pygame.transform.smoothscale_by(label, (band.width - 4) / label.get_width())
        surface.blit(label, label.get_rect(midbottom=(width / 2, band.bottom - 3)))
    return for_display(surface)


CK_LOG_KINDS = {
    "barbarians": "ship", "attack": "ship", "improved": "track", "metropolis": "track", "progress_drawn": "track",
    "deck_chosen": "track", "progress_discarded": "track", "played": "card", "spied": "card", "aqueduct": "kind",
    "harvest": "kind", "monopoly": "kind", "gave": "kind", "took": "kind", "harbour_trade": "kind",
}


def ck_log_icon(event, piece_icon, card_track) -> pygame.Surface | None:
    """The log's picture for an event of the expansion (``piece_icon(kind, size, colour)`` draws pieces in
    their owner's colour; ``card_track(card)`` names a progress card's track); else base Catan's."""
    data = event.data
    kind = event.kind
    size = LOG_ICON
    if kind == "rolled":
        return event_face(data.get("event", "ship"), size)
    if kind in ("knight", "activated", "promoted", "knight_moved", "displaced", "retreated", "knight_lost", "chased",
                "deserted"):
        seat = data.get("seat")
        return None if seat is None else piece_icon("knight", size, seat)
    if kind == "built" and data.get("piece") == "wall":
        return piece_icon("wall", size, data["seat"])
    if kind == "pillaged":
        return piece_icon("settlement", size, data["seat"])
    what = CK_LOG_KINDS.get(kind)
    if what == "ship":
        return ship_icon(size)
    if what == "track":
        track = data.get("track")
        if track is None and "card" in data:
            track = card_track(data["card"])
        return progress_back(track, size - 6, size) if track else None
    if what == "card":
        card = data.get("card")
        return progress_back(card_track(card), size - 6, size) if card else None
    if what == "kind":
        name = data.get("resource") or data.get("card")
        if name is None and data.get("cards"):
            name = max(data["cards"], key=data["cards"].get)
        return kind_icon(name, size) if name in KINDS else None
    if kind == "merchant":
        return render_text("⚖", size, theme.INK_SOFT, bold=True)
    return log_icon_for(event, piece_icon)

