"""The Kahuna table: the island map at sea, the hands, the display and the pile.

Select a card and the lines it may build on light up; the dotted line under the cursor glows red
where a bridge may go, and a click builds it. Two cards light up the bridges they may remove.
With no card selected, a line that some hand card can pay for still lights up and a click builds
it (asking which card pays when two could). Every change animates in order, so a capture cascade
reads as one chain: the bridge is laid, the stone set, each swept bridge falls, each lost stone lifts.
"""

from __future__ import annotations

import math
import random
import time
from functools import lru_cache

import pygame

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.kahuna.board import (
    BRIDGES_PER_PLAYER,
    ISLAND_COUNT,
    ISLAND_INDEX,
    ISLAND_LINES,
    ISLANDS,
    LINE_COUNT,
    LINE_ENDS,
    LINE_IDS,
    LINE_INDEX,
    POSITIONS,
    STONES_PER_PLAYER,
    THRESHOLD,
)
from game.games.kahuna.rules import HAND_LIMIT, PLAY, must_draw
from game.ui import theme
from game.ui.audio import get_audio
from game.ui.badge import corner_badge
from game.ui.cards import blit_card, card_back, card_blank, row_positions
from game.ui.draw import for_display, panel, player_token, shadow_surface
from game.ui.fonts import render_paragraph, render_text
from game.ui.table import TableView
from game.ui.tween import Smooth, Timeline
from game.ui.widgets import Button

BOARD = pygame.Rect(14, 14, 976, 646)
SIDE = pygame.Rect(1004, 14, 286, 646)
BOTTOM = pygame.Rect(14, 672, 1276, 214)
HAND_AREA = pygame.Rect(250, 690, 640, 190)
HAND_CARD = (108, 156)
SMALL_CARD = (84, 122)

# The printed board's frame of reference: islands occupy x 0.12..0.93 and y 0.24..0.93.
VIEW_X = (0.05, 1.0)
VIEW_Y = (0.17, 0.975)

STYLES = theme.game_player_styles("kahuna")
BRIDGE_COLOURS = tuple(style.colour for style in STYLES)
BRIDGE_EDGES = tuple(style.dark for style in STYLES)
SEAT_SYMBOLS = tuple(style.symbol for style in STYLES)
SEA = (38, 120, 150)
SEA_DEEP = (22, 84, 118)
SHALLOW = (98, 186, 190)
SAND = (232, 208, 150)
GRASS = (86, 148, 76)
GRASS_DARK = (60, 116, 58)
HOVER_RED = (236, 52, 40)
REMOVE_GOLD = (255, 196, 60)
HIGHLIGHT_DOT = (255, 236, 120)


def to_screen(point) -> tuple[float, float]:
    x = BOARD.x + (point[0] - VIEW_X[0]) / (VIEW_X[1] - VIEW_X[0]) * BOARD.width
    y = BOARD.y + (point[1] - VIEW_Y[0]) / (VIEW_Y[1] - VIEW_Y[0]) * BOARD.height
    return x, y


ISLAND_XY = tuple(to_screen(p) for p in POSITIONS)
ISLAND_RADIUS = tuple(30 + 3 * len(ISLAND_LINES[i]) for i in range(ISLAND_COUNT))


def _segment(line: int) -> tuple[pygame.Vector2, pygame.Vector2]:
    """Where a line's bridge lies: from one island's shore to the other's."""
    a, b = LINE_ENDS[line]
    pa, pb = pygame.Vector2(ISLAND_XY[a]), pygame.Vector2(ISLAND_XY[b])
    direction = (pb - pa).normalize()
    return pa + direction * (ISLAND_RADIUS[a] * 0.92), pb - direction * (ISLAND_RADIUS[b] * 0.92)


SEGMENTS = tuple(_segment(line) for line in range(LINE_COUNT))


def distance_to_segment(point, segment) -> float:
    p = pygame.Vector2(point)
    a, b = segment
    ab = b - a
    t = max(0.0, min(1.0, (p - a).dot(ab) / max(1e-6, ab.length_squared())))
    return p.distance_to(a + ab * t)


def tally(count: int) -> str:
    return "I" * count


def island_outline(island: int, scale: float = 1.0) -> list[tuple[float, float]]:
    """A wobbly closed outline, the same every time for an island (seeded by its name)."""
    rng = random.Random(ISLANDS[island])
    phases = [rng.uniform(0, math.tau) for _ in range(4)]
    amps = (0.13, 0.08, 0.05, 0.03)
    cx, cy = ISLAND_XY[island]
    r = ISLAND_RADIUS[island] * scale
    stretch = rng.uniform(0.85, 1.2)
    points = []
    for k in range(48):
        t = k / 48 * math.tau
        wobble = 1 + sum(a * math.sin((n + 2) * t + p) for n, (a, p) in enumerate(zip(amps, phases, strict=True)))
        points.append((cx + math.cos(t) * r * wobble * stretch, cy + math.sin(t) * r * wobble / stretch ** 0.5))
    return points


@lru_cache(maxsize=2)
def sea_layer(size: tuple[int, int]) -> pygame.Surface:
    """The sea: deep at the edges, lighter towards the middle, with a faint texture."""
    small = pygame.Surface((40, 26))
    for y in range(26):
        for x in range(40):
            d = math.hypot((x - 19.5) / 20, (y - 12.5) / 13)
            small.set_at((x, y), theme.mix(SEA, SEA_DEEP, min(1.0, d ** 1.6)))
    surface = pygame.transform.smoothscale(small, size)
    rng = random.Random(5)
    for _ in range(size[0] * size[1] // 300):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        colour = theme.mix(SEA, theme.WHITE, rng.uniform(0.05, 0.15))
        pygame.draw.line(surface, colour, (x, y), (x + rng.randint(3, 9), y))
    return for_display(surface, alpha=False)


@lru_cache(maxsize=2)
def wave_layer(size: tuple[int, int]) -> pygame.Surface:
    """Soft light crests that drift over the sea (blitted twice with moving offsets)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(9)
    for _ in range(size[0] * size[1] // 2600):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        length = rng.randint(14, 34)
        points = [(x + i, y + 2.5 * math.sin(i / length * math.pi * 2)) for i in range(0, length, 3)]
        pygame.draw.lines(surface, (255, 255, 255, rng.randint(26, 60)), False, points, 2)
    return for_display(surface)


@lru_cache(maxsize=1)
def island_layer() -> pygame.Surface:
    """Every island with its shallows, beach, grass, palms, name sign and line tally."""
    surface = pygame.Surface(BOARD.size, pygame.SRCALPHA)
    off = (-BOARD.x, -BOARD.y)

    def shifted(points):
        return [(x + off[0], y + off[1]) for x, y in points]

    for island in range(ISLAND_COUNT):
        pygame.draw.polygon(surface, (*SHALLOW, 120), shifted(island_outline(island, 1.32)))
        pygame.draw.polygon(surface, (*SHALLOW, 170), shifted(island_outline(island, 1.14)))
    for island in range(ISLAND_COUNT):
        pygame.draw.polygon(surface, SAND, shifted(island_outline(island, 1.0)))
        pygame.draw.polygon(surface, GRASS, shifted(island_outline(island, 0.74)))
        pygame.draw.polygon(surface, GRASS_DARK, shifted(island_outline(island, 0.74)), 2)
        rng = random.Random(ISLANDS[island] + "palms")
        cx, cy = ISLAND_XY[island][0] + off[0], ISLAND_XY[island][1] + off[1]
        r = ISLAND_RADIUS[island]
        for _ in range(3):
            angle = rng.uniform(0, math.tau)
            px, py = cx + math.cos(angle) * r * 0.45, cy + math.sin(angle) * r * 0.38
            pygame.draw.circle(surface, GRASS_DARK, (px, py), 6)
            pygame.draw.circle(surface, (104, 170, 90), (px - 1, py - 1), 4)
    return for_display(surface)


@lru_cache(maxsize=64)
def card_face(island: int, size: tuple[int, int]) -> pygame.Surface:
    """A Kahuna card: the island's name, a small map with that island in red, its line tally."""
    width, height = size
    surface = card_blank(width, height).copy()
    name = render_text(ISLANDS[island], max(12, width // 5), theme.INK, bold=True)
    surface.blit(name, name.get_rect(midtop=(width // 2, height * 0.05)))
    marks = render_text(tally(len(ISLAND_LINES[island])), max(10, width // 7), theme.BAD, bold=True)
    surface.blit(marks, marks.get_rect(midtop=(width // 2, height * 0.05 + name.get_height() - 2)))
    map_rect = pygame.Rect(width * 0.1, height * 0.4, width * 0.8, height * 0.52)
    pygame.draw.rect(surface, (202, 228, 232), map_rect, border_radius=6)

    def on_map(point):
        x = map_rect.x + (point[0] - VIEW_X[0]) / (VIEW_X[1] - VIEW_X[0]) * map_rect.width
        y = map_rect.y + (point[1] - VIEW_Y[0]) / (VIEW_Y[1] - VIEW_Y[0]) * map_rect.height
        return x, y

    for a, b in LINE_ENDS:
        pygame.draw.line(surface, (150, 180, 186), on_map(POSITIONS[a]), on_map(POSITIONS[b]), 1)
    for other in range(ISLAND_COUNT):
        radius = max(2, width // 26) + (2 if other == island else 0)
        colour = theme.BAD if other == island else (150, 140, 110)
        pygame.draw.circle(surface, colour, on_map(POSITIONS[other]), radius)
    return surface


def line_label(line: int) -> str:
    return LINE_IDS[line].replace("-", "–")


class Piece:
    """A bridge or stone as shown: it may be arriving (grow in) or leaving (fall away)."""

    def __init__(self, seat: int, appear: float = 1.0):
        self.seat = seat
        self.appear = appear  # 0..1 growing in; leaving pieces run from 1 to 0


class KahunaTable(TableView):
    """The view of a Kahuna game for one seat (or an onlooker)."""

    def __init__(self, host):
        super().__init__(host)
        self.timeline = Timeline()
        self.bridges: dict[int, Piece] = {}
        self.stones: dict[int, Piece] = {}
        self.selected: list[int] = []  # indices into the sorted hand
        self.discard_mode = False
        self.hover_line: int | None = None
        self.hover_island: int | None = None
        self.hover_card: int | None = None
        self.hover_display: int | None = None
        self.hover_pile = False
        self.picker: tuple[int, list[dict]] | None = None  # (line, build actions with different cards)
        self.hint: tuple[dict, float] | None = None
        self.banner: tuple[str, str, float] | None = None
        self.glow = Smooth(0.0, 10.0)
        self.time = 0.0
        self.buttons = self._buttons()
        self.sync()

    # -- the position -------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat drawn at the bottom: the viewer, or seat 0 for an onlooker."""
        return self.viewer if self.viewer is not None else 0

    def state(self):
        return self.observation()

    def sync(self) -> None:
        """Show the pieces exactly as the state has them (after a reset or a skipped animation)."""
        state = self.state()
        self.bridges = {line: Piece(owner) for line, owner in enumerate(state.bridges) if owner >= 0}
        self.stones = {island: Piece(owner) for island, owner in enumerate(state.stones) if owner >= 0}

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
    def actions_of(self, kind: str) -> list[dict]:
        return [a for a in self.legal_actions() if a["type"] == kind]

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
            return tr("play.not_your_turn")
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
        if event.type == pygame.MOUSEMOTION:
            self.track(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.track(event.pos)
            return self.click(event.pos)
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
            get_audio().play("error")
            self.host.say(self.line_refusal(line))
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
            get_audio().play("error")
            self.host.say(tr("kahuna.ui.hand_full"))
            return True
        legal = [a for a in self.draw_actions() if a.get("source") == action["source"]
                 and a.get("card") == action.get("card")]
        if not legal:
            get_audio().play("error")
            self.host.say(tr("kahuna.ui.no_draw"))
            return True
        self.act(legal[0])
        return True

    # -- events and animation -----------------------------------------------------------------
    def on_entry(self, entry, events) -> None:
        if entry.seat != CHANCE:
            self.selected = [i for i in self.selected if i < len(self.my_cards())]
        for event in events:
            self.queue(event)

    def queue(self, event) -> None:
        data = event.data
        kind = event.kind
        audio = get_audio()
        if kind == "bridge_built":
            line = LINE_INDEX[data["line"]]
            piece = Piece(data["seat"], 0.0)

            def lay(line=line, piece=piece):
                self.bridges[line] = piece
                audio.play("bridge")

            self.timeline.add(0.35, lay, lambda t, piece=piece: setattr(piece, "appear", t))
        elif kind == "stone_placed":
            island = ISLAND_INDEX[data["island"]]
            piece = Piece(data["seat"], 0.0)

            def place(island=island, piece=piece):
                self.stones[island] = piece
                audio.play("capture")

            self.timeline.add(0.45, place, lambda t, piece=piece: setattr(piece, "appear", t))
        elif kind == "bridge_removed":
            line = LINE_INDEX[data["line"]]

            def knock(line=line):
                audio.play("remove")

            def fall(t, line=line):
                piece = self.bridges.get(line)
                if piece:
                    piece.appear = 1 - t
                    if t >= 1:
                        del self.bridges[line]

            self.timeline.add(0.32, knock, fall)
        elif kind == "stone_lost":
            island = ISLAND_INDEX[data["island"]]

            def lift(t, island=island):
                piece = self.stones.get(island)
                if piece:
                    piece.appear = 1 - t
                    if t >= 1:
                        del self.stones[island]

            self.timeline.add(0.38, lambda: audio.play("stone"), lift)
        elif kind in ("card_played", "card_discarded"):
            self.timeline.add(0.12, lambda: audio.play("card_slide"))
        elif kind in ("card_drawn", "pile_draw", "deal"):
            self.timeline.add(0.12, lambda: audio.play("card_slide"))
        elif kind == "round_scored":
            a, b = data["stones"]
            title = tr("kahuna.ui.round_scored", round=data["round"])
            detail = tr("kahuna.ui.round_detail", a=a, b=b, pa=data["points"][0], pb=data["points"][1],
                        me=self.host.player_name(0), other=self.host.player_name(1))

            def show(title=title, detail=detail):
                self.banner = (title, detail, time.perf_counter())
                audio.play("chime")

            self.timeline.add(2.2, show, lambda t: None)
            self.timeline.add(0.01, lambda: setattr(self, "banner", None))
        elif kind == "round_started":
            self.timeline.add(0.2, lambda: audio.play("card_flip"))

    def on_reset(self) -> None:
        super().on_reset()
        self.timeline.finish()
        self.banner = None
        self.picker = None
        self.selected = [i for i in self.selected if i < len(self.my_cards())]
        self.sync()

    def skip_animations(self) -> None:
        self.timeline.finish()
        self.banner = None
        self.sync()

    def busy(self) -> bool:
        return self.timeline.busy

    def show_hint(self, action) -> None:
        self.hint = (action, time.perf_counter())
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
        self.time += dt
        self.timeline.update(dt)
        for button in self.buttons:
            button.update(dt)
        self.glow.target = 1.0 if self.hover_line is not None else 0.0
        self.glow.update(dt)
        if self.hint and time.perf_counter() - self.hint[1] > 6:
            self.hint = None

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.draw import table_background

        table_background(surface)
        self.draw_board(surface)
        self.draw_side(surface)
        self.draw_bottom(surface)
        if self.picker:
            self.draw_picker(surface)
        if self.banner:
            self.draw_banner(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(shadow_surface(BOARD.width, BOARD.height, 16, 10), (BOARD.x - 10, BOARD.y - 5))
        clip = surface.get_clip()
        surface.set_clip(BOARD)
        surface.blit(sea_layer(BOARD.size), BOARD.topleft)
        waves = wave_layer(BOARD.size)
        shift = (self.time * 9) % BOARD.width
        surface.blit(waves, (BOARD.x + shift, BOARD.y + math.sin(self.time * 0.7) * 3))
        surface.blit(waves, (BOARD.x + shift - BOARD.width, BOARD.y + math.sin(self.time * 0.7) * 3))
        surface.blit(island_layer(), BOARD.topleft)
        self.draw_lines(surface)
        self.draw_stones(surface)
        self.draw_names(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.WOOD_DARK, BOARD, 6, border_radius=16)
        if self.hover_island is not None and self.picker is None:
            self.draw_island_tip(surface, self.hover_island)

    def draw_lines(self, surface) -> None:
        builds = self.build_lines()
        removals = self.remove_lines()
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        hint_line = None
        if self.hint and self.hint[0]["type"] in ("build", "remove"):
            hint_line = LINE_INDEX[self.hint[0]["line"]]
        symbols = self.host.colour_blind()
        for line in range(LINE_COUNT):
            a, b = SEGMENTS[line]
            piece = self.bridges.get(line)
            lit = line in builds
            hovered = line == self.hover_line
            if piece is None:
                colour = (236, 244, 240)
                if lit:
                    colour = HOVER_RED if hovered else theme.mix((236, 244, 240), HIGHLIGHT_DOT, 0.6 + 0.4 * pulse)
                self.dotted(surface, a, b, colour, 4 if lit else 3)
                if lit and hovered:
                    glow = pygame.Surface(BOARD.size, pygame.SRCALPHA)
                    pygame.draw.line(glow, (*HOVER_RED, 90), a - BOARD.topleft, b - BOARD.topleft, 14)
                    surface.blit(glow, BOARD.topleft)
                    self.dotted(surface, a, b, HOVER_RED, 5)
            else:
                self.draw_bridge(surface, line, piece, symbols)
                if line in removals:
                    width = 6 if hovered else 3
                    colour = HOVER_RED if hovered else theme.mix(REMOVE_GOLD, theme.WHITE, pulse * 0.5)
                    self.outline_bridge(surface, line, colour, width)
            if line == hint_line:
                mid = (a + b) / 2
                pygame.draw.circle(surface, theme.HIGHLIGHT, mid, 16 + 4 * pulse, 3)

    @staticmethod
    def dotted(surface, a, b, colour, radius) -> None:
        length = a.distance_to(b)
        steps = max(2, int(length // 11))
        for i in range(steps + 1):
            p = a.lerp(b, i / steps)
            pygame.draw.circle(surface, colour, p, radius)

    def plank(self, line: int, grow: float) -> list:
        a, b = SEGMENTS[line]
        mid = (a + b) / 2
        half = (b - a) / 2 * grow
        normal = pygame.Vector2(-half.y, half.x).normalize() * 6 if half.length() else pygame.Vector2(0, 6)
        return [mid - half + normal, mid + half + normal, mid + half - normal, mid - half - normal]

    def draw_bridge(self, surface, line: int, piece: Piece, symbols: bool) -> None:
        grow = 0.2 + 0.8 * piece.appear
        points = self.plank(line, grow)
        shadow = [(x + 3, y + 4) for x, y in points]
        pygame.draw.polygon(surface, (20, 60, 80), shadow)
        pygame.draw.polygon(surface, BRIDGE_COLOURS[piece.seat], points)
        pygame.draw.polygon(surface, BRIDGE_EDGES[piece.seat], points, 2)
        a, b = points[0], points[1]
        c, d = points[3], points[2]
        slats = 6
        for i in range(1, slats):
            t = i / slats
            p = pygame.Vector2(a).lerp(b, t)
            q = pygame.Vector2(c).lerp(d, t)
            pygame.draw.line(surface, BRIDGE_EDGES[piece.seat], p, q, 1)
        if symbols:
            mid = (pygame.Vector2(a) + pygame.Vector2(d)) / 2
            mark = render_text(SEAT_SYMBOLS[piece.seat], 14, BRIDGE_COLOURS[1 - piece.seat])
            surface.blit(mark, mark.get_rect(center=mid))

    def outline_bridge(self, surface, line: int, colour, width: int) -> None:
        points = self.plank(line, 1.0)
        pygame.draw.polygon(surface, colour, points, width)

    def draw_stones(self, surface) -> None:
        for island, piece in self.stones.items():
            x, y = ISLAND_XY[island]
            scale = 0.3 + 0.7 * piece.appear
            drop = (1 - piece.appear) * -30
            r = 17 * scale
            pygame.draw.circle(surface, (30, 70, 40), (x + 3, y + 5), r)
            pygame.draw.circle(surface, BRIDGE_EDGES[piece.seat], (x, y + drop), r)
            pygame.draw.circle(surface, BRIDGE_COLOURS[piece.seat], (x, y + drop), r - 2)
            pygame.draw.circle(surface, theme.mix(BRIDGE_COLOURS[piece.seat], theme.WHITE, 0.35),
                               (x - r * 0.3, y + drop - r * 0.3), r * 0.35)
            mark = render_text(SEAT_SYMBOLS[piece.seat], 16, BRIDGE_COLOURS[1 - piece.seat])
            surface.blit(mark, mark.get_rect(center=(x, y + drop)))

    def draw_names(self, surface) -> None:
        for island in range(ISLAND_COUNT):
            x, y = ISLAND_XY[island]
            r = ISLAND_RADIUS[island]
            name = render_text(ISLANDS[island], 17, theme.INK, bold=True)
            marks = render_text(tally(len(ISLAND_LINES[island])), 13, theme.BAD, bold=True)
            sign = pygame.Rect(0, 0, max(name.get_width(), marks.get_width()) + 14, 38)
            sign.midtop = (x, y + r * 0.78)
            panel(surface, sign, (250, 240, 214), radius=7, shadow=2, border=theme.WOOD, border_width=1)
            surface.blit(name, name.get_rect(midtop=(sign.centerx, sign.y + 1)))
            surface.blit(marks, marks.get_rect(midtop=(sign.centerx, sign.y + 20)))

    def draw_island_tip(self, surface, island: int) -> None:
        state = self.state()
        lines = len(ISLAND_LINES[island])
        rows = [tr("kahuna.ui.island.head", island=ISLANDS[island], lines=lines, need=THRESHOLD[island])]
        for seat in (0, 1):
            rows.append(tr("kahuna.ui.island.count", symbol=SEAT_SYMBOLS[seat], name=self.host.player_name(seat),
                           count=state.counts[seat][island], need=THRESHOLD[island]))
        owner = state.stones[island]
        rows.append(tr("kahuna.ui.island.owner", name=self.host.player_name(owner)) if owner >= 0
                    else tr("kahuna.ui.island.free"))
        image = render_paragraph("\n".join(rows), 18, theme.INK, 320)
        x, y = ISLAND_XY[island]
        rect = image.get_rect().inflate(20, 14)
        rect.midbottom = (x, y - ISLAND_RADIUS[island] - 8)
        rect.clamp_ip(BOARD.inflate(-8, -8))
        panel(surface, rect, (255, 250, 236), radius=8, shadow=4, border=theme.INK_FAINT, border_width=1)
        surface.blit(image, image.get_rect(center=rect.center))

    def seat_box(self, surface, rect: pygame.Rect, seat: int) -> None:
        state = self.state()
        on_turn = self.controller.to_act() == seat
        panel(surface, rect, theme.PAPER, radius=12, shadow=5,
              border=theme.ACCENT if on_turn else theme.PAPER_DARK, border_width=3 if on_turn else 1)
        pygame.draw.circle(surface, BRIDGE_EDGES[seat], (rect.x + 26, rect.y + 28), 15)
        pygame.draw.circle(surface, BRIDGE_COLOURS[seat], (rect.x + 26, rect.y + 28), 13)
        mark = render_text(SEAT_SYMBOLS[seat], 16, BRIDGE_COLOURS[1 - seat])
        surface.blit(mark, mark.get_rect(center=(rect.x + 26, rect.y + 28)))
        name = render_text(self.host.player_name(seat), 22, theme.INK, bold=True)
        surface.blit(name, (rect.x + 50, rect.y + 14))
        stats = tr("kahuna.ui.seat_stats", points=state.points[seat],
                   stones=state.stones.count(seat), bridges=BRIDGES_PER_PLAYER - state.placed[seat],
                   supply=STONES_PER_PLAYER - state.stones.count(seat))
        image = render_paragraph(stats, 18, theme.INK_SOFT, rect.width - 24)
        surface.blit(image, (rect.x + 14, rect.y + 48))

    def draw_side(self, surface) -> None:
        state = self.state()
        other = 1 - self.me
        top = pygame.Rect(SIDE.x, SIDE.y, SIDE.width, 116)
        self.seat_box(surface, top, other)
        # The opponent's hand: faces when the viewer may see them, else backs with a count.
        cards = self.hand_cards(other)
        count = state.hand_sizes[other]
        xs = row_positions(count, pygame.Rect(SIDE.x, 0, SIDE.width, 0), 44, 6)
        for i, x in enumerate(xs):
            image = card_face(cards[i], (44, 64)) if cards else card_back(44, 64)
            blit_card(surface, image, pygame.Rect(x, SIDE.y + 126, 44, 64))
        label = render_text(tr("kahuna.ui.hand_size", n=count), 16, theme.PAPER)
        surface.blit(label, label.get_rect(midtop=(SIDE.centerx, SIDE.y + 194)))
        round_text = tr("kahuna.ui.round", round=state.round) if state.phase != "final" else tr(
            "kahuna.ui.final_turns")
        head = render_text(round_text, 22, theme.PAPER, bold=True)
        surface.blit(head, head.get_rect(midtop=(SIDE.centerx, SIDE.y + 222)))
        for i, (rect, card) in enumerate(zip(self.display_rects(), state.display, strict=False)):
            lit = self.host.can_act() and any(a.get("card") == ISLANDS[card] for a in self.draw_actions())
            lift = 8 if (i == self.hover_display and lit) else 0
            blit_card(surface, card_face(card, SMALL_CARD), rect, lift, theme.HIGHLIGHT if lit and lift else None)
        if not state.display:
            empty = render_text(tr("kahuna.ui.display_empty"), 18, theme.PAPER_DARK)
            surface.blit(empty, empty.get_rect(center=(SIDE.centerx, SIDE.y + 322)))
        pile = self.pile_rect()
        if state.pile_size:
            can = self.host.can_act() and any(a.get("source") == "pile" for a in self.draw_actions())
            for k in range(min(4, state.pile_size // 4)):
                surface.blit(card_back(*SMALL_CARD), pile.move(-k * 2, -k * 2))
            lift = 8 if self.hover_pile and can else 0
            blit_card(surface, card_back(*SMALL_CARD), pile.move(-min(4, state.pile_size // 4) * 2, 0), lift,
                      theme.HIGHLIGHT if lift else None)
        else:
            pygame.draw.rect(surface, theme.WOOD_LIGHT, pile, 2, border_radius=10)
        corner_badge(surface, pile, state.pile_size, 16)
        text = render_text(tr("kahuna.ui.pile"), 18, theme.PAPER)
        surface.blit(text, text.get_rect(midtop=(pile.centerx, pile.bottom + 8)))
        discard = self.discard_rect()
        if state.discards:
            blit_card(surface, card_face(state.discards[-1], SMALL_CARD), discard)
        else:
            pygame.draw.rect(surface, theme.WOOD_LIGHT, discard, 2, border_radius=10)
        corner_badge(surface, discard, len(state.discards) + sum(state.hidden_sizes), 16)
        text = render_text(tr("kahuna.ui.discards", hidden=sum(state.hidden_sizes)), 16, theme.PAPER)
        surface.blit(text, text.get_rect(midtop=(discard.centerx, discard.bottom + 8)))

    def draw_bottom(self, surface) -> None:
        box = pygame.Rect(BOTTOM.x, BOTTOM.y, 224, BOTTOM.height)
        self.seat_box(surface, box, self.me)
        state = self.state()
        cards = self.hand_cards(self.me)
        rects = self.hand_rects()
        can = self.host.can_act()
        playable = {ISLAND_INDEX[a["card"]] for a in self.actions_of("build")} if can else set()
        hint_cards = set()
        if self.hint and self.hint[0]["type"] in ("build", "remove"):
            hint_cards = {ISLAND_INDEX[c] for c in self.hint[0].get("cards", [self.hint[0].get("card")])}
        if cards is None:
            for x in row_positions(state.hand_sizes[self.me], HAND_AREA, HAND_CARD[0], 14):
                blit_card(surface, card_back(*HAND_CARD), pygame.Rect(x, HAND_AREA.y + 22, *HAND_CARD))
        else:
            for i, (rect, card) in enumerate(zip(rects, cards, strict=True)):
                chosen = i in self.selected
                lift = 22 if chosen else (10 if i == self.hover_card and can else 0)
                glow = theme.ACCENT if chosen else (theme.HIGHLIGHT if card in hint_cards else None)
                if self.discard_mode and i == self.hover_card:
                    glow = theme.BAD
                blit_card(surface, card_face(card, HAND_CARD), rect, lift, glow)
                if can and not chosen and card not in playable and not self.discard_mode:
                    veil = pygame.Surface(HAND_CARD, pygame.SRCALPHA)
                    veil.fill((60, 50, 40, 70))
                    surface.blit(veil, rect)
        hint = render_text(self.status(), 18, theme.PAPER)
        surface.blit(hint, hint.get_rect(midtop=(HAND_AREA.centerx, BOTTOM.y - 2)))
        for button in self.buttons:
            button.draw(surface)

    def draw_picker(self, surface) -> None:
        line, options = self.picker
        rects = self.picker_rects()
        box = rects[0].unionall(rects).inflate(30, 60)
        box.y -= 16
        panel(surface, box, theme.PAPER, radius=12, shadow=8, border=theme.ACCENT, border_width=2)
        label = render_text(tr("kahuna.ui.pay_with"), 18, theme.INK, bold=True)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 6)))
        for rect, action in zip(rects, options, strict=True):
            blit_card(surface, card_face(ISLAND_INDEX[action["card"]], SMALL_CARD), rect)

    def draw_banner(self, surface) -> None:
        title, detail, started = self.banner
        age = min(1.0, (time.perf_counter() - started) * 4)
        rect = pygame.Rect(0, 0, 620, 150)
        rect.center = (BOARD.centerx, BOARD.centery - 30 + (1 - age) * 30)
        panel(surface, rect, theme.PAPER, radius=16, shadow=10, border=theme.ACCENT, border_width=3)
        head = render_text(title, 34, theme.INK, bold=True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 22)))
        body = render_paragraph(detail, 22, theme.INK_SOFT, rect.width - 40, align="center")
        surface.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 78)))

    # -- words --------------------------------------------------------------------------------
    def draw_summary(self, surface, rect) -> None:
        """The three scorings, round by round: stones on the board and the points they brought."""
        history = self.state().history
        if not history:
            return
        head = render_text(tr("kahuna.ui.summary"), 24, theme.INK_SOFT, bold=True)
        surface.blit(head, rect.topleft)
        columns = (rect.x + 190, rect.x + 300, rect.x + 410)
        y = rect.y + 42
        for x, key in zip(columns[1:], ("kahuna.ui.summary.stones", "kahuna.ui.summary.points"), strict=True):
            label = render_text(tr(key), 18, theme.INK_SOFT)
            surface.blit(label, label.get_rect(midtop=(x, y)))
            for seat, dx in ((0, -24), (1, 24)):  # whose number is whose, as "a – b" below
                player_token(surface, (x + dx, y + 36), 8, seat, "kahuna")
        y += 56
        for number, stones, points in history:
            label = render_text(tr("kahuna.ui.summary.round", round=number), 20, theme.INK)
            surface.blit(label, (rect.x, y))
            for x, pair in zip(columns[1:], (stones, points), strict=True):
                text = render_text(f"{pair[0]} – {pair[1]}", 20, theme.INK, bold=pair is points and max(pair) > 0)
                surface.blit(text, text.get_rect(midtop=(x, y)))
            y += 30

    def status(self) -> str:
        if not self.host.can_act():
            return ""
        if self.discard_mode:
            return tr("kahuna.ui.status.discard")
        chosen = self.selected_cards()
        if len(chosen) == 1:
            return tr("kahuna.ui.status.one", card=ISLANDS[chosen[0]])
        if len(chosen) == 2:
            return tr("kahuna.ui.status.two", a=ISLANDS[chosen[0]], b=ISLANDS[chosen[1]])
        state = self.state()
        if state.hand_sizes[self.me] >= HAND_LIMIT and state.phase == PLAY:
            return tr("kahuna.ui.status.full")
        return tr("kahuna.ui.status.idle")

    def tooltip(self) -> str | None:
        for button in self.buttons:
            text = button.tooltip_text()
            if text:
                return text
        if self.hover_line is not None and self.picker is None:
            line = self.hover_line
            removals = self.remove_lines()
            if line in removals:
                return tr("kahuna.ui.tip.remove", line=line_label(line))
            if line in self.build_lines():
                return tr("kahuna.ui.tip.build", line=line_label(line))
        if self.hover_pile:
            return tr("kahuna.ui.tip.pile")
        return None

