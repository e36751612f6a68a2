"""Cities & Knights (5th edition) for 3-4 players, as a variant of the Catan family engine.

Everything base Catan and Cities & Knights share (the island, the set-up snake, dice production with
the bank shortage, the 7, the robber, building, harbours, bank and domestic trade, Longest Road, the
win on your own turn) comes from ``game.games.catan.family``; this module adds the commodities, the
event die and the barbarians, city improvements and metropolises, city walls, knights, the 54
progress cards and the merchant. Card kinds are ``cards.KINDS``: the five resources, then paper,
cloth and coin. Tracks are ``trade`` (cloth), ``politics`` (coin) and ``science`` (paper). Decided
questions of the reference are cited by their A-number where they apply to 3-4 players.

Actions (JSON dicts), beyond base Catan's layout, set-up roads, building, trade and discard steps
-----------------------------------------------------------------------------------------------
Chance (seat CHANCE):
  {"type": "roll", "dice": [white, red], "event": "ship"|"trade"|"politics"|"science"}
                                       number dice and event die thrown together (after an Alchemist
                                       only the event die is open: the dice are the ones chosen)
  {"type": "progress", "card": c}      the top card of the deck the step names, for the seat it names
  {"type": "steal", "resource": k}     any card kind (resources and commodities)
Set-up: {"type": "settlement", "vertex": v} in the first round, {"type": "city", "vertex": v} in the
  second (starting cards come from the city), each followed by {"type": "road", "edge": e}.
Before the roll: {"type": "roll"} or {"type": "play", "card": "alchemist", "dice": [white, red]}.
The turn ("main"):
  {"type": "city", "vertex": v}  {"type": "settlement", ...}  {"type": "road", ...}  as in base Catan
  {"type": "wall", "vertex": v}             a city wall under one of your cities (2 brick, at most 3)
  {"type": "knight", "vertex": v}           recruit a basic knight (wool + ore), placed inactive
  {"type": "activate", "vertex": v}         (grain) it may not act this turn
  {"type": "promote", "vertex": v}          one level (wool + ore; mighty needs politics level 3)
  {"type": "knight_move", "vertex": v, "to": w}   an active knight moves along your roads, or onto a
                                            weaker knight of another colour, who then retreats
  {"type": "chase", "vertex": v}            a knight beside the robber chases it (then the robber moves)
  {"type": "improve", "track": t[, "vertex": v]}  the next level of a track (its commodity, as many as
                                            the level); "vertex" is the city that takes the
                                            metropolis when this level wins it
  {"type": "play", "card": c, ...}          a progress card with what it needs: "resource" (monopolies,
                                            merchant fleet), "seat" (deserter, spy, master merchant),
                                            "hex" (bishop, merchant), "hexes": [a, b] (inventor),
                                            "vertex" (engineer, medicine, intrigue), "edge" (diplomat)
  {"type": "bank_trade", ...} {"type": "trade"} ... {"type": "end_turn"}  as in base Catan
Steps that a roll, an attack or a card asks of one seat (``to_act`` names it):
  {"type": "progress_discard", "card": c}   over the hand limit of 4 (A21: the player on turn only at
                                            the end of the turn, the others at once)
  {"type": "choose_deck", "track": t}       a tied defender chooses the deck of their reward
  {"type": "pillage", "vertex": v}          the weakest defenders each lose an ordinary city
  {"type": "aqueduct", "resource": r} / {"type": "done"}   a roll gave nothing: one resource (or none)
  {"type": "discard", "card": k}            one card at a time (a 7, the Saboteur)
  {"type": "give", "card": k}               one card at a time to the Wedding's player
  {"type": "retreat", "vertex": v}          a displaced knight's owner chooses where it goes
  {"type": "desert", "vertex": v}           the Deserter's victim removes one of their knights
  {"type": "knight", "vertex": v} / {"type": "done"}    the Deserter's player places a knight (or not)
  {"type": "road", "edge": e} / {"type": "done"}        the Diplomat's player rebuilds their road (or not)
  {"type": "harbour_offer", "seat": s, "resource": r} / {"type": "done"}   Commercial Harbor offers
  {"type": "harbour_give", "card": k}       the offered player's commodity in exchange
  {"type": "spy_take", "card": c}           the Spy's player takes a progress card they see
  {"type": "take", "card": k}               the Master Merchant's player takes a card they see
  {"type": "promote", "vertex": v} / {"type": "done"}   the Smith's free promotions

Position notation (``to_json``)
-------------------------------
Base Catan's fields without the development cards (see ``game.games.catan.rules``; "format" is
"catan_ck/1", hands and bank count all eight kinds, "options" are layout, numbers, victory_points),
and:
  "knights": [[vertex, seat, strength 1-3, active, activated this turn, promoted this turn], ...],
  "walls": [vertex, ...], "toppled": [vertex, ...] (cities laid on their side, A34: listed as
      cities in "buildings", counted as settlements, the next city their owner builds),
  "improvements": per seat {"trade": n, "politics": n, "science": n},
  "metropolises": {track: vertex or null}, "barbarians": advances 0-6, "attacks": attacks so far
      (the robber sleeps in the desert while 0), "defenders": per seat Defender of Catan cards,
  "progress": per seat {card: count} or null where hidden, "progress_counts": per seat,
  "victory_cards": per seat [card, ...] (Printer, Constitution: shown at once),
  "decks": {track: {"unseen": {card: count} or null where hidden, "unseen_count": n,
      "under": [[card or null where hidden, seat who put it there face down or null], ...]}}
      (cards never drawn, in an unknown order, then the cards put under the deck, in order),
  "merchant": {"hex": h, "seat": s} or null, "event": the event die's last face or null,
  "alchemy": [white, red] or null (the dice the Alchemist set for the coming roll),
  "fleet": [kinds traded 2:1 this turn], "cranes": Cranes played and unused this turn,
  "giving": per seat cards still owed to the Wedding's player,
  "harbour_offered": [seat, ...] offered a Commercial Harbor exchange this turn (optional, absent when none:
      each opponent is offered once a turn, however many Commercial Harbors are played),
  "step": the data of the current step or null, "queue": [[phase, data], ...] the steps to come,
      where data is an object among {"seat", "track", "strength", "active", "resource", "left"}.
Road lengths, bank rates, knight pieces and points are recomputed from the board.

For a layer on top (such as the rules for two players): knight pieces are counted per colour on the
board (``_no_knights``), so a neutral colour may own knights; a roll is checked by ``_check_roll``
before anything changes and its event die resolved by ``_event_die``; ``queued_steps`` names what
the queue may hold. ``observe``
masks other hands, other progress hands, the decks' unseen cards and cards put face down under a
deck by someone else; during the Spy (Master Merchant) the player on turn sees the target's
progress cards (cards).
"""

from __future__ import annotations

from game.core.notation import flag, whole
from game.core.rules import Event, IllegalAction, action_key
from game.games.catan.board import (
    BRICK,
    EDGE_VERTICES,
    GRAIN,
    HEX_VERTICES,
    NUM_EDGES,
    NUM_HEXES,
    NUM_VERTICES,
    ORE,
    RESOURCES,
    VERTEX_EDGES,
    WOOL,
    Layout,
)
from game.games.catan.building import road_spots, settlement_spots, setup_seat
from game.games.catan.family import (
    ALL_ROLLS,
    CITY_ACTIONS,
    ROAD_ACTIONS,
    ROAD_LIMIT,
    ROLL_NOW,
    SETTLEMENT_LIMIT,
    CatanFamily,
    FamilyState,
    cards_of,
    is_index,
)
from game.games.catan.notation import counts_json, read_counts, read_seat
from game.games.catan.robber import drawn_index, robber_victims
from game.games.catan.trade import can_afford, harbour_rates
from game.games.catan_ck.cards import (
    ABILITY_LEVEL,
    BARBARIAN_TRACK,
    CARD_COUNTS,
    CARD_INDEX,
    CARD_TRACK,
    CARDS,
    CITY_COMMODITY,
    COMMODITIES,
    COMMODITY_SUPPLY,
    COSTS,
    EVENT_FACES,
    EVENT_WEIGHTS,
    KINDS,
    KNIGHTS_PER_STRENGTH,
    LEVELS,
    METROPOLIS_BONUS,
    METROPOLIS_LEVEL,
    POLITICS,
    PROGRESS_LIMIT,
    RESOURCE_SUPPLY,
    SCIENCE,
    TAKEOVER_LEVEL,
    TRACK_CARDS,
    TRACK_COMMODITY,
    TRACK_INDEX,
    TRACKS,
    TRADE,
    VICTORY_CARDS,
    WALL_BONUS,
    WALL_LIMIT,
)

NUM_CARDS = len(CARDS)
COMMODITY_KINDS = tuple(range(len(RESOURCES), len(KINDS)))
RESOURCE_KINDS = tuple(range(len(RESOURCES)))
ALCHEMIST, ROAD_BUILDING_CARD, SMITH = (CARD_INDEX[c] for c in ("alchemist", "road_building", "smith"))
WALL_COST, RECRUIT_COST, PROMOTE_COST, ACTIVATE_COST, MEDICINE_COST = (
    COSTS[k] for k in ("city_wall", "knight_recruit", "knight_promote", "knight_activate", "city_medicine_card"))
HARVESTS = {"irrigation": GRAIN, "mining": ORE}
"""The resource each harvest card takes, two for each hex of it next to your buildings."""
STEP_PHASES = ("progress_draw", "choose_deck", "pillage", "progress_limit", "aqueduct", "retreat", "desert",
               "deserter_place", "relocate", "harbour_offer", "harbour_answer", "spy", "master_merchant", "smith",
               "steal", "robber")
AUTOMATIC_STEPS = ("produce", "seven", "next_turn")
STEP_KEYS = frozenset(("seat", "track", "strength", "active", "resource", "left", "from"))

DONE = {"type": "done"}
WALL_ACTIONS = tuple({"type": "wall", "vertex": v} for v in range(NUM_VERTICES))
RECRUIT_ACTIONS = tuple({"type": "knight", "vertex": v} for v in range(NUM_VERTICES))
ACTIVATE_ACTIONS = tuple({"type": "activate", "vertex": v} for v in range(NUM_VERTICES))
PROMOTE_ACTIONS = tuple({"type": "promote", "vertex": v} for v in range(NUM_VERTICES))
CHASE_ACTIONS = tuple({"type": "chase", "vertex": v} for v in range(NUM_VERTICES))
RETREAT_ACTIONS = tuple({"type": "retreat", "vertex": v} for v in range(NUM_VERTICES))
DESERT_ACTIONS = tuple({"type": "desert", "vertex": v} for v in range(NUM_VERTICES))
PILLAGE_ACTIONS = tuple({"type": "pillage", "vertex": v} for v in range(NUM_VERTICES))
MOVE_ACTIONS = {(v, w): {"type": "knight_move", "vertex": v, "to": w}
                for v in range(NUM_VERTICES) for w in range(NUM_VERTICES) if v != w}
IMPROVE_ACTIONS = tuple({"type": "improve", "track": t} for t in TRACKS)
IMPROVE_AT = tuple(tuple({"type": "improve", "track": t, "vertex": v} for v in range(NUM_VERTICES)) for t in TRACKS)
DISCARD_ACTIONS = tuple({"type": "discard", "card": k} for k in KINDS)
GIVE_ACTIONS = tuple({"type": "give", "card": k} for k in KINDS)
TAKE_ACTIONS = tuple({"type": "take", "card": k} for k in KINDS)
HARBOUR_GIVE_ACTIONS = tuple({"type": "harbour_give", "card": k} for k in KINDS)
AQUEDUCT_ACTIONS = tuple({"type": "aqueduct", "resource": r} for r in RESOURCES)
CHOOSE_DECK_ACTIONS = tuple({"type": "choose_deck", "track": t} for t in TRACKS)
PROGRESS_DISCARD_ACTIONS = tuple({"type": "progress_discard", "card": c} for c in CARDS)
SPY_TAKE_ACTIONS = tuple({"type": "spy_take", "card": c} for c in CARDS)
PROGRESS_DRAW_ACTIONS = tuple({"type": "progress", "card": c} for c in CARDS)
PLAY_SIMPLE = {c: {"type": "play", "card": c} for c in CARDS}
ALCHEMIST_ACTIONS = tuple({"type": "play", "card": "alchemist", "dice": [a, b]} for a in range(1, 7)
                          for b in range(1, 7))
EVENT_ROLLS = {(a, b): tuple({"type": "roll", "dice": [a, b], "event": face} for face in EVENT_FACES)
               for a in range(1, 7) for b in range(1, 7)}
"""Rolls by number dice: one action per event-die face."""
NO_NUMBER = frozenset((2, 12, 6, 8))
"""Numbers the Inventor may not move."""


class CKState(FamilyState):
    """A Cities & Knights position: the family's fields and the expansion's (see the notation)."""

    __slots__ = ("knight_owner", "knight_strength", "knight_active", "knight_activated", "knight_promoted",
                 "knight_pieces", "occupant", "walls", "toppled", "improvements", "metropolis", "barbarians",
                 "attacks", "defenders", "progress", "hidden_progress", "victory_cards", "unseen", "unseen_count",
                 "under", "merchant_hex", "merchant_owner", "event", "alchemy", "fleet", "cranes", "giving",
                 "harbour_offered", "step", "queue")

    def copy(self):
        s = super().copy()
        s.knight_owner = self.knight_owner[:]
        s.knight_strength = self.knight_strength[:]
        s.knight_active = self.knight_active[:]
        s.knight_activated = self.knight_activated[:]
        s.knight_promoted = self.knight_promoted[:]
        s.knight_pieces = [k[:] for k in self.knight_pieces]
        s.occupant = self.occupant[:]
        s.walls = self.walls[:]
        s.toppled = self.toppled[:]
        s.improvements = [i[:] for i in self.improvements]
        s.metropolis = self.metropolis[:]
        s.barbarians = self.barbarians
        s.attacks = self.attacks
        s.defenders = self.defenders[:]
        s.progress = [None if p is None else p[:] for p in self.progress]
        s.hidden_progress = self.hidden_progress[:]
        s.victory_cards = [v[:] for v in self.victory_cards]
        s.unseen = None if self.unseen is None else self.unseen[:]
        s.unseen_count = self.unseen_count[:]
        s.under = [[entry[:] for entry in deck] for deck in self.under]
        s.merchant_hex = self.merchant_hex
        s.merchant_owner = self.merchant_owner
        s.event = self.event
        s.alchemy = self.alchemy
        s.fleet = self.fleet[:]
        s.cranes = self.cranes
        s.giving = self.giving[:]
        s.harbour_offered = self.harbour_offered
        s.step = None if self.step is None else dict(self.step)
        s.queue = [(phase, dict(data)) for phase, data in self.queue]
        return s


def progress_in_hand(state, seat: int) -> int:
    """Progress cards ``seat`` holds (victory point cards lie open and are not in the hand)."""
    hand = state.progress[seat]
    return state.hidden_progress[seat] if hand is None else sum(hand)


def walls_of(state, seat: int) -> int:
    owner = state.vertex_owner
    return sum(1 for v in range(NUM_VERTICES) if state.walls[v] and owner[v] == seat)


def active_strength(state, seat: int) -> int:
    """The strength ``seat``'s active knights bring against the barbarians."""
    owner, strength, active = state.knight_owner, state.knight_strength, state.knight_active
    return sum(strength[v] for v in range(NUM_VERTICES) if owner[v] == seat and active[v])


def deck_size(state, track: int) -> int:
    return state.unseen_count[track] + len(state.under[track])


def road_ends(edge_owner, seat: int) -> set:
    """Corners at an end of one of ``seat``'s roads."""
    ends = set()
    for e in range(NUM_EDGES):
        if edge_owner[e] == seat:
            ends.update(EDGE_VERTICES[e])
    return ends


class CitiesKnightsRules(CatanFamily):
    game_id = "catan_ck"
    format_id = "catan_ck/1"
    counts_cards = False
    """Cards change hands here without changing a hand's size (a Commercial Harbor swap, a Spy), which
    the base game's count does not read, so no count is kept."""
    title = "Cities & Knights"
    state_class = CKState
    kinds = KINDS
    bank_start = tuple(RESOURCE_SUPPLY for _ in RESOURCES) + COMMODITY_SUPPLY
    player_counts = (3, 4)
    default_options = {"layout": "random", "numbers": "spiral", "victory_points": 13}
    chance_phases = CatanFamily.chance_phases | {"progress_draw"}
    opening_phases = CatanFamily.opening_phases | {"setup_city"}
    handlers = {
        ("setup_city", "city"): "_do_setup_city",
        ("pre_roll", "play"): "_do_play",
        ("main", "play"): "_do_play",
        ("main", "wall"): "_do_wall",
        ("main", "knight"): "_do_recruit",
        ("main", "activate"): "_do_activate",
        ("main", "promote"): "_do_promote",
        ("main", "knight_move"): "_do_knight_move",
        ("main", "chase"): "_do_chase",
        ("main", "improve"): "_do_improve",
        ("progress_draw", "progress"): "_do_progress_draw",
        ("choose_deck", "choose_deck"): "_do_choose_deck",
        ("pillage", "pillage"): "_do_pillage",
        ("progress_limit", "progress_discard"): "_do_progress_discard",
        ("aqueduct", "aqueduct"): "_do_aqueduct",
        ("aqueduct", "done"): "_do_done",
        ("give", "give"): "_do_give",
        ("retreat", "retreat"): "_do_retreat",
        ("desert", "desert"): "_do_desert",
        ("deserter_place", "knight"): "_do_deserter_place",
        ("deserter_place", "done"): "_do_done",
        ("relocate", "road"): "_do_relocate",
        ("relocate", "done"): "_do_done",
        ("harbour_offer", "harbour_offer"): "_do_harbour_offer",
        ("harbour_offer", "done"): "_do_done",
        ("harbour_answer", "harbour_give"): "_do_harbour_give",
        ("spy", "spy_take"): "_do_spy_take",
        ("master_merchant", "take"): "_do_take",
        ("smith", "promote"): "_do_smith_promote",
        ("smith", "done"): "_do_done",
    }
    actions_by_phase = {
        "setup_city": "_setup_city_actions",
        "progress_draw": "_progress_draw_outcomes",
        "choose_deck": "_choose_deck_actions",
        "pillage": "_pillage_actions",
        "progress_limit": "_progress_limit_actions",
        "aqueduct": "_aqueduct_actions",
        "give": "_give_actions",
        "retreat": "_retreat_actions",
        "desert": "_desert_actions",
        "deserter_place": "_deserter_place_actions",
        "relocate": "_relocate_actions",
        "harbour_offer": "_harbour_offer_actions",
        "harbour_answer": "_harbour_answer_actions",
        "spy": "_spy_actions",
        "master_merchant": "_master_merchant_actions",
        "smith": "_smith_actions",
    }
    samplers_by_phase = {"progress_draw": "_sample_progress"}
    queued_steps = frozenset(STEP_PHASES + AUTOMATIC_STEPS)
    """Steps the queue may hold (a layer adds its own)."""
    actors_by_phase = {
        "setup_city": "_setup_actor",
        "choose_deck": "_step_actor",
        "pillage": "_step_actor",
        "progress_limit": "_step_actor",
        "aqueduct": "_step_actor",
        "retreat": "_step_actor",
        "desert": "_step_actor",
        "harbour_answer": "_step_actor",
        "give": "_giver",
    }

    @staticmethod
    def _no_knights(s) -> None:
        """No knight on the board yet; every corner holds what ``vertex_owner`` says. Knight pieces are
        counted per colour (a neutral colour numbered after the seats has knights too)."""
        s.knight_owner = [-1] * NUM_VERTICES
        s.knight_strength = [0] * NUM_VERTICES
        s.knight_active = [False] * NUM_VERTICES
        s.knight_activated = [False] * NUM_VERTICES
        s.knight_promoted = [False] * NUM_VERTICES
        s.knight_pieces = [[0, 0, 0] for _ in s.pieces]
        s.occupant = list(s.vertex_owner)

    def _init_state(self, s) -> None:
        players = s.players
        self._no_knights(s)
        s.walls = [False] * NUM_VERTICES
        s.toppled = [False] * NUM_VERTICES
        s.improvements = [[0, 0, 0] for _ in range(players)]
        s.metropolis = [-1] * len(TRACKS)
        s.barbarians = 0
        s.attacks = 0
        s.defenders = [0] * players
        s.progress = [[0] * NUM_CARDS for _ in range(players)]
        s.hidden_progress = [0] * players
        s.victory_cards = [[] for _ in range(players)]
        s.unseen = list(CARD_COUNTS)
        s.unseen_count = [sum(CARD_COUNTS[c] for c in cards) for cards in TRACK_CARDS]
        s.under = [[] for _ in TRACKS]
        s.merchant_hex = -1
        s.merchant_owner = -1
        s.event = None
        s.alchemy = None
        s.fleet = []
        s.cranes = 0
        s.giving = [0] * players
        s.harbour_offered = ()
        s.step = None
        s.queue = []

    # -- scoring, limits and where pieces go ----------------------------------------------------------
    def public_points(self, state, seat: int) -> int:
        """Every point is public: buildings (a toppled city counts 1), metropolises, Longest Road,
        Defender of Catan cards, Printer and Constitution, and the merchant."""
        pieces = state.pieces[seat]
        points = pieces[1] + 2 * pieces[2] + state.defenders[seat] + len(state.victory_cards[seat])
        owner = state.vertex_owner
        if True in state.toppled:
            points -= sum(1 for v in range(NUM_VERTICES) if state.toppled[v] and owner[v] == seat)
        for v in state.metropolis:
            if v >= 0 and owner[v] == seat:
                points += METROPOLIS_BONUS
        if state.longest_road == seat:
            points += 2
        if state.merchant_owner == seat:
            points += 1
        return points

    def hand_limit(self, state, seat: int) -> int:
        return 7 + WALL_BONUS * walls_of(state, seat)

    def blockers(self, state):
        return state.occupant

    def road_spots(self, state, seat: int) -> list[int]:
        return road_spots(state.edge_owner, state.occupant, seat)

    def settlement_spots(self, state, seat: int) -> list[int]:
        return settlement_spots(state.edge_owner, state.vertex_owner, seat, state.occupant)

    def city_spots(self, state, seat: int) -> list[int]:
        """A city laid on its side is rebuilt before any other (A34); else a settlement while city
        pieces last."""
        owner, level = state.vertex_owner, state.vertex_level
        toppled = [v for v in range(NUM_VERTICES) if state.toppled[v] and owner[v] == seat]
        if toppled:
            return toppled
        if state.pieces[seat][2] >= 4:
            return []
        return [v for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 1]

    def bank_rates(self, state, seat: int) -> tuple:
        """Harbours (a 3:1 harbour serves commodities too, a 2:1 harbour only its resource), any
        commodity 2:1 from trade level 3, the merchant's resource 2:1, the Merchant Fleet's kind 2:1."""
        rates = harbour_rates(state.layout, state.vertex_owner, seat, len(KINDS))
        if seat >= state.players:  # a neutral colour: harbours only (it never trades)
            return tuple(rates)
        if state.improvements[seat][TRADE] >= ABILITY_LEVEL:
            for k in COMMODITY_KINDS:
                rates[k] = 2
        if state.merchant_owner == seat:
            resource = state.layout.hex_resource[state.merchant_hex]
            if resource >= 0:
                rates[resource] = 2
        if seat == state.current:
            for k in state.fleet:
                rates[k] = 2
        return tuple(rates)

    def _refresh_rates(self, state) -> None:
        state.rates = [self.bank_rates(state, p) for p in range(len(state.rates))]

    def robber_awake(self, state) -> bool:
        """The robber sleeps in the desert until the first barbarian attack."""
        return state.attacks > 0

    def retreat_spots(self, state, step: dict) -> list[int]:
        """Where a displaced knight may retreat: ``knight_spots`` of its colour but the corner it was displaced
        from (Intrigue empties it; a knight that stayed there would not have been displaced)."""
        return [v for v in self.knight_spots(state, step["seat"]) if v != step.get("from")]

    def knight_spots(self, state, seat: int) -> list[int]:
        """Empty corners at an end of ``seat``'s roads (no distance rule)."""
        occupant = state.occupant
        return sorted(v for v in road_ends(state.edge_owner, seat) if occupant[v] < 0)

    def has_city(self, state, seat: int) -> bool:
        owner, level = state.vertex_owner, state.vertex_level
        return any(owner[v] == seat and level[v] == 2 for v in range(NUM_VERTICES))

    def metropolis_sites(self, state, seat: int) -> list[int]:
        """``seat``'s cities without a metropolis."""
        owner, level = state.vertex_owner, state.vertex_level
        return [v for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 2 and v not in state.metropolis]

    # -- whose decision -------------------------------------------------------------------------
    def _step_actor(self, state) -> int:
        return state.step["seat"]

    def _giver(self, state) -> int:
        n = state.players
        for k in range(n):
            seat = (state.current + k) % n
            if state.giving[seat]:
                return seat
        return state.current

    def _has_pre_roll(self, state, seat: int) -> bool:
        return state.progress[seat][ALCHEMIST] > 0

    def _do_end_turn(self, state, action):
        """Over the hand limit of 4, the player on turn discards before the turn passes (A21)."""
        if sum(state.progress[state.current]) > PROGRESS_LIMIT:
            state.queue = [("progress_limit", {"seat": state.current}), ("next_turn", {})]
            return self._continue(state)
        return super()._do_end_turn(state, action)

    def _setup_phase(self, state) -> str:
        return "setup_city" if state.setup_index >= state.players else "setup_settlement"

    # -- legal actions ------------------------------------------------------------------------------
    def _setup_city_actions(self, state) -> list:
        return [CITY_ACTIONS[a["vertex"]] for a in self._setup_settlement_actions(state)]

    def _pre_roll_actions(self, state) -> list:
        return [ROLL_NOW] + (list(ALCHEMIST_ACTIONS) if state.progress[state.current][ALCHEMIST] else [])

    def _roll_outcomes(self, state) -> list:
        if state.alchemy is not None:
            return list(EVENT_ROLLS[state.alchemy])
        return [action for roll in ALL_ROLLS for action in EVENT_ROLLS[tuple(roll["dice"])]]

    def _discard_actions(self, state) -> list:
        hand = state.hands[self._discarder(state)]
        return [DISCARD_ACTIONS[k] for k in range(len(KINDS)) if hand[k]]

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        hand = state.hands[seat]
        owner, level = state.vertex_owner, state.vertex_level
        if hand[BRICK] >= 2 and walls_of(state, seat) < WALL_LIMIT:
            actions += [WALL_ACTIONS[v] for v in range(NUM_VERTICES)
                        if owner[v] == seat and level[v] == 2 and not state.walls[v]]
        actions += self._knight_actions(state, seat, hand)
        for t in range(len(TRACKS)):
            actions += self._improve_actions(state, seat, t, state.cranes > 0)
        actions += self._progress_plays(state, seat)

    def _knight_actions(self, state, seat: int, hand) -> list:
        actions = []
        wool_and_ore = hand[WOOL] and hand[ORE]
        pieces = state.knight_pieces[seat]
        if wool_and_ore and pieces[0] < KNIGHTS_PER_STRENGTH:
            actions += [RECRUIT_ACTIONS[v] for v in self.knight_spots(state, seat)]
        knights = [v for v in range(NUM_VERTICES) if state.knight_owner[v] == seat]
        if not knights:
            return actions
        if hand[GRAIN]:
            actions += [ACTIVATE_ACTIONS[v] for v in knights if not state.knight_active[v]]
        if wool_and_ore:
            actions += [PROMOTE_ACTIONS[v] for v in knights if self._promotable(state, seat, v)]
        robber_corners = HEX_VERTICES[state.robber] if self.robber_awake(state) else ()
        for v in knights:
            if state.knight_active[v] and not state.knight_activated[v]:
                actions += [MOVE_ACTIONS[v, w] for w in self.knight_moves(state, v)]
                if v in robber_corners:
                    actions.append(CHASE_ACTIONS[v])
        return actions

    def _promotable(self, state, seat: int, v: int) -> bool:
        strength = state.knight_strength[v]
        if strength >= 3 or state.knight_promoted[v] or state.knight_pieces[seat][strength] >= KNIGHTS_PER_STRENGTH:
            return False
        return strength < 2 or state.improvements[seat][POLITICS] >= ABILITY_LEVEL

    def knight_moves(self, state, v: int) -> list[int]:
        """Where the knight on ``v`` may go: empty corners reachable along its owner's roads (passing
        only its owner's pieces), and corners of such a path holding a weaker knight of another colour."""
        seat, strength = state.knight_owner[v], state.knight_strength[v]
        edge_owner, occupant = state.edge_owner, state.occupant
        seen = {v}
        stack = [v]
        targets = []
        while stack:
            u = stack.pop()
            for e in VERTEX_EDGES[u]:
                if edge_owner[e] != seat:
                    continue
                a, b = EDGE_VERTICES[e]
                w = b if a == u else a
                if w in seen:
                    continue
                seen.add(w)
                who = occupant[w]
                if who < 0:
                    targets.append(w)
                    stack.append(w)
                elif who == seat:
                    stack.append(w)
                elif state.knight_owner[w] == who and state.knight_strength[w] < strength:
                    targets.append(w)
        targets.sort()
        return targets

    def _improve_actions(self, state, seat: int, t: int, crane: bool) -> list:
        level = state.improvements[seat][t] + 1
        if level > LEVELS or not self._may_improve(state, seat, t, level):
            return []
        if state.hands[seat][TRACK_COMMODITY[t]] < max(0, level - crane):
            return []
        if self._wins_metropolis(state, seat, t, level):
            return [IMPROVE_AT[t][v] for v in self.metropolis_sites(state, seat)]
        return [IMPROVE_ACTIONS[t]]

    def _may_improve(self, state, seat: int, t: int, level: int) -> bool:
        """A city is needed; levels 4 and 5 also need a city that could take the metropolis, unless
        ``seat`` holds this track's metropolis already."""
        if not self.has_city(state, seat):
            return False
        if level < METROPOLIS_LEVEL:
            return True
        held = state.metropolis[t]
        return (held >= 0 and state.vertex_owner[held] == seat) or bool(self.metropolis_sites(state, seat))

    def _wins_metropolis(self, state, seat: int, t: int, level: int) -> bool:
        """First to level 4 takes the track's metropolis; first to 5 takes it from a holder at 4."""
        held = state.metropolis[t]
        if level == METROPOLIS_LEVEL:
            return held < 0
        if level == TAKEOVER_LEVEL and held >= 0:
            holder = state.vertex_owner[held]
            return holder != seat and state.improvements[holder][t] < TAKEOVER_LEVEL
        return False

    def _progress_plays(self, state, seat: int) -> list:
        hand = state.progress[seat]
        actions = []
        for c in range(NUM_CARDS):
            if hand[c] and c != ALCHEMIST:
                actions += self._card_plays(state, seat, CARDS[c])
        return actions

    def _card_plays(self, state, seat: int, card: str) -> list:
        """The ways to play ``card`` now; none where its effect is known to be nothing."""
        n = state.players
        others = [p for p in range(n) if p != seat]
        hand = state.hands[seat]
        if card == "crane":
            useful = any(self._improve_actions(state, seat, t, True) for t in range(len(TRACKS)))
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "engineer":
            if walls_of(state, seat) >= WALL_LIMIT:
                return []
            return [{"type": "play", "card": card, "vertex": v} for v in range(NUM_VERTICES)
                    if state.vertex_owner[v] == seat and state.vertex_level[v] == 2 and not state.walls[v]]
        if card == "inventor":
            numbers = state.layout.numbers
            movable = [h for h in range(NUM_HEXES) if numbers[h] is not None and numbers[h] not in NO_NUMBER]
            return [{"type": "play", "card": card, "hexes": [a, b]} for i, a in enumerate(movable)
                    for b in movable[i + 1:] if numbers[a] != numbers[b]]
        if card in HARVESTS:
            resource = HARVESTS[card]
            useful = state.bank[resource] and self._terrain_hexes(state, seat, resource)
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "medicine":
            if not can_afford(hand, MEDICINE_COST):
                return []
            return [{"type": "play", "card": card, "vertex": v} for v in self.city_spots(state, seat)]
        if card == "road_building":
            useful = state.pieces[seat][0] < ROAD_LIMIT and self.road_spots(state, seat)
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "smith":
            knights = [v for v in range(NUM_VERTICES) if state.knight_owner[v] == seat]
            return [PLAY_SIMPLE[card]] if any(self._promotable(state, seat, v) for v in knights) else []
        if card == "bishop":
            if not self.robber_awake(state):
                return []
            return [{"type": "play", "card": card, "hex": h} for h in range(NUM_HEXES) if h != state.robber]
        if card == "deserter":
            return [{"type": "play", "card": card, "seat": p} for p in others if sum(state.knight_pieces[p])]
        if card == "diplomat":
            return [{"type": "play", "card": card, "edge": e} for e in range(NUM_EDGES) if self._open_road(state, e)]
        if card == "intrigue":
            ends = road_ends(state.edge_owner, seat)
            return [{"type": "play", "card": card, "vertex": v} for v in sorted(ends)
                    if state.knight_owner[v] >= 0 and state.knight_owner[v] != seat]
        if card == "saboteur":
            mine = self.public_points(state, seat)
            useful = any(self.public_points(state, p) >= mine and cards_of(state, p) >= 2 for p in others)
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "spy":
            return [{"type": "play", "card": card, "seat": p} for p in others if progress_in_hand(state, p)]
        if card == "warlord":
            useful = any(state.knight_owner[v] == seat and not state.knight_active[v] for v in range(NUM_VERTICES))
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "wedding":
            mine = self.public_points(state, seat)
            useful = any(self.public_points(state, p) > mine and cards_of(state, p) for p in others)
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "commercial_harbor":
            useful = any(hand[r] for r in RESOURCE_KINDS) and any(p not in state.harbour_offered for p in others)
            return [PLAY_SIMPLE[card]] if useful else []
        if card == "master_merchant":
            mine = self.public_points(state, seat)
            return [{"type": "play", "card": card, "seat": p} for p in others
                    if self.public_points(state, p) > mine and cards_of(state, p)]
        if card == "merchant":
            owner = state.vertex_owner
            return [{"type": "play", "card": card, "hex": h} for h in range(NUM_HEXES)
                    if any(owner[v] == seat for v in HEX_VERTICES[h])]
        if card == "merchant_fleet":
            return [{"type": "play", "card": card, "resource": k} for k in KINDS]
        if card == "resource_monopoly":
            return [{"type": "play", "card": card, "resource": r} for r in RESOURCES]
        if card == "trade_monopoly":
            return [{"type": "play", "card": card, "resource": c} for c in COMMODITIES]
        return []

    def _terrain_hexes(self, state, seat: int, resource: int) -> list[int]:
        """Hexes of ``resource``'s terrain next to one of ``seat``'s buildings."""
        owner = state.vertex_owner
        return [h for h in range(NUM_HEXES) if state.layout.hex_resource[h] == resource
                and any(owner[v] == seat for v in HEX_VERTICES[h])]

    def _open_road(self, state, e: int) -> bool:
        """A road with an end that touches no other piece of its colour."""
        seat = state.edge_owner[e]
        if seat < 0:
            return False
        for x in EDGE_VERTICES[e]:
            if state.occupant[x] == seat:
                continue
            if not any(state.edge_owner[f] == seat for f in VERTEX_EDGES[x] if f != e):
                return True
        return False

    def _progress_draw_outcomes(self, state) -> list:
        track = state.step["track"]
        if state.unseen_count[track]:
            return [PROGRESS_DRAW_ACTIONS[c] for c in TRACK_CARDS[track] if state.unseen[c]]
        return [PROGRESS_DRAW_ACTIONS[state.under[track][0][0]]]

    def _choose_deck_actions(self, state) -> list:
        return [CHOOSE_DECK_ACTIONS[t] for t in range(len(TRACKS)) if deck_size(state, t)]

    def _pillage_actions(self, state) -> list:
        return [PILLAGE_ACTIONS[v] for v in self._ordinary_cities(state, state.step["seat"])]

    def _ordinary_cities(self, state, seat: int) -> list[int]:
        owner, level = state.vertex_owner, state.vertex_level
        return [v for v in range(NUM_VERTICES) if owner[v] == seat and level[v] == 2 and v not in state.metropolis]

    def _progress_limit_actions(self, state) -> list:
        hand = state.progress[state.step["seat"]]
        return [PROGRESS_DISCARD_ACTIONS[c] for c in range(NUM_CARDS) if hand[c]]

    def _aqueduct_actions(self, state) -> list:
        return [AQUEDUCT_ACTIONS[r] for r in RESOURCE_KINDS if state.bank[r]] + [DONE]

    def _give_actions(self, state) -> list:
        hand = state.hands[self._giver(state)]
        return [GIVE_ACTIONS[k] for k in range(len(KINDS)) if hand[k]]

    def _retreat_actions(self, state) -> list:
        return [RETREAT_ACTIONS[v] for v in self.retreat_spots(state, state.step)]

    def _desert_actions(self, state) -> list:
        seat = state.step["seat"]
        return [DESERT_ACTIONS[v] for v in range(NUM_VERTICES) if state.knight_owner[v] == seat]

    def _deserter_place_actions(self, state) -> list:
        return [RECRUIT_ACTIONS[v] for v in self.knight_spots(state, state.current)] + [DONE]

    def _relocate_actions(self, state) -> list:
        return [ROAD_ACTIONS[e] for e in self.road_spots(state, state.current)] + [DONE]

    def _harbour_offer_actions(self, state) -> list:
        hand = state.hands[state.current]
        return [{"type": "harbour_offer", "seat": p, "resource": RESOURCES[r]} for p in state.step["left"]
                for r in RESOURCE_KINDS if hand[r]] + [DONE]

    def _harbour_answer_actions(self, state) -> list:
        hand = state.hands[state.step["seat"]]
        return [HARBOUR_GIVE_ACTIONS[k] for k in COMMODITY_KINDS if hand[k]]

    def _spy_actions(self, state) -> list:
        hand = state.progress[state.step["seat"]]
        return [SPY_TAKE_ACTIONS[c] for c in range(NUM_CARDS) if hand[c]]

    def _master_merchant_actions(self, state) -> list:
        hand = state.hands[state.step["seat"]]
        return [TAKE_ACTIONS[k] for k in range(len(KINDS)) if hand[k]]

    def _smith_actions(self, state) -> list:
        seat = state.current
        return [PROMOTE_ACTIONS[v] for v in range(NUM_VERTICES)
                if state.knight_owner[v] == seat and self._promotable(state, seat, v)] + [DONE]

    # -- chance -------------------------------------------------------------------------------------
    def _sample_roll(self, state, rng):
        dice = state.alchemy if state.alchemy is not None else (rng.randrange(1, 7), rng.randrange(1, 7))
        return EVENT_ROLLS[dice][drawn_index(EVENT_WEIGHTS, rng)]

    def _sample_progress(self, state, rng):
        track = state.step["track"]
        if state.unseen_count[track]:
            cards = TRACK_CARDS[track]
            return PROGRESS_DRAW_ACTIONS[cards[drawn_index([state.unseen[c] for c in cards], rng)]]
        return PROGRESS_DRAW_ACTIONS[state.under[track][0][0]]

    def chance_outcomes(self, state):
        phase = state.phase
        if phase == "roll":
            faces = sum(EVENT_WEIGHTS)
            rolls = [state.alchemy] if state.alchemy is not None else [tuple(r["dice"]) for r in ALL_ROLLS]
            return [(EVENT_ROLLS[dice][f], EVENT_WEIGHTS[f] / faces / len(rolls))
                    for dice in rolls for f in range(len(EVENT_FACES))]
        if phase == "progress_draw":
            track = state.step["track"]
            total = state.unseen_count[track]
            if total:
                return [(PROGRESS_DRAW_ACTIONS[c], state.unseen[c] / total)
                        for c in TRACK_CARDS[track] if state.unseen[c]]
            return [(PROGRESS_DRAW_ACTIONS[state.under[track][0][0]], 1.0)]
        return super().chance_outcomes(state)

    # -- the flow of steps --------------------------------------------------------------------------
    def _continue(self, state) -> list:
        """Open the next step of the queue (running those that need nobody); the turn when none is left."""
        events = []
        while state.queue:
            phase, data = state.queue.pop(0)
            if self._open_step(state, phase, data, events):
                return events
        state.phase = "main"
        state.step = None
        return events

    def _open_step(self, state, phase: str, data: dict, events: list) -> bool:
        """Make ``phase`` the step under way, or run it at once when nobody decides it; True when it
        waits for a decision or a chance outcome."""
        state.step = data
        if phase == "produce":
            events += self._production(state)
            return False
        if phase == "seven":
            return self._seven_step(state)
        if phase == "next_turn":
            events += self._start_turn(state, (state.current + 1) % state.players)
            return True
        if phase == "progress_draw" and not deck_size(state, data["track"]):
            return False
        if phase == "choose_deck" and not any(deck_size(state, t) for t in range(len(TRACKS))):
            return False
        if phase == "retreat" and not self.retreat_spots(state, data):
            events.append(Event("knight_lost", {"seat": data["seat"], "strength": data["strength"]}))
            return False
        if phase == "robber" and not self.robber_awake(state):
            return False
        if phase == "steal":
            if not cards_of(state, data["seat"]):
                return False
            state.victim = data["seat"]
        state.phase = phase
        return True

    def _after_discards(self, state) -> list:
        return self._continue(state)

    def _after_robber(self, state) -> list:
        return self._continue(state)

    def _start_turn(self, state, seat: int) -> list:
        for v in range(NUM_VERTICES):
            state.knight_activated[v] = False
            state.knight_promoted[v] = False
        state.alchemy = None
        state.event = None
        state.cranes = 0
        state.harbour_offered = ()
        had_fleet = bool(state.fleet)
        state.fleet = []
        state.step = None
        state.queue = []
        events = super()._start_turn(state, seat)
        if had_fleet:
            self._refresh_rates(state)
        return events

    # -- set-up ---------------------------------------------------------------------------------------
    def _do_setup_city(self, state, action):
        v = self._vertex(action.get("vertex"))
        if CITY_ACTIONS[v] not in self._setup_city_actions(state):
            raise IllegalAction("a city needs an empty corner with no building next to it")
        seat = setup_seat(state.first, state.setup_index, state.players)
        self._put_settlement(state, seat, v)
        state.vertex_level[v] = 2
        state.pieces[seat][1] -= 1
        state.pieces[seat][2] += 1
        state.setup_vertex = v
        state.phase = "setup_road"
        return [Event("built", {"seat": seat, "piece": "city", "vertex": v}),
                self._starting_resources(state, seat, v)]

    # -- the roll -----------------------------------------------------------------------------------
    def _check_roll(self, state, action) -> tuple[int, int, str]:
        """The number dice and the event face of a roll, checked before anything changes."""
        a, b = self._dice(action)
        face = action.get("event")
        if face not in EVENT_FACES:
            raise IllegalAction("the event die shows a ship or a city gate (trade, politics, science)")
        if state.alchemy is not None and (a, b) != state.alchemy:
            raise IllegalAction("the Alchemist has set the number dice")
        return a, b, face

    def _do_roll(self, state, action):
        a, b, face = self._check_roll(state, action)
        state.alchemy = None
        total = a + b
        state.dice = (a, b)
        state.event = face
        state.rolled = True
        state.queue = []
        events = [Event("rolled", {"seat": state.current, "dice": [a, b], "total": total, "event": face})]
        events += self._event_die(state, face, b)
        state.queue.append(("produce", {}) if total != 7 else ("seven", {}))
        return events + self._continue(state)

    def _event_die(self, state, face: str, red: int) -> list:
        """A ship moves the barbarians (who may attack); a city gate queues the draws of those whose
        level in that colour reaches the red die (red <= level + 1)."""
        if face == "ship":
            return self._advance_barbarians(state)
        track = TRACK_INDEX[face]
        for seat in self._turn_order(state):
            level = state.improvements[seat][track]
            if level and red <= level + 1:
                state.queue.append(("progress_draw", {"seat": seat, "track": track}))
        return []

    def _turn_order(self, state) -> list[int]:
        n = state.players
        return [(state.current + k) % n for k in range(n)]

    def _advance_barbarians(self, state) -> list:
        state.barbarians += 1
        events = [Event("barbarians", {"position": state.barbarians})]
        if state.barbarians >= BARBARIAN_TRACK:
            events.append(self._attack(state))
        return events

    def _attack(self, state) -> Event:
        """The barbarians land: cities against active knights; then every knight rests, the ship
        sails back and the robber wakes (A12: already for a 7 of this roll)."""
        strength = sum(1 for v in range(NUM_VERTICES) if state.vertex_level[v] == 2)
        defence = [active_strength(state, p) for p in range(state.players)]
        order = self._turn_order(state)
        data = {"strength": strength, "defence": defence, "defender": None, "tied": [], "pillaged": []}
        if sum(defence) >= strength:
            best = max(defence)
            leaders = [p for p in order if defence[p] == best]
            if len(leaders) == 1:
                state.defenders[leaders[0]] += 1  # A35: the point counts even when the cards run out
                data["defender"] = leaders[0]
            else:
                data["tied"] = leaders
                state.queue += [("choose_deck", {"seat": p}) for p in leaders]
        else:
            exposed = [p for p in order if self._ordinary_cities(state, p)]  # A33: metropolises only: immune
            if exposed:
                weakest = min(defence[p] for p in exposed)
                data["pillaged"] = [p for p in exposed if defence[p] == weakest]
                state.queue += [("pillage", {"seat": p}) for p in data["pillaged"]]
        for v in range(NUM_VERTICES):
            state.knight_active[v] = False
            state.knight_activated[v] = False
        state.barbarians = 0
        state.attacks += 1
        return Event("attack", data)

    def _production(self, state) -> list:
        """The number total pays out; then the Aqueduct for those it gave nothing (A11)."""
        event = self._produce(state, sum(state.dice), CITY_COMMODITY)
        gains = event.data["gains"]
        state.queue[0:0] = [("aqueduct", {"seat": p}) for p in self._turn_order(state)
                            if not gains[p] and state.improvements[p][SCIENCE] >= ABILITY_LEVEL]
        return [event]

    def _seven_step(self, state) -> bool:
        """A 7: everyone over their limit (7, and 2 more per city wall) discards half; then the
        robber moves if awake."""
        any_discard = False
        for seat in range(state.players):
            count = sum(state.hands[seat])
            over = count > self.hand_limit(state, seat)
            state.discard[seat] = count // 2 if over else 0
            any_discard = any_discard or over
        state.queue.insert(0, ("robber", {}))
        if any_discard:
            state.phase = "discard"
            return True
        return False

    def _do_progress_draw(self, state, action):
        seat, track = state.step["seat"], state.step["track"]
        card = action.get("card")
        c = CARD_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or CARD_TRACK[c] != track:
            raise IllegalAction(f"that is not a card of the {TRACKS[track]} deck")
        if state.unseen_count[track]:
            if not state.unseen[c]:
                raise IllegalAction("the deck holds no such card")
            state.unseen[c] -= 1
            state.unseen_count[track] -= 1
        else:
            if state.under[track][0][0] != c:
                raise IllegalAction("that is not the card on top of the deck")
            state.under[track].pop(0)
        return self._receive_progress(state, seat, c) + self._continue(state)

    def _receive_progress(self, state, seat: int, c: int) -> list:
        """A drawn progress card: a victory point card is shown at once; any other goes to the hand,
        and a player over the limit outside their own turn discards at once (A21)."""
        track = TRACKS[CARD_TRACK[c]]
        if c in VICTORY_CARDS:
            state.victory_cards[seat].append(c)
            return [Event("progress_drawn", {"seat": seat, "track": track, "card": CARDS[c], "victory": True})]
        state.progress[seat][c] += 1
        if seat != state.current and sum(state.progress[seat]) > PROGRESS_LIMIT:
            state.queue.insert(0, ("progress_limit", {"seat": seat}))
        return [Event("progress_drawn", {"seat": seat, "track": track, "card": CARDS[c]}, audience=seat,
                      public={"seat": seat, "track": track})]

    def _do_choose_deck(self, state, action):
        t = self._track(action.get("track"))
        seat = state.step["seat"]
        if not deck_size(state, t):
            raise IllegalAction("that deck is empty")
        state.queue.insert(0, ("progress_draw", {"seat": seat, "track": t}))
        return [Event("deck_chosen", {"seat": seat, "track": TRACKS[t]})] + self._continue(state)

    def _do_pillage(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.step["seat"]
        if v not in self._ordinary_cities(state, seat):
            raise IllegalAction("choose one of your cities without a metropolis")
        state.vertex_level[v] = 1
        state.walls[v] = False
        toppled = state.pieces[seat][1] >= 5
        if toppled:  # A34: no settlement piece left, the city lies on its side
            state.toppled[v] = True
        else:
            state.pieces[seat][1] += 1
            state.pieces[seat][2] -= 1
        return [Event("pillaged", {"seat": seat, "vertex": v, "toppled": toppled})] + self._continue(state)

    def _do_progress_discard(self, state, action):
        seat = state.step["seat"]
        c = self._held_card(state, seat, action.get("card"))
        state.progress[seat][c] -= 1
        state.under[CARD_TRACK[c]].append([c, seat])
        events = [Event("progress_discarded", {"seat": seat, "card": CARDS[c]}, audience=seat,
                        public={"seat": seat, "track": TRACKS[CARD_TRACK[c]]})]
        if sum(state.progress[seat]) > PROGRESS_LIMIT:
            return events
        return events + self._continue(state)

    def _do_aqueduct(self, state, action):
        r = self._kind(action.get("resource"))
        seat = state.step["seat"]
        if r >= len(RESOURCES) or not state.bank[r]:
            raise IllegalAction("take a resource the bank still has")
        state.bank[r] -= 1
        state.hands[seat][r] += 1
        return [Event("aqueduct", {"seat": seat, "resource": KINDS[r]})] + self._continue(state)

    def _do_done(self, state, action):
        return self._continue(state)

    def _card_in_hand(self, state, seat: int, name) -> int:
        """The kind of a card ``seat`` holds, named by an action."""
        k = self._kind(name)
        if not state.hands[seat][k]:
            raise IllegalAction("no such card in that hand")
        return k

    def _do_discard(self, state, action):
        seat = self._discarder(state)
        k = self._card_in_hand(state, seat, action.get("card"))
        state.hands[seat][k] -= 1
        state.bank[k] += 1
        state.discard[seat] -= 1
        events = [Event("discarded", {"seat": seat, "cards": {KINDS[k]: 1}})]
        if not any(state.discard):
            events += self._after_discards(state)
        return events

    def _do_give(self, state, action):
        seat = self._giver(state)
        k = self._card_in_hand(state, seat, action.get("card"))
        state.hands[seat][k] -= 1
        state.hands[state.current][k] += 1
        state.giving[seat] -= 1
        events = [Event("gave", {"seat": seat, "to": state.current, "card": KINDS[k]}, audience=seat,
                        public={"seat": seat, "to": state.current}),
                  Event("given", {"seat": seat, "to": state.current, "card": KINDS[k]}, audience=state.current)]
        if not any(state.giving):
            events += self._continue(state)
        return events

    # -- the turn: walls, knights, improvements -------------------------------------------------------
    def _do_build_city(self, state, action):
        v = self._vertex(action.get("vertex"))
        return self._upgrade(state, state.current, v, self.costs["city"], "a city costs three ore and two grain")

    def _upgrade(self, state, seat: int, v: int, cost, reason: str) -> list:
        if v not in self.city_spots(state, seat):
            raise IllegalAction("a city replaces one of your settlements (a fallen city first)")
        self._pay(state, seat, cost, reason)
        state.vertex_level[v] = 2
        if state.toppled[v]:
            state.toppled[v] = False
        else:
            state.pieces[seat][1] -= 1
            state.pieces[seat][2] += 1
        return [Event("built", {"seat": seat, "piece": "city", "vertex": v})]

    def _do_wall(self, state, action):
        v = self._vertex(action.get("vertex"))
        self._check_wall(state, state.current, v)
        self._pay(state, state.current, WALL_COST, "a city wall costs two brick")
        state.walls[v] = True
        return [Event("built", {"seat": state.current, "piece": "wall", "vertex": v})]

    def _check_wall(self, state, seat: int, v: int) -> None:
        if state.vertex_owner[v] != seat or state.vertex_level[v] != 2 or state.walls[v]:
            raise IllegalAction("a city wall goes under one of your cities without one")
        if walls_of(state, seat) >= WALL_LIMIT:
            raise IllegalAction(f"at most {WALL_LIMIT} city walls")

    def _do_recruit(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.knight_pieces[seat][0] >= KNIGHTS_PER_STRENGTH:
            raise IllegalAction("you have no basic knight left")
        if v not in self.knight_spots(state, seat):
            raise IllegalAction("a knight goes on an empty corner at the end of one of your roads")
        self._pay(state, seat, RECRUIT_COST, "a knight costs wool and ore")
        events = [Event("knight", {"seat": seat, "vertex": v, "strength": 1})]
        return events + self._place_knight(state, seat, v, 1, False)

    def _do_activate(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.knight_owner[v] != seat or state.knight_active[v]:
            raise IllegalAction("activate one of your inactive knights")
        self._pay(state, seat, ACTIVATE_COST, "activating a knight costs a grain")
        state.knight_active[v] = True
        state.knight_activated[v] = True
        return [Event("activated", {"seat": seat, "vertices": [v]})]

    def _do_promote(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        self._check_promotion(state, seat, v)
        self._pay(state, seat, PROMOTE_COST, "a promotion costs wool and ore")
        return self._promote(state, seat, v)

    def _check_promotion(self, state, seat: int, v: int) -> None:
        if state.knight_owner[v] != seat:
            raise IllegalAction("promote one of your knights")
        if not self._promotable(state, seat, v):
            raise IllegalAction("that knight cannot be promoted now (once a turn, a free piece of the next "
                                "strength, and a mighty knight needs politics level 3)")

    def _promote(self, state, seat: int, v: int) -> list:
        strength = state.knight_strength[v]
        state.knight_pieces[seat][strength - 1] -= 1
        state.knight_pieces[seat][strength] += 1
        state.knight_strength[v] = strength + 1
        state.knight_promoted[v] = True
        return [Event("promoted", {"seat": seat, "vertex": v, "strength": strength + 1})]

    def _do_knight_move(self, state, action):
        v = self._vertex(action.get("vertex"))
        w = self._vertex(action.get("to"))
        seat = state.current
        if state.knight_owner[v] != seat or not state.knight_active[v] or state.knight_activated[v]:
            raise IllegalAction("move one of your knights that is active since an earlier turn")
        if w not in self.knight_moves(state, v):
            raise IllegalAction("a knight moves along your roads to an empty corner or onto a weaker knight")
        promoted = state.knight_promoted[v]
        _, strength, _ = self._lift_knight(state, v)
        events = [Event("knight_moved", {"seat": seat, "from": v, "to": w})]
        displaced = None
        if state.knight_owner[w] >= 0:
            displaced = self._lift_knight(state, w)
            events.append(Event("displaced", {"seat": displaced[0], "vertex": w, "by": seat}))
        events += self._place_knight(state, seat, w, strength, False)
        state.knight_promoted[w] = promoted  # once a turn, wherever it went
        events += self._join_roads(state, v)
        if displaced is not None:
            events += self._send_to_retreat(state, displaced)
        return events

    def _send_to_retreat(self, state, knight, origin: int | None = None) -> list:
        """Queue the retreat of a displaced knight; ``origin``: the corner Intrigue emptied, where it may not stay."""
        owner, strength, active = knight
        data = {"seat": owner, "strength": strength, "active": active}
        if origin is not None:
            data["from"] = origin
        state.queue.insert(0, ("retreat", data))
        return self._continue(state)

    def _do_retreat(self, state, action):
        v = self._vertex(action.get("vertex"))
        step = state.step
        seat = step["seat"]
        if v not in self.retreat_spots(state, step):
            raise IllegalAction("a knight retreats to another empty corner at the end of one of your roads")
        events = [Event("retreated", {"seat": seat, "vertex": v})]
        events += self._place_knight(state, seat, v, step["strength"], step["active"])
        return events + self._continue(state)

    def _do_chase(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.knight_owner[v] != seat or not state.knight_active[v] or state.knight_activated[v]:
            raise IllegalAction("chase with one of your knights that is active since an earlier turn")
        if not self.robber_awake(state) or v not in HEX_VERTICES[state.robber]:
            raise IllegalAction("a knight chases the robber from a corner of its hex, once the barbarians came")
        state.knight_active[v] = False
        state.phase = "robber"
        return [Event("chased", {"seat": seat, "vertex": v})]

    def _do_improve(self, state, action):
        t = self._track(action.get("track"))
        seat = state.current
        level = state.improvements[seat][t] + 1
        if level > LEVELS or not self._may_improve(state, seat, t, level):
            raise IllegalAction("improvements need a city; levels 4 and 5 a city that could hold the metropolis")
        wins = self._wins_metropolis(state, seat, t, level)
        vertex = action.get("vertex")
        if wins and vertex not in self.metropolis_sites(state, seat):
            raise IllegalAction("name the city that takes the metropolis")
        if not wins and vertex is not None:
            raise IllegalAction("this level wins no metropolis")
        crane = state.cranes > 0
        cost = [0] * len(KINDS)
        cost[TRACK_COMMODITY[t]] = max(0, level - crane)
        self._pay(state, seat, cost, f"level {level} costs {cost[TRACK_COMMODITY[t]]} {KINDS[TRACK_COMMODITY[t]]}")
        if crane:
            state.cranes -= 1
        state.improvements[seat][t] = level
        events = [Event("improved", {"seat": seat, "track": TRACKS[t], "level": level})]
        if wins:
            previous = state.metropolis[t]
            state.metropolis[t] = vertex
            events.append(Event("metropolis", {"seat": seat, "track": TRACKS[t], "vertex": vertex,
                                               "previous": None if previous < 0 else state.vertex_owner[previous]}))
        if t == TRADE and level == ABILITY_LEVEL:
            self._refresh_rates(state)
        return events

    # -- progress cards -----------------------------------------------------------------------------
    def _do_play(self, state, action):
        card = action.get("card")
        seat = state.current
        c = self._held_card(state, seat, card)
        if (state.phase == "pre_roll") != (c == ALCHEMIST):
            raise IllegalAction("the Alchemist is played before the roll, every other card after it")
        ways = ALCHEMIST_ACTIONS if c == ALCHEMIST else self._card_plays(state, seat, CARDS[c])
        key = action_key(self._in_listed_order(action))
        if all(action_key(way) != key for way in ways):
            raise IllegalAction(f"the {CARDS[c]} card cannot be played like that now" if ways else
                                f"the {CARDS[c]} card would do nothing now")
        events = getattr(self, f"_play_{CARDS[c]}")(state, seat, action)
        state.progress[seat][c] -= 1
        state.under[CARD_TRACK[c]].append([c, -1])
        data = {"seat": seat, "card": CARDS[c]}
        for key in ("dice", "resource", "hex", "hexes", "vertex", "edge"):
            if key in action:
                data[key] = action[key]
        if "seat" in action:
            data["target"] = action["seat"]
        looks = CARDS[c] in ("spy", "master_merchant")  # the player on turn now sees the target's cards
        return [Event("played", data, reveals=looks)] + events

    @staticmethod
    def _in_listed_order(action: dict) -> dict:
        """``action`` as the legal actions list it: the Inventor's two hexes may come in either order."""
        hexes = action.get("hexes")
        if action.get("card") != "inventor" or not isinstance(hexes, list) or len(hexes) != 2 \
                or not all(is_index(h, NUM_HEXES) for h in hexes):
            return action
        return {**action, "hexes": sorted(hexes)}

    def _held_card(self, state, seat: int, card) -> int:
        c = CARD_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or not state.progress[seat][c]:
            raise IllegalAction("you hold no such progress card")
        return c

    def _play_alchemist(self, state, seat, action):
        dice = action.get("dice")
        if not isinstance(dice, list) or tuple(dice) not in EVENT_ROLLS:
            raise IllegalAction("choose both number dice, each from 1 to 6")
        state.alchemy = tuple(dice)
        state.phase = "roll"
        return []

    def _play_crane(self, state, seat, action):
        state.cranes += 1
        return []

    def _play_engineer(self, state, seat, action):
        v = self._vertex(action.get("vertex"))
        self._check_wall(state, seat, v)
        state.walls[v] = True
        return [Event("built", {"seat": seat, "piece": "wall", "vertex": v, "free": True})]

    def _play_inventor(self, state, seat, action):
        hexes = action.get("hexes")
        if not isinstance(hexes, list) or len(hexes) != 2 or not all(is_index(h, NUM_HEXES) for h in hexes):
            raise IllegalAction("name two hexes")
        a, b = hexes
        numbers = list(state.layout.numbers)
        if a == b or any(numbers[h] is None or numbers[h] in NO_NUMBER for h in hexes):
            raise IllegalAction("swap two number tokens other than 2, 12, 6 and 8")
        numbers[a], numbers[b] = numbers[b], numbers[a]
        state.layout = Layout(state.layout.terrain, numbers, state.layout.harbours)
        return [Event("tokens", {"numbers": numbers})]

    def _play_irrigation(self, state, seat, action):
        return self._harvest(state, seat, "irrigation")

    def _play_mining(self, state, seat, action):
        return self._harvest(state, seat, "mining")

    def _harvest(self, state, seat: int, card: str) -> list:
        """Two cards for each hex of the card's terrain next to your buildings, while the bank has them."""
        resource = HARVESTS[card]
        count = min(2 * len(self._terrain_hexes(state, seat, resource)), state.bank[resource])
        state.bank[resource] -= count
        state.hands[seat][resource] += count
        return [Event("harvest", {"seat": seat, "cards": {RESOURCES[resource]: count}})]

    def _play_medicine(self, state, seat, action):
        v = self._vertex(action.get("vertex"))
        return self._upgrade(state, seat, v, MEDICINE_COST, "the Medicine city costs two ore and a grain")

    def _play_road_building(self, state, seat, action):
        if state.pieces[seat][0] >= ROAD_LIMIT or not self.road_spots(state, seat):
            raise IllegalAction("you have no road to place")
        state.free_roads = 2
        state.free_placed = 0
        state.phase = "road_building"
        return []

    def _play_smith(self, state, seat, action):
        state.step = {"left": 2}
        state.phase = "smith"
        return []

    def _do_smith_promote(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        self._check_promotion(state, seat, v)
        events = self._promote(state, seat, v)
        state.step["left"] -= 1
        if state.step["left"] <= 0 or len(self._smith_actions(state)) == 1:
            events += self._continue(state)
        return events

    def _play_bishop(self, state, seat, action):
        h = action.get("hex")
        if not self.robber_awake(state):
            raise IllegalAction("the robber sleeps until the barbarians first come")
        if not is_index(h, NUM_HEXES) or h == state.robber:
            raise IllegalAction("move the robber to another hex")
        state.robber = h
        victims = robber_victims(state.vertex_owner, h, self.robbable(state))
        state.queue = [("steal", {"seat": p}) for p in victims]
        return [Event("robber", {"seat": seat, "hex": h, "victims": victims})] + self._continue(state)

    def _play_deserter(self, state, seat, action):
        victim = self._other_seat(state, action.get("seat"))
        if not sum(state.knight_pieces[victim]):
            raise IllegalAction("that player has no knight")
        state.step = {"seat": victim}
        state.phase = "desert"
        return []

    def _do_desert(self, state, action):
        v = self._vertex(action.get("vertex"))
        victim = state.step["seat"]
        if state.knight_owner[v] != victim:
            raise IllegalAction("remove one of your knights")
        _, strength, active = self._lift_knight(state, v)
        events = [Event("deserted", {"seat": victim, "vertex": v, "strength": strength})]
        events += self._join_roads(state, v)
        seat = state.current
        pieces = state.knight_pieces[seat]
        if pieces[strength - 1] >= KNIGHTS_PER_STRENGTH:
            strength = 1  # A25: a basic knight when none of that strength is left
        if pieces[strength - 1] < KNIGHTS_PER_STRENGTH and self.knight_spots(state, seat):
            state.queue.insert(0, ("deserter_place", {"strength": strength, "active": active}))
        return events + self._continue(state)

    def _do_deserter_place(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if v not in self.knight_spots(state, seat):
            raise IllegalAction("a knight goes on an empty corner at the end of one of your roads")
        step = state.step
        events = [Event("knight", {"seat": seat, "vertex": v, "strength": step["strength"]})]
        events += self._place_knight(state, seat, v, step["strength"], step["active"])
        return events + self._continue(state)

    def _play_diplomat(self, state, seat, action):
        e = self._edge(action.get("edge"))
        if not self._open_road(state, e):
            raise IllegalAction("the Diplomat removes an open road (an end touching nothing of its colour)")
        owner = state.edge_owner[e]
        state.edge_owner[e] = -1
        state.pieces[owner][0] -= 1
        state.road_lengths[owner] = self.road_length(state, owner)
        events = [Event("road_removed", {"seat": owner, "edge": e})] + self._award_road(state)
        if owner == seat:
            state.phase = "relocate"
            state.step = {}
        return events

    def _do_relocate(self, state, action):
        e = self._edge(action.get("edge"))
        seat = state.current
        if e not in self.road_spots(state, seat):
            raise IllegalAction("a road must be on an empty path joined to your road or building")
        events = [Event("built", {"seat": seat, "piece": "road", "edge": e, "free": True})]
        return events + self._put_road(state, seat, e) + self._continue(state)

    def _play_intrigue(self, state, seat, action):
        v = self._vertex(action.get("vertex"))
        if v not in road_ends(state.edge_owner, seat) or state.knight_owner[v] in (-1, seat):
            raise IllegalAction("displace another colour's knight at the end of one of your roads")
        knight = self._lift_knight(state, v)
        events = [Event("displaced", {"seat": knight[0], "vertex": v, "by": seat})]
        return events + self._join_roads(state, v) + self._send_to_retreat(state, knight, origin=v)

    def _play_saboteur(self, state, seat, action):
        mine = self.public_points(state, seat)
        for p in range(state.players):
            state.discard[p] = cards_of(state, p) // 2 if p != seat and self.public_points(state, p) >= mine else 0
        if any(state.discard):
            state.phase = "discard"
            state.step = {}
        return []

    def _play_spy(self, state, seat, action):
        target = self._other_seat(state, action.get("seat"))
        if not progress_in_hand(state, target):
            raise IllegalAction("that player holds no progress card")
        state.step = {"seat": target}
        state.phase = "spy"
        return []

    def _do_spy_take(self, state, action):
        target = state.step["seat"]
        c = self._held_card(state, target, action.get("card"))
        state.progress[target][c] -= 1
        state.progress[state.current][c] += 1
        data = {"seat": state.current, "victim": target, "card": CARDS[c]}
        return [Event("spied", data, audience=state.current, public={"seat": state.current, "victim": target}),
                Event("spied_on", data, audience=target)] + self._continue(state)

    def _play_warlord(self, state, seat, action):
        woken = [v for v in range(NUM_VERTICES) if state.knight_owner[v] == seat and not state.knight_active[v]]
        for v in woken:
            state.knight_active[v] = True
            state.knight_activated[v] = True
        return [Event("activated", {"seat": seat, "vertices": woken})]

    def _play_wedding(self, state, seat, action):
        mine = self.public_points(state, seat)
        for p in range(state.players):
            richer = p != seat and self.public_points(state, p) > mine
            state.giving[p] = min(2, cards_of(state, p)) if richer else 0
        if any(state.giving):
            state.phase = "give"
            state.step = {}
        return []

    def _play_commercial_harbor(self, state, seat, action):
        """Each opponent not yet offered this turn (a second card offers nobody twice)."""
        left = tuple(p for p in self._turn_order(state) if p != seat and p not in state.harbour_offered)
        state.step = {"left": left}
        state.phase = "harbour_offer"
        return []

    def _do_harbour_offer(self, state, action):
        target = action.get("seat")
        r = self._kind(action.get("resource"))
        seat = state.current
        left = state.step["left"]
        if not is_index(target, state.players) or target not in left:
            raise IllegalAction("offer each other player once")
        if r >= len(RESOURCES) or not state.hands[seat][r]:
            raise IllegalAction("offer a resource from your hand")
        left = tuple(p for p in left if p != target)
        state.harbour_offered += (target,)
        if not any(state.hands[target][k] for k in COMMODITY_KINDS):
            state.step = {"left": left}
            events = [Event("harbour_void", {"seat": seat, "to": target}, reveals=True)]  # they hold no commodity
            return events + self._after_harbour_offer(state)
        state.step = {"seat": target, "resource": r, "left": left}
        state.phase = "harbour_answer"
        return []

    def _do_harbour_give(self, state, action):
        step = state.step
        target, r, seat = step["seat"], step["resource"], state.current
        k = self._card_in_hand(state, target, action.get("card"))
        if k < len(RESOURCES):
            raise IllegalAction("give a commodity from your hand")
        state.hands[seat][r] -= 1
        state.hands[target][r] += 1
        state.hands[target][k] -= 1
        state.hands[seat][k] += 1
        state.step = {"left": step["left"]}
        state.phase = "harbour_offer"
        data = {"seat": seat, "to": target, "resource": RESOURCES[r], "card": KINDS[k]}
        events = [Event("harbour_trade", data, audience=seat, public={"seat": seat, "to": target}),
                  Event("harbour_traded", data, audience=target)]
        return events + self._after_harbour_offer(state)

    def _after_harbour_offer(self, state) -> list:
        if not state.step["left"] or not any(state.hands[state.current][r] for r in RESOURCE_KINDS):
            return self._continue(state)
        state.phase = "harbour_offer"
        return []

    def _play_master_merchant(self, state, seat, action):
        target = self._other_seat(state, action.get("seat"))
        if self.public_points(state, target) <= self.public_points(state, seat) or not cards_of(state, target):
            raise IllegalAction("choose a player with more points than you who holds cards")
        state.step = {"seat": target, "left": min(2, cards_of(state, target))}
        state.phase = "master_merchant"
        return []

    def _do_take(self, state, action):
        step = state.step
        target, seat = step["seat"], state.current
        k = self._card_in_hand(state, target, action.get("card"))
        state.hands[target][k] -= 1
        state.hands[seat][k] += 1
        step["left"] -= 1
        data = {"seat": seat, "victim": target, "card": KINDS[k]}
        events = [Event("took", data, audience=seat, public={"seat": seat, "victim": target}),
                  Event("taken", data, audience=target)]
        if step["left"] <= 0:
            events += self._continue(state)
        return events

    def _play_merchant(self, state, seat, action):
        h = action.get("hex")
        if not is_index(h, NUM_HEXES) or not any(state.vertex_owner[v] == seat for v in HEX_VERTICES[h]):
            raise IllegalAction("the merchant goes on a hex next to one of your buildings")
        previous = state.merchant_owner
        state.merchant_hex = h
        state.merchant_owner = seat
        self._refresh_rates(state)
        return [Event("merchant", {"seat": seat, "hex": h, "previous": None if previous < 0 else previous})]

    def _play_merchant_fleet(self, state, seat, action):
        k = self._kind(action.get("resource"))
        state.fleet.append(k)
        self._refresh_rates(state)
        return []

    def _play_resource_monopoly(self, state, seat, action):
        r = self._kind(action.get("resource"))
        if r >= len(RESOURCES):
            raise IllegalAction("name a resource")
        return self._monopoly(state, seat, r, 2)

    def _play_trade_monopoly(self, state, seat, action):
        k = self._kind(action.get("resource"))
        if k < len(RESOURCES):
            raise IllegalAction("name a commodity")
        return self._monopoly(state, seat, k, 1)

    def _monopoly(self, state, seat: int, k: int, most: int) -> list:
        taken = [0] * state.players
        for p in range(state.players):
            if p != seat:
                taken[p] = min(most, state.hands[p][k])
                state.hands[p][k] -= taken[p]
        state.hands[seat][k] += sum(taken)
        return [Event("monopoly", {"seat": seat, "resource": KINDS[k], "taken": taken}, reveals=True)]

    # -- knights on the board ---------------------------------------------------------------------------
    def _place_knight(self, state, seat: int, v: int, strength: int, active: bool) -> list:
        state.knight_owner[v] = seat
        state.knight_strength[v] = strength
        state.knight_active[v] = active
        state.knight_activated[v] = False
        state.knight_promoted[v] = False
        state.knight_pieces[seat][strength - 1] += 1
        state.occupant[v] = seat
        return self._join_roads(state, v)

    def _lift_knight(self, state, v: int) -> tuple:
        """Take the knight off ``v``: (owner, strength, active)."""
        seat, strength, active = state.knight_owner[v], state.knight_strength[v], state.knight_active[v]
        state.knight_owner[v] = -1
        state.knight_strength[v] = 0
        state.knight_active[v] = False
        state.knight_activated[v] = False
        state.knight_promoted[v] = False
        state.knight_pieces[seat][strength - 1] -= 1
        state.occupant[v] = -1
        return seat, strength, active

    def _join_roads(self, state, v: int) -> list:
        """The piece on ``v`` changed: recount the roads of every colour passing through it."""
        counts = {}
        for e in VERTEX_EDGES[v]:
            owner = state.edge_owner[e]
            if owner >= 0:
                counts[owner] = counts.get(owner, 0) + 1
        for owner, count in counts.items():
            if count >= 2:
                state.road_lengths[owner] = self.road_length(state, owner)
        return self._award_road(state)

    def _put_settlement(self, state, seat: int, v: int) -> list:
        state.occupant[v] = seat
        return super()._put_settlement(state, seat, v)

    # -- reading actions ------------------------------------------------------------------------------
    @staticmethod
    def _track(name) -> int:
        t = TRACK_INDEX.get(name, -1) if isinstance(name, str) else -1
        if t < 0:
            raise IllegalAction(f"unknown track {name!r} (trade, politics or science)")
        return t

    def _other_seat(self, state, seat) -> int:
        if not is_index(seat, state.players) or seat == state.current:
            raise IllegalAction("choose another player of this game")
        return seat

    # -- information ------------------------------------------------------------------------------
    def _hand_shown(self, state, seat: int, other: int) -> bool:
        return state.phase == "master_merchant" and seat == state.current and other == state.step["seat"]

    def _hide(self, seen, seat: int) -> None:
        spied = seen.step["seat"] if seen.phase == "spy" and seat == seen.current else -1
        for p in range(seen.players):
            if p != seat and p != spied and seen.progress[p] is not None:
                seen.hidden_progress[p] = sum(seen.progress[p])
                seen.progress[p] = None
        seen.unseen = None
        for deck in seen.under:
            for entry in deck:
                if entry[1] >= 0 and entry[1] != seat:
                    entry[0] = -1

    def _fill_hidden(self, full, seat: int, rng) -> None:
        """Deal the unseen progress cards: each deck's own unknown cards to its unseen part and to the
        cards put under it face down, the rest to the hidden hands."""
        if full.unseen is not None and all(p is not None for p in full.progress):
            return
        unknown = list(CARD_COUNTS)
        for p in range(full.players):
            for c in full.victory_cards[p]:
                unknown[c] -= 1
            if full.progress[p] is not None:
                for c in range(NUM_CARDS):
                    unknown[c] -= full.progress[p][c]
        for deck in full.under:
            for c, _ in deck:
                if c >= 0:
                    unknown[c] -= 1
        unseen = [0] * NUM_CARDS
        spare = []
        for t, cards in enumerate(TRACK_CARDS):
            # a victory point card is shown as soon as it is drawn, so an unknown one is still in its deck
            waiting = [c for c in cards if c in VICTORY_CARDS for _ in range(unknown[c])]
            pool = [c for c in cards if c not in VICTORY_CARDS for _ in range(unknown[c])]
            rng.shuffle(pool)
            for c in waiting:
                unseen[c] += 1
            for _ in range(full.unseen_count[t] - len(waiting)):
                unseen[pool.pop()] += 1
            hidden = [entry for entry in full.under[t] if entry[0] < 0]
            for entry in hidden:
                entry[0] = pool.pop()
            spare += pool
        rng.shuffle(spare)
        for p in range(full.players):
            if full.progress[p] is None:
                hand = [0] * NUM_CARDS
                for _ in range(full.hidden_progress[p]):
                    hand[spare.pop()] += 1
                full.progress[p] = hand
                full.hidden_progress[p] = 0
        full.unseen = unseen

    # -- the end ------------------------------------------------------------------------------------
    def _result_details(self, state) -> dict:
        details = super()._result_details(state)
        details["defenders"] = list(state.defenders)
        details["improvements"] = [list(i) for i in state.improvements]
        return details

    # -- notation ---------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        data = super().to_json(state)
        n = state.players
        knights = [[v, state.knight_owner[v], state.knight_strength[v], state.knight_active[v],
                    state.knight_activated[v], state.knight_promoted[v]]
                   for v in range(NUM_VERTICES) if state.knight_owner[v] >= 0]
        for building in data["buildings"]:
            if state.toppled[building[0]]:
                building[2] = "city"  # the piece lies on its side: a city counted as a settlement
        data.update({
            "knights": knights,
            "walls": [v for v in range(NUM_VERTICES) if state.walls[v]],
            "toppled": [v for v in range(NUM_VERTICES) if state.toppled[v]],
            "improvements": [dict(zip(TRACKS, levels, strict=True)) for levels in state.improvements],
            "metropolises": {t: None if v < 0 else v for t, v in zip(TRACKS, state.metropolis, strict=True)},
            "barbarians": state.barbarians,
            "attacks": state.attacks,
            "defenders": list(state.defenders),
            "progress": [None if p is None else counts_json(p, CARDS) for p in state.progress],
            "progress_counts": [progress_in_hand(state, p) for p in range(n)],
            "victory_cards": [[CARDS[c] for c in cards] for cards in state.victory_cards],
            "decks": {t: {"unseen": None if state.unseen is None else
                          counts_json([state.unseen[c] if CARD_TRACK[c] == i else 0 for c in range(NUM_CARDS)], CARDS),
                          "unseen_count": state.unseen_count[i],
                          "under": [[None if c < 0 else CARDS[c], None if by < 0 else by]
                                    for c, by in state.under[i]]}
                      for i, t in enumerate(TRACKS)},
            "merchant": None if state.merchant_hex < 0 else {"hex": state.merchant_hex, "seat": state.merchant_owner},
            "event": state.event,
            "alchemy": None if state.alchemy is None else list(state.alchemy),
            "fleet": [KINDS[k] for k in state.fleet],
            "cranes": state.cranes,
            "giving": list(state.giving),
            "step": None if state.step is None else self._step_json(state.step),
            "queue": [[phase, self._step_json(step)] for phase, step in state.queue],
        })
        if state.harbour_offered:
            data["harbour_offered"] = list(state.harbour_offered)
        return data

    @staticmethod
    def _step_json(step: dict) -> dict:
        data = dict(step)
        if "track" in data:
            data["track"] = TRACKS[data["track"]]
        if "resource" in data:
            data["resource"] = KINDS[data["resource"]]
        if "left" in data and isinstance(data["left"], tuple):
            data["left"] = list(data["left"])
        return data

    def _read_step(self, data, n: int) -> dict:
        if not isinstance(data, dict) or any(k not in STEP_KEYS for k in data):
            raise ValueError(f"a step's data holds only {', '.join(sorted(STEP_KEYS))}")
        step = dict(data)
        if "seat" in step:
            whole(step["seat"], "a step's seat", 0, n - 1)
        if "track" in step:
            if step["track"] not in TRACK_INDEX:
                raise ValueError("a step's track is trade, politics or science")
            step["track"] = TRACK_INDEX[step["track"]]
        if "resource" in step:
            if step["resource"] not in self.kind_index:
                raise ValueError("a step's resource is a card kind")
            step["resource"] = self.kind_index[step["resource"]]
        if "strength" in step:
            whole(step["strength"], "a step's strength", 1, 3)
        if "active" in step:
            flag(step["active"], "a step's active")
        if "from" in step:
            whole(step["from"], "the corner a knight was displaced from", 0, NUM_VERTICES - 1)
        if "left" in step:
            left = step["left"]
            if isinstance(left, list):
                step["left"] = tuple(whole(p, "a seat left to offer", 0, n - 1) for p in left)
            else:
                whole(left, "cards or promotions left", 0, 2)
        return step

    def _read_extra(self, s, data) -> None:
        n = s.players
        self._no_knights(s)
        for item in data["knights"]:
            if not isinstance(item, list) or len(item) != 6:
                raise ValueError("a knight is [vertex, seat, strength, active, activated, promoted]")
            v, seat, strength, active, activated, promoted = item
            whole(v, "a knight's corner", 0, NUM_VERTICES - 1)
            whole(seat, "a knight's colour", 0, len(s.pieces) - 1)
            whole(strength, "a knight's strength", 1, 3)
            if s.occupant[v] >= 0:
                raise ValueError(f"corner {v} holds two pieces")
            s.knight_owner[v] = seat
            s.knight_strength[v] = strength
            s.knight_active[v] = flag(active, "a knight's active")
            s.knight_activated[v] = flag(activated, "a knight's activated this turn")
            s.knight_promoted[v] = flag(promoted, "a knight's promoted this turn")
            s.knight_pieces[seat][strength - 1] += 1
            s.occupant[v] = seat
        if any(count > KNIGHTS_PER_STRENGTH for pieces in s.knight_pieces for count in pieces):
            raise ValueError(f"a seat has more than {KNIGHTS_PER_STRENGTH} knights of a strength")
        s.walls = [False] * NUM_VERTICES
        for v in data["walls"]:
            whole(v, "a wall's corner", 0, NUM_VERTICES - 1)
            if s.vertex_level[v] != 2 or s.walls[v]:
                raise ValueError(f"a city wall needs a city of its own (corner {v})")
            s.walls[v] = True
        if any(walls_of(s, p) > WALL_LIMIT for p in range(n)):
            raise ValueError(f"a seat has more than {WALL_LIMIT} city walls")
        s.toppled = [False] * NUM_VERTICES
        for v in data["toppled"]:
            whole(v, "a toppled city's corner", 0, NUM_VERTICES - 1)
            if s.vertex_level[v] != 2 or s.toppled[v] or s.walls[v] or v in data["metropolises"].values():
                raise ValueError(f"a toppled city is a city piece without wall or metropolis (corner {v})")
            if s.pieces[s.vertex_owner[v]][1] != SETTLEMENT_LIMIT:
                raise ValueError("a city lies on its side only when no settlement piece is left")
            s.toppled[v] = True
            s.vertex_level[v] = 1
        s.improvements = []
        for levels in data["improvements"]:
            row = [whole(levels.get(t, 0), "an improvement level", 0, LEVELS) for t in TRACKS]
            if any(t not in TRACKS for t in levels):
                raise ValueError("improvements are trade, politics and science")
            s.improvements.append(row)
        if len(s.improvements) != n:
            raise ValueError("improvements have one entry per seat")
        metropolises = data["metropolises"]
        s.metropolis = []
        for t in TRACKS:
            v = metropolises.get(t)
            if v is not None:
                whole(v, "a metropolis's corner", 0, NUM_VERTICES - 1)
                holder = s.vertex_owner[v]
                if s.vertex_level[v] != 2 or v in s.metropolis or s.improvements[holder][TRACK_INDEX[t]] < 4:
                    raise ValueError(f"the {t} metropolis needs a city of a holder at level 4 or 5")
            s.metropolis.append(-1 if v is None else v)
        s.barbarians = whole(data["barbarians"], "barbarians", 0, BARBARIAN_TRACK - 1)
        s.attacks = whole(data["attacks"], "attacks", 0, 10 ** 6)
        s.defenders = [whole(d, "defenders", 0, 100) for d in data["defenders"]]
        if len(s.defenders) != n:
            raise ValueError("defenders have one entry per seat")
        self._read_progress(s, data)
        merchant = data["merchant"]
        s.merchant_hex, s.merchant_owner = -1, -1
        if merchant is not None:
            s.merchant_hex = whole(merchant["hex"], "the merchant's hex", 0, NUM_HEXES - 1)
            s.merchant_owner = whole(merchant["seat"], "the merchant's seat", 0, n - 1)
        s.event = data["event"]
        if s.event is not None and s.event not in EVENT_FACES:
            raise ValueError("the event die shows ship, trade, politics or science")
        alchemy = data["alchemy"]
        if alchemy is not None and (not isinstance(alchemy, list) or tuple(alchemy) not in EVENT_ROLLS):
            raise ValueError("the Alchemist's dice are two numbers from 1 to 6")
        s.alchemy = None if alchemy is None else tuple(alchemy)
        s.fleet = [self.kind_index[k] for k in data["fleet"]]
        s.cranes = whole(data["cranes"], "cranes", 0, 2)
        s.giving = [whole(g, "cards to give", 0, 2) for g in data["giving"]]
        if len(s.giving) != n:
            raise ValueError("giving has one entry per seat")
        offered = data.get("harbour_offered", [])
        if not isinstance(offered, list) or len(set(offered)) != len(offered):
            raise ValueError("harbour_offered lists each seat once")
        s.harbour_offered = tuple(whole(p, "a seat offered a Commercial Harbor exchange", 0, n - 1) for p in offered)
        s.step = None if data["step"] is None else self._read_step(data["step"], n)
        queue = data["queue"]
        if not isinstance(queue, list):
            raise ValueError("the queue is a list of [phase, data]")
        s.queue = []
        for item in queue:
            phase, step = item
            if phase not in self.queued_steps:
                raise ValueError(f"unknown step {phase!r} in the queue")
            s.queue.append((phase, self._read_step(step, n)))

    def _read_progress(self, s, data) -> None:
        n = s.players
        hands, counts = data["progress"], data["progress_counts"]
        if len(hands) != n or len(counts) != n:
            raise ValueError("progress and progress_counts have one entry per seat")
        s.progress = [None if h is None else read_counts(h, CARDS, "progress cards") for h in hands]
        s.hidden_progress = [whole(c, "a progress card count", 0, sum(CARD_COUNTS)) if s.progress[p] is None
                             else 0 for p, c in enumerate(counts)]
        if any(p is not None and any(p[c] for c in VICTORY_CARDS) for p in s.progress):
            raise ValueError("victory point cards lie open, never in a hand")
        s.victory_cards = []
        for cards in data["victory_cards"]:
            if any(CARD_INDEX.get(c, -1) not in VICTORY_CARDS for c in cards):
                raise ValueError("victory_cards lists Printer and Constitution only")
            s.victory_cards.append([CARD_INDEX[c] for c in cards])
        if len(s.victory_cards) != n:
            raise ValueError("victory_cards has one entry per seat")
        decks = data["decks"]
        if not isinstance(decks, dict) or set(decks) != set(TRACKS):
            raise ValueError("decks are trade, politics and science")
        s.unseen = [0] * NUM_CARDS
        s.unseen_count = [0] * len(TRACKS)
        s.under = []
        hidden_unseen = False
        for t, name in enumerate(TRACKS):
            deck = decks[name]
            if deck["unseen"] is None:
                hidden_unseen = True
                s.unseen_count[t] = whole(deck["unseen_count"], "unseen_count", 0, 18)
            else:
                counts_of = read_counts(deck["unseen"], CARDS, "a deck")
                if any(counts_of[c] and CARD_TRACK[c] != t for c in range(NUM_CARDS)):
                    raise ValueError(f"the {name} deck holds a card of another deck")
                for c in range(NUM_CARDS):
                    s.unseen[c] += counts_of[c]
                s.unseen_count[t] = sum(counts_of)
            under = []
            for entry in deck["under"]:
                card, by = entry
                c = -1 if card is None else CARD_INDEX.get(card, -2)
                if c == -2 or (c >= 0 and CARD_TRACK[c] != t):
                    raise ValueError(f"the {name} deck holds a card of another deck")
                under.append([c, read_seat(by, n, "who put a card under a deck")])
            s.under.append(under)
        s.unseen = None if hidden_unseen else s.unseen
        if s.unseen is not None and all(p is not None for p in s.progress) and \
                all(c >= 0 for deck in s.under for c, _ in deck):
            total = list(s.unseen)
            for p in range(n):
                for c in range(NUM_CARDS):
                    total[c] += s.progress[p][c]
                for c in s.victory_cards[p]:
                    total[c] += 1
            for deck in s.under:
                for c, _ in deck:
                    total[c] += 1
            if total != list(CARD_COUNTS):
                raise ValueError("the progress cards are not the 54 of the game")

    def _check_phase(self, s) -> None:
        super()._check_phase(s)
        phase = s.phase
        needs = {"choose_deck": ("seat",), "pillage": ("seat",), "progress_limit": ("seat",),
                 "aqueduct": ("seat",), "retreat": ("seat", "strength", "active"), "desert": ("seat",),
                 "deserter_place": ("strength", "active"), "harbour_offer": ("left",),
                 "harbour_answer": ("seat", "resource", "left"), "spy": ("seat",),
                 "master_merchant": ("seat", "left"), "smith": ("left",), "progress_draw": ("seat", "track")}
        if phase in needs and (s.step is None or any(key not in s.step for key in needs[phase])):
            raise ValueError(f"the {phase} step needs {', '.join(needs[phase])}")
        if phase == "give" and not any(s.giving):
            raise ValueError("nobody has cards to give")
        if phase == "progress_draw" and not deck_size(s, s.step["track"]):
            raise ValueError("a draw from an empty deck")


RULES = CitiesKnightsRules()
