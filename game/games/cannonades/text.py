"""Cannonades text: one game-log line per event, and the figures of the game-over screen."""

from __future__ import annotations

_PASS_THROUGH = ("seat", "slot", "turn", "draw", "pile")


def card_name(code: str | None, tr) -> str:
    """A card's name for people (``"?"`` or a missing card reads as "a card")."""
    if not code or code == "?":
        return tr("cannonades.card.unknown")
    return tr(f"cannonades.card.{code}")


def player(seat, tr) -> str:
    return tr("seat.player", n=seat + 1) if isinstance(seat, int) else ""


def describe_event(event, tr) -> str | None:
    """The log line of an event as its viewer sees it (cards hidden from them are left out)."""
    data = event.data
    kind = event.kind
    fields = {"player": player(data.get("seat"), tr)}
    for name in ("against", "target", "by", "from"):
        if isinstance(data.get(name), int):
            fields[name] = player(data[name], tr)
    if "card" in data:
        fields["card"] = card_name(data["card"], tr)
    if "cards" in data:
        fields["cards"] = tr("cannonades.log.sep").join(card_name(c, tr) for c in data["cards"])
        fields["count"] = len(data["cards"])
    for name in _PASS_THROUGH:
        if name in data and name not in fields:
            fields[name] = data[name] + 1 if name == "slot" else data[name]
    if kind == "deal":
        if data.get("reason") == "setup":
            return None
        key = "cannonades.log.deal" if "card" in data else "cannonades.log.deal_hidden"
        return tr(key, **fields)
    if kind == "add":
        key = "cannonades.log.add" if "card" in data else "cannonades.log.add_hidden"
        return tr(key, **fields)
    if kind == "take":
        key = "cannonades.log.take" if "card" in data else "cannonades.log.take_hidden"
        return tr(key, **fields)
    if kind == "turn":
        key = "cannonades.log.final_turn" if data.get("final") else "cannonades.log.turn"
        return tr(key, **fields)
    if kind == "discard":
        return tr(f"cannonades.log.discard.{data.get('reason', 'limit')}", **fields)
    if kind == "flip":
        return tr(f"cannonades.log.flip.{data.get('cause', 'hit')}", **fields)
    if kind == "grin":
        return tr(f"cannonades.log.grin.{data.get('cause', 'sink')}", **fields)
    if kind == "react":
        return tr(f"cannonades.log.react.{data.get('option', 'pass')}", **fields)
    if kind == "eliminated":
        key = "cannonades.log.eliminated_by" if isinstance(data.get("by"), int) else "cannonades.log.eliminated"
        return tr(key, **fields)
    if kind == "standoff":
        return tr("cannonades.log.standoff", **fields)
    if kind == "game_over":
        details = data.get("details", {})
        decided = details.get("decided_key")
        if not decided:
            return None
        text = tr(decided, **details.get("decided_fields", {}))
        winners = details.get("winners", [])
        if len(winners) != 1:
            return text
        return tr("cannonades.log.game_over", player=player(winners[0], tr), decided=text)
    if kind in ("start", "mulligan", "shoot", "board", "sink", "survive", "vendetta", "pick", "end_turn"):
        return tr(f"cannonades.log.{kind}", **fields)
    return None


def statistics(controller) -> list[tuple[str, list[int]]]:
    """Shots (Shoot and Board), hits that sank a ship, own ships sunk and Grin reactions, per seat."""
    players = controller.config.players
    shots, hits, sunk, reactions, revealed = ([0] * players for _ in range(5))
    for entry in controller.log:
        for event in entry.events:
            data = event.data
            if event.kind in ("shoot", "board"):
                shots[data["seat"]] += 1
            elif event.kind == "sink":
                hits[data["by"]] += 1
                sunk[data["seat"]] += 1
            elif event.kind == "react" and data["option"] != "pass":
                reactions[data["seat"]] += 1
            elif event.kind == "flip" and data["cause"] == "hit":
                revealed[data["seat"]] += 1
    return [
        ("cannonades.stats.shots", shots),
        ("cannonades.stats.hits", hits),
        ("cannonades.stats.sunk", sunk),
        ("cannonades.stats.revealed", revealed),
        ("cannonades.stats.reactions", reactions),
    ]
