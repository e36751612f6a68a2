"""Setup per player count, taking cards, the hand limit, refills, the reshuffle and the mermaid."""

import json
import math
import random

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.copenhagen import board
from game.games.copenhagen.rules import RULES, initial_supply
from tests.copenhagen.positions import actions_of, counts, state_of
from tests.support import config_for


def json_key(cards: dict) -> str:
    return json.dumps(cards, sort_keys=True)


def started(players: int, seed: int = 1, options=None):
    state = RULES.new_game(config_for(players, options))
    rng = random.Random(seed)
    while RULES.to_act(state) == CHANCE:
        RULES.apply(state, RULES.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("bga_deck", [False, True])
@pytest.mark.parametrize("players, per_colour, sizes", [
    (2, 14, {2: 2, 3: 2, 4: 2, 5: 1}),
    (3, 12, {2: 2, 3: 3, 4: 2, 5: 1}),
    (4, 14, {2: 3, 3: 3, 4: 3, 5: 1}),
])
def test_setup_per_player_count(players, per_colour, sizes, bga_deck):
    state = started(players, options={"bga_deck": bga_deck})
    assert state.phase == "turn" and state.current == 0
    assert [state.hand_size(s) for s in range(players)] == [2, 3, 3, 4][:players]
    assert -1 not in state.harbour
    total = sum(state.deck) + sum(map(sum, state.hands)) + len(state.harbour)
    assert total == 5 * per_colour
    for t in board.TILES:
        expected = 12 if t.id == "special-1" else sizes[t.size]
        assert state.supply[t.index] == expected == initial_supply(players)[t.index]
    # The seed sets the mermaid aside for every player count; BGA puts it in the first deck with 2 players.
    assert state.mermaid == (1 if players == 2 and bga_deck else 0)
    assert all(a == [1, 0, 0, 0, 0] for a in state.abilities)  # everybody starts with Any cards


def test_setup_steps_are_chance_actions_a_test_can_force():
    state = RULES.new_game(config_for(2))
    assert RULES.to_act(state) == CHANCE and state.phase == "deal"
    deals = RULES.legal_actions(state)
    assert {"type": "deal", "seat": 0, "cards": {"red": 2}} in deals
    assert len(deals) == 15  # every 2-card hand from 5 colours
    RULES.apply(state, {"type": "deal", "seat": 0, "cards": {"red": 2}})
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "deal", "seat": 1, "cards": {"red": 2}})  # seat 1 gets 3 cards
    RULES.apply(state, {"type": "deal", "seat": 1, "cards": {"blue": 1, "green": 2}})
    assert state.phase == "refill"
    for slot, colour in enumerate(["red", "red", "blue", "blue", "green", "purple", "yellow"]):
        with pytest.raises(IllegalAction):
            RULES.apply(state, {"type": "refill", "slot": slot + 1 if slot < 6 else 0, "card": colour})
        RULES.apply(state, {"type": "refill", "slot": slot, "card": colour})
    assert state.phase == "turn"
    assert state.hands[0] == [2, 0, 0, 0, 0] and state.secret[0] == [2, 0, 0, 0, 0]


def test_second_card_lies_beside_the_first_without_wrapping():
    state = state_of(abilities=[{"any_cards": "used"}, {"any_cards": "active"}])
    RULES.apply(state, {"type": "take", "slot": 6})
    assert state.phase == "second"
    assert [a["slot"] for a in actions_of(state, "take")] == [5]  # slot 0 is not beside slot 6
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "take", "slot": 0})
    RULES.apply(state, {"type": "take", "slot": 5})
    assert state.hands[0] == [1, 1, 0, 0, 0]  # red from slot 5, yellow from slot 6
    assert state.phase == "refill"  # no ability left to use: the turn ends
    assert state.harbour[5:] == [-1, -1]


def test_any_cards_is_spent_only_when_the_second_card_is_not_adjacent():
    state = state_of()
    RULES.apply(state, {"type": "take", "slot": 2})
    assert [a["slot"] for a in actions_of(state, "take")] == [0, 1, 3, 4, 5, 6]
    events = RULES.apply(state, {"type": "take", "slot": 3})
    assert state.abilities[0][0] == 1  # adjacent: Any cards stays active
    assert events[0].data["ability"] is None

    state = state_of()
    RULES.apply(state, {"type": "take", "slot": 2})
    events = RULES.apply(state, {"type": "take", "slot": 6})
    assert state.abilities[0][0] == 2
    assert events[0].data["ability"] == "any_cards"


def test_additional_card_takes_a_third_card_from_any_slot():
    state = state_of(abilities=[{"any_cards": "used", "additional_card": "active"}, {"any_cards": "active"}])
    RULES.apply(state, {"type": "take", "slot": 0})
    RULES.apply(state, {"type": "take", "slot": 1})
    assert state.phase == "last_call"
    slots = [a["slot"] for a in actions_of(state, "take")]
    assert slots == [2, 3, 4, 5, 6]  # the emptied slots are not refilled yet
    assert {"type": "end"} in RULES.legal_actions(state)
    RULES.apply(state, {"type": "take", "slot": 6})
    assert state.abilities[0][1] == 2
    assert sum(state.hands[0]) == 3
    assert state.phase == "refill"


def test_ending_the_turn_instead_of_a_third_card_keeps_the_ability():
    state = state_of(abilities=[{"any_cards": "used", "additional_card": "active"}, {"any_cards": "active"}])
    RULES.apply(state, {"type": "take", "slot": 0})
    RULES.apply(state, {"type": "take", "slot": 1})
    RULES.apply(state, {"type": "end"})
    assert state.abilities[0][1] == 1 and state.phase == "refill"


def test_hand_limit_discards_after_every_card():
    state = state_of(hands=[counts(red=3, blue=4), counts()])
    RULES.apply(state, {"type": "take", "slot": 2})  # green: 8 cards
    assert state.phase == "discard"
    assert sorted(a["card"] for a in RULES.legal_actions(state)) == ["blue", "green", "red"]
    RULES.apply(state, {"type": "discard", "card": "green"})
    assert state.phase == "second" and state.hand_size(0) == 7
    RULES.apply(state, {"type": "take", "slot": 3})
    assert state.phase == "discard"
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "discard", "card": "purple"})
    RULES.apply(state, {"type": "discard", "card": "red"})
    assert state.hands[0] == [2, 0, 0, 5, 0]
    assert state.discard == [1, 0, 1, 0, 0]


def test_take_two_is_compulsory():
    state = state_of()
    RULES.apply(state, {"type": "take", "slot": 0})
    assert {a["type"] for a in RULES.legal_actions(state)} == {"take"}
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "end"})


def test_refill_is_public_left_to_right_and_passes_the_turn():
    state = state_of(abilities=[{"any_cards": "used"}, {"any_cards": "active"}])
    RULES.apply(state, {"type": "take", "slot": 3})
    RULES.apply(state, {"type": "take", "slot": 4})
    assert RULES.to_act(state) == CHANCE
    outcomes = RULES.chance_outcomes(state)
    assert all(a["slot"] == 3 for a, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert {a["card"] for a, _ in outcomes} == set(board.COLOURS)
    with pytest.raises(IllegalAction):
        RULES.apply(state, {"type": "refill", "slot": 4, "card": "red"})
    events = RULES.apply(state, {"type": "refill", "slot": 3, "card": "red"})
    assert events[0].audience is None and events[0].data == {"slot": 3, "card": "red"}
    RULES.apply(state, {"type": "refill", "slot": 4, "card": "red"})
    assert state.phase == "turn" and state.current == 1 and -1 not in state.harbour


def test_refill_probabilities_follow_the_deck():
    deck = counts(red=3, blue=1)
    state = state_of(players=3, harbour=[None] + ["red"] * 6, deck=deck, phase="refill",
                     discard=counts(red=12 - 9, yellow=12, green=12, blue=11, purple=12))
    outcomes = {a["card"]: p for a, p in RULES.chance_outcomes(state)}
    assert outcomes == {"red": pytest.approx(0.75), "blue": pytest.approx(0.25)}


def deck_run_out(players=3, bga_deck=False):
    """The deck is empty and two harbour slots wait for a refill: the reshuffle is due. Every card not in
    the harbour or in a hand is on the discard pile (with 3 players: red 10, purple 5, the others 12)."""
    harbour = [None, None, "purple", "purple", "purple", "purple", "purple"]
    hands = [counts(red=2), counts(purple=2), counts()][:players]
    state = state_of(players=players, harbour=harbour, deck=counts(), phase="refill", hands=hands, bga_deck=bga_deck)
    # from_json checks the phase: an empty deck means a reshuffle is due, not a refill
    state.phase = "turn"
    RULES._refill_step(state, [])
    assert state.phase == "reshuffle" and RULES.to_act(state) == CHANCE
    return state


def test_the_deck_runs_out_into_nine_discards_and_the_mermaid():
    # Seed 003: "山札がなくなると、捨て札から9枚の獲得カードと人魚カード1枚をシャッフルした計10枚の山札を作ります".
    state = deck_run_out()
    outcomes = RULES.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert all(sum(a["cards"].values()) == 9 for a, _ in outcomes)
    assert [a for a, _ in outcomes] == RULES.legal_actions(state)
    chance = {json_key(a["cards"]): p for a, p in outcomes}
    assert chance[json_key({"purple": 5, "red": 4})] == pytest.approx(math.comb(10, 4) / math.comb(51, 9))
    events = RULES.apply(state, {"type": "reshuffle", "cards": {"red": 4, "purple": 5}})
    assert events[0].kind == "reshuffled" and events[0].data == {"cards": 9, "taken": {"red": 4, "purple": 5}}
    assert state.deck == [4, 0, 0, 0, 5] and state.deck_size == 9
    assert state.discard == [6, 12, 12, 12, 0]  # the rest of the pile stays
    assert state.mermaid == 1 and state.phase == "refill"
    assert RULES.mermaid_chance(state) == pytest.approx(1 / 10)


def test_the_new_deck_of_ten_ends_the_game_with_the_mermaid():
    ends = []
    rng = random.Random(3)
    for _ in range(400):
        state = deck_run_out()
        RULES.apply(state, RULES.sample_chance(state, rng))
        drawn = 0
        while state.phase == "refill":
            action = RULES.sample_chance(state, rng)
            RULES.apply(state, action)
            drawn += action["card"] != "mermaid"
            while state.phase == "turn":  # take cards so the harbour needs more
                RULES.apply(state, {"type": "take", "slot": state.harbour.index(max(state.harbour))})
                RULES.apply(state, RULES.legal_actions(state)[0])
                while state.phase in ("discard", "last_call"):
                    RULES.apply(state, RULES.legal_actions(state)[-1])
        assert state.end == "mermaid" and drawn <= 9
        ends.append(drawn)
    assert set(ends) == set(range(10)) and 0.06 < ends.count(9) / len(ends) < 0.15


@pytest.mark.parametrize("action, reason", [
    ({"type": "reshuffle"}, "takes 9 cards"),
    ({"type": "reshuffle", "cards": {"red": 9, "blue": 1}}, "takes 9 cards"),
    ({"type": "reshuffle", "cards": {"purple": 6, "red": 3}}, "does not hold"),
    ({"type": "reshuffle", "cards": {"pink": 9}}, "colour"),
    ({"type": "reshuffle", "cards": {"red": -1}}, "positive whole numbers"),
])
def test_a_new_deck_must_be_nine_cards_of_the_discard_pile(action, reason):
    state = deck_run_out()
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply(state, action)
    assert state.phase == "reshuffle" and state.deck_size == 0


def test_with_the_seed_two_players_reshuffle_too():
    state = deck_run_out(players=2)
    assert state.mermaid == 0 and len(RULES.legal_actions(state)) > 1


def test_bga_deck_reshuffles_the_whole_pile_with_the_mermaid_in_the_last_ten_cards():
    state = deck_run_out(bga_deck=True)
    assert RULES.legal_actions(state) == [{"type": "reshuffle"}]
    with pytest.raises(IllegalAction, match="whole discard pile"):
        RULES.apply(state, {"type": "reshuffle", "cards": {"red": 9}})
    events = RULES.apply(state, {"type": "reshuffle"})
    assert events[0].kind == "reshuffled" and events[0].data["cards"] == 51
    assert state.deck == [10, 12, 12, 12, 5] and state.discard == [0] * 5
    assert state.mermaid == 1 and state.phase == "refill"
    assert RULES.mermaid_chance(state) == 0.0  # 52 cards left with the mermaid: not yet
    state.deck_size, state.deck = 9, [9, 0, 0, 0, 0]
    assert RULES.mermaid_chance(state) == pytest.approx(1 / 10)
    state.deck_size, state.deck = 0, [0] * 5
    assert RULES.mermaid_chance(state) == 1.0
    assert [a["card"] for a in RULES.legal_actions(state)] == ["mermaid"]


def test_bga_deck_puts_the_mermaid_uniformly_in_the_bottom_ten_of_a_two_player_deck():
    positions = []
    rng = random.Random(5)
    for _ in range(3000):
        state = state_of(harbour=[None] * 7, phase="refill", deck=counts(red=14, blue=6), bga_deck=True)
        drawn = 0
        while True:
            action = RULES.sample_chance(state, rng)
            if action["card"] == "mermaid":
                break
            state.deck[board.COLOUR_INDEX[action["card"]]] -= 1
            state.deck_size -= 1
            drawn += 1
        positions.append(drawn)
    assert min(positions) == 11 and max(positions) == 20
    share = positions.count(20) / len(positions)
    assert 0.07 < share < 0.13


def test_the_mermaid_ends_the_game_at_once():
    state = state_of(harbour=[None] + ["red"] * 6, phase="refill", deck=counts(red=2), mermaid="deck",
                     hands=[counts(red=1), counts(blue=2)], facades=[[("purple-2", 0, False, (0, 0))], []])
    assert RULES.mermaid_chance(state) == pytest.approx(1 / 3)
    events = RULES.apply(state, {"type": "refill", "slot": 0, "card": "mermaid"})
    assert [e.kind for e in events] == ["mermaid", "game_over"]
    assert RULES.to_act(state) is None and state.end == "mermaid"
    result = RULES.result(state)
    assert result.scores == (0, 0)
    assert result.ranks == (0, 1)  # tied on 0 points: seat 0 has fewer empty cells
    assert result.details["tiebreak_key"] == "copenhagen.tiebreak.cells"


def test_bga_deck_two_players_never_reshuffle():
    state = state_of(harbour=[None] * 7, phase="refill", deck=counts(red=5), bga_deck=True)
    assert RULES.mermaid_chance(state) == pytest.approx(1 / 6)
    state.mermaid = 2  # (as if revealed) nothing is shuffled in again
    state.deck, state.deck_size = [0] * 5, 0
    RULES._refill_step(state, [])
    assert state.phase != "reshuffle"


def test_observe_hides_hands_dealt_in_secret_and_the_deck():
    state = started(3, seed=4)
    view = RULES.observe(state, 1)
    assert view.deck is None
    assert view.hands[1] == state.hands[1]
    assert view.hands[0] == [0] * 5 and view.hidden[0] == 2
    assert view.hand_size(2) == 3
    # Cards taken from the harbour are public knowledge.
    colour = state.harbour[0]
    RULES.apply(state, {"type": "take", "slot": 0})
    assert RULES.observe(state, 1).hands[0][colour] == 1
    full = RULES.determinize(RULES.observe(state, 1), 1, random.Random(2))
    assert full.deck is not None and full.hidden == [0, 0, 0]
    assert sum(full.deck) == full.deck_size
    assert full.hands[1] == state.hands[1] and full.hand_size(0) == state.hand_size(0)
    assert RULES.observe(state, None).deck == state.deck


def test_spending_takes_the_known_cards_first():
    state = started(2, seed=3)
    secret_red = state.secret[0][0]
    state.hands[0][0] += 2  # as if two red cards were taken from the harbour
    state.phase = "discard"
    RULES.apply(state, {"type": "discard", "card": "red"})
    assert state.secret[0][0] == min(secret_red, state.hands[0][0])
    view = RULES.observe(state, 1)
    assert view.hands[0][0] == state.hands[0][0] - state.secret[0][0]

