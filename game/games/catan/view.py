"""The Catan table: the island, every player's public state, the hand, the build bar and the dice.

Set-up: legal corners light up, a ghost of the settlement follows the cursor, a click builds, then
the paths from it light up for the road. On a turn the dice tumble, the produced resources fly from
their hexes to the players, and the build bar shows each cost; choosing a build lights up where it
may go. A 7 asks each person who must for their discard, then lights up the hexes for the robber
and asks whom to rob. Trades, answers to offers and the progress cards go through dialogs.
Everything a click does also has a key (shown in the tooltips).
"""

from __future__ import annotations

import math

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.catan import board as B
from game.games.catan import dialogs as D
from game.games.catan.board_art import (
    Geometry,
    dev_back,
    dev_card,
    dev_icon,
    draw_building,
    draw_road,
    harbour_badge,
    hex_points,
    island_layer,
    log_icon_for,
    number_token,
    piece_icon,
    resource_back,
    resource_card,
    resource_icon,
    robber_image,
    terrain_tile,
)
from game.games.catan.rules import MAX_OFFERS, devs_of
from game.games.catan.text import POINT_SOURCES, dice_histogram, points_by_source
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.badge import corner_badge
from game.ui.cards import Sprite, blit_card, row_positions
from game.ui.dice import DiceRoll
from game.ui.draw import panel, player_token, table_background
from game.ui.fonts import render_paragraph, render_text
from game.ui.table import TableView
from game.ui.tween import Timeline, Tween, ease_out_back
from game.ui.widgets import Button

BOARD = pygame.Rect(10, 10, 905, 680)
BOARD_SIZE = (1300, 900)
SIDE = pygame.Rect(925, 10, 365, 472)
BANK = pygame.Rect(925, 492, 365, 198)
RIBBON = pygame.Rect(10, 698, 780, 30)
HAND = pygame.Rect(10, 732, 470, 158)
DEVS = pygame.Rect(490, 732, 300, 158)
ACTIONS = pygame.Rect(800, 698, 490, 192)
DICE_AT = (112, 58)
HAND_CARD = (72, 100)
DEV_SIZE = (62, 88)
FLY_CARD = (30, 42)

RESOURCES = B.RESOURCES
BUILD_KINDS = ("road", "settlement", "city", "development")
BUILD_KEYS = {pygame.K_1: "road", pygame.K_2: "settlement", pygame.K_3: "city"}
PLAY_KEYS = {pygame.K_k: "knight", pygame.K_g: "road_building", pygame.K_y: "year_of_plenty", pygame.K_m: "monopoly"}
DEV_ORDER = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
COSTS = {"road": B.COSTS["road"], "settlement": B.COSTS["settlement"], "city": B.COSTS["city"],
         "development": B.COSTS["development"]}
LIT = (255, 236, 140)
HOVER = (236, 60, 44)
SOURCE_COLOURS = {"settlements": (120, 160, 90), "cities": (196, 120, 60), "longest_road": (150, 104, 62),
                  "largest_army": (120, 110, 170), "victory_points": (210, 170, 60)}


def card_title(card: str) -> str:
    return tr(f"catan.card.{card}")


class BuildButton(Button):
    """A button of the build bar: the piece, its name, its hotkey and the cards it costs."""

    def __init__(self, rect, kind: str, table: CatanTable):
        super().__init__(rect, lambda: tr(f"catan.ui.build.{kind}"), lambda: table.choose_build(kind), size=17,
                         enabled_fn=lambda: table.build_reason(kind) is None,
                         reason=lambda: table.build_reason(kind), tooltip=lambda: tr(f"catan.ui.build.{kind}.tip"))
        self.kind = kind
        self.table = table

    def draw(self, surface):
        fill, ink = self.colours()
        rect = self.rect.move(0, 2 if self.pressed else 0)
        border = theme.ACCENT if self.selected else theme.INK_FAINT
        panel(surface, rect, fill, radius=10, shadow=0 if self.pressed else 4, border=border,
              border_width=3 if self.selected else 1)
        seat = self.table.me
        icon = dev_back(22, 30) if self.kind == "development" else piece_icon(self.kind, 30, seat)
        surface.blit(icon, icon.get_rect(center=(rect.x + 22, rect.y + 24)))
        label = render_text(self.label(), 17, ink, bold=True)
        if label.get_width() > rect.width - 44:
            label = pygame.transform.smoothscale_by(label, (rect.width - 44) / label.get_width())
        surface.blit(label, label.get_rect(midleft=(rect.x + 40, rect.y + 24)))
        key = render_text(str(BUILD_KINDS.index(self.kind) + 1), 13, theme.INK_FAINT, bold=True)
        surface.blit(key, key.get_rect(topright=(rect.right - 6, rect.y + 3)))
        cost = COSTS[self.kind]
        icons = [r for r in range(len(cost)) for _ in range(cost[r])]
        size = 22 if len(icons) <= 4 else 19
        x = rect.centerx - (len(icons) * (size - 2)) // 2
        hand = self.table.my_hand()
        held = list(hand) if hand else [0] * len(RESOURCES)
        for r in icons:
            image = resource_icon(RESOURCES[r], size)
            if held[r] <= 0:
                image = image.copy()
                image.set_alpha(90)
            held[r] -= 1
            surface.blit(image, (x, rect.bottom - size - 8))
            x += size - 2


class CatanTable(TableView):
    """The view of a Catan game for one seat (or an onlooker)."""

    def __init__(self, host):
        super().__init__(host)
        self.geometry = Geometry(BOARD)
        self.board_rect = BOARD
        self.time = 0.0
        self.timeline = Timeline()
        self.dice = DiceRoll(size=50)
        self.sprites: list[Sprite] = []
        self.mode: str | None = None
        self.hover: tuple | None = None
        self.mouse = (-1, -1)
        self.overrides: dict[tuple, tuple | None] = {}
        self.drops: dict[tuple, float] = {}
        self.robber_shown: int | None = None
        self.robber_from: tuple | None = None  # (from hex, progress)
        self.flash: tuple[set, float] | None = None
        self.banner: tuple[str, str, float] | None = None
        self.big_card: tuple[str, int, float] | None = None
        self.dialog: D.CatanDialog | None = None
        self.hint: tuple[dict, float] | None = None
        self.tips: list[tuple[pygame.Rect, object]] = []
        self.dice_total = None
        self.pop = Tween(1.0, 1.0, 0.01)
        self._sea_only: pygame.Surface | None = None
        self._backdrop: tuple | None = None
        self.buttons = self._buttons()
        self.sync()

    # -- the position -------------------------------------------------------------------------
    def state(self):
        return self.observation()

    @property
    def me(self) -> int:
        """The seat whose hand is shown: the viewer, or the player on turn for an onlooker."""
        if self.viewer is not None:
            return self.viewer
        return self.state().current

    def my_hand(self) -> list[int] | None:
        return self.state().hands[self.me]

    def sync(self) -> None:
        """Show the board exactly as the state has it (after a reset or a skipped animation)."""
        state = self.state()
        self.overrides.clear()
        self.drops.clear()
        self.sprites.clear()
        self.robber_shown = state.robber
        self.robber_from = None
        self.flash = None
        self.banner = None
        self.big_card = None
        if state.dice:
            self.dice.show(state.dice)
            self.dice_total = sum(state.dice)
        else:
            self.dice_total = None

    def actions_of(self, kind: str) -> list[dict]:
        return [a for a in self.legal_actions() if a["type"] == kind]

    def seat_name(self, seat: int) -> str:
        return self.host.player_name(seat)

    # -- buttons ------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        buttons = []
        x = ACTIONS.x + 6
        for i, kind in enumerate(BUILD_KINDS):
            buttons.append(BuildButton((x + i * 120, ACTIONS.y + 8, 114, 92), kind, self))
        self.trade_button = Button((ACTIONS.x + 6, ACTIONS.y + 110, 170, 72), lambda: tr("catan.ui.trade"),
                                   self.open_trade, size=21, enabled_fn=lambda: self.trade_reason() is None,
                                   reason=self.trade_reason, tooltip=lambda: tr("catan.ui.trade.tip"))
        self.main_button = Button((ACTIONS.x + 186, ACTIONS.y + 110, 298, 72), self.main_label, self.main_click,
                                  style="primary", size=23, enabled_fn=lambda: self.main_action() is not None,
                                  reason=self.main_reason, tooltip=self.main_tip)
        return buttons + [self.trade_button, self.main_button]

    def main_action(self) -> dict | None:
        for kind in ("roll", "end_turn", "end_road_building"):
            found = self.actions_of(kind)
            if found:
                return found[0]
        return None

    def main_label(self) -> str:
        state = self.state()
        if state.phase == "road_building":
            return tr("catan.action.end_road_building")
        if state.phase in ("pre_roll", "roll") or (state.current == self.me and not state.rolled and state.turn):
            return tr("catan.ui.roll")
        return tr("catan.ui.end_turn")

    def main_click(self) -> None:
        action = self.main_action()
        if action is not None:
            self.act(action)

    def main_reason(self) -> str:
        state = self.state()
        if not self.host.can_act():
            return tr("play.not_your_turn")
        if state.phase in ("setup_settlement", "setup_road"):
            return tr("catan.ui.reason.setup")
        if state.phase == "road_building":
            return tr("catan.ui.reason.first_free_road")
        if state.phase == "robber":
            return tr("catan.ui.reason.robber_first")
        return tr("catan.ui.reason.finish_first")

    def main_tip(self) -> str:
        state = self.state()
        if state.phase == "road_building":
            return tr("catan.ui.end_road_building.tip")
        if state.phase in ("pre_roll", "roll"):
            return tr("catan.ui.roll.tip")
        return tr("catan.ui.end_turn.tip")

    def build_reason(self, kind: str) -> str | None:
        """Why ``kind`` cannot be built or bought now (None when it can)."""
        state = self.state()
        if not self.host.can_act():
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
            if state.pieces[seat][index] >= B.PIECE_LIMITS[kind]:
                return tr(f"catan.ui.reason.none_left.{kind}")
        hand = state.hands[seat]
        missing = [max(0, c - h) for c, h in zip(COSTS[kind], hand, strict=True)]
        if any(missing):
            return tr("catan.ui.reason.missing", cards=D.cards_text(missing))
        action_type = "buy" if kind == "development" else kind
        if not self.actions_of(action_type):
            return tr(f"catan.ui.reason.no_spot_{kind}")
        return None

    def trade_reason(self) -> str | None:
        state = self.state()
        if not self.host.can_act():
            return tr("play.not_your_turn")
        if state.phase in ("pre_roll", "roll"):
            return tr("catan.ui.reason.roll_first")
        if state.phase != "main":
            return tr("catan.ui.reason.finish_first")
        if not any(state.hands[state.current]):
            return tr("catan.ui.reason.no_cards")
        return None

    # -- acting -------------------------------------------------------------------------------
    def act(self, action: dict, close: bool = True) -> bool:
        self.hint = None
        if close:
            self.close_dialog()
        ok = self.host.submit(action)
        if ok and action["type"] in ("road", "settlement", "city") and self.state().phase == "main":
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
        self.hover = None
        get_audio().play("click")

    def open_trade(self) -> None:
        if self.trade_reason() is None:
            self.mode = None
            self.open_dialog(D.TradeDialog(self))

    def open_dialog(self, dialog: D.CatanDialog) -> None:
        self.dialog = dialog
        get_audio().play("card_slide")

    def close_dialog(self) -> None:
        self.dialog = None

    def play_card(self, card: str) -> None:
        plays = [a for a in self.actions_of("play") if a["card"] == card]
        if not plays:
            get_audio().play("error")
            self.host.say(self.play_reason(card))
            return
        if card == "year_of_plenty":
            self.open_dialog(D.PlentyDialog(self, plays))
        elif card == "monopoly":
            self.open_dialog(D.MonopolyDialog(self, plays))
        else:
            self.mode = None
            self.act(plays[0])

    def play_reason(self, card: str) -> str:
        state = self.state()
        if not self.host.can_act():
            return tr("play.not_your_turn")
        devs = state.devs[self.me] or [0] * 5
        index = B.DEV_CARDS.index(card)
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

    # -- the board's spots --------------------------------------------------------------------
    def candidates(self) -> dict[tuple, list[dict]]:
        """What a click on the board may do now: spot key -> the actions there."""
        actions = self.legal_actions()
        if not actions or self.dialog is not None:
            return {}
        phase = self.state().phase
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
        phase = self.state().phase
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
        kind = self.spot_kind()
        g = self.geometry
        if kind is None or not BOARD.collidepoint(pos):
            return None
        if kind == "v":
            v = g.nearest(g.vertices, pos, g.radius * 0.36)
            return None if v is None else ("v", v)
        if kind == "e":
            e = g.nearest(g.edges, pos, g.radius * 0.32)
            return None if e is None else ("e", e)
        h = g.nearest(g.hexes, pos, g.radius * 0.86)
        return None if h is None else ("h", h)

    def click_spot(self, key: tuple) -> None:
        found = self.candidates().get(key)
        if not found:
            get_audio().play("error")
            self.host.say(self.spot_refusal(key))
            return
        if key[0] == "h" and len(found) > 1:
            self.open_dialog(D.VictimDialog(self, key[1], found))
            return
        self.act(found[0])

    def spot_refusal(self, key: tuple) -> str:
        state = self.state()
        kind, index = key
        if kind == "h":
            if index == state.robber:
                return tr("catan.ui.refuse.robber_same")
            return tr("catan.ui.refuse.robber")
        if state.phase == "setup_settlement":
            return tr("catan.ui.refuse.setup_settlement")
        if state.phase == "setup_road":
            return tr("catan.ui.refuse.setup_road")
        what = "road" if kind == "e" else (self.mode or "settlement")
        if (kind == "e" and state.edge_owner[index] >= 0) or (what == "settlement" and state.vertex_owner[index] >= 0):
            return tr("catan.ui.refuse.taken")
        return tr(f"catan.ui.refuse.{what}")

    # -- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.dialog is not None:
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            return self.dialog.handle(event)
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.spot_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.mode:
                self.mode = None
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def click(self, pos) -> bool:
        for rect, card in self.dev_rects():
            if rect.collidepoint(pos):
                self.play_card(card)
                return True
        key = self.spot_at(pos)
        if key is not None:
            self.click_spot(key)
            return True
        if BOARD.collidepoint(pos) and self.host.can_act() and self.state().phase == "main" and not self.mode:
            g = self.geometry
            if g.nearest(g.vertices, pos, g.radius * 0.3) is not None or g.nearest(g.edges, pos,
                                                                                   g.radius * 0.25) is not None:
                self.host.say(tr("catan.ui.refuse.choose_build"))
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
            if self.hover is not None and self.hover in self.candidates():
                self.click_spot(self.hover)
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
        g = self.geometry

        def where(key):
            points = {"v": g.vertices, "e": g.edges, "h": g.hexes}[key[0]]
            x, y = points[key[1]]
            return round(y / 20), x

        keys = sorted(spots, key=where)
        index = keys.index(self.hover) + step if self.hover in keys else (0 if step > 0 else -1)
        self.hover = keys[index % len(keys)]
        get_audio().play("hover", 0.5)

    # -- events and animation -----------------------------------------------------------------
    def log_icon(self, event):
        return log_icon_for(event)

    def on_entry(self, entry, events) -> None:
        for event in events:
            self.queue(event)
        if entry.seat != CHANCE and self.mode and not self.actions_of(self.mode):
            self.mode = None

    def queue(self, event) -> None:
        kind, d = event.kind, event.data
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(d)

    def _step(self, duration: float, start=None, update=None) -> None:
        self.timeline.add(duration, start, update)

    def _on_tile(self, d) -> None:
        self._step(0.05, lambda: get_audio().play("place", 0.3))

    def _on_layout(self, d) -> None:
        self._step(0.3, lambda: get_audio().play("chime", 0.6))

    def _on_first_player(self, d) -> None:
        seat = d["seat"]
        self._show_banner(tr("catan.ui.banner.first", name=self.seat_name(seat)), "", 1.0)

    def _on_built(self, d) -> None:
        seat, piece = d["seat"], d["piece"]
        key = ("e", d["edge"]) if piece == "road" else ("v", d["vertex"])
        self.overrides[key] = ("settlement", seat) if piece == "city" else None

        def start(key=key):
            self.overrides.pop(key, None)
            self.drops[key] = 0.0
            get_audio().play("place")

        def update(t, key=key):
            self.drops[key] = t
            if t >= 1:
                self.drops.pop(key, None)

        self._step(0.3, start, update)

    def _on_starting_resources(self, d) -> None:
        self._fly_production({d["seat"]: d["cards"]}, None, d["seat"])

    def _on_turn(self, d) -> None:
        seat = d["seat"]
        if self.controller.is_human(seat) and self.host.interactive:
            self._show_banner(tr("catan.ui.banner.turn", name=self.seat_name(seat)), "", 0.7, "card_flip")

    def _on_rolled(self, d) -> None:
        dice = d["dice"]

        def start(dice=dice):
            self.dice.roll(dice, 0.7)
            self.dice_total = None
            get_audio().play("dice")

        def update(t, dice=dice):
            if t >= 1:
                self.dice_total = sum(dice)
                self.pop = Tween(0.0, 1.0, 0.3, ease_out_back)

        self._step(0.8, start, update)
        if d["total"] == 7:
            self._show_banner(tr("catan.ui.banner.seven"), tr("catan.ui.banner.seven.detail"), 1.0, "stone")

    def _on_produced(self, d) -> None:
        gains = {seat: g for seat, g in enumerate(d["gains"]) if g}
        self._fly_production(gains, d["total"], None)

    def _fly_production(self, gains: dict, total: int | None, setup_seat: int | None) -> None:
        state = self.state()
        layout = state.layout
        if layout is None:
            return
        hexes = set(layout.number_hexes.get(total, ())) if total else set()
        if setup_seat is not None:
            vertex = next((v for v in range(B.NUM_VERTICES) if state.vertex_owner[v] == setup_seat), None)
            built = [v for v in range(B.NUM_VERTICES) if state.vertex_owner[v] == setup_seat]
            vertex = built[-1] if built else vertex
            hexes = set(B.VERTEX_HEXES[vertex]) if vertex is not None else set()

        def start(gains=gains, hexes=hexes):
            self.flash = (set(hexes), self.time)
            delay = 0.0
            for seat, cards in gains.items():
                for name, count in cards.items():
                    r = B.RESOURCE_INDEX[name]
                    sources = [h for h in hexes if layout.hex_resource[h] == r and h != state.robber] or list(hexes)
                    for k in range(count):
                        origin = self.geometry.hexes[sources[k % len(sources)]] if sources else BANK.center
                        self._fly(resource_card(name, *FLY_CARD), origin, self.seat_target(seat, r), delay)
                        delay += 0.06
            get_audio().play("card_slide" if gains else "hover")

        self._step(0.75 if gains else 0.35, start, lambda t: setattr(self, "flash", None) if t >= 1 else None)

    def _on_discarded(self, d) -> None:
        self._fly_cards(d["cards"], d["seat"], None, "card_slide")

    def _on_robber(self, d) -> None:
        target = d["hex"]

        def start(target=target):
            self.robber_from = (self.robber_shown, target)
            get_audio().play("stone")

        def update(t, target=target):
            if t >= 1:
                self.robber_shown = target
                self.robber_from = None
            elif self.robber_from:
                self.robber_from = (self.robber_from[0], target, t)

        self._step(0.5, start, update)

    def _on_stole(self, d) -> None:
        image = resource_card(d["resource"], *FLY_CARD) if "resource" in d else resource_back(*FLY_CARD)
        source, target = self.seat_target(d["victim"]), self.seat_target(d["thief"])
        self._step(0.5, lambda: (self._fly(image, source, target, 0.0), get_audio().play("card_slide")))

    def _on_robbed(self, d) -> None:
        if "resource" in d:
            self._show_banner(tr("catan.ui.banner.robbed", name=self.seat_name(d["thief"]),
                                 resource=tr(f"catan.resource.{d['resource']}")), "", 0.9)

    def _on_bought(self, d) -> None:
        seat = d["seat"]
        image = dev_card(d["card"], *FLY_CARD, "") if "card" in d else dev_back(*FLY_CARD)
        self._step(0.45, lambda: (self._fly(image, BANK.center, self.seat_target(seat), 0.0),
                                  get_audio().play("card_flip")))

    def _on_played(self, d) -> None:
        card, seat = d["card"], d["seat"]

        def start(card=card, seat=seat):
            self.big_card = (card, seat, self.time)
            get_audio().play("card_flip")

        self._step(1.1, start, lambda t: setattr(self, "big_card", None) if t >= 1 else None)
        if card == "monopoly":
            for victim, count in enumerate(d.get("taken", [])):
                if count:
                    self._fly_cards({d["resource"]: count}, victim, seat, "card_slide")
        elif card == "year_of_plenty":
            cards: dict = {}
            for r in d["resources"]:
                cards[r] = cards.get(r, 0) + 1
            self._fly_cards(cards, None, seat, "coin")

    def _on_largest_army(self, d) -> None:
        self._special("largest_army", d["seat"])

    def _on_longest_road(self, d) -> None:
        self._special("longest_road", d["seat"])

    def _special(self, kind: str, seat) -> None:
        if seat is None:
            self._show_banner(tr(f"catan.log.{kind}_aside"), "", 0.9, "remove")
        else:
            self._show_banner(tr(f"catan.special.{kind}"), tr("catan.ui.banner.special", name=self.seat_name(seat)),
                              1.2, "chime")

    def _on_bank_trade(self, d) -> None:
        self._fly_cards({d["give"]: d["count"]}, d["seat"], None, "coin")
        self._fly_cards({d["get"]: 1}, None, d["seat"], "coin")

    def _on_offer(self, d) -> None:
        self._step(0.2, lambda: get_audio().play("card_slide"))

    def _on_answer(self, d) -> None:
        sound = {"accept": "chime", "decline": "click", "counter": "card_flip"}.get(d["answer"], "click")
        self._step(0.25, lambda: get_audio().play(sound, 0.7))

    def _on_traded(self, d) -> None:
        self._fly_cards(d["give"], d["seat"], d["partner"], "coin")
        self._fly_cards(d["get"], d["partner"], d["seat"], None)

    def _fly_cards(self, cards: dict, source: int | None, target: int | None, sound: str | None) -> None:
        """Cards travel from a seat (or the bank, None) to a seat (or the bank)."""
        def start(cards=cards, source=source, target=target, sound=sound):
            delay = 0.0
            for name, count in cards.items():
                r = B.RESOURCE_INDEX[name]
                for _ in range(count):
                    origin = BANK.center if source is None else self.seat_target(source, r)
                    end = self.bank_target(r) if target is None else self.seat_target(target, r)
                    self._fly(resource_card(name, *FLY_CARD), origin, end, delay)
                    delay += 0.05
            if sound:
                get_audio().play(sound)

        self._step(0.45 if sound else 0.0, start)

    def _fly(self, image, origin, target, delay: float) -> None:
        w, h = image.get_size()
        sprite = Sprite(image, (origin[0] - w / 2, origin[1] - h / 2))
        sprite.move_to((target[0] - w / 2, target[1] - h / 2), 0.45, arc=30, delay=delay)
        self.sprites.append(sprite)

    def _show_banner(self, title: str, detail: str, seconds: float, sound: str = "chime") -> None:
        def start(title=title, detail=detail):
            self.banner = (title, detail, self.time)
            get_audio().play(sound, 0.8)

        self._step(seconds, start, lambda t: setattr(self, "banner", None) if t >= 1 else None)

    def seat_target(self, seat: int, resource: int | None = None) -> tuple[float, float]:
        """Where cards of ``seat`` fly to or from: the shown hand, else the seat's card count."""
        if seat == self.me and resource is not None and self.my_hand() is not None:
            return self.hand_rects()[resource].center
        rect = self.panel_rect(seat)
        return rect.x + 46, rect.y + 62

    def bank_target(self, resource: int) -> tuple[float, float]:
        return self.bank_rects()[resource].center

    def on_reset(self) -> None:
        super().on_reset()
        self.timeline.finish()
        self.dialog = None
        self.mode = None
        self.hover = None
        self.sync()

    def skip_animations(self) -> None:
        self.timeline.finish()
        for sprite in self.sprites:
            sprite.finish()
        self.sprites.clear()
        self.dice.finish()
        self.sync()

    def busy(self) -> bool:
        return self.timeline.busy or self.dice.busy or any(s.moving for s in self.sprites)

    def show_hint(self, action) -> None:
        self.hint = (action, self.time)
        kind = action["type"]
        if kind in ("road", "settlement", "city") and self.state().phase == "main":
            self.mode = kind
        if kind == "discard" and isinstance(self.dialog, D.DiscardDialog):
            cards = action.get("cards", {})
            self.dialog.chosen = [cards.get(name, 0) for name in RESOURCES]
        key = self.hint_key()
        if key is not None:
            self.hover = key

    def hint_key(self) -> tuple | None:
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

    def update(self, dt: float) -> None:
        self.time += dt
        self.timeline.update(dt)
        self.dice.update(dt)
        self.pop.update(dt)
        for sprite in self.sprites:
            sprite.update(dt)
        self.sprites = [s for s in self.sprites if s.moving]
        for button in self.buttons:
            button.update(dt)
            if isinstance(button, BuildButton):
                button.selected = self.mode == button.kind or self._hinted(button.kind)
        self.main_button.selected = self._hinted("main")
        self.trade_button.selected = self._hinted("trade")
        if self.hint and self.time - self.hint[1] > 8:
            self.hint = None
        self.manage_dialogs()
        if self.dialog is not None:
            self.dialog.update(dt)
        if self.mode and (not self.host.can_act() or self.state().phase != "main"):
            self.mode = None

    def _hinted(self, what: str) -> bool:
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

    def manage_dialogs(self) -> None:
        """Open the dialog the game asks for now (a discard, an offer to answer, the answers to
        one's own offer) and close those that no longer fit."""
        state = self.state()
        allowed, wanted = self.dialog_plan(state)
        if self.dialog is not None and self.dialog.kind not in allowed:
            self.dialog = None
        if self.dialog is None and wanted and not self.busy():
            if wanted == "discard":
                self.open_dialog(D.DiscardDialog(self, self.me, state.discard[self.me]))
            elif wanted == "offer":
                self.open_dialog(D.OfferDialog(self))
            elif wanted == "counter":
                self.open_dialog(D.CounterDialog(self))
            elif wanted == "trade":
                self.open_dialog(D.TradeDialog(self))
            elif wanted == "answers":
                self.open_dialog(D.AnswersDialog(self))

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

    # -- layout of the panels -----------------------------------------------------------------
    def panel_rect(self, seat: int) -> pygame.Rect:
        n = self.state().players
        gap = 8
        height = (SIDE.height - gap * (n - 1)) // n
        return pygame.Rect(SIDE.x, SIDE.y + seat * (height + gap), SIDE.width, height)

    def hand_rects(self) -> list[pygame.Rect]:
        xs = row_positions(len(RESOURCES), pygame.Rect(HAND.x + 8, 0, HAND.width - 16, 0), HAND_CARD[0], 16)
        return [pygame.Rect(x, HAND.y + 30, *HAND_CARD) for x in xs]

    def bank_rects(self) -> list[pygame.Rect]:
        return [pygame.Rect(BANK.x + 14 + i * 54, BANK.y + 40, 44, 62) for i in range(len(RESOURCES) + 1)]

    def my_dev_cards(self) -> list[tuple[str, bool]]:
        """(card, bought this turn) for each development card the shown player holds."""
        state = self.state()
        devs = state.devs[self.me]
        if devs is None:
            return []
        new = list(state.new_devs) if state.new_devs is not None and state.current == self.me else [0] * 5
        cards = []
        for card in DEV_ORDER:
            i = B.DEV_CARDS.index(card)
            for k in range(devs[i]):
                cards.append((card, k >= devs[i] - new[i]))
        return cards

    def dev_rects(self) -> list[tuple[pygame.Rect, str]]:
        cards = self.my_dev_cards()
        xs = row_positions(len(cards), pygame.Rect(DEVS.x + 10, 0, DEVS.width - 20, 0), DEV_SIZE[0], 8)
        return [(pygame.Rect(x, DEVS.y + 26, *DEV_SIZE), card) for x, (card, _) in zip(xs, cards, strict=True)]

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.tips = []
        surface.blit(self.backdrop(), (0, 0))
        self.draw_board(surface)
        for seat in range(self.state().players):
            self.draw_player(surface, seat)
        self.draw_bank(surface)
        self.draw_ribbon(surface)
        self.draw_hand(surface)
        self.draw_devs(surface)
        for button in self.buttons:
            button.draw(surface)
        for sprite in self.sprites:
            sprite.draw(surface)
        if self.big_card:
            self.draw_big_card(surface)
        if self.banner:
            self.draw_banner(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def backdrop(self) -> pygame.Surface:
        """Everything that stays still, drawn once: the wood, the island and the empty panels."""
        state = self.state()
        key = (state.layout, state.players)
        if self._backdrop is not None and self._backdrop[0] == key:
            return self._backdrop[1]
        surface = pygame.Surface(BOARD_SIZE)
        table_background(surface)
        if state.layout is not None:
            surface.blit(island_layer(state.layout, BOARD.size, BOARD.topleft), BOARD.topleft)
        for seat in range(state.players):
            panel(surface, self.panel_rect(seat), theme.PAPER, radius=12, shadow=5)
        panel(surface, BANK, theme.PAPER, radius=12, shadow=5, border=theme.PAPER_DARK, border_width=1)
        panel(surface, RIBBON, theme.WOOD_DARK, radius=10, shadow=3)
        for rect in (HAND, DEVS, ACTIONS):
            panel(surface, rect, theme.mix(theme.WOOD_DARK, theme.BLACK, 0.15), radius=12, shadow=4)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        self._backdrop = (key, surface)
        return surface

    def draw_board(self, surface) -> None:
        state = self.state()
        g = self.geometry
        if state.layout is None:
            self.draw_draft(surface, state)
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        if self.flash:
            for h in self.flash[0]:
                x, y = g.hexes[h]
                pygame.draw.polygon(surface, theme.HIGHLIGHT, hex_points(x, y, g.radius * 0.95), 5)
        spots = self.candidates()
        hint = self.hint_key()
        if self.spot_kind() == "h":
            for key in spots:
                x, y = g.hexes[key[1]]
                hovered = key == self.hover
                colour = HOVER if hovered else theme.mix(theme.HIGHLIGHT, theme.WHITE, pulse * 0.6)
                points = hex_points(x, y, g.radius * 0.9)
                pygame.draw.polygon(surface, theme.INK, [(px + 1, py + 2) for px, py in points], 6 if hovered else 5)
                pygame.draw.polygon(surface, colour, points, 6 if hovered else 4)
        symbols = self.host.colour_blind()
        for e in range(B.NUM_EDGES):
            seat = state.edge_owner[e]
            key = ("e", e)
            if seat >= 0 and key not in self.overrides:
                draw_road(surface, g, e, seat, symbols, grow=0.3 + 0.7 * self.drops.get(key, 1.0))
        for v in range(B.NUM_VERTICES):
            seat = state.vertex_owner[v]
            key = ("v", v)
            if seat < 0:
                continue
            kind = "city" if state.vertex_level[v] == 2 else "settlement"
            if key in self.overrides:
                if self.overrides[key] is None:
                    continue
                kind = self.overrides[key][0]
            drop = self.drops.get(key, 1.0)
            x, y = g.vertices[v]
            lifted = (x, y - (1 - drop) * 26)
            outline = HOVER if key == self.hover and key in spots else None
            draw_building(surface, kind, lifted, g.radius * 0.36, seat, symbols, outline=outline)
        for key in spots:
            if key[0] == "h":
                continue
            hovered = key == self.hover
            if key[0] == "v":
                x, y = g.vertices[key[1]]
                if state.vertex_owner[key[1]] >= 0:
                    continue
                pygame.draw.circle(surface, theme.INK, (x, y + 1), 9 + 2 * pulse)
                pygame.draw.circle(surface, HOVER if hovered else LIT, (x, y), 8 + 2 * pulse)
            else:
                a, b = (g.vertices[v] for v in B.EDGE_VERTICES[key[1]])
                colour = HOVER if hovered else LIT
                for t in (0.3, 0.5, 0.7):
                    p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    pygame.draw.circle(surface, theme.INK, (p[0], p[1] + 1), 5)
                    pygame.draw.circle(surface, colour, p, 4 + (pulse if t == 0.5 else 0))
        if self.hover in spots and self.hover[0] != "h":
            self.draw_ghost(surface, self.hover, spots[self.hover][0])
        self.draw_robber(surface, state)
        if hint is not None:
            points = {"v": g.vertices, "e": g.edges, "h": g.hexes}[hint[0]]
            pygame.draw.circle(surface, theme.HIGHLIGHT, points[hint[1]], 20 + 5 * pulse, 4)
        self.draw_dice(surface, state)
        self.board_tips(state)

    def draw_draft(self, surface, state) -> None:
        """The island while its layout is being drawn: tiles, tokens and harbours as they come."""
        g = self.geometry
        if self._sea_only is None:
            self._sea_only = self._sea_surface()
        surface.blit(self._sea_only, BOARD.topleft)
        draft = state.draft or {}
        for h, terrain in enumerate(draft.get("terrain", [])):
            if terrain:
                tile = terrain_tile(terrain, int(g.radius * 0.98), h % 3)
                surface.blit(tile, tile.get_rect(center=(round(g.hexes[h][0]), round(g.hexes[h][1]))))
        for h, number in enumerate(draft.get("numbers", [])):
            if number:
                token = number_token(number, int(g.radius * 0.3))
                surface.blit(token, token.get_rect(center=g.hexes[h]))
        for slot, kind in enumerate(draft.get("harbors", [])):
            if kind:
                badge = harbour_badge(kind, int(g.radius * 0.4))
                surface.blit(badge, badge.get_rect(center=g.harbours[slot]))

    def _sea_surface(self) -> pygame.Surface:
        """The sea frame with the coast but no tiles (under the layout while it is drawn)."""
        from game.games.catan.board_art import SAND, SEA, SEA_DEEP, SHALLOW

        g = self.geometry
        surface = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        cells = [g.local(p) for p in g.sea] + [g.local(p) for p in g.hexes]
        for x, y in cells:
            pygame.draw.polygon(surface, theme.WOOD_DARK, hex_points(x, y + 4, g.radius + 5))
        for x, y in cells:
            pygame.draw.polygon(surface, SEA_DEEP, hex_points(x, y, g.radius + 3))
        for x, y in cells:
            pygame.draw.polygon(surface, SEA, hex_points(x, y, g.radius - 1))
        for x, y in (g.local(p) for p in g.hexes):
            pygame.draw.polygon(surface, SHALLOW, hex_points(x, y, g.radius * 1.1))
        for x, y in (g.local(p) for p in g.hexes):
            pygame.draw.polygon(surface, SAND, hex_points(x, y, g.radius * 1.02))
        return surface.convert_alpha() if pygame.display.get_surface() else surface

    def draw_ghost(self, surface, key, action) -> None:
        g = self.geometry
        seat = self.controller.to_act()
        if seat is None or seat < 0:
            return
        if key[0] == "e":
            draw_road(surface, g, key[1], seat, False, alpha=150)
        else:
            kind = "city" if action["type"] == "city" else "settlement"
            x, y = g.vertices[key[1]]
            draw_building(surface, kind, (x, y - 4), g.radius * 0.4, seat, False, alpha=150)

    def draw_robber(self, surface, state) -> None:
        if self.robber_shown is None and state.robber is None:
            return
        g = self.geometry
        image = robber_image(g.radius)
        if self.robber_from and len(self.robber_from) == 3 and self.robber_from[0] is not None:
            a, b, t = self.robber_from
            pa, pb = g.hexes[a], g.hexes[b]
            x = pa[0] + (pb[0] - pa[0]) * t
            y = pa[1] + (pb[1] - pa[1]) * t - math.sin(math.pi * t) * 60
        else:
            h = self.robber_shown if self.robber_shown is not None else state.robber
            x, y = g.hexes[h]
        x -= g.radius * 0.42
        pygame.draw.ellipse(surface, (30, 30, 30), (x - image.get_width() * 0.4, y + image.get_height() * 0.38,
                                                   image.get_width() * 0.8, image.get_height() * 0.18))
        surface.blit(image, image.get_rect(center=(x, y)))

    def draw_dice(self, surface, state) -> None:
        if state.dice is None and not self.dice.busy:
            if state.phase not in ("pre_roll", "roll"):
                return
        rects = self.dice.draw(surface, DICE_AT)
        area = rects[0].union(rects[-1]).inflate(16, 16)
        self.tips.append((area, lambda: tr("catan.ui.tip.dice")))
        if self.dice_total is not None and not self.dice.busy:
            scale = 0.6 + 0.4 * self.pop.value
            red = self.dice_total == 7
            badge = pygame.Rect(0, 0, 46 * scale, 46 * scale)
            badge.center = (DICE_AT[0], DICE_AT[1] + 58)
            pygame.draw.circle(surface, theme.BAD if red else theme.PAPER, badge.center, badge.width // 2)
            pygame.draw.circle(surface, theme.INK, badge.center, badge.width // 2, 2)
            text = render_text(str(self.dice_total), 26 * scale, theme.WHITE if red else theme.INK, bold=True)
            surface.blit(text, text.get_rect(center=badge.center))

    def board_tips(self, state) -> None:
        """Tooltips of the board: a hex (terrain, number, chance), a harbour, the robber."""
        if not BOARD.collidepoint(self.mouse) or state.layout is None:
            return
        g = self.geometry
        slot = g.nearest(g.harbours, self.mouse, g.radius * 0.45)
        if slot is not None:
            kind = state.layout.harbours[slot]
            text = tr("catan.harbor.generic") if kind == "generic" else tr(
                "catan.harbor.specific", resource=tr(f"catan.resource.{kind}"))
            self.tips.append((pygame.Rect(self.mouse, (1, 1)), lambda text=text: tr("catan.ui.tip.harbour",
                                                                                     harbour=text)))
            return
        h = g.nearest(g.hexes, self.mouse, g.radius * 0.8)
        if h is None:
            return
        terrain = state.layout.terrain[h]
        number = state.layout.numbers[h]

        def text(h=h, terrain=terrain, number=number):
            name = tr(f"catan.terrain.{terrain}")
            if number is None:
                line = tr("catan.ui.tip.desert", terrain=name)
            else:
                resource = tr(f"catan.resource.{B.RESOURCES[state.layout.hex_resource[h]]}")
                line = tr("catan.ui.tip.hex", terrain=name, resource=resource, number=number, pips=B.PIPS[number])
            if h == state.robber:
                line += "\n" + tr("catan.ui.tip.robber")
            return line

        self.tips.append((pygame.Rect(self.mouse, (1, 1)), text))

    def draw_player(self, surface, seat: int) -> None:
        state = self.state()
        rect = self.panel_rect(seat)
        style = self.seat_style(seat)
        on_turn = state.current == seat and state.phase not in ("layout", "first_player")
        actor = self.controller.to_act()
        pygame.draw.rect(surface, theme.ACCENT if on_turn else theme.PAPER_DARK, rect, 3 if on_turn else 1,
                         border_radius=12)
        pygame.draw.rect(surface, style.colour, (rect.x + 3, rect.y + 10, 6, rect.height - 20), border_radius=3)
        player_token(surface, (rect.x + 32, rect.y + 26), 16, seat, "catan")
        name = self.seat_name(seat)
        if seat == self.viewer:
            name = tr("catan.ui.you", name=name)
        label = render_text(name, 20, theme.INK, bold=True)
        if label.get_width() > rect.width - 150:
            label = pygame.transform.smoothscale_by(label, (rect.width - 150) / label.get_width())
        surface.blit(label, (rect.x + 56, rect.y + 14))
        if actor == seat and actor != state.current or (on_turn and actor == seat):
            marker = render_text("▶", 16, theme.ACCENT)
            surface.blit(marker, (rect.x + 56 + label.get_width() + 6, rect.y + 17))
        # Points: public ones, plus the hidden victory point cards for their owner.
        points = self.ruleset.public_points(state, seat)
        devs = state.devs[seat]
        hidden = devs[B.VICTORY_POINT] if devs is not None and seat == self.viewer else 0
        star = render_text("★", 24, theme.HIGHLIGHT)
        value = render_text(str(points), 30, theme.INK, bold=True)
        x = rect.right - 14 - value.get_width()
        if hidden:
            extra = render_text(f"+{hidden}", 18, theme.ACCENT_DARK, bold=True)
            surface.blit(extra, (rect.right - 12 - extra.get_width(), rect.y + 20))
            x -= extra.get_width() + 4
        surface.blit(value, (x, rect.y + 8))
        surface.blit(star, (x - star.get_width() - 2, rect.y + 12))
        points_rect = pygame.Rect(x - 30, rect.y + 6, rect.right - x + 24, 38)
        self.tips.append((points_rect, lambda seat=seat, points=points, hidden=hidden: tr(
            "catan.ui.tip.points_hidden" if hidden else "catan.ui.tip.points", name=self.seat_name(seat),
            points=points, hidden=hidden, total=points + hidden)))
        # Cards, development cards, knights, road length.
        y = rect.y + rect.height // 2 - 4
        chips = [
            (resource_back(18, 26), str(self.ruleset.cards_of(state, seat)), "catan.ui.tip.cards"),
            (dev_back(18, 26), str(devs_of(state, seat)), "catan.ui.tip.devs"),
            (self._knight_icon(), str(state.played[seat][B.KNIGHT]), "catan.ui.tip.knights"),
            (piece_icon("road", 24, seat), str(state.road_lengths[seat]), "catan.ui.tip.road"),
        ]
        for i, (icon, text, key) in enumerate(chips):
            cx = rect.x + 20 + i * 84
            surface.blit(icon, icon.get_rect(midleft=(cx, y + 14)))
            number = render_text(text, 20, theme.INK, bold=True)
            surface.blit(number, (cx + 28, y + 14 - number.get_height() // 2))
            self.tips.append((pygame.Rect(cx - 4, y, 80, 28), lambda key=key, seat=seat: tr(
                key, name=self.seat_name(seat))))
        # Pieces left and the special cards.
        y2 = rect.bottom - 30
        for i, kind in enumerate(("road", "settlement", "city")):
            left = B.PIECE_LIMITS[kind] - state.pieces[seat][i]
            cx = rect.x + 20 + i * 62
            icon = piece_icon(kind, 22, seat)
            surface.blit(icon, icon.get_rect(midleft=(cx, y2 + 10)))
            number = render_text(str(left), 17, theme.INK_SOFT)
            surface.blit(number, (cx + 25, y2 + 10 - number.get_height() // 2))
        self.tips.append((pygame.Rect(rect.x + 14, y2 - 2, 186, 24), lambda seat=seat: tr(
            "catan.ui.tip.pieces", name=self.seat_name(seat), roads=B.PIECE_LIMITS["road"] - state.pieces[seat][0],
            settlements=B.PIECE_LIMITS["settlement"] - state.pieces[seat][1],
            cities=B.PIECE_LIMITS["city"] - state.pieces[seat][2])))
        x = rect.right - 12
        for kind in ("largest_army", "longest_road"):
            holder = state.largest_army if kind == "largest_army" else state.longest_road
            if holder != seat:
                continue
            text = render_text(tr(f"catan.ui.badge.{kind}"), 14, theme.WHITE, bold=True)
            pill = pygame.Rect(0, 0, text.get_width() + 14, 22)
            pill.topright = (x, y2 - 1)
            pygame.draw.rect(surface, SOURCE_COLOURS[kind], pill, border_radius=11)
            surface.blit(text, text.get_rect(center=pill.center))
            self.tips.append((pill, lambda kind=kind: tr(f"catan.ui.tip.{kind}")))
            x = pill.x - 6
        self.draw_answer_bubble(surface, state, seat, rect)
        if actor == seat and not self.controller.is_human(seat) and getattr(self.host, "thinking_since", None):
            dots = "." * (1 + int(self.time * 3) % 3)
            think = render_text(tr("catan.ui.thinking") + dots, 15, theme.INK_SOFT)
            surface.blit(think, (rect.x + 56, rect.y + 36))

    @staticmethod
    def _knight_icon() -> pygame.Surface:
        return dev_icon("knight", 26)

    def draw_answer_bubble(self, surface, state, seat: int, rect) -> None:
        trade = state.trade
        if trade is None or trade.offer is None or seat == state.current:
            return
        if trade.to >= 0 and trade.to != seat:
            return
        answer = trade.answers[seat]
        if answer is None:
            if state.phase != "respond":
                return
            text, colour = "…", theme.INK_SOFT
        elif answer == "accept":
            text, colour = "✓ " + tr("catan.ui.answers.accepts"), theme.GOOD
        elif answer == "decline":
            text, colour = "✗ " + tr("catan.ui.answers.declines"), theme.BAD
        else:
            text, colour = "⇄ " + tr("catan.ui.answers.counters"), theme.ACCENT_DARK
        image = render_text(text, 17, theme.WHITE, bold=True)
        bubble = image.get_rect().inflate(18, 10)
        bubble.midright = (rect.right - 70, rect.y + 26)
        panel(surface, bubble, colour, radius=10, shadow=3)
        surface.blit(image, image.get_rect(center=bubble.center))

    def draw_bank(self, surface) -> None:
        state = self.state()
        title = render_text(tr("catan.ui.bank"), 18, theme.INK_SOFT, bold=True)
        surface.blit(title, (BANK.x + 14, BANK.y + 10))
        rects = self.bank_rects()
        for r, name in enumerate(RESOURCES):
            blit_card(surface, resource_card(name, 44, 62), rects[r])
            corner_badge(surface, rects[r], state.bank[r], 13)
            self.tips.append((rects[r], lambda r=r, name=name: tr("catan.ui.tip.bank", resource=tr(
                f"catan.resource.{name}"), count=state.bank[r])))
        deck = rects[5].move(8, 0)
        if state.deck_count:
            blit_card(surface, dev_back(44, 62), deck)
        else:
            pygame.draw.rect(surface, theme.PAPER_DARK, deck, 2, border_radius=10)
        corner_badge(surface, deck, state.deck_count, 13)
        self.tips.append((deck, lambda: tr("catan.ui.tip.deck", count=state.deck_count)))
        for i, kind in enumerate(("longest_road", "largest_army")):
            box = pygame.Rect(BANK.x + 12 + i * 174, BANK.y + 122, 166, 64)
            holder = state.longest_road if kind == "longest_road" else state.largest_army
            fill = theme.mix(SOURCE_COLOURS[kind], theme.PAPER, 0.75)
            panel(surface, box, fill, radius=10, shadow=3, border=SOURCE_COLOURS[kind], border_width=2)
            head = render_paragraph(tr(f"catan.special.{kind}"), 16, theme.INK, box.width - 50, bold=True)
            surface.blit(head, (box.x + 10, box.y + 6))
            if holder >= 0:
                player_token(surface, (box.right - 24, box.centery), 15, holder, "catan")
                figure = state.road_lengths[holder] if kind == "longest_road" else state.played[holder][B.KNIGHT]
                detail = tr(f"catan.ui.special.{kind}", count=figure)
            else:
                detail = tr(f"catan.ui.special.{kind}.free")
            text = render_text(detail, 15, theme.INK_SOFT)
            surface.blit(text, (box.x + 10, box.bottom - 24))
            self.tips.append((box, lambda kind=kind, holder=holder: tr(f"catan.ui.tip.{kind}") + (
                "\n" + tr("catan.ui.tip.holder", name=self.seat_name(holder)) if holder >= 0 else "")))

    def draw_ribbon(self, surface) -> None:
        state = self.state()
        player_token(surface, (RIBBON.x + 18, RIBBON.centery), 11, self.me, "catan")
        text = self.status() or self.watch_status(state)
        image = render_text(text, 18, theme.PAPER, bold=bool(self.status()))
        if image.get_width() > RIBBON.width - 50:
            image = pygame.transform.smoothscale_by(image, (RIBBON.width - 50) / image.get_width())
        surface.blit(image, image.get_rect(midleft=(RIBBON.x + 38, RIBBON.centery)))

    def quick_chance(self) -> bool:
        return self.state().phase == "layout"

    def chance_status(self) -> str:
        phase = self.state().phase
        if phase in ("layout", "first_player"):
            return tr("catan.ui.status.layout")
        return tr(f"catan.ui.status.{phase}") if phase in ("steal", "draw") else tr("catan.ui.status.chance")

    def watch_status(self, state) -> str:
        actor = self.controller.to_act()
        if actor is None:
            return tr("catan.ui.status.over")
        if actor == CHANCE or actor < 0:
            return self.chance_status()
        return tr("catan.ui.status.waiting", name=self.seat_name(actor), what=tr(f"catan.phase.{state.phase}"))

    def draw_hand(self, surface) -> None:
        state = self.state()
        hand = self.my_hand()
        title = render_text(tr("catan.ui.hand", name=self.seat_name(self.me)), 16, theme.PAPER_DARK, bold=True)
        surface.blit(title, (HAND.x + 12, HAND.y + 6))
        for r, rect in enumerate(self.hand_rects()):
            count = hand[r] if hand is not None else 0
            if hand is None:
                blit_card(surface, resource_back(*HAND_CARD), rect)
                continue
            for k in range(min(2, max(0, count - 1)), 0, -1):
                surface.blit(resource_card(RESOURCES[r], *HAND_CARD), rect.move(k * 4, -k * 4))
            image = resource_card(RESOURCES[r], *HAND_CARD)
            if not count:
                image = image.copy()
                image.set_alpha(80)
            blit_card(surface, image, rect)
            corner_badge(surface, rect, count, 13)
            self.tips.append((rect, lambda r=r, count=count: tr("catan.ui.tip.hand", count=count, resource=tr(
                f"catan.resource.{RESOURCES[r]}"))))
        if hand is None:
            text = render_text(tr("catan.ui.hidden_hand", count=self.ruleset.cards_of(state, self.me)), 18,
                               theme.PAPER)
            surface.blit(text, text.get_rect(center=HAND.center))

    def draw_devs(self, surface) -> None:
        state = self.state()
        title = render_text(tr("catan.ui.devs"), 16, theme.PAPER_DARK, bold=True)
        surface.blit(title, (DEVS.x + 12, DEVS.y + 6))
        cards = self.my_dev_cards()
        playable = {a["card"] for a in self.actions_of("play")}
        for (rect, card), (_, new) in zip(self.dev_rects(), cards, strict=True):
            hovered = rect.collidepoint(self.mouse) and self.dialog is None
            can = card in playable
            lift = 12 if hovered and can else 0
            glow = theme.HIGHLIGHT if can and (hovered or (self.hint and self.hint[0].get("card") == card)) else None
            blit_card(surface, dev_card(card, *DEV_SIZE, card_title(card)), rect, lift, glow)
            if new:
                tag = render_text(tr("catan.ui.new"), 13, theme.WHITE, bold=True)
                pill = tag.get_rect().inflate(8, 4)
                pill.midbottom = (rect.centerx, rect.bottom - lift - 2)
                pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=6)
                surface.blit(tag, tag.get_rect(center=pill.center))
            self.tips.append((rect, lambda card=card, new=new: self.dev_tip(card, new)))
        if not cards:
            hidden = devs_of(state, self.me)
            key = "catan.ui.no_devs" if state.devs[self.me] is not None else "catan.ui.hidden_devs"
            text = render_paragraph(tr(key, count=hidden), 16, theme.PAPER_DARK, DEVS.width - 30, align="center")
            surface.blit(text, text.get_rect(center=(DEVS.centerx, DEVS.y + 68)))
        played = state.played[self.me]
        if not any(played):
            return
        label = render_text(tr("catan.ui.played"), 14, theme.PAPER_DARK)
        y = DEVS.bottom - 34
        surface.blit(label, (DEVS.x + 12, y + 8))
        x = DEVS.x + 18 + label.get_width()
        for card in DEV_ORDER:
            count = played[B.DEV_CARDS.index(card)]
            if not count:
                continue
            mini = pygame.Rect(x, y, 30, 30)
            pygame.draw.rect(surface, D_PAPER, mini, border_radius=6)
            surface.blit(dev_icon(card, 26), (x + 2, y + 2))
            number = render_text(f"×{count}", 14, theme.PAPER, bold=True)
            surface.blit(number, (mini.right + 2, y + 8))
            self.tips.append((mini.inflate(20, 0), lambda card=card, count=count: tr(
                "catan.ui.tip.played", card=card_title(card), count=count)))
            x += 26 + number.get_width() + 8

    def dev_tip(self, card: str, new: bool) -> str:
        text = tr(f"catan.ui.card.{card}.tip")
        plays = {a["card"] for a in self.actions_of("play")}
        if card in plays:
            text += "\n" + tr("catan.ui.card.play", hotkey=tr(f"catan.ui.key.{card}"))
        elif card != "victory_point":
            text += "\n" + (tr("catan.ui.reason.new_card") if new else self.play_reason(card))
        return text

    def draw_big_card(self, surface) -> None:
        card, seat, started = self.big_card
        age = min(1.0, (self.time - started) * 4)
        size = (int(150 * (0.6 + 0.4 * age)), int(212 * (0.6 + 0.4 * age)))
        rect = pygame.Rect((0, 0), size)
        rect.center = (BOARD.centerx, BOARD.centery - 20)
        blit_card(surface, dev_card(card, *size, card_title(card)), rect, 10)
        caption = render_text(tr("catan.ui.played_by", name=self.seat_name(seat), card=card_title(card)), 22,
                              theme.PAPER, bold=True)
        box = caption.get_rect(midtop=(rect.centerx, rect.bottom + 12)).inflate(20, 10)
        panel(surface, box, theme.WOOD_DARK, radius=8, shadow=3)
        surface.blit(caption, caption.get_rect(center=box.center))

    def draw_banner(self, surface) -> None:
        title, detail, started = self.banner
        age = min(1.0, (self.time - started) * 4)
        rect = pygame.Rect(0, 0, 560, 110 if detail else 76)
        rect.center = (BOARD.centerx, BOARD.y + 150 + (1 - age) * 24)
        panel(surface, rect, theme.PAPER, radius=16, shadow=10, border=theme.ACCENT, border_width=3)
        head = render_text(title, 30, theme.INK, bold=True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 18)))
        if detail:
            body = render_paragraph(detail, 20, theme.INK_SOFT, rect.width - 40, align="center")
            surface.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 62)))

    # -- words --------------------------------------------------------------------------------
    def status(self) -> str:
        if not self.host.can_act():
            return ""
        state = self.state()
        phase = state.phase
        if self.dialog is not None:
            return tr(f"catan.ui.status.dialog.{self.dialog.kind}")
        if phase == "main":
            if self.mode:
                return tr(f"catan.ui.status.mode.{self.mode}")
            return tr("catan.ui.status.main", offers=MAX_OFFERS - state.offers_made)
        if phase == "road_building":
            return tr("catan.ui.status.road_building", left=state.free_roads)
        return tr(f"catan.ui.status.{phase}") if phase in (
            "setup_settlement", "setup_road", "pre_roll", "robber", "discard", "choose") else tr(f"catan.phase.{phase}")

    def tooltip(self) -> str | None:
        if self.dialog is not None:
            return self.dialog.tooltip()
        for button in self.buttons:
            text = button.tooltip_text()
            if text:
                return text
        if self.hover is not None and self.hover in self.candidates():
            return self.spot_tip(self.hover)
        for rect, text in reversed(self.tips):
            if rect.collidepoint(self.mouse) or (rect.size == (1, 1) and rect.topleft == tuple(self.mouse)):
                return text()
        return None

    def spot_tip(self, key: tuple) -> str:
        state = self.state()
        kind, index = key
        if kind == "h":
            victims = [a.get("victim") for a in self.candidates()[key] if a.get("victim") is not None]
            if not victims:
                return tr("catan.ui.tip.robber_here_nobody")
            return tr("catan.ui.tip.robber_here", names=tr("catan.log.separator").join(
                self.seat_name(v) for v in victims))
        if kind == "e":
            return tr("catan.ui.tip.road_here")
        action = self.candidates()[key][0]
        if action["type"] == "city":
            return tr("catan.ui.tip.city_here")
        layout = state.layout
        parts = []
        for h in B.VERTEX_HEXES[index]:
            number = layout.numbers[h]
            if number is not None:
                resource = tr(f"catan.resource.{RESOURCES[layout.hex_resource[h]]}")
                parts.append(tr("catan.ui.tip.yield", resource=resource, number=number))
        harbour = layout.vertex_harbour[index]
        text = tr("catan.ui.tip.settlement_here", yields=tr("catan.log.separator").join(parts) or tr(
            "catan.log.nothing"))
        if harbour:
            text += "\n" + (tr("catan.harbor.generic") if harbour == "generic" else tr(
                "catan.harbor.specific", resource=tr(f"catan.resource.{harbour}")))
        return text

    # -- the game-over screen -----------------------------------------------------------------
    def draw_summary(self, surface, rect) -> None:
        """Points by source for every player, stacked, and how often each total was rolled."""
        state = self.controller.state
        rows = points_by_source(state)
        head = render_text(tr("catan.ui.summary.points"), 20, theme.INK_SOFT, bold=True)
        surface.blit(head, rect.topleft)
        top = rect.y + 30
        bar_height = 22
        most = max(10, max(sum(r.values()) for r in rows))
        unit = (rect.width - 70) / most
        for seat, row in enumerate(rows):
            y = top + seat * (bar_height + 8)
            player_token(surface, (rect.x + 12, y + bar_height // 2), 10, seat, "catan")
            x = rect.x + 30
            for source in POINT_SOURCES:
                value = row[source]
                if not value:
                    continue
                width = value * unit
                box = pygame.Rect(round(x), y, max(2, round(width) - 2), bar_height)
                pygame.draw.rect(surface, SOURCE_COLOURS[source], box, border_radius=4)
                if box.width > 14:
                    number = render_text(str(value), 14, theme.WHITE, bold=True)
                    surface.blit(number, number.get_rect(center=box.center))
                x += width
            total = render_text(str(sum(row.values())), 16, theme.INK, bold=True)
            surface.blit(total, (x + 6, y + 2))
        y = top + len(rows) * (bar_height + 8) + 2
        x = rect.x
        for source in POINT_SOURCES:
            pygame.draw.rect(surface, SOURCE_COLOURS[source], (x, y + 4, 12, 12), border_radius=3)
            label = render_text(tr(f"catan.ui.source.{source}"), 14, theme.INK_SOFT)
            surface.blit(label, (x + 16, y + 1))
            x += label.get_width() + 28
            if x > rect.right - 80:
                x = rect.x
                y += 20
        y += 28
        histogram = dice_histogram(self.controller.log)
        head = render_text(tr("catan.ui.summary.dice", rolls=sum(histogram)), 20, theme.INK_SOFT, bold=True)
        surface.blit(head, (rect.x, y))
        chart = pygame.Rect(rect.x + 10, y + 30, rect.width - 20, rect.bottom - y - 56)
        if chart.height < 30:
            return
        rolls = max(1, sum(histogram))
        peak = max(max(histogram), rolls * 6 / 36)
        column = chart.width / 11
        for i, count in enumerate(histogram):
            total = i + 2
            height = chart.height * count / peak
            bar = pygame.Rect(chart.x + i * column + 4, chart.bottom - height, column - 8, height)
            colour = theme.BAD if total == 7 else (TOKEN_RED_SOFT if total in B.RED_NUMBERS else (150, 120, 90))
            pygame.draw.rect(surface, colour, bar, border_top_left_radius=4, border_top_right_radius=4)
            expected = chart.bottom - chart.height * (rolls * B.PIPS[total] / 36) / peak
            pygame.draw.line(surface, theme.INK, (bar.x - 2, expected), (bar.right + 2, expected), 2)
            label = render_text(str(total), 15, theme.INK, bold=total == 7)
            surface.blit(label, label.get_rect(midtop=(bar.centerx, chart.bottom + 3)))
            if count:
                number = render_text(str(count), 13, theme.INK_SOFT)
                surface.blit(number, number.get_rect(midbottom=(bar.centerx, min(bar.y, expected) - 2)))
        note = render_text(tr("catan.ui.summary.expected"), 13, theme.INK_FAINT)
        surface.blit(note, note.get_rect(topright=(rect.right, y + 6)))


TOKEN_RED_SOFT = (206, 96, 80)
D_PAPER = (236, 228, 212)
