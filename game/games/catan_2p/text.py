"""Catan for two's game-log lines and game-over statistics (no pygame): the two-player events here,
every other event in base Catan's words."""

from __future__ import annotations

from game.games.catan import text as catan_text
from game.games.catan.hint_words import FamilyHints
from game.games.catan.text import card_list, player
from game.games.catan.two_player import FORCED_DRAWS, FORCED_GIVES, NEUTRAL_COLOURS, opponent


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


class TwoPlayerHints:
    """A hints mixin (before a game's ``FamilyHints``): the two-player layer's moves, the token actions,
    the give-back after a forced trade and the neutral builds, in words."""

    def hint_forced_trade(self, action):
        return self.tr("catan_2p.hint.forced_trade", count=self.token_price(action)), self.forced_reason()

    def token_price(self, action) -> int:
        return self.ruleset.token_cost(self.state, self.seat)

    def forced_reason(self) -> str:
        rival = opponent(self.seat)
        draws = min(FORCED_DRAWS, self.ruleset.cards_of(self.state, rival))
        return self.tr("catan_2p.hint.why.forced_trade", player=player(self.tr, rival), draws=draws, gives=FORCED_GIVES)

    def hint_robber_to_desert(self, action):
        tr = self.tr
        what = self.tr("catan_2p.hint.robber_to_desert", count=self.token_price(action))
        after = self.after(action)
        freed = [c for c in self.yield_change(self.state, after, self.seat) if c[2] > 0] if after else []
        if freed:
            return what, self.sentence([tr("catan.hint.frees", numbers=self.numbers_words(freed))])
        return what, tr("catan_2p.hint.why.robber_to_desert",
                        hex=catan_text.hex_name(tr, self.state.layout, self.state.robber))

    def tokens_reason(self, action, kind: str) -> str:
        """"+2 trade tokens": what a move that earns tokens brings."""
        gained = sum(d["gained"] for d in self.events(action, kind))
        return self.tr("catan_2p.hint.why.tokens", count=gained, held=self.state.tokens[self.seat] + gained)

    def hint_turn_in_knight(self, action):
        return self.tr("catan_2p.hint.turn_in_knight"), self.tokens_reason(action, "knight_turned_in")

    def hint_give_back(self, action):
        tr = self.tr
        kinds = list(self.ruleset.kinds)
        given = [0] * len(kinds)
        for name, count in action["cards"].items():
            given[kinds.index(name)] += count
        kept = [h - g for h, g in zip(self.hand(), given, strict=True)]
        return tr("catan_2p.hint.give_back", cards=self.cards(given)), tr("catan.hint.why.discard",
                                                                        cards=self.cards(kept))

    def neutral_reason(self, action) -> str:
        """A neutral piece is best where it takes a spot from the opponent."""
        rival = opponent(self.seat)
        after = self.after(action)
        if after is not None:
            for spots in (self.ruleset.settlement_spots, self.ruleset.road_spots):
                if len(spots(after, rival)) < len(spots(self.state, rival)):
                    return self.tr("catan_2p.hint.why.neutral_blocks", player=player(self.tr, rival))
        return self.tr("catan_2p.hint.why.neutral_clear")

    def neutral_build(self, action, piece: str) -> tuple[str, str]:
        where = self.place(edge=action["edge"]) if "edge" in action else self.place(vertex=action["vertex"])
        what = self.tr("catan_2p.hint.neutral", piece=piece, neutral=neutral(self.tr, action["colour"]), where=where)
        return what, self.neutral_reason(action)

    def hint_road(self, action):
        if action.get("colour") in NEUTRAL_COLOURS:
            return self.neutral_build(action, self.tr("catan.piece.road"))
        return super().hint_road(action)

    def hint_settlement(self, action):
        if action.get("colour") in NEUTRAL_COLOURS:
            return self.neutral_build(action, self.tr("catan.piece.settlement"))
        return super().hint_settlement(action)


class ForTwoHints(TwoPlayerHints, FamilyHints):
    """Catan for two's hint words: base Catan's with the two-player layer's."""


def explain_hint(ruleset, observation, seat: int, action: dict, tr) -> str:
    """What a hint suggests and why, in one line, from what ``seat`` may see."""
    return ForTwoHints(ruleset, observation, seat, tr).explain(action)
