"""Kahuna (two players) as a Ruleset.

Islands and lines come from ``board.py``: islands by name ("ALOA"), lines by id "A-B" with the ends
in the board data's order ("ALOA-BARI", never "BARI-ALOA"). Seats are 0 and 1. Cards are island
names; the 24 cards are two per island.

Turn
----
On their turn a player takes any number of actions, one at a time: build (one card), remove (two
cards), discard one card face down. Control is resolved after every build and removal. The turn ends
with a draw (a display card, or the top of the pile) or with a pass ("no draw"), which is allowed on
every turn, also with 5 cards in hand. A player holding 5 cards cannot draw and must first lower their
hand. Options: "always draw" makes every turn end with a draw; "anti_stall" forbids a pass right after
the opponent's pass, unless the opponent held 5 cards (a pass with a full hand is no stalling).

Actions (JSON dicts)
--------------------
Decisions of the player on turn:
  {"type": "build", "card": "ALOA", "line": "ALOA-BARI"}     one card, one bridge on an empty line of it
  {"type": "remove", "cards": ["ALOA", "BARI"], "line": "ALOA-BARI"}
        two cards, each naming an end of the line (sorted in board order); removes the opponent's
        bridge there (or one's own with the option "destroy_own")
  {"type": "discard", "card": "COCO"}                        one card face down
  {"type": "draw", "source": "display", "card": "ELAI"}     ends the turn
  {"type": "draw", "source": "pile"}                         ends the turn; a chance "deal" follows
  {"type": "pass"}                                           ends the turn without drawing
Chance (seat CHANCE):
  {"type": "start_player", "seat": s}      who begins (before the deal)
  {"type": "deal", "seat": s, "card": X}   a card from the pile into a hand (the deal, a pile draw)
  {"type": "reveal", "card": X}            a card from the pile face up into the display
                                           (the first display, refills, the display of a new round)
The pile is kept as a multiset: which card comes off it is decided by the chance action, with the
probability of its share of the pile. Reshuffling the discards into the pile between rounds is
therefore no action of its own: the new pile's randomness shows in the reveals and draws from it.

Setup is: start_player, three deals to seat 0, three to seat 1, three reveals. Players then
alternate turns for the whole game. A round ends at the end of the turn that takes the last display
card (the pile being empty): rounds 1 and 2 are scored (1 and 2 points to the player with more
stones), the early end applies (option "early_end": a player with no bridge on the board after
that scoring loses), all discards become the new pile and three cards are revealed. After the last
card of round 3 each player has one more turn (the opponent of the one who took it first), then
the stone difference is scored. Tie-breaks: the winner of the round-3 scoring, then more bridges
on the board, else a draw.

Position notation (``to_json`` / ``from_json``)
-----------------------------------------------
A JSON object; card lists hold island names, hands, piles and hidden discards sorted in board order:
  "format": "kahuna/2",
  "options": {"destroy_own": bool, "always_draw": bool, "restricted_building": bool, "early_end": bool,
              "anti_stall": bool},
  "round": 1 | 2 | 3,
  "phase": "setup" (chance steps before the first turn) | "play" | "final" (round 3's last two turns)
           | "over",
  "turn": the seat on turn (0 or 1; null during setup),
  "start_player": the seat that began the game, or null before it is drawn,
  "bridges": {line id: seat} for every bridge on the board,
  "stones": {island: seat} for every controlled island (must match the bridge majorities),
  "hands": [cards of seat 0 or null where hidden, same for seat 1],
  "hand_sizes": [n0, n1] (0..5),
  "known": [cards of seat 0's hand everyone knows (taken from the display), same for seat 1],
  "display": [face-up cards, in the order they were revealed],
  "pile": [cards] or null where hidden, "pile_size": n,
  "discards": [face-up discards, in the order played],
  "hidden_discards": [seat 0's face-down discards or null where hidden, same for seat 1],
  "hidden_discard_sizes": [n0, n1],
  "must_draw": true when the previous turn ended without a draw (what the anti-stall option looks at),
  "final_turns": turns left in phase "final" (2, 1) else 0,
  "pending": chance steps due, in order: {"type": "start_player"} | {"type": "deal", "seat": s}
             | {"type": "reveal"},
  "points": [p0, p1],
  "history": [{"round": r, "stones": [s0, s1], "points": [q0, q1]}, ...] one per scored round,
  "ended": null | "final" | "early", "early_losers": [seats without bridges at an early end].
Positions in the notation "kahuna/1", written before the anti-stall rule became an option, keep it:
their options default to "anti_stall": true.
``from_json`` fills in what a hand-written position leaves out: default options, round 1, phase
"play", turn 0, no bridges, empty hands, display and discards, and a pile of every card not
elsewhere; "stones" and the sizes are derived when absent. It raises ValueError for a position that
breaks a rule (a card too many, a stone without its majority, more than 25 bridges of a colour...).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import notation
from game.core.rules import CHANCE, Event, GameConfig, IllegalAction, Result, Ruleset, ranks_from_keys
from game.core.state_copy import LIST, SHARED, DeclaredCopy, each, optional
from game.games.kahuna.board import (
    BRIDGES_PER_PLAYER,
    CARDS_PER_ISLAND,
    ISLAND_COUNT,
    ISLAND_INDEX,
    ISLAND_LINES,
    ISLANDS,
    LINE_COUNT,
    LINE_ENDS,
    LINE_IDS,
    LINE_INDEX,
    NEIGHBOURS,
    STONES_PER_PLAYER,
    THRESHOLD,
)

FORMAT = "kahuna/2"
FORMAT_BEFORE_ANTI_STALL = "kahuna/1"
"""The notation before the anti-stall rule became an option: it always applied then."""
HAND_LIMIT = 5
DISPLAY_SIZE = 3
HAND_SIZE_AT_START = 3
ROUNDS = 3
ROUND_POINTS = {1: 1, 2: 2}
"""Points to the player with more stones after rounds 1 and 2; round 3 scores the difference."""

SETUP, PLAY, FINAL, OVER = "setup", "play", "final", "over"
PHASES = (SETUP, PLAY, FINAL, OVER)

START, REVEAL = -2, -1
"""Pending chance steps: START (draw the start player), REVEAL (a display card); 0/1 deal to a seat."""

OPTION_KEYS = ("destroy_own", "always_draw", "restricted_building", "early_end", "anti_stall")
DEFAULT_OPTIONS = {"destroy_own": False, "always_draw": False, "restricted_building": False, "early_end": True,
                   "anti_stall": False}


@dataclass(frozen=True)
class Options:
    destroy_own: bool = False
    always_draw: bool = False
    restricted_building: bool = False
    early_end: bool = True
    anti_stall: bool = False

    @classmethod
    def from_dict(cls, given: dict) -> Options:
        unknown = set(given) - set(OPTION_KEYS)
        if unknown:
            raise ValueError(f"unknown Kahuna option(s): {', '.join(sorted(unknown))}")
        merged = {**DEFAULT_OPTIONS, **given}
        for key in OPTION_KEYS:
            if not isinstance(merged[key], bool):
                raise ValueError(f"option {key} must be true or false")
        return cls(**merged)

    def to_dict(self) -> dict:
        return {key: getattr(self, key) for key in OPTION_KEYS}


# Legal actions are handed out from these shared tables: treat every action you are given as read-only.
BUILD_ACTIONS = tuple(
    {line: {"type": "build", "card": ISLANDS[card], "line": LINE_IDS[line]} for line in ISLAND_LINES[card]}
    for card in range(ISLAND_COUNT)
)
REMOVE_ACTIONS = tuple(
    tuple(
        {"type": "remove", "cards": [ISLANDS[first], ISLANDS[second]], "line": LINE_IDS[line]}
        for first, second in ((a, a), (b, b), (a, b))
    )
    for line, (a, b) in enumerate(LINE_ENDS)
)
"""Per line: the A+A, B+B and A+B removals."""
DISCARD_ACTIONS = tuple({"type": "discard", "card": name} for name in ISLANDS)
DRAW_DISPLAY_ACTIONS = tuple({"type": "draw", "source": "display", "card": name} for name in ISLANDS)
DRAW_PILE_ACTION = {"type": "draw", "source": "pile"}
PASS_ACTION = {"type": "pass"}
START_ACTIONS = ({"type": "start_player", "seat": 0}, {"type": "start_player", "seat": 1})
DEAL_ACTIONS = tuple(tuple({"type": "deal", "seat": seat, "card": name} for name in ISLANDS) for seat in (0, 1))
REVEAL_ACTIONS = tuple({"type": "reveal", "card": name} for name in ISLANDS)

# Line sets around an island are bit masks over ISLAND_LINES[island] (bit k = its k-th line), so
# the actions of a card are looked up by the mask of free or targeted lines instead of scanned.
LINE_BITS = tuple((1 << ISLAND_LINES[a].index(line), 1 << ISLAND_LINES[b].index(line))
                  for line, (a, b) in enumerate(LINE_ENDS))
"""Per line: its bit in the masks of its first and of its second end."""
ALL_LINES = tuple((1 << len(lines)) - 1 for lines in ISLAND_LINES)


def _by_mask(island: int, item) -> tuple:
    """Per mask of ``island``'s lines, the tuple of ``item(line)`` for the lines in it (None skipped)."""
    lines = ISLAND_LINES[island]
    table = []
    for mask in range(ALL_LINES[island] + 1):
        chosen = (item(line) for bit, line in enumerate(lines) if mask >> bit & 1)
        table.append(tuple(value for value in chosen if value is not None))
    return tuple(table)


LINES_BY_MASK = tuple(_by_mask(island, lambda line: line) for island in range(ISLAND_COUNT))
BUILDS_BY_MASK = tuple(_by_mask(card, lambda line, card=card: BUILD_ACTIONS[card][line])
                       for card in range(ISLAND_COUNT))
PAIR_REMOVALS_BY_MASK = tuple(
    _by_mask(card, lambda line, card=card: REMOVE_ACTIONS[line][0 if LINE_ENDS[line][0] == card else 1])
    for card in range(ISLAND_COUNT)
)
"""Per card and mask of targeted lines: the removals paying with two of that card."""
MIXED_REMOVALS_BY_MASK = tuple(
    _by_mask(card, lambda line, card=card: (LINE_ENDS[line][1], REMOVE_ACTIONS[line][2])
             if LINE_ENDS[line][0] == card else None)
    for card in range(ISLAND_COUNT)
)
"""Per card and mask of targeted lines where the card is the first end: (other end, A+B removal)."""


class KahunaState(DeclaredCopy):
    """A position. Card collections are per-island count lists (``hands``, ``pile``, ``hidden``)
    except the display and the face-up discards, which keep their order. Hidden parts are None in an
    observation; their sizes stay. ``counts[seat][island]`` (bridges touching an island),
    ``owned[seat][island]`` (the mask of those lines) and ``placed`` are kept in step with
    ``bridges`` for speed."""

    __slots__ = {
        "options": SHARED, "bridges": LIST, "counts": each(LIST, 2), "owned": each(LIST, 2), "placed": LIST,
        "stones": LIST, "hands": each(optional(LIST)), "hand_sizes": LIST, "known": each(LIST, 2), "display": LIST,
        "pile": optional(LIST), "pile_size": SHARED, "discards": LIST, "hidden": each(optional(LIST)),
        "hidden_sizes": LIST, "round": SHARED, "phase": SHARED, "turn": SHARED, "start_player": SHARED,
        "pending": LIST, "must_draw": SHARED, "final_turns": SHARED, "points": LIST, "history": LIST, "ended": SHARED,
        "early_losers": LIST,
    }


def empty_state(options: Options) -> KahunaState:
    state = KahunaState.__new__(KahunaState)
    state.options = options
    state.bridges = [-1] * LINE_COUNT
    state.counts = [[0] * ISLAND_COUNT, [0] * ISLAND_COUNT]
    state.owned = [[0] * ISLAND_COUNT, [0] * ISLAND_COUNT]
    state.placed = [0, 0]
    state.stones = [-1] * ISLAND_COUNT
    state.hands = [[0] * ISLAND_COUNT, [0] * ISLAND_COUNT]
    state.hand_sizes = [0, 0]
    state.known = [[0] * ISLAND_COUNT, [0] * ISLAND_COUNT]
    state.display = []
    state.pile = [CARDS_PER_ISLAND] * ISLAND_COUNT
    state.pile_size = CARDS_PER_ISLAND * ISLAND_COUNT
    state.discards = []
    state.hidden = [[0] * ISLAND_COUNT, [0] * ISLAND_COUNT]
    state.hidden_sizes = [0, 0]
    state.round = 1
    state.phase = SETUP
    state.turn = None
    state.start_player = None
    state.pending = []
    state.must_draw = False
    state.final_turns = 0
    state.points = [0, 0]
    state.history = []
    state.ended = None
    state.early_losers = []
    return state


def controls(state: KahunaState, seat: int) -> int:
    """How many stones ``seat`` has on the board."""
    return state.stones.count(seat)


def must_draw(state: KahunaState) -> bool:
    """True when the anti-stall option makes the player on turn draw: the opponent ended their turn without
    drawing while holding fewer than 5 cards (their hand has not changed since). The option "always draw"
    forbids every pass on its own."""
    return (state.phase == PLAY and state.options.anti_stall and state.must_draw
            and state.hand_sizes[1 - state.turn] < HAND_LIMIT)


def _island(name) -> int:
    try:
        return ISLAND_INDEX[name]
    except (KeyError, TypeError):
        raise IllegalAction(f"{name!r} is not an island card") from None


def _line(line_id) -> int:
    index = LINE_INDEX.get(line_id) if isinstance(line_id, str) else None
    if index is None:
        raise IllegalAction(f"{line_id!r} is not a line of the board (write it as in 'ALOA-BARI')")
    return index


class KahunaRules(Ruleset):
    game_id = "kahuna"
    handlers = {"build": "_build", "remove": "_remove", "discard": "_discard", "draw": "_draw", "pass": "_pass"}

    # -- set-up ---------------------------------------------------------------------------------
    def new_game(self, config: GameConfig) -> KahunaState:
        if config.players != 2:
            raise ValueError("Kahuna is a game for two players")
        state = empty_state(Options.from_dict(dict(config.options)))
        state.pending = [START] + [0] * HAND_SIZE_AT_START + [1] * HAND_SIZE_AT_START + [REVEAL] * DISPLAY_SIZE
        return state

    def num_players(self, state) -> int:
        return 2

    def clone(self, state: KahunaState) -> KahunaState:
        return state.copy()

    # -- whose decision --------------------------------------------------------------------------
    def to_act(self, state):
        if state.phase == OVER:
            return None
        if state.pending:
            return CHANCE
        return state.turn

    def legal_actions(self, state):
        if state.phase == OVER:
            return []
        if state.pending:
            return [action for action, _ in self.chance_outcomes(state)]
        # The hottest function of every playout: the hand limit and must_draw are inlined.
        seat = state.turn
        hand = state.hands[seat]
        actions = []
        can_build = state.placed[seat] < BRIDGES_PER_PLAYER
        options = state.options
        mine, theirs = state.owned[seat], state.owned[1 - seat]
        for card, held in enumerate(hand):
            if not held:
                continue
            targets = theirs[card]
            if can_build:
                free = ALL_LINES[card] & ~(mine[card] | targets)
                if free and options.restricted_building:
                    free = self._unrestricted(state, card, free, 1 - seat)
                if free:
                    actions += BUILDS_BY_MASK[card][free]
            if options.destroy_own:
                targets |= mine[card]
            if targets:
                if held >= 2:
                    actions += PAIR_REMOVALS_BY_MASK[card][targets]
                for other, action in MIXED_REMOVALS_BY_MASK[card][targets]:
                    if hand[other]:
                        actions.append(action)
            actions.append(DISCARD_ACTIONS[card])
        playing = state.phase == PLAY
        if playing and state.hand_sizes[seat] < HAND_LIMIT:
            display = state.display
            for index, card in enumerate(display):
                if card not in display[:index]:
                    actions.append(DRAW_DISPLAY_ACTIONS[card])
            if state.pile_size:
                actions.append(DRAW_PILE_ACTION)
        if not playing or not (options.always_draw or (options.anti_stall and state.must_draw
                                                       and state.hand_sizes[1 - seat] < HAND_LIMIT)):
            actions.append(PASS_ACTION)
        return actions

    @staticmethod
    def _unrestricted(state, card: int, free: int, opponent: int) -> int:
        """``free`` without the lines touching an island the opponent controls."""
        stones = state.stones
        if stones[card] == opponent:
            return 0
        for bit, other in enumerate(NEIGHBOURS[card]):
            if stones[other] == opponent:
                free &= ~(1 << bit)
        return free

    def chance_outcomes(self, state):
        if not state.pending:
            return None
        step = state.pending[0]
        if step == START:
            return [(START_ACTIONS[0], 0.5), (START_ACTIONS[1], 0.5)]
        if state.pile is None:
            raise IllegalAction("the pile is hidden in this observation")
        table = REVEAL_ACTIONS if step == REVEAL else DEAL_ACTIONS[step]
        size = state.pile_size
        return [(table[card], count / size) for card, count in enumerate(state.pile) if count]

    def sample_chance(self, state, rng):
        step = state.pending[0]
        if step == START:
            return START_ACTIONS[rng.randrange(2)]
        pick = int(rng.random() * state.pile_size)  # uniform like randrange, at a fraction of its cost
        for card, count in enumerate(state.pile):
            if pick < count:
                return REVEAL_ACTIONS[card] if step == REVEAL else DEAL_ACTIONS[step][card]
            pick -= count
        raise RuntimeError("pile size and contents disagree")

    # -- applying ---------------------------------------------------------------------------------
    def apply(self, state, action):
        if not isinstance(action, dict):
            raise IllegalAction("an action is a JSON object with a 'type'")
        if state.phase == OVER:
            raise IllegalAction("the game is over")
        kind = action.get("type")
        if state.pending:
            return self._apply_chance(state, kind, action)
        handler = self.handler_for(kind) if isinstance(kind, str) else None
        if handler is None:
            if kind in ("start_player", "deal", "reveal"):
                raise IllegalAction("no random step is due now")
            raise IllegalAction(f"unknown action {kind!r}")
        return handler(self, state, state.turn, action)

    def _apply_chance(self, state, kind, action):
        step = state.pending[0]
        if step == START:
            if kind != "start_player":
                raise IllegalAction("the start player must be drawn first")
            seat = action.get("seat")
            if seat not in (0, 1) or isinstance(seat, bool):
                raise IllegalAction("the start player is seat 0 or 1")
            state.pending.pop(0)
            state.start_player = seat
            return [Event("start_player", {"seat": seat})]
        expected = "reveal" if step == REVEAL else "deal"
        if kind != expected:
            raise IllegalAction(f"a {expected} from the pile is due now")
        if state.pile is None:
            raise IllegalAction("the pile is hidden in this observation")
        card = _island(action.get("card"))
        if not state.pile[card]:
            raise IllegalAction(f"no {ISLANDS[card]} card is left in the pile")
        if step != REVEAL and action.get("seat") != step:
            raise IllegalAction(f"the card is due to seat {step}")
        state.pending.pop(0)
        state.pile[card] -= 1
        state.pile_size -= 1
        name = ISLANDS[card]
        if step == REVEAL:
            state.display.append(card)
            events = [Event("display_refilled", {"card": name, "display": [ISLANDS[c] for c in state.display]})]
        else:
            hand = state.hands[step]
            if hand is not None:
                hand[card] += 1
            state.hand_sizes[step] += 1
            kind_name = "card_dealt" if state.phase == SETUP else "card_drawn"
            events = [Event(kind_name, {"seat": step, "source": "pile", "card": name}, audience=step,
                            public={"seat": step, "source": "pile"})]
        if state.phase == SETUP and not state.pending:
            state.phase = PLAY
            state.turn = state.start_player
            events.append(Event("round_started", {"round": 1, "seat": state.turn}))
        return events

    def _take_from_hand(self, state, seat: int, card: int) -> None:
        state.hands[seat][card] -= 1
        state.hand_sizes[seat] -= 1
        if state.known[seat][card]:
            state.known[seat][card] -= 1

    def _require_hand(self, state, seat: int) -> list:
        hand = state.hands[seat]
        if hand is None:
            raise IllegalAction("this seat's hand is hidden in this observation")
        return hand

    def _build(self, state, seat, action):
        hand = self._require_hand(state, seat)
        card = _island(action.get("card"))
        line = _line(action.get("line"))
        if not hand[card]:
            raise IllegalAction(f"you hold no {ISLANDS[card]} card")
        a, b = LINE_ENDS[line]
        if card != a and card != b:
            raise IllegalAction(f"a {ISLANDS[card]} card builds only on a line of {ISLANDS[card]}")
        if state.bridges[line] != -1:
            raise IllegalAction(f"line {LINE_IDS[line]} already has a bridge")
        if state.placed[seat] >= BRIDGES_PER_PLAYER:
            raise IllegalAction("you have no bridges left in your supply")
        opponent = 1 - seat
        if state.options.restricted_building and opponent in (state.stones[a], state.stones[b]):
            raise IllegalAction("restricted building: this line touches an island your opponent controls")
        self._take_from_hand(state, seat, card)
        state.discards.append(card)
        events = [Event("card_played", {"seat": seat, "card": ISLANDS[card], "purpose": "build"})]
        self._place_bridge(state, seat, line, events)
        return events

    def _place_bridge(self, state, seat: int, line: int, events: list) -> None:
        """Build, then the cascade: islands won, the opponent's bridges there cleared, stones lost."""
        state.bridges[line] = seat
        state.placed[seat] += 1
        counts = state.counts[seat]
        stones = state.stones
        ends = LINE_ENDS[line]
        owned = state.owned[seat]
        bit_a, bit_b = LINE_BITS[line]
        owned[ends[0]] |= bit_a
        owned[ends[1]] |= bit_b
        events.append(Event("bridge_built", {"seat": seat, "line": LINE_IDS[line]}))
        won = []
        for island in ends:
            counts[island] += 1
            if stones[island] == -1 and counts[island] >= THRESHOLD[island]:
                stones[island] = seat
                won.append(island)
                events.append(Event("stone_placed", {"island": ISLANDS[island], "seat": seat,
                                                     "supply_empty": stones.count(seat) > STONES_PER_PLAYER}))
        opponent = 1 - seat
        for island in won:
            for other in LINES_BY_MASK[island][state.owned[opponent][island]]:
                self._remove_bridge(state, other, events, seat, "capture", island)

    def _remove_bridge(self, state, line: int, events: list, by: int, cause: str, island: int | None = None):
        owner = state.bridges[line]
        state.bridges[line] = -1
        state.placed[owner] -= 1
        counts = state.counts[owner]
        owned = state.owned[owner]
        a, b = LINE_ENDS[line]
        bit_a, bit_b = LINE_BITS[line]
        owned[a] &= ~bit_a
        owned[b] &= ~bit_b
        data = {"line": LINE_IDS[line], "owner": owner, "by": by, "cause": cause}
        if island is not None:
            data["island"] = ISLANDS[island]
        events.append(Event("bridge_removed", data))
        for end in LINE_ENDS[line]:
            counts[end] -= 1
            if state.stones[end] == owner and counts[end] < THRESHOLD[end]:
                state.stones[end] = -1
                events.append(Event("stone_lost", {"island": ISLANDS[end], "seat": owner}))

    def _remove(self, state, seat, action):
        hand = self._require_hand(state, seat)
        cards = action.get("cards")
        if not isinstance(cards, list) or len(cards) != 2:
            raise IllegalAction("a removal takes exactly two cards")
        first, second = sorted((_island(cards[0]), _island(cards[1])))
        line = _line(action.get("line"))
        a, b = LINE_ENDS[line]
        if first not in (a, b) or second not in (a, b):
            raise IllegalAction(f"both cards must name an end of {LINE_IDS[line]}")
        if hand[first] < (2 if first == second else 1) or not hand[second]:
            raise IllegalAction("you do not hold those two cards")
        owner = state.bridges[line]
        if owner == -1:
            raise IllegalAction(f"there is no bridge on {LINE_IDS[line]}")
        if owner == seat and not state.options.destroy_own:
            raise IllegalAction("you may remove only your opponent's bridges")
        events = []
        for card in (first, second):
            self._take_from_hand(state, seat, card)
            state.discards.append(card)
            events.append(Event("card_played", {"seat": seat, "card": ISLANDS[card], "purpose": "remove"}))
        self._remove_bridge(state, line, events, seat, "cards")
        return events

    def _discard(self, state, seat, action):
        hand = self._require_hand(state, seat)
        card = _island(action.get("card"))
        if not hand[card]:
            raise IllegalAction(f"you hold no {ISLANDS[card]} card")
        hand[card] -= 1
        state.hand_sizes[seat] -= 1
        # The others saw which cards came from the display, not which card went face down:
        # one of each known kind may be the one that left.
        known = state.known[seat]
        for kind in range(ISLAND_COUNT):
            if known[kind]:
                known[kind] -= 1
        hidden = state.hidden[seat]
        if hidden is not None:
            hidden[card] += 1
        state.hidden_sizes[seat] += 1
        return [Event("card_discarded", {"seat": seat, "card": ISLANDS[card]}, audience=seat,
                      public={"seat": seat, "count": 1})]

    def _draw(self, state, seat, action):
        if state.phase != PLAY:
            raise IllegalAction("no cards are left to draw")
        if state.hand_sizes[seat] >= HAND_LIMIT:
            raise IllegalAction("you hold 5 cards: play or discard one before drawing")
        source = action.get("source")
        if source == "pile":
            if not state.pile_size:
                raise IllegalAction("the pile is empty")
            events = [Event("pile_draw", {"seat": seat})]
            state.pending.append(seat)
        elif source == "display":
            card = _island(action.get("card"))
            if card not in state.display:
                raise IllegalAction(f"no {ISLANDS[card]} card is in the display")
            state.display.remove(card)
            hand = state.hands[seat]
            if hand is not None:
                hand[card] += 1
            state.hand_sizes[seat] += 1
            state.known[seat][card] += 1
            events = [Event("card_drawn", {"seat": seat, "source": "display", "card": ISLANDS[card]})]
            if state.pile_size:
                state.pending.append(REVEAL)
        else:
            raise IllegalAction("draw from the 'display' or the 'pile'")
        self._end_turn(state, seat, True, events)
        return events

    def _pass(self, state, seat, action):
        if state.phase == PLAY and state.options.always_draw:
            raise IllegalAction("every turn ends with a draw in this game")
        if must_draw(state):
            raise IllegalAction("anti-stall rule: your opponent did not draw last turn, so you must draw")
        events = []
        self._end_turn(state, seat, False, events)
        return events

    # -- turns and rounds -------------------------------------------------------------------------
    def _end_turn(self, state, seat: int, drew: bool, events: list) -> None:
        opponent = 1 - seat
        if not drew:
            events.append(Event("passed", {"seat": seat}))
        if state.phase == FINAL:
            state.final_turns -= 1
            if state.final_turns:
                state.turn = opponent
            else:
                self._score_round(state, events)
                self._finish(state, "final", events)
            return
        state.must_draw = not drew
        state.turn = opponent
        if state.display or state.pile_size:
            return
        if state.round < ROUNDS:
            self._score_round(state, events)
            losers = [s for s in (0, 1) if state.placed[s] == 0] if state.options.early_end else []
            if losers:
                state.early_losers = losers
                self._finish(state, "early", events)
                return
            self._new_round(state, events)
        else:
            state.phase = FINAL
            state.final_turns = 2
            state.must_draw = False
            events.append(Event("final_turns", {"seat": opponent}))

    def _score_round(self, state, events: list) -> None:
        stones = [controls(state, 0), controls(state, 1)]
        diff = stones[0] - stones[1]
        award = ROUND_POINTS.get(state.round, abs(diff))
        points = [award if diff > 0 else 0, award if diff < 0 else 0]
        state.points = [state.points[0] + points[0], state.points[1] + points[1]]
        state.history.append((state.round, tuple(stones), tuple(points)))
        events.append(Event("round_scored", {"round": state.round, "stones": stones, "points": points,
                                             "totals": state.points[:]}))

    def _new_round(self, state, events: list) -> None:
        hidden = state.hidden
        if state.pile is None or hidden[0] is None or hidden[1] is None:
            state.pile = None
        else:
            pile = [0] * ISLAND_COUNT
            for card in state.discards:
                pile[card] += 1
            for seat in (0, 1):
                for card in range(ISLAND_COUNT):
                    pile[card] += hidden[seat][card]
            state.pile = pile
        state.pile_size = len(state.discards) + state.hidden_sizes[0] + state.hidden_sizes[1]
        state.discards = []
        state.hidden = [[0] * ISLAND_COUNT, [0] * ISLAND_COUNT]
        state.hidden_sizes = [0, 0]
        state.round += 1
        state.must_draw = False
        state.pending.extend([REVEAL] * DISPLAY_SIZE)
        events.append(Event("round_started", {"round": state.round, "seat": state.turn, "pile": state.pile_size}))

    def _finish(self, state, reason: str, events: list) -> None:
        state.phase = OVER
        state.ended = reason
        state.turn = None
        result = self.result(state)
        events.append(Event("game_over", {"reason": reason, "scores": list(result.scores),
                                          "winners": result.winners, "losers": state.early_losers[:]}))

    # -- hidden information -----------------------------------------------------------------------
    def observe(self, state, seat):
        seen = state.copy()
        if seat is None:
            return seen
        opponent = 1 - seat
        seen.hands[opponent] = None
        seen.hidden[opponent] = None
        seen.pile = None
        return seen

    def unseen_cards(self, observation, seat: int) -> list[int]:
        """Per island, the cards ``seat`` cannot place: the opponent's unknown hand cards, the
        opponent's face-down discards and the pile."""
        opponent = 1 - seat
        unseen = [CARDS_PER_ISLAND] * ISLAND_COUNT
        for card in observation.display:
            unseen[card] -= 1
        for card in observation.discards:
            unseen[card] -= 1
        own_hand, own_hidden, known = observation.hands[seat], observation.hidden[seat], observation.known[opponent]
        for card in range(ISLAND_COUNT):
            unseen[card] -= own_hand[card] + own_hidden[card] + known[card]
        return unseen

    def determinize(self, observation, seat, rng):
        full = observation.copy()
        opponent = 1 - seat
        if full.pile is not None and full.hands[opponent] is not None and full.hidden[opponent] is not None:
            return full
        unseen = self.unseen_cards(observation, seat)
        pool = [card for card in range(ISLAND_COUNT) for _ in range(unseen[card])]
        rng.shuffle(pool)
        hand = observation.known[opponent][:]
        free = observation.hand_sizes[opponent] - sum(hand)
        for card in pool[:free]:
            hand[card] += 1
        hidden = [0] * ISLAND_COUNT
        taken = free + observation.hidden_sizes[opponent]
        for card in pool[free:taken]:
            hidden[card] += 1
        pile = [0] * ISLAND_COUNT
        for card in pool[taken:]:
            pile[card] += 1
        if len(pool) - taken != observation.pile_size:
            raise ValueError("the observation's card counts are inconsistent")
        full.hands[opponent] = hand
        full.hidden[opponent] = hidden
        full.pile = pile
        return full

    # -- the end ----------------------------------------------------------------------------------
    def result(self, state):
        if state.phase != OVER:
            return None
        scores = tuple(state.points)
        round_stones = [list(stones) for _, stones, _ in state.history]
        details = {"points": list(scores), "round_stones": round_stones,
                   "bridges": state.placed[:], "stones": [controls(state, 0), controls(state, 1)]}
        if state.ended == "early":
            losers = state.early_losers
            if len(losers) == 2:
                details.update(decided_key="kahuna.result.early_both", decided_fields={"round": state.round})
                return Result(scores, (0, 0), details)
            loser = losers[0]
            details.update(decided_key="kahuna.result.early_end",
                           decided_fields={"n": loser + 1, "round": state.round})
            return Result(scores, (1, 0) if loser == 0 else (0, 1), details)
        final = state.history[-1][1]
        keys = [
            (scores[0], final[0] - final[1], state.placed[0]),
            (scores[1], final[1] - final[0], state.placed[1]),
        ]
        ranks = ranks_from_keys([(k[0], k[1] > 0, k[2]) for k in keys])
        if scores[0] != scores[1]:
            decided = "kahuna.result.points"
        elif final[0] != final[1]:
            decided = "kahuna.result.round3"
        elif state.placed[0] != state.placed[1]:
            decided = "kahuna.result.bridges"
        else:
            decided = "kahuna.result.draw"
        details.update(decided_key=decided, decided_fields={"a": scores[0], "b": scores[1]})
        return Result(scores, ranks, details)

    def scores(self, state):
        return list(state.points)

    def progress(self, state):
        if state.phase == SETUP:
            return ("kahuna.progress.setup", {})
        fields = {"round": state.round, "a": state.points[0], "b": state.points[1]}
        if state.phase == OVER:
            return ("kahuna.progress.over", fields)
        if state.phase == FINAL:
            return ("kahuna.progress.final", fields)
        return ("kahuna.progress.round", fields)

    # -- notation ---------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        def cards(counts):
            return None if counts is None else [ISLANDS[c] for c in range(ISLAND_COUNT) for _ in range(counts[c])]

        pending = []
        for step in state.pending:
            if step == START:
                pending.append({"type": "start_player"})
            elif step == REVEAL:
                pending.append({"type": "reveal"})
            else:
                pending.append({"type": "deal", "seat": step})
        return {
            "format": FORMAT,
            "options": state.options.to_dict(),
            "round": state.round,
            "phase": state.phase,
            "turn": state.turn,
            "start_player": state.start_player,
            "bridges": {LINE_IDS[line]: owner for line, owner in enumerate(state.bridges) if owner != -1},
            "stones": {ISLANDS[island]: owner for island, owner in enumerate(state.stones) if owner != -1},
            "hands": [cards(hand) for hand in state.hands],
            "hand_sizes": state.hand_sizes[:],
            "known": [cards(known) for known in state.known],
            "display": [ISLANDS[c] for c in state.display],
            "pile": cards(state.pile),
            "pile_size": state.pile_size,
            "discards": [ISLANDS[c] for c in state.discards],
            "hidden_discards": [cards(hidden) for hidden in state.hidden],
            "hidden_discard_sizes": state.hidden_sizes[:],
            "must_draw": state.must_draw,
            "final_turns": state.final_turns,
            "pending": pending,
            "points": state.points[:],
            "history": [{"round": r, "stones": list(s), "points": list(p)} for r, s, p in state.history],
            "ended": state.ended,
            "early_losers": state.early_losers[:],
        }

    def from_json(self, data) -> KahunaState:
        return notation.read_position(_parse_position, data, "Kahuna")


def _parse_position(data) -> KahunaState:
    position = notation.Fields(data, "a Kahuna position")
    if position.get("format", FORMAT) not in (FORMAT, FORMAT_BEFORE_ANTI_STALL):
        raise ValueError(f"unknown position format {position.get('format')!r} (expected {FORMAT})")
    options = position.mapping("options", default={})
    if position.get("format", FORMAT) == FORMAT_BEFORE_ANTI_STALL:
        options = {"anti_stall": True, **options}
    state = empty_state(Options.from_dict(options))
    _read_turn(state, position)
    _read_bridges(state, position)
    _read_stones(state, position)
    _read_hands(state, position)
    _read_open_cards(state, position)
    _read_pile(state, position)
    _read_chance_steps(state, position)
    _read_scores(state, position)
    _read_end(state, position)
    return state


def _read_turn(state: KahunaState, position: notation.Fields) -> None:
    """The round, the phase, who began and whose turn it is."""
    state.round = position.whole("round", 1, ROUNDS, default=1)
    state.phase = position.one_of("phase", PHASES, default=PLAY)
    if state.phase == FINAL and state.round != ROUNDS:
        raise ValueError("the final turns belong to round 3")
    state.start_player = position.seat("start_player", 2, optional=True,
                                       default=0 if state.phase != SETUP else None)
    state.turn = position.seat("turn", 2, optional=state.phase in (SETUP, OVER),
                               default=0 if state.phase in (PLAY, FINAL) else None)


def _read_bridges(state: KahunaState, position: notation.Fields) -> None:
    """The bridges, and the counts and masks kept in step with them."""
    for line_id, owner in position.mapping("bridges", "{line: seat}", default={}).items():
        if line_id not in LINE_INDEX:
            raise ValueError(f"{line_id!r} is not a line (write it as in 'ALOA-BARI')")
        owner = notation.seat(owner, 2, f"the owner of {line_id}")
        line = LINE_INDEX[line_id]
        state.bridges[line] = owner
        state.placed[owner] += 1
        for end, bit in zip(LINE_ENDS[line], LINE_BITS[line], strict=True):
            state.counts[owner][end] += 1
            state.owned[owner][end] |= bit
    for player in (0, 1):
        if state.placed[player] > BRIDGES_PER_PLAYER:
            raise ValueError(f"seat {player} has more than {BRIDGES_PER_PLAYER} bridges on the board")


def _read_stones(state: KahunaState, position: notation.Fields) -> None:
    """The stones the bridge majorities give; "stones", when given, must say the same."""
    for island in range(ISLAND_COUNT):
        for player in (0, 1):
            if state.counts[player][island] >= THRESHOLD[island]:
                state.stones[island] = player
    if "stones" in position:
        given = [-1] * ISLAND_COUNT
        for island_name, owner in position.mapping("stones", "{island: seat}").items():
            island = notation.name(island_name, ISLAND_INDEX, "stones", "an island")
            given[island] = notation.seat(owner, 2, f"the stone on {island_name}")
        if given != state.stones:
            raise ValueError("the stones do not match the bridge majorities")


def _cards_or_hidden(value, what: str) -> list[int] | None:
    """A list of island names as counts per island, or None where the notation hides them."""
    return None if value is None else notation.tally(value, ISLAND_INDEX, what, "an island")


def _read_hands(state: KahunaState, position: notation.Fields) -> None:
    """The hands (or their sizes where hidden) and the cards of them everyone knows."""
    hands = position.items("hands", count=2, default=[[], []])
    state.hands = [_cards_or_hidden(hand, f"hand of seat {s}") for s, hand in enumerate(hands)]
    state.hand_sizes = position.wholes("hand_sizes", 2, 0, HAND_LIMIT,
                                       default=[sum(h) if h is not None else None for h in state.hands])
    known = position.items("known", count=2, default=[[], []])
    state.known = [notation.tally(cards, ISLAND_INDEX, f"known cards of seat {s}", "an island")
                   for s, cards in enumerate(known)]
    for player in (0, 1):
        hand = state.hands[player]
        if hand is not None and sum(hand) != state.hand_sizes[player]:
            raise ValueError(f"seat {player}'s hand does not have {state.hand_sizes[player]} cards")
        if sum(state.known[player]) > state.hand_sizes[player]:
            raise ValueError(f"seat {player} has more known cards than cards in hand")
        if hand is not None and any(k > h for k, h in zip(state.known[player], hand, strict=True)):
            raise ValueError(f"seat {player}'s known cards are not in their hand")


def _read_open_cards(state: KahunaState, position: notation.Fields) -> None:
    """The display, the face-up discards and the face-down ones (or their sizes where hidden)."""
    state.display = position.names("display", ISLAND_INDEX, "an island", default=[])
    if len(state.display) > DISPLAY_SIZE:
        raise ValueError("the display holds at most 3 cards")
    state.discards = position.names("discards", ISLAND_INDEX, "an island", default=[])
    hidden = position.items("hidden_discards", count=2, default=[[], []])
    state.hidden = [_cards_or_hidden(cards, f"hidden discards of seat {s}") for s, cards in enumerate(hidden)]
    state.hidden_sizes = position.wholes("hidden_discard_sizes", 2, 0, CARDS_PER_ISLAND * ISLAND_COUNT,
                                         default=[sum(h) if h is not None else None for h in state.hidden])
    for player in (0, 1):
        if state.hidden[player] is not None and sum(state.hidden[player]) != state.hidden_sizes[player]:
            raise ValueError(f"seat {player}'s hidden discards do not number {state.hidden_sizes[player]}")


def _visible_cards(state: KahunaState) -> list[int]:
    """Counts per island of every card the position shows (known cards of a hidden hand included)."""
    visible = [0] * ISLAND_COUNT
    for card in state.display + state.discards:
        visible[card] += 1
    for collection in state.hands + state.hidden:
        if collection is not None:
            for card in range(ISLAND_COUNT):
                visible[card] += collection[card]
    for player in (0, 1):
        if state.hands[player] is None:
            for card in range(ISLAND_COUNT):
                visible[card] += state.known[player][card]
    return visible


def _read_pile(state: KahunaState, position: notation.Fields) -> None:
    """The pile (all cards not elsewhere when left out) and the check that the 24 cards add up."""
    visible = _visible_cards(state)
    if any(count > CARDS_PER_ISLAND for count in visible):
        raise ValueError("more than two cards of an island")
    if "pile" in position and position.get("pile") is None:
        if "pile_size" not in position:
            raise ValueError("pile_size must be given when the pile is hidden")
        state.pile = None
        state.pile_size = position.whole("pile_size", 0, CARDS_PER_ISLAND * ISLAND_COUNT)
    else:
        if "pile" in position:
            state.pile = notation.tally(position.get("pile"), ISLAND_INDEX, "pile", "an island")
        elif None in state.hands or None in state.hidden:
            raise ValueError("the pile must be given when hands or discards are hidden")
        else:
            state.pile = [CARDS_PER_ISLAND - count for count in visible]
        state.pile_size = sum(state.pile)
        if position.get("pile_size", state.pile_size) != state.pile_size:
            raise ValueError("pile_size does not match the pile")
    total = (sum(state.hand_sizes) + len(state.display) + state.pile_size + len(state.discards)
             + sum(state.hidden_sizes))
    if total != CARDS_PER_ISLAND * ISLAND_COUNT:
        raise ValueError(f"the position holds {total} cards, not 24")
    if state.pile is not None and None not in state.hands and None not in state.hidden:
        for card in range(ISLAND_COUNT):
            if visible[card] + state.pile[card] != CARDS_PER_ISLAND:
                raise ValueError(f"there must be exactly two {ISLANDS[card]} cards")


def _read_chance_steps(state: KahunaState, position: notation.Fields) -> None:
    """The anti-stall rule, the final turns left and the chance steps due."""
    state.must_draw = position.flag("must_draw", default=False)
    state.final_turns = position.whole("final_turns", 0, 2, default=2 if state.phase == FINAL else 0)
    if state.final_turns not in ((1, 2) if state.phase == FINAL else (0,)):
        raise ValueError("final_turns is 1 or 2 in phase final, else 0")
    state.pending = [_pending_step(step) for step in position.items("pending", default=[])]
    if state.phase == SETUP and not state.pending:
        raise ValueError("phase setup needs pending chance steps")
    if state.phase == PLAY and not state.pending and (not state.display and not state.pile_size):
        raise ValueError("a round in play needs cards in the display or the pile")
    if state.pending and state.phase == OVER:
        raise ValueError("a finished game has no pending chance steps")
    if state.pending.count(REVEAL) > DISPLAY_SIZE - len(state.display):
        raise ValueError("more reveals pending than free display places")
    if (START in state.pending) != (state.start_player is None):
        raise ValueError("the start player is either drawn or pending")
    if len(state.pending) > state.pile_size + (1 if START in state.pending else 0):
        raise ValueError("more cards pending than the pile holds")


def _pending_step(step) -> int:
    kind = step.get("type") if isinstance(step, dict) else None
    if kind == "start_player":
        return START
    if kind == "reveal":
        return REVEAL
    if kind == "deal":
        return notation.seat(step.get("seat"), 2, "a pending deal's seat")
    raise ValueError(f"unknown pending step {step!r}")


def _read_scores(state: KahunaState, position: notation.Fields) -> None:
    """The points and the scored rounds they come from."""
    state.points = position.wholes("points", 2, 0, 15, default=[0, 0])
    for number, entry in enumerate(position.items("history", default=[]), start=1):
        if not isinstance(entry, dict) or entry.get("round") != number:
            raise ValueError("history lists the scored rounds in order")
        state.history.append((number, tuple(notation.wholes(entry.get("stones"), "history stones", 2, 0, 12)),
                              tuple(notation.wholes(entry.get("points"), "history points", 2, 0, 12))))
    if [sum(h[2][s] for h in state.history) for s in (0, 1)] != state.points:
        raise ValueError("points must be the sum of the history's points")


def _read_end(state: KahunaState, position: notation.Fields) -> None:
    """How a finished game ended, and the scored rounds that needs."""
    state.ended = position.get("ended", None)
    state.early_losers = position.seats("early_losers", 2, default=[])
    if state.phase == OVER:
        if state.ended == "final":
            if len(state.history) != ROUNDS:
                raise ValueError("a game ended normally has three scored rounds")
        elif state.ended == "early":
            if not state.early_losers:
                raise ValueError("an early end names its losers")
        else:
            raise ValueError("a finished game says whether it ended 'final' or 'early'")
    elif state.ended is not None or state.early_losers:
        raise ValueError("only a finished game has an end")
    expected_history = state.round - 1 + (1 if state.phase == OVER and state.ended == "final" else 0)
    if state.phase == OVER and state.ended == "early":
        expected_history = state.round
    if len(state.history) != expected_history:
        raise ValueError(f"round {state.round} needs {expected_history} scored rounds in the history")


RULES = KahunaRules()
