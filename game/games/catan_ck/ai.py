"""Cities & Knights computer players: the family's planner (``catan.ai_family``) with the expansion's
goals, knights and progress cards (no pygame).

What it adds to the planner
---------------------------
- Income and cities: a city beside forest, pasture or mountains earns a commodity, so the planner
  counts commodity income per kind and weighs a city by its commodities too (the first city most:
  improvements need one).
- Goals: the next level of each improvement track (worth its progress-card odds, the level-3
  ability and above all a metropolis it would win; a race a rival leads is worth less), city walls,
  and knights: recruit, activate and promote. Knights are worth most when the barbarians are near and
  this seat would be among the weakest defenders with an ordinary city to lose (or one activation
  from Defender of Catan): the urgency grows as the ship comes closer.
- Progress cards are played only where they do something worth the card: Medicine and Engineer at
  once, harvests for at least two cards, the Crane with the improvement it pays for, the Alchemist
  only for a number (never a 7) that pays this seat well above an ordinary roll, the Inventor for a
  real gain in pips, the Bishop and the Diplomat where they hurt a leader, the Warlord and the Smith
  when knights need it, monopolies where the others hold enough of what the plan needs. Knights chase
  the robber off this seat's hexes. Over the progress hand limit the least useful card goes.
- Choices asked by others' cards (the deck of a reward, a city to lose, a knight to give up, what to
  give or answer) keep what is worth most; trades weigh commodities with the planner's hand measure
  and never help a seat close to winning.
- Levels as in the family: easy plays as a beginner (and looks at the barbarians only when they are
  one step away), normal plays the planner, hard searches the main phase and the robber with playouts.
  Hard's planner also counts what an improvement level draws: the progress cards its extra red face
  brings on every roll for the rest of the game (a first level in a track most), so it starts tracks
  early and spends spare cards on commodities rather than hoarding for a distant build.
"""

from __future__ import annotations

from game.ai.base import Agent, Budget
from game.games.catan import board
from game.games.catan.ai_family import RESOURCES, Decision, FamilyAgent, Goal
from game.games.catan.building import distance_ok
from game.games.catan_ck.ai_cards import CARD_VALUE, MEAN_CARD_VALUE, ProgressCardPlayer
from game.games.catan_ck.ai_defence import (
    ACTIVATE_COST,
    CITY_AT_STAKE,
    PROMOTE_COST,
    RECRUIT_COST,
    URGENCY,
    WALL_COST,
    Defender,
    knights_of,
    loses_attack,
)
from game.games.catan_ck.cards import (
    ABILITY_LEVEL,
    BARBARIAN_TRACK,
    CARD_TRACK,
    CARDS,
    CITY_COMMODITY,
    LEVELS,
    METROPOLIS_LEVEL,
    TAKEOVER_LEVEL,
    TRACK_COMMODITY,
    TRACKS,
)
from game.games.catan_ck.rules import active_strength

DONE = {"type": "done"}
ROUNDS_PER_POINT = 1.8
"""Rounds of dice a game of Cities & Knights takes per point the leader still lacks (four players, 13 points)."""


def commodity_pips(state, seat: int) -> list[int]:
    """Pips per card kind of ``seat``'s buildings in Cities & Knights: a city beside a commodity's
    terrain earns one resource and one commodity; the robber's hex gives nothing."""
    pips = [0] * len(state.hands[seat])
    layout = state.layout
    robber = state.robber
    for v in range(board.NUM_VERTICES):
        if state.vertex_owner[v] != seat:
            continue
        city = state.vertex_level[v] == 2 and not state.toppled[v]
        for h in board.VERTEX_HEXES[v]:
            r = layout.hex_resource[h]
            if r < 0 or h == robber or layout.numbers[h] is None:
                continue
            p = board.PIPS[layout.numbers[h]]
            pips[r] += p
            if city:
                pips[CITY_COMMODITY[r] if CITY_COMMODITY[r] >= 0 else r] += p
    return pips


class CitiesKnightsAgent(Defender, ProgressCardPlayer, FamilyAgent):
    """A Cities & Knights player of one level (see the module docstring)."""

    search_playouts = 40
    """A playout of Cities & Knights costs about three of base Catan's (knights, improvements and
    commodities in every plan): fewer of them keep hard's decisions within a second of processor time."""

    # -- the planner's measures ---------------------------------------------------------------------
    def kind_pips(self, state, seat: int) -> list[int]:
        return commodity_pips(state, seat)

    def kind_weight(self, kind: int) -> float:
        return super().kind_weight(kind) if kind < RESOURCES else 1.2

    def city_extra(self, d: Decision, v: int) -> float:
        layout = d.state.layout
        commodity = sum(board.PIPS[layout.numbers[h]] for h in board.VERTEX_HEXES[v]
                        if layout.hex_resource[h] >= 0 and CITY_COMMODITY[layout.hex_resource[h]] >= 0
                        and layout.numbers[h] is not None)
        first = 0.0 if d.ruleset.has_city(d.state, d.seat) else 4.0
        return 0.8 * commodity + first

    def price(self, d: Decision, action) -> tuple:
        kind = action["type"]
        if kind == "wall":
            return WALL_COST
        if kind == "knight":
            return RECRUIT_COST
        if kind == "promote":
            return PROMOTE_COST
        if kind == "activate":
            return ACTIVATE_COST
        if kind == "improve":
            return self.improve_cost(d, TRACKS.index(action["track"]))
        return super().price(d, action)

    @staticmethod
    def improve_cost(d: Decision, track: int) -> tuple:
        """The commodities the next level of ``track`` costs this seat (one less after a Crane)."""
        state = d.state
        cost = [0] * d.ruleset.kind_count
        cost[TRACK_COMMODITY[track]] = max(0, state.improvements[d.seat][track] + 1 - (state.cranes > 0))
        return tuple(cost)

    def holding_value(self, state, seat: int) -> float:
        hand = state.progress[seat]
        cards = 0.0 if hand is None else sum(CARD_VALUE.get(CARDS[c], 0.0) * n for c, n in enumerate(hand) if n)
        strength = sum(state.knight_strength[v] for v in knights_of(state, seat))
        levels = sum(min(level, ABILITY_LEVEL) for level in state.improvements[seat])
        value = 0.5 * cards + 0.15 * strength + 0.1 * active_strength(state, seat) + 0.25 * levels
        if loses_attack(state, seat, [active_strength(state, p) for p in range(state.players)]):
            value -= CITY_AT_STAKE * URGENCY.get(BARBARIAN_TRACK - state.barbarians, 0.2)  # the city likely lost
        return value

    # -- goals --------------------------------------------------------------------------------------
    def extra_goals(self, d: Decision) -> list[Goal]:
        if not d.ruleset.has_city(d.state, d.seat):
            return self.knight_goals(d)
        return self.improvement_goals(d) + self.knight_goals(d) + self.wall_goals(d)

    def improvement_goals(self, d: Decision) -> list[Goal]:
        state, seat, ruleset = d.state, d.seat, d.ruleset
        goals = []
        sites = ruleset.metropolis_sites(state, seat)
        for t, track in enumerate(TRACKS):
            level = state.improvements[seat][t] + 1
            if level > LEVELS:
                continue
            held = state.metropolis[t]
            mine = held >= 0 and state.vertex_owner[held] == seat
            if level >= METROPOLIS_LEVEL and not mine and not sites:
                continue
            worth = 0.25 + 0.08 * level
            if level == ABILITY_LEVEL:
                worth += 0.45
            rival = max(state.improvements[p][t] for p in range(state.players) if p != seat)
            wins = ruleset._wins_metropolis(state, seat, t, level)  # read only
            if wins:
                worth += 2.2
            elif level == METROPOLIS_LEVEL - 1 and held < 0:
                worth += 0.9 if rival < METROPOLIS_LEVEL - 1 else 0.4  # one level from a free metropolis
            elif level == METROPOLIS_LEVEL and held >= 0 and not mine:
                holder = state.vertex_owner[held]
                worth += 0.5 if state.improvements[holder][t] < TAKEOVER_LEVEL else -0.2
            elif level > METROPOLIS_LEVEL and mine and rival >= METROPOLIS_LEVEL:
                worth += 1.5  # level 5 keeps the metropolis for good
            if rival >= level + 1 and not mine:
                worth *= 0.7
            if self.hard:
                worth += self.draws_worth(d, level)
            if wins:
                site = max(sites, key=lambda v: sum(state.layout.vertex_pips[v]))
                action = {"type": "improve", "track": track, "vertex": site}
            else:
                action = {"type": "improve", "track": track}
            goals.append(Goal("improve", worth, self.improve_cost(d, t), action))
        return goals

    def draws_worth(self, d: Decision, level: int) -> float:
        """Hard's worth of the progress cards a track's ``level`` adds over the rest of the game: every
        roll shows the track's gate with a chance of one in six, and the level lets one more red face
        draw (two more for the first level), for the rounds the leader still needs to win."""
        faces = 2 if level == 1 else 1
        draws_per_round = d.state.players * faces / 36.0
        rounds_left = ROUNDS_PER_POINT * max(0, self.points_to_go(d))
        return draws_per_round * rounds_left * MEAN_CARD_VALUE

    # -- the turn: cards and knights before the plan ------------------------------------------------
    def pre_roll(self, d: Decision, actions):
        return self.alchemist(d, actions)

    def alchemist(self, d: Decision, actions):
        """The Alchemist's dice when a number pays this seat well above an ordinary roll (never a 7,
        which would only help the robber's player if it had no use for it)."""
        alchemy = [a for a in actions if a.get("card") == "alchemist"]
        if not alchemy:
            return None
        state, seat = d.state, d.seat
        gains = self.roll_gains(state)
        expected = sum(board.PIPS[n] * gains[n][seat] for n in gains) / 36.0
        best, best_value = None, expected + (1.0 if self.easy else 1.6)
        for action in alchemy:
            white, red = action["dice"]
            total = white + red
            if total == 7:
                continue
            take = gains[total]
            value = take[seat] - 0.4 * max(take[p] for p in range(state.players) if p != seat)
            value += 0.1 * sum(1 for level in state.improvements[seat] if level and red <= level + 1)
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def roll_gains(state) -> dict:
        """Cards each seat receives on each total (the robber's hex gives nothing)."""
        gains = {n: [0] * state.players for n in range(2, 13)}
        layout = state.layout
        for h in range(board.NUM_HEXES):
            number = layout.numbers[h]
            if number is None or h == state.robber or layout.hex_resource[h] < 0:
                continue
            for v in board.HEX_VERTICES[h]:
                owner = state.vertex_owner[v]
                if 0 <= owner < state.players:
                    gains[number][owner] += state.vertex_level[v]
        return gains

    def card_play(self, d: Decision, actions):
        state = d.state
        if state.cranes:
            improves = [a for a in actions if a["type"] == "improve"]
            if improves:
                return max(improves, key=lambda a: state.improvements[d.seat][TRACKS.index(a["track"])])
        knight_step = self.chase(d, actions) or self.displace(d, actions)
        if knight_step is not None:
            return knight_step
        plays = [a for a in actions if a["type"] == "play"]
        if not plays:
            return None
        best, best_value = None, 0.0
        for action in plays:
            value = self.play_value(d, action)
            if value > best_value:
                best, best_value = action, value
        return best

    def chase(self, d: Decision, actions):
        """A knight chases the robber off a hex where this seat's buildings stand."""
        chases = [a for a in actions if a["type"] == "chase"]
        if not chases:
            return None
        state, seat = d.state, d.seat
        if not any(state.vertex_owner[v] == seat for v in board.HEX_VERTICES[state.robber]):
            return None
        free = [a for a in chases if not self.on_guard(d, a["vertex"])]
        return min(free, key=lambda a: state.knight_strength[a["vertex"]]) if free else None

    def on_guard(self, d: Decision, v: int) -> bool:
        """Whether the active knight on ``v`` must stay active: without it this seat would lose a
        city to barbarians that are near."""
        state, seat = d.state, d.seat
        defence = [active_strength(state, p) for p in range(state.players)]
        defence[seat] -= state.knight_strength[v]
        return self.threat(d) > 0.5 and loses_attack(state, seat, defence)

    def displace(self, d: Decision, actions):
        """A knight drives off a weaker knight of another colour that stands where this seat would
        settle (a free corner on its road) or on the road path of its next settlement."""
        state, seat = d.state, d.seat
        wanted = set()
        for goal in self.goals(d)[:3]:
            if goal.kind == "settlement":
                wanted.add(goal.vertex)
                wanted.update(w for e in goal.roads for w in board.EDGE_VERTICES[e])
        best, best_strength = None, 0
        for action in actions:
            if action["type"] != "knight_move":
                continue
            w = action["to"]
            if state.knight_owner[w] in (-1, seat) or self.on_guard(d, action["vertex"]):
                continue
            blocks = w in wanted or (distance_ok(state.vertex_owner, w)
                                     and any(state.edge_owner[e] == seat for e in board.VERTEX_EDGES[w]))
            if blocks and state.knight_strength[w] > best_strength - (best is None):
                best, best_strength = action, state.knight_strength[w]
        return best

    # -- steps other seats' cards and the dice ask for ----------------------------------------------
    def _setup_city(self, d: Decision, actions):
        return self._setup_settlement(d, actions)

    def _progress_limit(self, d: Decision, actions):
        return min(actions, key=lambda a: self.blur(CARD_VALUE.get(a["card"], 0.0), d.rng, 0.3))

    def _spy(self, d: Decision, actions):
        return max(actions, key=lambda a: CARD_VALUE.get(a["card"], 0.0))

    def _choose_deck(self, d: Decision, actions):
        state = d.state

        def expected(action):
            t = TRACKS.index(action["track"])
            cards = [c for c in range(len(CARDS)) if CARD_TRACK[c] == t and state.unseen[c]]
            if not cards:
                return 0.5
            return sum(CARD_VALUE.get(CARDS[c], 1.0) * state.unseen[c] for c in cards) / \
                sum(state.unseen[c] for c in cards)

        return max(actions, key=expected)

    def _pillage(self, d: Decision, actions):
        state = d.state
        return min(actions, key=lambda a: (sum(state.layout.vertex_pips[a["vertex"]]) + 3 * state.walls[a["vertex"]]))

    def _aqueduct(self, d: Decision, actions):
        takes = [a for a in actions if a["type"] == "aqueduct"]
        if not takes:
            return DONE
        hand = d.state.hands[d.seat]
        return max(takes, key=lambda a: self.hand_worth(d, self.plus(hand, d.ruleset.kind_index[a["resource"]], 1)))

    @staticmethod
    def plus(hand, k: int, n: int) -> list:
        after = list(hand)
        after[k] += n
        return after

    _give = FamilyAgent._discard  # the Wedding: give what is missed least, one card at a time

    def _harbour_answer(self, d: Decision, actions):
        hand = d.state.hands[d.seat]
        return max(actions, key=lambda a: self.hand_worth(d, self.plus(hand, d.ruleset.kind_index[a["card"]], -1)))

    def _master_merchant(self, d: Decision, actions):
        hand = d.state.hands[d.seat]
        return max(actions, key=lambda a: self.hand_worth(d, self.plus(hand, d.ruleset.kind_index[a["card"]], 1)))

    def _harbour_offer(self, d: Decision, actions):
        offers = [a for a in actions if a["type"] == "harbour_offer" and self.safe_partner(d, a["seat"])]
        if not offers:
            return DONE
        hand = d.state.hands[d.seat]
        return max(offers, key=lambda a: self.hand_worth(d, self.plus(hand, d.ruleset.kind_index[a["resource"]], -1)))

    def _retreat(self, d: Decision, actions):
        return self.knight_place(d, actions)

    def _deserter_place(self, d: Decision, actions):
        return self.knight_place(d, actions) if any(a["type"] == "knight" for a in actions) else DONE

    def knight_place(self, d: Decision, actions):
        spots = [a["vertex"] for a in actions if "vertex" in a]
        spot = self.best_knight_spot(d, spots)
        return next(a for a in actions if a.get("vertex") == spot)

    def _desert(self, d: Decision, actions):
        state = d.state
        return min(actions, key=lambda a: (state.knight_active[a["vertex"]], state.knight_strength[a["vertex"]]))

    def _relocate(self, d: Decision, actions):
        return self._road_building(d, actions)

    def _smith(self, d: Decision, actions):
        state = d.state
        promotions = [a for a in actions if a["type"] == "promote"]
        if not promotions:
            return DONE
        return max(promotions, key=lambda a: (state.knight_active[a["vertex"]], state.knight_strength[a["vertex"]]))


def make_agent(level: str, budget: Budget | None = None) -> Agent:
    """The computer player for "easy", "normal" or "hard" (``budget`` bounds hard's search)."""
    return CitiesKnightsAgent(level, budget)
