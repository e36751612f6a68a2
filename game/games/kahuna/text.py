"""Kahuna's game-log lines and game-over statistics, built from events (no pygame)."""

from __future__ import annotations

from game.core.hints import consequences, events_of
from game.core.rules import CHANCE
from game.games.kahuna.board import ISLAND_INDEX, ISLANDS, LINE_ENDS, LINE_INDEX, THRESHOLD


def player(tr, seat) -> str:
    return tr("seat.player", n=seat + 1)


def _card_drawn(data, tr):
    if data["source"] == "display":
        return tr("kahuna.log.drew_display", player=player(tr, data["seat"]), card=data["card"])
    if "card" in data:
        return tr("kahuna.log.drew_pile_card", player=player(tr, data["seat"]), card=data["card"])
    return tr("kahuna.log.drew_pile", player=player(tr, data["seat"]))


def _card_played(data, tr):
    key = "kahuna.log.played_build" if data["purpose"] == "build" else "kahuna.log.played_remove"
    return tr(key, player=player(tr, data["seat"]), card=data["card"])


def _bridge_removed(data, tr):
    fields = {"player": player(tr, data["by"]), "owner": player(tr, data["owner"]), "line": data["line"]}
    if data["cause"] == "capture":
        return tr("kahuna.log.bridge_captured", island=data["island"], **fields)
    if data["owner"] == data["by"]:
        return tr("kahuna.log.bridge_removed_own", **fields)
    return tr("kahuna.log.bridge_removed", **fields)


def _stone_placed(data, tr):
    text = tr("kahuna.log.stone_placed", player=player(tr, data["seat"]), island=data["island"])
    if data.get("supply_empty"):
        text += " " + tr("kahuna.log.stone_supply_empty")
    return text


def _card_dealt(data, tr):
    if "card" in data:
        return tr("kahuna.log.dealt_card", player=player(tr, data["seat"]), card=data["card"])
    return None


def _card_discarded(data, tr):
    if "card" in data:
        return tr("kahuna.log.discarded_card", player=player(tr, data["seat"]), card=data["card"])
    return tr("kahuna.log.discarded", player=player(tr, data["seat"]))


def _round_scored(data, tr):
    a, b = data["stones"]
    return tr("kahuna.log.round_scored", round=data["round"], a=a, b=b, pa=data["points"][0], pb=data["points"][1],
              ta=data["totals"][0], tb=data["totals"][1])


def _game_over(data, tr):
    if data["reason"] == "early":
        if len(data["losers"]) == 2:
            return tr("kahuna.log.early_both")
        return tr("kahuna.log.early_end", player=player(tr, data["losers"][0]))
    if len(data["winners"]) == 1:
        return tr("kahuna.log.winner", player=player(tr, data["winners"][0]))
    return tr("kahuna.log.draw")


DESCRIBERS = {
    "start_player": lambda d, tr: tr("kahuna.log.start_player", player=player(tr, d["seat"])),
    "card_dealt": _card_dealt,
    "display_refilled": lambda d, tr: tr("kahuna.log.revealed", card=d["card"]),
    "card_played": _card_played,
    "bridge_built": lambda d, tr: tr("kahuna.log.bridge_built", player=player(tr, d["seat"]), line=d["line"]),
    "stone_placed": _stone_placed,
    "bridge_removed": _bridge_removed,
    "stone_lost": lambda d, tr: tr("kahuna.log.stone_lost", player=player(tr, d["seat"]), island=d["island"]),
    "card_discarded": _card_discarded,
    "pile_draw": lambda d, tr: None,
    "card_drawn": _card_drawn,
    "passed": lambda d, tr: tr("kahuna.log.passed", player=player(tr, d["seat"])),
    "round_scored": _round_scored,
    "round_started": lambda d, tr: tr("kahuna.log.round_started" if d["round"] > 1 else "kahuna.log.first_round",
                                      round=d["round"], player=player(tr, d["seat"])),
    "final_turns": lambda d, tr: tr("kahuna.log.final_turns", player=player(tr, d["seat"])),
    "game_over": _game_over,
}


def describe_event(event, tr) -> str | None:
    """One line of the game log for ``event`` (None for events the log leaves out)."""
    describe = DESCRIBERS.get(event.kind)
    return describe(event.data, tr) if describe else None


def rival_losses(events, seat: int) -> int:
    """The rival's bridges and stones that one move of ``seat`` took away: the size of its cascade."""
    return sum(1 for event in events
               if event.kind == "bridge_removed" and event.data["owner"] != seat
               or event.kind == "stone_lost" and event.data["seat"] != seat)


def statistics(controller) -> list[tuple[str, list]]:
    """Per-seat figures for the game-over screen, counted from the log's events."""
    built, removed, captured, lost, won, drawn, discarded, cascade = ([0, 0] for _ in range(8))
    round_stones = []
    for entry in controller.log:
        if entry.seat in (0, 1):
            cascade[entry.seat] = max(cascade[entry.seat], rival_losses(entry.events, entry.seat))
        for event in entry.events:
            data = event.data
            kind = event.kind
            if kind == "bridge_built":
                built[data["seat"]] += 1
            elif kind == "bridge_removed":
                if data["cause"] == "capture":
                    captured[data["by"]] += 1
                elif data["owner"] != data["by"]:
                    removed[data["by"]] += 1
                lost[data["owner"]] += 1
            elif kind == "stone_placed":
                won[data["seat"]] += 1
            elif kind == "card_drawn" and entry.seat != CHANCE or kind == "pile_draw":
                drawn[data["seat"]] += 1
            elif kind == "card_discarded":
                discarded[data["seat"]] += 1
            elif kind == "round_scored":
                round_stones.append(data["stones"])
    stones = [" / ".join(str(s[seat]) for s in round_stones) or "-" for seat in (0, 1)]
    return [
        ("kahuna.stats.bridges_built", built),
        ("kahuna.stats.bridges_removed", removed),
        ("kahuna.stats.bridges_captured", captured),
        ("kahuna.stats.bridges_lost", lost),
        ("kahuna.stats.islands_won", won),
        ("kahuna.stats.longest_cascade", cascade),
        ("kahuna.stats.cards_drawn", drawn),
        ("kahuna.stats.cards_discarded", discarded),
        ("kahuna.stats.round_stones", stones),
    ]


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see: the islands a build or a
    removal takes or breaks, the majority it works towards, the lines a drawn card opens."""
    kind = action["type"]
    rival = player(tr, 1 - seat)
    if kind in ("build", "remove"):
        line = action["line"].replace("-", "–")
        events = consequences(ruleset, observation, action)
        taken = [d["island"] for d in events_of(events, "stone_placed") if d["seat"] == seat]
        lost = [d["island"] for d in events_of(events, "stone_lost") if d["seat"] != seat]
        swept = sum(1 for d in events_of(events, "bridge_removed") if d["cause"] == "capture")
        if kind == "build":
            what = tr("kahuna.hint.build", line=line, card=action["card"])
        else:
            what = tr("kahuna.hint.remove", line=line, cards=" + ".join(action["cards"]))
        if taken:
            why = tr("kahuna.hint.why.take", island=" · ".join(taken), n=swept)
        elif lost:
            why = tr("kahuna.hint.why.break", island=" · ".join(lost), rival=rival)
        elif kind == "remove":
            why = tr("kahuna.hint.why.clear", rival=rival)
        else:
            ends = LINE_ENDS[LINE_INDEX[action["line"]]]
            island = max(ends, key=lambda i: (observation.counts[seat][i] + 1) / THRESHOLD[i])
            why = tr("kahuna.hint.why.majority", island=ISLANDS[island], count=observation.counts[seat][island] + 1,
                     need=THRESHOLD[island])
        return tr("kahuna.hint.line", what=what, why=why)
    if kind == "draw":
        if action["source"] == "pile":
            return tr("kahuna.hint.line", what=tr("kahuna.hint.pile"), why=tr("kahuna.hint.why.pile"))
        card = ISLAND_INDEX[action["card"]]
        free = sum(1 for line, ends in enumerate(LINE_ENDS) if card in ends and observation.bridges[line] < 0)
        return tr("kahuna.hint.line", what=tr("kahuna.hint.display", card=action["card"]),
                  why=tr("kahuna.hint.why.display", n=free))
    if kind == "discard":
        return tr("kahuna.hint.line", what=tr("kahuna.hint.discard", card=action["card"]),
                  why=tr("kahuna.hint.why.discard"))
    return tr("kahuna.hint.line", what=tr("kahuna.hint.pass"), why=tr("kahuna.hint.why.pass", rival=rival))

