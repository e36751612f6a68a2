"""The judgement every Catan computer player shares, whatever the variant (no pygame).

``FamilyAgent`` plays the family engine's decisions: the opening, the roads and settlements of an
expansion plan, cities, the robber, discards and trading. A variant's player subclasses it and adds
its own goals and cards through a few hooks (``extra_goals``, ``card_play``, ``pre_roll``,
``holding_value``, ``hidden_points``; for card kinds beyond the five resources ``kind_pips``,
``kind_weight``, ``price`` and ``city_extra``); base Catan's is ``ai.CatanAgent``, Cities & Knights'
``catan_ck.ai.CitiesKnightsAgent``. Hands, costs and trades are counted over every card kind.

How it thinks
-------------
- Production is counted in pips (ways out of 36 to roll a hex's number) per resource. Its worth
  (``production_value``) is concave per resource, weighted (grain and ore for cities, brick and
  lumber for roads), with a bonus for each resource covered: five resources feed every build.
- The opening values a settlement pair by that measure, so the second settlement complements the
  first; the first looks ahead at the spots the others will likely take before its second.
- In the main phase a planner lists goals (a city, a settlement at a spot reachable in up to three
  roads, a variant's own such as a development card), each worth its points and the production it
  adds, divided by the rounds needed to gather the cards (counting what the hand can trade). It
  builds the best goal's next step, trades toward it (the bank, or one offer to a seat whose cards
  it has counted), and builds something else only with cards the goal does not need or when a 7
  would cost half the hand. Spots an opponent can reach as soon as we can are raced for. An offer
  another seat accepts goes through.
- Hard searches: for whom to rob on the robber's most harmful hex and at a main-phase decision with
  several sound options it plays each out over hidden hands and decks sampled from what it has seen
  (the same dice and draws for every option), with the planner playing every seat for the next five
  turns, and keeps the option with the best margin over the strongest rival, measured by the
  planner's own yardsticks, a win sooner above a later one. It never searches the end of its turn
  against a city or settlement its plan ranks first and the hand pays for, nor against spending a
  hand a 7 would halve (which it does, by the bank if no build takes the cards). It also races for
  Longest Road, weighs the island's scarce resources higher, trades with the bank for a card the
  robber keeps its buildings from producing, and weighs what a trading partner gains (all of it
  with two players, half when a partner leads). With more than two players a variant can switch on
  more of hard's judgement: offers to every seat at once (``offers_to_all``) and of two cards for
  two (``offers_two_for_two``), a first settlement chosen after foreseeing the others' opening
  spots as the normal player picks them (``models_rival_openings``), no trades with the seat
  leading the table when it is ahead (``shuns_leader``), a hand spent down before the others' rolls
  can push it past the discard limit (``spends_before_sevens``) and a race for Longest Road worth
  less (``crowded_road_race``).
- Easy plays as a beginner: it values production by raw pips (no diversity, no look at the second
  settlement), builds whatever its hand pays for now instead of saving, likes cards, does not race,
  trades only four of a kind with the bank and blurs its judgement with noise.

Agents keep no state between decisions, so they pickle.
"""

from __future__ import annotations

import random

from game.ai.base import Agent, Budget
from game.games.catan.ai_measures import (
    RESOURCES,
    SEARCH_ITERATIONS,
    SEARCHED_PHASES,
    WEIGHT,
    Decision,
    Goal,
    production_value,
    reachable_spots,
    scarcity,
    seat_pips,
)
from game.games.catan.ai_openings import OpeningPlayer
from game.games.catan.ai_planner import Planner
from game.games.catan.ai_search import Searcher
from game.games.catan.ai_trading import Trader

__all__ = ["RESOURCES", "SEARCH_ITERATIONS", "Decision", "FamilyAgent", "Goal", "production_value",
           "reachable_spots", "seat_pips"]
"""The names the variants' players and the tests take from here."""


class FamilyAgent(OpeningPlayer, Planner, Trader, Searcher, Agent):
    """A Catan player of one level for any game of the family (see the module docstring).

    ``budget`` bounds hard's search (iterations for tests, seconds as well at the table).
    """

    offers_to_all = False
    """Whether hard offers its trades to every seat at once with more than two players."""
    models_rival_openings = False
    """Whether hard, with more than two players, foresees the others' opening spots as the normal
    player picks them before choosing its first settlement."""
    shuns_leader = False
    """Whether hard, with more than two players, refuses to trade with the seat leading the table
    when that seat is ahead of it."""
    spends_before_sevens = False
    """Whether hard, with more than two players, spends its hand down before it can reach the
    discard limit on the others' rolls."""
    offers_two_for_two = False
    """Whether hard, with more than two players, also offers two spare cards for the two a goal's
    next step lacks."""
    crowded_road_race = 1.0
    """What hard's race for Longest Road is worth with more than two players, as a share of its
    worth with two (more rivals can outbuild the card, and its roads delay settlements and cities)."""
    search_playouts = SEARCH_ITERATIONS
    """Playouts of hard's search per decision unless a budget says otherwise (a variant whose
    playouts cost more runs fewer, to keep its decisions within a second)."""
    searched_phases = SEARCHED_PHASES
    """The phases where hard searches (a variant adds the decisions of its own phases)."""

    def __init__(self, level: str = "normal", budget: Budget | None = None):
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.easy = level == "easy"
        self.hard = level == "hard"
        self.noise = 0.35 if self.easy else 0.0
        self.budget = budget or Budget(iterations=self.search_playouts, seconds=2.0)

    # -- entry --------------------------------------------------------------------------------------
    def choose(self, ruleset, observation, seat, rng: random.Random):
        actions = ruleset.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]
        state = ruleset.determinize(observation, seat, rng)
        known = getattr(observation, "known", None)
        decision = Decision(ruleset, state, seat, rng, known)
        if self.hard and state.phase in self.searched_phases:
            return self.search(decision, actions, observation)
        return self.decide(decision, actions)

    def decide(self, d: Decision, actions):
        """The planner's choice (also the policy of hard's playouts)."""
        handler = getattr(self, f"_{d.state.phase}", None)
        if handler is None:
            return actions[0]
        return handler(d, actions)

    def policy(self, ruleset, state, seat, rng):
        """A playout move: the planner without search, on a full position."""
        actions = ruleset.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        return self.decide(Decision(ruleset, state, seat, rng, playout=True), actions)

    def at_crowded_table(self, state) -> bool:
        """Hard with more than two players, where the switches above may apply."""
        return self.hard and state.players > 2

    # -- weights --------------------------------------------------------------------------------------
    def weights(self, state):
        return scarcity(state.layout) if self.hard else WEIGHT

    def value_of(self, state, pips) -> float:
        return production_value(pips, self.weights(state), diverse=not self.easy)

    def blur(self, value: float, rng, scale: float = 1.0) -> float:
        """``value`` with easy's noise; a measurement (``standing``, without ``rng``) is never blurred."""
        return value + rng.gauss(0.0, self.noise * scale) if self.noise and rng is not None else value

    def rival_model(self) -> FamilyAgent:
        """The player the others' openings are foreseen as: the family's normal planner."""
        return FamilyAgent("normal")
