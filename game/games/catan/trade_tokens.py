"""The trade tokens of Catan for two: earned by settlements on the coast or by the desert and by turning
in a played knight card; spent, once a turn, on a forced trade with the opponent or on moving the
robber to the desert (A04-A08, A28, A32).

``TradeTokens`` is a part of ``TwoPlayerLayer`` (a mixin in its bases; see ``two_player``).
"""

from __future__ import annotations

from functools import lru_cache

from game.core.rules import Event, IllegalAction
from game.games.catan.board import RESOURCES, VERTEX_HEXES
from game.games.catan.family_state import discard_choices
from game.games.catan.notation import counts_json, read_counts
from game.games.catan.roads import award_longest_road
from game.games.catan.robber import drawn_index
from game.games.catan.trade import can_afford
from game.games.catan.two_player_data import (
    COST_AHEAD,
    COST_LEVEL,
    FORCED_DRAWS,
    FORCED_GIVES,
    FORCED_PRICE,
    FORCED_TRADES,
    KNIGHT_CARD_TOKENS,
    LARGEST_ARMY_MINIMUM,
    ROBBER_TO_DESERT,
    SETTLEMENT_TOKENS,
    TURN_IN_KNIGHT,
    opponent,
)

LOWEST_COST = min(COST_AHEAD, COST_LEVEL)
"""Fewer tokens than this buy no token action, whoever is ahead."""
DEAREST_ACTION = max(COST_AHEAD, COST_LEVEL) * max(FORCED_PRICE.values())
"""This many tokens buy any token action, whoever is ahead."""


@lru_cache(maxsize=4096)
def give_back_choices(hand: tuple, names: tuple) -> tuple:
    """Every way to give back exactly 2 cards from ``hand`` (as give_back actions)."""
    return tuple({"type": "give_back", "cards": choice["cards"]}
                 for choice in discard_choices(hand, FORCED_GIVES, names))


class TradeTokens:
    """Earning and spending trade tokens, and the forced trade (see the module docstring)."""

    handlers = {
        ("pre_roll", "forced_trade"): "_do_forced_trade",
        ("main", "forced_trade"): "_do_forced_trade",
        ("pre_roll", "robber_to_desert"): "_do_robber_to_desert",
        ("main", "robber_to_desert"): "_do_robber_to_desert",
        ("pre_roll", "turn_in_knight"): "_do_turn_in_knight",
        ("main", "turn_in_knight"): "_do_turn_in_knight",
        ("forced_draw", "forced_draw"): "_do_forced_draw",
        ("forced_give", "give_back"): "_do_give_back",
    }
    actions_by_phase = {
        "forced_draw": "_forced_draw_outcomes",
        "forced_give": "_give_back_actions",
    }
    samplers_by_phase = {"forced_draw": "_sample_forced_draw"}

    def _earn(self, state, seat: int, due: int) -> int:
        """Pay ``due`` tokens from the supply, or what is left of it (A28)."""
        gained = min(due, state.token_supply)
        state.token_supply -= gained
        state.tokens[seat] += gained
        return gained

    def _settlement_tokens(self, state, seat: int, v: int) -> list:
        hexes = VERTEX_HEXES[v]
        earned = SETTLEMENT_TOKENS.get((state.layout.desert in hexes, len(hexes) < 3))
        if earned is None:
            return []
        reason, due = earned
        gained = self._earn(state, seat, due)
        return [Event("trade_tokens", {"seat": seat, "gained": gained, "due": due, "reason": reason})]

    def _earning_actions(self, state, seat: int) -> list:
        """Ways to earn tokens besides settlements, once a turn: base Catan turns in a played knight
        card (Cities & Knights removes one of your own knights instead)."""
        if state.knight_turned_in or not state.token_supply or self.army_size(state, seat) <= 0:
            return []
        return [TURN_IN_KNIGHT]

    def army_size(self, state, seat: int) -> int:
        """Played knight cards still counting toward Largest Army (those turned in do not)."""
        return super().army_size(state, seat) - state.knights_returned[seat]

    def _do_turn_in_knight(self, state, action):
        seat = state.current
        if state.knight_turned_in:
            raise IllegalAction("a knight card can be turned in once a turn")
        if self.army_size(state, seat) <= 0:
            raise IllegalAction("you have no played knight card to turn in")
        if not state.token_supply:
            raise IllegalAction("the token supply is empty")
        state.knight_turned_in = True
        state.knights_returned[seat] += 1
        gained = self._earn(state, seat, KNIGHT_CARD_TOKENS)
        events = [Event("knight_turned_in", {"seat": seat, "gained": gained})]
        previous = state.largest_army
        armies = [self.army_size(state, p) for p in range(state.players)]
        holder = award_longest_road(armies, previous, LARGEST_ARMY_MINIMUM)
        if holder != previous:
            state.largest_army = holder
            events.append(Event("largest_army", {"seat": None if holder < 0 else holder, "previous": previous}))
        return events

    def _check_knights_returned(self, s) -> None:
        """Refuse more knight cards turned in than played."""
        if any(self.army_size(s, p) < 0 for p in range(s.players)):
            raise ValueError("more knight cards turned in than played")

    # -- trade tokens: spending ---------------------------------------------------------------------
    def token_cost(self, state, seat: int) -> int:
        """The price of a token action: 1 while your visible points are not above your opponent's, else 2."""
        ahead = self.public_points(state, seat) > self.public_points(state, opponent(seat))
        return COST_AHEAD if ahead else COST_LEVEL

    def _token_actions(self, state, seat: int) -> list:
        """The turn's token action (if not taken yet) and the ways to earn tokens, for the player on turn."""
        actions = []
        tokens = state.tokens[seat]
        if not state.token_used and tokens >= LOWEST_COST:
            # Who is ahead (a count of points) matters only to a seat short of the dearest price.
            cost = LOWEST_COST if tokens >= DEAREST_ACTION else self.token_cost(state, seat)
            for mode in self.forced_trade_modes:
                if tokens >= cost * FORCED_PRICE[mode] and self._forced_trade_problem(state, seat, mode) is None:
                    actions.append(FORCED_TRADES[mode])
            if tokens >= cost and state.robber != state.layout.desert:
                actions.append(ROBBER_TO_DESERT)
        return actions + self._earning_actions(state, seat)

    def _has_pre_roll(self, state, seat: int) -> bool:
        return super()._has_pre_roll(state, seat) or bool(self._token_actions(state, seat))

    def _pre_roll_actions(self, state) -> list:
        return super()._pre_roll_actions(state) + self._token_actions(state, state.current)

    def _add_turn_actions(self, state, seat: int, actions: list) -> None:
        super()._add_turn_actions(state, seat, actions)
        actions += self._token_actions(state, seat)

    def _spend_tokens(self, state, seat: int, price: int) -> int:
        """Pay a token action's cost into the supply (checked first, so a refusal changes nothing)."""
        if state.token_used:
            raise IllegalAction("only one trade-token action a turn")
        cost = self.token_cost(state, seat) * price
        if state.tokens[seat] < cost:
            raise IllegalAction(f"this costs {cost} trade tokens")
        state.tokens[seat] -= cost
        state.token_supply += cost
        state.token_used = True
        return cost

    def _do_robber_to_desert(self, state, action):
        if state.robber == state.layout.desert:
            raise IllegalAction("the robber already stands in the desert")
        seat = state.current
        cost = self._spend_tokens(state, seat, 1)
        state.robber = state.layout.desert
        return [Event("token_action", {"seat": seat, "action": "robber_to_desert", "cost": cost}),
                Event("robber", {"seat": seat, "hex": state.robber, "victim": None})]

    # the forced trade
    def _eligible(self, hand, mode: str) -> list:
        """The part of ``hand`` a forced trade of ``mode`` draws from and gives back."""
        if mode == "resources":
            return list(hand[:len(RESOURCES)]) + [0] * (self.kind_count - len(RESOURCES))
        return list(hand)

    @staticmethod
    def _eligible_count(hand, mode: str) -> int:
        """How many cards of ``hand`` a forced trade of ``mode`` draws from and gives back."""
        return sum(hand[:len(RESOURCES)]) if mode == "resources" else sum(hand)

    def _forced_trade_problem(self, state, seat: int, mode: str) -> str | None:
        """Why a forced trade of ``mode`` is not possible now (A06, A32), or None."""
        other = state.hands[opponent(seat)]
        # On an observation only the size of the opponent's hand is known.
        drawable = self.cards_of(state, opponent(seat)) if other is None else self._eligible_count(other, mode)
        if not drawable:
            return "your opponent holds no card you could draw"
        if self._eligible_count(state.hands[seat], mode) + min(FORCED_DRAWS, drawable) < FORCED_GIVES:
            return "you would not have 2 cards to give back"
        return None

    def _do_forced_trade(self, state, action):
        mode = action.get("mode")
        if mode not in self.forced_trade_modes:
            raise IllegalAction(f"declare the forced trade as {' or '.join(self.forced_trade_modes)}")
        seat = state.current
        problem = self._forced_trade_problem(state, seat, mode)
        if problem:
            raise IllegalAction(problem)
        cost = self._spend_tokens(state, seat, FORCED_PRICE[mode])
        draws = min(FORCED_DRAWS, self._eligible_count(state.hands[opponent(seat)], mode))
        state.forced = (mode, draws, state.phase)
        state.phase = "forced_draw"
        return [Event("token_action", {"seat": seat, "action": "forced_trade", "mode": mode, "cost": cost})]

    def _drawable(self, state) -> list:
        return self._eligible(state.hands[opponent(state.current)], state.forced[0])

    def _forced_draw_outcomes(self, state) -> list:
        if state.hands[opponent(state.current)] is None:
            return []  # an observation of the drawer: the cards to draw from are not in view
        pool = self._drawable(state)
        return [self.draw_actions[r] for r in range(self.kind_count) if pool[r]]

    def _do_forced_draw(self, state, action):
        r = self._kind(action.get("resource"))
        if not self._drawable(state)[r]:
            raise IllegalAction("the opponent holds no such card to draw")
        seat = state.current
        victim = opponent(seat)
        state.hands[victim][r] -= 1
        state.hands[seat][r] += 1
        mode, draws, back = state.forced
        state.forced = (mode, draws - 1, back)
        if draws == 1:
            state.phase = "forced_give"
        data = {"seat": seat, "victim": victim, "resource": self.kinds[r]}
        return [Event("forced_draw", data, audience=seat, public={"seat": seat, "victim": victim}),
                Event("forced_drawn", data, audience=victim, public=None)]

    def _give_back_actions(self, state) -> list:
        pool = self._eligible(state.hands[state.current], state.forced[0])
        return list(give_back_choices(tuple(pool), self.kinds))

    def _do_give_back(self, state, action):
        cards = action.get("cards")
        counts = read_counts(cards, self.kinds, "the cards given back") if isinstance(cards, dict) else None
        if counts is None or sum(counts) != FORCED_GIVES:
            raise IllegalAction(f"give back exactly {FORCED_GIVES} cards")
        seat = state.current
        mode, _, back = state.forced
        if not can_afford(state.hands[seat], counts):
            raise IllegalAction("you do not hold those cards")
        if not can_afford(self._eligible(state.hands[seat], mode), counts):
            raise IllegalAction("a forced trade of resources gives back resources only")
        partner = opponent(seat)
        for r in range(self.kind_count):
            state.hands[seat][r] -= counts[r]
            state.hands[partner][r] += counts[r]
        state.forced = None
        state.phase = back
        data = {"seat": seat, "partner": partner, "cards": counts_json(counts, self.kinds)}
        return [Event("gave_back", data, audience=seat, public={"seat": seat, "partner": partner}),
                Event("given_back", data, audience=partner, public=None)]
    def _sample_forced_draw(self, state, rng):
        return self.draw_actions[drawn_index(self._drawable(state), rng)]

    def chance_outcomes(self, state):
        if state.phase == "forced_draw":
            pool = self._drawable(state)
            total = sum(pool)
            return [(self.draw_actions[r], pool[r] / total) for r in range(self.kind_count) if pool[r]]
        return super().chance_outcomes(state)
