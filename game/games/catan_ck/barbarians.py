"""Cities & Knights' roll: the number dice with the event die, production with commodities and the
Aqueduct, the 7, and the barbarians: a ship on the event die moves them, and on landing they attack
(defenders rewarded, the weakest pillaged); a city gate draws progress cards.

``Barbarians`` is a part of ``CitiesKnightsRules`` (a mixin placed before the family engine in its bases).
"""

from __future__ import annotations

from functools import cache

from game.core.rules import Event, IllegalAction
from game.games.catan.board import NUM_VERTICES, RESOURCES
from game.games.catan.family_state import ALL_ROLLS
from game.games.catan.robber import drawn_index
from game.games.catan_ck.cards import (
    ABILITY_LEVEL,
    BARBARIAN_TRACK,
    CITY_COMMODITY,
    EVENT_FACES,
    EVENT_WEIGHTS,
    KINDS,
    SCIENCE,
    TRACK_INDEX,
    TRACKS,
)
from game.games.catan_ck.state import DONE, NO_CORNERS, RESOURCE_KINDS, active_strength, deck_size

EVENT_ROLLS = {(a, b): tuple({"type": "roll", "dice": [a, b], "event": face} for face in EVENT_FACES)
               for a in range(1, 7) for b in range(1, 7)}
"""Rolls by number dice: one action per event-die face."""
PILLAGE_ACTIONS = tuple({"type": "pillage", "vertex": v} for v in range(NUM_VERTICES))
AQUEDUCT_ACTIONS = tuple({"type": "aqueduct", "resource": r} for r in RESOURCES)
CHOOSE_DECK_ACTIONS = tuple({"type": "choose_deck", "track": t} for t in TRACKS)


@cache
def turn_order(current: int, players: int) -> tuple[int, ...]:
    """The seats in turn order from ``current``."""
    return tuple((current + k) % players for k in range(players))


class Barbarians:
    """The roll, the event die and the barbarians (see the module docstring)."""

    handlers = {
        ("choose_deck", "choose_deck"): "_do_choose_deck",
        ("pillage", "pillage"): "_do_pillage",
        ("aqueduct", "aqueduct"): "_do_aqueduct",
        ("aqueduct", "done"): "_do_done",
    }
    actions_by_phase = {
        "choose_deck": "_choose_deck_actions",
        "pillage": "_pillage_actions",
        "aqueduct": "_aqueduct_actions",
    }
    actors_by_phase = {"choose_deck": "_step_actor", "pillage": "_step_actor", "aqueduct": "_step_actor"}

    def robber_awake(self, state) -> bool:
        """The robber sleeps in the desert until the first barbarian attack."""
        return state.attacks > 0

    def _roll_outcomes(self, state) -> list:
        if state.alchemy is not None:
            return list(EVENT_ROLLS[state.alchemy])
        return [action for roll in ALL_ROLLS for action in EVENT_ROLLS[tuple(roll["dice"])]]

    def _sample_roll(self, state, rng):
        dice = state.alchemy if state.alchemy is not None else (rng.randrange(1, 7), rng.randrange(1, 7))
        return EVENT_ROLLS[dice][drawn_index(EVENT_WEIGHTS, rng)]

    def chance_outcomes(self, state):
        phase = state.phase
        if phase == "roll":
            faces = sum(EVENT_WEIGHTS)
            rolls = [state.alchemy] if state.alchemy is not None else [tuple(r["dice"]) for r in ALL_ROLLS]
            return [(EVENT_ROLLS[dice][f], EVENT_WEIGHTS[f] / faces / len(rolls))
                    for dice in rolls for f in range(len(EVENT_FACES))]
        return super().chance_outcomes(state)

    def _check_roll(self, state, action) -> tuple[int, int, str]:
        """The number dice and the event face of a roll, checked before anything changes."""
        a, b = self._dice(action)
        face = action.get("event")
        if face not in EVENT_FACES:
            raise IllegalAction("the event die shows a ship or a city gate (trade, politics, science)")
        if state.alchemy is not None and (a, b) != state.alchemy:
            raise IllegalAction("the Alchemist has set the number dice")
        return a, b, face

    def _do_roll(self, state, action):
        a, b, face = self._check_roll(state, action)
        state.alchemy = None
        total = a + b
        state.dice = (a, b)
        state.event = face
        state.rolled = True
        state.queue = []
        events = [Event("rolled", {"seat": state.current, "dice": [a, b], "total": total, "event": face})]
        events += self._event_die(state, face, b)
        state.queue.append(("produce", {}) if total != 7 else ("seven", {}))
        return events + self._continue(state)

    def _event_die(self, state, face: str, red: int) -> list:
        """A ship moves the barbarians (who may attack); a city gate queues the draws of those whose
        level in that colour reaches the red die (red <= level + 1)."""
        if face == "ship":
            return self._advance_barbarians(state)
        track = TRACK_INDEX[face]
        improvements = state.improvements
        for seat in self._turn_order(state):
            level = improvements[seat][track]
            if level and red <= level + 1:
                state.queue.append(("progress_draw", {"seat": seat, "track": track}))
        return []

    def _turn_order(self, state) -> tuple[int, ...]:
        return turn_order(state.current, state.players)

    def _advance_barbarians(self, state) -> list:
        state.barbarians += 1
        events = [Event("barbarians", {"position": state.barbarians})]
        if state.barbarians >= BARBARIAN_TRACK:
            events.append(self._attack(state))
        return events

    def _attack(self, state) -> Event:
        """The barbarians land: cities against active knights; then every knight rests, the ship
        sails back and the robber wakes (A12: already for a 7 of this roll)."""
        strength = sum(1 for v in range(NUM_VERTICES) if state.vertex_level[v] == 2)
        defence = [active_strength(state, p) for p in range(state.players)]
        order = self._turn_order(state)
        data = {"strength": strength, "defence": defence, "defender": None, "tied": [], "pillaged": []}
        if sum(defence) >= strength:
            best = max(defence)
            leaders = [p for p in order if defence[p] == best]
            if len(leaders) == 1:
                state.defenders[leaders[0]] += 1  # A35: the point counts even when the cards run out
                data["defender"] = leaders[0]
            else:
                data["tied"] = leaders
                state.queue += [("choose_deck", {"seat": p}) for p in leaders]
        else:
            exposed = [p for p in order if self._ordinary_cities(state, p)]  # A33: metropolises only: immune
            if exposed:
                weakest = min(defence[p] for p in exposed)
                data["pillaged"] = [p for p in exposed if defence[p] == weakest]
                state.queue += [("pillage", {"seat": p}) for p in data["pillaged"]]
        state.knight_active[:] = NO_CORNERS
        state.knight_activated[:] = NO_CORNERS
        state.barbarians = 0
        state.attacks += 1
        return Event("attack", data)

    def _production(self, state) -> list:
        """The number total pays out; then the Aqueduct for those it gave nothing (A11)."""
        event = self._produce(state, sum(state.dice), CITY_COMMODITY)
        gains = event.data["gains"]
        improvements = state.improvements
        owed = [("aqueduct", {"seat": p}) for p in self._turn_order(state)
                if not gains[p] and improvements[p][SCIENCE] >= ABILITY_LEVEL]
        if owed:
            state.queue[0:0] = owed
        return [event]

    def _seven_step(self, state) -> bool:
        """A 7: everyone over their limit (7, and 2 more per city wall) discards half; then the
        robber moves if awake."""
        any_discard = self._owe_discards(state)
        state.queue.insert(0, ("robber", {}))
        if any_discard:
            state.phase = "discard"
            return True
        return False

    def _choose_deck_actions(self, state) -> list:
        return [CHOOSE_DECK_ACTIONS[t] for t in range(len(TRACKS)) if deck_size(state, t)]

    def _do_choose_deck(self, state, action):
        t = self._track(action.get("track"))
        seat = state.step["seat"]
        if not deck_size(state, t):
            raise IllegalAction("that deck is empty")
        state.queue.insert(0, ("progress_draw", {"seat": seat, "track": t}))
        return [Event("deck_chosen", {"seat": seat, "track": TRACKS[t]})] + self._continue(state)

    def _pillage_actions(self, state) -> list:
        return [PILLAGE_ACTIONS[v] for v in self._ordinary_cities(state, state.step["seat"])]

    def _do_pillage(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.step["seat"]
        if v not in self._ordinary_cities(state, seat):
            raise IllegalAction("choose one of your cities without a metropolis")
        state.vertex_level[v] = 1
        state.walls[v] = False
        toppled = state.pieces[seat][1] >= 5
        if toppled:  # A34: no settlement piece left, the city lies on its side
            state.toppled[v] = True
        else:
            state.pieces[seat][1] += 1
            state.pieces[seat][2] -= 1
        return [Event("pillaged", {"seat": seat, "vertex": v, "toppled": toppled})] + self._continue(state)

    def _aqueduct_actions(self, state) -> list:
        return [AQUEDUCT_ACTIONS[r] for r in RESOURCE_KINDS if state.bank[r]] + [DONE]

    def _do_aqueduct(self, state, action):
        r = self._kind(action.get("resource"))
        seat = state.step["seat"]
        if r >= len(RESOURCES) or not state.bank[r]:
            raise IllegalAction("take a resource the bank still has")
        state.bank[r] -= 1
        state.hands[seat][r] += 1
        return [Event("aqueduct", {"seat": seat, "resource": KINDS[r]})] + self._continue(state)
