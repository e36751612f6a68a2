"""Settings: each field read on its own, a bad one falls back alone and is logged, and a file that was
not read whole and right is never rewritten behind the user's back."""

import json
import logging
import math
import os
from dataclasses import asdict, fields

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.core.i18n import LANGUAGES
from game.core.settings import (
    AI_PACINGS,
    ANIMATION_SPEEDS,
    WINDOW_HEIGHTS,
    WINDOW_WIDTHS,
    Settings,
    keep_window,
    read_settings,
    save_settings,
    settings_path,
)

GOOD = {"language": "ja", "volume": 0.25, "fullscreen": False, "window_width": 1000, "window_height": 700,
        "animation_speed": 1.5, "ai_pacing": "slow", "colour_blind": True, "mute_ai_offers": True,
        "setups": {"kahuna": {"players": 2, "kinds": ["human", "ai:hard"], "names": ["Hanako", ""],
                              "options": {"early_end": False}}}}
"""A file where every setting differs from its default, so a field that fell back shows."""
NAMES = [f.name for f in fields(Settings)]


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    return tmp_path / "config"


def assert_valid(loaded: Settings) -> None:
    assert loaded.language in LANGUAGES
    assert type(loaded.volume) is float and 0.0 <= loaded.volume <= 1.0
    assert type(loaded.fullscreen) is bool and type(loaded.colour_blind) is bool and type(loaded.mute_ai_offers) is bool
    assert type(loaded.window_width) is int and WINDOW_WIDTHS[0] <= loaded.window_width <= WINDOW_WIDTHS[1]
    assert type(loaded.window_height) is int and WINDOW_HEIGHTS[0] <= loaded.window_height <= WINDOW_HEIGHTS[1]
    assert loaded.animation_speed in ANIMATION_SPEEDS and loaded.ai_pacing in AI_PACINGS
    assert loaded.ai_delay > 0


def write(path, data) -> bytes:
    raw = data if isinstance(data, bytes) else json.dumps(data, allow_nan=True).encode("utf-8")
    path.write_bytes(raw)
    return raw


def test_a_good_file_is_read_as_written_and_not_rewritten_unchanged(config_dir):
    raw = write(settings_path(), GOOD)
    before = os.stat(settings_path()).st_mtime_ns
    loaded = read_settings()
    assert loaded.intact and asdict(loaded.settings) == GOOD
    assert not keep_window(loaded.settings)
    assert settings_path().read_bytes() == raw and os.stat(settings_path()).st_mtime_ns == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**30, max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
    | st.sampled_from(["ja", "en", "slow", "fast", "normal", "no", "yes", "true", "1.5", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(NAMES), value=json_values)
@example(name="volume", value=0)
@example(name="volume", value=True)
@example(name="animation_speed", value=1)
@example(name="animation_speed", value=True)
@example(name="window_width", value=1280.0)
@example(name="window_width", value=1280.5)
@example(name="language", value=["ja"])
def test_each_setting_falls_back_alone(config_dir, caplog, name, value):
    data = dict(GOOD, **{name: value})
    raw = write(settings_path(), data)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="gamenight"):
        loaded = read_settings()
    assert_valid(loaded.settings)
    got = asdict(loaded.settings)
    assert {k: v for k, v in got.items() if k != name} == {k: v for k, v in GOOD.items() if k != name}
    same_type = type(got[name]) is type(value) or {type(got[name]), type(value)} == {int, float}
    taken_as_is = got[name] == value and same_type
    if not taken_as_is:
        assert name in caplog.text, "a setting that fell back leaves a line in the log"
        assert not loaded.intact
        assert not keep_window(Settings(**dict(got, window_width=1500)))
        assert settings_path().read_bytes() == raw, "the file is not overwritten behind the user's back"


@pytest.mark.parametrize("value", ["no", "yes", "true", 1, 0, [], {}, None])
def test_full_screen_is_on_only_for_true(config_dir, value):
    write(settings_path(), {"fullscreen": value})
    assert read_settings().settings.fullscreen is False


@pytest.mark.parametrize("value, expected", [(5, 1.0), (-1, 0.0), (0, 0.0), (1, 1.0), (0.5, 0.5)])
def test_numbers_out_of_range_are_clamped(config_dir, value, expected):
    write(settings_path(), {"volume": value, "window_width": 99_999})
    loaded = read_settings().settings
    assert loaded.volume == expected and loaded.window_width == WINDOW_WIDTHS[1]


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


WHOLE_FILES = {
    "a list": b"[1, 2, 3]",
    "a string": b'"settings"',
    "a number": b"1e999",
    "null": b"null",
    "deep nesting": deep(100_000),
    "nested a little": b'{"volume": ' + deep(50) + b"}",
    "empty": b"",
    "binary": bytes(range(256)) * 4,
    "truncated": json.dumps(GOOD).encode()[:40],
    "too large": b'{"volume": 0.5, "x": "' + b"y" * 200_000 + b'"}',
    "a huge number": b'{"window_width": ' + b"9" * 5000 + b"}",
}


@pytest.mark.parametrize("kind", list(WHOLE_FILES))
def test_a_file_of_the_wrong_shape_gives_the_defaults_and_is_kept(config_dir, kind, caplog):
    raw = write(settings_path(), WHOLE_FILES[kind])
    with caplog.at_level(logging.WARNING, logger="gamenight"):
        loaded = read_settings()
    assert_valid(loaded.settings)
    assert not loaded.intact and "settings" in caplog.text
    assert not keep_window(Settings(window_width=1500))
    assert settings_path().read_bytes() == raw


def test_a_byte_order_mark_is_no_harm(config_dir):
    write(settings_path(), b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert asdict(read_settings().settings) == GOOD


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_something_other_than_a_file_is_refused_without_blocking(config_dir, kind):
    path = settings_path()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero")
        path.symlink_to("/dev/zero")
    loaded = read_settings()
    assert not loaded.intact and asdict(loaded.settings) == asdict(Settings(language=loaded.settings.language))
    assert not keep_window(Settings(window_width=1500))


def test_the_window_size_is_kept_and_a_language_for_one_run_is_not(config_dir):
    write(settings_path(), GOOD)
    running = read_settings().settings
    running.language = "en"  # --lang en for this run
    running.window_width, running.window_height, running.fullscreen = 1500, 800, True
    assert keep_window(running)
    assert json.loads(settings_path().read_text(encoding="utf-8")) == dict(
        GOOD, window_width=1500, window_height=800, fullscreen=True)


def test_settings_the_user_saves_replace_a_broken_file(config_dir):
    write(settings_path(), b"[broken")
    chosen = Settings(language="ja", volume=0.1)
    save_settings(chosen)
    loaded = read_settings()
    assert loaded.intact and loaded.settings == chosen


def test_no_file_means_defaults_and_one_is_written_at_close(config_dir):
    loaded = read_settings()
    assert loaded.intact and loaded.read == {}
    assert keep_window(loaded.settings)
    assert read_settings().settings == loaded.settings


def test_nan_and_infinity_never_reach_the_settings(config_dir):
    write(settings_path(), b'{"volume": NaN, "window_width": Infinity, "window_height": -Infinity}')
    loaded = read_settings().settings
    assert_valid(loaded)
    assert not math.isnan(loaded.volume)
