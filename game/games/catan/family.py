"""The engine every Catan game shares: the island drawn by chance, the set-up, the dice, production,
the 7 and the robber, building, the bank and domestic trade, Longest Road, the win on your own turn,
hidden hands and the core of the position notation.

``CatanFamily`` is a Ruleset that a game completes by subclassing (see the package docstring for
the extension points); ``FamilyState`` (in ``family_state``, with the shared action tables) is the
position it works on, which a game extends with its own slots. Nothing here knows development cards
(base Catan) or knights (Cities & Knights).

``CatanFamily`` is put together from parts, each a mixin in its own module: ``opening`` (the layout
draw, the first player, the set-up), ``dice`` (the roll, production, the 7 and the robber),
``construction`` (building and the turn's actions), ``negotiation`` (the bank and domestic trade) and
``family_notation``. This module ties them together: dispatch, the win, hidden information, the end.
"""

from __future__ import annotations

from game.core.rules import CHANCE, Event, GameConfig, IllegalAction, Result, Ruleset, methods_by_key, ranks_from_keys
from game.games.catan import board
from game.games.catan.board import COSTS, NUM_EDGES, NUM_HEXES, NUM_VERTICES, PER_RESOURCE, RESOURCES
from game.games.catan.construction import Construction
from game.games.catan.dice import DiceAndRobber
from game.games.catan.family_notation import FamilyNotation
from game.games.catan.family_state import MAX_OFFERS, ROLL_NOW, SUM_OUTCOMES, FamilyState, cards_of
from game.games.catan.known_cards import QUIET_EVENTS, KnownCards, counted
from game.games.catan.negotiation import Negotiation
from game.games.catan.opening import Opening
from game.games.catan.production import credit_parts


class CatanFamily(Opening, DiceAndRobber, Construction, Negotiation, FamilyNotation, Ruleset):
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
    keeps_points = frozenset()
    """The (phase, action type) pairs after which nobody's points have changed and the same player is on
    turn, so nobody can have reached the target: the win is not looked for. Read from each class's own
    body, never inherited: a subclass that changes what an action does says again which keep the points."""

    handlers = {("main", "end_turn"): "_do_end_turn"}
    actions_by_phase = {"pre_roll": "_pre_roll_actions"}
    actors_by_phase = {"over": "_nobody"}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._phase_actions = methods_by_key(cls, "actions_by_phase")
        cls._phase_actors = methods_by_key(cls, "actors_by_phase")
        cls._phase_actors.update(dict.fromkeys(cls.chance_phases, CHANCE))
        cls._phase_samplers = methods_by_key(cls, "samplers_by_phase")
        cls.phases = frozenset(cls._phase_actions) | frozenset(cls._phase_actors) | cls.chance_phases
        for phase in cls.phases:  # every phase listed, looked up without a call
            cls._phase_actors.setdefault(phase, None)  # the current player acts
            cls._phase_actions.setdefault(phase, None)  # nobody chooses: no actions
        cls._no_win_check = cls.opening_phases | {"over"}
        keeps_points = cls.__dict__.get("keeps_points", frozenset())
        cls._phase_handlers = {}
        """Per phase, per action type: (the handler, whether the action may bring the win)."""
        for (phase, kind), handler in cls._handler_functions.items():
            cls._phase_handlers.setdefault(phase, {})[kind] = (handler, (phase, kind) not in keeps_points)

    def __init__(self):
        for table in ("_phase_actors", "_phase_actions", "_phase_samplers", "_phase_handlers", "_no_win_check"):
            setattr(self, table, getattr(self, table))  # read per action: found faster on the instance itself
        kinds = self.kinds
        count = len(kinds)
        self.kind_count = count
        self.kind_index = {name: i for i, name in enumerate(kinds)}
        padding = (0,) * (count - len(RESOURCES))
        self.costs = {name: cost + padding for name, cost in COSTS.items()}
        self.credit_parts = credit_parts(max(self.player_counts), kinds)
        self.no_rates = (4,) * count
        self.card_total = sum(self.bank_start)
        """Cards of the game: each in the bank or in a hand."""
        self.give_actions = tuple({"type": "trade_give", "resource": name} for name in kinds)
        self.want_actions = tuple({"type": "trade_want", "resource": name} for name in kinds)
        self.steal_actions = tuple({"type": "steal", "resource": name} for name in kinds)
        others = [tuple(t for t in range(count) if t != g) for g in range(count)]
        self.bank_actions = tuple((tuple({"type": "bank_trade", "give": kinds[g], "get": kinds[t]} for t in others[g]),
                                   others[g]) for g in range(count))
        """Per kind given: the trades for every other kind, and those kinds."""

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
        s.spots = None
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

    def _pre_roll_actions(self, state) -> list:
        """What the player on turn may do before rolling (the roll itself first)."""
        return [ROLL_NOW]

    def _has_pre_roll(self, state, seat: int) -> bool:
        """Whether a turn opens by asking the player (they may do something before rolling)."""
        return False

    def to_act(self, state):
        try:
            find = self._phase_actors[state.phase]
        except KeyError:
            return state.current
        if find is None:
            return state.current
        return CHANCE if find is CHANCE else find(self, state)

    def _nobody(self, state):
        return None

    def legal_actions(self, state):
        try:
            find = self._phase_actions[state.phase]
        except KeyError:
            return []
        return [] if find is None else find(self, state)

    def sample_chance(self, state, rng):
        try:
            find = self._phase_samplers[state.phase]
        except KeyError:
            raise IllegalAction("no random step is pending") from None
        return find(self, state, rng)

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

    def apply(self, state, action):
        try:
            handler, may_win = self._phase_handlers[state.phase][action["type"]]
        except (TypeError, KeyError):
            raise self._refusal(state, action) from None
        if state.hands[0] is None or state.hands[1] is None:
            raise IllegalAction("a position with hidden cards cannot be played on")
        events = handler(self, state, action)
        if events and state.known is not None:
            opening = events[0].kind
            if opening not in QUIET_EVENTS and opening != "rolled":  # a journal entry (see known_cards.counted);
                state.known = [state.known, None, *events]  # a roll's production links its own (``_produce``)
        if may_win and state.phase not in self._no_win_check:
            seat = state.current
            if self.total_points(state, seat) >= state.options["victory_points"]:
                state.winner = seat
                state.phase = "over"
                state.trade = None
                events.append(Event("game_over", {"winner": seat, "points": [self.total_points(state, p)
                                                                             for p in range(state.players)]},
                                    reveals=True))  # the points count every hidden victory point card
        return events

    @staticmethod
    def _refusal(state, action) -> IllegalAction:
        """Why ``action`` has no handler now: it is not a mapping with a type, the game is over, or the
        phase has no such action."""
        try:
            hash(action["type"])
        except (TypeError, KeyError):
            return IllegalAction("an action is a mapping with a type")
        if state.phase == "over":
            return IllegalAction("the game is over")
        return IllegalAction(f"{action['type']!r} is not possible now (phase {state.phase})")

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

    def _start_turn(self, state, seat: int) -> list:
        state.current = seat
        state.turn += 1
        state.dice = None
        state.rolled = False
        state.offers_made = 0
        state.phase = "pre_roll" if self._has_pre_roll(state, seat) else "roll"
        return [Event("turn", {"seat": seat, "turn": state.turn})]

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
