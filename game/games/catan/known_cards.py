"""What each seat knows of the others' hands, counted from the events it was shown (no pygame).

A person at the table can count cards: production, bank and domestic trades, builds, discards and
the cards played are public, and a steal shows its card to the thief and the victim. A computer
player only gets its observation, so the engine keeps that count for it: ``KnownCards`` holds, per
observing seat and per other seat, the cards the observer is sure that seat holds (a lower bound,
never more than the truth), and the offers each seat refused. ``observe`` keeps the observer's own
row only, and ``determinize`` deals hidden hands that contain those cards.

Instances are never changed: ``note`` returns a new one, so states share them without copying.
Card movements the count does not know by name (a variant's own events) are still caught by the
public hand sizes: cards that left a hand unexplained make the count forget as many cards of every
kind, which keeps it a lower bound.
"""

from __future__ import annotations

from game.core.notation import whole, wholes
from game.core.rules import Event
from game.games.catan.production import KIND_BITS, KIND_MASK

REFUSALS_KEPT = 12
"""Refused offers remembered (the most recent ones): enough for a round of offers at a full table."""


class KnownCards:
    """``public[seat]``: the counts per card kind everyone knows ``seat`` holds; ``private``: (observer,
    seat) -> the counts ``observer`` knows where it saw more than the others (a steal shows its card to
    the thief and the victim); ``totals``: every seat's hand size when last counted; ``offer``: the
    offer on the table as (proposer, give, want); ``refusals``: (turn, proposer, refuser, give, want)
    of offers refused, oldest first; ``turn``: the turn number, 0 before the first turn (when
    buildings are placed for free)."""

    __slots__ = ("totals", "public", "private", "offer", "refusals", "turn")

    def __init__(self, totals, public, private, offer=None, refusals=(), turn=0):
        self.totals = totals
        self.public = public
        self.private = private
        self.offer = offer
        self.refusals = refusals
        self.turn = turn

    @classmethod
    def unknown(cls, hand_sizes, kinds: int, turn: int = 0) -> KnownCards:
        """Nobody knows anything of the others' hands (a new game, a position read from notation)."""
        return cls(tuple(hand_sizes), ((0,) * kinds,) * len(hand_sizes), {}, turn=turn)

    def seen_by(self, observer: int) -> KnownCards:
        """The part ``observer`` may know: what the thief and the victim saw stays with them."""
        private = {key: counts for key, counts in self.private.items() if key[0] == observer}
        return KnownCards(self.totals, self.public, private, self.offer, self.refusals, self.turn)

    def to_json(self) -> dict:
        """The count in a position's notation (``counted``): the private rows sorted, so equal counts read alike."""
        return {"totals": list(self.totals), "public": [list(row) for row in self.public],
                "private": [[o, p, list(counts)] for (o, p), counts in sorted(self.private.items())],
                "offer": None if self.offer is None else list(self.offer),
                "refusals": [list(refusal) for refusal in self.refusals], "turn": self.turn}

    @classmethod
    def from_json(cls, data, players: int, kinds: int) -> KnownCards:
        """The count back from ``to_json``; ValueError for anything else."""
        def counts(value, what):
            return tuple(wholes(value, what, kinds, 0, 10 ** 4))

        if not isinstance(data, dict):
            raise ValueError("counted must be an object")
        public = data.get("public")
        private = data.get("private")
        refusals = data.get("refusals")
        offer = data.get("offer")
        if not isinstance(public, list) or len(public) != players or not isinstance(private, list) \
                or not isinstance(refusals, list) or len(refusals) > REFUSALS_KEPT:
            raise ValueError("counted has public rows per seat, private rows and refusals")
        rows = {}
        for row in private:
            if not isinstance(row, list) or len(row) != 3:
                raise ValueError("a private row of counted is [observer, seat, counts]")
            rows[(whole(row[0], "observer", 0, players - 1), whole(row[1], "seat", 0, players - 1))] = counts(
                row[2], "a private count")
        for item in refusals + ([] if offer is None else [offer[-3:]]):
            if not isinstance(item, list) or not all(isinstance(side, dict) for side in item[-2:]):
                raise ValueError("an offer of counted gives and wants cards by name")
        if offer is not None and len(offer) != 3 or any(len(r) != 5 for r in refusals):
            raise ValueError("counted's offer is [seat, give, want], a refusal [turn, seat, seat, give, want]")
        return cls(tuple(wholes(data.get("totals"), "totals", players, 0, 10 ** 4)),
                   tuple(counts(row, "a public count") for row in public), rows,
                   None if offer is None else (whole(offer[0], "offer seat", 0, players - 1), offer[1], offer[2]),
                   tuple((whole(r[0], "turn", 0, 10 ** 6), whole(r[1], "proposer", 0, players - 1),
                          whole(r[2], "refuser", 0, players - 1), r[3], r[4]) for r in refusals),
                   whole(data.get("turn"), "turn", 0, 10 ** 6))

    def held(self, observer: int, seat: int) -> tuple:
        """The cards ``observer`` knows ``seat`` holds, as counts per kind."""
        return self.private.get((observer, seat), self.public[seat])

    def refused(self, proposer: int, seat: int, since_turn: int) -> list[tuple]:
        """(give, want) of the offers of ``proposer`` that ``seat`` refused from ``since_turn`` on."""
        return [(give, want) for turn, p, s, give, want in self.refusals
                if p == proposer and s == seat and turn >= since_turn]


CARD_EVENTS = frozenset(("produced", "starting_resources", "discarded", "bank_trade", "traded", "built", "buying",
                         "played", "stole", "harbour_trade", "offer", "answer", "trade_cancelled"))
"""Events the count reads; after any other event only the hand sizes are compared."""
QUIET_EVENTS = frozenset(("robber", "tile", "harbor", "tokens", "layout", "first_player"))
"""Events that open the list of an action which moves no cards (the layout, the robber, whose steal
follows as its own action): the engine links no journal entry for them."""


def _updated(held, delta, forget: int, size: int) -> tuple:
    """``held`` after the seen changes ``delta`` and ``forget`` cards of unknown kind gone, at most ``size``."""
    if delta is None:
        counts = list(held)
    else:
        counts = [c + d if c + d > 0 else 0 for c, d in zip(held, delta, strict=True)]
    if forget:
        counts = [c - forget if c > forget else 0 for c in counts]
    excess = sum(counts) - size
    if excess > 0:
        counts = [c - excess if c > excess else 0 for c in counts]
    return tuple(counts)


def counted(known, sizes, costs: dict, kind_index: dict) -> KnownCards:
    """The count at the end of ``known``: a ``KnownCards`` or a journal entry leading back to one.

    The engine links an entry per action, ``[the count or entry before it, None, the action's events...]``
    (one flat list: fewer objects for the garbage collector to walk in a long game), or for a roll that paid
    cards ``[..., None, the credits paid]`` (``production.credits``: what its production event says), and the count is
    made only when someone looks, so a playout nobody observes pays one small list per action. Once the
    second item is written, with what the rest determine, the rest is dropped: states that branched
    earlier keep their own entries. ``sizes`` are the hand sizes now, which catch cards that moved
    without an event the count reads."""
    pending = []
    while type(known) is list and known[1] is None:
        pending.append(known)
        known = known[0]
    count = known[1] if type(known) is list else known
    if pending:
        for entry in reversed(pending):
            items = entry[2:]
            if type(items[0]) is dict:
                items = [produced(items[0], len(sizes), tuple(kind_index))]
            count = note(count, items, costs, kind_index)
        newest = pending[0]
        newest[1] = count = forget_unexplained(count, tuple(sizes))
        newest[0] = None  # made: what led to it is never read again, so a long game keeps no old events
        del newest[2:]
    elif tuple(sizes) != count.totals:
        count = forget_unexplained(count, tuple(sizes))
    return count


def produced(credits: dict, players: int, names: tuple) -> Event:
    """The production event of a roll that paid ``credits`` (see ``production.credits``), as the count reads it."""
    gains = [{} for _ in range(players)]
    for key, count in sorted(credits.items()):
        gains[key >> KIND_BITS][names[key & KIND_MASK]] = count
    return Event("produced", {"gains": gains})


def note(known: KnownCards, events, costs: dict, kind_index: dict) -> KnownCards:
    """The count after the ``events`` of one action (``costs``: the price of each piece by name).
    Its ``totals`` are the hand sizes those events explain; ``forget_unexplained`` compares them
    with the real ones."""
    if not any(event.kind in CARD_EVENTS or event.kind == "turn" for event in events):
        return known
    kinds = len(kind_index)
    totals = list(known.totals)
    delta = {}  # seat -> gains and losses everyone saw
    steals = []  # (thief, victim, kind)
    offer, refusals, turn = known.offer, known.refusals, known.turn

    def change(seat, counts, sign):
        row = delta.get(seat)
        if row is None:
            row = delta[seat] = [0] * kinds
        for name, k in counts.items():
            row[kind_index[name]] += sign * k
            totals[seat] += sign * k

    for event in events:
        kind, data = event.kind, event.data
        if kind == "produced":
            for seat, gains in enumerate(data["gains"]):
                if gains:
                    change(seat, gains, 1)
        elif kind == "turn":
            turn = data["turn"]
        elif kind == "starting_resources":
            change(data["seat"], data["cards"], 1)
        elif kind == "discarded":
            change(data["seat"], data["cards"], -1)
        elif kind == "bank_trade":
            change(data["seat"], {data["give"]: data["count"]}, -1)
            change(data["seat"], {data["get"]: 1}, 1)
        elif kind == "traded":
            change(data["seat"], data["give"], -1)
            change(data["seat"], data["get"], 1)
            change(data["partner"], data["get"], -1)
            change(data["partner"], data["give"], 1)
            offer = None
        elif kind == "built" and turn and not data.get("free") and data["piece"] in costs \
                and data["seat"] < len(totals):  # a neutral colour's piece (two players) costs no one a card
            cost = costs[data["piece"]]
            change(data["seat"], {name: cost[r] for name, r in kind_index.items() if cost[r]}, -1)
        elif kind == "buying" and "development" in costs:
            cost = costs["development"]
            change(data["seat"], {name: cost[r] for name, r in kind_index.items() if cost[r]}, -1)
        elif kind == "played":
            if "resources" in data:
                gains = {}
                for name in data["resources"]:
                    gains[name] = gains.get(name, 0) + 1
                change(data["seat"], gains, 1)
            elif "taken" in data:
                for seat, k in enumerate(data["taken"]):
                    if k:
                        change(seat, {data["resource"]: k}, -1)
                change(data["seat"], {data["resource"]: sum(data["taken"])}, 1)
        elif kind == "stole":
            thief, victim = data["thief"], data["victim"]
            steals.append((thief, victim, kind_index[data["resource"]]))
            totals[thief] += 1
            totals[victim] -= 1
        elif kind == "harbour_trade":  # a swap only the two saw: a card taken each way
            steals.append((data["seat"], data["to"], kind_index[data["card"]]))
            steals.append((data["to"], data["seat"], kind_index[data["resource"]]))
        elif kind == "offer":
            offer = (data["seat"], data["give"], data["want"])
        elif kind == "answer" and data["answer"] == "decline" and offer is not None:
            proposer, give, want = offer
            refusals = (refusals + ((turn, proposer, data["seat"], give, want),))[-REFUSALS_KEPT:]
        elif kind == "trade_cancelled":
            offer = None
    if not delta and not steals:
        return KnownCards(known.totals, known.public, known.private, offer, refusals, turn)
    players = len(totals)
    sizes = tuple(totals)
    private = known.private
    if steals:
        private = dict(private)
        for thief, victim, _ in steals:
            for key in ((thief, victim), (victim, thief)):
                if key not in private:
                    private[key] = known.held(*key)
    blind = [0] * players  # cards stolen from each seat, of a kind only the thief and the victim saw
    for _, victim, _ in steals:
        blind[victim] += 1
    public = tuple(_updated(held, delta.get(p), blind[p], sizes[p]) if p in delta or blind[p] else held
                   for p, held in enumerate(known.public))
    if private:
        updated = {}
        for (o, p), held in private.items():
            seen = list(delta.get(p, [0] * kinds))
            unseen = 0
            for thief, victim, r in steals:
                if victim == p:
                    if o == thief:
                        seen[r] -= 1
                    else:
                        unseen += 1
                elif thief == p and o == victim:
                    seen[r] += 1
            counts = _updated(held, seen, unseen, sizes[p])
            if counts != public[p]:
                updated[(o, p)] = counts
        private = updated
    return KnownCards(sizes, public, private, offer, refusals, turn)


def forget_unexplained(known: KnownCards, sizes: tuple) -> KnownCards:
    """The count with the real hand sizes: cards that left a hand without an event the count reads
    (a variant's own) are forgotten as that many cards of every kind, which keeps it a lower bound."""
    if sizes == known.totals:
        return known
    lost = [max(0, t - s) for t, s in zip(known.totals, sizes, strict=True)]
    public = tuple(_updated(held, None, lost[p], sizes[p]) for p, held in enumerate(known.public))
    private = {}
    for (o, p), held in known.private.items():
        counts = _updated(held, None, lost[p], sizes[p])
        if counts != public[p]:
            private[(o, p)] = counts
    return KnownCards(sizes, public, private, known.offer, known.refusals, known.turn)
