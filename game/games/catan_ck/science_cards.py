"""The science progress cards (green): Alchemist, Crane, Engineer, Inventor, Irrigation, Mining, Medicine,
Road Building and Smith (the Printer is a victory point, shown when drawn).

``ScienceCards`` is a part of ``CitiesKnightsRules``; it fills the tables of ``progress.ProgressCards``.
"""

from __future__ import annotations

from functools import lru_cache

from game.core.rules import Event, IllegalAction
from game.games.catan.board import GRAIN, NUM_HEXES, NUM_VERTICES, ORE, RESOURCES, VERTEX_HEXES, Layout
from game.games.catan.building import can_build_road, places_of
from game.games.catan.family_state import ROAD_LIMIT, is_index
from game.games.catan.trade import can_afford
from game.games.catan_ck.barbarians import EVENT_ROLLS
from game.games.catan_ck.cards import COSTS, TRACKS, WALL_LIMIT
from game.games.catan_ck.knights import PROMOTE_ACTIONS
from game.games.catan_ck.progress import PLAY_SIMPLE, plays_naming
from game.games.catan_ck.state import DONE, building_hexes, walls_of

MEDICINE_COST = COSTS["city_medicine_card"]
HARVESTS = {"irrigation": GRAIN, "mining": ORE}
"""The resource each harvest card takes, two for each hex of it next to your buildings."""
NO_NUMBER = frozenset((2, 12, 6, 8))
"""Numbers the Inventor may not move."""
ENGINEER_PLAYS = plays_naming("engineer", "vertex", NUM_VERTICES)
MEDICINE_PLAYS = plays_naming("medicine", "vertex", NUM_VERTICES)


@lru_cache(maxsize=256)
def inventor_plays(numbers: tuple) -> tuple:
    """Every swap of two different movable number tokens (shared actions: never change them)."""
    movable = [h for h in range(NUM_HEXES) if numbers[h] is not None and numbers[h] not in NO_NUMBER]
    return tuple({"type": "play", "card": "inventor", "hexes": [a, b]} for i, a in enumerate(movable)
                 for b in movable[i + 1:] if numbers[a] != numbers[b])


class ScienceCards:
    """The science cards (see the module docstring)."""

    card_plays = {
        "crane": "_crane_plays",
        "engineer": "_engineer_plays",
        "inventor": "_inventor_plays",
        "irrigation": "_irrigation_plays",
        "mining": "_mining_plays",
        "medicine": "_medicine_plays",
        "road_building": "_road_building_plays",
        "smith": "_smith_plays",
    }
    card_effects = {
        "alchemist": "_play_alchemist",
        "crane": "_play_crane",
        "engineer": "_play_engineer",
        "inventor": "_play_inventor",
        "irrigation": "_play_irrigation",
        "mining": "_play_mining",
        "medicine": "_play_medicine",
        "road_building": "_play_road_building",
        "smith": "_play_smith",
    }
    handlers = {
        ("smith", "promote"): "_do_smith_promote",
        ("smith", "done"): "_do_done",
    }
    actions_by_phase = {"smith": "_smith_actions"}

    def _crane_plays(self, state, seat: int) -> list:
        useful = any(self._improve_actions(state, seat, t, True) for t in range(len(TRACKS)))
        return [PLAY_SIMPLE["crane"]] if useful else []

    def _engineer_plays(self, state, seat: int) -> list:
        if walls_of(state, seat) >= WALL_LIMIT:
            return []
        level, walls = state.vertex_level, state.walls
        return [ENGINEER_PLAYS[v] for v in places_of(state.vertex_owner, seat) if level[v] == 2 and not walls[v]]

    def _inventor_plays(self, state, seat: int) -> list:
        return list(inventor_plays(state.layout.numbers))

    def _irrigation_plays(self, state, seat: int) -> list:
        return self._harvest_plays(state, seat, "irrigation")

    def _mining_plays(self, state, seat: int) -> list:
        return self._harvest_plays(state, seat, "mining")

    def _harvest_plays(self, state, seat: int, card: str) -> list:
        resource = HARVESTS[card]
        useful = state.bank[resource] and self._touches_terrain(state, seat, resource)
        return [PLAY_SIMPLE[card]] if useful else []

    @staticmethod
    def _touches_terrain(state, seat: int, resource: int) -> bool:
        """Whether one of ``seat``'s buildings stands next to a hex of ``resource``'s terrain."""
        kinds = state.layout.hex_resource
        for v in places_of(state.vertex_owner, seat):
            for h in VERTEX_HEXES[v]:
                if kinds[h] == resource:
                    return True
        return False

    def _medicine_plays(self, state, seat: int) -> list:
        if not can_afford(state.hands[seat], MEDICINE_COST):
            return []
        return [MEDICINE_PLAYS[v] for v in self.city_spots(state, seat)]

    def _road_building_plays(self, state, seat: int) -> list:
        useful = state.pieces[seat][0] < ROAD_LIMIT and can_build_road(state.edge_owner, self.blockers(state), seat)
        return [PLAY_SIMPLE["road_building"]] if useful else []

    def _smith_plays(self, state, seat: int) -> list:
        useful = any(state.knight_pieces[seat]) and any(self._promotable(state, seat, v)
                                                        for v in places_of(state.knight_owner, seat))
        return [PLAY_SIMPLE["smith"]] if useful else []

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

    def _terrain_hexes(self, state, seat: int, resource: int) -> list[int]:
        """Hexes of ``resource``'s terrain next to one of ``seat``'s buildings."""
        kinds = state.layout.hex_resource
        return [h for h in building_hexes(state.vertex_owner, seat) if kinds[h] == resource]

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

    def _smith_actions(self, state) -> list:
        seat = state.current
        return [PROMOTE_ACTIONS[v] for v in places_of(state.knight_owner, seat)
                if self._promotable(state, seat, v)] + [DONE]

    def _do_smith_promote(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        self._check_promotion(state, seat, v)
        events = self._promote(state, seat, v)
        state.step["left"] -= 1
        if state.step["left"] <= 0 or len(self._smith_actions(state)) == 1:
            events += self._continue(state)
        return events + self._knight_owes(state, "promotion")
