"""The Load and title screens with damaged saves around, and names typed on the New game screen."""

from __future__ import annotations

import hashlib
import json

import pytest

from game.core.names import MAX_NAME_LENGTH
from game.core.saves import backup_path, saves_dir
from game.scenes.load import LoadScene, describe
from game.scenes.new_game import NewGameScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.ui.widgets import TextInput
from tests.core.corpus import Special, make_special, played_save, with_text_at
from tests.uidriver import click, click_button, find_button, frames, type_text


def digest_all(folder) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() and not p.is_symlink() else p.name
            for p in folder.iterdir()}


@pytest.fixture
def shelf():
    """The saves folder holding a good Kahuna save and damaged files of every sort; their paths by name."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = played_save("kahuna", 30, 1)
    data = json.loads(good)
    files = {
        "good": good,
        # whole and well-typed, but its log stops one move short of its position
        "moves": with_text_at(data, ("actions",), json.dumps(data["actions"][:-1])),
        "huge date": with_text_at(data, ("saved_at",), json.dumps("9" * 3_000_000)),
        "key field": with_text_at(data, ("progress", "fields"), '{"key": 1}'),
        "lang field": with_text_at(data, ("progress", "fields"), '{"lang": ["ja"]}'),
        "deep": b"[" * 100_000 + b"]" * 100_000,
        "game a list": with_text_at(data, ("game",), '["kahuna"]'),
    }
    paths = {}
    for number, (name, content) in enumerate(files.items()):
        paths[name] = folder / f"kahuna-{number}.json"
        paths[name].write_bytes(content)
    for kind in ("fifo", "device", "folder"):
        if make_special(folder / f"special-{kind}.json", Special(kind)):
            paths[kind] = folder / f"special-{kind}.json"
    return paths


def row_center(scene, index: int) -> tuple[int, int]:
    scene.list.offset = min(scene.list.max_offset(), index * scene.list.row_height)
    top = scene.list.rect.y + index * scene.list.row_height - scene.list.offset
    return scene.list.rect.x + 200, int(top + scene.list.row_height // 2)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_row_of_a_shelf_of_damaged_saves_can_be_chosen_and_read(open_app, shelf, language):
    app = open_app(language=language)
    before = digest_all(saves_dir())
    app.push(LoadScene(app))
    frames(app, 2)
    scene = app.scene
    assert {info.path for info in scene.saves} == set(shelf.values())
    for index in range(len(scene.saves)):
        click(app, row_center(scene, index))
        assert scene.list.selected == index
        info = scene.saves[index]
        first, second = describe(info)
        assert len(first) < 200 and len(second) < 400
        open_button = find_button(scene, "Open" if language == "en" else "開く")
        assert open_button.enabled == (info.path == shelf["good"]), (info.path, info.error)
    assert digest_all(saves_dir()) == before


def test_a_save_whose_moves_fail_is_found_out_when_chosen(app, shelf):
    app.push(LoadScene(app))
    frames(app, 2)
    scene = app.scene
    index = next(i for i, info in enumerate(scene.saves) if info.path == shelf["moves"])
    assert not scene.saves[index].damaged  # its summary is fine: the list did not replay it
    click(app, row_center(scene, index))
    assert scene.saves[index].error.key == "save.error.mismatch"
    assert not find_button(scene, "Open").enabled
    good = next(i for i, info in enumerate(scene.saves) if info.path == shelf["good"])
    click(app, row_center(scene, good))
    click_button(app, "Open")
    assert isinstance(app.scene, PlayScene) and app.scene.autosave.path == shelf["good"]


def test_a_game_read_from_its_backup_goes_on_in_a_new_file_and_the_damaged_one_stays(app, shelf):
    main = shelf["good"]
    backup = backup_path(main)
    backup.write_bytes(main.read_bytes())
    main.write_text('{"format": "gamenight-save", "trunc', encoding="utf-8")
    app.push(LoadScene(app))
    frames(app, 2)
    scene = app.scene
    index = next(i for i, info in enumerate(scene.saves) if info.path == main)
    click(app, row_center(scene, index))
    assert scene.saves[index].from_backup and "backup" in describe(scene.saves[index])[1]
    click_button(app, "Open")
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.autosave.path not in (main, backup) and play.autosave.path.parent == main.parent
    assert main.read_text(encoding="utf-8") == '{"format": "gamenight-save", "trunc'


def test_continue_skips_damaged_saves_and_resumes_the_newest_good_one(app, shelf):
    app.push(TitleScene(app))
    frames(app, 2)
    assert find_button(app.scene, "Continue").enabled
    click_button(app, "Continue")
    assert isinstance(app.scene, PlayScene) and app.scene.autosave.path == shelf["good"]


def test_names_typed_on_the_new_game_screen_are_printable_and_short(app):
    app.push(NewGameScene(app))
    frames(app, 2)
    scene = app.scene
    box = next(widget for widget in scene.widgets if isinstance(widget, TextInput))
    click(app, box.rect.center)
    type_text(app, "Ha\nna")
    type_text(app, "\u202e")
    assert scene.names[0] == ""
    type_text(app, "花子")
    type_text(app, "x" * 40)
    assert scene.names[0] == ("花子" + "x" * 40)[:MAX_NAME_LENGTH]
    click_button(app, "Start")
    assert isinstance(app.scene, PlayScene) and app.scene.controller.config.seats[0].name == scene.names[0]


def test_visiting_settings_without_a_change_leaves_an_unreadable_settings_file_alone(app):
    from game.core.settings import read_settings, settings_path
    from game.scenes.settings import SettingsScene

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b'{"fullscreen": "no", "volume": [1]}')
    app.push(TitleScene(app))
    click_button(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    click_button(app, "Back")
    assert settings_path().read_bytes() == b'{"fullscreen": "no", "volume": [1]}'
    click_button(app, "Settings")
    toggle = app.scene.widgets[5]  # colour-blind symbols
    click(app, toggle.rect.center)
    click_button(app, "Back")
    assert read_settings().intact and read_settings().settings.colour_blind


@pytest.mark.parametrize("button", ["Watch replay", "Open"])
def test_a_save_that_changed_after_the_list_was_read_says_why_and_stays_as_it_is(app, shelf, button):
    app.push(LoadScene(app))
    frames(app, 2)
    scene = app.scene
    good = shelf["good"]
    index = next(i for i, info in enumerate(scene.saves) if info.path == good)
    click(app, row_center(scene, index))
    assert find_button(scene, button).enabled
    data = json.loads(good.read_bytes())
    data["actions"].insert(0, {"type": "nonsense"})
    damaged = json.dumps(data).encode("utf-8")
    good.write_bytes(damaged)
    click_button(app, button)
    assert app.scene is scene
    assert scene.saves[index].damaged and not find_button(scene, button).enabled
    reason = describe(scene.saves[index])[1]
    assert reason.startswith("Cannot be opened: its moves do not follow the rules")
    assert [text for text, _ in app.toasts] == [reason]
    assert good.read_bytes() == damaged


def test_continue_on_a_save_that_changed_after_the_title_read_it_says_why_and_stays_as_it_is(app, shelf):
    app.push(TitleScene(app))
    frames(app, 2)
    offered = app.scene.latest.path  # the newest by its header: the title replays no log before Continue
    offered.write_text('{"format": "gamenight-save", "trunc', encoding="utf-8")
    click_button(app, "Continue")
    assert isinstance(app.scene, TitleScene)
    assert app.toasts and app.toasts[0][0].startswith("Cannot be opened: ")
    assert offered.read_text(encoding="utf-8") == '{"format": "gamenight-save", "trunc'


@pytest.mark.parametrize("typed", ["①", "²", "٣x", "-", " "])
def test_the_seed_takes_only_what_reads_as_a_whole_number(app, typed):
    app.push(NewGameScene(app))
    frames(app, 2)
    scene = app.scene
    box = next(widget for widget in scene.widgets if isinstance(widget, TextInput) and widget.max_length == 10)
    click(app, box.rect.center)
    type_text(app, "7")
    type_text(app, typed)
    assert scene.seed_text == "7"
    type_text(app, "１２")  # full-width digits, as a Japanese input method types them
    type_text(app, "٣")
    assert scene.seed_text == "7123" and box.get() == "7123"
    click_button(app, "Start")
    assert isinstance(app.scene, PlayScene) and app.scene.controller.seed == 7123
