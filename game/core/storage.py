"""Files the game writes and reads: whole or not at all, and never a trap.

Writes go to a temporary file beside the target, are synced to disk, then ``os.replace`` it; the
file being replaced can first be kept as a backup, by a hard link (or a copy where the file system
has none), so at every moment the target or its backup holds a whole file. A crash can leave a
temporary file behind; ``remove_stale_temps`` clears those.

A write that must be in place before the program says anything about it, and cannot wait for the disk
(a hosted table's save before its answer goes out), is made with ``durable=False``: the replace happens at
once, which a killed process cannot undo (the data is in the system's cache), and only the sync to disk,
which matters for a power cut or a crashed system, is done on a thread of its own (``wait_for_syncs``).

Reads of files a person may have put there (saves, settings) are bounded: only ordinary files are
opened (a FIFO, a device such as ``/dev/zero`` or a folder is refused without opening it, so nothing
blocks), and at most ``limit`` bytes are read.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import stat
import tempfile
import threading
import time
from pathlib import Path

from game.core.logs import log

TEMP_SUFFIX = ".tmp"
WRITE_CHUNK = 1 << 20
STALE_SECONDS = 120.0
"""A temporary file this old is left from a write that never finished (a write takes milliseconds)."""


class NotAFile(OSError):
    """The path names something other than an ordinary file (a folder, a FIFO, a device...)."""


class TooLarge(OSError):
    """The file is larger than any the game would read there."""


class TooDeep(ValueError):
    """JSON nested deeper than any file of the game is."""


def _temp_beside(path: Path) -> tuple[int, str]:
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}")


def _remove_quietly(name: str | Path) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view[:WRITE_CHUNK])
        view = view[written:]


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_as_backup(path: Path, backup: Path) -> None:
    """Make ``backup`` hold what ``path`` holds now, never leaving ``path`` missing meanwhile."""
    staged = _temp_name(backup)
    try:
        try:
            os.link(path, staged)
        except FileNotFoundError:
            return  # nothing to keep yet
        except OSError:
            shutil.copyfile(path, staged)  # no hard links on this file system
            with open(staged, "rb+") as handle:
                os.fsync(handle.fileno())
        os.replace(staged, backup)
    except BaseException:
        _remove_quietly(staged)
        raise


def atomic_write_bytes(path: Path, data: bytes, backup: Path | None = None, durable: bool = True) -> None:
    """Write ``data`` to ``path`` atomically; with ``backup``, what ``path`` held is kept there first
    (when that fails, the write goes on: the new file matters more). With ``durable`` False the file is in
    place on return and synced to disk behind (see the module's docstring)."""
    durable = durable or not BACKGROUND_SYNC
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = _temp_beside(path)
    try:
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if backup is not None:
            try:
                _keep_as_backup(path, backup)
            except OSError as error:  # the new file matters more than the copy of the old one
                log.warning("could not keep %s as %s: %s", path.name, backup.name, error)
        os.replace(temp, path)
    except BaseException:
        _remove_quietly(temp)
        raise
    if durable:
        _sync_folder(path.parent)
    else:
        _syncs.add(path)


def atomic_write_text(path: Path, text: str, backup: Path | None = None, durable: bool = True) -> None:
    """``atomic_write_bytes`` of ``text`` in UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8"), backup, durable)


BACKGROUND_SYNC = os.name == "posix"
"""Where a file can be synced by opening it again without holding up its next replace (elsewhere an open
file may not be replaced, so every write syncs before its replace)."""


SYNC_PAUSE_SECONDS = 1.0
"""Between two rounds of background syncs: a file written many times a second is synced about once a second,
and the disk's journal is not kept busy by every write (a rename waiting on it would hold up the writer)."""


class _BackgroundSyncs:
    """Files written without a sync, synced on a daemon thread in rounds: each path once a round however often
    it was written meanwhile (the sync covers its newest content), each folder once."""

    def __init__(self):
        self.condition = threading.Condition()
        self.waiting: set[Path] = set()
        self.syncing = 0
        self.hurry = False
        self.thread: threading.Thread | None = None

    def add(self, path: Path) -> None:
        with self.condition:
            self.waiting.add(path)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="file-sync", daemon=True)
                self.thread.start()
            self.condition.notify_all()

    def wait(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self.condition:
            self.hurry = True
            self.condition.notify_all()
            while self.waiting or self.syncing:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.condition.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self.condition:
                while not self.waiting:
                    self.condition.wait()
                paths, self.waiting = self.waiting, set()
                self.syncing = len(paths)
            for path in paths:
                _sync_file(path)
            for folder in {path.parent for path in paths}:
                _sync_folder(folder)
            with self.condition:
                self.syncing = 0
                self.condition.notify_all()
                pause_until = time.monotonic() + SYNC_PAUSE_SECONDS
                while not self.hurry and time.monotonic() < pause_until:
                    self.condition.wait(pause_until - time.monotonic())
                self.hurry = False


def _sync_file(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return  # replaced or removed meanwhile: whatever replaced it has its own sync coming
    try:
        os.fsync(fd)
    except OSError as error:
        log.warning("could not sync %s to disk: %s", path.name, error)
    finally:
        os.close(fd)


_syncs = _BackgroundSyncs()


def wait_for_syncs(timeout: float = 10.0) -> bool:
    """Wait until every file written with ``durable=False`` is synced to disk; True when they are."""
    return _syncs.wait(timeout)


def is_temp(path: Path) -> bool:
    """Is this one of the temporary files ``atomic_write_bytes`` makes?"""
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def remove_stale_temps(folder: Path, older_than: float = STALE_SECONDS) -> int:
    """Delete temporary files in ``folder`` left by writes that never finished; how many went."""
    removed = 0
    cutoff = time.time() - older_than
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if is_temp(Path(entry.name)) and entry.is_file(follow_symlinks=False) and \
                    entry.stat(follow_symlinks=False).st_mtime < cutoff:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def file_stamp(path: Path) -> tuple | None:
    """What changes whenever the file's content may have changed; None when there is no such file."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_mode)


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of an ordinary file of at most ``limit`` bytes.

    Raises ``NotAFile`` for anything else (checked before opening, so a FIFO never blocks, and again
    on the open file), ``TooLarge`` past ``limit``, and OSError when it cannot be read.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotAFile(f"not an ordinary file: {path.name}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"not an ordinary file: {path.name}")
        if info.st_size > limit:
            raise TooLarge(f"{path.name} is larger than {limit} bytes")
        chunks = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(WRITE_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise TooLarge(f"{path.name} is larger than {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def parse_json(data: bytes, max_depth: int):
    """The JSON value in ``data`` (UTF-8, a byte order mark allowed), nested at most ``max_depth`` deep.

    Raises UnicodeDecodeError, ValueError (json.JSONDecodeError for bad syntax) or ``TooDeep``.
    """
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except RecursionError as error:
        raise TooDeep(f"nested more than {max_depth} deep") from error
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > max_depth:
            raise TooDeep(f"nested more than {max_depth} deep")
        pending.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return value
