"""Cannonades AI: an evaluation, a rollout policy, move pruning and the three levels.

Every level is ISMCTS over determinized positions (opponents' hands, face-down ships and the
pile's contents are sampled afresh each iteration). The search sees the game through
``PrunedRules``, which drops moves a sensible captain never makes (futile shots, duplicate
targets, ending a turn in self-elimination while a ship could be added). Every level cuts its
playouts short and scores the position with ``evaluate``; hard plays its playouts with the
heuristic captain of ``policy``, further ahead, thinks longer, and while the pile runs low before
the standoff plays them to the real end: who triggers the standoff decides who may still shoot and
who acts last.
"""

from __future__ import annotations

import math
import random

from game.ai import Budget, ISMCTSAgent
from game.ai.base import Agent
from game.core.rules import CHANCE
from game.games.cannonades.rules import (
    CODES,
    DECKS,
    GRINS,
    IS_SHIP,
    MASK,
    MAX_SHIPS,
    SHIP_KINDS,
    UNKNOWN,
    CannonadesRules,
    fleet_facing,
    fleet_icons,
    is_futile,
)

# What a face-down ship of unknown colour is sunk by, on average, for each cannonade colour mask:
# the share of ship cards of the deck whose colour is in the mask.
_SHIP_COLOUR_SHARE: dict[int, float] = {}


def _hit_chance(mask: int) -> float:
    """The chance that a shot of colour ``mask`` sinks an unseen ship (deck proportions)."""
    if mask not in _SHIP_COLOUR_SHARE:
        deck = DECKS["standard"]
        ships = sum(deck[k] for k in SHIP_KINDS)
        _SHIP_COLOUR_SHARE[mask] = sum(deck[k] for k in SHIP_KINDS if MASK[k] & mask) / ships
    return _SHIP_COLOUR_SHARE[mask]


RACE_WEIGHT = 0.6
"""How much, at the end, the fleet race against the largest rival fleet weighs beside the strength share."""


def lateness(state) -> float:
    """0 early, rising to 1 as the pile runs out: then ships decide the standoff's ranking."""
    return 1.0 if state.standoff else max(0.0, 1.0 - state.pile_size / 12)


def strength(state, seat: int) -> float:
    """How well placed a captain is: ships first, then cannonades and cards to act with."""
    if not state.alive[seat]:
        return 0.0
    fleet = state.ships[seat]
    hidden = sum(1 for up in state.up[seat] if not up)
    hand = state.hands[seat]
    cannonades = sum(1 for k in hand if k != UNKNOWN and not IS_SHIP[k])
    reserve_ships = sum(1 for k in hand if k != UNKNOWN and IS_SHIP[k])
    grins = sum(GRINS[k] for k, up in zip(fleet, state.up[seat], strict=False) if k != UNKNOWN and not up)
    ship_weight = 3.0 + 4.0 * lateness(state)
    return (2.0 + ship_weight * len(fleet) + 1.0 * hidden + 0.6 * cannonades + 0.4 * min(reserve_ships, MAX_SHIPS)
            + 0.2 * len(hand) + 0.3 * grins)


def race(state, seat: int) -> float:
    """Where the standoff's first key would put ``seat`` now, in [0, 1]: its fleet against the largest rival's."""
    rival = max((len(state.ships[s]) for s in range(state.players) if s != seat and state.alive[s]), default=0)
    return 1.0 / (1.0 + math.exp(-1.2 * (len(state.ships[seat]) - rival)))


def evaluate(ruleset, state, seat: int) -> float:
    """A share of the table's strength for ``seat``, in [0, 1]: 1 is a certain win."""
    if state.phase == "over":
        result = ruleset.result(state)
        return 1.0 if result.ranks[seat] == 0 else 0.0
    if not state.alive[seat]:
        return 0.0
    strengths = [strength(state, s) for s in range(state.players)]
    mine = strengths[seat]
    best_other = max(value for s, value in enumerate(strengths) if s != seat)
    total = sum(strengths)
    # Being ahead of the strongest rival matters more than the share when many still play.
    share = mine / total if total else 0.0
    lead = mine / (mine + best_other) if mine + best_other else 0.0
    if state.players == 2:
        return lead
    late = lateness(state)
    standing = (0.5 - 0.4 * late) * share + (0.5 + 0.4 * late) * lead
    if not late:
        return standing
    # With many captains, strength shares stay close; near the standoff only out-shipping the best rival wins.
    return (1.0 - RACE_WEIGHT * late) * standing + RACE_WEIGHT * late * race(state, seat)


# -- pruning -------------------------------------------------------------------------------------
class PrunedRules(CannonadesRules):
    """The rules as the search sees them: the same game with pointless moves left out.

    Shots at an opponent's face-down ships are kept for one slot only: to anyone but their owner
    those ships are alike, so the other slots would only split the search.
    """

    def legal_actions(self, state):
        actions = super().legal_actions(state)
        if self.to_act(state) == CHANCE or state.phase not in ("actions", "reaction"):
            return actions
        if state.phase == "reaction":
            # Face-down ships of one player are alike to everyone but their owner: reveal the first.
            useful, revealing = [], False
            for action in actions:
                if action["option"] == "reveal":
                    if revealing:
                        continue
                    revealing = True
                if action["option"] != "pass":
                    useful.append(action)
            return useful or actions
        seat = state.current
        kept, seen = [], set()
        can_add = any(a["type"] == "add" for a in actions)
        for action in actions:
            kind = action["type"]
            if kind in ("shoot", "board"):
                if is_futile(state, action):
                    continue
                target, slot = action["seat"], action["slot"]
                victim = state.ships[target][slot] if state.up[target][slot] else UNKNOWN
                weapon = action["card"] if kind == "shoot" else state.ships[seat][action["ship"]]
                signature = (kind, weapon, target, victim)
                if signature in seen:
                    continue
                seen.add(signature)
            elif kind == "end" and can_add and not state.ships[seat]:
                continue
            kept.append(action)
        return kept


PRUNED = PrunedRules()


# -- the heuristic captain -----------------------------------------------------------------------
def _card_value(state, seat: int, kind: int) -> float:
    """How much a card in hand is worth keeping (for discards)."""
    if IS_SHIP[kind]:
        room = MAX_SHIPS - len(state.ships[seat])
        return 1.5 + 0.3 * GRINS[kind] if room > 0 else 0.4 + 0.3 * GRINS[kind]
    sure = sum(1 for t in range(state.players) if t != seat and state.alive[t]
               for k, up in zip(state.ships[t], state.up[t], strict=False) if up and MASK[k] & MASK[kind])
    return 1.0 + _hit_chance(MASK[kind]) + 0.8 * sure


def _weakest_card(state, seat: int, cards) -> int:
    return min(cards, key=lambda k: (_card_value(state, seat, k), k))


def policy(ruleset, state, seat: int, rng: random.Random, fleet_first: bool = False) -> dict:
    """A quick, sensible move for playouts: sure sinks, keep the fleet full, shoot, draw, end. With
    ``fleet_first`` a standoff turn fills the fleet before shooting (``_final_turn_move``)."""
    phase = state.phase
    if phase == "actions":
        if fleet_first and state.standoff:
            return _final_turn_move(state, seat, rng)
        return _turn_move(state, seat, rng)
    if phase == "reaction":
        _, against = state.reactions[0]
        hidden = [slot for slot, up in enumerate(state.up[against]) if not up]
        if hidden:
            return {"type": "react", "option": "reveal", "slot": rng.choice(hidden)}
        if state.pile_size > 0:
            return {"type": "react", "option": "draw"}
        if state.hands[against]:
            return {"type": "react", "option": "discard"}
        return {"type": "react", "option": "pass"}
    if phase in ("forced_discard", "limit"):
        return {"type": "discard", "card": CODES[_weakest_card(state, seat, set(state.hands[seat]))]}
    if phase == "pick":
        options = {k for k in state.discard if not IS_SHIP[k]}
        return {"type": "pick", "card": CODES[max(options, key=lambda k: (_card_value(state, seat, k), k))]}
    return rng.choice(ruleset.legal_actions(state))


def _standing(state, seat: int) -> tuple[int, int, int]:
    """The first three standoff keys of a fleet as it stands: ships, different icons, same facing."""
    fleet = state.ships[seat]
    return len(fleet), fleet_icons(fleet, state.options["icon_tiebreak"] == "bga"), fleet_facing(fleet)


def _final_turn_move(state, seat: int, rng: random.Random) -> dict:
    """A standoff turn, the last chance to act: the ranking counts ships, so fill the fleet first (the
    ship that adds most icons, then facing), then sink the best placed rival's ships."""
    hand = state.hands[seat]
    fleet = state.ships[seat]
    ships_in_hand = sorted({k for k in hand if IS_SHIP[k]})
    if ships_in_hand and len(fleet) < MAX_SHIPS:
        bga = state.options["icon_tiebreak"] == "bga"
        best = max(ships_in_hand, key=lambda k: (fleet_icons(fleet + [k], bga), fleet_facing(fleet + [k]), GRINS[k]))
        return {"type": "add", "card": CODES[best]}
    cannonades = sorted({k for k in hand if not IS_SHIP[k]})
    rivals = [t for t in range(state.players) if t != seat and state.alive[t] and state.ships[t]]
    if state.first_turn or not cannonades or not rivals:
        return {"type": "end"}
    for target in sorted(rivals, key=lambda t: (_standing(state, t), rng.random()), reverse=True):
        hidden = []
        for slot, (ship, up) in enumerate(zip(state.ships[target], state.up[target], strict=False)):
            if not up:
                hidden.append(slot)
                continue
            for card in cannonades:
                if MASK[card] & MASK[ship]:
                    return {"type": "shoot", "card": CODES[card], "seat": target, "slot": slot}
        if hidden:
            card = max(cannonades, key=lambda k: _hit_chance(MASK[k]))
            return {"type": "shoot", "card": CODES[card], "seat": target, "slot": rng.choice(hidden)}
    return {"type": "end"}


def _turn_move(state, seat: int, rng: random.Random) -> dict:
    hand = state.hands[seat]
    fleet = state.ships[seat]
    enemies = [t for t in range(state.players) if t != seat and state.alive[t] and state.ships[t]]
    cannonades = sorted({k for k in hand if not IS_SHIP[k]})
    ships_in_hand = sorted({k for k in hand if IS_SHIP[k]}, key=lambda k: -GRINS[k])
    sign = -1 if lateness(state) > 0.5 else 1
    if not state.first_turn and enemies:
        # A sure sink: a face-up enemy ship of one of our colours, the weakest fleet first, or
        # the largest once the standoff nears and ships decide the ranking.
        for target in sorted(enemies, key=lambda t: (sign * len(state.ships[t]), rng.random())):
            for slot, (ship, up) in enumerate(zip(state.ships[target], state.up[target], strict=False)):
                if not up:
                    continue
                for card in cannonades:
                    if MASK[card] & MASK[ship]:
                        return {"type": "shoot", "card": CODES[card], "seat": target, "slot": slot}
                for own, (mine, mine_up) in enumerate(zip(fleet, state.up[seat], strict=False)):
                    if mine_up and MASK[mine] & MASK[ship] and (len(fleet) > 1 or ships_in_hand):
                        return {"type": "board", "ship": own, "seat": target, "slot": slot}
    if ships_in_hand and len(fleet) < MAX_SHIPS:
        return {"type": "add", "card": CODES[ships_in_hand[0]]}
    if not state.first_turn and enemies and cannonades:
        hidden = [(t, slot) for t in enemies for slot, up in enumerate(state.up[t]) if not up]
        if hidden and sign < 0:
            most = max(len(state.ships[t]) for t, _ in hidden)
            hidden = [(t, slot) for t, slot in hidden if len(state.ships[t]) == most]
        if hidden:
            card = max(cannonades, key=lambda k: _hit_chance(MASK[k]))
            target, slot = rng.choice(hidden)
            return {"type": "shoot", "card": CODES[card], "seat": target, "slot": slot}
    if state.pile_size > 0 and hand and state.actions_left > 1:
        spare = [k for k in hand if IS_SHIP[k] and GRINS[k]] if len(fleet) >= MAX_SHIPS else []
        if spare:
            return {"type": "draw", "card": CODES[max(spare, key=lambda k: GRINS[k])]}
        if not cannonades and fleet:
            return {"type": "draw", "card": CODES[_weakest_card(state, seat, set(hand))]}
    return {"type": "end"}


class NoisyPolicy:
    """The heuristic captain with a share ``epsilon`` of uniformly random (pruned) moves."""

    def __init__(self, epsilon: float, fleet_first: bool = False):
        self.epsilon = epsilon
        self.fleet_first = fleet_first

    def __call__(self, ruleset, state, seat, rng):
        if rng.random() < self.epsilon:
            return rng.choice(PRUNED.legal_actions(state))
        return policy(ruleset, state, seat, rng, self.fleet_first)


class CannonadesAgent(Agent):
    """ISMCTS through ``PrunedRules``; a single sensible move is played without searching.

    ``endgame``, when given, takes over once the pile holds ``endgame_pile`` cards or fewer until the
    standoff starts: its playouts run to the real end, since who triggers the standoff decides who may
    still shoot and who acts last, which no evaluation of a cut playout sees. In the standoff itself the
    evaluation of cut playouts chooses better (the ranking's keys settle each final turn).
    """

    def __init__(self, search: ISMCTSAgent, endgame: ISMCTSAgent | None = None, endgame_pile: int = 0):
        self.search = search
        self.endgame = endgame
        self.endgame_pile = endgame_pile

    def choose(self, ruleset, observation, seat, rng):
        actions = PRUNED.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]
        near_the_end = (self.endgame is not None and not observation.standoff
                        and observation.pile_size <= self.endgame_pile)
        return (self.endgame if near_the_end else self.search).choose(PRUNED, observation, seat, rng)


LEVELS = {
    "easy": dict(budget=Budget(iterations=12, seconds=0.2), rollout_depth=2, policy=None, exploration=1.0),
    "normal": dict(budget=Budget(iterations=150, seconds=0.8), rollout_depth=4, policy=None, exploration=0.7),
    "hard": dict(budget=Budget(iterations=700, seconds=2.0), rollout_depth=12, policy=NoisyPolicy(0.25),
                 exploration=0.7, endgame_pile=15, endgame_policy=NoisyPolicy(0.25, fleet_first=True)),
}
"""Easy and normal score the position after a few random moves, easy after fewer and from a dozen playouts
(it still beats a random captain; with more it played about as well as normal); hard searches longer and plays a
turn or so ahead with the heuristic captain before scoring, and while the pile runs low before the
standoff plays its playouts to the end of the game, where final turns fill the fleet first: an added
ship counts against every rival, a sunk one against one."""


def make_agent(level: str) -> Agent:
    settings = LEVELS[level]

    def search(depth, playout_policy):
        return ISMCTSAgent(settings["budget"], evaluate=evaluate, policy=playout_policy, rollout_depth=depth,
                           exploration=settings["exploration"])

    endgame_pile = settings.get("endgame_pile")
    endgame = search(None, settings["endgame_policy"]) if endgame_pile is not None else None
    return CannonadesAgent(search(settings["rollout_depth"], settings["policy"]), endgame, endgame_pile or 0)
