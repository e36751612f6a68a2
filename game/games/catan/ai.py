"""Base Catan's computer players: the family's judgement (``ai_family``) and development cards.

A development card is a goal like a city or a settlement: bought when its worth per round of
waiting beats the next build's (or with ore, grain and wool the next build does not need), worth
more while Largest Army is within reach. Knights are played before the roll when the robber sits
on our own hex or the card takes Largest Army; Road Building toward the planned settlement; Year of
Plenty when its two cards pay for the next step; Monopoly on a resource the others hold plenty of
(the bank shows how many are out) and that the plan needs.
"""

from __future__ import annotations

from game.ai.base import Agent, Budget
from game.games.catan import board
from game.games.catan.ai_family import RESOURCES, Decision, FamilyAgent, Goal

KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
BUY = {"type": "buy"}
PLAY_KNIGHT = {"type": "play", "card": "knight"}
PLAY_ROAD_BUILDING = {"type": "play", "card": "road_building"}


class CatanAgent(FamilyAgent):
    """A base Catan player of one level. With three or four players hard offers its trades to every
    seat and two cards for the two a build lacks, foresees the others' opening spots, does not trade
    with the leader ahead of it, spends its hand before the others' rolls can push it past seven, and
    races for Longest Road less eagerly: on the same boards against three normal players each won
    more games."""

    offers_to_all = True
    models_rival_openings = True
    shuns_leader = True
    offers_two_for_two = True
    spends_before_sevens = True
    crowded_road_race = 0.7
    card_share = 1.0
    """What hard's plan (outside playouts) makes of a development card, as a share of its worth."""
    held_knight_bonus = 0.0
    """Points hard counts for a knight card held, beyond what every level counts."""

    def extra_goals(self, d: Decision) -> list[Goal]:
        state, seat = d.state, d.seat
        if not state.deck_count:
            return []
        worth = 0.45 + (0.1 if self.easy else 0.0)  # easy likes cards
        if self.army_in_reach(state, seat, 2):
            worth += 0.35
        if self.hard and not d.playout:
            worth *= self.card_share
        return [Goal("development", worth, d.ruleset.costs["development"], BUY)]

    @staticmethod
    def army_in_reach(state, seat: int, more: int) -> bool:
        """Whether ``more`` knights played (besides those held) would take or keep Largest Army."""
        held = state.devs[seat][KNIGHT] if state.devs[seat] is not None else 0
        knights = state.played[seat][KNIGHT] + held + more
        holder = state.largest_army
        if holder == seat:
            return any(state.played[p][KNIGHT] >= state.played[seat][KNIGHT] - 1
                       for p in range(state.players) if p != seat)
        return knights >= 3 and (holder < 0 or knights > state.played[holder][KNIGHT])

    def hidden_points(self, d: Decision, p: int) -> int:
        devs = d.state.devs[p]
        return min(2, sum(devs) if devs is not None else d.state.hidden_devs[p])

    def holding_value(self, state, seat: int) -> float:
        devs = state.devs[seat]
        if devs is None:
            return 0.0
        value = 0.35 * devs[KNIGHT] + 0.3 * sum(devs[ROAD_BUILDING:])
        if self.hard:
            value += self.held_knight_bonus * devs[KNIGHT]
        return value

    # -- playing cards ---------------------------------------------------------------------------------
    def pre_roll(self, d: Decision, actions):
        if PLAY_KNIGHT in actions and self.knight_now(d):
            return PLAY_KNIGHT
        return None

    def knight_now(self, d: Decision) -> bool:
        state, seat = d.state, d.seat
        robber = state.robber
        blocked = state.layout.numbers[robber] is not None and \
            any(state.vertex_owner[v] == seat for v in board.HEX_VERTICES[robber])
        knights = state.played[seat][KNIGHT] + 1
        holder = state.largest_army
        takes_army = knights >= 3 and holder != seat and (holder < 0 or knights > state.played[holder][KNIGHT])
        return blocked or takes_army

    def card_play(self, d: Decision, actions):
        plays = [a for a in actions if a["type"] == "play"]
        if not plays:
            return None
        if PLAY_KNIGHT in plays and self.knight_now(d):
            return PLAY_KNIGHT
        goals = self.goals(d)
        top = goals[0] if goals else None
        if PLAY_ROAD_BUILDING in plays and top is not None and top.roads:
            return PLAY_ROAD_BUILDING
        hand = d.state.hands[d.seat]
        if top is not None:
            price = self.price(d, top.action)
            missing = [max(0, p - h) for h, p in zip(hand, price, strict=False)]
            if 0 < sum(missing) <= 2:
                want = sorted(r for r in range(RESOURCES) for _ in range(missing[r]))
                names = [board.RESOURCES[r] for r in want]
                for action in plays:
                    if action.get("card") == "year_of_plenty" and (action["resources"] == names or (
                            len(names) == 1 and names[0] in action["resources"])):
                        return action
        monopoly = self.monopoly_choice(d, plays, top)
        return monopoly

    def monopoly_choice(self, d: Decision, plays, top):
        if not any(a.get("card") == "monopoly" for a in plays):
            return None
        state, seat = d.state, d.seat
        hand = state.hands[seat]
        best, best_value = None, 2.5
        for r in range(RESOURCES):
            out = board.PER_RESOURCE - state.bank[r] - hand[r]  # what the others hold: the bank is public
            useful = 1.0 if top is not None and top.cost[r] > hand[r] else 0.5
            if state.rates[seat][r] == 2:
                useful = max(useful, 0.9)
            if out * useful > best_value:
                best, best_value = r, out * useful
        return None if best is None else {"type": "play", "card": "monopoly", "resource": board.RESOURCES[best]}


def make_agent(level: str, budget: Budget | None = None) -> Agent:
    """The computer player for "easy", "normal" or "hard" (``budget`` bounds hard's search)."""
    return CatanAgent(level, budget)
