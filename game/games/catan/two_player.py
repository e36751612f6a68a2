"""Catan for two: the two-player layer over a game of the Catan family (no pygame).

``TwoPlayerLayer`` is a mixin placed first in the bases of a combination, ``class X(TwoPlayerLayer,
CatanRules)``; the game's state class adds ``TWO_PLAYER_SLOTS`` to its own ``__slots__`` (``class
S(CatanState): __slots__ = TWO_PLAYER_SLOTS``). Everything else comes from
the game below through the family's hooks, so the same layer serves base Catan and Cities & Knights.

The rules it adds (reference: the Catan for Two rules, with the decided questions cited by A-number)
-------------------------------------------------------------------------------------------------
- Two neutral colours, numbered 2 and 3 after the seats, each starting with one settlement and no
  road on a fixed corner (``NEUTRAL_STARTS``, kept as data: A01). They hold no cards, never take a
  turn, never produce and are never robbed; their pieces block roads, settlements and Longest Road,
  and a neutral colour can hold Longest Road (A20: the usual tie rules).
- Every real road is followed by one neutral road and every real settlement by one neutral
  settlement, or a neutral road when neither neutral colour can take a settlement (A18); a Road
  Building card brings 2 neutral roads once its free roads are placed, split as the player likes,
  as many as fit (A19).
  The player on turn chooses the colour and the spot among the legal ones: a neutral piece follows
  the rules for its own colour (joined to its own road or settlement, past no other colour's piece,
  the distance rule, 15 roads and 5 settlements). When nothing fits, nothing is built.
- Two full rolls a turn, each producing (or resolving a 7) at once; when the second total equals the
  first, the dice are thrown again until it differs (A09: totals, not faces), every throw a recorded
  chance step. Between the rolls only the decisions the first roll forces (discards, the robber).
- Trade tokens: 20 in all, 5 to each player, the rest in the supply (public). A settlement earns 2
  next to the desert, 1 on the coast (fewer than 3 land hexes), 3 for both, set-up settlements
  included (A02, A03); a played knight card may be turned in once a turn for 2 while the supply holds
  a token (it stops counting toward Largest Army). A supply that runs short pays what is left (A28).
- One token action a turn, before the first roll or after both (A04), costing 1 token while your
  visible points are not above your opponent's, else 2 (hidden victory point cards do not count, so
  the price tells nothing): a forced trade (draw 2 cards at random from your opponent's hand, or 1 if
  they hold 1, then give back 2 of your choice, possibly the ones just drawn; only when they hold a
  card and you will have 2 to give back: A06, A32), or moving the robber to the desert (not when it
  stands there: A08). The cards drawn and given back are seen by the two traders only.

Hooks that Cities & Knights changes (each has the base game's behaviour here)
-----------------------------------------------------------------------------
``game.games.catan_ck_2p`` uses them all.
- ``forced_trade_modes``: add "whole_hand" (every card kind, at double price); and
  ``_forced_trade_problem``: on an observation only the size of a hidden hand is known, not whether
  it holds a resource.
- ``_earning_actions`` and the "turn_in_knight" handler: C&K removes one's own knight for 1-3 tokens
  instead of turning in a knight card (drop the handler with None); ``army_size``: knight cards
  turned in leave Largest Army, and ``_check_knights_returned`` refuses a notation that turns in more
  than were played.
- ``_repeated_total``: C&K resolves the event die of the second roll before its number dice are
  thrown again; ``_rethrown_roll``: then only the number dice count; ``_between_rolls``: call it
  where the game's own steps after a roll end (a roll is counted before it resolves, so those steps
  know which roll they follow).
- ``neutral_fallback``, ``neutral_pieces``, ``neutral_refusals`` and ``_neutral_placements``: a
  neutral knight, or a road when no knight fits; a neutral promotion with no fallback;
  ``_owe_neutral``: call it after a recruit or a promotion.

Actions (JSON dicts), beyond the game's own
-------------------------------------------
Chance (seat CHANCE):
  {"type": "roll", "dice": [d1, d2]}         in phase "rethrow": the dice of the second roll again
  {"type": "forced_draw", "resource": r}     a card drawn from the opponent's hand in a forced trade
Decisions of the player on turn:
  {"type": "road", "colour": c, "edge": e}   a neutral road (phase "neutral"), c = 2 or 3
  {"type": "settlement", "colour": c, "vertex": v}   a neutral settlement (phase "neutral")
  {"type": "forced_trade", "mode": "resources"}      token action (before the roll or after both)
  {"type": "robber_to_desert"}               token action
  {"type": "turn_in_knight"}                 a played knight card for 2 tokens, once a turn
  {"type": "give_back", "cards": {r: k, ...}}   exactly 2 cards to the opponent (phase "forced_give")

Position notation (added to the game's)
---------------------------------------
  "buildings" and "roads" name the neutral colours 2 and 3 like seats; "longest_road" may be 2 or 3,
  "tokens": per seat, "token_supply": int (the three add up to 20), "token_used": bool (this turn's
  token action is taken), "knight_turned_in": bool (this turn's), "knights_returned": per seat knight
  cards turned in (played ones that no longer count toward Largest Army),
  "rolls": rolls of this turn resolved (0, 1 or 2), "first_total": the first roll's total or null,
  "neutral_due": the neutral pieces still owed, in order ("road" | "settlement"), "neutral_return":
  the phase play returns to once they are built, or null,
  "forced": null or {"mode": m, "draws": cards still to draw, "return": the phase after the trade}.
Phases added: "neutral", "rethrow" (chance), "forced_draw" (chance), "forced_give".
"""

from __future__ import annotations

from functools import lru_cache

from game.core.notation import flag, whole
from game.core.rules import Event, IllegalAction
from game.core.state_copy import LIST, SHARED
from game.games.catan.board import HEX_ID, NUM_EDGES, NUM_VERTICES, RESOURCES, VERTEX_HEXES
from game.games.catan.family import CatanFamily
from game.games.catan.family_state import ALL_ROLLS, SUM_OUTCOMES, discard_choices
from game.games.catan.notation import counts_json, read_counts
from game.games.catan.roads import award_longest_road
from game.games.catan.robber import drawn_index
from game.games.catan.trade import can_afford
from game.resources import load_data

_DATA = load_data("catan_ck.json")
_TWO = _DATA["two_player"]
_TOKENS = _TWO["trade_tokens"]

NEUTRAL_COLOURS = (2, 3)
"""The neutral colours' numbers on the board, after the two seats."""
NEUTRAL_LIMITS = (_DATA["pieces"]["neutral"]["roads"], _DATA["pieces"]["neutral"]["settlements"])


def _corner_of(hexes) -> int:
    """The corner shared by exactly these three hexes (axial coordinates)."""
    ids = {HEX_ID[tuple(coord)] for coord in hexes}
    return next(v for v in range(NUM_VERTICES) if set(VERTEX_HEXES[v]) == ids)


NEUTRAL_STARTS = tuple(_corner_of(hexes) for hexes in _TWO["neutral_start_settlements"]
                       ["axial_pointy_top_rows_r_minus2_to_2"])
"""Each neutral colour's starting settlement (A01)."""
TOKEN_TOTAL = _TOKENS["total"]
TOKEN_START = _TOKENS["start_each"]
SETTLEMENT_TOKENS = {
    (True, False): ("desert", _TOKENS["earn"]["settlement_adjacent_desert"]),
    (False, True): ("coast", _TOKENS["earn"]["settlement_coastal"]),
    (True, True): ("desert_coast", _TOKENS["earn"]["settlement_desert_and_coastal"]),
}
"""(next to the desert, on the coast) -> the reason and the tokens a settlement there earns."""
KNIGHT_CARD_TOKENS = 2
"""Tokens for a played knight card turned in (the base game's way of earning besides settlements)."""
COST_LEVEL = _TOKENS["action_cost"]["if_own_vp_le_opponent_vp"]
COST_AHEAD = _TOKENS["action_cost"]["if_own_vp_gt_opponent_vp"]
FORCED_PRICE = {"resources": 1, "whole_hand": _TOKENS["action_cost"]["forced_trade_with_commodities_multiplier"]}
"""A forced trade's price as a multiple of the token cost, per declared mode."""
ROAD_BUILDING_NEUTRALS = ("road", "road")
"""What a Road Building card owes the neutral colours, split between them as the player likes."""
FORCED_DRAWS = 2
FORCED_GIVES = 2
LARGEST_ARMY_MINIMUM = 3

TWO_PLAYER_SLOTS = {
    "tokens": LIST, "token_supply": SHARED, "token_used": SHARED, "knight_turned_in": SHARED,
    "knights_returned": LIST, "rolls": SHARED, "first_total": SHARED, "neutral_due": LIST, "neutral_return": SHARED,
    "forced": SHARED,
}
"""The layer's fields of a position and how a copy gets each, declared by the game's state class."""

NEUTRAL_ROADS = {c: tuple({"type": "road", "colour": c, "edge": e} for e in range(NUM_EDGES)) for c in NEUTRAL_COLOURS}
NEUTRAL_SETTLEMENTS = {c: tuple({"type": "settlement", "colour": c, "vertex": v} for v in range(NUM_VERTICES))
                       for c in NEUTRAL_COLOURS}
FORCED_TRADES = {mode: {"type": "forced_trade", "mode": mode} for mode in FORCED_PRICE}
ROBBER_TO_DESERT = {"type": "robber_to_desert"}
TURN_IN_KNIGHT = {"type": "turn_in_knight"}


@lru_cache(maxsize=4096)
def give_back_choices(hand: tuple, names: tuple) -> tuple:
    """Every way to give back exactly 2 cards from ``hand`` (as give_back actions)."""
    return tuple({"type": "give_back", "cards": choice["cards"]}
                 for choice in discard_choices(hand, FORCED_GIVES, names))


def opponent(seat: int) -> int:
    return 1 - seat


class TwoPlayerLayer(CatanFamily):
    """The rules for two players with neutral colours, a double roll and trade tokens (see the module
    docstring); placed first in a combination's bases, it wraps the game's hooks through ``super()``."""

    player_counts = (2,)
    neutral_colours = len(NEUTRAL_COLOURS)
    layer_chance_phases = frozenset(("rethrow", "forced_draw"))
    forced_trade_modes = ("resources",)
    neutral_fallback = {"settlement": "road"}
    """What a neutral build becomes when neither neutral colour can take the piece due (A18)."""
    counts_cards = False
    """A forced trade swaps cards without changing a hand's size, which the card count does not read."""
    neutral_pieces = ("road", "settlement")
    """What a real build may owe the neutral colours."""
    neutral_refusals = {
        "road": "a neutral road goes on an empty path joined to that colour's road or settlement",
        "settlement": "a neutral settlement goes on that colour's road, with no building on or next to the corner",
    }
    """Why a neutral placement offered by no legal action is refused, per piece."""

    handlers = {
        ("rethrow", "roll"): "_do_rethrow",
        ("neutral", "road"): "_do_neutral_road",
        ("neutral", "settlement"): "_do_neutral_settlement",
        ("pre_roll", "forced_trade"): "_do_forced_trade",
        ("main", "forced_trade"): "_do_forced_trade",
        ("pre_roll", "robber_to_desert"): "_do_robber_to_desert",
        ("main", "robber_to_desert"): "_do_robber_to_desert",
        ("pre_roll", "turn_in_knight"): "_do_turn_in_knight",
        ("main", "turn_in_knight"): "_do_turn_in_knight",
        ("forced_draw", "forced_draw"): "_do_forced_draw",
        ("forced_give", "give_back"): "_do_give_back",
    }
    actions_by_phase = {
        "rethrow": "_rethrow_outcomes",
        "neutral": "_neutral_actions",
        "forced_draw": "_forced_draw_outcomes",
        "forced_give": "_give_back_actions",
    }

    def __init_subclass__(cls, **kwargs):
        cls.chance_phases = cls.chance_phases | TwoPlayerLayer.layer_chance_phases
        super().__init_subclass__(**kwargs)

    def __init__(self):
        super().__init__()
        self.draw_actions = tuple({"type": "forced_draw", "resource": name} for name in self.kinds)

    def _init_state(self, s) -> None:
        super()._init_state(s)
        s.tokens = [TOKEN_START] * s.players
        s.token_supply = TOKEN_TOTAL - TOKEN_START * s.players
        s.token_used = False
        s.knight_turned_in = False
        s.knights_returned = [0] * s.players
        s.rolls = 0
        s.first_total = 0
        s.neutral_due = []
        s.neutral_return = None
        s.forced = None

    # -- set-up -------------------------------------------------------------------------------------
    def _begin_setup(self, state, first: int) -> list:
        """The neutral colours' starting settlements, then the game's set-up."""
        events = []
        for colour, v in zip(NEUTRAL_COLOURS, NEUTRAL_STARTS, strict=True):
            events.append(Event("built", {"seat": colour, "piece": "settlement", "vertex": v, "neutral": True}))
            events += self._put_settlement(state, colour, v)
        return events + super()._begin_setup(state, first)

    def _do_setup_settlement(self, state, action):
        events = super()._do_setup_settlement(state, action)
        v = state.setup_vertex
        return events + self._settlement_tokens(state, state.vertex_owner[v], v)

    def _start_turn(self, state, seat: int) -> list:
        state.rolls = 0
        state.first_total = 0
        state.token_used = False
        state.knight_turned_in = False
        return super()._start_turn(state, seat)

    # -- the double roll ----------------------------------------------------------------------------
    def _do_roll(self, state, action):
        a, b = self._dice(action)
        if state.rolls == 1 and a + b == state.first_total:
            return self._repeated_total(state, action)
        return self._counted_roll(state, action)

    def _repeated_total(self, state, action) -> list:
        """The second roll came up with the first roll's total: its dice are thrown again."""
        return self._thrown_again(state, *self._dice(action))

    def _thrown_again(self, state, a: int, b: int) -> list:
        state.dice = (a, b)
        state.phase = "rethrow"
        return [Event("rethrow", {"seat": state.current, "dice": [a, b], "total": a + b})]

    def _do_rethrow(self, state, action):
        a, b = self._dice(action)
        if a + b == state.first_total:
            return self._thrown_again(state, a, b)
        return self._rethrown_roll(state, action)

    def _rethrown_roll(self, state, action) -> list:
        """The second roll's dice thrown again to a new total: the roll resolves as any other."""
        return self._counted_roll(state, action)

    def _counted_roll(self, state, action) -> list:
        """A roll that stands: counted first, so the steps it sets off know which roll they follow."""
        a, b = self._dice(action)
        state.rolls += 1
        if state.rolls == 1:
            state.first_total = a + b
        events = super()._do_roll(state, action)
        self._between_rolls(state)
        return events

    def _between_rolls(self, state) -> None:
        """Once everything the first roll set off is resolved, the second roll follows at once."""
        if state.rolls == 1 and state.phase == "main":
            state.phase = "roll"

    def _after_robber(self, state):
        done = super()._after_robber(state)
        self._between_rolls(state)
        return done

    def _rethrow_outcomes(self, state) -> list:
        return list(ALL_ROLLS)

    def sample_chance(self, state, rng):
        phase = state.phase
        if phase == "rethrow":
            return ALL_ROLLS[rng.randrange(len(ALL_ROLLS))]
        if phase == "forced_draw":
            return self.draw_actions[drawn_index(self._drawable(state), rng)]
        return super().sample_chance(state, rng)

    def chance_outcomes(self, state):
        phase = state.phase
        if phase == "rethrow":
            return list(SUM_OUTCOMES)
        if phase == "forced_draw":
            pool = self._drawable(state)
            total = sum(pool)
            return [(self.draw_actions[r], pool[r] / total) for r in range(self.kind_count) if pool[r]]
        return super().chance_outcomes(state)

    # -- neutral builds -----------------------------------------------------------------------------
    def _do_build_road(self, state, action):
        free = state.phase == "road_building"
        events = super()._do_build_road(state, action)
        if not free:
            return events + self._owe_neutral(state, "road")
        if state.phase != "road_building":  # the card's last free road
            return events + self._owe_neutral(state, *ROAD_BUILDING_NEUTRALS)
        return events

    def _do_end_road_building(self, state, action):
        events = super()._do_end_road_building(state, action)
        return events + self._owe_neutral(state, *ROAD_BUILDING_NEUTRALS)

    def _do_build_settlement(self, state, action):
        events = super()._do_build_settlement(state, action)
        v = action["vertex"]
        events += self._settlement_tokens(state, state.current, v)
        return events + self._owe_neutral(state, "settlement")

    def _owe_neutral(self, state, *pieces: str) -> list:
        """A real build owes neutral ``pieces``: the player on turn places them before going on."""
        if not state.neutral_due:
            state.neutral_return = state.phase
        state.neutral_due += pieces
        return self._next_neutral(state)

    def _next_neutral(self, state) -> list:
        """Ask for the next neutral piece owed that fits somewhere; the others are not built."""
        events = []
        while state.neutral_due:
            if self._neutral_actions(state):
                state.phase = "neutral"
                return events
            events.append(Event("neutral_skipped", {"seat": state.current, "piece": state.neutral_due.pop(0)}))
        state.phase = state.neutral_return
        state.neutral_return = None
        return events

    def _neutral_actions(self, state) -> list:
        piece = state.neutral_due[0]
        return self._neutral_placements(state, piece) or self._neutral_placements(
            state, self.neutral_fallback.get(piece))

    def _neutral_placements(self, state, piece) -> list:
        """Every placement of a neutral ``piece`` for either neutral colour."""
        actions = []
        for colour in NEUTRAL_COLOURS:
            pieces = state.pieces[colour]
            if piece == "road" and pieces[0] < NEUTRAL_LIMITS[0]:
                row = NEUTRAL_ROADS[colour]
                actions += [row[e] for e in self.road_spots(state, colour)]
            elif piece == "settlement" and pieces[1] < NEUTRAL_LIMITS[1]:
                row = NEUTRAL_SETTLEMENTS[colour]
                actions += [row[v] for v in self.settlement_spots(state, colour)]
        return actions

    def _check_neutral(self, state, action, piece: str) -> int:
        colour = action.get("colour")
        if colour not in NEUTRAL_COLOURS or isinstance(colour, bool):
            raise IllegalAction("choose one of the two neutral colours")
        if action not in self._neutral_actions(state):
            due = state.neutral_due[0]
            if piece != due and self._neutral_placements(state, due):
                raise IllegalAction(f"a neutral {due} is due now")
            raise IllegalAction(self.neutral_refusals[piece])
        return colour

    def _do_neutral_road(self, state, action):
        e = self._edge(action.get("edge"))
        colour = self._check_neutral(state, action, "road")
        data = {"seat": colour, "piece": "road", "edge": e, "neutral": True, "by": state.current}
        if state.neutral_due[0] != "road":
            data["instead"] = state.neutral_due[0]  # the piece owed had no room: the log says so
        events = [Event("built", data)]
        events += self._put_road(state, colour, e)
        state.neutral_due.pop(0)
        return events + self._next_neutral(state)

    def _do_neutral_settlement(self, state, action):
        v = self._vertex(action.get("vertex"))
        colour = self._check_neutral(state, action, "settlement")
        events = [Event("built", {"seat": colour, "piece": "settlement", "vertex": v, "neutral": True,
                                  "by": state.current})]
        events += self._put_settlement(state, colour, v)
        state.neutral_due.pop(0)
        return events + self._next_neutral(state)

    # -- trade tokens: earning ----------------------------------------------------------------------
    def _earn(self, state, seat: int, due: int) -> int:
        """Pay ``due`` tokens from the supply, or what is left of it (A28)."""
        gained = min(due, state.token_supply)
        state.token_supply -= gained
        state.tokens[seat] += gained
        return gained

    def _settlement_tokens(self, state, seat: int, v: int) -> list:
        hexes = VERTEX_HEXES[v]
        earned = SETTLEMENT_TOKENS.get((state.layout.desert in hexes, len(hexes) < 3))
        if earned is None:
            return []
        reason, due = earned
        gained = self._earn(state, seat, due)
        return [Event("trade_tokens", {"seat": seat, "gained": gained, "due": due, "reason": reason})]

    def _earning_actions(self, state, seat: int) -> list:
        """Ways to earn tokens besides settlements, once a turn: base Catan turns in a played knight
        card (Cities & Knights removes one of your own knights instead)."""
        if state.knight_turned_in or not state.token_supply or self.army_size(state, seat) <= 0:
            return []
        return [TURN_IN_KNIGHT]

    def army_size(self, state, seat: int) -> int:
        """Played knight cards still counting toward Largest Army (those turned in do not)."""
        return super().army_size(state, seat) - state.knights_returned[seat]

    def _do_turn_in_knight(self, state, action):
        seat = state.current
        if state.knight_turned_in:
            raise IllegalAction("a knight card can be turned in once a turn")
        if self.army_size(state, seat) <= 0:
            raise IllegalAction("you have no played knight card to turn in")
        if not state.token_supply:
            raise IllegalAction("the token supply is empty")
        state.knight_turned_in = True
        state.knights_returned[seat] += 1
        gained = self._earn(state, seat, KNIGHT_CARD_TOKENS)
        events = [Event("knight_turned_in", {"seat": seat, "gained": gained})]
        previous = state.largest_army
        armies = [self.army_size(state, p) for p in range(state.players)]
        holder = award_longest_road(armies, previous, LARGEST_ARMY_MINIMUM)
        if holder != previous:
            state.largest_army = holder
            events.append(Event("largest_army", {"seat": None if holder < 0 else holder, "previous": previous}))
        return events

    def _check_knights_returned(self, s) -> None:
        """Refuse more knight cards turned in than played."""
        if any(self.army_size(s, p) < 0 for p in range(s.players)):
            raise ValueError("more knight cards turned in than played")

    # -- trade tokens: spending ---------------------------------------------------------------------
    def token_cost(self, state, seat: int) -> int:
        """The price of a token action: 1 while your visible points are not above your opponent's, else 2."""
        ahead = self.public_points(state, seat) > self.public_points(state, opponent(seat))
        return COST_AHEAD if ahead else COST_LEVEL

    def _token_actions(self, state, seat: int) -> list:
        """The turn's token action (if not taken yet) and the ways to earn tokens, for the player on turn."""
        actions = []
        if not state.token_used:
            cost = self.token_cost(state, seat)
            tokens = state.tokens[seat]
            for mode in self.forced_trade_modes:
                if tokens >= cost * FORCED_PRICE[mode] and self._forced_trade_problem(state, seat, mode) is None:
                    actions.append(FORCED_TRADES[mode])
            if tokens >= cost and state.robber != state.layout.desert:
                actions.append(ROBBER_TO_DESERT)
        return actions + self._earning_actions(state, seat)

    def _has_pre_roll(self, state, seat: int) -> bool:
        return super()._has_pre_roll(state, seat) or bool(self._token_actions(state, seat))

    def _pre_roll_actions(self, state) -> list:
        return super()._pre_roll_actions(state) + self._token_actions(state, state.current)

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        super()._add_turn_actions(state, seat, actions)
        actions += self._token_actions(state, seat)

    def _spend_tokens(self, state, seat: int, price: int) -> int:
        """Pay a token action's cost into the supply (checked first, so a refusal changes nothing)."""
        if state.token_used:
            raise IllegalAction("only one trade-token action a turn")
        cost = self.token_cost(state, seat) * price
        if state.tokens[seat] < cost:
            raise IllegalAction(f"this costs {cost} trade tokens")
        state.tokens[seat] -= cost
        state.token_supply += cost
        state.token_used = True
        return cost

    def _do_robber_to_desert(self, state, action):
        if state.robber == state.layout.desert:
            raise IllegalAction("the robber already stands in the desert")
        seat = state.current
        cost = self._spend_tokens(state, seat, 1)
        state.robber = state.layout.desert
        return [Event("token_action", {"seat": seat, "action": "robber_to_desert", "cost": cost}),
                Event("robber", {"seat": seat, "hex": state.robber, "victim": None})]

    # the forced trade
    def _eligible(self, hand, mode: str) -> list:
        """The part of ``hand`` a forced trade of ``mode`` draws from and gives back."""
        if mode == "resources":
            return list(hand[:len(RESOURCES)]) + [0] * (self.kind_count - len(RESOURCES))
        return list(hand)

    def _forced_trade_problem(self, state, seat: int, mode: str) -> str | None:
        """Why a forced trade of ``mode`` is not possible now (A06, A32), or None."""
        other = state.hands[opponent(seat)]
        # On an observation only the size of the opponent's hand is known.
        drawable = self.cards_of(state, opponent(seat)) if other is None else sum(
            self._eligible(other, mode))
        if not drawable:
            return "your opponent holds no card you could draw"
        if sum(self._eligible(state.hands[seat], mode)) + min(FORCED_DRAWS, drawable) < FORCED_GIVES:
            return "you would not have 2 cards to give back"
        return None

    def _do_forced_trade(self, state, action):
        mode = action.get("mode")
        if mode not in self.forced_trade_modes:
            raise IllegalAction(f"declare the forced trade as {' or '.join(self.forced_trade_modes)}")
        seat = state.current
        problem = self._forced_trade_problem(state, seat, mode)
        if problem:
            raise IllegalAction(problem)
        cost = self._spend_tokens(state, seat, FORCED_PRICE[mode])
        draws = min(FORCED_DRAWS, sum(self._eligible(state.hands[opponent(seat)], mode)))
        state.forced = (mode, draws, state.phase)
        state.phase = "forced_draw"
        return [Event("token_action", {"seat": seat, "action": "forced_trade", "mode": mode, "cost": cost})]

    def _drawable(self, state) -> list:
        return self._eligible(state.hands[opponent(state.current)], state.forced[0])

    def _forced_draw_outcomes(self, state) -> list:
        if state.hands[opponent(state.current)] is None:
            return []  # an observation of the drawer: the cards to draw from are not in view
        pool = self._drawable(state)
        return [self.draw_actions[r] for r in range(self.kind_count) if pool[r]]

    def _do_forced_draw(self, state, action):
        r = self._kind(action.get("resource"))
        if not self._drawable(state)[r]:
            raise IllegalAction("the opponent holds no such card to draw")
        seat = state.current
        victim = opponent(seat)
        state.hands[victim][r] -= 1
        state.hands[seat][r] += 1
        mode, draws, back = state.forced
        state.forced = (mode, draws - 1, back)
        if draws == 1:
            state.phase = "forced_give"
        data = {"seat": seat, "victim": victim, "resource": self.kinds[r]}
        return [Event("forced_draw", data, audience=seat, public={"seat": seat, "victim": victim}),
                Event("forced_drawn", data, audience=victim, public=None)]

    def _give_back_actions(self, state) -> list:
        pool = self._eligible(state.hands[state.current], state.forced[0])
        return list(give_back_choices(tuple(pool), self.kinds))

    def _do_give_back(self, state, action):
        cards = action.get("cards")
        counts = read_counts(cards, self.kinds, "the cards given back") if isinstance(cards, dict) else None
        if counts is None or sum(counts) != FORCED_GIVES:
            raise IllegalAction(f"give back exactly {FORCED_GIVES} cards")
        seat = state.current
        mode, _, back = state.forced
        if not can_afford(state.hands[seat], counts):
            raise IllegalAction("you do not hold those cards")
        if not can_afford(self._eligible(state.hands[seat], mode), counts):
            raise IllegalAction("a forced trade of resources gives back resources only")
        partner = opponent(seat)
        for r in range(self.kind_count):
            state.hands[seat][r] -= counts[r]
            state.hands[partner][r] += counts[r]
        state.forced = None
        state.phase = back
        data = {"seat": seat, "partner": partner, "cards": counts_json(counts, self.kinds)}
        return [Event("gave_back", data, audience=seat, public={"seat": seat, "partner": partner}),
                Event("given_back", data, audience=partner, public=None)]

    # -- notation -----------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        data = super().to_json(state)
        forced = state.forced
        data.update({
            "tokens": list(state.tokens),
            "token_supply": state.token_supply,
            "token_used": state.token_used,
            "knight_turned_in": state.knight_turned_in,
            "knights_returned": list(state.knights_returned),
            "rolls": state.rolls,
            "first_total": state.first_total or None,
            "neutral_due": list(state.neutral_due),
            "neutral_return": state.neutral_return,
            "forced": None if forced is None else {"mode": forced[0], "draws": forced[1], "return": forced[2]},
        })
        return data

    def _read_extra(self, s, data) -> None:
        n = s.players
        s.tokens = [whole(t, "tokens", 0, TOKEN_TOTAL) for t in data["tokens"]]
        s.token_supply = whole(data["token_supply"], "token_supply", 0, TOKEN_TOTAL)
        if len(s.tokens) != n or sum(s.tokens) + s.token_supply != TOKEN_TOTAL:
            raise ValueError(f"tokens (one count per seat) and the supply hold {TOKEN_TOTAL} in all")
        s.token_used = flag(data["token_used"], "token_used")
        s.knight_turned_in = flag(data["knight_turned_in"], "knight_turned_in")
        s.knights_returned = [whole(k, "knights_returned", 0, 30) for k in data["knights_returned"]]
        if len(s.knights_returned) != n:
            raise ValueError("knights_returned has one entry per seat")
        s.rolls = whole(data["rolls"], "rolls", 0, 2)
        first = data["first_total"]
        s.first_total = 0 if first is None else whole(first, "first_total", 2, 12)
        if (s.rolls > 0) != (s.first_total > 0):
            raise ValueError("first_total is the first roll's total, once it is rolled")
        due = data["neutral_due"]
        if not isinstance(due, list) or any(piece not in self.neutral_pieces for piece in due):
            raise ValueError(f"neutral_due lists the neutral pieces owed: {' or '.join(self.neutral_pieces)}")
        s.neutral_due = list(due)
        s.neutral_return = data["neutral_return"]
        forced = data["forced"]
        if forced is None:
            s.forced = None
        else:
            if forced["mode"] not in self.forced_trade_modes:
                raise ValueError("unknown forced trade mode")
            s.forced = (forced["mode"], whole(forced["draws"], "forced draws", 0, FORCED_DRAWS), forced["return"])
        super()._read_extra(s, data)
        self._check_knights_returned(s)
        for colour in NEUTRAL_COLOURS:
            roads, settlements, cities = s.pieces[colour]
            if cities or roads > NEUTRAL_LIMITS[0] or settlements > NEUTRAL_LIMITS[1]:
                raise ValueError("a neutral colour has no cities and keeps to its piece limits")

    def _check_phase(self, s) -> None:
        super()._check_phase(s)
        phase = s.phase
        if phase == "neutral":
            if not s.neutral_due or s.neutral_return not in self.phases:
                raise ValueError("a neutral build needs the pieces owed and the phase to return to")
            if not self._neutral_actions(s):
                raise ValueError("no neutral piece owed fits on the board")
        elif (s.neutral_due or s.neutral_return is not None) and phase != "over":
            raise ValueError("neutral pieces are owed only while they are being built")
        if phase in ("forced_draw", "forced_give"):
            if s.forced is None or s.forced[2] not in ("pre_roll", "main"):
                raise ValueError("a forced trade needs its mode, its draws and the phase to return to")
            if (s.forced[1] > 0) != (phase == "forced_draw"):
                raise ValueError("cards are drawn in forced_draw and given back in forced_give")
            if phase == "forced_draw" and s.hands[opponent(s.current)] is not None \
                    and not any(self._drawable(s)):
                raise ValueError("the opponent has no card left to draw")
        elif s.forced is not None and phase != "over":
            raise ValueError("a forced trade belongs to its own phases")
        if phase == "rethrow" and s.rolls != 1:
            raise ValueError("the dice are thrown again only for the second roll")
        if phase == "pre_roll" and s.rolls or phase == "main" and s.rolls != 2:
            raise ValueError("rolls counts the rolls of this turn: none before the roll, both in the main phase")
