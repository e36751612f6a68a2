"""Save files: ``user_data_dir("gamenight")/saves/<game>-<time>.json``.

A save holds the format id and version, the game id, the config, the seed, the starting position
(None for a fresh deal), the action log (chance outcomes included) and the position reached. Writes
are atomic and keep the previous save as ``.bak``. Loading replays the log and compares the result
with the stored position; anything wrong gives a ``SaveError`` with a reason a person can read, and
the file is never changed or deleted.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from game.core.controller import Controller
from game.core.logs import log
from game.core.rules import GameConfig, IllegalAction, SeatConfig
from game.core.storage import atomic_write_text

FORMAT = "gamenight-save"
VERSION = 1
MAX_SAVE_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A save that cannot be opened. ``key`` is an i18n key of the reason, ``fields`` fill it in."""

    def __init__(self, key: str, **fields):
        super().__init__(f"{key} {fields}" if fields else key)
        self.key = key
        self.fields = fields


def data_dir() -> Path:
    override = os.environ.get("GAMENIGHT_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("gamenight", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_save_path(game_id: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game_id}-{stamp}.json"
    counter = 1
    while path.exists():
        counter += 1
        path = saves_dir() / f"{game_id}-{stamp}-{counter}.json"
    return path


def save_record(controller: Controller, game_id: str) -> dict:
    ruleset = controller.ruleset
    key, fields = ruleset.progress(controller.state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "config": controller.config.to_json(),
        "seed": controller.seed,
        "start": controller.start,
        "actions": controller.actions(),
        "position": ruleset.to_json(controller.state),
        "finished": controller.over,
        "progress": {"key": key, "fields": fields},
    }


def write_save(path: Path, controller: Controller, game_id: str) -> None:
    """Write atomically; the save it replaces is kept as ``<name>.bak``."""
    text = json.dumps(save_record(controller, game_id), ensure_ascii=False, separators=(",", ":"))
    if path.exists():
        backup = path.with_suffix(path.suffix + ".bak")
        try:
            os.replace(path, backup)
        except OSError:
            pass
    atomic_write_text(path, text)


def read_json(path: Path):
    """The parsed JSON of a file the player named; SaveError when it is unreadable or not JSON."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise SaveError("save.error.unreadable", detail=str(error)) from error
    if size > MAX_SAVE_BYTES:
        raise SaveError("save.error.too_large")
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except UnicodeDecodeError as error:
        raise SaveError("save.error.not_text") from error
    except json.JSONDecodeError as error:
        raise SaveError("save.error.damaged", detail=f"{error.msg}, line {error.lineno}") from error
    except OSError as error:
        raise SaveError("save.error.unreadable", detail=str(error)) from error


def read_record(path: Path) -> dict:
    """The parsed file with its envelope checked (format, version, game known)."""
    from game.games import registry

    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save.error.not_a_save")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("save.error.damaged", detail="version")
    if version > VERSION:
        raise SaveError("save.error.newer", version=version)
    game_id = data.get("game")
    if game_id not in registry():
        raise SaveError("save.error.unknown_game", game=str(game_id))
    for key in ("config", "seed", "actions", "position"):
        if key not in data:
            raise SaveError("save.error.damaged", detail=key)
    if not isinstance(data["actions"], list) or not isinstance(data["seed"], int):
        raise SaveError("save.error.damaged", detail="actions")
    return data


def controller_from_record(data: dict) -> Controller:
    """Replay the record's log and check it reaches the stored position."""
    return game_from_record(data)[1]


def game_from_record(data: dict):
    """(GameSpec, Controller) of a checked record: its log replayed up to the stored position."""
    from game.games import get_spec

    spec = get_spec(data["game"])
    try:
        config = GameConfig.from_json(data["config"])
        if not spec.min_players <= config.players <= spec.max_players:
            raise ValueError("player count")
        config = GameConfig(config.seats, spec.validate_options(config.options))
    except (KeyError, TypeError, ValueError) as error:
        raise SaveError("save.error.damaged", detail=f"config: {error}") from error
    try:
        controller = Controller(spec.ruleset, config, data["seed"], start=data.get("start"), actions=data["actions"])
    except IllegalAction as error:
        raise SaveError("save.error.illegal", detail=str(error)) from error
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SaveError("save.error.damaged", detail=f"{type(error).__name__}: {error}") from error
    if spec.ruleset.to_json(controller.state) != data["position"]:
        raise SaveError("save.error.mismatch")
    return spec, controller


def load_save(path: Path):
    """(GameSpec, Controller) of the save at ``path``; SaveError when it cannot be opened."""
    return game_from_record(read_record(path))


@dataclass
class SaveInfo:
    """One line of the load screen."""

    path: Path
    modified: float
    game_id: str = ""
    seats: tuple = ()  # SeatConfig of each player
    saved_at: str = ""
    progress: tuple[str, dict] = ("", {})
    finished: bool = False
    error: SaveError | None = None

    @property
    def damaged(self) -> bool:
        return self.error is not None


def inspect_save(path: Path) -> SaveInfo:
    info = SaveInfo(path=path, modified=path.stat().st_mtime if path.exists() else 0.0)
    try:
        data = read_record(path)
        info.game_id = data["game"]
        info.saved_at = str(data.get("saved_at", ""))
        info.finished = bool(data.get("finished"))
        progress = data.get("progress") or {}
        info.progress = (str(progress.get("key", "")), dict(progress.get("fields", {})))
        seats = data["config"].get("seats", [])
        info.seats = tuple(SeatConfig.from_json(seat) for seat in seats)
        controller_from_record(data)
    except SaveError as error:
        info.error = error
    except (AttributeError, TypeError, KeyError, ValueError) as error:
        info.error = SaveError("save.error.damaged", detail=str(error))
    return info


def list_saves() -> list[SaveInfo]:
    """Every save, newest first; damaged ones included with their reason."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    infos = [inspect_save(p) for p in folder.glob("*.json")]
    infos.sort(key=lambda i: i.modified, reverse=True)
    return infos


def latest_unfinished() -> SaveInfo | None:
    """The save "Continue" resumes: the newest one that opens and is not over."""
    for info in list_saves():
        if not info.damaged and not info.finished:
            return info
    return None


class Autosave:
    """Controller listener that writes the game after every action (and after an undo)."""

    def __init__(self, path: Path, game_id: str):
        self.path = path
        self.game_id = game_id
        self.last_error: str | None = None
        self.writes = 0

    def __call__(self, controller: Controller, entry) -> None:
        try:
            write_save(self.path, controller, self.game_id)
            self.writes += 1
            self.last_error = None
        except OSError as error:
            self.last_error = str(error)
            log.warning("autosave to %s failed: %s", self.path, error)


