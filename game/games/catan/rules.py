"""Catan (base game, 3-4 players, 5th edition) as a Ruleset: the family engine (``family.py``) with
development cards, Largest Army, the beginner starting positions and the friendly robber.

Board ids, resources and pieces come from ``board.py``. Resources are named ``brick``, ``lumber``,
``ore``, ``grain``, ``wool``; development cards ``knight``, ``victory_point``, ``road_building``,
``year_of_plenty``, ``monopoly``. Seats are 0-based; play goes up the seat numbers from the
starting player.

Actions (JSON dicts)
--------------------
Chance (seat CHANCE):
  {"type": "terrain", "hex": h, "terrain": t}     random layout: hexes 0..18 in order
  {"type": "harbor", "slot": k, "kind": kind}     then harbour slots 0..8 (kind "generic" or a resource)
  {"type": "spiral", "corner": c}                 numbers by the spiral from corner c (0-5), or
  {"type": "reds", "sixes": [a, b], "eights": [c, d]} then {"type": "token", "hex": h, "number": n}
                                                  numbers at random with no 6/8 adjacent
  {"type": "first_player", "seat": s}             who starts (the roll-off)
  {"type": "roll", "dice": [d1, d2]}              the dice (36 outcomes)
  {"type": "steal", "resource": r}                the card the robber takes (thief and victim see it)
  {"type": "draw", "card": c}                     the development card bought
Decisions:
  {"type": "settlement", "vertex": v}  {"type": "road", "edge": e}  {"type": "city", "vertex": v}
  {"type": "roll"}                     roll now (asked only of a player holding development cards)
  {"type": "discard", "cards": {r: k, ...}}   exactly half the hand (rounded down), in one go
  {"type": "robber", "hex": h, "victim": s}   move the robber; "victim" absent when nobody can be robbed
  {"type": "buy"}                      a development card
  {"type": "play", "card": "knight"} | {"type": "play", "card": "road_building"}
  {"type": "play", "card": "year_of_plenty", "resources": [r1, r2]}  (sorted; one when the bank has one)
  {"type": "play", "card": "monopoly", "resource": r}
  {"type": "end_road_building"}        decline the second free road
  {"type": "bank_trade", "give": r, "get": s}   at the seat's best rate (4, 3 or 2 cards of r)
  {"type": "trade"}                    start composing an offer to the other players
  {"type": "trade_give", "resource": r} / {"type": "trade_want", "resource": r}   one card more
  {"type": "propose"} / {"type": "cancel_trade"}
  {"type": "propose", "to": s}         the player on turn offers to seat ``s`` alone (the others are passed over)
  {"type": "accept"} / {"type": "decline"} / {"type": "counter"}   a player answering an offer
  {"type": "complete", "seat": s}      the player on turn trades with one who accepted or countered
  {"type": "end_turn"}

``legal_actions`` hands out shared action dicts: read them, never change them.

A domestic trade: the player on turn starts an offer (at most ``MAX_OFFERS`` a turn), adds the cards
they give and want one at a time and proposes. The others answer in seat order: accept (they hold
the cards), decline, or counter (they compose their own give/want the same way). The player on
turn then completes it with one of them or cancels. An offer made to one player is answered by that player
only; the others count as having declined. Both sides give at least one card, no resource
on both sides; one may ask for at most as many cards as a partner holds.

Position notation (``to_json``)
-------------------------------
A JSON object:
  "format": "catan/1", "players": 3|4,
  "options": {"layout": "random"|"beginner", "numbers": "spiral"|"random", "start_positions": bool,
              "victory_points": int, "friendly_robber": bool},
  "layout": {"terrain": [19 names], "numbers": [19 ints, null on the desert], "harbors": [9 kinds]}
            or null while the random layout is being drawn, then
  "draft": {"terrain": [...], "harbors": [...], "numbers": [...]} (null where not drawn yet),
  "robber": hex id or null,
  "buildings": [[vertex, seat, "settlement"|"city"], ...],  "roads": [[edge, seat], ...],
  "hands": per seat {resource: count} or null where hidden; "hand_counts": per seat total,
  "bank": {resource: count},
  "devs": per seat {card: count} or null where hidden (bought this turn included); "dev_counts",
  "new_devs": {card: count} bought this turn by the player on turn, or null where hidden;
  "new_dev_count": int, "deck": {card: count} or null where hidden, "deck_count": int,
  "played": per seat {card: count} of development cards played,
  "longest_road": seat or null, "largest_army": seat or null,
  "phase": one of PHASES, "current": seat on turn, "first": starting seat or null,
  "turn": turns started (0 during set-up), "setup_index": placements made in set-up,
  "setup_vertex": the settlement whose road is due in set-up or null,
  "dice": [d1, d2] or null, "rolled": bool, "dev_played": bool,
  "discard": per seat cards still to discard, "victim": seat to be robbed or null,
  "free_roads": free roads left, "free_placed": free roads placed, "offers_made": int,
  "trade": null or {"composer": seat, "give": {...}, "want": {...}, "offer": null or
           {"give": {...}, "want": {...}} (from the side of the player on turn), "to": seat the offer
           is made to alone or null (optional, null when absent),
           "answers": per seat null, "accept", "decline" or {"give": {...}, "want": {...}}},
  "winner": seat or null,
  "counted": what each seat has counted of the others' cards (see ``known_cards``; null in a game that
             does not count, absent: nothing counted yet): {"totals": hand sizes, "public": per seat
             counts per kind, "private": [[observer, seat, counts], ...], "offer": null or [seat, give,
             want], "refusals": [[turn, proposer, refuser, give, want], ...], "turn": int}; ``observe``
             keeps the observer's own private rows only, so its computer player counts on.
Road lengths, harbour rates and points are recomputed from the board, not stored. ``observe`` masks other
players' hands and development cards and the deck (their counts stay).
"""

from __future__ import annotations

from game.core.notation import whole
from game.core.rules import Event, IllegalAction
from game.core.state_copy import LIST, SHARED, each, optional
from game.games.catan import board
from game.games.catan.board import (
    COSTS,
    DEV_CARDS,
    DEV_DECK,
    GRAIN,
    KNIGHT,
    MONOPOLY,
    ORE,
    RESOURCES,
    ROAD_BUILDING,
    VICTORY_POINT,
    WOOL,
    YEAR_OF_PLENTY,
)
from game.games.catan.family import CatanFamily
from game.games.catan.family_state import (
    CITY_LIMIT,
    MAX_OFFERS,
    ROAD_LIMIT,
    ROLL_NOW,
    SETTLEMENT_LIMIT,
    FamilyState,
    cards_of,
)
from game.games.catan.notation import full_counts_json, read_counts, read_seat
from game.games.catan.robber import drawn_index
from game.games.catan.trade import can_afford

__all__ = ["CITY_COST", "DEV_COST", "MAX_OFFERS", "ROAD_COST", "RULES", "SETTLEMENT_COST", "CatanRules",
           "CatanState", "cards_of", "devs_of", "public_points", "total_points"]

DEV_INDEX = {name: i for i, name in enumerate(DEV_CARDS)}
DEFAULT_OPTIONS = {"layout": "random", "numbers": "spiral", "start_positions": True,
                   "victory_points": 10, "friendly_robber": False}
ROAD_COST, SETTLEMENT_COST, CITY_COST, DEV_COST = (COSTS[k] for k in ("road", "settlement", "city", "development"))

BUY = {"type": "buy"}
PLAY_KNIGHT = {"type": "play", "card": "knight"}
PLAY_ROAD_BUILDING = {"type": "play", "card": "road_building"}
DRAW_ACTIONS = tuple({"type": "draw", "card": name} for name in DEV_CARDS)
MONOPOLY_ACTIONS = tuple({"type": "play", "card": "monopoly", "resource": name} for name in RESOURCES)
PLENTY_ACTIONS = {(a, b): {"type": "play", "card": "year_of_plenty", "resources": [RESOURCES[a], RESOURCES[b]]}
                  for a in range(len(RESOURCES)) for b in range(a, len(RESOURCES))}
PLENTY_ONE = tuple({"type": "play", "card": "year_of_plenty", "resources": [name]} for name in RESOURCES)


class CatanState(FamilyState):
    """A base Catan position: the family's fields and the development cards."""

    __slots__ = {
        "devs": each(optional(LIST)), "hidden_devs": LIST, "new_devs": optional(LIST), "new_dev_count": SHARED,
        "deck": optional(LIST), "deck_count": SHARED, "played": each(LIST), "largest_army": SHARED,
        "dev_played": SHARED,
    }


def devs_of(state, seat: int) -> int:
    devs = state.devs[seat]
    return state.hidden_devs[seat] if devs is None else sum(devs)


def public_points(state, seat: int) -> int:
    """Points everyone can see: buildings and special cards (not hidden victory point cards)."""
    pieces = state.pieces[seat]
    points = pieces[1] + 2 * pieces[2]
    if state.longest_road == seat:
        points += 2
    if state.largest_army == seat:
        points += 2
    return points


def total_points(state, seat: int) -> int:
    devs = state.devs[seat]
    return public_points(state, seat) + (devs[VICTORY_POINT] if devs is not None else 0)


class CatanRules(CatanFamily):
    game_id = "catan"
    format_id = "catan/1"
    title = "Catan"
    state_class = CatanState
    player_counts = (3, 4)
    default_options = DEFAULT_OPTIONS
    chance_phases = CatanFamily.chance_phases | {"draw"}
    handlers = {
        ("pre_roll", "play"): "_do_play",
        ("draw", "draw"): "_do_draw",
        ("main", "buy"): "_do_buy",
        ("main", "play"): "_do_play",
    }
    actions_by_phase = {"draw": "_draw_outcomes"}
    samplers_by_phase = {"draw": "_sample_draw"}
    keeps_points = frozenset((
        ("pre_roll", "roll"), ("roll", "roll"), ("discard", "discard"), ("robber", "robber"), ("steal", "steal"),
        ("main", "bank_trade"), ("main", "buy"), ("main", "trade"), ("compose", "trade_give"),
        ("compose", "trade_want"), ("compose", "propose"), ("compose", "cancel_trade"), ("respond", "accept"),
        ("respond", "decline"), ("respond", "counter"), ("choose", "complete"), ("choose", "cancel_trade")))

    def _init_state(self, s) -> None:
        players = s.players
        s.devs = [[0] * len(DEV_CARDS) for _ in range(players)]
        s.hidden_devs = [0] * players
        s.new_devs = [0] * len(DEV_CARDS)
        s.new_dev_count = 0
        s.deck = list(DEV_DECK)
        s.deck_count = sum(DEV_DECK)
        s.played = [[0] * len(DEV_CARDS) for _ in range(players)]
        s.largest_army = -1
        s.dev_played = False

    # -- scoring and the robber ---------------------------------------------------------------------
    public_points = staticmethod(public_points)
    total_points = staticmethod(total_points)

    def army_size(self, state, seat: int) -> int:
        """The knights that count toward Largest Army: every knight card ``seat`` has played."""
        return state.played[seat][KNIGHT]

    def robbable(self, state) -> list[bool]:
        """Opponents with cards (and, with the friendly robber, more than 2 visible points)."""
        friendly = state.options["friendly_robber"]
        return [p != state.current and cards_of(state, p) > 0 and not (friendly and public_points(state, p) <= 2)
                for p in range(state.players)]

    # -- set-up and turns ---------------------------------------------------------------------------
    def _begin_setup(self, state, first: int) -> list:
        if state.options["layout"] == "beginner" and state.options["start_positions"]:
            return self._place_beginner_positions(state) + self._start_turn(state, first)
        return super()._begin_setup(state, first)

    def _place_beginner_positions(self, state) -> list:
        events = []
        for seat, spec in enumerate(board.beginner_positions(state.players)):
            for v in spec["settlements"]:
                self._put_settlement(state, seat, v)
                events.append(Event("built", {"seat": seat, "piece": "settlement", "vertex": v}))
            for e in spec["roads"]:
                self._put_road(state, seat, e)
                events.append(Event("built", {"seat": seat, "piece": "road", "edge": e}))
            events.append(self._starting_resources(state, seat, spec["star"]))
        return events

    def _start_turn(self, state, seat: int) -> list:
        state.dev_played = False
        state.new_devs = [0] * len(DEV_CARDS)
        state.new_dev_count = 0
        return super()._start_turn(state, seat)

    def _has_pre_roll(self, state, seat: int) -> bool:
        return devs_of(state, seat) > 0

    def blocked(self, state) -> bool:
        """Nobody can reach the target any more: checked once the development deck is empty, when each
        player's best case is their points (every hidden card a victory point where the cards are
        hidden), Longest Road while any road or settlement can still change the board, Largest Army
        while knights are unplayed, and the most their buildings can score (new corners only while they
        can still build roads or have a spot)."""
        if state.deck_count:
            return False
        target = state.options["victory_points"]
        knights_left = DEV_DECK[KNIGHT]
        for played in state.played:
            knights_left -= played[KNIGHT]
        most = SETTLEMENT_LIMIT + CITY_LIMIT
        builds = {}

        def can_build(seat):
            if seat not in builds:
                builds[seat] = self._can_build(state, seat)
            return builds[seat]

        for seat in range(state.players):
            devs = state.devs[seat]
            best = public_points(state, seat) + (min(DEV_DECK[VICTORY_POINT], state.hidden_devs[seat]) if devs is None
                                                 else devs[VICTORY_POINT])
            if state.largest_army != seat and knights_left:
                best += 2
            _, settlements, cities = state.pieces[seat]
            building_points = settlements + 2 * cities
            longest = 2 if state.longest_road != seat else 0
            if best + longest + most + CITY_LIMIT - building_points < target:
                continue  # out of reach even if everything still went this player's way
            roads, spots = can_build(seat)
            if roads:
                return False
            buildings = min(most, settlements + cities + spots)
            best += buildings + min(CITY_LIMIT, buildings) - building_points
            if longest and any(any(can_build(p)) for p in range(state.players)):
                best += longest
            if best >= target:
                return False
        return True

    def _can_build(self, state, seat: int) -> tuple[bool, int]:
        """(whether ``seat`` can still build a road, how many corners it could settle now: none when
        its settlements are all out and no city can free one; not counted when it can build roads)."""
        roads, settlements, cities = state.pieces[seat]
        if roads < ROAD_LIMIT and self.road_spots(state, seat):
            return True, 0
        has_piece = settlements < SETTLEMENT_LIMIT or cities < CITY_LIMIT
        return False, len(self.settlement_spots(state, seat)) if has_piece else 0

    # -- legal actions ------------------------------------------------------------------------------
    def _pre_roll_actions(self, state) -> list:
        return [ROLL_NOW] + self._dev_plays(state)

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        hand = state.hands[seat]
        if hand[ORE] and hand[GRAIN] and hand[WOOL] and state.deck_count:
            actions.append(BUY)
        devs = state.devs[seat]
        if not state.dev_played and (devs[KNIGHT] or devs[ROAD_BUILDING] or devs[YEAR_OF_PLENTY] or devs[MONOPOLY]):
            actions += self._dev_plays(state)  # a card other than a victory point may be played

    def _draw_outcomes(self, state) -> list:
        return [DRAW_ACTIONS[c] for c in range(len(DEV_CARDS)) if state.deck[c]]

    def _dev_plays(self, state) -> list:
        if state.dev_played:
            return []
        seat = state.current
        devs = state.devs[seat]
        new = state.new_devs
        actions = []
        if devs[KNIGHT] > new[KNIGHT]:
            actions.append(PLAY_KNIGHT)
        if devs[ROAD_BUILDING] > new[ROAD_BUILDING] and state.pieces[seat][0] < ROAD_LIMIT \
                and self.road_spots(state, seat):
            actions.append(PLAY_ROAD_BUILDING)
        if devs[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
            bank = state.bank
            if sum(bank) == 1:
                actions.append(PLENTY_ONE[bank.index(1)])
            else:
                kinds = range(len(RESOURCES))
                for a in kinds:
                    for b in range(a, len(RESOURCES)):
                        if bank[a] and bank[b] and (a != b or bank[a] >= 2):
                            actions.append(PLENTY_ACTIONS[a, b])
        if devs[MONOPOLY] > new[MONOPOLY]:
            actions += MONOPOLY_ACTIONS
        return actions

    # -- chance -------------------------------------------------------------------------------------
    def _sample_draw(self, state, rng):
        return DRAW_ACTIONS[drawn_index(state.deck, rng)]

    def chance_outcomes(self, state):
        if state.phase == "draw":
            total = state.deck_count
            return [({"type": "draw", "card": DEV_CARDS[c]}, state.deck[c] / total)
                    for c in range(len(DEV_CARDS)) if state.deck[c]]
        return super().chance_outcomes(state)

    # -- development cards --------------------------------------------------------------------------
    def _do_draw(self, state, action):
        card = action.get("card")
        c = DEV_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or not state.deck[c]:
            raise IllegalAction("the deck holds no such card")
        seat = state.current
        state.deck[c] -= 1
        state.deck_count -= 1
        state.devs[seat][c] += 1
        state.new_devs[c] += 1
        state.new_dev_count += 1
        state.phase = "main"
        return [Event("bought", {"seat": seat, "card": card}, audience=seat, public={"seat": seat})]

    def _do_buy(self, state, action):
        if not state.deck_count:
            raise IllegalAction("the development deck is empty")
        self._pay(state, state.current, DEV_COST, "a development card costs ore, grain and wool")
        state.phase = "draw"
        return [Event("buying", {"seat": state.current})]

    def _do_play(self, state, action):
        card = action.get("card")
        if state.dev_played:
            raise IllegalAction("only one development card may be played per turn")
        c = DEV_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or c == VICTORY_POINT:
            raise IllegalAction("that card cannot be played")
        seat = state.current
        devs = state.devs[seat]
        if devs[c] - state.new_devs[c] <= 0:
            raise IllegalAction("you hold no such card from an earlier turn")
        data = {"seat": seat, "card": card}
        events = []
        if c == KNIGHT:
            state.phase = "robber"
        elif c == ROAD_BUILDING:
            if state.pieces[seat][0] >= ROAD_LIMIT or not self.road_spots(state, seat):
                raise IllegalAction("you have no road to place")
            state.free_roads = 2
            state.free_placed = 0
            state.phase = "road_building"
        elif c == YEAR_OF_PLENTY:
            picks = action.get("resources")
            if not isinstance(picks, list) or not 1 <= len(picks) <= 2:
                raise IllegalAction("name one or two resources")
            taken = [self._kind(p) for p in picks]
            want = [0] * len(RESOURCES)
            for r in taken:
                want[r] += 1
            if not can_afford(state.bank, want):
                raise IllegalAction("the bank does not have those cards")
            if len(taken) == 1 and sum(state.bank) != 1:
                raise IllegalAction("take two cards while the bank has them")
            for r in taken:
                state.bank[r] -= 1
                state.hands[seat][r] += 1
            data["resources"] = [RESOURCES[r] for r in taken]
            state.phase = "main" if state.rolled else "roll"
        else:
            r = self._kind(action.get("resource"))
            taken = [0] * state.players
            for other in range(state.players):
                if other != seat:
                    taken[other] = state.hands[other][r]
                    state.hands[other][r] = 0
            state.hands[seat][r] += sum(taken)
            data["resource"] = RESOURCES[r]
            data["taken"] = taken
            state.phase = "main" if state.rolled else "roll"
        devs[c] -= 1
        state.played[seat][c] += 1
        state.dev_played = True
        events.append(Event("played", data, reveals="taken" in data))  # a monopoly shows what the others held
        if c == KNIGHT:
            knights = self.army_size(state, seat)
            holder = state.largest_army
            if knights >= 3 and holder != seat and (holder < 0 or knights > self.army_size(state, holder)):
                state.largest_army = seat
                events.append(Event("largest_army", {"seat": seat, "previous": holder}))
        return events

    # -- information ------------------------------------------------------------------------------
    def _hide(self, seen, seat: int) -> None:
        for p in range(seen.players):
            if p != seat and seen.devs[p] is not None:
                seen.hidden_devs[p] = sum(seen.devs[p])
                seen.devs[p] = None
        if seen.current != seat:
            seen.new_devs = None
        seen.deck = None

    def _fill_hidden(self, full, seat: int, rng) -> None:
        kinds = range(len(DEV_CARDS))
        n = full.players
        hidden_devs = [p for p in range(n) if full.devs[p] is None]
        if hidden_devs or full.deck is None:
            pool = list(DEV_DECK)
            for p in range(n):
                for c in kinds:
                    pool[c] -= full.played[p][c]
                    if full.devs[p] is not None:
                        pool[c] -= full.devs[p][c]
            cards = [c for c in kinds for _ in range(pool[c])]
            rng.shuffle(cards)
            start = 0
            for p in hidden_devs:
                count = full.hidden_devs[p]
                devs = [0] * len(DEV_CARDS)
                for c in cards[start:start + count]:
                    devs[c] += 1
                start += count
                full.devs[p] = devs
                full.hidden_devs[p] = 0
                if p == full.current and full.new_devs is None:
                    new = [0] * len(DEV_CARDS)
                    for c in cards[start - count:start - count + full.new_dev_count]:
                        new[c] += 1
                    full.new_devs = new
            deck = [0] * len(DEV_CARDS)
            for c in cards[start:]:
                deck[c] += 1
            full.deck = deck
        if full.new_devs is None:
            full.new_devs = [0] * len(DEV_CARDS)

    # -- the end ------------------------------------------------------------------------------------
    def _result_details(self, state) -> dict:
        details = super()._result_details(state)
        details["victory_point_cards"] = [state.devs[p][VICTORY_POINT] if state.devs[p] else 0
                                          for p in range(state.players)]
        return details

    # -- notation ---------------------------------------------------------------------------------
    def to_json(self, state) -> dict:
        data = super().to_json(state)
        n = state.players
        data.update({
            "devs": [None if d is None else full_counts_json(d, DEV_CARDS) for d in state.devs],
            "dev_counts": [devs_of(state, p) for p in range(n)],
            "new_devs": None if state.new_devs is None else full_counts_json(state.new_devs, DEV_CARDS),
            "new_dev_count": state.new_dev_count,
            "deck": None if state.deck is None else full_counts_json(state.deck, DEV_CARDS),
            "deck_count": state.deck_count,
            "played": [full_counts_json(p, DEV_CARDS) for p in state.played],
            "largest_army": None if state.largest_army < 0 else state.largest_army,
            "dev_played": state.dev_played,
        })
        return data

    def _read_extra(self, s, data) -> None:
        n = s.players
        total = sum(DEV_DECK)
        devs = data["devs"]
        if len(devs) != n or len(data["dev_counts"]) != n:
            raise ValueError("devs and dev_counts have one entry per seat")
        s.devs = [None if d is None else read_counts(d, DEV_CARDS, "development cards") for d in devs]
        s.hidden_devs = [whole(c, "a development card count", 0, total) if s.devs[p] is None else 0
                         for p, c in enumerate(data["dev_counts"])]
        s.new_devs = None if data["new_devs"] is None else read_counts(data["new_devs"], DEV_CARDS, "new_devs")
        s.new_dev_count = whole(data["new_dev_count"], "new_dev_count", 0, total)
        s.deck = None if data["deck"] is None else read_counts(data["deck"], DEV_CARDS, "the deck")
        s.deck_count = sum(s.deck) if s.deck is not None else whole(data["deck_count"], "deck_count", 0, total)
        s.played = [read_counts(p, DEV_CARDS, "played cards") for p in data["played"]]
        if len(s.played) != n or any(p[VICTORY_POINT] for p in s.played):
            raise ValueError("played cards: one entry per seat, victory point cards are never played")
        if s.deck is not None and all(d is not None for d in s.devs):
            for c in range(len(DEV_CARDS)):
                if s.deck[c] + sum(d[c] for d in s.devs) + sum(p[c] for p in s.played) != DEV_DECK[c]:
                    raise ValueError(f"there must be {DEV_DECK[c]} {DEV_CARDS[c]} cards in all")
        s.largest_army = read_seat(data["largest_army"], n, "largest_army")
        if s.largest_army >= 0 and self.army_size(s, s.largest_army) < 3:
            raise ValueError("Largest Army needs three played knights")
        s.dev_played = bool(data["dev_played"])


RULES = CatanRules()
