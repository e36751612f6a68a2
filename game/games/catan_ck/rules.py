"""Cities & Knights (5th edition) for 3-4 players, as a variant of the Catan family engine.

Everything base Catan and Cities & Knights share (the island, the set-up snake, dice production with
the bank shortage, the 7, the robber, building, harbours, bank and domestic trade, Longest Road, the
win on your own turn) comes from ``game.games.catan.family``; Cities & Knights adds the commodities,
the event die and the barbarians, city improvements and metropolises, city walls, knights, the 54
progress cards and the merchant. Card kinds are ``cards.KINDS``: the five resources, then paper,
cloth and coin. Tracks are ``trade`` (cloth), ``politics`` (coin) and ``science`` (paper). Decided
questions of the reference are cited by their A-number where they apply to 3-4 players.

``CitiesKnightsRules`` is put together from parts, each a mixin in its own module: ``barbarians``
(the roll with the event die, production, the 7, the attacks), ``knights``, ``improvements`` (walls,
improvement tracks, metropolises), ``progress`` (the decks and hands, and playing a card through the
tables of ``science_cards``, ``politics_cards`` and ``trade_cards``) and ``notation``; ``state`` holds
the position. This module ties them together: the queue of steps, the set-up city, scoring, the rates.

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

from game.core.rules import Event, IllegalAction
from game.games.catan.board import BRICK, NUM_VERTICES, RESOURCES
from game.games.catan.building import places_of, road_spots, settlement_spots, setup_seat
from game.games.catan.family import CatanFamily
from game.games.catan.family_state import CITY_ACTIONS, cards_of, is_index
from game.games.catan.trade import harbour_rates
from game.games.catan_ck.barbarians import Barbarians
from game.games.catan_ck.cards import (
    ABILITY_LEVEL,
    CARD_COUNTS,
    COMMODITY_SUPPLY,
    KINDS,
    METROPOLIS_BONUS,
    PROGRESS_LIMIT,
    RESOURCE_SUPPLY,
    TRACK_CARDS,
    TRACK_INDEX,
    TRACKS,
    TRADE,
    WALL_LIMIT,
)
from game.games.catan_ck.improvements import WALL_ACTIONS, WALL_COST, Improvements
from game.games.catan_ck.knights import ACTIVATE_COST, PROMOTE_COST, RECRUIT_COST, Knights
from game.games.catan_ck.notation import CKNotation
from game.games.catan_ck.politics_cards import PoliticsCards
from game.games.catan_ck.progress import ProgressCards
from game.games.catan_ck.science_cards import MEDICINE_COST, ScienceCards
from game.games.catan_ck.state import (
    COMMODITY_KINDS,
    NO_CORNERS,
    NUM_CARDS,
    CKState,
    active_strength,
    deck_size,
    progress_in_hand,
    toppled_of,
    walls_of,
)
from game.games.catan_ck.trade_cards import TradeCards

__all__ = ["ACTIVATE_COST", "MEDICINE_COST", "PROMOTE_COST", "RECRUIT_COST", "RULES", "WALL_COST", "CKState",
           "CitiesKnightsRules", "active_strength", "deck_size", "progress_in_hand", "walls_of"]

STEP_PHASES = ("progress_draw", "choose_deck", "pillage", "progress_limit", "aqueduct", "retreat", "desert",
               "deserter_place", "relocate", "harbour_offer", "harbour_answer", "spy", "master_merchant", "smith",
               "steal", "robber")
AUTOMATIC_STEPS = ("produce", "seven", "next_turn")
DISCARD_ACTIONS = tuple({"type": "discard", "card": k} for k in KINDS)
NO_METROPOLIS = [-1] * len(TRACKS)
"""To compare a position's with (see ``state.NO_CORNERS``)."""


class CitiesKnightsRules(CKNotation, ScienceCards, PoliticsCards, TradeCards, ProgressCards, Knights, Improvements,
                         Barbarians, CatanFamily):
    """Cities & Knights: the family engine with the expansion's parts (each in its own module) and what
    ties them together: the queue of steps a roll, an attack or a card asks for, the set-up city, scoring."""

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
    handlers = {("setup_city", "city"): "_do_setup_city"}
    actions_by_phase = {"setup_city": "_setup_city_actions"}
    actors_by_phase = {"setup_city": "_setup_actor"}
    queued_steps = frozenset(STEP_PHASES + AUTOMATIC_STEPS)
    """Steps the queue may hold (a layer adds its own)."""

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

    def public_points(self, state, seat: int) -> int:
        """Every point is public: buildings (a toppled city counts 1), metropolises, Longest Road,
        Defender of Catan cards, Printer and Constitution, and the merchant."""
        pieces = state.pieces[seat]
        points = pieces[1] + 2 * pieces[2] + state.defenders[seat] + len(state.victory_cards[seat])
        points -= toppled_of(state, seat)
        if state.metropolis != NO_METROPOLIS:
            owner = state.vertex_owner
            for v in state.metropolis:
                if v >= 0 and owner[v] == seat:
                    points += METROPOLIS_BONUS
        if state.longest_road == seat:
            points += 2
        if state.merchant_owner == seat:
            points += 1
        return points

    def blockers(self, state):
        return state.occupant

    def road_spots(self, state, seat: int) -> list[int]:
        return road_spots(state.edge_owner, state.occupant, seat)

    def settlement_spots(self, state, seat: int) -> list[int]:
        return settlement_spots(state.edge_owner, state.vertex_owner, seat, state.occupant)

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

    def _step_actor(self, state) -> int:
        return state.step["seat"]

    def _setup_phase(self, state) -> str:
        return "setup_city" if state.setup_index >= state.players else "setup_settlement"

    def _setup_city_actions(self, state) -> list:
        return [CITY_ACTIONS[a["vertex"]] for a in self._setup_settlement_actions(state)]

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

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        hand = state.hands[seat]
        if hand[BRICK] >= 2 and walls_of(state, seat) < WALL_LIMIT:
            level, walls = state.vertex_level, state.walls
            actions += [WALL_ACTIONS[v] for v in places_of(state.vertex_owner, seat) if level[v] == 2 and not walls[v]]
        actions += self._knight_actions(state, seat, hand)
        for t in range(len(TRACKS)):
            actions += self._improve_actions(state, seat, t, state.cranes > 0)
        actions += self._progress_plays(state, seat)

    def _do_end_turn(self, state, action):
        """Over the hand limit of 4, the player on turn discards before the turn passes (A21)."""
        if sum(state.progress[state.current]) > PROGRESS_LIMIT:
            state.queue = [("progress_limit", {"seat": state.current}), ("next_turn", {})]
            return self._continue(state)
        return super()._do_end_turn(state, action)

    def _start_turn(self, state, seat: int) -> list:
        state.knight_activated[:] = NO_CORNERS
        state.knight_promoted[:] = NO_CORNERS
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

    def _discard_actions(self, state) -> list:
        hand = state.hands[self._discarder(state)]
        return [DISCARD_ACTIONS[k] for k in range(len(KINDS)) if hand[k]]

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

    def _card_in_hand(self, state, seat: int, name) -> int:
        """The kind of a card ``seat`` holds, named by an action."""
        k = self._kind(name)
        if not state.hands[seat][k]:
            raise IllegalAction("no such card in that hand")
        return k

    def _do_done(self, state, action):
        return self._continue(state)

    def _put_settlement(self, state, seat: int, v: int) -> list:
        state.occupant[v] = seat
        return super()._put_settlement(state, seat, v)

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

    def _result_details(self, state) -> dict:
        details = super()._result_details(state)
        details["defenders"] = list(state.defenders)
        details["improvements"] = [list(i) for i in state.improvements]
        return details


RULES = CitiesKnightsRules()
