"""Colours, sizes and player identities shared by every screen.

Colours never carry meaning alone: each player colour has a symbol, drawn on pieces when the
colour-blind setting is on and beside names everywhere.
"""

from __future__ import annotations

from functools import lru_cache

from game.games import PlayerStyle, registry

LOGICAL_SIZE = (1600, 900)

# The tabletop: warm wood around a felt, cream paper panels, ink text.
WOOD_DARK = (74, 46, 30)
WOOD = (112, 72, 44)
WOOD_LIGHT = (142, 98, 62)
FELT = (36, 78, 62)
FELT_DARK = (26, 58, 46)
PAPER = (246, 238, 220)
PAPER_DARK = (226, 214, 188)
INK = (40, 32, 26)
INK_SOFT = (96, 84, 72)
INK_FAINT = (150, 138, 122)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
SHADOW = (0, 0, 0, 90)
ACCENT = (214, 120, 52)
ACCENT_DARK = (170, 88, 34)
ACCENT_LIGHT = (238, 170, 104)
GOOD = (74, 150, 86)
BAD = (196, 62, 52)
HIGHLIGHT = (255, 214, 92)
DISABLED = (168, 160, 150)
OVERLAY = (16, 12, 10, 170)

RADIUS = 12
PAD = 16


PLAYER_STYLES = (
    PlayerStyle((200, 60, 50), (236, 128, 116), (132, 34, 28), "●", "colour.red"),
    PlayerStyle((46, 104, 196), (120, 162, 232), (26, 62, 128), "▲", "colour.blue"),
    PlayerStyle((238, 238, 232), (255, 255, 255), (150, 150, 144), "■", "colour.white"),
    PlayerStyle((232, 140, 36), (250, 190, 110), (160, 86, 14), "◆", "colour.orange"),
    PlayerStyle((70, 150, 80), (140, 204, 146), (38, 96, 46), "★", "colour.green"),
)


def player_style(seat: int, game_id: str | None = None) -> PlayerStyle:
    styles = game_player_styles(game_id)
    return styles[seat % len(styles)]


@lru_cache(maxsize=16)
def game_player_styles(game_id: str | None) -> tuple[PlayerStyle, ...]:
    """The players' colours in a game: its own (``GameSpec.player_styles``) or the shared ones."""
    spec = registry().get(game_id) if game_id is not None else None
    return spec.player_styles if spec is not None and spec.player_styles else PLAYER_STYLES


def mix(a: tuple, b: tuple, t: float) -> tuple:
    """Linear blend of two colours (t=0 gives a, t=1 gives b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))
