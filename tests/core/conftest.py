import pytest

from game.ai import GreedyAgent
from game.games import GameSpec, OptionSpec
from tests.toy import PIG, pig_evaluate

PIG_SPEC = GameSpec(
    id="pig",
    name_key="app.title",
    min_players=2,
    max_players=4,
    ruleset=PIG,
    make_agent=lambda level: GreedyAgent(pig_evaluate),
    view="tests.toy:None",
    describe_event=lambda event, tr: event.kind,
    options=(OptionSpec("target", "app.title", 20, kind="int", low=5, high=100),),
)


@pytest.fixture
def pig_games():
    """The games the saves tests hand to the save functions: the toy game alone."""
    return {"pig": PIG_SPEC}


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """The game's folders kept in ``tmp_path``, and pygame's dummy drivers, for tests that run the program."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path
