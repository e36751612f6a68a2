"""The chance to sink shown on hover: computed from the viewer's observation only."""

from __future__ import annotations

import random

import pytest

from game.core.rules import CHANCE
from game.games.cannonades.rules import (
    CODES,
    IS_SHIP,
    MASK,
    RULES,
    SHIP_KINDS,
    attack_mask,
    sink_odds,
    unseen_counts,
)
from tests.cannonades.helpers import state_of
from tests.support import config_for


def shoot(card, seat, slot):
    return {"type": "shoot", "card": card, "seat": seat, "slot": slot}


def test_a_face_up_target_is_certain_either_way():
    state = state_of(hands=[["BG", "ORY"], ["GB"]], ships=[[["Y0", False]], [["G1", True], ["O0", True]]])
    seen = RULES.observe(state, 0)
    sure = sink_odds(seen, shoot("BG", 1, 0))
    assert sure.known and sure.chance == 1.0 and sure.colours == (("green", 1.0),)
    assert sure.attacking == ("blue", "green")
    assert sure.grin_chance == 1.0  # a 1-Grin ship that sinks answers once
    futile = sink_odds(seen, shoot("BG", 1, 1))
    assert futile.chance == 0.0 and futile.grin_chance == 0.0


def test_a_face_down_target_counts_only_the_unseen_ship_cards():
    # Seat 0 sees its own hand and ships, the discard and the face-up ships; the rest is unseen.
    state = state_of(hands=[["B0", "B0", "BG"], ["GB"]], ships=[[["B0", False]], [["G0", False]]],
                     discard=["B1", "B1", "B2"])
    seen = RULES.observe(state, 0)
    unseen = unseen_counts(seen)
    assert unseen[CODES.index("B0")] == 0 and unseen[CODES.index("B1")] == 0
    assert unseen[CODES.index("G0")] == 3  # seat 1's face-down G0 is still unseen to seat 0
    odds = sink_odds(seen, shoot("BG", 1, 0))
    ships_unseen = sum(unseen[k] for k in SHIP_KINDS)
    assert ships_unseen == 24 - 6
    assert odds.chance == pytest.approx(6 / 18)  # green 6 of the 18 unseen ships; blue are all seen
    assert dict(odds.colours)["green"] == pytest.approx(6 / 18) and "blue" not in dict(odds.colours)
    assert not odds.known


def test_the_owner_of_a_face_down_ship_knows_it_and_an_onlooker_knows_everything():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]])
    assert sink_odds(RULES.observe(state, None), shoot("BG", 1, 0)).chance == 1.0
    state.current = 1
    odds = sink_odds(RULES.observe(state, 1), shoot("GB", 0, 0))
    assert not odds.known and 0 < odds.chance < 1


def test_boarding_attacks_with_the_boarding_ships_colour_and_a_last_ship_gives_no_grin():
    state = state_of(hands=[[], ["GB"]], ships=[[["Y1", True]], [["Y0", True]]])
    board = {"type": "board", "ship": 0, "seat": 1, "slot": 0}
    assert attack_mask(state, board) == 1 << 5
    odds = sink_odds(RULES.observe(state, 0), board)
    assert odds.chance == 1.0 and odds.attacking == ("yellow",) and odds.grin_chance == 0.0


def test_grin_chance_counts_two_grin_reveals_and_grin_sinkings():
    state = state_of(hands=[["ORY"], ["GB"]], ships=[[["Y0", False]], [["G0", False], ["B0", False]]])
    seen = RULES.observe(state, 0)
    unseen = unseen_counts(seen)
    total = sum(unseen[k] for k in SHIP_KINDS)
    twos = sum(unseen[CODES.index(c)] for c in ("B2", "G2", "R2"))
    grin_sinks = sum(unseen[CODES.index(c)] for c in ("O1", "Y1"))  # ORY sinks orange, red, yellow
    odds = sink_odds(seen, shoot("ORY", 1, 0))
    assert odds.grin_chance == pytest.approx((twos + grin_sinks) / total)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_odds_match_the_frequency_over_determinized_positions(players):
    rng = random.Random(players)
    state = RULES.new_game(config_for(players))
    while True:
        actor = RULES.to_act(state)
        if actor == CHANCE:
            RULES.apply(state, RULES.sample_chance(state, rng))
            continue
        shots = [a for a in RULES.legal_actions(state) if a["type"] == "shoot"]
        hidden = [a for a in shots if not state.up[a["seat"]][a["slot"]]]
        if hidden:
            break
        RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    action = hidden[0]
    seen = RULES.observe(state, actor)
    odds = sink_odds(seen, action)
    mask = attack_mask(seen, action)
    sinks = 0
    for _ in range(3000):
        sample = RULES.determinize(seen, actor, rng)
        kind = sample.ships[action["seat"]][action["slot"]]
        assert IS_SHIP[kind]
        sinks += bool(MASK[kind] & mask)
    assert sinks / 3000 == pytest.approx(odds.chance, abs=0.04)
