"""The dice of every Catan game: the roll, production under the bank-shortage rule, and a 7: the
discards of those over their hand limit, then the robber, who may steal a card.

``DiceAndRobber`` is a part of ``CatanFamily`` (a mixin in its bases).
"""

from __future__ import annotations

from game.core.rules import Event, IllegalAction
from game.games.catan.board import NUM_HEXES
from game.games.catan.family_state import ALL_ROLLS, ROBBER_ACTIONS, cards_of, discard_choices, is_index
from game.games.catan.notation import counts_json, read_counts
from game.games.catan.production import KIND_BITS, KIND_MASK, credits, pay_with_shortage, rows
from game.games.catan.robber import drawn_index, robber_moves, robber_victims
from game.games.catan.trade import can_afford


class DiceAndRobber:
    """The roll, production, the 7 and the robber (see the module docstring)."""

    handlers = {
        ("pre_roll", "roll"): "_do_request_roll",
        ("roll", "roll"): "_do_roll",
        ("discard", "discard"): "_do_discard",
        ("robber", "robber"): "_do_robber",
        ("steal", "steal"): "_do_steal",
    }
    actions_by_phase = {
        "roll": "_roll_outcomes",
        "discard": "_discard_actions",
        "robber": "_robber_actions",
        "steal": "_steal_outcomes",
    }
    samplers_by_phase = {"roll": "_sample_roll", "steal": "_sample_steal"}
    actors_by_phase = {"discard": "_discarder"}

    def hand_limit(self, state, seat: int) -> int:
        """Most cards ``seat`` may hold when a 7 is rolled without discarding half."""
        return 7

    def robbable(self, state) -> list[bool]:
        """Per seat: may the robber rob it now."""
        return [p != state.current and cards_of(state, p) > 0 for p in range(state.players)]

    def robber_victims(self, state, hex_id: int, eligible=None) -> list[int]:
        """Opponents the robber on ``hex_id`` may rob: a building there and ``robbable``."""
        return robber_victims(state.vertex_owner, hex_id, self.robbable(state) if eligible is None else eligible)

    def _roll_outcomes(self, state) -> list:
        return list(ALL_ROLLS)

    def _sample_roll(self, state, rng):
        return rng.choice(ALL_ROLLS)

    def _do_request_roll(self, state, action):
        state.phase = "roll"
        return []

    def _do_roll(self, state, action):
        a, b = self._dice(action)
        total = a + b
        state.dice = (a, b)
        state.rolled = True
        rolled = Event("rolled", {"seat": state.current, "dice": [a, b], "total": total})
        if total == 7:
            return [rolled, *self._seven(state)]
        produced = self._produce(state, total)
        state.phase = "main"
        return [rolled, produced]

    @staticmethod
    def _dice(action) -> tuple[int, int]:
        dice = action.get("dice")
        try:
            a, b = dice
            valid = type(a) is int and type(b) is int and 0 < a < 7 and 0 < b < 7
        except (TypeError, ValueError):
            valid = False
        if not valid:
            raise IllegalAction("dice are two numbers from 1 to 6")
        return a, b

    def _produce(self, state, total: int, city_commodity=None) -> Event:
        """Production of a roll of ``total`` paid out under the bank-shortage rule."""
        players = state.players
        owed = credits(state.layout, state.vertex_owner, state.vertex_level, state.robber, total, players,
                       city_commodity)
        gains = []
        for _ in range(players):  # a loop: cheaper than a comprehension's call for a row or four
            gains.append({})
        short = []
        if owed:
            bank = state.bank
            hands = state.hands
            parts = self.credit_parts
            overdrawn = False
            for key in sorted(owed):  # paid at once: the bank is seldom short
                count = owed[key]
                seat, kind, name = parts[key]
                hands[seat][kind] += count
                left = bank[kind] - count
                bank[kind] = left
                gains[seat][name] = count
                if left < 0:
                    overdrawn = True
            if overdrawn:
                owed, short = self._pay_short(state, owed)
                for row in gains:
                    row.clear()
                for key, count in sorted(owed.items()):
                    seat, _, name = parts[key]
                    gains[seat][name] = count
            if state.known is not None:  # the count's journal keeps the credits paid: a dict of numbers, which
                state.known = [state.known, None, owed]  # the collector does not track, rather than the event
        return Event("produced", {"total": total, "gains": gains, "shortage": short})

    def _pay_short(self, state, owed: dict) -> tuple[dict, list]:
        """Take back the ``owed`` credits paid out over what the bank holds and pay them under the
        bank-shortage rule: (the credits paid, the names of the kinds the bank was short of)."""
        bank = state.bank
        hands = state.hands
        for key, count in owed.items():
            kind = key & KIND_MASK
            hands[key >> KIND_BITS][kind] -= count
            bank[kind] += count
        table = rows(owed, state.players, self.kind_count)
        short = [self.kinds[r] for r, need in enumerate(map(sum, zip(*table, strict=True))) if need > bank[r]]
        paid = {}
        for seat, row in enumerate(pay_with_shortage(bank, table)):
            for kind, count in enumerate(row):
                if count:
                    paid[seat << KIND_BITS | kind] = count
                    hands[seat][kind] += count
                    bank[kind] -= count
        return paid, short

    def _seven(self, state) -> list:
        """Everyone over their hand limit discards half; then the robber moves."""
        if self._owe_discards(state):
            state.phase = "discard"
            return []
        return self._after_discards(state)

    def _owe_discards(self, state) -> bool:
        """Set what each seat over its hand limit owes for a 7 (half its cards); whether anyone owes."""
        any_discard = False
        for seat in range(state.players):
            count = sum(state.hands[seat])
            over = count > self.hand_limit(state, seat)
            state.discard[seat] = count // 2 if over else 0
            any_discard = any_discard or over
        return any_discard

    def _discarder(self, state) -> int:
        n = state.players
        for k in range(n):
            seat = (state.current + k) % n
            if state.discard[seat]:
                return seat
        return state.current

    def _discard_actions(self, state) -> list:
        seat = self.to_act(state)
        return list(discard_choices(tuple(state.hands[seat]), state.discard[seat], self.kinds))

    def _do_discard(self, state, action):
        seat = self.to_act(state)
        cards = action.get("cards")
        counts = read_counts(cards, self.kinds, "the discarded cards") if isinstance(cards, dict) else None
        if counts is None or sum(counts) != state.discard[seat]:
            raise IllegalAction(f"discard exactly {state.discard[seat]} cards")
        hand = state.hands[seat]
        if not can_afford(hand, counts):
            raise IllegalAction("you do not hold those cards")
        for r in range(self.kind_count):
            hand[r] -= counts[r]
            state.bank[r] += counts[r]
        state.discard[seat] = 0
        events = [Event("discarded", {"seat": seat, "cards": counts_json(counts, self.kinds)})]
        if not any(state.discard):
            events += self._after_discards(state)
        return events

    def _after_discards(self, state) -> list:
        """Every discard of a 7 is made: the robber moves (events of what follows, if any)."""
        state.phase = "robber"
        return []

    def _robber_actions(self, state) -> list:
        actions = []
        robber = state.robber
        for h, victims in enumerate(robber_moves(state.vertex_owner, state.vertex_level, self.robbable(state))):
            if h != robber:
                actions += ROBBER_ACTIONS[h][victims]
        return actions

    def _do_robber(self, state, action):
        h = action.get("hex")
        if not is_index(h, NUM_HEXES):
            raise IllegalAction("the robber goes on a land hex")
        if h == state.robber:
            raise IllegalAction("the robber must move to another hex")
        victims = self.robber_victims(state, h)
        victim = action.get("victim")
        if victims and (not is_index(victim, state.players) or victim not in victims):
            raise IllegalAction("choose an opponent next to that hex who holds cards")
        if not victims and victim is not None:
            raise IllegalAction("nobody next to that hex can be robbed")
        state.robber = h
        events = [Event("robber", {"seat": state.current, "hex": h, "victim": victim})]
        if victims:
            state.victim = victim
            state.phase = "steal"
        else:
            events += self._after_robber(state)
        return events

    def _steal_outcomes(self, state) -> list:
        hand = state.hands[state.victim]
        return [self.steal_actions[r] for r in range(self.kind_count) if hand[r]]

    def _sample_steal(self, state, rng):
        return self.steal_actions[drawn_index(state.hands[state.victim], rng)]

    def _do_steal(self, state, action):
        r = self._kind(action.get("resource"))
        victim = state.victim
        if not state.hands[victim][r]:
            raise IllegalAction("the robbed player holds no such card")
        state.hands[victim][r] -= 1
        state.hands[state.current][r] += 1
        state.victim = -1
        data = {"thief": state.current, "victim": victim, "resource": self.kinds[r]}
        public = {"thief": state.current, "victim": victim}
        return [Event("stole", data, audience=state.current, public=public),
                Event("robbed", data, audience=victim, public=None)] + self._after_robber(state)

    def _after_robber(self, state) -> list:
        """The robber has moved (and robbed): back to the turn, or to the roll it came before."""
        state.phase = "main" if state.rolled else "roll"
        return []
