"""The Catan family AI's plan: the goals a seat could build next, ranked, and the main phase's move
toward the best (no pygame)."""

from __future__ import annotations

from game.games.catan.ai_measures import (
    BEGINNER_ORDER,
    END_TURN,
    PIP_POINTS,
    RESOURCES,
    SEVEN_INCOME_SHARE,
    SPOTS_KEPT,
    TRADE,
    WEIGHT,
    Decision,
    Goal,
    corner_gains,
    harbour_value,
    move_key,
    reachable_spots,
    rivals_distance,
    rounds_to_afford,
    seat_pips,
)
from game.games.catan.roads import LONGEST_ROAD_MINIMUM, road_length


class Planner:
    """The family player's goals and main-phase moves (part of ``ai_family.FamilyAgent``)."""

    # -- the plan -------------------------------------------------------------------------------------
    def income(self, state, seat: int) -> list[float]:
        """Cards per round of dice (every seat rolls once) of each card kind."""
        return [p / 36.0 * state.players for p in self.kind_pips(state, seat)]

    def kind_pips(self, state, seat: int) -> list[int]:
        """Pips per card kind of ``seat``'s buildings, the robber's hex left out (a variant whose
        cities earn other kinds says so here)."""
        pips = seat_pips(state, seat)
        return pips + [0] * (len(state.hands[seat]) - RESOURCES)

    def kind_weight(self, kind: int) -> float:
        """What a card of ``kind`` is worth relative to the others (resources by ``WEIGHT``)."""
        return WEIGHT[kind] if kind < RESOURCES else 1.0

    def price(self, d: Decision, action) -> tuple:
        """The cards an action costs this seat, per kind (zeros for the rest); a variant prices its own."""
        ruleset = d.ruleset
        kind = action["type"]
        if kind in ("road", "settlement", "city"):
            return ruleset.costs[kind]
        if kind == "buy":
            return ruleset.costs["development"]
        return (0,) * ruleset.kind_count

    @staticmethod
    def points_to_go(d: Decision) -> int:
        """The points the leader (by the points everyone sees) still lacks to win."""
        state = d.state
        return state.options["victory_points"] - max(d.ruleset.public_points(state, p) for p in range(state.players))

    def pip_points(self, d: Decision) -> float:
        """What a pip is worth now: less as the leader nears the target."""
        return PIP_POINTS * max(0.15, self.points_to_go(d) / d.state.options["victory_points"])

    def goals(self, d: Decision) -> list[Goal]:
        """What this seat could build next, best first (memoised for the decision)."""
        if d._goals is not None:
            return d._goals
        ruleset, state, seat = d.ruleset, d.state, d.seat
        pieces = state.pieces[seat]
        base = seat_pips(state, seat, robber=False)
        gains = corner_gains(state.layout, base, self.weights(state), not self.easy)
        pip = self.pip_points(d)
        goals = []
        for v in ruleset.city_spots(state, seat):
            gain = gains[v] + self.city_extra(d, v)
            goals.append(Goal("city", 1.0 + pip * gain, ruleset.costs["city"],
                              {"type": "city", "vertex": v}, vertex=v))
        if pieces[1] < 5:
            spots = reachable_spots(state, seat, depth=2 if d.playout else 3)
            roads_left = 15 - pieces[0]
            worths = {}
            for v, path in spots.items():
                if len(path) <= roads_left:
                    gain = gains[v] + harbour_value(state.layout, v, base)
                    worths[v] = (1.0 + pip * gain) * (0.92 ** len(path))
            kept = sorted(worths, key=lambda v: -worths[v])[:SPOTS_KEPT]
            rivals = rivals_distance(state, seat, kept) if not self.easy and not d.playout else {}
            settlement, road = ruleset.costs["settlement"], ruleset.costs["road"]
            costs = [tuple(s + n * r for s, r in zip(settlement, road, strict=True)) for n in range(4)]
            for v in kept:
                path = spots[v]
                worth = worths[v]
                raced = rivals.get(v, 9) <= len(path)
                if raced and path:
                    worth *= 0.85 if rivals[v] < len(path) else 1.1
                cost = costs[len(path)]
                action = {"type": "road", "edge": path[0]} if path else {"type": "settlement", "vertex": v}
                goals.append(Goal("settlement", worth, cost, action, vertex=v, roads=path, raced=raced))
        if self.hard and not d.playout and pieces[0] < 15:
            goals += self.longest_road_goals(d)
        goals += self.extra_goals(d)
        hand = state.hands[seat]
        income = self.income(state, seat)
        rates = state.rates[seat]
        rounds_for = {}  # many goals cost the same (settlements as many roads away)
        for goal in goals:
            rounds = rounds_for.get(goal.cost)
            if rounds is None:
                rounds = rounds_for[goal.cost] = rounds_to_afford(hand, goal.cost, income, rates)
            goal.score = self.blur(goal.worth / (1.0 + rounds), d.rng, 0.3)
        goals.sort(key=lambda g: -g.score)
        d._goals = goals
        return goals

    def longest_road_goals(self, d: Decision) -> list[Goal]:
        """Hard races for Longest Road: a road that lengthens the trail, when two roads or fewer
        would take the card (or keep it from a rival one road behind)."""
        ruleset, state, seat = d.ruleset, d.state, d.seat
        lengths = state.road_lengths
        mine = lengths[seat]
        rival = max(lengths[p] for p in range(state.players) if p != seat)
        holder = state.longest_road
        if holder == seat:
            if rival < mine - 1:
                return []
            need, worth = 1, 1.2
        else:
            need = max(LONGEST_ROAD_MINIMUM, rival + 1) - mine
            worth = 2.0 + (1.0 if holder >= 0 else 0.0)
        if need > 2 or need < 1 or 15 - state.pieces[seat][0] < need:
            return []
        if self.at_crowded_table(state):
            worth *= self.crowded_road_race
        blockers = ruleset.blockers(state)
        edge_owner = state.edge_owner[:]
        for e in ruleset.road_spots(state, seat):
            edge_owner[e] = seat
            longer = road_length(edge_owner, blockers, seat) > mine
            edge_owner[e] = -1
            if longer:
                cost = tuple(need * c for c in ruleset.costs["road"])
                return [Goal("road", worth, cost, {"type": "road", "edge": e})]
        return []

    def extra_goals(self, d: Decision) -> list[Goal]:
        """A variant's own goals (base Catan: a development card)."""
        return []

    def city_extra(self, d: Decision, v: int) -> float:
        """Pips' worth a city at ``v`` brings beyond its production (a variant's commodities)."""
        return 0.0

    # -- the main phase -------------------------------------------------------------------------------
    def _main(self, d: Decision, actions):
        legal = {move_key(a): a for a in actions}
        choice = self.card_play(d, actions)
        if choice is not None:
            return choice
        if self.easy:
            return self.beginner_move(d, actions)
        goals = self.goals(d)
        state, seat = d.state, d.seat
        hand = state.hands[seat]
        if not self.easy and not d.playout and TRADE in actions and self.offer_plan(d) is not None:
            return TRADE
        for goal in goals[:1]:
            step = legal.get(move_key(goal.action))
            if step is not None:
                return step
            trade = self.bank_toward(d, goal, actions)
            if trade is not None:
                return trade
        top = goals[0] if goals else None
        # something else, with cards the best goal does not need or against losing half to a 7
        spare = [h - (top.cost[r] if top else 0) for r, h in enumerate(hand)]
        crowded = self.crowded(d)
        for goal in goals[1:]:
            step = legal.get(move_key(goal.action))
            if step is None:
                continue
            price = self.price(d, step)
            if crowded or all(s >= p for s, p in zip(spare, price, strict=False)) or goal.raced:
                return step
        if crowded:
            for goal in goals[1:4] if self.hard else ():
                trade = self.bank_toward(d, goal, actions)
                if trade is not None:
                    return trade
            dump = self.bank_dump(d, actions, top)
            if dump is not None:
                return dump
        return END_TURN if move_key(END_TURN) in legal else actions[0]

    def crowded(self, d: Decision) -> bool:
        """Whether the hand is too big to keep through the others' rolls (a 7 would take half of it)."""
        state, seat = d.state, d.seat
        return sum(state.hands[seat]) + self.expected_before_seven(d) > d.ruleset.hand_limit(state, seat)

    def expected_before_seven(self, d: Decision) -> float:
        """Cards the hand is counted to gain before a 7 may strike, when judging whether it is crowded:
        none, or (hard with ``spends_before_sevens`` and more than two players) half a round's income,
        since any of the others' rolls can be a 7."""
        state = d.state
        if self.at_crowded_table(state) and self.spends_before_sevens and not d.playout:
            return SEVEN_INCOME_SHARE * sum(self.income(state, d.seat))
        return 0.0

    def beginner_move(self, d: Decision, actions):
        """Easy's turn, as a beginner plays: build whatever the hand pays for now (a settlement
        first, then a city, then the variant's card goals, then a road toward a spot), trade with
        the bank only four of a kind for the last card of a settlement or city, never save up."""
        by_kind = {}
        for goal in self.goals(d):
            by_kind.setdefault(goal.kind, goal)
        legal = {move_key(a): a for a in actions}
        for goal in sorted(self.goals(d), key=lambda g: (BEGINNER_ORDER.get(g.kind, 2), -g.score)):
            step = legal.get(move_key(goal.action))
            if step is not None and (step["type"] != "road" or d.rng.random() < 0.6):
                return step
        hand = d.state.hands[d.seat]
        for kind in ("settlement", "city"):
            goal = by_kind.get(kind)
            if goal is None or goal.roads:
                continue
            missing = [max(0, c - h) for h, c in zip(hand, goal.cost, strict=False)]
            if sum(missing) == 1:
                index = d.ruleset.kind_index
                for action in actions:
                    if action["type"] != "bank_trade":
                        continue
                    give, get = index[action["give"]], index[action["get"]]
                    if d.state.rates[d.seat][give] == 4 and missing[get] and goal.cost[give] + 4 <= hand[give]:
                        return action
        return END_TURN if move_key(END_TURN) in legal else actions[0]

    def card_play(self, d: Decision, actions):
        """A variant's card to play now in the main phase, or None."""
        return None
