"""The Catan table: the island, every player's public state, the hand, the build bar and the dice.

Set-up: legal corners light up, a ghost of the settlement follows the cursor, a click builds, then
the paths from it light up for the road. On a turn the dice tumble, the produced resources fly from
their hexes to the players, and the build bar shows each cost; choosing a build lights up where it
may go. A 7 asks each person who must for their discard, then lights up the hexes for the robber
and asks whom to rob. Trades, answers to offers and the progress cards go through dialogs.
Everything a click does also has a key (shown in the tooltips).

How the table is built, and how a game of the Catan family builds its own on it
-----------------------------------------------------------------------------------
``CatanTable`` holds what the person is doing (the build chosen, an open question) and decides what
a click means; everything else is an object of its own, made from a class named on the table, so a
variant's table (``class CitiesKnightsTable(CatanTable)``) names its own subclass of each piece it
changes and keeps the rest:

- ``layout_class`` (``layout.CatanLayout``): where everything sits; move a rectangle by overriding it.
- ``shown_class`` (``shown.ShownTable``, no pygame): the island as drawn, changed per event as the
  animation lands. New pieces on corners (walls under cities, knights, metropolises) are ``Piece``
  subclasses stacked on ``vertices`` by ``corner`` and by the game's event methods.
- ``board_class`` (``board_layer.BoardLayer``): draws the island and its pieces, finds the spot under
  the mouse and keeps it (``hover``). A new kind of piece is a ``PiecePainter`` added to
  ``painters``; colours of no seat's (the neutral colours of Catan for two) are answered by
  overriding ``paint``.
- ``animation_class`` (``anim.CatanAnimation``): event kind -> handler; add handlers for new events.
- ``panels_class`` (``panels.CatanPanels``: a player's figures in ``chips``, pieces left in
  ``piece_kinds``), ``drawing_class`` (``drawing.CatanDrawing``: the backdrop and the order of it all),
  ``tips_class`` (``tips.CatanTips``: tooltips, prompts and reasons), ``summary_class``
  (``summary.CatanSummary``: the game-over figures, points by source).
- On the table itself: which spots a click may act on now (``candidates``, ``spot_kind``), the ghost
  of what it would build (``ghost_piece``), the dialogs the game asks for (``dialog_plan``), and the
  cards of the hand (``card_kinds`` from the ruleset, drawn by ``card_face`` and ``card_icon``).
Points, cards counts and the like are asked of the ruleset the table is given (``public_points``,
``cards_of``), so a variant's own scoring shows without changes here.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE, Event
from game.games.catan import board, dialogs
from game.games.catan.anim import CatanAnimation
from game.games.catan.board_layer import BoardLayer
from game.games.catan.card_art import log_icon_for, resource_card, resource_icon
from game.games.catan.drawing import CatanDrawing
from game.games.catan.layout import CatanLayout
from game.games.catan.panels import DEV_ORDER, BuildButton, CatanPanels
from game.games.catan.shown import Piece, ShownTable
from game.games.catan.summary import CatanSummary
from game.games.catan.text import place_words
from game.games.catan.tips import CatanTips
from game.ui.audio import get_audio
from game.ui.table import TableView
from game.ui.widgets import Button

BUILD_KINDS = ("road", "settlement", "city", "development")
BUILD_KEYS = {pygame.K_1: "road", pygame.K_2: "settlement", pygame.K_3: "city"}
PLAY_KEYS = {pygame.K_k: "knight", pygame.K_g: "road_building", pygame.K_y: "year_of_plenty", pygame.K_m: "monopoly"}
PIECE_ACTIONS = ("road", "settlement", "city")
"""Actions that build a piece of the same name."""


class CatanTable(TableView):
    """The view of a Catan game for one seat (or an onlooker, who follows the player on turn)."""

    layout_class = CatanLayout
    shown_class = ShownTable
    board_class = BoardLayer
    animation_class = CatanAnimation
    panels_class = CatanPanels
    drawing_class = CatanDrawing
    tips_class = CatanTips
    summary_class = CatanSummary

    def __init__(self, host):
        super().__init__(host)
        self.layout = self.layout_class()
        self.mode: str | None = None
        self.mouse = (-1, -1)
        self.offers_refused: dict[int, int] = {}
        """Seat -> the turn in which that person refused every further offer."""
        self._recent: tuple[int, dict[int, list[tuple]]] | None = None
        self.board = self.board_class(self, self.layout.board)
        self.animation = self.animation_class(self)
        self.shown: ShownTable
        self.sync()
        self.tips = self.tips_class(self)
        self.panels = self.panels_class(self)
        self.drawing = self.drawing_class(self)
        self.summary = self.summary_class(self)
        self.buttons = self._buttons()

    # -- the position -------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat whose hand is shown: the viewer, or the player on turn for an onlooker."""
        if self.viewer is not None:
            return self.viewer
        return self.observation().current

    @property
    def game_id(self) -> str:
        """The game whose player colours the table draws."""
        return self.host.spec.id

    @property
    def card_kinds(self) -> tuple[str, ...]:
        """The kinds of cards in hands and the bank, in the ruleset's order."""
        return self.ruleset.kinds

    @property
    def dialog_area(self) -> pygame.Rect:
        """Dialogs open over the island."""
        return self.layout.board

    def card_face(self, kind: str, width: int, height: int) -> pygame.Surface:
        return resource_card(kind, width, height)

    def card_icon(self, kind: str, size: int) -> pygame.Surface:
        return resource_icon(kind, size)

    def my_hand(self) -> list[int] | None:
        return self.observation().hands[self.me]

    def seat_name(self, seat: int) -> str:
        return self.host.player_name(seat)

    def sync(self) -> None:
        """Show the table exactly as the observation has it (after a reset or skipped animations)."""
        state = self.observation()
        self.shown = self.shown_class(state)
        if state.dice:
            self.animation.dice.show(state.dice)

    def panel_rect(self, seat: int) -> pygame.Rect:
        return self.layout.panel_rect(seat, self.observation().players)

    def hand_rects(self) -> list[pygame.Rect]:
        return self.layout.hand_rects(len(self.card_kinds))

    def bank_rects(self) -> list[pygame.Rect]:
        """A pile per kind of card, then the development deck."""
        return self.layout.bank_rects(len(self.card_kinds) + 1)

    def my_dev_cards(self) -> list[tuple[str, bool]]:
        """(card, bought this turn) for each development card the shown player holds."""
        state = self.observation()
        devs = state.devs[self.me]
        if devs is None:
            return []
        new = list(state.new_devs) if state.new_devs is not None and state.current == self.me else [0] * 5
        cards = []
        for card in DEV_ORDER:
            i = board.DEV_CARDS.index(card)
            for k in range(devs[i]):
                cards.append((card, k >= devs[i] - new[i]))
        return cards

    def dev_rects(self) -> list[tuple[pygame.Rect, str]]:
        cards = self.my_dev_cards()
        return [(rect, card) for rect, (card, _) in zip(self.layout.dev_rects(len(cards)), cards, strict=True)]

    # -- buttons ------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        actions = self.layout.actions
        tips = self.tips
        buttons = [BuildButton((actions.x + 6 + i * 120, actions.y + 8, 114, 92), kind, i + 1, board.COSTS[kind], self)
                   for i, kind in enumerate(BUILD_KINDS)]
        self.trade_button = Button((actions.x + 6, actions.y + 110, 170, 72), lambda: tr("catan.ui.trade"),
                                   self.open_trade, size=21, enabled_fn=lambda: tips.trade_reason() is None,
                                   reason=tips.trade_reason, tooltip=lambda: tr("catan.ui.trade.tip"))
        self.main_button = Button((actions.x + 186, actions.y + 110, 298, 72), tips.main_label, self.main_click,
                                  style="primary", size=23, enabled_fn=lambda: self.main_action() is not None,
                                  reason=tips.main_reason, tooltip=tips.main_tip)
        return buttons + [self.trade_button, self.main_button]

    def refresh_buttons(self) -> None:
        """The build chosen and a hinted button are marked."""
        for button in self.buttons:
            if isinstance(button, BuildButton):
                button.selected = self.mode == button.kind or self.hinted(button.kind)
        self.main_button.selected = self.hinted("main")
        self.trade_button.selected = self.hinted("trade")
        widgets = [] if self.dialog is None else [*self.dialog.buttons, *self.dialog.widgets]
        choices = [w for w in widgets if isinstance(w, Button)]
        self.mark_hint_button([*self.buttons, *choices])
        if self.hint_is("counter"):  # the counter-offer is made in a dialog of its own: its opener is marked
            for button in choices:
                button.selected = button.hotkey == pygame.K_c

    def hinted(self, what: str) -> bool:
        if self.hint is None:
            return False
        kind = self.hint[0]["type"]
        if what == "main":
            return kind in ("roll", "end_turn", "end_road_building")
        if what == "trade":
            return kind in ("trade", "bank_trade")
        if what == "development":
            return kind == "buy"
        return kind == what and self.mode != what

    def main_action(self) -> dict | None:
        for kind in ("roll", "end_turn", "end_road_building"):
            found = self.actions_of(kind)
            if found:
                return found[0]
        return None

    def main_click(self) -> None:
        action = self.main_action()
        if action is not None:
            self.act(action)

    # -- acting -------------------------------------------------------------------------------
    def act(self, action: dict, close: bool = True) -> bool:
        self.hint = None
        if close:
            self.close_dialog()
        ok = self.host.submit(action)
        if ok and action["type"] in PIECE_ACTIONS and self.observation().phase == "main":
            if not self.actions_of(action["type"]):
                self.mode = None
        return ok

    def act_sequence(self, steps: list[dict]) -> bool:
        """Send several actions in a row (a whole offer); stops at the first refused."""
        self.close_dialog()
        for step in steps:
            if not self.host.submit(step):
                return False
        return True

    def choose_build(self, kind: str) -> None:
        if kind == "development":
            self.act({"type": "buy"})
            return
        self.mode = None if self.mode == kind else kind
        self.board.hover = None
        get_audio().play("click")

    def open_trade(self) -> None:
        if self.tips.trade_reason() is None:
            self.mode = None
            self.open_dialog(dialogs.TradeDialog(self))

    def refuse_offers_this_turn(self) -> None:
        """Decline this offer and every further one until the turn ends."""
        self.offers_refused[self.me] = self.observation().turn
        self.act({"type": "decline"})

    def declines_unasked(self, state) -> bool:
        """Whether the offer put to this person is declined without asking: they refused every offer
        this turn, or it comes from a computer player (a friend at another screen is a person too) and they
        muted those offers or cannot give what it asks (a computer player may not know their hand, as in
        Cities & Knights; a window with Accept greyed would only stop play)."""
        if self.offers_refused.get(self.me) == state.turn:
            return True
        if self.host.person_plays(state.current):
            return False
        return self.host.mute_ai_offers() or not any(a["type"] == "accept" for a in self.legal_actions())

    def open_dialog(self, dialog: dialogs.CatanDialog) -> None:
        self.dialog = dialog
        get_audio().play("card_slide")

    def close_dialog(self) -> None:
        self.dialog = None

    def play_card(self, card: str) -> None:
        plays = [a for a in self.actions_of("play") if a["card"] == card]
        if not plays:
            self.refuse(self.tips.play_reason(card))
            return
        if card == "year_of_plenty":
            self.open_dialog(dialogs.PlentyDialog(self, plays))
        elif card == "monopoly":
            self.open_dialog(dialogs.MonopolyDialog(self, plays))
        else:
            self.mode = None
            self.act(plays[0])

    # -- the board's spots --------------------------------------------------------------------
    def candidates(self) -> dict[tuple, list[dict]]:
        """What a click on the board may do now: spot key -> the actions there."""
        actions = self.legal_actions()
        if not actions or self.dialog is not None:
            return {}
        phase = self.observation().phase
        found: dict[tuple, list[dict]] = {}
        if phase == "robber":
            for a in actions:
                found.setdefault(("h", a["hex"]), []).append(a)
            return found
        kinds = {"setup_settlement": ("settlement",), "setup_road": ("road",), "road_building": ("road",)}.get(phase)
        if kinds is None:
            kinds = (self.mode,) if phase == "main" and self.mode else ()
        for a in actions:
            if a["type"] in kinds:
                key = ("e", a["edge"]) if a["type"] == "road" else ("v", a["vertex"])
                found.setdefault(key, []).append(a)
        return found

    def spot_kind(self) -> str | None:
        """The kind of spot a click on the board is for now ("v", "e", "h"), or None."""
        if not self.host.can_act() or self.dialog is not None:
            return None
        phase = self.observation().phase
        if phase in ("setup_settlement",):
            return "v"
        if phase in ("setup_road", "road_building"):
            return "e"
        if phase == "robber":
            return "h"
        if phase == "main" and self.mode:
            return "e" if self.mode == "road" else "v"
        return None

    def spot_at(self, pos) -> tuple | None:
        return self.board.spot_at(pos, self.spot_kind())

    def ghost_piece(self, action: dict) -> Piece | None:
        """The piece a click that takes ``action`` would build, in the colour of the one who decides."""
        seat = self.controller.to_act()
        if seat is None or seat < 0:
            return None
        return Piece(action["type"], seat)

    def click_spot(self, key: tuple) -> None:
        found = self.candidates().get(key)
        if not found:
            self.refuse(self.tips.spot_refusal(key))
            return
        if key[0] == "h" and len(found) > 1:
            self.open_dialog(dialogs.VictimDialog(self, key[1], found))
            return
        self.act(found[0])

    @staticmethod
    def event_spot(event) -> tuple | None:
        """The spot an event happened on, as a board key: a piece's corner or path, the robber's hex."""
        if event is None:
            return None
        d = event.data
        if event.kind == "robber" and isinstance(d.get("hex"), int):
            return ("h", d["hex"])
        if event.kind == "built":
            return ("v", d["vertex"]) if "vertex" in d else ("e", d["edge"]) if "edge" in d else None
        return None

    def recent_builds(self) -> dict[int, list[tuple]]:
        """Seat -> (kind, index, owner) of the pieces each computer player built since its turn began (built
        for a neutral colour included: its owner is that colour), so a person can see what it did; worked
        out once per action."""
        log = self.controller.log
        if self._recent is not None and self._recent[0] == len(log):
            return self._recent[1]
        found: dict[int, list[tuple]] = {}
        for entry in log:
            for event in entry.events:
                if event.kind == "turn":
                    found.pop(event.data["seat"], None)
                elif event.kind == "built":
                    by = event.data.get("by", event.data["seat"])
                    found.setdefault(by, []).append((*self.event_spot(event), event.data["seat"]))
        recent = {seat: spots for seat, spots in found.items()
                  if 0 <= seat < self.controller.config.players and not self.controller.is_human(seat)}
        self._recent = (len(log), recent)
        return recent

    def placed_event(self, event, tr) -> Event:
        words = place_words(event, self.observation().layout, tr)
        return event if words is None else Event(event.kind, {**event.data, "where": words})

    def hint_key(self) -> tuple | None:
        """The spot of the hinted action, if it has one."""
        if self.hint is None:
            return None
        a = self.hint[0]
        if a["type"] == "road":
            return ("e", a["edge"])
        if a["type"] in ("settlement", "city"):
            return ("v", a["vertex"])
        if a["type"] == "robber":
            return ("h", a["hex"])
        return None

    # -- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.dialog is not None:
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            return self.dialog.handle(event)
        for button in self.buttons:
            if button.handle(event):
                return True
        used = self.pointer(event)
        if used is not None:
            return used
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def track(self, pos) -> None:
        self.mouse = pos
        self.board.hover = self.spot_at(pos)

    def click(self, pos) -> bool:
        for rect, card in self.dev_rects():
            if rect.collidepoint(pos):
                self.play_card(card)
                return True
        key = self.spot_at(pos)
        if key is not None:
            self.click_spot(key)
            return True
        if self.board.rect.collidepoint(pos) and self.host.can_act() and self.observation().phase == "main" \
                and not self.mode and self.board.near_a_spot(pos):
            self.host.say(tr("catan.ui.refuse.choose_build"))
            return True
        return False

    def right_click(self) -> bool:
        """A right click lets go of the build chosen."""
        if self.mode:
            self.mode = None
            return True
        return False

    def key(self, event) -> bool:
        k = event.key
        if k in BUILD_KEYS:
            self.buttons[BUILD_KINDS.index(BUILD_KEYS[k])].click()
            return True
        if k in (pygame.K_4, pygame.K_b):
            self.buttons[3].click()
            return True
        if k == pygame.K_t:
            self.trade_button.click()
            return True
        if k in (pygame.K_d, pygame.K_e):
            self.main_button.click()
            return True
        if k in PLAY_KEYS:
            self.play_card(PLAY_KEYS[k])
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self.cycle(-1 if k in (pygame.K_LEFT, pygame.K_UP) or event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.board.hover is not None and self.board.hover in self.candidates():
                self.click_spot(self.board.hover)
                return True
            return False
        if k == pygame.K_ESCAPE and self.mode:
            self.mode = None
            return True
        return False

    def cycle(self, step: int) -> None:
        """Move the keyboard's choice through the lit spots (left to right, top to bottom)."""
        spots = self.candidates()
        if not spots:
            return

        def where(key):
            x, y = self.board.points(key[0])[key[1]]
            return round(y / 20), x

        keys = sorted(spots, key=where)
        index = keys.index(self.board.hover) + step if self.board.hover in keys else (0 if step > 0 else -1)
        self.board.hover = keys[index % len(keys)]
        get_audio().play("hover", 0.5)

    # -- events, hints and time ---------------------------------------------------------------
    def log_icon(self, event):
        return log_icon_for(event, self.board.icon)

    def on_entry(self, entry, events) -> None:
        super().on_entry(entry, events)
        if not self.busy():
            self.shown.take_board(self.observation())
        if entry.seat != CHANCE and self.mode and not self.actions_of(self.mode):
            self.mode = None

    def drop_choices(self) -> None:
        self.close_dialog()
        self.mode = None
        self.board.hover = None

    def show_hint(self, action) -> None:
        super().show_hint(action)
        kind = action["type"]
        if kind in PIECE_ACTIONS and self.observation().phase == "main":
            self.mode = kind
        if kind in ("discard", "give_back") and isinstance(self.dialog, dialogs.CardsChoiceDialog):
            cards = action.get("cards", {action.get("card"): 1})
            self.dialog.chosen = [cards.get(name, 0) for name in self.card_kinds]
        if kind in ("trade_give", "trade_want") and isinstance(self.dialog, dialogs.TradeDialog):
            r = self.card_kinds.index(action["resource"])
            if kind == "trade_give":
                self.dialog.set_give(r, min(self.dialog.give_high(r), self.dialog.give[r] + 1))
            else:
                self.dialog.set_want(r, min(self.dialog.want_high(r), self.dialog.want[r] + 1))
        key = self.hint_key()
        if key is not None:
            self.board.hover = key

    def update(self, dt: float) -> None:
        was_busy = self.busy()
        super().update(dt)
        if was_busy and not self.busy():
            self.shown.take_board(self.observation())
        self.manage_dialogs()
        self.update_controls(dt)
        self.refresh_buttons()
        if self.mode and (not self.host.can_act() or self.observation().phase != "main"):
            self.mode = None

    def manage_dialogs(self) -> None:
        """Open the dialog the game asks for now (a discard, an offer to answer, the answers to
        one's own offer) and close those that no longer fit."""
        state = self.observation()
        allowed, wanted = self.dialog_plan(state)
        if self.dialog is not None and self.dialog.kind not in allowed:
            self.dialog = None
        if self.dialog is None and wanted and not self.busy():
            if wanted == "discard":
                self.open_dialog(dialogs.DiscardDialog(self, self.me, state.discard[self.me]))
            elif wanted == "offer" and self.declines_unasked(state):
                self.act({"type": "decline"})
            elif wanted == "offer":
                self.open_dialog(dialogs.OfferDialog(self))
            elif wanted == "counter":
                self.open_dialog(dialogs.CounterDialog(self))
            elif wanted == "trade":
                self.open_dialog(dialogs.TradeDialog(self))
            elif wanted == "answers":
                self.open_dialog(dialogs.AnswersDialog(self))
            else:
                dialog = self.make_dialog(wanted)
                if dialog is not None:
                    self.open_dialog(dialog)

    def make_dialog(self, kind: str) -> dialogs.CatanDialog | None:
        """A dialog of a game's own that ``dialog_plan`` asks for (none in base Catan)."""
        return None

    def dialog_plan(self, state) -> tuple[set, str | None]:
        """(dialog kinds that may stay open, the kind to open now or None)."""
        if not self.host.interactive or state.phase == "over":
            return set(), None
        can = self.host.can_act()
        actor = self.controller.to_act()
        phase = state.phase
        mine = can and actor == self.me
        if phase == "discard" and mine:
            return {"discard"}, "discard"
        if phase == "respond" and mine:
            return {"offer", "counter"}, "offer"
        if phase == "compose" and mine:
            if state.trade.composer == state.current:
                return {"trade"}, "trade"
            return {"counter"}, "counter"
        if phase in ("respond", "choose") and state.current == self.me and self.viewer is not None:
            return {"answers"}, "answers"
        if phase == "main" and mine:
            return {"trade", "plenty", "monopoly", "answers"}, None
        if phase == "pre_roll" and mine:
            return {"plenty", "monopoly"}, None
        if phase == "robber" and mine:
            return {"victim"}, None
        return set(), None

    # -- what is seen and said ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def quick_chance(self) -> bool:
        return self.observation().phase == "layout"

    def chance_status(self) -> str:
        return self.tips.chance_status()

    def status(self) -> str:
        return self.tips.status()

    def table_tooltip(self) -> str | None:
        return self.tips.hover_tip()

    def draw_summary(self, surface, rect) -> None:
        """Points by source for every player, stacked, and how often each total was rolled."""
        self.summary.draw(surface, rect)
