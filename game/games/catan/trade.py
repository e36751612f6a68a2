"""Trading, for every Catan variant: paying for things, harbours and the bank's rates, the negotiation.

A domestic trade: the player on turn starts an offer, adds the cards they give and want one at a
time and proposes, to everyone or to one player. The others answer in seat order: accept (they
hold the cards), decline, or counter (they compose their own give/want the same way). The player on
turn then completes it with one of them or cancels. Card counts are lists indexed by card kind, as
long as the ruleset's ``kinds``.
"""

from __future__ import annotations

from operator import ge

from game.core.state_copy import LIST, SHARED, DeclaredCopy
from game.games.catan.board import RESOURCES, Layout


def can_afford(hand, cost) -> bool:
    return all(map(ge, hand, cost))


def harbour_rates(layout: Layout, vertex_owner, seat: int, kinds: int = len(RESOURCES)) -> list[int]:
    """What ``seat`` pays the bank per card of each of ``kinds`` card kinds: 4, 3 with a generic
    harbour, 2 for a resource with that resource's harbour (kinds past the resources, such as
    commodities, have no harbour of their own)."""
    rates = [4] * kinds
    generic = False
    for v, r in layout.harbour_corners:
        if vertex_owner[v] == seat:
            if r < 0:
                generic = True
            else:
                rates[r] = 2
    if generic:
        rates = [min(r, 3) for r in rates]
    return rates


class Trade(DeclaredCopy):
    """A negotiation: the composer's cards to give and want, then the offer and everyone's answer."""

    __slots__ = {"composer": SHARED, "give": LIST, "want": LIST, "offer": SHARED, "answers": LIST, "to": SHARED}

    def __init__(self, composer: int, players: int, kinds: int):
        self.composer = composer
        self.give = [0] * kinds
        self.want = [0] * kinds
        self.offer = None  # (give, want) of the player on turn
        self.answers = [None] * players  # None | "accept" | "decline" | (give, want) of the player on turn
        self.to = -1  # the one seat the offer is made to, or -1 for everyone

    def known_minimums(self) -> dict:
        """Cards hidden players must hold: what they agreed to give in the offer on the table."""
        if self.offer is None:
            return {}
        known = {}
        for p, answer in enumerate(self.answers):
            if answer == "accept":
                known[p] = self.offer[1]
            elif isinstance(answer, tuple):
                known[p] = answer[1]
        return known
