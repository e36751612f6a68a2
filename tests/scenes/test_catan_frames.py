"""The Catan tables keep pictures of what changes seldom (the players' panels, the hand, the build bar,
the island with its pieces): a table that lived through a change draws exactly what a table opened
afresh on the new position draws."""

import pygame

from game.core import i18n
from game.games.catan_ck.rules import RULES
from game.ui.table import BOARD_AREA
from tests.scenes.test_catan_ck_table import base, open_table, quick_pacing, settle  # noqa: F401 - a fixture
from tests.uidriver import frames


def table_pixels(app) -> bytes:
    """The table's pixels in a frame drawn at the table's time 0 (what pulses with time stands still)."""
    app.scene.view.time = 0.0
    frames(app, 1, dt=0.0)
    return pygame.image.tobytes(app.screen.subsurface(BOARD_AREA), "RGB")


def test_a_change_of_the_game_is_drawn_as_a_fresh_table_draws_it(open_app):
    lived = open_app()
    scene = open_table(lived, base(hands={0: {"brick": 2, "lumber": 2, "grain": 1, "wool": 1}}))
    settle(lived, scene)
    road = next(a for a in scene.controller.legal_actions() if a["type"] == "road")
    scene.controller.submit(road, 0)
    settle(lived, scene)
    fresh = open_app()
    settle(fresh, open_table(fresh, RULES.from_json(RULES.to_json(scene.controller.state))))
    assert table_pixels(lived) == table_pixels(fresh)


def test_a_change_of_language_is_drawn_as_a_fresh_table_draws_it(open_app):
    state = base(hands={0: {"cloth": 1, "ore": 2}})
    lived = open_app()
    scene = open_table(lived, state)
    settle(lived, scene)
    english = table_pixels(lived)
    i18n.set_language("ja")
    settle(lived, scene)
    fresh = open_app(language="ja")
    settle(fresh, open_table(fresh, state))
    assert table_pixels(lived) == table_pixels(fresh) != english
