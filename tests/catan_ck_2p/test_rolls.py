"""The double roll with the event die: both rolls produce, the event die is thrown exactly twice and
counts at once, a repeated total re-throws the number dice only, nothing but forced steps between the
rolls, the Alchemist for the first roll only; and 13 points on your own turn."""

from game.core.rules import CHANCE, action_key
from game.games.catan_ck.cards import EVENT_FACES
from tests.catan_ck_2p.helpers import RULES, act, edge_between, legal, position, refused, resolve_chance

HOME = [(28, 0, "settlement"), (41, 1, "settlement")]
HOME_ROADS = [(edge_between(28, 33), 0), (edge_between(41, 36), 1)]


def second_roll(**given):
    """Player 1's turn with the first roll made (a 6), the second about to be thrown."""
    return position(buildings=HOME, roads=HOME_ROADS, phase="roll", rolls=1, **given)


def test_a_turn_opens_with_two_rolls_each_producing():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="roll")
    events = act(state, type="roll", dice=[4, 5], event="trade")  # 9: fields at 28 (hex 7)
    assert [e.kind for e in events] == ["rolled", "produced"] and state.phase == "roll" and state.rolls == 1
    assert RULES.to_act(state) == CHANCE and state.first_total == 9
    events = act(state, type="roll", dice=[5, 6], event="ship")  # 11: forest at 28 (hex 8)
    assert [e.kind for e in events] == ["rolled", "barbarians", "produced"]
    assert state.phase == "main" and state.rolls == 2 and state.barbarians == 1
    hand = RULES.to_json(state)["hands"][0]
    assert hand["grain"] == hand["lumber"] == 1


def test_a_repeated_total_counts_its_event_die_and_throws_the_number_dice_again_only():
    state = second_roll(barbarians=2)
    events = act(state, type="roll", dice=[2, 4], event="ship")
    assert [e.kind for e in events] == ["rethrow", "barbarians"] and state.barbarians == 3
    assert events[0].data == {"seat": 0, "dice": [2, 4], "total": 6, "event": "ship"}
    assert state.phase == "rethrow" and RULES.to_act(state) == CHANCE and state.rolls == 1
    assert all("event" not in a for a in RULES.legal_actions(state)) and len(RULES.legal_actions(state)) == 36
    refused(state, {"type": "roll", "dice": [1, 2], "event": "trade"}, "event die keeps its face")
    events = act(state, type="roll", dice=[3, 3])  # the same total again: thrown again
    assert [e.kind for e in events] == ["rethrow"] and state.phase == "rethrow" and state.barbarians == 3
    events = act(state, type="roll", dice=[4, 5])
    assert [e.kind for e in events] == ["rolled", "produced"] and events[0].data["rethrown"]
    assert events[1].data["total"] == 9 and state.event == "ship" and state.barbarians == 3
    assert state.phase == "main" and state.rolls == 2 and state.dice == (4, 5)


def test_a_repeated_roll_draws_progress_cards_with_its_own_red_die_before_the_number_dice_are_thrown_again():
    state = second_roll(improvements={0: {"science": 2}})
    act(state, type="roll", dice=[3, 3], event="science")  # red 3 <= level 2 + 1
    assert state.phase == "progress_draw" and state.step == {"seat": 0, "track": 2}
    resolve_chance(state, {"type": "progress", "card": "crane"})
    assert state.phase == "rethrow" and sum(state.progress[0]) == 1
    events = act(state, type="roll", dice=[1, 1])
    assert state.phase == "main" and events[1].data["total"] == 2


def test_a_second_seven_is_thrown_again():
    state = second_roll(first_total=7)
    act(state, type="roll", dice=[3, 4], event="trade")
    assert state.phase == "rethrow"


def test_between_the_rolls_only_the_first_roll_s_forced_steps():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="roll", hands={0: {"brick": 4, "lumber": 4}})
    act(state, type="roll", dice=[3, 4], event="trade")
    assert state.phase == "discard" and RULES.to_act(state) == 0
    assert {a["type"] for a in RULES.legal_actions(state)} == {"discard"}
    for _ in range(4):
        act(state, type="discard", card="brick")
    assert state.phase == "roll" and RULES.to_act(state) == CHANCE  # the robber sleeps: straight to the 2nd roll


def test_the_alchemist_sets_the_first_roll_only():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll", progress={0: {"alchemist": 2}})
    act(state, type="play", card="alchemist", dice=[1, 2])
    assert {tuple(a["dice"]) for a in RULES.legal_actions(state)} == {(1, 2)}  # the event die is still thrown
    assert len(RULES.legal_actions(state)) == len(EVENT_FACES)
    act(state, type="roll", dice=[1, 2], event="ship")
    assert state.phase == "roll" and state.alchemy is None and len(RULES.legal_actions(state)) == 36 * len(EVENT_FACES)
    refused(state, {"type": "play", "card": "alchemist", "dice": [3, 3]})
    act(state, type="roll", dice=[2, 1], event="trade")  # the second roll repeats the Alchemist's total
    assert state.phase == "rethrow"
    act(state, type="roll", dice=[6, 6])
    assert state.phase == "main" and not any(a.get("card") == "alchemist" for a in RULES.legal_actions(state))


def test_the_token_actions_wait_while_the_rolls_are_made():
    state = second_roll(hands={0: {"grain": 2}, 1: {"ore": 2}})
    assert RULES.to_act(state) == CHANCE
    refused(state, {"type": "forced_trade", "mode": "resources"}, "not possible now")
    refused(state, {"type": "remove_knight", "vertex": 33}, "not possible now")
    act(state, type="roll", dice=[2, 2], event="trade")
    assert action_key({"type": "forced_trade", "mode": "resources"}) in legal(state)


def test_thirteen_points_win_on_your_own_turn_only():
    city = [(24, 1, "city")]
    state = position(buildings=HOME + city, roads=HOME_ROADS, defenders=[0, 10])
    assert RULES.total_points(state, 1) == 13 and state.phase == "main"  # reached on the other player's turn
    events = act(state, type="end_turn")
    assert state.phase == "over" and state.winner == 1 and events[-1].kind == "game_over"
    mine = position(buildings=HOME, roads=HOME_ROADS + [(edge_between(33, 38), 0)], defenders=[11, 0],
                    hands={0: {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}})
    act(mine, type="settlement", vertex=38)
    assert mine.phase == "over" and mine.winner == 0
