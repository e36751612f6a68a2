"""The Catan family AI's dice, 7 and robber, and hard's search: options played out over sampled hands
with the planner for every seat (no pygame)."""

from __future__ import annotations

import math
import random
import zlib

from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.ai_measures import (
    END_TURN,
    HORIZON,
    POINT_BUILDS,
    ROLL,
    TEMPO,
    Decision,
    move_key,
    seat_pips,
)


class Searcher:
    """The family player's robber and search (part of ``ai_family.FamilyAgent``)."""

    # -- the dice, the 7 and the robber ---------------------------------------------------------------
    def _pre_roll(self, d: Decision, actions):
        return self.pre_roll(d, actions) or ROLL

    def pre_roll(self, d: Decision, actions):
        """A variant's card to play before rolling, or None."""
        return None

    def _discard(self, d: Decision, actions):
        hand = d.state.hands[d.seat]

        def kept(action):
            cards = action["cards"] if "cards" in action else {action["card"]: 1}  # all at once, or one by one
            rest = [hand[r] - cards.get(name, 0) for r, name in enumerate(d.ruleset.kinds)]
            return self.blur(self.hand_worth(d, rest), d.rng)

        return max(actions, key=kept)

    def _robber(self, d: Decision, actions):
        return max(actions, key=self.robber_harm(d))

    def robber_harm(self, d: Decision):
        """How much a robber move hurts the others (the leaders most) and spares us."""
        state, seat = d.state, d.seat
        points = [d.ruleset.public_points(state, p) for p in range(state.players)]

        def harm(action):
            h = action["hex"]
            number = state.layout.numbers[h]
            pips = board.PIPS[number] if number is not None else 0
            score = 0.0
            for v in board.HEX_VERTICES[h]:
                owner = state.vertex_owner[v]
                if owner == seat:
                    score -= 2.5 * pips * state.vertex_level[v]
                elif 0 <= owner < state.players:  # a neutral colour (two players) loses nothing
                    score += pips * state.vertex_level[v] * (1 + 0.25 * points[owner])
            victim = action.get("victim")
            if victim is not None:
                score += 3 + min(d.ruleset.cards_of(state, victim), 8) * 0.5 + points[victim]
            return self.blur(score, d.rng, 4.0)

        return harm

    def _road_building(self, d: Decision, actions):
        goals = [g for g in self.goals(d) if g.roads]
        legal = {move_key(a): a for a in actions}
        for goal in goals:
            step = legal.get(move_key(goal.action))
            if step is not None:
                return step
        roads = [a for a in actions if a["type"] == "road"]
        return roads[0] if roads else actions[-1]

    # -- hard: the search -----------------------------------------------------------------------------
    def candidates(self, d: Decision, actions) -> list:
        """The options worth searching: for the robber the victims of the most harmful hex (the
        playouts judge who to rob, not which hex: a few of them would often trade the hex that
        blocks the most of the others' production for a weaker one by the luck of the draws); in the main
        phase the planner's choice, each goal's step the hand allows now and ending the turn, unless
        the plan's best goal is a point the hand pays for now (a city or settlement built this turn
        is never worth less than the same one built later, and a few playouts that happen to draw a
        win sooner after waiting must not talk the search out of it) or the planner spends a hand a
        7 would halve. With more than two players, where a playout sees barely one turn of ours, the
        planner's bank trade for a card no roll can bring us is not searched at all: the stall it
        ends lies beyond the playouts."""
        if d.state.phase == "robber":
            best = max(actions, key=self.robber_harm(d))
            return [a for a in actions if a["hex"] == best["hex"]]
        legal = {move_key(a): a for a in actions}
        found = {}
        first = self.decide(d, actions)
        if self.at_crowded_table(d.state) and first["type"] == "bank_trade" and \
                self.produces_none(d, d.ruleset.kind_index[first["get"]]):
            return [first]
        found[move_key(first)] = first
        goals = self.goals(d)
        for goal in goals[:4]:
            step = legal.get(move_key(goal.action))
            if step is not None:
                found.setdefault(move_key(step), step)
        point_now = bool(goals) and goals[0].action["type"] in POINT_BUILDS and move_key(goals[0].action) in legal
        spends = first != END_TURN and d.state.phase == "main" and self.crowded(d)
        if move_key(END_TURN) in legal and not point_now and not spends:
            found.setdefault(move_key(END_TURN), END_TURN)
        return list(found.values())[:4]

    def search(self, d: Decision, actions, observation):
        options = self.candidates(d, actions)
        if len(options) == 1:
            return options[0]
        ruleset, seat = d.ruleset, d.seat
        totals = [0.0] * len(options)
        clock = self.budget.clock()
        rounds = 0
        seed = d.rng.randrange(1 << 30)
        while True:
            sample_rng = random.Random(seed + rounds)
            sample = ruleset.determinize(observation, seat, sample_rng)
            chance_seed = sample_rng.randrange(1 << 30)
            horizon = sample.turn + max(HORIZON, sample.players + 1)
            for i, option in enumerate(options):
                state = sample.copy()
                ruleset.apply(state, option)
                totals[i] += self.playout(ruleset, state, seat, horizon, chance_seed, random.Random(chance_seed + 1))
            rounds += 1
            if not clock.tick() or rounds * len(options) >= self.budget.iterations:
                break
        best = max(range(len(options)), key=lambda i: totals[i])
        return options[best]

    def playout(self, ruleset, state, seat: int, horizon: int, chance_seed: int, rng) -> float:
        """Play with the planner for every seat until turn ``horizon`` begins; the margin over the
        best rival. Each kind of chance step (the dice, a card drawn, a steal) draws from its own
        stream seeded alike for every option, so the options searched meet the same rolls and the
        same cards, and a win one option draws sooner by luck alone does not outweigh a point built now."""
        streams = {}
        for _ in range(400):
            actor = ruleset.to_act(state)
            if actor is None:
                break
            if actor == CHANCE:
                stream = streams.get(state.phase)
                if stream is None:
                    stream = streams[state.phase] = random.Random(chance_seed ^ zlib.crc32(state.phase.encode()))
                action = ruleset.sample_chance(state, stream)
            else:
                action = self.policy(ruleset, state, actor, rng)
            ruleset.apply(state, action)
            if state.turn >= horizon:
                break
        margin = self.margin(ruleset, state, seat)
        if state.phase == "over":
            margin += math.copysign(TEMPO * (horizon - state.turn), margin)
        return margin

    def margin(self, ruleset, state, seat: int) -> float:
        """This seat's standing against the strongest rival, in points."""
        mine = self.standing(ruleset, state, seat)
        if state.phase == "over":
            return 100.0 if state.winner == seat else mine - 100.0
        return mine - max(self.standing(ruleset, state, p) for p in range(state.players) if p != seat)

    def standing(self, ruleset, state, seat: int) -> float:
        """A seat's points, production and progress toward its next builds, in points: the
        planner's own measures, so a road toward a spot counts before the settlement stands."""
        d = Decision(ruleset, state, seat, None, playout=True)
        value = ruleset.total_points(state, seat)
        value += self.pip_points(d) * self.value_of(state, seat_pips(state, seat, robber=False))
        goals = self.goals(d)
        if goals:
            value += self.hand_worth(d, state.hands[seat]) + 0.5 * goals[0].score
        return value + self.holding_value(state, seat)

    def holding_value(self, state, seat: int) -> float:
        """A variant's cards held, in points (base Catan: development cards)."""
        return 0.0
