"""The command line's ``--autoplay`` plays whole Cannonades games with five AI captains."""

from __future__ import annotations

import json

import pytest

from game.cli import run


@pytest.mark.slow
def test_autoplay_with_five_ais_prints_one_json_line_per_game(capsys):
    seats = ",".join(["ai:easy"] * 5)
    assert run(["--autoplay", "--game", "cannonades", "--seats", seats, "--games", "2", "--seed", "11"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert [line["seed"] for line in lines] == [11, 12]
    for line in lines:
        assert line["game"] == "cannonades" and line["seats"] == ["ai:easy"] * 5
        assert len(line["scores"]) == 5 and line["actions"] > 20
        assert line["winner"] is None or 0 <= line["winner"] < 5
