"""Building in every Catan game: where roads, settlements and cities may go, the turn's actions
(builds first, then a game's own, then the bank and an offer), paying, placing pieces (a piece may
cut another colour's road) and Longest Road; free roads of a Road Building card.

``Construction`` is a part of ``CatanFamily`` (a mixin in its bases).
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction
from game.games.catan.board import BRICK, EDGE_VERTICES, GRAIN, LUMBER, ORE, VERTEX_EDGES, WOOL
from game.games.catan.building import can_build_road, is_road_spot, places_of, road_spots, settlement_spots
from game.games.catan.family_state import (
    CITY_ACTIONS,
    CITY_LIMIT,
    END_ROAD_BUILDING,
    END_TURN,
    ROAD_ACTIONS,
    ROAD_LIMIT,
    SETTLEMENT_ACTIONS,
    SETTLEMENT_LIMIT,
    TRADE,
)
from game.games.catan.roads import award_longest_road, length_through, road_length
from game.games.catan.trade import can_afford

ROAD, SETTLEMENT, CITY = 0, 1, 2
"""The kinds of spot ``FamilyState.spots`` keeps."""


class Construction:
    """Building and the turn's actions (see the module docstring)."""

    handlers = {
        ("main", "road"): "_do_build_road",
        ("main", "settlement"): "_do_build_settlement",
        ("main", "city"): "_do_build_city",
        ("road_building", "road"): "_do_build_road",
        ("road_building", "end_road_building"): "_do_end_road_building",
    }
    actions_by_phase = {"main": "_main_actions", "road_building": "_free_road_actions"}

    def blockers(self, state):
        """Per corner, the seat whose piece stands there (stops other colours' roads)."""
        return state.vertex_owner

    def road_length(self, state, seat: int) -> int:
        return road_length(state.edge_owner, self.blockers(state), seat)

    def road_spots(self, state, seat: int) -> list[int]:
        """Empty paths touching ``seat``'s piece, or its road at a corner no other colour blocks."""
        return list(self._spots(state, seat, ROAD))

    def is_road_spot(self, state, seat: int, e: int) -> bool:
        """Whether ``e`` is one of ``road_spots`` (asked of one path)."""
        return is_road_spot(state.edge_owner, self.blockers(state), seat, e)

    def can_build_road(self, state, seat: int) -> bool:
        """Whether ``seat`` has an empty path to build a road on (road pieces aside)."""
        return can_build_road(state.edge_owner, self.blockers(state), seat)

    def settlement_spots(self, state, seat: int) -> list[int]:
        """Empty corners on ``seat``'s roads with no building next to them."""
        return list(self._spots(state, seat, SETTLEMENT))

    @staticmethod
    def _spots(state, seat: int, kind: int) -> tuple:
        """The ``road_spots``, ``settlement_spots`` or settlements to upgrade (``kind``), found once per board
        (see ``FamilyState``)."""
        cache = state.spots
        if cache is None:
            cache = {}
        else:
            found = cache.get((seat, kind))
            if found is not None:
                return found
        if kind == ROAD:
            found = tuple(road_spots(state.edge_owner, state.vertex_owner, seat))
        elif kind == SETTLEMENT:
            found = tuple(settlement_spots(state.edge_owner, state.vertex_owner, seat))
        else:
            level = state.vertex_level
            found = tuple(v for v in places_of(state.vertex_owner, seat) if level[v] == 1)
        state.spots = {**cache, (seat, kind): found}
        return found

    @staticmethod
    def _spots_after_road(state, seat: int, e: int) -> dict:
        """The spots kept, brought up to ``seat``'s new road on ``e`` (the commonest change of the board):
        nobody else may build there any more, ``seat`` may build on from its ends, and the corners it may
        settle are found again when asked; the rest stand."""
        edge_owner, vertex_owner = state.edge_owner, state.vertex_owner
        kept = {}
        for key, found in state.spots.items():
            owner, kind = key
            if kind == ROAD:
                if owner == seat:
                    spots = set(found)
                    spots.discard(e)
                    for v in EDGE_VERTICES[e]:
                        if vertex_owner[v] < 0 or vertex_owner[v] == seat:
                            for f in VERTEX_EDGES[v]:
                                if edge_owner[f] < 0:
                                    spots.add(f)
                    found = tuple(sorted(spots))
                elif e in found:
                    found = tuple(f for f in found if f != e)
            elif kind == SETTLEMENT and owner == seat:
                continue
            kept[key] = found
        return kept

    @staticmethod
    def board_changed(state) -> None:
        """A piece was placed, moved or taken off the board: spots found before no longer hold."""
        state.spots = None

    def city_spots(self, state, seat: int) -> list[int]:
        """Where ``seat`` may build a city now (its settlements, while it has city pieces)."""
        if state.pieces[seat][2] >= CITY_LIMIT:
            return []
        return list(self._spots(state, seat, CITY))

    def _main_actions(self, state) -> list:
        seat = state.current
        hand = state.hands[seat]
        pieces = state.pieces[seat]
        actions = [END_TURN]
        if hand[BRICK] and hand[LUMBER]:
            if pieces[0] < ROAD_LIMIT:
                actions += [ROAD_ACTIONS[e] for e in self.road_spots(state, seat)]
            if hand[GRAIN] and hand[WOOL] and pieces[1] < SETTLEMENT_LIMIT:
                actions += [SETTLEMENT_ACTIONS[v] for v in self.settlement_spots(state, seat)]
        if hand[ORE] >= 3 and hand[GRAIN] >= 2:
            actions += [CITY_ACTIONS[v] for v in self.city_spots(state, seat)]
        self._add_turn_actions(state, seat, actions)
        if any(hand):
            rates = state.rates[seat]
            bank = state.bank
            stocked = all(bank)
            for give, held in enumerate(hand):  # the bank trades: every kind held at its rate for every other
                if held >= rates[give]:
                    trades, gets = self.bank_actions[give]
                    actions += trades if stocked else [t for t, get in zip(trades, gets, strict=True) if bank[get]]
            if state.offers_made < self.max_offers and self.card_total - sum(bank) > sum(hand):
                actions.append(TRADE)  # another seat holds a card to trade: the cards outside the bank are in hands
        return actions

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        """Add a game's own actions of the main phase (after the builds, before the trades)."""

    def _free_road_actions(self, state) -> list:
        actions = [ROAD_ACTIONS[e] for e in self.road_spots(state, state.current)]
        if state.free_placed:
            actions.append(END_ROAD_BUILDING)
        return actions

    def _do_build_road(self, state, action):
        e = self._edge(action.get("edge"))
        seat = state.current
        free = state.phase == "road_building"
        if state.pieces[seat][0] >= ROAD_LIMIT:
            raise IllegalAction("you have no roads left")
        if not self.is_road_spot(state, seat, e):
            raise IllegalAction("a road must be on an empty path joined to your road or building")
        if not free:
            self._pay(state, seat, self.costs["road"], "a road costs a brick and a lumber")
        events = self._put_road(state, seat, e)
        events.insert(0, Event("built", {"seat": seat, "piece": "road", "edge": e, "free": free}))
        if free:
            state.free_placed += 1
            state.free_roads -= 1
            if state.free_roads <= 0 or state.pieces[seat][0] >= ROAD_LIMIT or not self.road_spots(state, seat):
                self._end_road_building(state)
        return events

    def _do_end_road_building(self, state, action):
        if not state.free_placed:
            raise IllegalAction("place the first free road")
        self._end_road_building(state)
        return []

    def _end_road_building(self, state):
        state.free_roads = 0
        state.free_placed = 0
        state.phase = "main" if state.rolled else "roll"

    def _do_build_settlement(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.pieces[seat][1] >= SETTLEMENT_LIMIT:
            raise IllegalAction("you have no settlements left: upgrade one to a city first")
        if v not in self.settlement_spots(state, seat):
            raise IllegalAction("a settlement needs your road and no building on or next to the corner")
        self._pay(state, seat, self.costs["settlement"], "a settlement costs brick, lumber, grain and wool")
        events = [Event("built", {"seat": seat, "piece": "settlement", "vertex": v})]
        return events + self._put_settlement(state, seat, v)

    def _do_build_city(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.vertex_owner[v] != seat or state.vertex_level[v] != 1:
            raise IllegalAction("a city replaces one of your settlements")
        if state.pieces[seat][2] >= CITY_LIMIT:
            raise IllegalAction("you have no cities left")
        self._pay(state, seat, self.costs["city"], "a city costs three ore and two grain")
        state.vertex_level[v] = 2
        self.board_changed(state)
        state.pieces[seat][1] -= 1
        state.pieces[seat][2] += 1
        return [Event("built", {"seat": seat, "piece": "city", "vertex": v})]

    def _pay(self, state, seat: int, cost, reason: str) -> None:
        hand = state.hands[seat]
        if not can_afford(hand, cost):
            raise IllegalAction(reason)
        for r in range(self.kind_count):
            hand[r] -= cost[r]
            state.bank[r] += cost[r]

    def _put_road(self, state, seat: int, e: int) -> list:
        state.edge_owner[e] = seat
        if state.spots:
            state.spots = self._spots_after_road(state, seat, e)
        state.pieces[seat][0] += 1
        lengths = state.road_lengths
        lengths[seat] = max(lengths[seat], length_through(state.edge_owner, self.blockers(state), seat, e))
        return self._award_road(state)

    def _put_settlement(self, state, seat: int, v: int) -> list:
        state.vertex_owner[v] = seat
        state.vertex_level[v] = 1
        self.board_changed(state)
        state.pieces[seat][1] += 1
        if state.layout.vertex_harbour[v] is not None:
            state.rates[seat] = self.bank_rates(state, seat)
        return self._cut_roads(state, seat, v)

    def _cut_roads(self, state, seat: int, v: int) -> list:
        """A piece of ``seat`` now stands on ``v``: other colours' roads through it are cut."""
        cut = set()
        for e in VERTEX_EDGES[v]:
            owner = state.edge_owner[e]
            if owner >= 0 and owner != seat:
                if owner in cut:
                    state.road_lengths[owner] = self.road_length(state, owner)
                cut.add(owner)
        return self._award_road(state)

    def _award_road(self, state) -> list:
        holder = award_longest_road(state.road_lengths, state.longest_road)
        if holder == state.longest_road:
            return []
        previous, state.longest_road = state.longest_road, holder
        return [Event("longest_road", {"seat": None if holder < 0 else holder,
                                       "previous": None if previous < 0 else previous,
                                       "lengths": list(state.road_lengths)})]
