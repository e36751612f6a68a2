"""Start-up with a bad file in every folder the game reads (saves, settings, log): the title screen
comes up, nothing hangs, nothing is changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.corpus import Special, deep, fingerprint, make_special

ROOT = Path(__file__).resolve().parents[2]
POSIX_SPECIALS = hasattr(os, "mkfifo") and os.path.exists("/dev/zero")

A_SAVE = {"format": "gamenight-save", "version": 1, "game": "kahuna", "saved_at": "2024-05-01T10:00:00",
          "config": {"seats": [{"kind": "human", "name": "花子", "level": "normal"},
                               {"kind": "ai", "name": "", "level": "easy"}], "options": {}},
          "seed": 1, "start": None, "actions": [], "position": {}, "finished": False,
          "progress": {"key": "kahuna.progress.setup", "fields": {}}}

BAD_SAVES = {
    "nested 100,000 deep": deep(100_000).encode(),
    "progress.fields holds key": json.dumps(dict(A_SAVE, progress={"key": "x", "fields": {"key": 1}})).encode(),
    "progress.fields holds lang": json.dumps(dict(A_SAVE, progress={"key": "x", "fields": {"lang": []}})).encode(),
    "saved_at of 3 million characters": json.dumps(dict(A_SAVE, saved_at="9" * 3_000_000)).encode(),
    "game a list": json.dumps(dict(A_SAVE, game=["kahuna"])).encode(),
    "a seat that is a list": json.dumps(dict(A_SAVE, config={"seats": [[1]]})).encode(),
    "a seat named with a lone surrogate": json.dumps(A_SAVE).replace("花子", "\\ud800").encode(),
    "binary": bytes(range(256)),
}
BAD_SETTINGS = {
    "a list": b"[]", "a string": b'"en"', "1e999": b"1e999", "nested": deep(100_000).encode(),
    "full screen no": b'{"fullscreen": "no", "window_width": 1e999, "volume": "loud"}',
}
SPECIALS = ("fifo", "device", "folder")


def folders(tmp_path: Path) -> dict[str, Path]:
    return {"data": tmp_path / "data", "config": tmp_path / "config", "logs": tmp_path / "logs"}


def start(tmp_path: Path, frames: int = 5) -> subprocess.CompletedProcess:
    places = folders(tmp_path)
    env = dict(os.environ, GAMENIGHT_DATA_DIR=str(places["data"]), GAMENIGHT_CONFIG_DIR=str(places["config"]),
               GAMENIGHT_LOG_DIR=str(places["logs"]), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", "--headless", "--frames", str(frames)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def put(path: Path, content) -> bool:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, Special):
        return make_special(path, content)
    path.write_bytes(content)
    return True


def assert_starts_and_changes_nothing(tmp_path: Path, placed: list[Path]) -> None:
    before = {path: fingerprint(path) for path in placed}
    done = start(tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert {path: fingerprint(path) for path in placed} == before


@pytest.mark.skipif(not POSIX_SPECIALS, reason="POSIX special files")
def test_the_game_starts_with_a_bad_file_in_every_folder_at_once(tmp_path):
    places = folders(tmp_path)
    placed = []
    for number, content in enumerate(BAD_SAVES.values()):
        path = places["data"] / "saves" / f"bad-{number}.json"
        put(path, content)
        placed.append(path)
    for kind in SPECIALS:
        path = places["data"] / "saves" / f"special-{kind}.json"
        assert put(path, Special(kind))
        placed.append(path)
    assert put(places["config"] / "settings.json", Special("fifo"))
    assert put(places["logs"] / "gamenight.log", Special("fifo"))
    placed += [places["config"] / "settings.json", places["logs"] / "gamenight.log"]
    assert_starts_and_changes_nothing(tmp_path, placed)


@pytest.mark.slow
@pytest.mark.parametrize("label", list(BAD_SAVES) + [f"special {kind}" for kind in SPECIALS])
def test_the_game_starts_with_one_bad_save(tmp_path, label):
    path = folders(tmp_path)["data"] / "saves" / "bad.json"
    content = Special(label.split()[1]) if label.startswith("special") else BAD_SAVES[label]
    if not put(path, content):
        pytest.skip("this system cannot make that file")
    assert_starts_and_changes_nothing(tmp_path, [path])


@pytest.mark.slow
@pytest.mark.parametrize("label", list(BAD_SETTINGS) + [f"special {kind}" for kind in SPECIALS])
def test_the_game_starts_with_bad_settings_and_keeps_them(tmp_path, label):
    path = folders(tmp_path)["config"] / "settings.json"
    content = Special(label.split()[1]) if label.startswith("special") else BAD_SETTINGS[label]
    if not put(path, content):
        pytest.skip("this system cannot make that file")
    assert_starts_and_changes_nothing(tmp_path, [path])


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "folder", "a file for the folder"])
def test_the_game_starts_when_its_log_cannot_be_written(tmp_path, kind):
    logs = folders(tmp_path)["logs"]
    if kind == "a file for the folder":
        assert put(logs.parent / "logs", b"not a folder")
        placed = [logs.parent / "logs"]
    else:
        if not put(logs / "gamenight.log", Special(kind)):
            pytest.skip("this system cannot make that file")
        placed = [logs / "gamenight.log"]
    assert_starts_and_changes_nothing(tmp_path, placed)


def test_full_screen_no_keeps_the_window(dirs):
    """``{"fullscreen": "no"}`` once turned full screen on."""
    from game.app import App
    from game.core.settings import read_settings

    put(dirs / "config" / "settings.json", b'{"fullscreen": "no", "language": "ja"}')
    app = App(read_settings().settings)
    assert not app.fullscreen and app.settings.language == "ja"


TITLE_FIRST_FRAME = """
import sys
from game.app import App
from game.core.settings import Settings
from game.scenes.title import TitleScene
app = App(Settings(language="en"))
app.push(TitleScene(app))
app.step(1 / 60)
loaded = sorted(name for name in sys.modules if name.startswith("game.games.") and name.count(".") >= 3)
print(repr((loaded, app.scene.latest is not None and app.scene.latest.game_id)))
"""


def test_the_title_loads_no_games_engine_to_offer_continue(dirs):
    """The title names every game and finds the game to continue from the registry and the saves' headers
    alone: no game's rules, computer players, texts or table are imported before one is opened."""
    import ast

    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.core.saves import new_save_path, write_save
    from game.games import get_spec

    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=3)
    controller.advance_chance()
    write_save(new_save_path("kahuna"), controller, "kahuna")
    done = subprocess.run([sys.executable, "-c", TITLE_FIRST_FRAME], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded, continues = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert continues == "kahuna"
    assert loaded == ["game.games.cannonades.options"]  # the options the new-game screen offers, and nothing else


START_TO_FIRST_FRAME = """
import runpy, sys
sys.argv = ["main.py", "--frames", "1"]
try:
    runpy.run_path("main.py", run_name="__main__")
except SystemExit as done:
    assert not done.code, done.code
machinery = ("multiprocessing", "subprocess", "game.core.controller", "game.core.seats")
print(repr(sorted(name for name in machinery if name in sys.modules)))
"""


def test_the_start_to_the_title_spawns_no_process_and_imports_no_play_machinery(tmp_path):
    """What a plain start needs is the title: no ``uname`` process to name the system in the log, no
    multiprocessing (only a frozen program's AI workers start through it), no controller or seats."""
    import ast

    places = folders(tmp_path)
    env = dict(os.environ, GAMENIGHT_DATA_DIR=str(places["data"]), GAMENIGHT_CONFIG_DIR=str(places["config"]),
               GAMENIGHT_LOG_DIR=str(places["logs"]), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", START_TO_FIRST_FRAME], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert ast.literal_eval(done.stdout.strip().splitlines()[-1]) == []
    assert " on Linux " in (places["logs"] / "gamenight.log").read_text() or sys.platform != "linux"
