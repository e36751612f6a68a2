"""Save files: ``user_data_dir("gamenight")/saves/<game>-<time>.json``.

A save holds the format id and version, the game id, the config, the seed, the starting position
(None for a fresh deal), the action log (chance outcomes included), the position reached, and a
summary for the load list (when it was saved, whether it is over, how far it got). A table hosted for
other computers adds its "net" record (the table code and the seats' tokens, so a resumed table can be
rejoined); core keeps it as it is given, a small JSON object, and reads nothing in it.

A client of a table hosted elsewhere keeps only a rejoin record per seat it holds (``rejoin.json`` in the
data directory: host, port, code, seat and token), never anything of the game itself.

Writes are atomic: the new save goes to a temporary file that is synced and then replaces the old
one, which is kept first as ``<name>.bak``. At every moment the save or its backup is whole, and the
list shows a save whose file is missing or damaged by its backup.

Reading is in two steps so the lists stay quick: ``list_saves`` reads each file's envelope and
summary (checked field by field, remembered until the file changes); ``check_save`` and
``load_save`` replay the log and compare the result with the stored position, when a save is opened.
Anything wrong gives a ``SaveError`` with a reason a person can read; a file is never changed or
deleted by reading it, whatever it holds (nothing but ordinary files of bounded size is opened).

Core knows no game: the functions that need one take ``games``, a mapping of game id to GameSpec.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from game.core.logs import log
from game.core.names import name_problem
from game.core.rules import SEAT_KINDS, GameConfig, IllegalAction, SeatConfig
from game.core.storage import (
    NotAFile,
    TooDeep,
    TooLarge,
    atomic_write_text,
    file_stamp,
    parse_json,
    read_bounded,
    remove_stale_temps,
)

if TYPE_CHECKING:
    from game.core.controller import Controller

FORMAT = "gamenight-save"
VERSION = 1
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""A long game's save is a few hundred KB; anything near this is not one of ours."""
MAX_DEPTH = 32
"""JSON nesting of a save: positions nest a handful of levels deep."""
MAX_ACTIONS = 20_000
"""The longest game of ours is a few thousand actions; this bounds the time a replay may take."""
MAX_SUMMARY_TEXT = 80
"""Characters of a summary string (a date, a text key, a field value) that reach the screen."""
MAX_DETAIL = 160
"""Characters of a reason's detail (an exception's text may quote a whole file)."""
BACKUP_SUFFIX = ".bak"
SAVE_SUFFIX = ".json"

GAME_ID = re.compile(r"[a-z0-9_]{1,40}")
TEXT_KEY = re.compile(r"[a-z0-9_.]{1,80}")
FIELD_NAME = re.compile(r"[a-z_][a-z0-9_]{0,39}")
RESERVED_FIELDS = frozenset(("key", "lang"))
"""Names ``tr`` keeps for itself: a progress field may not take them."""
MAX_SEATS = 16
MAX_NET_RECORD_CHARS = 4096
"""A table's code and a token per seat take a few hundred characters."""
AI_LEVELS = ("easy", "normal", "hard")


def bounded(text: str, limit: int = MAX_DETAIL) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SaveError(Exception):
    """A save that cannot be opened. ``key`` is an i18n key of the reason, ``fields`` fill it in
    (each cut short: a reason is one line on the screen)."""

    def __init__(self, key: str, **fields):
        fields = {name: bounded(value) if isinstance(value, str) else value for name, value in fields.items()}
        super().__init__(f"{key} {fields}" if fields else key)
        self.key = key
        self.fields = fields


def damaged(detail: str) -> SaveError:
    return SaveError("save.error.damaged", detail=detail)


def data_dir() -> Path:
    override = os.environ.get("GAMENIGHT_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("gamenight", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def new_save_path(game_id: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game_id}-{stamp}{SAVE_SUFFIX}"
    counter = 1
    while path.exists() or backup_path(path).exists():
        counter += 1
        path = saves_dir() / f"{game_id}-{stamp}-{counter}{SAVE_SUFFIX}"
    return path


# -- writing ------------------------------------------------------------------------------------

def save_record(controller: Controller, game_id: str, net: dict | None = None) -> dict:
    """The save of ``controller``'s game; ``net`` is a hosted table's record, kept as given."""
    ruleset = controller.ruleset
    key, fields = ruleset.progress(controller.state)
    record = {
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
    if net is not None:
        record["net"] = net
    return record


def save_text(controller: Controller, game_id: str, net: dict | None = None) -> str:
    """The save of ``controller``'s game as the file holds it."""
    return json.dumps(save_record(controller, game_id, net), ensure_ascii=False, separators=(",", ":"))


def write_save(path: Path, controller: Controller, game_id: str, net: dict | None = None,
               durable: bool = True) -> None:
    """Write atomically; the save it replaces is kept as ``<name>.bak``. With ``durable`` False the save is in
    place on return and synced to disk behind (``game.core.storage``)."""
    write_save_text(path, save_text(controller, game_id, net), durable)


def write_save_text(path: Path, text: str, durable: bool = True) -> None:
    """Write a ``save_text`` atomically, keeping the save it replaces as ``<name>.bak``."""
    atomic_write_text(path, text, backup=backup_path(path), durable=durable)


# -- reading and checking -----------------------------------------------------------------------

def read_json(path: Path):
    """The parsed JSON of a file the player named; SaveError when it is unreadable or not JSON."""
    try:
        data = read_bounded(path, MAX_SAVE_BYTES)
    except TooLarge as error:
        raise SaveError("save.error.too_large") from error
    except NotAFile as error:
        raise SaveError("save.error.not_a_file") from error
    except OSError as error:
        raise SaveError("save.error.unreadable", detail=error.strerror or str(error)) from error
    except ValueError as error:  # a path the system cannot even name (a NUL in it)
        raise SaveError("save.error.unreadable", detail=str(error)) from error
    try:
        return parse_json(data, MAX_DEPTH)
    except UnicodeDecodeError as error:
        raise SaveError("save.error.not_text") from error
    except TooDeep as error:
        raise SaveError("save.error.too_deep") from error
    except json.JSONDecodeError as error:
        raise damaged(f"{error.msg}, line {error.lineno}") from error
    except ValueError as error:  # a number too long to read, for one
        raise damaged(str(error)) from error


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seat(seat) -> SeatConfig:
    if not isinstance(seat, dict) or not {"kind", "name", "level"} <= seat.keys():
        raise damaged("seats")
    kind, name, level = seat["kind"], seat["name"], seat["level"]
    if kind not in SEAT_KINDS or level not in AI_LEVELS:
        raise damaged("seat kind or level")
    problem = name_problem(name)
    if problem:
        raise damaged(f"seat name: {problem}")
    return SeatConfig(kind, name, level)


def _check_config(config) -> GameConfig:
    if not isinstance(config, dict) or not isinstance(config.get("seats"), list):
        raise damaged("config")
    if not 1 <= len(config["seats"]) <= MAX_SEATS:
        raise damaged("seats")
    seats = tuple(_check_seat(seat) for seat in config["seats"])
    options = config.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(value, bool | int | float | str) for value in
                                                options.values()):
        raise damaged("options")
    return GameConfig(seats, dict(options))


def _check_summary(data: dict) -> None:
    """The fields only the load list shows must be what we write, or a screen could choke on them."""
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str) or len(saved_at) > MAX_SUMMARY_TEXT or not saved_at.isprintable():
        raise damaged("saved_at")
    if not isinstance(data.get("finished", False), bool):
        raise damaged("finished")
    progress = data.get("progress", {"key": "", "fields": {}})
    if not isinstance(progress, dict):
        raise damaged("progress")
    key, fields = progress.get("key", ""), progress.get("fields", {})
    if not isinstance(key, str) or (key and not TEXT_KEY.fullmatch(key)) or not isinstance(fields, dict):
        raise damaged("progress")
    for name, value in fields.items():
        if not FIELD_NAME.fullmatch(name) or name in RESERVED_FIELDS or not (
                _is_int(value) or isinstance(value, float) or
                (isinstance(value, str) and len(value) <= MAX_SUMMARY_TEXT and value.isprintable())):
            raise damaged("progress")


def check_record(data) -> dict:
    """``data`` if it is a save of a version we read with every field of the right type; else SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save.error.not_a_save")
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise damaged("version")
    if version > VERSION:
        raise SaveError("save.error.newer", version=version)
    if not isinstance(data.get("game"), str) or not GAME_ID.fullmatch(data["game"]):
        raise damaged("game")
    for key in ("config", "seed", "actions", "position"):
        if key not in data:
            raise damaged(key)
    _check_config(data["config"])
    if not _is_int(data["seed"]):
        raise damaged("seed")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(action, dict) for action in actions):
        raise damaged("actions")
    if len(actions) > MAX_ACTIONS:
        raise damaged(f"more than {MAX_ACTIONS} actions")
    if not isinstance(data["position"], dict) or not isinstance(data.get("start"), dict | None):
        raise damaged("position")
    _check_summary(data)
    if "net" in data:
        _check_net(data["net"])
    return data


def _check_net(net) -> None:
    """A hosted table's record: a small JSON object (what is in it is the network layer's to check)."""
    if not isinstance(net, dict) or len(json.dumps(net)) > MAX_NET_RECORD_CHARS:
        raise damaged("net")


def net_record(data: dict) -> dict | None:
    """The hosted table's record of a checked save, or None for a table of one screen."""
    return data.get("net")


def read_record(path: Path) -> dict:
    """The parsed file with every field checked; its log is not replayed yet."""
    return check_record(read_json(path))


def game_from_record(data: dict, games: Mapping):
    """(GameSpec, Controller) of a checked record: its log replayed up to the stored position."""
    spec = games.get(data["game"])
    if spec is None:
        raise SaveError("save.error.unknown_game", game=data["game"])
    config = _check_config(data["config"])
    try:
        if not spec.min_players <= config.players <= spec.max_players:
            raise ValueError(f"{config.players} players")
        config = GameConfig(config.seats, spec.saved_options(config.options))
    except (ValueError, TypeError, OverflowError) as error:
        raise damaged(f"config: {error}") from error
    try:
        from game.core.controller import Controller  # replaying is for loading; the title reads headers only

        controller = Controller(spec.ruleset, config, data["seed"], start=data.get("start"), actions=data["actions"])
    except IllegalAction as error:
        raise SaveError("save.error.illegal", detail=str(error)) from error
    except ValueError as error:  # how an engine refuses a position it cannot read
        raise damaged(str(error)) from error
    except Exception as error:  # noqa: BLE001 - whatever a file makes an engine trip on is the file's flaw
        log.warning("a save of %s made its engine fail", data["game"], exc_info=True)
        raise damaged(f"{type(error).__name__}: {error}") from error
    if not same_position(spec.ruleset, controller.state, data["position"]):
        raise SaveError("save.error.mismatch")
    return spec, controller


def same_position(ruleset, state, stored) -> bool:
    """Whether the replayed ``state`` is the ``stored`` position. A save written before its game's notation
    gained a field holds the older notation: that is read (and so brought up to date) before comparing."""
    replayed = ruleset.to_json(state)
    if replayed == stored:
        return True
    try:
        return replayed == ruleset.to_json(ruleset.from_json(stored))
    except Exception:  # noqa: BLE001 - a stored position the engine cannot read is not the replayed one
        return False


def load_save(path: Path, games: Mapping):
    """(GameSpec, Controller) of the save at ``path``; SaveError when it cannot be opened."""
    return game_from_record(read_record(path), games)


# -- the load list ------------------------------------------------------------------------------

@dataclass
class SaveInfo:
    """One line of the load list, read from the save's summary.

    ``path`` is the save; ``source`` the file it is read from: the save itself, or its backup when
    the save is missing or damaged (``main_error`` says why, None when it is missing). ``checked``
    is True once its log has been replayed (``check_save``).
    """

    path: Path
    modified: float
    source: Path | None = None
    game_id: str = ""
    seats: tuple = ()  # SeatConfig of each player
    saved_at: str = ""
    progress: tuple[str, dict] = ("", {})
    finished: bool = False
    error: SaveError | None = None
    main_error: SaveError | None = None
    checked: bool = False

    @property
    def damaged(self) -> bool:
        return self.error is not None

    @property
    def from_backup(self) -> bool:
        return self.source is not None and self.source != self.path


_summaries: dict[Path, tuple[tuple, SaveInfo]] = {}
_checks: dict[Path, tuple[tuple, SaveError | None]] = {}


def summarize(file: Path) -> SaveInfo:
    """The load-list line of one file (a save or a backup), remembered until the file changes."""
    stamp = file_stamp(file)
    known = _summaries.get(file)
    if known is not None and known[0] == stamp:
        return replace(known[1])
    info = SaveInfo(path=file, modified=_modified(file), source=file)
    try:
        data = read_record(file)
    except SaveError as error:
        info.error = error
    else:
        info.game_id = data["game"]
        info.seats = _check_config(data["config"]).seats
        info.saved_at = data.get("saved_at", "")
        info.finished = data.get("finished", False)
        progress = data.get("progress", {})
        info.progress = (progress.get("key", ""), dict(progress.get("fields", {})))
    _summaries[file] = (stamp, info)
    return replace(info)


def _modified(file: Path) -> float:
    try:
        return os.stat(file).st_mtime
    except (OSError, ValueError):
        return 0.0


def inspect_save(path: Path, known_games: Collection[str] | None = None) -> SaveInfo:
    """The load-list line of a save: from its file, or from its backup when the file is missing or
    damaged and the backup is whole. With ``known_games``, a save of another game is damaged."""
    backup = backup_path(path)
    main = summarize(path) if os.path.lexists(path) or not os.path.lexists(backup) else None
    if main is None or (main.damaged and os.path.lexists(backup)):
        kept = summarize(backup)
        if main is None or not kept.damaged:
            return _known(replace(kept, path=path, main_error=main.error if main else None), known_games)
    return _known(main, known_games)


def _known(info: SaveInfo, known_games: Collection[str] | None) -> SaveInfo:
    if known_games is not None and not info.damaged and info.game_id not in known_games:
        info.error = SaveError("save.error.unknown_game", game=info.game_id)
    return info


def check_save(info: SaveInfo, games: Mapping) -> SaveInfo:
    """``info`` with its log replayed and compared to its position (remembered until the file
    changes). When the save itself fails and its backup replays, the line is the backup's."""
    if info.damaged or info.checked:
        return info
    error = _replay_error(info.source, games)
    if error is not None and not info.from_backup:
        backup = backup_path(info.path)
        if os.path.lexists(backup):
            kept = summarize(backup)
            if not kept.damaged and _replay_error(backup, games) is None:
                return replace(kept, path=info.path, main_error=error, checked=True)
    return replace(info, checked=True, error=error)


def _replay_error(file: Path, games: Mapping) -> SaveError | None:
    stamp = file_stamp(file)
    known = _checks.get(file)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        load_save(file, games)
        error = None
    except SaveError as failure:
        error = failure
    _checks[file] = (stamp, error)
    return error


def save_names(folder: Path) -> list[Path]:
    """Every save in ``folder``, by its own name, whether its file or only its backup is there."""
    names = set()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        if name.endswith(SAVE_SUFFIX + BACKUP_SUFFIX):
            name = name[: -len(BACKUP_SUFFIX)]
        if name.endswith(SAVE_SUFFIX):
            names.add(folder / name)
    return sorted(names)


def list_saves(known_games: Collection[str] | None = None) -> list[SaveInfo]:
    """Every save, newest first, from its summary; damaged ones included with their reason.

    Temporary files left by writes that never finished are removed on the way.
    """
    folder = saves_dir()
    if not folder.is_dir():
        return []
    remove_stale_temps(folder)
    names = save_names(folder)
    present = set(names) | {backup_path(p) for p in names}
    for cache in (_summaries, _checks):
        for stale in [p for p in cache if p.parent == folder and p not in present]:
            del cache[stale]
    infos = [inspect_save(path, known_games) for path in names]
    infos.sort(key=lambda i: i.modified, reverse=True)
    return infos


def latest_unfinished(games: Mapping) -> SaveInfo | None:
    """The save "Continue" resumes: the newest one that is not over and replays."""
    for info in list_saves(games):
        if not info.damaged and not info.finished:
            info = check_save(info, games)
            if not info.damaged:
                return info
    return None


def resume_path(info: SaveInfo) -> Path:
    """Where a game opened from ``info`` goes on saving: its own file, unless that file is there
    but damaged (never overwritten): then a new one."""
    if info.from_backup and file_stamp(info.path) is not None:
        return new_save_path(info.game_id)
    return info.path


class Autosave:
    """Controller listener that writes the game after every action (and after an undo).

    ``net`` gives a hosted table's record at the moment of each write (``TableHost.net_record``). The save is
    in place when the listener returns (a listener after it, such as a host telling its friends, tells only
    what a killed program would resume from); its sync to disk happens behind, so no move waits on the disk.
    """

    def __init__(self, path: Path, game_id: str, net: Callable[[], dict] | None = None):
        self.path = path
        self.game_id = game_id
        self.net = net
        self.last_error: str | None = None
        self.writes = 0

    def __call__(self, controller: Controller, entry) -> None:
        try:
            durable = False  # in place now, synced to disk behind
            write_save(self.path, controller, self.game_id, self.net() if self.net else None, durable)
            self.writes += 1
            self.last_error = None
        except OSError as error:
            self.last_error = str(error)
            log.warning("autosave to %s failed: %s", self.path, error)


# -- a client's rejoin records --------------------------------------------------------------------

REJOIN_FILE = "rejoin.json"
MAX_REJOIN_BYTES = 64 * 1024
MAX_REJOINS = 32
"""Seats of tables hosted elsewhere remembered at once; the oldest is forgotten first."""
REJOIN_FIELDS = {"host": str, "port": int, "code": str, "seat": int, "token": str}


def rejoin_path() -> Path:
    return data_dir() / REJOIN_FILE


def _rejoin_entry(item) -> dict | None:
    """``item`` as a rejoin record when it is one (every field there, of its type, of bounded length)."""
    if not isinstance(item, dict):
        return None
    entry = {}
    for name, kind in REJOIN_FIELDS.items():
        value = item.get(name)
        if kind is int and not (_is_int(value) and 0 <= value <= 65535):
            return None
        if kind is str and not (isinstance(value, str) and 0 < len(value) <= 255 and value.isprintable()):
            return None
        entry[name] = value
    return entry


def read_rejoins() -> list[dict]:
    """The rejoin records kept, oldest first; a file that cannot be read holds none (it is left as it is)."""
    try:
        data = parse_json(read_bounded(rejoin_path(), MAX_REJOIN_BYTES), 4)
    except (OSError, ValueError):
        return []
    items = data.get("seats") if isinstance(data, dict) else None
    return [entry for entry in map(_rejoin_entry, items if isinstance(items, list) else []) if entry]


def _write_rejoins(entries: list[dict]) -> None:
    text = json.dumps({"seats": entries[-MAX_REJOINS:]}, ensure_ascii=False, indent=1)
    atomic_write_text(rejoin_path(), text)


def keep_rejoin(host: str, port: int, code: str, seat: int, token: str) -> None:
    """Remember how to rejoin ``seat`` of the table at ``host``:``port`` (the newest record of that seat
    replaces an older one). OSError when it cannot be written."""
    entry = _rejoin_entry({"host": host, "port": port, "code": code, "seat": seat, "token": token})
    if entry is None:
        raise ValueError("not a rejoin record")
    kept = [old for old in read_rejoins() if (old["host"], old["port"], old["code"], old["seat"]) !=
            (host, port, code, seat)]
    _write_rejoins(kept + [entry])


def find_rejoins(host: str, port: int, code: str) -> list[dict]:
    """The records of the seats this computer holds at that table."""
    return [entry for entry in read_rejoins() if (entry["host"], entry["port"], entry["code"]) == (host, port, code)]


def forget_rejoins(host: str, port: int, code: str) -> None:
    """Forget every seat of that table (its game is over, or its tokens were refused)."""
    entries = read_rejoins()
    kept = [entry for entry in entries if (entry["host"], entry["port"], entry["code"]) != (host, port, code)]
    if len(kept) != len(entries):
        _write_rejoins(kept)
