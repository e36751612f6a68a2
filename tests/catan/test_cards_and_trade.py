"""Development cards, Largest Army, maritime and domestic trade."""

import pytest

from game.core.rules import CHANCE, IllegalAction
from game.games.catan import board
from game.games.catan.rules import MAX_OFFERS, RULES, total_points
from tests.catan.helpers import act, position

V = board.VERTEX_ID
BUY = {"ore": 1, "grain": 1, "wool": 1}


# -- development cards --------------------------------------------------------------------------------
def test_buying_draws_a_hidden_card_that_cannot_be_played_this_turn():
    state = position(hands={0: BUY})
    act(state, type="buy")
    assert state.hands[0] == [0] * 5 and RULES.to_act(state) == CHANCE
    outcomes = dict((a["card"], p) for a, p in RULES.chance_outcomes(state))
    assert outcomes["knight"] == pytest.approx(14 / 25)
    events = act(state, type="draw", card="knight")
    assert state.devs[0][0] == 1 and state.deck_count == 24
    bought = next(e for e in events if e.kind == "bought")
    assert bought.seen_by(0)["card"] == "knight" and "card" not in bought.seen_by(1)
    assert {"type": "play", "card": "knight"} not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction):
        act(state, type="play", card="knight")
    act(state, type="end_turn")
    for _ in range(3):
        act(state, type="roll", dice=[1, 1])
        act(state, type="end_turn")
    assert state.current == 0 and state.phase == "pre_roll"
    assert {"type": "play", "card": "knight"} in RULES.legal_actions(state)


def test_empty_deck_cannot_be_bought_from():
    state = position(hands={0: BUY}, played={0: {"knight": 14, "road_building": 2, "year_of_plenty": 2,
                                                 "monopoly": 2}},
                     devs={0: {"victory_point": 5}}, largest_army=0)
    assert state.deck_count == 0
    assert {"type": "buy"} not in RULES.legal_actions(state)


def test_knight_before_the_roll_moves_the_robber_then_the_roll_follows():
    state = position(phase="pre_roll", rolled=False, devs={0: {"knight": 1}}, hands={1: {"ore": 1}},
                     buildings=[(V["0,-1,N"], 1, "settlement")])
    act(state, type="play", card="knight")
    assert state.phase == "robber" and state.played[0][0] == 1
    hills = board.HEX_ID[(0, -1)]
    act(state, type="robber", hex=hills, victim=1)
    act(state, type="steal", resource="ore")
    assert state.phase == "roll" and state.hands[0][2] == 1
    act(state, type="roll", dice=[3, 4])  # a 7 after the knight: the robber moves again
    assert state.phase == "robber"
    assert not any(a["type"] == "play" for a in RULES.legal_actions(position(
        phase="main", devs={0: {"knight": 2}}, dev_played=True)))


def test_one_development_card_per_turn():
    state = position(devs={0: {"knight": 1, "monopoly": 1}})
    act(state, type="play", card="monopoly", resource="ore")
    assert not any(a["type"] == "play" for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction):
        act(state, type="play", card="knight")


def test_largest_army_at_three_and_only_taken_by_more():
    state = position(devs={0: {"knight": 1}}, played={0: {"knight": 2}})
    act(state, type="play", card="knight")
    act(state, type="robber", hex=0)
    assert state.largest_army == 0 and total_points(state, 0) == 2
    rival = position(devs={1: {"knight": 1}}, played={0: {"knight": 3}, 1: {"knight": 2}}, largest_army=0,
                     current=1)
    act(rival, type="play", card="knight")
    act(rival, type="robber", hex=0)
    assert rival.largest_army == 0  # a tie leaves it with the holder
    more = position(devs={1: {"knight": 1}}, played={0: {"knight": 3}, 1: {"knight": 3}}, largest_army=0,
                    current=1)
    events = act(more, type="play", card="knight")
    assert more.largest_army == 1 and any(e.kind == "largest_army" for e in events)


def test_road_building_places_two_free_roads_or_declines_the_second():
    home = V["0,-1,N"]
    state = position(devs={0: {"road_building": 1}}, buildings=[(home, 0, "settlement")])
    act(state, type="play", card="road_building")
    assert state.phase == "road_building" and {"type": "end_road_building"} not in RULES.legal_actions(state)
    first = board.VERTEX_EDGES[home][0]
    act(state, type="road", edge=first)
    assert state.hands[0] == [0] * 5 and {"type": "end_road_building"} in RULES.legal_actions(state)
    act(state, type="road", edge=board.VERTEX_EDGES[home][1])
    assert state.phase == "main" and state.pieces[0][0] == 2
    again = position(devs={0: {"road_building": 1}}, buildings=[(home, 0, "settlement")])
    act(again, type="play", card="road_building")
    act(again, type="road", edge=first)
    act(again, type="end_road_building")
    assert again.phase == "main" and again.pieces[0][0] == 1


def test_road_building_with_one_road_left_places_one():
    from tests.catan.helpers import path_edges
    home = V["0,-1,N"]
    edges = path_edges(home, 14)
    state = position(devs={0: {"road_building": 1}}, buildings=[(home, 0, "settlement")],
                     roads=[(e, 0) for e in edges], longest_road=0)
    act(state, type="play", card="road_building")
    spot = next(a for a in RULES.legal_actions(state) if a["type"] == "road")
    act(state, **spot)
    assert state.phase == "main" and state.pieces[0][0] == 15


def test_road_building_needs_a_place_for_a_road():
    state = position(devs={0: {"road_building": 1}})
    assert {"type": "play", "card": "road_building"} not in RULES.legal_actions(state)


def test_year_of_plenty_takes_two_and_respects_the_bank():
    state = position(devs={0: {"year_of_plenty": 1}})
    plays = [a for a in RULES.legal_actions(state) if a.get("card") == "year_of_plenty"]
    assert len(plays) == 15
    act(state, type="play", card="year_of_plenty", resources=["ore", "ore"])
    assert state.hands[0][2] == 2 and state.bank[2] == 17
    short = position(devs={0: {"year_of_plenty": 1}},
                     hands={1: {"brick": 19, "lumber": 19, "ore": 18, "grain": 19, "wool": 19}})
    plays = [a for a in RULES.legal_actions(short) if a.get("card") == "year_of_plenty"]
    assert plays == [{"type": "play", "card": "year_of_plenty", "resources": ["ore"]}]
    with pytest.raises(IllegalAction):
        act(short, type="play", card="year_of_plenty", resources=["ore", "ore"])


def test_monopoly_takes_every_card_of_the_kind():
    state = position(devs={0: {"monopoly": 1}}, hands={1: {"wool": 3, "ore": 1}, 2: {"wool": 2}, 3: {}})
    events = act(state, type="play", card="monopoly", resource="wool")
    assert state.hands[0][4] == 5 and state.hands[1] == [0, 0, 1, 0, 0] and state.hands[2] == [0] * 5
    assert next(e for e in events if e.kind == "played").data["taken"] == [0, 3, 2, 0]
    nobody = position(devs={0: {"monopoly": 1}})
    act(nobody, type="play", card="monopoly", resource="ore")
    assert nobody.devs[0][4] == 0 and nobody.played[0][4] == 1


def test_victory_point_cards_count_and_win_when_bought():
    buildings = [(V["0,-1,N"], 0, "city"), (V["-1,2,N"], 0, "city"), (V["2,-2,S"], 0, "city"),
                 (V["-2,2,N"], 0, "settlement")]
    state = position(hands={0: BUY}, buildings=buildings, devs={0: {"victory_point": 2}})
    assert total_points(state, 0) == 9
    act(state, type="buy")
    act(state, type="draw", card="victory_point")
    assert state.phase == "over" and RULES.result(state).winners == [0]
    assert RULES.result(state).scores[0] == 10


# -- maritime trade ---------------------------------------------------------------------------------
def test_bank_trade_rates_and_limits():
    state = position(hands={0: {"ore": 4, "wool": 3}})
    trades = [a for a in RULES.legal_actions(state) if a["type"] == "bank_trade"]
    assert {(a["give"], a["get"]) for a in trades} == {("ore", r) for r in board.RESOURCES if r != "ore"}
    act(state, type="bank_trade", give="ore", get="brick")
    assert state.hands[0] == [1, 0, 0, 0, 3] and state.bank[2] == 19
    with pytest.raises(IllegalAction):
        act(state, type="bank_trade", give="wool", get="wool")
    generic = position(hands={0: {"wool": 3}}, buildings=[(board.HARBOUR_SLOT_VERTICES[0][0], 0, "settlement")])
    assert {"type": "bank_trade", "give": "wool", "get": "ore"} in RULES.legal_actions(generic)
    ore_port = position(hands={0: {"ore": 2, "wool": 2}},
                        buildings=[(board.HARBOUR_SLOT_VERTICES[2][0], 0, "settlement")])
    gives = {a["give"] for a in RULES.legal_actions(ore_port) if a["type"] == "bank_trade"}
    assert gives == {"ore"}
    empty_bank = position(hands={0: {"ore": 4}, 1: {"brick": 19}})
    assert not any(a.get("get") == "brick" for a in RULES.legal_actions(empty_bank))


def test_bank_trade_only_after_the_roll():
    state = position(phase="pre_roll", rolled=False, hands={0: {"ore": 4}}, devs={0: {"knight": 1}})
    with pytest.raises(IllegalAction):
        act(state, type="bank_trade", give="ore", get="brick")


# -- domestic trade ------------------------------------------------------------------------------------
def offer(state, give, want):
    act(state, type="trade")
    for r, k in give.items():
        for _ in range(k):
            act(state, type="trade_give", resource=r)
    for r, k in want.items():
        for _ in range(k):
            act(state, type="trade_want", resource=r)
    return act(state, type="propose")


def test_offer_accept_and_complete():
    state = position(hands={0: {"wool": 2}, 1: {"ore": 1}, 2: {"ore": 2}, 3: {"grain": 1}})
    events = offer(state, {"wool": 2}, {"ore": 1})
    assert events[0].kind == "offer" and RULES.to_act(state) == 1
    assert {"type": "accept"} in RULES.legal_actions(state)
    act(state, type="decline")
    act(state, type="accept")
    assert RULES.to_act(state) == 3
    assert {"type": "accept"} not in RULES.legal_actions(state)  # seat 3 has no ore
    act(state, type="decline")
    assert state.phase == "choose"
    assert RULES.legal_actions(state) == [{"type": "complete", "seat": 2}, {"type": "cancel_trade"}]
    with pytest.raises(IllegalAction):
        act(state, type="complete", seat=1)
    act(state, type="complete", seat=2)
    assert state.hands[0] == [0, 0, 1, 0, 0] and state.hands[2] == [0, 0, 1, 0, 2] and state.phase == "main"


def test_counter_offer():
    state = position(hands={0: {"wool": 2, "grain": 1}, 1: {"ore": 1}, 2: {}, 3: {}})
    offer(state, {"wool": 2}, {"ore": 1})
    act(state, type="counter")
    assert state.phase == "compose" and RULES.to_act(state) == 1
    act(state, type="trade_give", resource="ore")
    act(state, type="trade_want", resource="grain")
    act(state, type="propose")
    act(state, type="decline")
    act(state, type="decline")
    assert RULES.legal_actions(state)[0] == {"type": "complete", "seat": 1}
    act(state, type="complete", seat=1)
    assert state.hands[0] == [0, 0, 1, 0, 2] and state.hands[1] == [0, 0, 0, 1, 0]


def test_no_gifts_no_same_resource_on_both_sides():
    state = position(hands={0: {"wool": 2}, 1: {"ore": 1}})
    act(state, type="trade")
    act(state, type="trade_give", resource="wool")
    assert {"type": "propose"} not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction):
        act(state, type="propose")
    with pytest.raises(IllegalAction):
        act(state, type="trade_want", resource="wool")
    assert {"type": "trade_want", "resource": "wool"} not in RULES.legal_actions(state)


def test_cannot_give_cards_not_held_nor_ask_more_than_anyone_holds():
    state = position(hands={0: {"wool": 1}, 1: {"ore": 2}, 2: {"ore": 1}})
    act(state, type="trade")
    act(state, type="trade_give", resource="wool")
    with pytest.raises(IllegalAction):
        act(state, type="trade_give", resource="wool")
    act(state, type="trade_want", resource="ore")
    act(state, type="trade_want", resource="ore")
    assert not any(a["type"] == "trade_want" for a in RULES.legal_actions(state))


def test_offers_per_turn_are_limited_and_nobody_answering_returns_to_building():
    state = position(hands={0: {"wool": 5}, 1: {"ore": 1}})
    for _ in range(MAX_OFFERS):
        offer(state, {"wool": 1}, {"ore": 1})
        for _ in range(3):
            act(state, type="decline")
        assert state.phase == "main"
    assert {"type": "trade"} not in RULES.legal_actions(state)


def test_only_the_player_on_turn_trades():
    state = position(hands={0: {"wool": 1}, 1: {"ore": 1}}, current=0)
    with pytest.raises(IllegalAction):
        act(state, type="accept")
    assert RULES.to_act(state) == 0


def test_year_of_plenty_cannot_be_played_with_an_empty_bank():
    everything = {r: 19 for r in board.RESOURCES}
    state = position(devs={0: {"year_of_plenty": 1}}, hands={1: everything})
    assert not any(a.get("card") == "year_of_plenty" for a in RULES.legal_actions(state))


def test_victory_point_cards_are_never_played_and_not_limited():
    state = position(devs={0: {"victory_point": 2, "knight": 1}})
    assert not any(a.get("card") == "victory_point" for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction):
        act(state, type="play", card="victory_point")
    assert total_points(state, 0) == 2


def test_an_offer_to_one_player_is_answered_by_that_player_alone():
    state = position(hands={0: {"wool": 2}, 1: {"ore": 1}, 2: {"ore": 2}, 3: {"grain": 1}})
    act(state, type="trade")
    act(state, type="trade_give", resource="wool")
    act(state, type="trade_want", resource="ore")
    legal = RULES.legal_actions(state)
    assert [a["to"] for a in legal if a["type"] == "propose" and "to" in a] == [1, 2, 3]
    events = act(state, type="propose", to=2)
    assert events[0].data["to"] == 2
    assert RULES.to_act(state) == 2 and state.trade.answers == ["decline", "decline", None, "decline"]
    act(state, type="accept")
    assert RULES.legal_actions(state) == [{"type": "complete", "seat": 2}, {"type": "cancel_trade"}]
    act(state, type="complete", seat=2)
    assert state.hands[0] == [0, 0, 1, 0, 1] and state.hands[2] == [0, 0, 1, 0, 1]


def test_an_offer_to_one_player_round_trips_through_the_notation_and_is_checked():
    state = position(hands={0: {"wool": 2}, 1: {"ore": 1}, 2: {}, 3: {"grain": 1}})
    act(state, type="trade")
    act(state, type="trade_give", resource="wool")
    act(state, type="trade_want", resource="ore")
    assert {"type": "propose", "to": 2} not in RULES.legal_actions(state)  # seat 2 holds nothing
    for bad in (2, 0, 7, "1", True):
        with pytest.raises(IllegalAction):
            RULES.apply(RULES.clone(state), {"type": "propose", "to": bad})
    act(state, type="propose", to=1)
    data = RULES.to_json(state)
    assert data["trade"]["to"] == 1
    again = RULES.from_json(data)
    assert again.trade.to == 1 and RULES.to_json(again) == data
    act(state, type="counter")
    act(state, type="trade_give", resource="ore")
    act(state, type="trade_want", resource="wool")
    with pytest.raises(IllegalAction):
        RULES.apply(RULES.clone(state), {"type": "propose", "to": 3})  # a counter goes back to the proposer
    act(state, type="propose")
    assert state.phase == "choose" and RULES.legal_actions(state)[0] == {"type": "complete", "seat": 1}
    older = RULES.to_json(state)
    del older["trade"]["to"]
    assert RULES.from_json(older).trade.to == -1  # positions written before offers to one player
