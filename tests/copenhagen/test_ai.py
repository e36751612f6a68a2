"""The AI levels: legal, picklable, deterministic choices that take the obvious good moves."""

import pickle
import random

import pytest

from game.core.rules import CHANCE, action_key
from game.games.copenhagen import board
from game.games.copenhagen.ai import (
    BuildTable,
    LookaheadAgent,
    Weights,
    evaluate,
    facade_promise,
    facade_table,
    holes,
    make_agent,
    make_planner,
    refill_outcomes,
)
from game.games.copenhagen.rules import RULES
from tests.copenhagen.invariants import check
from tests.copenhagen.positions import counts, state_of
from tests.support import config_for, play_checked

LEVELS = ("easy", "normal", "hard")


def mid_game(seed: int, players: int = 2, turns: int = 8):
    rng = random.Random(seed)
    state = RULES.new_game(config_for(players))
    agent = make_agent("easy")
    while RULES.to_act(state) is not None and not (state.turn >= turns and state.phase == "turn"):
        seat = RULES.to_act(state)
        if seat == CHANCE:
            action = RULES.sample_chance(state, rng)
        else:
            action = agent.choose(RULES, RULES.observe(state, seat), seat, rng)
        RULES.apply(state, action)
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_picklable_and_choose_legal_actions(level):
    agent = pickle.loads(pickle.dumps(make_agent(level)))
    for seed in range(3):
        state = mid_game(seed, players=2 + seed)
        seat = RULES.to_act(state)
        action = agent.choose(RULES, RULES.observe(state, seat), seat, random.Random(seed))
        assert action_key(action) in {action_key(a) for a in RULES.legal_actions(state)}


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_agent("grandmaster")
    assert isinstance(make_agent("hard"), LookaheadAgent)


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_choices_are_deterministic_for_a_seed(level):
    state = mid_game(4)
    seat = RULES.to_act(state)
    first = make_agent(level).choose(RULES, RULES.observe(state, seat), seat, random.Random(9))
    again = make_agent(level).choose(RULES, RULES.observe(state, seat), seat, random.Random(9))
    assert first == again


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_the_ai_wins_when_a_build_reaches_twelve(level):
    colours = ("red", "yellow", "green", "blue", "purple")
    facade = [(f"{colours[r % 5]}-2", 2, False, (0, r)) for r in range(9)]
    facade += [(f"{colours[r % 5]}-2", 0, False, (3, r)) for r in range(5)]
    facade += [("special-1", 0, False, (c, r)) for r in (5, 6, 7) for c in (3, 4)]
    state = state_of(players=4, hands=[counts(purple=2, red=3)] + [counts()] * 3, facades=[facade] + [[]] * 3)
    action = make_agent(level).choose(RULES, RULES.observe(state, 0), 0, random.Random(1))
    RULES.apply(state, action)
    assert state.end == "twelve" and RULES.result(state).winners == [0]


def test_the_ai_completes_a_window_row_with_a_white_tile():
    facade = [(f"{c}-2", 1, False, (i, 0)) for i, c in enumerate(("red", "yellow", "green", "blue"))]
    state = state_of(facades=[facade, []], phase="coat", step={"pending_coats": 1})
    agent = make_agent("normal")
    while state.phase == "coat":
        RULES.apply(state, agent.choose(RULES, RULES.observe(state, 0), 0, random.Random(1)))
    # It may first cover the coat of arms at (2,2) for a second white tile, but the row gets done.
    assert state.occupied[0] >> board.cell_index(4, 0) & 1 and state.scores[0] == 2


def test_the_ai_builds_a_big_tile_it_can_afford_instead_of_hoarding():
    state = state_of(hands=[counts(blue=5, red=2), counts()])
    action = make_agent("normal").choose(RULES, RULES.observe(state, 0), 0, random.Random(1))
    assert action["type"] == "build" and action["tile"] in ("blue-5", "blue-4")


def test_the_ai_discards_the_card_it_needs_least():
    state = state_of(hands=[counts(blue=5, red=2), counts()])
    RULES.apply(state, {"type": "take", "slot": 3})  # a sixth blue: 8 cards
    state.hands[0] = [3, 0, 0, 5, 0]  # make it a red card too many instead
    action = make_agent("normal").choose(RULES, RULES.observe(state, 0), 0, random.Random(1))
    assert action["type"] == "discard" and action["card"] == "red"


def test_build_table_lists_exactly_the_legal_placements():
    state = mid_game(6)
    seat = state.current
    table = facade_table(state, seat, Weights())
    listed = {(tile, p.orientation, p.col, p.row) for _, tile, p, _ in table.entries}
    legal = {(tile, p.orientation, p.col, p.row) for tile in board.COLOURED if state.supply[tile]
             for p in RULES.legal_placements(state, seat, tile)}
    assert listed == legal


def test_a_facade_with_other_brickwork_gets_its_own_build_table():
    plain = mid_game(6)
    seat = plain.current
    assert plain.occupied[seat], "the facade has cells built"
    bricked = RULES.clone(plain)
    bricked.bricks[seat] = plain.occupied[seat]  # the same cells and colours, every one brickwork
    tables = make_planner(RULES, plain, seat, Weights(), 6, False).ctx
    first, second = tables.table(plain, seat), tables.table(bricked, seat)
    fresh = BuildTable(bricked.occupied[seat], bricked.bricks[seat], tuple(bricked.colour_masks[seat]),
                       tuple(bricked.supply), Weights())
    assert [gain for gain, *_ in second.entries] == [gain for gain, *_ in fresh.entries]
    assert [gain for gain, *_ in first.entries] != [gain for gain, *_ in second.entries]


def test_position_features():
    assert holes(0) == 0
    walled = board.FULL & ~(1 << board.cell_index(2, 0))
    assert holes(walled) == 1
    w = Weights()
    clean = facade_promise(board.ROW_MASKS[0] & ~(1 << 4), 0, w)
    dirty = facade_promise(board.ROW_MASKS[0] & ~(1 << 4), 1, w)
    assert clean > dirty  # a brick in a line halves what it can score
    outcomes = refill_outcomes([2, 1, 0, 0, 0], 2)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert dict(outcomes)[(0, 0)] == pytest.approx(1 / 3)


def test_evaluate_is_a_probability_like_value():
    state = mid_game(2, players=3)
    values = [evaluate(RULES, state, s) for s in range(3)]
    assert all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.slow
def test_hard_plays_a_whole_game_legally():
    state, _ = play_checked(RULES, config_for(3), 21, check, agents={0: make_agent("hard")})
    assert RULES.result(state).winners == [0]
