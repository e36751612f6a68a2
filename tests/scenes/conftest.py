import pytest

from tests.uidriver import make_app


@pytest.fixture
def open_app(tmp_path, monkeypatch):
    """Makes real apps (``make_app`` settings, e.g. a window size) with files kept in ``tmp_path``;
    their scenes are closed at the end of the test."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    made = []

    def open_one(**settings):
        made.append(make_app(**settings))
        return made[-1]

    yield open_one
    for application in made:
        for scene in list(application.scenes):
            scene.on_exit()


@pytest.fixture
def app(open_app):
    return open_app()
