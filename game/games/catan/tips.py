"""The words of the Catan table: tooltips, the line that says what to do, and why a click does nothing.

The tooltip of what is under the mouse: a lit spot says what a click there does (a settlement's
yields and harbour, a robber's victims); otherwise the panels and the board register, as they draw,
the rectangles that have a tooltip (``add``), and the topmost under the mouse answers. Every greyed
button and refused click has its reason here.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.catan import board
from game.games.catan.dialogs import cards_text
from game.games.catan.panels import card_title
from game.games.catan.rules import MAX_OFFERS

PROMPT_PHASES = ("setup_settlement", "setup_road", "pre_roll", "robber", "discard", "choose")
"""The phases with a prompt of their own for the person who decides."""


class CatanTips:
    """The texts a ``CatanTable`` shows, and the tooltip rectangles registered as it draws."""

    def __init__(self, table):
        self.table = table
        self.zones: list[tuple[pygame.Rect, Callable[[], str]]] = []

    # -- tooltips ------------------------------------------------------------------------------
    def clear(self) -> None:
        self.zones = []

    def add(self, rect: pygame.Rect, text: Callable[[], str]) -> None:
        """``text()`` is the tooltip over ``rect`` (a 1x1 rect: at the mouse, where it was registered)."""
        self.zones.append((rect, text))

    def hover_tip(self) -> str | None:
        table = self.table
        hover = table.board.hover
        if hover is not None and hover in table.candidates():
            return self.spot_tip(hover)
        mouse = tuple(table.mouse)
        for rect, text in reversed(self.zones):
            if rect.collidepoint(mouse) or (rect.size == (1, 1) and rect.topleft == mouse):
                return text()
        return None

    def spot_tip(self, key: tuple) -> str:
        """What a click on a lit spot does."""
        table = self.table
        state = table.observation()
        kind, index = key
        if kind == "h":
            victims = [a.get("victim") for a in table.candidates()[key] if a.get("victim") is not None]
            if not victims:
                return tr("catan.ui.tip.robber_here_nobody")
            return tr("catan.ui.tip.robber_here", names=tr("catan.log.separator").join(
                table.seat_name(v) for v in victims))
        if kind == "e":
            return tr("catan.ui.tip.road_here")
        action = table.candidates()[key][0]
        if action["type"] == "city":
            return tr("catan.ui.tip.city_here")
        layout = state.layout
        parts = []
        for h in board.VERTEX_HEXES[index]:
            number = layout.numbers[h]
            if number is not None:
                resource = tr(f"catan.resource.{board.RESOURCES[layout.hex_resource[h]]}")
                parts.append(tr("catan.ui.tip.yield", resource=resource, number=number))
        harbour = layout.vertex_harbour[index]
        text = tr("catan.ui.tip.settlement_here", yields=tr("catan.log.separator").join(parts) or tr(
            "catan.log.nothing"))
        if harbour:
            text += "\n" + (tr("catan.harbor.generic") if harbour == "generic" else tr(
                "catan.harbor.specific", resource=tr(f"catan.resource.{harbour}")))
        return text

    def dev_tip(self, card: str, new: bool) -> str:
        text = tr(f"catan.ui.card.{card}.tip")
        plays = {a["card"] for a in self.table.actions_of("play")}
        if card in plays:
            text += "\n" + tr("catan.ui.card.play", hotkey=tr(f"catan.ui.key.{card}"))
        elif card != "victory_point":
            text += "\n" + (tr("catan.ui.reason.new_card") if new else self.play_reason(card))
        return text

    # -- what to do now ------------------------------------------------------------------------
    def status(self) -> str:
        """What the person at the screen is to do now (empty when it is not for them to act)."""
        table = self.table
        if not table.host.can_act():
            return ""
        if table.dialog is not None:
            return self.dialog_status(table.dialog.kind)
        return self.phase_status(table.observation())

    def dialog_status(self, kind: str) -> str:
        """The prompt while a dialog of ``kind`` is open."""
        return tr(f"catan.ui.status.dialog.{kind}")

    def phase_status(self, state) -> str:
        """The prompt of the person to act in ``state`` with no dialog open."""
        phase = state.phase
        table = self.table
        if phase == "main":
            if table.mode:
                return tr(f"catan.ui.status.mode.{table.mode}")
            return tr("catan.ui.status.main", offers=MAX_OFFERS - state.offers_made)
        if phase == "road_building":
            return tr("catan.ui.status.road_building", left=state.free_roads)
        return tr(f"catan.ui.status.{phase}") if phase in PROMPT_PHASES else self.phase_name(phase)

    def phase_name(self, phase: str) -> str:
        """What a decision of ``phase`` is, in a few words."""
        return tr(f"catan.phase.{phase}")

    def watch_status(self) -> str:
        """Who the game waits for, and for what."""
        table = self.table
        actor = table.controller.to_act()
        if actor is None:
            return tr("catan.ui.status.over")
        if actor == CHANCE or actor < 0:
            return table.host.held_text() or self.chance_status()
        return tr("catan.ui.status.waiting", name=table.seat_name(actor),
                  what=self.phase_name(table.observation().phase))

    def chance_status(self) -> str:
        phase = self.table.observation().phase
        if phase in ("layout", "first_player"):
            return tr("catan.ui.status.layout")
        return tr(f"catan.ui.status.{phase}") if phase in ("steal", "draw") else tr("catan.ui.status.chance")

    # -- the main button -----------------------------------------------------------------------
    def main_label(self) -> str:
        table = self.table
        state = table.observation()
        if state.phase == "road_building":
            return tr("catan.action.end_road_building")
        if state.phase in ("pre_roll", "roll") or (state.current == table.me and not state.rolled and state.turn):
            return tr("catan.ui.roll")
        return tr("catan.ui.end_turn")

    def main_tip(self) -> str:
        phase = self.table.observation().phase
        if phase == "road_building":
            return tr("catan.ui.end_road_building.tip")
        if phase in ("pre_roll", "roll"):
            return tr("catan.ui.roll.tip")
        return tr("catan.ui.end_turn.tip")

    def main_reason(self) -> str:
        table = self.table
        if not table.host.can_act():
            return tr("play.not_your_turn")
        phase = table.observation().phase
        if phase in ("setup_settlement", "setup_road"):
            return tr("catan.ui.reason.setup")
        if phase == "road_building":
            return tr("catan.ui.reason.first_free_road")
        if phase == "robber":
            return tr("catan.ui.reason.robber_first")
        return tr("catan.ui.reason.finish_first")

    # -- why not -------------------------------------------------------------------------------
    def build_reason(self, kind: str) -> str | None:
        """Why ``kind`` cannot be built or bought now (None when it can)."""
        table = self.table
        state = table.observation()
        if not table.host.can_act():
            return tr("play.not_your_turn")
        if state.phase in ("setup_settlement", "setup_road"):
            return tr("catan.ui.reason.setup")
        if state.phase in ("pre_roll", "roll"):
            return tr("catan.ui.reason.roll_first")
        if state.phase != "main":
            return tr("catan.ui.reason.finish_first")
        seat = state.current
        if kind == "development":
            if not state.deck_count:
                return tr("catan.ui.reason.deck_empty")
        else:
            index = ("road", "settlement", "city").index(kind)
            if state.pieces[seat][index] >= board.PIECE_LIMITS[kind]:
                return tr(f"catan.ui.reason.none_left.{kind}")
        hand = state.hands[seat]
        missing = [max(0, c - h) for c, h in zip(board.COSTS[kind], hand, strict=True)]
        if any(missing):
            return tr("catan.ui.reason.missing", cards=cards_text(missing))
        action_type = "buy" if kind == "development" else kind
        if not table.actions_of(action_type):
            return tr(f"catan.ui.reason.no_spot_{kind}")
        return None

    def trade_reason(self) -> str | None:
        table = self.table
        state = table.observation()
        if not table.host.can_act():
            return tr("play.not_your_turn")
        if state.phase in ("pre_roll", "roll"):
            return tr("catan.ui.reason.roll_first")
        if state.phase != "main":
            return tr("catan.ui.reason.finish_first")
        if not any(state.hands[state.current]):
            return tr("catan.ui.reason.no_cards")
        return None

    def play_reason(self, card: str) -> str:
        table = self.table
        state = table.observation()
        if not table.host.can_act():
            return tr("play.not_your_turn")
        devs = state.devs[table.me] or [0] * 5
        index = board.DEV_CARDS.index(card)
        if not devs[index]:
            return tr("catan.ui.reason.no_card", card=card_title(card))
        if card == "victory_point":
            return tr("catan.ui.reason.victory_point")
        if state.dev_played:
            return tr("catan.ui.reason.one_card")
        if state.new_devs and devs[index] <= state.new_devs[index]:
            return tr("catan.ui.reason.new_card")
        if state.phase not in ("pre_roll", "main"):
            return tr("catan.ui.reason.finish_first")
        if card == "road_building":
            return tr("catan.ui.reason.no_road_spot")
        return tr("catan.ui.reason.finish_first")

    def spot_refusal(self, key: tuple) -> str:
        """Why a click on the board at ``key`` did nothing."""
        table = self.table
        state = table.observation()
        kind, index = key
        if kind == "h":
            if index == state.robber:
                return tr("catan.ui.refuse.robber_same")
            return tr("catan.ui.refuse.robber")
        if state.phase == "setup_settlement":
            return tr("catan.ui.refuse.setup_settlement")
        if state.phase == "setup_road":
            return tr("catan.ui.refuse.setup_road")
        what = "road" if kind == "e" else (table.mode or "settlement")
        if (kind == "e" and state.edge_owner[index] >= 0) or (what == "settlement" and state.vertex_owner[index] >= 0):
            return tr("catan.ui.refuse.taken")
        return tr(f"catan.ui.refuse.{what}")
