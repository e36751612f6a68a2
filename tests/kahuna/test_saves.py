"""Saves keep the rules they were played with: one written before the anti-stall rule became an option."""

from pathlib import Path

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.core.saves import load_save, write_save
from game.games import registry
from game.games.kahuna import SPEC

OLD_SAVE = Path(__file__).parent / "saves" / "before_anti_stall_option.json"
"""Two people, round 1: seat 1 ended its last turn without drawing, holding no card; seat 0 has built since."""


def test_a_save_from_before_the_option_loads_with_the_anti_stall_rule():
    spec, controller = load_save(OLD_SAVE, registry())
    assert spec is SPEC and controller.config.options["anti_stall"] is True
    state = controller.state
    assert state.options.anti_stall and state.must_draw and controller.to_act() == 0 and state.hand_sizes == [2, 0]
    assert {"type": "pass"} not in controller.legal_actions()
    assert {"type": "draw", "source": "pile"} in controller.legal_actions()


def test_a_new_game_saved_and_loaded_keeps_the_seed_rule(tmp_path):
    seats = (SeatConfig("human", "A"), SeatConfig("human", "B"))
    controller = Controller(SPEC.ruleset, GameConfig(seats, SPEC.default_options()), 5)
    controller.advance_chance()
    controller.submit({"type": "pass"})
    path = tmp_path / "kahuna.json"
    write_save(path, controller, "kahuna")
    _, loaded = load_save(path, registry())
    assert loaded.config.options["anti_stall"] is False
    assert {"type": "pass"} in loaded.legal_actions()
