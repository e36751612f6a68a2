"""Cities & Knights positions for tests, set up through the position notation, and the invariants
every position keeps."""

from __future__ import annotations

from game.core.rules import CHANCE, IllegalAction, action_key
from game.games.catan import board
from game.games.catan.roads import award_longest_road
from game.games.catan_ck.cards import (
    CARD_COUNTS,
    CARD_TRACK,
    CARDS,
    KINDS,
    KNIGHTS_PER_STRENGTH,
    PROGRESS_LIMIT,
    TRACK_CARDS,
    TRACKS,
    WALL_LIMIT,
)
from game.games.catan_ck.rules import RULES
from tests.catan.helpers import reference_road_length
from tests.support import config_for

SUPPLY = dict(zip(KINDS, RULES.bank_start, strict=True))


def position(players: int = 4, buildings=(), roads=(), hands=None, progress=None, knights=(), phase: str = "main",
             current: int = 0, rolled: bool = True, options=None, rules=RULES, **extra):
    """A position on the beginner island with exactly the given pieces and cards.

    ``buildings`` are (vertex, seat, "settlement"|"city"), ``roads`` (edge, seat), ``knights``
    (vertex, seat, strength, active); ``hands`` and ``progress`` map seat -> {name: count}. The
    bank and the decks hold the rest; ``extra`` overrides notation fields (``improvements`` may map
    seat -> {track: level}). ``rules``: a game built on Cities & Knights.
    """
    data = rules.to_json(rules.new_game(config_for(players, {"layout": "beginner", **(options or {})})))
    data.update(phase=phase, current=current, first=0, turn=1, setup_index=2 * players, rolled=rolled)
    data["buildings"] = [list(b) for b in buildings]
    data["roads"] = [list(r) for r in roads]
    hands = hands or {}
    data["hands"] = [{k: hands.get(p, {}).get(k, 0) for k in KINDS} for p in range(players)]
    data["hand_counts"] = [sum(h.values()) for h in data["hands"]]
    data["bank"] = {k: SUPPLY[k] - sum(h[k] for h in data["hands"]) for k in KINDS}
    progress = progress or {}
    data["progress"] = [{c: n for c, n in progress.get(p, {}).items() if n} for p in range(players)]
    data["progress_counts"] = [sum(h.values()) for h in data["progress"]]
    held = {c: sum(h.get(c, 0) for h in data["progress"]) for c in CARDS}
    for cards in extra.get("victory_cards", ()):
        for c in cards:
            held[c] += 1
    for t, track in enumerate(TRACKS):
        data["decks"][track] = {"unseen": {CARDS[c]: CARD_COUNTS[c] - held[CARDS[c]] for c in TRACK_CARDS[t]
                                          if CARD_COUNTS[c] - held[CARDS[c]]},
                                "unseen_count": sum(CARD_COUNTS[c] - held[CARDS[c]] for c in TRACK_CARDS[t]),
                                "under": []}
    data["knights"] = [[v, seat, strength, active, False, False] for v, seat, strength, active in knights]
    improvements = extra.pop("improvements", {})
    data["improvements"] = [{t: improvements.get(p, {}).get(t, 0) for t in TRACKS} for p in range(players)]
    data.update(extra)
    return rules.from_json(data)


def act(state, rules=RULES, **action):
    return rules.apply(state, action)


def refused(state, action, match: str | None = None, rules=RULES) -> str:
    """Apply ``action`` expecting a refusal that leaves the position as it was; returns the reason."""
    before = rules.to_json(state)
    try:
        rules.apply(state, action)
    except IllegalAction as error:
        assert rules.to_json(state) == before, "a refused action changed the position"
        assert match is None or match in str(error), str(error)
        return str(error)
    raise AssertionError(f"{action} was accepted")


def legal(state, rules=RULES) -> set:
    return {action_key(a) for a in rules.legal_actions(state)}


def is_legal(state, rules=RULES, **action) -> bool:
    return action_key(action) in legal(state, rules)


def resolve_chance(state, *outcomes, rules=RULES):
    """Apply the given chance outcomes in order (each must be a CHANCE step)."""
    for outcome in outcomes:
        assert rules.to_act(state) == CHANCE, state.phase
        rules.apply(state, outcome)


def board_points(state, seat: int) -> int:
    """Points recomputed from the board and the cards in view."""
    points = 0
    for v in range(board.NUM_VERTICES):
        if state.vertex_owner[v] == seat:
            points += state.vertex_level[v]
            if v in state.metropolis:
                points += 2
    points += 2 * (state.longest_road == seat) + state.defenders[seat] + len(state.victory_cards[seat])
    points += state.merchant_owner == seat
    return points


def check(state, rules=RULES):
    """Cards conserved, pieces within their limits and matching the board, knights counted, points and
    roads recomputed from scratch (for every colour on the board, neutral ones included)."""
    if state.layout is None:
        return
    n = state.players
    colours = len(state.pieces)
    for k in range(len(KINDS)):
        assert state.bank[k] >= 0 and all(hand[k] >= 0 for hand in state.hands)
        assert state.bank[k] + sum(hand[k] for hand in state.hands) == rules.bank_start[k], KINDS[k]
    cards = list(state.unseen)
    for p in range(n):
        cards = [a + b for a, b in zip(cards, state.progress[p], strict=True)]
        for c in state.victory_cards[p]:
            cards[c] += 1
    for t, deck in enumerate(state.under):
        for c, _ in deck:
            assert CARD_TRACK[c] == t
            cards[c] += 1
        assert state.unseen_count[t] == sum(state.unseen[c] for c in TRACK_CARDS[t])
    assert cards == list(CARD_COUNTS), "progress cards conserved"
    pieces = [[0, 0, 0] for _ in range(colours)]
    knights = [[0, 0, 0] for _ in range(colours)]
    walls = [0] * colours
    for e in range(board.NUM_EDGES):
        if state.edge_owner[e] >= 0:
            pieces[state.edge_owner[e]][0] += 1
    for v in range(board.NUM_VERTICES):
        owner, knight = state.vertex_owner[v], state.knight_owner[v]
        assert not (owner >= 0 and knight >= 0), "one piece per corner"
        assert state.occupant[v] == (owner if owner >= 0 else knight)
        if owner >= 0:
            assert all(state.vertex_owner[w] < 0 for w in board.VERTEX_NEIGHBOURS[v]), "distance rule"
            pieces[owner][2 if state.vertex_level[v] == 2 or state.toppled[v] else 1] += 1
            if state.toppled[v]:
                assert state.vertex_level[v] == 1
        if knight >= 0:
            knights[knight][state.knight_strength[v] - 1] += 1
        else:
            assert not state.knight_active[v] and state.knight_strength[v] == 0
        if state.walls[v]:
            assert owner >= 0 and state.vertex_level[v] == 2
            walls[owner] += 1
    assert state.pieces == pieces and state.knight_pieces == knights
    lengths = [reference_road_length(state.edge_owner, state.occupant, p) for p in range(colours)]
    assert state.road_lengths == lengths
    assert award_longest_road(lengths, state.longest_road) == state.longest_road
    for p in range(n):
        roads, settlements, cities = pieces[p]
        assert roads <= 15 and settlements <= 5 and cities <= 4 and walls[p] <= WALL_LIMIT
        assert max(knights[p]) <= KNIGHTS_PER_STRENGTH
        if any(state.toppled[v] and state.vertex_owner[v] == p for v in range(board.NUM_VERTICES)):
            assert settlements == 5
        assert rules.public_points(state, p) == board_points(state, p)
        standing = any(state.vertex_owner[v] == p and state.vertex_level[v] == 2 for v in range(board.NUM_VERTICES))
        assert rules.has_city(state, p) == standing, "a city stands (one on its side does not count)"
        assert state.rates[p] == rules.bank_rates(state, p)
        waiting = state.phase == "progress_limit" and state.step["seat"] == p or any(
            phase == "progress_limit" and data["seat"] == p for phase, data in state.queue)
        if p != state.current and not waiting:
            assert sum(state.progress[p]) <= PROGRESS_LIMIT, "hand limit of progress cards"
    for t, v in enumerate(state.metropolis):
        if v >= 0:
            assert state.vertex_level[v] == 2 and state.improvements[state.vertex_owner[v]][t] >= 4
    if state.phase == "over":
        assert state.winner == state.current
        assert rules.total_points(state, state.winner) >= state.options["victory_points"]
    if rules.to_act(state) is not None:
        assert rules.legal_actions(state), f"nothing to do in phase {state.phase}"
