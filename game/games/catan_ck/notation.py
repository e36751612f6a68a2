"""Cities & Knights' part of the position notation (see the ``rules`` module docstring): writing and
reading knights, walls, improvements, metropolises, the barbarians, progress cards and decks, and the
steps under way, with the checks a position read must pass.

``CKNotation`` is a part of ``CitiesKnightsRules`` (a mixin placed before the family engine in its bases).
"""

from __future__ import annotations

from game.core.notation import flag, whole
from game.games.catan.board import NUM_HEXES, NUM_VERTICES
from game.games.catan.family_state import SETTLEMENT_LIMIT
from game.games.catan.notation import counts_json, read_counts, read_seat
from game.games.catan_ck.barbarians import EVENT_ROLLS
from game.games.catan_ck.cards import (
    BARBARIAN_TRACK,
    CARD_COUNTS,
    CARD_INDEX,
    CARD_TRACK,
    CARDS,
    EVENT_FACES,
    KINDS,
    KNIGHTS_PER_STRENGTH,
    LEVELS,
    TRACK_INDEX,
    TRACKS,
    VICTORY_CARDS,
    WALL_LIMIT,
)
from game.games.catan_ck.state import NUM_CARDS, deck_size, progress_in_hand, walls_of

STEP_KEYS = frozenset(("seat", "track", "strength", "active", "resource", "left", "from"))
"""What a step's data may hold."""


class CKNotation:
    """Cities & Knights' fields of the notation (see the module docstring)."""

    def to_json(self, state) -> dict:
        data = super().to_json(state)
        n = state.players
        knights = [[v, state.knight_owner[v], state.knight_strength[v], state.knight_active[v],
                    state.knight_activated[v], state.knight_promoted[v]]
                   for v in range(NUM_VERTICES) if state.knight_owner[v] >= 0]
        for building in data["buildings"]:
            if state.toppled[building[0]]:
                building[2] = "city"  # the piece lies on its side: a city counted as a settlement
        data.update({
            "knights": knights,
            "walls": [v for v in range(NUM_VERTICES) if state.walls[v]],
            "toppled": [v for v in range(NUM_VERTICES) if state.toppled[v]],
            "improvements": [dict(zip(TRACKS, levels, strict=True)) for levels in state.improvements],
            "metropolises": {t: None if v < 0 else v for t, v in zip(TRACKS, state.metropolis, strict=True)},
            "barbarians": state.barbarians,
            "attacks": state.attacks,
            "defenders": list(state.defenders),
            "progress": [None if p is None else counts_json(p, CARDS) for p in state.progress],
            "progress_counts": [progress_in_hand(state, p) for p in range(n)],
            "victory_cards": [[CARDS[c] for c in cards] for cards in state.victory_cards],
            "decks": {t: {"unseen": None if state.unseen is None else
                          counts_json([state.unseen[c] if CARD_TRACK[c] == i else 0 for c in range(NUM_CARDS)], CARDS),
                          "unseen_count": state.unseen_count[i],
                          "under": [[None if c < 0 else CARDS[c], None if by < 0 else by]
                                    for c, by in state.under[i]]}
                      for i, t in enumerate(TRACKS)},
            "merchant": None if state.merchant_hex < 0 else {"hex": state.merchant_hex, "seat": state.merchant_owner},
            "event": state.event,
            "alchemy": None if state.alchemy is None else list(state.alchemy),
            "fleet": [KINDS[k] for k in state.fleet],
            "cranes": state.cranes,
            "giving": list(state.giving),
            "step": None if state.step is None else self._step_json(state.step),
            "queue": [[phase, self._step_json(step)] for phase, step in state.queue],
        })
        if state.harbour_offered:
            data["harbour_offered"] = list(state.harbour_offered)
        return data

    @staticmethod
    def _step_json(step: dict) -> dict:
        data = dict(step)
        if "track" in data:
            data["track"] = TRACKS[data["track"]]
        if "resource" in data:
            data["resource"] = KINDS[data["resource"]]
        if "left" in data and isinstance(data["left"], tuple):
            data["left"] = list(data["left"])
        return data

    def _read_step(self, data, n: int) -> dict:
        if not isinstance(data, dict) or any(k not in STEP_KEYS for k in data):
            raise ValueError(f"a step's data holds only {', '.join(sorted(STEP_KEYS))}")
        step = dict(data)
        if "seat" in step:  # a neutral colour's knight may retreat or desert
            whole(step["seat"], "a step's seat", 0, n + self.neutral_colours - 1)
        if "track" in step:
            if step["track"] not in TRACK_INDEX:
                raise ValueError("a step's track is trade, politics or science")
            step["track"] = TRACK_INDEX[step["track"]]
        if "resource" in step:
            if step["resource"] not in self.kind_index:
                raise ValueError("a step's resource is a card kind")
            step["resource"] = self.kind_index[step["resource"]]
        if "strength" in step:
            whole(step["strength"], "a step's strength", 1, 3)
        if "active" in step:
            flag(step["active"], "a step's active")
        if "from" in step:
            whole(step["from"], "the corner a knight was displaced from", 0, NUM_VERTICES - 1)
        if "left" in step:
            left = step["left"]
            if isinstance(left, list):
                step["left"] = tuple(whole(p, "a seat left to offer", 0, n - 1) for p in left)
            else:
                whole(left, "cards or promotions left", 0, 2)
        return step

    def _read_extra(self, s, data) -> None:
        n = s.players
        self._no_knights(s)
        for item in data["knights"]:
            if not isinstance(item, list) or len(item) != 6:
                raise ValueError("a knight is [vertex, seat, strength, active, activated, promoted]")
            v, seat, strength, active, activated, promoted = item
            whole(v, "a knight's corner", 0, NUM_VERTICES - 1)
            whole(seat, "a knight's colour", 0, len(s.pieces) - 1)
            whole(strength, "a knight's strength", 1, 3)
            if s.occupant[v] >= 0:
                raise ValueError(f"corner {v} holds two pieces")
            s.knight_owner[v] = seat
            s.knight_strength[v] = strength
            s.knight_active[v] = flag(active, "a knight's active")
            s.knight_activated[v] = flag(activated, "a knight's activated this turn")
            s.knight_promoted[v] = flag(promoted, "a knight's promoted this turn")
            s.knight_pieces[seat][strength - 1] += 1
            s.occupant[v] = seat
        if any(count > KNIGHTS_PER_STRENGTH for pieces in s.knight_pieces for count in pieces):
            raise ValueError(f"a seat has more than {KNIGHTS_PER_STRENGTH} knights of a strength")
        s.walls = [False] * NUM_VERTICES
        for v in data["walls"]:
            whole(v, "a wall's corner", 0, NUM_VERTICES - 1)
            if s.vertex_level[v] != 2 or s.walls[v]:
                raise ValueError(f"a city wall needs a city of its own (corner {v})")
            s.walls[v] = True
        if any(walls_of(s, p) > WALL_LIMIT for p in range(n)):
            raise ValueError(f"a seat has more than {WALL_LIMIT} city walls")
        s.toppled = [False] * NUM_VERTICES
        for v in data["toppled"]:
            whole(v, "a toppled city's corner", 0, NUM_VERTICES - 1)
            if s.vertex_level[v] != 2 or s.toppled[v] or s.walls[v] or v in data["metropolises"].values():
                raise ValueError(f"a toppled city is a city piece without wall or metropolis (corner {v})")
            if s.pieces[s.vertex_owner[v]][1] != SETTLEMENT_LIMIT:
                raise ValueError("a city lies on its side only when no settlement piece is left")
            s.toppled[v] = True
            s.vertex_level[v] = 1
        s.improvements = []
        for levels in data["improvements"]:
            row = [whole(levels.get(t, 0), "an improvement level", 0, LEVELS) for t in TRACKS]
            if any(t not in TRACKS for t in levels):
                raise ValueError("improvements are trade, politics and science")
            s.improvements.append(row)
        if len(s.improvements) != n:
            raise ValueError("improvements have one entry per seat")
        metropolises = data["metropolises"]
        s.metropolis = []
        for t in TRACKS:
            v = metropolises.get(t)
            if v is not None:
                whole(v, "a metropolis's corner", 0, NUM_VERTICES - 1)
                holder = s.vertex_owner[v]
                if s.vertex_level[v] != 2 or v in s.metropolis or s.improvements[holder][TRACK_INDEX[t]] < 4:
                    raise ValueError(f"the {t} metropolis needs a city of a holder at level 4 or 5")
            s.metropolis.append(-1 if v is None else v)
        s.barbarians = whole(data["barbarians"], "barbarians", 0, BARBARIAN_TRACK - 1)
        s.attacks = whole(data["attacks"], "attacks", 0, 10 ** 6)
        s.defenders = [whole(d, "defenders", 0, 100) for d in data["defenders"]]
        if len(s.defenders) != n:
            raise ValueError("defenders have one entry per seat")
        self._read_progress(s, data)
        merchant = data["merchant"]
        s.merchant_hex, s.merchant_owner = -1, -1
        if merchant is not None:
            s.merchant_hex = whole(merchant["hex"], "the merchant's hex", 0, NUM_HEXES - 1)
            s.merchant_owner = whole(merchant["seat"], "the merchant's seat", 0, n - 1)
        s.event = data["event"]
        if s.event is not None and s.event not in EVENT_FACES:
            raise ValueError("the event die shows ship, trade, politics or science")
        alchemy = data["alchemy"]
        if alchemy is not None and (not isinstance(alchemy, list) or tuple(alchemy) not in EVENT_ROLLS):
            raise ValueError("the Alchemist's dice are two numbers from 1 to 6")
        s.alchemy = None if alchemy is None else tuple(alchemy)
        s.fleet = [self.kind_index[k] for k in data["fleet"]]
        s.cranes = whole(data["cranes"], "cranes", 0, 2)
        s.giving = [whole(g, "cards to give", 0, 2) for g in data["giving"]]
        if len(s.giving) != n:
            raise ValueError("giving has one entry per seat")
        offered = data.get("harbour_offered", [])
        if not isinstance(offered, list) or len(set(offered)) != len(offered):
            raise ValueError("harbour_offered lists each seat once")
        s.harbour_offered = tuple(whole(p, "a seat offered a Commercial Harbor exchange", 0, n - 1) for p in offered)
        s.step = None if data["step"] is None else self._read_step(data["step"], n)
        queue = data["queue"]
        if not isinstance(queue, list):
            raise ValueError("the queue is a list of [phase, data]")
        s.queue = []
        for item in queue:
            phase, step = item
            if phase not in self.queued_steps:
                raise ValueError(f"unknown step {phase!r} in the queue")
            s.queue.append((phase, self._read_step(step, n)))

    def _read_progress(self, s, data) -> None:
        n = s.players
        hands, counts = data["progress"], data["progress_counts"]
        if len(hands) != n or len(counts) != n:
            raise ValueError("progress and progress_counts have one entry per seat")
        s.progress = [None if h is None else read_counts(h, CARDS, "progress cards") for h in hands]
        s.hidden_progress = [whole(c, "a progress card count", 0, sum(CARD_COUNTS)) if s.progress[p] is None
                             else 0 for p, c in enumerate(counts)]
        if any(p is not None and any(p[c] for c in VICTORY_CARDS) for p in s.progress):
            raise ValueError("victory point cards lie open, never in a hand")
        s.victory_cards = []
        for cards in data["victory_cards"]:
            if any(CARD_INDEX.get(c, -1) not in VICTORY_CARDS for c in cards):
                raise ValueError("victory_cards lists Printer and Constitution only")
            s.victory_cards.append([CARD_INDEX[c] for c in cards])
        if len(s.victory_cards) != n:
            raise ValueError("victory_cards has one entry per seat")
        decks = data["decks"]
        if not isinstance(decks, dict) or set(decks) != set(TRACKS):
            raise ValueError("decks are trade, politics and science")
        s.unseen = [0] * NUM_CARDS
        s.unseen_count = [0] * len(TRACKS)
        s.under = []
        hidden_unseen = False
        for t, name in enumerate(TRACKS):
            deck = decks[name]
            if deck["unseen"] is None:
                hidden_unseen = True
                s.unseen_count[t] = whole(deck["unseen_count"], "unseen_count", 0, 18)
            else:
                counts_of = read_counts(deck["unseen"], CARDS, "a deck")
                if any(counts_of[c] and CARD_TRACK[c] != t for c in range(NUM_CARDS)):
                    raise ValueError(f"the {name} deck holds a card of another deck")
                for c in range(NUM_CARDS):
                    s.unseen[c] += counts_of[c]
                s.unseen_count[t] = sum(counts_of)
            under = []
            for entry in deck["under"]:
                card, by = entry
                c = -1 if card is None else CARD_INDEX.get(card, -2)
                if c == -2 or (c >= 0 and CARD_TRACK[c] != t):
                    raise ValueError(f"the {name} deck holds a card of another deck")
                under.append([c, read_seat(by, n, "who put a card under a deck")])
            s.under.append(under)
        s.unseen = None if hidden_unseen else s.unseen
        if s.unseen is not None and all(p is not None for p in s.progress) and \
                all(c >= 0 for deck in s.under for c, _ in deck):
            total = list(s.unseen)
            for p in range(n):
                for c in range(NUM_CARDS):
                    total[c] += s.progress[p][c]
                for c in s.victory_cards[p]:
                    total[c] += 1
            for deck in s.under:
                for c, _ in deck:
                    total[c] += 1
            if total != list(CARD_COUNTS):
                raise ValueError("the progress cards are not the 54 of the game")

    def _check_phase(self, s) -> None:
        super()._check_phase(s)
        phase = s.phase
        needs = {"choose_deck": ("seat",), "pillage": ("seat",), "progress_limit": ("seat",),
                 "aqueduct": ("seat",), "retreat": ("seat", "strength", "active"), "desert": ("seat",),
                 "deserter_place": ("strength", "active"), "harbour_offer": ("left",),
                 "harbour_answer": ("seat", "resource", "left"), "spy": ("seat",),
                 "master_merchant": ("seat", "left"), "smith": ("left",), "progress_draw": ("seat", "track")}
        if phase in needs and (s.step is None or any(key not in s.step for key in needs[phase])):
            raise ValueError(f"the {phase} step needs {', '.join(needs[phase])}")
        if phase == "give" and not any(s.giving):
            raise ValueError("nobody has cards to give")
        if phase == "progress_draw" and not deck_size(s, s.step["track"]):
            raise ValueError("a draw from an empty deck")
