"""The Cannonades table: fleets around the table, the hands, the piles and the action bar.

Select a card in your hand (or one of your face-up ships) and only the actions it allows light
up. A cannonade arms Shoot and a face-up ship arms Board at once: the ships you may hit glow,
and hovering one shows the chance to sink it (which colours match, and for a face-down ship the
odds from the cards you have not seen). Questions asked in the middle of a turn (a Grin
reaction, a discard, a cannonade to take in the standoff) come as dialogs; so do confirmations
before an action that would put you out of the game or a shot that cannot sink its target.
Every event animates in order: cards fly, ships flip, sink or shake, Captain Grin grins.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.cannonades.anim import CannonadesAnimation, LastPlay, Shown, card_kind
from game.games.cannonades.dialogs import discard_dialog, discard_viewer, pick_dialog, reaction_dialog
from game.games.cannonades.drawing import ACTION_KINDS, CannonadesDrawing
from game.games.cannonades.layout import (
    HAND_CARD,
    MY_HAND,
    SeatLayout,
    centre_layout,
    hand_order,
    seat_layouts,
)
from game.games.cannonades.rules import (
    CODES,
    DECKS,
    GRINS,
    IS_SHIP,
    MAX_SHIPS,
    UNKNOWN,
    is_futile,
    is_self_eliminating,
    sink_odds,
)
from game.games.cannonades.summary import draw_summary
from game.games.cannonades.words import card_name, card_tip
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.dialog import confirm
from game.ui.fan import fan_hit, fan_layout
from game.ui.fonts import render_text
from game.ui.table import BOARD_AREA, TableView
from game.ui.widgets import Button

HOTKEYS = (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_b, pygame.K_e)


class CannonadesTable(TableView):
    """The view of a Cannonades game for one seat (or an onlooker, who sees every card).

    It holds what the person is doing (a selection, the targets lit, an open question); what is shown
    (``shown``, ``last_play``), its animation and its drawing are objects of their own.
    """

    def __init__(self, host):
        super().__init__(host)
        self.selected: tuple[str, int] | None = None  # ("hand", kind) or ("ship", slot)
        self.mode: str | None = None  # "shoot", "board" or "reveal": targets are lit
        self.dialog_key: tuple | None = None
        self.picker = None
        self._sinkable: tuple | None = None
        self.hover: tuple | None = None
        self.shown: Shown = Shown.of(self.observation())
        self.last_play: LastPlay | None = self.last_play_from_log()
        self.animation = CannonadesAnimation(self)
        self.drawing = CannonadesDrawing(self)
        self.buttons = self._buttons()
        self.back_button = Button((0, 0, 300, 46), lambda: tr("cannonades.ui.back_to_reaction"), self.back_to_reaction,
                                  style="primary", size=21)

    # -- the position -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.controller.config.players

    def layouts(self) -> dict[int, SeatLayout]:
        return seat_layouts(self.players, self.me)

    def centre(self):
        return centre_layout(self.players)

    @property
    def deck(self) -> tuple[int, ...]:
        return DECKS[self.state().options["deck"]]

    def sync(self) -> None:
        """Show the table exactly as the viewer's observation has it (ships that did not change slide on)."""
        self.shown.adopt(Shown.of(self.observation()))
        self.last_play = self.last_play_from_log()

    def last_play_from_log(self) -> LastPlay | None:
        """The card played last in the current turn, read back from the log (after undo or a seek)."""
        play = None
        for entry in reversed(self.controller.log):
            for event in reversed(entry.events):
                if event.kind == "turn":
                    return play
                if play is None and event.kind in ("shoot", "board"):
                    play = LastPlay(card_kind(event.data["card"]), event.data["seat"], event.data["target"],
                                    event.kind == "board", resolved=True)
                    outcomes = [e.kind for e in entry.events if e.kind in ("sink", "survive")]
                    play.outcome = ("sunk" if outcomes[0] == "sink" else "afloat") if outcomes else None
        return play

    def my_hand(self) -> list[int]:
        return hand_order(self.shown.hands[self.me])

    def hand_slots(self):
        return fan_layout(len(self.shown.hands[self.me]), pygame.Rect(MY_HAND.x, MY_HAND.y, MY_HAND.width, 0),
                          HAND_CARD, max_step=HAND_CARD[0] * 0.72)

    def selected_kind(self) -> int | None:
        if self.selected and self.selected[0] == "hand":
            return self.selected[1]
        return None

    def selected_ship(self) -> int | None:
        if self.selected and self.selected[0] == "ship":
            return self.selected[1]
        return None

    # -- legal actions --------------------------------------------------------------------------
    def in_turn(self) -> bool:
        return self.host.can_act() and self.state().phase == "actions"

    def action_for(self, kind: str) -> dict | None:
        """The action of ``kind`` the current selection allows (Shoot and Board: the first target)."""
        if not self.in_turn():
            return None
        if kind == "end":
            return next(iter(self.actions_of("end")), None)
        card = self.selected_kind()
        ship = self.selected_ship()
        for action in self.actions_of(kind):
            if kind == "board":
                if ship is not None and action["ship"] == ship:
                    return action
            elif card is not None and action["card"] == CODES[card]:
                return action
        return None

    def targets(self) -> dict[tuple[int, int], dict]:
        """The ships that may be clicked now, with the action a click takes."""
        if self.mode == "shoot" and self.selected_kind() is not None:
            code = CODES[self.selected_kind()]
            return {(a["seat"], a["slot"]): a for a in self.actions_of("shoot") if a["card"] == code}
        if self.mode == "board" and self.selected_ship() is not None:
            ship = self.selected_ship()
            return {(a["seat"], a["slot"]): a for a in self.actions_of("board") if a["ship"] == ship}
        if self.mode == "reveal" and self.state().phase == "reaction":
            against = self.state().reactions[0][1]
            return {(against, a["slot"]): a for a in self.actions_of("react") if a["option"] == "reveal"}
        return {}

    def sinkable(self) -> set[tuple[int, int]]:
        """The lit targets the card aimed with has a chance to sink, judged from what the viewer may see
        (worked out once per position and aim)."""
        key = (len(self.controller.log), self.mode, self.selected)
        if self._sinkable is None or self._sinkable[0] != key:
            state = self.state()
            self._sinkable = (key, {spot for spot, action in self.targets().items()
                                    if action["type"] != "react" and sink_odds(state, action).chance > 0})
        return self._sinkable[1]

    def refusal(self, kind: str) -> str:
        """Why the action of ``kind`` cannot be taken with the current selection."""
        state = self.state()
        if not self.host.can_act():
            return self.wait_reason()
        if state.phase != "actions":
            return tr("cannonades.ui.reason.answer")
        card = self.selected_kind()
        ship = self.selected_ship()
        if kind in ("shoot", "board") and state.first_turn:
            return tr(f"cannonades.ui.reason.first_{kind}")
        if kind == "board":
            if ship is None:
                return tr("cannonades.ui.reason.board_select")
            if not state.up[self.me][ship]:
                return tr("cannonades.ui.reason.face_down")
            return tr("cannonades.ui.reason.no_target")
        if card is None:
            return tr("cannonades.ui.reason.area_ship") if ship is not None else tr("cannonades.ui.reason.select")
        if kind == "add":
            if not IS_SHIP[card]:
                return tr("cannonades.ui.reason.add_cannonade")
            return tr("cannonades.ui.reason.full", n=MAX_SHIPS)
        if kind == "shoot":
            if IS_SHIP[card]:
                return tr("cannonades.ui.reason.shoot_ship")
            return tr("cannonades.ui.reason.no_target")
        if kind == "draw" and state.pile_size == 0:
            return tr("cannonades.ui.reason.pile_empty")
        return tr("cannonades.ui.reason.select")

    # -- the action bar -----------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        bar = self.centre().bar
        width = (bar.width - 4 * 12) // 5
        buttons = []
        for i, kind in enumerate(ACTION_KINDS):
            rect = (bar.x + i * (width + 12), bar.y, width, bar.height)
            buttons.append(Button(rect, lambda kind=kind: self.action_label(kind),
                                  lambda kind=kind: self.press(kind), style="primary" if kind == "end" else "secondary",
                                  size=21, enabled_fn=lambda kind=kind: self.action_for(kind) is not None,
                                  reason=lambda kind=kind: self.refusal(kind),
                                  tooltip=lambda kind=kind: self.action_tip(kind), hotkey=HOTKEYS[i]))
        return buttons

    def action_label(self, kind: str) -> str:
        """A button's label; Draw says how many cards the selected card brings."""
        card = self.selected_kind()
        if kind == "draw" and card is not None and self.action_for("draw") is not None:
            return tr("cannonades.ui.action.draw_n", n=min(1 + GRINS[card], self.state().pile_size))
        return tr(f"cannonades.ui.action.{kind}")

    def action_tip(self, kind: str) -> str:
        """A button's tooltip; End turn warns of the discards the hand limit will ask for."""
        state = self.state()
        if kind == "end" and self.in_turn():
            exempt = state.standoff and state.trigger == self.me and not state.options["trigger_discards"]
            excess = len(state.hands[self.me]) - state.hand_limit()
            if excess > 0 and not exempt:
                return tr("cannonades.ui.action.end.tip_limit", n=excess, limit=state.hand_limit())
        return tr(f"cannonades.ui.action.{kind}.tip")

    def press(self, kind: str) -> None:
        """An action button: Add and Draw act, Shoot and Board light their targets, End ends the turn."""
        action = self.action_for(kind)
        if action is None:
            self.refuse(self.refusal(kind))
            return
        if kind in ("shoot", "board"):
            self.mode = kind  # arms it (a second press keeps it armed; a right click lets go)
            return
        self.act_checked(action)

    def act(self, action: dict) -> bool:
        self.hint = None
        if self.host.submit(action):
            self.selected = None
            self.mode = None
            return True
        return False

    def act_checked(self, action: dict) -> None:
        """Act, asking first when the action puts its own player out or a shot cannot sink."""
        state = self.state()
        if is_self_eliminating(state, action):
            key = "board" if action["type"] == "board" else ("end" if action["type"] == "end" else "other")
            self.ask(tr("cannonades.ui.confirm.out.title"), tr(f"cannonades.ui.confirm.out.{key}"),
                     lambda: self.act(action), tr("cannonades.ui.confirm.out.yes"), tr("cannonades.ui.confirm.no"))
            return
        if is_futile(state, action):
            ship = state.ships[action["seat"]][action["slot"]]
            self.ask(tr("cannonades.ui.confirm.futile.title"), tr("cannonades.ui.confirm.futile.body",
                                                                  ship=card_name(ship)),
                     lambda: self.act(action), tr("cannonades.ui.confirm.futile.yes"), tr("cannonades.ui.confirm.no"))
            return
        self.act(action)

    def ask(self, title: str, body: str, on_yes, yes: str, no: str) -> None:
        def answer(then):
            self.dialog = None
            if then:
                then()

        self.dialog = confirm(title, body, lambda: answer(on_yes), lambda: answer(None), yes, no, area=BOARD_AREA)

    # -- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.dialog is not None:
            return self.dialog.handle(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.busy() and self.host.can_act():
            self.skip_animations()  # the person acts on the table as it is now, not as it was
        if self.mode == "reveal":
            if self.back_button.handle(event):
                return True
        else:
            for button in self.buttons:
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.rect.collidepoint(event.pos) \
                        and not button.enabled:
                    self.refuse(button.reason())
                    return True
                if button.handle(event):
                    return True
        used = self.pointer(event)
        if used is not None:
            return used
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_9:
                cards = self.my_hand()
                index = event.key - pygame.K_1
                if index < len(cards) and self.host.can_act():
                    self.choose_card(cards[index])
                return True
            if event.key == pygame.K_v:
                self.open_discard_viewer()
                return True
        return False

    def track(self, pos) -> None:
        """What is under the mouse: a hand card, a ship, a pile."""
        self.hover = None
        index = fan_hit(self.hand_slots(), pos)
        if index is not None:
            self.hover = ("hand", index)
            return
        for seat, layout in self.layouts().items():
            for slot, rect in enumerate(layout.slots[:len(self.shown.ships[seat])]):
                if rect.collidepoint(pos):
                    self.hover = ("ship", seat, slot)
                    return
        centre = self.centre()
        for name in ("pile", "played", "discard"):
            if getattr(centre, name).collidepoint(pos):
                self.hover = (name,)
                return
        if self.discard_label_rect().collidepoint(pos):
            self.hover = ("discard",)
            return
        for seat, layout in self.layouts().items():
            if layout.box.collidepoint(pos):
                self.hover = ("seat", seat)
                return

    def click(self, pos) -> bool:
        hover = self.hover
        if hover is None:
            return False
        if hover[0] == "discard":
            self.open_discard_viewer()
            return True
        if hover[0] == "pile":
            if self.in_turn():
                self.host.say(tr("cannonades.ui.pile_click"))
            return True
        if not self.host.can_act():
            if hover[0] in ("hand", "ship"):
                self.host.say(self.wait_reason())
            return hover[0] in ("hand", "ship")
        if hover[0] == "hand":
            cards = self.my_hand()
            if hover[1] < len(cards):
                self.choose_card(cards[hover[1]])
            return True
        if hover[0] == "ship":
            _, seat, slot = hover
            target = self.targets().get((seat, slot))
            if target is not None:
                if self.mode == "reveal":
                    self.act(target)
                else:
                    self.act_checked(target)
                return True
            if seat == self.me:
                self.choose_ship(slot)
            else:
                self.refuse(self.target_refusal(seat, slot))
            return True
        return False

    def target_refusal(self, seat: int, slot: int) -> str:
        state = self.state()
        if state.phase == "reaction" and self.mode == "reveal":
            return tr("cannonades.ui.reason.reveal_up")
        if state.phase != "actions":
            return tr("cannonades.ui.reason.answer")
        if state.first_turn:
            return tr("cannonades.ui.reason.first_shoot")
        if self.selected_kind() is not None and IS_SHIP[self.selected_kind()]:
            return tr("cannonades.ui.reason.shoot_ship")
        return tr("cannonades.ui.reason.aim")

    def choose_card(self, kind: int) -> None:
        """Select (or let go of) a hand card; a cannonade that may shoot arms Shoot at once."""
        if self.state().phase != "actions":
            return
        get_audio().play("card_flip")
        if self.selected == ("hand", kind):
            self.clear_selection()
            return
        self.selected = ("hand", kind)
        self.mode = "shoot" if not IS_SHIP[kind] and self.action_for("shoot") else None

    def choose_ship(self, slot: int) -> None:
        """Select one of your own ships; a face-up one arms Board at once."""
        state = self.state()
        if state.phase != "actions":
            return
        if self.selected == ("ship", slot):
            self.clear_selection()
            return
        if not state.up[self.me][slot]:
            self.refuse(tr("cannonades.ui.reason.face_down"))
            return
        get_audio().play("card_flip")
        self.selected = ("ship", slot)
        self.mode = "board" if self.action_for("board") else None
        if self.mode is None:
            self.refuse(self.refusal("board"))

    def clear_selection(self) -> None:
        if self.mode == "reveal":
            return
        self.selected = None
        self.mode = None

    def right_click(self) -> bool:
        self.clear_selection()
        return True

    # -- dialogs ------------------------------------------------------------------------------
    def open_prompt(self) -> None:
        """Ask the person at the screen what the game waits for (reaction, discard, pick)."""
        if self.dialog is not None or self.busy() or not self.host.can_act():
            return
        state = self.state()
        key = (len(self.controller.log), state.phase)
        if key == self.dialog_key:
            return
        self.dialog_key = key
        self.mode = None if self.mode != "reveal" else self.mode
        if state.phase == "reaction":
            self.dialog = reaction_dialog(self)
        elif state.phase == "forced_discard":
            attacker = next((e.data["seat"] for e in self.recent("react")), None)
            name = self.host.player_name(attacker) if attacker is not None else ""
            self.dialog, self.picker = discard_dialog(self, tr("cannonades.ui.forced.title"),
                                                      tr("cannonades.ui.forced.body", name=name), 1)
            self.preselect_hint()
        elif state.phase == "limit":
            extra = len(state.hands[self.me]) - state.hand_limit()
            self.dialog, self.picker = discard_dialog(self, tr("cannonades.ui.limit.title"),
                                                      tr("cannonades.ui.limit.body", limit=state.hand_limit(),
                                                         n=extra), extra)
            self.preselect_hint()
        elif state.phase == "pick":
            self.dialog, self.picker = pick_dialog(self)
            self.preselect_hint()

    def recent(self, kind: str) -> list:
        """The events of ``kind`` of the last log entry."""
        if not self.controller.log:
            return []
        return [e for e in self.controller.log[-1].events if e.kind == kind]

    def close_dialog(self) -> None:
        self.dialog = None
        self.picker = None

    def back_to_reaction(self) -> None:
        self.mode = None
        self.dialog_key = None

    def open_discard_viewer(self) -> None:
        self.dialog = discard_viewer(self)

    def preselect_hint(self) -> None:
        """With a hint for a discard or a pick, choose its card in the open dialog."""
        if not self.hint or self.picker is None or self.hint[0]["type"] not in ("discard", "pick"):
            return
        action = self.hint[0]
        if action["type"] == "discard":
            offered = self.my_hand()
        else:
            offered = [card_kind(a["card"]) for a in self.actions_of("pick")]
        codes = [CODES[k] if k != UNKNOWN else None for k in offered]
        if action["card"] in codes:
            self.picker.chosen = [codes.index(action["card"])]

    # -- events, hints and time ---------------------------------------------------------------
    def on_entry(self, entry, events) -> None:
        """Each event animates in turn; the last step shows the observation of that moment."""
        snapshot = Shown.of(self.observation())
        super().on_entry(entry, events)
        self.animation.step(0.0, end=lambda: self.show_settled(snapshot))
        if entry.seat != CHANCE:
            self.hint = None

    def show_settled(self, snapshot: Shown) -> None:
        """An action's events are all shown: take its observation, and let go of a card no longer held."""
        self.shown.adopt(snapshot)
        self.animation.land()
        if self.selected and self.selected[0] == "hand" and self.selected[1] not in self.shown.hands[self.me]:
            self.selected, self.mode = None, None
        if self.selected and self.selected[0] == "ship" and self.selected[1] >= len(self.shown.ships[self.me]):
            self.selected, self.mode = None, None

    def drop_choices(self) -> None:
        self.dialog = None
        self.dialog_key = None
        self.picker = None
        self.mode = None
        self.selected = None

    def show_hint(self, action) -> None:
        super().show_hint(action)
        kind = action["type"]
        if kind in ("add", "draw", "shoot"):
            self.selected = ("hand", card_kind(action["card"]))
            self.mode = "shoot" if kind == "shoot" else None
        elif kind == "board":
            self.selected = ("ship", action["ship"])
            self.mode = "board"
        elif kind == "react" and self.dialog is not None:
            for button in self.dialog.buttons:
                button.selected = button.label() == tr(f"cannonades.ui.react.{action['option']}",
                                                       name=self.host.player_name(self.state().reactions[0][1]))
        self.preselect_hint()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.update_controls(dt)
        self.back_button.update(dt)
        if self.mode == "reveal" and (not self.host.can_act() or self.state().phase != "reaction"):
            self.mode = None
        self.open_prompt()

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def discard_label_rect(self) -> pygame.Rect:
        """The "view the discards" label under the discard pile (it opens the viewer)."""
        discard = self.centre().discard
        width = render_text(tr("cannonades.ui.discard_view"), 17, theme.PAPER).get_width() + 48
        rect = pygame.Rect(0, 0, max(discard.width + 40, width), 28)
        rect.midtop = (discard.centerx, discard.bottom + 8)
        return rect

    # -- words --------------------------------------------------------------------------------
    def chance_status(self) -> str:
        """Which chance step it is: the start player, a card dealt, a card taken from a hand."""
        state = self.state()
        name = self.host.player_name
        if state.draws_due > 0:
            return tr("cannonades.ui.chance.deal", name=name(state.drawer))
        if state.phase == "take":
            return tr("cannonades.ui.chance.take", name=name(state.take_by), from_name=name(state.take_from))
        return tr("cannonades.ui.chance.start")

    def decision(self, actor: int) -> str | None:
        """A reaction, a forced discard or a standoff pick: a decision that is not the turn's next action."""
        state = self.state()
        if state.phase == "reaction":
            return tr("cannonades.ui.decide.reaction", name=self.host.player_name(state.reactions[0][1]))
        if state.phase == "forced_discard":
            attacker = next((e.data["seat"] for e in self.recent("react")), state.current)
            return tr("cannonades.ui.decide.forced_discard", name=self.host.player_name(attacker))
        if state.phase == "pick":
            return tr("cannonades.ui.decide.pick")
        return None

    def status(self) -> str:
        state = self.state()
        actor = self.controller.to_act()
        if actor is None:
            return tr("cannonades.ui.status.over")
        if not self.host.can_act():
            if actor == CHANCE:
                return ""
            return tr("cannonades.ui.status.waiting", name=self.host.player_name(actor))
        if self.mode == "reveal":
            return tr("cannonades.ui.status.reveal", name=self.host.player_name(state.reactions[0][1]))
        if state.phase != "actions":
            return tr(f"cannonades.ui.status.{state.phase}")
        card = self.selected_kind()
        if self.mode == "shoot" and card is not None:
            return tr("cannonades.ui.status.shoot", card=card_name(card))
        if self.mode == "board" and self.selected_ship() is not None:
            return tr("cannonades.ui.status.board", card=card_name(state.ships[self.me][self.selected_ship()]))
        if card is not None:
            if IS_SHIP[card]:
                return tr("cannonades.ui.status.ship", card=card_name(card), n=1 + GRINS[card])
            return tr("cannonades.ui.status.cannonade", card=card_name(card))
        if state.first_turn:
            return tr("cannonades.ui.status.first", n=state.actions_left)
        return tr("cannonades.ui.status.idle", n=state.actions_left)

    def controls(self) -> list:
        return [self.back_button] if self.mode == "reveal" else self.buttons

    def table_tooltip(self) -> str | None:
        hover = self.hover
        if hover is None:
            return None
        shown = self.shown
        if hover[0] == "hand":
            cards = self.my_hand()
            if hover[1] < len(cards) and cards[hover[1]] != UNKNOWN:
                return card_tip(cards[hover[1]], self.deck)
            return None
        if hover[0] == "ship":
            _, seat, slot = hover
            if (seat, slot) in self.targets() and self.mode != "reveal":
                return None  # the odds panel says it all
            if slot >= len(shown.ships[seat]):
                return None
            ship = shown.ships[seat][slot]
            if ship.up and ship.kind != UNKNOWN:
                return card_tip(ship.kind, self.deck)
            if seat == self.me and ship.kind != UNKNOWN:
                return tr("cannonades.ui.tip.own_down", name=card_name(ship.kind))
            if seat == self.me and self.viewer is not None:
                return tr("cannonades.ui.tip.own_hidden")
            return tr("cannonades.ui.tip.down", name=self.host.player_name(seat))
        if hover[0] == "pile":
            return tr("cannonades.ui.tip.pile", n=shown.pile)
        if hover[0] == "discard":
            return tr("cannonades.ui.tip.discard", n=len(shown.discard))
        if hover[0] == "played":
            return tr("cannonades.ui.tip.played")
        if hover[0] == "seat":
            return self.seat_tip(hover[1])
        return None

    def table_focus(self):
        """The hand card chosen (with the number keys): its tooltip beside it."""
        kind = self.selected_kind()
        cards = self.my_hand()
        if kind is None or kind not in cards or kind == UNKNOWN:
            return None
        return card_tip(kind, self.deck), self.hand_slots()[cards.index(kind)].rect

    def seat_tip(self, seat: int) -> str:
        """A player at a glance: ships (face up), cards in hand, or out of the game."""
        shown = self.shown
        name = self.host.player_name(seat)
        if not shown.alive[seat]:
            return tr("cannonades.ui.tip.seat_out", name=name)
        fleet = shown.ships[seat]
        return tr("cannonades.ui.tip.seat", name=name, ships=len(fleet), up=sum(1 for s in fleet if s.up),
                  hand=len(shown.hands[seat]))

    def draw_summary(self, surface, rect) -> None:
        result = self.controller.result()
        if result is None:
            return
        state = self.state()
        fleets = {seat: list(zip(state.ships[seat], state.up[seat], strict=True))
                  for seat in range(state.players) if state.alive[seat]}
        draw_summary(surface, rect, result, self.host.player_name, self.host.spec.id, fleets)
