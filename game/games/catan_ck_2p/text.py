"""Game-log lines and game-over figures of Catan for two with Cities & Knights (no pygame): Cities &
Knights' lines, the two-player layer's, and the combination's own (neutral knights, a knight taken
off for tokens, a void forced trade, the event die of a repeated roll), with the neutral colours
named as such wherever a line names a colour."""

from __future__ import annotations

from game.games.catan.text import player
from game.games.catan.two_player import FORCED_PRICE, NEUTRAL_COLOURS
from game.games.catan_2p import text as two_player_text
from game.games.catan_2p.text import TwoPlayerHints, neutral
from game.games.catan_ck import text as ck_text
from game.games.catan_ck.text import CKHints

PLAYERS = 2


def naming_neutrals(tr):
    """``tr`` with the colours numbered after the two seats named as the neutral colours."""
    def named(key, **fields):
        if key == "seat.player" and fields.get("n", 0) > PLAYERS:
            return tr("catan_2p.neutral", n=fields["n"] - PLAYERS)
        return tr(key, **fields)
    return named


def _built(event, tr):
    if event.data.get("neutral"):
        return two_player_text.DESCRIBERS["built"](event, tr)
    return ck_text.DESCRIBERS["built"](event, tr)


def _neutral_knight(kind: str):
    """A neutral knight placed or promoted by the player on turn, or the Cities & Knights line."""
    def describe(event, tr):
        d = event.data
        if not d.get("neutral"):
            return ck_text.DESCRIBERS[kind](event, tr)
        return tr(f"catan_ck_2p.log.neutral_{kind}", player=player(tr, d["by"]), neutral=neutral(tr, d["seat"]),
                  knight=tr(f"catan_ck.knight.{d['strength']}"))
    return describe


def _rethrow(event, tr):
    d = event.data
    if "event" not in d:
        return tr("catan_ck_2p.log.rethrow_again", player=player(tr, d["seat"]), a=d["dice"][0], b=d["dice"][1],
                  total=d["total"])
    return tr("catan_ck_2p.log.rethrow", player=player(tr, d["seat"]), a=d["dice"][0], b=d["dice"][1],
              total=d["total"], event=tr(f"catan_ck.event.{d['event']}"))


def _rolled(event, tr):
    d = event.data
    if not d.get("rethrown"):
        return ck_text.DESCRIBERS["rolled"](event, tr)
    return tr("catan_ck_2p.log.rethrown", player=player(tr, d["seat"]), a=d["dice"][0], b=d["dice"][1],
              total=d["total"])


def _token_action(event, tr):
    """A forced trade names its declared mode; the robber's token action reads as in Catan for two."""
    d = event.data
    if d["action"] != "forced_trade":
        return two_player_text.DESCRIBERS["token_action"](event, tr)
    return tr(f"catan_ck_2p.log.forced_trade_{d['mode']}", player=player(tr, d["seat"]), cost=d["cost"])


def _knight_removed(event, tr):
    d = event.data
    text = tr("catan_ck_2p.log.knight_removed", player=player(tr, d["seat"]),
              knight=tr(f"catan_ck.knight.{d['strength']}"), count=d["gained"])
    if d["gained"] < d["due"]:
        text += " " + tr("catan_2p.log.supply_short", due=d["due"])
    return text


def _neutral_skipped(event, tr):
    piece = event.data["piece"]
    if piece in ("knight", "promotion"):
        return tr(f"catan_ck_2p.log.neutral_skipped_{piece}")
    return two_player_text.DESCRIBERS["neutral_skipped"](event, tr)


DESCRIBERS = {
    **ck_text.DESCRIBERS,
    **two_player_text.DESCRIBERS,
    "built": _built,
    "knight": _neutral_knight("knight"),
    "promoted": _neutral_knight("promoted"),
    "rolled": _rolled,
    "rethrow": _rethrow,
    "knight_removed": _knight_removed,
    "token_action": _token_action,
    "neutral_skipped": _neutral_skipped,
    "forced_void": lambda e, tr: tr("catan_ck_2p.log.forced_void", player=player(tr, e.data["seat"]),
                                    victim=player(tr, e.data["victim"])),
}


def describe_event(event, tr) -> str | None:
    """One line of the game log for ``event`` (already reduced to what the reader may see)."""
    describe = DESCRIBERS.get(event.kind)
    return describe(event, naming_neutrals(tr)) if describe else None


def statistics(controller) -> list[tuple[str, list]]:
    """Cities & Knights' figures per seat and the trade tokens held."""
    return ck_text.statistics(controller) + [("catan_2p.stat.tokens", list(controller.state.tokens))]


class CKForTwoHints(TwoPlayerHints, CKHints):
    """The hint's words of the combination: Cities & Knights' and the two-player layer's, with the forced
    trade's mode, a knight taken off for tokens and the neutral knights."""

    def token_price(self, action) -> int:
        return super().token_price(action) * FORCED_PRICE.get(action.get("mode"), 1)

    def hint_forced_trade(self, action):
        what = self.tr(f"catan_ck_2p.hint.forced_trade.{action['mode']}", count=self.token_price(action))
        return what, self.forced_reason()

    def hint_remove_knight(self, action):
        tr = self.tr
        return (tr("catan_ck_2p.hint.remove_knight", where=self.place(vertex=action["vertex"])),
                self.tokens_reason(action, "knight_removed"))

    def hint_knight(self, action):
        if action.get("colour") in NEUTRAL_COLOURS:
            return self.neutral_build(action, self.tr("catan_ck_2p.ui.piece.knight"))
        return super().hint_knight(action)

    def hint_promote(self, action):
        if action.get("colour") in NEUTRAL_COLOURS:
            return self.neutral_build(action, self.tr("catan_ck_2p.ui.piece.promote"))
        return super().hint_promote(action)


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see."""
    return CKForTwoHints(ruleset, observation, seat, naming_neutrals(tr)).explain(action)
