"""The count each seat keeps of the others' cards: never more than the truth, exact where everything was seen."""

import random

from game.core.rules import CHANCE
from game.games.catan.rules import RULES
from tests.catan.helpers import act, position
from tests.support import config_for, play_randomly


def test_the_count_is_a_lower_bound_and_reaches_the_truth_of_public_moves():
    exact = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = RULES.new_game(config_for(3 + seed % 2))
        for _ in range(1500):
            seat = RULES.to_act(state)
            if seat is None:
                break
            actions = RULES.legal_actions(state)
            action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(actions)
            RULES.apply(state, action)
            for observer in range(state.players):
                for other in range(state.players):
                    if other != observer:
                        held = RULES.known_cards(state).held(observer, other)
                        assert all(k <= h for k, h in zip(held, state.hands[other], strict=True)), (observer, other)
                        exact += list(held) == state.hands[other]
    assert exact > 1000  # most of the time the count is the whole hand


def test_production_is_counted_and_a_blind_steal_is_forgotten():
    # seat 1 on the 10-ore mountains (hex 0) with a wool nobody has seen
    state = position(players=3, phase="roll", rolled=False, hands={1: {"wool": 1}},
                     buildings=[(0, 1, "settlement"), (40, 2, "settlement")])
    assert RULES.known_cards(state).held(0, 1) == (0, 0, 0, 0, 0)  # read from notation: nothing seen yet
    act(state, type="roll", dice=[4, 6])
    count = RULES.known_cards(state)
    assert count.held(0, 1) == (0, 0, 1, 0, 0) and count.held(2, 1) == (0, 0, 1, 0, 0)
    act(state, type="end_turn")
    act(state, type="roll", dice=[1, 1])  # nobody on the 2
    act(state, type="end_turn")
    act(state, type="roll", dice=[3, 4])
    act(state, type="robber", hex=0, victim=1)
    act(state, type="steal", resource="wool")
    assert RULES.known_cards(state).held(0, 1) == (0, 0, 0, 0, 0)  # seat 0 did not see which card went
    assert RULES.known_cards(state).held(2, 1) == (0, 0, 1, 0, 0)  # the thief knows the ore is still there
    assert RULES.known_cards(state).held(1, 2) == (0, 0, 0, 0, 1)  # the victim knows where its wool went
    seen = RULES.observe(state, 2)
    assert all(observer == 2 for observer, _ in seen.known.private)
    assert seen.known.held(2, 1) == (0, 0, 1, 0, 0)


def test_refused_offers_are_remembered():
    state = position(players=3, hands={0: {"wool": 2}, 1: {"grain": 1}, 2: {"grain": 1}})
    for step in ({"type": "trade"}, {"type": "trade_give", "resource": "wool"},
                 {"type": "trade_want", "resource": "grain"}, {"type": "propose"}, {"type": "decline"},
                 {"type": "decline"}):
        act(state, **step)
    assert state.phase == "main"
    refused = RULES.known_cards(state).refused(0, 1, since_turn=0)
    assert len(refused) == 1 and refused == RULES.known_cards(state).refused(0, 2, since_turn=0)
    assert refused[0] == ({"wool": 1}, {"grain": 1})


def _counts(count):
    return count.totals, count.public, count.private, count.offer, count.refusals, count.turn


def test_a_count_keeps_no_old_events_and_branches_still_count_their_own_way():
    rng = random.Random(5)
    state = RULES.new_game(config_for(4))
    log = []
    play_randomly(RULES, state, rng, 700, log)
    branch = RULES.clone(state)
    RULES.known_cards(state)  # made where the two part: the branch goes on from this count
    play_randomly(RULES, state, random.Random(1), 300)
    RULES.known_cards(state)
    assert state.known[0] is None and len(state.known) == 2  # the count stands alone: old events let go
    play_randomly(RULES, branch, random.Random(2), 300, log)
    replay = RULES.new_game(config_for(4))
    for action in log:
        RULES.apply(replay, action)
    assert _counts(RULES.known_cards(branch)) == _counts(RULES.known_cards(replay))
