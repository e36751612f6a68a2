"""Set-up, the roll, production, the robber and building, as the reference describes them."""

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.catan import board
from game.games.catan.building import distance_ok
from game.games.catan.rules import RULES, total_points
from tests.catan.helpers import act, beginner_game, hand, position
from tests.support import config_for

V = board.VERTEX_ID
E = board.EDGE_ID


def hands_of(state):
    return [dict(zip(board.RESOURCES, h, strict=True)) for h in state.hands]


# -- set-up -----------------------------------------------------------------------------------------
def setup_game(players=4, first=0):
    state = RULES.new_game(config_for(players, {"layout": "beginner", "start_positions": False}))
    act(state, type="first_player", seat=first)
    return state


def test_setup_runs_in_snake_order():
    state = setup_game(4, first=1)
    order = []
    spots = [V["0,-1,N"], V["-2,1,N"], V["0,2,N"], V["-2,2,N"], V["2,-2,S"], V["-1,2,N"], V["-1,0,N"], V["1,1,N"]]
    for v in spots:
        order.append(RULES.to_act(state))
        act(state, type="settlement", vertex=v)
        road = next(a for a in RULES.legal_actions(state))
        act(state, **road)
    assert order == [1, 2, 3, 0, 0, 3, 2, 1]
    assert state.phase == "roll" and state.current == 1 and RULES.to_act(state) == CHANCE


def test_setup_distance_rule_and_road_touching_the_new_settlement():
    state = setup_game()
    v = V["0,-1,N"]
    act(state, type="settlement", vertex=v)
    roads = {a["edge"] for a in RULES.legal_actions(state)}
    assert roads == set(board.VERTEX_EDGES[v])
    far = next(e for e in range(72) if v not in board.EDGE_VERTICES[e])
    with pytest.raises(IllegalAction):
        act(state, type="road", edge=far)
    act(state, type="road", edge=board.VERTEX_EDGES[v][0])
    legal = {a["vertex"] for a in RULES.legal_actions(state)}
    assert v not in legal and not any(n in legal for n in board.VERTEX_NEIGHBOURS[v])
    with pytest.raises(IllegalAction):
        act(state, type="settlement", vertex=board.VERTEX_NEIGHBOURS[v][0])


def test_only_the_second_settlement_pays_starting_resources():
    state = setup_game(3)
    firsts = [V["0,-1,N"], V["0,2,N"], V["2,-2,S"]]
    for v in firsts:
        act(state, type="settlement", vertex=v)
        act(state, **RULES.legal_actions(state)[0])
    assert all(sum(h) == 0 for h in state.hands)
    act(state, type="settlement", vertex=V["-2,1,N"])  # seat 2: fields 9, forest 11, forest 8
    assert hands_of(state)[2] == hand(grain=1, lumber=2)
    assert sum(state.bank) == 95 - 3


def test_beginner_starting_positions_and_resources():
    state = beginner_game(4)
    assert [hands_of(state)[s] for s in range(4)] == [
        hand(grain=1, lumber=2), hand(lumber=1, ore=1, brick=1), hand(lumber=1, ore=1, wool=1), hand(grain=2, ore=1)]
    assert [total_points(state, s) for s in range(4)] == [2, 2, 2, 2]
    three = beginner_game(3)
    # Red sits out with three players: seat 0 is blue.
    assert three.vertex_owner[V["-2,2,N"]] == 0 and three.vertex_owner[V["0,-1,N"]] == -1


# -- the roll ---------------------------------------------------------------------------------------
def test_production_for_settlements_and_the_robber_hex():
    state = beginner_game(4)
    before = [list(h) for h in state.hands]
    act(state, type="roll", dice=[2, 4])
    gained = [[a - b for a, b in zip(h, before[s], strict=True)] for s, h in enumerate(state.hands)]
    assert gained == [[1, 0, 0, 0, 0], [0] * 5, [1, 0, 0, 0, 0], [0, 0, 0, 1, 0]]
    state = beginner_game(4)
    state.robber = board.HEX_ID[(0, -1)]  # the hills 6
    before = [list(h) for h in state.hands]
    act(state, type="roll", dice=[3, 3])
    gained = [[a - b for a, b in zip(h, before[s], strict=True)] for s, h in enumerate(state.hands)]
    assert gained == [[0] * 5, [0] * 5, [0] * 5, [0, 0, 0, 1, 0]]  # the fields 6 still produce


def test_cities_produce_two():
    state = position(buildings=[(V["0,-1,N"], 0, "city")], phase="roll", rolled=False)
    act(state, type="roll", dice=[1, 5])
    assert state.hands[0] == [2, 0, 0, 0, 0]


def test_bank_shortage_with_two_players_pays_nobody_and_one_player_takes_the_rest():
    both = position(buildings=[(V["0,-1,N"], 0, "city"), (V["-1,0,N"], 1, "settlement")], phase="roll",
                    rolled=False, hands={2: {"brick": 17}})
    act(both, type="roll", dice=[1, 5])
    assert both.hands[0][0] == 0 and both.hands[1][0] == 0 and both.bank[0] == 2
    alone = position(buildings=[(V["0,-1,N"], 0, "city")], phase="roll", rolled=False, hands={2: {"brick": 18}})
    act(alone, type="roll", dice=[1, 5])
    assert alone.hands[0][0] == 1 and alone.bank[0] == 0


def test_a_player_with_dev_cards_decides_before_rolling():
    state = position(phase="main", devs={1: {"victory_point": 1}})
    act(state, type="end_turn")
    assert state.current == 1 and state.phase == "pre_roll" and RULES.to_act(state) == 1
    assert RULES.legal_actions(state) == [{"type": "roll"}]  # a victory point card is never played
    act(state, type="roll")
    assert RULES.to_act(state) == CHANCE
    assert len(RULES.legal_actions(state)) == 36
    outcomes = RULES.chance_outcomes(state)
    assert len(outcomes) == 11 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(a in RULES.legal_actions(state) for a, _ in outcomes)


def test_nothing_but_a_development_card_before_the_roll():
    state = position(phase="pre_roll", rolled=False, hands={0: {"brick": 5, "lumber": 5}},
                     devs={0: {"knight": 1}}, buildings=[(V["0,-1,N"], 0, "settlement")])
    kinds = {a["type"] for a in RULES.legal_actions(state)}
    assert kinds == {"roll", "play"}
    with pytest.raises(IllegalAction):
        act(state, type="road", edge=board.VERTEX_EDGES[V["0,-1,N"]][0])
    with pytest.raises(IllegalAction):
        act(state, type="trade")


# -- sevens ------------------------------------------------------------------------------------------
def test_seven_discards_half_of_hands_over_seven():
    state = position(
        phase="roll", rolled=False,
        hands={0: {"ore": 9}, 1: {"brick": 4, "wool": 4}, 2: {"grain": 7}, 3: {"lumber": 11}})
    act(state, type="roll", dice=[3, 4])
    assert state.phase == "discard" and state.discard == [4, 4, 0, 5]
    assert RULES.to_act(state) == 0
    with pytest.raises(IllegalAction):
        act(state, type="discard", cards={"ore": 3})
    act(state, type="discard", cards={"ore": 4})
    assert RULES.to_act(state) == 1
    options = RULES.legal_actions(state)
    assert all(sum(a["cards"].values()) == 4 for a in options) and len(options) == 5
    act(state, type="discard", cards={"brick": 2, "wool": 2})
    assert RULES.to_act(state) == 3
    act(state, type="discard", cards={"lumber": 5})
    assert state.phase == "robber" and state.hands[2] == [0, 0, 0, 7, 0]
    assert state.hands[0][2] == 5 and state.hands[3][1] == 6 and state.bank[2] == 19 - 5


def test_robber_must_move_and_steal_only_from_adjacent_opponents_with_cards():
    state = position(phase="robber", hands={1: {"ore": 2}, 2: {}},
                     buildings=[(V["0,-1,N"], 1, "settlement"), (V["-1,0,N"], 2, "settlement"),
                                (V["0,0,N"], 0, "settlement")])
    hills = board.HEX_ID[(0, -1)]
    actions = RULES.legal_actions(state)
    assert all(a["hex"] != state.robber for a in actions)
    assert len({a["hex"] for a in actions}) == 18
    at_hills = [a for a in actions if a["hex"] == hills]
    assert at_hills == [{"type": "robber", "hex": hills, "victim": 1}]  # seat 2 has no cards, seat 0 is the roller
    with pytest.raises(IllegalAction):
        act(state, type="robber", hex=state.robber)
    with pytest.raises(IllegalAction):
        act(state, type="robber", hex=hills, victim=2)
    act(state, type="robber", hex=hills, victim=1)
    assert state.phase == "steal" and RULES.to_act(state) == CHANCE
    assert RULES.chance_outcomes(state) == [({"type": "steal", "resource": "ore"}, 1.0)]
    events = act(state, type="steal", resource="ore")
    assert state.hands[0][2] == 1 and state.hands[1][2] == 1 and state.phase == "main"
    stole = next(e for e in events if e.kind == "stole")
    assert stole.seen_by(0)["resource"] == "ore" and "resource" not in stole.seen_by(3)
    robbed = next(e for e in events if e.kind == "robbed")
    assert robbed.seen_by(1)["resource"] == "ore" and robbed.seen_by(2) is None


def test_robber_without_victims_goes_straight_on():
    state = position(phase="robber")
    act(state, type="robber", hex=0)
    assert state.phase == "main" and state.robber == 0


def test_friendly_robber_spares_players_with_two_points():
    buildings = [(V["0,-1,N"], 1, "settlement"), (V["-2,2,N"], 1, "settlement"),
                 (V["-1,0,N"], 2, "city"), (V["1,1,N"], 2, "settlement"), (V["2,-2,S"], 0, "settlement")]
    hills = board.HEX_ID[(0, -1)]
    state = position(phase="robber", hands={1: {"ore": 2}, 2: {"ore": 1}}, buildings=buildings,
                     options={"friendly_robber": True})
    assert [a.get("victim") for a in RULES.legal_actions(state) if a["hex"] == hills] == [2]
    unfriendly = position(phase="robber", hands={1: {"ore": 2}, 2: {"ore": 1}}, buildings=buildings)
    assert [a.get("victim") for a in RULES.legal_actions(unfriendly) if a["hex"] == hills] == [1, 2]


# -- building ------------------------------------------------------------------------------------------
RICH = {"brick": 10, "lumber": 10, "ore": 10, "grain": 10, "wool": 10}


def test_roads_join_the_network_and_not_through_an_opponent():
    home = V["0,-1,N"]
    state = position(hands={0: RICH}, buildings=[(home, 0, "settlement")])
    spots = {a["edge"] for a in RULES.legal_actions(state) if a["type"] == "road"}
    assert spots == set(board.VERTEX_EDGES[home])
    e = board.VERTEX_EDGES[home][0]
    act(state, type="road", edge=e)
    assert state.hands[0][:2] == [9, 9] and state.bank[0] == 19 - 9
    mid = board.EDGE_OTHER_END[e][home]
    e2 = next(f for f in board.VERTEX_EDGES[mid] if f != e)
    far = board.EDGE_OTHER_END[e2][mid]
    blocked = position(hands={0: RICH}, buildings=[(home, 0, "settlement"), (far, 1, "settlement")],
                       roads=[(e, 0), (e2, 0)])
    spots = {a["edge"] for a in RULES.legal_actions(blocked) if a["type"] == "road"}
    beyond = [f for f in board.VERTEX_EDGES[far] if f != e2]
    assert beyond and not any(f in spots for f in beyond)
    assert any(f in spots for f in board.VERTEX_EDGES[mid] if f not in (e, e2))


def test_settlement_needs_own_road_and_distance():
    home = V["0,-1,N"]
    e1 = board.VERTEX_EDGES[home][0]
    mid = board.EDGE_OTHER_END[e1][home]
    e2 = next(e for e in board.VERTEX_EDGES[mid] if e != e1)
    end = board.EDGE_OTHER_END[e2][mid]
    state = position(hands={0: RICH}, buildings=[(home, 0, "settlement")], roads=[(e1, 0), (e2, 0)])
    spots = {a["vertex"] for a in RULES.legal_actions(state) if a["type"] == "settlement"}
    assert mid not in spots and end in spots
    act(state, type="settlement", vertex=end)
    assert state.pieces[0][1] == 2 and total_points(state, 0) == 2


def test_city_replaces_own_settlement_and_limits_hold():
    home = V["0,-1,N"]
    state = position(hands={0: RICH}, buildings=[(home, 0, "settlement"), (V["-1,0,N"], 1, "settlement")])
    cities = {a["vertex"] for a in RULES.legal_actions(state) if a["type"] == "city"}
    assert cities == {home}
    act(state, type="city", vertex=home)
    assert state.pieces[0][1:] == [0, 1] and total_points(state, 0) == 2 and state.hands[0][2:4] == [7, 8]
    with pytest.raises(IllegalAction):
        act(state, type="city", vertex=V["-1,0,N"])


def test_piece_limits():
    owner = [-1] * 54
    spots = []
    for v in range(54):
        if distance_ok(owner, v):
            owner[v] = 0
            spots.append(v)
    buildings = [(v, 0, "city") for v in spots[:4]] + [(v, 0, "settlement") for v in spots[4:8]]
    with pytest.raises(ValueError):
        position(buildings=buildings + [(spots[8], 0, "city")])
    state = position(hands={0: RICH}, buildings=buildings)
    assert not any(a["type"] == "city" for a in RULES.legal_actions(state))
    five = position(hands={0: RICH}, buildings=[(v, 0, "settlement") for v in spots[:5]])
    assert not any(a["type"] == "settlement" for a in RULES.legal_actions(five))


def test_fifteen_roads_at_most():
    from tests.catan.helpers import path_edges
    start = V["0,-1,N"]
    edges = path_edges(start, 15)
    state = position(hands={0: RICH}, buildings=[(start, 0, "settlement")], roads=[(e, 0) for e in edges],
                     longest_road=0)
    assert not any(a["type"] == "road" for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction):
        act(state, type="road", edge=next(e for e in board.VERTEX_EDGES[start] if e not in edges))


def test_ending_the_turn_passes_clockwise():
    state = position(current=3)
    act(state, type="end_turn")
    assert state.current == 0 and state.phase == "roll"


def test_the_desert_is_a_legal_robber_destination():
    state = position(phase="robber", robber=0)
    assert {"type": "robber", "hex": 9} in RULES.legal_actions(state)


def test_steal_odds_follow_the_cards_not_the_kinds():
    state = position(phase="robber", hands={1: {"ore": 3, "wool": 1}}, buildings=[(V["0,-1,N"], 1, "settlement")])
    act(state, type="robber", hex=board.HEX_ID[(0, -1)], victim=1)
    odds = {a["resource"]: p for a, p in RULES.chance_outcomes(state)}
    assert odds == {"ore": 0.75, "wool": 0.25}


def test_a_settlement_may_split_an_opponents_road_when_touching_an_own_road():
    home = V["0,-1,N"]
    e1 = board.VERTEX_EDGES[home][0]
    mid = board.EDGE_OTHER_END[e1][home]
    e2 = next(e for e in board.VERTEX_EDGES[mid] if e != e1)
    corner = board.EDGE_OTHER_END[e2][mid]
    theirs = [e for e in board.VERTEX_EDGES[corner] if e != e2]
    state = position(hands={0: RICH}, buildings=[(home, 0, "settlement")],
                     roads=[(e1, 0), (e2, 0)] + [(e, 1) for e in theirs])
    assert {"type": "settlement", "vertex": corner} in RULES.legal_actions(state)
    act(state, type="settlement", vertex=corner)
    assert state.road_lengths[1] == 1


def test_a_harbour_works_in_the_turn_its_settlement_is_built():
    harbour = board.HARBOUR_SLOT_VERTICES[0][0]  # a generic 3:1 harbour
    e = board.VERTEX_EDGES[harbour][0]
    road_end = board.EDGE_OTHER_END[e][harbour]
    e0 = next(f for f in board.VERTEX_EDGES[road_end] if f != e)
    start = board.EDGE_OTHER_END[e0][road_end]
    state = position(hands={0: {"brick": 1, "lumber": 1, "grain": 1, "wool": 4}},
                     buildings=[(start, 0, "settlement")], roads=[(e0, 0), (e, 0)])
    assert state.rates[0] == (4, 4, 4, 4, 4)
    act(state, type="settlement", vertex=harbour)
    assert state.hands[0][4] == 3 and state.rates[0] == (3, 3, 3, 3, 3)
    act(state, type="bank_trade", give="wool", get="ore")
    assert state.hands[0] == [0, 0, 1, 0, 0]
