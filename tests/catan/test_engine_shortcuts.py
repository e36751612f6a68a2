"""The engine's quick ways to a rule give what the rule itself gives: the offer listed when another seat
holds a card, every way to discard, the card count over a roll the bank cannot pay, the pips of a corner."""

from __future__ import annotations

import random
from itertools import product

from game.games.catan import board
from game.games.catan.family_state import discard_choices
from game.games.catan.rules import RULES
from tests.catan.helpers import act, position

TRADE = {"type": "trade"}
ORE = board.RESOURCES.index("ore")


def test_an_offer_is_listed_exactly_when_another_seat_holds_a_card():
    alone = position(players=3, hands={0: {"wool": 2}})
    assert TRADE not in RULES.legal_actions(alone)
    assert TRADE not in RULES.legal_actions(RULES.observe(alone, 0))
    partner = position(players=3, hands={0: {"wool": 2}, 2: {"grain": 1}})
    assert TRADE in RULES.legal_actions(partner)
    assert TRADE in RULES.legal_actions(RULES.observe(partner, 0))  # the others' hands hidden, their sizes not


def brute_force_discards(hand, count, names):
    """Every way to discard ``count`` cards, the most of the first kind first, tried one vector at a time."""
    vectors = [v for v in product(*(range(held, -1, -1) for held in hand)) if sum(v) == count]
    return [{"type": "discard", "cards": {names[r]: k for r, k in enumerate(v) if k}} for v in vectors]


def test_discard_choices_are_every_way_to_discard_the_count_in_order():
    names = board.RESOURCES
    for hand, count in (((9, 0, 0, 0, 1), 5), ((3, 3, 2, 0, 1), 4), ((0, 0, 12, 0, 0), 6), ((2, 7, 1, 5, 4), 9)):
        choices = list(discard_choices(hand, count, names))
        expected = brute_force_discards(hand, count, names)
        assert choices == expected
        assert [list(c["cards"]) for c in choices] == [list(e["cards"]) for e in expected]  # names in kind order


def test_a_roll_the_bank_cannot_pay_in_full_is_counted_as_paid():
    corners = board.HEX_VERTICES[0]  # the beginner island's 10-ore mountains
    # the bank holds a single ore: seat 1's city is owed two and gets the one left
    state = position(players=3, phase="roll", rolled=False, hands={0: {"ore": board.PER_RESOURCE - 1}},
                     buildings=[(corners[0], 1, "city")])
    events = act(state, type="roll", dice=[4, 6])
    assert events[1].data["gains"][1] == {"ore": 1}
    assert state.hands[1][ORE] == 1 and state.bank[ORE] == 0
    count = RULES.known_cards(state)
    assert count.held(0, 1) == count.held(2, 1) == (0, 0, 1, 0, 0)
    # two seats owed ore the bank cannot pay both: nobody gets any, and nobody is counted any
    state = position(players=3, phase="roll", rolled=False, hands={0: {"ore": board.PER_RESOURCE - 1}},
                     buildings=[(corners[0], 1, "settlement"), (corners[3], 2, "settlement")])
    events = act(state, type="roll", dice=[4, 6])
    assert events[1].data["shortage"] == ["ore"] and state.bank[ORE] == 1
    count = RULES.known_cards(state)
    assert count.held(0, 1) == count.held(0, 2) == (0, 0, 0, 0, 0)


def test_a_corners_pips_are_the_ways_its_hexes_earn_each_resource():
    rng = random.Random(5)
    terrain = [t for t, n in board.TERRAIN_MIX.items() for _ in range(n)]
    harbours = [k for k, n in board.HARBOUR_MIX.items() for _ in range(n)]
    rng.shuffle(terrain)
    rng.shuffle(harbours)
    layout = board.Layout(terrain, board.spiral_numbers(terrain, 2), harbours)
    for v, around in enumerate(board.VERTEX_HEXES):
        expected = [0] * len(board.RESOURCES)
        for h in around:
            if layout.hex_resource[h] >= 0:
                expected[layout.hex_resource[h]] += board.PIPS[layout.numbers[h]]
        assert layout.vertex_pips[v] == tuple(expected)
