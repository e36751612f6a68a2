"""Catan for two with Cities & Knights: Cities & Knights (``game.games.catan_ck.rules``) under the
two-player layer (``game.games.catan.two_player``), with the combination rules of the variant for two
(v1.3) as a Ruleset (no pygame). Decided questions of the reference are cited by their A-number.

Exactly two seats, 0 and 1; the neutral colours are 2 and 3. The set-up is Cities & Knights' (seat 0
a settlement, seat 1 a settlement, seat 1 a city, seat 0 a city, each with a road) after the neutral
starting settlements; the set-up settlement earns trade tokens, the set-up city none (A02). 13 points
on your own turn win.

What the combination adds to the two layers
-------------------------------------------
- Neutral knights. Each knight you recruit owes one neutral knight of the same strength (a recruit is
  always basic) on an empty corner at the end of that neutral colour's road, for either colour, or a
  neutral road when neither colour can take it (never a settlement). Each promotion of yours (paid or
  by the Smith, to strong or to mighty: A13) promotes one neutral basic knight to strong, if one stands
  on the board and a strong piece is free; otherwise nothing. Neutral knights are never active: they
  never move, act or defend, and only block. Your active knight may displace a weaker neutral knight
  and the Intrigue may displace one; it then retreats to an empty corner at the end of that neutral's
  roads, chosen by the player on turn (A14, A17), or goes back to that neutral's supply. The Deserter
  may target a neutral colour: it loses its weakest knight (the player on turn picks among equals:
  A30); your knight placed for it owes nothing. A Diplomat may remove an open neutral road (A16);
  relocating your own road owes nothing.
- Trade tokens: once a turn, before the first roll or after both, you may take one of your own
  knights off the board for 1, 2 or 3 tokens by its strength (not a token action: A05, A15). A forced
  trade is declared as "resources" (the opponent's commodities set aside; you give back 2 resources)
  or "whole_hand" (all their cards, at double price; you give back any 2 cards). Whether the
  opponent's resources allow a trade of resources is hidden: it is offered on what both players see,
  and when their hand turns out to hold too few resources the declaration is void, nothing is paid and
  it is not offered again that turn (the event reveals it).
- The double roll: the event die is thrown with each roll and resolved at once (A10: with that
  throw's red die). When the second total repeats the first, only the number dice are thrown again
  ("rethrow" chance steps) after the event die's steps, until the total differs. Only the steps the
  rolls force come between them (A27); the Alchemist is played before the first roll only.

Which level decides what
------------------------
``CatanCKForTwo(TwoPlayerLayer, CitiesKnightsRules)`` stacks four levels, read top-down in its method
resolution order:
1. This class: only what the combination itself adds (above), each in one place: the neutral knights
   (``_neutral_placements``, ``_knight_owes``, ``_do_neutral_knight``, ``_do_neutral_promote``), the
   Deserter against a neutral colour, a knight taken off for tokens (``_earning_actions``,
   ``_do_remove_knight``), the forced trade judged on a hidden hand, the event die within the double
   roll (``_repeated_total``, ``_rethrown_roll``, ``_do_rethrow``, ``_continue``), and the notation's
   added field and checks.
2. ``TwoPlayerLayer`` (``game.games.catan.two_player``) with its parts ``two_player_rolls``,
   ``neutral_builds``, ``trade_tokens`` and ``two_player_notation``: what both games for two share. Each
   hook it lists has base Catan's behaviour there and Cities & Knights' here, at level 1.
3. ``CitiesKnightsRules`` (``game.games.catan_ck.rules``) with its parts: Cities & Knights for any
   number of players; ``_knight_owes`` is its hook for what a recruit or a promotion owes.
4. ``CatanFamily`` (``game.games.catan.family``): what every Catan game shares, with the tables
   (``handlers``, ``actions_by_phase``, ``samplers_by_phase``, ``actors_by_phase``) that let each level
   add a phase or an action without overriding a method.
No level overrides a method only to call the one below it unchanged.

Actions (JSON dicts), beyond Cities & Knights' and the layer's
--------------------------------------------------------------
  {"type": "knight", "colour": c, "vertex": v}    a neutral basic knight (phase "neutral")
  {"type": "promote", "colour": c, "vertex": v}   a neutral basic knight made strong (phase "neutral")
  {"type": "remove_knight", "vertex": v}          one of your knights for tokens (before the roll or
                                                  in the main phase, once a turn)
  {"type": "forced_trade", "mode": "resources" | "whole_hand"}
  {"type": "play", "card": "deserter", "seat": c} also against a neutral colour c
"retreat" and "desert" steps of a neutral colour are decided by the player on turn.

Position notation (``to_json``)
-------------------------------
Cities & Knights' notation with "format": "catan_ck_2p/1" and "players": 2, extended by the layer's
fields; "knights", "buildings", "roads" and "longest_road" name the neutral colours 2 and 3 (neutral
knights are basic or strong and never active); "neutral_due" also lists "knight" and "promotion";
"knight_turned_in" says this turn's knight is taken off for tokens, "knights_returned" is [0, 0];
"forced_void": a forced trade of resources was found void this turn; the queue may hold a "rethrow"
step, and a "retreat" or "desert" step may name a neutral colour.
"""

from __future__ import annotations

from game.core.notation import flag
from game.core.rules import Event, IllegalAction
from game.core.state_copy import SHARED
from game.games.catan.board import NUM_VERTICES
from game.games.catan.building import places_of
from game.games.catan.two_player import (
    NEUTRAL_COLOURS,
    TWO_PLAYER_SLOTS,
    TwoPlayerLayer,
    opponent,
)
from game.games.catan_ck.politics_cards import DESERT_ACTIONS
from game.games.catan_ck.rules import CitiesKnightsRules, CKState
from game.resources import load_data

_DATA = load_data("catan_ck.json")
NEUTRAL_KNIGHTS = _DATA["pieces"]["neutral"]["knights"]
NEUTRAL_KNIGHT_LIMITS = (NEUTRAL_KNIGHTS["basic"], NEUTRAL_KNIGHTS["strong"], NEUTRAL_KNIGHTS["mighty"])
"""Knight pieces of each strength a neutral colour owns (no mighty ones)."""
NEUTRAL_STRONGEST = max(s + 1 for s, count in enumerate(NEUTRAL_KNIGHT_LIMITS) if count)
REMOVAL_TOKENS = tuple(_DATA["two_player"]["trade_tokens"]["earn"]["remove_own_knight"][name]
                       for name in ("basic", "strong", "mighty"))
"""Tokens for taking one of your own knights off the board, by strength."""
NEUTRAL_STEPS = ("retreat", "desert")
"""Steps that may concern a neutral colour (decided by the player on turn: A14, A30)."""

NEUTRAL_KNIGHT_ACTIONS = {c: tuple({"type": "knight", "colour": c, "vertex": v} for v in range(NUM_VERTICES))
                          for c in NEUTRAL_COLOURS}
NEUTRAL_PROMOTE_ACTIONS = {c: tuple({"type": "promote", "colour": c, "vertex": v} for v in range(NUM_VERTICES))
                           for c in NEUTRAL_COLOURS}
REMOVE_KNIGHT_ACTIONS = tuple({"type": "remove_knight", "vertex": v} for v in range(NUM_VERTICES))
DESERTER_NEUTRAL = {c: {"type": "play", "card": "deserter", "seat": c} for c in NEUTRAL_COLOURS}


class CKForTwoState(CKState):
    """A position of Catan for two with Cities & Knights: C&K's fields, the layer's and the void flag."""

    __slots__ = {**TWO_PLAYER_SLOTS, "forced_void": SHARED}


class CatanCKForTwo(TwoPlayerLayer, CitiesKnightsRules):
    game_id = "catan_ck_2p"
    format_id = "catan_ck_2p/1"
    title = "Catan for two: Cities & Knights"
    state_class = CKForTwoState
    forced_trade_modes = ("resources", "whole_hand")
    neutral_fallback = {"settlement": "road", "knight": "road"}
    neutral_pieces = ("road", "settlement", "knight", "promotion")
    neutral_refusals = {
        **TwoPlayerLayer.neutral_refusals,
        "knight": "a neutral knight goes on an empty corner at the end of that colour's road",
        "promotion": "promote a basic knight of a neutral colour that has a strong piece left",
    }
    queued_steps = CitiesKnightsRules.queued_steps | {"rethrow"}

    handlers = {
        ("pre_roll", "turn_in_knight"): None,
        ("main", "turn_in_knight"): None,
        ("pre_roll", "remove_knight"): "_do_remove_knight",
        ("main", "remove_knight"): "_do_remove_knight",
        ("neutral", "knight"): "_do_neutral_knight",
        ("neutral", "promote"): "_do_neutral_promote",
    }
    actors_by_phase = {"retreat": "_neutral_step_actor", "desert": "_neutral_step_actor"}

    def _init_state(self, s) -> None:
        super()._init_state(s)
        s.forced_void = False

    def _start_turn(self, state, seat: int) -> list:
        state.forced_void = False
        return super()._start_turn(state, seat)

    def _neutral_step_actor(self, state) -> int:
        seat = state.step["seat"]
        return state.current if seat >= state.players else seat

    # -- the double roll with the event die -----------------------------------------------------------
    def _do_roll(self, state, action):
        self._check_roll(state, action)  # a refused roll changes nothing, not even the count of rolls
        return super()._do_roll(state, action)

    def _repeated_total(self, state, action) -> list:
        """The second roll repeats the first total: its event die counts at once (A10), then only the
        number dice are thrown again."""
        a, b, face = self._check_roll(state, action)
        state.dice = (a, b)
        state.event = face
        state.queue = []
        events = [Event("rethrow", {"seat": state.current, "dice": [a, b], "total": a + b, "event": face})]
        events += self._event_die(state, face, b)
        state.queue.append(("rethrow", {}))
        return events + self._continue(state)

    def _do_rethrow(self, state, action):
        if "event" in action:
            raise IllegalAction("only the number dice are thrown again: the event die keeps its face")
        return super()._do_rethrow(state, action)

    def _rethrown_roll(self, state, action) -> list:
        """The number dice thrown again to a new total: it produces (or is a 7) with the event die as it lay."""
        a, b = self._dice(action)
        state.rolls += 1
        state.dice = (a, b)
        events = [Event("rolled", {"seat": state.current, "dice": [a, b], "total": a + b, "event": state.event,
                                   "rethrown": True})]
        state.queue.append(("produce", {}) if a + b != 7 else ("seven", {}))
        return events + self._continue(state)

    def _continue(self, state) -> list:
        events = super()._continue(state)
        self._between_rolls(state)
        return events

    # -- neutral knights --------------------------------------------------------------------------------
    def _knight_owes(self, state, piece: str) -> list:
        return self._owe_neutral(state, piece)

    def _neutral_placements(self, state, piece) -> list:
        if piece == "knight":
            actions = []
            for colour in NEUTRAL_COLOURS:
                if state.knight_pieces[colour][0] < NEUTRAL_KNIGHT_LIMITS[0]:
                    row = NEUTRAL_KNIGHT_ACTIONS[colour]
                    actions += [row[v] for v in self.knight_spots(state, colour)]
            return actions
        if piece == "promotion":
            actions = []
            for colour in NEUTRAL_COLOURS:
                if state.knight_pieces[colour][1] < NEUTRAL_KNIGHT_LIMITS[1]:
                    row = NEUTRAL_PROMOTE_ACTIONS[colour]
                    actions += [row[v] for v in places_of(state.knight_owner, colour) if state.knight_strength[v] == 1]
            return actions
        return super()._neutral_placements(state, piece)

    def _do_neutral_knight(self, state, action):
        v = self._vertex(action.get("vertex"))
        colour = self._check_neutral(state, action, "knight")
        events = [Event("knight", {"seat": colour, "vertex": v, "strength": 1, "neutral": True, "by": state.current})]
        events += self._place_knight(state, colour, v, 1, False)
        state.neutral_due.pop(0)
        return events + self._next_neutral(state)

    def _do_neutral_promote(self, state, action):
        v = self._vertex(action.get("vertex"))
        colour = self._check_neutral(state, action, "promotion")
        pieces = state.knight_pieces[colour]
        pieces[0] -= 1
        pieces[1] += 1
        state.knight_strength[v] = 2
        state.neutral_due.pop(0)
        events = [Event("promoted", {"seat": colour, "vertex": v, "strength": 2, "neutral": True,
                                     "by": state.current})]
        return events + self._next_neutral(state)

    # -- the Deserter against a neutral colour ------------------------------------------------------------
    def _deserter_plays(self, state, seat: int) -> list:
        return super()._deserter_plays(state, seat) + [DESERTER_NEUTRAL[c] for c in NEUTRAL_COLOURS
                                                         if sum(state.knight_pieces[c])]

    def _play_deserter(self, state, seat, action):
        target = action.get("seat")
        if target not in NEUTRAL_COLOURS or isinstance(target, bool):
            return super()._play_deserter(state, seat, action)
        if not sum(state.knight_pieces[target]):
            raise IllegalAction("that neutral colour has no knight")
        state.step = {"seat": target}
        state.phase = "desert"
        return []

    def _weakest_knights(self, state, colour: int) -> list[int]:
        knights = places_of(state.knight_owner, colour)
        weakest = min(state.knight_strength[v] for v in knights)
        return [v for v in knights if state.knight_strength[v] == weakest]

    def _desert_actions(self, state) -> list:
        colour = state.step["seat"]
        if colour < state.players:
            return super()._desert_actions(state)
        return [DESERT_ACTIONS[v] for v in self._weakest_knights(state, colour)]

    def _do_desert(self, state, action):
        v = self._vertex(action.get("vertex"))
        colour = state.step["seat"]
        if colour >= state.players and v not in self._weakest_knights(state, colour):
            raise IllegalAction("a neutral colour loses its weakest knight")
        return super()._do_desert(state, action)

    # -- trade tokens ---------------------------------------------------------------------------------
    def _earning_actions(self, state, seat: int) -> list:
        """Once a turn, one of your own knights taken off the board for tokens (A15)."""
        if state.knight_turned_in or not state.token_supply or not any(state.knight_pieces[seat]):
            return []
        return [REMOVE_KNIGHT_ACTIONS[v] for v in places_of(state.knight_owner, seat)]

    def _do_remove_knight(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.knight_owner[v] != seat:
            raise IllegalAction("take one of your own knights off the board")
        if state.knight_turned_in:
            raise IllegalAction("one knight a turn may be taken off for trade tokens")
        if not state.token_supply:
            raise IllegalAction("the token supply is empty")
        state.knight_turned_in = True
        _, strength, _ = self._lift_knight(state, v)
        due = REMOVAL_TOKENS[strength - 1]
        gained = self._earn(state, seat, due)
        events = [Event("knight_removed", {"seat": seat, "vertex": v, "strength": strength, "gained": gained,
                                           "due": due})]
        return events + self._join_roads(state, v, seat)

    def _check_knights_returned(self, s) -> None:
        if any(s.knights_returned):
            raise ValueError("Cities & Knights has no knight cards to turn in")

    def _forced_trade_problem(self, state, seat: int, mode: str) -> str | None:
        """Judged on what both players see: the opponent's card count, and for a trade of resources
        your own resources (whether their hand holds enough resources shows only when it is declared)."""
        if mode != "resources":
            return super()._forced_trade_problem(state, seat, mode)
        if state.forced_void:
            return "your opponent showed this turn that their resources do not allow a forced trade"
        held = self.cards_of(state, opponent(seat))
        if not held:
            return "your opponent holds no card you could draw"
        if self._eligible_count(state.hands[seat], mode) + min(2, held) < 2:
            return "you would not have 2 resources to give back"
        return None

    def _do_forced_trade(self, state, action):
        seat = state.current
        if action.get("mode") == "resources" and self._forced_trade_problem(state, seat, "resources") is None:
            void = super()._forced_trade_problem(state, seat, "resources")  # the hidden hand, now shown
            if void is not None:
                state.forced_void = True
                return [Event("forced_void", {"seat": seat, "victim": opponent(seat), "reason": void}, reveals=True)]
        return super()._do_forced_trade(state, action)

    # -- notation -----------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        data = super().to_json(state)
        data["forced_void"] = state.forced_void
        return data

    def _read_extra(self, s, data) -> None:
        s.forced_void = flag(data["forced_void"], "forced_void")
        super()._read_extra(s, data)
        for v in range(NUM_VERTICES):
            colour = s.knight_owner[v]
            if colour >= s.players and (s.knight_strength[v] > NEUTRAL_STRONGEST or s.knight_active[v]
                                        or s.knight_activated[v] or s.knight_promoted[v]):
                raise ValueError("a neutral knight is basic or strong and never active")
        for colour in NEUTRAL_COLOURS:
            if any(have > most for have, most in zip(s.knight_pieces[colour], NEUTRAL_KNIGHT_LIMITS, strict=True)):
                raise ValueError("a neutral colour has 2 basic and 2 strong knights")

    def _check_phase(self, s) -> None:
        super()._check_phase(s)
        neutral_step = s.step is not None and s.step.get("seat", 0) >= s.players
        if neutral_step and s.phase not in NEUTRAL_STEPS and s.phase != "over":
            raise ValueError("only a retreat or a Deserter's removal concerns a neutral colour")
        if neutral_step and s.phase == "desert" and s.step["seat"] not in s.knight_owner:
            raise ValueError("the Deserter's neutral colour has a knight to lose")
        if any(data.get("seat", 0) >= s.players for _, data in s.queue):
            raise ValueError("no step waiting in the queue concerns a neutral colour")
        left = None if s.step is None else s.step.get("left")
        if isinstance(left, tuple) and any(p >= s.players for p in left):
            raise ValueError("a Commercial Harbor is offered to the other player only")


RULES = CatanCKForTwo()
