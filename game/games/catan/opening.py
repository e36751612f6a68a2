"""The opening of every Catan game: the island drawn by chance (terrain, harbours, then the numbers
by the spiral or at random with no 6 and 8 side by side), the roll-off for the first player and the
set-up snake of settlements and roads with the starting resources.

``Opening`` is a part of ``CatanFamily`` (a mixin in its bases).
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction, exactly_equal
from game.games.catan import board
from game.games.catan.board import EDGE_VERTICES, NUM_HEXES, VERTEX_EDGES, VERTEX_HEXES, Layout
from game.games.catan.building import distance_ok, open_corners, setup_seat
from game.games.catan.family_state import ROAD_ACTIONS, SETTLEMENT_ACTIONS, is_index
from game.games.catan.notation import counts_json
from game.games.catan.robber import drawn_index


class Opening:
    """The layout draw, the first player and the set-up (see the module docstring)."""

    handlers = {
        ("layout", "terrain"): "_do_layout",
        ("layout", "harbor"): "_do_layout",
        ("layout", "spiral"): "_do_layout",
        ("layout", "reds"): "_do_layout",
        ("layout", "token"): "_do_layout",
        ("first_player", "first_player"): "_do_first_player",
        ("setup_settlement", "settlement"): "_do_setup_settlement",
        ("setup_road", "road"): "_do_setup_road",
    }
    actions_by_phase = {
        "setup_settlement": "_setup_settlement_actions",
        "setup_road": "_setup_road_actions",
        "layout": "_layout_outcomes",
        "first_player": "_first_player_outcomes",
    }
    samplers_by_phase = {"first_player": "_sample_first_player", "layout": "_sample_layout"}
    actors_by_phase = {"setup_settlement": "_setup_actor", "setup_road": "_setup_actor"}

    def _layout_outcomes(self, state) -> list:
        draft = state.draft
        if None in draft["terrain"]:
            h = draft["terrain"].index(None)
            return [{"type": "terrain", "hex": h, "terrain": t}
                    for t in self._remaining(draft["terrain"], board.TERRAIN_MIX)]
        if None in draft["harbors"]:
            k = draft["harbors"].index(None)
            return [{"type": "harbor", "slot": k, "kind": kind}
                    for kind in self._remaining(draft["harbors"], board.HARBOUR_MIX)]
        desert = draft["terrain"].index("desert")
        if state.options["numbers"] == "spiral":
            return [{"type": "spiral", "corner": c} for c in range(len(board.SPIRAL_CORNERS))]
        if all(n is None for n in draft["numbers"]):
            return [{"type": "reds", "sixes": [a, b], "eights": [c, d]}
                    for a, b, c, d in board.red_placements(desert)]
        h = self._next_token_hex(draft)
        return [{"type": "token", "hex": h, "number": n} for n in self._remaining_tokens(draft)]

    @staticmethod
    def _remaining(drawn, mix) -> list:
        left = dict(mix)
        for item in drawn:
            if item is not None:
                left[item] -= 1
        return [item for item, count in left.items() if count > 0]

    @staticmethod
    def _remaining_tokens(draft) -> dict:
        left = dict(board.TOKEN_COUNTS)
        for n in draft["numbers"]:
            if n is not None:
                left[n] -= 1
        return {n: c for n, c in left.items() if c > 0}

    @staticmethod
    def _next_token_hex(draft) -> int:
        return next(h for h in range(NUM_HEXES) if draft["numbers"][h] is None and draft["terrain"][h] != "desert")

    def _sample_layout(self, state, rng):
        draft = state.draft
        if None in draft["terrain"]:
            return self._drawn_item(draft["terrain"], board.TERRAIN_MIX, rng, "terrain", "hex", "terrain")
        if None in draft["harbors"]:
            return self._drawn_item(draft["harbors"], board.HARBOUR_MIX, rng, "harbor", "slot", "kind")
        if state.options["numbers"] == "spiral" or all(n is None for n in draft["numbers"]):
            return rng.choice(self._layout_outcomes(state))
        left = self._remaining_tokens(draft)
        numbers = list(left)
        pick = drawn_index([left[n] for n in numbers], rng)
        return {"type": "token", "hex": self._next_token_hex(draft), "number": numbers[pick]}

    @staticmethod
    def _drawn_item(drawn, mix, rng, kind, slot_key, value_key):
        left = dict(mix)
        for item in drawn:
            if item is not None:
                left[item] -= 1
        items = [item for item in left if left[item] > 0]
        item = items[drawn_index([left[i] for i in items], rng)]
        return {"type": kind, slot_key: drawn.index(None), value_key: item}

    def _do_layout(self, state, action):
        draft = state.draft
        kind = action["type"]
        if not self._is_layout_outcome(draft, state, action):
            raise IllegalAction("that is not a possible outcome of the layout draw")
        events = []
        if kind == "terrain":
            draft["terrain"][action["hex"]] = action["terrain"]
            events.append(Event("tile", {"hex": action["hex"], "terrain": action["terrain"]}))
        elif kind == "harbor":
            draft["harbors"][action["slot"]] = action["kind"]
            events.append(Event("harbor", {"slot": action["slot"], "kind": action["kind"]}))
        elif kind == "spiral":
            draft["numbers"] = board.spiral_numbers(draft["terrain"], action["corner"])
        elif kind == "reds":
            for h in action["sixes"]:
                draft["numbers"][h] = 6
            for h in action["eights"]:
                draft["numbers"][h] = 8
        else:
            draft["numbers"][action["hex"]] = action["number"]
        if kind in ("spiral", "reds", "token"):
            events.append(Event("tokens", {"numbers": list(draft["numbers"])}))
        if None not in draft["terrain"] and None not in draft["harbors"] and \
                sum(n is not None for n in draft["numbers"]) == NUM_HEXES - 1:
            state.layout = Layout(draft["terrain"], draft["numbers"], draft["harbors"])
            state.robber = state.layout.desert
            state.draft = None
            state.phase = "first_player"
            events.append(Event("layout", {"layout": state.layout.to_json()}))
        return events

    def _is_layout_outcome(self, draft, state, action) -> bool:
        """Whether ``action`` is one of ``_layout_outcomes`` (a tile or a harbour read off the draft
        directly: the draw's most frequent steps)."""
        kind = action["type"]
        tile = kind == "terrain"
        if tile or kind == "harbor":
            if type(action) is not dict or len(action) != 3:
                return False
            drawn, mix, slot, value = ((draft["terrain"], board.TERRAIN_MIX, action.get("hex"), action.get("terrain"))
                                       if tile else
                                       (draft["harbors"], board.HARBOUR_MIX, action.get("slot"), action.get("kind")))
            if not tile and None in draft["terrain"] or None not in drawn:
                return False
            return type(slot) is int and slot == drawn.index(None) and type(value) is str \
                and mix.get(value, 0) > drawn.count(value)
        outcomes = self._layout_outcomes(state)
        try:
            match = outcomes[outcomes.index(action)]  # outcomes differ, so one at most is equal
        except ValueError:
            return False
        return exactly_equal(match, action)

    def _first_player_outcomes(self, state) -> list:
        return [{"type": "first_player", "seat": s} for s in range(state.players)]

    def _sample_first_player(self, state, rng):
        return {"type": "first_player", "seat": rng.randrange(state.players)}

    def _do_first_player(self, state, action):
        seat = action.get("seat")
        if not is_index(seat, state.players):
            raise IllegalAction("the starting player must be a seat of this game")
        state.first = seat
        events = [Event("first_player", {"seat": seat})]
        events += self._begin_setup(state, seat)
        return events

    def _begin_setup(self, state, first: int) -> list:
        """After the roll-off: the first set-up placement is asked for."""
        state.phase = "setup_settlement"
        state.current = first
        return []

    def _setup_actor(self, state) -> int:
        return setup_seat(state.first, state.setup_index, state.players)

    def _setup_settlement_actions(self, state) -> list:
        return [SETTLEMENT_ACTIONS[v] for v in open_corners(state.vertex_owner)]

    def _setup_road_actions(self, state) -> list:
        return [ROAD_ACTIONS[e] for e in VERTEX_EDGES[state.setup_vertex] if state.edge_owner[e] < 0]

    def _starting_resources(self, state, seat: int, vertex: int) -> Event:
        """One card for each producing hex next to ``vertex``, while the bank has it."""
        gained = [0] * self.kind_count
        for h in VERTEX_HEXES[vertex]:
            r = state.layout.hex_resource[h]
            if r >= 0 and state.bank[r]:
                gained[r] += 1
                state.bank[r] -= 1
                state.hands[seat][r] += 1
        return Event("starting_resources", {"seat": seat, "cards": counts_json(gained, self.kinds)})

    def _do_setup_settlement(self, state, action):
        v = self._vertex(action.get("vertex"))
        if not distance_ok(state.vertex_owner, v):
            raise IllegalAction("a settlement needs an empty corner with no building next to it")
        seat = self._setup_actor(state)
        self._put_settlement(state, seat, v)
        state.setup_vertex = v
        state.phase = "setup_road"
        events = [Event("built", {"seat": seat, "piece": "settlement", "vertex": v})]
        if state.setup_index >= state.players:
            events.append(self._starting_resources(state, seat, v))
        return events

    def _do_setup_road(self, state, action):
        e = self._edge(action.get("edge"))
        if state.edge_owner[e] >= 0 or state.setup_vertex not in EDGE_VERTICES[e]:
            raise IllegalAction("the set-up road must touch the settlement just placed")
        seat = self._setup_actor(state)
        self._put_road(state, seat, e)
        events = [Event("built", {"seat": seat, "piece": "road", "edge": e})]
        state.setup_index += 1
        state.setup_vertex = -1
        if state.setup_index == 2 * state.players:
            events += self._start_turn(state, state.first)
        else:
            state.phase = self._setup_phase(state)
            state.current = self._setup_actor(state)
        return events

    def _setup_phase(self, state) -> str:
        """The phase of the next set-up placement (``setup_index`` already counts the last one)."""
        return "setup_settlement"
