"""User settings, kept in ``user_config_dir("gamenight")/settings.json``.

Each setting is read on its own: one that is missing or wrong (a hand edit, an older or newer game)
falls back to its default alone, with a line in the log, and the others keep their values. The file
is never overwritten behind the user's back: when it could not be read whole and right, it is only
replaced once the user changes a setting on the Settings screen; otherwise the game keeps what
changed on its own (the window size, full screen by F11) when it closes (``keep_window``), and the
last set-up of each game when one starts (``keep_setup``).

``setups`` remembers each game's last set-up for the new-game screen: ``{game id: {"players": n,
"kinds": ["human" | "ai:easy" | "ai:normal" | "ai:hard", ...], "names": [name, ...], "options":
{option: value}}}``. Each of these fields is checked alone, too: a wrong one is left out, and the
new-game screen checks the options against the game's own.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import platformdirs

from game.core.i18n import LANGUAGES, default_language
from game.core.logs import log
from game.core.names import MAX_NAME_LENGTH, is_valid_name
from game.core.storage import TooDeep, atomic_write_text, parse_json, read_bounded

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)
AI_PACINGS = ("slow", "normal", "fast")
AI_PACING_SECONDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2}
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080))
"""The window sizes the Settings screen offers (with the window's own size and full screen)."""
WINDOW_WIDTHS = (640, 7680)
WINDOW_HEIGHTS = (360, 4320)
MAX_SETTINGS_BYTES = 64 * 1024
MAX_DEPTH = 4
SEAT_KINDS = ("human", "ai:easy", "ai:normal", "ai:hard", "remote")
"""Who sits at a seat of a new game: a person, an AI of a level, or a friend invited from another computer."""
MAX_SEATS = 8
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")


def config_dir() -> Path:
    override = os.environ.get("GAMENIGHT_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("gamenight", appauthor=False))


@dataclass
class Settings:
    language: str = "en"
    volume: float = 0.7
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    animation_speed: float = 1.0
    ai_pacing: str = "normal"
    colour_blind: bool = False
    mute_ai_offers: bool = False
    setups: dict = field(default_factory=dict)

    @property
    def ai_delay(self) -> float:
        """Seconds an AI move waits so a person can follow it."""
        return AI_PACING_SECONDS[self.ai_pacing]


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _clamped(low: float, high: float):
    def check(value):
        if not _is_number(value):
            raise ValueError("not a number")
        return float(min(high, max(low, value)))
    return check


def _whole_clamped(bounds: tuple[int, int]):
    def check(value):
        if not _is_number(value) or value != int(value):
            raise ValueError("not a whole number")
        return min(bounds[1], max(bounds[0], int(value)))
    return check


def _one_of(choices: tuple):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, str | int | float) or value not in choices:
            raise ValueError(f"not one of {', '.join(map(str, choices))}")
        return choices[choices.index(value)]
    return check


def _on_off(value):
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _scalar(value) -> bool:
    return isinstance(value, bool | str) or (_is_number(value) and value == int(value))


def _setup(value) -> dict:
    """One game's remembered set-up, each field kept only when it is right."""
    if not isinstance(value, dict):
        return {}
    setup = {}
    if _whole(value.get("players"), 1, MAX_SEATS):
        setup["players"] = value["players"]
    kinds = value.get("kinds")
    if isinstance(kinds, list) and len(kinds) <= MAX_SEATS and all(kind in SEAT_KINDS for kind in kinds):
        setup["kinds"] = list(kinds)
    names = value.get("names")
    if isinstance(names, list) and len(names) <= MAX_SEATS and all(
            isinstance(name, str) and len(name) <= MAX_NAME_LENGTH and is_valid_name(name) for name in names):
        setup["names"] = list(names)
    options = value.get("options")
    if isinstance(options, dict):
        setup["options"] = {key: option for key, option in options.items()
                            if isinstance(key, str) and GAME_ID.fullmatch(key) and _scalar(option)}
    return setup


def _setups(value):
    if not isinstance(value, dict):
        raise ValueError("not a table of games")
    return {game: setup for game, setup in ((g, _setup(v)) for g, v in value.items())
            if isinstance(game, str) and GAME_ID.fullmatch(game) and setup}


CHECKS = {
    "language": _one_of(LANGUAGES),
    "volume": _clamped(0.0, 1.0),
    "fullscreen": _on_off,
    "window_width": _whole_clamped(WINDOW_WIDTHS),
    "window_height": _whole_clamped(WINDOW_HEIGHTS),
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "ai_pacing": _one_of(AI_PACINGS),
    "colour_blind": _on_off,
    "mute_ai_offers": _on_off,
    "setups": _setups,
}
"""Each setting's check: its value made valid (a number clamped into range), or ValueError."""


@dataclass
class Loaded:
    """Settings as read, and whether the game may rewrite the file on its own."""

    settings: Settings
    intact: bool
    """False when the file could not be read whole and right: then only the user replaces it."""
    read: dict
    """What the file held, field by field ({} when there was none)."""


def defaults() -> Settings:
    return Settings(language=default_language())


def settings_from(data: dict) -> tuple[Settings, bool]:
    """Settings from a file's mapping, each field checked alone; (settings, every field was fine)."""
    settings = defaults()
    fine = True
    for name, value in data.items():
        if name not in CHECKS:
            log.warning("settings: unknown setting %.40r left out", name)
            fine = False
            continue
        try:
            checked = CHECKS[name](value)
        except ValueError as reason:
            log.warning("settings: %s %.40r is %s; the default %r is used", name, value, reason,
                        getattr(settings, name))
            fine = False
            continue
        if checked != value:
            log.warning("settings: %s %.40r is out of range or partly wrong; %.80r is used", name, value, checked)
            fine = False
        setattr(settings, name, checked)
    return settings, fine


def settings_path() -> Path:
    return config_dir() / "settings.json"


def read_settings() -> Loaded:
    """The settings file read field by field; defaults where it is missing, unreadable or wrong."""
    path = settings_path()
    try:
        data = parse_json(read_bounded(path, MAX_SETTINGS_BYTES), MAX_DEPTH)
    except FileNotFoundError:
        return Loaded(defaults(), True, {})
    except (OSError, ValueError, TooDeep) as error:  # UnicodeDecodeError and JSON errors are ValueErrors
        log.warning("settings: %s cannot be read (%.200s); defaults are used and the file is kept", path, error)
        return Loaded(defaults(), False, {})
    if not isinstance(data, dict):
        log.warning("settings: %s holds no settings; defaults are used and the file is kept", path)
        return Loaded(defaults(), False, {})
    settings, fine = settings_from(data)
    return Loaded(settings, fine, asdict(settings))


def load_settings() -> Settings:
    return read_settings().settings


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), json.dumps(asdict(settings), indent=2))


def keep_window(settings: Settings) -> bool:
    """When the game closes: the window's size and full-screen state are written into the settings
    file, every other setting as the file holds it (a language given for one run stays out); nothing
    is written when the file is not whole and right. Whether it wrote."""
    loaded = read_settings()
    if not loaded.intact:
        return False
    kept = replace(loaded.settings, window_width=settings.window_width, window_height=settings.window_height,
                   fullscreen=settings.fullscreen)
    if asdict(kept) == loaded.read:
        return False
    save_settings(kept)
    return True


def keep_setup(game_id: str, setup: dict) -> bool:
    """When a game starts: its set-up is written into the settings file as ``setups[game_id]``, every
    other setting as the file holds it; nothing is written when the file is not whole and right.
    Whether it wrote."""
    loaded = read_settings()
    if not loaded.intact:
        return False
    kept = replace(loaded.settings, setups={**loaded.settings.setups, game_id: _setup(setup)})
    if asdict(kept) == loaded.read:
        return False
    save_settings(kept)
    return True
