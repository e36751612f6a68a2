"""Saves keep the rules they were played with: one written before the first turn's draw became the default."""

from pathlib import Path

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.core.saves import load_save, write_save
from game.games import registry
from game.games.cannonades import SPEC

OLD_SAVE = Path(__file__).parent / "saves" / "before_first_draw_option.json"
"""Three people: seat 0 has begun its first turn (without a draw) and not acted yet."""


def test_a_save_from_before_the_option_loads_with_bgas_first_turn():
    spec, controller = load_save(OLD_SAVE, registry())
    assert spec is SPEC and controller.config.options["first_draw"] == "bga"
    state = controller.state
    assert state.turns_taken == [1, 0, 0] and [len(hand) for hand in state.hands] == [5, 5, 5]
    controller.submit(next(a for a in controller.legal_actions() if a["type"] == "add"))
    controller.submit({"type": "end"})  # 4 cards left: within the limit of 3 players + 1
    assert state.current == 1 and state.first_turn and controller.to_act() == 1  # no draw step


def test_a_new_game_saved_and_loaded_draws_on_the_first_turn(tmp_path):
    seats = tuple(SeatConfig("human", name) for name in "ABC")
    controller = Controller(SPEC.ruleset, GameConfig(seats, SPEC.default_options()), 5)
    controller.advance_chance()
    path = tmp_path / "cannonades.json"
    write_save(path, controller, "cannonades")
    _, loaded = load_save(path, registry())
    assert loaded.config.options["first_draw"] == "draw"
    assert loaded.state.first_turn and len(loaded.state.hands[loaded.state.current]) == 10
