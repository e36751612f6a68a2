"""The combination's knight rules: a neutral knight for each knight recruited (a road when none fits,
never a settlement), a neutral promotion for each promotion (up to strong, nothing when impossible),
neutral knights that never act, and real knights displacing them (retreat chosen by the player on
turn, or removal)."""

from game.core.rules import action_key
from game.games.catan import board
from tests.catan_ck_2p.helpers import N1, N2, RULES, act, edge_between, legal, position, refused, roads_along

HOME = [(28, 0, "settlement"), (41, 1, "settlement")]
HOME_ROADS = [(edge_between(28, 33), 0), (edge_between(41, 36), 1)]
RECRUIT = {"wool": 1, "ore": 1}
N1_ROAD = [(edge_between(13, 18), N1)]
"""Neutral 1's road from its starting settlement (13) to 18."""


def neutral_choices(state) -> set:
    return {(a["type"], a["colour"], a.get("vertex", a.get("edge"))) for a in RULES.legal_actions(state)}


def test_a_recruited_knight_owes_a_neutral_basic_knight_at_the_end_of_a_neutral_road():
    state = position(buildings=HOME, roads=HOME_ROADS + N1_ROAD, hands={0: RECRUIT})
    events = act(state, type="knight", vertex=33)
    assert state.phase == "neutral" and state.neutral_due == ["knight"] and RULES.to_act(state) == 0
    assert [e.kind for e in events] == ["knight"]
    assert neutral_choices(state) == {("knight", N1, 18)}  # neutral 2 has no road yet
    refused(state, {"type": "knight", "colour": N2, "vertex": 35}, "end of that colour's road")
    refused(state, {"type": "knight", "colour": N1, "vertex": 13})
    events = act(state, type="knight", colour=N1, vertex=18)
    assert events[0].data == {"seat": N1, "vertex": 18, "strength": 1, "neutral": True, "by": 0}
    assert state.knight_owner[18] == N1 and state.knight_strength[18] == 1 and not state.knight_active[18]
    assert state.knight_pieces[N1] == [1, 0, 0] and state.phase == "main" and not state.neutral_due


def test_when_no_neutral_knight_fits_a_neutral_road_is_built_instead_never_a_settlement():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: RECRUIT})
    act(state, type="knight", vertex=33)
    choices = neutral_choices(state)
    assert choices and {kind for kind, _, _ in choices} == {"road"}
    assert {colour for _, colour, _ in choices} == {N1, N2}
    refused(state, {"type": "settlement", "colour": N1, "vertex": 8})
    act(state, type="road", colour=N2, edge=edge_between(40, 35))
    assert state.edge_owner[edge_between(40, 35)] == N2 and state.phase == "main"


def test_neutral_colours_out_of_basic_knights_take_a_road_instead():
    knights = [(18, N1, 1, False), (8, N1, 1, False), (35, N2, 1, False), (44, N2, 1, False)]
    roads = HOME_ROADS + N1_ROAD + [(edge_between(13, 8), N1), (edge_between(13, 9), N1),
                                    (edge_between(40, 35), N2), (edge_between(40, 44), N2), (edge_between(40, 45), N2)]
    state = position(buildings=HOME, roads=roads, knights=knights, hands={0: RECRUIT})
    assert 9 in RULES.knight_spots(state, N1) and 45 in RULES.knight_spots(state, N2)  # room, but no piece
    act(state, type="knight", vertex=33)
    assert {kind for kind, _, _ in neutral_choices(state)} == {"road"}


def test_nothing_is_built_when_neither_a_knight_nor_a_road_fits():
    hemmed = [(e, 1) for v in (13, 40) for e in board.VERTEX_EDGES[v]]  # every path out of both neutral settlements
    state = position(buildings=HOME, roads=HOME_ROADS + hemmed, hands={0: RECRUIT})
    events = act(state, type="knight", vertex=33)
    assert state.phase == "main" and [e.kind for e in events] == ["knight", "neutral_skipped"]
    assert events[-1].data == {"seat": 0, "piece": "knight"}


def test_a_promotion_promotes_one_neutral_basic_knight_to_strong():
    knights = [(33, 0, 1, True), (18, N1, 1, False), (35, N2, 2, False)]
    roads = HOME_ROADS + N1_ROAD + [(edge_between(40, 35), N2)]
    state = position(buildings=HOME, roads=roads, knights=knights, hands={0: RECRUIT})
    act(state, type="promote", vertex=33)
    assert state.knight_strength[33] == 2 and state.knight_active[33]
    assert state.phase == "neutral" and neutral_choices(state) == {("promote", N1, 18)}
    refused(state, {"type": "promote", "colour": N2, "vertex": 35}, "basic knight")
    events = act(state, type="promote", colour=N1, vertex=18)
    assert events[0].data == {"seat": N1, "vertex": 18, "strength": 2, "neutral": True, "by": 0}
    assert state.knight_strength[18] == 2 and state.knight_pieces[N1] == [0, 1, 0] and state.phase == "main"


def test_a_neutral_knight_never_goes_above_strong_and_a_promotion_has_no_substitute():
    knights = [(33, 0, 2, True), (18, N1, 2, False)]
    state = position(buildings=HOME, roads=HOME_ROADS + N1_ROAD, knights=knights, hands={0: RECRUIT},
                     improvements={0: {"politics": 3}})
    events = act(state, type="promote", vertex=33)  # to mighty: still owes a neutral promotion (A13)
    assert state.knight_strength[33] == 3 and state.knight_strength[18] == 2
    assert state.phase == "main" and events[-1].kind == "neutral_skipped"
    assert events[-1].data["piece"] == "promotion" and state.edge_owner.count(N1) == 1  # no road instead


def test_a_promotion_to_mighty_promotes_a_neutral_basic_knight():
    knights = [(33, 0, 2, False), (18, N1, 1, False)]
    state = position(buildings=HOME, roads=HOME_ROADS + N1_ROAD, knights=knights, hands={0: RECRUIT},
                     improvements={0: {"politics": 3}})
    act(state, type="promote", vertex=33)
    act(state, type="promote", colour=N1, vertex=18)
    assert state.knight_strength[18] == 2


def test_neutral_knights_are_never_activated_moved_or_promoted_by_their_colour():
    knights = [(18, N1, 1, False)]
    state = position(buildings=HOME, roads=HOME_ROADS + N1_ROAD, knights=knights,
                     hands={0: {"grain": 3, "wool": 1, "ore": 1}})
    assert not any(a.get("vertex") == 18 for a in RULES.legal_actions(state))
    refused(state, {"type": "activate", "vertex": 18}, "your inactive knights")
    refused(state, {"type": "promote", "vertex": 18}, "your knights")


def test_neutral_knights_never_defend_against_the_barbarians():
    state = position(buildings=HOME + [(24, 0, "city")], roads=HOME_ROADS + N1_ROAD, knights=[(18, N1, 2, False)],
                     barbarians=6, phase="roll", rolls=1)
    events = act(state, type="roll", dice=[1, 2], event="ship")
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["defence"] == [0, 0] and attack.data["strength"] == 1 and attack.data["pillaged"] == [0]


DISPLACE_ROADS = HOME_ROADS[1:] + N1_ROAD + roads_along(28, 34, 29, 23, 18)
"""Player 1's roads from 28 to 18, where neutral 1's road from 13 ends."""


def test_an_active_knight_displaces_a_weaker_neutral_knight_which_retreats_where_the_player_on_turn_says():
    knights = [(23, 0, 2, True), (18, N1, 1, False)]
    roads = DISPLACE_ROADS + [(edge_between(13, 8), N1), (edge_between(13, 9), N1)]
    state = position(buildings=HOME, roads=roads, knights=knights)
    assert "knight_move" in {a["type"] for a in RULES.legal_actions(state) if a.get("to") == 18}
    events = act(state, type="knight_move", vertex=23, to=18)
    assert [e.kind for e in events][:2] == ["knight_moved", "displaced"]
    assert state.phase == "retreat" and state.step["seat"] == N1 and RULES.to_act(state) == 0
    assert legal(state) == {action_key({"type": "retreat", "vertex": v}) for v in (8, 9)}
    act(state, type="retreat", vertex=9)
    assert state.knight_owner[9] == N1 and state.knight_strength[9] == 1 and not state.knight_active[9]
    assert state.knight_owner[18] == 0 and state.phase == "main" and state.tokens == [5, 5]


def test_a_displaced_neutral_knight_with_nowhere_to_go_leaves_the_board():
    state = position(buildings=HOME, roads=DISPLACE_ROADS, knights=[(23, 0, 2, True), (18, N1, 1, False)])
    events = act(state, type="knight_move", vertex=23, to=18)
    assert events[-1].kind == "knight_lost" and events[-1].data["seat"] == N1
    assert state.knight_pieces[N1] == [0, 0, 0] and state.phase == "main" and state.tokens == [5, 5]


def test_a_basic_knight_displaces_no_neutral_knight_and_a_strong_one_no_strong_neutral():
    for mine, theirs in ((1, 1), (2, 2)):
        state = position(buildings=HOME, roads=DISPLACE_ROADS, knights=[(23, 0, mine, True), (18, N1, theirs, False)])
        assert 18 not in RULES.knight_moves(state, 23)
        refused(state, {"type": "knight_move", "vertex": 23, "to": 18})
