"""The game-over summary of Cities & Knights: base Catan's chart of points stacked by source, with the
expansion's sources (metropolises, Defender of Catan, Printer and Constitution, the merchant)."""

from __future__ import annotations

from game.games.catan.summary import CatanSummary
from game.games.catan_ck.cards import METROPOLIS_BONUS

POINT_SOURCES = ("settlements", "cities", "metropolises", "longest_road", "defenders", "victory_cards", "merchant")
SOURCE_COLOURS = {"settlements": (120, 160, 90), "cities": (196, 120, 60), "metropolises": (90, 120, 180),
                  "longest_road": (150, 104, 62), "defenders": (176, 52, 44), "victory_cards": (210, 170, 60),
                  "merchant": (84, 150, 160)}


def points_by_source(state) -> list[dict]:
    """Per seat, the points of each of ``POINT_SOURCES`` (a toppled city counts as a settlement)."""
    rows = []
    for seat in range(state.players):
        _, settlements, cities = state.pieces[seat]
        toppled = sum(1 for v, down in enumerate(state.toppled) if down and state.vertex_owner[v] == seat)
        metropolises = sum(1 for v in state.metropolis if v >= 0 and state.vertex_owner[v] == seat)
        rows.append({
            "settlements": settlements + toppled,
            "cities": 2 * (cities - toppled),
            "metropolises": METROPOLIS_BONUS * metropolises,
            "longest_road": 2 if state.longest_road == seat else 0,
            "defenders": state.defenders[seat],
            "victory_cards": len(state.victory_cards[seat]),
            "merchant": 1 if state.merchant_owner == seat else 0,
        })
    return rows


class CKSummary(CatanSummary):
    sources = POINT_SOURCES
    colours = SOURCE_COLOURS

    def points(self, state) -> list[dict]:
        return points_by_source(state)
