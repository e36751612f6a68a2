"""Cannonades (2-5 players): the rules engine.

Every player commands a fleet of up to four ships, added face down from hand. On a turn a player
draws ``5 - ships`` cards (on their first turn too, unless the option for BGA's skip is on), then
takes up to four actions: Add a ship, Shoot an opponent's ship with a cannonade, discard a card to
Draw ``1 + its Grins``, or Board an opponent's ship with one of their own face-up ships. A hit
turns the target face up and sinks it when its colour is one of the attacking colours. Captain Grin
icons on ships in play give their owner reactions against the attacker. A fleet with no ships is
out; the last captain afloat wins.
When the pile runs out the standoff starts: everyone plays one final turn and the survivors are
ranked by ships, different icons, ships facing the same way, cards in hand, and the trigger.
The reference is the project's rules document for Cannonades, with its recommended choices.

Position notation (``to_json``), a JSON object; seats are numbered from 0:

- ``players``: 2..5. ``options``: every option key with its value (see ``OPTION_CHOICES``); options written
  before ``first_draw`` existed lack it and keep the rule of the time, BGA's skip (``LEGACY_OPTIONS``).
- Cards are named by kind codes. A ship is its colour letter and its Grin count: ``B0 B1 B2 G0 G1
  G2 P0 P1 O0 O1 R0 R2 Y0 Y1`` (``R0`` only in the full deck). A cannonade is its colour letters in
  printed order: ``BG GB YP PY ORY ROY`` (``PY`` only in the full deck). Letters: B blue, G green,
  P purple, O orange, R red, Y yellow. ``"?"`` is a card hidden from the observer.
- ``pile``: ``{code: count}`` of the face-down draw pile (its order is never fixed: every card
  leaves it by a CHANCE ``deal``), or null in an observation. ``pile_size``: its number of cards.
- ``discard``: the face-up discard pile, oldest first. ``hands``: one list of codes per seat.
- ``ships``: per seat, the area left to right as ``[code, face_up]`` pairs.
- ``alive``: per seat. ``eliminated``: seats in the order they went out.
- ``turns_taken``: turns begun per seat (0 means the next one is the seat's first turn).
- ``phase``: ``start`` (CHANCE picks the start player), ``setup`` (dealing and mulligans),
  ``actions`` (``current`` acts, ``actions_left`` of 4, ``first_turn`` forbids Shoot and Board),
  ``reaction`` (the head of ``reactions`` decides), ``forced_discard`` (``forced_seat`` chooses a
  card to lose), ``limit`` (``current`` discards to the hand limit), ``pick`` (``pick_seat`` takes
  a cannonade from the discard; ``pick_then`` is ``queue`` for the trigger's pick, ``actions`` for a
  final turn's), ``take`` (CHANCE picks the card ``take_by`` takes from ``take_from``'s hand),
  ``over`` (``end_reason`` is ``last_standing`` or ``standoff``). ``spoils``: the eliminated hand set
  aside while ``take`` is due (the rest goes to the discard after the take).
- ``draws_due``: cards still to deal to ``drawer`` (CHANCE acts while it is above 0);
  ``ships_only`` restricts them to ships (the BGA deal); ``after_draw`` says what follows
  (``setup``, ``turn``, ``action``, ``reaction``). ``deal_queue``: ``[seat, count, ships_only]``
  deals still to make in the setup; ``mulligan_at``: how many seats (from the start player) have
  passed the mulligan check.
- ``reactions``: the queue of Grin reactions, ``[reacting seat, seat it is aimed at]``, first in,
  first out. ``standoff``, ``trigger`` (the seat that drew the last card) and ``final_queue`` (the
  seats still to play a final turn, the trigger last).
- ``remembered``: in an observation under the strict-memory option, the observer's own face-down
  ships (codes by slot, ``"?"`` for face-up ones) that its AI remembers; a table draws ``ships``.

Actions (JSON objects): ``add {card}``, ``shoot {card, seat, slot}``, ``draw {card}``,
``board {ship, seat, slot}`` (``ship`` is the slot of your own face-up ship), ``end``,
``discard {card}`` (hand limit or a reaction's forced discard), ``react {option: draw | discard |
reveal | pass}`` (``reveal`` with ``slot``), ``pick {card}``. CHANCE: ``start {seat}``,
``deal {card}`` (the next card off the pile), ``take {card}``.

Events (``Event.kind`` and data; seats numbered from 0, slots from 0 left to right): ``start {seat}``;
``deal {seat, card, pile, reason}`` (the card is seen by its drawer only); ``mulligan {seat, cards}``;
``turn {seat, turn, first, final, draw}``; ``add {seat, slot, card}`` (card for the owner only);
``shoot {seat, card, target, slot}``; ``board {seat, ship, card, target, slot}``;
``flip {seat, slot, card, cause: hit | reaction | final}``; ``sink {seat, slot, card, by}`` (the
ship leaves its slot, later slots shift left); ``survive {seat, slot, card, by}``;
``discard {seat, cards, reason: played | draw | limit | reaction | eliminated}``;
``grin {seat, against, card, cause: reveal | sink | board}`` (a reaction is queued);
``vendetta {seat, against}`` (a reaction starts); ``react {seat, against, option, slot?}``;
``eliminated {seat, by}``; ``take {seat, from, card}`` (card for the taker only);
``standoff {seat, cancelled}``; ``pick {seat, card, index}``; ``end_turn {seat}``;
``game_over`` (the ``Result`` as JSON: ``details`` holds ``reason``, the tie-break ``keys`` per
survivor, ``tiebreak_step`` 1-5 that decided, 0 for none, and ``decided_key`` for the text).
Under strict memory the cards of ``deal``, ``add`` and ``take`` are seen by no seat. A ``flip`` and a
discarded hand are flagged as revealing (``Event.reveals``), and so is a card discarded by another's
reaction.

Helpers for the table: ``is_self_eliminating(state, action)`` (ask for confirmation),
``is_futile(state, action)`` (a shot that cannot sink its face-up target), ``attack_mask(state,
action)`` (the colours a Shoot or Board attacks with) and ``sink_odds(observation, action)`` (the
chance that it sinks its target, from what the observer may know).

Engine choices where the reference is silent: a mulligan is made only while the pile holds more
than 5 cards, so the setup never empties it; the turn ends by itself once the fourth action and
its reactions are resolved.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import notation
from game.core.rules import CHANCE, Event, GameConfig, IllegalAction, Result, Ruleset, ranks_from_keys
from game.core.state_copy import DICT, LIST, SHARED, DeclaredCopy, each, optional
from game.games.cannonades.options import DEFAULT_OPTIONS, LEGACY_OPTIONS, OPTION_CHOICES
from game.resources import load_data

COLOURS = ("blue", "green", "purple", "orange", "red", "yellow")
LETTERS = "BGPORY"
UNKNOWN = -1
HIDDEN = "?"
START_HAND = 5
DRAW_TO = 5
ACTIONS_PER_TURN = 4
MAX_SHIPS = 4
MULLIGAN_SHIPS_AT_MOST = 1


@dataclass(frozen=True)
class CardKind:
    """One printed design: a ship (colour, Grins, facing) or a cannonade (colours)."""

    code: str
    ship: bool
    colours: tuple[str, ...]
    mask: int
    grins: int
    facing: str | None
    counts: tuple[int, int]  # copies in the standard and in the full deck


def _build_kinds() -> tuple[CardKind, ...]:
    data = load_data("cannonades_cards.json")
    extra = data["full_deck_additions"]
    kinds = []

    def mask_of(colours):
        return sum(1 << COLOURS.index(c) for c in colours)

    for entry, standard in [(s, True) for s in data["ships"]] + [(s, False) for s in extra["ships"]]:
        code = LETTERS[COLOURS.index(entry["color"])] + str(entry["icons"])
        counts = (entry["count"] if standard else 0, entry["count"])
        kinds.append(CardKind(code, True, (entry["color"],), mask_of([entry["color"]]), entry["icons"],
                              entry["facing"], counts))
    for entry, standard in [(c, True) for c in data["cannonades"]] + [(c, False) for c in extra["cannonades"]]:
        code = "".join(LETTERS[COLOURS.index(c)] for c in entry["colors"])
        counts = (entry["count"] if standard else 0, entry["count"])
        kinds.append(CardKind(code, False, tuple(entry["colors"]), mask_of(entry["colors"]), 0, None, counts))
    return tuple(kinds)


KINDS = _build_kinds()
CODES = tuple(k.code for k in KINDS)
CODE_INDEX = {code: i for i, code in enumerate(CODES)}
NUM_KINDS = len(KINDS)
IS_SHIP = tuple(k.ship for k in KINDS)
MASK = tuple(k.mask for k in KINDS)
GRINS = tuple(k.grins for k in KINDS)
FACES_LEFT = tuple(k.facing == "left" for k in KINDS)
SHIP_KINDS = tuple(i for i, k in enumerate(KINDS) if k.ship)
CANNONADE_KINDS = tuple(i for i, k in enumerate(KINDS) if not k.ship)
DECKS = {
    "standard": tuple(k.counts[0] for k in KINDS),
    "full": tuple(k.counts[1] for k in KINDS),
}

TIEBREAK_STEPS = ("ships", "icons", "facing", "hand", "trigger")


def code_of(kind: int) -> str:
    return HIDDEN if kind == UNKNOWN else CODES[kind]


def normalize_options(options: dict) -> dict:
    """Every option with its default filled in; ValueError for an unknown key or value."""
    normal = dict(DEFAULT_OPTIONS)
    for key, value in (options or {}).items():
        if key not in OPTION_CHOICES:
            raise ValueError(f"cannonades has no option {key!r}")
        if value not in OPTION_CHOICES[key]:
            raise ValueError(f"option {key} takes one of {OPTION_CHOICES[key]}, not {value!r}")
        normal[key] = value
    return normal


class CannonadesState(DeclaredCopy):
    """The whole position. Cards are kind indices into ``KINDS`` (``UNKNOWN`` where masked)."""

    __slots__ = {
        "players": SHARED, "options": DICT, "deck": SHARED, "pile": optional(LIST), "pile_size": SHARED,
        "discard": LIST, "hands": each(LIST), "ships": each(LIST), "up": each(LIST), "alive": LIST,
        "eliminated": LIST, "turns_taken": LIST, "phase": SHARED, "current": SHARED, "start_player": SHARED,
        "turn_number": SHARED, "first_turn": SHARED, "actions_left": SHARED, "draws_due": SHARED, "drawer": SHARED,
        "ships_only": SHARED, "after_draw": SHARED, "deal_queue": LIST, "mulligan_at": SHARED, "reactions": LIST,
        "forced_seat": SHARED, "pick_seat": SHARED, "pick_then": SHARED, "take_from": SHARED, "take_by": SHARED,
        "spoils": LIST, "standoff": SHARED, "trigger": SHARED, "final_queue": LIST, "end_reason": SHARED,
        "remembered": optional(LIST),
    }

    def __init__(self, players: int, options: dict):
        self.players = players
        self.options = options
        self.deck = DECKS[options["deck"]]
        self.pile = list(self.deck)
        self.pile_size = sum(self.deck)
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.ships: list[list[int]] = [[] for _ in range(players)]
        self.up: list[list[bool]] = [[] for _ in range(players)]
        self.alive = [True] * players
        self.eliminated: list[int] = []
        self.turns_taken = [0] * players
        self.phase = "start"
        self.current = 0
        self.start_player = 0
        self.turn_number = 0
        self.first_turn = True
        self.actions_left = 0
        self.draws_due = 0
        self.drawer = 0
        self.ships_only = False
        self.after_draw: str | None = None
        self.deal_queue: list[tuple[int, int, bool]] = []
        self.mulligan_at = 0
        self.reactions: list[tuple[int, int]] = []
        self.forced_seat = 0
        self.pick_seat = 0
        self.pick_then = "actions"
        self.take_from = 0
        self.take_by = 0
        self.spoils: list[int] = []
        self.standoff = False
        self.trigger: int | None = None
        self.final_queue: list[int] = []
        self.end_reason: str | None = None
        self.remembered: list[int] | None = None

    def alive_count(self) -> int:
        return sum(self.alive)

    def hand_limit(self) -> int:
        return 5 if self.options["hand_limit"] == "five" else self.alive_count() + 1


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def _card_arg(action: dict, name: str = "card") -> int:
    code = action.get(name)
    if not isinstance(code, str) or code not in CODE_INDEX:
        raise IllegalAction(f"{code!r} is not a Cannonades card (codes: {', '.join(CODES)})")
    return CODE_INDEX[code]


def _int_arg(action: dict, name: str) -> int:
    value = action.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction(f"the action needs a whole number {name!r}")
    return value


def _owner_sees(state, seat: int) -> int:
    """The audience of a card going into ``seat``'s hand or face down: the seat itself, or nobody under
    strict memory, where no log line may tell the owner what later became their face-down ship."""
    return Event.NOBODY if state.options["strict_memory"] else seat


def fleet_icons(kinds: list[int], bga: bool) -> int:
    """Tie-break 2: distinct colours, +1 when a Grin shows (BGA: when 2 or more Grins show)."""
    colours = len({MASK[k] for k in kinds})
    grins = sum(GRINS[k] for k in kinds)
    return colours + (1 if grins >= (2 if bga else 1) else 0)


def fleet_facing(kinds: list[int]) -> int:
    """Tie-break 3: the larger group of ships facing the same way."""
    left = sum(1 for k in kinds if FACES_LEFT[k])
    return max(left, len(kinds) - left)


class CannonadesRules(Ruleset):
    game_id = "cannonades"
    handlers = {
        ("actions", "add"): "_add",
        ("actions", "shoot"): "_shoot",
        ("actions", "draw"): "_draw_action",
        ("actions", "board"): "_board",
        ("actions", "end"): "_end_action",
        ("reaction", "react"): "_react",
        ("forced_discard", "discard"): "_forced_discard",
        ("limit", "discard"): "_limit_discard",
        ("pick", "pick"): "_pick",
    }

    # -- setup --------------------------------------------------------------------------------
    def new_game(self, config: GameConfig) -> CannonadesState:
        if not 2 <= config.players <= 5:
            raise ValueError(f"Cannonades takes 2 to 5 players, not {config.players}")
        return CannonadesState(config.players, normalize_options(config.options))

    def num_players(self, state):
        return state.players

    def clone(self, state):
        return state.copy()

    # -- whose decision -----------------------------------------------------------------------
    def to_act(self, state):
        phase = state.phase
        if phase == "over":
            return None
        if state.draws_due > 0 or phase in ("start", "take"):
            return CHANCE
        if phase == "reaction":
            return state.reactions[0][0]
        if phase == "forced_discard":
            return state.forced_seat
        if phase == "pick":
            return state.pick_seat
        return state.current

    def legal_actions(self, state):
        actor = self.to_act(state)
        if actor is None:
            return []
        if actor == CHANCE:
            return [action for action, _ in self._chance_list(state)]
        phase = state.phase
        if phase == "actions":
            return self._turn_actions(state)
        if phase == "reaction":
            return self._reaction_actions(state)
        if phase == "forced_discard":
            return [{"type": "discard", "card": CODES[k]} for k in _distinct(state.hands[state.forced_seat])]
        if phase == "limit":
            return [{"type": "discard", "card": CODES[k]} for k in _distinct(state.hands[state.current])]
        if phase == "pick":
            return [{"type": "pick", "card": CODES[k]}
                    for k in _distinct([c for c in state.discard if not IS_SHIP[c]])]
        return []

    def _turn_actions(self, state) -> list[dict]:
        seat = state.current
        hand = state.hands[seat]
        can_add = len(state.ships[seat]) < MAX_SHIPS
        can_attack = not state.first_turn
        targets = [(t, slot) for t in range(state.players) if t != seat and state.alive[t]
                   for slot in range(len(state.ships[t]))] if can_attack else []
        actions = []
        for kind in _distinct(hand):
            code = CODES[kind]
            if IS_SHIP[kind]:
                if can_add:
                    actions.append({"type": "add", "card": code})
            else:
                actions.extend({"type": "shoot", "card": code, "seat": t, "slot": s} for t, s in targets)
            if state.pile_size > 0:
                actions.append({"type": "draw", "card": code})
        for own, face_up in enumerate(state.up[seat]):
            if face_up:
                actions.extend({"type": "board", "ship": own, "seat": t, "slot": s} for t, s in targets)
        actions.append({"type": "end"})
        return actions

    def _reaction_actions(self, state) -> list[dict]:
        _, against = state.reactions[0]
        actions = []
        if state.pile_size > 0:
            actions.append({"type": "react", "option": "draw"})
        if state.hands[against]:
            actions.append({"type": "react", "option": "discard"})
        actions.extend({"type": "react", "option": "reveal", "slot": slot}
                       for slot, face_up in enumerate(state.up[against]) if not face_up)
        actions.append({"type": "react", "option": "pass"})
        return actions

    # -- chance -------------------------------------------------------------------------------
    def _chance_list(self, state) -> list[tuple[dict, float]]:
        if state.phase == "start":
            return [({"type": "start", "seat": s}, 1 / state.players) for s in range(state.players)]
        if state.phase == "take" and state.draws_due == 0:
            spoils = state.spoils
            return [({"type": "take", "card": CODES[k]}, spoils.count(k) / len(spoils)) for k in _distinct(spoils)]
        if state.pile is None:
            raise IllegalAction("the pile is hidden in an observation")
        allowed = SHIP_KINDS if state.ships_only else range(NUM_KINDS)
        total = sum(state.pile[k] for k in allowed)
        return [({"type": "deal", "card": CODES[k]}, state.pile[k] / total) for k in allowed if state.pile[k]]

    def chance_outcomes(self, state):
        return self._chance_list(state) if self.to_act(state) == CHANCE else None

    def sample_chance(self, state, rng):
        if state.phase == "start" and state.draws_due == 0:
            return {"type": "start", "seat": rng.randrange(state.players)}
        if state.phase == "take" and state.draws_due == 0:
            return {"type": "take", "card": CODES[rng.choice(state.spoils)]}
        allowed = SHIP_KINDS if state.ships_only else range(NUM_KINDS)
        pick = rng.randrange(sum(state.pile[k] for k in allowed))
        for kind in allowed:
            pick -= state.pile[kind]
            if pick < 0:
                return {"type": "deal", "card": CODES[kind]}
        raise IllegalAction("the pile is empty")

    # -- apply --------------------------------------------------------------------------------
    def apply(self, state, action):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is a mapping with a 'type'")
        actor = self.to_act(state)
        if actor is None:
            raise IllegalAction("the game is over")
        events: list[Event] = []
        kind = action["type"]
        if actor == CHANCE:
            self._apply_chance(state, action, kind, events)
            if state.phase == "over":
                events.append(Event("game_over", self.result(state).to_json()))
            return events
        handler = self.handler_for((state.phase, kind))
        if handler is None:
            raise IllegalAction(f"a {kind!r} action is not possible now (waiting for: {self._waiting(state)})")
        handler(self, state, action, events)
        if state.phase == "over":
            events.append(Event("game_over", self.result(state).to_json()))
        return events

    @staticmethod
    def _waiting(state) -> str:
        return {"actions": "an action or end of turn", "reaction": "a Grin reaction",
                "forced_discard": "a card to discard", "limit": "a discard to the hand limit",
                "pick": "a cannonade picked from the discard pile"}.get(state.phase, state.phase)

    def _apply_chance(self, state, action, kind, events):
        if state.draws_due > 0:
            if kind != "deal":
                raise IllegalAction("a card must be dealt from the pile now")
            card = _card_arg(action)
            if state.pile is None or state.pile[card] <= 0:
                raise IllegalAction(f"no {CODES[card]} is left in the pile")
            if state.ships_only and not IS_SHIP[card]:
                raise IllegalAction("the BGA deal gives ships first")
            self._deal_card(state, card, events)
        elif state.phase == "start":
            if kind != "start":
                raise IllegalAction("the start player must be chosen first")
            seat = _int_arg(action, "seat")
            if not 0 <= seat < state.players:
                raise IllegalAction(f"there is no seat {seat}")
            self._start(state, seat, events)
        elif state.phase == "take":
            if kind != "take":
                raise IllegalAction("a card must be taken from the eliminated hand now")
            card = _card_arg(action)
            if card not in state.spoils:
                raise IllegalAction(f"the eliminated hand holds no {CODES[card]}")
            self._take(state, card, events)
        else:
            raise IllegalAction("no random step is due")

    def _start(self, state, seat, events):
        state.start_player = seat
        state.current = seat
        state.phase = "setup"
        order = [(seat + i) % state.players for i in range(state.players)]
        if state.options["deal"] == "bga":
            state.deal_queue = [(s, 2, True) for s in order] + [(s, 3, False) for s in order]
            state.mulligan_at = state.players
        else:
            state.deal_queue = [(s, START_HAND, False) for s in order]
            state.mulligan_at = 0
        events.append(Event("start", {"seat": seat}))
        self._setup_continue(state, events)

    def _setup_continue(self, state, events):
        """Deal the next hand, or redraw a hand with too few ships, or start the first turn."""
        while True:
            if state.deal_queue:
                seat, count, ships_only = state.deal_queue.pop(0)
                self._begin_draws(state, seat, count, ships_only, "setup")
                return
            if state.mulligan_at < state.players:
                seat = (state.start_player + state.mulligan_at) % state.players
                hand = state.hands[seat]
                if sum(IS_SHIP[k] for k in hand) <= MULLIGAN_SHIPS_AT_MOST and state.pile_size > START_HAND:
                    state.discard.extend(hand)
                    events.append(Event("mulligan", {"seat": seat, "cards": [CODES[k] for k in hand]}))
                    hand.clear()
                    state.deal_queue.append((seat, START_HAND, False))
                    continue
                state.mulligan_at += 1
                continue
            break
        self._begin_turn(state, state.start_player, events)

    def _begin_draws(self, state, seat, count, ships_only, after):
        state.draws_due = count
        state.drawer = seat
        state.ships_only = ships_only
        state.after_draw = after

    def _deal_card(self, state, card, events):
        state.pile[card] -= 1
        state.pile_size -= 1
        state.draws_due -= 1
        seat = state.drawer
        state.hands[seat].append(card)
        reason = state.after_draw
        events.append(Event("deal", {"seat": seat, "card": CODES[card], "pile": state.pile_size, "reason": reason},
                            audience=_owner_sees(state, seat),
                            public={"seat": seat, "pile": state.pile_size, "reason": reason}))
        if state.pile_size == 0:
            state.draws_due = 0
        if state.draws_due > 0:
            return
        state.after_draw = None
        state.ships_only = False
        if reason == "setup":
            self._setup_continue(state, events)
        elif state.pile_size == 0 and not state.standoff:
            self._start_standoff(state, seat, events)
        elif reason in ("action", "reaction"):
            self._continue(state, events)

    # -- turns --------------------------------------------------------------------------------
    def _begin_turn(self, state, seat, events):
        state.current = seat
        state.first_turn = state.turns_taken[seat] == 0
        state.turns_taken[seat] += 1
        state.turn_number += 1
        state.actions_left = ACTIONS_PER_TURN
        state.phase = "actions"
        final = state.standoff
        skip = final or (state.first_turn and state.options["first_draw"] == "bga")
        draw = 0 if skip else min(DRAW_TO - len(state.ships[seat]), state.pile_size)
        events.append(Event("turn", {"seat": seat, "turn": state.turn_number, "first": state.first_turn,
                                     "final": final, "draw": draw}))
        if final:
            if seat != state.trigger and any(not IS_SHIP[k] for k in state.discard):
                state.phase = "pick"
                state.pick_seat = seat
                state.pick_then = "actions"
        elif draw > 0:
            self._begin_draws(state, seat, draw, False, "turn")

    def _next_turn(self, state, events):
        if state.phase == "over":
            return
        if state.standoff:
            while state.final_queue:
                seat = state.final_queue.pop(0)
                if state.alive[seat]:
                    self._begin_turn(state, seat, events)
                    return
            self._finish(state, "standoff", events)
            return
        seat = state.current
        for _ in range(state.players):
            seat = (seat + 1) % state.players
            if state.alive[seat]:
                break
        self._begin_turn(state, seat, events)

    def _continue(self, state, events):
        """After an action or a reaction: the next reaction, the next action, or the end step."""
        if state.phase == "over":
            return
        state.reactions = [(r, a) for r, a in state.reactions if state.alive[r] and state.alive[a]]
        if state.reactions:
            state.phase = "reaction"
            reactor, against = state.reactions[0]
            events.append(Event("vendetta", {"seat": reactor, "against": against}))
        elif state.actions_left > 0:
            state.phase = "actions"
        else:
            self._end_step(state, events)

    def _end_step(self, state, events):
        seat = state.current
        events.append(Event("end_turn", {"seat": seat}))
        if not state.ships[seat]:
            self._eliminate(state, seat, None, events)
            self._next_turn(state, events)
            return
        skip_limit = state.standoff and seat == state.trigger and not state.options["trigger_discards"]
        if not skip_limit and len(state.hands[seat]) > state.hand_limit():
            state.phase = "limit"
            return
        self._next_turn(state, events)

    # -- actions ------------------------------------------------------------------------------
    def _hand_card(self, state, action, seat) -> int:
        card = _card_arg(action)
        if card not in state.hands[seat]:
            raise IllegalAction(f"there is no {CODES[card]} in that hand")
        return card

    def _target(self, state, action) -> tuple[int, int]:
        if state.first_turn:
            raise IllegalAction("no Shoot or Board on a player's first turn")
        target = _int_arg(action, "seat")
        slot = _int_arg(action, "slot")
        if not 0 <= target < state.players or target == state.current:
            raise IllegalAction("the target must be a ship of an opponent")
        if not state.alive[target]:
            raise IllegalAction("that player is out of the game")
        if not 0 <= slot < len(state.ships[target]):
            raise IllegalAction(f"seat {target} has no ship in slot {slot}")
        return target, slot

    def _add(self, state, action, events):
        seat = state.current
        card = self._hand_card(state, action, seat)
        if not IS_SHIP[card]:
            raise IllegalAction("only a ship card can be added")
        if len(state.ships[seat]) >= MAX_SHIPS:
            raise IllegalAction("an area holds at most 4 ships")
        state.actions_left -= 1
        state.hands[seat].remove(card)
        state.ships[seat].append(card)
        state.up[seat].append(False)
        slot = len(state.ships[seat]) - 1
        events.append(Event("add", {"seat": seat, "slot": slot, "card": CODES[card]}, audience=_owner_sees(state, seat),
                            public={"seat": seat, "slot": slot}))
        self._continue(state, events)

    def _shoot(self, state, action, events):
        seat = state.current
        card = self._hand_card(state, action, seat)
        if IS_SHIP[card]:
            raise IllegalAction("only a cannonade can be shot")
        target, slot = self._target(state, action)
        state.actions_left -= 1
        state.hands[seat].remove(card)
        events.append(Event("shoot", {"seat": seat, "card": CODES[card], "target": target, "slot": slot}))
        self._hit(state, seat, target, slot, MASK[card], events)
        state.discard.append(card)
        events.append(Event("discard", {"seat": seat, "cards": [CODES[card]], "reason": "played"}))
        if not self._busy(state):
            self._continue(state, events)

    def _board(self, state, action, events):
        seat = state.current
        own = _int_arg(action, "ship")
        if not 0 <= own < len(state.ships[seat]) or not state.up[seat][own]:
            raise IllegalAction("only one of your own face-up ships can board")
        target, slot = self._target(state, action)
        state.actions_left -= 1
        card = state.ships[seat].pop(own)
        state.up[seat].pop(own)
        events.append(Event("board", {"seat": seat, "ship": own, "card": CODES[card], "target": target,
                                      "slot": slot}))
        target_stays = self._hit(state, seat, target, slot, MASK[card], events)
        state.discard.append(card)
        events.append(Event("discard", {"seat": seat, "cards": [CODES[card]], "reason": "played"}))
        if target_stays and GRINS[card] >= 1:
            state.reactions.append((seat, target))
            events.append(Event("grin", {"seat": seat, "against": target, "card": CODES[card], "cause": "board"}))
        if not self._busy(state):
            self._continue(state, events)

    def _draw_action(self, state, action, events):
        seat = state.current
        card = self._hand_card(state, action, seat)
        if state.pile_size == 0:
            raise IllegalAction("the pile is empty: no Draw during the standoff")
        state.actions_left -= 1
        state.hands[seat].remove(card)
        state.discard.append(card)
        count = min(1 + GRINS[card], state.pile_size)
        events.append(Event("discard", {"seat": seat, "cards": [CODES[card]], "reason": "draw", "draw": count}))
        self._begin_draws(state, seat, count, False, "action")

    def _end_action(self, state, action, events):
        state.actions_left = 0
        self._end_step(state, events)

    # -- hits, reactions, elimination ----------------------------------------------------------
    def _hit(self, state, attacker, target, slot, mask, events) -> bool:
        """Resolve a Shoot or Board; True when the target's owner is still in the game."""
        ship = state.ships[target][slot]
        revealed = not state.up[target][slot]
        if revealed:
            state.up[target][slot] = True
            events.append(Event("flip", {"seat": target, "slot": slot, "card": CODES[ship], "cause": "hit"},
                                reveals=True))
        sunk = bool(MASK[ship] & mask)
        if sunk:
            state.ships[target].pop(slot)
            state.up[target].pop(slot)
            state.discard.append(ship)
            events.append(Event("sink", {"seat": target, "slot": slot, "card": CODES[ship], "by": attacker}))
        else:
            events.append(Event("survive", {"seat": target, "slot": slot, "card": CODES[ship], "by": attacker}))
        if not state.ships[target]:
            self._eliminate(state, target, attacker, events)
            return False
        causes = (["reveal"] if revealed and GRINS[ship] == 2 else []) + (["sink"] if sunk and GRINS[ship] else [])
        for cause in causes:
            state.reactions.append((target, attacker))
            events.append(Event("grin", {"seat": target, "against": attacker, "card": CODES[ship], "cause": cause}))
        return True

    def _react(self, state, action, events):
        reactor, against = state.reactions[0]
        option = action.get("option")
        if option == "draw":
            if state.pile_size == 0:
                raise IllegalAction("the pile is empty: a reaction cannot draw")
            state.reactions.pop(0)
            events.append(Event("react", {"seat": reactor, "against": against, "option": "draw"}))
            self._begin_draws(state, reactor, 1, False, "reaction")
            return
        if option == "discard":
            hand = state.hands[against]
            if not hand:
                raise IllegalAction("that player has no card to discard")
            state.reactions.pop(0)
            events.append(Event("react", {"seat": reactor, "against": against, "option": "discard"}))
            if len(hand) == 1:
                self._discard_from(state, against, hand[0], "reaction", events)
            else:
                state.phase = "forced_discard"
                state.forced_seat = against
                return
        elif option == "reveal":
            slot = _int_arg(action, "slot")
            if not 0 <= slot < len(state.ships[against]) or state.up[against][slot]:
                raise IllegalAction("choose one of that player's face-down ships")
            state.reactions.pop(0)
            ship = state.ships[against][slot]
            state.up[against][slot] = True
            events.append(Event("react", {"seat": reactor, "against": against, "option": "reveal", "slot": slot}))
            events.append(Event("flip", {"seat": against, "slot": slot, "card": CODES[ship], "cause": "reaction"},
                                reveals=True))
            if GRINS[ship] == 2:
                state.reactions.append((against, reactor))
                events.append(Event("grin", {"seat": against, "against": reactor, "card": CODES[ship],
                                             "cause": "reveal"}))
        elif option == "pass":
            state.reactions.pop(0)
            events.append(Event("react", {"seat": reactor, "against": against, "option": "pass"}))
        else:
            raise IllegalAction("a reaction is draw, discard, reveal (with a slot) or pass")
        self._continue(state, events)

    def _discard_from(self, state, seat, card, reason, events):
        state.hands[seat].remove(card)
        state.discard.append(card)
        events.append(Event("discard", {"seat": seat, "cards": [CODES[card]], "reason": reason},
                            reveals=state.phase == "reaction"))

    def _forced_discard(self, state, action, events):
        seat = state.forced_seat
        self._discard_from(state, seat, self._hand_card(state, action, seat), "reaction", events)
        self._continue(state, events)

    def _limit_discard(self, state, action, events):
        seat = state.current
        self._discard_from(state, seat, self._hand_card(state, action, seat), "limit", events)
        if len(state.hands[seat]) <= state.hand_limit():
            self._next_turn(state, events)

    def _eliminate(self, state, seat, attacker, events):
        state.alive[seat] = False
        state.eliminated.append(seat)
        state.reactions = [(r, a) for r, a in state.reactions if r != seat and a != seat]
        events.append(Event("eliminated", {"seat": seat, "by": attacker}))
        if state.alive_count() == 1:
            self._discard_hand(state, seat, events)
            self._finish(state, "last_standing", events)
            return
        if attacker is None or (not state.hands[seat] and state.options["elimination"] == "take_card"):
            self._discard_hand(state, seat, events)
            return
        if state.options["elimination"] == "take_card":
            state.phase = "take"
            state.take_from = seat
            state.take_by = attacker
            state.spoils = state.hands[seat]
            state.hands[seat] = []
            return
        self._discard_hand(state, seat, events)
        if state.pile_size > 0:
            self._begin_draws(state, attacker, 1, False, "action")

    def _discard_hand(self, state, seat, events, hand=None):
        hand = state.hands[seat] if hand is None else hand
        if hand:
            state.discard.extend(hand)
            events.append(Event("discard", {"seat": seat, "cards": [CODES[k] for k in hand],
                                            "reason": "eliminated"}, reveals=True))
            hand.clear()

    def _take(self, state, card, events):
        source, taker = state.take_from, state.take_by
        state.spoils.remove(card)
        state.hands[taker].append(card)
        events.append(Event("take", {"seat": taker, "from": source, "card": CODES[card]},
                            audience=_owner_sees(state, taker), public={"seat": taker, "from": source}))
        self._discard_hand(state, source, events, state.spoils)
        state.phase = "actions"
        self._continue(state, events)

    @staticmethod
    def _busy(state) -> bool:
        """A chance step (a take or a draw) or the end of the game interrupts the turn."""
        return state.draws_due > 0 or state.phase in ("take", "over")

    # -- standoff and the end ------------------------------------------------------------------
    def _start_standoff(self, state, trigger, events):
        state.standoff = True
        state.trigger = trigger
        cancelled = len(state.reactions)
        state.reactions = []
        state.actions_left = 0
        state.final_queue = [s for s in ((trigger + i) % state.players for i in range(1, state.players))
                             if state.alive[s]] + [trigger]
        events.append(Event("standoff", {"seat": trigger, "cancelled": cancelled}))
        if any(not IS_SHIP[k] for k in state.discard):
            state.phase = "pick"
            state.pick_seat = trigger
            state.pick_then = "queue"
        else:
            self._next_turn(state, events)

    def _pick(self, state, action, events):
        card = _card_arg(action)
        if IS_SHIP[card] or card not in state.discard:
            raise IllegalAction(f"there is no {CODES[card]} cannonade in the discard pile")
        index = len(state.discard) - 1 - state.discard[::-1].index(card)
        state.discard.pop(index)
        state.hands[state.pick_seat].append(card)
        events.append(Event("pick", {"seat": state.pick_seat, "card": CODES[card], "index": index}))
        if state.pick_then == "queue":
            self._next_turn(state, events)
        else:
            state.phase = "actions"

    def _finish(self, state, reason, events):
        state.phase = "over"
        state.end_reason = reason
        state.reactions = []
        state.draws_due = 0
        if reason == "standoff":
            for seat in range(state.players):
                for slot, face_up in enumerate(state.up[seat]):
                    if not face_up:
                        state.up[seat][slot] = True
                        events.append(Event("flip", {"seat": seat, "slot": slot,
                                                     "card": code_of(state.ships[seat][slot]), "cause": "final"},
                                            reveals=True))

    def tiebreak_keys(self, state, seat) -> tuple:
        """The five standoff keys of a surviving seat, best is highest."""
        fleet = state.ships[seat]
        bga = state.options["icon_tiebreak"] == "bga"
        return (len(fleet), fleet_icons(fleet, bga), fleet_facing(fleet), len(state.hands[seat]),
                1 if seat == state.trigger else 0)

    def result(self, state):
        if state.phase != "over":
            return None
        survivors = [s for s in range(state.players) if state.alive[s]]
        keys = []
        for seat in range(state.players):
            if state.alive[seat]:
                keys.append((1,) + self.tiebreak_keys(state, seat))
            else:
                keys.append((0, state.eliminated.index(seat)))
        ranks = ranks_from_keys(keys)
        scores = tuple(len(state.ships[s]) if state.alive[s] else 0 for s in range(state.players))
        details = {"reason": state.end_reason, "eliminated": list(state.eliminated)}
        winners = [s for s in survivors if ranks[s] == 0]
        details["winners"] = winners
        if state.end_reason == "last_standing":
            details.update(tiebreak_step=0, decided_key="cannonades.result.last_standing",
                           decided_fields={"n": survivors[0] + 1})
            return Result(scores, ranks, details)
        details["keys"] = {str(s): list(keys[s][1:]) for s in survivors}
        details["trigger"] = state.trigger
        best = keys[winners[0]]
        others = [keys[s] for s in survivors if ranks[s] != 0]
        if not others:
            details.update(tiebreak_step=0, decided_key="cannonades.result.shared",
                           decided_fields={"n": len(winners)})
        else:
            runner_up = max(others)
            step = next(i for i in range(1, 6) if best[i] != runner_up[i])
            details.update(tiebreak_step=step, tiebreak=TIEBREAK_STEPS[step - 1],
                           decided_key=f"cannonades.result.step.{TIEBREAK_STEPS[step - 1]}",
                           decided_fields={"n": winners[0] + 1})
        return Result(scores, ranks, details)

    # -- hidden information --------------------------------------------------------------------
    def observe(self, state, seat):
        seen = state.copy()
        if seat is None or state.pile is None:
            return seen
        seen.pile = None
        for other in range(state.players):
            if other != seat:
                seen.hands[other] = [UNKNOWN] * len(state.hands[other])
        seen.spoils = [UNKNOWN] * len(state.spoils)
        strict = state.options["strict_memory"] and 0 <= seat < state.players
        for owner in range(state.players):
            if owner == seat and not strict:
                continue
            seen.ships[owner] = [k if face_up else UNKNOWN
                                 for k, face_up in zip(state.ships[owner], state.up[owner], strict=True)]
        if strict:
            seen.remembered = [UNKNOWN if face_up else k
                               for k, face_up in zip(state.ships[seat], state.up[seat], strict=True)]
        return seen

    def determinize(self, observation, seat, rng):
        full = observation.copy()
        if observation.pile is not None:
            return full
        if observation.remembered is not None:
            full.ships[seat] = [k if m == UNKNOWN else m
                                for k, m in zip(full.ships[seat], observation.remembered, strict=True)]
            full.remembered = None
        unseen = list(full.deck)
        for k in full.discard:
            unseen[k] -= 1
        for cards in full.hands + full.ships + [full.spoils]:
            for k in cards:
                if k != UNKNOWN:
                    unseen[k] -= 1
        ship_pool = [k for k in SHIP_KINDS for _ in range(unseen[k])]
        rng.shuffle(ship_pool)
        for owner in range(full.players):
            fleet = full.ships[owner]
            for slot, k in enumerate(fleet):
                if k == UNKNOWN:
                    fleet[slot] = ship_pool.pop()
                    unseen[fleet[slot]] -= 1
        pool = [k for k in range(NUM_KINDS) for _ in range(unseen[k])]
        rng.shuffle(pool)
        for hand in full.hands + [full.spoils]:
            for i, k in enumerate(hand):
                if k == UNKNOWN:
                    hand[i] = pool.pop()
                    unseen[hand[i]] -= 1
        full.pile = unseen
        return full

    # -- notation -----------------------------------------------------------------------------
    def to_json(self, state):
        return {
            "players": state.players,
            "options": dict(state.options),
            "pile": None if state.pile is None else {CODES[k]: n for k, n in enumerate(state.pile) if n},
            "pile_size": state.pile_size,
            "discard": [CODES[k] for k in state.discard],
            "hands": [[code_of(k) for k in hand] for hand in state.hands],
            "ships": [[[code_of(k), face_up] for k, face_up in zip(state.ships[s], state.up[s], strict=False)]
                      for s in range(state.players)],
            "alive": list(state.alive),
            "eliminated": list(state.eliminated),
            "turns_taken": list(state.turns_taken),
            "phase": state.phase,
            "current": state.current,
            "start_player": state.start_player,
            "turn_number": state.turn_number,
            "first_turn": state.first_turn,
            "actions_left": state.actions_left,
            "draws_due": state.draws_due,
            "drawer": state.drawer,
            "ships_only": state.ships_only,
            "after_draw": state.after_draw,
            "deal_queue": [list(entry) for entry in state.deal_queue],
            "mulligan_at": state.mulligan_at,
            "reactions": [list(entry) for entry in state.reactions],
            "forced_seat": state.forced_seat,
            "pick_seat": state.pick_seat,
            "pick_then": state.pick_then,
            "take_from": state.take_from,
            "take_by": state.take_by,
            "spoils": [code_of(k) for k in state.spoils],
            "standoff": state.standoff,
            "trigger": state.trigger,
            "final_queue": list(state.final_queue),
            "end_reason": state.end_reason,
            "remembered": None if state.remembered is None else [code_of(k) for k in state.remembered],
        }

    def from_json(self, data):
        return notation.read_position(_parse_position, data, "Cannonades")

    def progress(self, state):
        if state.phase == "over":
            return ("cannonades.progress.over", {})
        if state.standoff:
            return ("cannonades.progress.standoff", {"turn": state.turn_number})
        return ("cannonades.progress.turn", {"turn": max(1, state.turn_number), "pile": state.pile_size})

    def scores(self, state):
        return [len(state.ships[s]) for s in range(state.players)]


PHASES = ("start", "setup", "actions", "reaction", "forced_discard", "limit", "pick", "take", "over")


LONGEST = 10_000
"""A bound on turn counts far past any real game, so a garbled count is refused rather than believed."""
AFTER_DRAW = (None, "setup", "turn", "action", "reaction")
END_REASONS = (None, "last_standing", "standoff")


def _card(code, what: str, allow_hidden: bool) -> int:
    """A card code; ``"?"`` (a card hidden from the observer) where ``allow_hidden``."""
    if code == HIDDEN and allow_hidden:
        return UNKNOWN
    return notation.name(code, CODE_INDEX, what, "a card code")


def _cards(value, what: str, allow_hidden: bool) -> list[int]:
    return [_card(code, what, allow_hidden) for code in notation.items(value, what)]


def _parse_position(data) -> CannonadesState:
    position = notation.Fields(data, "a Cannonades position")
    players = position.whole("players", 2, 5)
    state = CannonadesState(players, normalize_options({**LEGACY_OPTIONS, **position.mapping("options")}))
    _read_cards(state, position)
    _read_seats(state, position)
    _read_turn(state, position)
    _read_pending(state, position)
    if state.pile is not None:
        _check_deck(state)
    return state


def _read_cards(state: CannonadesState, position: notation.Fields) -> None:
    """The pile (null where hidden), the discard pile, the hands and the ships in every area."""
    players = state.players
    hidden = position.get("pile") is None
    deck_size = sum(state.deck)
    if hidden:
        state.pile = None
    else:
        state.pile = position.counts("pile", CODES, deck_size, every=False)
    state.pile_size = position.whole("pile_size", 0, deck_size)
    if not hidden and sum(state.pile) != state.pile_size:
        raise ValueError("pile_size does not match the pile")
    state.discard = _cards(position.get("discard"), "discard", False)
    hands = position.items("hands", count=players)
    state.hands = [_cards(hand, f"hand of seat {s}", hidden) for s, hand in enumerate(hands)]
    state.ships, state.up = [], []
    for s, fleet in enumerate(position.items("ships", count=players)):
        if len(notation.items(fleet, f"ships of seat {s}")) > MAX_SHIPS:
            raise ValueError("an area holds at most 4 ships")
        pairs = [notation.items(ship, f"a ship of seat {s} ([code, face_up])", count=2) for ship in fleet]
        kinds = [_card(code, f"ships of seat {s}", hidden) for code, _ in pairs]
        if any(k != UNKNOWN and not IS_SHIP[k] for k in kinds):
            raise ValueError("only ships can be in an area")
        state.ships.append(kinds)
        state.up.append([notation.flag(face_up, f"a ship of seat {s} face up") for _, face_up in pairs])
    state.spoils = _cards(position.get("spoils"), "spoils", hidden)
    remembered = position.get("remembered", None)
    state.remembered = None if remembered is None else _cards(remembered, "remembered", True)


def _read_seats(state: CannonadesState, position: notation.Fields) -> None:
    """Who is still afloat, who went out and in which order, and how many turns each has begun."""
    players = state.players
    state.alive = [notation.flag(a, "alive") for a in position.items("alive", count=players)]
    state.eliminated = position.seats("eliminated", players)
    if sorted(state.eliminated) != [s for s in range(players) if not state.alive[s]]:
        raise ValueError("eliminated must list exactly the seats that are out")
    for seat in state.eliminated:
        if state.hands[seat] or state.ships[seat]:
            raise ValueError(f"eliminated seat {seat} still holds cards")
    state.turns_taken = [notation.whole(t, "turns_taken", 0, LONGEST)
                         for t in position.items("turns_taken", count=players)]


def _read_turn(state: CannonadesState, position: notation.Fields) -> None:
    """The phase, the seats it names, the turn on the go and the standoff."""
    players = state.players
    state.phase = position.one_of("phase", PHASES)
    for name in ("current", "start_player", "drawer", "forced_seat", "pick_seat", "take_from", "take_by"):
        setattr(state, name, position.seat(name, players))
    state.turn_number = position.whole("turn_number", 0, LONGEST)
    state.first_turn = position.flag("first_turn")
    state.actions_left = position.whole("actions_left", 0, ACTIONS_PER_TURN)
    state.pick_then = position.one_of("pick_then", ("queue", "actions"))
    state.standoff = position.flag("standoff")
    state.trigger = position.seat("trigger", players, optional=True)
    if state.standoff != (state.trigger is not None):
        raise ValueError("a standoff needs its trigger, and only a standoff has one")
    state.final_queue = position.seats("final_queue", players)
    state.end_reason = position.one_of("end_reason", END_REASONS)
    if (state.phase == "over") != (state.end_reason is not None):
        raise ValueError("end_reason must be set exactly when the game is over")
    if (state.phase == "take") != bool(state.spoils):
        raise ValueError("spoils are set aside exactly while a card is being taken")


def _read_pending(state: CannonadesState, position: notation.Fields) -> None:
    """What chance and the players still owe: cards to deal, set-up deals, mulligans, reactions."""
    players = state.players
    state.draws_due = position.whole("draws_due", 0, sum(state.deck))
    state.ships_only = position.flag("ships_only")
    state.after_draw = position.one_of("after_draw", AFTER_DRAW)
    if (state.draws_due > 0) != (state.after_draw is not None) or state.draws_due > state.pile_size:
        raise ValueError("draws_due and after_draw disagree with each other or with the pile")
    state.deal_queue = []
    for entry in position.items("deal_queue"):
        dealt_to, count, ships_only = notation.items(entry, "deal_queue entry ([seat, count, ships_only])", count=3)
        state.deal_queue.append((notation.seat(dealt_to, players, "deal_queue"),
                                 notation.whole(count, "deal_queue count", 0, sum(state.deck)),
                                 notation.flag(ships_only, "deal_queue ships_only")))
    state.mulligan_at = position.whole("mulligan_at", 0, players)
    state.reactions = []
    for entry in position.items("reactions"):
        reactor, against = notation.items(entry, "reactions entry ([seat, seat])", count=2)
        state.reactions.append((notation.seat(reactor, players, "reactions"),
                                notation.seat(against, players, "reactions")))
    if state.phase == "reaction" and not state.reactions and not state.draws_due:
        raise ValueError("the reaction phase needs a queued reaction")


def _check_deck(state: CannonadesState) -> None:
    """Every card of the deck is in exactly one place."""
    counts = list(state.pile)
    placed = state.discard + state.spoils + [k for cards in state.hands + state.ships for k in cards]
    for k in placed:
        counts[k] += 1
    if tuple(counts) != state.deck:
        wrong = [CODES[k] for k in range(NUM_KINDS) if counts[k] != state.deck[k]]
        raise ValueError(f"the cards do not add up to the deck (wrong counts of {', '.join(wrong)})")


def is_self_eliminating(state: CannonadesState, action: dict) -> bool:
    """True when a turn action certainly puts its own player out: it ends the turn with no ships,
    or leaves no ships with no action, ship card or draw left to get one back. The table asks for
    confirmation before such an action."""
    if state.phase != "actions" or not isinstance(action, dict):
        return False
    seat = state.current
    kind = action.get("type")
    ships_after = len(state.ships[seat]) - (1 if kind == "board" else 0)
    if ships_after > 0 or kind == "add":
        return False
    if kind == "end":
        return True
    hand = list(state.hands[seat])
    card = CODE_INDEX.get(action.get("card"), UNKNOWN)
    if card in hand:
        hand.remove(card)
    pile_after = state.pile_size
    if kind == "draw":
        drawn = min(1 + GRINS[card], state.pile_size) if card != UNKNOWN else 1
        if drawn >= state.pile_size:
            return False  # the standoff starts and cuts the turn short before the end step
        pile_after -= drawn
    actions_after = state.actions_left - 1
    if actions_after == 0:
        return True
    if kind == "draw":
        return False  # the drawn cards may hold a ship to add
    if any(IS_SHIP[k] for k in hand):
        return False
    return not (pile_after > 0 and hand)


def is_futile(state: CannonadesState, action: dict) -> bool:
    """True for a Shoot or Board at a face-up ship that its colours cannot sink (legal, does nothing)."""
    kind = action.get("type")
    if kind not in ("shoot", "board"):
        return False
    target, slot = action.get("seat"), action.get("slot")
    ship = state.ships[target][slot]
    if not state.up[target][slot] or ship == UNKNOWN:
        return False
    if kind == "shoot":
        mask = MASK[CODE_INDEX[action["card"]]]
    else:
        mask = MASK[state.ships[state.current][action["ship"]]]
    return not MASK[ship] & mask


def attack_mask(state: CannonadesState, action: dict) -> int:
    """The colour mask a Shoot (its cannonade) or a Board (the boarding ship) attacks with."""
    if action.get("type") == "shoot":
        return MASK[CODE_INDEX[action["card"]]]
    if action.get("type") == "board":
        ship = state.ships[state.current][action["ship"]]
        return 0 if ship == UNKNOWN else MASK[ship]
    raise ValueError("only a shoot or a board attacks")


def unseen_counts(observation: CannonadesState) -> list[int]:
    """Copies of each kind an observation does not place anywhere: in the pile, in hidden hands or
    face down. A masked own ship (strict memory) counts as unseen: the table does not show it."""
    unseen = list(observation.deck)
    for k in observation.discard:
        unseen[k] -= 1
    for cards in observation.hands + observation.ships + [observation.spoils]:
        for k in cards:
            if k != UNKNOWN:
                unseen[k] -= 1
    return unseen


@dataclass(frozen=True)
class SinkOdds:
    """What the attacker may expect of a hit, from what they can see.

    ``chance``: that the target sinks. ``colours``: each colour the target may have with its
    probability (one colour at 1.0 when the target is known). ``attacking``: the attack's colours.
    ``grin_chance``: that the hit gives the target's owner a Grin reaction. ``known``: the target's
    identity is known, so ``chance`` is 0 or 1.
    """

    chance: float
    colours: tuple[tuple[str, float], ...]
    attacking: tuple[str, ...]
    grin_chance: float
    known: bool


def sink_odds(observation: CannonadesState, action: dict) -> SinkOdds:
    """The odds of a Shoot or Board at its target as the observer may judge them. A face-down ship
    the observer cannot see is any unseen ship card with equal weight per copy."""
    mask = attack_mask(observation, action)
    target, slot = action["seat"], action["slot"]
    ship = observation.ships[target][slot]
    face_up = observation.up[target][slot]
    if ship != UNKNOWN:
        weights = {ship: 1.0}
    else:
        unseen = unseen_counts(observation)
        total = sum(unseen[k] for k in SHIP_KINDS)
        weights = {k: unseen[k] / total for k in SHIP_KINDS if unseen[k] > 0} if total else {}
    last_ship = len(observation.ships[target]) == 1
    chance = grin = 0.0
    colours: dict[str, float] = {}
    for kind, weight in weights.items():
        sinks = bool(MASK[kind] & mask)
        reactions = (1 if not face_up and GRINS[kind] == 2 else 0) + (1 if sinks and GRINS[kind] else 0)
        if sinks:
            chance += weight
        if reactions and not (sinks and last_ship):
            grin += weight
        colour = KINDS[kind].colours[0]
        colours[colour] = colours.get(colour, 0.0) + weight
    ordered = tuple(sorted(colours.items(), key=lambda item: (-item[1], COLOURS.index(item[0]))))
    attacking = tuple(c for i, c in enumerate(COLOURS) if mask >> i & 1)
    return SinkOdds(chance, ordered, attacking, grin, ship != UNKNOWN)


RULES = CannonadesRules()
