"""Catan computer players.

One value function scores a position for a seat in "points": victory points, expected production
(weighted by resource and diversity), harbours that fit the production, room to expand, the hand's
progress toward the next build, development cards and road length. The players differ in how far
they look with it:

- easy: one step ahead, blurred by noise and an occasional random choice; never proposes trades.
- normal: one step ahead with the hand averaged over the next roll of the dice; one offer a turn
  when one card is missing for a build; accepts offers that improve its hand, counters with a
  spare card.
- hard: the hand averaged over the next two rolls; it values resources by how scarce they are on
  this island (in set-up too); it weighs the strongest rival's production (so the robber and
  blocking matter); it trades with others only for a card that completes a build and sweetens a
  refused offer once. (Searching a second own action in a row, and set-up foresight about the
  corners others take before the second settlement, were tried and played worse.)

Every level refuses to help a player close to winning. Agents keep no state between decisions,
so they pickle.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from game.ai.base import Agent
from game.core.rules import CHANCE
from game.games.catan import board as B
from game.games.catan.building import distance_ok
from game.games.catan.rules import (
    CITY_COST,
    DEV_COST,
    MAX_OFFERS,
    ROAD_COST,
    RULES,
    SETTLEMENT_COST,
    cards_of,
    public_points,
    total_points,
)

SUM_PROBABILITY = {s: B.PIPS[s] / 36 for s in range(2, 13)}
RESOURCE_WEIGHT = (1.0, 1.0, 1.05, 1.05, 0.85)  # brick, lumber, ore, grain, wool
BUILD_COSTS = (("city", CITY_COST), ("settlement", SETTLEMENT_COST), ("development", DEV_COST), ("road", ROAD_COST))
SEARCHED = frozenset(("road", "settlement", "city", "buy", "bank_trade", "play"))
BUILDS = frozenset(("road", "settlement", "city", "buy"))
"""What a planned trade is for."""


# -- the value function -----------------------------------------------------------------------------
def production(state, seat: int) -> list[float]:
    """Expected cards of each resource per roll for ``seat`` (the robber's hex gives nothing)."""
    per = [0.0] * 5
    layout = state.layout
    owner, level = state.vertex_owner, state.vertex_level
    for v in range(B.NUM_VERTICES):
        if owner[v] == seat:
            pips = layout.vertex_pips[v]
            k = level[v]
            for r in range(5):
                if pips[r]:
                    per[r] += k * pips[r]
    robber = state.robber
    number = layout.numbers[robber]
    if number is not None:
        r = layout.hex_resource[robber]
        for v in B.HEX_VERTICES[robber]:
            if owner[v] == seat:
                per[r] -= level[v] * B.PIPS[number]
    return [p / 36.0 for p in per]


@lru_cache(maxsize=64)
def scarcity(layout) -> tuple:
    """Resource weights scaled up for what this island produces little of (and down for plenty)."""
    supply = [0] * 5
    for h in range(B.NUM_HEXES):
        if layout.hex_resource[h] >= 0:
            supply[layout.hex_resource[h]] += B.PIPS[layout.numbers[h]]
    mean = sum(supply) / 5
    return tuple(w * min(1.35, max(0.75, (mean / max(1, s)) ** 0.5)) for w, s in zip(RESOURCE_WEIGHT, supply,
                                                                                     strict=True))


def spot_value(layout, v: int, have: list[float], weights=RESOURCE_WEIGHT) -> float:
    """What a settlement at ``v`` would add: its production, more for resources still missing."""
    pips = layout.vertex_pips[v]
    value = 0.0
    for r in range(5):
        if pips[r]:
            value += pips[r] / 36.0 * weights[r] * (1.35 if have[r] < 0.05 else 1.0)
    kind = layout.vertex_harbour[v]
    if kind is not None:
        value += 0.04 if kind == "generic" else 0.03 + 0.5 * have[B.RESOURCE_INDEX[kind]]
    return value


def expansion(state, seat: int, have: list[float], weights=RESOURCE_WEIGHT) -> float:
    """The best places ``seat`` could settle, discounted by the roads needed to reach them."""
    owner, edge_owner = state.vertex_owner, state.edge_owner
    frontier = {}
    for v in range(B.NUM_VERTICES):
        if owner[v] == seat or (owner[v] < 0 and any(edge_owner[e] == seat for e in B.VERTEX_EDGES[v])):
            frontier[v] = 0
    if not frontier:
        return 0.0
    dist = dict(frontier)
    layer = list(frontier)
    for depth in (1, 2):
        nxt = []
        for v in layer:
            if owner[v] >= 0 and owner[v] != seat:
                continue
            for e in B.VERTEX_EDGES[v]:
                if edge_owner[e] < 0:
                    w = B.EDGE_OTHER_END[e][v]
                    if w not in dist and (owner[w] < 0 or owner[w] == seat):
                        dist[w] = depth
                        nxt.append(w)
        layer = nxt
    factors = (1.0, 0.55, 0.3)
    values = sorted((spot_value(state.layout, v, have, weights) * factors[d] for v, d in dist.items()
                     if distance_ok(owner, v)), reverse=True)
    if not values:
        return 0.0
    return values[0] + 0.4 * (values[1] if len(values) > 1 else 0.0)


def hand_value(hand, settle_room: bool, city_room: bool, devs_left: bool) -> float:
    """Progress of a hand toward the builds it could make, minus the risk of losing half to a 7."""
    value = 0.0
    best = 0.0
    for name, cost in BUILD_COSTS:
        if name == "city" and not city_room or name == "settlement" and not settle_room \
                or name == "development" and not devs_left:
            continue
        missing = sum(c - h for h, c in zip(hand, cost, strict=True) if c > h)
        weight = {"city": 0.55, "settlement": 0.5, "development": 0.3, "road": 0.12}[name]
        closeness = weight / (1 + missing) ** 1.6
        best = max(best, closeness)
        value += closeness * 0.25
    count = sum(hand)
    value += best + 0.025 * min(count, 7)
    if count > 7:
        value -= 0.09 * (count - 7)
    return value


class Evaluator:
    """The value function of one seat; caches what does not change within a decision."""

    def __init__(self, state, seat: int, rivalry: float = 0.0, weights=RESOURCE_WEIGHT):
        self.seat = seat
        self.weights = weights
        self.target = state.options["victory_points"]
        self.rivalry = rivalry
        """How much the strongest opponent's visible points and production count against us."""

    def board_value(self, state, seat: int) -> tuple[float, bool, bool]:
        have = production(state, seat)
        value = 0.0
        for r in range(5):
            value += 2.4 * self.weights[r] * have[r]
        value += 0.18 * sum(1 for p in have if p > 0.02)
        rates = state.rates[seat]
        for r in range(5):
            if rates[r] < 4:
                value += (0.06 if rates[r] == 3 else 0.1) + 0.8 * have[r] * (4 - rates[r]) / 2
        pieces = state.pieces[seat]
        settle_room = pieces[1] < 5
        city_room = pieces[2] < 4 and pieces[1] > 0
        if settle_room:
            value += 1.1 * expansion(state, seat, have, self.weights)
        length = state.road_lengths[seat]
        value += 0.04 * min(length, 8)
        if state.longest_road != seat and length >= 4:
            value += 0.1
        played = state.played[seat]
        value += 0.08 * played[0]
        devs = state.devs[seat]
        if devs is not None:
            value += 0.35 * devs[0] + 0.3 * sum(devs[2:5])
        return value, settle_room, city_room

    def value(self, state, dice: int = 0) -> float:
        """The seat's position in points, with the hand averaged over ``dice`` future rolls."""
        seat = self.seat
        points = total_points(state, seat)
        if points >= self.target:
            return 1000.0 + points
        board, settle_room, city_room = self.board_value(state, seat)
        devs_left = state.deck_count > 0
        hand = state.hands[seat]
        if dice:
            hand_part = self.rolled_hand_value(state, hand, settle_room, city_room, devs_left, dice)
        else:
            hand_part = hand_value(hand, settle_room, city_room, devs_left)
        rivals = max(public_points(state, p) for p in range(state.players) if p != seat)
        value = 1.6 * points + board + hand_part - 0.3 * rivals
        if self.rivalry:
            value -= self.rivalry * max(rival_strength(state, p) for p in range(state.players) if p != seat)
        return value

    def rolled_hand_value(self, state, hand, settle_room, city_room, devs_left, rolls: int) -> float:
        gains = roll_gains(state, self.seat)
        hands = {tuple(hand): 1.0}
        for _ in range(rolls):
            nxt = {}
            for h, p in hands.items():
                for total, q in SUM_PROBABILITY.items():
                    if total == 7:
                        if sum(h) > 7:
                            g = tuple(x - x // 2 for x in h)
                        else:
                            g = h
                    else:
                        add = gains[total]
                        g = tuple(a + b for a, b in zip(h, add, strict=True)) if add else h
                    nxt[g] = nxt.get(g, 0.0) + p * q
            hands = nxt
        return sum(p * hand_value(h, settle_room, city_room, devs_left) for h, p in hands.items())


def completes_build(hand, state, seat: int) -> bool:
    """Whether ``hand`` pays for a city, a settlement with a place for it, or a development card."""
    pieces = state.pieces[seat]
    if pieces[2] < 4 and pieces[1] and all(h >= c for h, c in zip(hand, CITY_COST, strict=True)):
        return True
    if state.deck_count and all(h >= c for h, c in zip(hand, DEV_COST, strict=True)):
        return True
    return pieces[1] < 5 and all(h >= c for h, c in zip(hand, SETTLEMENT_COST, strict=True)) \
        and bool(RULES.settlement_spots(state, seat))


def rival_strength(state, seat: int) -> float:
    """An opponent's visible points and production, in the value function's units."""
    have = production(state, seat)
    return 1.6 * public_points(state, seat) + 2.4 * sum(w * p for w, p in zip(RESOURCE_WEIGHT, have, strict=True))


def roll_gains(state, seat: int) -> dict:
    """The cards ``seat`` gets for each dice total (None when nothing)."""
    layout = state.layout
    gains = {}
    for total in range(2, 13):
        if total == 7:
            continue
        add = [0] * 5
        for h in layout.number_hexes[total]:
            if h == state.robber:
                continue
            r = layout.hex_resource[h]
            for v in B.HEX_VERTICES[h]:
                if state.vertex_owner[v] == seat:
                    add[r] += state.vertex_level[v]
        gains[total] = tuple(add) if any(add) else None
    return gains


def evaluate(ruleset, state, seat) -> float:
    """The value function squashed into [0, 1], for the generic agents (GreedyAgent, ISMCTS)."""
    if state.hands[seat] is None:
        return 0.5
    return 1.0 / (1.0 + math.exp(-(Evaluator(state, seat).value(state) - 12.0) / 4.0))


# -- the agent --------------------------------------------------------------------------------------
class CatanAgent(Agent):
    """A Catan player of one level (see the module docstring)."""

    def __init__(self, level: str = "normal"):
        hard = level == "hard"
        self.level = level
        self.dice = {"easy": 0, "normal": 1, "hard": 2}[level]  # rolls the hand is averaged over
        self.noise = 0.35 if level == "easy" else 0.0  # blur of every value
        self.blunder = 0.12 if level == "easy" else 0.0  # chance of a random move
        self.rivalry = 0.3 if hard else 0.0  # weight of the strongest rival's production
        self.selective = hard  # trades with others only for a card that completes a build
        self.offers = 2 if hard else 1  # offers a turn: hard sweetens a refused one
        self.scarce = hard  # weighs resources by how little the island produces of them

    def choose(self, ruleset, observation, seat, rng: random.Random):
        actions = ruleset.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]
        state = ruleset.determinize(observation, seat, rng)
        phase = state.phase
        if self.blunder and phase in ("main", "robber", "setup_settlement") and rng.random() < self.blunder:
            sensible = [a for a in actions if a["type"] not in ("trade",)]
            return rng.choice(sensible)
        handler = getattr(self, f"_{phase}", None)
        if handler is None:
            return rng.choice(actions)
        return handler(state, seat, actions, rng)

    # set-up
    def _setup_settlement(self, state, seat, actions, rng):
        have = production(state, seat)
        weights = self.weights(state)
        return max(actions, key=lambda a: self._noisy(spot_value(state.layout, a["vertex"], have, weights), rng))

    def _setup_road(self, state, seat, actions, rng):
        have = production(state, seat)
        weights = self.weights(state)
        v0 = state.setup_vertex

        def toward(action):
            w = B.EDGE_OTHER_END[action["edge"]][v0]
            spots = [spot_value(state.layout, x, have, weights) for x in B.VERTEX_NEIGHBOURS[w]
                     if x != v0 and distance_ok(state.vertex_owner, x)]
            return self._noisy(max(spots, default=0.0), rng)

        return max(actions, key=toward)

    # the roll and the robber
    def _pre_roll(self, state, seat, actions, rng):
        knight = {"type": "play", "card": "knight"}
        if knight in actions:
            blocked = any(state.vertex_owner[v] == seat for v in B.HEX_VERTICES[state.robber]) and \
                state.layout.numbers[state.robber] is not None
            knights = state.played[seat][0] + 1
            holder = state.largest_army
            takes_army = knights >= 3 and holder != seat and (holder < 0 or knights > state.played[holder][0])
            if blocked or takes_army:
                return knight
        return {"type": "roll"}

    def _discard(self, state, seat, actions, rng):
        evaluator = Evaluator(state, seat)
        board, settle_room, city_room = evaluator.board_value(state, seat)
        hand = state.hands[seat]

        def kept(action):
            cards = action["cards"]
            rest = [hand[r] - cards.get(name, 0) for r, name in enumerate(B.RESOURCES)]
            return self._noisy(hand_value(rest, settle_room, city_room, state.deck_count > 0), rng)

        return max(actions, key=kept)

    def _robber(self, state, seat, actions, rng):
        leader_points = [public_points(state, p) for p in range(state.players)]

        def harm(action):
            h = action["hex"]
            number = state.layout.numbers[h]
            pips = B.PIPS[number] if number is not None else 0
            score = 0.0
            for v in B.HEX_VERTICES[h]:
                owner = state.vertex_owner[v]
                if owner == seat:
                    score -= 2.5 * pips * state.vertex_level[v]
                elif owner >= 0:
                    score += pips * state.vertex_level[v] * (1 + 0.25 * leader_points[owner])
            victim = action.get("victim")
            if victim is not None:
                score += 3 + min(cards_of(state, victim), 8) * 0.5 + leader_points[victim]
            return self._noisy(score, rng, scale=4.0)

        return max(actions, key=harm)

    # the main phase
    def _main(self, state, seat, actions, rng):
        evaluator = Evaluator(state, seat, self.rivalry, self.weights(state))
        trade = None
        if self.level != "easy" and state.offers_made < self.offers and {"type": "trade"} in actions:
            trade = self._trade_plan(state, seat, state.offers_made + 1)
        best, best_value = {"type": "end_turn"}, evaluator.value(state, self.dice)
        for action in actions:
            if action["type"] not in SEARCHED:
                continue
            value = self._action_value(state, seat, action, evaluator)
            value = self._noisy(value, rng)
            if value > best_value + 1e-9:
                best, best_value = action, value
        if trade is not None and self._value_if_traded(state, seat, trade, evaluator) > best_value + 0.05:
            return {"type": "trade"}
        return best

    def _value_if_traded(self, state, seat, plan, evaluator) -> float:
        """The best one-step value once the planned offer went through."""
        give, want = plan
        traded = state.copy()
        hand = traded.hands[seat]
        for r in range(5):
            hand[r] += want[r] - give[r]
        traded.offers_made = MAX_OFFERS
        value = evaluator.value(traded, self.dice)
        for action in RULES.legal_actions(traded):
            if action["type"] in BUILDS:
                value = max(value, self._action_value(traded, seat, action, evaluator))
        return value

    def _action_value(self, state, seat, action, evaluator) -> float:
        child = state.copy()
        RULES.apply(child, action)
        if child.phase == "draw":
            return self._draw_value(child, seat, evaluator)
        child = self._settle(child, seat, evaluator)
        if child.phase == "over":
            return evaluator.value(child)
        return evaluator.value(child, self.dice)

    def _draw_value(self, state, seat, evaluator) -> float:
        """A bought card's worth: the average over the cards this seat has not seen."""
        unseen = list(B.DEV_DECK)
        for c in range(5):
            unseen[c] -= sum(p[c] for p in state.played) + state.devs[seat][c]
        total = sum(unseen)
        value = 0.0
        for c in range(5):
            if unseen[c] > 0:
                drawn = state.copy()
                drawn.devs[seat][c] += 1
                drawn.new_devs[c] += 1
                drawn.new_dev_count += 1
                drawn.deck_count -= 1
                drawn.phase = "main"
                value += unseen[c] / total * evaluator.value(drawn, self.dice)
        return value

    def _settle(self, state, seat, evaluator):
        """Resolve what follows an action inside this seat's turn: the steal (its likeliest card),
        the robber and free roads chosen greedily."""
        for _ in range(6):
            actor = RULES.to_act(state)
            if actor == CHANCE and state.phase == "steal":
                hand = state.hands[state.victim]
                r = max(range(5), key=lambda i: hand[i])
                RULES.apply(state, {"type": "steal", "resource": B.RESOURCES[r]})
                continue
            if actor != seat or state.phase not in ("robber", "road_building"):
                break
            actions = RULES.legal_actions(state)
            if state.phase == "robber":
                choice = self._robber(state, seat, actions, random.Random(0))
            else:
                choice = max(actions, key=lambda a: evaluator.value(_after(state, a)))
            RULES.apply(state, choice)
        return state

    def _road_building(self, state, seat, actions, rng):
        evaluator = Evaluator(state, seat)
        return max(actions, key=lambda a: self._noisy(evaluator.value(_after(state, a)), rng))

    # trading
    def _trade_plan(self, state, seat, attempt: int):
        """(give, want) of an offer that would complete a build now, or None. A second attempt in
        the same turn offers two cards for the one missing."""
        hand = state.hands[seat]
        pieces = state.pieces[seat]
        options = []
        if pieces[2] < 4 and pieces[1] > 0:
            options.append(CITY_COST)
        if pieces[1] < 5 and RULES.settlement_spots(state, seat):
            options.append(SETTLEMENT_COST)
        if state.deck_count:
            options.append(DEV_COST)
        for cost in options:
            missing = [max(0, c - h) for h, c in zip(hand, cost, strict=True)]
            if sum(missing) != 1:
                continue
            surplus = [h - c if h > c else 0 for h, c in zip(hand, cost, strict=True)]
            if not any(surplus):
                continue
            want = [0] * 5
            want[missing.index(1)] = 1
            give = [0] * 5
            for _ in range(2 if attempt > 1 else 1):
                give_r = max(range(5), key=lambda r: (surplus[r], -RESOURCE_WEIGHT[r]))
                if surplus[give_r] <= 0:
                    break
                give[give_r] += 1
                surplus[give_r] -= 1
            if attempt > 1 and sum(give) < 2:
                continue
            return give, want
        return None

    def _compose(self, state, seat, actions, rng):
        trade = state.trade
        if trade.composer == state.current:
            plan = self._trade_plan(state, seat, state.offers_made)
        else:
            plan = self._counter_plan(state, seat)
        if plan is None:
            return {"type": "cancel_trade"}
        give, want = plan
        for r in range(5):
            if trade.give[r] < give[r]:
                step = {"type": "trade_give", "resource": B.RESOURCES[r]}
                return step if step in actions else {"type": "cancel_trade"}
        for r in range(5):
            if trade.want[r] < want[r]:
                step = {"type": "trade_want", "resource": B.RESOURCES[r]}
                return step if step in actions else {"type": "cancel_trade"}
        return {"type": "propose"} if {"type": "propose"} in actions else {"type": "cancel_trade"}

    def _trade_gain(self, state, seat, receive, pay) -> float:
        """How much the hand gains by receiving ``receive`` for ``pay``, less a margin that grows
        with the lead of the player on turn."""
        _, settle_room, city_room = Evaluator(state, seat).board_value(state, seat)
        hand = state.hands[seat]
        after = [hand[r] + receive[r] - pay[r] for r in range(5)]
        devs_left = state.deck_count > 0
        gain = hand_value(after, settle_room, city_room, devs_left) - hand_value(hand, settle_room, city_room,
                                                                                   devs_left)
        leader_gap = public_points(state, state.current) - public_points(state, seat)
        if self.selective and seat != state.current and not (completes_build(after, state, seat)
                                                               and not completes_build(hand, state, seat)):
            return -1.0
        return gain - 0.02 - 0.03 * max(0, leader_gap) - (0.1 if self.level == "easy" else 0.0)

    def _safe_partner(self, state) -> bool:
        """False when the player on turn is close enough to winning that no help is given
        (their visible points plus up to two hidden development cards counted as points)."""
        proposer = state.current
        hidden = min(2, state.devs[proposer][1] if state.devs[proposer] is not None else state.hidden_devs[proposer])
        return public_points(state, proposer) + hidden < state.options["victory_points"] - 2

    def _respond(self, state, seat, actions, rng):
        if not self._safe_partner(state):
            return {"type": "decline"}
        give, want = state.trade.offer  # of the proposer: we receive ``give`` and pay ``want``
        if {"type": "accept"} in actions and self._trade_gain(state, seat, give, want) > 0:
            return {"type": "accept"}
        if self.level != "easy" and {"type": "counter"} in actions and self._counter_plan(state, seat):
            return {"type": "counter"}
        return {"type": "decline"}

    def _counter_plan(self, state, seat):
        """(give, want) of ours: one card we can spare for one card the proposer showed, when that
        helps us; None otherwise."""
        offered = state.trade.offer[0]
        hand = state.hands[seat]
        best, best_gain = None, 0.0
        for r in range(5):
            if not offered[r]:
                continue
            for g in range(5):
                if g == r or hand[g] < 1:
                    continue
                give = [0] * 5
                give[g] = 1
                want = [0] * 5
                want[r] = 1
                gain = self._trade_gain(state, seat, want, give)
                if gain > best_gain:
                    best, best_gain = (give, want), gain
        return best

    def _choose(self, state, seat, actions, rng):
        completes = [a for a in actions if a["type"] == "complete"]
        if not completes:
            return {"type": "cancel_trade"}
        evaluator = Evaluator(state, seat)
        base = evaluator.value(state)
        best = max(completes, key=lambda a: (evaluator.value(_after(state, a)), -public_points(state, a["seat"])))
        return best if evaluator.value(_after(state, best)) > base else {"type": "cancel_trade"}

    def weights(self, state):
        return scarcity(state.layout) if self.scarce else RESOURCE_WEIGHT

    def _noisy(self, value: float, rng, scale: float = 1.0) -> float:
        return value + rng.gauss(0.0, self.noise * scale) if self.noise else value


def _after(state, action):
    child = state.copy()
    RULES.apply(child, action)
    return child


def make_agent(level: str) -> Agent:
    """The computer player for "easy", "normal" or "hard"."""
    if level not in ("easy", "normal", "hard"):
        raise ValueError(f"unknown level {level!r}")
    return CatanAgent(level)


