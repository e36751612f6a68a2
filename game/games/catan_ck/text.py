"""Cities & Knights' game-log lines and game-over figures, built from events (no pygame).

Events the family shares with base Catan read as they do there (``game.games.catan.text``); this
adds the expansion's own and the roll with its event die.
"""

from __future__ import annotations

from game.games.catan.board import VERTEX_HEXES
from game.games.catan.hint_words import FamilyHints, robber_off
from game.games.catan.text import DESCRIBERS as FAMILY_DESCRIBERS
from game.games.catan.text import card_list, hex_name, player, produced_cards
from game.games.catan_ck.cards import ABILITY_LEVEL, CITY_COMMODITY, PROGRESS_LIMIT, TRACKS
from game.games.catan_ck.rules import RECRUIT_COST, WALL_COST


def card_name(tr, card: str) -> str:
    return tr(f"catan_ck.card.{card}")


def kind_name(tr, kind: str) -> str:
    return tr(f"catan.resource.{kind}")


def track_name(tr, track: str) -> str:
    return tr(f"catan_ck.track.{track}")


def _rolled(event, tr):
    d = event.data
    return tr("catan_ck.log.rolled", player=player(tr, d["seat"]), a=d["dice"][0], b=d["dice"][1], total=d["total"],
              event=tr(f"catan_ck.event.{d['event']}"))


def _built(event, tr):
    d = event.data
    if d["piece"] != "wall":
        return FAMILY_DESCRIBERS["built"](event, tr)
    key = "catan_ck.log.wall_free" if d.get("free") else "catan_ck.log.wall"
    return tr(key, player=player(tr, d["seat"]))


def _robber(event, tr):
    d = event.data
    if "victims" not in d:
        return FAMILY_DESCRIBERS["robber"](event, tr)
    victims = tr("catan.log.separator").join(player(tr, p) for p in d["victims"]) or tr("catan.log.nothing")
    return tr("catan_ck.log.bishop", player=player(tr, d["seat"]), victims=victims)


def _attack(event, tr):
    d = event.data
    text = tr("catan_ck.log.attack", strength=d["strength"], defence=sum(d["defence"]))
    if d["defender"] is not None:
        return text + " " + tr("catan_ck.log.defender", player=player(tr, d["defender"]))
    if d["tied"]:
        return text + " " + tr("catan_ck.log.tied", players=tr("catan.log.separator").join(
            player(tr, p) for p in d["tied"]))
    if d["pillaged"]:
        return text + " " + tr("catan_ck.log.lost", players=tr("catan.log.separator").join(
            player(tr, p) for p in d["pillaged"]), count=len(d["pillaged"]))
    return text + " " + tr("catan_ck.log.no_city")


def _progress_drawn(event, tr):
    d = event.data
    if "card" not in d:
        return tr("catan_ck.log.drew_hidden", player=player(tr, d["seat"]), track=track_name(tr, d["track"]))
    key = "catan_ck.log.drew_victory" if d.get("victory") else "catan_ck.log.drew"
    return tr(key, player=player(tr, d["seat"]), card=card_name(tr, d["card"]))


def _played(event, tr):
    d = event.data
    text = tr("catan_ck.log.played", player=player(tr, d["seat"]), card=card_name(tr, d["card"]))
    if "target" in d:
        text += " " + tr("catan_ck.log.against", player=player(tr, d["target"]))
    if "dice" in d:
        text += " " + tr("catan_ck.log.dice", a=d["dice"][0], b=d["dice"][1])
    if "resource" in d:
        text += " " + tr("catan_ck.log.naming", card=kind_name(tr, d["resource"]))
    return text


def _hidden_card(key_open, key_hidden, card_of, other=None):
    """A line naming the card for those who may see it, and the plain fact for the others;
    ``other`` names the field of the second player, if any."""
    def describe(event, tr):
        d = event.data
        fields = {"player": player(tr, d["seat"])}
        if other:
            fields["other"] = player(tr, d[other])
        if "card" in d:
            return tr(key_open, card=card_of(tr, d["card"]), **fields)
        return tr(key_hidden, **fields)
    return describe


def _seat_line(key, **fields):
    def describe(event, tr):
        d = event.data
        values = {name: player(tr, d[source]) for name, source in fields.items()}
        return tr(key, player=player(tr, d["seat"]), **values)
    return describe


def _improved(event, tr):
    d = event.data
    return tr("catan_ck.log.improved", player=player(tr, d["seat"]), track=track_name(tr, d["track"]),
              level=d["level"], name=tr(f"catan_ck.level.{d['track']}.{d['level']}"))


def _monopoly(event, tr):
    d = event.data
    return tr("catan_ck.log.monopoly", player=player(tr, d["seat"]), card=kind_name(tr, d["resource"]),
              count=sum(d["taken"]))


def _harvest(event, tr):
    d = event.data
    return tr("catan_ck.log.harvest", player=player(tr, d["seat"]), cards=card_list(tr, d["cards"]))


DESCRIBERS = {
    **FAMILY_DESCRIBERS,
    "rolled": _rolled,
    "built": _built,
    "robber": _robber,
    "played": _played,
    "barbarians": lambda e, tr: tr("catan_ck.log.barbarians", position=e.data["position"]),
    "attack": _attack,
    "progress_drawn": _progress_drawn,
    "deck_chosen": lambda e, tr: tr("catan_ck.log.deck_chosen", player=player(tr, e.data["seat"]),
                                    track=track_name(tr, e.data["track"])),
    "pillaged": lambda e, tr: tr("catan_ck.log.pillaged", player=player(tr, e.data["seat"])),
    "progress_discarded": _hidden_card("catan_ck.log.progress_discarded_card", "catan_ck.log.progress_discarded",
                                       card_name),
    "aqueduct": lambda e, tr: tr("catan_ck.log.aqueduct", player=player(tr, e.data["seat"]),
                                 card=kind_name(tr, e.data["resource"])),
    "gave": _hidden_card("catan_ck.log.gave_card", "catan_ck.log.gave", kind_name, "to"),
    "knight": lambda e, tr: tr("catan_ck.log.knight", player=player(tr, e.data["seat"]),
                               knight=tr(f"catan_ck.knight.{e.data['strength']}")),
    "activated": lambda e, tr: tr("catan_ck.log.activated", player=player(tr, e.data["seat"]),
                                  count=len(e.data["vertices"])),
    "promoted": lambda e, tr: tr("catan_ck.log.promoted", player=player(tr, e.data["seat"]),
                                 knight=tr(f"catan_ck.knight.{e.data['strength']}")),
    "knight_moved": _seat_line("catan_ck.log.knight_moved"),
    "displaced": _seat_line("catan_ck.log.displaced", other="by"),
    "retreated": _seat_line("catan_ck.log.retreated"),
    "knight_lost": _seat_line("catan_ck.log.knight_lost"),
    "chased": _seat_line("catan_ck.log.chased"),
    "improved": _improved,
    "metropolis": lambda e, tr: tr("catan_ck.log.metropolis", player=player(tr, e.data["seat"]),
                                   track=track_name(tr, e.data["track"])),
    "harvest": _harvest,
    "deserted": _seat_line("catan_ck.log.deserted"),
    "road_removed": _seat_line("catan_ck.log.road_removed"),
    "spied": _hidden_card("catan_ck.log.spied_card", "catan_ck.log.spied", card_name, "victim"),
    "harbour_void": _seat_line("catan_ck.log.harbour_void", other="to"),
    "harbour_trade": _hidden_card("catan_ck.log.harbour_trade_card", "catan_ck.log.harbour_trade", kind_name, "to"),
    "took": _hidden_card("catan_ck.log.took_card", "catan_ck.log.took", kind_name, "victim"),
    "merchant": _seat_line("catan_ck.log.merchant"),
    "monopoly": _monopoly,
}
"""Each event the log shows; the private twins of an exchange ("robbed", "given", "spied_on",
"harbour_traded", "taken") are covered by the line their owner sees of the same event."""


def describe_event(event, tr) -> str | None:
    """One line of the game log for ``event`` (already reduced to what the reader may see)."""
    describe = DESCRIBERS.get(event.kind)
    return describe(event, tr) if describe else None


def statistics(controller) -> list[tuple[str, list]]:
    """Per-seat figures for the game-over screen, counted from the log's events."""
    players = controller.config.players
    cards, knights = [0] * players, [0] * players
    for entry in controller.log:
        for event in entry.events:
            if event.kind == "played":
                cards[event.data["seat"]] += 1
            elif event.kind == "knight" and event.data["seat"] < players:  # not a neutral colour's
                knights[event.data["seat"]] += 1
    state = controller.state
    result = controller.ruleset.result(state)
    points = list(result.scores) if result is not None else controller.ruleset.scores(state)
    return [
        ("catan.stat.points", points),
        ("catan.stat.produced", produced_cards(controller.log, players)),
        ("catan_ck.stat.progress", cards),
        ("catan_ck.stat.knights", knights),
        ("catan_ck.stat.defender", list(state.defenders)),
        ("catan_ck.stat.improvements", [sum(levels) for levels in state.improvements]),
    ]



FROM_OTHERS = frozenset(("resource_monopoly", "trade_monopoly", "wedding", "master_merchant", "bishop", "spy",
                         "commercial_harbor", "saboteur"))
"""Cards whose gains come from others' hidden hands: a hint cannot count them (it would count a guess)."""


class CKHints(FamilyHints):
    """The hint's words for Cities & Knights: the family's moves (cities earn commodities here) and the
    expansion's own, read from the board and the player's own hand and cards."""

    city_commodity = CITY_COMMODITY
    builds = FamilyHints.builds[:3] + (("knight", RECRUIT_COST), ("wall", WALL_COST))

    def build_name(self, name: str) -> str:
        if name in ("knight", "wall"):
            return self.tr(f"catan_ck.hint.build.{name}")
        return super().build_name(name)

    def threat(self, state) -> int:
        """The barbarians' strength: the cities on the island."""
        return sum(1 for v, level in enumerate(state.vertex_level) if level == 2 and 0 <= state.vertex_owner[v]
                   < state.players)

    def knights_strength(self, state, active: bool) -> int:
        seat = self.seat
        return sum(state.knight_strength[v] for v, owner in enumerate(state.knight_owner)
                   if owner == seat and (state.knight_active[v] or not active))

    def defence(self, action, active: bool, key: str) -> str:
        after = self.after(action) or self.state
        return self.tr(key, mine=self.knights_strength(after, active), threat=self.threat(after))

    def hint_wall(self, action):
        tr = self.tr
        after = self.after(action) or self.state
        return (tr("catan_ck.hint.wall", where=self.place(vertex=action["vertex"])),
                tr("catan_ck.hint.why.wall", limit=self.ruleset.hand_limit(after, self.seat)))

    def hint_knight(self, action):
        return (self.tr("catan_ck.hint.knight", where=self.place(vertex=action["vertex"])),
                self.defence(action, False, "catan_ck.hint.why.knights"))

    def hint_activate(self, action):
        return (self.tr("catan_ck.hint.activate", where=self.place(vertex=action["vertex"])),
                self.defence(action, True, "catan_ck.hint.why.active"))

    def hint_promote(self, action):
        tr = self.tr
        strength = min(3, self.state.knight_strength[action["vertex"]] + 1)
        return (tr("catan_ck.hint.promote", where=self.place(vertex=action["vertex"])),
                tr("catan_ck.hint.why.promote", knight=tr(f"catan_ck.knight.{strength}")))

    def hint_knight_move(self, action):
        tr = self.tr
        what = tr("catan_ck.hint.knight_move", where=self.place(vertex=action["to"]))
        rival = self.state.knight_owner[action["to"]]
        if 0 <= rival != self.seat:
            return what, tr("catan_ck.hint.why.displace", player=player(tr, rival))
        robber = self.state.robber
        if robber >= 0 and robber in VERTEX_HEXES[action["to"]]:
            return what, tr("catan_ck.hint.why.near_robber", hex=hex_name(tr, self.state.layout, robber))
        return what, tr("catan_ck.hint.why.knight_move")

    def hint_chase(self, action):
        tr = self.tr
        what = tr("catan_ck.hint.chase", where=self.place(vertex=action["vertex"]))
        lost = [c for c in self.yield_change(robber_off(self.state), self.state, self.seat) if c[2] < 0]
        if lost:
            return what, self.sentence([tr("catan.hint.frees", numbers=self.numbers_words(lost))])
        return what, tr("catan_ck.hint.why.chase")

    def hint_improve(self, action):
        tr = self.tr
        track = action["track"]
        t = TRACKS.index(track)
        level = self.state.improvements[self.seat][t] + 1
        what = tr("catan_ck.hint.improve", track=track_name(tr, track), level=level)
        if self.events(action, "metropolis"):
            return what, tr("catan_ck.hint.why.metropolis", track=track_name(tr, track))
        if level == ABILITY_LEVEL:
            return what, tr(f"catan_ck.ability.{track}")
        return what, tr("catan_ck.hint.why.improve", track=track_name(tr, track), top=min(6, level + 1))

    def hint_play(self, action):
        tr = self.tr
        card = action["card"]
        name = card_name(tr, card)
        target = self.target(action)
        if target is None:
            what = tr("catan.hint.play", card=name)
        else:
            what = tr("catan.hint.play_for" if "dice" in action else "catan.hint.play_on", card=name, target=target,
                      cards=target)
        after = self.after(action)
        if after is not None:
            points = self.ruleset.public_points(after, self.seat) - self.ruleset.public_points(self.state, self.seat)
            if points > 0:
                return what, tr("catan.hint.why.point")
            got = [max(0, a - b) for a, b in zip(self.hand(after), self.hand(), strict=True)]
            if any(got) and card not in FROM_OTHERS:
                return what, self.pays_for(self.hand(after), tr("catan_ck.hint.why.get", cards=self.cards(got)))
        return what, tr(f"catan_ck.effect.{card}")

    def target(self, action) -> str | None:
        """What a progress card is played on, in words (a kind, a player, a hex, a corner, a path, dice)."""
        tr = self.tr
        layout = self.state.layout
        if "resource" in action:
            return self.kind_name(action["resource"])
        if "seat" in action:
            return player(tr, action["seat"])
        if "hex" in action:
            return hex_name(tr, layout, action["hex"])
        if "hexes" in action:
            return tr("catan_ck.hint.pair", a=hex_name(tr, layout, action["hexes"][0]),
                      b=hex_name(tr, layout, action["hexes"][1]))
        if "vertex" in action:
            return self.place(vertex=action["vertex"])
        if "edge" in action:
            return self.place(edge=action["edge"])
        if "dice" in action:
            return tr("catan_ck.hint.pair", a=action["dice"][0], b=action["dice"][1])
        return None

    def hint_pillage(self, action):
        tr = self.tr
        what = tr("catan_ck.hint.pillage", where=self.place(vertex=action["vertex"]))
        after = self.after(action)
        lost = [c for c in self.yield_change(self.state, after, self.seat) if c[2] < 0] if after else []
        if lost:
            return what, tr("catan_ck.hint.why.pillage", numbers=self.numbers_words(lost))
        return what, tr("catan_ck.hint.why.pillage_none")

    def held(self, kind: str) -> str:
        count = self.hand()[list(self.ruleset.kinds).index(kind)]
        return self.tr("catan.hint.why.trade_give", cards=card_list(self.tr, {kind: count}))

    def hint_give(self, action):
        return self.tr("catan_ck.hint.give", card=self.kind_name(action["card"])), self.held(action["card"])

    hint_harbour_give = hint_give

    def gained(self, kind: str) -> tuple[str, str]:
        """Taking one card of ``kind``: the build it pays for, or how many the hand then holds."""
        hand = self.hand()
        hand[list(self.ruleset.kinds).index(kind)] += 1
        held = self.tr("catan_ck.hint.why.then_hold", cards=self.cards(hand))
        return self.tr("catan_ck.hint.take", card=self.kind_name(kind)), self.pays_for(hand, held)

    def hint_take(self, action):
        return self.gained(action["card"])

    def hint_aqueduct(self, action):
        return self.gained(action["resource"])

    def hint_spy_take(self, action):
        tr = self.tr
        return tr("catan_ck.hint.take", card=card_name(tr, action["card"])), tr(f"catan_ck.effect.{action['card']}")

    def hint_progress_discard(self, action):
        tr = self.tr
        return tr("catan_ck.hint.progress_discard", card=card_name(tr, action["card"])), tr(
            "catan_ck.hint.why.progress_discard", limit=PROGRESS_LIMIT)

    def hint_choose_deck(self, action):
        tr = self.tr
        track = action["track"]
        level = self.state.improvements[self.seat][TRACKS.index(track)]
        return (tr("catan_ck.hint.choose_deck", track=track_name(tr, track)),
                tr("catan_ck.hint.why.choose_deck", track=track_name(tr, track), level=level))

    def hint_harbour_offer(self, action):
        tr = self.tr
        return (tr("catan_ck.hint.harbour_offer", resource=self.kind_name(action["resource"]),
                   player=player(tr, action["seat"])), tr("catan_ck.hint.why.harbour_offer"))

    def hint_retreat(self, action):
        return (self.tr("catan_ck.hint.retreat", where=self.place(vertex=action["vertex"])),
                self.tr("catan_ck.hint.why.retreat"))

    def hint_desert(self, action):
        tr = self.tr
        strength = self.state.knight_strength[action["vertex"]]
        return (tr("catan_ck.hint.desert", where=self.place(vertex=action["vertex"])),
                tr("catan_ck.hint.why.desert", knight=tr(f"catan_ck.knight.{strength}")))

    def hint_done(self, action):
        tr = self.tr
        return tr("catan_ck.hint.done", phase=tr(f"catan_ck.phase.{self.state.phase}")), tr("catan_ck.hint.why.done")


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see."""
    return CKHints(ruleset, observation, seat, tr).explain(action)
