"""Pictures of the rules pages of Catan for two with Cities & Knights: its own pages reuse Catan for
two's pictures of the same subjects (the colours, the tokens, the double roll, a neutral build, a forced
trade); the pages after them are Cities & Knights' with its pictures."""

from __future__ import annotations

import pygame

from game.games.catan_2p import help_art as two_player_art
from game.games.catan_ck import help_art as ck_art
from game.games.catan_ck_2p import RULES_PAGES

OWN_PAGES = sum(1 for key in RULES_PAGES if key.startswith("catan_ck_2p."))
FIRST_CK_PAGE = int(RULES_PAGES[OWN_PAGES].rsplit(".", 1)[1])
TWO_PLAYER_PICTURES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
"""Own page -> Catan for two's page with the picture of the same subject (the last page has none)."""


def picture(page: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of rules page ``page`` (from 1), at most ``size``; None for a page without one."""
    if page <= OWN_PAGES:
        same = TWO_PLAYER_PICTURES.get(page)
        return two_player_art.picture(same, size) if same else None
    return ck_art.picture(page - OWN_PAGES + FIRST_CK_PAGE - 1, size)
