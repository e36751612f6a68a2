"""The engine every Catan game shares: the island drawn by chance, the set-up, the dice, production,
the 7 and the robber, building, the bank and domestic trade, Longest Road, the win on your own turn,
hidden hands and the core of the position notation.

``CatanFamily`` is a Ruleset that a game completes by subclassing (see the package docstring for
the extension points); ``FamilyState`` is the position it works on, which a game extends with its
own slots. Nothing here knows development cards (base Catan) or knights (Cities & Knights).
"""

from __future__ import annotations

from functools import lru_cache

from game.core.notation import read_position, whole
from game.core.rules import (
    CHANCE,
    Event,
    GameConfig,
    IllegalAction,
    Result,
    Ruleset,
    action_key,
    methods_by_key,
    ranks_from_keys,
)
from game.games.catan import board
from game.games.catan.board import (
    BRICK,
    COSTS,
    EDGE_VERTICES,
    GRAIN,
    LUMBER,
    NUM_EDGES,
    NUM_HEXES,
    NUM_VERTICES,
    ORE,
    PER_RESOURCE,
    PIECE_LIMITS,
    PIPS,
    RESOURCES,
    VERTEX_EDGES,
    VERTEX_HEXES,
    VERTEX_NEIGHBOURS,
    WOOL,
    Layout,
)
from game.games.catan.building import can_build_road, distance_ok, road_spots, settlement_spots, setup_seat
from game.games.catan.known_cards import QUIET_EVENTS, KnownCards, counted
from game.games.catan.notation import counts_json, full_counts_json, read_counts, read_seat, sides_json
from game.games.catan.production import pay_with_shortage, production
from game.games.catan.roads import award_longest_road, road_length
from game.games.catan.robber import drawn_index, robber_moves, robber_victims
from game.games.catan.trade import Trade, bank_trades, can_afford, harbour_rates

MAX_OFFERS = 2
"""Domestic offers the player on turn may start per turn (keeps negotiations and playouts short)."""
ROAD_LIMIT, SETTLEMENT_LIMIT, CITY_LIMIT = (PIECE_LIMITS[k] for k in ("road", "settlement", "city"))
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
SUM_OUTCOMES = tuple(({"type": "roll", "dice": [max(1, s - 6), s - max(1, s - 6)]}, PIPS[s] / 36)
                     for s in range(2, 13))
ALL_ROLLS = tuple({"type": "roll", "dice": [a, b]} for a, b in ROLLS)

# Legal actions are handed out from these shared tables (never mutate an action you are given):
# building fresh dicts for every call was the biggest cost of a playout.
END_TURN, TRADE, ROLL_NOW = {"type": "end_turn"}, {"type": "trade"}, {"type": "roll"}
PROPOSE, CANCEL_TRADE = {"type": "propose"}, {"type": "cancel_trade"}
PROPOSE_TO = tuple({"type": "propose", "to": seat} for seat in range(4))
ACCEPT, DECLINE, COUNTER = {"type": "accept"}, {"type": "decline"}, {"type": "counter"}
END_ROAD_BUILDING = {"type": "end_road_building"}
ROAD_ACTIONS = tuple({"type": "road", "edge": e} for e in range(NUM_EDGES))
SETTLEMENT_ACTIONS = tuple({"type": "settlement", "vertex": v} for v in range(NUM_VERTICES))
CITY_ACTIONS = tuple({"type": "city", "vertex": v} for v in range(NUM_VERTICES))
ROBBER_ACTIONS = tuple(tuple({"type": "robber", "hex": h, "victim": p} for p in range(4)) for h in range(NUM_HEXES))
ROBBER_ALONE = tuple({"type": "robber", "hex": h} for h in range(NUM_HEXES))


class FamilyState:
    """A position. Lists are indexed by seat, card kind, vertex, edge or hex id.

    A game's state subclasses this with its own ``__slots__`` and extends ``copy`` (which makes an
    object of the class actually used, so observe, determinize and search keep every field).
    """

    __slots__ = ("players", "options", "layout", "draft", "robber", "vertex_owner", "vertex_level",
                 "edge_owner", "hands", "hidden_cards", "bank", "pieces", "road_lengths", "longest_road",
                 "phase", "current", "first", "turn", "setup_index", "setup_vertex", "dice", "rolled",
                 "discard", "victim", "free_roads", "free_placed", "offers_made", "trade", "winner", "rates",
                 "known")

    def copy(self):
        s = object.__new__(type(self))
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
        s.pieces = [p[:] for p in self.pieces]
        s.road_lengths = self.road_lengths[:]
        s.longest_road = self.longest_road
        s.phase = self.phase
        s.current = self.current
        s.first = self.first
        s.turn = self.turn
        s.setup_index = self.setup_index
        s.setup_vertex = self.setup_vertex
        s.dice = self.dice
        s.rolled = self.rolled
        s.discard = self.discard[:]
        s.victim = self.victim
        s.free_roads = self.free_roads
        s.free_placed = self.free_placed
        s.offers_made = self.offers_made
        s.trade = None if self.trade is None else self.trade.copy()
        s.winner = self.winner
        s.rates = self.rates[:]
        s.known = self.known
        return s


@lru_cache(maxsize=4096)
def discard_choices(hand: tuple, count: int, names: tuple) -> tuple:
    """Every way to discard exactly ``count`` cards from ``hand`` (as discard actions)."""
    choices = []
    last = len(hand) - 1

    def fill(r, left, picked):
        if r == last:
            if left <= hand[last]:
                choices.append(picked + [left])
            return
        for k in range(min(left, hand[r]), -1, -1):
            if left - k <= sum(hand[r + 1:]):
                fill(r + 1, left - k, picked + [k])

    fill(0, count, [])
    return tuple({"type": "discard", "cards": counts_json(c, names)} for c in choices)


def is_index(value, size: int) -> bool:
    """Whether ``value`` is a whole number from 0 to ``size`` - 1 (not a bool, which JSON keeps apart)."""
    return type(value) is int and 0 <= value < size


def cards_of(state, seat: int) -> int:
    """How many cards ``seat`` holds in hand (public even where the cards are hidden)."""
    hand = state.hands[seat]
    return state.hidden_cards[seat] if hand is None else sum(hand)


class CatanFamily(Ruleset):
    """The rules every Catan game shares; a game subclasses it (see the package docstring).

    Class attributes a game sets: ``format_id`` and ``title`` (its notation), ``state_class``,
    ``kinds`` (the card kinds of hands and bank, resources first), ``bank_start``, ``player_counts``,
    ``neutral_colours``, ``default_options``, ``chance_phases``, ``opening_phases``; and it extends the
    per-class tables ``handlers`` (apply), ``actions_by_phase`` (legal_actions), ``samplers_by_phase``
    (sample_chance) and ``actors_by_phase`` (to_act: the current player unless listed).
    """

    counts_cards = True
    """Whether the engine keeps each seat's count of the others' cards (``known_cards``): only for a game
    whose every card movement is read by ``known_cards.note`` or changes a hand's size."""
    format_id = ""
    title = "Catan"
    state_class = FamilyState
    kinds = RESOURCES
    bank_start = tuple(PER_RESOURCE for _ in RESOURCES)
    player_counts = (2, 3, 4)
    neutral_colours = 0
    """Colours on the board that no seat plays, numbered after the seats: their pieces count per colour
    (pieces, road lengths, Longest Road) but they hold no cards, so production and the robber pass them by."""
    default_options = {"layout": "random", "numbers": "spiral", "victory_points": 10}
    max_offers = MAX_OFFERS
    chance_phases = frozenset(("layout", "first_player", "roll", "steal"))
    opening_phases = frozenset(("layout", "first_player", "setup_settlement", "setup_road"))
    """Before the first turn: nobody can win yet."""

    handlers = {
        ("layout", "terrain"): "_do_layout",
        ("layout", "harbor"): "_do_layout",
        ("layout", "spiral"): "_do_layout",
        ("layout", "reds"): "_do_layout",
        ("layout", "token"): "_do_layout",
        ("first_player", "first_player"): "_do_first_player",
        ("setup_settlement", "settlement"): "_do_setup_settlement",
        ("setup_road", "road"): "_do_setup_road",
        ("pre_roll", "roll"): "_do_request_roll",
        ("roll", "roll"): "_do_roll",
        ("discard", "discard"): "_do_discard",
        ("robber", "robber"): "_do_robber",
        ("steal", "steal"): "_do_steal",
        ("main", "road"): "_do_build_road",
        ("main", "settlement"): "_do_build_settlement",
        ("main", "city"): "_do_build_city",
        ("main", "bank_trade"): "_do_bank_trade",
        ("main", "trade"): "_do_trade",
        ("main", "end_turn"): "_do_end_turn",
        ("road_building", "road"): "_do_build_road",
        ("road_building", "end_road_building"): "_do_end_road_building",
        ("compose", "trade_give"): "_do_trade_give",
        ("compose", "trade_want"): "_do_trade_want",
        ("compose", "propose"): "_do_propose",
        ("compose", "cancel_trade"): "_do_cancel_trade",
        ("respond", "accept"): "_do_answer",
        ("respond", "decline"): "_do_answer",
        ("respond", "counter"): "_do_answer",
        ("choose", "complete"): "_do_complete",
        ("choose", "cancel_trade"): "_do_cancel_trade",
    }
    actions_by_phase = {
        "main": "_main_actions",
        "roll": "_roll_outcomes",
        "discard": "_discard_actions",
        "robber": "_robber_actions",
        "steal": "_steal_outcomes",
        "pre_roll": "_pre_roll_actions",
        "setup_settlement": "_setup_settlement_actions",
        "setup_road": "_setup_road_actions",
        "road_building": "_free_road_actions",
        "compose": "_compose_actions",
        "respond": "_respond_actions",
        "choose": "_choose_or_cancel_actions",
        "layout": "_layout_outcomes",
        "first_player": "_first_player_outcomes",
    }
    samplers_by_phase = {
        "roll": "_sample_roll",
        "steal": "_sample_steal",
        "first_player": "_sample_first_player",
        "layout": "_sample_layout",
    }
    actors_by_phase = {
        "over": "_nobody",
        "discard": "_discarder",
        "compose": "_composer",
        "respond": "_responder",
        "setup_settlement": "_setup_actor",
        "setup_road": "_setup_actor",
    }

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._phase_actions = methods_by_key(cls, "actions_by_phase")
        cls._phase_actors = methods_by_key(cls, "actors_by_phase")
        cls._phase_actors.update(dict.fromkeys(cls.chance_phases, cls._chance))
        cls._phase_samplers = methods_by_key(cls, "samplers_by_phase")
        cls.phases = frozenset(cls._phase_actions) | frozenset(cls._phase_actors) | cls.chance_phases
        cls._no_win_check = cls.opening_phases | {"over"}

    def __init__(self):
        kinds = self.kinds
        count = len(kinds)
        self.kind_count = count
        self.kind_index = {name: i for i, name in enumerate(kinds)}
        padding = (0,) * (count - len(RESOURCES))
        self.costs = {name: cost + padding for name, cost in COSTS.items()}
        self.no_rates = (4,) * count
        self.give_actions = tuple({"type": "trade_give", "resource": name} for name in kinds)
        self.want_actions = tuple({"type": "trade_want", "resource": name} for name in kinds)
        self.steal_actions = tuple({"type": "steal", "resource": name} for name in kinds)
        self.bank_actions = tuple(tuple({"type": "bank_trade", "give": kinds[g], "get": kinds[t]} for t in range(count))
                                  for g in range(count))

    # -- creation ---------------------------------------------------------------------------------
    def new_game(self, config: GameConfig):
        players = config.players
        if players not in self.player_counts:
            raise ValueError(f"{self.title} is played by {' or '.join(map(str, self.player_counts))} players")
        options = dict(self.default_options)
        options.update({k: v for k, v in config.options.items() if k in self.default_options})
        options["victory_points"] = int(options["victory_points"])
        if options["layout"] not in ("random", "beginner") or options["numbers"] not in ("spiral", "random"):
            raise ValueError("unknown layout or numbers option")
        s = self.state_class()
        s.players = players
        s.options = options
        s.layout = None
        s.draft = None
        s.robber = None
        s.vertex_owner = [-1] * NUM_VERTICES
        s.vertex_level = [0] * NUM_VERTICES
        s.edge_owner = [-1] * NUM_EDGES
        s.hands = [[0] * self.kind_count for _ in range(players)]
        s.hidden_cards = [0] * players
        s.bank = list(self.bank_start)
        colours = players + self.neutral_colours
        s.pieces = [[0, 0, 0] for _ in range(colours)]
        s.road_lengths = [0] * colours
        s.longest_road = -1
        s.current = 0
        s.first = -1
        s.turn = 0
        s.setup_index = 0
        s.setup_vertex = -1
        s.dice = None
        s.rolled = False
        s.discard = [0] * players
        s.victim = -1
        s.free_roads = 0
        s.free_placed = 0
        s.offers_made = 0
        s.trade = None
        s.winner = -1
        s.rates = [self.no_rates] * colours
        s.known = KnownCards.unknown([0] * players, self.kind_count) if self.counts_cards else None
        self._init_state(s)
        if options["layout"] == "beginner":
            s.layout = board.beginner_layout()
            s.robber = s.layout.desert
            s.phase = "first_player"
        else:
            s.draft = {"terrain": [None] * NUM_HEXES, "harbors": [None] * len(board.HARBOUR_SLOTS),
                       "numbers": [None] * NUM_HEXES}
            s.phase = "layout"
        return s

    def _init_state(self, state) -> None:
        """Set a new game's own fields (a game adds its slots here)."""

    def num_players(self, state):
        return state.players

    def clone(self, state):
        return state.copy()

    # -- what a game may change -----------------------------------------------------------------------
    def cards_of(self, state, seat: int) -> int:
        """How many cards ``seat`` holds in hand (public even where the cards are hidden)."""
        return cards_of(state, seat)

    def public_points(self, state, seat: int) -> int:
        """Points everyone can see."""
        pieces = state.pieces[seat]
        return pieces[1] + 2 * pieces[2] + (2 if state.longest_road == seat else 0)

    def total_points(self, state, seat: int) -> int:
        """Points with the hidden ones (what wins the game)."""
        return self.public_points(state, seat)

    def hand_limit(self, state, seat: int) -> int:
        """Most cards ``seat`` may hold when a 7 is rolled without discarding half."""
        return 7

    def blockers(self, state):
        """Per corner, the seat whose piece stands there (stops other colours' roads)."""
        return state.vertex_owner

    def road_length(self, state, seat: int) -> int:
        return road_length(state.edge_owner, self.blockers(state), seat)

    def road_spots(self, state, seat: int) -> list[int]:
        """Empty paths touching ``seat``'s piece, or its road at a corner no other colour blocks."""
        return road_spots(state.edge_owner, state.vertex_owner, seat)

    def can_build_road(self, state, seat: int) -> bool:
        """Whether ``seat`` has an empty path to build a road on (road pieces aside)."""
        return can_build_road(state.edge_owner, self.blockers(state), seat)

    def settlement_spots(self, state, seat: int) -> list[int]:
        """Empty corners on ``seat``'s roads with no building next to them."""
        return settlement_spots(state.edge_owner, state.vertex_owner, seat)

    def city_spots(self, state, seat: int) -> list[int]:
        """Where ``seat`` may build a city now (its settlements, while it has city pieces)."""
        if state.pieces[seat][2] >= CITY_LIMIT:
            return []
        owner, level = state.vertex_owner, state.vertex_level
        return [v for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 1]

    def robbable(self, state) -> list[bool]:
        """Per seat: may the robber rob it now."""
        return [p != state.current and cards_of(state, p) > 0 for p in range(state.players)]

    def bank_rates(self, state, seat: int) -> tuple:
        """What ``seat`` pays the bank per card of each kind (kept in ``state.rates``)."""
        return tuple(harbour_rates(state.layout, state.vertex_owner, seat, self.kind_count))

    def _pre_roll_actions(self, state) -> list:
        """What the player on turn may do before rolling (the roll itself first)."""
        return [ROLL_NOW]

    def _has_pre_roll(self, state, seat: int) -> bool:
        """Whether a turn opens by asking the player (they may do something before rolling)."""
        return False

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        """Add a game's own actions of the main phase (after the builds, before the trades)."""

    # -- whose decision -----------------------------------------------------------------------
    def to_act(self, state):
        find = self._phase_actors.get(state.phase)
        return state.current if find is None else find(self, state)

    def _chance(self, state):
        return CHANCE

    def _nobody(self, state):
        return None

    def _discarder(self, state) -> int:
        n = state.players
        for k in range(n):
            seat = (state.current + k) % n
            if state.discard[seat]:
                return seat
        return state.current

    def _composer(self, state) -> int:
        return state.trade.composer

    def _responder(self, state) -> int:
        """The next player to answer the offer on the table."""
        n = state.players
        answers = state.trade.answers
        for k in range(1, n):
            seat = (state.current + k) % n
            if answers[seat] is None:
                return seat
        raise AssertionError("every player has answered")

    def _setup_actor(self, state) -> int:
        return setup_seat(state.first, state.setup_index, state.players)

    # -- legal actions ------------------------------------------------------------------------------
    def legal_actions(self, state):
        find = self._phase_actions.get(state.phase)
        return [] if find is None else find(self, state)

    def _roll_outcomes(self, state) -> list:
        return list(ALL_ROLLS)

    def _discard_actions(self, state) -> list:
        seat = self.to_act(state)
        return list(discard_choices(tuple(state.hands[seat]), state.discard[seat], self.kinds))

    def _steal_outcomes(self, state) -> list:
        hand = state.hands[state.victim]
        return [self.steal_actions[r] for r in range(self.kind_count) if hand[r]]

    def _setup_settlement_actions(self, state) -> list:
        owner = state.vertex_owner
        return [SETTLEMENT_ACTIONS[v] for v in range(NUM_VERTICES) if distance_ok(owner, v)]

    def _setup_road_actions(self, state) -> list:
        return [ROAD_ACTIONS[e] for e in VERTEX_EDGES[state.setup_vertex] if state.edge_owner[e] < 0]

    def _free_road_actions(self, state) -> list:
        actions = [ROAD_ACTIONS[e] for e in self.road_spots(state, state.current)]
        if state.free_placed:
            actions.append(END_ROAD_BUILDING)
        return actions

    def _respond_actions(self, state) -> list:
        seat = self._responder(state)
        actions = [DECLINE]
        if can_afford(state.hands[seat], state.trade.offer[1]):
            actions.insert(0, ACCEPT)
        if any(state.hands[seat]) and cards_of(state, state.current):
            actions.append(COUNTER)
        return actions

    def _choose_or_cancel_actions(self, state) -> list:
        return self._choose_actions(state) + [CANCEL_TRADE]

    def _first_player_outcomes(self, state) -> list:
        return [{"type": "first_player", "seat": s} for s in range(state.players)]

    def _main_actions(self, state) -> list:
        seat = state.current
        hand = state.hands[seat]
        pieces = state.pieces[seat]
        actions = [END_TURN]
        if hand[BRICK] and hand[LUMBER]:
            if pieces[0] < ROAD_LIMIT:
                actions += [ROAD_ACTIONS[e] for e in self.road_spots(state, seat)]
            if hand[GRAIN] and hand[WOOL] and pieces[1] < SETTLEMENT_LIMIT:
                actions += [SETTLEMENT_ACTIONS[v] for v in self.settlement_spots(state, seat)]
        if hand[ORE] >= 3 and hand[GRAIN] >= 2:
            actions += [CITY_ACTIONS[v] for v in self.city_spots(state, seat)]
        self._add_turn_actions(state, seat, actions)
        most = max(hand)
        if most:
            if most >= 2:
                actions += bank_trades(hand, state.rates[seat], state.bank, self.bank_actions)
            if state.offers_made < self.max_offers and any(
                    cards_of(state, other) for other in range(state.players) if other != seat):
                actions.append(TRADE)
        return actions

    def robber_victims(self, state, hex_id: int, eligible=None) -> list[int]:
        """Opponents the robber on ``hex_id`` may rob: a building there and ``robbable``."""
        return robber_victims(state.vertex_owner, hex_id, self.robbable(state) if eligible is None else eligible)

    def _robber_actions(self, state) -> list:
        actions = []
        for h, victims in robber_moves(state.vertex_owner, state.robber, self.robbable(state)):
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
        kinds = range(self.kind_count)
        actions = []
        for r in kinds:
            if not trade.want[r] and hand[r] > trade.give[r]:
                actions.append(self.give_actions[r])
        if sum(trade.want) < self._want_cap(state):
            actions += [self.want_actions[r] for r in kinds if not trade.give[r]]
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
                    for t in self._remaining(draft["terrain"], board.TERRAIN_MIX)]
        if None in draft["harbors"]:
            k = draft["harbors"].index(None)
            return [{"type": "harbor", "slot": k, "kind": kind}
                    for kind in self._remaining(draft["harbors"], board.HARBOUR_MIX)]
        desert = draft["terrain"].index("desert")
        if state.options["numbers"] == "spiral":
            return [{"type": "spiral", "corner": c} for c in range(len(board.SPIRAL_CORNERS))]
        if all(n is None for n in draft["numbers"]):
            return [{"type": "reds", "sixes": [a, b], "eights": [c, d]}
                    for a, b, c, d in board.red_placements(desert)]
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
        left = dict(board.TOKEN_COUNTS)
        for n in draft["numbers"]:
            if n is not None:
                left[n] -= 1
        return {n: c for n, c in left.items() if c > 0}

    @staticmethod
    def _next_token_hex(draft) -> int:
        return next(h for h in range(NUM_HEXES) if draft["numbers"][h] is None and draft["terrain"][h] != "desert")

    # -- chance -------------------------------------------------------------------------------------
    def sample_chance(self, state, rng):
        find = self._phase_samplers.get(state.phase)
        if find is None:
            raise IllegalAction("no random step is pending")
        return find(self, state, rng)

    def _sample_roll(self, state, rng):
        return ALL_ROLLS[rng.randrange(36)]

    def _sample_steal(self, state, rng):
        return self.steal_actions[drawn_index(state.hands[state.victim], rng)]

    def _sample_first_player(self, state, rng):
        return {"type": "first_player", "seat": rng.randrange(state.players)}

    def _sample_layout(self, state, rng):
        draft = state.draft
        if None in draft["terrain"]:
            return self._drawn_item(draft["terrain"], board.TERRAIN_MIX, rng, "terrain", "hex", "terrain")
        if None in draft["harbors"]:
            return self._drawn_item(draft["harbors"], board.HARBOUR_MIX, rng, "harbor", "slot", "kind")
        if state.options["numbers"] == "spiral" or all(n is None for n in draft["numbers"]):
            return rng.choice(self._layout_outcomes(state))
        left = self._remaining_tokens(draft)
        numbers = list(left)
        pick = drawn_index([left[n] for n in numbers], rng)
        return {"type": "token", "hex": self._next_token_hex(draft), "number": numbers[pick]}

    @staticmethod
    def _drawn_item(drawn, mix, rng, kind, slot_key, value_key):
        left = dict(mix)
        for item in drawn:
            if item is not None:
                left[item] -= 1
        items = [item for item in left if left[item] > 0]
        item = items[drawn_index([left[i] for i in items], rng)]
        return {"type": kind, slot_key: drawn.index(None), value_key: item}

    def chance_outcomes(self, state):
        phase = state.phase
        if phase == "roll":
            return list(SUM_OUTCOMES)
        if phase == "steal":
            hand = state.hands[state.victim]
            total = sum(hand)
            return [(self.steal_actions[r], hand[r] / total) for r in range(self.kind_count) if hand[r]]
        if phase == "first_player":
            return [({"type": "first_player", "seat": s}, 1 / state.players) for s in range(state.players)]
        return None

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state, action):
        try:
            handler = self._handler_functions.get((state.phase, action["type"]))
        except (TypeError, KeyError):
            raise IllegalAction("an action is a mapping with a type") from None
        if handler is None:
            if state.phase == "over":
                raise IllegalAction("the game is over")
            raise IllegalAction(f"{action['type']!r} is not possible now (phase {state.phase})")
        if state.hands[0] is None or state.hands[1] is None:
            raise IllegalAction("a position with hidden cards cannot be played on")
        events = handler(self, state, action)
        if events and state.known is not None and events[0].kind not in QUIET_EVENTS:
            state.known = [state.known, events, None]  # a journal entry (see known_cards.counted)
        if state.phase not in self._no_win_check:
            seat = state.current
            if self.total_points(state, seat) >= state.options["victory_points"]:
                state.winner = seat
                state.phase = "over"
                state.trade = None
                events.append(Event("game_over", {"winner": seat, "points": [self.total_points(state, p)
                                                                             for p in range(state.players)]},
                                    reveals=True))  # the points count every hidden victory point card
        return events

    # chance handlers
    def _do_layout(self, state, action):
        draft = state.draft
        kind = action["type"]
        match = next((outcome for outcome in self._layout_outcomes(state) if outcome == action), None)
        if match is None or action_key(match) != action_key(action):  # equal, and not by a bool passing for 1
            raise IllegalAction("that is not a possible outcome of the layout draw")
        events = []
        if kind == "terrain":
            draft["terrain"][action["hex"]] = action["terrain"]
            events.append(Event("tile", {"hex": action["hex"], "terrain": action["terrain"]}))
        elif kind == "harbor":
            draft["harbors"][action["slot"]] = action["kind"]
            events.append(Event("harbor", {"slot": action["slot"], "kind": action["kind"]}))
        elif kind == "spiral":
            draft["numbers"] = board.spiral_numbers(draft["terrain"], action["corner"])
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
        if not is_index(seat, state.players):
            raise IllegalAction("the starting player must be a seat of this game")
        state.first = seat
        events = [Event("first_player", {"seat": seat})]
        events += self._begin_setup(state, seat)
        return events

    def _begin_setup(self, state, first: int) -> list:
        """After the roll-off: the first set-up placement is asked for."""
        state.phase = "setup_settlement"
        state.current = first
        return []

    def _starting_resources(self, state, seat: int, vertex: int) -> Event:
        """One card for each producing hex next to ``vertex``, while the bank has it."""
        gained = [0] * self.kind_count
        for h in VERTEX_HEXES[vertex]:
            r = state.layout.hex_resource[h]
            if r >= 0 and state.bank[r]:
                gained[r] += 1
                state.bank[r] -= 1
                state.hands[seat][r] += 1
        return Event("starting_resources", {"seat": seat, "cards": counts_json(gained, self.kinds)})

    def _do_roll(self, state, action):
        a, b = self._dice(action)
        total = a + b
        state.dice = (a, b)
        state.rolled = True
        events = [Event("rolled", {"seat": state.current, "dice": [a, b], "total": total})]
        if total == 7:
            return events + self._seven(state)
        events.append(self._produce(state, total))
        state.phase = "main"
        return events

    @staticmethod
    def _dice(action) -> tuple[int, int]:
        dice = action.get("dice")
        try:
            a, b = dice
            valid = type(a) is int and type(b) is int and 0 < a < 7 and 0 < b < 7
        except (TypeError, ValueError):
            valid = False
        if not valid:
            raise IllegalAction("dice are two numbers from 1 to 6")
        return a, b

    def _seven(self, state) -> list:
        """Everyone over their hand limit discards half; then the robber moves."""
        any_discard = False
        for seat in range(state.players):
            count = sum(state.hands[seat])
            over = count > self.hand_limit(state, seat)
            state.discard[seat] = count // 2 if over else 0
            any_discard = any_discard or over
        if any_discard:
            state.phase = "discard"
            return []
        return self._after_discards(state)

    def _after_discards(self, state) -> list:
        """Every discard of a 7 is made: the robber moves (events of what follows, if any)."""
        state.phase = "robber"
        return []

    def _after_robber(self, state) -> list:
        """The robber has moved (and robbed): back to the turn, or to the roll it came before."""
        state.phase = "main" if state.rolled else "roll"
        return []

    def _produce(self, state, total: int, city_commodity=None) -> Event:
        """Production of a roll of ``total`` paid out under the bank-shortage rule."""
        owed = production(state.layout, state.vertex_owner, state.vertex_level, state.robber, total,
                                state.players, self.kind_count, city_commodity)
        need = [sum(column) for column in zip(*owed, strict=True)]
        kinds = self.kinds
        if not any(need):
            short, gains = [], [{} for _ in owed]
        else:
            bank = state.bank
            short = [kinds[r] for r in range(self.kind_count) if need[r] > bank[r]]
            paid = pay_with_shortage(bank, owed) if short else owed
            gains = []
            for seat, row in enumerate(paid):
                if any(row):
                    hand = state.hands[seat]
                    for r in range(self.kind_count):
                        if row[r]:
                            hand[r] += row[r]
                            bank[r] -= row[r]
                    gains.append(counts_json(row, kinds))
                else:
                    gains.append({})
        return Event("produced", {"total": total, "gains": gains, "shortage": short})

    def _do_steal(self, state, action):
        r = self._kind(action.get("resource"))
        victim = state.victim
        if not state.hands[victim][r]:
            raise IllegalAction("the robbed player holds no such card")
        state.hands[victim][r] -= 1
        state.hands[state.current][r] += 1
        state.victim = -1
        data = {"thief": state.current, "victim": victim, "resource": self.kinds[r]}
        public = {"thief": state.current, "victim": victim}
        return [Event("stole", data, audience=state.current, public=public),
                Event("robbed", data, audience=victim, public=None)] + self._after_robber(state)

    # decisions
    def _do_setup_settlement(self, state, action):
        v = self._vertex(action.get("vertex"))
        if not distance_ok(state.vertex_owner, v):
            raise IllegalAction("a settlement needs an empty corner with no building next to it")
        seat = self._setup_actor(state)
        self._put_settlement(state, seat, v)
        state.setup_vertex = v
        state.phase = "setup_road"
        events = [Event("built", {"seat": seat, "piece": "settlement", "vertex": v})]
        if state.setup_index >= state.players:
            events.append(self._starting_resources(state, seat, v))
        return events

    def _do_setup_road(self, state, action):
        e = self._edge(action.get("edge"))
        if state.edge_owner[e] >= 0 or state.setup_vertex not in EDGE_VERTICES[e]:
            raise IllegalAction("the set-up road must touch the settlement just placed")
        seat = self._setup_actor(state)
        self._put_road(state, seat, e)
        events = [Event("built", {"seat": seat, "piece": "road", "edge": e})]
        state.setup_index += 1
        state.setup_vertex = -1
        if state.setup_index == 2 * state.players:
            events += self._start_turn(state, state.first)
        else:
            state.phase = self._setup_phase(state)
            state.current = self._setup_actor(state)
        return events

    def _setup_phase(self, state) -> str:
        """The phase of the next set-up placement (``setup_index`` already counts the last one)."""
        return "setup_settlement"

    def _do_request_roll(self, state, action):
        state.phase = "roll"
        return []

    def _do_discard(self, state, action):
        seat = self.to_act(state)
        cards = action.get("cards")
        counts = read_counts(cards, self.kinds, "the discarded cards") if isinstance(cards, dict) else None
        if counts is None or sum(counts) != state.discard[seat]:
            raise IllegalAction(f"discard exactly {state.discard[seat]} cards")
        hand = state.hands[seat]
        if not can_afford(hand, counts):
            raise IllegalAction("you do not hold those cards")
        for r in range(self.kind_count):
            hand[r] -= counts[r]
            state.bank[r] += counts[r]
        state.discard[seat] = 0
        events = [Event("discarded", {"seat": seat, "cards": counts_json(counts, self.kinds)})]
        if not any(state.discard):
            events += self._after_discards(state)
        return events

    def _do_robber(self, state, action):
        h = action.get("hex")
        if not is_index(h, NUM_HEXES):
            raise IllegalAction("the robber goes on a land hex")
        if h == state.robber:
            raise IllegalAction("the robber must move to another hex")
        victims = self.robber_victims(state, h)
        victim = action.get("victim")
        if victims and (not is_index(victim, state.players) or victim not in victims):
            raise IllegalAction("choose an opponent next to that hex who holds cards")
        if not victims and victim is not None:
            raise IllegalAction("nobody next to that hex can be robbed")
        state.robber = h
        events = [Event("robber", {"seat": state.current, "hex": h, "victim": victim})]
        if victims:
            state.victim = victim
            state.phase = "steal"
        else:
            events += self._after_robber(state)
        return events

    def _do_build_road(self, state, action):
        e = self._edge(action.get("edge"))
        seat = state.current
        free = state.phase == "road_building"
        if state.pieces[seat][0] >= ROAD_LIMIT:
            raise IllegalAction("you have no roads left")
        if e not in self.road_spots(state, seat):
            raise IllegalAction("a road must be on an empty path joined to your road or building")
        if not free:
            self._pay(state, seat, self.costs["road"], "a road costs a brick and a lumber")
        events = self._put_road(state, seat, e)
        events.insert(0, Event("built", {"seat": seat, "piece": "road", "edge": e, "free": free}))
        if free:
            state.free_placed += 1
            state.free_roads -= 1
            if state.free_roads <= 0 or state.pieces[seat][0] >= ROAD_LIMIT or not self.road_spots(state, seat):
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
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.pieces[seat][1] >= SETTLEMENT_LIMIT:
            raise IllegalAction("you have no settlements left: upgrade one to a city first")
        if v not in self.settlement_spots(state, seat):
            raise IllegalAction("a settlement needs your road and no building on or next to the corner")
        self._pay(state, seat, self.costs["settlement"], "a settlement costs brick, lumber, grain and wool")
        events = [Event("built", {"seat": seat, "piece": "settlement", "vertex": v})]
        return events + self._put_settlement(state, seat, v)

    def _do_build_city(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.vertex_owner[v] != seat or state.vertex_level[v] != 1:
            raise IllegalAction("a city replaces one of your settlements")
        if state.pieces[seat][2] >= CITY_LIMIT:
            raise IllegalAction("you have no cities left")
        self._pay(state, seat, self.costs["city"], "a city costs three ore and two grain")
        state.vertex_level[v] = 2
        state.pieces[seat][1] -= 1
        state.pieces[seat][2] += 1
        return [Event("built", {"seat": seat, "piece": "city", "vertex": v})]

    def _do_bank_trade(self, state, action):
        give = self._kind(action.get("give"))
        get = self._kind(action.get("get"))
        seat = state.current
        if give == get:
            raise IllegalAction("trade for a different resource")
        rate = state.rates[seat][give]
        if state.hands[seat][give] < rate:
            raise IllegalAction(f"you need {rate} {self.kinds[give]} for this trade")
        if not state.bank[get]:
            raise IllegalAction("the bank has none of that resource")
        state.hands[seat][give] -= rate
        state.bank[give] += rate
        state.bank[get] -= 1
        state.hands[seat][get] += 1
        return [Event("bank_trade", {"seat": seat, "give": self.kinds[give], "count": rate, "get": self.kinds[get]})]

    def _do_trade(self, state, action):
        if state.offers_made >= self.max_offers:
            raise IllegalAction(f"at most {self.max_offers} offers a turn")
        if not any(state.hands[state.current]):
            raise IllegalAction("you have no cards to offer")
        if not any(cards_of(state, p) for p in range(state.players) if p != state.current):
            raise IllegalAction("nobody has cards to trade")
        state.offers_made += 1
        state.trade = Trade(state.current, state.players, self.kind_count)
        state.phase = "compose"
        return []

    def _do_trade_give(self, state, action):
        r = self._kind(action.get("resource"))
        trade = state.trade
        if trade.want[r]:
            raise IllegalAction("a resource cannot be on both sides of a trade")
        if state.hands[trade.composer][r] <= trade.give[r]:
            raise IllegalAction("you do not hold more of that resource")
        trade.give[r] += 1
        return []

    def _do_trade_want(self, state, action):
        r = self._kind(action.get("resource"))
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
        if "to" in action:
            if trade.composer != state.current:
                raise IllegalAction("a counter-offer goes back to the player on turn")
            if not is_index(to, state.players) or to == state.current:
                raise IllegalAction("offer to another player of this game")
            if not cards_of(state, to):
                raise IllegalAction("that player has no cards to trade")
        give, want = tuple(trade.give), tuple(trade.want)
        trade.give, trade.want = [0] * self.kind_count, [0] * self.kind_count
        kinds = self.kinds
        if trade.composer == state.current:
            trade.offer = (give, want)
            trade.to = -1 if to is None else to
            trade.answers = [None if to is None or seat == to else "decline" for seat in range(state.players)]
            trade.answers[state.current] = "decline"
            state.phase = "respond"
            data = {"seat": state.current, "give": counts_json(give, kinds), "want": counts_json(want, kinds)}
            if to is not None:
                data["to"] = to
            return [Event("offer", data)]
        seat = trade.composer
        trade.answers[seat] = (want, give)
        trade.composer = state.current
        events = [Event("answer", {"seat": seat, "answer": "counter", "give": counts_json(give, kinds),
                                   "want": counts_json(want, kinds)})]
        return events + self._after_answer(state)

    def _do_cancel_trade(self, state, action):
        trade = state.trade
        if state.phase == "compose" and trade.composer != state.current:
            seat = trade.composer
            trade.give, trade.want = [0] * self.kind_count, [0] * self.kind_count
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
        if not is_index(partner, state.players):
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
        for r in range(self.kind_count):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]
        state.trade = None
        state.phase = "main"
        return [Event("traded", {"seat": seat, "partner": partner, "give": counts_json(give, self.kinds),
                                 "get": counts_json(get, self.kinds)})]

    def _do_end_turn(self, state, action):
        if self.blocked(state):
            return self._end_blocked(state)
        return self._start_turn(state, (state.current + 1) % state.players)

    def blocked(self, state) -> bool:
        """Whether nobody can ever gain a point again (the game then ends, ranked by points)."""
        return False

    def _end_blocked(self, state) -> list:
        state.phase = "over"
        state.winner = -1
        state.trade = None
        return [Event("game_over", {"winner": None, "reason": "blocked",
                                    "points": [self.total_points(state, p) for p in range(state.players)]},
                      reveals=True)]  # the points count every hidden victory point card

    # building helpers
    def _pay(self, state, seat: int, cost, reason: str) -> None:
        hand = state.hands[seat]
        if not can_afford(hand, cost):
            raise IllegalAction(reason)
        for r in range(self.kind_count):
            hand[r] -= cost[r]
            state.bank[r] += cost[r]

    def _put_road(self, state, seat: int, e: int) -> list:
        state.edge_owner[e] = seat
        state.pieces[seat][0] += 1
        state.road_lengths[seat] = self.road_length(state, seat)
        return self._award_road(state)

    def _put_settlement(self, state, seat: int, v: int) -> list:
        state.vertex_owner[v] = seat
        state.vertex_level[v] = 1
        state.pieces[seat][1] += 1
        if state.layout.vertex_harbour[v] is not None:
            state.rates[seat] = self.bank_rates(state, seat)
        return self._cut_roads(state, seat, v)

    def _cut_roads(self, state, seat: int, v: int) -> list:
        """A piece of ``seat`` now stands on ``v``: other colours' roads through it are cut."""
        cut = set()
        for e in VERTEX_EDGES[v]:
            owner = state.edge_owner[e]
            if owner >= 0 and owner != seat:
                if owner in cut:
                    state.road_lengths[owner] = self.road_length(state, owner)
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
        state.offers_made = 0
        state.phase = "pre_roll" if self._has_pre_roll(state, seat) else "roll"
        return [Event("turn", {"seat": seat, "turn": state.turn})]

    # reading actions
    def _kind(self, name) -> int:
        r = self.kind_index.get(name, -1) if isinstance(name, str) else -1
        if r < 0:
            raise IllegalAction(f"unknown resource {name!r}")
        return r

    @staticmethod
    def _vertex(v) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < NUM_VERTICES:
            raise IllegalAction("that is not a corner of the island")
        return v

    @staticmethod
    def _edge(e) -> int:
        if not isinstance(e, int) or isinstance(e, bool) or not 0 <= e < NUM_EDGES:
            raise IllegalAction("that is not a path of the island")
        return e

    # -- information ------------------------------------------------------------------------------
    def observe(self, state, seat):
        seen = state.copy()
        if seat is None:
            return seen
        for p in range(state.players):
            if p != seat and seen.hands[p] is not None and not self._hand_shown(state, seat, p):
                seen.hidden_cards[p] = sum(seen.hands[p])
                seen.hands[p] = None
        if seen.known is not None:
            seen.known = self.known_cards(state).seen_by(seat)
        self._hide(seen, seat)
        return seen

    def _hand_shown(self, state, seat: int, other: int) -> bool:
        """Whether ``seat`` sees ``other``'s hand now (a card that lets one look at it)."""
        return False

    def known_cards(self, state) -> KnownCards | None:
        """What each seat has counted of the others' cards (see ``known_cards``); None in a sampled position."""
        if state.known is None:
            return None
        return counted(state.known, [cards_of(state, p) for p in range(state.players)], self.costs, self.kind_index)

    def _hide(self, seen, seat: int) -> None:
        """Mask a game's own secrets in ``seen`` (a copy) for ``seat``."""

    def determinize(self, observation, seat, rng):
        full = observation.copy()
        hidden = [p for p in range(full.players) if full.hands[p] is None]
        if hidden:
            kinds = range(self.kind_count)
            pool = [self.bank_start[r] - full.bank[r] - sum(h[r] for h in full.hands if h is not None) for r in kinds]
            known = {} if full.trade is None else full.trade.known_minimums()
            hands = {}
            counted = self.known_cards(full)
            for p in hidden:
                hand = list(known.get(p, (0,) * self.kind_count))
                if counted is not None:
                    hand = [max(a, b) for a, b in zip(hand, counted.held(seat, p), strict=True)]
                for r in kinds:
                    pool[r] -= hand[r]
                hands[p] = hand
            cards = [r for r in kinds for _ in range(pool[r])]
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
        self._fill_hidden(full, seat, rng)
        full.known = observation.known  # what the seat counted stays what it counted (the notation carries it)
        return full

    def _fill_hidden(self, full, seat: int, rng) -> None:
        """Deal a game's own hidden things in ``full`` consistently with what ``seat`` knows."""

    # -- the end ------------------------------------------------------------------------------------
    def result(self, state):
        if state.phase != "over":
            return None
        scores = tuple(self.total_points(state, p) for p in range(state.players))
        keys = [(1 if p == state.winner else 0, scores[p]) for p in range(state.players)]
        return Result(scores, ranks_from_keys(keys), self._result_details(state))

    def _result_details(self, state) -> dict:
        if state.winner < 0:
            return {"winner": None, "reason": "blocked", "end_key": "catan.end.blocked",
                    "tie_break": "none: nobody reached the target; players rank by points, equal points share"}
        return {
            "winner": state.winner,
            "reason": "victory_points",
            "tie_break": "none: the player who reached the target on their turn wins; others rank by points",
        }

    def scores(self, state):
        return [self.public_points(state, p) for p in range(state.players)]

    def progress(self, state):
        if state.phase in self.opening_phases:
            return ("catan.progress.setup", {})
        if state.phase == "over":
            if state.winner < 0:
                return ("catan.progress.blocked", {})
            return ("catan.progress.over", {"seat": state.winner + 1})
        return ("catan.progress.turn", {"round": (state.turn - 1) // state.players + 1, "seat": state.current + 1})

    # -- notation ---------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        kinds = self.kinds
        trade = None
        if state.trade is not None:
            t = state.trade
            trade = {
                "composer": t.composer, "give": counts_json(t.give, kinds), "want": counts_json(t.want, kinds),
                "offer": None if t.offer is None else sides_json(t.offer, kinds),
                "answers": [a if a is None or isinstance(a, str) else sides_json(a, kinds) for a in t.answers],
                "to": None if t.to < 0 else t.to,
            }
        n = state.players
        return {
            "format": self.format_id,
            "players": n,
            "options": dict(state.options),
            "layout": None if state.layout is None else state.layout.to_json(),
            "draft": None if state.draft is None else {k: list(v) for k, v in state.draft.items()},
            "robber": None if state.robber is None else state.robber,
            "buildings": [[v, state.vertex_owner[v], "city" if state.vertex_level[v] == 2 else "settlement"]
                          for v in range(NUM_VERTICES) if state.vertex_owner[v] >= 0],
            "roads": [[e, state.edge_owner[e]] for e in range(NUM_EDGES) if state.edge_owner[e] >= 0],
            "hands": [None if h is None else full_counts_json(h, kinds) for h in state.hands],
            "hand_counts": [cards_of(state, p) for p in range(n)],
            "bank": full_counts_json(state.bank, kinds),
            "longest_road": None if state.longest_road < 0 else state.longest_road,
            "phase": state.phase,
            "current": state.current,
            "first": None if state.first < 0 else state.first,
            "turn": state.turn,
            "setup_index": state.setup_index,
            "setup_vertex": None if state.setup_vertex < 0 else state.setup_vertex,
            "dice": None if state.dice is None else list(state.dice),
            "rolled": state.rolled,
            "discard": list(state.discard),
            "victim": None if state.victim < 0 else state.victim,
            "free_roads": state.free_roads,
            "free_placed": state.free_placed,
            "offers_made": state.offers_made,
            "trade": trade,
            "winner": None if state.winner < 0 else state.winner,
            "counted": None if state.known is None else self.known_cards(state).to_json(),
        }

    def from_json(self, data):
        return read_position(self._read_position, data, self.title)

    def _read_options(self, data) -> dict:
        options = dict(self.default_options)
        given = data.get("options", {})
        if not isinstance(given, dict) or any(k not in self.default_options for k in given):
            raise ValueError("unknown option in the position")
        options.update(given)
        whole(options["victory_points"], "victory_points", 3, 30)
        if options["layout"] not in ("random", "beginner") or options["numbers"] not in ("spiral", "random"):
            raise ValueError("unknown layout or numbers option")
        return options

    def _read_position(self, data):
        if not isinstance(data, dict) or data.get("format") != self.format_id:
            raise ValueError(f"not a {self.title} position (format {self.format_id})")
        n = data["players"]
        if n not in self.player_counts:
            raise ValueError(f"a {self.title} position has {' or '.join(map(str, self.player_counts))} players")
        s = self.state_class()
        s.players = n
        s.options = self._read_options(data)
        phase = data["phase"]
        if phase not in self.phases:
            raise ValueError(f"unknown phase {phase!r}")
        s.phase = phase
        s.layout = None if data["layout"] is None else Layout.from_json(data["layout"])
        s.draft = None
        if s.layout is None:
            draft = data.get("draft")
            if phase != "layout" or not isinstance(draft, dict):
                raise ValueError("a position past the layout draw needs its layout")
            s.draft = {key: list(draft[key]) for key in ("terrain", "harbors", "numbers")}
            if len(s.draft["terrain"]) != NUM_HEXES or len(s.draft["harbors"]) != len(board.HARBOUR_SLOTS) \
                    or len(s.draft["numbers"]) != NUM_HEXES:
                raise ValueError("the layout draft has the wrong size")
        elif phase == "layout":
            raise ValueError("the layout is already drawn")
        s.robber = None if s.layout is None else whole(data["robber"], "robber", 0, NUM_HEXES - 1)
        self._read_board(s, data)
        hands = data["hands"]
        counts = data["hand_counts"]
        if len(hands) != n or len(counts) != n:
            raise ValueError("hands and hand_counts have one entry per seat")
        kinds = self.kinds
        s.hands = [None if h is None else read_counts(h, kinds, "a hand") for h in hands]
        s.hidden_cards = [whole(c, "a hand count", 0, sum(self.bank_start)) if s.hands[p] is None else 0
                          for p, c in enumerate(counts)]
        s.bank = read_counts(data["bank"], kinds, "the bank")
        if all(h is not None for h in s.hands):
            for r in range(self.kind_count):
                if s.bank[r] + sum(h[r] for h in s.hands) != self.bank_start[r]:
                    raise ValueError(f"there must be {self.bank_start[r]} {kinds[r]} cards in all")
        colours = n + self.neutral_colours
        s.longest_road = read_seat(data["longest_road"], colours, "longest_road")
        s.current = whole(data["current"], "current", 0, n - 1)
        s.first = read_seat(data["first"], n, "first")
        s.turn = whole(data["turn"], "turn", 0, 10 ** 6)
        s.setup_index = whole(data["setup_index"], "setup_index", 0, 2 * n)
        setup_vertex = whole(data["setup_vertex"], "setup_vertex", 0, NUM_VERTICES - 1, optional=True)
        s.setup_vertex = -1 if setup_vertex is None else setup_vertex
        dice = data["dice"]
        if dice is not None and (len(dice) != 2 or any(not isinstance(d, int) or not 1 <= d <= 6 for d in dice)):
            raise ValueError("dice are two numbers from 1 to 6")
        s.dice = None if dice is None else (dice[0], dice[1])
        s.rolled = bool(data["rolled"])
        s.discard = [whole(d, "discard", 0, 50) for d in data["discard"]]
        if len(s.discard) != n:
            raise ValueError("discard has one entry per seat")
        s.victim = read_seat(data["victim"], n, "victim")
        s.free_roads = whole(data["free_roads"], "free_roads", 0, 2)
        s.free_placed = whole(data["free_placed"], "free_placed", 0, 2)
        s.offers_made = whole(data["offers_made"], "offers_made", 0, self.max_offers)
        s.winner = read_seat(data["winner"], n, "winner")
        s.trade = None if data["trade"] is None else self._read_trade(data["trade"], n)
        self._read_extra(s, data)
        s.known = self._read_count(s, data.get("counted"))
        self._check_phase(s)
        s.road_lengths = [self.road_length(s, p) for p in range(colours)]
        s.rates = [self.no_rates if s.layout is None else self.bank_rates(s, p) for p in range(colours)]
        if award_longest_road(s.road_lengths, s.longest_road) != s.longest_road:
            raise ValueError("the Longest Road holder does not match the roads")
        return s

    def _read_count(self, s, counted) -> KnownCards | None:
        """The seats' count of each other's cards as written (what an observation's AI counted), else
        nothing known yet."""
        if not self.counts_cards:
            return None
        if counted is None:
            return KnownCards.unknown([cards_of(s, p) for p in range(s.players)], self.kind_count, s.turn)
        return KnownCards.from_json(counted, s.players, self.kind_count)

    def _read_board(self, s, data) -> None:
        """Buildings and roads, with the distance rule and the piece limits."""
        n = s.players + self.neutral_colours
        s.vertex_owner = [-1] * NUM_VERTICES
        s.vertex_level = [0] * NUM_VERTICES
        s.edge_owner = [-1] * NUM_EDGES
        s.pieces = [[0, 0, 0] for _ in range(n)]
        for item in data["buildings"]:
            v, seat, kind = item
            whole(v, "a building's corner", 0, NUM_VERTICES - 1)
            whole(seat, "a building's seat", 0, n - 1)
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
            whole(e, "a road's path", 0, NUM_EDGES - 1)
            whole(seat, "a road's seat", 0, n - 1)
            if s.edge_owner[e] >= 0:
                raise ValueError(f"two roads on path {e}")
            s.edge_owner[e] = seat
            s.pieces[seat][0] += 1
        for seat in range(n):
            for i, name in enumerate(("road", "settlement", "city")):
                if s.pieces[seat][i] > PIECE_LIMITS[name]:
                    raise ValueError(f"seat {seat} has more than {PIECE_LIMITS[name]} {name} pieces")

    def _read_trade(self, t, n: int) -> Trade:
        kinds = self.kinds
        trade = Trade(whole(t["composer"], "trade composer", 0, n - 1), n, self.kind_count)
        trade.give = read_counts(t["give"], kinds, "trade give")
        trade.want = read_counts(t["want"], kinds, "trade want")
        if t["offer"] is not None:
            trade.offer = (tuple(read_counts(t["offer"]["give"], kinds, "offer")),
                           tuple(read_counts(t["offer"]["want"], kinds, "offer")))
        trade.to = read_seat(t.get("to"), n, "trade to")
        answers = t["answers"]
        if len(answers) != n:
            raise ValueError("trade answers have one entry per seat")
        for p, a in enumerate(answers):
            if a is None or a in ("accept", "decline"):
                trade.answers[p] = a
            else:
                trade.answers[p] = (tuple(read_counts(a["give"], kinds, "counter")),
                                    tuple(read_counts(a["want"], kinds, "counter")))
        return trade

    def _read_extra(self, s, data) -> None:
        """Read a game's own fields of the notation into ``s``."""

    def _check_phase(self, s) -> None:
        """Refuse fields that contradict the phase."""
        phase = s.phase
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
        if phase == "over" and s.winner < 0 and not self.blocked(s):
            raise ValueError("a finished game has a winner, unless nobody can gain a point any more")
        if phase not in ("layout", "first_player") and s.first < 0:
            raise ValueError("the starting player is missing")
