"""Cities & Knights in the registry: offered with its table, AI seats that play,
and a log line in both languages for every event a game makes."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games import get_spec, registry, tables
from game.games.catan_ck import SPEC
from game.games.catan_ck.ai import CitiesKnightsAgent
from game.games.catan_ck.rules import RULES
from tests.support import config_for

ROOT = Path(__file__).resolve().parents[2]


def test_registered_with_its_table_and_offered_in_new_game():
    assert registry()["catan_ck"] is SPEC and get_spec("catan_ck") is SPEC
    assert SPEC.has_table and "catan_ck" in tables() and "catan" in tables()
    assert SPEC.view_class().__name__ == "CitiesKnightsTable"
    assert (SPEC.min_players, SPEC.max_players, SPEC.default_options()["victory_points"]) == (3, 4, 13)


def test_the_seats_map_to_the_cities_and_knights_players():
    for level in ("easy", "normal", "hard"):
        agent = SPEC.make_agent(level)
        assert isinstance(agent, CitiesKnightsAgent) and agent.level == level
    with pytest.raises(ValueError):
        SPEC.make_agent("grandmaster")


def test_autoplay_plays_a_game_to_the_end_from_the_command_line(capsys):
    from game.cli import run

    assert run(["--autoplay", "--game", "catan_ck", "--seats", "ai:easy,ai:normal,ai:easy", "--seed", "2"]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["game"] == "catan_ck" and line["winner"] is not None and max(line["scores"]) >= 13


def test_a_position_opens_on_the_table(tmp_path):
    position = tmp_path / "position.json"
    position.write_text(json.dumps(RULES.to_json(RULES.new_game(config_for(4, {"layout": "beginner"})))))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GAMENIGHT_DATA_DIR=str(tmp_path / "data"),
               GAMENIGHT_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "main.py", "--game", "catan_ck", "--load", str(position), "--headless",
                           "--frames", "3"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_of_a_game_has_a_log_line_in_both_languages(lang):
    def text(key, **fields):
        return tr(key, lang, **fields)

    rng = random.Random(4)
    state = RULES.new_game(config_for(4))
    kinds = set()
    while (seat := RULES.to_act(state)) is not None:
        action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
        for event in RULES.apply(state, action):
            for viewer in (None, 0):
                data = event.seen_by(viewer)
                if data is None:
                    continue
                line = SPEC.describe_event(type(event)(event.kind, data), text)
                if line is not None:
                    kinds.add(event.kind)
                    assert "catan_ck." not in line and "catan." not in line, line
    assert {"attack", "played", "progress_drawn", "improved", "knight", "produced", "game_over"} <= kinds
    assert all(tr(f"{page}.title", lang) != f"{page}.title" for page in SPEC.rules_pages)


def test_game_over_figures_are_counted_from_the_log():
    from game.core.controller import Controller

    controller = Controller(RULES, config_for(3), seed=6)
    rng = random.Random(6)
    while controller.to_act() is not None:
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(rng.choice(controller.legal_actions()))
    figures = dict(SPEC.statistics(controller))
    assert figures["catan.stat.points"] == list(RULES.result(controller.state).scores)
    assert all(len(values) == 3 for values in figures.values())
    assert sum(figures["catan.stat.produced"]) >= 6  # at least the starting cards of three cities
    played = sum(1 for entry in controller.log for event in entry.events if event.kind == "played")
    assert sum(figures["catan_ck.stat.progress"]) == played
