"""The Catan family AI's opening: where to settle twice and where the first roads lead (no pygame)."""

from __future__ import annotations

from game.games.catan import board
from game.games.catan.ai_measures import (
    FIRST_OWN_SHARE,
    RESOURCES,
    Decision,
    added,
    free_corners,
    harbour_value,
    seat_order,
    seat_pips,
)
from game.games.catan.building import distance_ok


class OpeningPlayer:
    """The family player's opening (part of ``ai_family.FamilyAgent``)."""

    # -- the opening ----------------------------------------------------------------------------------
    def opening_score(self, state, seat: int, v: int, base) -> float:
        """The worth of settling at ``v`` for a seat already producing ``base`` pips."""
        layout = state.layout
        pips = added(base, layout.vertex_pips[v])
        return self.value_of(state, pips) + harbour_value(layout, v, pips)

    def _setup_settlement(self, d: Decision, actions):
        state, seat = d.state, d.seat
        base = seat_pips(state, seat, robber=False)
        if any(base) or self.easy:
            def worth(v: int) -> float:
                return self.opening_score(state, seat, v, base)
        else:
            second = self.second_forecast(state, seat)

            def worth(v: int) -> float:
                return self.first_worth(state, seat, v, second(v))
        scores = {action["vertex"]: self.blur(worth(action["vertex"]), d.rng, 3.0) for action in actions}
        return max(actions, key=lambda a: scores[a["vertex"]])

    def first_worth(self, state, seat: int, v: int, second: float) -> float:
        """A first settlement's worth: a share of its own, and ``second``, the pair's worth with the
        second spot expected to be left."""
        return FIRST_OWN_SHARE * self.opening_score(state, seat, v, [0] * RESOURCES) + second

    def second_forecast(self, state, seat: int):
        """The pair's worth as a function of the first spot, with the best second spot left after the
        others' picks: as the normal player picks them where ``models_rival_openings``, else each
        taking the richest corner left."""
        if self.at_crowded_table(state) and self.models_rival_openings:
            rivals = self.rivals_openings(state, seat)
            return lambda v: self.second_after_rivals(state, seat, v, rivals)
        others = self.placements_before_next(state, seat)
        return lambda v: self.best_second(state, seat, v, others)

    def rivals_openings(self, state, seat: int) -> list:
        """The seats placing between this seat's first settlement and its second (the snake order),
        each with its first spots as the normal player would rank them, best first."""
        order = seat_order(state)
        normal = self.rival_model()
        free = free_corners(state.vertex_owner)
        rivals = []
        for p in order[order.index(seat) + 1:]:
            second = normal.second_forecast(state, p)
            rivals.append((p, sorted(free, key=lambda w: -normal.first_worth(state, p, w, second(w)))))
        return rivals

    def second_after_rivals(self, state, seat: int, v: int, rivals) -> float:
        """The pair's worth with the best second spot left after the seats between take their
        first spots (the normal player's ranking) and then their seconds (each complementing its first)."""
        owner = state.vertex_owner[:]
        owner[v] = seat
        layout = state.layout
        normal = self.rival_model()
        firsts = []
        for p, ranked in rivals:
            pick = next((w for w in ranked if distance_ok(owner, w)), None)
            if pick is None:
                continue
            owner[pick] = p
            firsts.append((p, pick))
        for p, first in reversed(firsts):
            base = list(layout.vertex_pips[first])
            free = free_corners(owner)
            if free:
                owner[max(free, key=lambda w: normal.opening_score(state, p, w, base))] = p
        return self.best_second_left(state, seat, v, owner)

    @staticmethod
    def placements_before_next(state, seat: int) -> int:
        """Settlements the others place between this seat's first and second (the snake order)."""
        return 2 * (state.players - 1 - seat_order(state).index(seat))

    def best_second(self, state, seat: int, v: int, others: int) -> float:
        """The pair's worth with the best second spot left after the others' likely picks (each
        takes the richest corner left, by plain pips)."""
        owner = state.vertex_owner[:]
        owner[v] = seat
        layout = state.layout
        for _ in range(others):
            free = free_corners(owner)
            if not free:
                break
            pick = max(free, key=lambda w: (sum(layout.vertex_pips[w]), -w))
            owner[pick] = (seat + 1) % state.players
        return self.best_second_left(state, seat, v, owner)

    def best_second_left(self, state, seat: int, v: int, owner) -> float:
        """The worth of a pair settled first at ``v`` with the best second spot ``owner`` leaves free."""
        base = list(state.layout.vertex_pips[v])
        return max((self.opening_score(state, seat, w, base) for w in free_corners(owner)), default=0.0)

    def _setup_road(self, d: Decision, actions):
        state, seat = d.state, d.seat
        v0 = state.setup_vertex
        base = seat_pips(state, seat, robber=False)
        owner = state.vertex_owner

        def toward(action):
            w = board.EDGE_OTHER_END[action["edge"]][v0]
            best = 0.0
            for e in board.VERTEX_EDGES[w]:
                x = board.EDGE_OTHER_END[e][w]
                if x != v0 and distance_ok(owner, x) and state.edge_owner[e] < 0:
                    best = max(best, self.opening_score(state, seat, x, base) - self.value_of(state, base))
                    for f in board.VERTEX_EDGES[x]:
                        y = board.EDGE_OTHER_END[f][x]
                        if y != w and distance_ok(owner, y):
                            best = max(best, 0.6 * (self.opening_score(state, seat, y, base)
                                                    - self.value_of(state, base)))
            crowd = sum(1 for x in board.VERTEX_NEIGHBOURS[w] if owner[x] >= 0 and owner[x] != seat)
            return self.blur(best - 2.0 * crowd, d.rng, 3.0)

        return max(actions, key=toward)
