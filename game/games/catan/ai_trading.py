"""The Catan family AI's trades: with the bank toward a goal or against a 7, offers to the others,
answers to theirs (no pygame)."""

from __future__ import annotations

from game.games.catan.ai_measures import Decision, Goal


class Trader:
    """The family player's trades (part of ``ai_family.FamilyAgent``)."""

    def bank_toward(self, d: Decision, goal: Goal, actions):
        """A bank trade that makes the goal's next step affordable now (with the trades after it);
        hard also trades for a card its buildings cannot produce now (the robber on its only hex
        of that kind, or no such hex), which no wait would bring."""
        state, seat = d.state, d.seat
        hand = list(state.hands[seat])
        price = self.price(d, goal.action)
        missing = [max(0, p - h) for h, p in zip(hand, price, strict=True)]
        if not any(missing):
            return None
        rates = state.rates[seat]
        spare = [h - p for h, p in zip(hand, price, strict=True)]
        # the bank: enough surplus at our rates to cover every missing card
        trades = []
        surplus = spare[:]
        kinds = range(len(hand))
        for r in kinds:
            for _ in range(missing[r]):
                give = max((g for g in kinds if surplus[g] >= rates[g]),
                           key=lambda g: (surplus[g] - rates[g], -self.kind_weight(g)), default=None)
                if give is None:
                    break
                surplus[give] -= rates[give]
                trades.append((give, r))
        if len(trades) == sum(missing):
            chosen = trades[0]
        elif self.hard:
            chosen = next(((give, get) for give, get in trades if self.produces_none(d, get)), None)
        else:
            chosen = None
        if chosen is not None:
            give, get = chosen
            action = {"type": "bank_trade", "give": d.ruleset.kinds[give], "get": d.ruleset.kinds[get]}
            if action in actions:
                return action
        return None

    def produces_none(self, d: Decision, kind: int) -> bool:
        """Whether this seat's buildings produce no card of ``kind`` now (the robber's hex gives nothing)."""
        return not self.kind_pips(d.state, d.seat)[kind]

    def bank_dump(self, d: Decision, actions, goal):
        """With too many cards for a 7: turn surplus into what the goal lacks; hard, when the goal
        lacks nothing the surplus can buy and the hand is over the limit already, into the kind it
        holds least (a 7 would take more)."""
        hand = d.state.hands[d.seat]
        price = goal.cost if goal else (0,) * len(hand)
        over = self.hard and sum(hand) > d.ruleset.hand_limit(d.state, d.seat)
        best, best_rank = None, None
        for action in actions:
            if action["type"] == "bank_trade":
                g, t = d.ruleset.kind_index[action["give"]], d.ruleset.kind_index[action["get"]]
                spare = hand[g] - price[g]
                if spare < d.state.rates[d.seat][g] or not (hand[t] < price[t] or over):
                    continue
                rank = (hand[t] < price[t], spare, -hand[t], self.kind_weight(t))
                if best_rank is None or rank > best_rank:
                    best, best_rank = action, rank
        return best

    # -- trading with the others ----------------------------------------------------------------------
    def partners(self, d: Decision, want) -> list[int]:
        """Seats that can plausibly give ``want`` (by this seat's count of their cards) and are not
        about to win, best first; a seat that refused this seat an offer for the same cards this
        round or the last is left out."""
        state, seat = d.state, d.seat
        since = state.turn - 2 * state.players
        found = []
        for p in range(state.players):
            if p == seat or not self.safe_partner(d, p):
                continue
            held = d.held(p)
            if not all(h >= w for h, w in zip(held, want, strict=False)):
                continue
            if d.known is not None:
                wanted = {d.ruleset.kinds[r]: k for r, k in enumerate(want) if k}
                if any(w == wanted for _, w in d.known.refused(seat, p, since)):
                    continue
            found.append(p)
        found.sort(key=lambda p: (d.ruleset.public_points(state, p), -sum(d.held(p))))
        return found

    def offer_plan(self, d: Decision):
        """(give, want, partner) of an offer for the one card a goal's next step lacks (or two, hard
        with ``offers_two_for_two`` and more than two players): the best goal, or a goal worth more
        that the cards would make affordable now; None if no seat can plausibly give them. Hard with
        ``offers_to_all`` and more than two players offers to every seat (partner None): more of them
        accept, and ``_choose`` still leaves out a seat about to win."""
        goals = self.goals(d)
        if not goals:
            return None
        for goal in goals[:4]:
            if goal is goals[0] or goal.worth > goals[0].worth:
                plan = self.offer_for(d, goal)
                if plan is not None:
                    return plan
        return None

    def offer_for(self, d: Decision, goal: Goal):
        state, seat = d.state, d.seat
        hand = state.hands[seat]
        price = self.price(d, goal.action)
        missing = [max(0, p - h) for h, p in zip(hand, price, strict=True)]
        lacking = sum(missing)
        if lacking != 1 and not (lacking == 2 and self.at_crowded_table(state) and self.offers_two_for_two):
            return None
        surplus = [h - p if h > p else 0 for h, p in zip(hand, price, strict=True)]
        if sum(surplus) < lacking:
            return None
        give = [0] * len(hand)
        for _ in range(lacking):
            give_r = max(range(len(hand)), key=lambda r: (surplus[r] - give[r], -self.kind_weight(r)))
            give[give_r] += 1
        if lacking == 1 and state.offers_made > 1 and surplus[give_r] > 1:
            give[give_r] = 2  # a second offer this turn: sweetened
        partners = self.partners(d, missing)
        if not partners:
            return None
        if self.at_crowded_table(state) and self.offers_to_all:
            return give, missing, None  # to every seat: any of them may accept, and the best answer is taken
        return give, missing, partners[0]

    def safe_partner(self, d: Decision, p: int) -> bool:
        """False when ``p`` is close enough to winning that no help is given (visible points plus
        what its hidden cards may hold), or with ``shuns_leader`` when ``p`` leads the table."""
        state = d.state
        points = d.ruleset.public_points
        if self.at_crowded_table(state) and self.shuns_leader:
            theirs = points(state, p)
            if all(theirs > points(state, q) for q in range(state.players) if q != p):
                return False  # it leads the table, so it is ahead of this seat too
        return points(state, p) + self.hidden_points(d, p) < state.options["victory_points"] - 2

    def hidden_points(self, d: Decision, p: int) -> int:
        """Points ``p`` may hold unseen (a variant's hidden cards)."""
        return 0

    def _compose(self, d: Decision, actions):
        state = d.state
        trade = state.trade
        if trade.composer == state.current:
            plan = self.offer_plan(d)
            if plan is None:
                return {"type": "cancel_trade"}
            give, want, partner = plan
        else:
            counter = self.counter_plan(d)
            if counter is None:
                return {"type": "cancel_trade"}
            give, want = counter
            partner = None
        for r in range(len(give)):
            if trade.give[r] < give[r]:
                step = d.ruleset.give_actions[r]
                return step if step in actions else {"type": "cancel_trade"}
        for r in range(len(want)):
            if trade.want[r] < want[r]:
                step = d.ruleset.want_actions[r]
                return step if step in actions else {"type": "cancel_trade"}
        propose = {"type": "propose", "to": partner} if partner is not None else {"type": "propose"}
        return propose if propose in actions else {"type": "cancel_trade"}

    def hand_worth(self, d: Decision, hand) -> float:
        """How far a hand goes toward this seat's goals, less what a 7 would take."""
        goals = self.goals(d)
        value = 0.0
        for i, goal in enumerate(goals[:3]):
            cost = goal.cost
            need = sum(cost)
            have = sum(min(h, c) for h, c in zip(hand, cost, strict=False))
            value += (0.6 if i == 0 else 0.2) * goal.worth * (have / need) ** 2 if need else 0.0
        count = sum(hand)
        value += 0.02 * min(count, 7)
        limit = d.ruleset.hand_limit(d.state, d.seat)
        if count > limit:
            value -= 0.06 * (count - limit)
        return value

    def trade_gain(self, d: Decision, receive, pay, partner: int) -> float:
        """What a trade with ``partner`` is worth to this seat's hand, less a margin. Hard also
        weighs what the partner gains: all of it with two players, where any help is a loss; with
        more, a trade helps both partners against the rest, so only half of it, and only when the
        partner leads."""
        hand = d.state.hands[d.seat]
        after = [hand[r] + receive[r] - pay[r] for r in range(len(hand))]
        margin = 0.02 + (0.1 if self.easy else 0.0)
        leader_gap = d.ruleset.public_points(d.state, partner) - d.ruleset.public_points(d.state, d.seat)
        gain = self.hand_worth(d, after) - self.hand_worth(d, hand) - margin - 0.03 * max(0, leader_gap)
        ahead = leader_gap > 0
        if self.hard and gain > 0 and (d.state.players == 2 or ahead):
            other = Decision(d.ruleset, d.state, partner, d.rng, playout=True)
            theirs = d.state.hands[partner]
            given = [theirs[r] + pay[r] - receive[r] for r in range(len(theirs))]
            if min(given) >= 0:
                share = 1.0 if d.state.players == 2 else 0.5
                gain -= share * (self.hand_worth(other, given) - self.hand_worth(other, theirs))
        return gain

    def _respond(self, d: Decision, actions):
        if not self.safe_partner(d, d.state.current):
            return {"type": "decline"}
        give, want = d.state.trade.offer  # the proposer's: we receive ``give`` and pay ``want``
        if {"type": "accept"} in actions and \
                self.trade_gain(d, give, want, d.state.current) > 0:
            return {"type": "accept"}
        if not self.easy and {"type": "counter"} in actions and self.counter_plan(d) is not None:
            return {"type": "counter"}
        return {"type": "decline"}

    def counter_plan(self, d: Decision):
        """(give, want) of ours: one card we can spare for one card the proposer showed, when that
        helps us; None otherwise."""
        offered = d.state.trade.offer[0]
        hand = d.state.hands[d.seat]
        best, best_gain = None, 0.0
        kinds = range(len(hand))
        for r in kinds:
            if not offered[r]:
                continue
            for g in kinds:
                if g == r or hand[g] < 1:
                    continue
                give = [0] * len(hand)
                give[g] = 1
                want = [0] * len(hand)
                want[r] = 1
                gain = self.trade_gain(d, want, give, d.state.current)
                if gain > best_gain:
                    best, best_gain = (give, want), gain
        return best

    def _choose(self, d: Decision, actions):
        """An accepted offer goes through: making it was this seat's decision, and its hand cannot
        have changed since (re-judging it by another measure would take back a trade a person saw
        accepted). Among several accepts, the seat with the fewest points; a counter-offer is taken
        only when it helps this hand more than the offer would."""
        completes = [a for a in actions if a["type"] == "complete" and self.safe_partner(d, a["seat"])]
        if not completes:
            return {"type": "cancel_trade"}
        state = d.state
        hand = state.hands[d.seat]
        points = d.ruleset.public_points

        def gain(action) -> float:
            answer = state.trade.answers[action["seat"]]
            give, get = state.trade.offer if answer == "accept" else answer
            return self.hand_worth(d, [hand[r] - give[r] + get[r] for r in range(len(hand))]) - self.hand_worth(d, hand)

        accepted = [a for a in completes if state.trade.answers[a["seat"]] == "accept"]
        best = min(accepted, key=lambda a: points(state, a["seat"]), default=None)
        floor = gain(best) if best is not None else 0.0
        for action in completes:
            if action not in accepted and gain(action) > floor:
                best, floor = action, gain(action)
        return best or {"type": "cancel_trade"}
