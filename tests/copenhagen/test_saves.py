"""Saves keep the rules they were played with: games written before the seed's deck became the default."""

import random
from pathlib import Path

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.core.saves import load_save, write_save
from game.games import registry
from game.games.copenhagen import SPEC

SAVES = Path(__file__).parent / "saves"


def play_until_reshuffle(controller, seed: int) -> None:
    rng = random.Random(seed)
    while controller.state.phase != "reshuffle":
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(rng.choice(controller.legal_actions()))


def test_a_three_player_save_from_before_the_option_reshuffles_the_whole_pile():
    spec, controller = load_save(SAVES / "three_players_before_bga_deck_option.json", registry())
    assert spec is SPEC and controller.config.options == {"bga_deck": True}
    assert controller.state.mermaid == 0 and controller.state.deck_size <= 3
    play_until_reshuffle(controller, 1)
    assert controller.legal_actions() == [{"type": "reshuffle"}]
    pile = sum(controller.state.discard)
    controller.resolve_chance()
    assert controller.state.deck_size == pile > 9 and sum(controller.state.discard) == 0


def test_a_two_player_save_from_before_the_option_keeps_the_mermaid_in_the_first_deck():
    _, controller = load_save(SAVES / "two_players_before_bga_deck_option.json", registry())
    state = controller.state
    assert state.bga_deck and state.mermaid == 1 and state.deck_size == 52


def test_a_new_game_saved_and_loaded_keeps_the_seeds_deck(tmp_path):
    seats = (SeatConfig("human", "A"), SeatConfig("human", "B"))
    controller = Controller(SPEC.ruleset, GameConfig(seats, SPEC.default_options()), 5)
    controller.advance_chance()
    path = tmp_path / "copenhagen.json"
    write_save(path, controller, "copenhagen")
    _, loaded = load_save(path, registry())
    assert loaded.config.options == {"bga_deck": False}
    assert not loaded.state.bga_deck and loaded.state.mermaid == 0  # aside with 2 players too
