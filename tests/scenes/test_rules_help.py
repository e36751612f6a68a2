"""Rules help shows, beside each page's words, a picture drawn with the game's own art."""

import pygame
import pytest

from game.games import tables
from game.scenes.rules_help import PICTURE, RulesScene
from game.ui.help_art import game_picture
from tests.uidriver import click_button, frames


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_game_has_pictures_and_the_words_keep_clear_of_them(open_app, lang):
    app = open_app(language=lang)
    scene = RulesScene(app)
    app.push(scene)
    frames(app, 2)
    for spec in tables().values():  # a game gets its pictures with its table
        click_button(app, scene.widgets[[s.id for s in scene.specs].index(spec.id)].label())
        shown = 0
        for page in range(len(spec.rules_pages)):
            frames(app, 1)
            picture = scene.picture()
            if picture is not None:
                shown += 1
                assert picture.get_width() <= PICTURE[0] and picture.get_height() <= PICTURE[1]
                frame = pygame.Rect(0, 0, PICTURE[0] + 20, PICTURE[1] + 20)
                frame.topright = (scene.sheet.right - 30, scene.sheet.y + 90)
                inked = {tuple(app.screen.get_at((x, y)))[:3] for x in range(frame.x + 20, frame.right - 20, 9)
                         for y in range(frame.y + 20, frame.bottom - 20, 9)}
                assert len(inked) > 12, (spec.id, page)
                words = pygame.Rect(scene.sheet.x + 360, scene.sheet.y + 96, frame.x - 30 - scene.sheet.x - 360,
                                    scene.sheet.bottom - 100 - scene.sheet.y - 96)
                assert not words.colliderect(frame)
            if page < len(spec.rules_pages) - 1:
                click_button(app, "Next ›" if lang == "en" else "次へ ›")
        assert shown >= len(spec.rules_pages) - 2, spec.id


def test_a_game_without_help_art_shows_its_words_alone(open_app):
    open_app()
    assert game_picture("no_such_game", 1, PICTURE) is None
