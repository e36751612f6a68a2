"""The audio service under the dummy driver, and the generated sound files themselves."""

from __future__ import annotations

import logging
import os
import struct
import subprocess
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.resources import resource_path  # noqa: E402
from game.ui import audio as audio_module  # noqa: E402
from game.ui.audio import Audio, get_audio, set_audio  # noqa: E402

SOUNDS = resource_path("sounds")
NAMES = ["click", "hover", "card_slide", "card_flip", "place", "bridge", "stone", "capture", "remove", "dice",
         "cannon", "splash", "sink", "chime", "coin", "error", "victory"]


@pytest.fixture(autouse=True)
def _fresh_mixer():
    yield
    set_audio(None)
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def read_wav(path):
    """(wave parameters, samples as ints) of a 16-bit file."""
    with wave.open(str(path), "rb") as handle:
        params = handle.getparams()
        frames = handle.readframes(params.nframes)
    return params, list(struct.unpack(f"<{params.nframes * params.nchannels}h", frames))


# -- the service -------------------------------------------------------------------------------

def test_a_computer_without_sound_says_so_once_in_the_log_and_nothing_on_the_terminal(tmp_path):
    """ALSA with no device to open (an empty configuration) writes its errors to the terminal each time a
    device is looked for; the game keeps them off it and logs one line."""
    empty = tmp_path / "alsa.conf"
    empty.write_text("\n", encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", ALSA_CONFIG_PATH=str(empty),
               GAMENIGHT_LOG_DIR=str(tmp_path / "log"), GAMENIGHT_CONFIG_DIR=str(tmp_path / "config"),
               GAMENIGHT_DATA_DIR=str(tmp_path / "data"))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "main.py"), "--frames", "3"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout == ""
    log = (tmp_path / "log" / "gamenight.log").read_text(encoding="utf-8")
    assert log.count("sound is off") == 1, log


def test_every_sound_plays_silently_under_the_dummy_driver():
    audio = Audio(0.5)
    assert audio.available and audio.enabled
    for name in NAMES:
        audio.play(name)
        assert audio._sounds[name] is not None, name
    assert sorted(audio._sounds) == sorted(NAMES)
    audio.stop()


def test_sounds_load_once():
    audio = Audio(0.5)
    audio.play("click")
    first = audio._sounds["click"]
    audio.play("click")
    audio.preload("click", "chime")
    assert audio._sounds["click"] is first
    assert audio._sounds["chime"] is not None


def test_unknown_names_are_ignored_and_logged_once(caplog):
    audio = Audio(0.5)
    with caplog.at_level(logging.WARNING, logger=audio_module.__name__):
        for _ in range(3):
            audio.play("no_such_sound")
        audio.play("../sounds/click")
        audio.play("")
    assert audio._sounds["no_such_sound"] is None
    assert sum("no_such_sound" in record.getMessage() for record in caplog.records) == 1


def test_volume_is_clamped_and_reaches_loaded_sounds():
    audio = Audio(2.0)
    assert audio.volume == 1.0
    audio.play("coin")
    audio.set_volume(0.25)
    assert audio.volume == 0.25
    assert audio._sounds["coin"].get_volume() == pytest.approx(0.25, abs=0.01)
    audio.set_volume(-1)
    assert audio.volume == 0.0 and not audio.enabled
    audio.play("dice")  # silent at volume 0: nothing loaded, nothing raised
    assert "dice" not in audio._sounds
    audio.set_volume(float("nan"))
    assert 0.0 <= audio.volume <= 1.0


def test_mute_switch():
    audio = Audio(0.8)
    audio.enabled = False
    assert not audio.enabled and audio.available
    audio.play("chime")
    assert "chime" not in audio._sounds
    audio.enabled = True
    assert audio.enabled


def test_a_failed_mixer_start_leaves_a_silent_service(monkeypatch):
    if pygame.mixer.get_init():
        pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio(1.0)
    assert not audio.available and not audio.enabled
    for name in [*NAMES, "no_such_sound"]:
        audio.play(name)
    audio.set_volume(0.3)
    audio.preload("click")
    audio.stop()
    assert audio._sounds == {}


def test_shared_accessor():
    set_audio(None)
    stand_in = get_audio()
    assert get_audio() is stand_in and not stand_in.enabled
    stand_in.play("click")  # silent before the app registers its service
    audio = Audio(0.4)
    set_audio(audio)
    assert get_audio() is audio


# -- the files ---------------------------------------------------------------------------------

def test_every_sound_file_exists_and_no_stray_ones():
    present = sorted(path.stem for path in SOUNDS.glob("*.wav"))
    assert present == sorted(NAMES)
    assert sum(path.stat().st_size for path in SOUNDS.glob("*.wav")) < 600 * 1024


@pytest.mark.parametrize("name", NAMES)
def test_sound_file_is_short_soft_and_not_clipped(name):
    params, samples = read_wav(SOUNDS / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    assert 0.02 < params.nframes / params.framerate < 2.0
    peak = max(abs(s) for s in samples)
    assert 0 < peak <= 32767 * 0.9, "peaks stay below -1 dBFS"
    assert not any(abs(s) >= 32767 for s in samples), "no clipped samples"
    # the ends ramp to silence: no click at start or stop
    assert abs(samples[0]) < 64 and abs(samples[-1]) < 64
    assert max(abs(s) for s in samples[-20:]) < peak * 0.05
    assert abs(sum(samples) / len(samples)) < 200, "no DC offset"


def test_sounds_have_comparable_loudness():
    def loudness(samples: list[int], window: int = 1102) -> float:
        window = min(window, len(samples))
        running = sum(s * s for s in samples[:window])
        best = running
        for i in range(window, len(samples)):
            running += samples[i] ** 2 - samples[i - window] ** 2
            best = max(best, running)
        return (best / window) ** 0.5

    levels = {name: loudness(read_wav(SOUNDS / f"{name}.wav")[1]) for name in NAMES}
    main = [level for name, level in levels.items() if name != "hover"]
    assert max(main) / min(main) < 10 ** (6 / 20), levels  # within 6 dB of each other
    assert levels["hover"] < min(main), "the hover tick is the softest"
