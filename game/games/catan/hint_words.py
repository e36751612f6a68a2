"""What a hint suggests in a Catan game and why, in a few concrete words (no pygame).

``FamilyHints`` names a move of any game of the family and finds its reason in what its player may see,
mostly from the move played on a copy of their observation (``game.core.hints.outcome``): the numbers a
build adds to their production, the hexes the robber blocks, the build a trade or a card pays for, the
road it lengthens. A game adds its own moves as ``hint_<type>`` methods of a subclass (Cities & Knights,
the two-player layer). Every line is "<what>: <why>" (``catan.hint.line``).
"""

from __future__ import annotations

import math

from game.core.hints import outcome
from game.core.rules import Event
from game.games.catan import text as catan_text
from game.games.catan.board import (
    COSTS,
    EDGE_HEXES,
    EDGE_POSITIONS,
    HEX_CENTRES,
    PIPS,
    RESOURCES,
    VERTEX_HEXES,
    VERTEX_POSITIONS,
)
from game.games.catan.production import production

NUMBERS = tuple(n for n in range(2, 13) if n != 7)
COMPASS = ("e", "ne", "n", "nw", "w", "sw", "s", "se")
SHOWN = 3
"""Most numbers a reason lists (the likeliest first)."""


class FamilyHints:
    """Words for the moves every Catan game shares; ``explain`` makes the line."""

    city_commodity = None
    """Per resource, the commodity a city also earns there (Cities & Knights), or None."""
    builds = (("road", COSTS["road"]), ("settlement", COSTS["settlement"]), ("city", COSTS["city"]),
              ("development", COSTS["development"]))
    """What a hand may pay for, in the order a reason prefers, with its cost in resources."""

    def __init__(self, ruleset, observation, seat: int, tr):
        self.ruleset = ruleset
        self.state = observation
        self.seat = seat
        self.tr = tr
        self.outcomes: dict[str, tuple | None] = {}

    def explain(self, action: dict) -> str:
        tr = self.tr
        method = getattr(self, f"hint_{action['type']}", None)
        what, why = method(action) if method else (tr("catan.hint.other"), tr("catan.hint.why.other"))
        return tr("catan.hint.line", what=what, why=why)

    # -- what the player may see ---------------------------------------------------------------------
    def played(self, action: dict):
        """(position, events) after ``action`` on a guess of the hidden cards from the observation (the
        words read the board and the player's own hand only), or None when it cannot be told."""
        key = repr(sorted(action.items()))
        if key not in self.outcomes:
            self.outcomes[key] = outcome(self.ruleset, self.state, action, self.seat)
        return self.outcomes[key]

    def after(self, action: dict):
        played = self.played(action)
        return None if played is None else played[0]

    def events(self, action: dict, kind: str) -> list[dict]:
        played = self.played(action)
        return [] if played is None else [event.data for event in played[1] if event.kind == kind]

    def place(self, **where) -> str:
        """A corner, path or hex in the log's words ("at Forest 9, Hills 6 and Fields 3"); a corner or path
        on the coast of a single hex by its side of that hex ("at the north-east corner of Fields 3")."""
        tr = self.tr
        hexes, spot, key = (), None, None
        if "vertex" in where:
            hexes, spot, key = VERTEX_HEXES[where["vertex"]], VERTEX_POSITIONS[where["vertex"]], "corner"
        elif "edge" in where:
            hexes, spot, key = EDGE_HEXES[where["edge"]], EDGE_POSITIONS[where["edge"]], "path"
        if len(hexes) == 1 and self.state.layout is not None:
            return tr(f"catan.hint.coast_{key}", side=tr(f"catan.hint.side.{compass(spot, HEX_CENTRES[hexes[0]])}"),
                      hex=catan_text.hex_name(tr, self.state.layout, hexes[0]))
        kind = "robber" if "hex" in where else "built"
        return catan_text.place_words(Event(kind, where), self.state.layout, tr) or ""

    def sentence(self, parts: list[str]) -> str:
        """Reasons joined into one sentence ("a, b.")."""
        return self.tr("catan.hint.why.list", parts=self.tr("catan.log.separator").join(parts))

    def kind_name(self, kind: str) -> str:
        return self.tr(f"catan.resource.{kind}")

    def hand(self, state=None) -> list[int]:
        return list((state or self.state).hands[self.seat])

    def cards(self, counts) -> str:
        """Card counts per kind as "2 ore, 1 wool"."""
        kinds = self.ruleset.kinds
        return catan_text.card_list(self.tr, {kinds[k]: n for k, n in enumerate(counts) if n > 0})

    def owed(self, state) -> dict[int, list]:
        """Per number, the cards each seat is owed when it is rolled (the robber's hex yields nothing)."""
        return {n: production(state.layout, state.vertex_owner, state.vertex_level, state.robber, n, state.players,
                              self.ruleset.kind_count, self.city_commodity) for n in NUMBERS}

    def yield_change(self, before, after, seat: int) -> list[tuple[int, int, int]]:
        """(number, kind, cards) that ``seat`` earns more (or, negative, less) after than before."""
        old, new = self.owed(before), self.owed(after)
        return [(n, k, new[n][seat][k] - old[n][seat][k]) for n in NUMBERS
                for k in range(self.ruleset.kind_count) if new[n][seat][k] != old[n][seat][k]]

    def numbers_words(self, changes, key: str = "catan.hint.on_number") -> str:
        """"1 lumber on 9, 2 ore on 5" (``key`` "catan.hint.gain_on" for "+1 lumber on 9"): the likeliest
        first, at most ``SHOWN``."""
        changes = sorted(changes, key=lambda c: (-PIPS[c[0]], c[0], c[1]))[:SHOWN]
        kinds = self.ruleset.kinds
        return self.tr("catan.log.separator").join(
            self.tr(key, count=abs(count), resource=self.kind_name(kinds[k]), number=n) for n, k, count in changes)

    def affordable(self, hand) -> list[str]:
        return [name for name, cost in self.builds if all(hand[i] >= c for i, c in enumerate(cost))]

    def build_name(self, name: str) -> str:
        return self.tr(f"catan.hint.build.{name}")

    def newly_affordable(self, hand_after) -> str | None:
        """The first build the hand after a move pays for that the hand now does not."""
        now = self.affordable(self.hand())
        return next((name for name in self.affordable(hand_after) if name not in now), None)

    def nearest_build(self, lacking: int | None = None) -> tuple[str, list[int]] | None:
        """The build the hand lacks fewest cards for (name, the cards lacking per resource), if any lacks;
        with ``lacking``, only a build that lacks that kind of card."""
        hand = self.hand()
        best = None
        for name, cost in self.builds:
            missing = [max(0, c - hand[i]) for i, c in enumerate(cost)]
            if lacking is not None and (lacking >= len(missing) or not missing[lacking]):
                continue
            if any(missing) and (best is None or sum(missing) < sum(best[1])):
                best = (name, missing)
        return best

    def pays_for(self, hand_after, otherwise: str) -> str:
        """"then you can build a city" when the hand after a move pays for a new build, else ``otherwise``."""
        build = self.newly_affordable(hand_after)
        return self.tr("catan.hint.why.pays", build=self.build_name(build)) if build else otherwise

    def produced_by(self, seat: int) -> list[tuple[int, int, int]]:
        """What ``seat`` earns per number now, as (number, kind, cards)."""
        owed = self.owed(self.state)
        return [(n, k, owed[n][seat][k]) for n in NUMBERS for k in range(self.ruleset.kind_count) if owed[n][seat][k]]

    # -- the moves -------------------------------------------------------------------------------------
    def hint_roll(self, action):
        tr = self.tr
        numbers = sorted({n for n, _, _ in self.produced_by(self.seat)}, key=lambda n: (-PIPS[n], n))
        if not numbers:
            return tr("catan.hint.roll"), tr("catan.hint.why.roll_none")
        return tr("catan.hint.roll"), tr("catan.hint.why.roll", numbers=tr("catan.log.separator").join(
            str(n) for n in numbers))

    def hint_end_turn(self, action):
        tr = self.tr
        hand = self.hand()
        if not any(hand):
            return tr("catan.hint.end_turn"), tr("catan.hint.why.end_turn_empty")
        key = "catan.hint.why.end_turn_keep" if self.affordable(hand) else "catan.hint.why.end_turn"
        return tr("catan.hint.end_turn"), tr(key, cards=self.cards(hand))

    def build_reason(self, action, points: str) -> str:
        """What a new building brings: the numbers it adds, a better rate with the bank, a point."""
        tr = self.tr
        after = self.after(action)
        if after is None:
            return tr(points)
        parts = []
        gains = [c for c in self.yield_change(self.state, after, self.seat) if c[2] > 0]
        if gains:
            parts.append(self.numbers_words(gains, "catan.hint.gain_on"))
        old_rates, new_rates = self.ruleset.bank_rates(self.state, self.seat), self.ruleset.bank_rates(after, self.seat)
        better = [k for k in range(len(RESOURCES)) if new_rates[k] < old_rates[k]]
        if better:
            kind = self.kind_name(self.ruleset.kinds[better[0]]) if len(better) == 1 else tr("catan.hint.any_card")
            parts.append(tr("catan.hint.rate", resource=kind, rate=new_rates[better[0]]))
        parts.append(tr(points))
        return tr("catan.log.separator").join(parts)

    def hint_settlement(self, action):
        return (self.tr("catan.hint.settlement", where=self.place(vertex=action["vertex"])),
                self.build_reason(action, "catan.hint.why.point"))

    def hint_city(self, action):
        upgrade = self.state.vertex_level[action["vertex"]] == 1  # else a city placed at the start
        key = "catan.hint.city" if upgrade else "catan.hint.city_place"
        where = self.place(vertex=action["vertex"])
        return self.tr(key, where=where), self.build_reason(action, "catan.hint.why.point")

    def hint_road(self, action):
        tr = self.tr
        what = tr("catan.hint.road", where=self.place(edge=action["edge"]))
        after = self.after(action)
        if after is None:
            return what, tr("catan.hint.why.road")
        if after.longest_road == self.seat and self.state.longest_road != self.seat:
            return what, tr("catan.hint.why.road_longest", length=after.road_lengths[self.seat])
        spots = set(self.ruleset.settlement_spots(after, self.seat)) - set(
            self.ruleset.settlement_spots(self.state, self.seat))
        if spots and self.state.phase == "main":
            return what, tr("catan.hint.why.road_spot", where=self.place(vertex=min(spots)))
        old, new = self.state.road_lengths[self.seat], after.road_lengths[self.seat]
        if new > old:
            return what, tr("catan.hint.why.road_length", length=new)
        return what, tr("catan.hint.why.road")

    def hint_robber(self, action):
        """The robber: whose numbers it stops (the robbed player's first, in one phrase with the cards
        they hold), and the player's own numbers it leaves."""
        tr = self.tr
        where = self.place(hex=action["hex"])
        victim = action.get("victim")
        robs = isinstance(victim, int)
        if robs:
            what = tr("catan.hint.robber", where=where, player=catan_text.player(tr, victim))
        else:
            what = tr("catan.hint.robber_alone", where=where)
        after = self.after(dict(action, victim=None) if victim is None else action)
        losses = {seat: [c for c in self.yield_change(self.state, after, seat) if c[2] < 0] if after else []
                  for seat in range(self.state.players)}
        parts = []
        if robs:
            held = self.ruleset.cards_of(self.state, victim)
            if losses[victim]:
                parts.append(tr("catan.hint.rob_blocks", numbers=self.numbers_words(losses[victim]), count=held))
            else:
                parts.append(tr("catan.hint.rob", count=held))
        else:
            blocked = next((seat for seat in range(self.state.players) if seat != self.seat and losses[seat]), None)
            if blocked is not None:
                parts.append(tr("catan.hint.blocks", player=catan_text.player(tr, blocked),
                                numbers=self.numbers_words(losses[blocked])))
        freed = [c for c in self.yield_change(self.state, after, self.seat) if c[2] > 0] if after else []
        if freed:
            parts.append(tr("catan.hint.frees", numbers=self.numbers_words(freed)))
        if not parts:
            return what, tr("catan.hint.why.robber_alone")
        return what, self.sentence(parts)

    def hint_bank_trade(self, action):
        tr = self.tr
        kinds = list(self.ruleset.kinds)
        give, get = kinds.index(action["give"]), kinds.index(action["get"])
        rate = self.ruleset.bank_rates(self.state, self.seat)[give]
        what = tr("catan.hint.bank_trade", count=rate, give=self.kind_name(action["give"]),
                  get=self.kind_name(action["get"]))
        hand = self.hand()
        after = hand[:]
        after[give] -= rate
        after[get] += 1
        held = tr("catan.hint.why.bank_trade", cards=self.cards([hand[give] if k == give else 0
                                                                 for k in range(len(hand))]))
        return what, self.pays_for(after, held)

    def hint_discard(self, action):
        tr = self.tr
        kinds = list(self.ruleset.kinds)
        dropped = [0] * len(kinds)
        for name, count in (action["cards"].items() if "cards" in action else ((action["card"], 1),)):
            dropped[kinds.index(name)] += count
        kept = [h - d for h, d in zip(self.hand(), dropped, strict=True)]
        what = tr("catan.hint.discard", cards=self.cards(dropped))
        builds = self.affordable(kept)
        if builds:
            return what, tr("catan.hint.why.discard_builds", cards=self.cards(kept), build=self.build_name(builds[-1]))
        return what, tr("catan.hint.why.discard", cards=self.cards(kept))

    def lacking(self, kind: str | None = None) -> str | None:
        """"a city still needs 1 ore": the nearest build (lacking ``kind`` if given) and what it lacks, if any."""
        nearest = self.nearest_build(None if kind is None else list(self.ruleset.kinds).index(kind))
        if nearest is None:
            return None
        name, missing = nearest
        return self.tr("catan.hint.lacks", build=self.build_name(name), cards=self.cards(missing))

    def hint_trade(self, action):
        return self.tr("catan.hint.trade"), self.lacking() or self.tr("catan.hint.why.trade")

    def hint_trade_give(self, action):
        tr = self.tr
        kinds = list(self.ruleset.kinds)
        count = self.hand()[kinds.index(action["resource"])]
        return (tr("catan.hint.trade_give", resource=self.kind_name(action["resource"])),
                tr("catan.hint.why.trade_give", cards=catan_text.card_list(tr, {action["resource"]: count})))

    def hint_trade_want(self, action):
        tr = self.tr
        what = tr("catan.hint.trade_want", resource=self.kind_name(action["resource"]))
        return what, self.lacking(action["resource"]) or tr("catan.hint.why.trade_want")

    def offer_cards(self):
        """(what the player on turn gives, what they want) in the offer under way, per kind."""
        trade = self.state.trade
        if trade is None:
            return None
        return trade.offer if trade.offer is not None else (trade.give, trade.want)

    def hint_propose(self, action):
        tr = self.tr
        offer = self.offer_cards()
        to = action.get("to")
        if offer is None:
            return tr("catan.hint.propose"), tr("catan.hint.why.propose")
        give, want = offer
        name = tr("catan.hint.everyone") if to is None else catan_text.player(tr, to)
        what = tr("catan.hint.propose_to", give=self.cards(give), want=self.cards(want), player=name)
        after = [h - g + w for h, g, w in zip(self.hand(), give, want, strict=True)]
        return what, self.pays_for(after, self.lacking() or tr("catan.hint.why.propose"))

    def hint_accept(self, action):
        tr = self.tr
        offer = self.offer_cards()
        if offer is None:
            return tr("catan.hint.accept"), tr("catan.hint.why.accept")
        get, give = offer
        what = tr("catan.hint.accept_cards", get=self.cards(get), give=self.cards(give))
        after = [h - g + w for h, g, w in zip(self.hand(), give, get, strict=True)]
        return what, self.pays_for(after, tr("catan.hint.why.accept"))

    def hint_decline(self, action):
        tr = self.tr
        offer = self.offer_cards()
        if offer is None:
            return tr("catan.hint.decline"), tr("catan.hint.why.decline")
        _, give = offer
        kept = self.affordable(self.hand())
        if kept and not self.affordable([h - g for h, g in zip(self.hand(), give, strict=True)]):
            return tr("catan.hint.decline"), tr("catan.hint.why.decline_keep", cards=self.cards(give),
                                                  build=self.build_name(kept[-1]))
        return tr("catan.hint.decline"), tr("catan.hint.why.decline_give", cards=self.cards(give))

    def hint_counter(self, action):
        return self.tr("catan.hint.counter"), self.lacking() or self.tr("catan.hint.why.counter")

    def hint_cancel_trade(self, action):
        return self.tr("catan.hint.cancel_trade"), self.tr("catan.hint.why.cancel_trade")

    def hint_complete(self, action):
        tr = self.tr
        seat = action["seat"]
        trade = self.state.trade
        answer = trade.answers[seat] if trade is not None else None
        deal = answer if isinstance(answer, tuple) else self.offer_cards()
        what = tr("catan.hint.complete", player=catan_text.player(tr, seat))
        if deal is None:
            return what, tr("catan.hint.why.complete")
        give, get = deal
        after = [h - g + w for h, g, w in zip(self.hand(), give, get, strict=True)]
        return what, self.pays_for(after, tr("catan.hint.why.complete_cards", get=self.cards(get),
                                             give=self.cards(give)))

    def hint_end_road_building(self, action):
        return self.tr("catan.hint.end_road_building"), self.tr("catan.hint.why.end_road_building")

    def hint_buy(self, action):
        tr = self.tr
        return tr("catan.hint.buy"), tr("catan.hint.why.buy", count=getattr(self.state, "deck_count", 0))

    def hint_play(self, action):
        tr = self.tr
        card = action["card"]
        name = tr(f"catan.card.{card}")
        if card == "knight":
            return tr("catan.hint.play", card=name), self.knight_reason()
        if card == "year_of_plenty":
            kinds = list(self.ruleset.kinds)
            got = [0] * len(kinds)
            for resource in action.get("resources", ()):
                got[kinds.index(resource)] += 1
            after = [h + g for h, g in zip(self.hand(), got, strict=True)]
            return (tr("catan.hint.play_for", card=name, cards=self.cards(got)),
                    self.pays_for(after, tr("catan.hint.why.play.year_of_plenty")))
        if card == "monopoly":
            return (tr("catan.hint.play_on", card=name, target=self.kind_name(action["resource"])),
                    tr("catan.hint.why.play.monopoly", resource=self.kind_name(action["resource"])))
        return tr("catan.hint.play", card=name), tr(f"catan.hint.why.play.{card}")

    def knight_reason(self) -> str:
        """Why a knight now: Largest Army, or the robber off the player's own numbers."""
        tr = self.tr
        if self.events({"type": "play", "card": "knight"}, "largest_army"):
            return tr("catan.hint.why.play.army")
        lost = [(n, k, c) for n, k, c in self.yield_change(robber_off(self.state), self.state, self.seat) if c < 0]
        if lost:
            return self.sentence([tr("catan.hint.frees", numbers=self.numbers_words(lost))])
        return tr("catan.hint.why.play.knight")


def robber_off(state):
    """A copy of ``state`` with the robber off the island (what the numbers would yield without it)."""
    free = state.copy()
    free.robber = -1
    return free


def compass(spot, centre) -> str:
    """Which way ``spot`` lies from a hex's ``centre``, as one of the eight ``COMPASS`` points (north up)."""
    angle = math.degrees(math.atan2(centre[1] - spot[1], spot[0] - centre[0]))
    return COMPASS[round(angle / 45) % 8]
