"""Longest Road (length, breaks, ties, set aside and back), winning only on one's own turn."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.catan import board
from game.games.catan.building import distance_ok
from game.games.catan.roads import award_longest_road, road_length
from game.games.catan.rules import RULES, total_points
from tests.catan.helpers import act, path_edges, position, reference_road_length, vertices_of_path

RICH = {"brick": 5, "lumber": 5, "ore": 5, "grain": 5, "wool": 5}


def length(edges, seat=0, buildings=()):
    edge_owner = [-1] * 72
    for e in edges:
        edge_owner[e] = seat
    vertex_owner = [-1] * 54
    for v, owner in buildings:
        vertex_owner[v] = owner
    return road_length(edge_owner, vertex_owner, seat)


def test_length_counts_pieces_along_one_trail():
    assert length(path_edges(0, 5)) == 5
    assert length([]) == 0


def test_a_ring_counts_fully_and_a_tail_adds():
    ring = list(board.HEX_EDGES[9])  # the centre hex
    assert length(ring) == 6
    corner = board.HEX_VERTICES[9][0]
    tail = path_edges(corner, 2, avoid=set(ring))
    assert not set(vertices_of_path(corner, tail)[1:]) & set(board.HEX_VERTICES[9])
    assert length(ring + tail) == 8


def test_at_a_fork_only_one_branch_counts():
    centre = next(v for v in range(54) if len(board.VERTEX_EDGES[v]) == 3 and len(board.VERTEX_HEXES[v]) == 3)
    arms = []
    used = set()
    for e in board.VERTEX_EDGES[centre]:
        w = board.EDGE_OTHER_END[e][centre]
        more = next(f for f in board.VERTEX_EDGES[w] if f != e and f not in used)
        arms.append([e, more])
        used |= {e, more}
    edges = [e for arm in arms for e in arm]
    assert length(edges) == 4


def test_an_opponent_building_cuts_but_an_own_one_does_not():
    edges = path_edges(0, 6)
    middle = vertices_of_path(0, edges)[3]
    assert length(edges, buildings=[(middle, 0)]) == 6
    assert length(edges, buildings=[(middle, 1)]) == 3
    end = vertices_of_path(0, edges)[6]
    assert length(edges, buildings=[(end, 1)]) == 6  # a trail may end at an opponent's building


def test_award_rules():
    assert award_longest_road([4, 3, 2], -1) == -1
    assert award_longest_road([5, 3, 2], -1) == 0
    assert award_longest_road([5, 5, 2], 0) == 0  # tie keeps the holder
    assert award_longest_road([5, 6, 2], 0) == 1  # strictly longer takes it
    assert award_longest_road([5, 5, 2], -1) == -1  # tie among non-holders: set aside
    assert award_longest_road([3, 5, 5], 0) == -1  # holder broken, others tie: set aside
    assert award_longest_road([3, 5, 4], 0) == 1  # holder broken, a unique leader takes it
    assert award_longest_road([4, 4, 3], 0) == -1  # nobody reaches 5


def break_scenario():
    """Seat 2 holds Longest Road with 6 pieces; seat 1 has 5; seat 0 can cut seat 2's road."""
    for start in range(54):
        chain = path_edges(start, 6)
        if not chain:
            continue
        chain_vertices = vertices_of_path(start, chain)
        cut = chain_vertices[3]
        spare = [e for e in board.VERTEX_EDGES[cut] if e not in chain]
        if not spare:
            continue
        blocked = set(chain_vertices) | {w for v in chain_vertices for w in board.VERTEX_NEIGHBOURS[v]}
        for other in range(54):
            if other in blocked:
                continue
            second = path_edges(other, 5, avoid=set(chain) | set(spare))
            if second and not set(vertices_of_path(other, second)) & blocked:
                return chain, cut, spare[0], second, blocked | set(vertices_of_path(other, second))
    raise AssertionError("no scenario found")


def test_breaking_the_holder_passes_the_card_to_a_unique_leader_and_the_win_waits():
    chain, cut, spare, second, blocked = break_scenario()
    owner = [-1] * 54
    cities = []
    for v in range(54):
        if v not in blocked and distance_ok(owner, v) and len(cities) < 4:
            owner[v] = 1
            cities.append(v)
    state = position(hands={0: RICH}, roads=[(e, 2) for e in chain] + [(e, 1) for e in second] + [(spare, 0)],
                     buildings=[(v, 1, "city") for v in cities], longest_road=2)
    assert state.road_lengths == [1, 5, 6, 0] and total_points(state, 1) == 8
    events = act(state, type="settlement", vertex=cut)
    assert state.road_lengths[2] == 3 and state.longest_road == 1
    assert any(e.kind == "longest_road" and e.data["seat"] == 1 for e in events)
    assert total_points(state, 1) == 10 and state.phase == "main"  # not seat 1's turn: no win yet
    act(state, type="end_turn")
    assert state.phase == "over" and RULES.result(state).winners == [1]


def test_tie_after_a_break_sets_the_card_aside_and_it_returns_to_a_unique_leader():
    chain, cut, spare, second, blocked = break_scenario()
    state = position(hands={0: RICH}, roads=[(e, 2) for e in chain] + [(e, 1) for e in second] + [(spare, 0)],
                     longest_road=2)
    # Give seat 3 a road of 5 too, away from everything else.
    taken = {v for e in chain + second + [spare] for v in board.EDGE_VERTICES[e]}
    for start in range(54):
        third = path_edges(start, 5, avoid=set(chain + second + [spare]))
        if third and not set(vertices_of_path(start, third)) & (taken | blocked):
            break
    data = RULES.to_json(state)
    data["roads"] += [[e, 3] for e in third]
    state = RULES.from_json(data)
    act(state, type="settlement", vertex=cut)
    assert state.road_lengths[1] == state.road_lengths[3] == 5 and state.longest_road == -1
    # Seat 3 extends its road on its own turn and takes the card back from the middle.
    act(state, type="end_turn")
    for _ in range(2):
        act(state, type="roll", dice=[1, 1])
        act(state, type="end_turn")
    act(state, type="roll", dice=[1, 1])
    state.hands[3] = [1, 1, 0, 0, 0]
    state.bank[0] -= 1
    state.bank[1] -= 1
    ends = vertices_of_path(start, third)
    extension = next(a for a in RULES.legal_actions(state) if a["type"] == "road"
                     and set(board.EDGE_VERTICES[a["edge"]]) & {ends[0], ends[-1]}
                     and length_after(state, a["edge"], 3) == 6)
    act(state, **extension)
    assert state.longest_road == 3


def length_after(state, edge, seat):
    trial = state.copy()
    trial.edge_owner[edge] = seat
    return road_length(trial.edge_owner, trial.vertex_owner, seat)


def test_reaching_the_target_on_ones_own_turn_wins_at_once():
    buildings = [(board.VERTEX_ID["0,-1,N"], 0, "city"), (board.VERTEX_ID["-1,2,N"], 0, "city"),
                 (board.VERTEX_ID["2,-2,S"], 0, "city"), (board.VERTEX_ID["-2,2,N"], 0, "settlement")]
    state = position(hands={0: {"ore": 3, "grain": 2}}, buildings=buildings)
    assert total_points(state, 0) == 7
    act(state, type="city", vertex=board.VERTEX_ID["-2,2,N"])
    assert total_points(state, 0) == 8 and state.phase == "main"
    low = position(hands={0: {"ore": 3, "grain": 2}}, buildings=buildings, options={"victory_points": 8})
    act(low, type="city", vertex=board.VERTEX_ID["-2,2,N"])
    assert low.phase == "over" and RULES.result(low).winners == [0]
    assert RULES.to_act(low) is None and RULES.legal_actions(low) == []


@given(st.sets(st.integers(0, 71), max_size=15), st.sets(st.integers(0, 53), max_size=6),
       st.sets(st.integers(0, 71), max_size=15))
@settings(max_examples=300, deadline=None)
def test_road_length_matches_the_reference_search(mine, blockers, theirs):
    edge_owner = [-1] * 72
    for e in theirs:
        edge_owner[e] = 1
    for e in mine:
        edge_owner[e] = 0
    vertex_owner = [-1] * 54
    for v in blockers:
        vertex_owner[v] = 1 + v % 2
    for seat in (0, 1):
        assert road_length(edge_owner, vertex_owner, seat) == reference_road_length(edge_owner, vertex_owner, seat)
