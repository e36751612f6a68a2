"""The Cities & Knights table: base Catan's table with the expansion's parts.

What it adds to base Catan's ``CatanTable`` (see its docstring for how a variant's table is built):
eight kinds of cards in the hand and the bank; the improvement chart (a dialog, key I, and three
tracks of pips in every player's panel) that buys the next level and, where it wins a metropolis,
lights the cities that may take it; city walls and knights on the build bar; the event die and the
barbarian track; knights on the board (a click on one of yours asks what it does: activate, promote,
move, chase the robber; moving lights where it may go, a weaker knight of another colour included);
progress cards in the hand, each played with the question it asks (a kind or a player in a dialog,
a corner, a path or a hex on the board); and every step a roll, an attack or a card asks of
someone, put to that person (a dialog, or spots lit on the board with a Done button where it may
be left).

The parts are composed from the classes named here, so a table for two players can name its own
board layer (neutral colours' pieces), panels (trade tokens) and steps while keeping the rest.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.games.catan.card_art import resource_back
from game.games.catan.shown import Piece
from game.games.catan.view import CatanTable
from game.games.catan_ck import dialogs as ck_dialogs
from game.games.catan_ck.anim import CKAnimation, card_track
from game.games.catan_ck.board_layer import CKBoardLayer, draw_merchant
from game.games.catan_ck.card_art import ck_log_icon, kind_card, kind_icon, progress_back, progress_card
from game.games.catan_ck.cards import CARD_INDEX, CARDS, COMMODITIES, VICTORY_CARDS
from game.games.catan_ck.drawing import CKDrawing
from game.games.catan_ck.layout import CKLayout
from game.games.catan_ck.panels import CKBuildButton, CKPanels
from game.games.catan_ck.pieces import KnightPiece
from game.games.catan_ck.shown import CKShownTable
from game.games.catan_ck.summary import CKSummary
from game.games.catan_ck.tips import KNIGHT_ACTIONS, CKTips, pieces_cost
from game.ui.audio import get_audio
from game.ui.draw import for_display
from game.ui.widgets import Button

BUILD_KINDS = ("road", "settlement", "city", "wall", "knight")
BUILD_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4}
PROGRESS_KEYS = (pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9, pygame.K_0)
"""Keys of the progress cards in the hand, left to right."""
VERTEX_STEPS = ("setup_settlement", "setup_city", "retreat", "desert", "deserter_place", "pillage", "smith")
EDGE_STEPS = ("setup_road", "road_building", "relocate")
DIALOG_STEPS = ("progress_limit", "spy", "choose_deck", "aqueduct", "give", "harbour_offer", "harbour_answer",
                "master_merchant")
HEX_CARDS = ("bishop", "merchant", "inventor")
EDGE_CARDS = ("diplomat",)


@lru_cache(maxsize=4)
def merchant_icon(size: int) -> pygame.Surface:
    """The merchant alone, for the badge of the player who holds it."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_merchant(image, (size / 2, size * 0.35), size * 0.4, (150, 120, 80))
    return for_display(image)


class CitiesKnightsTable(CatanTable):
    """The view of a Cities & Knights game for one seat (or an onlooker)."""

    layout_class = CKLayout
    shown_class = CKShownTable
    board_class = CKBoardLayer
    animation_class = CKAnimation
    panels_class = CKPanels
    drawing_class = CKDrawing
    tips_class = CKTips
    summary_class = CKSummary

    def __init__(self, host):
        self.selected: int | None = None
        """The knight chosen to move, or the Inventor's first hex."""
        self._candidates: tuple | None = None
        super().__init__(host)

    # -- cards -------------------------------------------------------------------------------------
    def card_face(self, kind: str, width: int, height: int) -> pygame.Surface:
        return kind_card(kind, width, height)

    def card_icon(self, kind: str, size: int) -> pygame.Surface:
        return kind_icon(kind, size)

    def card_back(self, width: int = 30, height: int = 42) -> pygame.Surface:
        return resource_back(width, height)

    def bank_rects(self) -> list[pygame.Rect]:
        """A pile per kind of card (the progress decks lie under them)."""
        return self.layout.bank_rects(len(self.card_kinds))

    def progress_face(self, card: str, width: int, height: int) -> pygame.Surface:
        return progress_card(card, card_track(card), width, height, tr(f"catan_ck.card.{card}"),
                             CARD_INDEX[card] in VICTORY_CARDS)

    def progress_hidden_back(self) -> pygame.Surface:
        return progress_back("science", *self.layout.dev_size)

    def merchant_icon(self, size: int) -> pygame.Surface:
        return merchant_icon(size)

    def my_progress(self) -> list[str]:
        """The progress cards of the shown hand, by name ([] where hidden)."""
        hand = self.observation().progress[self.me]
        if hand is None:
            return []
        return [CARDS[c] for c in range(len(CARDS)) for _ in range(hand[c])]

    def progress_rects(self) -> list[tuple[pygame.Rect, str | None]]:
        """Where each progress card of the shown hand lies: its name, or None face down (another's hand)."""
        state = self.observation()
        cards: list[str | None] = list(self.my_progress())
        if state.progress[self.me] is None:
            cards = [None] * state.hidden_progress[self.me]
        return list(zip(self.layout.dev_rects(len(cards)), cards, strict=True))

    def my_dev_cards(self) -> list[tuple[str, bool]]:
        return [(card, False) for card in self.my_progress()]

    def dev_rects(self) -> list[tuple[pygame.Rect, str]]:
        return [(rect, card) for rect, card in self.progress_rects() if card is not None]

    def chosen_spot(self) -> tuple | None:
        """The knight chosen to move, or the Inventor's first hex, ringed on the board."""
        if self.selected is None:
            return None
        return ("h", self.selected) if self.mode == "play:inventor" else ("v", self.selected)

    # -- buttons ------------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        actions = self.layout.actions
        tips = self.tips
        ruleset = self.ruleset
        buttons = [CKBuildButton((actions.x + 6 + i * 108, actions.y + 8, 104, 92), kind, i + 1,
                                 pieces_cost(kind, ruleset), self) for i, kind in enumerate(BUILD_KINDS)]
        self.improve_button = Button((actions.x + 6, actions.y + 110, 160, 72), lambda: tr("catan_ck.ui.improve"),
                                     self.open_improvements, size=19, enabled_fn=lambda: tips.turn_reason() is None,
                                     reason=tips.turn_reason, tooltip=lambda: tr("catan_ck.ui.improve.tip"))
        self.trade_button = Button((actions.x + 172, actions.y + 110, 130, 72), lambda: tr("catan.ui.trade"),
                                   self.open_trade, size=19, enabled_fn=lambda: tips.trade_reason() is None,
                                   reason=tips.trade_reason, tooltip=lambda: tr("catan.ui.trade.tip"))
        self.main_button = Button((actions.x + 308, actions.y + 110, 234, 72), tips.main_label, self.main_click,
                                  style="primary", size=21, enabled_fn=lambda: self.main_action() is not None,
                                  reason=tips.main_reason, tooltip=tips.main_tip)
        return buttons + [self.improve_button, self.trade_button, self.main_button]

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        self.improve_button.selected = self.hinted("improve")

    def hinted(self, what: str) -> bool:
        if self.hint is None:
            return False
        kind = self.hint[0]["type"]
        if what == "knight":
            return kind in KNIGHT_ACTIONS and self.mode != "knight"
        if what == "main":
            return kind in ("roll", "end_turn", "end_road_building", "done")
        return super().hinted(what)

    def main_action(self) -> dict | None:
        for kind in ("roll", "end_turn", "end_road_building", "done"):
            found = self.actions_of(kind)
            if found and (kind != "done" or self.observation().phase not in DIALOG_STEPS):
                return found[0]
        return None

    # -- acting -------------------------------------------------------------------------------------
    def act(self, action: dict, close: bool = True) -> bool:
        kind = action["type"]
        ok = super().act(action, close)
        if ok and (kind in ("knight_move", "play", "improve") or self.mode in ("move",)):
            self.mode = None
            self.selected = None
        return ok

    def choose_build(self, kind: str) -> None:
        self.selected = None
        super().choose_build(kind)

    def open_trade(self) -> None:
        """Where a commodity may be traded with the bank now, those trades come first, a click each, beside
        the trade dialog of every kind."""
        if self.tips.trade_reason() is not None:
            return
        commodity = [a for a in self.actions_of("bank_trade") if a["give"] in COMMODITIES or a["get"] in COMMODITIES]
        if not commodity:
            self.open_trade_dialog()
            return
        self.mode = None
        self.open_dialog(ck_dialogs.trade_dialog(self, commodity))

    def open_trade_dialog(self) -> None:
        super().open_trade()

    def open_improvements(self) -> None:
        if self.tips.turn_reason() is None:
            self.mode = None
            self.open_dialog(ck_dialogs.ImprovementDialog(self))

    def improve(self, track: str) -> None:
        """Buy the next level of ``track``; where it wins the metropolis, the cities that may take it light up."""
        found = [a for a in self.actions_of("improve") if a["track"] == track]
        if not found:
            return
        if "vertex" in found[0]:
            self.close_dialog()
            self.mode = f"improve:{track}"
            return
        self.act(found[0])

    def start_move(self, vertex: int) -> None:
        """The knight on ``vertex`` is to move: where it may go lights up."""
        self.close_dialog()
        self.mode = "move"
        self.selected = vertex

    def play_card(self, card: str) -> None:
        if CARD_INDEX.get(card, -1) in VICTORY_CARDS:
            return
        plays = [a for a in self.actions_of("play") if a["card"] == card]
        if not plays:
            self.refuse(self.tips.play_reason(card))
            return
        self.selected = None
        if card == "alchemist":
            self.open_dialog(ck_dialogs.alchemist_dialog(self, plays))
            return
        dialog = ck_dialogs.play_dialog(self, card, plays)
        if dialog is not None:
            self.open_dialog(dialog)
        elif any(k in plays[0] for k in ("vertex", "hex", "hexes", "edge")):
            self.mode = f"play:{card}"
            get_audio().play("click")
        else:
            self.mode = None
            self.act(plays[0])

    # -- the board's spots --------------------------------------------------------------------------
    def candidates(self) -> dict[tuple, list[dict]]:
        """What a click on the board may do now (worked out once per change: the board, the tips and
        the keys ask many times a frame)."""
        actions = self.legal_actions()
        if not actions or self.dialog is not None:
            return {}
        key = (id(actions), self.mode, self.selected)
        if self._candidates is None or self._candidates[0] != key:
            self._candidates = (key, self.find_candidates(actions))
        return self._candidates[1]

    def find_candidates(self, actions) -> dict[tuple, list[dict]]:
        state = self.observation()
        phase = state.phase
        found: dict[tuple, list[dict]] = {}

        def add(key, action):
            found.setdefault(key, []).append(action)

        if phase == "robber":
            for a in actions:
                add(("h", a["hex"]), a)
        elif phase in VERTEX_STEPS:
            for a in actions:
                if "vertex" in a:
                    add(("v", a["vertex"]), a)
        elif phase in EDGE_STEPS:
            for a in actions:
                if "edge" in a:
                    add(("e", a["edge"]), a)
        elif phase == "main" and self.mode:
            self.main_candidates(state, actions, add)
        return found

    def main_candidates(self, state, actions, add) -> None:
        """The spots of the build or the card chosen in the turn's main part."""
        mode = self.mode
        if mode == "road":
            for a in actions:
                if a["type"] == "road":
                    add(("e", a["edge"]), a)
        elif mode in ("settlement", "city", "wall"):
            for a in actions:
                if a["type"] == mode:
                    add(("v", a["vertex"]), a)
        elif mode == "knight":
            for a in actions:
                if a["type"] in KNIGHT_ACTIONS:
                    add(("v", a["vertex"]), a)
        elif mode == "move":
            for a in actions:
                if a["type"] == "knight_move" and a["vertex"] == self.selected:
                    add(("v", a["to"]), a)
        elif mode.startswith("improve:"):
            for a in actions:
                if a["type"] == "improve" and a["track"] == mode[8:] and "vertex" in a:
                    add(("v", a["vertex"]), a)
        elif mode.startswith("play:"):
            card = mode[5:]
            for a in actions:
                if a["type"] != "play" or a["card"] != card:
                    continue
                if "hexes" in a:
                    first, second = a["hexes"]
                    if self.selected is None:
                        add(("h", first), a)
                        add(("h", second), a)
                    elif self.selected in (first, second):
                        add(("h", second if first == self.selected else first), a)
                elif "hex" in a:
                    add(("h", a["hex"]), a)
                elif "edge" in a:
                    add(("e", a["edge"]), a)
                elif "vertex" in a:
                    add(("v", a["vertex"]), a)

    def spot_kind(self) -> str | None:
        if not self.host.can_act() or self.dialog is not None:
            return None
        phase = self.observation().phase
        if phase in VERTEX_STEPS:
            return "v"
        if phase in EDGE_STEPS:
            return "e"
        if phase == "robber":
            return "h"
        mode = self.mode
        if phase != "main" or not mode:
            return None
        if mode == "road":
            return "e"
        if mode.startswith("play:"):
            card = mode[5:]
            return "h" if card in HEX_CARDS else ("e" if card in EDGE_CARDS else "v")
        return "v"

    def ghost_piece(self, action: dict) -> Piece | None:
        seat = self.controller.to_act()
        if seat is None or seat < 0:
            return None
        state = self.observation()
        kind = action["type"]
        if kind in ("knight", "retreat"):
            step = state.step or {}
            strength = step.get("strength", 1) if state.phase != "main" else 1
            return KnightPiece("knight", seat, strength, bool(step.get("active")) and state.phase != "main")
        if kind == "knight_move":
            v = action["vertex"]
            return KnightPiece("knight", seat, state.knight_strength[v], False)
        if kind == "promote":
            v = action["vertex"]
            return KnightPiece("knight", seat, min(3, state.knight_strength[v] + 1), state.knight_active[v])
        if kind == "activate":
            v = action["vertex"]
            return KnightPiece("knight", seat, state.knight_strength[v], True)
        if kind in ("road", "settlement", "city", "wall"):
            return Piece(kind, seat)
        if kind == "play" and action["card"] == "medicine":
            return Piece("city", seat)
        if kind == "play" and action["card"] == "engineer":
            return Piece("wall", seat)
        return None

    def click_spot(self, key: tuple) -> None:
        found = self.candidates().get(key)
        if not found:
            self.refuse(self.tips.spot_refusal(key))
            return
        if self.mode == "knight" and found[0]["type"] != "knight":
            self.open_dialog(ck_dialogs.knight_dialog(self, key[1], found))
            return
        if self.mode == "play:inventor" and self.selected is None:
            self.selected = key[1]
            get_audio().play("click")
            return
        super().click_spot(key)

    def hint_key(self) -> tuple | None:
        if self.hint is None:
            return None
        a = self.hint[0]
        if a["type"] == "knight_move":
            return ("v", a["to"])
        if a["type"] in ("wall", "knight", "activate", "promote", "chase", "retreat", "pillage", "desert"):
            return ("v", a["vertex"])
        return super().hint_key()

    def show_hint(self, action) -> None:
        kind = action["type"]
        super().show_hint(action)
        state = self.observation()
        if state.phase != "main":
            return
        if kind == "wall":
            self.mode = "wall"
        elif kind in ("knight", "activate", "promote", "chase"):
            self.mode = "knight"
        elif kind == "knight_move":
            self.mode, self.selected = "move", action["vertex"]

    # -- input --------------------------------------------------------------------------------------
    def click(self, pos) -> bool:
        state = self.observation()
        if self.mode is None and state.phase == "main" and self.host.can_act() and self.dialog is None:
            spot = self.board.spot_at(pos, "v")
            if spot is not None and state.knight_owner[spot[1]] == self.me:
                self.mode = "knight"
                found = self.candidates().get(spot)
                if found:
                    self.open_dialog(ck_dialogs.knight_dialog(self, spot[1], found))
                    return True
                self.mode = None
        if self.panel_rect(self.me).collidepoint(pos) and self.tips.turn_reason() is None:
            self.open_improvements()
            return True
        return super().click(pos)

    def right_click(self) -> bool:
        self.selected = None
        return super().right_click()

    def key(self, event) -> bool:
        k = event.key
        if k in BUILD_KEYS:
            self.buttons[BUILD_KEYS[k]].click()
            return True
        if k == pygame.K_i:
            self.improve_button.click()
            return True
        if k in PROGRESS_KEYS:
            cards = self.my_progress()
            index = PROGRESS_KEYS.index(k)
            if index < len(cards):
                self.play_card(cards[index])
            return True
        if k == pygame.K_ESCAPE and self.mode:
            self.mode = None
            self.selected = None
            return True
        if k in (pygame.K_b, pygame.K_k, pygame.K_g, pygame.K_y, pygame.K_m):
            return False
        return super().key(event)

    # -- events and dialogs -------------------------------------------------------------------------
    def log_icon(self, event):
        return ck_log_icon(event, self.board.icon, card_track)

    def drop_choices(self) -> None:
        super().drop_choices()
        self.selected = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.mode is None:
            self.selected = None

    def manage_dialogs(self) -> None:
        state = self.observation()
        allowed, wanted = self.dialog_plan(state)
        if self.dialog is not None and self.dialog.kind not in allowed:
            self.dialog = None
        if self.dialog is not None or not wanted or self.busy():
            return
        if wanted == "discard":
            self.open_dialog(ck_dialogs.KindsDiscardDialog(self, self.me, state.discard[self.me]))
        elif wanted in DIALOG_STEPS:
            dialog = ck_dialogs.step_dialog(self, wanted)
            if dialog is not None:
                self.open_dialog(dialog)
        else:
            super().manage_dialogs()

    def dialog_plan(self, state) -> tuple[set, str | None]:
        if not self.host.interactive or state.phase == "over":
            return set(), None
        mine = self.host.can_act() and self.controller.to_act() == self.me
        phase = state.phase
        if mine and phase in DIALOG_STEPS:
            return {phase}, phase
        if mine and phase == "main":
            return {"trade", "answers", "improve", "knight", "play"}, None
        if mine and phase == "pre_roll":
            return {"dice"}, None
        if mine and phase == "roll":
            return set(), None
        return super().dialog_plan(state)

