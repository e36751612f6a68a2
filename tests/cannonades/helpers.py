"""Positions for rule tests, built through the position notation."""

from __future__ import annotations

import random

from game.core.rules import CHANCE
from game.games.cannonades.rules import CODES, DECKS, RULES, normalize_options


def position(players=2, hands=None, ships=None, discard=(), pile=None, current=0, first_turn=False,
             actions_left=4, options=None, turns_taken=None, alive=None, eliminated=(), rest_to=None,
             **extra) -> dict:
    """A position in the notation: given hands, ships (``[code, face_up]``) and discard; the rest
    of the deck goes to the pile, or when ``pile`` (``{code: count}``) is given, to the discard
    (or to the hand of seat ``rest_to``)."""
    options = normalize_options(options or {})
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    ships = [[list(s) for s in fleet] for fleet in (ships or [[] for _ in range(players)])]
    left = dict(zip(CODES, DECKS[options["deck"]], strict=True))
    for code in [c for h in hands for c in h] + [s[0] for f in ships for s in f] + list(discard):
        left[code] -= 1
        assert left[code] >= 0, f"too many {code}"
    discard = list(discard)
    if pile is None:
        pile = {c: n for c, n in left.items() if n}
    else:
        for code, n in pile.items():
            left[code] -= n
            assert left[code] >= 0, f"too many {code} in the pile"
        rest = [c for c, n in left.items() for _ in range(n)]
        (discard if rest_to is None else hands[rest_to]).extend(rest)
    data = {
        "players": players, "options": options, "pile": dict(pile), "pile_size": sum(pile.values()),
        "discard": discard, "hands": hands, "ships": ships,
        "alive": list(alive) if alive else [True] * players, "eliminated": list(eliminated),
        "turns_taken": list(turns_taken) if turns_taken else [1 if first_turn else 2] * players,
        "phase": "actions", "current": current, "start_player": 0, "turn_number": 5, "first_turn": first_turn,
        "actions_left": actions_left, "draws_due": 0, "drawer": 0, "ships_only": False, "after_draw": None,
        "deal_queue": [], "mulligan_at": players, "reactions": [], "forced_seat": 0, "pick_seat": 0,
        "pick_then": "actions", "take_from": 0, "take_by": 0, "spoils": [], "standoff": False, "trigger": None,
        "final_queue": [], "end_reason": None, "remembered": None,
    }
    data.update(extra)
    return data


def state_of(**kwargs):
    return RULES.from_json(position(**kwargs))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def play(state, *actions):
    """Apply actions in order and return all their events."""
    events = []
    for action in actions:
        events += RULES.apply(state, action)
    return events


def deal(state, *codes):
    """Force the next cards off the pile."""
    events = []
    for code in codes:
        assert RULES.to_act(state) == CHANCE
        events += RULES.apply(state, {"type": "deal", "card": code})
    return events


def finish_chance(state, seed=0):
    rng = random.Random(seed)
    while RULES.to_act(state) == CHANCE:
        RULES.apply(state, RULES.sample_chance(state, rng))
