"""The words of the Cities & Knights table: what to do now in every step of the expansion, why a button
or a card is greyed, what a click on a lit spot does, and each progress card's effect.

Base Catan's ``CatanTips`` keeps the tooltip zones and the words the two games share.
"""

from __future__ import annotations

from game.core.i18n import tr
from game.games.catan.board import PIECE_LIMITS
from game.games.catan.dialogs import cards_text
from game.games.catan.tips import CatanTips
from game.games.catan_ck.cards import (
    CARD_INDEX,
    COSTS,
    KINDS,
    KNIGHTS_PER_STRENGTH,
    LEVELS,
    TRACK_COMMODITY,
    TRACKS,
    VICTORY_CARDS,
    WALL_LIMIT,
)
from game.games.catan_ck.rules import walls_of

STEP_PROMPTS = ("setup_settlement", "setup_city", "setup_road", "pre_roll", "robber", "discard", "retreat", "desert",
                "deserter_place", "relocate", "pillage", "smith", "progress_limit", "choose_deck", "aqueduct", "give",
                "harbour_offer", "harbour_answer", "spy", "master_merchant", "road_building")
"""The steps with a prompt of their own for the person who decides."""
BUILDINGS = ("road", "settlement", "city")
KNIGHT_ACTIONS = ("knight", "activate", "promote", "knight_move", "chase")


def pieces_cost(kind: str, ruleset) -> tuple:
    """What a build of the bar costs, over the eight kinds."""
    if kind == "wall":
        return COSTS["city_wall"]
    if kind == "knight":
        return COSTS["knight_recruit"]
    return tuple(ruleset.costs[kind])


class CKTips(CatanTips):
    """The texts a ``CitiesKnightsTable`` shows."""

    # -- tooltips on the board -------------------------------------------------------------------
    def spot_tip(self, key: tuple) -> str:
        table = self.table
        actions = table.candidates()[key]
        kind = actions[0]["type"]
        if kind in ("robber", "city", "settlement", "road") and table.mode not in ("knight", "move"):
            if kind != "road" or table.observation().phase != "relocate":
                return super().spot_tip(key)
        if table.mode == "knight" and kind != "knight":
            return tr("catan_ck.ui.tip.your_knight")
        if kind == "knight_move":
            state = table.observation()
            target = actions[0]["to"]
            if state.knight_owner[target] >= 0:
                return tr("catan_ck.ui.tip.displace_here", name=table.seat_name(state.knight_owner[target]))
            return tr("catan_ck.ui.tip.move_here")
        if kind == "play":
            card = actions[0]["card"]
            return tr(f"catan_ck.ui.tip.target.{card}", card=tr(f"catan_ck.card.{card}"))
        if kind == "improve":
            return tr("catan_ck.ui.tip.metropolis_here", track=tr(f"catan_ck.track.{actions[0]['track']}"))
        return tr(f"catan_ck.ui.tip.spot.{kind}")

    def progress_tip(self, card: str) -> str:
        """A progress card's effect, and whether (or why not) it may be played now."""
        text = tr("catan_ck.ui.card_tip", card=tr(f"catan_ck.card.{card}"), effect=tr(f"catan_ck.effect.{card}"))
        if CARD_INDEX[card] in VICTORY_CARDS:
            return text
        plays = {a["card"] for a in self.table.actions_of("play")}
        if card in plays:
            return text + "\n" + tr("catan_ck.ui.card.play")
        return text + "\n" + self.play_reason(card)

    # -- what to do now ------------------------------------------------------------------------
    def dialog_status(self, kind: str) -> str:
        return tr(f"catan_ck.ui.status.dialog.{kind}")

    def phase_name(self, phase: str) -> str:
        return tr(f"catan_ck.phase.{phase}")

    def phase_status(self, state) -> str:
        table = self.table
        phase = state.phase
        if phase == "main":
            mode = table.mode
            if mode is None:
                return tr("catan_ck.ui.status.main")
            if mode.startswith("play:"):
                card = mode[5:]
                key = "catan_ck.ui.status.second_hex" if card == "inventor" and table.selected is not None else \
                    "catan_ck.ui.status.play_target"
                return tr(key, card=tr(f"catan_ck.card.{card}"), what=tr(f"catan_ck.ui.target.{card}"))
            if mode.startswith("improve:"):
                return tr("catan_ck.ui.status.metropolis", track=tr(f"catan_ck.track.{mode[8:]}"))
            return tr(f"catan_ck.ui.status.mode.{mode}")
        if phase == "road_building":
            return tr("catan.ui.status.road_building", left=state.free_roads)
        if phase in STEP_PROMPTS:
            step = state.step or {}
            if phase == "retreat":
                return tr("catan_ck.ui.status.retreat", knight=tr(f"catan_ck.knight.{step.get('strength', 1)}"))
            if phase == "pre_roll" and any(a["card"] == "alchemist" for a in table.actions_of("play")):
                return tr("catan_ck.ui.status.pre_roll_alchemist")
            return tr(f"catan_ck.ui.status.{phase}")
        return self.phase_name(phase)

    def chance_status(self) -> str:
        phase = self.table.observation().phase
        if phase == "progress_draw":
            return tr("catan_ck.ui.status.progress_draw")
        return super().chance_status()

    # -- the main button -----------------------------------------------------------------------
    def main_label(self) -> str:
        table = self.table
        action = table.main_action()
        if action is not None and action["type"] == "done":
            return tr("catan_ck.ui.done")
        return super().main_label()

    def main_tip(self) -> str:
        action = self.table.main_action()
        if action is not None and action["type"] == "done":
            return tr(f"catan_ck.ui.done.{self.table.observation().phase}")
        return super().main_tip()

    def main_reason(self) -> str:
        table = self.table
        if not table.host.can_act():
            return tr("play.not_your_turn")
        phase = table.observation().phase
        if phase in ("setup_settlement", "setup_city", "setup_road"):
            return tr("catan.ui.reason.setup")
        if phase in STEP_PROMPTS:
            return tr("catan_ck.ui.reason.step_first", what=self.status())
        return super().main_reason()

    # -- why not -------------------------------------------------------------------------------
    def turn_reason(self) -> str | None:
        """Why nothing of the turn's own may be done now (None in the turn's main part)."""
        table = self.table
        state = table.observation()
        if not table.host.can_act():
            return tr("play.not_your_turn")
        if state.phase in ("setup_settlement", "setup_city", "setup_road"):
            return tr("catan.ui.reason.setup")
        if state.phase in ("pre_roll", "roll"):
            return tr("catan.ui.reason.roll_first")
        if state.phase != "main":
            return tr("catan.ui.reason.finish_first")
        return None

    def build_reason(self, kind: str) -> str | None:
        table = self.table
        reason = self.turn_reason()
        if reason is not None:
            return reason
        state = table.observation()
        seat = state.current
        if kind == "knight":
            if any(a["type"] in KNIGHT_ACTIONS for a in table.legal_actions()):
                return None
            if sum(state.knight_pieces[seat]) >= 3 * KNIGHTS_PER_STRENGTH:
                return tr("catan_ck.ui.reason.no_knights_left")
        if kind == "wall":
            if walls_of(state, seat) >= WALL_LIMIT:
                return tr("catan_ck.ui.reason.walls_full", limit=WALL_LIMIT)
        elif kind in BUILDINGS:
            if state.pieces[seat][BUILDINGS.index(kind)] >= PIECE_LIMITS[kind]:
                return tr(f"catan.ui.reason.none_left.{kind}")
        hand = state.hands[seat]
        missing = [max(0, c - h) for c, h in zip(pieces_cost(kind, table.ruleset), hand, strict=False)]
        if any(missing):
            return tr("catan.ui.reason.missing", cards=self.kinds_text(missing))
        if not table.actions_of(kind):
            return tr(f"catan_ck.ui.reason.no_spot.{kind}")
        return None

    def kinds_text(self, counts) -> str:
        """Cards of the eight kinds in words."""
        if not any(counts[5:]):
            return cards_text(counts[:5])
        parts = [tr("catan.log.cards_item", count=k, resource=tr(f"catan.resource.{KINDS[r]}"))
                 for r, k in enumerate(counts) if k]
        return tr("catan.log.separator").join(parts)

    def improve_reason(self, track: str) -> str | None:
        """Why ``track`` cannot be raised now (None when it can)."""
        table = self.table
        reason = self.turn_reason()
        if reason is not None:
            return reason
        if any(a["track"] == track for a in table.actions_of("improve")):
            return None
        state = table.observation()
        seat = state.current
        t = TRACKS.index(track)
        level = state.improvements[seat][t]
        if level >= LEVELS:
            return tr("catan_ck.ui.reason.top_level")
        if not table.ruleset.has_city(state, seat):
            return tr("catan_ck.ui.reason.need_city")
        commodity = TRACK_COMMODITY[t]
        cost = max(0, level + 1 - state.cranes)
        if state.hands[seat][commodity] < cost:
            return tr("catan.ui.reason.missing", cards=tr("catan.log.cards_item", count=cost - state.hands[seat][
                commodity], resource=tr(f"catan.resource.{KINDS[commodity]}")))
        return tr("catan_ck.ui.reason.metropolis_city")

    def trade_reason(self) -> str | None:
        reason = self.turn_reason()
        if reason is not None:
            return reason
        state = self.table.observation()
        if not any(state.hands[state.current]):
            return tr("catan.ui.reason.no_cards")
        return None

    def play_reason(self, card: str) -> str:
        table = self.table
        state = table.observation()
        if not table.host.can_act():
            return tr("play.not_your_turn")
        if card == "alchemist":
            return tr("catan_ck.ui.reason.alchemist")
        if state.phase in ("pre_roll", "roll"):
            return tr("catan.ui.reason.roll_first")
        if state.phase != "main":
            return tr("catan.ui.reason.finish_first")
        return tr(f"catan_ck.ui.reason.card.{card}")

    def knight_reason(self, vertex: int, kind: str) -> str:
        """Why the knight on ``vertex`` cannot do ``kind`` (activate, promote, move, chase) now."""
        state = self.table.observation()
        seat = state.current
        hand = state.hands[seat]
        if kind == "activate":
            if state.knight_active[vertex]:
                return tr("catan_ck.ui.reason.already_active")
            return tr("catan.ui.reason.missing", cards=self.kinds_text(COSTS["knight_activate"]))
        if kind == "promote":
            strength = state.knight_strength[vertex]
            if strength >= 3:
                return tr("catan_ck.ui.reason.mighty")
            if state.knight_promoted[vertex]:
                return tr("catan_ck.ui.reason.promoted")
            if strength == 2 and state.improvements[seat][1] < 3:
                return tr("catan_ck.ui.reason.need_fortress")
            if state.knight_pieces[seat][strength] >= KNIGHTS_PER_STRENGTH:
                return tr("catan_ck.ui.reason.no_stronger", knight=tr(f"catan_ck.knight.{strength + 1}"))
            missing = [max(0, c - h) for c, h in zip(COSTS["knight_promote"], hand, strict=True)]
            return tr("catan.ui.reason.missing", cards=self.kinds_text(missing))
        if not state.knight_active[vertex]:
            return tr("catan_ck.ui.reason.inactive")
        if state.knight_activated[vertex]:
            return tr("catan_ck.ui.reason.just_activated")
        if kind == "chase":
            if not self.table.ruleset.robber_awake(state):
                return tr("catan_ck.ui.reason.robber_asleep")
            return tr("catan_ck.ui.reason.not_by_robber")
        return tr("catan_ck.ui.reason.nowhere")

    def spot_refusal(self, key: tuple) -> str:
        table = self.table
        phase = table.observation().phase
        if phase == "main" and table.mode and table.mode not in ("road", "settlement", "city"):
            return tr("catan_ck.ui.refuse.spot")
        if phase in ("retreat", "desert", "deserter_place", "pillage", "smith", "setup_city"):
            return self.phase_status(table.observation())
        return super().spot_refusal(key)

