"""Every test keeps the program's log file in its own temporary folder, never in the player's."""

import pytest


@pytest.fixture(autouse=True)
def private_log_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_LOG_DIR", str(tmp_path / "logs"))
