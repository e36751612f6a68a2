"""Catan for two's game-log lines and game-over statistics (no pygame): the two-player events here,
every other event in base Catan's words."""

from __future__ import annotations

from game.games.catan import text as catan_text
from game.games.catan.text import card_list, player


def neutral(tr, colour: int) -> str:
    """A neutral colour's name: the neutral colours are numbered 2 and 3 after the seats."""
    return tr("catan_2p.neutral", n=colour - 1)


def owner(tr, colour: int, players: int = 2) -> str:
    return player(tr, colour) if colour < players else neutral(tr, colour)


def _built(event, tr):
    d = event.data
    if not d.get("neutral"):
        return catan_text.describe_event(event, tr)
    piece = tr(f"catan.piece.{d['piece']}")
    where = "_where" if "where" in d else ""
    if "by" not in d:
        return tr("catan_2p.log.neutral_start" + where, neutral=neutral(tr, d["seat"]), piece=piece,
                  where=d.get("where"))
    text = tr("catan_2p.log.neutral_built" + where, player=player(tr, d["by"]), neutral=neutral(tr, d["seat"]),
              piece=piece, where=d.get("where"))
    if "instead" in d:
        text += " " + tr("catan_2p.log.neutral_instead", due=tr(f"catan.piece.{d['instead']}"))
    return text


def _longest_road(event, tr):
    seat = event.data["seat"]
    if seat is None:
        return tr("catan.log.longest_road_aside")
    return tr("catan.log.longest_road", player=owner(tr, seat))


def _rethrow(event, tr):
    d = event.data
    return tr("catan_2p.log.rethrow", player=player(tr, d["seat"]), a=d["dice"][0], b=d["dice"][1], total=d["total"])


def _tokens(event, tr):
    d = event.data
    if not d["gained"]:
        return tr("catan_2p.log.tokens_none", player=player(tr, d["seat"]), due=d["due"])
    text = tr(f"catan_2p.log.tokens_{d['reason']}", player=player(tr, d["seat"]), count=d["gained"])
    if d["gained"] < d["due"]:
        text += " " + tr("catan_2p.log.supply_short", due=d["due"])
    return text


def _token_action(event, tr):
    d = event.data
    return tr(f"catan_2p.log.{d['action']}", player=player(tr, d["seat"]), cost=d["cost"])


def _forced_draw(event, tr):
    d = event.data
    if "resource" in d:
        return tr("catan_2p.log.forced_draw_card", player=player(tr, d["seat"]), victim=player(tr, d["victim"]),
                  resource=tr(f"catan.resource.{d['resource']}"))
    return tr("catan_2p.log.forced_draw", player=player(tr, d["seat"]), victim=player(tr, d["victim"]))


def _gave_back(event, tr):
    d = event.data
    if "cards" in d:
        return tr("catan_2p.log.gave_back_cards", player=player(tr, d["seat"]), partner=player(tr, d["partner"]),
                  cards=card_list(tr, d["cards"]))
    return tr("catan_2p.log.gave_back", player=player(tr, d["seat"]), partner=player(tr, d["partner"]))


DESCRIBERS = {
    "built": _built,
    "longest_road": _longest_road,
    "rethrow": _rethrow,
    "neutral_skipped": lambda e, tr: tr("catan_2p.log.neutral_skipped", piece=tr(f"catan.piece.{e.data['piece']}")),
    "trade_tokens": _tokens,
    "knight_turned_in": lambda e, tr: tr("catan_2p.log.knight_turned_in", player=player(tr, e.data["seat"]),
                                         count=e.data["gained"]),
    "token_action": _token_action,
    "forced_draw": _forced_draw,
    "forced_drawn": lambda e, tr: tr("catan_2p.log.forced_drawn", player=player(tr, e.data["seat"]),
                                     resource=tr(f"catan.resource.{e.data['resource']}")),
    "gave_back": _gave_back,
    "given_back": lambda e, tr: tr("catan_2p.log.given_back", player=player(tr, e.data["seat"]),
                                   cards=card_list(tr, e.data["cards"])),
}


def describe_event(event, tr) -> str | None:
    """One line of the game log for ``event`` (already reduced to what the reader may see)."""
    describe = DESCRIBERS.get(event.kind)
    return describe(event, tr) if describe else catan_text.describe_event(event, tr)


def statistics(controller) -> list[tuple[str, list]]:
    """Base Catan's figures per seat (the neutral colours left out) and the trade tokens held."""
    players = controller.config.players
    rows = [(key, values[:players]) for key, values in catan_text.statistics(controller)]
    return rows + [("catan_2p.stat.tokens", list(controller.state.tokens))]
