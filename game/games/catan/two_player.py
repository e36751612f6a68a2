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
  ``_owe_neutral``: call it after a recruit or a promotion (Cities & Knights' ``_knight_owes``).

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

from game.core.rules import Event
from game.games.catan.family import CatanFamily
from game.games.catan.neutral_builds import NeutralBuilds
from game.games.catan.trade_tokens import TradeTokens
from game.games.catan.two_player_data import (
    FORCED_DRAWS,
    FORCED_GIVES,
    FORCED_PRICE,
    FORCED_TRADES,
    NEUTRAL_COLOURS,
    NEUTRAL_STARTS,
    ROBBER_TO_DESERT,
    TOKEN_START,
    TOKEN_TOTAL,
    TURN_IN_KNIGHT,
    TWO_PLAYER_SLOTS,
    opponent,
)
from game.games.catan.two_player_notation import TwoPlayerNotation
from game.games.catan.two_player_rolls import DoubleRoll

__all__ = ["FORCED_DRAWS", "FORCED_GIVES", "FORCED_PRICE", "FORCED_TRADES", "NEUTRAL_COLOURS", "NEUTRAL_STARTS",
           "ROBBER_TO_DESERT", "TOKEN_START", "TOKEN_TOTAL", "TURN_IN_KNIGHT", "TWO_PLAYER_SLOTS", "TwoPlayerLayer",
           "opponent"]


class TwoPlayerLayer(DoubleRoll, NeutralBuilds, TradeTokens, TwoPlayerNotation, CatanFamily):
    """The rules for two players with neutral colours, a double roll and trade tokens (see the module
    docstring); placed first in a combination's bases, it wraps the game's hooks through ``super()``.
    Each part is a mixin in its own module: ``two_player_rolls``, ``neutral_builds``, ``trade_tokens`` and
    ``two_player_notation``; this class holds the hooks' defaults, the new position and the set-up."""

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

    def __init_subclass__(cls, **kwargs):
        cls.chance_phases = cls.chance_phases | TwoPlayerLayer.layer_chance_phases
        cls.draw_actions = tuple({"type": "forced_draw", "resource": name} for name in cls.kinds)
        super().__init_subclass__(**kwargs)

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
