"""The trade progress cards (yellow): Commercial Harbor, Master Merchant, Merchant, Merchant Fleet,
Resource Monopoly and Trade Monopoly, with the steps they ask of players.

``TradeCards`` is a part of ``CitiesKnightsRules``; it fills the tables of ``progress.ProgressCards``.
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction
from game.games.catan.board import HEX_VERTICES, NUM_HEXES, RESOURCES
from game.games.catan.family_state import cards_of, is_index
from game.games.catan_ck.cards import COMMODITIES, KINDS
from game.games.catan_ck.progress import PLAY_SIMPLE, others, plays_naming
from game.games.catan_ck.state import COMMODITY_KINDS, DONE, RESOURCE_KINDS, building_hexes

TAKE_ACTIONS = tuple({"type": "take", "card": k} for k in KINDS)
HARBOUR_GIVE_ACTIONS = tuple({"type": "harbour_give", "card": k} for k in KINDS)
MERCHANT_PLAYS = plays_naming("merchant", "hex", NUM_HEXES)


class TradeCards:
    """The trade cards (see the module docstring)."""

    card_plays = {
        "commercial_harbor": "_commercial_harbor_plays",
        "master_merchant": "_master_merchant_plays",
        "merchant": "_merchant_plays",
        "merchant_fleet": "_merchant_fleet_plays",
        "resource_monopoly": "_resource_monopoly_plays",
        "trade_monopoly": "_trade_monopoly_plays",
    }
    card_effects = {
        "commercial_harbor": "_play_commercial_harbor",
        "master_merchant": "_play_master_merchant",
        "merchant": "_play_merchant",
        "merchant_fleet": "_play_merchant_fleet",
        "resource_monopoly": "_play_resource_monopoly",
        "trade_monopoly": "_play_trade_monopoly",
    }
    handlers = {
        ("harbour_offer", "harbour_offer"): "_do_harbour_offer",
        ("harbour_offer", "done"): "_do_done",
        ("harbour_answer", "harbour_give"): "_do_harbour_give",
        ("master_merchant", "take"): "_do_take",
    }
    actions_by_phase = {
        "harbour_offer": "_harbour_offer_actions",
        "harbour_answer": "_harbour_answer_actions",
        "master_merchant": "_master_merchant_actions",
    }
    actors_by_phase = {"harbour_answer": "_step_actor"}

    def _commercial_harbor_plays(self, state, seat: int) -> list:
        hand = state.hands[seat]
        useful = any(hand[r] for r in RESOURCE_KINDS) and any(p not in state.harbour_offered
                                                              for p in others(state, seat))
        return [PLAY_SIMPLE["commercial_harbor"]] if useful else []

    def _master_merchant_plays(self, state, seat: int) -> list:
        mine = self.public_points(state, seat)
        return [{"type": "play", "card": "master_merchant", "seat": p} for p in others(state, seat)
                if self.public_points(state, p) > mine and cards_of(state, p)]

    def _merchant_plays(self, state, seat: int) -> list:
        return [MERCHANT_PLAYS[h] for h in building_hexes(state.vertex_owner, seat)]

    def _merchant_fleet_plays(self, state, seat: int) -> list:
        return [{"type": "play", "card": "merchant_fleet", "resource": k} for k in KINDS]

    def _resource_monopoly_plays(self, state, seat: int) -> list:
        return [{"type": "play", "card": "resource_monopoly", "resource": r} for r in RESOURCES]

    def _trade_monopoly_plays(self, state, seat: int) -> list:
        return [{"type": "play", "card": "trade_monopoly", "resource": c} for c in COMMODITIES]

    def _play_commercial_harbor(self, state, seat, action):
        """Each opponent not yet offered this turn (a second card offers nobody twice)."""
        left = tuple(p for p in self._turn_order(state) if p != seat and p not in state.harbour_offered)
        state.step = {"left": left}
        state.phase = "harbour_offer"
        return []

    def _harbour_offer_actions(self, state) -> list:
        hand = state.hands[state.current]
        return [{"type": "harbour_offer", "seat": p, "resource": RESOURCES[r]} for p in state.step["left"]
                for r in RESOURCE_KINDS if hand[r]] + [DONE]

    def _do_harbour_offer(self, state, action):
        target = action.get("seat")
        r = self._kind(action.get("resource"))
        seat = state.current
        left = state.step["left"]
        if not is_index(target, state.players) or target not in left:
            raise IllegalAction("offer each other player once")
        if r >= len(RESOURCES) or not state.hands[seat][r]:
            raise IllegalAction("offer a resource from your hand")
        left = tuple(p for p in left if p != target)
        state.harbour_offered += (target,)
        if not any(state.hands[target][k] for k in COMMODITY_KINDS):
            state.step = {"left": left}
            events = [Event("harbour_void", {"seat": seat, "to": target}, reveals=True)]  # they hold no commodity
            return events + self._after_harbour_offer(state)
        state.step = {"seat": target, "resource": r, "left": left}
        state.phase = "harbour_answer"
        return []

    def _harbour_answer_actions(self, state) -> list:
        hand = state.hands[state.step["seat"]]
        return [HARBOUR_GIVE_ACTIONS[k] for k in COMMODITY_KINDS if hand[k]]

    def _do_harbour_give(self, state, action):
        step = state.step
        target, r, seat = step["seat"], step["resource"], state.current
        k = self._card_in_hand(state, target, action.get("card"))
        if k < len(RESOURCES):
            raise IllegalAction("give a commodity from your hand")
        state.hands[seat][r] -= 1
        state.hands[target][r] += 1
        state.hands[target][k] -= 1
        state.hands[seat][k] += 1
        state.step = {"left": step["left"]}
        state.phase = "harbour_offer"
        data = {"seat": seat, "to": target, "resource": RESOURCES[r], "card": KINDS[k]}
        events = [Event("harbour_trade", data, audience=seat, public={"seat": seat, "to": target}),
                  Event("harbour_traded", data, audience=target)]
        return events + self._after_harbour_offer(state)

    def _after_harbour_offer(self, state) -> list:
        if not state.step["left"] or not any(state.hands[state.current][r] for r in RESOURCE_KINDS):
            return self._continue(state)
        state.phase = "harbour_offer"
        return []

    def _play_master_merchant(self, state, seat, action):
        target = self._other_seat(state, action.get("seat"))
        if self.public_points(state, target) <= self.public_points(state, seat) or not cards_of(state, target):
            raise IllegalAction("choose a player with more points than you who holds cards")
        state.step = {"seat": target, "left": min(2, cards_of(state, target))}
        state.phase = "master_merchant"
        return []

    def _master_merchant_actions(self, state) -> list:
        hand = state.hands[state.step["seat"]]
        return [TAKE_ACTIONS[k] for k in range(len(KINDS)) if hand[k]]

    def _do_take(self, state, action):
        step = state.step
        target, seat = step["seat"], state.current
        k = self._card_in_hand(state, target, action.get("card"))
        state.hands[target][k] -= 1
        state.hands[seat][k] += 1
        step["left"] -= 1
        data = {"seat": seat, "victim": target, "card": KINDS[k]}
        events = [Event("took", data, audience=seat, public={"seat": seat, "victim": target}),
                  Event("taken", data, audience=target)]
        if step["left"] <= 0:
            events += self._continue(state)
        return events

    def _play_merchant(self, state, seat, action):
        h = action.get("hex")
        if not is_index(h, NUM_HEXES) or not any(state.vertex_owner[v] == seat for v in HEX_VERTICES[h]):
            raise IllegalAction("the merchant goes on a hex next to one of your buildings")
        previous = state.merchant_owner
        state.merchant_hex = h
        state.merchant_owner = seat
        self._refresh_rates(state)
        return [Event("merchant", {"seat": seat, "hex": h, "previous": None if previous < 0 else previous})]

    def _play_merchant_fleet(self, state, seat, action):
        k = self._kind(action.get("resource"))
        state.fleet.append(k)
        self._refresh_rates(state)
        return []

    def _play_resource_monopoly(self, state, seat, action):
        r = self._kind(action.get("resource"))
        if r >= len(RESOURCES):
            raise IllegalAction("name a resource")
        return self._monopoly(state, seat, r, 2)

    def _play_trade_monopoly(self, state, seat, action):
        k = self._kind(action.get("resource"))
        if k < len(RESOURCES):
            raise IllegalAction("name a commodity")
        return self._monopoly(state, seat, k, 1)

    def _monopoly(self, state, seat: int, k: int, most: int) -> list:
        taken = [0] * state.players
        for p in range(state.players):
            if p != seat:
                taken[p] = min(most, state.hands[p][k])
                state.hands[p][k] -= taken[p]
        state.hands[seat][k] += sum(taken)
        return [Event("monopoly", {"seat": seat, "resource": KINDS[k], "taken": taken}, reveals=True)]
