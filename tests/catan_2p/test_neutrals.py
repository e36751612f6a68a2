"""The neutral colours: their starting settlements, the builds each real build owes them, their
legality and limits, Longest Road, and that they never produce nor lose cards to the robber."""

import pytest

from game.core.rules import IllegalAction
from game.games.catan import board
from game.games.catan_2p.rules import RULES
from game.games.catan_2p.text import describe_event
from tests.catan.helpers import edge_between, path_edges, vertices_of_path
from tests.catan_2p.helpers import HOME, HOME_ROADS, N1, N2, act, kinds, neutral_spots, new_game, position

FIRST_NEUTRAL_ROADS = ({("road", N1, e) for e in board.VERTEX_EDGES[13]}
                       | {("road", N2, e) for e in board.VERTEX_EDGES[40]})
ROAD_CARDS = {"brick": 1, "lumber": 1}
SETTLEMENT_CARDS = {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}


def english(key, **fields):
    from game.core.i18n import catalogue
    return catalogue("en")[key].format(**fields)


def test_each_neutral_colour_starts_with_one_settlement_and_no_road():
    state = new_game(layout="beginner")
    events = act(state, type="first_player", seat=0)
    assert [(v, state.vertex_owner[v]) for v in range(board.NUM_VERTICES) if state.vertex_owner[v] >= 0] == [(13, N1),
                                                                                                         (40, N2)]
    assert state.pieces[N1] == [0, 1, 0] == state.pieces[N2] and N1 not in state.edge_owner
    assert [e.data["vertex"] for e in events if e.kind == "built"] == [13, 40]
    # the distance rule counts them in the set-up
    offered = {a["vertex"] for a in RULES.legal_actions(state)}
    assert not offered & ({13, 40} | set(board.VERTEX_NEIGHBOURS[13]) | set(board.VERTEX_NEIGHBOURS[40]))


def test_a_road_owes_one_neutral_road_chosen_by_the_player_on_turn():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: ROAD_CARDS})
    act(state, type="road", edge=edge_between(33, 38))
    assert state.phase == "neutral" and RULES.to_act(state) == 0
    assert neutral_spots(state) == FIRST_NEUTRAL_ROADS
    events = act(state, type="road", colour=N2, edge=edge_between(40, 44))
    assert state.phase == "main" and state.edge_owner[edge_between(40, 44)] == N2 and state.pieces[N2][0] == 1
    built = events[0]
    assert built.kind == "built" and built.data["neutral"] and built.data["by"] == 0
    assert describe_event(built, english) == "Player 1 builds a road for Neutral 2."


def test_a_settlement_owes_a_neutral_settlement_when_either_colour_can_take_one():
    neutral_roads = [(edge_between(13, 18), N1), (edge_between(18, 23), N1)]
    state = position(buildings=HOME, roads=HOME_ROADS + [(edge_between(33, 38), 0)] + neutral_roads,
                     hands={0: SETTLEMENT_CARDS})
    act(state, type="settlement", vertex=38)
    assert state.phase == "neutral"
    assert neutral_spots(state) == {("settlement", N1, 23)}  # no road instead (A18): one colour can settle
    with pytest.raises(IllegalAction, match="neutral settlement is due"):
        act(state, type="road", colour=N2, edge=edge_between(40, 44))
    act(state, type="settlement", colour=N1, vertex=23)
    assert state.vertex_owner[23] == N1 and state.pieces[N1][1] == 2 and state.phase == "main"


def test_a_settlement_owes_a_neutral_road_when_neither_colour_can_settle():
    state = position(buildings=HOME, roads=HOME_ROADS + [(edge_between(33, 38), 0)], hands={0: SETTLEMENT_CARDS})
    act(state, type="settlement", vertex=38)
    assert state.phase == "neutral" and neutral_spots(state) == FIRST_NEUTRAL_ROADS
    act(state, type="road", colour=N1, edge=edge_between(13, 9))
    assert state.phase == "main" and state.pieces[N1] == [1, 1, 0]


def test_nothing_is_built_when_no_neutral_piece_fits():
    walls = [(e, 1) for e in board.VERTEX_EDGES[13] + board.VERTEX_EDGES[40]]  # the neutral starts boxed in
    state = position(buildings=HOME, roads=HOME_ROADS + walls, hands={0: ROAD_CARDS})
    events = act(state, type="road", edge=edge_between(33, 38))
    assert state.phase == "main" and not state.neutral_due
    assert [e.data["piece"] for e in events if e.kind == "neutral_skipped"] == ["road"]


def test_road_building_owes_two_neutral_roads_split_as_the_player_likes():
    state = position(buildings=HOME, roads=HOME_ROADS, devs={0: {"road_building": 1}})
    act(state, type="play", card="road_building")
    act(state, type="road", edge=edge_between(33, 38))
    assert state.phase == "road_building"
    act(state, type="road", edge=edge_between(33, 27))
    assert state.phase == "neutral" and state.neutral_due == ["road", "road"]
    assert neutral_spots(state) == FIRST_NEUTRAL_ROADS
    act(state, type="road", colour=N1, edge=edge_between(13, 8))
    assert state.phase == "neutral"
    act(state, type="road", colour=N1, edge=edge_between(8, 4))  # both for one colour if the player likes
    assert state.phase == "main" and state.pieces[N1][0] == 2 and state.pieces[0][0] == 3


def test_road_building_stopped_after_one_free_road_still_owes_two_neutral_roads():
    state = position(buildings=HOME, roads=HOME_ROADS, devs={0: {"road_building": 1}}, phase="pre_roll")
    act(state, type="play", card="road_building")
    act(state, type="road", edge=edge_between(33, 38))
    act(state, type="end_road_building")
    act(state, type="road", colour=N1, edge=edge_between(13, 8))
    act(state, type="road", colour=N2, edge=edge_between(40, 45))
    assert state.phase == "roll" and state.pieces[N1][0] == state.pieces[N2][0] == 1


def test_road_building_builds_as_many_neutral_roads_as_fit():
    # neutral 1 boxed in and neutral 2 left a single path: one neutral road is built, the other skipped
    walls = [(e, 1) for e in board.VERTEX_EDGES[13]] + [(edge_between(40, 44), 1), (edge_between(40, 45), 1),
                                                   (edge_between(35, 29), 1), (edge_between(35, 30), 1)]
    state = position(buildings=HOME + [(30, 1, "settlement")], roads=HOME_ROADS + walls,
                     devs={0: {"road_building": 1}})
    act(state, type="play", card="road_building")
    act(state, type="road", edge=edge_between(33, 38))
    act(state, type="road", edge=edge_between(33, 27))
    assert neutral_spots(state) == {("road", N2, edge_between(40, 35))}
    events = act(state, type="road", colour=N2, edge=edge_between(40, 35))
    assert state.phase == "main" and [e.data["piece"] for e in events if e.kind == "neutral_skipped"] == ["road"]


def test_a_neutral_road_joins_its_own_network_and_passes_no_other_colour():
    # neutral 1 has reached corner 23, where player 1's settlement stands: it may not go past it
    roads = HOME_ROADS + [(edge_between(13, 18), N1), (edge_between(18, 23), N1)]
    state = position(buildings=HOME + [(23, 1, "settlement")], roads=roads, hands={0: ROAD_CARDS})
    act(state, type="road", edge=edge_between(33, 38))
    offered = {e for kind, colour, e in neutral_spots(state) if colour == N1}
    assert offered == {edge_between(13, 8), edge_between(13, 9), edge_between(18, 24)}
    with pytest.raises(IllegalAction, match="joined to that colour's road"):
        act(state, type="road", colour=N1, edge=edge_between(23, 29))
    with pytest.raises(IllegalAction, match="neutral colours"):
        act(state, type="road", colour=0, edge=edge_between(13, 8))


def test_neutral_piece_limits():
    # neutral 1 has all 15 roads out (none touching another, so no long road) and all 5 settlements:
    # only neutral 2 can build
    spare, used = [], {28, 41, 33, 36, 38, 40}
    for e in range(board.NUM_EDGES):
        if len(spare) < 15 and not set(board.EDGE_VERTICES[e]) & used:
            spare.append(e)
            used |= set(board.EDGE_VERTICES[e])
    settlements = [(v, N1, "settlement") for v in (4, 10, 47, 52)]
    state = position(buildings=HOME + settlements, roads=HOME_ROADS + [(e, N1) for e in spare],
                     hands={0: ROAD_CARDS})
    assert state.pieces[N1] == [15, 5, 0]
    act(state, type="road", edge=edge_between(33, 38))
    assert {colour for _, colour, _ in neutral_spots(state)} == {N2}


def test_a_neutral_colour_holds_longest_road_and_keeps_it_on_a_tie():
    neutral = path_edges(13, 5)
    taken = set(vertices_of_path(13, neutral))
    mine = path_edges(28, 5, avoid={e for e in range(board.NUM_EDGES) if set(board.EDGE_VERTICES[e]) & taken})
    state = position(buildings=HOME, roads=[(e, N1) for e in neutral] + [(e, 0) for e in mine[:4]],
                     hands={0: ROAD_CARDS}, longest_road=N1)
    assert state.road_lengths[N1] == 5 and RULES.public_points(state, 0) == 1
    events = act(state, type="road", edge=mine[4])
    assert state.road_lengths[0] == 5 and state.longest_road == N1  # A20: the holder keeps it on a tie
    assert not [e for e in events if e.kind == "longest_road"]


def test_a_neutral_road_takes_longest_road_from_a_player():
    neutral = path_edges(13, 5)
    taken = set(vertices_of_path(13, neutral))
    mine = path_edges(28, 5, avoid={e for e in range(board.NUM_EDGES) if set(board.EDGE_VERTICES[e]) & taken})
    end = vertices_of_path(13, neutral)[-1]
    onward = next(e for e in board.VERTEX_EDGES[end] if e not in neutral and not set(board.EDGE_VERTICES[e]) &
                  set(vertices_of_path(28, mine)))
    state = position(buildings=HOME + [(31, 0, "settlement")], roads=[(e, N1) for e in neutral] +
                     [(e, 0) for e in mine] + [(edge_between(31, 37), 0)], hands={0: ROAD_CARDS}, longest_road=0)
    assert RULES.public_points(state, 0) == 4
    act(state, type="road", edge=edge_between(37, 32))  # a spur that does not lengthen the longest road
    events = act(state, type="road", colour=N1, edge=onward)
    assert state.longest_road == N1 and RULES.public_points(state, 0) == 2
    [taken_event] = [e for e in events if e.kind == "longest_road"]
    assert describe_event(taken_event, english) == "Neutral 1 takes Longest Road."


def test_neutral_buildings_block_real_roads_and_settlements():
    roads = HOME_ROADS + [(edge_between(13, 18), N1)]
    state = position(buildings=HOME + [(23, N1, "settlement")], roads=roads + [(edge_between(29, 23), 0),
                     (edge_between(34, 29), 0), (edge_between(28, 34), 0)], hands={0: SETTLEMENT_CARDS})
    assert edge_between(23, 17) not in RULES.road_spots(state, 0)  # not past the neutral settlement
    assert 29 not in RULES.settlement_spots(state, 0)  # next to it


def test_neutral_buildings_never_produce_and_are_never_robbed():
    state = position(buildings=HOME, roads=HOME_ROADS, phase="roll", hands={1: {"wool": 2}})
    layout = state.layout
    lone = [h for h in board.VERTEX_HEXES[13] if not {0, 1} & {state.vertex_owner[v] for v in board.HEX_VERTICES[h]}
            and layout.numbers[h] not in (None, 7)]
    total = layout.numbers[lone[0]]
    bank = list(state.bank)
    events = act(state, type="roll", dice=[max(1, total - 6), total - max(1, total - 6)])
    produced = next(e for e in events if e.kind == "produced")
    assert len(produced.data["gains"]) == 2
    owed_to_players = [sum(g.values()) for g in produced.data["gains"]]
    assert sum(bank) - sum(state.bank) == sum(owed_to_players)
    state = position(buildings=HOME, roads=HOME_ROADS, phase="robber", hands={1: {"wool": 2}})
    assert {a.get("victim") for a in RULES.legal_actions(state) if a["hex"] == lone[0]} == {None}
    with pytest.raises(IllegalAction):
        act(state, type="robber", hex=lone[0], victim=N1)


def test_kinds_of_neutral_actions_are_only_placements():
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: ROAD_CARDS})
    act(state, type="road", edge=edge_between(33, 38))
    assert kinds(RULES.legal_actions(state)) == {"road"}
    for bad in ({"type": "end_turn"}, {"type": "robber_to_desert"}, {"type": "road", "colour": N1, "edge": 999}):
        before = RULES.to_json(state)
        with pytest.raises(IllegalAction):
            RULES.apply(state, bad)
        assert RULES.to_json(state) == before


def test_a_neutral_settlement_cuts_a_players_road_and_can_take_longest_road_with_it():
    mine = [(edge_between(a, b), 0) for a, b in ((28, 22), (22, 16), (16, 21), (21, 27), (27, 33))]
    neutral = [(edge_between(a, b), N1) for a, b in ((13, 8), (8, 12), (12, 7), (7, 11), (11, 16))]
    state = position(buildings=HOME, roads=mine + neutral + HOME_ROADS[1:], hands={0: SETTLEMENT_CARDS},
                     longest_road=0)
    assert state.road_lengths[0] == state.road_lengths[N1] == 5
    act(state, type="settlement", vertex=27)
    assert ("settlement", N1, 16) in neutral_spots(state)
    events = act(state, type="settlement", colour=N1, vertex=16)
    assert state.road_lengths[0] == 3 and state.longest_road == N1
    assert [e.data["seat"] for e in events if e.kind == "longest_road"] == [N1]
