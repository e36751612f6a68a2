"""The screen shows nothing hidden from the person at it, in every game of the registry.

Hot-seat games, and games of one person against AIs, are played through the real app by easy AIs
deciding for the people (who pass every hand-off screen); whenever an action, the person at the screen
or the scene on top changes, the screen is drawn again from a second world the person at it cannot
tell from the real one, and must come out the same: pixels, status, tooltips, log and hint (see
``tests/scenes/privacy.py``). A game added to the registry is checked without a line here, once it
has a table.
"""

import pytest

from game.games import get_spec, tables
from tests.scenes.privacy import PrivacyRun, against_computers, arrangements

GAMES = sorted(tables())
QUICK_AGAINST_COMPUTERS = "copenhagen"
"""The game of one person against AIs checked in the quick tier (the quickest to play); every game is checked
in the slow one."""
TABLES = [(game_id, index) for game_id in GAMES for index in range(len(arrangements(get_spec(game_id))))]


def assert_private(run: PrivacyRun) -> None:
    assert run.checks > 0, "no frame of the table was checked"
    assert not run.leaks, f"{len(run.leaks)} frames leak, the first ones:\n" + "\n".join(run.leaks[:4])


@pytest.mark.parametrize(("game_id", "table"), TABLES)
def test_the_opening_of_a_hot_seat_game_shows_nothing_hidden(open_app, tmp_path, game_id, table):
    spec = get_spec(game_id)
    _, seats, options = arrangements(spec)[table]
    run = PrivacyRun(open_app(), spec, seats, options, seed=5, folder=tmp_path, tooltips_every=2)
    run.play(decisions=6)
    assert_private(run)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "table"), TABLES)
def test_whole_hot_seat_games_show_nothing_hidden(open_app, tmp_path, game_id, table):
    spec = get_spec(game_id)
    _, seats, options = arrangements(spec)[table]
    run = PrivacyRun(open_app(), spec, seats, options, seed=21 + table, folder=tmp_path, tooltips_every=8)
    run.play(decisions=300, stride=4)
    assert_private(run)


@pytest.mark.parametrize("game_id", [
    pytest.param(game_id, marks=() if game_id == QUICK_AGAINST_COMPUTERS else pytest.mark.slow) for game_id in GAMES])
def test_the_opening_of_a_game_against_computers_shows_nothing_hidden(open_app, tmp_path, game_id):
    spec = get_spec(game_id)
    run = PrivacyRun(open_app(), spec, against_computers(spec), spec.default_options(), seed=9, folder=tmp_path,
                     tooltips_every=2)
    run.play(decisions=6)
    assert_private(run)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_hundred_decisions_against_computers_show_nothing_hidden(open_app, tmp_path, game_id):
    """A long stretch rather than a whole game: the computers' turns between the person's make a whole game
    several times longer than a hot-seat one, and what they show is what the hot-seat games check whole."""
    spec = get_spec(game_id)
    run = PrivacyRun(open_app(), spec, against_computers(spec), spec.default_options(), seed=31, folder=tmp_path,
                     tooltips_every=4)
    run.play(decisions=100, stride=3)
    assert_private(run)
