"""User settings, kept in ``user_config_dir("gamenight")/settings.json``.

A damaged settings file is never overwritten behind the user's back: the defaults are used, and the
file is only replaced when the user changes a setting.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from game.core.i18n import LANGUAGES, default_language
from game.core.storage import atomic_write_text

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)
AI_PACINGS = ("slow", "normal", "fast")
AI_PACING_SECONDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2}


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

    def clean(self) -> Settings:
        """Clamp every field into its allowed range (hand edits must not break the game)."""
        if self.language not in LANGUAGES:
            self.language = default_language()
        self.volume = min(1.0, max(0.0, float(self.volume)))
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = 1.0
        if self.ai_pacing not in AI_PACINGS:
            self.ai_pacing = "normal"
        self.window_width = min(7680, max(640, int(self.window_width)))
        self.window_height = min(4320, max(360, int(self.window_height)))
        self.fullscreen = bool(self.fullscreen)
        self.colour_blind = bool(self.colour_blind)
        return self

    @property
    def ai_delay(self) -> float:
        """Seconds an AI move waits so a person can follow it."""
        return AI_PACING_SECONDS[self.ai_pacing]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    path = settings_path()
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        known = {f.name for f in fields(Settings)}
        return Settings(**{k: v for k, v in data.items() if k in known}).clean()
    except FileNotFoundError:
        return Settings(language=default_language())
    except (OSError, ValueError, TypeError):
        return Settings(language=default_language())


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), json.dumps(asdict(settings), indent=2))
