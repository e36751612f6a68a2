"""Knights (reference §8): recruiting, activating, promoting, placement and blocking, moving,
displacing with the owner's retreat, chasing the robber, one action a turn."""

from game.core.rules import CHANCE
from game.games.catan_ck.rules import RULES
from tests.catan.helpers import edge_between
from tests.catan_ck.helpers import act, check, is_legal, position, refused

PATH = [25, 19, 24, 30, 36]  # seat 0's settlement at 25 and a road along these corners
ROADS = [(edge_between(a, b), 0) for a, b in zip(PATH, PATH[1:], strict=False)]
OTHER = [(9, 1, "settlement")]
OTHER_ROADS = [(edge_between(9, 14), 1), (edge_between(14, 10), 1)]


def board(**fields):
    return position(buildings=[(25, 0, "settlement")] + OTHER, roads=ROADS + OTHER_ROADS, **fields)


def test_a_recruit_is_a_basic_inactive_knight_on_an_empty_corner_at_the_end_of_your_road():
    state = board(hands={0: {"wool": 3, "ore": 3}})
    assert is_legal(state, type="knight", vertex=24) and not is_legal(state, type="knight", vertex=25)
    assert not is_legal(state, type="knight", vertex=14)  # another colour's road
    act(state, type="knight", vertex=24)
    assert state.knight_strength[24] == 1 and not state.knight_active[24] and state.hands[0][2] == 2
    act(state, type="knight", vertex=30)
    refused(state, {"type": "knight", "vertex": 36}, "basic")  # two basic knights only
    check(state)


def test_activation_costs_a_grain_and_a_knight_activated_this_turn_cannot_act():
    state = board(hands={0: {"grain": 1}}, knights=[(24, 0, 1, False)])
    act(state, type="activate", vertex=24)
    assert state.knight_active[24] and state.hands[0][3] == 0
    assert not any(a["type"] == "knight_move" for a in RULES.legal_actions(state))
    refused(state, {"type": "knight_move", "vertex": 24, "to": 30}, "earlier turn")
    act(state, type="end_turn")
    state.current, state.phase = 0, "main"
    assert is_legal(state, type="knight_move", vertex=24, to=30)


def test_promotion_costs_wool_and_ore_once_a_turn_and_mighty_needs_the_fortress():
    state = board(hands={0: {"wool": 3, "ore": 3}}, knights=[(24, 0, 1, True)])
    act(state, type="promote", vertex=24)
    assert state.knight_strength[24] == 2 and state.knight_active[24] and state.knight_pieces[0] == [0, 1, 0]
    refused(state, {"type": "promote", "vertex": 24}, "once a turn")
    state.knight_promoted[24] = False
    refused(state, {"type": "promote", "vertex": 24}, "politics")
    state.improvements[0][1] = 3
    act(state, type="promote", vertex=24)
    assert state.knight_strength[24] == 3
    check(state)


def test_promotion_needs_a_free_piece_of_the_next_strength():
    state = board(hands={0: {"wool": 1, "ore": 1}}, knights=[(24, 0, 1, True), (30, 0, 2, True), (36, 0, 2, False)])
    assert not is_legal(state, type="promote", vertex=24)


def test_an_active_knight_moves_along_your_roads_past_your_pieces_and_rests():
    state = board(knights=[(19, 0, 1, True), (24, 0, 1, False)])
    moves = {a["to"] for a in RULES.legal_actions(state) if a["type"] == "knight_move" and a["vertex"] == 19}
    assert moves == {30, 36}  # past its own knight on 24, not onto it or the settlement
    act(state, type="knight_move", vertex=19, to=36)
    assert state.knight_owner[36] == 0 and not state.knight_active[36] and state.occupant[19] == -1
    check(state)


def test_a_knight_cannot_pass_another_colours_piece():
    state = board(knights=[(19, 0, 2, True), (24, 1, 2, False)])
    moves = {a["to"] for a in RULES.legal_actions(state) if a["type"] == "knight_move"}
    assert moves == set()  # blocked at 24 by an equal knight


def test_a_displaced_knight_retreats_where_its_owner_chooses_keeping_its_state():
    roads = ROADS + [(edge_between(30, 35), 1), (edge_between(35, 40), 1)]
    state = position(buildings=[(25, 0, "settlement")], roads=roads, knights=[(19, 0, 2, True), (30, 1, 1, True)])
    act(state, type="knight_move", vertex=19, to=30)
    assert state.phase == "retreat" and RULES.to_act(state) == 1
    assert {a["vertex"] for a in RULES.legal_actions(state)} == {35, 40}
    refused(state, {"type": "retreat", "vertex": 24})
    act(state, type="retreat", vertex=40)
    assert state.knight_owner[40] == 1 and state.knight_active[40] and state.phase == "main"
    assert state.knight_owner[30] == 0 and not state.knight_active[30]
    check(state)


def test_a_displaced_knight_with_nowhere_to_go_leaves_the_board_and_a_basic_never_displaces():
    state = board(knights=[(19, 0, 2, True), (24, 2, 1, True)])
    events = act(state, type="knight_move", vertex=19, to=24)
    assert any(e.kind == "knight_lost" for e in events) and state.knight_pieces[2] == [0, 0, 0]
    assert state.phase == "main"
    weak = board(knights=[(19, 0, 1, True), (24, 2, 1, True)])
    assert not is_legal(weak, type="knight_move", vertex=19, to=24)


def test_knights_block_roads_and_settlements_and_cut_longest_road():
    roads = [(edge_between(a, b), 1) for a, b in ((13, 18), (18, 24), (24, 30), (30, 35), (35, 40), (40, 45))]
    state = position(buildings=[(13, 1, "settlement")], roads=roads, longest_road=1)
    assert state.longest_road == 1 and state.road_lengths[1] == 6
    blocked = position(buildings=[(13, 1, "settlement")], roads=roads + [(edge_between(19, 24), 0)],
                       knights=[(24, 0, 1, False)])
    assert blocked.road_lengths[1] == 4 and blocked.longest_road == -1
    assert 24 not in RULES.settlement_spots(blocked, 1)
    assert edge_between(24, 19) not in RULES.road_spots(blocked, 1)
    check(blocked)


def test_your_own_knight_must_move_away_before_you_settle_its_corner():
    state = board(knights=[(36, 0, 1, False)], hands={0: {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}})
    assert 36 not in RULES.settlement_spots(state, 0)
    refused(state, {"type": "settlement", "vertex": 36})


def test_a_knight_beside_the_robber_chases_it_once_the_barbarians_came_a23():
    """A23: the chased robber may go to any hex but its own."""
    state = board(knights=[(24, 0, 1, True)], robber=9, hands={1: {"cloth": 1}})
    assert not is_legal(state, type="chase", vertex=24)  # the robber sleeps
    state.attacks = 1
    act(state, type="chase", vertex=24)
    assert state.phase == "robber" and not state.knight_active[24]
    assert len(RULES.legal_actions(state)) >= 18
    act(state, type="robber", hex=5, victim=1)
    assert RULES.to_act(state) == CHANCE
    act(state, type="steal", resource="cloth")
    assert state.phase == "main" and state.hands[0][6] == 1


def test_a_knight_placed_on_a_road_takes_longest_road_away_and_lifting_it_gives_it_back():
    roads = [(edge_between(a, b), 1) for a, b in ((13, 18), (18, 24), (24, 30), (30, 35), (35, 40), (40, 45))]
    state = position(buildings=[(13, 1, "settlement"), (25, 0, "settlement")], longest_road=1,
                     roads=roads + [(edge_between(25, 19), 0), (edge_between(19, 24), 0)],
                     hands={0: {"wool": 1, "ore": 1}}, knights=[], progress={0: {"intrigue": 1}}, current=0)
    events = act(state, type="knight", vertex=24)
    assert state.road_lengths[1] == 4 and state.longest_road == -1
    assert any(e.kind == "longest_road" and e.data["seat"] is None for e in events)
    state.current = 1  # seat 1 plays Intrigue on the knight at the end of its road
    state.progress[1], state.progress[0] = state.progress[0], [0] * len(state.progress[0])
    act(state, type="play", card="intrigue", vertex=24)
    assert state.longest_road == 1 and state.road_lengths[1] == 6
    check(state)


def test_longest_road_stays_with_its_holder_on_a_tie_made_by_a_knight_a20():
    """A20: base Longest Road rules, knights included: the holder keeps the card on a tie."""
    holder = [(edge_between(a, b), 1) for a, b in ((13, 18), (18, 24), (24, 30), (30, 35), (35, 40), (40, 45))]
    rival = [(edge_between(a, b), 2) for a, b in ((0, 3), (3, 7), (7, 11), (11, 16), (16, 21))]
    state = position(buildings=[(13, 1, "settlement"), (0, 2, "settlement"), (17, 0, "settlement")],
                     roads=holder + rival + [(edge_between(17, 23), 0), (edge_between(23, 18), 0)],
                     longest_road=1, hands={0: {"wool": 1, "ore": 1}})
    assert state.road_lengths[1:3] == [6, 5]
    act(state, type="knight", vertex=18)  # cuts 13-18 off: 5 against 5
    assert state.road_lengths[1:3] == [5, 5] and state.longest_road == 1
    check(state)


def test_a_knight_acts_once_a_turn_even_when_activated_again():
    state = board(knights=[(19, 0, 1, True)], hands={0: {"grain": 1}})
    act(state, type="knight_move", vertex=19, to=30)
    assert not state.knight_active[30]
    act(state, type="activate", vertex=30)
    assert state.knight_active[30] and not any(a["type"] in ("knight_move", "chase")
                                               for a in RULES.legal_actions(state))
