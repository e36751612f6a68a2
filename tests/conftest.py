"""Every test keeps the program's log file in its own temporary folder, never in the player's, and its
AIs think by iteration count alone, so a failing seed reproduces on any machine however busy."""

import pytest

from game.ai import set_time_caps


@pytest.fixture(autouse=True, scope="session")
def iteration_budgets():
    set_time_caps(False)
    yield
    set_time_caps(True)


@pytest.fixture(autouse=True)
def private_log_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_LOG_DIR", str(tmp_path / "logs"))
