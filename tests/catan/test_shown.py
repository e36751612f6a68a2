"""The island as the Catan table shows it follows the game event by event (no pygame)."""

import random

from game.core.rules import CHANCE
from game.games.catan.rules import RULES
from game.games.catan.shown import Piece, ShownTable
from tests.catan.helpers import beginner_game
from tests.support import config_for

BUILDS = ("road", "settlement", "city", "play")


def island(shown: ShownTable) -> tuple:
    return shown.edges, shown.vertices, shown.robber


def follow(shown: ShownTable, events) -> None:
    """What the table's animation does to its picture as each event lands."""
    for event in events:
        if event.kind == "built":
            shown.built(event.data)
        elif event.kind == "robber":
            shown.robber_moved(event.data["hex"])


def test_built_pieces_and_robber_moves_alone_bring_the_island_shown_to_where_the_game_is():
    kinds = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = RULES.new_game(config_for(4, {"victory_points": 6}))
        while state.phase in ("layout", "first_player"):
            RULES.apply(state, RULES.sample_chance(state, rng))
        shown = ShownTable(state)
        for _ in range(5000):
            seat = RULES.to_act(state)
            if seat is None:
                break
            if seat == CHANCE:
                action = RULES.sample_chance(state, rng)
            else:
                actions = RULES.legal_actions(state)
                builds = [a for a in actions if a["type"] in BUILDS]
                calm = [a for a in actions if a["type"] != "trade"] or actions
                action = rng.choice(builds if builds and rng.random() < 0.85 else calm)
            follow(shown, RULES.apply(state, action))
            assert island(shown) == island(ShownTable(state))
        assert RULES.to_act(state) is None, "the game reached its end"
        kinds |= {p.kind for stack in shown.vertices for p in stack}
    assert kinds == {"settlement", "city"}


def test_a_city_takes_the_place_of_its_settlement_and_the_dice_lie_until_the_next_roll():
    state = beginner_game()
    shown = ShownTable(state)
    vertex = next(v for v, stack in enumerate(shown.vertices) if stack and stack[0].colour == 0)
    assert shown.vertices[vertex] == (Piece("settlement", 0),)
    shown.built({"seat": 0, "piece": "city", "vertex": vertex})
    assert shown.vertices[vertex] == (Piece("city", 0),)
    shown.dice_landed((6, 2))
    shown.take_board(state)
    assert shown.vertices[vertex] == (Piece("settlement", 0),) and shown.dice_total == 8
    shown.dice_rolling()
    assert shown.dice_total is None
