"""The Cities & Knights notation, hidden information and the contract every game keeps: the
notation round-trips, observe hides what it must, determinize agrees with the observation, garbage
is refused with a clear message; a position of any step can be set up and played on."""

import json
import random

import pytest

from game.core.rules import CHANCE, IllegalAction, action_key
from game.games.catan_ck.cards import CARD_INDEX, TRACK_INDEX
from game.games.catan_ck.rules import RULES
from tests.catan.helpers import edge_between
from tests.catan.test_family import assert_copied_whole, random_prefix
from tests.catan_ck.helpers import act, check, position


def rich():
    """Every kind of C&K field in use: knights, a wall, a fallen city, a metropolis, the merchant, cards
    under a deck (one face down), a step under way with another queued."""
    settlements = [0, 2, 37, 47, 52]
    data = RULES.to_json(position(
        buildings=[(25, 1, "city"), (9, 0, "city"), (44, 2, "settlement"), (16, 1, "city")] + [
            (v, 1, "settlement") for v in settlements],
        roads=[(edge_between(25, 31), 1), (edge_between(9, 14), 0)], walls=[25],
        knights=[(31, 1, 2, True), (14, 0, 1, False)], improvements={0: {"science": 4}, 1: {"trade": 3}},
        metropolises={"trade": None, "politics": None, "science": 9}, merchant={"hex": 6, "seat": 1},
        hands={0: {"paper": 2, "brick": 1}, 1: {"coin": 1}, 2: {"wool": 3}},
        progress={0: {"spy": 1}, 1: {"alchemist": 1}, 2: {"crane": 1}}, barbarians=3, attacks=2,
        defenders=[1, 0, 0, 0], phase="aqueduct", step={"seat": 2}, queue=[["aqueduct", {"seat": 3}]],
        dice=[1, 3], event="trade"))
    data["toppled"] = [16]
    science = data["decks"]["science"]
    science["unseen"]["smith"] -= 2
    science["unseen_count"] -= 2
    science["under"] = [["smith", None], ["smith", 3]]
    return RULES.from_json(data)


def test_every_field_round_trips():
    state = rich()
    data = json.loads(json.dumps(RULES.to_json(state)))
    again = RULES.from_json(data)
    assert RULES.to_json(again) == data
    assert again.toppled[16] and again.walls[25] and again.knight_strength[31] == 2 and again.metropolis[2] == 9
    assert again.under[TRACK_INDEX["science"]] == [[CARD_INDEX["smith"], -1], [CARD_INDEX["smith"], 3]]
    assert RULES.public_points(again, 1) == 2 + 5 + 1 + 1  # a city, 5 settlements, the fallen city, the merchant
    assert_copied_whole(state, state.copy())
    check(again)


def test_observe_hides_hands_progress_cards_the_unseen_decks_and_cards_put_under_face_down():
    state = rich()
    seen = RULES.observe(state, 0)
    data = RULES.to_json(seen)
    assert data["hands"][0] is not None and data["hands"][1] is None and data["hand_counts"][2] == 3
    assert data["progress"][0] == {"spy": 1} and data["progress"][1] is None and data["progress_counts"][1] == 1
    assert all(deck["unseen"] is None for deck in data["decks"].values())
    assert data["decks"]["science"]["unseen_count"] == state.unseen_count[TRACK_INDEX["science"]]
    assert data["decks"]["science"]["under"] == [["smith", None], [None, 3]]
    assert RULES.to_json(RULES.observe(state, 3))["decks"]["science"]["under"][1] == ["smith", 3]
    assert RULES.to_json(RULES.from_json(data)) == data
    with pytest.raises(IllegalAction, match="hidden"):
        RULES.apply(seen, {"type": "done"})


def test_determinize_agrees_with_what_the_seat_knows():
    state = rich()
    for seat in range(4):
        seen = RULES.observe(state, seat)
        for k in range(4):
            full = RULES.determinize(seen, seat, random.Random(k))
            check(full)
            assert RULES.to_json(RULES.observe(full, seat)) == RULES.to_json(seen)
            assert full.hands[seat] == state.hands[seat] and full.progress[seat] == state.progress[seat]
            assert [sum(h) for h in full.progress] == [sum(h) for h in state.progress]
            assert full.unseen_count == state.unseen_count
            assert [len(d) for d in full.under] == [len(d) for d in state.under]
            if seat == RULES.to_act(state):
                assert sorted(map(action_key, RULES.legal_actions(full))) == \
                    sorted(map(action_key, RULES.legal_actions(state)))


def test_played_prefixes_round_trip_and_observations_load():
    for seed in range(4):
        state = random_prefix(RULES, 3 + seed % 2, 700, seed)
        data = json.loads(json.dumps(RULES.to_json(state)))
        assert RULES.to_json(RULES.from_json(data)) == data
        for viewer in range(state.players):
            seen = RULES.to_json(RULES.observe(state, viewer))
            assert RULES.to_json(RULES.from_json(seen)) == seen
        assert_copied_whole(state, RULES.clone(state))


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="catan/1"),
    lambda d: d.update(players=2),
    lambda d: d["bank"].update(coin=d["bank"]["coin"] + 1),
    lambda d: d["knights"].append([25, 0, 1, False, False, False]),  # on a city
    lambda d: d["knights"].append([40, 0, 4, False, False, False]),
    lambda d: d["knights"].append([40, 0, 1, "yes", False, False]),
    lambda d: d.update(walls=[44]),  # a settlement
    lambda d: d.update(toppled=[44]),  # its owner still has settlement pieces
    lambda d: d["improvements"][0].update(science=6),
    lambda d: d.update(metropolises={"trade": 9, "politics": None, "science": None}),
    lambda d: d["decks"]["trade"]["unseen"].update(spy=1),
    lambda d: d["decks"]["science"]["under"].append(["bishop", None]),
    lambda d: d["progress"][0].update(printer=1),
    lambda d: d.update(victory_cards=[["spy"], [], [], []]),
    lambda d: d.update(barbarians=7),
    lambda d: d.update(event="storm"),
    lambda d: d.update(alchemy=[0, 7]),
    lambda d: d.update(phase="pillage", step={}),
    lambda d: d.update(queue=[["dance", {}]]),
    lambda d: d.update(step={"colour": "red"}),
    lambda d: d.pop("knights"),
    lambda d: d.update(knights="many"),
])
def test_garbage_positions_are_refused_with_a_message(change):
    data = RULES.to_json(rich())
    change(data)
    with pytest.raises(ValueError) as caught:
        RULES.from_json(data)
    assert str(caught.value)


def test_a_step_of_any_kind_can_be_set_up_and_played_on():
    """A pillage step taken from the notation, with the production still to come."""
    state = position(buildings=[(25, 1, "city"), (9, 1, "city")], phase="pillage", step={"seat": 1},
                     queue=[["produce", {}]], dice=[4, 4], event="ship", attacks=1)
    act(state, type="pillage", vertex=9)
    assert state.phase == "main" and state.hands[1] == [0, 0, 1, 0, 0, 0, 0, 1]  # 8: ore and coin at 25


def test_players_trade_commodities_with_each_other_a24():
    """A24: trade between players is allowed, commodities included."""
    state = position(hands={0: {"paper": 1}, 1: {"coin": 1}})
    act(state, type="trade")
    act(state, type="trade_give", resource="paper")
    act(state, type="trade_want", resource="coin")
    act(state, type="propose", to=1)
    act(state, type="accept")
    act(state, type="complete", seat=1)
    assert state.hands[0][7] == 1 and state.hands[1][5] == 1


def test_chance_steps_are_drawn_with_their_odds():
    state = position(phase="roll", rolled=False)
    outcomes = RULES.chance_outcomes(state)
    assert len(outcomes) == 144 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    ships = sum(p for a, p in outcomes if a["event"] == "ship")
    assert abs(ships - 0.5) < 1e-9
    rng = random.Random(1)
    assert RULES.to_act(state) == CHANCE
    assert action_key(RULES.sample_chance(state, rng)) in {action_key(a) for a, _ in outcomes}
