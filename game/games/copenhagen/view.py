"""The Copenhagen table: the harbour, your hand and house, the tile supply and the other houses.

Take cards by clicking the harbour (the cards you may take next light up). Choose a tile from the
supply and a ghost of it follows the mouse over your facade, green where it may go and red where it
may not, with the reason and the exact cost at that spot; R or the wheel turns it, F or right-click
flips it, a click builds it. Ability tiles are clicked to use them; Change of colors opens a picker,
a coat of arms a choice. Every event animates in order: cards slide, tiles drop into place, full
rows and columns glow as they score.
"""

from __future__ import annotations

import math

import pygame

from game.core.hints import consequences
from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.copenhagen import board
from game.games.copenhagen.anim import CopenhagenAnimation
from game.games.copenhagen.dialogs import coat_dialog, convert_dialog, discard_dialog, pay_dialog
from game.games.copenhagen.drawing import CopenhagenDrawing
from game.games.copenhagen.layout import (
    DECK,
    DIALOG_AREA,
    DISCARD,
    HAND_AREA,
    HAND_CARD,
    HAND_PANEL,
    MY_CELL,
    MY_HOUSE,
    SPECIAL_STACK,
    TILE_ORDER,
    TRAY,
    House,
    ability_rect,
    grab_cell,
    make_house,
    opponent_house,
    opponent_layout,
    opponent_rects,
    slot_rect,
    supply_rect,
)
from game.games.copenhagen.rules import ABILITIES, ACTIVE, RULES, SLOTS, USED
from game.games.copenhagen.shown import ShownTable
from game.games.copenhagen.summary import draw_points_by_line
from game.games.copenhagen.tips import CopenhagenTips
from game.ui.audio import get_audio
from game.ui.cards import row_positions
from game.ui.table import TableView
from game.ui.tween import Smooth
from game.ui.widgets import Button

KEY_SLOTS = {pygame.K_1 + i: i for i in range(SLOTS)}


class CopenhagenTable(TableView):
    """The view of a Copenhagen game for one seat (or an onlooker, who follows the player on turn).

    It holds what the person is doing (the tile held and how it is turned, an open question); what is
    shown (``shown``), its animation, its drawing and its words are objects of their own.
    """

    dialog_area = DIALOG_AREA

    def __init__(self, host):
        super().__init__(host)
        self.selected: str | None = None
        self.rot = 0
        self.mirror = False
        self.placing_special = False
        self.mouse = (0, 0)
        self.hover: tuple | None = None
        self._earned: tuple | None = None
        self.dialog_kind: str | None = None
        self.pulse = Smooth(0.0, 8.0)
        self.shown = ShownTable(self.observation())
        self.animation = CopenhagenAnimation(self)
        self.drawing = CopenhagenDrawing(self)
        self.tips = CopenhagenTips(self)
        self.buttons = self._buttons()

    # -- what is shown ------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat whose house is drawn large: the viewer, or for an onlooker the player on turn."""
        return self.viewer if self.viewer is not None else self.shown.current

    def others(self) -> list[int]:
        players = self.shown.players
        return [(self.me + k) % players for k in range(1, players)]

    def house(self, seat: int) -> House:
        if seat == self.me:
            return make_house(seat, MY_HOUSE.topleft, MY_CELL)
        topleft, cell = opponent_house(self.opponent_rect(seat))
        return make_house(seat, topleft, cell)

    def opponent_rect(self, seat: int) -> pygame.Rect:
        others = self.others()
        return opponent_rects(len(others))[others.index(seat)]

    def opponent_ability_rect(self, seat: int, index: int) -> pygame.Rect:
        rect = self.opponent_rect(seat)
        layout = opponent_layout(rect)
        if layout == "tall":
            size, gap = 36, 10
            x = rect.centerx - (5 * size + 4 * gap) // 2
            return pygame.Rect(x + index * (size + gap), rect.y + 78, size, size)
        size = 30
        x = self.house(seat).rect.right + 10
        if layout == "medium":
            return pygame.Rect(x, rect.y + 98 + index * (size + 8), size, size)
        return pygame.Rect(x + index * (size + 6), rect.y + 102, size, size)

    def sync(self) -> None:
        """Show the game exactly as the observation has it (after a reset or when animations are done)."""
        self.shown = ShownTable(self.observation())
        self.animation.drops.clear()

    def phase(self) -> str:
        return self.observation().phase

    def my_turn_to(self, *phases: str) -> bool:
        return self.host.can_act() and self.phase() in phases

    def symbols(self) -> bool:
        return self.host.colour_blind()

    def hand_cards(self) -> list[int]:
        hand = self.shown.hands[self.me]
        return [c for c in range(len(board.COLOURS)) for _ in range(hand[c])]

    def hand_rects(self) -> list[pygame.Rect]:
        cards = self.hand_cards() + [-1] * self.shown.hidden[self.me]
        xs = row_positions(len(cards), HAND_AREA, HAND_CARD[0], 8)
        return [pygame.Rect(x, HAND_AREA.y, *HAND_CARD) for x in xs]

    def buildable(self) -> set[str]:
        return {a["tile"] for a in self.actions_of("build")}

    def harbour_marks(self) -> dict[int, str]:
        """Slots to light up: "take" (may be taken now), "next" (could follow the hovered card), "any"
        (taking it spends Any cards), "third" (Additional card)."""
        marks: dict[int, str] = {}
        if not self.host.can_act():
            return marks
        state = self.observation()
        phase = state.phase
        takes = {a["slot"] for a in self.actions_of("take")}
        if phase == "turn":
            if self.hover and self.hover[0] == "slot" and self.hover[1] in takes:
                marks[self.hover[1]] = "take"
                first = self.hover[1]
                anywhere = self.shown.abilities[self.me][0] == ACTIVE
                for slot in range(SLOTS):
                    if slot != first and state.harbour[slot] >= 0:
                        if abs(slot - first) == 1:
                            marks[slot] = "next"
                        elif anywhere:
                            marks[slot] = "any"
        elif phase == "second":
            for slot in takes:
                marks[slot] = "take" if abs(slot - state.first_slot) == 1 else "any"
        elif phase == "last_call":
            for slot in takes:
                marks[slot] = "third"
        return marks

    def usable_abilities(self) -> set[str]:
        """Ability tiles a click would use now (they glow)."""
        if not self.host.can_act():
            return set()
        usable = set()
        if self.actions_of("ability"):
            usable.add("construction_discount")
        if self.actions_of("convert"):
            usable.add("change_of_colors")
        if self.actions_of("both"):
            usable.add("both_actions")
        phase = self.phase()
        if phase == "last_call" and self.actions_of("take"):
            usable.add("additional_card")
        state = self.observation()
        if phase == "second" and any(abs(a["slot"] - state.first_slot) != 1 for a in self.actions_of("take")):
            usable.add("any_cards")
        return usable

    # -- buttons ------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        y = HAND_PANEL.bottom - 50
        third = (HAND_PANEL.width - 48) // 3
        end = Button((HAND_PANEL.right - 16 - third, y, third, 40), lambda: tr("copenhagen.action.end"),
                     self.end_turn, style="primary", size=20, tooltip=lambda: tr("copenhagen.ui.end.tip"))
        both = Button((HAND_PANEL.right - 32 - 2 * third, y, third, 40), lambda: tr("copenhagen.action.both"),
                      self.build_as_well, size=20, tooltip=lambda: tr("copenhagen.ui.both.tip"))
        tray_y = TRAY.bottom - 40
        width = (TRAY.width - 16) // 3
        rotate = Button((TRAY.x, tray_y, width, 38), lambda: tr("copenhagen.ui.rotate"), self.rotate, size=19,
                        tooltip=lambda: tr("copenhagen.ui.rotate.tip"))
        flip = Button((TRAY.x + width + 8, tray_y, width, 38), lambda: tr("copenhagen.ui.flip"), self.flip, size=19,
                      tooltip=lambda: tr("copenhagen.ui.flip.tip"))
        back = Button((TRAY.x + 2 * (width + 8), tray_y, width, 38), lambda: tr("copenhagen.ui.put_back"),
                      self.put_back, size=19, tooltip=lambda: tr("copenhagen.ui.put_back.tip"))
        self.end_button, self.both_button = end, both
        self.rotate_button, self.flip_button, self.back_button = rotate, flip, back
        return [end, both, rotate, flip, back]

    def refresh_buttons(self) -> None:
        last_call = self.my_turn_to("last_call")
        self.end_button.visible = last_call
        self.both_button.visible = last_call and bool(self.actions_of("both"))
        holding = self.selected is not None and not self.placing_special
        for button in (self.rotate_button, self.flip_button, self.back_button):
            button.visible = holding
        hinted = self.hint[0]["type"] if self.hint else None
        self.end_button.selected = hinted == "end"
        self.both_button.selected = hinted == "both"

    # -- commands -----------------------------------------------------------------------------
    def act(self, action: dict) -> bool:
        self.hint = None
        done = self.host.submit(action)
        if done and action["type"] in ("build", "coat"):
            self.selected = None
            self.placing_special = False
        return done

    def end_turn(self) -> None:
        if {"type": "end"} in self.legal_actions():
            self.act({"type": "end"})

    def build_as_well(self) -> None:
        if {"type": "both"} in self.legal_actions():
            self.act({"type": "both"})
        else:
            self.refuse(tr("copenhagen.ui.refuse.both"))

    def rotate(self, turns: int = 1) -> None:
        if self.selected is None or self.placing_special:
            return
        self.rot = (self.rot + turns) % 4
        get_audio().play("click")

    def flip(self) -> None:
        if self.selected is None or self.placing_special:
            return
        self.mirror = not self.mirror
        get_audio().play("click")

    def put_back(self) -> None:
        if self.selected is not None and not self.placing_special:
            self.selected = None
            get_audio().play("card_slide")

    def choose_tile(self, tile_id: str) -> None:
        """Pick a tile from the supply (or put it back when it is the one held)."""
        if self.selected == tile_id and not self.placing_special:
            self.put_back()
            return
        if not self.host.can_act():
            self.refuse(self.wait_reason())
            return
        problem = RULES.tile_problem(self.observation(), self.me, tile_id)
        if problem is not None:
            if problem == "copenhagen.why.not_now":
                problem = self.not_now_reason()
            self.refuse(tr(problem))
            return
        self.selected = tile_id
        self.placing_special = False
        if not self.hint or self.hint[0].get("tile") != tile_id:
            self.rot, self.mirror = 0, False
        get_audio().play("card_flip")

    def not_now_reason(self) -> str:
        phase = self.phase()
        if phase in ("second", "last_call", "discard"):
            return "copenhagen.ui.refuse.taking"
        if phase == "coat":
            return "copenhagen.ui.refuse.coat"
        return "copenhagen.why.not_now"

    def click_slot(self, slot: int) -> None:
        if not self.host.can_act():
            self.refuse(self.wait_reason())
            return
        wanted = {"type": "take", "slot": slot}
        if wanted in self.legal_actions():
            self.act(wanted)
            return
        self.refuse(self.slot_refusal(slot))

    def slot_refusal(self, slot: int) -> str:
        state = self.observation()
        if state.harbour[slot] < 0:
            return tr("copenhagen.ui.refuse.empty_slot")
        phase = state.phase
        if phase == "second":
            near = [str(s + 1) for s in (state.first_slot - 1, state.first_slot + 1) if 0 <= s < SLOTS]
            return tr("copenhagen.ui.refuse.beside", slots=" / ".join(near))
        if phase == "last_call":
            return tr("copenhagen.ui.refuse.third")
        if phase == "construct":
            return tr("copenhagen.ui.refuse.building")
        if phase == "coat":
            return tr("copenhagen.ui.refuse.coat")
        return tr("copenhagen.why.not_now")

    def click_ability(self, index: int) -> None:
        name = ABILITIES[index]
        state = self.shown.abilities[self.me][index]
        if self.viewer is None or self.me != self.viewer:
            self.refuse(self.wait_reason())
            return
        if state == 0:
            self.refuse(tr("copenhagen.ui.ability.not_owned"))
            return
        if state == USED:
            self.refuse(tr("copenhagen.ui.ability.used"))
            return
        if not self.host.can_act():
            self.refuse(self.wait_reason())
            return
        phase = self.phase()
        if name == "construction_discount":
            action = {"type": "ability", "ability": name}
            if action in self.legal_actions():
                self.act(action)
            else:
                self.refuse(tr("copenhagen.ui.ability.no_use_discount" if phase in ("turn", "construct")
                               else "copenhagen.ui.ability.when_building"))
        elif name == "change_of_colors":
            if self.actions_of("convert"):
                self.open_dialog("convert")
            else:
                self.refuse(tr("copenhagen.ui.ability.no_use_convert" if phase in ("turn", "construct")
                               else "copenhagen.ui.ability.when_building"))
        elif name == "both_actions":
            if {"type": "both"} in self.legal_actions():
                self.act({"type": "both"})
            else:
                self.refuse(tr("copenhagen.ui.ability.both_when"))
        elif name == "additional_card":
            if phase == "last_call" and self.actions_of("take"):
                self.host.say(tr("copenhagen.ui.ability.third_how"))
                get_audio().play("click")
            else:
                self.refuse(tr("copenhagen.ui.ability.third_when"))
        else:
            self.host.say(tr("copenhagen.ui.ability.any_how"))
            get_audio().play("click")

    def click_board(self, cell: tuple[int, int]) -> None:
        if self.placing_special:
            self.place_special(cell)
            return
        if self.selected is None:
            if self.my_turn_to("turn", "construct"):
                self.refuse(tr("copenhagen.ui.refuse.pick_tile"))
            return
        ghost = self.ghost()
        if ghost is None:
            return
        if ghost["problem"] is not None:
            self.refuse(tr(ghost["problem"]))
            return
        rot, mirror = board.canonical_orientation(self.selected, self.rot, self.mirror)
        options = [a for a in self.actions_of("build") if a["tile"] == self.selected and a["rot"] == rot
                   and a["mirror"] == mirror and a["at"] == list(ghost["at"])]
        if not options:
            self.refuse(tr("copenhagen.why.not_now"))
        elif len(options) == 1:
            self.act(options[0])
        else:
            self.open_dialog("pay", options)

    def place_special(self, cell: tuple[int, int]) -> None:
        problem = RULES.special_problem(self.observation(), self.me, cell)
        if problem is not None:
            self.refuse(tr(problem))
            return
        self.act({"type": "coat", "choice": "special", "at": list(cell)})

    def start_special(self) -> None:
        """The coat-of-arms choice of a white tile: close the dialog and hold the tile over the facade."""
        self.close_dialog()
        self.placing_special = True
        self.selected = "special-1"
        self.rot, self.mirror = 0, False

    def cancel_special(self) -> None:
        self.placing_special = False
        self.selected = None

    # -- dialogs ------------------------------------------------------------------------------
    def open_dialog(self, kind: str, options=None) -> None:
        makers = {"discard": discard_dialog, "coat": coat_dialog, "convert": convert_dialog}
        self.dialog = pay_dialog(self, options) if kind == "pay" else makers[kind](self)
        self.dialog_kind = kind
        get_audio().play("card_flip")

    def close_dialog(self) -> None:
        self.dialog = None
        self.dialog_kind = None

    def dialog_due(self) -> str | None:
        """The question the game asks the person now, if any (a discard, a coat of arms)."""
        if not self.host.can_act() or self.busy():
            return None
        phase = self.phase()
        if phase == "discard":
            return "discard"
        if phase == "coat" and not self.placing_special:
            return "coat"
        return None

    def settle_dialog(self) -> None:
        due = self.dialog_due()
        if self.dialog_kind in ("discard", "coat") and due != self.dialog_kind:
            self.close_dialog()
        elif self.dialog_kind in ("convert", "pay") and not self.my_turn_to("turn", "construct"):
            self.close_dialog()
        if self.dialog is None and due is not None:
            self.open_dialog(due)
        if self.placing_special and not self.my_turn_to("coat"):
            self.cancel_special()
        if self.selected and not self.placing_special and not self.my_turn_to("turn", "construct"):
            self.selected = None

    # -- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.track(event.pos)
        if self.dialog is not None:
            return self.dialog.handle(event)
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            return False
        if event.type == pygame.MOUSEWHEEL and self.selected and not self.placing_special:
            self.rotate(1 if event.y < 0 else -1)
            return True
        used = self.pointer(event)
        if used is not None:
            return used
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def right_click(self) -> bool:
        """A right click lets go of a white tile, or mirrors the tile held."""
        if self.placing_special:
            self.cancel_special()
        elif self.selected:
            self.flip()
        return True

    def key(self, event) -> bool:
        if event.key == pygame.K_r and self.selected:
            self.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key == pygame.K_f and self.selected:
            self.flip()
            return True
        if event.key == pygame.K_BACKSPACE:
            if self.placing_special:
                self.cancel_special()
            else:
                self.put_back()
            return True
        if event.key in KEY_SLOTS:
            self.click_slot(KEY_SLOTS[event.key])
            return True
        if event.key in (pygame.K_e, pygame.K_RETURN) and self.end_button.visible:
            self.end_button.click()
            return True
        if event.key == pygame.K_b and self.both_button.visible:
            self.both_button.click()
            return True
        return False

    def track(self, pos) -> None:
        """What is under the mouse."""
        self.hover = None
        for slot in range(SLOTS):
            if slot_rect(slot).collidepoint(pos):
                self.hover = ("slot", slot)
                return
        if DECK.collidepoint(pos):
            self.hover = ("deck",)
        elif DISCARD.collidepoint(pos):
            self.hover = ("discard",)
        elif SPECIAL_STACK.collidepoint(pos):
            self.hover = ("special",)
        if self.hover:
            return
        for tile_id in TILE_ORDER:
            if supply_rect(tile_id).collidepoint(pos):
                self.hover = ("supply", tile_id)
                return
        for index in range(len(ABILITIES)):
            if ability_rect(index).inflate(8, 20).collidepoint(pos):
                self.hover = ("ability", index)
                return
        mine = self.house(self.me)
        cell = mine.cell_at(pos)
        if cell is not None:
            self.hover = ("cell", cell)
            return
        for row in board.COAT_ROWS:
            centre = (mine.grid.right + mine.geo.right / 2, mine.grid.bottom - row * mine.cell - mine.cell / 2)
            if pygame.Vector2(pos).distance_to(centre) < mine.cell * 0.35:
                self.hover = ("coat_row", row)
                return
        for index, rect in enumerate(self.hand_rects()):
            if rect.collidepoint(pos):
                self.hover = ("hand", index)
        for seat in self.others():
            if self.opponent_rect(seat).collidepoint(pos):
                self.hover = ("opponent", seat)
                for index in range(len(ABILITIES)):
                    if self.opponent_ability_rect(seat, index).collidepoint(pos):
                        self.hover = ("opponent_ability", seat, index)
                return

    def click(self, pos) -> bool:
        if self.hover is None:
            return False
        kind = self.hover[0]
        if kind == "slot":
            self.click_slot(self.hover[1])
        elif kind == "supply":
            self.choose_tile(self.hover[1])
        elif kind == "ability":
            self.click_ability(self.hover[1])
        elif kind == "cell":
            self.click_board(self.hover[1])
        elif kind == "special":
            self.refuse(tr("copenhagen.ui.special.how"))
        else:
            return False
        return True

    # -- the ghost ----------------------------------------------------------------------------
    def ghost(self) -> dict | None:
        """The held tile where the mouse would put it: its cells, anchor, problem (or None) and cost."""
        if self.selected is None or self.hover is None or self.hover[0] != "cell":
            return None
        col, row = self.hover[1]
        state = self.observation()
        if self.placing_special:
            return {"cells": [(col, row, True)], "at": (col, row), "cost": None,
                    "problem": RULES.special_problem(state, self.me, (col, row))}
        cells = board.tile_cells(self.selected, self.rot, self.mirror)
        gc, gr = grab_cell(cells)
        at = (col - gc, row - gr)
        problem = RULES.placement_problem(state, self.me, self.selected, self.rot, self.mirror, at)
        return {"cells": [(at[0] + c, at[1] + r, w) for c, r, w in cells], "at": at, "problem": problem,
                "cost": RULES.placement_cost(state, self.me, self.selected, self.rot, self.mirror, at),
                "earns": self.earnings(at) if problem is None else []}

    def earnings(self, at) -> list:
        """What building the held tile at ``at`` would bring at once, as the events it would cause on a
        copy of the viewer's observation: the rows and columns it completes, the coats of arms it
        covers (worked out once per spot)."""
        rot, mirror = board.canonical_orientation(self.selected, self.rot, self.mirror)
        key = (len(self.controller.log), self.selected, rot, mirror, tuple(at))
        if self._earned is None or self._earned[0] != key:
            build = next((a for a in self.actions_of("build") if a["tile"] == self.selected and a["rot"] == rot
                          and a["mirror"] == mirror and a["at"] == list(at)), None)
            events = consequences(self.ruleset, self.observation(), build) if build else None
            self._earned = (key, [e for e in events or () if e.kind in ("scored", "coat")])
        return self._earned[1]

    def tooltip_avoid(self) -> pygame.Rect | None:
        """The cells of the tile being placed: its tooltip leaves them in sight."""
        ghost = self.ghost()
        if ghost is None:
            return None
        house = self.house(self.me)
        rects = [house.cell_rect(c, r) for c, r, _ in ghost["cells"]]
        return rects[0].unionall(rects).inflate(8, 8)

    # -- events, hints and time ---------------------------------------------------------------
    def on_entry(self, entry, events) -> None:
        if entry.seat != CHANCE and self.hint:
            self.hint = None
        super().on_entry(entry, events)

    def drop_choices(self) -> None:
        self.close_dialog()
        self.placing_special = False
        self.selected = None
        self.hint = None

    def show_hint(self, action) -> None:
        super().show_hint(action)
        if action["type"] == "build":
            self.selected = action["tile"]
            self.placing_special = False
            self.rot, self.mirror = action["rot"], action["mirror"]
        if self.dialog_kind == "coat" or self.dialog_kind == "discard":
            self.close_dialog()  # reopened at once, with the hint marked

    def update(self, dt: float) -> None:
        was_busy = self.busy()
        super().update(dt)
        if was_busy and not self.busy():
            self.animation.sprites.clear()
            self.sync()
        self.settle_dialog()
        self.refresh_buttons()
        self.update_controls(dt)
        self.pulse.target = 0.5 + 0.5 * math.sin(self.time * 4)
        self.pulse.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    # -- words --------------------------------------------------------------------------------
    def status(self) -> str:
        if not self.host.can_act():
            return ""
        if self.placing_special:
            return tr("copenhagen.ui.special.place")
        state = self.observation()
        phase = state.phase
        if phase == "second":
            anywhere = any(abs(a["slot"] - state.first_slot) != 1 for a in self.actions_of("take"))
            return tr("copenhagen.prompt.second_any" if anywhere else "copenhagen.prompt.second")
        if self.selected and phase in ("turn", "construct"):
            return tr("copenhagen.ui.prompt.holding")
        if phase == "last_call":
            return self.last_call_prompt()
        if phase == "construct" and state.convert:
            source, target = (board.COLOURS[c] for c in state.convert)
            return tr("copenhagen.ui.prompt.converted", source=tr(f"copenhagen.colour.{source}"),
                      target=tr(f"copenhagen.colour.{target}"))
        return tr(f"copenhagen.prompt.{phase}") if phase in ("turn", "discard", "last_call", "construct", "coat") \
            else ""

    def last_call_prompt(self) -> str:
        """After two cards: only what the player's abilities allow (a third card, building as well)."""
        third = bool(self.actions_of("take"))
        both = bool(self.actions_of("both"))
        if third and both:
            return tr("copenhagen.prompt.last_call")
        if third:
            return tr("copenhagen.ui.prompt.last_call.third")
        return tr("copenhagen.ui.prompt.last_call.both" if both else "copenhagen.ui.prompt.last_call.end")

    def chance_status(self) -> str:
        """Which chance step it is: the deal, the harbour refilled, a new deck."""
        phase = self.phase()
        return tr(f"copenhagen.ui.chance.{phase}") if phase in ("deal", "refill", "reshuffle") \
            else super().chance_status()

    def table_tooltip(self) -> str | None:
        return self.tips.hover_tip()

    # -- the game-over summary ----------------------------------------------------------------
    def draw_summary(self, surface, rect: pygame.Rect) -> None:
        draw_points_by_line(self, surface, rect)
