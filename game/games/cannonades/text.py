"""Cannonades text: one game-log line per event, and the figures of the game-over screen."""

from __future__ import annotations

from game.games.cannonades.rules import CODE_INDEX, CODES, GRINS, IS_SHIP, MAX_SHIPS, UNKNOWN, sink_odds

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


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see: the chance a shot sinks,
    what a ship added or cards drawn are for, which reaction hurts the attacker most."""
    kind = action["type"]
    card = action.get("card")

    def line(what_key: str, why_key: str, **fields) -> str:
        return tr("cannonades.hint.line", what=tr(what_key, **fields), why=tr(why_key, **fields))

    if kind in ("shoot", "board"):
        odds = sink_odds(observation, action)
        fields = {"card": card_name(card, tr), "target": player(action["seat"], tr), "slot": action["slot"] + 1,
                  "p": round(odds.chance * 100)}
        if kind == "board":
            ship = observation.ships[seat][action["ship"]]
            fields["card"] = card_name(CODES[ship] if ship != UNKNOWN else None, tr)
        if odds.chance == 0:
            why = "cannonades.hint.why.spend" if observation.up[action["seat"]][action["slot"]] \
                else "cannonades.hint.why.reveal"
        else:
            why = "cannonades.hint.why.sure" if odds.known else "cannonades.hint.why.odds"
        return line(f"cannonades.hint.{kind}", why, **fields)
    if kind == "add":
        ships = len(observation.ships[seat]) + 1
        why = "cannonades.hint.why.first" if observation.first_turn else "cannonades.hint.why.fleet"
        return line("cannonades.hint.add", why, card=card_name(card, tr), n=ships, max=MAX_SHIPS)
    if kind == "draw":
        index = CODE_INDEX.get(card, UNKNOWN)
        return line("cannonades.hint.draw", "cannonades.hint.why.draw", card=card_name(card, tr),
                    n=1 + GRINS[index] if index != UNKNOWN and IS_SHIP[index] else 1)
    if kind == "react":
        against = observation.reactions[0][1] if observation.reactions else None
        return line(f"cannonades.hint.react.{action['option']}", f"cannonades.hint.why.react.{action['option']}",
                    target=player(against, tr))
    if kind in ("discard", "pick"):
        return line(f"cannonades.hint.{kind}", f"cannonades.hint.why.{kind}", card=card_name(card, tr))
    return line("cannonades.hint.end", "cannonades.hint.why.end")

