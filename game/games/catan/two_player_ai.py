"""The decisions the two-player layer adds, for any Catan computer player of the family (no pygame).

``TwoPlayerDecisions`` goes before a game's agent in a class's bases: it places the neutral pieces
(and, with Cities & Knights, decides a neutral knight's retreat or desertion) where they leave this
seat best placed against its opponent, gives back the cards it misses least after a forced trade,
and spends and earns trade tokens. The planner already leaves the neutral colours (which hold no
cards) out of its robber choice. ``TwoPlayerCatanAgent`` is base Catan's agent with them, its hard
playouts and Longest Road race adjusted to the neutral colours, its hard plan and search to the
double roll, the tokens and the worth of development cards against a single rival.
"""

from __future__ import annotations

from game.games.catan import board
from game.games.catan.ai import PLAY_KNIGHT, CatanAgent
from game.games.catan.ai_family import Decision, Goal
from game.games.catan.ai_measures import ROLL, SEARCHED_PHASES, move_key
from game.games.catan.two_player import FORCED_TRADES, NEUTRAL_COLOURS, ROBBER_TO_DESERT, TURN_IN_KNIGHT, opponent

FORCED_TRADE = FORCED_TRADES["resources"]
FORCE_WHEN_THEY_HOLD = 4
"""A forced trade is worth its token when the opponent holds at least this many cards."""


class TwoPlayerDecisions:
    """The two-player layer's decisions, over a ``FamilyAgent`` (see the module docstring)."""

    # the two-player decisions: a neutral piece to place, the cards to give back after a forced trade.
    # At the table each is weighed by the margin after it; a search's playouts, where weighing every
    # placement that way would cost most of their time, place a neutral piece by the goals it blocks
    # and give back what a discard would keep.
    def _best_margin(self, d: Decision, actions):
        """The action after which this seat stands best against its opponent, by the planner's measures."""
        def after(action) -> float:
            child = d.state.copy()
            d.ruleset.apply(child, action)
            return self.blur(self.margin(d.ruleset, child, d.seat), d.rng)

        return max(actions, key=after)

    def _neutral(self, d: Decision, actions):
        return self._blocking(d, actions) if d.playout else self._best_margin(d, actions)

    def _forced_give(self, d: Decision, actions):
        return self._discard(d, actions) if d.playout else self._best_margin(d, actions)

    def _retreat(self, d: Decision, actions):
        if not self._neutral_step(d):
            return super()._retreat(d, actions)
        return self._blocking(d, actions) if d.playout else self._best_margin(d, actions)

    def _desert(self, d: Decision, actions):
        if not self._neutral_step(d) or d.playout:
            return super()._desert(d, actions)
        return self._best_margin(d, actions)

    def _blocking(self, d: Decision, actions):
        """The neutral piece that costs the opponent's best goals the most and this seat's the least."""
        other = Decision(d.ruleset, d.state, opponent(d.seat), None, playout=True)
        mine, theirs = self.goals(d), self.goals(other)

        def cut(action) -> float:
            return _best_left(theirs, action) - _best_left(mine, action)

        return min(actions, key=cut)

    @staticmethod
    def _neutral_step(d: Decision) -> bool:
        """A step about a neutral colour's knight, which the player on turn decides."""
        step = getattr(d.state, "step", None)
        return isinstance(step, dict) and step.get("seat", -1) >= d.state.players

    def pre_roll(self, d: Decision, actions):
        return self._token_step(d, actions, after_roll=False) or super().pre_roll(d, actions)

    def _main(self, d: Decision, actions):
        return self._token_step(d, actions, after_roll=True) or super()._main(d, actions)

    # trade tokens
    def _token_step(self, d: Decision, actions, after_roll: bool):
        """A token action or a knight card turned in when it pays, else None. The robber leaves before
        the rolls so that both produce; a forced trade waits until both rolls have filled the hands."""
        state, seat = d.state, d.seat
        if ROBBER_TO_DESERT in actions and self._robber_costs_me(state, seat):
            return ROBBER_TO_DESERT
        if TURN_IN_KNIGHT in actions and self._knight_to_spare(state, seat):
            return TURN_IN_KNIGHT
        rich = d.ruleset.cards_of(state, opponent(seat)) >= FORCE_WHEN_THEY_HOLD
        if after_roll and FORCED_TRADE in actions and rich and sum(state.hands[seat]) >= 2:
            return FORCED_TRADE
        return None

    @staticmethod
    def _robber_costs_me(state, seat: int) -> bool:
        """The robber's hex has a number and blocks more of this seat's buildings than the opponent's."""
        if state.layout.numbers[state.robber] is None:
            return False
        mine = theirs = 0
        for v in board.HEX_VERTICES[state.robber]:
            if state.vertex_owner[v] == seat:
                mine += state.vertex_level[v]
            elif state.vertex_owner[v] == opponent(seat):
                theirs += state.vertex_level[v]
        return mine > theirs

    @staticmethod
    def _knight_to_spare(state, seat: int) -> bool:
        """A played knight this seat can give up: it keeps Largest Army without it, or the opponent's
        army is out of reach anyway."""
        army = state.played[seat][board.KNIGHT] - state.knights_returned[seat]
        rival = state.played[opponent(seat)][board.KNIGHT] - state.knights_returned[opponent(seat)]
        if state.largest_army == seat:
            return army - 1 > rival and army - 1 >= 3
        return rival >= army + 2


def _blocks(goal: Goal, action) -> bool:
    """Whether a neutral piece stops a settlement ``goal``: a road on its path, a settlement on or next
    to its corner or on a corner its roads pass."""
    if goal.kind != "settlement":
        return False
    if action["type"] == "road":
        return action["edge"] in goal.roads
    v = action["vertex"]
    return v == goal.vertex or v in board.VERTEX_NEIGHBOURS[goal.vertex] or any(
        v in board.EDGE_VERTICES[e] for e in goal.roads)


def _best_left(goals: list[Goal], action) -> float:
    """The best goal's score that a neutral ``action`` leaves standing."""
    return next((g.score for g in goals if not _blocks(g, action)), 0.0)


class TwoPlayerCatanAgent(TwoPlayerDecisions, CatanAgent):
    """A base Catan player of one level for two players. Hard's race for Longest Road counts the
    neutral colours' roads, its plan counts the two rolls of every turn, its plan and search value
    development cards above the family's worth, and its search also weighs the moves before the roll
    and the token actions: on the same boards against normal it won more."""

    searched_phases = SEARCHED_PHASES | {"pre_roll"}
    card_share = 1.7
    """Hard buys development cards more readily: with one rival every knight robs the leader and
    Largest Army's two points widen the margin over the only opponent (1.35 and 1.7 both won more
    against normal on the same boards than 1.0)."""
    held_knight_bonus = 0.4

    def longest_road_goals(self, d: Decision):
        """Hard's race for Longest Road, left out when a neutral colour's road stays longer than the
        race would make this seat's (the family's planner measures the race against the seats only)."""
        goals = super().longest_road_goals(d)
        state = d.state
        if state.longest_road == d.seat:
            return goals
        lengths = state.road_lengths
        road = sum(d.ruleset.costs["road"])
        neutral = max(lengths[c] for c in NEUTRAL_COLOURS)
        return [g for g in goals if lengths[d.seat] + sum(g.cost) // road > neutral]

    def income(self, state, seat: int) -> list[float]:
        """Hard counts both rolls of each turn (the family's planner counts one roll a seat)."""
        income = super().income(state, seat)
        return [2 * x for x in income] if self.hard else income

    def expected_before_seven(self, d: Decision) -> float:
        """Hard spends a hand the opponent's two rolls could halve, counting the cards the first of them
        brings it (one of a round's four rolls)."""
        if self.hard and not d.playout:
            return 0.25 * sum(self.income(d.state, d.seat))
        return super().expected_before_seven(d)

    def candidates(self, d: Decision, actions) -> list:
        """Hard also searches its moves before the roll (a knight, the robber sent to the desert, or
        just the roll) and, after both rolls, the token actions beside the planner's options."""
        legal = {move_key(a) for a in actions}
        if d.state.phase == "pre_roll":
            options = [self.decide(d, actions)]
            others = (ROLL, PLAY_KNIGHT, ROBBER_TO_DESERT)
        else:
            options = super().candidates(d, actions)
            others = (FORCED_TRADE, ROBBER_TO_DESERT) if d.state.phase == "main" else ()
        keys = {move_key(a) for a in options}
        return options + [a for a in others if move_key(a) in legal and move_key(a) not in keys]
