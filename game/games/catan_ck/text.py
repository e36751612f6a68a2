"""Cities & Knights' game-log lines and game-over figures, built from events (no pygame).

Events the family shares with base Catan read as they do there (``game.games.catan.text``); this
adds the expansion's own and the roll with its event die.
"""

from __future__ import annotations

from game.games.catan.text import DESCRIBERS as FAMILY_DESCRIBERS
from game.games.catan.text import card_list, player, produced_cards


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

