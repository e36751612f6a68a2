"""The program's log file, in ``user_log_dir("gamenight")``: what went wrong where no console shows it.

A windowed build on Windows or macOS has no console, so an error that the game survives (an AI worker
that failed, a save that could not be written) or one it does not (an uncaught exception) would leave
no trace. They go to ``gamenight.log``, kept small by rotation. ``GAMENIGHT_LOG_DIR`` moves it
(tests and the self-test use that to stay out of the player's folders).
"""

from __future__ import annotations

import logging
import os
import platform
import stat
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs

LOG_NAME = "gamenight.log"
MAX_BYTES = 256_000
BACKUPS = 2

log = logging.getLogger("gamenight")


def log_dir() -> Path:
    override = os.environ.get("GAMENIGHT_LOG_DIR")
    return Path(override) if override else Path(platformdirs.user_log_dir("gamenight", appauthor=False))


def operating_system() -> str:
    """The system, its release and the machine, e.g. "Linux 6.1.0 x86_64", read without what
    ``platform.platform()`` costs at start-up (a ``uname -p`` process and a scan of the Python binary)."""
    return f"{platform.system()} {platform.release()} {platform.machine()}"


def start_logging() -> Path | None:
    """Send the program's log to its file and record uncaught exceptions; the file's path, or None
    when it cannot be written (the game runs on without it). Something other than an ordinary file
    in its place (a folder, a FIFO that would block the start) is left alone."""
    path = log_dir() / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and not stat.S_ISREG(path.stat().st_mode):
            return None
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for old in [h for h in log.handlers if isinstance(h, RotatingFileHandler)]:
        log.removeHandler(old)
        old.close()
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    previous_hook = sys.excepthook

    def record_uncaught(kind, value, traceback) -> None:
        log.critical("uncaught exception", exc_info=(kind, value, traceback))
        previous_hook(kind, value, traceback)

    sys.excepthook = record_uncaught
    frozen = " (built program)" if getattr(sys, "frozen", False) else ""
    log.info("Game Night starts%s: Python %s on %s", frozen, platform.python_version(),
             operating_system())
    return path
