"""The hard captain around the standoff: who triggers it and what the final turns are for."""

from __future__ import annotations

import random

from game.games.cannonades.ai import make_agent, policy
from game.games.cannonades.rules import RULES
from tests.cannonades.helpers import state_of


def last_card_on_a_first_turn():
    """Five captains; seat 1 is on its first turn with one action left and three ships out, and one
    card is left in the pile. Seats 2 to 4 have not had a turn yet; seat 0 has one ship out."""
    return state_of(
        players=5, current=1, first_turn=True, actions_left=1, turns_taken=[1, 1, 0, 0, 0], pile={"G0": 1},
        hands=[["O0", "O0", "BG", "Y1", "GB", "G0"], ["ORY", "BG", "ORY", "B0", "YP", "BG", "YP"],
               ["P1", "GB", "B0", "P0", "B1"], ["R2", "BG", "BG", "B0", "YP"], ["ROY", "Y1", "Y0", "ROY", "P1"]],
        ships=[[["G1", False]], [["Y0", False], ["O1", False], ["G1", False]], [], [], []])


def test_hard_draws_the_last_card_so_the_captains_after_it_cannot_shoot_and_it_acts_last():
    """Drawing the last card makes seat 1 the trigger: seats 2 to 4 play their final turn as a first
    turn (no Shoot), and seat 1 plays last, adding its fourth ship where no shot can reach it. Adding
    that ship now instead leaves the last card to seat 2, which then shoots last."""
    state = last_card_on_a_first_turn()
    action = make_agent("hard").choose(RULES, RULES.observe(state, 1), 1, random.Random(0))
    assert action["type"] == "draw", action
    RULES.apply(state, action)
    while state.draws_due:
        RULES.apply(state, RULES.sample_chance(state, random.Random(0)))
    assert state.standoff and state.trigger == 1 and state.final_queue == [2, 3, 4, 0, 1]


def test_on_a_final_turn_the_endgame_captain_fills_its_fleet_before_shooting():
    """Ships decide the standoff: an added ship counts against every rival, a sunk one against one."""
    state = state_of(players=3, hands=[["BG", "B0", "P1"], ["GB"], ["YP"]], standoff=True, trigger=0, pile={},
                     ships=[[["Y0", False], ["G0", False]], [["B0", True], ["G1", False]], [["O0", False]]])
    rng = random.Random(0)
    first = policy(RULES, state, 0, rng, fleet_first=True)
    assert first == {"type": "add", "card": "P1"}  # purple is a new colour and brings a Grin: two more icons
    RULES.apply(state, first)
    RULES.apply(state, policy(RULES, state, 0, rng, fleet_first=True))
    assert len(state.ships[0]) == 4
    assert policy(RULES, state, 0, rng, fleet_first=True) == {"type": "shoot", "card": "BG", "seat": 1, "slot": 0}
