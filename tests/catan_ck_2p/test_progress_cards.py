"""Each progress card's two-player note: the Deserter against a neutral colour (its weakest knight,
the player on turn picking among equals, nothing owed for the knight placed), the Diplomat (an open
neutral road removed, a relocated road owes nothing), the Intrigue on a neutral knight, the Smith's
neutral promotions, Road Building's two neutral roads, the Bishop robbing the opponent only."""

from game.core.rules import action_key
from game.games.catan.board import HEX_VERTICES
from tests.catan_ck_2p.helpers import N1, N2, RULES, act, edge_between, legal, position, refused, roads_along

HOME = [(28, 0, "settlement"), (41, 1, "settlement")]
HOME_ROADS = [(edge_between(28, 33), 0), (edge_between(41, 36), 1)]
N1_ROADS = [(edge_between(13, 18), N1), (edge_between(13, 8), N1), (edge_between(13, 9), N1)]


def holding(card: str, **given):
    """Player 1's turn after both rolls, holding ``card``."""
    given.setdefault("buildings", HOME)
    given.setdefault("roads", HOME_ROADS)
    return position(progress={0: {card: 1}}, **given)


def test_the_deserter_takes_a_neutral_colour_s_weakest_knight_and_owes_it_nothing_back():
    knights = [(18, N1, 2, False), (8, N1, 1, False), (9, N1, 1, False)]
    state = holding("deserter", roads=HOME_ROADS + N1_ROADS + [(edge_between(33, 38), 0)], knights=knights)
    plays = {action_key(a) for a in RULES.legal_actions(state) if a.get("card") == "deserter"}
    assert plays == {action_key({"type": "play", "card": "deserter", "seat": N1})}  # neutral 2 and player 2: none
    act(state, type="play", card="deserter", seat=N1)
    assert state.phase == "desert" and RULES.to_act(state) == 0  # the player on turn picks (A30)
    assert legal(state) == {action_key({"type": "desert", "vertex": v}) for v in (8, 9)}
    refused(state, {"type": "desert", "vertex": 18}, "weakest knight")
    act(state, type="desert", vertex=9)
    assert state.knight_owner[9] < 0 and state.knight_pieces[N1] == [1, 1, 0]
    assert state.phase == "deserter_place" and legal(state) >= {action_key({"type": "knight", "vertex": 38})}
    events = act(state, type="knight", vertex=38)
    assert state.knight_owner[38] == 0 and state.knight_strength[38] == 1 and not state.knight_active[38]
    assert state.phase == "main" and not state.neutral_due and [e.kind for e in events] == ["knight"]
    assert state.tokens == [5, 5]


def test_the_deserter_still_targets_the_opponent():
    state = holding("deserter", roads=HOME_ROADS + [(edge_between(36, 31), 1)], knights=[(31, 1, 2, True)])
    act(state, type="play", card="deserter", seat=1)
    assert state.phase == "desert" and RULES.to_act(state) == 1


def test_the_diplomat_removes_an_open_neutral_road_and_nothing_is_rebuilt_for_it():
    state = holding("diplomat", roads=HOME_ROADS + N1_ROADS[:1])
    play = {"type": "play", "card": "diplomat", "edge": edge_between(13, 18)}
    assert action_key(play) in legal(state)
    events = act(state, **play)
    assert state.edge_owner[edge_between(13, 18)] < 0 and state.pieces[N1][0] == 0
    assert state.phase == "main" and events[1].data == {"seat": N1, "edge": edge_between(13, 18)}


def test_a_road_moved_by_the_diplomat_is_not_built_and_owes_no_neutral_road():
    state = holding("diplomat", roads=HOME_ROADS + [(edge_between(33, 38), 0)])
    act(state, type="play", card="diplomat", edge=edge_between(33, 38))
    assert state.phase == "relocate"
    act(state, type="road", edge=edge_between(28, 22))
    assert state.phase == "main" and not state.neutral_due and state.pieces[N1][0] == state.pieces[N2][0] == 0


def test_the_intrigue_displaces_a_neutral_knight_at_the_end_of_your_road():
    roads = HOME_ROADS[1:] + roads_along(28, 34, 29, 23, 18) + N1_ROADS
    state = holding("intrigue", roads=roads, knights=[(18, N1, 2, False)])
    act(state, type="play", card="intrigue", vertex=18)
    assert state.phase == "retreat" and RULES.to_act(state) == 0 and state.step["seat"] == N1
    assert legal(state) >= {action_key({"type": "retreat", "vertex": v}) for v in (8, 9)}
    act(state, type="retreat", vertex=8)
    assert state.knight_owner[8] == N1 and state.knight_strength[8] == 2 and state.knight_owner[18] < 0


def test_the_smith_promotes_a_neutral_knight_for_each_of_its_promotions():
    knights = [(33, 0, 1, False), (22, 0, 1, True), (18, N1, 1, False), (35, N2, 1, False)]
    roads = HOME_ROADS + [(edge_between(28, 22), 0), (edge_between(13, 18), N1), (edge_between(40, 35), N2)]
    state = holding("smith", roads=roads, knights=knights)
    act(state, type="play", card="smith")
    act(state, type="promote", vertex=33)
    assert state.phase == "neutral" and state.neutral_return == "smith"
    act(state, type="promote", colour=N2, vertex=35)
    assert state.phase == "smith" and state.step["left"] == 1
    act(state, type="promote", vertex=22)
    assert state.phase == "neutral" and legal(state) == {action_key({"type": "promote", "colour": N1, "vertex": 18})}
    act(state, type="promote", colour=N1, vertex=18)
    assert state.phase == "main"
    assert [state.knight_strength[v] for v in (33, 22, 18, 35)] == [2, 2, 2, 2]


def test_road_building_builds_two_neutral_roads_split_as_the_player_likes():
    state = holding("road_building")
    act(state, type="play", card="road_building")
    act(state, type="road", edge=edge_between(33, 38))
    act(state, type="road", edge=edge_between(28, 22))
    assert state.phase == "neutral" and state.neutral_due == ["road", "road"]
    act(state, type="road", colour=N1, edge=edge_between(13, 18))
    act(state, type="road", colour=N1, edge=edge_between(18, 23))
    assert state.phase == "main" and state.pieces[N1][0] == 2 and state.pieces[0][0] == 3


def test_the_bishop_robs_the_opponent_and_never_a_neutral_colour():
    hills = 4  # its corners hold neutral 1's settlement (13) and player 2's city (17)
    state = holding("bishop", buildings=HOME + [(17, 1, "city")], attacks=1, hands={1: {"wool": 2}})
    assert {13, 17} <= set(HEX_VERTICES[hills])
    events = act(state, type="play", card="bishop", hex=hills)
    assert events[1].data["victims"] == [1] and state.phase == "steal" and state.victim == 1
