"""Copenhagen (2-4 players): take harbour cards, buy facade tiles, fill rows and columns.

Rules as in the project's reference page, with its recommendations: tiles may be rotated and
mirrored, gaps under overhangs may be filled, both discounts stack down to 0 cards, the game ends
at once at 12 points or when the mermaid is drawn, ties go to the fewest empty cells, then share.
3 players use 12 cards per colour, 2 and 4 players 14.

The deck, as the seed page has it: the mermaid is set aside at set-up (any player count); when the
deck runs out, 9 cards drawn at random from the discard pile are shuffled with the mermaid into a
new deck of 10; the rest of the pile stays where it is. The option ``bga_deck`` plays Board Game
Arena's way instead: the whole discard pile becomes the new deck with the mermaid among its bottom
10 cards, and with 2 players the mermaid is in the bottom 10 of the first deck from the start (that
deck is never reshuffled).

Turn flow (``phase``): ``turn`` (take a first card, build, or switch on a building ability) ->
``second`` (the second card: beside the first, or anywhere with *Any cards*) -> ``discard`` whenever
a hand exceeds 7 -> ``last_call`` (third card with *Additional card*, *Both actions*, or end) ->
``construct`` (a build is now due) -> ``coat`` (one choice per coat of arms) -> ``refill`` and
``reshuffle`` (CHANCE) -> next player. Setup is ``deal`` (CHANCE, one hand per seat) then the
harbour ``refill``. ``over`` ends the game.

Cards are known only by colour, so a deck is a count per colour: drawing uniformly without
replacement from the counts is the same as drawing from a shuffled deck. The mermaid lies among
the bottom 10 cards (the seed's whole new deck), so with ``r`` cards (mermaid included) left it
comes next with chance 1/r once r <= 10, never before.

Actions (JSON):
    {"type": "deal", "seat": 1, "cards": {"red": 2, "blue": 1}}        CHANCE, a starting hand
    {"type": "refill", "slot": 3, "card": "green"}                      CHANCE ("card": "mermaid" ends it)
    {"type": "reshuffle", "cards": {"red": 2, ...}}                     CHANCE, the 9 discards of the new deck
    {"type": "reshuffle"}                                               CHANCE, with bga_deck: the whole pile
    {"type": "take", "slot": 4}                                         a harbour card (slots 0-6)
    {"type": "discard", "card": "red"}                                  down to the hand limit
    {"type": "both"}  {"type": "end"}                                   at the last call of a take turn
    {"type": "ability", "ability": "construction_discount"}             switch it on for this turn's build
    {"type": "convert", "from": "red", "to": "blue"}                    Change of colors; the build must be blue
    {"type": "build", "tile": "red-3", "rot": 1, "mirror": false, "at": [2, 0], "pay": {"red": 2}}
    {"type": "coat", "choice": "ability", "ability": "both_actions"}
    {"type": "coat", "choice": "special", "at": [4, 1]}                 a white 1x1 tile placed at once
    {"type": "coat", "choice": "refresh"}
A build names the canonical (rot, mirror) of its orientation and the anchor of its bounding box
(see ``board``); ``pay`` lists the cards spent by colour (zeros left out; ``{}`` for a free tile).

Helpers for the view: ``board.orientations(tile_id)`` and ``board.tile_cells(tile_id, rot, mirror)``
give a tile's squares (with windows) in each orientation, ``board.canonical_orientation`` maps any
rotate/flip state to the (rot, mirror) legal actions use, ``RULES.placement_problem(state, seat, tile_id,
rot, mirror, at)`` says why a spot is illegal (None or an i18n key ``copenhagen.why.*``) and
``RULES.placement_cost(...)`` what the tile costs there (contact discount included); ``RULES.tile_problem(state,
seat, tile_id)`` says why a tile of the supply cannot be built anywhere now (None when it can) and
``RULES.special_problem(state, seat, at)`` why a coat of arms' white tile cannot go on a cell.

Position notation (``to_json``), every colour map lists all five colours::

    {"players": 3, "options": {"bga_deck": false}, "phase": "turn", "current": 0, "turn": 4,
     "harbour": ["red", null, ...7 slots],          null = empty slot
     "deck": {"red": 9, ...} | null,                null when hidden (an observation)
     "deck_size": 41, "mermaid": "aside" | "deck" | "revealed", "mermaid_slot": null | slot,
     "discard": {"red": 2, ...},
     "supply": {"red-2": 3, ..., "special-1": 12},  tiles left in the shared stacks
     "seats": [{"hand": {...}, "secret": {...}, "hidden": 0,
                "abilities": {"any_cards": "active", "both_actions": "used"},   owned ones only
                "score": 3,
                "facade": [{"tile": "red-3", "rot": 0, "mirror": false, "at": [0, 0]}, ...]}, ...],
     "step": {"dealt": 3, "taken": 0, "first_slot": null, "discount": false, "convert": null,
              "pending_coats": 0},
     "end": null | "twelve" | "mermaid"}

``options`` is missing in positions written before the option existed: they were played with
BGA's deck (``LEGACY_OPTIONS``). ``hand`` is the part of a hand everybody knows (cards taken from
the harbour) plus, in a full position, the rest; ``secret`` is the part the other seats have not
seen (dealt cards); in an observation a masked seat's ``hand`` holds only its known part, ``secret``
is empty and ``hidden`` counts the unseen cards. ``facade`` lists tiles in the order they were
placed; ``turn`` counts turns begun (-1 during setup); ``taken`` / ``first_slot`` describe the
cards taken this turn; ``pending_coats`` counts coats of arms still to resolve.
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.core import notation
from game.core.rules import CHANCE, Event, GameConfig, IllegalAction, Result, Ruleset, ranks_from_keys
from game.core.state_copy import LIST, SHARED, DeclaredCopy, each, optional
from game.games.copenhagen import board

DATA = board.DATA
COLOURS = board.COLOURS
NCOL = len(COLOURS)
SLOTS = DATA["display"]["slots"]
HAND_LIMIT = DATA["hand_limit"]
START_HANDS = tuple(DATA["starting_hand_by_seat"][str(i + 1)] for i in range(4))
MERMAID_DEPTH = 10
"""The mermaid is shuffled into this many cards at the bottom of the deck."""
NEW_DECK_CARDS = MERMAID_DEPTH - 1
"""Cards of the discard pile that join the mermaid in the new deck (the seed's way). The pile always
holds more: the cards not in the harbour or in hands (at most 7 each) are all discards by then."""
DEFAULT_OPTIONS = {"bga_deck": False}
LEGACY_OPTIONS = {"bga_deck": True}
"""The options of games saved before they existed: those were played with BGA's deck."""

ABILITIES = tuple(a["id"] for a in DATA["abilities"])
ANY_CARDS, ADDITIONAL_CARD, DISCOUNT, CHANGE_COLOURS, BOTH_ACTIONS = range(len(ABILITIES))
ABILITY_INDEX = {name: i for i, name in enumerate(ABILITIES)}
NONE, ACTIVE, USED = 0, 1, 2
ABILITY_STATES = {ACTIVE: "active", USED: "used"}

WHY = {
    "copenhagen.why.unknown_tile": "no such facade tile",
    "copenhagen.why.not_now": "it is not the moment to build",
    "copenhagen.why.sold_out": "none of this tile is left in the supply",
    "copenhagen.why.outside": "the tile would stick out of the facade",
    "copenhagen.why.overlap": "the tile would cover a built cell",
    "copenhagen.why.unsupported": "no square of the tile stands on the ground or on a built cell",
    "copenhagen.why.converted": "Change of colors is set to another colour this turn",
    "copenhagen.why.needs_contact": "one card short: it must touch a tile of its colour",
    "copenhagen.why.short": "not enough cards of its colour",
    "copenhagen.why.no_room": "there is no free, supported spot for this tile",
    "copenhagen.why.no_contact_spot": "one card short, and no free spot touches a tile of its colour",
    "copenhagen.why.use_discount": "not enough cards: switch on Construction discount first",
    "copenhagen.why.use_convert": "not enough cards of its colour: use Change of colors first",
}
"""English reasons for ``placement_problem`` keys (the view shows the translated ones)."""

PHASES = ("deal", "refill", "reshuffle", "turn", "second", "discard", "last_call", "construct", "coat", "over")
CHANCE_PHASES = frozenset(("deal", "refill", "reshuffle"))
MERMAID_STATES = ("aside", "deck", "revealed")


def read_options(given) -> dict:
    """Every option with its default filled in; ValueError for an unknown key or value."""
    if not isinstance(given, dict):
        raise ValueError("options must be a mapping")
    unknown = set(given) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown Copenhagen option(s): {', '.join(sorted(unknown))}")
    options = {**DEFAULT_OPTIONS, **given}
    if not isinstance(options["bga_deck"], bool):
        raise ValueError("option bga_deck must be true or false")
    return options


def cards_per_colour(players: int) -> int:
    return DATA["cards"]["per_color_by_player_count"][str(players)]


def initial_supply(players: int) -> list[int]:
    """Copies of every tile in the shared supply at the start."""
    by_size = DATA["facade_tile_supply"]["copies_per_color_by_player_count"][str(players)]
    specials = DATA["facade_tile_supply"]["special_1x1_tiles"]
    return [specials if t.colour == board.WHITE else by_size[str(t.size)] for t in board.TILES]


class CopenhagenState(DeclaredCopy):
    """A position. Hands, decks and piles are counts per colour (index into ``COLOURS``)."""

    __slots__ = {
        "players": SHARED, "bga_deck": SHARED, "phase": SHARED, "current": SHARED, "turn": SHARED, "harbour": LIST,
        "deck": optional(LIST), "deck_size": SHARED, "mermaid": SHARED, "mermaid_slot": SHARED, "discard": LIST,
        "supply": LIST, "hands": each(LIST), "secret": each(LIST), "hidden": LIST, "abilities": each(LIST),
        "occupied": LIST, "colour_masks": each(LIST), "bricks": LIST, "facades": LIST, "scores": LIST,
        "dealt": SHARED, "taken": SHARED, "first_slot": SHARED, "discount": SHARED, "convert": SHARED,
        "pending_coats": SHARED, "end": SHARED,
    }

    def __init__(self, players: int, bga_deck: bool = False):
        self.players = players
        self.bga_deck = bga_deck
        self.phase = "deal"
        self.current = 0
        self.turn = -1
        self.harbour = [-1] * SLOTS
        self.deck: list[int] | None = [cards_per_colour(players)] * NCOL
        self.deck_size = cards_per_colour(players) * NCOL
        self.mermaid = 1 if players == 2 and bga_deck else 0  # index into MERMAID_STATES
        self.mermaid_slot: int | None = None
        self.discard = [0] * NCOL
        self.supply = initial_supply(players)
        self.hands = [[0] * NCOL for _ in range(players)]
        self.secret = [[0] * NCOL for _ in range(players)]
        self.hidden = [0] * players
        self.abilities = [[ACTIVE] + [NONE] * (len(ABILITIES) - 1) for _ in range(players)]
        self.occupied = [0] * players
        self.colour_masks = [[0] * (NCOL + 1) for _ in range(players)]
        self.bricks = [0] * players
        self.facades: list[tuple] = [() for _ in range(players)]  # (tile, orientation, col, row) in order
        self.scores = [0] * players
        self.dealt = 0
        self.taken = 0
        self.first_slot: int | None = None
        self.discount = False
        self.convert: tuple[int, int] | None = None
        self.pending_coats = 0
        self.end: str | None = None

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat]) + self.hidden[seat]


def _counts_json(counts) -> dict:
    return {name: counts[i] for i, name in enumerate(COLOURS)}


def _pay_json(counts) -> dict:
    return {name: counts[i] for i, name in enumerate(COLOURS) if counts[i]}


def _colour(name) -> int:
    index = board.COLOUR_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise IllegalAction(f"unknown card colour {name!r}")
    return index


def _text(action, key: str) -> str | None:
    """A name given in an action, or None when it is missing or not text."""
    value = action.get(key)
    return value if isinstance(value, str) else None


def _slot(action) -> int:
    slot = action.get("slot")
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < SLOTS:
        raise IllegalAction(f"slot must be 0..{SLOTS - 1}")
    return slot


def _cell(action) -> tuple[int, int]:
    at = action.get("at")
    if (not isinstance(at, (list, tuple)) or len(at) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
        raise IllegalAction("'at' must be [col, row]")
    return at[0], at[1]


def _selections(counts, size: int) -> list[dict]:
    """Every way to take ``size`` cards from the colour ``counts``, as {colour: n} with zeros left out."""
    found = []

    def extend(colour: int, left: int, chosen: dict):
        if colour == NCOL:
            if left == 0:
                found.append(dict(chosen))
            return
        for n in range(min(left, counts[colour]), -1, -1):
            if n:
                chosen[COLOURS[colour]] = n
            extend(colour + 1, left - n, chosen)
            chosen.pop(COLOURS[colour], None)

    extend(0, size, {})
    return found


def _card_counts(cards, field: str = "cards") -> list[int]:
    """Per colour, the cards an action names as {colour: n} in ``field``."""
    if not isinstance(cards, dict):
        raise IllegalAction(f"'{field}' must map colours to counts")
    counts = [0] * NCOL
    for name, n in cards.items():
        if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
            raise IllegalAction(f"the counts of '{field}' must be positive whole numbers")
        counts[_colour(name)] = n
    return counts


def _spend(state: CopenhagenState, seat: int, colour: int, count: int) -> None:
    """Remove cards from a hand; the known part goes first, so ``secret`` stays what others cannot know."""
    state.hands[seat][colour] -= count
    state.secret[seat][colour] = min(state.secret[seat][colour], state.hands[seat][colour])


def placeable(mask: int, occupied: int) -> bool:
    """Whether cells ``mask`` are free on a facade with ``occupied`` built and stand on the ground or on it."""
    return not mask & occupied and bool(mask & board.GROUND or (mask >> board.WIDTH) & occupied)


def free_placements(occupied: int, tile: int):
    """Every placement of a tile inside, free and supported on a facade with these cells built."""
    for p in board.PLACEMENTS[tile]:
        if placeable(p.mask, occupied):
            yield p


@lru_cache(maxsize=256)
def fewest_cards(occupied: int, colour_masks: tuple, supply: tuple) -> tuple[int | None, ...]:
    """Per colour, the fewest cards (before abilities) any legal build of that colour needs on a facade.
    Kept by facade and supply: every decision asks it of the same few facades again and again."""
    best: list[int | None] = [None] * NCOL
    for tile in board.COLOURED:
        if supply[tile] <= 0:
            continue
        t = board.TILES[tile]
        if best[t.colour] is not None and best[t.colour] <= t.size - 1:
            continue
        mask = colour_masks[t.colour]
        for p in free_placements(occupied, tile):
            cost = t.size - 1 if p.around & mask else t.size
            if best[t.colour] is None or cost < best[t.colour]:
                best[t.colour] = cost
                if cost == t.size - 1:
                    break
    return tuple(best)


class CopenhagenRules(Ruleset):
    game_id = "copenhagen"

    # -- setup and turn order -----------------------------------------------------------------
    def new_game(self, config: GameConfig) -> CopenhagenState:
        players = config.players
        if not 2 <= players <= 4:
            raise ValueError("Copenhagen is for 2 to 4 players")
        return CopenhagenState(players, read_options(config.options)["bga_deck"])

    def num_players(self, state):
        return state.players

    def to_act(self, state):
        if state.phase == "over":
            return None
        if state.phase in CHANCE_PHASES:
            return CHANCE
        return state.current

    # -- costs and placements (also the helpers of the view) --------------------------------------
    def contact(self, state, seat: int, tile: int, p: board.Placement) -> bool:
        colour = board.TILES[tile].colour
        return colour != board.WHITE and bool(p.around & state.colour_masks[seat][colour])

    def cost_at(self, state, seat: int, tile: int, p: board.Placement, discount: bool) -> tuple[int, bool]:
        """Cards due for a tile at a placement, and whether the contact discount applied."""
        touching = self.contact(state, seat, tile, p)
        return max(0, board.TILES[tile].size - touching - discount), touching

    def legal_placements(self, state, seat: int, tile: int):
        """Every placement of a tile inside, free and supported on a facade."""
        return free_placements(state.occupied[seat], tile)

    def funds(self, state, seat: int, colour: int, convert) -> int:
        """Cards that may pay for a tile of ``colour`` (its own colour plus converted ones)."""
        hand = state.hands[seat]
        if convert is not None:
            if convert[1] != colour:
                return -1
            return hand[colour] + hand[convert[0]]
        return hand[colour]

    def placement_problem(self, state, seat: int, tile_id: str, rot: int, mirror: bool, at) -> str | None:
        """None when building this tile there is legal now, else the i18n key of the reason."""
        tile = board.TILE_INDEX.get(tile_id)
        if tile is None or tile == board.SPECIAL:
            return "copenhagen.why.unknown_tile"
        if state.phase not in ("turn", "construct") or state.current != seat:
            return "copenhagen.why.not_now"
        if state.supply[tile] <= 0:
            return "copenhagen.why.sold_out"
        p = board.placement(tile, rot, mirror, at[0], at[1])
        if p is None:
            return "copenhagen.why.outside"
        if p.mask & state.occupied[seat]:
            return "copenhagen.why.overlap"
        if not board.supported(p.mask, state.occupied[seat]):
            return "copenhagen.why.unsupported"
        colour = board.TILES[tile].colour
        funds = self.funds(state, seat, colour, state.convert)
        if funds < 0:
            return "copenhagen.why.converted"
        cost, touching = self.cost_at(state, seat, tile, p, state.discount)
        if cost > funds:
            if not touching and cost - 1 <= funds:
                return "copenhagen.why.needs_contact"
            return "copenhagen.why.short"
        return None

    def tile_problem(self, state, seat: int, tile_id: str) -> str | None:
        """None when the tile can be built somewhere now, else the i18n key of why it cannot."""
        tile = board.TILE_INDEX.get(tile_id)
        if tile is None or tile == board.SPECIAL:
            return "copenhagen.why.unknown_tile"
        if state.phase not in ("turn", "construct") or state.current != seat:
            return "copenhagen.why.not_now"
        if state.supply[tile] <= 0:
            return "copenhagen.why.sold_out"
        t = board.TILES[tile]
        funds = self.funds(state, seat, t.colour, state.convert)
        if funds < 0:
            return "copenhagen.why.converted"
        spots = list(self.legal_placements(state, seat, tile))
        if not spots:
            return "copenhagen.why.no_room"
        mask = state.colour_masks[seat][t.colour]
        touching = any(p.around & mask for p in spots)
        if funds >= max(0, t.size - state.discount - touching):
            return None
        if not state.discount and self._owns_active(state, seat, DISCOUNT) and funds >= t.size - 1 - touching:
            return "copenhagen.why.use_discount"
        if state.convert is None and self._owns_active(state, seat, CHANGE_COLOURS) and any(
                funds + state.hands[seat][x] >= t.size - state.discount - touching
                for x in range(NCOL) if x != t.colour):
            return "copenhagen.why.use_convert"
        if funds >= t.size - state.discount - 1:
            return "copenhagen.why.no_contact_spot"
        return "copenhagen.why.short"

    def special_problem(self, state, seat: int, at) -> str | None:
        """None when a coat of arms lets the seat put a white tile on ``at`` now, else the i18n key of why not."""
        if state.phase != "coat" or state.current != seat:
            return "copenhagen.why.not_now"
        if state.supply[board.SPECIAL] <= 0:
            return "copenhagen.why.sold_out"
        p = board.placement(board.SPECIAL, 0, False, at[0], at[1])
        if p is None:
            return "copenhagen.why.outside"
        if p.mask & state.occupied[seat]:
            return "copenhagen.why.overlap"
        if not board.supported(p.mask, state.occupied[seat]):
            return "copenhagen.why.unsupported"
        return None

    def placement_cost(self, state, seat: int, tile_id: str, rot: int, mirror: bool, at) -> dict | None:
        """What the tile costs there: {"cost", "contact", "discount"}; None when it leaves the facade."""
        tile = board.TILE_INDEX[tile_id]
        p = board.placement(tile, rot, mirror, at[0], at[1])
        if p is None:
            return None
        cost, touching = self.cost_at(state, seat, tile, p, state.discount)
        return {"cost": cost, "contact": touching, "discount": state.discount}

    def min_costs(self, state, seat: int) -> tuple[int | None, ...]:
        """Per colour, the fewest cards (before abilities) any legal build of that colour needs."""
        return fewest_cards(state.occupied[seat], tuple(state.colour_masks[seat]), tuple(state.supply))

    def can_build(self, state, seat: int, discount: bool, convert, may_discount: bool, may_convert: bool,
                  costs=None) -> bool:
        """Whether some build is affordable with these abilities, or with those that may still be switched on."""
        costs = self.min_costs(state, seat) if costs is None else costs
        hand = state.hands[seat]
        discounts = (discount, True) if may_discount and not discount else (discount,)
        converts = [convert]
        if may_convert and convert is None:
            converts += [(x, y) for x in range(NCOL) for y in range(NCOL) if x != y and hand[x]]
        for d in discounts:
            for conv in converts:
                for colour in range(NCOL):
                    if costs[colour] is None:
                        continue
                    funds = self.funds(state, seat, colour, conv)
                    if funds >= 0 and max(0, costs[colour] - d) <= funds:
                        return True
        return False

    def _owns_active(self, state, seat: int, ability: int) -> bool:
        return state.abilities[seat][ability] == ACTIVE

    # -- legal actions --------------------------------------------------------------------------
    def legal_actions(self, state):
        return self.legal_actions_but_builds(state) + (
            self.build_actions(state, state.current) if state.phase in ("turn", "construct") else [])

    def legal_actions_but_builds(self, state) -> list[dict]:
        """The legal actions other than builds (which a search may rather rank than list)."""
        phase = state.phase
        if phase == "over":
            return []
        if phase in CHANCE_PHASES:
            return self._chance_actions(state)
        seat = state.current
        if phase == "turn":
            return self._take_actions(state, seat) + self._ability_actions(state, seat)
        if phase in ("second", "last_call"):
            return self._take_actions(state, seat)
        if phase == "discard":
            return [{"type": "discard", "card": COLOURS[c]} for c in range(NCOL) if state.hands[seat][c]]
        if phase == "construct":
            return self._ability_actions(state, seat)
        if phase == "coat":
            return self.coat_actions(state, seat)
        raise AssertionError(phase)

    def _take_actions(self, state, seat: int) -> list[dict]:
        harbour = state.harbour
        if state.phase == "turn":
            return [{"type": "take", "slot": s} for s in range(SLOTS) if harbour[s] >= 0]
        if state.phase == "second":
            anywhere = self._owns_active(state, seat, ANY_CARDS)
            first = state.first_slot
            return [{"type": "take", "slot": s} for s in range(SLOTS)
                    if harbour[s] >= 0 and (anywhere or abs(s - first) == 1)]
        actions = []
        if self._third_card_possible(state, seat):
            actions = [{"type": "take", "slot": s} for s in range(SLOTS) if harbour[s] >= 0]
        if self._both_possible(state, seat):
            actions.append({"type": "both"})
        actions.append({"type": "end"})
        return actions

    def _third_card_possible(self, state, seat: int) -> bool:
        return state.taken == 2 and self._owns_active(state, seat, ADDITIONAL_CARD) and max(state.harbour) >= 0

    def _both_possible(self, state, seat: int) -> bool:
        return self._owns_active(state, seat, BOTH_ACTIONS) and self.can_build(
            state, seat, False, None,
            self._owns_active(state, seat, DISCOUNT), self._owns_active(state, seat, CHANGE_COLOURS))

    def _ability_actions(self, state, seat: int) -> list[dict]:
        """Switching on Construction discount or Change of colors, where it leads to a build."""
        actions = []
        may_discount = self._owns_active(state, seat, DISCOUNT) and not state.discount
        may_convert = self._owns_active(state, seat, CHANGE_COLOURS) and state.convert is None
        if may_discount or may_convert:
            costs = self.min_costs(state, seat)
            if may_discount and self.can_build(state, seat, True, state.convert, False, may_convert, costs):
                actions.append({"type": "ability", "ability": ABILITIES[DISCOUNT]})
            if may_convert:
                hand = state.hands[seat]
                for x in range(NCOL):
                    for y in range(NCOL):
                        if x != y and hand[x] and self.can_build(state, seat, state.discount, (x, y),
                                                                 may_discount, False, costs):
                            actions.append({"type": "convert", "from": COLOURS[x], "to": COLOURS[y]})
        return actions

    def build_actions(self, state, seat: int) -> list[dict]:
        """Every build the seat can make now, with every way to pay for it."""
        actions = []
        hand = state.hands[seat]
        convert = state.convert
        discount = int(state.discount)
        masks = state.colour_masks[seat]
        for tile in board.COLOURED:
            if state.supply[tile] <= 0:
                continue
            t = board.TILES[tile]
            funds = self.funds(state, seat, t.colour, convert)
            if funds < t.size - 1 - discount:
                continue
            mask = masks[t.colour]
            orientations = t.orientations
            for p in self.legal_placements(state, seat, tile):
                cost = max(0, t.size - discount - (1 if p.around & mask else 0))
                if cost > funds:
                    continue
                o = orientations[p.orientation]
                for pay in self._payments(hand, t.colour, cost, convert):
                    actions.append({"type": "build", "tile": t.id, "rot": o.rot, "mirror": o.mirror,
                                    "at": [p.col, p.row], "pay": pay})
        return actions

    @staticmethod
    def _payments(hand, colour: int, cost: int, convert) -> list[dict]:
        if cost == 0:
            return [{}]
        if convert is None:
            return [{COLOURS[colour]: cost}]
        other = convert[0]
        options = []
        for own in range(max(0, cost - hand[other]), min(cost, hand[colour]) + 1):
            pay = {}
            if own:
                pay[COLOURS[colour]] = own
            if cost - own:
                pay[COLOURS[other]] = cost - own
            options.append(pay)
        return options

    def coat_actions(self, state, seat: int) -> list[dict]:
        actions = [{"type": "coat", "choice": "ability", "ability": ABILITIES[a]}
                   for a in range(len(ABILITIES)) if state.abilities[seat][a] == NONE]
        if state.supply[board.SPECIAL] > 0:
            for p in self.legal_placements(state, seat, board.SPECIAL):
                actions.append({"type": "coat", "choice": "special", "at": [p.col, p.row]})
        if USED in state.abilities[seat]:
            actions.append({"type": "coat", "choice": "refresh"})
        return actions

    # -- chance ---------------------------------------------------------------------------------
    def _deck_counts(self, state) -> list[int]:
        if state.deck is not None:
            return state.deck
        return self.unseen_pool(state)

    def unseen_pool(self, state) -> list[int]:
        """Cards no seat's known hand, the harbour or the discard pile holds: the deck plus hidden hands."""
        pool = [cards_per_colour(state.players)] * NCOL
        pool = [pool[c] - state.discard[c] - sum(h[c] for h in state.hands) for c in range(NCOL)]
        for card in state.harbour:
            if card >= 0:
                pool[card] -= 1
        return pool

    def mermaid_chance(self, state) -> float:
        """The chance that the next card drawn is the mermaid."""
        if MERMAID_STATES[state.mermaid] != "deck":
            return 0.0
        left = state.deck_size + 1
        return 1.0 / left if left <= MERMAID_DEPTH else 0.0

    def _chance_actions(self, state) -> list[dict]:
        if state.phase in ("reshuffle", "refill"):
            return [a for a, _ in self.chance_outcomes(state)]
        hands = _selections(self._deck_counts(state), START_HANDS[state.dealt])
        return [{"type": "deal", "seat": state.dealt, "cards": h} for h in hands]

    def chance_outcomes(self, state):
        if state.phase == "reshuffle":
            if state.bga_deck:
                return [({"type": "reshuffle"}, 1.0)]
            pile = state.discard
            ways = math.comb(sum(pile), NEW_DECK_CARDS)
            return [({"type": "reshuffle", "cards": pick},
                     math.prod(math.comb(pile[c], pick.get(COLOURS[c], 0)) for c in range(NCOL)) / ways)
                    for pick in _selections(pile, NEW_DECK_CARDS)]
        if state.phase != "refill":
            return None
        slot = state.harbour.index(-1)
        mermaid = self.mermaid_chance(state)
        deck = self._deck_counts(state)
        total = sum(deck)
        outcomes = [({"type": "refill", "slot": slot, "card": COLOURS[c]}, (1.0 - mermaid) * deck[c] / total)
                    for c in range(NCOL) if deck[c]]
        if mermaid:
            outcomes.append(({"type": "refill", "slot": slot, "card": "mermaid"}, mermaid))
        return outcomes

    def sample_chance(self, state, rng):
        if state.phase == "reshuffle":
            if state.bga_deck:
                return {"type": "reshuffle"}
            pile, cards = list(state.discard), [0] * NCOL
            for _ in range(NEW_DECK_CARDS):
                cards[self._draw(pile, rng)] += 1
            return {"type": "reshuffle", "cards": _pay_json(cards)}
        deck = list(self._deck_counts(state))
        if state.phase == "refill":
            slot = state.harbour.index(-1)
            if rng.random() < self.mermaid_chance(state):
                return {"type": "refill", "slot": slot, "card": "mermaid"}
            return {"type": "refill", "slot": slot, "card": COLOURS[self._draw(deck, rng)]}
        if state.phase == "deal":
            cards = [0] * NCOL
            for _ in range(START_HANDS[state.dealt]):
                cards[self._draw(deck, rng)] += 1
            return {"type": "deal", "seat": state.dealt, "cards": _pay_json(cards)}
        raise IllegalAction("no random step is due")

    @staticmethod
    def _draw(deck: list[int], rng) -> int:
        """A colour drawn uniformly from the counts (which lose that card)."""
        pick = rng.randrange(sum(deck))
        for colour, count in enumerate(deck):
            if pick < count:
                deck[colour] -= 1
                return colour
            pick -= count
        raise AssertionError("empty deck")

    # -- apply ----------------------------------------------------------------------------------
    def apply(self, state, action):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is a mapping with a 'type'")
        kind = action["type"]
        phase = state.phase
        if phase == "over":
            raise IllegalAction("the game is over")
        handler = self.handler_for((phase, kind))
        if handler is None:
            if phase in CHANCE_PHASES:
                raise IllegalAction(f"a random step ({phase}) is due, not {kind!r}")
            raise IllegalAction(f"{kind!r} is not possible now (phase {phase})")
        events: list[Event] = []
        handler(self, state, action, events)
        return events

    def _apply_deal(self, state, action, events):
        seat = state.dealt
        if action.get("seat") != seat:
            raise IllegalAction(f"the next hand to deal is seat {seat}'s")
        counts = _card_counts(action.get("cards"))
        if sum(counts) != START_HANDS[seat]:
            raise IllegalAction(f"seat {seat} starts with {START_HANDS[seat]} cards")
        deck = self._deck_counts(state)
        if any(counts[c] > deck[c] for c in range(NCOL)):
            raise IllegalAction("the deck does not hold those cards")
        self._take_from_deck(state, counts)
        for c in range(NCOL):
            state.hands[seat][c] += counts[c]
            state.secret[seat][c] += counts[c]
        events.append(Event("dealt", {"seat": seat, "cards": _pay_json(counts)}, audience=seat,
                            public={"seat": seat, "count": sum(counts)}))
        state.dealt += 1
        if state.dealt == state.players:
            self._refill_step(state, events)

    def _take_from_deck(self, state, counts) -> None:
        if state.deck is not None:
            for c in range(NCOL):
                state.deck[c] -= counts[c]
        state.deck_size -= sum(counts)

    def _apply_refill(self, state, action, events):
        slot = _slot(action)
        if slot != state.harbour.index(-1):
            raise IllegalAction(f"slot {state.harbour.index(-1)} is refilled next")
        card = action.get("card")
        if card == "mermaid":
            if not self.mermaid_chance(state):
                raise IllegalAction("the mermaid cannot be drawn now")
            state.mermaid = MERMAID_STATES.index("revealed")
            state.mermaid_slot = slot
            events.append(Event("mermaid", {"slot": slot}))
            self._finish(state, "mermaid", events)
            return
        colour = _colour(card)
        if self.mermaid_chance(state) == 1.0 or not self._deck_counts(state)[colour]:
            raise IllegalAction(f"the deck holds no {card} card to draw")
        counts = [0] * NCOL
        counts[colour] = 1
        self._take_from_deck(state, counts)
        state.harbour[slot] = colour
        events.append(Event("refilled", {"slot": slot, "card": card}))
        self._refill_step(state, events)

    def _apply_reshuffle(self, state, action, events):
        if state.bga_deck:
            if "cards" in action:
                raise IllegalAction("with BGA's deck the whole discard pile is reshuffled: name no cards")
            taken = state.discard
        else:
            taken = _card_counts(action.get("cards", {}))
            if sum(taken) != NEW_DECK_CARDS:
                raise IllegalAction(f"the new deck takes {NEW_DECK_CARDS} cards of the discard pile, not {sum(taken)}")
            if any(taken[c] > state.discard[c] for c in range(NCOL)):
                raise IllegalAction("the discard pile does not hold those cards")
        if state.deck is not None:
            state.deck = [d + t for d, t in zip(state.deck, taken, strict=True)]
        cards = sum(taken)
        state.deck_size += cards
        state.discard = [p - t for p, t in zip(state.discard, taken, strict=True)]
        state.mermaid = MERMAID_STATES.index("deck")
        events.append(Event("reshuffled", {"cards": cards, "taken": _pay_json(taken)}))
        self._refill_step(state, events)

    def _refill_step(self, state, events) -> None:
        """Refill the next empty slot, reshuffle first if the deck is out, or start the next turn."""
        if -1 not in state.harbour:
            self._next_turn(state, events)
        elif state.deck_size or MERMAID_STATES[state.mermaid] == "deck":
            state.phase = "refill"
        elif MERMAID_STATES[state.mermaid] == "aside":
            state.phase = "reshuffle"
        else:
            self._next_turn(state, events)  # nothing left to draw: the slots stay empty

    def _next_turn(self, state, events) -> None:
        state.turn += 1
        state.current = state.turn % state.players
        state.phase = "turn"
        events.append(Event("turn", {"seat": state.current, "turn": state.turn}))

    def _apply_take(self, state, action, events):
        seat = state.current
        slot = _slot(action)
        colour = state.harbour[slot]
        if colour < 0:
            raise IllegalAction(f"harbour slot {slot} is empty")
        used = None
        if state.phase == "second":
            if abs(slot - state.first_slot) != 1:
                if not self._owns_active(state, seat, ANY_CARDS):
                    raise IllegalAction("the second card must lie beside the first (or use Any cards)")
                used = ANY_CARDS
        elif state.phase == "last_call":
            if not self._third_card_possible(state, seat):
                raise IllegalAction("a third card needs an active Additional card after two cards")
            used = ADDITIONAL_CARD
        else:
            state.first_slot = slot
        if used is not None:
            state.abilities[seat][used] = USED
        state.harbour[slot] = -1
        state.hands[seat][colour] += 1
        state.taken += 1
        events.append(Event("took", {"seat": seat, "slot": slot, "card": COLOURS[colour],
                                     "ability": ABILITIES[used] if used is not None else None}))
        self._after_take(state, events)

    def _after_take(self, state, events) -> None:
        seat = state.current
        if state.hand_size(seat) > HAND_LIMIT:
            state.phase = "discard"
        elif state.taken == 1:
            state.phase = "second"
        elif self._third_card_possible(state, seat) or self._both_possible(state, seat):
            state.phase = "last_call"
        else:
            self._end_turn(state, events)

    def _apply_discard(self, state, action, events):
        seat = state.current
        colour = _colour(action.get("card"))
        if not state.hands[seat][colour]:
            raise IllegalAction(f"no {COLOURS[colour]} card in hand to discard")
        _spend(state, seat, colour, 1)
        state.discard[colour] += 1
        events.append(Event("discarded", {"seat": seat, "card": COLOURS[colour]}))
        self._after_take(state, events)

    def _apply_both(self, state, action, events):
        seat = state.current
        if not self._both_possible(state, seat):
            raise IllegalAction("Both actions needs its active tile and a tile you can afford to build")
        state.abilities[seat][BOTH_ACTIONS] = USED
        state.phase = "construct"
        events.append(Event("ability_used", {"seat": seat, "ability": ABILITIES[BOTH_ACTIONS]}))

    def _apply_end(self, state, action, events):
        self._end_turn(state, events)

    def _apply_ability(self, state, action, events):
        seat = state.current
        if action.get("ability") != ABILITIES[DISCOUNT]:
            raise IllegalAction("only Construction discount is switched on this way")
        if state.discount or not self._owns_active(state, seat, DISCOUNT):
            raise IllegalAction("you have no active Construction discount")
        may_convert = self._owns_active(state, seat, CHANGE_COLOURS) and state.convert is None
        if not self.can_build(state, seat, True, state.convert, False, may_convert):
            raise IllegalAction("no tile could be built even with the discount")
        state.abilities[seat][DISCOUNT] = USED
        state.discount = True
        state.phase = "construct"
        events.append(Event("ability_used", {"seat": seat, "ability": ABILITIES[DISCOUNT]}))

    def _apply_convert(self, state, action, events):
        seat = state.current
        source, target = _colour(action.get("from")), _colour(action.get("to"))
        if state.convert is not None or not self._owns_active(state, seat, CHANGE_COLOURS):
            raise IllegalAction("you have no active Change of colors")
        if source == target or not state.hands[seat][source]:
            raise IllegalAction("convert a colour you hold into another colour")
        may_discount = self._owns_active(state, seat, DISCOUNT) and not state.discount
        if not self.can_build(state, seat, state.discount, (source, target), may_discount, False):
            raise IllegalAction(f"no {COLOURS[target]} tile could be built with those cards")
        state.abilities[seat][CHANGE_COLOURS] = USED
        state.convert = (source, target)
        state.phase = "construct"
        events.append(Event("converted", {"seat": seat, "from": COLOURS[source], "to": COLOURS[target]}))

    def _apply_build(self, state, action, events):
        seat = state.current
        tile = board.TILE_INDEX.get(_text(action, "tile"))
        if tile is None or tile == board.SPECIAL:
            raise IllegalAction(f"unknown facade tile {action.get('tile')!r}")
        t = board.TILES[tile]
        rot, mirror = action.get("rot"), action.get("mirror")
        if rot not in (0, 1, 2, 3) or isinstance(rot, bool) or not isinstance(mirror, bool):
            raise IllegalAction("'rot' must be 0..3 and 'mirror' true or false")
        o_index = t.orientation_of[(rot, mirror)]
        canonical = t.orientations[o_index]
        if (canonical.rot, canonical.mirror) != (rot, mirror):
            raise IllegalAction(f"this orientation of {t.id} is written rot={canonical.rot} "
                                f"mirror={str(canonical.mirror).lower()}")
        col, row = _cell(action)
        problem = self.placement_problem(state, seat, t.id, rot, mirror, (col, row))
        if problem is not None:
            raise IllegalAction(f"cannot build {t.id} at ({col}, {row}): {WHY[problem]}")
        p = board.PLACEMENT_AT[tile][(o_index, col, row)]
        cost, touching = self.cost_at(state, seat, tile, p, state.discount)
        pay = self._read_payment(state, seat, action.get("pay"), t.colour, cost)
        for c in range(NCOL):
            if pay[c]:
                _spend(state, seat, c, pay[c])
                state.discard[c] += pay[c]
        state.supply[tile] -= 1
        events.append(Event("built", {"seat": seat, "tile": t.id, "rot": rot, "mirror": mirror, "at": [col, row],
                                      "cells": [list(board.cell_of(i)) for i in board.bits(p.mask)],
                                      "pay": _pay_json(pay), "cost": cost, "contact": touching,
                                      "discount": state.discount}))
        self._place(state, seat, tile, p, events)
        if state.phase != "over":
            self._resolve_coats(state, events)

    def _read_payment(self, state, seat: int, pay, colour: int, cost: int) -> list[int]:
        counts = _card_counts(pay, "pay")
        allowed = {colour} | ({state.convert[0]} if state.convert else set())
        if any(counts[c] for c in range(NCOL) if c not in allowed):
            raise IllegalAction(f"pay with {COLOURS[colour]} cards" + (" or converted ones" if state.convert else ""))
        if sum(counts) != cost:
            raise IllegalAction(f"this tile costs {cost} card(s) here, not {sum(counts)}")
        if any(counts[c] > state.hands[seat][c] for c in range(NCOL)):
            raise IllegalAction("you do not hold those cards")
        return counts

    def _place(self, state, seat: int, tile: int, p: board.Placement, events) -> None:
        """Put a tile on a facade, score the lines it completes, and queue its coats of arms."""
        t = board.TILES[tile]
        state.occupied[seat] |= p.mask
        state.colour_masks[seat][t.colour] |= p.mask
        state.bricks[seat] |= p.bricks
        state.facades[seat] = state.facades[seat] + ((tile, p.orientation, p.col, p.row),)
        rows, columns = board.completed_lines(p.mask, state.occupied[seat], state.bricks[seat])
        for kind, lines, points in (("row", rows, board.ROW_POINTS), ("column", columns, board.COLUMN_POINTS)):
            for index, windows in lines:
                gained = points[windows]
                state.scores[seat] += gained
                events.append(Event("scored", {"seat": seat, "line": kind, "index": index, "windows": windows,
                                               "points": gained, "score": state.scores[seat]}))
        if state.scores[seat] >= board.WIN_POINTS:
            self._finish(state, "twelve", events)
            return
        for index in board.bits(p.mask & board.COAT_CELL_MASK):
            state.pending_coats += 1
            events.append(Event("coat", {"seat": seat, "cell": list(board.cell_of(index))}))
        for row, _ in rows:
            if row in board.COAT_ROWS:
                state.pending_coats += 1
                events.append(Event("coat", {"seat": seat, "row": row}))

    def _resolve_coats(self, state, events) -> None:
        """Ask for the next coat-of-arms choice; triggers with no possible choice are lost."""
        seat = state.current
        while state.pending_coats:
            if self.coat_actions(state, seat):
                state.phase = "coat"
                return
            state.pending_coats -= 1
            events.append(Event("coat_lost", {"seat": seat}))
        self._end_turn(state, events)

    def _apply_coat(self, state, action, events):
        seat = state.current
        choice = action.get("choice")
        if choice == "ability":
            ability = ABILITY_INDEX.get(_text(action, "ability"))
            if ability is None:
                raise IllegalAction(f"unknown ability {action.get('ability')!r}")
            if state.abilities[seat][ability] != NONE:
                raise IllegalAction("you already own that ability")
            state.pending_coats -= 1
            state.abilities[seat][ability] = ACTIVE
            events.append(Event("ability_gained", {"seat": seat, "ability": ABILITIES[ability]}))
        elif choice == "refresh":
            if USED not in state.abilities[seat]:
                raise IllegalAction("none of your abilities is used")
            state.pending_coats -= 1
            refreshed = [ABILITIES[a] for a, s in enumerate(state.abilities[seat]) if s == USED]
            state.abilities[seat] = [ACTIVE if s == USED else s for s in state.abilities[seat]]
            events.append(Event("refreshed", {"seat": seat, "abilities": refreshed}))
        elif choice == "special":
            col, row = _cell(action)
            if state.supply[board.SPECIAL] <= 0:
                raise IllegalAction("no white tile is left")
            p = board.placement(board.SPECIAL, 0, False, col, row)
            if p is None:
                raise IllegalAction(f"({col}, {row}) is not on the facade")
            if p.mask & state.occupied[seat]:
                raise IllegalAction(f"({col}, {row}) is already built")
            if not board.supported(p.mask, state.occupied[seat]):
                raise IllegalAction(f"({col}, {row}) has nothing below it")
            state.pending_coats -= 1
            state.supply[board.SPECIAL] -= 1
            events.append(Event("special", {"seat": seat, "at": [col, row]}))
            self._place(state, seat, board.SPECIAL, p, events)
            if state.phase == "over":
                return
        else:
            raise IllegalAction("a coat of arms gives 'ability', 'special' or 'refresh'")
        self._resolve_coats(state, events)

    def _end_turn(self, state, events) -> None:
        state.taken = 0
        state.first_slot = None
        state.discount = False
        state.convert = None
        state.pending_coats = 0
        self._refill_step(state, events)

    def _finish(self, state, reason: str, events) -> None:
        state.end = reason
        state.phase = "over"
        events.append(Event("game_over", {"reason": reason, "scores": list(state.scores)}))

    handlers = {
        ("deal", "deal"): "_apply_deal",
        ("refill", "refill"): "_apply_refill",
        ("reshuffle", "reshuffle"): "_apply_reshuffle",
        ("turn", "take"): "_apply_take",
        ("second", "take"): "_apply_take",
        ("last_call", "take"): "_apply_take",
        ("discard", "discard"): "_apply_discard",
        ("last_call", "both"): "_apply_both",
        ("last_call", "end"): "_apply_end",
        ("turn", "ability"): "_apply_ability",
        ("construct", "ability"): "_apply_ability",
        ("turn", "convert"): "_apply_convert",
        ("construct", "convert"): "_apply_convert",
        ("turn", "build"): "_apply_build",
        ("construct", "build"): "_apply_build",
        ("coat", "coat"): "_apply_coat",
    }

    # -- hidden information ---------------------------------------------------------------------
    def observe(self, state, seat):
        seen = self.clone(state)
        if seat is None:
            return seen
        seen.deck = None
        for other in range(state.players):
            if other != seat and sum(state.secret[other]):
                seen.hands[other] = [h - s for h, s in zip(state.hands[other], state.secret[other], strict=True)]
                seen.hidden[other] += sum(state.secret[other])
                seen.secret[other] = [0] * NCOL
        return seen

    def determinize(self, observation, seat, rng):
        full = self.clone(observation)
        if full.deck is not None:
            return full
        pool = self.unseen_pool(full)
        for other in range(full.players):
            for _ in range(full.hidden[other]):
                colour = self._draw(pool, rng)
                full.hands[other][colour] += 1
                full.secret[other][colour] += 1
            full.hidden[other] = 0
        full.deck = pool
        return full

    # -- end ------------------------------------------------------------------------------------
    def empty_cells(self, state, seat: int) -> int:
        return board.CELLS - bin(state.occupied[seat]).count("1")

    def result(self, state):
        if state.phase != "over":
            return None
        scores = tuple(state.scores)
        empty = [self.empty_cells(state, s) for s in range(state.players)]
        ranks = ranks_from_keys([(scores[s], -empty[s]) for s in range(state.players)])
        details = {"end_key": f"copenhagen.end.{state.end}", "end_fields": {"points": board.WIN_POINTS},
                   "empty_cells": empty}
        top = max(scores)
        leaders = [s for s in range(state.players) if scores[s] == top]
        if len(leaders) > 1:
            winners = [s for s in leaders if ranks[s] == 0]
            key = "copenhagen.tiebreak.shared" if len(winners) > 1 else "copenhagen.tiebreak.cells"
            details["tiebreak_key"] = key
            details["tiebreak_fields"] = {"cells": empty[winners[0]]}
        return Result(scores, ranks, details)

    def progress(self, state):
        return ("copenhagen.progress", {"turn": max(1, state.turn + 1), "best": max(state.scores)})

    def scores(self, state):
        return list(state.scores)

    # -- copies and notation --------------------------------------------------------------------
    def clone(self, state):
        return state.copy()

    def to_json(self, state):
        seats = []
        for seat in range(state.players):
            facade = []
            for tile, o_index, col, row in state.facades[seat]:
                o = board.TILES[tile].orientations[o_index]
                facade.append({"tile": board.TILES[tile].id, "rot": o.rot, "mirror": o.mirror, "at": [col, row]})
            seats.append({
                "hand": _counts_json(state.hands[seat]),
                "secret": _counts_json(state.secret[seat]),
                "hidden": state.hidden[seat],
                "abilities": {ABILITIES[a]: ABILITY_STATES[s] for a, s in enumerate(state.abilities[seat]) if s},
                "score": state.scores[seat],
                "facade": facade,
            })
        return {
            "players": state.players,
            "options": {"bga_deck": state.bga_deck},
            "phase": state.phase,
            "current": state.current,
            "turn": state.turn,
            "harbour": [COLOURS[c] if c >= 0 else None for c in state.harbour],
            "deck": _counts_json(state.deck) if state.deck is not None else None,
            "deck_size": state.deck_size,
            "mermaid": MERMAID_STATES[state.mermaid],
            "mermaid_slot": state.mermaid_slot,
            "discard": _counts_json(state.discard),
            "supply": {t.id: state.supply[t.index] for t in board.TILES},
            "seats": seats,
            "step": {"dealt": state.dealt, "taken": state.taken, "first_slot": state.first_slot,
                     "discount": state.discount,
                     "convert": [COLOURS[c] for c in state.convert] if state.convert else None,
                     "pending_coats": state.pending_coats},
            "end": state.end,
        }

    def from_json(self, data):
        return notation.read_position(self._read_position, data, "Copenhagen")

    def _read_position(self, data) -> CopenhagenState:
        position = notation.Fields(data, "a Copenhagen position")
        players = position.whole("players", 2, 4)
        state = CopenhagenState(players, read_options(position.get("options", LEGACY_OPTIONS))["bga_deck"])
        state.phase = position.one_of("phase", PHASES)
        state.current = position.whole("current", 0, players - 1)
        state.turn = position.whole("turn", -1, 10_000)
        harbour = position.items("harbour", count=SLOTS)
        state.harbour = [-1 if c is None else COLOURS.index(notation.one_of(c, COLOURS, "harbour card"))
                         for c in harbour]
        state.deck = None if position.get("deck") is None else position.counts("deck", COLOURS, 100)
        state.deck_size = position.whole("deck_size", 0, 100)
        if state.deck is not None and sum(state.deck) != state.deck_size:
            raise ValueError("deck_size does not match the deck")
        state.mermaid = MERMAID_STATES.index(position.one_of("mermaid", MERMAID_STATES))
        if players == 2 and state.bga_deck and MERMAID_STATES[state.mermaid] == "aside":
            raise ValueError("with BGA's deck and 2 players the mermaid starts in the deck")
        state.mermaid_slot = position.whole("mermaid_slot", 0, SLOTS - 1, optional=True)
        if (state.mermaid_slot is not None) != (MERMAID_STATES[state.mermaid] == "revealed"):
            raise ValueError("mermaid_slot is set exactly when the mermaid is revealed")
        state.discard = position.counts("discard", COLOURS, 100)
        start = initial_supply(players)
        supply = position.fields("supply")
        if set(supply.data) != set(board.TILE_INDEX):
            raise ValueError("supply must list every tile")
        state.supply = [supply.whole(t.id, 0, start[t.index]) for t in board.TILES]
        placed = [0] * len(board.TILES)
        for seat, entry in enumerate(position.items("seats", count=players)):
            self._read_seat(state, seat, notation.Fields(entry, f"seat {seat}"), placed)
        for t in board.TILES:
            if state.supply[t.index] + placed[t.index] != start[t.index]:
                raise ValueError(f"{t.id}: supply and facades do not add up to {start[t.index]}")
        self._read_step(state, position.fields("step"))
        end = position.get("end")
        if end not in (None, "twelve", "mermaid") or (end is None) != (state.phase != "over"):
            raise ValueError("end is 'twelve' or 'mermaid' exactly when the phase is 'over'")
        state.end = end
        self._check_cards(state)
        self._check_phase(state)
        return state

    def _read_seat(self, state, seat: int, entry: notation.Fields, placed: list[int]) -> None:
        state.hands[seat] = entry.counts("hand", COLOURS, 100)
        state.secret[seat] = entry.counts("secret", COLOURS, 100)
        if any(s > h for s, h in zip(state.secret[seat], state.hands[seat], strict=True)):
            raise ValueError("a secret part cannot exceed the hand")
        state.hidden[seat] = entry.whole("hidden", 0, 100)
        abilities = entry.mapping("abilities")
        if not set(abilities) <= set(ABILITIES):
            raise ValueError(f"abilities are among {', '.join(ABILITIES)}")
        names = {v: k for k, v in ABILITY_STATES.items()}
        state.abilities[seat] = [names[notation.one_of(abilities[a], tuple(names), a)] if a in abilities else NONE
                                 for a in ABILITIES]
        if not state.abilities[seat][ANY_CARDS]:
            raise ValueError("every player owns Any cards")
        for item in entry.items("facade"):
            self._read_tile(state, seat, notation.Fields(item, "a facade tile"), placed)
        state.scores[seat] = entry.whole("score", 0, 100)
        if state.scores[seat] != board.board_points(state.occupied[seat], state.bricks[seat]):
            raise ValueError(f"seat {seat}'s score is not what its facade is worth")

    def _read_tile(self, state, seat: int, item: notation.Fields, placed: list[int]) -> None:
        """One tile of a facade, placed in order: inside, on free cells, standing on something."""
        tile_id = item.get("tile")
        tile = notation.name(tile_id, board.TILE_INDEX, "a facade tile", "a tile")
        rot = item.whole("rot", 0, 3)
        mirror = item.flag("mirror")
        o = board.TILES[tile].orientations[board.TILES[tile].orientation_of[(rot, mirror)]]
        if (o.rot, o.mirror) != (rot, mirror):
            raise ValueError(f"{tile_id}: write this orientation as rot={o.rot} mirror={o.mirror}")
        col, row = item.wholes("at", 2, 0, max(board.WIDTH, board.HEIGHT) - 1)
        p = board.placement(tile, rot, mirror, col, row)
        if p is None or p.mask & state.occupied[seat] or not board.supported(p.mask, state.occupied[seat]):
            raise ValueError(f"{tile_id} at {[col, row]} is outside, overlapping or unsupported")
        state.occupied[seat] |= p.mask
        state.colour_masks[seat][board.TILES[tile].colour] |= p.mask
        state.bricks[seat] |= p.bricks
        state.facades[seat] += ((tile, p.orientation, col, row),)
        placed[tile] += 1

    def _read_step(self, state, step: notation.Fields) -> None:
        state.dealt = step.whole("dealt", 0, state.players)
        state.taken = step.whole("taken", 0, 3)
        state.first_slot = step.whole("first_slot", 0, SLOTS - 1, optional=True)
        if (state.first_slot is None) != (state.taken == 0):
            raise ValueError("first_slot is set exactly when cards were taken this turn")
        state.discount = step.flag("discount")
        convert = step.get("convert")
        if convert is not None:
            if not isinstance(convert, list) or len(convert) != 2 or convert[0] == convert[1]:
                raise ValueError("convert is [from, to] with two colours")
            state.convert = tuple(COLOURS.index(notation.one_of(c, COLOURS, "convert")) for c in convert)
        state.pending_coats = step.whole("pending_coats", 0, 20)

    def _check_cards(self, state) -> None:
        total = cards_per_colour(state.players)
        pool = self.unseen_pool(state)
        if min(pool) < 0:
            raise ValueError(f"more than {total} cards of a colour")
        if state.deck is not None:
            if pool != state.deck or any(state.hidden):
                raise ValueError(f"cards do not add up to {total} per colour")
        elif sum(pool) != state.deck_size + sum(state.hidden):
            raise ValueError("hidden cards and the deck do not add up")

    def _check_phase(self, state) -> None:
        phase = state.phase
        seat = state.current
        if (phase == "deal") != (state.dealt < state.players):
            raise ValueError("hands are dealt in the 'deal' phase, and only then")
        if phase == "refill" and -1 not in state.harbour:
            raise ValueError("a refill needs an empty harbour slot")
        if phase == "discard" and state.hand_size(seat) <= HAND_LIMIT:
            raise ValueError("a discard is due only above the hand limit")
        if phase in ("turn", "deal") and (state.taken or state.discount or state.convert or state.pending_coats):
            raise ValueError("nothing of a turn can have happened before it begins")
        if phase == "second" and state.taken != 1:
            raise ValueError("the second card follows exactly one card")
        if phase == "coat" and not state.pending_coats:
            raise ValueError("the coat phase needs a pending coat of arms")
        if phase not in CHANCE_PHASES and phase != "over" and state.hand_size(seat) > HAND_LIMIT \
                and phase != "discard":
            raise ValueError("a hand above the limit must discard first")


RULES = CopenhagenRules()
