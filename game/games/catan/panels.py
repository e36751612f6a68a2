"""The panels around the Catan island: a panel per player (name, points, cards, knights, road, pieces
left, Longest Road and Largest Army, their answer to a trade), the bank with the development deck and
the two special cards, the ribbon that says what to do, the hand, the development cards, and the
buttons of the build bar.

Each panel registers the tooltips of what it drew with the table's ``tips``. A game with more to show
for a player (its own figures, its own kinds of pieces) overrides ``chips`` and ``piece_kinds``.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan import board
from game.games.catan.card_art import dev_back, dev_card, dev_icon, resource_back
from game.games.catan.dialogs import answer_words
from game.games.catan.rules import devs_of
from game.ui import theme
from game.ui.badge import corner_badge
from game.ui.cards import blit_card
from game.ui.connection import badge_text, badge_width, connection_badge, connection_tip
from game.ui.draw import panel, player_token
from game.ui.fonts import fit_line, render_fitted, render_paragraph, render_text, text_size
from game.ui.region_cache import region_key
from game.ui.widgets import Button

SOURCE_COLOURS = {"settlements": (120, 160, 90), "cities": (196, 120, 60), "longest_road": (150, 104, 62),
                  "largest_army": (120, 110, 170), "victory_points": (210, 170, 60)}
"""The colour of each source of points: the special cards, their badges, the game-over chart."""
DEV_ORDER = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
PLAYED_PAPER = (236, 228, 212)


def card_title(card: str) -> str:
    return tr(f"catan.card.{card}")


LABEL_SIZE = 17
NAME_SIZE = 20
CHIP_STEP = 84
"""How far apart the figures of a player's panel sit."""
BADGE_UNDER = 24
"""How far under the name's line a connection badge goes where the line has no room for it."""
MARKER_ROOM = 30
"""Beside the name, the room of the turn's marker (▶) and the gaps around it."""
BESIDE_ICON = 56
"""A build button's width taken by its icon on the left and its hotkey in the top right corner."""


class BuildButton(Button):
    """A button of the build bar: the piece, its name, its hotkey and the cards it costs (those the hand
    lacks faded)."""

    def __init__(self, rect, kind: str, number: int, cost: tuple, table):
        super().__init__(rect, lambda: tr(f"catan.ui.build.{kind}"), lambda: table.choose_build(kind), size=17,
                         enabled_fn=lambda: table.tips.build_reason(kind) is None,
                         reason=lambda: table.tips.build_reason(kind), tooltip=lambda: tr(f"catan.ui.build.{kind}.tip"))
        self.kind = kind
        self.number = number
        self.cost = cost
        self.table = table
        self.short_label = None
        """A shorter name for a bar too narrow for the whole one (None: the name is cut to fit)."""

    def stacked(self) -> bool:
        """True when a name of the bar does not fit beside its icon: every name then goes under its icon,
        across the whole button, so the bar reads alike and none is cut."""
        return any(text_size(button.label(), LABEL_SIZE, True)[0] > button.rect.width - BESIDE_ICON
                   for button in self.table.buttons if isinstance(button, BuildButton))

    def look(self) -> tuple:
        table = self.table
        hand = table.my_hand()
        return (*super().look(), table.me, tuple(hand) if hand else None)

    def draw(self, surface):
        table = self.table
        fill, ink = self.colours()
        rect = self.rect.move(0, 2 if self.pressed else 0)
        border = theme.ACCENT if self.selected else theme.INK_FAINT
        panel(surface, rect, fill, radius=10, shadow=0 if self.pressed else 4, border=border,
              border_width=3 if self.selected else 1)
        icon = dev_back(22, 30) if self.kind == "development" else table.board.icon(self.kind, 30, table.me)
        text = self.label()
        if not self.stacked():
            surface.blit(icon, icon.get_rect(center=(rect.x + 22, rect.y + 24)))
            label = render_text(text, LABEL_SIZE, ink, bold=True)
            surface.blit(label, label.get_rect(midleft=(rect.x + 40, rect.y + 24)))
        else:
            surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.y + 20)))
            if self.short_label and fit_line(text, LABEL_SIZE, rect.width - 10, bold=True) != text:
                text = self.short_label()
            label = render_fitted(text, LABEL_SIZE, ink, rect.width - 10, bold=True)
            surface.blit(label, label.get_rect(center=(rect.centerx, rect.y + 45)))
        key = render_text(str(self.number), 13, theme.INK_FAINT, bold=True)
        surface.blit(key, key.get_rect(topright=(rect.right - 6, rect.y + 3)))
        cost = self.cost
        icons = [r for r in range(len(cost)) for _ in range(cost[r])]
        size = 22 if len(icons) <= 4 else 19
        x = rect.centerx - (len(icons) * (size - 2)) // 2
        hand = table.my_hand()
        held = list(hand) if hand else [0] * len(table.card_kinds)
        for r in icons:
            image = table.card_icon(table.card_kinds[r], size)
            if held[r] <= 0:
                image = image.copy()
                image.set_alpha(90)
            held[r] -= 1
            surface.blit(image, (x, rect.bottom - size - 8))
            x += size - 2


class CatanPanels:
    """Draws the panels of a ``CatanTable``."""

    piece_kinds = ("road", "settlement", "city")
    """The pieces counted as left in a player's panel."""
    name_room = 150
    """The width of a player's panel kept free of their name (for the points and a game's own figures)."""
    thinking_in_name = True
    """Whether a computer player's thinking may take the second line of a name too long for one (where
    the panel has no other room for it)."""

    def __init__(self, table):
        self.table = table

    # -- a player ------------------------------------------------------------------------------
    def draw_player(self, surface, seat: int) -> None:
        table = self.table
        state = table.observation()
        tips = table.tips
        rect = table.panel_rect(seat)
        style = table.seat_style(seat)
        on_turn = state.current == seat and state.phase not in ("layout", "first_player")
        actor = table.controller.to_act()
        pygame.draw.rect(surface, theme.ACCENT if on_turn else theme.PAPER_DARK, rect, 3 if on_turn else 1,
                         border_radius=12)
        pygame.draw.rect(surface, style.colour, (rect.x + 3, rect.y + 10, 6, rect.height - 20), border_radius=3)
        player_token(surface, (rect.x + 32, rect.y + 26), 16, seat, table.game_id)
        dots = self.thinking_dots(seat)
        thinking = tr("catan.ui.thinking") + dots if dots else None
        room = rect.width - self.name_room
        place = self.badge_place(rect, seat)
        if place is not None and not place[1]:
            room -= badge_width(table.host, seat, place[0]) + MARKER_ROOM
        label, said = self.name_label(seat, room, thinking if self.thinking_in_name else None)
        name_y = rect.y + 26 - (BADGE_UNDER // 2 if place is not None and place[1] else 0)
        surface.blit(label, (rect.x + 56, name_y - label.get_height() // 2))
        after = rect.x + 56 + label.get_width() + 6
        if actor == seat and actor != state.current or (on_turn and actor == seat):
            marker = render_text("▶", 16, theme.ACCENT)
            surface.blit(marker, (after, name_y - 9))
            after += marker.get_width() + 6
        if place is not None:
            at = (rect.x + 56, name_y + BADGE_UNDER) if place[1] else (after, name_y)
            drawn = connection_badge(surface, table.host, seat, place[0], midleft=at)
            tips.add(drawn, lambda: connection_tip(table.host, seat))
        self.draw_points(surface, state, seat, rect)
        y = self.chips_y(rect)
        for i, (icon, text, key) in enumerate(self.chips(state, seat)):
            cx = rect.x + 20 + i * CHIP_STEP
            surface.blit(icon, icon.get_rect(midleft=(cx, y + 14)))
            number = render_text(text, 20, theme.INK, bold=True)
            surface.blit(number, (cx + 28, y + 14 - number.get_height() // 2))
            tips.add(pygame.Rect(cx - 4, y, 80, 28), lambda key=key, seat=seat: tr(key, name=table.seat_name(seat)))
        self.draw_pieces_left(surface, state, seat, rect)
        self.draw_answer_bubble(surface, state, seat, rect)
        if thinking and not said:
            surface.blit(render_text(thinking, 15, theme.INK_SOFT), self.thinking_at(rect))

    def badge_place(self, rect: pygame.Rect, seat: int) -> tuple[int, bool] | None:
        """Where a friend's connection badge goes in their panel: beside the name where it has the room (words
        where they fit, else the mark and the time waited), else under it; (the badge's room, whether under
        the name), or None for a seat with no badge."""
        room = rect.width - self.name_room
        beside = room - text_size(self.table.seat_name(seat), NAME_SIZE, True)[0] - MARKER_ROOM
        width = badge_width(self.table.host, seat, beside)
        if not width:
            return None
        return (beside, False) if width <= beside else (room, True)

    def thinking_at(self, rect: pygame.Rect) -> tuple[int, int]:
        """Where a computer player's "thinking…" goes in its panel: under its name."""
        return rect.x + 56, rect.y + 36

    def chips_y(self, rect: pygame.Rect) -> int:
        """The top of the row of figures (cards, ...) across the middle of a player's panel."""
        return rect.y + rect.height // 2 - 4

    def name_label(self, seat: int, room: int, note: str | None = None) -> tuple[pygame.Surface, bool]:
        """A player's name, marked "(you)" for the person at the screen, and whether ``note`` is in it. A
        name that does not fit on one line goes on two instead of being cut: its bracketed end (the mark,
        a computer player's level) under the rest, or ``note`` (its thinking) while there is one."""
        table = self.table
        name = table.seat_name(seat)
        if seat == table.viewer:
            name = tr("catan.ui.you", name=name)
        cut = max(name.rfind(" ("), name.rfind("（"))
        if cut <= 0 or text_size(name, NAME_SIZE - 2, True)[0] <= room:
            return render_fitted(name, NAME_SIZE, theme.INK, room, bold=True), False
        first = render_fitted(name[:cut], NAME_SIZE - 2, theme.INK, room, bold=True)
        rest = render_fitted(note or name[cut:].strip(), 14, theme.INK_SOFT, room, bold=note is None)
        label = pygame.Surface((max(first.get_width(), rest.get_width()), first.get_height() + rest.get_height() - 4),
                               pygame.SRCALPHA)
        label.blit(first, (0, 0))
        label.blit(rest, (0, first.get_height() - 4))
        return label, note is not None

    def thinking_dots(self, seat: int) -> str:
        """The dots after "thinking" in the panel of a computer player deciding now (one to three, in
        time), else ""."""
        table = self.table
        if table.controller.to_act() != seat or table.controller.is_human(seat):
            return ""
        if not getattr(table.host, "thinking_since", None):
            return ""
        return "." * (1 + int(table.time * 3) % 3)

    def player_key(self, seat: int) -> tuple:
        """Everything a player's panel shows depends on (see ``RegionCache``): the position as the screen
        may see it, whose screen it is, who decides and how far their thinking dots have come."""
        table = self.table
        return region_key(table.observation(), seat, table.viewer, table.me, table.controller.to_act(),
                          self.thinking_dots(seat), table.host.colour_blind(),
                          self.badge_key(seat))

    def badge_key(self, seat: int) -> tuple | None:
        """What the connection badge in a player's panel shows, and where."""
        place = self.badge_place(self.table.panel_rect(seat), seat)
        return None if place is None else (place, badge_text(self.table.host, seat, place[0]))

    def draw_points(self, surface, state, seat: int, rect) -> None:
        """The points everyone sees, and for their owner the hidden victory point cards beside them."""
        table = self.table
        points = table.ruleset.public_points(state, seat)
        devs = state.devs[seat]
        hidden = devs[board.VICTORY_POINT] if devs is not None and seat == table.viewer else 0
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
        table.tips.add(points_rect, lambda: tr(
            "catan.ui.tip.points_hidden" if hidden else "catan.ui.tip.points", name=table.seat_name(seat),
            points=points, hidden=hidden, total=points + hidden))

    def chips(self, state, seat: int) -> list[tuple[pygame.Surface, str, str]]:
        """(icon, figure, tooltip key) of each figure in a player's panel: cards, development cards,
        knights played, road length."""
        table = self.table
        return [
            (resource_back(18, 26), str(table.ruleset.cards_of(state, seat)), "catan.ui.tip.cards"),
            (dev_back(18, 26), str(devs_of(state, seat)), "catan.ui.tip.devs"),
            (dev_icon("knight", 26), str(state.played[seat][board.KNIGHT]), "catan.ui.tip.knights"),
            (table.board.icon("road", 24, seat), str(state.road_lengths[seat]), "catan.ui.tip.road"),
        ]

    def draw_pieces_left(self, surface, state, seat: int, rect) -> None:
        """The pieces a player has left, and the special cards they hold."""
        table = self.table
        y2 = rect.bottom - 30
        left = {kind: board.PIECE_LIMITS[kind] - state.pieces[seat][i] for i, kind in enumerate(self.piece_kinds)}
        for i, kind in enumerate(self.piece_kinds):
            cx = rect.x + 20 + i * 62
            icon = table.board.icon(kind, 22, seat)
            surface.blit(icon, icon.get_rect(midleft=(cx, y2 + 10)))
            number = render_text(str(left[kind]), 17, theme.INK_SOFT)
            surface.blit(number, (cx + 25, y2 + 10 - number.get_height() // 2))
        table.tips.add(pygame.Rect(rect.x + 14, y2 - 2, 186, 24), lambda: tr(
            "catan.ui.tip.pieces", name=table.seat_name(seat), roads=left["road"], settlements=left["settlement"],
            cities=left["city"]))
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
            table.tips.add(pill, lambda kind=kind: tr(f"catan.ui.tip.{kind}"))
            x = pill.x - 6

    def draw_answer_bubble(self, surface, state, seat: int, rect) -> None:
        """What a player answered the offer on the table (or "…" while they think)."""
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
        else:
            text, colour = answer_words(answer)
        image = render_text(text, 17, theme.WHITE, bold=True)
        bubble = image.get_rect().inflate(18, 10)
        bubble.midright = (rect.right - 70, rect.y + 26)
        panel(surface, bubble, colour, radius=10, shadow=3)
        surface.blit(image, image.get_rect(center=bubble.center))

    # -- the bank ------------------------------------------------------------------------------
    def draw_bank(self, surface) -> None:
        table = self.table
        state = table.observation()
        bank_rect = table.layout.bank
        tips = table.tips
        title = render_text(tr("catan.ui.bank"), 18, theme.INK_SOFT, bold=True)
        surface.blit(title, (bank_rect.x + 14, bank_rect.y + 10))
        rects = table.bank_rects()
        for r, name in enumerate(table.card_kinds):
            blit_card(surface, table.card_face(name, 44, 62), rects[r])
            corner_badge(surface, rects[r], state.bank[r], 13)
            tips.add(rects[r], lambda r=r, name=name: tr("catan.ui.tip.bank", resource=tr(
                f"catan.resource.{name}"), count=state.bank[r]))
        deck = rects[len(table.card_kinds)].move(8, 0)
        if state.deck_count:
            blit_card(surface, dev_back(44, 62), deck)
        else:
            pygame.draw.rect(surface, theme.PAPER_DARK, deck, 2, border_radius=10)
        corner_badge(surface, deck, state.deck_count, 13)
        tips.add(deck, lambda: tr("catan.ui.tip.deck", count=state.deck_count))
        for i, kind in enumerate(("longest_road", "largest_army")):
            box = pygame.Rect(bank_rect.x + 12 + i * 174, bank_rect.y + 122, 166, 64)
            holder = state.longest_road if kind == "longest_road" else state.largest_army
            fill = theme.mix(SOURCE_COLOURS[kind], theme.PAPER, 0.75)
            panel(surface, box, fill, radius=10, shadow=3, border=SOURCE_COLOURS[kind], border_width=2)
            head = render_fitted(tr(f"catan.special.{kind}"), 16, theme.INK, box.width - 20, bold=True)
            surface.blit(head, (box.x + 10, box.y + 6))
            if holder >= 0:
                player_token(surface, (box.right - 22, box.bottom - 19), 13, holder, table.game_id)
                figure = state.road_lengths[holder] if kind == "longest_road" else state.played[holder][board.KNIGHT]
                detail = tr(f"catan.ui.special.{kind}", count=figure)
            else:
                detail = tr(f"catan.ui.special.{kind}.free")
            text = render_fitted(detail, 15, theme.INK_SOFT, box.width - (50 if holder >= 0 else 20))
            surface.blit(text, (box.x + 10, max(box.y + 8 + head.get_height(), box.bottom - 6 - text.get_height())))
            tips.add(box, lambda kind=kind, holder=holder: tr(f"catan.ui.tip.{kind}") + (
                "\n" + tr("catan.ui.tip.holder", name=table.seat_name(holder)) if holder >= 0 else ""))

    # -- the ribbon, the hand and the development cards ------------------------------------------
    def draw_ribbon(self, surface) -> None:
        table = self.table
        ribbon = table.layout.ribbon
        status = table.status()
        player_token(surface, (ribbon.x + 18, ribbon.centery), 11, table.me if status else self.awaited_seat(),
                     table.game_id)
        image = render_text(status or table.tips.watch_status(), 18, theme.PAPER, bold=bool(status))
        if image.get_width() > ribbon.width - 50:
            image = pygame.transform.smoothscale_by(image, (ribbon.width - 50) / image.get_width())
        surface.blit(image, image.get_rect(midleft=(ribbon.x + 38, ribbon.centery)))

    def awaited_seat(self) -> int:
        """Whose token the ribbon shows while the person at the screen waits: the player deciding, or
        the player on turn while chance decides."""
        actor = self.table.controller.to_act()
        return actor if isinstance(actor, int) and actor >= 0 else self.table.observation().current

    def hand_key(self) -> tuple:
        """Everything the hand shows depends on (see ``RegionCache``)."""
        table = self.table
        return region_key(table.observation(), table.me)

    def draw_hand(self, surface) -> None:
        table = self.table
        state = table.observation()
        layout = table.layout
        hand = table.my_hand()
        title = render_text(tr("catan.ui.hand", name=table.seat_name(table.me)), 16, theme.PAPER_DARK, bold=True)
        surface.blit(title, (layout.hand.x + 12, layout.hand.y + 6))
        for r, rect in enumerate(table.hand_rects()):
            if hand is None:
                blit_card(surface, resource_back(*layout.hand_card), rect)
                continue
            count = hand[r]
            name = table.card_kinds[r]
            face = table.card_face(name, *layout.hand_card)
            for k in range(min(2, max(0, count - 1)), 0, -1):
                surface.blit(face, rect.move(k * 4, -k * 4))
            image = face
            if not count:
                image = image.copy()
                image.set_alpha(80)
            blit_card(surface, image, rect)
            corner_badge(surface, rect, count, 13)
            table.tips.add(rect, lambda name=name, count=count: tr("catan.ui.tip.hand", count=count, resource=tr(
                f"catan.resource.{name}")))
        if hand is None:
            text = render_text(tr("catan.ui.hidden_hand", count=table.ruleset.cards_of(state, table.me)), 18,
                               theme.PAPER)
            surface.blit(text, text.get_rect(center=layout.hand.center))

    def draw_devs(self, surface) -> None:
        table = self.table
        state = table.observation()
        devs_rect = table.layout.devs
        title = render_text(tr("catan.ui.devs"), 16, theme.PAPER_DARK, bold=True)
        surface.blit(title, (devs_rect.x + 12, devs_rect.y + 6))
        cards = table.my_dev_cards()
        playable = {a["card"] for a in table.actions_of("play")}
        for (rect, card), (_, new) in zip(table.dev_rects(), cards, strict=True):
            hovered = rect.collidepoint(table.mouse) and table.dialog is None
            can = card in playable
            lift = 12 if hovered and can else 0
            glow = theme.HIGHLIGHT if can and (hovered or (table.hint and table.hint[0].get("card") == card)) else None
            blit_card(surface, dev_card(card, *table.layout.dev_size, card_title(card)), rect, lift, glow)
            if new:
                tag = render_text(tr("catan.ui.new"), 13, theme.WHITE, bold=True)
                pill = tag.get_rect().inflate(8, 4)
                pill.midbottom = (rect.centerx, rect.bottom - lift - 2)
                pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=6)
                surface.blit(tag, tag.get_rect(center=pill.center))
            table.tips.add(rect, lambda card=card, new=new: table.tips.dev_tip(card, new))
        if not cards:
            hidden = devs_of(state, table.me)
            key = "catan.ui.no_devs" if state.devs[table.me] is not None else "catan.ui.hidden_devs"
            text = render_paragraph(tr(key, count=hidden), 16, theme.PAPER_DARK, devs_rect.width - 30, align="center")
            surface.blit(text, text.get_rect(center=(devs_rect.centerx, devs_rect.y + 68)))
        played = state.played[table.me]
        if not any(played):
            return
        label = render_text(tr("catan.ui.played"), 14, theme.PAPER_DARK)
        y = devs_rect.bottom - 34
        surface.blit(label, (devs_rect.x + 12, y + 8))
        x = devs_rect.x + 18 + label.get_width()
        for card in DEV_ORDER:
            count = played[board.DEV_CARDS.index(card)]
            if not count:
                continue
            mini = pygame.Rect(x, y, 30, 30)
            pygame.draw.rect(surface, PLAYED_PAPER, mini, border_radius=6)
            surface.blit(dev_icon(card, 26), (x + 2, y + 2))
            number = render_text(f"×{count}", 14, theme.PAPER, bold=True)
            surface.blit(number, (mini.right + 2, y + 8))
            table.tips.add(mini.inflate(20, 0), lambda card=card, count=count: tr(
                "catan.ui.tip.played", card=card_title(card), count=count))
            x += 26 + number.get_width() + 8
