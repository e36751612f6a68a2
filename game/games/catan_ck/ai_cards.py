"""Cities & Knights computer players' progress cards: what playing each card one way is worth now
(no pygame)."""

from __future__ import annotations

from game.games.catan import board
from game.games.catan.ai_family import RESOURCES, Decision
from game.games.catan_ck.ai_defence import knights_of
from game.games.catan_ck.cards import (
    COMMODITY_SUPPLY,
    RESOURCE_SUPPLY,
    TRACK_COMMODITY,
    TRACKS,
)
from game.games.catan_ck.rules import progress_in_hand

CARD_VALUE = {
    "alchemist": 0.6, "crane": 0.5, "engineer": 0.6, "inventor": 0.5, "irrigation": 0.7, "medicine": 0.9,
    "mining": 0.7, "road_building": 0.6, "smith": 0.5, "bishop": 0.5, "deserter": 0.6, "diplomat": 0.4,
    "intrigue": 0.45, "saboteur": 0.5, "spy": 0.55, "warlord": 0.55, "wedding": 0.6, "commercial_harbor": 0.5,
    "master_merchant": 0.65, "merchant": 0.75, "merchant_fleet": 0.4, "resource_monopoly": 0.8,
    "trade_monopoly": 0.55,
}
"""What a progress card in hand is worth, in points (for the hand limit, the Spy, the search)."""
MEAN_CARD_VALUE = sum(CARD_VALUE.values()) / len(CARD_VALUE)


class ProgressCardPlayer:
    """The Cities & Knights player's judgement of its progress cards (part of ``ai.CitiesKnightsAgent``)."""

    def play_value(self, d: Decision, action) -> float:
        """What playing this progress card this way is worth now (0 or less: keep it)."""
        handler = getattr(self, f"_value_{action['card']}", None)
        return 0.0 if handler is None else handler(d, action)

    def top_goal(self, d: Decision):
        goals = self.goals(d)
        return goals[0] if goals else None

    def _value_medicine(self, d, action):
        return 2.0 + 0.01 * sum(d.state.layout.vertex_pips[action["vertex"]])

    def _value_engineer(self, d, action):
        v = action["vertex"]
        return 1.2 + (0.3 if v in d.state.metropolis else 0.0) + 0.01 * sum(d.state.layout.vertex_pips[v])

    def _value_irrigation(self, d, action):
        return self.harvest_value(d, board.GRAIN)

    def _value_mining(self, d, action):
        return self.harvest_value(d, board.ORE)

    def harvest_value(self, d: Decision, resource: int) -> float:
        state, seat = d.state, d.seat
        hexes = sum(1 for h in range(board.NUM_HEXES) if state.layout.hex_resource[h] == resource
                    and any(state.vertex_owner[v] == seat for v in board.HEX_VERTICES[h]))
        count = min(2 * hexes, state.bank[resource])
        return 0.5 * count - 0.5 if count >= 2 else 0.0

    def _value_road_building(self, d, action):
        top = self.top_goal(d)
        return 1.5 if top is not None and top.roads and top.kind == "settlement" else 0.0

    def _value_smith(self, d, action):
        state, seat = d.state, d.seat
        promotable = [v for v in knights_of(state, seat) if d.ruleset._promotable(state, seat, v)]
        if len(promotable) >= 2 or (promotable and self.threat(d) >= 0.6):
            return 1.0
        return 0.0

    def _value_crane(self, d, action):
        state, seat = d.state, d.seat
        for goal in self.improvement_goals(d):
            t = TRACKS.index(goal.action["track"])
            level = state.improvements[seat][t] + 1
            if level >= 2 and state.hands[seat][TRACK_COMMODITY[t]] >= level - 1 and goal.worth >= 0.5:
                return 1.0
        return 0.0

    def _value_inventor(self, d, action):
        state, seat = d.state, d.seat
        a, b = action["hexes"]
        numbers = state.layout.numbers
        swing = board.PIPS[numbers[b]] - board.PIPS[numbers[a]]  # hex a gains swing pips, hex b loses them
        gain = [0] * state.players
        for h, delta in ((a, swing), (b, -swing)):
            for v in board.HEX_VERTICES[h]:
                owner = state.vertex_owner[v]
                if 0 <= owner < state.players:
                    gain[owner] += delta * state.vertex_level[v]
        value = gain[seat] - 0.5 * max(gain[p] for p in range(state.players) if p != seat)
        return 0.2 * value - 0.5 if value >= 3 else 0.0

    def _value_bishop(self, d, action):
        state, seat = d.state, d.seat
        h = action["hex"]
        here = any(state.vertex_owner[v] == seat for v in board.HEX_VERTICES[state.robber])
        harm = self.robber_harm(d)({"type": "robber", "hex": h})
        victims = {state.vertex_owner[v] for v in board.HEX_VERTICES[h]} - {-1, seat}
        harm += sum(2 for p in victims if p < state.players and d.ruleset.cards_of(state, p))
        if any(state.vertex_owner[v] == seat for v in board.HEX_VERTICES[h]):
            return 0.0
        return 0.05 * harm + (0.8 if here else 0.0) if harm >= 12 or here else 0.0

    def _value_deserter(self, d, action):
        state = d.state
        if not d.ruleset.knight_spots(state, d.seat):
            return 0.0
        target = action["seat"]
        points = d.ruleset.public_points(state, target) if target < state.players else 0  # a neutral colour's: none
        return 0.8 + 0.05 * points + 0.1 * sum(state.knight_pieces[target])

    def _value_diplomat(self, d, action):
        state, seat = d.state, d.seat
        e = action["edge"]
        owner = state.edge_owner[e]
        if owner == seat or state.longest_road != owner:
            return 0.0
        probe = state.copy()
        probe.edge_owner[e] = -1
        shorter = d.ruleset.road_length(probe, owner)
        rival = max(state.road_lengths[p] for p in range(state.players) if p != owner)
        return 1.2 if shorter <= rival else 0.0

    def _value_intrigue(self, d, action):
        return 0.6 + 0.2 * d.state.knight_strength[action["vertex"]]

    def _value_saboteur(self, d, action):
        state, seat = d.state, d.seat
        mine = d.ruleset.public_points(state, seat)
        lost = sum(d.ruleset.cards_of(state, p) // 2 for p in range(state.players)
                   if p != seat and d.ruleset.public_points(state, p) >= mine)
        return 0.25 * lost if lost >= 3 else 0.0

    def _value_spy(self, d, action):
        return 0.6 + 0.1 * progress_in_hand(d.state, action["seat"])

    def _value_warlord(self, d, action):
        state, seat = d.state, d.seat
        asleep = [v for v in knights_of(state, seat) if not state.knight_active[v]]
        strength = sum(state.knight_strength[v] for v in asleep)
        gain = self.threat(d) * self.defence_gain(d, strength)
        return 1.0 if len(asleep) >= 3 or gain >= 0.8 else 0.0

    def _value_wedding(self, d, action):
        return 1.0

    def _value_commercial_harbor(self, d, action):
        hand = d.state.hands[d.seat]
        return 0.7 if sum(hand[:RESOURCES]) >= 3 else 0.0

    def _value_master_merchant(self, d, action):
        return 0.8 + 0.05 * min(8, d.ruleset.cards_of(d.state, action["seat"]))

    def _value_merchant(self, d, action):
        state, seat = d.state, d.seat
        if state.merchant_owner == seat and state.merchant_hex != state.robber:
            return 0.0
        h = action["hex"]
        if h == state.robber or state.layout.hex_resource[h] < 0:
            return 0.0
        resource = state.layout.hex_resource[h]
        return 1.5 + 0.02 * self.kind_pips(state, seat)[resource]

    def _value_merchant_fleet(self, d, action):
        """Worth it when the 2:1 rate makes the plan's next step affordable by bank trades this turn."""
        state, seat = d.state, d.seat
        k = d.ruleset.kind_index[action["resource"]]
        if state.rates[seat][k] <= 2:
            return 0.0
        probe = state.copy()
        probe.rates = [tuple(2 if i == k else r for i, r in enumerate(rates)) if p == seat else rates
                       for p, rates in enumerate(state.rates)]
        trial = Decision(d.ruleset, probe, seat, d.rng, playout=True)
        top = self.top_goal(trial)
        if top is None or self.bank_toward(trial, top, d.ruleset.legal_actions(probe)) is None:
            return 0.0
        return 0.3 + 0.3 * top.worth

    def _value_resource_monopoly(self, d, action):
        return self.monopoly_value(d, d.ruleset.kind_index[action["resource"]], 2, RESOURCE_SUPPLY)

    def _value_trade_monopoly(self, d, action):
        k = d.ruleset.kind_index[action["resource"]]
        return self.monopoly_value(d, k, 1, COMMODITY_SUPPLY[k - RESOURCES])

    def monopoly_value(self, d: Decision, k: int, most: int, supply: int) -> float:
        """The cards a monopoly on ``k`` likely takes (the bank is public), when the plan needs them."""
        state, seat = d.state, d.seat
        out = supply - state.bank[k] - state.hands[seat][k]
        take = min(out, most * (state.players - 1))
        needed = any(g.cost[k] > state.hands[seat][k] for g in self.goals(d)[:3])
        if not needed or take < (3 if most == 2 else 2):
            return 0.0
        return 0.3 * take
