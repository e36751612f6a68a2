"""The command line: seats, options, autoplay lines, and files named with --load that can't be opened."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser, parse_options, parse_seats, run
from game.core.rules import SeatConfig

ROOT = Path(__file__).resolve().parents[2]


def test_seats_are_people_with_names_or_ai_levels():
    assert parse_seats("human:Hanako, ai:hard,ai") == (SeatConfig("human", "Hanako"), SeatConfig("ai", "", "hard"),
                                                       SeatConfig("ai", "", "normal"))
    with pytest.raises(ValueError, match="unknown AI level"):
        parse_seats("ai:genius")
    with pytest.raises(ValueError, match="human"):
        parse_seats("robot")
    assert parse_options(["early_end=off", " always_draw = on"]) == {"early_end": "off", "always_draw": "on"}


@pytest.mark.slow
def test_autoplay_prints_one_json_line_per_game(dirs):
    command = [sys.executable, "main.py", "--autoplay", "--game", "kahuna", "--seats", "ai:easy,ai:easy",
               "--games", "2", "--seed", "5"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=120)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["seed"] for line in lines] == [5, 6]
    for line in lines:
        assert set(line) == {"game", "seed", "seats", "winner", "scores", "actions", "seconds"}
        assert line["game"] == "kahuna" and line["seats"] == ["ai:easy", "ai:easy"] and line["actions"] > 20


@pytest.mark.parametrize("content, reason", [
    ("garbage!!", "damaged"),
    ('{"format": "gamenight-save", "version": 99, "game": "kahuna"}', "newer version"),
    ('{"format": "gamenight-save", "ver', "damaged"),
])
def test_a_file_that_cannot_be_loaded_is_explained_and_left_untouched(dirs, capsys, content, reason):
    path = dirs / "save.json"
    path.write_text(content, encoding="utf-8")
    assert run(["--load", str(path), "--lang", "en", "--frames", "1"]) == 2
    message = capsys.readouterr().err
    assert message.startswith("gamenight: ") and str(path) in message and reason in message
    assert "Traceback" not in message
    assert path.read_text(encoding="utf-8") == content


def test_a_broken_position_file_names_the_game_and_the_flaw(dirs, capsys):
    path = dirs / "position.json"
    path.write_text('{"format": "kahuna/1", "hands": 5}', encoding="utf-8")
    assert run(["--game", "kahuna", "--load", str(path), "--frames", "1"]) == 2
    assert "not a kahuna position" in capsys.readouterr().err


def test_a_bad_option_or_seat_count_is_refused_with_the_reason(dirs, capsys):
    assert run(["--game", "kahuna", "--option", "early_end=maybe", "--frames", "1"]) == 2
    assert "early_end" in capsys.readouterr().err
    assert run(["--game", "kahuna", "--seats", "ai,ai,ai", "--frames", "1"]) == 2
    assert "2 to 2 seats" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["abc", "", "12.5", "99", "1e999", "１２", "1" * 5000])
def test_an_option_value_that_does_not_fit_names_the_option_and_what_it_takes(value):
    from game.games import get_spec

    with pytest.raises(ValueError) as refused:
        get_spec("catan").validate_options({"victory_points": value})
    message = str(refused.value)
    assert "victory_points" in message and "whole number from" in message and len(message) < 200


@pytest.mark.parametrize("value", [True, 1.0, 12.5, float("inf"), [12], {"n": 12}, None])
def test_option_values_from_a_file_must_have_the_right_type(value):
    from game.games import get_spec

    with pytest.raises(ValueError, match="victory_points"):
        get_spec("catan").validate_options({"victory_points": value})
    with pytest.raises(ValueError, match="friendly_robber"):
        get_spec("catan").validate_options({"friendly_robber": value if value is not True else 1})


@pytest.mark.parametrize("argument", ["--game", "--load", "--seats"])
def test_an_empty_argument_is_refused_not_ignored(dirs, capsys, argument):
    extra = ["--game", "kahuna"] if argument == "--seats" else []
    assert run([*extra, argument, "", "--frames", "1"]) == 2
    assert f"{argument} is empty" in capsys.readouterr().err


def test_a_bad_option_value_is_refused_naming_the_option(dirs, capsys):
    assert run(["--game", "catan", "--option", "victory_points=abc", "--frames", "1"]) == 2
    error = capsys.readouterr().err
    assert "victory_points" in error and "'abc'" in error and error.count("\n") == 1


@pytest.mark.parametrize("seats", ["human:a\udcffb,ai", "human:" + "x" * 40 + ",ai", ",,"])
def test_bad_seats_are_refused_in_one_line(dirs, capsys, seats):
    assert run(["--game", "kahuna", "--seats", seats, "--frames", "1"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("gamenight: ") and error.count("\n") == 1 and "Traceback" not in error


def test_a_save_with_a_byte_order_mark_opens(dirs):
    from game.cli import start_controller
    from game.core.controller import Controller
    from game.core.rules import GameConfig
    from game.core.saves import write_save
    from game.games import get_spec

    spec = get_spec("kahuna")
    path = dirs / "with-bom.json"
    write_save(path, Controller(spec.ruleset, GameConfig((SeatConfig("human", "花子"), SeatConfig("ai")),
                                                        spec.default_options()), 5), "kahuna")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    spec, controller, save_path = start_controller(build_parser().parse_args(["--load", str(path)]))
    assert spec.id == "kahuna" and save_path == path and controller.config.seats[0].name == "花子"


@pytest.mark.parametrize("text", ['{"format": "gamenight-save", "version": 1, "game": ["kahuna"]}',
                                  '{"format": "gamenight-save", "version": 1, "game": {"id": 1}}',
                                  '{"format": "gamenight-save", "version": 1, "game": "kahuna", "config": '
                                  '{"seats": [1, "x"]}, "seed": 1, "actions": [], "position": {}}',
                                  '{"format": "gamenight-save", "version": 0, "game": "kahuna"}',
                                  '{"format": "gamenight-save", "version": true, "game": "kahuna"}',
                                  "[" * 50_000 + "]" * 50_000])
def test_a_save_of_the_wrong_shape_is_refused_in_one_line(dirs, capsys, text):
    path = dirs / "odd.json"
    path.write_text(text, encoding="utf-8")
    assert run(["--load", str(path), "--frames", "1"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gamenight: {path}: ") and error.count("\n") == 1
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="POSIX special files")
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_special_file_named_with_load_is_refused_at_once(dirs, kind):
    path = dirs / "special.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    done = subprocess.run([sys.executable, "main.py", "--load", str(path), "--headless", "--frames", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"gamenight: {path}: ") and done.stderr.count("\n") == 1


def test_an_error_during_play_is_logged_with_its_traceback_and_not_passed_off_as_bad_input(dirs, capsys,
                                                                                          monkeypatch):
    from game.app import App
    from game.core.logs import LOG_NAME, log, log_dir

    def broken_frame(self, dt, events=None, always=False):
        raise ValueError("a bug in the frame loop")

    monkeypatch.setattr(App, "tick", broken_frame)
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    assert run(["--game", "kahuna", "--seats", "ai:easy,ai:easy", "--frames", "3", "--headless"]) == 1
    error = capsys.readouterr().err
    path = log_dir() / LOG_NAME
    assert str(path) in error and "Traceback" not in error
    for handler in log.handlers:
        handler.flush()
    logged = path.read_text(encoding="utf-8")
    assert "Traceback" in logged and "a bug in the frame loop" in logged and "broken_frame" in logged
