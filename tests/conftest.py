"""Every test keeps the program's log file in its own temporary folder, never in the player's, its AIs
think by iteration count alone, so a failing seed reproduces on any machine however busy, and it starts
in English whatever the test before it left."""

import pytest

from game.ai import set_time_caps
from game.core import i18n


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Slow tests run first: under ``--dist worksteal`` a whole game that starts last keeps one core busy
    while the other has nothing left to take."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True, scope="session")
def iteration_budgets():
    set_time_caps(False)
    yield
    set_time_caps(True)


@pytest.fixture(autouse=True)
def private_log_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_LOG_DIR", str(tmp_path / "logs"))


@pytest.fixture(autouse=True)
def english():
    """The app sets the language of the whole process from its settings: a Japanese table in one test
    would otherwise turn the text of the next one Japanese."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
