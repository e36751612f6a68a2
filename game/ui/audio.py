"""The audio service: short sound effects from ``sounds/``, one shared instance.

``Audio`` starts the mixer itself and stays silent, without errors, when there is no audio device
(a failed mixer start, a missing mixer module) or under ``SDL_AUDIODRIVER=dummy`` (where sounds
"play" into nothing). Then "sound is off" goes once to the log, and nothing to the terminal: what the
audio library writes there while a device is looked for (``start_pygame`` and the mixer's start) is
kept off it. Sounds are loaded on first use from ``sounds/<name>.wav`` and kept; they are
a few KB each, so the first play costs well under a frame. Unknown names are ignored (and logged once).

The app creates one ``Audio`` and registers it with ``set_audio``; scenes, widgets and game views
reach it through ``get_audio()``. Before that, ``get_audio()`` gives a silent stand-in.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time

import pygame

from game.resources import resource_path

log = logging.getLogger("gamenight.audio")

FREQUENCY = 44100
CHANNELS = 16
REPEAT_GAP = 0.03  # the same sound started again within this many seconds is dropped


@contextlib.contextmanager
def terminal_kept_quiet():
    """What C libraries write to the terminal meanwhile goes nowhere (ALSA on a computer without sound
    prints a dozen errors for each device it looks for). Without a terminal (a windowed build) nothing
    changes."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "wb") as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def start_pygame() -> None:
    """``pygame.init()``, which looks for an audio device too, kept off the terminal; a failed look is
    said once in the log when ``Audio`` tries again."""
    with terminal_kept_quiet():
        pygame.init()


def _clamp(value: float) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        return 1.0
    if value != value:  # NaN
        return 1.0
    return min(1.0, max(0.0, value))


class Audio:
    """Plays named sound effects at one master volume (0.0-1.0)."""

    def __init__(self, volume: float = 1.0, start_mixer: bool = True):
        self._volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._last_started: dict[str, float] = {}
        self._reported: set[str] = set()
        self._muted = False
        self._mixer = self._start_mixer() if start_mixer else False

    # -- state ------------------------------------------------------------------------------
    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                with terminal_kept_quiet():
                    pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(CHANNELS)
            return bool(pygame.mixer.get_init())
        except Exception as error:  # no device, no mixer module, a broken driver: play nothing
            log.info("sound is off: %s", error)
            return False

    @property
    def enabled(self) -> bool:
        """True when sounds are heard: a working mixer, not muted, volume above zero."""
        return self._mixer and not self._muted and self._volume > 0.0

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._muted = not value
        if self._muted:
            self.stop()

    @property
    def available(self) -> bool:
        """True when a mixer is running (whether or not sound is muted)."""
        return self._mixer

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._volume)

    # -- playing ----------------------------------------------------------------------------
    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        path = resource_path("sounds", f"{name}.wav")
        if not name or "/" in name or "\\" in name or not path.is_file():
            self._report(name, f"unknown sound {name!r} ignored")
        else:
            try:
                sound = pygame.mixer.Sound(str(path))
                sound.set_volume(self._volume)
            except Exception as error:
                self._report(name, f"sound {name!r} could not be loaded: {error}")
        self._sounds[name] = sound
        return sound

    def _report(self, key: str, message: str) -> None:
        """Log ``message`` the first time something goes wrong with ``key``."""
        if key not in self._reported:
            self._reported.add(key)
            log.warning("%s", message)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Start sound ``name`` (``volume`` scales the master volume for this one play)."""
        if not self.enabled:
            return
        sound = self._load(name)
        if sound is None:
            return
        now = time.monotonic()
        if now - self._last_started.get(name, -1.0) < REPEAT_GAP:
            return
        self._last_started[name] = now
        try:
            channel = sound.play()
            if channel is not None and volume != 1.0:
                channel.set_volume(_clamp(volume))
        except Exception as error:
            self._report(f"play:{name}", f"sound {name!r} failed: {error}")

    def preload(self, *names: str) -> None:
        """Load sounds now rather than on first use."""
        if self._mixer:
            for name in names:
                self._load(name)

    def stop(self) -> None:
        """Stop everything playing."""
        if self._mixer:
            try:
                pygame.mixer.stop()
            except Exception:
                pass


_audio: Audio | None = None


def get_audio() -> Audio:
    """The shared audio service (a silent one until ``set_audio`` registers the app's)."""
    global _audio
    if _audio is None:
        _audio = Audio(0.0, start_mixer=False)
    return _audio


def set_audio(audio: Audio | None) -> None:
    global _audio
    _audio = audio
