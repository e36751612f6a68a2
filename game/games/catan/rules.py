"""Catan (base game, 3-4 players, 5th edition) as a Ruleset.

Board ids, resources and pieces come from ``board.py``. Resources are named ``brick``, ``lumber``,
``ore``, ``grain``, ``wool``; development cards ``knight``, ``victory_point``, ``road_building``,
``year_of_plenty``, ``monopoly``. Seats are 0-based; play goes up the seat numbers from the
starting player.

Actions (JSON dicts)
--------------------
Chance (seat CHANCE):
  {"type": "terrain", "hex": h, "terrain": t}     random layout: hexes 0..18 in order
  {"type": "harbor", "slot": k, "kind": kind}     then harbour slots 0..8 (kind "generic" or a resource)
  {"type": "spiral", "corner": c}                 numbers by the spiral from corner c (0-5), or
  {"type": "reds", "sixes": [a, b], "eights": [c, d]} then {"type": "token", "hex": h, "number": n}
                                                  numbers at random with no 6/8 adjacent
  {"type": "first_player", "seat": s}             who starts (the roll-off)
  {"type": "roll", "dice": [d1, d2]}              the dice (36 outcomes)
  {"type": "steal", "resource": r}                the card the robber takes (thief and victim see it)
  {"type": "draw", "card": c}                     the development card bought
Decisions:
  {"type": "settlement", "vertex": v}  {"type": "road", "edge": e}  {"type": "city", "vertex": v}
  {"type": "roll"}                     roll now (asked only of a player holding development cards)
  {"type": "discard", "cards": {r: k, ...}}   exactly half the hand (rounded down), in one go
  {"type": "robber", "hex": h, "victim": s}   move the robber; "victim" absent when nobody can be robbed
  {"type": "buy"}                      a development card
  {"type": "play", "card": "knight"} | {"type": "play", "card": "road_building"}
  {"type": "play", "card": "year_of_plenty", "resources": [r1, r2]}  (sorted; one when the bank has one)
  {"type": "play", "card": "monopoly", "resource": r}
  {"type": "end_road_building"}        decline the second free road
  {"type": "bank_trade", "give": r, "get": s}   at the seat's best rate (4, 3 or 2 cards of r)
  {"type": "trade"}                    start composing an offer to the other players
  {"type": "trade_give", "resource": r} / {"type": "trade_want", "resource": r}   one card more
  {"type": "propose"} / {"type": "cancel_trade"}
  {"type": "propose", "to": s}         the player on turn offers to seat ``s`` alone (the others are passed over)
  {"type": "accept"} / {"type": "decline"} / {"type": "counter"}   a player answering an offer
  {"type": "complete", "seat": s}      the player on turn trades with one who accepted or countered
  {"type": "end_turn"}

``legal_actions`` hands out shared action dicts: read them, never change them.

A domestic trade: the player on turn starts an offer (at most ``MAX_OFFERS`` a turn), adds the cards
they give and want one at a time and proposes. The others answer in seat order: accept (they hold
the cards), decline, or counter (they compose their own give/want the same way). The player on
turn then completes it with one of them or cancels. An offer made to one player is answered by that player
only; the others count as having declined. Both sides give at least one card, no resource
on both sides; one may ask for at most as many cards as a partner holds.

Position notation (``to_json``)
-------------------------------
A JSON object:
  "format": "catan/1", "players": 3|4,
  "options": {"layout": "random"|"beginner", "numbers": "spiral"|"random", "start_positions": bool,
              "victory_points": int, "friendly_robber": bool},
  "layout": {"terrain": [19 names], "numbers": [19 ints, null on the desert], "harbors": [9 kinds]}
            or null while the random layout is being drawn, then
  "draft": {"terrain": [...], "harbors": [...], "numbers": [...]} (null where not drawn yet),
  "robber": hex id or null,
  "buildings": [[vertex, seat, "settlement"|"city"], ...],  "roads": [[edge, seat], ...],
  "hands": per seat {resource: count} or null where hidden; "hand_counts": per seat total,
  "bank": {resource: count},
  "devs": per seat {card: count} or null where hidden (bought this turn included); "dev_counts",
  "new_devs": {card: count} bought this turn by the player on turn, or null where hidden;
  "new_dev_count": int, "deck": {card: count} or null where hidden, "deck_count": int,
  "played": per seat {card: count} of development cards played,
  "longest_road": seat or null, "largest_army": seat or null,
  "phase": one of PHASES, "current": seat on turn, "first": starting seat or null,
  "turn": turns started (0 during set-up), "setup_index": placements made in set-up,
  "setup_vertex": the settlement whose road is due in set-up or null,
  "dice": [d1, d2] or null, "rolled": bool, "dev_played": bool,
  "discard": per seat cards still to discard, "victim": seat to be robbed or null,
  "free_roads": free roads left, "free_placed": free roads placed, "offers_made": int,
  "trade": null or {"composer": seat, "give": {...}, "want": {...}, "offer": null or
           {"give": {...}, "want": {...}} (from the side of the player on turn), "to": seat the offer
           is made to alone or null (optional, null when absent),
           "answers": per seat null, "accept", "decline" or {"give": {...}, "want": {...}}},
  "winner": seat or null.
Road lengths, harbour rates and points are recomputed from the board, not stored. ``observe`` masks other
players' hands and development cards and the deck (their counts stay).
"""

from __future__ import annotations

from functools import lru_cache

from game.core.rules import CHANCE, Event, GameConfig, IllegalAction, Result, Ruleset, ranks_from_keys
from game.games.catan import board as B
from game.games.catan.board import (
    COSTS,
    DEV_CARDS,
    DEV_DECK,
    EDGE_VERTICES,
    HEX_VERTICES,
    KNIGHT,
    MONOPOLY,
    NUM_EDGES,
    NUM_HEXES,
    NUM_VERTICES,
    PIECE_LIMITS,
    RESOURCE_INDEX,
    RESOURCES,
    ROAD_BUILDING,
    VERTEX_EDGES,
    VERTEX_NEIGHBOURS,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    Layout,
)

MAX_OFFERS = 2
"""Domestic offers the player on turn may start per turn (keeps negotiations and playouts short)."""
DEV_INDEX = {name: i for i, name in enumerate(DEV_CARDS)}
PHASES = ("layout", "first_player", "setup_settlement", "setup_road", "pre_roll", "roll", "discard",
          "robber", "steal", "main", "draw", "road_building", "compose", "respond", "choose", "over")
CHANCE_PHASES = frozenset(("layout", "first_player", "roll", "steal", "draw"))
DEFAULT_OPTIONS = {"layout": "random", "numbers": "spiral", "start_positions": True,
                   "victory_points": 10, "friendly_robber": False}
ROAD_COST, SETTLEMENT_COST, CITY_COST, DEV_COST = (COSTS[k] for k in ("road", "settlement", "city", "development"))
FOUR = (4, 4, 4, 4, 4)
ROAD_LIMIT, SETTLEMENT_LIMIT, CITY_LIMIT = (PIECE_LIMITS[k] for k in ("road", "settlement", "city"))
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
SUM_OUTCOMES = tuple(({"type": "roll", "dice": [max(1, s - 6), s - max(1, s - 6)]}, B.PIPS[s] / 36)
                     for s in range(2, 13))
ALL_ROLLS = tuple({"type": "roll", "dice": [a, b]} for a, b in ROLLS)

# Legal actions are handed out from these shared tables (never mutate an action you are given):
# building fresh dicts for every call was the biggest cost of a playout.
END_TURN, BUY, TRADE, ROLL_NOW = {"type": "end_turn"}, {"type": "buy"}, {"type": "trade"}, {"type": "roll"}
PROPOSE, CANCEL_TRADE = {"type": "propose"}, {"type": "cancel_trade"}
PROPOSE_TO = tuple({"type": "propose", "to": seat} for seat in range(4))
ACCEPT, DECLINE, COUNTER = {"type": "accept"}, {"type": "decline"}, {"type": "counter"}
END_ROAD_BUILDING = {"type": "end_road_building"}
PLAY_KNIGHT = {"type": "play", "card": "knight"}
PLAY_ROAD_BUILDING = {"type": "play", "card": "road_building"}
ROAD_ACTIONS = tuple({"type": "road", "edge": e} for e in range(NUM_EDGES))
SETTLEMENT_ACTIONS = tuple({"type": "settlement", "vertex": v} for v in range(NUM_VERTICES))
CITY_ACTIONS = tuple({"type": "city", "vertex": v} for v in range(NUM_VERTICES))
GIVE_ACTIONS = tuple({"type": "trade_give", "resource": name} for name in RESOURCES)
WANT_ACTIONS = tuple({"type": "trade_want", "resource": name} for name in RESOURCES)
STEAL_ACTIONS = tuple({"type": "steal", "resource": name} for name in RESOURCES)
DRAW_ACTIONS = tuple({"type": "draw", "card": name} for name in DEV_CARDS)
MONOPOLY_ACTIONS = tuple({"type": "play", "card": "monopoly", "resource": name} for name in RESOURCES)
BANK_ACTIONS = tuple(tuple({"type": "bank_trade", "give": RESOURCES[g], "get": RESOURCES[t]} for t in range(5))
                     for g in range(5))
PLENTY_ACTIONS = {(a, b): {"type": "play", "card": "year_of_plenty", "resources": [RESOURCES[a], RESOURCES[b]]}
                  for a in range(5) for b in range(a, 5)}
ROBBER_ACTIONS = tuple(tuple({"type": "robber", "hex": h, "victim": p} for p in range(4)) for h in range(NUM_HEXES))
ROBBER_ALONE = tuple({"type": "robber", "hex": h} for h in range(NUM_HEXES))
PLENTY_ONE = tuple({"type": "play", "card": "year_of_plenty", "resources": [name]} for name in RESOURCES)


class CatanState:
    """A position. Lists are indexed by seat, resource, vertex, edge or hex id."""

    __slots__ = ("players", "options", "layout", "draft", "robber", "vertex_owner", "vertex_level",
                 "edge_owner", "hands", "hidden_cards", "bank", "devs", "hidden_devs", "new_devs",
                 "new_dev_count", "deck", "deck_count", "played", "pieces", "road_lengths", "longest_road",
                 "largest_army", "phase", "current", "first", "turn", "setup_index", "setup_vertex", "dice",
                 "rolled", "dev_played", "discard", "victim", "free_roads", "free_placed", "offers_made",
                 "trade", "winner", "rates")

    def copy(self) -> CatanState:
        s = CatanState.__new__(CatanState)
        s.players = self.players
        s.options = self.options
        s.layout = self.layout
        s.draft = None if self.draft is None else {k: list(v) for k, v in self.draft.items()}
        s.robber = self.robber
        s.vertex_owner = self.vertex_owner[:]
        s.vertex_level = self.vertex_level[:]
        s.edge_owner = self.edge_owner[:]
        s.hands = [None if h is None else h[:] for h in self.hands]
        s.hidden_cards = self.hidden_cards[:]
        s.bank = self.bank[:]
        s.devs = [None if d is None else d[:] for d in self.devs]
        s.hidden_devs = self.hidden_devs[:]
        s.new_devs = None if self.new_devs is None else self.new_devs[:]
        s.new_dev_count = self.new_dev_count
        s.deck = None if self.deck is None else self.deck[:]
        s.deck_count = self.deck_count
        s.played = [p[:] for p in self.played]
        s.pieces = [p[:] for p in self.pieces]
        s.road_lengths = self.road_lengths[:]
        s.longest_road = self.longest_road
        s.largest_army = self.largest_army
        s.phase = self.phase
        s.current = self.current
        s.first = self.first
        s.turn = self.turn
        s.setup_index = self.setup_index
        s.setup_vertex = self.setup_vertex
        s.dice = self.dice
        s.rolled = self.rolled
        s.dev_played = self.dev_played
        s.discard = self.discard[:]
        s.victim = self.victim
        s.free_roads = self.free_roads
        s.free_placed = self.free_placed
        s.offers_made = self.offers_made
        s.trade = None if self.trade is None else self.trade.copy()
        s.winner = self.winner
        s.rates = self.rates[:]
        return s


class Trade:
    """A negotiation: the composer's cards to give and want, then the offer and everyone's answer."""

    __slots__ = ("composer", "give", "want", "offer", "answers", "to")

    def __init__(self, composer: int, players: int):
        self.composer = composer
        self.give = [0] * 5
        self.want = [0] * 5
        self.offer = None  # (give, want) of the player on turn
        self.answers = [None] * players  # None | "accept" | "decline" | (give, want) of the player on turn
        self.to = -1  # the one seat the offer is made to, or -1 for everyone

    def copy(self) -> Trade:
        t = Trade.__new__(Trade)
        t.composer = self.composer
        t.give = self.give[:]
        t.want = self.want[:]
        t.offer = self.offer
        t.answers = self.answers[:]
        t.to = self.to
        return t


# -- small helpers ---------------------------------------------------------------------------------
def cards_of(state: CatanState, seat: int) -> int:
    """How many resource cards ``seat`` holds (public even where the cards are hidden)."""
    hand = state.hands[seat]
    return state.hidden_cards[seat] if hand is None else sum(hand)


def devs_of(state: CatanState, seat: int) -> int:
    devs = state.devs[seat]
    return state.hidden_devs[seat] if devs is None else sum(devs)


def public_points(state: CatanState, seat: int) -> int:
    """Points everyone can see: buildings and special cards (not hidden victory point cards)."""
    pieces = state.pieces[seat]
    points = pieces[1] + 2 * pieces[2]
    if state.longest_road == seat:
        points += 2
    if state.largest_army == seat:
        points += 2
    return points


def total_points(state: CatanState, seat: int) -> int:
    devs = state.devs[seat]
    return public_points(state, seat) + (devs[VICTORY_POINT] if devs is not None else 0)


def counts_json(counts, names=RESOURCES) -> dict:
    return {name: counts[i] for i, name in enumerate(names) if counts[i]}


def full_counts_json(counts, names=RESOURCES) -> dict:
    return {name: counts[i] for i, name in enumerate(names)}


@lru_cache(maxsize=4096)
def discard_choices(hand: tuple, count: int) -> tuple:
    """Every way to discard exactly ``count`` cards from ``hand`` (as discard actions)."""
    choices = []

    def fill(r, left, picked):
        if r == 4:
            if left <= hand[4]:
                choices.append(picked + [left])
            return
        for k in range(min(left, hand[r]), -1, -1):
            if left - k <= sum(hand[r + 1:]):
                fill(r + 1, left - k, picked + [k])

    fill(0, count, [])
    return tuple({"type": "discard", "cards": counts_json(c)} for c in choices)


def setup_seat(state: CatanState, index: int) -> int:
    n = state.players
    return (state.first + (index if index < n else 2 * n - 1 - index)) % n


def can_afford(hand, cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost, strict=True))


def award_longest_road(lengths, holder: int) -> int:
    """The Longest Road holder after a change of lengths (-1: set aside)."""
    best = max(lengths)
    if best < 5:
        return -1
    if holder >= 0 and lengths[holder] == best:
        return holder
    leaders = [seat for seat, length in enumerate(lengths) if length == best]
    return leaders[0] if len(leaders) == 1 else -1


class CatanRules(Ruleset):
    game_id = "catan"

    # -- creation ---------------------------------------------------------------------------------
    def new_game(self, config: GameConfig) -> CatanState:
        players = config.players
        if players not in (3, 4):
            raise ValueError("Catan is played by 3 or 4 players")
        options = dict(DEFAULT_OPTIONS)
        options.update({k: v for k, v in config.options.items() if k in DEFAULT_OPTIONS})
        options["victory_points"] = int(options["victory_points"])
        if options["layout"] not in ("random", "beginner") or options["numbers"] not in ("spiral", "random"):
            raise ValueError("unknown layout or numbers option")
        s = CatanState()
        s.players = players
        s.options = options
        s.layout = None
        s.draft = None
        s.robber = None
        s.vertex_owner = [-1] * NUM_VERTICES
        s.vertex_level = [0] * NUM_VERTICES
        s.edge_owner = [-1] * NUM_EDGES
        s.hands = [[0] * 5 for _ in range(players)]
        s.hidden_cards = [0] * players
        s.bank = [B.PER_RESOURCE] * 5
        s.devs = [[0] * 5 for _ in range(players)]
        s.hidden_devs = [0] * players
        s.new_devs = [0] * 5
        s.new_dev_count = 0
        s.deck = list(DEV_DECK)
        s.deck_count = sum(DEV_DECK)
        s.played = [[0] * 5 for _ in range(players)]
        s.pieces = [[0, 0, 0] for _ in range(players)]
        s.road_lengths = [0] * players
        s.longest_road = -1
        s.largest_army = -1
        s.current = 0
        s.first = -1
        s.turn = 0
        s.setup_index = 0
        s.setup_vertex = -1
        s.dice = None
        s.rolled = False
        s.dev_played = False
        s.discard = [0] * players
        s.victim = -1
        s.free_roads = 0
        s.free_placed = 0
        s.offers_made = 0
        s.trade = None
        s.winner = -1
        s.rates = [FOUR] * players
        if options["layout"] == "beginner":
            s.layout = B.beginner_layout()
            s.robber = s.layout.desert
            s.phase = "first_player"
        else:
            s.draft = {"terrain": [None] * NUM_HEXES, "harbors": [None] * len(B.HARBOR_SLOTS),
                       "numbers": [None] * NUM_HEXES}
            s.phase = "layout"
        return s

    def num_players(self, state):
        return state.players

    def clone(self, state):
        return state.copy()

    # -- whose decision -----------------------------------------------------------------------------
    def to_act(self, state):
        phase = state.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "over":
            return None
        if phase == "discard":
            n = state.players
            for k in range(n):
                seat = (state.current + k) % n
                if state.discard[seat]:
                    return seat
        if phase == "compose":
            return state.trade.composer
        if phase == "respond":
            return self._responder(state)
        if phase in ("setup_settlement", "setup_road"):
            return setup_seat(state, state.setup_index)
        return state.current

    def _responder(self, state) -> int:
        """The next player to answer the offer on the table."""
        n = state.players
        answers = state.trade.answers
        for k in range(1, n):
            seat = (state.current + k) % n
            if answers[seat] is None:
                return seat
        raise AssertionError("every player has answered")

    # -- legal actions ------------------------------------------------------------------------------
    def legal_actions(self, state):
        phase = state.phase
        if phase == "main":
            return self._main_actions(state)
        if phase == "roll":
            return list(ALL_ROLLS)
        if phase == "discard":
            seat = self.to_act(state)
            return list(discard_choices(tuple(state.hands[seat]), state.discard[seat]))
        if phase == "robber":
            return self._robber_actions(state)
        if phase == "steal":
            hand = state.hands[state.victim]
            return [STEAL_ACTIONS[r] for r in range(5) if hand[r]]
        if phase == "draw":
            return [DRAW_ACTIONS[c] for c in range(5) if state.deck[c]]
        if phase == "pre_roll":
            return [ROLL_NOW] + self._dev_plays(state)
        if phase == "setup_settlement":
            owner = state.vertex_owner
            return [SETTLEMENT_ACTIONS[v] for v in range(NUM_VERTICES) if B.distance_ok(owner, v)]
        if phase == "setup_road":
            return [ROAD_ACTIONS[e] for e in VERTEX_EDGES[state.setup_vertex] if state.edge_owner[e] < 0]
        if phase == "road_building":
            actions = [ROAD_ACTIONS[e] for e in self.road_spots(state, state.current)]
            if state.free_placed:
                actions.append(END_ROAD_BUILDING)
            return actions
        if phase == "compose":
            return self._compose_actions(state)
        if phase == "respond":
            seat = self._responder(state)
            actions = [DECLINE]
            if can_afford(state.hands[seat], state.trade.offer[1]):
                actions.insert(0, ACCEPT)
            if any(state.hands[seat]) and cards_of(state, state.current):
                actions.append(COUNTER)
            return actions
        if phase == "choose":
            return self._choose_actions(state) + [CANCEL_TRADE]
        if phase == "layout":
            return self._layout_outcomes(state)
        if phase == "first_player":
            return [{"type": "first_player", "seat": s} for s in range(state.players)]
        return []

    def road_spots(self, state, seat: int) -> list[int]:
        """Empty paths touching ``seat``'s building, or its road at a corner no opponent holds."""
        edge_owner = state.edge_owner
        vertex_owner = state.vertex_owner
        ends = set()
        for e in range(NUM_EDGES):
            if edge_owner[e] == seat:
                a, b = EDGE_VERTICES[e]
                ends.add(a)
                ends.add(b)
        for v in range(NUM_VERTICES):
            if vertex_owner[v] == seat:
                ends.add(v)
        spots = set()
        for v in ends:
            owner = vertex_owner[v]
            if owner < 0 or owner == seat:
                for e in VERTEX_EDGES[v]:
                    if edge_owner[e] < 0:
                        spots.add(e)
        return sorted(spots)

    def settlement_spots(self, state, seat: int) -> list[int]:
        """Empty corners on ``seat``'s roads with no building next to them."""
        edge_owner = state.edge_owner
        vertex_owner = state.vertex_owner
        spots = set()
        for e in range(NUM_EDGES):
            if edge_owner[e] == seat:
                for v in EDGE_VERTICES[e]:
                    if vertex_owner[v] < 0 and v not in spots:
                        for n in VERTEX_NEIGHBOURS[v]:
                            if vertex_owner[n] >= 0:
                                break
                        else:
                            spots.add(v)
        return sorted(spots)

    def _main_actions(self, state) -> list:
        seat = state.current
        hand = state.hands[seat]
        pieces = state.pieces[seat]
        actions = [END_TURN]
        if hand[0] and hand[1]:
            if pieces[0] < ROAD_LIMIT:
                actions += [ROAD_ACTIONS[e] for e in self.road_spots(state, seat)]
            if hand[3] and hand[4] and pieces[1] < SETTLEMENT_LIMIT:
                actions += [SETTLEMENT_ACTIONS[v] for v in self.settlement_spots(state, seat)]
        if hand[2] >= 3 and hand[3] >= 2 and pieces[2] < CITY_LIMIT:
            owner, level = state.vertex_owner, state.vertex_level
            actions += [CITY_ACTIONS[v] for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 1]
        if hand[2] and hand[3] and hand[4] and state.deck_count:
            actions.append(BUY)
        if state.devs[seat][VICTORY_POINT] != sum(state.devs[seat]) and not state.dev_played:
            actions += self._dev_plays(state)
        most = max(hand)
        if most:
            if most >= 2:
                rates = state.rates[seat]
                bank = state.bank
                for give in range(5):
                    if hand[give] >= rates[give]:
                        row = BANK_ACTIONS[give]
                        actions += [row[get] for get in range(5) if get != give and bank[get]]
            if state.offers_made < MAX_OFFERS and any(
                    cards_of(state, other) for other in range(state.players) if other != seat):
                actions.append(TRADE)
        return actions

    def _dev_plays(self, state) -> list:
        if state.dev_played:
            return []
        seat = state.current
        devs = state.devs[seat]
        new = state.new_devs
        actions = []
        if devs[KNIGHT] > new[KNIGHT]:
            actions.append(PLAY_KNIGHT)
        if devs[ROAD_BUILDING] > new[ROAD_BUILDING] and state.pieces[seat][0] < ROAD_LIMIT \
                and self.road_spots(state, seat):
            actions.append(PLAY_ROAD_BUILDING)
        if devs[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
            bank = state.bank
            if sum(bank) == 1:
                actions.append(PLENTY_ONE[bank.index(1)])
            else:
                for a in range(5):
                    for b in range(a, 5):
                        if bank[a] and bank[b] and (a != b or bank[a] >= 2):
                            actions.append(PLENTY_ACTIONS[a, b])
        if devs[MONOPOLY] > new[MONOPOLY]:
            actions += MONOPOLY_ACTIONS
        return actions

    def robber_victims(self, state, hex_id: int, eligible=None) -> list[int]:
        """Opponents the robber on ``hex_id`` may rob: a building there and at least one card
        (and, with the friendly robber, more than 2 visible points)."""
        if eligible is None:
            eligible = self._robbable(state)
        owner = state.vertex_owner
        victims = []
        for v in HEX_VERTICES[hex_id]:
            p = owner[v]
            if p >= 0 and eligible[p] and p not in victims:
                victims.append(p)
        victims.sort()
        return victims

    def _robbable(self, state) -> list[bool]:
        friendly = state.options["friendly_robber"]
        return [p != state.current and cards_of(state, p) > 0 and not (friendly and public_points(state, p) <= 2)
                for p in range(state.players)]

    def _robber_actions(self, state) -> list:
        actions = []
        eligible = self._robbable(state)
        for h in range(NUM_HEXES):
            if h == state.robber:
                continue
            victims = self.robber_victims(state, h, eligible)
            if victims:
                row = ROBBER_ACTIONS[h]
                actions += [row[p] for p in victims]
            else:
                actions.append(ROBBER_ALONE[h])
        return actions

    def _want_cap(self, state) -> int:
        """Most cards a composer may ask for: what the best-stocked possible partner holds."""
        composer = state.trade.composer
        if composer != state.current:
            return cards_of(state, state.current)
        return max(cards_of(state, p) for p in range(state.players) if p != composer)

    def _compose_actions(self, state) -> list:
        trade = state.trade
        hand = state.hands[trade.composer]
        actions = []
        for r in range(5):
            if not trade.want[r] and hand[r] > trade.give[r]:
                actions.append(GIVE_ACTIONS[r])
        if sum(trade.want) < self._want_cap(state):
            actions += [WANT_ACTIONS[r] for r in range(5) if not trade.give[r]]
        if any(trade.give) and any(trade.want):
            actions.append(PROPOSE)
            if trade.composer == state.current:
                actions += [PROPOSE_TO[p] for p in range(state.players) if p != state.current and cards_of(state, p)]
        actions.append(CANCEL_TRADE)
        return actions

    def _choose_actions(self, state) -> list:
        trade = state.trade
        hand = state.hands[state.current]
        actions = []
        for seat, answer in enumerate(trade.answers):
            if answer == "accept" or (isinstance(answer, tuple) and can_afford(hand, answer[0])):
                actions.append({"type": "complete", "seat": seat})
        return actions

    def _layout_outcomes(self, state) -> list:
        draft = state.draft
        if None in draft["terrain"]:
            h = draft["terrain"].index(None)
            return [{"type": "terrain", "hex": h, "terrain": t}
                    for t in self._remaining(draft["terrain"], B.TERRAIN_MIX)]
        if None in draft["harbors"]:
            k = draft["harbors"].index(None)
            return [{"type": "harbor", "slot": k, "kind": kind}
                    for kind in self._remaining(draft["harbors"], B.HARBOR_MIX)]
        desert = draft["terrain"].index("desert")
        if state.options["numbers"] == "spiral":
            return [{"type": "spiral", "corner": c} for c in range(len(B.SPIRAL_CORNERS))]
        if all(n is None for n in draft["numbers"]):
            return [{"type": "reds", "sixes": [a, b], "eights": [c, d]} for a, b, c, d in B.red_placements(desert)]
        h = self._next_token_hex(draft)
        return [{"type": "token", "hex": h, "number": n} for n in self._remaining_tokens(draft)]

    @staticmethod
    def _remaining(drawn, mix) -> list:
        left = dict(mix)
        for item in drawn:
            if item is not None:
                left[item] -= 1
        return [item for item, count in left.items() if count > 0]

    @staticmethod
    def _remaining_tokens(draft) -> dict:
        left = dict(B.TOKEN_COUNTS)
        for n in draft["numbers"]:
            if n is not None:
                left[n] -= 1
        return {n: c for n, c in left.items() if c > 0}

    @staticmethod
    def _next_token_hex(draft) -> int:
        return next(h for h in range(NUM_HEXES) if draft["numbers"][h] is None and draft["terrain"][h] != "desert")

    # -- chance -------------------------------------------------------------------------------------
    def sample_chance(self, state, rng):
        phase = state.phase
        if phase == "roll":
            return ALL_ROLLS[rng.randrange(36)]
        if phase == "steal":
            return STEAL_ACTIONS[self._weighted(state.hands[state.victim], rng)]
        if phase == "draw":
            return DRAW_ACTIONS[self._weighted(state.deck, rng)]
        if phase == "first_player":
            return {"type": "first_player", "seat": rng.randrange(state.players)}
        if phase == "layout":
            draft = state.draft
            if None in draft["terrain"]:
                return self._weighted_item(state, draft["terrain"], B.TERRAIN_MIX, rng, "terrain", "hex", "terrain")
            if None in draft["harbors"]:
                return self._weighted_item(state, draft["harbors"], B.HARBOR_MIX, rng, "harbor", "slot", "kind")
            if state.options["numbers"] == "spiral" or all(n is None for n in draft["numbers"]):
                return rng.choice(self._layout_outcomes(state))
            left = self._remaining_tokens(draft)
            numbers = list(left)
            pick = self._weighted([left[n] for n in numbers], rng)
            return {"type": "token", "hex": self._next_token_hex(draft), "number": numbers[pick]}
        raise IllegalAction("no random step is pending")

    @staticmethod
    def _weighted(counts, rng) -> int:
        pick = rng.randrange(sum(counts))
        for i, count in enumerate(counts):
            if pick < count:
                return i
            pick -= count
        raise AssertionError("weights do not add up")

    def _weighted_item(self, state, drawn, mix, rng, kind, slot_key, value_key):
        left = dict(mix)
        for item in drawn:
            if item is not None:
                left[item] -= 1
        items = [item for item in left if left[item] > 0]
        item = items[self._weighted([left[i] for i in items], rng)]
        return {"type": kind, slot_key: drawn.index(None), value_key: item}

    def chance_outcomes(self, state):
        phase = state.phase
        if phase == "roll":
            return list(SUM_OUTCOMES)
        if phase == "steal":
            hand = state.hands[state.victim]
            total = sum(hand)
            return [({"type": "steal", "resource": RESOURCES[r]}, hand[r] / total) for r in range(5) if hand[r]]
        if phase == "draw":
            total = state.deck_count
            return [({"type": "draw", "card": DEV_CARDS[c]}, state.deck[c] / total) for c in range(5) if state.deck[c]]
        if phase == "first_player":
            return [({"type": "first_player", "seat": s}, 1 / state.players) for s in range(state.players)]
        return None

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state, action):
        try:
            handler = _HANDLERS.get((state.phase, action["type"]))
        except (TypeError, KeyError):
            raise IllegalAction("an action is a mapping with a type") from None
        if handler is None:
            if state.phase == "over":
                raise IllegalAction("the game is over")
            raise IllegalAction(f"{action['type']!r} is not possible now (phase {state.phase})")
        if state.hands[0] is None or state.hands[1] is None:
            raise IllegalAction("a position with hidden cards cannot be played on")
        events = handler(self, state, action)
        if state.phase not in _NO_WIN_CHECK:
            seat = state.current
            if total_points(state, seat) >= state.options["victory_points"]:
                state.winner = seat
                state.phase = "over"
                state.trade = None
                events.append(Event("game_over", {"winner": seat,
                                                  "points": [total_points(state, p) for p in range(state.players)]},
                                    reveals=True))  # the points count every hidden victory point card
        return events

    # chance handlers
    def _do_layout(self, state, action):
        draft = state.draft
        kind = action["type"]
        expected = self._layout_outcomes(state)
        if action not in expected:
            raise IllegalAction("that is not a possible outcome of the layout draw")
        events = []
        if kind == "terrain":
            draft["terrain"][action["hex"]] = action["terrain"]
            events.append(Event("tile", {"hex": action["hex"], "terrain": action["terrain"]}))
        elif kind == "harbor":
            draft["harbors"][action["slot"]] = action["kind"]
            events.append(Event("harbor", {"slot": action["slot"], "kind": action["kind"]}))
        elif kind == "spiral":
            draft["numbers"] = B.spiral_numbers(draft["terrain"], action["corner"])
        elif kind == "reds":
            for h in action["sixes"]:
                draft["numbers"][h] = 6
            for h in action["eights"]:
                draft["numbers"][h] = 8
        else:
            draft["numbers"][action["hex"]] = action["number"]
        if kind in ("spiral", "reds", "token"):
            events.append(Event("tokens", {"numbers": list(draft["numbers"])}))
        if None not in draft["terrain"] and None not in draft["harbors"] and \
                sum(n is not None for n in draft["numbers"]) == NUM_HEXES - 1:
            state.layout = Layout(draft["terrain"], draft["numbers"], draft["harbors"])
            state.robber = state.layout.desert
            state.draft = None
            state.phase = "first_player"
            events.append(Event("layout", {"layout": state.layout.to_json()}))
        return events

    def _do_first_player(self, state, action):
        seat = action.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction("the starting player must be a seat of this game")
        state.first = seat
        events = [Event("first_player", {"seat": seat})]
        if state.options["layout"] == "beginner" and state.options["start_positions"]:
            events += self._place_beginner_positions(state)
            events += self._start_turn(state, seat)
        else:
            state.phase = "setup_settlement"
            state.current = seat
        return events

    def _place_beginner_positions(self, state) -> list:
        events = []
        for seat, spec in enumerate(B.beginner_positions(state.players)):
            for v in spec["settlements"]:
                self._put_settlement(state, seat, v)
                events.append(Event("built", {"seat": seat, "piece": "settlement", "vertex": v}))
            for e in spec["roads"]:
                self._put_road(state, seat, e)
                events.append(Event("built", {"seat": seat, "piece": "road", "edge": e}))
            events.append(self._starting_resources(state, seat, spec["star"]))
        return events

    def _starting_resources(self, state, seat: int, vertex: int) -> Event:
        gained = [0] * 5
        for h in B.VERTEX_HEXES[vertex]:
            r = state.layout.hex_resource[h]
            if r >= 0 and state.bank[r]:
                gained[r] += 1
                state.bank[r] -= 1
                state.hands[seat][r] += 1
        return Event("starting_resources", {"seat": seat, "cards": counts_json(gained)})

    def _do_roll(self, state, action):
        dice = action.get("dice")
        try:
            a, b = dice
            valid = type(a) is int and type(b) is int and 0 < a < 7 and 0 < b < 7
        except (TypeError, ValueError):
            valid = False
        if not valid:
            raise IllegalAction("dice are two numbers from 1 to 6")
        total = a + b
        state.dice = (a, b)
        state.rolled = True
        events = [Event("rolled", {"seat": state.current, "dice": [a, b], "total": total})]
        if total == 7:
            any_discard = False
            for seat in range(state.players):
                count = sum(state.hands[seat])
                state.discard[seat] = count // 2 if count > 7 else 0
                any_discard = any_discard or count > 7
            state.phase = "discard" if any_discard else "robber"
            return events
        owed = B.production(state.layout, state.vertex_owner, state.vertex_level, state.robber, total, state.players)
        need = [sum(column) for column in zip(*owed, strict=True)]
        if not any(need):
            short, gains = [], [{} for _ in owed]
        else:
            bank = state.bank
            short = [RESOURCES[r] for r in range(5) if need[r] > bank[r]]
            paid = B.pay_with_shortage(bank, owed) if short else owed
            gains = []
            for seat, row in enumerate(paid):
                if any(row):
                    hand = state.hands[seat]
                    for r in range(5):
                        if row[r]:
                            hand[r] += row[r]
                            bank[r] -= row[r]
                    gains.append(counts_json(row))
                else:
                    gains.append({})
        events.append(Event("produced", {"total": total, "gains": gains, "shortage": short}))
        state.phase = "main"
        return events

    def _do_steal(self, state, action):
        r = _resource(action.get("resource"))
        victim = state.victim
        if not state.hands[victim][r]:
            raise IllegalAction("the robbed player holds no such card")
        state.hands[victim][r] -= 1
        state.hands[state.current][r] += 1
        state.victim = -1
        state.phase = "main" if state.rolled else "roll"
        data = {"thief": state.current, "victim": victim, "resource": RESOURCES[r]}
        public = {"thief": state.current, "victim": victim}
        return [Event("stole", data, audience=state.current, public=public),
                Event("robbed", data, audience=victim, public=None)]

    def _do_draw(self, state, action):
        card = action.get("card")
        c = DEV_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or not state.deck[c]:
            raise IllegalAction("the deck holds no such card")
        seat = state.current
        state.deck[c] -= 1
        state.deck_count -= 1
        state.devs[seat][c] += 1
        state.new_devs[c] += 1
        state.new_dev_count += 1
        state.phase = "main"
        return [Event("bought", {"seat": seat, "card": card}, audience=seat, public={"seat": seat})]

    # decisions
    def _do_setup_settlement(self, state, action):
        v = _vertex(action.get("vertex"))
        if not B.distance_ok(state.vertex_owner, v):
            raise IllegalAction("a settlement needs an empty corner with no building next to it")
        seat = setup_seat(state, state.setup_index)
        self._put_settlement(state, seat, v)
        state.setup_vertex = v
        state.phase = "setup_road"
        events = [Event("built", {"seat": seat, "piece": "settlement", "vertex": v})]
        if state.setup_index >= state.players:
            events.append(self._starting_resources(state, seat, v))
        return events

    def _do_setup_road(self, state, action):
        e = _edge(action.get("edge"))
        if state.edge_owner[e] >= 0 or state.setup_vertex not in EDGE_VERTICES[e]:
            raise IllegalAction("the set-up road must touch the settlement just placed")
        seat = setup_seat(state, state.setup_index)
        self._put_road(state, seat, e)
        events = [Event("built", {"seat": seat, "piece": "road", "edge": e})]
        state.setup_index += 1
        state.setup_vertex = -1
        if state.setup_index == 2 * state.players:
            events += self._start_turn(state, state.first)
        else:
            state.phase = "setup_settlement"
            state.current = setup_seat(state, state.setup_index)
        return events

    def _do_request_roll(self, state, action):
        state.phase = "roll"
        return []

    def _do_discard(self, state, action):
        seat = self.to_act(state)
        cards = action.get("cards")
        counts = _counts(cards, RESOURCES, "the discarded cards") if isinstance(cards, dict) else None
        if counts is None or sum(counts) != state.discard[seat]:
            raise IllegalAction(f"discard exactly {state.discard[seat]} cards")
        hand = state.hands[seat]
        if not can_afford(hand, counts):
            raise IllegalAction("you do not hold those cards")
        for r in range(5):
            hand[r] -= counts[r]
            state.bank[r] += counts[r]
        state.discard[seat] = 0
        if not any(state.discard):
            state.phase = "robber"
        return [Event("discarded", {"seat": seat, "cards": counts_json(counts)})]

    def _do_robber(self, state, action):
        h = action.get("hex")
        if not isinstance(h, int) or not 0 <= h < NUM_HEXES:
            raise IllegalAction("the robber goes on a land hex")
        if h == state.robber:
            raise IllegalAction("the robber must move to another hex")
        victims = self.robber_victims(state, h)
        victim = action.get("victim")
        if victims and victim not in victims:
            raise IllegalAction("choose an opponent next to that hex who holds cards")
        if not victims and victim is not None:
            raise IllegalAction("nobody next to that hex can be robbed")
        state.robber = h
        events = [Event("robber", {"seat": state.current, "hex": h, "victim": victim})]
        if victims:
            state.victim = victim
            state.phase = "steal"
        else:
            state.phase = "main" if state.rolled else "roll"
        return events

    def _do_build_road(self, state, action):
        e = _edge(action.get("edge"))
        seat = state.current
        free = state.phase == "road_building"
        if state.pieces[seat][0] >= PIECE_LIMITS["road"]:
            raise IllegalAction("you have no roads left")
        if e not in self.road_spots(state, seat):
            raise IllegalAction("a road must be on an empty path joined to your road or building")
        if not free:
            self._pay(state, seat, ROAD_COST, "a road costs a brick and a lumber")
        events = self._put_road(state, seat, e)
        events.insert(0, Event("built", {"seat": seat, "piece": "road", "edge": e, "free": free}))
        if free:
            state.free_placed += 1
            state.free_roads -= 1
            if state.free_roads <= 0 or state.pieces[seat][0] >= PIECE_LIMITS["road"] \
                    or not self.road_spots(state, seat):
                self._end_road_building(state)
        return events

    def _do_end_road_building(self, state, action):
        if not state.free_placed:
            raise IllegalAction("place the first free road")
        self._end_road_building(state)
        return []

    def _end_road_building(self, state):
        state.free_roads = 0
        state.free_placed = 0
        state.phase = "main" if state.rolled else "roll"

    def _do_build_settlement(self, state, action):
        v = _vertex(action.get("vertex"))
        seat = state.current
        if state.pieces[seat][1] >= PIECE_LIMITS["settlement"]:
            raise IllegalAction("you have no settlements left: upgrade one to a city first")
        if v not in self.settlement_spots(state, seat):
            raise IllegalAction("a settlement needs your road and no building on or next to the corner")
        self._pay(state, seat, SETTLEMENT_COST, "a settlement costs brick, lumber, grain and wool")
        events = [Event("built", {"seat": seat, "piece": "settlement", "vertex": v})]
        return events + self._put_settlement(state, seat, v)

    def _do_build_city(self, state, action):
        v = _vertex(action.get("vertex"))
        seat = state.current
        if state.vertex_owner[v] != seat or state.vertex_level[v] != 1:
            raise IllegalAction("a city replaces one of your settlements")
        if state.pieces[seat][2] >= PIECE_LIMITS["city"]:
            raise IllegalAction("you have no cities left")
        self._pay(state, seat, CITY_COST, "a city costs three ore and two grain")
        state.vertex_level[v] = 2
        state.pieces[seat][1] -= 1
        state.pieces[seat][2] += 1
        return [Event("built", {"seat": seat, "piece": "city", "vertex": v})]

    def _do_buy(self, state, action):
        if not state.deck_count:
            raise IllegalAction("the development deck is empty")
        self._pay(state, state.current, DEV_COST, "a development card costs ore, grain and wool")
        state.phase = "draw"
        return [Event("buying", {"seat": state.current})]

    def _do_play(self, state, action):
        card = action.get("card")
        if state.dev_played:
            raise IllegalAction("only one development card may be played per turn")
        c = DEV_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or c == VICTORY_POINT:
            raise IllegalAction("that card cannot be played")
        seat = state.current
        devs = state.devs[seat]
        if devs[c] - state.new_devs[c] <= 0:
            raise IllegalAction("you hold no such card from an earlier turn")
        data = {"seat": seat, "card": card}
        events = []
        if c == KNIGHT:
            state.phase = "robber"
        elif c == ROAD_BUILDING:
            if state.pieces[seat][0] >= PIECE_LIMITS["road"] or not self.road_spots(state, seat):
                raise IllegalAction("you have no road to place")
            state.free_roads = 2
            state.free_placed = 0
            state.phase = "road_building"
        elif c == YEAR_OF_PLENTY:
            picks = action.get("resources")
            if not isinstance(picks, list) or not 1 <= len(picks) <= 2:
                raise IllegalAction("name one or two resources")
            taken = [_resource(p) for p in picks]
            want = [0] * 5
            for r in taken:
                want[r] += 1
            if not can_afford(state.bank, want):
                raise IllegalAction("the bank does not have those cards")
            if len(taken) == 1 and sum(state.bank) != 1:
                raise IllegalAction("take two cards while the bank has them")
            for r in taken:
                state.bank[r] -= 1
                state.hands[seat][r] += 1
            data["resources"] = [RESOURCES[r] for r in taken]
            state.phase = "main" if state.rolled else "roll"
        else:
            r = _resource(action.get("resource"))
            taken = [0] * state.players
            for other in range(state.players):
                if other != seat:
                    taken[other] = state.hands[other][r]
                    state.hands[other][r] = 0
            state.hands[seat][r] += sum(taken)
            data["resource"] = RESOURCES[r]
            data["taken"] = taken
            state.phase = "main" if state.rolled else "roll"
        devs[c] -= 1
        state.played[seat][c] += 1
        state.dev_played = True
        events.append(Event("played", data, reveals="taken" in data))  # a monopoly shows what the others held
        if c == KNIGHT:
            knights = state.played[seat][KNIGHT]
            holder = state.largest_army
            if knights >= 3 and holder != seat and (holder < 0 or knights > state.played[holder][KNIGHT]):
                state.largest_army = seat
                events.append(Event("largest_army", {"seat": seat, "previous": holder}))
        return events

    def _do_bank_trade(self, state, action):
        give = _resource(action.get("give"))
        get = _resource(action.get("get"))
        seat = state.current
        if give == get:
            raise IllegalAction("trade for a different resource")
        rate = state.rates[seat][give]
        if state.hands[seat][give] < rate:
            raise IllegalAction(f"you need {rate} {RESOURCES[give]} for this trade")
        if not state.bank[get]:
            raise IllegalAction("the bank has none of that resource")
        state.hands[seat][give] -= rate
        state.bank[give] += rate
        state.bank[get] -= 1
        state.hands[seat][get] += 1
        return [Event("bank_trade", {"seat": seat, "give": RESOURCES[give], "count": rate, "get": RESOURCES[get]})]

    def _do_trade(self, state, action):
        if state.offers_made >= MAX_OFFERS:
            raise IllegalAction(f"at most {MAX_OFFERS} offers a turn")
        if not any(state.hands[state.current]):
            raise IllegalAction("you have no cards to offer")
        if not any(cards_of(state, p) for p in range(state.players) if p != state.current):
            raise IllegalAction("nobody has cards to trade")
        state.offers_made += 1
        state.trade = Trade(state.current, state.players)
        state.phase = "compose"
        return []

    def _do_trade_give(self, state, action):
        r = _resource(action.get("resource"))
        trade = state.trade
        if trade.want[r]:
            raise IllegalAction("a resource cannot be on both sides of a trade")
        if state.hands[trade.composer][r] <= trade.give[r]:
            raise IllegalAction("you do not hold more of that resource")
        trade.give[r] += 1
        return []

    def _do_trade_want(self, state, action):
        r = _resource(action.get("resource"))
        trade = state.trade
        if trade.give[r]:
            raise IllegalAction("a resource cannot be on both sides of a trade")
        if sum(trade.want) >= self._want_cap(state):
            raise IllegalAction("no partner holds that many cards")
        trade.want[r] += 1
        return []

    def _do_propose(self, state, action):
        trade = state.trade
        if not any(trade.give) or not any(trade.want):
            raise IllegalAction("both sides of a trade give at least one card")
        to = action.get("to")
        if to is not None:
            if trade.composer != state.current:
                raise IllegalAction("a counter-offer goes back to the player on turn")
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < state.players or to == state.current:
                raise IllegalAction("offer to another player of this game")
            if not cards_of(state, to):
                raise IllegalAction("that player has no cards to trade")
        give, want = tuple(trade.give), tuple(trade.want)
        trade.give, trade.want = [0] * 5, [0] * 5
        if trade.composer == state.current:
            trade.offer = (give, want)
            trade.to = -1 if to is None else to
            trade.answers = [None if to is None or seat == to else "decline" for seat in range(state.players)]
            trade.answers[state.current] = "decline"
            state.phase = "respond"
            data = {"seat": state.current, "give": counts_json(give), "want": counts_json(want)}
            if to is not None:
                data["to"] = to
            return [Event("offer", data)]
        seat = trade.composer
        trade.answers[seat] = (want, give)
        trade.composer = state.current
        events = [Event("answer", {"seat": seat, "answer": "counter", "give": counts_json(give),
                                   "want": counts_json(want)})]
        return events + self._after_answer(state)

    def _do_cancel_trade(self, state, action):
        trade = state.trade
        if state.phase == "compose" and trade.composer != state.current:
            seat = trade.composer
            trade.give, trade.want = [0] * 5, [0] * 5
            trade.answers[seat] = "decline"
            trade.composer = state.current
            return [Event("answer", {"seat": seat, "answer": "decline"})] + self._after_answer(state)
        state.trade = None
        state.phase = "main"
        return [Event("trade_cancelled", {"seat": state.current})]

    def _do_answer(self, state, action):
        seat = self._responder(state)
        trade = state.trade
        kind = action["type"]
        if kind == "accept":
            if not can_afford(state.hands[seat], trade.offer[1]):
                raise IllegalAction("you do not hold the cards asked for")
            trade.answers[seat] = "accept"
        elif kind == "decline":
            trade.answers[seat] = "decline"
        else:
            if not any(state.hands[seat]) or not cards_of(state, state.current):
                raise IllegalAction("a counter-offer needs cards on both sides")
            trade.composer = seat
            state.phase = "compose"
            return []
        return [Event("answer", {"seat": seat, "answer": kind})] + self._after_answer(state)

    def _after_answer(self, state) -> list:
        trade = state.trade
        if any(a is None for a in trade.answers):
            state.phase = "respond"
            return []
        if self._choose_actions(state):
            state.phase = "choose"
            return []
        state.trade = None
        state.phase = "main"
        return [Event("trade_cancelled", {"seat": state.current})]

    def _do_complete(self, state, action):
        partner = action.get("seat")
        trade = state.trade
        if not isinstance(partner, int) or not 0 <= partner < state.players:
            raise IllegalAction("choose a player who answered")
        answer = trade.answers[partner]
        if answer == "accept":
            give, get = trade.offer
        elif isinstance(answer, tuple):
            give, get = answer
        else:
            raise IllegalAction("that player did not accept")
        seat = state.current
        if not can_afford(state.hands[seat], give) or not can_afford(state.hands[partner], get):
            raise IllegalAction("the cards for this trade are not there")
        mine, theirs = state.hands[seat], state.hands[partner]
        for r in range(5):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]
        state.trade = None
        state.phase = "main"
        return [Event("traded", {"seat": seat, "partner": partner, "give": counts_json(give), "get": counts_json(get)})]

    def _do_end_turn(self, state, action):
        return self._start_turn(state, (state.current + 1) % state.players)

    # building helpers
    def _pay(self, state, seat: int, cost, reason: str) -> None:
        hand = state.hands[seat]
        if not can_afford(hand, cost):
            raise IllegalAction(reason)
        for r in range(5):
            hand[r] -= cost[r]
            state.bank[r] += cost[r]

    def _put_road(self, state, seat: int, e: int) -> list:
        state.edge_owner[e] = seat
        state.pieces[seat][0] += 1
        state.road_lengths[seat] = B.road_length(state.edge_owner, state.vertex_owner, seat)
        return self._award_road(state)

    def _put_settlement(self, state, seat: int, v: int) -> list:
        state.vertex_owner[v] = seat
        state.vertex_level[v] = 1
        state.pieces[seat][1] += 1
        if state.layout.vertex_harbor[v] is not None:
            state.rates[seat] = tuple(B.harbor_rates(state.layout, state.vertex_owner, seat))
        cut = set()
        for e in VERTEX_EDGES[v]:
            owner = state.edge_owner[e]
            if owner >= 0 and owner != seat:
                if owner in cut:
                    state.road_lengths[owner] = B.road_length(state.edge_owner, state.vertex_owner, owner)
                cut.add(owner)
        return self._award_road(state)

    def _award_road(self, state) -> list:
        holder = award_longest_road(state.road_lengths, state.longest_road)
        if holder == state.longest_road:
            return []
        previous, state.longest_road = state.longest_road, holder
        return [Event("longest_road", {"seat": None if holder < 0 else holder,
                                       "previous": None if previous < 0 else previous,
                                       "lengths": list(state.road_lengths)})]

    def _start_turn(self, state, seat: int) -> list:
        state.current = seat
        state.turn += 1
        state.dice = None
        state.rolled = False
        state.dev_played = False
        state.offers_made = 0
        state.new_devs = [0] * 5
        state.new_dev_count = 0
        state.phase = "pre_roll" if devs_of(state, seat) else "roll"
        return [Event("turn", {"seat": seat, "turn": state.turn})]

    # -- information ------------------------------------------------------------------------------
    def observe(self, state, seat):
        seen = state.copy()
        if seat is None:
            return seen
        for p in range(state.players):
            if p != seat:
                if seen.hands[p] is not None:
                    seen.hidden_cards[p] = sum(seen.hands[p])
                    seen.hands[p] = None
                if seen.devs[p] is not None:
                    seen.hidden_devs[p] = sum(seen.devs[p])
                    seen.devs[p] = None
        if state.current != seat:
            seen.new_devs = None
        seen.deck = None
        return seen

    def determinize(self, observation, seat, rng):
        full = observation.copy()
        n = full.players
        hidden = [p for p in range(n) if full.hands[p] is None]
        if hidden:
            pool = [B.PER_RESOURCE - full.bank[r] - sum(h[r] for h in full.hands if h is not None) for r in range(5)]
            known = self._known_minimums(full)
            hands = {}
            for p in hidden:
                hand = list(known.get(p, (0, 0, 0, 0, 0)))
                for r in range(5):
                    pool[r] -= hand[r]
                hands[p] = hand
            cards = [r for r in range(5) for _ in range(pool[r])]
            rng.shuffle(cards)
            start = 0
            for p in hidden:
                hand = hands[p]
                count = full.hidden_cards[p] - sum(hand)
                for r in cards[start:start + count]:
                    hand[r] += 1
                start += count
                full.hands[p] = hand
                full.hidden_cards[p] = 0
        hidden_devs = [p for p in range(n) if full.devs[p] is None]
        if hidden_devs or full.deck is None:
            pool = list(DEV_DECK)
            for p in range(n):
                for c in range(5):
                    pool[c] -= full.played[p][c]
                    if full.devs[p] is not None:
                        pool[c] -= full.devs[p][c]
            cards = [c for c in range(5) for _ in range(pool[c])]
            rng.shuffle(cards)
            start = 0
            for p in hidden_devs:
                count = full.hidden_devs[p]
                devs = [0] * 5
                for c in cards[start:start + count]:
                    devs[c] += 1
                start += count
                full.devs[p] = devs
                full.hidden_devs[p] = 0
                if p == full.current and full.new_devs is None:
                    new = [0] * 5
                    for c in cards[start - count:start - count + full.new_dev_count]:
                        new[c] += 1
                    full.new_devs = new
            deck = [0] * 5
            for c in cards[start:]:
                deck[c] += 1
            full.deck = deck
        if full.new_devs is None:
            full.new_devs = [0] * 5
        return full

    @staticmethod
    def _known_minimums(state) -> dict:
        """Cards hidden players must hold: what they agreed to give in the trade on the table."""
        trade = state.trade
        if trade is None or trade.offer is None:
            return {}
        known = {}
        for p, answer in enumerate(trade.answers):
            if answer == "accept":
                known[p] = trade.offer[1]
            elif isinstance(answer, tuple):
                known[p] = answer[1]
        return known

    # -- the end ------------------------------------------------------------------------------------
    def result(self, state):
        if state.phase != "over":
            return None
        scores = tuple(total_points(state, p) for p in range(state.players))
        keys = [(1 if p == state.winner else 0, scores[p]) for p in range(state.players)]
        return Result(scores, ranks_from_keys(keys), {
            "winner": state.winner,
            "reason": "victory_points",
            "victory_point_cards": [state.devs[p][VICTORY_POINT] if state.devs[p] else 0 for p in range(state.players)],
            "tie_break": "none: the player who reached the target on their turn wins; others rank by points",
        })

    def scores(self, state):
        return [public_points(state, p) for p in range(state.players)]

    def progress(self, state):
        if state.phase in ("layout", "first_player", "setup_settlement", "setup_road"):
            return ("catan.progress.setup", {})
        if state.phase == "over":
            return ("catan.progress.over", {"seat": state.winner + 1})
        return ("catan.progress.turn", {"round": (state.turn - 1) // state.players + 1, "seat": state.current + 1})

    # -- notation ---------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        trade = None
        if state.trade is not None:
            t = state.trade
            trade = {
                "composer": t.composer, "give": counts_json(t.give), "want": counts_json(t.want),
                "offer": None if t.offer is None else _sides_json(t.offer),
                "answers": [a if a is None or isinstance(a, str) else _sides_json(a) for a in t.answers],
                "to": None if t.to < 0 else t.to,
            }
        n = state.players
        return {
            "format": "catan/1",
            "players": n,
            "options": dict(state.options),
            "layout": None if state.layout is None else state.layout.to_json(),
            "draft": None if state.draft is None else {k: list(v) for k, v in state.draft.items()},
            "robber": None if state.robber is None else state.robber,
            "buildings": [[v, state.vertex_owner[v], "city" if state.vertex_level[v] == 2 else "settlement"]
                          for v in range(NUM_VERTICES) if state.vertex_owner[v] >= 0],
            "roads": [[e, state.edge_owner[e]] for e in range(NUM_EDGES) if state.edge_owner[e] >= 0],
            "hands": [None if h is None else full_counts_json(h) for h in state.hands],
            "hand_counts": [cards_of(state, p) for p in range(n)],
            "bank": full_counts_json(state.bank),
            "devs": [None if d is None else full_counts_json(d, DEV_CARDS) for d in state.devs],
            "dev_counts": [devs_of(state, p) for p in range(n)],
            "new_devs": None if state.new_devs is None else full_counts_json(state.new_devs, DEV_CARDS),
            "new_dev_count": state.new_dev_count,
            "deck": None if state.deck is None else full_counts_json(state.deck, DEV_CARDS),
            "deck_count": state.deck_count,
            "played": [full_counts_json(p, DEV_CARDS) for p in state.played],
            "longest_road": None if state.longest_road < 0 else state.longest_road,
            "largest_army": None if state.largest_army < 0 else state.largest_army,
            "phase": state.phase,
            "current": state.current,
            "first": None if state.first < 0 else state.first,
            "turn": state.turn,
            "setup_index": state.setup_index,
            "setup_vertex": None if state.setup_vertex < 0 else state.setup_vertex,
            "dice": None if state.dice is None else list(state.dice),
            "rolled": state.rolled,
            "dev_played": state.dev_played,
            "discard": list(state.discard),
            "victim": None if state.victim < 0 else state.victim,
            "free_roads": state.free_roads,
            "free_placed": state.free_placed,
            "offers_made": state.offers_made,
            "trade": trade,
            "winner": None if state.winner < 0 else state.winner,
        }

    def from_json(self, data) -> CatanState:
        try:
            return _parse_position(self, data)
        except ValueError:
            raise
        except (KeyError, TypeError, AttributeError, IndexError) as error:
            raise ValueError(f"not a Catan position: {error!r}") from error


# -- parsing helpers ----------------------------------------------------------------------------------
def _sides_json(sides) -> dict:
    return {"give": counts_json(sides[0]), "want": counts_json(sides[1])}


def _resource(name) -> int:
    r = RESOURCE_INDEX.get(name, -1) if isinstance(name, str) else -1
    if r < 0:
        raise IllegalAction(f"unknown resource {name!r}")
    return r


def _vertex(v) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < NUM_VERTICES:
        raise IllegalAction("that is not a corner of the island")
    return v


def _edge(e) -> int:
    if not isinstance(e, int) or isinstance(e, bool) or not 0 <= e < NUM_EDGES:
        raise IllegalAction("that is not a path of the island")
    return e


def _seat_or_none(value, players: int, what: str) -> int:
    if value is None:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"{what} must be a seat or null")
    return value


def _counts(data, names, what: str) -> list[int]:
    if not isinstance(data, dict) or any(k not in names for k in data):
        raise ValueError(f"{what} must map {', '.join(names)} to counts")
    values = [data.get(name, 0) for name in names]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise ValueError(f"{what} holds a count that is not a whole number")
    return values


def _int(value, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}")
    return value


def _parse_position(rules: CatanRules, data) -> CatanState:
    if not isinstance(data, dict) or data.get("format") != "catan/1":
        raise ValueError("not a Catan position (format catan/1)")
    n = data["players"]
    if n not in (3, 4):
        raise ValueError("a Catan position has 3 or 4 players")
    options = dict(DEFAULT_OPTIONS)
    given = data.get("options", {})
    if not isinstance(given, dict) or any(k not in DEFAULT_OPTIONS for k in given):
        raise ValueError("unknown option in the position")
    options.update(given)
    _int(options["victory_points"], 3, 30, "victory_points")
    if options["layout"] not in ("random", "beginner") or options["numbers"] not in ("spiral", "random"):
        raise ValueError("unknown layout or numbers option")
    s = CatanState()
    s.players = n
    s.options = options
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    s.phase = phase
    s.layout = None if data["layout"] is None else Layout.from_json(data["layout"])
    s.draft = None
    if s.layout is None:
        draft = data.get("draft")
        if phase != "layout" or not isinstance(draft, dict):
            raise ValueError("a position past the layout draw needs its layout")
        s.draft = {key: list(draft[key]) for key in ("terrain", "harbors", "numbers")}
        if len(s.draft["terrain"]) != NUM_HEXES or len(s.draft["harbors"]) != 9 or len(s.draft["numbers"]) != NUM_HEXES:
            raise ValueError("the layout draft has the wrong size")
    elif phase == "layout":
        raise ValueError("the layout is already drawn")
    s.robber = -1 if s.layout is None else _int(data["robber"], 0, NUM_HEXES - 1, "robber")
    if s.layout is None:
        s.robber = None
    s.vertex_owner = [-1] * NUM_VERTICES
    s.vertex_level = [0] * NUM_VERTICES
    s.edge_owner = [-1] * NUM_EDGES
    s.pieces = [[0, 0, 0] for _ in range(n)]
    for item in data["buildings"]:
        v, seat, kind = item
        _int(v, 0, NUM_VERTICES - 1, "a building's corner")
        _int(seat, 0, n - 1, "a building's seat")
        if kind not in ("settlement", "city") or s.vertex_owner[v] >= 0:
            raise ValueError(f"bad building {item!r}")
        s.vertex_owner[v] = seat
        s.vertex_level[v] = 2 if kind == "city" else 1
        s.pieces[seat][2 if kind == "city" else 1] += 1
    for v in range(NUM_VERTICES):
        if s.vertex_owner[v] >= 0 and any(s.vertex_owner[w] >= 0 for w in VERTEX_NEIGHBOURS[v]):
            raise ValueError(f"buildings at corner {v} break the distance rule")
    for item in data["roads"]:
        e, seat = item
        _int(e, 0, NUM_EDGES - 1, "a road's path")
        _int(seat, 0, n - 1, "a road's seat")
        if s.edge_owner[e] >= 0:
            raise ValueError(f"two roads on path {e}")
        s.edge_owner[e] = seat
        s.pieces[seat][0] += 1
    for seat in range(n):
        for i, name in enumerate(("road", "settlement", "city")):
            if s.pieces[seat][i] > PIECE_LIMITS[name]:
                raise ValueError(f"seat {seat} has more than {PIECE_LIMITS[name]} {name} pieces")
    hands = data["hands"]
    counts = data["hand_counts"]
    if len(hands) != n or len(counts) != n:
        raise ValueError("hands and hand_counts have one entry per seat")
    s.hands = [None if h is None else _counts(h, RESOURCES, "a hand") for h in hands]
    s.hidden_cards = [_int(c, 0, 95, "a hand count") if s.hands[p] is None else 0 for p, c in enumerate(counts)]
    s.bank = _counts(data["bank"], RESOURCES, "the bank")
    if all(h is not None for h in s.hands):
        for r in range(5):
            if s.bank[r] + sum(h[r] for h in s.hands) != B.PER_RESOURCE:
                raise ValueError(f"there must be {B.PER_RESOURCE} {RESOURCES[r]} cards in all")
    devs = data["devs"]
    if len(devs) != n or len(data["dev_counts"]) != n:
        raise ValueError("devs and dev_counts have one entry per seat")
    s.devs = [None if d is None else _counts(d, DEV_CARDS, "development cards") for d in devs]
    s.hidden_devs = [_int(c, 0, 25, "a development card count") if s.devs[p] is None else 0
                     for p, c in enumerate(data["dev_counts"])]
    s.new_devs = None if data["new_devs"] is None else _counts(data["new_devs"], DEV_CARDS, "new_devs")
    s.new_dev_count = _int(data["new_dev_count"], 0, 25, "new_dev_count")
    s.deck = None if data["deck"] is None else _counts(data["deck"], DEV_CARDS, "the deck")
    s.deck_count = sum(s.deck) if s.deck is not None else _int(data["deck_count"], 0, 25, "deck_count")
    s.played = [_counts(p, DEV_CARDS, "played cards") for p in data["played"]]
    if len(s.played) != n or any(p[VICTORY_POINT] for p in s.played):
        raise ValueError("played cards: one entry per seat, victory point cards are never played")
    if s.deck is not None and all(d is not None for d in s.devs):
        for c in range(5):
            if s.deck[c] + sum(d[c] for d in s.devs) + sum(p[c] for p in s.played) != DEV_DECK[c]:
                raise ValueError(f"there must be {DEV_DECK[c]} {DEV_CARDS[c]} cards in all")
    s.longest_road = _seat_or_none(data["longest_road"], n, "longest_road")
    s.largest_army = _seat_or_none(data["largest_army"], n, "largest_army")
    if s.largest_army >= 0 and s.played[s.largest_army][KNIGHT] < 3:
        raise ValueError("Largest Army needs three played knights")
    s.current = _int(data["current"], 0, n - 1, "current")
    s.first = _seat_or_none(data["first"], n, "first")
    s.turn = _int(data["turn"], 0, 10 ** 6, "turn")
    s.setup_index = _int(data["setup_index"], 0, 2 * n, "setup_index")
    s.setup_vertex = -1 if data["setup_vertex"] is None else _int(data["setup_vertex"], 0, NUM_VERTICES - 1,
                                                                    "setup_vertex")
    dice = data["dice"]
    if dice is not None and (len(dice) != 2 or any(not isinstance(d, int) or not 1 <= d <= 6 for d in dice)):
        raise ValueError("dice are two numbers from 1 to 6")
    s.dice = None if dice is None else (dice[0], dice[1])
    s.rolled = bool(data["rolled"])
    s.dev_played = bool(data["dev_played"])
    s.discard = [_int(d, 0, 50, "discard") for d in data["discard"]]
    if len(s.discard) != n:
        raise ValueError("discard has one entry per seat")
    s.victim = _seat_or_none(data["victim"], n, "victim")
    s.free_roads = _int(data["free_roads"], 0, 2, "free_roads")
    s.free_placed = _int(data["free_placed"], 0, 2, "free_placed")
    s.offers_made = _int(data["offers_made"], 0, MAX_OFFERS, "offers_made")
    s.winner = _seat_or_none(data["winner"], n, "winner")
    s.trade = None
    if data["trade"] is not None:
        t = data["trade"]
        trade = Trade(_int(t["composer"], 0, n - 1, "trade composer"), n)
        trade.give = _counts(t["give"], RESOURCES, "trade give")
        trade.want = _counts(t["want"], RESOURCES, "trade want")
        if t["offer"] is not None:
            trade.offer = (tuple(_counts(t["offer"]["give"], RESOURCES, "offer")),
                           tuple(_counts(t["offer"]["want"], RESOURCES, "offer")))
        trade.to = _seat_or_none(t.get("to"), n, "trade to")
        answers = t["answers"]
        if len(answers) != n:
            raise ValueError("trade answers have one entry per seat")
        for p, a in enumerate(answers):
            if a is None or a in ("accept", "decline"):
                trade.answers[p] = a
            else:
                trade.answers[p] = (tuple(_counts(a["give"], RESOURCES, "counter")),
                                    tuple(_counts(a["want"], RESOURCES, "counter")))
        s.trade = trade
    if (phase in ("compose", "respond", "choose")) != (s.trade is not None):
        raise ValueError("a trade belongs to the trading phases only")
    if phase in ("respond", "choose") and s.trade.offer is None:
        raise ValueError("answers need an offer on the table")
    if phase == "steal" and s.victim < 0:
        raise ValueError("a steal needs a victim")
    if phase == "discard" and not any(s.discard):
        raise ValueError("nobody has cards to discard")
    if phase == "setup_road" and s.setup_vertex < 0:
        raise ValueError("a set-up road needs its settlement")
    if phase == "over" and s.winner < 0:
        raise ValueError("a finished game has a winner")
    if phase not in ("layout", "first_player") and s.first < 0:
        raise ValueError("the starting player is missing")
    s.road_lengths = [B.road_length(s.edge_owner, s.vertex_owner, p) for p in range(n)]
    s.rates = [FOUR if s.layout is None else tuple(B.harbor_rates(s.layout, s.vertex_owner, p)) for p in range(n)]
    if award_longest_road(s.road_lengths, s.longest_road) != s.longest_road:
        raise ValueError("the Longest Road holder does not match the roads")
    return s


_HANDLERS = {
    ("layout", "terrain"): CatanRules._do_layout,
    ("layout", "harbor"): CatanRules._do_layout,
    ("layout", "spiral"): CatanRules._do_layout,
    ("layout", "reds"): CatanRules._do_layout,
    ("layout", "token"): CatanRules._do_layout,
    ("first_player", "first_player"): CatanRules._do_first_player,
    ("setup_settlement", "settlement"): CatanRules._do_setup_settlement,
    ("setup_road", "road"): CatanRules._do_setup_road,
    ("pre_roll", "roll"): CatanRules._do_request_roll,
    ("pre_roll", "play"): CatanRules._do_play,
    ("roll", "roll"): CatanRules._do_roll,
    ("discard", "discard"): CatanRules._do_discard,
    ("robber", "robber"): CatanRules._do_robber,
    ("steal", "steal"): CatanRules._do_steal,
    ("draw", "draw"): CatanRules._do_draw,
    ("main", "road"): CatanRules._do_build_road,
    ("main", "settlement"): CatanRules._do_build_settlement,
    ("main", "city"): CatanRules._do_build_city,
    ("main", "buy"): CatanRules._do_buy,
    ("main", "play"): CatanRules._do_play,
    ("main", "bank_trade"): CatanRules._do_bank_trade,
    ("main", "trade"): CatanRules._do_trade,
    ("main", "end_turn"): CatanRules._do_end_turn,
    ("road_building", "road"): CatanRules._do_build_road,
    ("road_building", "end_road_building"): CatanRules._do_end_road_building,
    ("compose", "trade_give"): CatanRules._do_trade_give,
    ("compose", "trade_want"): CatanRules._do_trade_want,
    ("compose", "propose"): CatanRules._do_propose,
    ("compose", "cancel_trade"): CatanRules._do_cancel_trade,
    ("respond", "accept"): CatanRules._do_answer,
    ("respond", "decline"): CatanRules._do_answer,
    ("respond", "counter"): CatanRules._do_answer,
    ("choose", "complete"): CatanRules._do_complete,
    ("choose", "cancel_trade"): CatanRules._do_cancel_trade,
}
_NO_WIN_CHECK = frozenset(("layout", "first_player", "setup_settlement", "setup_road", "over"))

RULES = CatanRules()
