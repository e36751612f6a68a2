"""The table of Catan for two with Cities & Knights: the Cities & Knights table with Catan for two's
parts (``game.games.catan_2p.view``), composed the same way as Catan for two's table on base Catan's.

What the combination changes in the two-player part:

- the neutral knights (a recruit or a promotion of yours owes one) are lit on their corners like the
  neutral roads and placed by a click, shown as the knight they will be;
- a forced trade is declared as resources only or as the whole hand (a choice where both are open),
  and the give-back chooses among all eight kinds of cards;
- instead of turning in a knight card, one of your knights is taken off the board for tokens: the
  button lights your knights that may go and a click takes one.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan.two_player import FORCED_PRICE, NEUTRAL_COLOURS
from game.games.catan_2p.text import neutral
from game.games.catan_2p.view import (
    ActionsDialog,
    NeutralPaint,
    NeutralTips,
    RollsDrawing,
    TokenPanels,
    TwoPlayerPart,
    TwoPlayerTable,
)
from game.games.catan_ck.board_layer import CKBoardLayer
from game.games.catan_ck.drawing import CKDrawing
from game.games.catan_ck.panels import CKPanels
from game.games.catan_ck.pieces import KnightPiece
from game.games.catan_ck.tips import CKTips
from game.games.catan_ck.view import CitiesKnightsTable
from game.games.catan_ck_2p.rules import REMOVAL_TOKENS

REMOVE_MODE = "remove_knight"
LAYER_PHASES = ("neutral", "forced_give", "rethrow")
"""Phases of the two-player layer, worded by Catan for two."""
LAYER_DIALOGS = ("neutral", "give_back")
NEUTRAL_KNIGHT_STRENGTH = {"knight": 1, "promote": 2}
"""The strength a neutral knight has once placed or promoted (its look before the click)."""


class ForcedModeDialog(ActionsDialog):
    """A forced trade open in both modes: resources only, or the whole hand at double price."""

    kind = "forced"

    def __init__(self, table, actions: list[dict]):
        cost = table.two.cost()
        super().__init__(table, actions, lambda a: tr(f"catan_ck_2p.ui.forced.{a['mode']}",
                                                      cost=cost * FORCED_PRICE[a["mode"]]),
                         table.two.declare, lambda: tr("catan_ck_2p.ui.forced.title"),
                         lambda: tr("catan_ck_2p.ui.forced.body"), 700)


class CKTwoPlayerPart(TwoPlayerPart):
    """The two-player part with the forced trade's two modes and knights taken off for tokens."""

    token_actions = ("forced_trade", "robber_to_desert", "remove_knight")

    def text_key(self, kind: str) -> str:
        return "catan_ck_2p.ui.remove_knight" if kind == "remove_knight" else super().text_key(kind)

    def take(self, kind: str) -> None:
        table = self.table
        if kind == "remove_knight" and self.action(kind) is not None:
            table.mode = None if table.mode == REMOVE_MODE else REMOVE_MODE
            return
        forced = table.actions_of("forced_trade")
        if kind == "forced_trade" and len(forced) > 1:
            table.mode = None
            table.open_dialog(ForcedModeDialog(table, forced))
            return
        super().take(kind)

    def declare(self, action: dict) -> None:
        self.table.close_dialog()
        self.table.act(action)

    def rethrow(self, d: dict) -> None:
        """A total thrown again once more keeps the event die as it lay (only its first throw names it)."""
        super().rethrow(d if "event" in d else dict(d, event=self.table.observation().event))

    def reason(self, kind: str) -> str:
        state = self.table.observation()
        if kind != "remove_knight" or not self.table.host.can_act() or state.current != self.table.me \
                or state.phase not in ("pre_roll", "main"):
            return super().reason(kind)
        if state.knight_turned_in:
            return tr("catan_ck_2p.ui.reason.knight_once")
        if not state.token_supply:
            return tr("catan_2p.ui.reason.supply_empty")
        return tr("catan_ck_2p.ui.reason.no_knight")


class CKNeutralBoard(NeutralPaint, CKBoardLayer):
    """The Cities & Knights board with the neutral colours marked."""


class CKTwoPlayerPanels(TokenPanels, CKPanels):
    """The Cities & Knights panels with the trade tokens."""

    def caption_room(self, seat: int, rect: pygame.Rect, place: pygame.Rect) -> bool:
        """Not where the person's token cost line has gone under their tokens, into the caption's row."""
        cost = self.table.two.cost_rect(seat, rect)
        return super().caption_room(seat, rect, place) and not (cost and cost.colliderect(place))


class CKTwoPlayerDrawing(RollsDrawing, CKDrawing):
    """The Cities & Knights drawing with the two rolls."""


class CKTwoPlayerTips(NeutralTips, CKTips):
    """The Cities & Knights words with the neutral spots' (knights named by their strength)."""

    def dialog_status(self, kind: str) -> str:
        if kind in LAYER_DIALOGS:
            return tr(f"catan.ui.status.dialog.{kind}")
        if kind == ForcedModeDialog.kind:
            return tr("catan_ck_2p.ui.status.dialog.forced")
        return super().dialog_status(kind)

    def phase_status(self, state) -> str:
        if self.table.mode == REMOVE_MODE:
            return tr("catan_ck_2p.ui.status.mode.remove_knight")
        step = state.step or {}
        if state.phase == "retreat" and step.get("seat") in NEUTRAL_COLOURS:
            return tr("catan_ck_2p.ui.status.retreat_neutral", neutral=neutral(tr, step["seat"]),
                      knight=tr(f"catan_ck.knight.{step.get('strength', 1)}"))
        if state.phase in LAYER_PHASES and state.phase != "neutral":
            return self.phase_name(state.phase)
        return super().phase_status(state)

    def phase_name(self, phase: str) -> str:
        """The two-player layer's phases are named in Catan for two's words."""
        return tr(f"catan.phase.{phase}") if phase in LAYER_PHASES else super().phase_name(phase)

    def spot_tip(self, key: tuple) -> str:
        table = self.table
        if table.mode == REMOVE_MODE:
            strength = table.observation().knight_strength[key[1]]
            return tr("catan_ck_2p.ui.tip.remove_here", knight=tr(f"catan_ck.knight.{strength}"),
                      count=REMOVAL_TOKENS[strength - 1])
        return super().spot_tip(key)

    def neutral_piece_name(self, kind: str) -> str:
        if kind in NEUTRAL_KNIGHT_STRENGTH:
            return tr(f"catan_ck_2p.ui.piece.{kind}")
        return super().neutral_piece_name(kind)

    def neutral_status_key(self, kind: str) -> str:
        if kind in NEUTRAL_KNIGHT_STRENGTH:
            return f"catan_ck_2p.ui.status.neutral.{kind}"
        return super().neutral_status_key(kind)


class CitiesKnightsForTwoTable(TwoPlayerTable, CitiesKnightsTable):
    """The table of Catan for two with Cities & Knights (see the module docstring)."""

    part_class = CKTwoPlayerPart
    board_class = CKNeutralBoard
    panels_class = CKTwoPlayerPanels
    drawing_class = CKTwoPlayerDrawing
    tips_class = CKTwoPlayerTips

    def neutral_piece(self, action: dict):
        if action["type"] in NEUTRAL_KNIGHT_STRENGTH:
            return KnightPiece("knight", action["colour"], NEUTRAL_KNIGHT_STRENGTH[action["type"]], False)
        return super().neutral_piece(action)

    def candidates(self) -> dict[tuple, list[dict]]:
        if self.mode == REMOVE_MODE:
            if self.dialog is not None:
                return {}
            return {("v", a["vertex"]): [a] for a in self.actions_of("remove_knight")}
        return super().candidates()

    def spot_kind(self) -> str | None:
        if self.mode == REMOVE_MODE:
            return "v" if self.host.can_act() and self.dialog is None else None
        return super().spot_kind()

    def click_spot(self, key: tuple) -> None:
        if self.mode == REMOVE_MODE:
            found = self.candidates().get(key)
            if not found:
                self.refuse(tr("catan_ck_2p.ui.reason.not_removable"))
                return
            self.mode = None
            self.act(found[0])
            return
        super().click_spot(key)

    def hint_key(self) -> tuple | None:
        if self.hint_is("remove_knight"):
            return ("v", self.hint[0]["vertex"])
        return super().hint_key()

    def dialog_plan(self, state) -> tuple[set, str | None]:
        allowed, wanted = super().dialog_plan(state)
        if state.phase in ("pre_roll", "main") and self.host.can_act():
            allowed = allowed | {"forced"}
        return allowed, wanted

    def update(self, dt: float) -> None:
        if self.mode == REMOVE_MODE and not self.actions_of("remove_knight"):
            self.mode = None
        super().update(dt)
