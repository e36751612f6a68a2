"""Trading in every Catan game: with the bank at the seat's best rate, and the domestic negotiation
(see ``trade``): the player on turn composes an offer and proposes it to all or to one, the others
accept, decline or counter in seat order, and the player on turn completes it with one of them.

``Negotiation`` is a part of ``CatanFamily`` (a mixin in its bases).
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction
from game.games.catan.family_state import (
    ACCEPT,
    CANCEL_TRADE,
    COUNTER,
    DECLINE,
    PROPOSE,
    PROPOSE_TO,
    cards_of,
    is_index,
)
from game.games.catan.notation import counts_json
from game.games.catan.trade import Trade, can_afford, harbour_rates


class Negotiation:
    """The bank and domestic trade (see the module docstring)."""

    handlers = {
        ("main", "bank_trade"): "_do_bank_trade",
        ("main", "trade"): "_do_trade",
        ("compose", "trade_give"): "_do_trade_give",
        ("compose", "trade_want"): "_do_trade_want",
        ("compose", "propose"): "_do_propose",
        ("compose", "cancel_trade"): "_do_cancel_trade",
        ("respond", "accept"): "_do_answer",
        ("respond", "decline"): "_do_answer",
        ("respond", "counter"): "_do_answer",
        ("choose", "complete"): "_do_complete",
        ("choose", "cancel_trade"): "_do_cancel_trade",
    }
    actions_by_phase = {
        "compose": "_compose_actions",
        "respond": "_respond_actions",
        "choose": "_choose_or_cancel_actions",
    }
    actors_by_phase = {"compose": "_composer", "respond": "_responder"}

    def bank_rates(self, state, seat: int) -> tuple:
        """What ``seat`` pays the bank per card of each kind (kept in ``state.rates``)."""
        return tuple(harbour_rates(state.layout, state.vertex_owner, seat, self.kind_count))

    def _do_bank_trade(self, state, action):
        give = self._kind(action.get("give"))
        get = self._kind(action.get("get"))
        seat = state.current
        if give == get:
            raise IllegalAction("trade for a different resource")
        rate = state.rates[seat][give]
        if state.hands[seat][give] < rate:
            raise IllegalAction(f"you need {rate} {self.kinds[give]} for this trade")
        if not state.bank[get]:
            raise IllegalAction("the bank has none of that resource")
        state.hands[seat][give] -= rate
        state.bank[give] += rate
        state.bank[get] -= 1
        state.hands[seat][get] += 1
        return [Event("bank_trade", {"seat": seat, "give": self.kinds[give], "count": rate, "get": self.kinds[get]})]

    def _composer(self, state) -> int:
        return state.trade.composer

    def _responder(self, state) -> int:
        """The next player to answer the offer on the table."""
        n = state.players
        answers = state.trade.answers
        for k in range(1, n):
            seat = (state.current + k) % n
            if answers[seat] is None:
                return seat
        raise AssertionError("every player has answered")

    def _want_cap(self, state) -> int:
        """Most cards a composer may ask for: what the best-stocked possible partner holds."""
        composer = state.trade.composer
        if composer != state.current:
            return cards_of(state, state.current)
        most = 0
        for p in range(state.players):  # a loop: asked on every step of composing, cheaper than max() of a generator
            if p != composer:
                held = cards_of(state, p)
                if held > most:
                    most = held
        return most

    def _compose_actions(self, state) -> list:
        trade = state.trade
        hand = state.hands[trade.composer]
        kinds = range(self.kind_count)
        actions = []
        for r in kinds:
            if not trade.want[r] and hand[r] > trade.give[r]:
                actions.append(self.give_actions[r])
        if sum(trade.want) < self._want_cap(state):
            actions += [self.want_actions[r] for r in kinds if not trade.give[r]]
        if any(trade.give) and any(trade.want):
            actions.append(PROPOSE)
            if trade.composer == state.current:
                actions += [PROPOSE_TO[p] for p in range(state.players) if p != state.current and cards_of(state, p)]
        actions.append(CANCEL_TRADE)
        return actions

    def _respond_actions(self, state) -> list:
        seat = self._responder(state)
        actions = [DECLINE]
        if can_afford(state.hands[seat], state.trade.offer[1]):
            actions.insert(0, ACCEPT)
        if any(state.hands[seat]) and cards_of(state, state.current):
            actions.append(COUNTER)
        return actions

    def _choose_actions(self, state) -> list:
        trade = state.trade
        hand = state.hands[state.current]
        actions = []
        for seat, answer in enumerate(trade.answers):
            if answer == "accept" or (isinstance(answer, tuple) and can_afford(hand, answer[0])):
                actions.append({"type": "complete", "seat": seat})
        return actions

    def _choose_or_cancel_actions(self, state) -> list:
        return self._choose_actions(state) + [CANCEL_TRADE]

    def _do_trade(self, state, action):
        if state.offers_made >= self.max_offers:
            raise IllegalAction(f"at most {self.max_offers} offers a turn")
        if not any(state.hands[state.current]):
            raise IllegalAction("you have no cards to offer")
        if not any(cards_of(state, p) for p in range(state.players) if p != state.current):
            raise IllegalAction("nobody has cards to trade")
        state.offers_made += 1
        state.trade = Trade(state.current, state.players, self.kind_count)
        state.phase = "compose"
        return []

    def _do_trade_give(self, state, action):
        r = self._kind(action.get("resource"))
        trade = state.trade
        if trade.want[r]:
            raise IllegalAction("a resource cannot be on both sides of a trade")
        if state.hands[trade.composer][r] <= trade.give[r]:
            raise IllegalAction("you do not hold more of that resource")
        trade.give[r] += 1
        return []

    def _do_trade_want(self, state, action):
        r = self._kind(action.get("resource"))
        trade = state.trade
        if trade.give[r]:
            raise IllegalAction("a resource cannot be on both sides of a trade")
        if sum(trade.want) >= self._want_cap(state):
            raise IllegalAction("no partner holds that many cards")
        trade.want[r] += 1
        return []

    def _do_propose(self, state, action):
        trade = state.trade
        if not any(trade.give) or not any(trade.want):
            raise IllegalAction("both sides of a trade give at least one card")
        to = action.get("to")
        if "to" in action:
            if trade.composer != state.current:
                raise IllegalAction("a counter-offer goes back to the player on turn")
            if not is_index(to, state.players) or to == state.current:
                raise IllegalAction("offer to another player of this game")
            if not cards_of(state, to):
                raise IllegalAction("that player has no cards to trade")
        give, want = tuple(trade.give), tuple(trade.want)
        trade.give, trade.want = [0] * self.kind_count, [0] * self.kind_count
        kinds = self.kinds
        if trade.composer == state.current:
            trade.offer = (give, want)
            trade.to = -1 if to is None else to
            trade.answers = [None if to is None or seat == to else "decline" for seat in range(state.players)]
            trade.answers[state.current] = "decline"
            state.phase = "respond"
            data = {"seat": state.current, "give": counts_json(give, kinds), "want": counts_json(want, kinds)}
            if to is not None:
                data["to"] = to
            return [Event("offer", data)]
        seat = trade.composer
        trade.answers[seat] = (want, give)
        trade.composer = state.current
        events = [Event("answer", {"seat": seat, "answer": "counter", "give": counts_json(give, kinds),
                                   "want": counts_json(want, kinds)})]
        return events + self._after_answer(state)

    def _do_cancel_trade(self, state, action):
        trade = state.trade
        if state.phase == "compose" and trade.composer != state.current:
            seat = trade.composer
            trade.give, trade.want = [0] * self.kind_count, [0] * self.kind_count
            trade.answers[seat] = "decline"
            trade.composer = state.current
            return [Event("answer", {"seat": seat, "answer": "decline"})] + self._after_answer(state)
        state.trade = None
        state.phase = "main"
        return [Event("trade_cancelled", {"seat": state.current})]

    def _do_answer(self, state, action):
        seat = self._responder(state)
        trade = state.trade
        kind = action["type"]
        if kind == "accept":
            if not can_afford(state.hands[seat], trade.offer[1]):
                raise IllegalAction("you do not hold the cards asked for")
            trade.answers[seat] = "accept"
        elif kind == "decline":
            trade.answers[seat] = "decline"
        else:
            if not any(state.hands[seat]) or not cards_of(state, state.current):
                raise IllegalAction("a counter-offer needs cards on both sides")
            trade.composer = seat
            state.phase = "compose"
            return []
        return [Event("answer", {"seat": seat, "answer": kind})] + self._after_answer(state)

    def _after_answer(self, state) -> list:
        trade = state.trade
        if any(a is None for a in trade.answers):
            state.phase = "respond"
            return []
        if self._choose_actions(state):
            state.phase = "choose"
            return []
        state.trade = None
        state.phase = "main"
        return [Event("trade_cancelled", {"seat": state.current})]

    def _do_complete(self, state, action):
        partner = action.get("seat")
        trade = state.trade
        if not is_index(partner, state.players):
            raise IllegalAction("choose a player who answered")
        answer = trade.answers[partner]
        if answer == "accept":
            give, get = trade.offer
        elif isinstance(answer, tuple):
            give, get = answer
        else:
            raise IllegalAction("that player did not accept")
        seat = state.current
        if not can_afford(state.hands[seat], give) or not can_afford(state.hands[partner], get):
            raise IllegalAction("the cards for this trade are not there")
        mine, theirs = state.hands[seat], state.hands[partner]
        for r in range(self.kind_count):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]
        state.trade = None
        state.phase = "main"
        return [Event("traded", {"seat": seat, "partner": partner, "give": counts_json(give, self.kinds),
                                 "get": counts_json(get, self.kinds)})]
