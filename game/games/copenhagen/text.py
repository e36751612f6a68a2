"""Copenhagen's game log lines and game-over statistics, built from the engine's events."""

from __future__ import annotations

from game.core.hints import consequences, events_of
from game.core.rules import Event
from game.games.copenhagen.board import COLOURS

ZERO_STATS = ("row_points", "column_points", "window_points", "tiles", "cells", "cards_taken", "cards_discarded",
              "coats", "abilities_used")


def _colour(name: str, tr) -> str:
    return tr(f"copenhagen.colour.{name}")


def _ability(name: str, tr) -> str:
    return tr(f"copenhagen.ability.{name}")


def _cards(counts: dict, tr) -> str:
    return ", ".join(f"{n}× {_colour(colour, tr)}" for colour, n in counts.items())


def _tile(tile_id: str, tr) -> str:
    colour, size = tile_id.split("-")
    if colour == "special":
        return tr("copenhagen.tile.special")
    return tr("copenhagen.tile.named", colour=_colour(colour, tr), size=size)


def describe_event(event: Event, tr) -> str | None:
    """One line of the game log, or None for events the log leaves out: what a player did starts with
    their name (the log's dot alone cannot tell every colour apart)."""
    line = _describe(event, tr)
    seat = event.data.get("seat")
    if line is None or not isinstance(seat, int) or event.kind in UNSIGNED:
        return line
    return tr("copenhagen.log.by", player=tr("seat.player", n=seat + 1), action=line)


UNSIGNED = ("turn", "coat_lost", "game_over")
"""Events that carry a seat but are no player's doing: the table's own lines."""


def _describe(event: Event, tr) -> str | None:
    d = event.data
    kind = event.kind
    if kind == "dealt":
        if "cards" in d:
            return tr("copenhagen.log.dealt", cards=_cards(d["cards"], tr))
        return tr("copenhagen.log.dealt_count", count=d["count"])
    if kind == "refilled":
        return tr("copenhagen.log.refilled", slot=d["slot"] + 1, card=_colour(d["card"], tr))
    if kind == "mermaid":
        return tr("copenhagen.log.mermaid")
    if kind == "reshuffled":
        return tr("copenhagen.log.reshuffled_count", cards=d["cards"])
    if kind == "turn":
        return tr("copenhagen.log.turn_of", turn=d["turn"] + 1, player=tr("seat.player", n=d["seat"] + 1))
    if kind == "took":
        line = tr("copenhagen.log.took", card=_colour(d["card"], tr), slot=d["slot"] + 1)
        if d["ability"]:
            line += " " + tr("copenhagen.log.with", ability=_ability(d["ability"], tr))
        return line
    if kind == "discarded":
        return tr("copenhagen.log.discarded", card=_colour(d["card"], tr))
    if kind == "ability_used":
        return tr("copenhagen.log.ability_used", ability=_ability(d["ability"], tr))
    if kind == "converted":
        return tr("copenhagen.log.converted", source=_colour(d["from"], tr),
                  target=_colour(d["to"], tr))
    if kind == "built":
        line = tr("copenhagen.log.built_for", tile=_tile(d["tile"], tr), col=d["at"][0] + 1, row=d["at"][1] + 1,
                  cost=d["cost"])
        if d["contact"]:
            line += " " + tr("copenhagen.log.contact")
        if d["discount"]:
            line += " " + tr("copenhagen.log.discount")
        return line
    if kind == "scored":
        key = f"copenhagen.log.scored.{d['line']}" + (".windows" if d["windows"] else "")
        return tr(key, index=d["index"] + 1, points=d["points"], score=d["score"])
    if kind == "coat":
        if "row" in d:
            return tr("copenhagen.log.coat_row", row=d["row"] + 1)
        return tr("copenhagen.log.coat_cell", col=d["cell"][0] + 1, row=d["cell"][1] + 1)
    if kind == "coat_lost":
        return tr("copenhagen.log.coat_lost")
    if kind == "ability_gained":
        return tr("copenhagen.log.ability_gained", ability=_ability(d["ability"], tr))
    if kind == "refreshed":
        return tr("copenhagen.log.refreshed")
    if kind == "special":
        return tr("copenhagen.log.special", col=d["at"][0] + 1, row=d["at"][1] + 1)
    if kind == "game_over":
        return tr(f"copenhagen.log.over.{d['reason']}")
    return None


def tally(log, players: int) -> dict[str, list[int]]:
    """Per-seat counts from a game's log entries (each with ``events``)."""
    stats = {name: [0] * players for name in ZERO_STATS}
    for entry in log:
        for event in entry.events:
            d = event.data
            seat = d.get("seat")
            if event.kind == "scored":
                stats["row_points" if d["line"] == "row" else "column_points"][seat] += d["points"]
                if d["windows"]:
                    stats["window_points"][seat] += d["points"]
            elif event.kind == "built":
                stats["tiles"][seat] += 1
                stats["cells"][seat] += len(d["cells"])
            elif event.kind == "special":
                stats["cells"][seat] += 1
            elif event.kind == "took":
                stats["cards_taken"][seat] += 1
                stats["abilities_used"][seat] += bool(d["ability"])
            elif event.kind == "discarded":
                stats["cards_discarded"][seat] += 1
            elif event.kind == "coat":
                stats["coats"][seat] += 1
            elif event.kind in ("ability_used", "converted"):
                stats["abilities_used"][seat] += 1
    return stats


def statistics(controller) -> list[tuple[str, list]]:
    """Rows for the game-over screen: points by rows, columns and window lines, then the facade work."""
    players = controller.config.players
    stats = tally(controller.log, players)
    state = controller.state
    stats["empty"] = [controller.ruleset.empty_cells(state, seat) for seat in range(players)]
    order = ("row_points", "column_points", "window_points", "tiles", "cells", "empty", "coats", "cards_taken",
             "cards_discarded", "abilities_used")
    return [(f"copenhagen.stat.{name}", stats[name]) for name in order]


def earnings(events, tr) -> list[str]:
    """What a placement earns, from the events it brings about: each row or column it completes with
    its points, each coat of arms it covers or completes. Empty when it earns nothing at once."""
    parts = []
    for d in events_of(events, "scored"):
        key = f"copenhagen.earn.{d['line']}" + (".windows" if d["windows"] else "")
        parts.append(tr(key, index=d["index"] + 1, points=d["points"]))
    for d in events_of(events, "coat"):
        parts.append(tr("copenhagen.earn.coat_row", row=d["row"] + 1) if "row" in d else tr("copenhagen.earn.coat"))
    return parts


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see: what a tile earns where it
    goes, what a card taken is for, what a coat of arms' reward brings."""
    kind = action["type"]

    def line(what: str, why: str) -> str:
        return tr("copenhagen.hint.line", what=what, why=why)

    if kind == "build":
        events = consequences(ruleset, observation, action)
        cost = next((d["cost"] for d in events_of(events, "built")), None)
        what = tr("copenhagen.hint.build", tile=_tile(action["tile"], tr), col=action["at"][0] + 1,
                  row=action["at"][1] + 1)
        earned = earnings(events, tr)
        if earned:
            return line(what, tr("copenhagen.hint.why.earns", earned=tr("copenhagen.earn.sep").join(earned)))
        return line(what, tr("copenhagen.hint.why.builds", cost=cost if cost is not None else 0))
    if kind == "take":
        colour = observation.harbour[action["slot"]]
        name = _colour(COLOURS[colour], tr) if 0 <= colour < len(COLOURS) else ""
        held = observation.hands[seat][colour] + 1 if 0 <= colour < len(COLOURS) else 0
        return line(tr("copenhagen.hint.take", colour=name, slot=action["slot"] + 1),
                    tr("copenhagen.hint.why.take", colour=name, n=held))
    if kind == "coat":
        choice = action["choice"]
        if choice == "ability":
            return line(tr("copenhagen.hint.coat.ability", ability=_ability(action["ability"], tr)),
                        tr(f"copenhagen.ability.{action['ability']}.help"))
        return line(tr(f"copenhagen.hint.coat.{choice}"), tr(f"copenhagen.hint.why.coat.{choice}"))
    if kind == "discard":
        return line(tr("copenhagen.hint.discard", colour=_colour(action["card"], tr)),
                    tr("copenhagen.hint.why.discard"))
    if kind == "ability":
        return line(_ability(action["ability"], tr), tr(f"copenhagen.ability.{action['ability']}.help"))
    if kind == "convert":
        return line(tr("copenhagen.hint.convert", source=_colour(action["from"], tr), target=_colour(action["to"], tr)),
                    tr("copenhagen.hint.why.convert"))
    if kind == "both":
        return line(tr("copenhagen.hint.both"), tr("copenhagen.hint.why.both"))
    return line(tr("copenhagen.hint.end"), tr("copenhagen.hint.why.end"))
