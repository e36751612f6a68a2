"""Catan's game-log lines and game-over statistics, built from events (no pygame)."""

from __future__ import annotations

from game.games.catan import board, hint_words


def player(tr, seat) -> str:
    return tr("seat.player", n=seat + 1)


def card_list(tr, cards: dict) -> str:
    """"2 ore, 1 wool" from {"ore": 2, "wool": 1} in the current language."""
    if not cards:
        return tr("catan.log.nothing")
    return tr("catan.log.separator").join(
        tr("catan.log.cards_item", count=count, resource=tr(f"catan.resource.{name}")) for name, count in cards.items()
    )


def hex_name(tr, layout, h: int) -> str:
    """A hex as players name it: its terrain and number ("Hills 6"), or the desert."""
    terrain = tr(f"catan.terrain.{layout.terrain[h]}")
    number = layout.numbers[h]
    return terrain if number is None else tr("catan.log.place.hex", terrain=terrain, number=number)


def place_words(event, layout, tr) -> str | None:
    """Where on the island an event happened, in words a player finds on the board: the hexes a corner
    or a path touches, the hex the robber moved to; None for an event with no place or no island yet."""
    if layout is None:
        return None
    d = event.data
    if event.kind == "robber" and isinstance(d.get("hex"), int):
        return tr("catan.log.place.on", a=hex_name(tr, layout, d["hex"]))
    if "vertex" in d:
        hexes, kind = board.VERTEX_HEXES[d["vertex"]], "corner"
    elif "edge" in d:
        hexes, kind = board.EDGE_HEXES[d["edge"]], "path"
    else:
        return None
    names = dict(zip("abc", (hex_name(tr, layout, h) for h in hexes), strict=False))
    return tr(f"catan.log.place.{kind}{len(names)}", **names)


def _built(event, tr):
    d = event.data
    key = "catan.log.built_free" if d.get("free") else "catan.log.built"
    if "where" in d:
        key += "_where"
    return tr(key, player=player(tr, d["seat"]), piece=tr(f"catan.piece.{d['piece']}"), where=d.get("where"))


def _produced(event, tr):
    d = event.data
    parts = [tr("catan.log.gain", player=player(tr, seat), cards=card_list(tr, gains))
             for seat, gains in enumerate(d["gains"]) if gains]
    text = tr("catan.log.produced", total=d["total"], gains=tr("catan.log.separator").join(parts) if parts
              else tr("catan.log.nothing"))
    if d.get("shortage"):
        text += " " + tr("catan.log.shortage", resources=tr("catan.log.separator").join(
            tr(f"catan.resource.{r}") for r in d["shortage"]))
    return text


def _robber(event, tr):
    d = event.data
    where = "_where" if "where" in d else ""
    if d.get("victim") is None:
        return tr("catan.log.robber" + where, player=player(tr, d["seat"]), where=d.get("where"))
    return tr("catan.log.robber_victim" + where, player=player(tr, d["seat"]), victim=player(tr, d["victim"]),
              where=d.get("where"))


def _stole(event, tr):
    d = event.data
    if "resource" in d:
        return tr("catan.log.stole_card", player=player(tr, d["thief"]), victim=player(tr, d["victim"]),
                  resource=tr(f"catan.resource.{d['resource']}"))
    return tr("catan.log.stole", player=player(tr, d["thief"]), victim=player(tr, d["victim"]))


def _bought(event, tr):
    d = event.data
    if "card" not in d:
        return None
    return tr("catan.log.drew", player=player(tr, d["seat"]), card=tr(f"catan.card.{d['card']}"))


def _played(event, tr):
    d = event.data
    who = player(tr, d["seat"])
    card = d["card"]
    if card == "year_of_plenty":
        cards = {}
        for r in d["resources"]:
            cards[r] = cards.get(r, 0) + 1
        return tr("catan.log.played_plenty", player=who, cards=card_list(tr, cards))
    if card == "monopoly":
        return tr("catan.log.played_monopoly", player=who, resource=tr(f"catan.resource.{d['resource']}"),
                  count=sum(d["taken"]))
    return tr("catan.log.played", player=who, card=tr(f"catan.card.{card}"))


def _special(kind):
    def describe(event, tr):
        d = event.data
        if d["seat"] is None:
            return tr(f"catan.log.{kind}_aside")
        return tr(f"catan.log.{kind}", player=player(tr, d["seat"]))
    return describe


def _answer(event, tr):
    d = event.data
    who = player(tr, d["seat"])
    if d["answer"] == "counter":
        return tr("catan.log.counter", player=who, give=card_list(tr, d["give"]), want=card_list(tr, d["want"]))
    return tr(f"catan.log.answer_{d['answer']}", player=who)


def _offer(event, tr):
    d = event.data
    give, want = card_list(tr, d["give"]), card_list(tr, d["want"])
    if d.get("to") is None:
        return tr("catan.log.offer", player=player(tr, d["seat"]), give=give, want=want)
    return tr("catan.log.offer_to", player=player(tr, d["seat"]), partner=player(tr, d["to"]), give=give, want=want)


def _simple(key, **fields):
    def describe(event, tr):
        d = event.data
        values = {}
        for name, source in fields.items():
            kind, _, field = source.partition(":")
            value = d[field]
            if kind == "player":
                value = player(tr, value)
            elif kind == "cards":
                value = card_list(tr, value)
            elif kind == "resource":
                value = tr(f"catan.resource.{value}")
            values[name] = value
        return tr(key, **values)
    return describe


DESCRIBERS = {
    "layout": _simple("catan.log.layout"),
    "first_player": _simple("catan.log.first_player", player="player:seat"),
    "built": _built,
    "starting_resources": _simple("catan.log.starting_resources", player="player:seat", cards="cards:cards"),
    "turn": _simple("catan.log.turn", player="player:seat"),
    "rolled": lambda e, tr: tr("catan.log.rolled", player=player(tr, e.data["seat"]), a=e.data["dice"][0],
                               b=e.data["dice"][1], total=e.data["total"]),
    "produced": _produced,
    "discarded": _simple("catan.log.discarded", player="player:seat", cards="cards:cards"),
    "robber": _robber,
    "stole": _stole,
    "robbed": lambda e, tr: tr("catan.log.robbed", player=player(tr, e.data["thief"]),
                               resource=tr(f"catan.resource.{e.data['resource']}")),
    "buying": _simple("catan.log.buying", player="player:seat"),
    "bought": _bought,
    "played": _played,
    "largest_army": _special("largest_army"),
    "longest_road": _special("longest_road"),
    "bank_trade": lambda e, tr: tr("catan.log.bank_trade", player=player(tr, e.data["seat"]), count=e.data["count"],
                                   give=tr(f"catan.resource.{e.data['give']}"),
                                   get=tr(f"catan.resource.{e.data['get']}")),
    "offer": _offer,
    "answer": _answer,
    "traded": _simple("catan.log.traded", player="player:seat", partner="player:partner", give="cards:give",
                      get="cards:get"),
    "trade_cancelled": _simple("catan.log.trade_cancelled", player="player:seat"),
    "game_over": lambda e, tr: tr("catan.log.game_over_blocked") if e.data["winner"] is None else tr(
        "catan.log.game_over", player=player(tr, e.data["winner"])),
}


def describe_event(event, tr) -> str | None:
    """One line of the game log for ``event`` (already reduced to what the reader may see)."""
    describe = DESCRIBERS.get(event.kind)
    return describe(event, tr) if describe else None


POINT_SOURCES = ("settlements", "cities", "longest_road", "largest_army", "victory_points")
"""Where victory points come from, in the order the game-over chart stacks them."""


def points_by_source(state) -> list[dict]:
    """Per seat: points from each of ``POINT_SOURCES`` (victory point cards only where visible:
    at the end of the game everyone's are)."""
    rows = []
    for seat in range(state.players):
        _, settlements, cities = state.pieces[seat]
        devs = state.devs[seat]
        rows.append({
            "settlements": settlements,
            "cities": 2 * cities,
            "longest_road": 2 if state.longest_road == seat else 0,
            "largest_army": 2 if state.largest_army == seat else 0,
            "victory_points": devs[1] if devs is not None else 0,
        })
    return rows


def dice_histogram(log) -> list[int]:
    """How often each total from 2 to 12 was rolled (index 0 is a 2), from a controller's log."""
    counts = [0] * 11
    for entry in log:
        for event in entry.events:
            if event.kind == "rolled":
                counts[event.data["total"] - 2] += 1
    return counts


def produced_cards(log, players: int) -> list[int]:
    """Cards each seat received from the bank by production and as starting cards."""
    produced = [0] * players
    for entry in log:
        for event in entry.events:
            if event.kind == "produced":
                for seat, gains in enumerate(event.data["gains"]):
                    produced[seat] += sum(gains.values())
            elif event.kind == "starting_resources":
                produced[event.data["seat"]] += sum(event.data["cards"].values())
    return produced


def statistics(controller) -> list[tuple[str, list]]:
    """Per-seat figures for the game-over screen, counted from the log's events."""
    players = controller.config.players
    sevens, stolen, trades, bought, knights = ([0] * players for _ in range(5))
    for entry in controller.log:
        for event in entry.events:
            d = event.data
            if event.kind == "rolled" and d["total"] == 7:
                sevens[d["seat"]] += 1
            elif event.kind == "stole":
                stolen[d["thief"]] += 1
            elif event.kind == "traded":
                trades[d["seat"]] += 1
                trades[d["partner"]] += 1
            elif event.kind == "buying":
                bought[d["seat"]] += 1
            elif event.kind == "played" and d["card"] == "knight":
                knights[d["seat"]] += 1
    state = controller.state
    points = controller.ruleset.scores(state)
    result = controller.ruleset.result(state)
    if result is not None:
        points = list(result.scores)
    return [
        ("catan.stat.points", points),
        ("catan.stat.produced", produced_cards(controller.log, players)),
        ("catan.stat.sevens", sevens),
        ("catan.stat.stolen", stolen),
        ("catan.stat.trades", trades),
        ("catan.stat.bought", bought),
        ("catan.stat.knights", knights),
        ("catan.stat.road", list(state.road_lengths)),
    ]


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see (see ``hint_words``)."""
    return hint_words.FamilyHints(ruleset, observation, seat, tr).explain(action)
