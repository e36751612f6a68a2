"""Nothing revealed can be taken back, in every game.

The controller lets a person take back only actions whose events told nobody anything new (see
``Event.tells_news``). Two checks keep that honest: every game's engine declares what its events
reveal (an action that may be taken back must tell its actor nothing that another world, equally
possible for them, would not have told them too), and at the table a revealing action leaves Undo
disabled and Ctrl+Z without effect.
"""

import random

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.games import get_spec, registry
from game.scenes.play import PlayScene
from tests.cannonades.helpers import position as cannonades_position
from tests.catan.helpers import position as catan_position
from tests.copenhagen.positions import position as copenhagen_position
from tests.scenes.privacy import ai_game, arrangements, knows, told
from tests.uidriver import click, frames, key, run_until

GAMES = sorted(registry())
WORLDS = 2
"""Other worlds tried per action: each one draws everything hidden from the actor anew."""


def undeclared_news(spec, players: int, options: dict, seed: int, length: int) -> list[str]:
    """Actions that could be taken back although they told their actor something (easy AIs play).

    Each action after which its actor still decides is applied again to worlds the actor could not
    tell from the real one before it; what the actor is then shown must be the same in all of them."""
    ruleset = spec.ruleset
    rng = random.Random(seed)
    found = []
    for controller, before, entry in ai_game(spec, players, options, seed, length):
        actor = entry.seat
        if actor == CHANCE or entry.settled or controller.to_act() != actor:
            continue  # only the seat still deciding may take its actions back
        seen = (told(entry.events, actor), knows(ruleset, controller.state, actor))
        for _ in range(WORLDS):
            world = ruleset.determinize(ruleset.observe(before, actor), actor, rng)
            events = ruleset.apply(world, entry.action)
            if (told(events, actor), knows(ruleset, world, actor)) != seen:
                found.append(f"{spec.id}: {entry.action} by seat {actor} after {len(controller.log) - 1} actions "
                             f"may be taken back but told it something: {[e.kind for e in entry.events]}")
                break
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_that_may_be_taken_back_told_its_actor_nothing(game_id):
    spec = get_spec(game_id)
    found = []
    for _, seats, options in arrangements(spec):
        found += undeclared_news(spec, len(seats), options, seed=7, length=300)
    assert not found, "\n".join(found[:5])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_no_action_of_whole_games_that_may_be_taken_back_told_its_actor_anything(game_id):
    spec = get_spec(game_id)
    found = []
    for seed in range(4):
        for _, seats, options in arrangements(spec):
            found += undeclared_news(spec, len(seats), options, seed=100 + seed, length=100_000)
    assert not found, "\n".join(found[:5])


# -- at the table ---------------------------------------------------------------------------------------------
def open_table(app, game_id: str, start, players: int, options=None) -> PlayScene:
    spec = get_spec(game_id)
    seats = (SeatConfig("human", "Hanako"),) + tuple(SeatConfig("ai", "", "easy") for _ in range(players - 1))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.validate_options(options or {})), 1, start=start)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def assert_undo_refused(app, scene) -> None:
    """Undo is greyed out, says why when hovered, and Ctrl+Z changes nothing."""
    log = list(scene.controller.log)
    assert not scene.undo_button.enabled
    click(app, scene.undo_button.rect.center)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.controller.log == log


def settle(app, scene) -> None:
    run_until(app, lambda: not scene.view.busy(), dt=1 / 10)


def test_cannonades_a_shot_that_turns_a_ship_face_up_is_never_taken_back(app):
    ships = [[["Y0", False]], [["P1", False], ["O0", True]]]
    scene = open_table(app, "cannonades", cannonades_position(hands=[["BG", "GB", "B0"], ["YP"]], ships=ships), 2)
    scene.submit({"type": "shoot", "card": "GB", "seat": 1, "slot": 1})  # at the face-up orange ship: nothing new
    settle(app, scene)
    assert scene.undo_button.enabled
    scene.submit({"type": "shoot", "card": "BG", "seat": 1, "slot": 0})  # the purple ship turns up and stays
    settle(app, scene)
    assert scene.controller.state.up[1][0] and scene.controller.to_act() == 0
    assert_undo_refused(app, scene)
    assert scene.controller.state.up[1][0]


def test_catan_a_monopoly_is_never_taken_back(app):
    start = catan_position(players=3, hands={0: {"ore": 1}, 1: {"wool": 2}, 2: {"wool": 1}},
                           devs={0: {"monopoly": 1}})
    scene = open_table(app, "catan", get_spec("catan").ruleset.to_json(start), 3)
    scene.submit({"type": "play", "card": "monopoly", "resource": "wool"})
    settle(app, scene)
    assert scene.controller.state.hands[0][4] == 3  # every wool of the others, which nobody could see
    assert_undo_refused(app, scene)


def test_kahuna_a_card_drawn_from_the_pile_is_never_taken_back(app):
    start = {"format": "kahuna/1", "hands": [["ALOA", "BARI"], ["COCO", "LALE"]], "display": ["DUDA", "ELAI", "FAAA"]}
    scene = open_table(app, "kahuna", start, 2)
    scene.submit({"type": "discard", "card": "ALOA"})  # face down: nothing new to anyone
    assert scene.undo_button.enabled
    scene.submit({"type": "draw", "source": "pile"})
    run_until(app, lambda: scene.controller.log[-1].seat == CHANCE)
    assert not scene.controller.can_undo(0)  # the card dealt from the pile stays, and so does the discard


def test_copenhagen_the_refill_after_a_turn_is_never_taken_back(app):
    scene = open_table(app, "copenhagen", copenhagen_position(), 2)
    scene.submit({"type": "take", "slot": 0})
    settle(app, scene)
    assert scene.undo_button.enabled
    scene.submit({"type": "take", "slot": 1})
    scene.submit({"type": "end"})
    run_until(app, lambda: scene.controller.log[-1].seat == CHANCE)
    assert not scene.controller.can_undo(0)
