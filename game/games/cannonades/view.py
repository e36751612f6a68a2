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

import math
import time
from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.cannonades import card_art
from game.games.cannonades.anim import Flight, LastPlay, ShipView, Shown, Steps, card_kind
from game.games.cannonades.layout import (
    HAND_CARD,
    MY_HAND,
    MY_PLATE,
    PILE_CARD,
    SeatLayout,
    centre_layout,
    seat_layouts,
)
from game.games.cannonades.rules import (
    CODES,
    COLOURS,
    DECKS,
    FACES_LEFT,
    GRINS,
    IS_SHIP,
    KINDS,
    MAX_SHIPS,
    UNKNOWN,
    is_futile,
    is_self_eliminating,
    sink_odds,
)
from game.games.cannonades.summary import draw_summary
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.card_choice import CardGrid, card_choice
from game.ui.cards import FloatingText, blit_card
from game.ui.dialog import Choice, Dialog, confirm
from game.ui.draw import felt_texture, panel, player_token, shadow_surface, table_background
from game.ui.fan import fan_hit, fan_layout, turned
from game.ui.fonts import render_paragraph, render_text
from game.ui.table import BOARD_AREA, TableView
from game.ui.widgets import Button

SEA_FELT = (28, 72, 96)
BOX_WOOD = (62, 42, 30)
BOX_EDGE = (104, 74, 50)
TARGET_GLOW = (255, 214, 92)
TARGET_HOT = (236, 64, 44)
STANDOFF_RED = (178, 30, 36)
ACTION_KINDS = ("add", "shoot", "draw", "board", "end")
SMALL_BACK = (34, 48)
GRID_CARD = (60, 84)
HOTKEYS = (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_b, pygame.K_e)


def card_name(kind: int) -> str:
    return tr(f"cannonades.card.{CODES[kind]}") if kind != UNKNOWN else tr("cannonades.card.unknown")


def colour_name(colour: str) -> str:
    return tr(f"cannonades.ui.colour.{colour}")


def card_tip(kind: int, deck: tuple[int, ...]) -> str:
    """What a card is and does, for its tooltip."""
    card = KINDS[kind]
    if IS_SHIP[kind]:
        facing = tr("cannonades.ui.facing.left") if FACES_LEFT[kind] else tr("cannonades.ui.facing.right")
        return tr("cannonades.ui.tip.ship", name=card_name(kind), grins=GRINS[kind], facing=facing,
                  copies=deck[kind])
    colours = tr("cannonades.ui.list_sep").join(colour_name(c) for c in card.colours)
    return tr("cannonades.ui.tip.cannonade", name=card_name(kind), colours=colours, copies=deck[kind])


def sentence(text: str) -> str:
    """A text that starts with a card name ("orange ship: ...") begins with a capital."""
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=64)
def dim_veil(image: pygame.Surface) -> pygame.Surface:
    """A soft shade over exactly the card's shape (a card no action can use now)."""
    return pygame.mask.from_surface(image).to_surface(setcolor=(40, 30, 20, 60), unsetcolor=(0, 0, 0, 0))


def hand_order(hand: list[int]) -> list[int]:
    """A hand as shown: ships first (by colour, then Grins), then cannonades."""
    def key(kind: int):
        if kind == UNKNOWN:
            return (2, 0, 0)
        return (0 if IS_SHIP[kind] else 1, COLOURS.index(KINDS[kind].colours[0]), GRINS[kind], kind)
    return sorted(hand, key=key)


class CannonadesTable(TableView):
    """The view of a Cannonades game for one seat (or an onlooker, who sees every card)."""

    def __init__(self, host):
        super().__init__(host)
        self.steps = Steps()
        self.flights: list[Flight] = []
        self.floaters: list[FloatingText] = []
        self.blast: list | None = None  # [start, end, t]
        self.banner: tuple[str, str, float] | None = None
        self.selected: tuple[str, int] | None = None  # ("hand", kind) or ("ship", slot)
        self.mode: str | None = None  # "shoot", "board" or "reveal": targets are lit
        self.dialog: Dialog | None = None
        self.dialog_key: tuple | None = None
        self.picker = None
        self.hover: tuple | None = None
        self.mouse = (0, 0)
        self.hint: tuple[dict, float] | None = None
        self.time = 0.0
        self.turn_flash = 0.0
        self.last_play: LastPlay | None = None
        self.shown: Shown = Shown.of(self.observation())
        self.buttons = self._buttons()
        self.back_button = Button((0, 0, 300, 46), lambda: tr("cannonades.ui.back_to_reaction"), self.back_to_reaction,
                                  style="primary", size=21)
        self.sync()

    # -- the position -------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat drawn at the bottom: the viewer, or seat 0 for an onlooker."""
        return self.viewer if self.viewer is not None else 0

    def state(self):
        return self.observation()

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
        """Show the table exactly as the viewer's observation has it."""
        self.shown = Shown.of(self.observation())
        self.flights.clear()
        self.blast = None
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
    def actions(self, kind: str) -> list[dict]:
        return [a for a in self.legal_actions() if a["type"] == kind]

    def in_turn(self) -> bool:
        return self.host.can_act() and self.state().phase == "actions"

    def action_for(self, kind: str) -> dict | None:
        """The action of ``kind`` the current selection allows (Shoot and Board: the first target)."""
        if not self.in_turn():
            return None
        if kind == "end":
            return next(iter(self.actions("end")), None)
        card = self.selected_kind()
        ship = self.selected_ship()
        for action in self.actions(kind):
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
            return {(a["seat"], a["slot"]): a for a in self.actions("shoot") if a["card"] == code}
        if self.mode == "board" and self.selected_ship() is not None:
            ship = self.selected_ship()
            return {(a["seat"], a["slot"]): a for a in self.actions("board") if a["ship"] == ship}
        if self.mode == "reveal" and self.state().phase == "reaction":
            against = self.state().reactions[0][1]
            return {(against, a["slot"]): a for a in self.actions("react") if a["option"] == "reveal"}
        return {}

    def refusal(self, kind: str) -> str:
        """Why the action of ``kind`` cannot be taken with the current selection."""
        state = self.state()
        if not self.host.can_act():
            return tr("cannonades.ui.reason.wait")
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
            buttons.append(Button(rect, lambda kind=kind: tr(f"cannonades.ui.action.{kind}"),
                                  lambda kind=kind: self.press(kind), style="primary" if kind == "end" else "secondary",
                                  size=21, enabled_fn=lambda kind=kind: self.action_for(kind) is not None,
                                  reason=lambda kind=kind: self.refusal(kind),
                                  tooltip=lambda kind=kind: tr(f"cannonades.ui.action.{kind}.tip"),
                                  hotkey=HOTKEYS[i]))
        return buttons

    def press(self, kind: str) -> None:
        """An action button: Add and Draw act, Shoot and Board light their targets, End ends the turn."""
        action = self.action_for(kind)
        if action is None:
            self.refuse(self.refusal(kind))
            return
        if kind in ("shoot", "board"):
            self.mode = None if self.mode == kind else kind
            return
        self.act_checked(action)

    def refuse(self, text: str) -> None:
        get_audio().play("error")
        self.host.say(text)

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
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.steps.busy:
            self.skip_animations()
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
        if event.type == pygame.MOUSEMOTION:
            self.track(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.track(event.pos)
            return self.click()
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
        self.mouse = pos
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

    def click(self) -> bool:
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
                self.host.say(tr("cannonades.ui.reason.wait"))
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

    # -- dialogs ------------------------------------------------------------------------------
    def open_prompt(self) -> None:
        """Ask the person at the screen what the game waits for (reaction, discard, pick)."""
        if self.dialog is not None or self.steps.busy or not self.host.can_act():
            return
        state = self.state()
        key = (len(self.controller.log), state.phase)
        if key == self.dialog_key:
            return
        self.dialog_key = key
        self.mode = None if self.mode != "reveal" else self.mode
        if state.phase == "reaction":
            self.reaction_dialog()
        elif state.phase == "forced_discard":
            attacker = next((e.data["seat"] for e in self.recent("react")), None)
            name = self.host.player_name(attacker) if attacker is not None else ""
            self.discard_dialog(tr("cannonades.ui.forced.title"), tr("cannonades.ui.forced.body", name=name), 1)
        elif state.phase == "limit":
            extra = len(state.hands[self.me]) - state.hand_limit()
            self.discard_dialog(tr("cannonades.ui.limit.title"),
                                tr("cannonades.ui.limit.body", limit=state.hand_limit(), n=extra), extra)
        elif state.phase == "pick":
            self.pick_dialog()

    def recent(self, kind: str) -> list:
        """The events of ``kind`` of the last log entry."""
        if not self.controller.log:
            return []
        return [e for e in self.controller.log[-1].events if e.kind == kind]

    def close_dialog(self) -> None:
        self.dialog = None
        self.picker = None

    def reaction_dialog(self) -> None:
        state = self.state()
        reactor, against = state.reactions[0]
        name = self.host.player_name(against)
        legal = self.actions("react")
        options = {a["option"] for a in legal}

        def choose(option: str):
            def run():
                self.close_dialog()
                if option == "reveal":
                    self.mode = "reveal"
                    self.selected = None
                    return
                action = next(a for a in legal if a["option"] == option)
                self.act(action)
            return run

        reasons = {"draw": tr("cannonades.ui.react.draw.no"),
                   "discard": tr("cannonades.ui.react.discard.no", name=name),
                   "reveal": tr("cannonades.ui.react.reveal.no", name=name)}
        choices = []
        for option in ("draw", "discard", "reveal", "pass"):
            choices.append(Choice(lambda option=option: tr(f"cannonades.ui.react.{option}", name=name), choose(option),
                                  "primary" if option != "pass" else "secondary",
                                  enabled=lambda option=option: option in options,
                                  reason=lambda option=option: reasons.get(option, ""),
                                  tooltip=lambda option=option: tr(f"cannonades.ui.react.{option}.tip", name=name)))
        more = len(state.reactions) - 1
        body = tr("cannonades.ui.react.body", name=name)
        if more:
            body += "\n" + tr("cannonades.ui.react.more", n=more)
        self.dialog = Dialog(tr("cannonades.ui.react.title"), body, choices, area=BOARD_AREA, width=940,
                             dim_alpha=70)

    def discard_dialog(self, title: str, body: str, count: int) -> None:
        cards = self.my_hand()
        images = [card_art.image(k, 96, 134) for k in cards]
        tips = [card_tip(k, self.deck) for k in cards]

        def done(indices):
            self.close_dialog()
            for index in indices:
                if not self.act({"type": "discard", "card": CODES[cards[index]]}):
                    break

        width = min(1180, max(640, len(cards) * 108 + 60))
        self.dialog, self.picker = card_choice(title, body, images, done, lambda: tr("cannonades.ui.discard"),
                                               pick=count, tips=tips, area=BOARD_AREA, width=width,
                                               reason=lambda: tr("cannonades.ui.discard.reason", n=count))
        self.preselect_hint()

    def pick_dialog(self) -> None:
        choices = [card_kind(a["card"]) for a in self.actions("pick")]
        images = [card_art.image(k, 96, 134) for k in choices]
        tips = [card_tip(k, self.deck) for k in choices]

        def done(indices):
            self.close_dialog()
            self.act({"type": "pick", "card": CODES[choices[indices[0]]]})

        self.dialog, self.picker = card_choice(tr("cannonades.ui.pick.title"), tr("cannonades.ui.pick.body"), images,
                                               done, lambda: tr("cannonades.ui.pick.take"), tips=tips,
                                               area=BOARD_AREA, width=max(640, len(choices) * 108 + 80),
                                               reason=lambda: tr("cannonades.ui.pick.reason"))
        self.preselect_hint()

    def back_to_reaction(self) -> None:
        self.mode = None
        self.dialog_key = None

    def open_discard_viewer(self) -> None:
        cards = list(self.shown.discard)
        images = [card_art.image(k, *GRID_CARD) for k in cards]
        tips = [card_tip(k, self.deck) for k in cards]
        width = 940
        rows = CardGrid.rows_needed(len(cards), width - 48, GRID_CARD[0])
        height = rows * (GRID_CARD[1] + 8) if cards else 0
        ships = sum(1 for k in cards if IS_SHIP[k])
        body = tr("cannonades.ui.discards.body", ships=ships, cannonades=len(cards) - ships) if cards else \
            tr("cannonades.ui.discards.empty")
        dialog = Dialog(lambda: tr("cannonades.ui.discards.title", n=len(cards)), body,
                        [Choice(lambda: tr("cannonades.ui.close"), self.close_dialog, "primary")],
                        area=BOARD_AREA, width=width, content_height=height, cancel=0)
        if cards:
            dialog.add(CardGrid(dialog.content_rect, images, tips))
        get_audio().play("card_slide")
        self.dialog = dialog

    def preselect_hint(self) -> None:
        """With a hint for a discard or a pick, choose its card in the open dialog."""
        if not self.hint or self.picker is None or self.hint[0]["type"] not in ("discard", "pick"):
            return
        action = self.hint[0]
        if action["type"] == "discard":
            offered = self.my_hand()
        else:
            offered = [card_kind(a["card"]) for a in self.actions("pick")]
        codes = [CODES[k] if k != UNKNOWN else None for k in offered]
        if action["card"] in codes:
            self.picker.chosen = [codes.index(action["card"])]

    # -- events and animation -----------------------------------------------------------------
    def on_entry(self, entry, events) -> None:
        snapshot = Shown.of(self.observation())
        for event in events:
            self.queue(event)
        self.steps.add(0.0, end=lambda: self.finish_entry(snapshot))
        if entry.seat != CHANCE:
            self.hint = None

    def finish_entry(self, snapshot: Shown) -> None:
        self.shown.adopt(snapshot)
        self.flights.clear()
        self.blast = None
        if self.selected and self.selected[0] == "hand" and self.selected[1] not in self.shown.hands[self.me]:
            self.selected, self.mode = None, None
        if self.selected and self.selected[0] == "ship" and self.selected[1] >= len(self.shown.ships[self.me]):
            self.selected, self.mode = None, None

    def ship_centre(self, seat: int, slot: int) -> tuple[int, int]:
        layout = self.layouts()[seat]
        return layout.slots[min(slot, MAX_SHIPS - 1)].center

    def hand_point(self, seat: int, kind: int = UNKNOWN) -> tuple[int, int]:
        """Where a card leaves or joins a hand: the card itself in the bottom fan, else the hand's middle."""
        if seat == self.me:
            cards = self.my_hand()
            slots = self.hand_slots()
            if kind in cards and slots:
                return tuple(map(round, slots[cards.index(kind)].centre))
            return MY_HAND.centerx, MY_HAND.y + HAND_CARD[1] // 2
        return self.layouts()[seat].hand_anchor()

    def flying_image(self, kind: int, seat: int | None = None) -> pygame.Surface:
        size = (80, 112)
        if kind == UNKNOWN:
            return card_art.back(*size)
        return card_art.face(kind, *size)

    def fly(self, duration: float, image, source, target, leave=None, arrive=None, sound: str | None = None,
            arc: float = 30.0) -> None:
        holder: dict[str, Flight] = {}

        def start():
            if leave:
                leave()
            holder["flight"] = Flight(image, source() if callable(source) else source,
                                      target() if callable(target) else target, arc)
            self.flights.append(holder["flight"])
            if sound:
                get_audio().play(sound)

        def progress(t):
            if "flight" in holder:
                holder["flight"].t = t

        def end():
            flight = holder.get("flight")
            if flight in self.flights:
                self.flights.remove(flight)
            if arrive:
                arrive()

        self.steps.add(duration, start, progress, end)

    def float_text(self, text: str, pos, colour=theme.PAPER, size: int = 26) -> None:
        image = render_text(text, size, colour, bold=True)
        outline = pygame.Surface((image.get_width() + 16, image.get_height() + 8), pygame.SRCALPHA)
        pygame.draw.rect(outline, (30, 20, 14, 190), outline.get_rect(), border_radius=10)
        outline.blit(image, (8, 4))
        self.floaters.append(FloatingText(outline, pos, rise=36, duration=1.3))

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where a player's floating words rise from: over their ships."""
        layout = self.layouts()[seat]
        if layout.mine:
            return MY_PLATE.centerx, MY_PLATE.y + 40
        return layout.box.centerx, layout.slots[0].centery

    def queue(self, event) -> None:
        """Turn one event into animation steps."""
        data = event.data
        kind = event.kind
        shown = self.shown
        centre = self.centre()
        audio = get_audio()
        seat = data.get("seat")
        if kind == "deal":
            card = card_kind(data.get("card"))
            setup = data.get("reason") == "setup"

            def leave():
                shown.pile = max(0, shown.pile - 1)

            self.fly(0.08 if setup else 0.22, self.flying_image(card), centre.pile.center,
                     lambda: self.hand_point(seat), leave, lambda: shown.hands[seat].append(card),
                     None if setup else "card_slide", arc=20)
        elif kind == "mulligan":
            cards = [card_kind(c) for c in data["cards"]]
            self.fly(0.4, self.flying_image(cards[-1]), self.hand_point(seat), centre.discard.center,
                     lambda: shown.hands[seat].clear(), lambda: shown.discard.extend(cards), "card_slide")
            self.steps.add(0.01, lambda: self.float_text(tr("cannonades.ui.fx.mulligan"), self.seat_point(seat)))
        elif kind == "turn":
            def begin():
                shown.current = seat
                shown.actions_left = 4
                shown.turn_number = data.get("turn", shown.turn_number)
                shown.first_turn = data.get("first", False)
                shown.phase = "actions"
                self.last_play = None
                self.turn_flash = self.time
                if seat == self.me and self.host.can_act() or (seat == self.viewer and self.controller.is_human(seat)):
                    audio.play("chime")
                    self.float_text(tr("cannonades.ui.fx.your_turn"), (MY_PLATE.centerx, MY_PLATE.y + 10),
                                    theme.HIGHLIGHT)

            self.steps.add(0.3, begin)
        elif kind == "add":
            card = card_kind(data.get("card"))
            slot = data["slot"]
            source = self.hand_point(seat, card)

            def leave():
                shown.take_from_hand(seat, card)
                shown.actions_left -= 1

            self.fly(0.32, self.flying_image(UNKNOWN), source, lambda: self.ship_centre(seat, slot), leave,
                     lambda: (shown.ships[seat].append(ShipView(card, False)), audio.play("place")), "card_slide")
        elif kind in ("shoot", "board"):
            self.queue_attack(kind, data)
        elif kind == "flip":
            self.queue_flip(data)
        elif kind == "sink":
            self.queue_sink(data)
        elif kind == "survive":
            target, slot = data["seat"], data["slot"]

            def shake(t):
                if slot < len(shown.ships[target]):
                    shown.ships[target][slot].shake = 1 - t

            def begin():
                audio.play("splash")
                if self.last_play:
                    self.last_play.outcome = "afloat"
                self.float_text(tr("cannonades.ui.fx.afloat"), self.ship_centre(target, slot), theme.PAPER)

            self.steps.add(0.36, begin, shake)
        elif kind == "discard":
            self.queue_discard(data)
        elif kind == "grin":
            def grin():
                audio.play("chime")
                self.float_text(tr("cannonades.ui.fx.grin"), self.seat_point(seat), theme.HIGHLIGHT, 28)

            self.steps.add(0.5, grin)
        elif kind == "vendetta":
            self.steps.add(0.35, lambda: self.float_text(
                tr("cannonades.ui.fx.vendetta", name=self.host.player_name(data["against"])), self.seat_point(seat),
                theme.ACCENT_LIGHT))
        elif kind == "react":
            option = data.get("option")
            self.steps.add(0.3, lambda: (audio.play("click"), self.float_text(
                tr(f"cannonades.ui.fx.react.{option}"), self.seat_point(seat), theme.PAPER)))
        elif kind == "eliminated":
            def fade(t):
                if seat < len(shown.out_fade):
                    shown.out_fade[seat] = t

            def begin():
                audio.play("sink")
                self.float_text(tr("cannonades.ui.fx.out"), self.seat_point(seat), theme.BAD, 30)

            def gone():
                shown.alive[seat] = False
                shown.eliminated.append(seat)

            self.steps.add(0.7, begin, fade, gone)
        elif kind == "take":
            card = card_kind(data.get("card"))
            source = data["from"]
            self.fly(0.4, self.flying_image(card), self.hand_point(source), lambda: self.hand_point(seat),
                     lambda: shown.take_from_hand(source, card), lambda: shown.hands[seat].append(card), "card_slide")
        elif kind == "standoff":
            def begin():
                audio.play("cannon")
                audio.play("chime")
                shown.standoff = True
                shown.trigger = seat
                detail = tr("cannonades.ui.standoff.detail", name=self.host.player_name(seat))
                self.banner = (tr("cannonades.ui.standoff.banner"), detail, time.perf_counter())

            self.steps.add(2.2, begin, end=lambda: setattr(self, "banner", None))
        elif kind == "pick":
            card = card_kind(data.get("card"))
            index = data.get("index", -1)

            def leave():
                if 0 <= index < len(shown.discard) and shown.discard[index] == card:
                    shown.discard.pop(index)
                elif card in shown.discard:
                    shown.discard.remove(card)

            self.fly(0.4, self.flying_image(card), centre.discard.center, lambda: self.hand_point(seat), leave,
                     lambda: shown.hands[seat].append(card), "card_slide")
        elif kind == "start":
            self.steps.add(0.4, lambda: (audio.play("coin"), self.float_text(tr("cannonades.ui.fx.start"),
                                                                             self.seat_point(seat), theme.HIGHLIGHT)))

    def queue_attack(self, kind: str, data: dict) -> None:
        shown = self.shown
        seat, target, slot = data["seat"], data["target"], data["slot"]
        card = card_kind(data["card"])
        centre = self.centre()
        boarding = kind == "board"
        if boarding:
            source = self.ship_centre(seat, data["ship"])
            pitch = self.layouts()[seat].pitch

            def leave():
                shown.remove_ship(seat, data["ship"], pitch)
                shown.actions_left -= 1
        else:
            source = self.hand_point(seat, card)

            def leave():
                shown.take_from_hand(seat, card)
                shown.actions_left -= 1

        def arrive():
            self.last_play = LastPlay(card, seat, target, boarding)

        self.fly(0.32, self.flying_image(card), source, centre.played.center, leave, arrive, "card_slide", arc=40)

        def fire():
            get_audio().play("capture" if boarding else "cannon")
            self.blast = [centre.played.center, self.ship_centre(target, slot), 0.0]

        def travel(t):
            if self.blast:
                self.blast[2] = t

        self.steps.add(0.3, fire, travel, lambda: setattr(self, "blast", None))

    def queue_flip(self, data: dict) -> None:
        shown = self.shown
        seat, slot = data["seat"], data["slot"]
        card = card_kind(data.get("card"))
        final = data.get("cause") == "final"

        def begin():
            get_audio().play("card_flip")
            if slot < len(shown.ships[seat]):
                ship = shown.ships[seat][slot]
                ship.flip = 0.0
                if card != UNKNOWN:
                    ship.kind = card

        def turn(t):
            if slot < len(shown.ships[seat]):
                ship = shown.ships[seat][slot]
                ship.flip = t
                if t >= 0.5:
                    ship.up = True

        def done():
            if slot < len(shown.ships[seat]):
                shown.ships[seat][slot].flip = None
                shown.ships[seat][slot].up = True

        self.steps.add(0.16 if final else 0.34, begin, turn, done)

    def queue_sink(self, data: dict) -> None:
        shown = self.shown
        seat, slot = data["seat"], data["slot"]
        card = card_kind(data.get("card"))
        pitch = self.layouts()[seat].pitch

        def begin():
            get_audio().play("sink")
            if self.last_play:
                self.last_play.outcome = "sunk"
            self.float_text(tr("cannonades.ui.fx.sunk"), self.ship_centre(seat, slot), theme.BAD, 30)

        def down(t):
            if slot < len(shown.ships[seat]):
                shown.ships[seat][slot].sink = t

        def gone():
            get_audio().play("splash")
            shown.remove_ship(seat, slot, pitch)
            shown.discard.append(card)

        self.steps.add(0.6, begin, down, gone)

    def queue_discard(self, data: dict) -> None:
        shown = self.shown
        seat = data["seat"]
        cards = [card_kind(c) for c in data.get("cards", [])]
        if not cards:
            return
        centre = self.centre()
        reason = data.get("reason")
        if reason == "played":
            def leave():
                if self.last_play:
                    self.last_play.resolved = True

            self.fly(0.26, self.flying_image(cards[0]), centre.played.center, centre.discard.center, leave,
                     lambda: shown.discard.extend(cards), "card_slide", arc=16)
            return
        source = self.hand_point(seat, cards[0])

        def leave():
            for card in cards:
                shown.take_from_hand(seat, card)
            if reason == "draw":
                shown.actions_left -= 1

        self.fly(0.3, self.flying_image(cards[-1]), source, centre.discard.center, leave,
                 lambda: shown.discard.extend(cards), "card_slide")

    def on_reset(self) -> None:
        super().on_reset()
        self.steps.finish()
        self.floaters.clear()
        self.banner = None
        self.dialog = None
        self.dialog_key = None
        self.picker = None
        self.mode = None
        self.selected = None
        self.sync()

    def skip_animations(self) -> None:
        self.steps.finish()
        self.banner = None
        self.floaters.clear()
        self.flights.clear()
        self.blast = None

    def busy(self) -> bool:
        return self.steps.busy

    def show_hint(self, action) -> None:
        self.hint = (action, time.perf_counter())
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
        self.time += dt
        self.steps.update(dt)
        for fleet in self.shown.ships:
            for ship in fleet:
                ship.slide.update(dt)
        for floater in self.floaters:
            floater.update(dt)
        self.floaters = [f for f in self.floaters if not f.done]
        for button in self.buttons:
            button.update(dt)
        self.back_button.update(dt)
        if self.dialog is not None:
            self.dialog.update(dt)
        if self.hint and time.perf_counter() - self.hint[1] > 8:
            self.hint = None
        if self.mode == "reveal" and (not self.host.can_act() or self.state().phase != "reaction"):
            self.mode = None
        self.open_prompt()

    # -- words --------------------------------------------------------------------------------
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

    def tooltip(self) -> str | None:
        if self.dialog is not None:
            return self.dialog.tooltip()
        widgets = [self.back_button] if self.mode == "reveal" else self.buttons
        for button in widgets:
            text = button.tooltip_text()
            if text:
                return text
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
            if ship.kind != UNKNOWN:
                return tr("cannonades.ui.tip.own_down", name=card_name(ship.kind))
            return tr("cannonades.ui.tip.down", name=self.host.player_name(seat))
        if hover[0] == "pile":
            return tr("cannonades.ui.tip.pile", n=shown.pile)
        if hover[0] == "discard":
            return tr("cannonades.ui.tip.discard", n=len(shown.discard))
        if hover[0] == "played":
            return tr("cannonades.ui.tip.played")
        return None

    def draw_summary(self, surface, rect) -> None:
        result = self.controller.result()
        if result is not None:
            draw_summary(surface, rect, result, self.host.player_name, self.host.spec.id)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        table_background(surface)
        sea = BOARD_AREA.inflate(-8, -8)
        surface.blit(shadow_surface(sea.width, sea.height, 18, 10), (sea.x - 10, sea.y - 5))
        surface.blit(felt_texture(sea.width, sea.height, SEA_FELT), sea.topleft)
        pygame.draw.rect(surface, theme.WOOD_DARK, sea, 4, border_radius=6)
        self.draw_centre(surface)
        layouts = self.layouts()
        for layout in layouts.values():
            if not layout.mine:
                self.draw_opponent(surface, layout)
        self.draw_mine(surface, layouts[self.me])
        self.draw_effects(surface)
        self.draw_odds(surface)
        if self.banner:
            self.draw_banner(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    # centre
    def draw_centre(self, surface) -> None:
        centre = self.centre()
        shown = self.shown
        self.draw_turn_line(surface, centre.turn_line)
        pile = centre.pile
        if shown.pile:
            depth = min(5, (shown.pile + 7) // 8)
            for k in range(depth):
                surface.blit(card_art.back(*PILE_CARD), pile.move(-2 * (depth - k), -2 * (depth - k)))
            blit_card(surface, card_art.back(*PILE_CARD), pile, 6 if self.hover == ("pile",) else 0)
        else:
            self.empty_slot(surface, pile, tr("cannonades.ui.pile_empty"))
        self.count_badge(surface, pile, shown.pile)
        self.label_under(surface, pile, tr("cannonades.ui.pile"))
        played = centre.played
        if self.last_play is not None:
            image = card_art.face(self.last_play.kind, *PILE_CARD) if self.last_play.kind != UNKNOWN else \
                card_art.back(*PILE_CARD)
            if self.last_play.resolved:
                image = image.copy()
                image.set_alpha(150)
            blit_card(surface, image, played)
            self.label_under(surface, played, self.play_caption(), width=230)
        else:
            self.empty_slot(surface, played, tr("cannonades.ui.played"))
        discard = centre.discard
        if shown.discard:
            depth = min(4, (len(shown.discard) + 7) // 8)
            for k in range(depth):
                surface.blit(card_art.face(shown.discard[max(0, len(shown.discard) - 2 - k)], *PILE_CARD),
                             discard.move(2 * (depth - k), -2 * (depth - k)))
            blit_card(surface, card_art.face(shown.discard[-1], *PILE_CARD), discard,
                      6 if self.hover == ("discard",) else 0, theme.HIGHLIGHT if self.hover == ("discard",) else None)
        else:
            self.empty_slot(surface, discard, tr("cannonades.ui.discard_empty"))
        self.count_badge(surface, discard, len(shown.discard))
        label = self.discard_label_rect()
        hot = self.hover == ("discard",)
        panel(surface, label, theme.mix(theme.WOOD_DARK, theme.WOOD_LIGHT, 0.6 if hot else 0.0), radius=9, shadow=2,
              border=theme.PAPER_DARK, border_width=1)
        self.draw_eye(surface, (label.x + 18, label.centery))
        text = render_text(tr("cannonades.ui.discard_view"), 17, theme.PAPER)
        surface.blit(text, text.get_rect(midleft=(label.x + 34, label.centery)))
        prompt = sentence(self.status())
        if prompt:
            image = render_paragraph(prompt, 19, theme.PAPER, centre.area.width - 40, align="center")
            surface.blit(image, image.get_rect(midbottom=(centre.area.centerx, centre.bar.y - 6)))
        if self.mode == "reveal":
            self.back_button.rect.center = centre.bar.center
            self.back_button.draw(surface)
        else:
            hint_kind = self.hint[0]["type"] if self.hint else None
            for kind, button in zip(ACTION_KINDS, self.buttons, strict=True):
                button.selected = self.mode == kind or (hint_kind == kind and kind in ("add", "draw", "end"))
                button.draw(surface)

    def discard_label_rect(self) -> pygame.Rect:
        discard = self.centre().discard
        rect = pygame.Rect(0, 0, max(130, discard.width + 40), 28)
        rect.midtop = (discard.centerx, discard.bottom + 8)
        return rect

    def play_caption(self) -> str:
        play = self.last_play
        attacker = self.host.player_name(play.seat)
        target = self.host.player_name(play.target)
        if play.outcome is None:
            return tr("cannonades.ui.played.firing", attacker=attacker, target=target)
        return tr(f"cannonades.ui.played.{play.outcome}", attacker=attacker, target=target)

    def draw_turn_line(self, surface, rect: pygame.Rect) -> None:
        shown = self.shown
        if shown.standoff:
            panel(surface, rect, (26, 20, 20), radius=10, shadow=4, border=STANDOFF_RED, border_width=3)
            queue = [self.host.player_name(s) for s in shown.final_queue if shown.alive[s]]
            if self.controller.to_act() is None:
                detail = tr("cannonades.ui.standoff.done")
            elif queue:
                detail = tr("cannonades.ui.standoff.queue", names=tr("cannonades.ui.list_sep").join(queue))
            else:
                detail = tr("cannonades.ui.standoff.last")
            title = render_text(tr("cannonades.ui.standoff.ribbon"), 22, (255, 90, 80), bold=True)
            surface.blit(title, title.get_rect(midleft=(rect.x + 16, rect.centery)))
            text = render_text(detail, 18, theme.PAPER)
            if text.get_width() > rect.width - title.get_width() - 48:
                text = pygame.transform.smoothscale_by(text, (rect.width - title.get_width() - 48) / text.get_width())
            surface.blit(text, text.get_rect(midleft=(rect.x + title.get_width() + 34, rect.centery)))
            return
        if self.controller.to_act() is None and not shown.alive.count(True) > 1:
            return
        panel(surface, rect, (40, 30, 22), radius=10, shadow=3, border=BOX_EDGE, border_width=1)
        seat = shown.current
        player_token(surface, (rect.x + 22, rect.centery), 12, seat, self.host.spec.id)
        line = tr("cannonades.ui.turn_line", turn=max(1, shown.turn_number), name=self.host.player_name(seat))
        if shown.first_turn:
            line += tr("cannonades.ui.first_turn_note")
        text = render_text(line, 19, theme.PAPER)
        surface.blit(text, text.get_rect(midleft=(rect.x + 42, rect.centery)))
        left = shown.actions_left if shown.phase != "start" else 0
        self.draw_pips(surface, (rect.right - 92, rect.centery), left)
        caption = render_text(tr("cannonades.ui.actions_left", n=left), 16, theme.PAPER_DARK)
        surface.blit(caption, caption.get_rect(midright=(rect.right - 106, rect.centery)))

    def draw_pips(self, surface, left_centre, left: int) -> None:
        """Four cannonballs: filled for the actions left this turn."""
        x, y = left_centre
        for i in range(4):
            centre = (x + i * 24, y)
            if i < left:
                pygame.draw.circle(surface, (24, 22, 26), centre, 9)
                pygame.draw.circle(surface, (120, 118, 130), (centre[0] - 3, centre[1] - 3), 3)
                pygame.draw.circle(surface, theme.HIGHLIGHT, centre, 9, 1)
            else:
                pygame.draw.circle(surface, theme.PAPER_DARK, centre, 9, 2)

    @staticmethod
    def draw_eye(surface, centre) -> None:
        x, y = centre
        pygame.draw.ellipse(surface, theme.PAPER, pygame.Rect(x - 11, y - 7, 22, 14))
        pygame.draw.circle(surface, theme.WOOD_DARK, (x, y), 5)
        pygame.draw.circle(surface, theme.PAPER, (x + 1, y - 1), 1)

    @staticmethod
    def empty_slot(surface, rect: pygame.Rect, text: str = "") -> None:
        pygame.draw.rect(surface, (120, 170, 196), rect, 2, border_radius=10)
        if text:
            image = render_paragraph(text, 15, (150, 196, 216), rect.width - 10, align="center")
            surface.blit(image, image.get_rect(center=rect.center))

    @staticmethod
    def count_badge(surface, rect: pygame.Rect, count: int) -> None:
        centre = (rect.right - 4, rect.top + 4)
        pygame.draw.circle(surface, theme.WOOD_DARK, centre, 17)
        pygame.draw.circle(surface, theme.PAPER, centre, 17, 2)
        number = render_text(str(count), 17, theme.PAPER, bold=True)
        surface.blit(number, number.get_rect(center=centre))

    @staticmethod
    def label_under(surface, rect: pygame.Rect, text: str, width: int = 180) -> None:
        image = render_paragraph(text, 16, theme.PAPER, width, align="center")
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.bottom + 10)))

    # seats
    def seat_panel(self, surface, box: pygame.Rect, seat: int) -> None:
        shown = self.shown
        current = shown.current == seat and self.controller.to_act() is not None and shown.alive[seat]
        style = theme.player_style(seat, self.host.spec.id)
        border = style.colour if current else BOX_EDGE
        if current:
            pulse = 0.5 + 0.5 * math.sin(self.time * 4)
            border = theme.mix(style.colour, theme.WHITE, 0.3 * pulse)
        panel(surface, box, BOX_WOOD, radius=14, shadow=6, border=border, border_width=4 if current else 2)

    def name_row(self, surface, box: pygame.Rect, seat: int, y: int, x: int | None = None) -> None:
        shown = self.shown
        x = box.x + 14 if x is None else x
        player_token(surface, (x + 13, y + 14), 13, seat, self.host.spec.id)
        name = render_text(self.host.player_name(seat), 20, theme.PAPER, bold=True)
        surface.blit(name, (x + 32, y + 14 - name.get_height() // 2))
        right = box.right - 14
        tags = []
        if shown.standoff and shown.trigger == seat:
            tags.append((tr("cannonades.ui.tag.trigger"), STANDOFF_RED))
        if shown.current == seat and self.controller.to_act() is not None and shown.alive[seat]:
            tags.append((tr("cannonades.ui.tag.turn"), theme.ACCENT_DARK))
        for text, colour in tags:
            image = render_text(text, 15, theme.WHITE, bold=True)
            chip = image.get_rect().inflate(14, 6)
            chip.midright = (right, y + 14)
            if chip.x < x + 40 + name.get_width():
                continue
            pygame.draw.rect(surface, colour, chip, border_radius=8)
            surface.blit(image, image.get_rect(center=chip.center))
            right = chip.x - 6

    def draw_opponent(self, surface, layout: SeatLayout) -> None:
        seat = layout.seat
        box = layout.box
        self.seat_panel(surface, box, seat)
        self.name_row(surface, box, seat, box.y + 6)
        self.draw_fleet(surface, layout)
        self.draw_small_hand(surface, layout)
        self.draw_out_veil(surface, box, seat)

    def draw_small_hand(self, surface, layout: SeatLayout) -> None:
        seat = layout.seat
        hand = self.shown.hands[seat]
        area = layout.hand
        height = max(30, min(62, area.height - 4))
        size = (round(height / 1.4), height)
        count = len(hand)
        label = render_text(tr("cannonades.ui.hand_count", n=count), 16, theme.PAPER_DARK)
        label_rect = label.get_rect(midleft=(area.x + 4, area.centery))
        fan_area = pygame.Rect(label_rect.right + 12, area.y + (area.height - height) // 2,
                               area.right - label_rect.right - 24, 0)
        slots = fan_layout(count, fan_area, size, max_step=size[0] * 0.55, spread=4, max_spread=20)
        for slot, kind in zip(slots, hand_order(hand), strict=True):
            image = card_art.image(kind, *size)
            rotated = turned(image, slot.angle)
            surface.blit(rotated, rotated.get_rect(center=(round(slot.centre[0]), round(slot.centre[1]))))
        surface.blit(label, label_rect)

    def draw_out_veil(self, surface, box: pygame.Rect, seat: int) -> None:
        fade = self.shown.out_fade[seat] if seat < len(self.shown.out_fade) else 0.0
        if fade <= 0:
            return
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (70, 70, 74, round(170 * fade)), veil.get_rect(), border_radius=14)
        surface.blit(veil, box.topleft)
        if fade >= 1 or not self.shown.alive[seat]:
            order = self.shown.eliminated.index(seat) + 1 if seat in self.shown.eliminated else 0
            text = tr("cannonades.ui.out", n=order) if order else tr("cannonades.ui.fx.out")
            stamp = render_text(text, 30, (230, 226, 220), bold=True)
            frame = stamp.get_rect(center=box.center).inflate(28, 12)
            pygame.draw.rect(surface, (60, 58, 62), frame, border_radius=10)
            pygame.draw.rect(surface, (200, 196, 190), frame, 3, border_radius=10)
            surface.blit(stamp, stamp.get_rect(center=frame.center))

    def draw_fleet(self, surface, layout: SeatLayout) -> None:
        seat = layout.seat
        fleet = self.shown.ships[seat]
        targets = self.targets() if self.host.can_act() else {}
        pulse = 0.5 + 0.5 * math.sin(self.time * 6)
        hint_target = None
        if self.hint and self.hint[0].get("type") in ("shoot", "board"):
            hint_target = (self.hint[0]["seat"], self.hint[0]["slot"])
        elif self.hint and self.hint[0].get("option") == "reveal":
            hint_target = (self.state().reactions[0][1], self.hint[0]["slot"]) if self.state().reactions else None
        for slot, rect in enumerate(layout.slots):
            if slot >= len(fleet):
                self.empty_ship_slot(surface, rect)
                continue
            ship = fleet[slot]
            rect = rect.move(round(ship.slide.value), 0)
            lit = (seat, slot) in targets
            hovered = self.hover == ("ship", seat, slot)
            if lit:
                colour = TARGET_HOT if hovered else theme.mix(TARGET_GLOW, theme.WHITE, 0.4 * pulse)
                pygame.draw.rect(surface, colour, rect.inflate(14, 14), 5 if hovered else 3, border_radius=14)
            if (seat, slot) == hint_target:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(22 + 6 * pulse, 22 + 6 * pulse), 3,
                                 border_radius=16)
            self.draw_ship(surface, ship, rect, seat, lifted=(layout.mine and self.selected == ("ship", slot)),
                           hovered=hovered and layout.mine and ship.up and self.in_turn())
            if lit and hovered:
                self.draw_crosshair(surface, rect.center, min(rect.width, rect.height) // 3)

    @staticmethod
    def empty_ship_slot(surface, rect: pygame.Rect) -> None:
        """A free place in an area: a faint sunken berth."""
        radius = max(8, rect.width // 9)
        pygame.draw.rect(surface, (50, 34, 24), rect, border_radius=radius)
        pygame.draw.rect(surface, (86, 62, 44), rect, 2, border_radius=radius)

    def ship_image(self, ship: ShipView, size: tuple[int, int], seat: int) -> pygame.Surface:
        showing_face = ship.up
        if ship.flip is not None:
            showing_face = ship.flip >= 0.5
        if showing_face and ship.kind != UNKNOWN:
            return card_art.face(ship.kind, *size)
        if ship.kind != UNKNOWN and seat == self.me and self.viewer is not None and not ship.up:
            return card_art.marked_back(ship.kind, *size)
        if ship.kind != UNKNOWN and self.viewer is None and not ship.up:
            return card_art.marked_back(ship.kind, *size)
        return card_art.back(*size)

    def draw_ship(self, surface, ship: ShipView, rect: pygame.Rect, seat: int, lifted: bool = False,
                  hovered: bool = False) -> None:
        image = self.ship_image(ship, rect.size, seat)
        if ship.flip is not None:
            scale = abs(math.cos(math.pi * ship.flip))
            width = max(2, round(rect.width * scale))
            image = pygame.transform.smoothscale(image, (width, rect.height))
            surface.blit(image, image.get_rect(center=rect.center))
            return
        if ship.sink > 0:
            t = ship.sink
            sunk = pygame.transform.rotozoom(image, -14 * t, 1 - 0.25 * t)
            sunk.set_alpha(round(255 * (1 - t)))
            surface.blit(sunk, sunk.get_rect(center=(rect.centerx, rect.centery + 50 * t)))
            for ring in range(3):
                radius = (t * 60 + ring * 12) % 60 + 6
                alpha = max(0, 200 - radius * 3)
                ripple = pygame.Rect(0, 0, radius * 2.2, radius * 0.8)
                ripple.center = (rect.centerx, rect.bottom - 6)
                pygame.draw.ellipse(surface, (200, 230, 250, alpha), ripple, 2)
            return
        if ship.shake > 0:
            rect = rect.move(round(math.sin(ship.shake * 30) * 7 * ship.shake), 0)
        lift = 18 if lifted else (8 if hovered else 0)
        glow = theme.ACCENT if lifted else (theme.HIGHLIGHT if hovered else None)
        blit_card(surface, image, rect, lift, glow)

    def draw_crosshair(self, surface, centre, radius: int) -> None:
        x, y = centre
        pygame.draw.circle(surface, TARGET_HOT, centre, radius, 3)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(surface, TARGET_HOT, (x + dx * radius * 0.5, y + dy * radius * 0.5),
                             (x + dx * radius * 1.3, y + dy * radius * 1.3), 3)

    def draw_mine(self, surface, layout: SeatLayout) -> None:
        seat = layout.seat
        shown = self.shown
        self.seat_panel(surface, layout.box, seat)
        plate = MY_PLATE
        pygame.draw.rect(surface, (48, 32, 22), plate, border_radius=12)
        self.name_row(surface, pygame.Rect(plate.x, plate.y, plate.width, 40), seat, plate.y + 8, plate.x + 4)
        state = self.state()
        lines = [
            tr("cannonades.ui.plate.ships", n=len(shown.ships[seat]), max=MAX_SHIPS),
            tr("cannonades.ui.plate.hand", n=len(shown.hands[seat]), limit=state.hand_limit()),
        ]
        if state.options["strict_memory"]:
            lines.append(tr("cannonades.ui.plate.strict"))
        y = plate.y + 48
        for line in lines:
            image = render_paragraph(line, 17, theme.PAPER_DARK, plate.width - 24)
            surface.blit(image, (plate.x + 14, y))
            y += image.get_height() + 6
        if shown.current == seat and self.controller.to_act() is not None and shown.alive[seat]:
            caption = render_text(tr("cannonades.ui.actions_left", n=shown.actions_left), 16, theme.PAPER)
            surface.blit(caption, (plate.x + 14, plate.bottom - 62))
            self.draw_pips(surface, (plate.x + 26, plate.bottom - 26), shown.actions_left)
        fleet_label = render_text(tr("cannonades.ui.your_fleet"), 17, theme.PAPER_DARK)
        surface.blit(fleet_label, (layout.slots[0].x, layout.slots[0].y - 28))
        self.draw_fleet(surface, layout)
        self.draw_my_hand(surface)
        hand_label = render_text(tr("cannonades.ui.your_hand", n=len(shown.hands[seat])), 17, theme.PAPER_DARK)
        surface.blit(hand_label, (MY_HAND.x, layout.slots[0].y - 28))
        self.draw_out_veil(surface, layout.box, seat)

    def draw_my_hand(self, surface) -> None:
        cards = self.my_hand()
        slots = self.hand_slots()
        can = self.in_turn()
        usable = {card_kind(a.get("card")) for a in self.legal_actions() if a["type"] in ("add", "shoot")} if can \
            else set()
        hint_card = card_kind(self.hint[0].get("card")) if self.hint and self.hint[0]["type"] in (
            "add", "draw", "shoot") else None
        for index, (slot, kind) in enumerate(zip(slots, cards, strict=True)):
            chosen = self.selected == ("hand", kind) and cards.index(kind) == index
            hovered = self.hover == ("hand", index)
            lift = 26 if chosen else (12 if hovered and can else 0)
            image = card_art.image(kind, *HAND_CARD)
            rotated = turned(image, 0 if chosen or hovered else slot.angle)
            centre = (round(slot.centre[0]), round(slot.centre[1] - lift))
            rect = rotated.get_rect(center=centre)
            if lift:
                surface.blit(shadow_surface(rect.width, rect.height, 12, 6), (rect.x - 6, rect.y + 2 + lift // 2))
            if chosen or hovered or kind == hint_card:
                colour = theme.ACCENT if chosen else (theme.HIGHLIGHT if kind == hint_card else theme.PAPER)
                glow = rect.inflate(8, 8) if rotated is image else rect.inflate(2, 2)
                pygame.draw.rect(surface, colour, glow, 4, border_radius=14)
            surface.blit(rotated, rect)
            if can and not chosen and kind != UNKNOWN and kind not in usable and not self.selected:
                surface.blit(dim_veil(rotated), rect)

    # effects and panels
    def draw_effects(self, surface) -> None:
        if self.blast:
            start, end, t = self.blast
            head = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t - math.sin(math.pi * t) * 60)
            pygame.draw.circle(surface, (30, 28, 32), head, 9)
            pygame.draw.circle(surface, (130, 128, 140), (head[0] - 3, head[1] - 3), 3)
            for k in range(1, 6):
                back = max(0.0, t - k * 0.05)
                trail = (start[0] + (end[0] - start[0]) * back,
                         start[1] + (end[1] - start[1]) * back - math.sin(math.pi * back) * 60)
                pygame.draw.circle(surface, (230, 226, 216), trail, max(1, 7 - k))
            if t > 0.85:
                pygame.draw.circle(surface, (255, 190, 80), end, round(30 * (t - 0.85) / 0.15) + 6, 4)
        for flight in self.flights:
            flight.draw(surface)
        for floater in self.floaters:
            floater.draw(surface)

    def draw_odds(self, surface) -> None:
        """The chance to sink the hovered target, and the colours that match."""
        if self.hover is None or self.hover[0] != "ship" or self.mode not in ("shoot", "board"):
            return
        _, seat, slot = self.hover
        action = self.targets().get((seat, slot))
        if action is None:
            return
        odds = sink_odds(self.state(), action)
        rows: list[pygame.Surface] = []
        percent = round(odds.chance * 100)
        if odds.known:
            head = tr("cannonades.ui.odds.sure") if odds.chance else tr("cannonades.ui.odds.never")
        else:
            head = tr("cannonades.ui.odds.chance", p=percent)
        rows.append(render_text(head, 22, theme.GOOD if odds.chance >= 0.5 else (
            theme.BAD if odds.chance == 0 else theme.INK), bold=True))
        rows.append(self.chip_row(tr("cannonades.ui.odds.fires"), [(c, None, True) for c in odds.attacking]))
        if not odds.known:
            chips = [(c, p, c in odds.attacking) for c, p in odds.colours]
            for start in range(0, len(chips), 3):
                label = tr("cannonades.ui.odds.could_be") if start == 0 else ""
                rows.append(self.chip_row(label, chips[start:start + 3], indent=not start == 0))
        if odds.grin_chance > 0:
            rows.append(render_text(tr("cannonades.ui.odds.grin", p=round(odds.grin_chance * 100)), 17,
                                    theme.INK_SOFT))
        width = max(r.get_width() for r in rows) + 28
        height = sum(r.get_height() + 6 for r in rows) + 18
        rect = pygame.Rect(0, 0, width, height)
        target = self.layouts()[seat].slots[slot]
        rect.midtop = (target.centerx, target.bottom + 14)
        if rect.bottom > BOARD_AREA.bottom - 10:
            rect.midbottom = (target.centerx, target.y - 14)
        rect.clamp_ip(BOARD_AREA.inflate(-12, -12))
        panel(surface, rect, theme.PAPER, radius=10, shadow=6, border=TARGET_HOT, border_width=2)
        y = rect.y + 10
        for row in rows:
            surface.blit(row, (rect.x + 14, y))
            y += row.get_height() + 6

    def chip_row(self, label: str, chips: list[tuple[str, float | None, bool]], indent: bool = False) -> pygame.Surface:
        """A label and colour discs (with a share each, when given); non-matching ones faded."""
        text = render_text(label or " ", 17, theme.INK_SOFT)
        if indent:
            text = pygame.Surface((render_text(tr("cannonades.ui.odds.could_be"), 17, theme.INK_SOFT).get_width(),
                                   text.get_height()), pygame.SRCALPHA)
        parts = []
        for colour, share, matching in chips:
            badge = card_art.badge_image(colour, 10)
            caption = render_text(colour_name(colour) + (f" {round(share * 100)}%" if share is not None else ""), 16,
                                  theme.INK if matching else theme.INK_FAINT, bold=matching)
            part = pygame.Surface((badge.get_width() + caption.get_width() + 16, max(24, caption.get_height())),
                                  pygame.SRCALPHA)
            if matching:
                pygame.draw.rect(part, (*theme.GOOD, 50), part.get_rect(), border_radius=8)
            faded = badge.copy()
            if not matching:
                faded.set_alpha(110)
            part.blit(faded, (4, (part.get_height() - badge.get_height()) // 2))
            part.blit(caption, (badge.get_width() + 8, (part.get_height() - caption.get_height()) // 2))
            parts.append(part)
        width = text.get_width() + 8 + sum(p.get_width() + 4 for p in parts)
        height = max([text.get_height()] + [p.get_height() for p in parts])
        row = pygame.Surface((width, height), pygame.SRCALPHA)
        row.blit(text, (0, (height - text.get_height()) // 2))
        x = text.get_width() + 8
        for part in parts:
            row.blit(part, (x, (height - part.get_height()) // 2))
            x += part.get_width() + 4
        return row

    def draw_banner(self, surface) -> None:
        title, detail, started = self.banner
        age = min(1.0, (time.perf_counter() - started) * 4)
        rect = pygame.Rect(0, 0, 700, 150)
        rect.center = (BOARD_AREA.centerx, self.centre().area.centery - 20 + (1 - age) * 30)
        panel(surface, rect, (22, 16, 16), radius=16, shadow=12, border=STANDOFF_RED, border_width=5)
        head = render_text(title, 44, (255, 84, 72), bold=True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 18)))
        body = render_paragraph(detail, 21, theme.PAPER, rect.width - 48, align="center")
        surface.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 84)))
