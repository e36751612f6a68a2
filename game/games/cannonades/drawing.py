"""Drawing the Cannonades table: the sea, the seats' boxes, ships, hands, piles, targets and effects.

The unchanging parts (the wood, the sea, the boxes and their empty berths) are drawn once per
seating into a cached layer; each frame adds only what moves or changes on top of it.
"""

from __future__ import annotations

import math
import time
from functools import lru_cache

import pygame

from game.core.i18n import language, tr
from game.games.cannonades import card_art
from game.games.cannonades.anim import ShipView, card_kind
from game.games.cannonades.guide import fleet_guide, grin_guide
from game.games.cannonades.layout import (
    GUIDE_SIZE,
    HAND_CARD,
    LEFT_GUIDE,
    MY_HAND,
    MY_PLATE,
    PILE_CARD,
    RIGHT_GUIDE,
    SeatLayout,
    hand_order,
    seat_layouts,
)
from game.games.cannonades.rules import MAX_SHIPS, UNKNOWN, sink_odds, unseen_counts
from game.games.cannonades.words import colour_name, sentence
from game.ui import theme
from game.ui.badge import corner_badge
from game.ui.cards import blit_card
from game.ui.connection import connection_badge
from game.ui.draw import felt_texture, for_display, panel, player_token, shadow_surface, table_background
from game.ui.fan import fan_layout, turned
from game.ui.fonts import fit_paragraph, render_fitted, render_paragraph, render_text, text_size
from game.ui.table import BOARD_AREA

SEA_FELT = (28, 72, 96)
BOX_WOOD = (62, 42, 30)
BOX_EDGE = (104, 74, 50)
BERTH = (50, 34, 24)
BERTH_EDGE = (86, 62, 44)
PLATE = (48, 32, 22)
TARGET_GLOW = (255, 214, 92)
TARGET_HOT = (236, 64, 44)
STANDOFF_RED = (178, 30, 36)
ACTION_KINDS = ("add", "shoot", "draw", "board", "end")


@lru_cache(maxsize=64)
def dim_veil(image: pygame.Surface) -> pygame.Surface:
    """A soft shade over exactly the card's shape (a card no action can use now)."""
    return pygame.mask.from_surface(image).to_surface(setcolor=(40, 30, 20, 60), unsetcolor=(0, 0, 0, 0))



@lru_cache(maxsize=8)
def aim_veil(size: tuple[int, int]) -> pygame.Surface:
    """The shade over a ship the card aimed with cannot sink: the eye goes to those it can."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (10, 14, 24, 150), veil.get_rect(), border_radius=max(8, size[0] // 9))
    return for_display(veil)


@lru_cache(maxsize=4)
def table_layer(players: int, me: int) -> pygame.Surface:
    """The wood, the sea and every seat's box with its empty berths, for one seating."""
    from game.ui.theme import LOGICAL_SIZE

    surface = pygame.Surface(LOGICAL_SIZE)
    table_background(surface)
    sea = BOARD_AREA.inflate(-8, -8)
    surface.blit(shadow_surface(sea.width, sea.height, 18, 10), (sea.x - 10, sea.y - 5))
    surface.blit(felt_texture(sea.width, sea.height, SEA_FELT), sea.topleft)
    pygame.draw.rect(surface, theme.WOOD_DARK, sea, 4, border_radius=6)
    for layout in seat_layouts(players, me).values():
        panel(surface, layout.box, BOX_WOOD, radius=14, shadow=6, border=BOX_EDGE, border_width=2)
        if layout.mine:
            pygame.draw.rect(surface, PLATE, MY_PLATE, border_radius=12)
        for rect in layout.slots:
            radius = max(8, rect.width // 9)
            pygame.draw.rect(surface, BERTH, rect, border_radius=radius)
            pygame.draw.rect(surface, BERTH_EDGE, rect, 2, border_radius=radius)
    return for_display(surface, alpha=False)


class CannonadesDrawing:
    """Draws a ``CannonadesTable`` as it is now: what its ``shown`` model holds, moved by its animation."""

    def __init__(self, table):
        self.table = table

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(table_layer(table.players, table.me), (0, 0))
        if table.players <= 3:
            self.draw_guides(surface)
        self.draw_centre(surface)
        layouts = table.layouts()
        for layout in layouts.values():
            if not layout.mine:
                self.draw_opponent(surface, layout)
        self.draw_mine(surface, layouts[table.me])
        self.draw_effects(surface)
        self.draw_odds(surface)
        if table.animation.banner:
            self.draw_banner(surface)
        if table.dialog is not None:
            table.dialog.draw(surface)

    def draw_guides(self, surface) -> None:
        """Beside the piles, where no seat sits: the colour guide and Captain Grin."""
        table = self.table
        unseen = tuple(unseen_counts(table.state()))
        surface.blit(fleet_guide(unseen, table.deck, GUIDE_SIZE, language()), LEFT_GUIDE.topleft)
        surface.blit(grin_guide(GUIDE_SIZE, language()), RIGHT_GUIDE.topleft)

    # centre
    def draw_centre(self, surface) -> None:
        table = self.table
        centre = table.centre()
        shown = table.shown
        self.draw_turn_line(surface, centre.turn_line)
        pile = centre.pile
        if shown.pile:
            depth = min(5, (shown.pile + 7) // 8)
            for k in range(depth):
                surface.blit(card_art.back(*PILE_CARD), pile.move(-2 * (depth - k), -2 * (depth - k)))
            blit_card(surface, card_art.back(*PILE_CARD), pile, 6 if table.hover == ("pile",) else 0)
        else:
            self.empty_slot(surface, pile, tr("cannonades.ui.pile_empty"))
        corner_badge(surface, pile, shown.pile, 16)
        self.label_under(surface, pile, tr("cannonades.ui.pile"))
        played = centre.played
        if table.last_play is not None:
            image = card_art.face(table.last_play.kind, *PILE_CARD) if table.last_play.kind != UNKNOWN else \
                card_art.back(*PILE_CARD)
            if table.last_play.resolved:
                image = image.copy()
                image.set_alpha(150)
            blit_card(surface, image, played)
            room = (centre.discard.x - centre.pile.right) - 24
            caption = render_fitted(self.play_caption(), 16, theme.PAPER, room)
            surface.blit(caption, caption.get_rect(midtop=(played.centerx, played.bottom + 12)))
        else:
            self.empty_slot(surface, played, tr("cannonades.ui.played"))
        discard = centre.discard
        if shown.discard:
            depth = min(4, (len(shown.discard) + 7) // 8)
            for k in range(depth):
                surface.blit(card_art.face(shown.discard[max(0, len(shown.discard) - 2 - k)], *PILE_CARD),
                             discard.move(2 * (depth - k), -2 * (depth - k)))
            blit_card(surface, card_art.face(shown.discard[-1], *PILE_CARD), discard,
                      6 if table.hover == ("discard",) else 0, theme.HIGHLIGHT if table.hover == ("discard",) else None)
        else:
            self.empty_slot(surface, discard, tr("cannonades.ui.discard_empty"))
        corner_badge(surface, discard, len(shown.discard), 16)
        label = table.discard_label_rect()
        hot = table.hover == ("discard",)
        panel(surface, label, theme.mix(theme.WOOD_DARK, theme.WOOD_LIGHT, 0.6 if hot else 0.0), radius=9, shadow=2,
              border=theme.PAPER_DARK, border_width=1)
        self.draw_eye(surface, (label.x + 18, label.centery))
        text = render_text(tr("cannonades.ui.discard_view"), 17, theme.PAPER)
        surface.blit(text, text.get_rect(midleft=(label.x + 34, label.centery)))
        self.draw_prompt(surface, centre, label)
        if not table.host.interactive:
            return
        if table.mode == "reveal":
            table.back_button.rect.center = centre.bar.center
            table.back_button.draw(surface)
        else:
            hint_kind = table.hint[0]["type"] if table.hint else None
            for kind, button in zip(ACTION_KINDS, table.buttons, strict=True):
                button.selected = table.mode == kind or (hint_kind == kind and kind in ("add", "draw", "end"))
                button.draw(surface)

    def draw_prompt(self, surface, centre, discard_label: pygame.Rect) -> None:
        """What to do now, in the band between the piles' labels and the action bar (never under them)."""
        prompt = sentence(self.table.status())
        if not prompt:
            return
        labels = [discard_label.bottom, centre.pile.bottom + 10 + text_size("Ag", 16)[1]]
        if self.table.last_play is not None:
            labels.append(centre.played.bottom + 12 + text_size("Ag", 16)[1])
        top = max(labels) + 4
        band = pygame.Rect(0, top, min(centre.area.width - 40, 640), centre.bar.y - 4 - top)
        band.centerx = centre.area.centerx
        image = fit_paragraph(prompt, 19, theme.PAPER, band, align="center")
        clip = surface.get_clip()
        surface.set_clip(band.inflate(0, 4))
        top = band.y + max(0, (band.height - image.get_height()) // 2)
        surface.blit(image, image.get_rect(midtop=(band.centerx, top)))
        surface.set_clip(clip)

    def play_caption(self) -> str:
        table = self.table
        play = table.last_play
        attacker = table.host.player_name(play.seat)
        target = table.host.player_name(play.target)
        if play.outcome is None:
            key = "cannonades.ui.played.boarding" if play.boarding else "cannonades.ui.played.firing"
            return tr(key, attacker=attacker, target=target)
        return tr(f"cannonades.ui.played.{play.outcome}", attacker=attacker, target=target)

    def draw_turn_line(self, surface, rect: pygame.Rect) -> None:
        table = self.table
        shown = table.shown
        if shown.standoff:
            panel(surface, rect, (26, 20, 20), radius=10, shadow=4, border=STANDOFF_RED, border_width=3)
            queue = [table.host.player_name(s) for s in shown.final_queue if shown.alive[s]]
            if table.controller.to_act() is None:
                detail = tr("cannonades.ui.standoff.done")
            elif queue:
                detail = tr("cannonades.ui.standoff.queue", name=queue[0], n=len(queue))
            else:
                detail = tr("cannonades.ui.standoff.last")
            title = render_text(tr("cannonades.ui.standoff.ribbon"), 22, (255, 90, 80), bold=True)
            surface.blit(title, title.get_rect(midleft=(rect.x + 16, rect.centery)))
            text = render_fitted(detail, 18, theme.PAPER, rect.width - title.get_width() - 48)
            surface.blit(text, text.get_rect(midleft=(rect.x + title.get_width() + 34, rect.centery)))
            return
        if table.controller.to_act() is None and not shown.alive.count(True) > 1:
            return
        panel(surface, rect, (40, 30, 22), radius=10, shadow=3, border=BOX_EDGE, border_width=1)
        seat = shown.current
        player_token(surface, (rect.x + 22, rect.centery), 12, seat, table.host.spec.id)
        line = tr("cannonades.ui.turn_line", turn=max(1, shown.turn_number), name=table.host.player_name(seat))
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
    def label_under(surface, rect: pygame.Rect, text: str, width: int = 180) -> None:
        image = render_paragraph(text, 16, theme.PAPER, width, align="center")
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.bottom + 10)))

    # seats
    def seat_panel(self, surface, box: pygame.Rect, seat: int) -> None:
        """The box itself is in the table layer; the player on turn gets a glowing rim in their colour."""
        table = self.table
        shown = table.shown
        if shown.current != seat or table.controller.to_act() is None or not shown.alive[seat]:
            return
        style = theme.player_style(seat, table.host.spec.id)
        pulse = 0.5 + 0.5 * math.sin(table.time * 4)
        pygame.draw.rect(surface, theme.mix(style.colour, theme.WHITE, 0.3 * pulse), box, 4, border_radius=14)

    def name_row(self, surface, box: pygame.Rect, seat: int, y: int, x: int | None = None) -> None:
        table = self.table
        shown = table.shown
        x = box.x + 14 if x is None else x
        player_token(surface, (x + 13, y + 14), 13, seat, table.host.spec.id)
        name = render_text(table.host.player_name(seat), 20, theme.PAPER, bold=True)
        surface.blit(name, (x + 32, y + 14 - name.get_height() // 2))
        right = box.right - 14
        badge = connection_badge(surface, table.host, seat, (right - x - 40 - name.get_width()) // 2,
                                 midright=(right, y + 14))
        if badge is not None:
            right = badge.x - 6
        tags = []
        if shown.standoff and shown.trigger == seat:
            tags.append((tr("cannonades.ui.tag.trigger"), STANDOFF_RED))
        if shown.current == seat and table.controller.to_act() is not None and shown.alive[seat]:
            tags.append((tr("cannonades.ui.tag.turn"), theme.ACCENT_DARK))
        deciding = table.controller.to_act()
        phase = table.controller.state.phase
        if deciding == seat and seat != shown.current and not table.busy() and phase in ("reaction", "forced_discard"):
            tags.append((tr(f"cannonades.ui.tag.{phase}"), theme.GOOD))
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
        table = self.table
        seat = layout.seat
        hand = table.shown.hands[seat]
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
        table = self.table
        fade = table.shown.out_fade[seat] if seat < len(table.shown.out_fade) else 0.0
        if fade <= 0:
            return
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (70, 70, 74, round(170 * fade)), veil.get_rect(), border_radius=14)
        surface.blit(veil, box.topleft)
        if fade >= 1 or not table.shown.alive[seat]:
            order = table.shown.eliminated.index(seat) + 1 if seat in table.shown.eliminated else 0
            text = tr("cannonades.ui.out", n=order) if order else tr("cannonades.ui.fx.out")
            stamp = render_text(text, 30, (230, 226, 220), bold=True)
            frame = stamp.get_rect(center=box.center).inflate(28, 12)
            pygame.draw.rect(surface, (60, 58, 62), frame, border_radius=10)
            pygame.draw.rect(surface, (200, 196, 190), frame, 3, border_radius=10)
            surface.blit(stamp, stamp.get_rect(center=frame.center))

    def draw_fleet(self, surface, layout: SeatLayout) -> None:
        table = self.table
        seat = layout.seat
        fleet = table.shown.ships[seat]
        targets = table.targets() if table.host.can_act() else {}
        aiming = table.mode in ("shoot", "board") and bool(targets)
        sinkable = table.sinkable() if aiming else set()
        pulse = 0.5 + 0.5 * math.sin(table.time * 6)
        hint_target = None
        if table.hint and table.hint[0].get("type") in ("shoot", "board"):
            hint_target = (table.hint[0]["seat"], table.hint[0]["slot"])
        elif table.hint and table.hint[0].get("option") == "reveal":
            hint_target = (table.state().reactions[0][1], table.hint[0]["slot"]) if table.state().reactions else None
        for slot, rect in enumerate(layout.slots):
            if slot >= len(fleet):
                continue  # the empty berth is part of the table layer
            ship = fleet[slot]
            rect = rect.move(round(ship.slide.value), 0)
            lit = (seat, slot) in targets
            hovered = table.hover == ("ship", seat, slot)
            if lit:
                colour = TARGET_HOT if hovered else theme.mix(TARGET_GLOW, theme.WHITE, 0.4 * pulse)
                pygame.draw.rect(surface, colour, rect.inflate(14, 14), 5 if hovered else 3, border_radius=14)
            if (seat, slot) == hint_target:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(22 + 6 * pulse, 22 + 6 * pulse), 3,
                                 border_radius=16)
            self.draw_ship(surface, ship, rect, seat, lifted=(layout.mine and table.selected == ("ship", slot)),
                           hovered=hovered and layout.mine and ship.up and table.in_turn())
            if aiming and (seat, slot) not in sinkable and ship.sink == 0 and ship.flip is None:
                surface.blit(aim_veil(rect.size), rect)
            if lit and hovered:
                self.draw_crosshair(surface, rect.center, min(rect.width, rect.height) // 3)

    def ship_image(self, ship: ShipView, size: tuple[int, int], seat: int) -> pygame.Surface:
        table = self.table
        showing_face = ship.up
        if ship.flip is not None:
            showing_face = ship.flip >= 0.5
        if showing_face and ship.kind != UNKNOWN:
            return card_art.face(ship.kind, *size)
        if ship.kind == UNKNOWN or ship.up:
            return card_art.back(*size)
        if table.viewer is None:
            return card_art.marked_back(ship.kind, *size)  # an onlooker sees every ship
        if seat == table.me and not table.state().options["strict_memory"]:
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
        table = self.table
        seat = layout.seat
        shown = table.shown
        self.seat_panel(surface, layout.box, seat)
        plate = MY_PLATE
        self.name_row(surface, pygame.Rect(plate.x, plate.y, plate.width, 40), seat, plate.y + 8, plate.x + 4)
        state = table.state()
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
        if shown.current == seat and table.controller.to_act() is not None and shown.alive[seat]:
            caption = render_text(tr("cannonades.ui.actions_left", n=shown.actions_left), 16, theme.PAPER)
            surface.blit(caption, (plate.x + 14, plate.bottom - 62))
            self.draw_pips(surface, (plate.x + 26, plate.bottom - 26), shown.actions_left)
        onlooker = table.viewer is None
        name = table.host.player_name(seat)
        fleet_text = tr("cannonades.ui.fleet_of", name=name) if onlooker else tr("cannonades.ui.your_fleet")
        fleet_label = render_text(fleet_text, 17, theme.PAPER_DARK)
        surface.blit(fleet_label, (layout.slots[0].x, layout.slots[0].y - 28))
        self.draw_fleet(surface, layout)
        self.draw_my_hand(surface)
        count = len(shown.hands[seat])
        hand_label = render_text(tr("cannonades.ui.hand_of", name=name, n=count) if onlooker else
                                 tr("cannonades.ui.your_hand", n=count), 17, theme.PAPER_DARK)
        surface.blit(hand_label, (MY_HAND.x, layout.slots[0].y - 28))
        self.draw_out_veil(surface, layout.box, seat)

    def draw_my_hand(self, surface) -> None:
        table = self.table
        cards = table.my_hand()
        slots = table.hand_slots()
        can = table.in_turn()
        usable = {card_kind(a.get("card")) for a in table.legal_actions() if a["type"] in ("add", "shoot")} if can \
            else set()
        hint_card = card_kind(table.hint[0].get("card")) if table.hint and table.hint[0]["type"] in (
            "add", "draw", "shoot") else None
        covered = len(slots) > 1 and slots[1].centre[0] - slots[0].centre[0] < HAND_CARD[0] - 4
        for index, (slot, kind) in enumerate(zip(slots, cards, strict=True)):
            chosen = table.selected == ("hand", kind) and cards.index(kind) == index
            hovered = table.hover == ("hand", index)
            lift = 26 if chosen else (12 if hovered and can else 0)
            if kind != UNKNOWN and covered and index < len(slots) - 1:
                image = card_art.indexed_face(kind, *HAND_CARD)  # the next card hides its right side
            else:
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
            if can and not chosen and kind != UNKNOWN and kind not in usable and not table.selected:
                surface.blit(dim_veil(rotated), rect)

    # effects and panels
    def draw_effects(self, surface) -> None:
        table = self.table
        if table.animation.blast:
            start, end, t = table.animation.blast
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
        for flight in table.animation.flights:
            flight.draw(surface)
        table.animation.draw_floaters(surface)

    def draw_odds(self, surface) -> None:
        """The chance to sink the hovered target, and the colours that match."""
        table = self.table
        if table.dialog is not None or table.hover is None or table.hover[0] != "ship":
            return
        if table.mode not in ("shoot", "board"):
            return
        _, seat, slot = table.hover
        action = table.targets().get((seat, slot))
        if action is None:
            return
        odds = sink_odds(table.state(), action)
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
        target = table.layouts()[seat].slots[slot]
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
        table = self.table
        title, detail, started = table.animation.banner
        age = min(1.0, (time.perf_counter() - started) * 4)
        rect = pygame.Rect(0, 0, 700, 150)
        rect.center = (BOARD_AREA.centerx, table.centre().area.centery - 20 + (1 - age) * 30)
        panel(surface, rect, (22, 16, 16), radius=16, shadow=12, border=STANDOFF_RED, border_width=5)
        head = render_text(title, 44, (255, 84, 72), bold=True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 18)))
        body = render_paragraph(detail, 21, theme.PAPER, rect.width - 48, align="center")
        surface.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 84)))
