"""The Catan-for-two table driven through posted clicks: a neutral build after a road, a forced trade
with its give-back choice, the token buttons' reasons, hot-seat privacy and a whole game against the AI."""

import pygame
import pytest

from game.core.rules import CHANCE, Event, GameConfig, SeatConfig
from game.games import get_spec
from game.games.catan import board
from game.games.catan.two_player import NEUTRAL_COLOURS, NEUTRAL_STARTS
from game.games.catan_2p.rules import RULES
from game.games.catan_2p.view import CatanForTwoTable, GiveBackDialog, NeutralColourDialog
from tests.scenes.test_catan_table import open_table as open_catan_table
from tests.scenes.test_catan_table import person_move as catan_person_move
from tests.scenes.test_catan_table import play_to_game_over, quick_pacing, settle
from tests.uidriver import click, frames, key, move, run_until

__all__ = ["quick_pacing"]
SPEC = get_spec("catan_2p")


def after_both_rolls(spec=SPEC, plain_kinds=("end_turn", "roll", "discard", "robber", "give_back")):
    """A game of seed 4 played on by first choices (of ``plain_kinds`` where there are) to seat 0's turn
    after both rolls."""
    import random

    rules = spec.ruleset
    state = rules.new_game(GameConfig((SeatConfig("human", "A"), SeatConfig("ai", "", "easy")),
                                      spec.default_options()))
    rng = random.Random(4)
    while not (state.phase == "main" and state.current == 0 and state.rolls == 2):
        actor = rules.to_act(state)
        if actor == CHANCE:
            rules.apply(state, rules.sample_chance(state, rng))
        else:
            legal = rules.legal_actions(state)
            plain = [a for a in legal if a["type"] in plain_kinds]
            rules.apply(state, (plain or legal)[0])
    return state


def main_phase_position(mutate) -> dict:
    """``after_both_rolls``'s position changed by ``mutate``."""
    data = RULES.to_json(after_both_rolls())
    mutate(data)
    data["hand_counts"] = [sum(h.values()) for h in data["hands"]]
    data["bank"] = {r: board.PER_RESOURCE - sum(h.get(r, 0) for h in data["hands"]) for r in board.RESOURCES}
    return data


def open_table(app, start=None, seed: int = 7, seats=None, **options):
    return open_catan_table(app, start, seed, levels=("normal",), game="catan_2p", seats=seats, **options)


def test_catan_for_two_has_its_table():
    assert SPEC.view_class() is CatanForTwoTable


def test_a_road_built_by_clicks_is_followed_by_a_neutral_road_placed_by_clicks(app):
    def builder(data):
        data["hands"][0] = {"brick": 2, "lumber": 2}

    scene = open_table(app, main_phase_position(builder))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_1)
    edge = sorted(view.candidates())[0][1]
    click(app, view.board.geometry.edges[edge])
    assert scene.controller.log[-1].action == {"type": "road", "edge": edge}
    settle(app, scene)
    assert scene.controller.state.phase == "neutral"
    spots = view.candidates()
    assert spots and all(a["colour"] in (2, 3) for found in spots.values() for a in found)
    assert "neutral" in view.status().lower()
    key_ = next(k for k, found in sorted(spots.items()) if len(found) == 1)
    point = view.board.geometry.edges[key_[1]]
    move(app, point)
    colour = spots[key_][0]["colour"]
    assert view.tooltip() == f"Build a road here for Neutral {colour - 1}."
    click(app, point)
    assert scene.controller.log[-1].action == {"type": "road", "colour": colour, "edge": key_[1]}
    assert scene.controller.state.edge_owner[key_[1]] == colour
    settle(app, scene)
    assert scene.controller.state.phase == "main"
    line = scene.log_panel.lines[-1][1]
    assert "Neutral" in line and ("between" in line or "coast" in line), line


def shared_path(data) -> tuple[int, int]:
    """(a path next to the first neutral colour's settlement, a path for the second neutral colour that
    meets it at its far end): with a road of the second there, the first path is open to both."""
    taken = {e for e, _ in data["roads"]}
    built = {v for v, _, _ in data["buildings"]}
    start = NEUTRAL_STARTS[0]
    for a in board.VERTEX_EDGES[start]:
        far = board.EDGE_OTHER_END[a][start]
        if a in taken or far in built:
            continue
        for b in board.VERTEX_EDGES[far]:
            if b != a and b not in taken:
                return a, b
    raise AssertionError("no such paths")


def test_a_spot_open_to_both_neutral_colours_asks_which(app):
    chosen = {}

    def builder(data):
        data["hands"][0] = {"brick": 1, "lumber": 1}
        chosen["shared"], second = shared_path(data)
        data["roads"].append([second, NEUTRAL_COLOURS[1]])

    scene = open_table(app, main_phase_position(builder))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_1)
    mine = next(k for k in sorted(view.candidates()) if k[1] != chosen["shared"])
    click(app, view.board.geometry.edges[mine[1]])
    settle(app, scene)
    found = view.candidates()[("e", chosen["shared"])]
    assert sorted(a["colour"] for a in found) == list(NEUTRAL_COLOURS)
    click(app, view.board.geometry.edges[chosen["shared"]])
    dialog = view.dialog
    assert isinstance(dialog, NeutralColourDialog)
    assert len(scene.controller.log) == 1, "nothing is built before the colour is chosen"
    click(app, dialog.buttons[1].rect.center)
    assert scene.controller.log[-1].action == {"type": "road", "colour": NEUTRAL_COLOURS[1], "edge": chosen["shared"]}


def test_a_forced_trade_draws_two_and_gives_back_the_two_chosen(app):
    def traders(data):
        data["hands"][0] = {"wool": 1}
        data["hands"][1] = {"ore": 3}
        data["tokens"] = [3, data["tokens"][1]]
        data["token_supply"] = 20 - sum(data["tokens"])

    scene = open_table(app, main_phase_position(traders))
    settle(app, scene)
    view = scene.view
    forced, robber, knight = view.two.buttons
    move(app, knight.rect.center)
    assert not knight.enabled and view.tooltip() == "You have no played knight card to turn in."
    cost = view.ruleset.token_cost(view.observation(), 0)
    assert view.two.cost_line() == f"a token action costs {cost}"
    click(app, forced.rect.center)
    assert scene.controller.log[0].action == {"type": "forced_trade", "mode": "resources"}
    run_until(app, lambda: isinstance(view.dialog, GiveBackDialog), dt=0.1)
    dialog = view.dialog
    assert scene.controller.state.hands[0][board.ORE] == 2
    confirm = dialog.buttons[0]
    click(app, confirm.rect.center)
    assert scene.controller.state.phase == "forced_give", "nothing chosen: nothing given"
    plus = [stepper.parts()[2].center for stepper in dialog.widgets]
    click(app, plus[board.WOOL])
    click(app, plus[board.ORE])
    click(app, plus[board.ORE])
    assert sum(dialog.chosen) == 2
    click(app, confirm.rect.center)
    assert scene.controller.log[-1].action == {"type": "give_back", "cards": {"ore": 1, "wool": 1}}
    state = scene.controller.state
    assert state.hands[0][board.ORE] == 1 and state.hands[1][board.WOOL] == 1 and state.tokens[0] == 3 - cost
    settle(app, scene)
    move(app, forced.rect.center)
    assert not forced.enabled and view.tooltip() == "You have taken this turn's token action."


def test_hot_seat_never_shows_the_other_persons_hand(app):
    from game.scenes.handoff import HandoffScene

    seats = (SeatConfig("human", "Hanako"), SeatConfig("human", "Taro"))
    scene = open_table(app, seats=seats, seed=3)
    run_until(app, lambda: isinstance(app.scene, HandoffScene), dt=0.1)
    first = app.scene.seat
    click(app, app.scene.widgets[0].rect.center)
    assert scene.viewer == first and scene.can_act()
    hands = scene.view.observation().hands
    assert hands[first] is not None and hands[1 - first] is None


def person_move(app, scene) -> None:
    """One decision of the scripted person: base Catan's, with the cards to give back chosen first."""
    dialog = scene.view.dialog
    if isinstance(dialog, GiveBackDialog):
        action = next(a for a in scene.controller.legal_actions() if a["type"] == "give_back")
        dialog.chosen = [action["cards"].get(r, 0) for r in board.RESOURCES]
    catan_person_move(app, scene)


@pytest.mark.slow
def test_a_whole_game_against_the_ai_reaches_the_game_over_screen(app):
    scene = open_table(app, seed=11, victory_points=6)
    play_to_game_over(app, scene, person_move, limit=6000)
    assert max(scene.controller.result().scores) >= 6
    frames(app, 3)


def test_the_two_rolls_are_shown_and_an_equal_total_is_thrown_again(app, monkeypatch):
    from game.scenes import play as play_module

    def second_roll_due(data):
        data.update(phase="roll", rolls=1, first_total=8, dice=[5, 3])

    monkeypatch.setattr(play_module, "CHANCE_DELAY", 1000.0)  # the test throws the dice itself
    scene = open_table(app, main_phase_position(second_roll_due))
    frames(app, 3)
    view = scene.view
    assert view.two.roll_lines() == ["1st roll: 8"]
    scene.controller.submit({"type": "roll", "dice": [2, 6]}, CHANCE)
    assert scene.controller.state.phase == "rethrow"
    run_until(app, lambda: view.animation.banner is not None, limit=200, dt=1 / 30)
    assert view.animation.banner[0] == "8 again!"
    assert view.two.roll_lines() == ["1st roll: 8", "2nd roll: same total, again"]
    scene.controller.submit({"type": "roll", "dice": [1, 4]}, CHANCE)
    run_until(app, lambda: not view.busy(), dt=0.1)
    assert view.two.roll_lines() == ["1st roll: 8", "2nd roll: 5"]
    frames(app, 2)
    at = view.layout.dice_at
    move(app, (at[0], at[1] + 100))
    assert view.tooltip() == "You roll twice a turn; the two totals must differ, so a second roll equal to the first " \
        "is thrown again."


def test_a_neutral_colour_taking_longest_road_is_named_in_the_banner(app):
    scene = open_table(app, main_phase_position(lambda data: None))
    settle(app, scene)
    view = scene.view
    view.animation.queue(Event("longest_road", {"seat": NEUTRAL_COLOURS[0]}))
    frames(app, 3)
    title, detail, _ = view.animation.banner
    assert title == "Longest Road" and "Neutral 1" in detail, (title, detail)
