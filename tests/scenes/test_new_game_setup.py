"""The new-game screen opens each game with the set-up it was last started with, kept in the settings
file and checked field by field."""

import json

import pygame
import pytest

from game.core.settings import read_settings, settings_path
from game.scenes.new_game import NewGameScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.ui.widgets import Button, Chooser, TextInput, Toggle
from tests.uidriver import click, click_button, frames, move, type_text


def widgets(scene, kind):
    return [w for w in scene.widgets if isinstance(w, kind)]


def open_new_game(app) -> NewGameScene:
    app.reset_to(TitleScene(app))
    frames(app, 2)
    click_button(app, "New game")
    assert isinstance(app.scene, NewGameScene)
    return app.scene


def test_the_last_set_up_of_a_game_comes_back_with_its_names_seats_and_options(app):
    scene = open_new_game(app)
    click_button(app, "Cannonades")
    count = widgets(scene, Chooser)[0]
    click(app, (count.rect.x + 20, count.rect.centery))  # one player fewer
    players = scene.count
    assert players == scene.spec.default_players - 1
    kinds = widgets(scene, Chooser)[1:1 + scene.count]
    click(app, (kinds[1].rect.right - 20, kinds[1].rect.centery))  # seat 2: from AI normal to AI hard
    names = widgets(scene, TextInput)
    click(app, names[0].rect.center)
    type_text(app, "Hanako")
    option = next(w for w in scene.widgets if isinstance(w, Toggle | Chooser) and w.rect.x > scene.sheet.x + 1000)
    before = dict(scene.options)
    click(app, (option.rect.right - 20, option.rect.centery))
    assert scene.options != before
    chosen = (scene.count, list(scene.kinds), list(scene.names), dict(scene.options))
    click_button(app, "Start")
    assert isinstance(app.scene, PlayScene) and app.scene.controller.config.seats[0].name == "Hanako"
    kept = json.loads(settings_path().read_text(encoding="utf-8"))["setups"]["cannonades"]
    assert kept["players"] == players and kept["names"][0] == "Hanako" and kept["kinds"][1] == "ai:hard"

    scene = open_new_game(app)
    click_button(app, "Kahuna")
    assert scene.count == 2 and scene.names[0] == ""
    click_button(app, "Cannonades")
    assert (scene.count, scene.kinds, scene.names, scene.options) == chosen
    assert widgets(scene, TextInput)[0].get() == "Hanako"


def test_a_remembered_field_the_game_no_longer_takes_falls_back_alone(app):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"setups": {
        "kahuna": {"players": 9, "kinds": ["ai:hard", "ai:easy"], "names": ["Taro", "Jiro"],
                   "options": {"early_end": False, "destroy_own": "sideways", "gone": True}},
        "copenhagen": {"players": 3, "kinds": ["robot"], "names": ["\u202eevil"]},
        "../etc": {"players": 2},
    }}), encoding="utf-8")
    loaded = read_settings()
    assert not loaded.intact
    setups = loaded.settings.setups
    assert set(setups) == {"kahuna", "copenhagen"}
    assert "players" not in setups["kahuna"] and setups["copenhagen"] == {"players": 3}
    app.settings = loaded.settings
    scene = open_new_game(app)
    click_button(app, "Kahuna")
    assert scene.count == 2 and scene.kinds[:2] == ["ai:hard", "ai:easy"] and scene.names[:2] == ["Taro", "Jiro"]
    assert scene.options["early_end"] is False and scene.options["destroy_own"] is False
    assert "gone" not in scene.options
    click_button(app, "Copenhagen")
    assert scene.count == 3 and scene.kinds[0] == "human"


def on_window(app, pos) -> tuple[int, int]:
    """Where a logical position lands in the app's window (posted events are in window pixels)."""
    view = app.viewport()
    return (view.x + round(pos[0] * view.width / 1600), view.y + round(pos[1] * view.height / 900))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_every_game_description_fits_its_panel_beside_the_table_picture_and_facts(open_app, language, size):
    app = open_app(language=language, window_width=size[0], window_height=size[1])
    app.push(NewGameScene(app))
    frames(app, 2)
    scene = app.scene
    for index, spec in enumerate(scene.specs):
        games = [w for w in scene.widgets if isinstance(w, Button)][: len(scene.specs)]
        click(app, on_window(app, games[index].rect.center))
        assert scene.spec is spec
        frames(app)
        about = scene.about
        text = about.description_rect()
        assert text is not None and about.rect.contains(text), (spec.id, text, about.rect)
        assert about.overflow() == 0, f"{spec.id}: its description runs past the panel"
        others = [w for w in scene.widgets if isinstance(w, Button | Chooser | TextInput | Toggle)]
        assert not [w.rect for w in others if w.rect.colliderect(about.rect)], spec.id
        assert about.picture_rect().bottom <= text.top and about.rect.contains(about.picture_rect())
        facts = about.facts()
        assert str(spec.min_players) in facts[0] and str(spec.max_players) in facts[0]
        assert len(facts) == 2 and any(ch.isdigit() for ch in facts[1])


def test_the_table_picture_is_drawn_only_once_the_screen_is_up_and_then_kept(app):
    from game.ui import table_preview

    table_preview._pictures.clear()
    app.push(NewGameScene(app))
    scene = app.scene
    assert not table_preview.has_picture(scene.spec.id), "opening the screen draws no table"
    frames(app, 2)
    picture = table_preview._pictures[scene.spec.id]
    assert picture is not None and picture.get_size() == scene.about.PICTURE
    click_button(app, "Copenhagen")
    frames(app, 2)
    click_button(app, scene.specs[0].id.capitalize())
    assert table_preview._pictures[scene.specs[0].id] is picture


def test_a_description_too_long_even_in_small_type_scrolls_inside_its_panel(app, monkeypatch):
    from game.scenes import new_game

    words = new_game.tr

    def long_descriptions(key, *args, **fields):
        return " ".join(["Islands, bridges and magic."] * 40) if key.endswith(".blurb") else words(key, *args, **fields)

    monkeypatch.setattr(new_game, "tr", long_descriptions)
    app.push(NewGameScene(app))
    frames(app, 2)
    about = app.scene.about
    assert about.overflow() > 0
    assert about.rect.contains(about.description_rect())
    move(app, about.description_rect().center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    frames(app)
    assert about.offset == 72
    for _ in range(100):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    frames(app)
    assert about.offset == about.overflow()
