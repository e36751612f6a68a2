import pytest

from tests.uidriver import make_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    application = make_app()
    yield application
    for scene in list(application.scenes):
        scene.on_exit()
