"""The Kahuna table: the island map at sea, the hands, the display and the pile.

Select a card and the lines it may build on light up; the dotted line under the cursor glows red
where a bridge may go, and a click builds it. Two cards light up the bridges they may remove.
With no card selected, a line that some hand card can pay for still lights up and a click builds
it (asking which card pays when two could). Every change animates in order, so a capture cascade
reads as one chain: the bridge is laid, the stone set, each swept bridge falls, each lost stone lifts.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.kahuna.anim import KahunaAnimation, ShownPieces
from game.games.kahuna.art import line_label
from game.games.kahuna.board import (
    BRIDGES_PER_PLAYER,
    ISLAND_COUNT,
    ISLAND_INDEX,
    ISLANDS,
    LINE_COUNT,
    LINE_ENDS,
    LINE_INDEX,
)
from game.games.kahuna.drawing import KahunaDrawing
from game.games.kahuna.layout import (
    BOARD,
    BOTTOM,
    HAND_AREA,
    HAND_CARD,
    ISLAND_RADIUS,
    ISLAND_XY,
    SEGMENTS,
    SIDE,
    SMALL_CARD,
    distance_to_segment,
)
from game.games.kahuna.rules import HAND_LIMIT, PLAY, REVEAL, SETUP, START, must_draw
from game.ui.audio import get_audio
from game.ui.cards import row_positions
from game.ui.table import TableView
from game.ui.widgets import Button


class KahunaTable(TableView):
    """The view of a Kahuna game for one seat (or an onlooker)."""

    hint_seconds = 6.0

    def __init__(self, host):
        super().__init__(host)
        self.animation = KahunaAnimation(self)
        self.drawing = KahunaDrawing(self)
        self.shown = ShownPieces(self.state())
        self.selected: list[int] = []  # indices into the sorted hand
        self.discard_mode = False
        self.hover_line: int | None = None
        self.hover_island: int | None = None
        self.hover_card: int | None = None
        self.hover_display: int | None = None
        self.hover_pile = False
        self.picker: tuple[int, list[dict]] | None = None  # (line, build actions with different cards)
        self.buttons = self._buttons()

    # -- the position -------------------------------------------------------------------------
    def sync(self) -> None:
        """Show the pieces exactly as the state has them (after a reset or a skipped animation)."""
        self.shown = ShownPieces(self.state())

    def hand_cards(self, seat: int) -> list[int] | None:
        hand = self.state().hands[seat]
        if hand is None:
            return None
        return [card for card in range(ISLAND_COUNT) for _ in range(hand[card])]

    def my_cards(self) -> list[int]:
        return self.hand_cards(self.me) or []

    def selected_cards(self) -> list[int]:
        cards = self.my_cards()
        return [cards[i] for i in self.selected if i < len(cards)]

    # -- legal moves for what is selected -----------------------------------------------------
    def build_lines(self) -> dict[int, list[dict]]:
        """Lines a bridge may go on now with the selection (or with any card when none is selected)."""
        chosen = self.selected_cards()
        if len(chosen) > 1 or self.discard_mode:
            return {}
        lines: dict[int, list[dict]] = {}
        for action in self.actions_of("build"):
            if chosen and ISLAND_INDEX[action["card"]] != chosen[0]:
                continue
            lines.setdefault(LINE_INDEX[action["line"]], []).append(action)
        return lines

    def remove_lines(self) -> dict[int, dict]:
        chosen = self.selected_cards()
        if len(chosen) != 2 or self.discard_mode:
            return {}
        names = sorted(ISLANDS[c] for c in chosen)
        return {LINE_INDEX[a["line"]]: a for a in self.actions_of("remove") if sorted(a["cards"]) == names}

    def draw_actions(self) -> list[dict]:
        return self.actions_of("draw")

    def can_pass(self) -> bool:
        return any(a["type"] == "pass" for a in self.legal_actions())

    # -- input --------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        x = BOTTOM.right - 270
        return [
            Button((x, BOTTOM.y + 22, 250, 50), self.discard_label, self.toggle_discard,
                   enabled_fn=lambda: bool(self.actions_of("discard")),
                   reason=lambda: tr("kahuna.ui.discard.reason"), tooltip=lambda: tr("kahuna.ui.discard.tip")),
            Button((x, BOTTOM.y + 82, 250, 50), lambda: tr("kahuna.ui.pass"), self.pass_turn,
                   enabled_fn=self.can_pass, reason=self.pass_reason, tooltip=lambda: tr("kahuna.ui.pass.tip")),
            Button((x, BOTTOM.y + 142, 250, 50), lambda: tr("kahuna.ui.clear"), self.clear_selection,
                   enabled_fn=lambda: bool(self.selected) or self.discard_mode, size=22),
        ]

    def discard_label(self) -> str:
        return tr("kahuna.ui.discard.on") if self.discard_mode else tr("kahuna.ui.discard")

    def pass_reason(self) -> str:
        state = self.state()
        if not self.host.can_act():
            return self.wait_reason()
        if state.phase == PLAY and must_draw(state):
            return tr("kahuna.ui.pass.must_draw")
        return tr("kahuna.ui.pass.reason")

    def toggle_discard(self) -> None:
        self.discard_mode = not self.discard_mode
        self.selected = []

    def clear_selection(self) -> None:
        self.selected = []
        self.discard_mode = False
        self.picker = None

    def right_click(self) -> bool:
        self.clear_selection()
        return True

    def pass_turn(self) -> None:
        self.act({"type": "pass"})

    def act(self, action: dict) -> None:
        self.picker = None
        self.hint = None
        if self.host.submit(action):
            self.selected = []
            if action["type"] != "discard":
                self.discard_mode = False

    def hand_rects(self) -> list[pygame.Rect]:
        cards = self.my_cards()
        xs = row_positions(len(cards), HAND_AREA, HAND_CARD[0], 14)
        return [pygame.Rect(x, HAND_AREA.y + 22, *HAND_CARD) for x in xs]

    def display_rects(self) -> list[pygame.Rect]:
        count = len(self.state().display)
        xs = row_positions(count, pygame.Rect(SIDE.x + 8, 0, SIDE.width - 16, 0), SMALL_CARD[0], 10)
        return [pygame.Rect(x, SIDE.y + 262, *SMALL_CARD) for x in xs]

    def pile_rect(self) -> pygame.Rect:
        return pygame.Rect(SIDE.x + 40, SIDE.y + 440, *SMALL_CARD)

    def discard_rect(self) -> pygame.Rect:
        return pygame.Rect(SIDE.right - 40 - SMALL_CARD[0], SIDE.y + 440, *SMALL_CARD)

    def picker_rects(self) -> list[pygame.Rect]:
        if not self.picker:
            return []
        line, options = self.picker
        centre = (SEGMENTS[line][0] + SEGMENTS[line][1]) / 2
        xs = row_positions(len(options), pygame.Rect(centre.x - 110, 0, 220, 0), SMALL_CARD[0], 12)
        top = max(BOARD.y + 40, centre.y - SMALL_CARD[1] - 40)
        return [pygame.Rect(x, top, *SMALL_CARD) for x in xs]

    def handle(self, event) -> bool:
        for button in self.buttons:
            if button.handle(event):
                return True
        used = self.pointer(event)
        if used is not None:
            return used
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4,
                                                          pygame.K_5):
            self.toggle_card(event.key - pygame.K_1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            if self.buttons[0].enabled:
                self.toggle_discard()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            self.buttons[1].click()
            return True
        return False

    def track(self, pos) -> None:
        """What is under the mouse: a card, a line, an island, the display or the pile."""
        self.hover_card = next((i for i, r in enumerate(self.hand_rects()) if r.collidepoint(pos)), None)
        self.hover_display = next((i for i, r in enumerate(self.display_rects()) if r.collidepoint(pos)), None)
        self.hover_pile = self.pile_rect().collidepoint(pos)
        self.hover_line = None
        self.hover_island = None
        if BOARD.collidepoint(pos):
            near = min(range(LINE_COUNT), key=lambda line: distance_to_segment(pos, SEGMENTS[line]))
            if distance_to_segment(pos, SEGMENTS[near]) < 14:
                self.hover_line = near
            for island in range(ISLAND_COUNT):
                if pygame.Vector2(pos).distance_to(ISLAND_XY[island]) < ISLAND_RADIUS[island]:
                    self.hover_island = island

    def click(self, pos) -> bool:
        if self.picker:
            for rect, action in zip(self.picker_rects(), self.picker[1], strict=True):
                if rect.collidepoint(pos):
                    self.act(action)
                    return True
            self.picker = None
            return True
        if not self.host.can_act():
            return False
        if self.hover_card is not None:
            if self.discard_mode:
                card = self.my_cards()[self.hover_card]
                self.act({"type": "discard", "card": ISLANDS[card]})
            else:
                self.toggle_card(self.hover_card)
            return True
        if self.hover_line is not None:
            return self.click_line(self.hover_line)
        if self.hover_display is not None:
            card = self.state().display[self.hover_display]
            return self.try_draw({"type": "draw", "source": "display", "card": ISLANDS[card]})
        if self.hover_pile:
            return self.try_draw({"type": "draw", "source": "pile"})
        return False

    def toggle_card(self, index: int) -> None:
        if index >= len(self.my_cards()) or not self.host.can_act():
            return
        get_audio().play("card_flip")
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected = (self.selected + [index])[-2:]
        self.discard_mode = False

    def click_line(self, line: int) -> bool:
        removals = self.remove_lines()
        if line in removals:
            self.act(removals[line])
            return True
        builds = self.build_lines().get(line)
        if not builds:
            self.refuse(self.line_refusal(line))
            return True
        payers = {a["card"]: a for a in builds}
        if len(payers) == 1:
            self.act(builds[0])
        else:
            self.picker = (line, list(payers.values()))
        return True

    def line_refusal(self, line: int) -> str:
        state = self.state()
        a, b = LINE_ENDS[line]
        if state.bridges[line] >= 0:
            return tr("kahuna.ui.refuse.taken", line=line_label(line))
        if state.placed[self.me] >= BRIDGES_PER_PLAYER:
            return tr("kahuna.ui.refuse.supply")
        chosen = self.selected_cards()
        if chosen and chosen[0] not in (a, b):
            return tr("kahuna.ui.refuse.card", card=ISLANDS[chosen[0]], line=line_label(line))
        if state.options.restricted_building and self.me is not None and (1 - self.me) in (
                state.stones[a], state.stones[b]):
            return tr("kahuna.ui.refuse.restricted")
        return tr("kahuna.ui.refuse.no_card", line=line_label(line))

    def try_draw(self, action: dict) -> bool:
        state = self.state()
        if state.hand_sizes[self.me] >= HAND_LIMIT:
            self.refuse(tr("kahuna.ui.hand_full"))
            return True
        legal = [a for a in self.draw_actions() if a.get("source") == action["source"]
                 and a.get("card") == action.get("card")]
        if not legal:
            self.refuse(tr("kahuna.ui.no_draw"))
            return True
        self.act(legal[0])
        return True

    # -- events, hints and time ---------------------------------------------------------------
    def on_entry(self, entry, events) -> None:
        if entry.seat != CHANCE:
            self.selected = [i for i in self.selected if i < len(self.my_cards())]
        super().on_entry(entry, events)

    def drop_choices(self) -> None:
        self.picker = None
        self.selected = [i for i in self.selected if i < len(self.my_cards())]

    def show_hint(self, action) -> None:
        super().show_hint(action)
        cards = self.my_cards()
        wanted = []
        if action["type"] == "build":
            wanted = [ISLAND_INDEX[action["card"]]]
        elif action["type"] == "remove":
            wanted = [ISLAND_INDEX[c] for c in action["cards"]]
        self.selected = []
        for card in wanted:
            for i, held in enumerate(cards):
                if held == card and i not in self.selected:
                    self.selected.append(i)
                    break

    def update(self, dt: float) -> None:
        super().update(dt)
        discard, passing, _ = self.buttons
        discard.selected = self.hint_is("discard")
        passing.selected = self.hint_is("pass")
        self.update_controls(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def draw_summary(self, surface, rect) -> None:
        self.drawing.draw_summary(surface, rect)

    # -- words --------------------------------------------------------------------------------
    def turn_of(self) -> int | None:
        return self.state().turn

    def chance_status(self) -> str:
        """Which chance step it is: the start player, a card dealt or drawn, a display card turned up."""
        state = self.state()
        step = state.pending[0] if state.pending else START
        if step == START:
            return tr("kahuna.ui.chance.start")
        if step == REVEAL:
            return tr("kahuna.ui.chance.reveal")
        key = "kahuna.ui.chance.deal" if state.phase == SETUP else "kahuna.ui.chance.draw"
        return tr(key, name=self.host.player_name(step))

    def status(self) -> str:
        if not self.host.can_act():
            return ""
        if self.discard_mode:
            return tr("kahuna.ui.status.discard")
        chosen = self.selected_cards()
        if len(chosen) == 1:
            if not self.build_lines():
                return self.no_line_status(chosen[0])
            return tr("kahuna.ui.status.one", card=ISLANDS[chosen[0]])
        if len(chosen) == 2:
            return tr("kahuna.ui.status.two", a=ISLANDS[chosen[0]], b=ISLANDS[chosen[1]])
        state = self.state()
        if state.hand_sizes[self.me] >= HAND_LIMIT and state.phase == PLAY:
            return tr("kahuna.ui.status.full")
        return tr("kahuna.ui.status.idle")

    def no_line_status(self, card: int) -> str:
        """A card chosen that can build nowhere now, and why: no bridge left, or every line of its island
        taken (or closed by restricted building)."""
        state = self.state()
        if state.placed[self.me] >= BRIDGES_PER_PLAYER:
            return tr("kahuna.ui.status.one_supply", card=ISLANDS[card])
        return tr("kahuna.ui.status.one_none", card=ISLANDS[card])

    def line_tip(self, line: int) -> str:
        """What a line no click can use now says: whose bridge stands there and how it may go, or which
        cards build on it."""
        state = self.state()
        a, b = (ISLANDS[end] for end in LINE_ENDS[line])
        owner = state.bridges[line]
        label = line_label(line)
        if owner == self.me:
            return tr("kahuna.ui.tip.own_bridge", line=label, a=a, b=b)
        if owner >= 0:
            return tr("kahuna.ui.tip.rival_bridge", line=label, name=self.host.player_name(owner), a=a, b=b)
        if state.options.restricted_building and (1 - self.me) in (state.stones[LINE_ENDS[line][0]],
                                                                  state.stones[LINE_ENDS[line][1]]):
            return tr("kahuna.ui.tip.restricted", line=label)
        return tr("kahuna.ui.tip.needs", line=label, a=a, b=b)

    def table_tooltip(self) -> str | None:
        if self.hover_line is not None and self.picker is None:
            line = self.hover_line
            removals = self.remove_lines()
            if line in removals:
                return tr("kahuna.ui.tip.remove", line=line_label(line))
            if line in self.build_lines():
                return tr("kahuna.ui.tip.build", line=line_label(line))
            return self.line_tip(line)
        if self.hover_pile:
            return tr("kahuna.ui.tip.pile")
        return None

