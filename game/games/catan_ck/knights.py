"""Cities & Knights' knights on the board: recruiting, activating, promoting, moving, displacing a weaker
knight (who retreats), chasing the robber; a knight blocks other colours' roads like a building.

``Knights`` is a part of ``CitiesKnightsRules`` (a mixin placed before the family engine in its bases).
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction
from game.games.catan.board import EDGE_VERTICES, GRAIN, HEX_VERTICES, NUM_VERTICES, ORE, VERTEX_EDGES, WOOL
from game.games.catan.building import places_of
from game.games.catan_ck.cards import ABILITY_LEVEL, COSTS, KNIGHTS_PER_STRENGTH, POLITICS
from game.games.catan_ck.state import road_ends

RECRUIT_COST, PROMOTE_COST, ACTIVATE_COST = (COSTS[k] for k in ("knight_recruit", "knight_promote", "knight_activate"))
RECRUIT_ACTIONS = tuple({"type": "knight", "vertex": v} for v in range(NUM_VERTICES))
ACTIVATE_ACTIONS = tuple({"type": "activate", "vertex": v} for v in range(NUM_VERTICES))
PROMOTE_ACTIONS = tuple({"type": "promote", "vertex": v} for v in range(NUM_VERTICES))
CHASE_ACTIONS = tuple({"type": "chase", "vertex": v} for v in range(NUM_VERTICES))
RETREAT_ACTIONS = tuple({"type": "retreat", "vertex": v} for v in range(NUM_VERTICES))
MOVE_ACTIONS = {(v, w): {"type": "knight_move", "vertex": v, "to": w}
                for v in range(NUM_VERTICES) for w in range(NUM_VERTICES) if v != w}


class Knights:
    """Knights: where they go and how they act (see the module docstring)."""

    handlers = {
        ("main", "knight"): "_do_recruit",
        ("main", "activate"): "_do_activate",
        ("main", "promote"): "_do_promote",
        ("main", "knight_move"): "_do_knight_move",
        ("main", "chase"): "_do_chase",
        ("retreat", "retreat"): "_do_retreat",
    }
    actions_by_phase = {"retreat": "_retreat_actions"}
    actors_by_phase = {"retreat": "_step_actor"}

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

    def knight_spots(self, state, seat: int) -> list[int]:
        """Empty corners at an end of ``seat``'s roads (no distance rule)."""
        occupant = state.occupant
        return sorted(v for v in road_ends(state.edge_owner, seat) if occupant[v] < 0)

    def retreat_spots(self, state, step: dict) -> list[int]:
        """Where a displaced knight may retreat: ``knight_spots`` of its colour but the corner it was displaced
        from (Intrigue empties it; a knight that stayed there would not have been displaced)."""
        return [v for v in self.knight_spots(state, step["seat"]) if v != step.get("from")]

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

    def _knight_actions(self, state, seat: int, hand) -> list:
        actions = []
        wool_and_ore = hand[WOOL] and hand[ORE]
        pieces = state.knight_pieces[seat]
        if wool_and_ore and pieces[0] < KNIGHTS_PER_STRENGTH:
            actions += [RECRUIT_ACTIONS[v] for v in self.knight_spots(state, seat)]
        if not any(pieces):
            return actions
        knights = places_of(state.knight_owner, seat)
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

    def _retreat_actions(self, state) -> list:
        return [RETREAT_ACTIONS[v] for v in self.retreat_spots(state, state.step)]

    def _do_recruit(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if state.knight_pieces[seat][0] >= KNIGHTS_PER_STRENGTH:
            raise IllegalAction("you have no basic knight left")
        if v not in self.knight_spots(state, seat):
            raise IllegalAction("a knight goes on an empty corner at the end of one of your roads")
        self._pay(state, seat, RECRUIT_COST, "a knight costs wool and ore")
        events = [Event("knight", {"seat": seat, "vertex": v, "strength": 1})]
        events += self._place_knight(state, seat, v, 1, False)
        return events + self._knight_owes(state, "knight")

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
        return self._promote(state, seat, v) + self._knight_owes(state, "promotion")

    def _knight_owes(self, state, piece: str) -> list:
        """What a recruit ("knight") or a promotion ("promotion", also the Smith's) owes once it is done:
        nothing here; the rules for two owe the neutral colours as much."""
        return []

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
        self._set_knight(state, seat, w, strength, False)
        events += self._join_roads(state, w)
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

    def _place_knight(self, state, seat: int, v: int, strength: int, active: bool) -> list:
        """Put a knight on the empty corner ``v`` and recount the roads it cuts."""
        before = state.occupant[v]
        self._set_knight(state, seat, v, strength, active)
        return self._join_roads(state, v, before)

    def _set_knight(self, state, seat: int, v: int, strength: int, active: bool) -> None:
        state.knight_owner[v] = seat
        state.knight_strength[v] = strength
        state.knight_active[v] = active
        state.knight_activated[v] = False
        state.knight_promoted[v] = False
        state.knight_pieces[seat][strength - 1] += 1
        state.occupant[v] = seat
        self.board_changed(state)

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
        self.board_changed(state)
        return seat, strength, active

    def _join_roads(self, state, v: int, before: int | None = None) -> list:
        """The piece on ``v`` changed: recount the roads of every colour passing through it. ``before``, the
        colour that stood there when that is the only change since the last count, spares the colours whose
        roads it neither cut nor cuts now (a knight never cuts its own colour's roads)."""
        after = state.occupant[v]
        counts = {}
        for e in VERTEX_EDGES[v]:
            owner = state.edge_owner[e]
            if owner >= 0:
                counts[owner] = counts.get(owner, 0) + 1
        for owner, count in counts.items():
            if count >= 2 and (before is None or (0 <= before != owner) != (0 <= after != owner)):
                state.road_lengths[owner] = self.road_length(state, owner)
        return self._award_road(state)
