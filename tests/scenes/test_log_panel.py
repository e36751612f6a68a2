"""The game log: a new turn is a separator in the colour of the player whose turn begins, every token
carries its player's symbol, and Copenhagen's lines name who did what."""

import random

import pygame

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games import get_spec
from game.scenes.play import PlayScene, log_lines
from game.ui import theme
from tests.uidriver import frames

SEATS = (SeatConfig("human", "Hanako"), SeatConfig("human", "Taro"), SeatConfig("human", "Jiro"))


def played(game: str, seats=SEATS, actions: int = 40, seed: int = 3) -> Controller:
    spec = get_spec(game)
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed)
    rng = random.Random(seed)
    while len([e for e in controller.log if e.seat != CHANCE]) < actions and controller.to_act() is not None:
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(rng.choice(controller.legal_actions()), controller.to_act())
    return controller


def test_a_turn_line_carries_the_player_whose_turn_begins():
    for game in ("copenhagen", "cannonades"):
        controller = played(game)
        turns = [(seat, event) for seat, _, event in log_lines(get_spec(game), controller, None)
                 if event.kind == "turn"]
        assert len(turns) >= 2, game
        for seat, event in turns:
            assert seat == event.data["seat"], game
        bringers = [(entry.seat, e.data["seat"]) for entry in controller.log for e in entry.events if e.kind == "turn"]
        assert any(before != after for before, after in bringers), "the turn comes with another seat's entry"


def test_copenhagen_lines_name_the_player():
    controller = played("copenhagen")
    spec = get_spec("copenhagen")
    names = ("Hanako", "Taro", "Jiro")
    for _, text, event in log_lines(spec, controller, None):
        if event.kind in ("took", "built", "discarded"):
            assert text.startswith(names[event.data["seat"]]), text
        if event.kind == "turn":
            assert names[event.data["seat"]] in text


def test_the_separator_is_drawn_in_the_new_players_colour_and_tokens_carry_symbols(app):
    controller = played("copenhagen", seats=(SeatConfig("ai", "", "easy"),) * 3)
    scene = PlayScene(app, get_spec("copenhagen"), controller, worker_mode="thread")
    app.push(scene)
    scene.controller.listeners.clear()  # the game stays where it is: only the log is looked at
    frames(app, 2)
    panel = scene.log_panel
    rows = panel.rows
    first_visible = round(panel.list.offset) // panel.ROW
    for index in range(first_visible, len(rows)):
        seat, _, _, turn = rows[index]
        y = panel.rect.y + index * panel.ROW - round(panel.list.offset) + panel.ROW // 2
        if turn:
            style = theme.player_style(seat, "copenhagen")
            rule = theme.mix(style.colour, style.dark, 0.35)
            assert tuple(app.screen.get_at((panel.rect.right - 20, y)))[:3] == rule
        elif seat == 2:
            centre = [tuple(app.screen.get_at((panel.rect.x + 12 + dx, y + dy)))[:3] for dx in (-1, 0, 1)
                      for dy in (-1, 0, 1)]
            assert any(sum(c) < 300 for c in centre), "the white player's token shows its dark symbol"
    assert any(row[3] for row in rows[first_visible:]), "a turn separator is on screen"
    assert pygame.Rect(panel.rect).height > 0
