"""Cities & Knights' progress cards as a whole: drawing them, the hand limit of 4 (A21), what a player
sees of the others' cards and of the decks, and playing a card through the tables each track's module
fills in (``science_cards``, ``politics_cards``, ``trade_cards``):

- ``card_plays``: card -> the method listing the ways to play it now, none where it would do nothing;
- ``card_effects``: card -> the method applying it, ``(state, seat, action)`` -> events.

A variant changes one card by overriding its methods (the tables name methods, looked up on the class
used). ``ProgressCards`` is a part of ``CitiesKnightsRules`` (a mixin placed before the family engine).
"""

from __future__ import annotations

from itertools import compress

from game.core.rules import Event, IllegalAction, action_key, methods_by_key
from game.games.catan.board import NUM_HEXES
from game.games.catan.family_state import ROLL_NOW, is_index
from game.games.catan.robber import drawn_index
from game.games.catan_ck.cards import (
    CARD_COUNTS,
    CARD_INDEX,
    CARD_TRACK,
    CARDS,
    PROGRESS_LIMIT,
    TRACK_CARDS,
    TRACKS,
    VICTORY_CARDS,
)
from game.games.catan_ck.state import NUM_CARDS

ALCHEMIST = CARD_INDEX["alchemist"]
CARD_NUMBERS = range(NUM_CARDS)
PLAY_SIMPLE = {c: {"type": "play", "card": c} for c in CARDS}


def plays_naming(card: str, key: str, count: int) -> tuple:
    """The play actions of ``card`` naming ``key`` 0 to ``count - 1``, by that number (shared: never change them)."""
    return tuple({"type": "play", "card": card, key: i} for i in range(count))


ALCHEMIST_ACTIONS = tuple({"type": "play", "card": "alchemist", "dice": [a, b]} for a in range(1, 7)
                          for b in range(1, 7))
PROGRESS_DISCARD_ACTIONS = tuple({"type": "progress_discard", "card": c} for c in CARDS)
PROGRESS_DRAW_ACTIONS = tuple({"type": "progress", "card": c} for c in CARDS)
PLAY_DETAILS = ("dice", "resource", "hex", "hexes", "vertex", "edge")
"""What a card's play action may name, repeated in its "played" event."""


def others(state, seat: int) -> list[int]:
    """The other players, in seat order."""
    return [p for p in range(state.players) if p != seat]


class ProgressCards:
    """Progress cards: the decks, the hands and the tables of card -> method (see the module docstring)."""

    card_plays: dict = {}
    card_effects: dict = {}
    handlers = {
        ("pre_roll", "play"): "_do_play",
        ("main", "play"): "_do_play",
        ("progress_draw", "progress"): "_do_progress_draw",
        ("progress_limit", "progress_discard"): "_do_progress_discard",
    }
    actions_by_phase = {"progress_draw": "_progress_draw_outcomes", "progress_limit": "_progress_limit_actions"}
    samplers_by_phase = {"progress_draw": "_sample_progress"}
    actors_by_phase = {"progress_limit": "_step_actor"}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._card_play_finders = methods_by_key(cls, "card_plays")
        cls._card_effect_functions = methods_by_key(cls, "card_effects")

    def _has_pre_roll(self, state, seat: int) -> bool:
        return state.progress[seat][ALCHEMIST] > 0

    def _pre_roll_actions(self, state) -> list:
        return [ROLL_NOW] + (list(ALCHEMIST_ACTIONS) if state.progress[state.current][ALCHEMIST] else [])

    def _progress_plays(self, state, seat: int) -> list:
        finders = self._card_play_finders
        actions = []
        for c in compress(CARD_NUMBERS, state.progress[seat]):
            find = finders.get(CARDS[c])
            if find is not None and c != ALCHEMIST:
                actions += find(self, state, seat)
        return actions

    def _card_plays(self, state, seat: int, card: str) -> list:
        """The ways to play ``card`` now; none where its effect is known to be nothing."""
        find = self._card_play_finders.get(card)
        return [] if find is None else find(self, state, seat)

    def _do_play(self, state, action):
        card = action.get("card")
        seat = state.current
        c = self._held_card(state, seat, card)
        if (state.phase == "pre_roll") != (c == ALCHEMIST):
            raise IllegalAction("the Alchemist is played before the roll, every other card after it")
        ways = ALCHEMIST_ACTIONS if c == ALCHEMIST else self._card_plays(state, seat, CARDS[c])
        if not self._listed(action, ways):
            raise IllegalAction(f"the {CARDS[c]} card cannot be played like that now" if ways else
                                f"the {CARDS[c]} card would do nothing now")
        events = self._card_effect_functions[CARDS[c]](self, state, seat, action)
        state.progress[seat][c] -= 1
        state.under[CARD_TRACK[c]].append([c, -1])
        data = {"seat": seat, "card": CARDS[c]}
        for key in PLAY_DETAILS:
            if key in action:
                data[key] = action[key]
        if "seat" in action:
            data["target"] = action["seat"]
        looks = CARDS[c] in ("spy", "master_merchant")  # the player on turn now sees the target's cards
        return [Event("played", data, reveals=looks)] + events

    def _listed(self, action: dict, ways) -> bool:
        """Whether ``action`` is one of ``ways``: the very dict handed out, or one with the same key (the
        ways equal to it as dicts are tried first, and only their keys made, when they have it)."""
        if any(way is action for way in ways):
            return True
        key = action_key(self._in_listed_order(action))
        return any(action_key(way) == key for way in ways if way == action) or any(
            action_key(way) == key for way in ways)

    @staticmethod
    def _in_listed_order(action: dict) -> dict:
        """``action`` as the legal actions list it: the Inventor's two hexes may come in either order."""
        hexes = action.get("hexes")
        if action.get("card") != "inventor" or not isinstance(hexes, list) or len(hexes) != 2 \
                or not all(is_index(h, NUM_HEXES) for h in hexes):
            return action
        return {**action, "hexes": sorted(hexes)}

    def _held_card(self, state, seat: int, card) -> int:
        c = CARD_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or not state.progress[seat][c]:
            raise IllegalAction("you hold no such progress card")
        return c

    def _progress_draw_outcomes(self, state) -> list:
        track = state.step["track"]
        if state.unseen_count[track]:
            return [PROGRESS_DRAW_ACTIONS[c] for c in TRACK_CARDS[track] if state.unseen[c]]
        return [PROGRESS_DRAW_ACTIONS[state.under[track][0][0]]]

    def _sample_progress(self, state, rng):
        track = state.step["track"]
        if state.unseen_count[track]:
            cards = TRACK_CARDS[track]
            return PROGRESS_DRAW_ACTIONS[cards[drawn_index([state.unseen[c] for c in cards], rng)]]
        return PROGRESS_DRAW_ACTIONS[state.under[track][0][0]]

    def chance_outcomes(self, state):
        if state.phase == "progress_draw":
            track = state.step["track"]
            total = state.unseen_count[track]
            if total:
                return [(PROGRESS_DRAW_ACTIONS[c], state.unseen[c] / total)
                        for c in TRACK_CARDS[track] if state.unseen[c]]
            return [(PROGRESS_DRAW_ACTIONS[state.under[track][0][0]], 1.0)]
        return super().chance_outcomes(state)

    def _do_progress_draw(self, state, action):
        seat, track = state.step["seat"], state.step["track"]
        card = action.get("card")
        c = CARD_INDEX.get(card, -1) if isinstance(card, str) else -1
        if c < 0 or CARD_TRACK[c] != track:
            raise IllegalAction(f"that is not a card of the {TRACKS[track]} deck")
        if state.unseen_count[track]:
            if not state.unseen[c]:
                raise IllegalAction("the deck holds no such card")
            state.unseen[c] -= 1
            state.unseen_count[track] -= 1
        else:
            if state.under[track][0][0] != c:
                raise IllegalAction("that is not the card on top of the deck")
            state.under[track].pop(0)
        return self._receive_progress(state, seat, c) + self._continue(state)

    def _receive_progress(self, state, seat: int, c: int) -> list:
        """A drawn progress card: a victory point card is shown at once; any other goes to the hand,
        and a player over the limit outside their own turn discards at once (A21)."""
        track = TRACKS[CARD_TRACK[c]]
        if c in VICTORY_CARDS:
            state.victory_cards[seat].append(c)
            return [Event("progress_drawn", {"seat": seat, "track": track, "card": CARDS[c], "victory": True})]
        state.progress[seat][c] += 1
        if seat != state.current and sum(state.progress[seat]) > PROGRESS_LIMIT:
            state.queue.insert(0, ("progress_limit", {"seat": seat}))
        return [Event("progress_drawn", {"seat": seat, "track": track, "card": CARDS[c]}, audience=seat,
                      public={"seat": seat, "track": track})]

    def _progress_limit_actions(self, state) -> list:
        hand = state.progress[state.step["seat"]]
        return [PROGRESS_DISCARD_ACTIONS[c] for c in range(NUM_CARDS) if hand[c]]

    def _do_progress_discard(self, state, action):
        seat = state.step["seat"]
        c = self._held_card(state, seat, action.get("card"))
        state.progress[seat][c] -= 1
        state.under[CARD_TRACK[c]].append([c, seat])
        events = [Event("progress_discarded", {"seat": seat, "card": CARDS[c]}, audience=seat,
                        public={"seat": seat, "track": TRACKS[CARD_TRACK[c]]})]
        if sum(state.progress[seat]) > PROGRESS_LIMIT:
            return events
        return events + self._continue(state)

    def _hand_shown(self, state, seat: int, other: int) -> bool:
        return state.phase == "master_merchant" and seat == state.current and other == state.step["seat"]

    def _hide(self, seen, seat: int) -> None:
        spied = seen.step["seat"] if seen.phase == "spy" and seat == seen.current else -1
        for p in range(seen.players):
            if p != seat and p != spied and seen.progress[p] is not None:
                seen.hidden_progress[p] = sum(seen.progress[p])
                seen.progress[p] = None
        seen.unseen = None
        for deck in seen.under:
            for entry in deck:
                if entry[1] >= 0 and entry[1] != seat:
                    entry[0] = -1

    def _fill_hidden(self, full, seat: int, rng) -> None:
        """Deal the unseen progress cards: each deck's own unknown cards to its unseen part and to the
        cards put under it face down, the rest to the hidden hands."""
        if full.unseen is not None and all(p is not None for p in full.progress):
            return
        unknown = list(CARD_COUNTS)
        for p in range(full.players):
            for c in full.victory_cards[p]:
                unknown[c] -= 1
            if full.progress[p] is not None:
                for c in range(NUM_CARDS):
                    unknown[c] -= full.progress[p][c]
        for deck in full.under:
            for c, _ in deck:
                if c >= 0:
                    unknown[c] -= 1
        unseen = [0] * NUM_CARDS
        spare = []
        for t, cards in enumerate(TRACK_CARDS):
            # a victory point card is shown as soon as it is drawn, so an unknown one is still in its deck
            waiting = [c for c in cards if c in VICTORY_CARDS for _ in range(unknown[c])]
            pool = [c for c in cards if c not in VICTORY_CARDS for _ in range(unknown[c])]
            rng.shuffle(pool)
            for c in waiting:
                unseen[c] += 1
            for _ in range(full.unseen_count[t] - len(waiting)):
                unseen[pool.pop()] += 1
            hidden = [entry for entry in full.under[t] if entry[0] < 0]
            for entry in hidden:
                entry[0] = pool.pop()
            spare += pool
        rng.shuffle(spare)
        for p in range(full.players):
            if full.progress[p] is None:
                hand = [0] * NUM_CARDS
                for _ in range(full.hidden_progress[p]):
                    hand[spare.pop()] += 1
                full.progress[p] = hand
                full.hidden_progress[p] = 0
        full.unseen = unseen
