"""The log file: where it goes, what reaches it, and that an unwritable folder does not stop the game."""

import logging
import sys

from game.core.logs import LOG_NAME, log, log_dir, start_logging
from game.core.saves import Autosave


def flush() -> None:
    for handler in log.handlers:
        handler.flush()


def test_the_log_goes_where_the_override_says_and_records_uncaught_errors(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "excepthook", lambda *info: None)
    path = start_logging()
    assert path == log_dir() / LOG_NAME and path.parent == tmp_path / "logs"
    try:
        raise RuntimeError("a bug nobody saw")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    flush()
    text = path.read_text(encoding="utf-8")
    assert "Game Night starts" in text and "uncaught exception" in text and "a bug nobody saw" in text


def test_a_failed_autosave_is_logged(tmp_path, monkeypatch):
    from game.core import saves

    def full_disk(*args):
        raise OSError("disk full")

    start_logging()
    monkeypatch.setattr(saves, "write_save", full_disk)
    saver = Autosave(tmp_path / "game.json", "kahuna")
    saver(None, None)
    flush()
    assert saver.last_error == "disk full"
    assert "autosave" in (log_dir() / LOG_NAME).read_text(encoding="utf-8")


def test_an_unwritable_log_folder_is_no_error(tmp_path, monkeypatch):
    blocked = tmp_path / "plain-file"
    blocked.write_text("x", encoding="utf-8")
    monkeypatch.setenv("GAMENIGHT_LOG_DIR", str(blocked / "logs"))
    assert start_logging() is None
    logging.getLogger("gamenight").warning("still fine")
