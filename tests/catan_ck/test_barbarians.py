"""The barbarians (reference §7): strength against active knights, the Defender of Catan, the tied
defenders' draws, pillaged cities (A33, A34, A35), and the rest after the attack."""

from game.core.rules import CHANCE
from game.games.catan_ck.cards import CARD_INDEX
from game.games.catan_ck.rules import RULES
from tests.catan.helpers import edge_between
from tests.catan_ck.helpers import act, check, is_legal, position, refused

A, B, C, D = 25, 9, 44, 0  # corners far apart
ROAD_A = (edge_between(25, 20), 0)


def at_the_gate(**fields):
    """The ship one step from Catan, seat 0 about to roll."""
    fields.setdefault("phase", "roll")
    fields.setdefault("rolled", False)
    return position(barbarians=6, **fields)


def attack(state, dice=(2, 3)):
    return act(state, type="roll", dice=list(dice), event="ship")


def test_the_seventh_ship_attacks_before_production_and_the_strongest_defender_scores():
    state = at_the_gate(buildings=[(A, 0, "city"), (B, 1, "city")], roads=[ROAD_A],
                        knights=[(20, 0, 2, True), (21, 1, 1, True), (22, 2, 1, False)])
    events = attack(state, (4, 4))
    kinds = [e.kind for e in events]
    assert kinds.index("attack") < kinds.index("produced")
    data = events[kinds.index("attack")].data
    assert data["strength"] == 2 and data["defence"] == [2, 1, 0, 0] and data["defender"] == 0
    assert state.defenders == [1, 0, 0, 0] and RULES.public_points(state, 0) == 3
    assert state.barbarians == 0 and state.attacks == 1 and not any(state.knight_active)
    check(state)


def test_defender_cards_still_count_when_the_six_are_gone_a35():
    state = at_the_gate(buildings=[(A, 0, "city")], knights=[(20, 0, 1, True)], defenders=[6, 0, 0, 0],
                        roads=[ROAD_A])
    attack(state)
    assert state.defenders[0] == 7 and RULES.public_points(state, 0) == 9


def test_tied_defenders_each_choose_a_deck_and_draw_from_it_player_on_turn_first():
    state = at_the_gate(buildings=[(A, 0, "city"), (B, 1, "city")], roads=[ROAD_A],
                        knights=[(20, 2, 1, True), (21, 1, 1, True)], current=1)
    attack(state)
    assert state.phase == "choose_deck" and RULES.to_act(state) == 1
    act(state, type="choose_deck", track="science")
    assert RULES.to_act(state) == CHANCE and state.step == {"seat": 1, "track": 2}
    act(state, type="progress", card="smith")
    assert RULES.to_act(state) == 2
    refused(state, {"type": "choose_deck", "track": "war"})
    act(state, type="choose_deck", track="trade")
    act(state, type="progress", card="merchant")
    assert state.phase == "main" and state.progress[1][CARD_INDEX["smith"]] == 1
    assert state.progress[2][CARD_INDEX["merchant"]] == 1 and state.defenders == [0, 0, 0, 0]


def test_with_no_city_and_no_knight_everyone_ties_at_nothing_and_draws():
    state = at_the_gate(buildings=[(A, 0, "settlement")], players=3)
    attack(state)
    assert state.phase == "choose_deck" and state.step["seat"] == 0
    assert [(phase, d.get("seat")) for phase, d in state.queue] == [("choose_deck", 1), ("choose_deck", 2),
                                                                     ("produce", None)]


def test_the_weakest_defenders_with_a_city_each_lose_one_of_their_choice_and_its_wall():
    state = at_the_gate(buildings=[(A, 0, "city"), (B, 1, "city"), (C, 1, "city"), (D, 2, "city")],
                        walls=[B], roads=[ROAD_A], knights=[(20, 0, 1, True)])
    events = attack(state)
    data = next(e for e in events if e.kind == "attack").data
    assert data["pillaged"] == [1, 2] and data["defender"] is None
    assert state.phase == "pillage" and RULES.to_act(state) == 1
    assert is_legal(state, type="pillage", vertex=C) and not is_legal(state, type="pillage", vertex=A)
    act(state, type="pillage", vertex=B)
    assert state.vertex_level[B] == 1 and not state.walls[B] and state.pieces[1][1:] == [1, 1]
    assert RULES.to_act(state) == 2
    act(state, type="pillage", vertex=D)
    assert state.phase == "main" and RULES.public_points(state, 1) == 3
    check(state)


def test_a_player_with_only_metropolises_is_immune_and_the_next_weakest_loses_a_city_a33():
    state = at_the_gate(buildings=[(A, 0, "city"), (B, 1, "city"), (C, 1, "city")], metropolises={
        "trade": A, "politics": None, "science": None}, improvements={0: {"trade": 4}}, roads=[ROAD_A],
        knights=[(21, 1, 1, True), (20, 2, 3, False)], players=3)
    events = attack(state)
    assert next(e for e in events if e.kind == "attack").data["pillaged"] == [1]
    assert state.phase == "pillage" and RULES.to_act(state) == 1


def test_a_city_with_no_settlement_piece_left_lies_on_its_side_and_is_rebuilt_first_a34():
    settlements = [0, 2, 37, 47, 52]
    state = at_the_gate(buildings=[(A, 1, "city"), (B, 1, "city")] + [(v, 1, "settlement") for v in settlements],
                        players=3)
    attack(state)
    act(state, type="pillage", vertex=A)
    assert state.toppled[A] and state.vertex_level[A] == 1 and state.pieces[1] == [0, 5, 2]
    assert RULES.public_points(state, 1) == 5 + 2 + 1
    state.current, state.phase = 1, "main"
    state.hands[1][2], state.hands[1][3] = 3, 2
    state.bank[2] -= 3
    state.bank[3] -= 2
    assert RULES.city_spots(state, 1) == [A]  # the fallen city first
    refused(state, {"type": "city", "vertex": 0})
    act(state, type="city", vertex=A)
    assert not state.toppled[A] and state.vertex_level[A] == 2 and state.pieces[1] == [0, 5, 2]
    check(state)
    data = RULES.to_json(state)
    assert RULES.to_json(RULES.from_json(data)) == data


def test_the_robber_wakes_with_the_first_attack_already_for_its_seven_a12():
    state = at_the_gate(buildings=[(A, 0, "city")], roads=[ROAD_A], knights=[(20, 0, 1, True)])
    attack(state, (3, 4))
    assert state.attacks == 1 and state.phase == "robber"


def test_losing_the_last_city_keeps_the_improvements_and_their_abilities_but_no_new_level():
    state = at_the_gate(buildings=[(A, 1, "city")], improvements={1: {"trade": 3}}, hands={1: {"cloth": 4}},
                        players=3)
    assert state.rates[1][5:] == (2, 2, 2)
    attack(state)
    act(state, type="pillage", vertex=A)
    assert state.improvements[1] == [3, 0, 0] and state.rates[1][5:] == (2, 2, 2)
    state.current, state.phase = 1, "main"
    assert not any(a["type"] == "improve" for a in RULES.legal_actions(state))
