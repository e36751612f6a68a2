"""The questions the Cities & Knights table asks, on base Catan's ``CatanDialog``.

Most are a choice among a few things drawn as buttons with a picture (``OptionsDialog``): a card
kind (monopolies, the Merchant Fleet, the Aqueduct, a card to give, take or hand over), a player
(the Deserter, the Spy, the Master Merchant, the Commercial Harbor), a deck, a progress card (to
discard over the limit or to take with the Spy), the dice of the Alchemist, and what a knight does.
Options that may not be chosen now stay greyed with their reason. The discard of a 7 counts eight
kinds with steppers and is sent as one card after another, as the engine takes it. The improvement
chart shows every player's levels on the three tracks and buys the next level.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.i18n import tr
from game.games.catan.dialogs import CatanDialog, DiscardDialog, IconButton
from game.games.catan.pieces import robber_image
from game.games.catan_ck.card_art import TRACK_COLOUR, kind_icon, progress_back
from game.games.catan_ck.cards import ABILITY_LEVEL, KINDS, LEVELS, METROPOLIS_LEVEL, TRACK_COMMODITY, TRACKS
from game.games.catan_ck.pieces import knight_image
from game.games.catan_ck.rules import deck_size
from game.ui import theme
from game.ui.dialog import Choice
from game.ui.dice import die_face
from game.ui.draw import player_token
from game.ui.fonts import render_paragraph, render_text
from game.ui.widgets import Button

OPTION_W, OPTION_H = 112, 100


@dataclass
class Option:
    """One choice of an ``OptionsDialog``: its picture and words, what it does, and why not (None: it may)."""

    icon: pygame.Surface
    label: str
    on_click: object
    reason: str | None = None
    tooltip: str | None = None


class OptionsDialog(CatanDialog):
    """A question answered by one click on a picture; ``kind`` names it for the table, ``back`` adds a
    button that closes it (a question the game asks has none: it must be answered)."""

    def __init__(self, table, kind: str, title: str, body: str, options: list[Option], back: bool = False,
                 extra: list[Choice] = (), size: tuple[int, int] = (OPTION_W, OPTION_H)):
        self.kind = kind
        w, h = size
        per_row = max(1, min(len(options), 7))
        rows = (len(options) + per_row - 1) // per_row
        width = max(560, min(table.dialog_area.width - 20, per_row * (w + 10) + 48))
        choices = list(extra)
        if back:
            choices.append(Choice(lambda: tr("catan.ui.back"), table.close_dialog))
        super().__init__(table, title, body, choices, width=width, content_height=rows * (h + 10),
                         cancel=len(choices) - 1 if back else None)
        rect = self.content_rect
        for i, option in enumerate(options):
            row, col = divmod(i, per_row)
            count = min(per_row, len(options) - row * per_row)
            x0 = rect.centerx - (count * (w + 10) - 10) // 2
            box = pygame.Rect(x0 + col * (w + 10), rect.y + row * (h + 10), w, h)
            reason = option.reason
            tooltip = option.tooltip
            hotkey = pygame.K_1 + i if i < 9 else None
            self.add(IconButton(box, option.icon, option.label, option.on_click, hotkey=hotkey,
                                enabled_fn=lambda reason=reason: reason is None, reason=lambda reason=reason: reason,
                                tooltip=(lambda tooltip=tooltip: tooltip) if tooltip else None))

    def option_buttons(self) -> list[Button]:
        return [w for w in self.widgets if isinstance(w, IconButton)]


def fit(label: str, limit: int = 14) -> str:
    return label if len(label) <= limit else label[:limit - 1] + "…"


def kind_options(table, actions: list[dict], field: str, caption=None) -> list[Option]:
    """An option per card kind among ``actions`` (by ``field``), in the kinds' order."""
    by_kind = {a[field]: a for a in actions}
    options = []
    for name in KINDS:
        if name in by_kind:
            action = by_kind[name]
            label = tr(f"catan.resource.{name}").capitalize()
            options.append(Option(kind_icon(name, 46), caption(name) if caption else label,
                                  lambda action=action: table.act(action), tooltip=label))
    return options


def seat_options(table, actions: list[dict], field: str = "seat") -> list[Option]:
    """An option per other player, those no action names greyed, then each colour beyond the players an
    action names (a neutral colour the Deserter may target in the game for two)."""
    state = table.observation()
    by_seat = {a[field]: a for a in actions}
    seats = [s for s in range(state.players) if s != state.current] + sorted(s for s in by_seat if s >= state.players)
    options = []
    for seat in seats:
        action = by_seat.get(seat)
        icon = pygame.Surface((46, 46), pygame.SRCALPHA)
        player_token(icon, (23, 23), 21, seat, table.game_id)
        reason = None if action is not None else tr("catan_ck.ui.reason.not_them")
        if seat < state.players:
            tooltip = tr("catan_ck.ui.tip.seat_cards", name=table.seat_name(seat),
                         count=table.ruleset.cards_of(state, seat))
        else:
            tooltip = tr("catan_ck.ui.tip.seat_knights", name=table.seat_name(seat),
                         count=state.knight_owner.count(seat))
        options.append(Option(icon, fit(table.seat_name(seat)), lambda action=action: table.act(action), reason,
                              tooltip=tooltip))
    return options


def progress_options(table, cards: list[str], make_action) -> list[Option]:
    """An option per progress card (by name), its face as the picture and its effect as the tip."""
    options = []
    for card in cards:
        options.append(Option(table.progress_face(card, 50, 72), fit(tr(f"catan_ck.card.{card}")),
                              lambda card=card: table.act(make_action(card)),
                              tooltip=tr("catan_ck.ui.card_tip", card=tr(f"catan_ck.card.{card}"),
                                         effect=tr(f"catan_ck.effect.{card}"))))
    return options


def play_dialog(table, card: str, plays: list[dict]) -> OptionsDialog | None:
    """The question a progress card asks before it is played (a kind or a player), or None."""
    title = tr(f"catan_ck.card.{card}")
    body = tr(f"catan_ck.effect.{card}")
    if "resource" in plays[0]:
        return OptionsDialog(table, "play", title, body, kind_options(table, plays, "resource"), back=True)
    if "seat" in plays[0]:
        return OptionsDialog(table, "play", title, body, seat_options(table, plays), back=True)
    return None


def trade_dialog(table, trades: list[dict]) -> OptionsDialog:
    """Trading: any cards with the others or the bank (base Catan's dialog, over the eight kinds), or at once
    a bank trade of a commodity at the rate the player has (trade level 3, a 3:1 harbour, the Merchant Fleet)."""
    state = table.observation()
    rates = state.rates[state.current]
    options = [Option(kind_icon("brick", 46), tr("catan_ck.ui.trade.compose"), table.open_trade_dialog,
                      tooltip=tr("catan.ui.trade.tip"))]
    for action in trades:
        give, get = action["give"], action["get"]
        rate = rates[KINDS.index(give)]
        icon = pygame.Surface((74, 46), pygame.SRCALPHA)
        icon.blit(kind_icon(give, 34), (0, 6))
        icon.blit(kind_icon(get, 34), (40, 6))
        mark = render_text("→", 16, theme.INK, bold=True)
        icon.blit(mark, mark.get_rect(center=(37, 23)))
        options.append(Option(icon, f"{rate}:1", lambda action=action: table.act(action),
                              tooltip=tr("catan_ck.ui.tip.bank_trade", count=rate, give=tr(f"catan.resource.{give}"),
                                         get=tr(f"catan.resource.{get}"))))
    return OptionsDialog(table, "trade", tr("catan.ui.trade"), tr("catan_ck.ui.trade.body"), options, back=True,
                         size=(96, 90))


def alchemist_dialog(table, plays: list[dict]) -> OptionsDialog:
    """The Alchemist: the white die's value, then the red one's (one dialog each)."""
    options = []
    for value in range(1, 7):
        options.append(Option(die_face(value, 46), str(value),
                              lambda value=value: table.open_dialog(red_die_dialog(table, value))))
    return OptionsDialog(table, "dice", tr("catan_ck.card.alchemist"), tr("catan_ck.ui.alchemist.white"), options,
                         back=True, size=(76, 84))


def red_die_dialog(table, white: int) -> OptionsDialog:
    options = []
    for value in range(1, 7):
        action = {"type": "play", "card": "alchemist", "dice": [white, value]}
        options.append(Option(die_face(value, 46, body=(236, 120, 104)), str(value),
                              lambda action=action: table.act(action)))
    return OptionsDialog(table, "dice", tr("catan_ck.card.alchemist"), tr("catan_ck.ui.alchemist.red", white=white),
                         options, back=True, size=(76, 84))


def knight_dialog(table, vertex: int, actions: list[dict]) -> OptionsDialog:
    """What the knight on ``vertex`` does: activate, promote, move (then a corner on the board), chase."""
    state = table.observation()
    seat = state.current
    strength = state.knight_strength[vertex]
    by_type: dict[str, dict] = {}
    for a in actions:
        by_type.setdefault(a["type"], a)
    tips = table.tips
    paint = table.board.paint(seat, False)
    active = state.knight_active[vertex]
    looks = {"activate": knight_image(16, strength, True, paint, None),
             "promote": knight_image(16, min(3, strength + 1), active, paint, None),
             "knight_move": knight_image(16, strength, False, paint, None),
             "chase": robber_image(56)}
    choices = [
        ("activate", tr("catan_ck.ui.knight.activate"), lambda: table.act(by_type["activate"])),
        ("promote", tr("catan_ck.ui.knight.promote"), lambda: table.act(by_type["promote"])),
        ("knight_move", tr("catan_ck.ui.knight.move"), lambda: table.start_move(vertex)),
        ("chase", tr("catan_ck.ui.knight.chase"), lambda: table.act(by_type["chase"])),
    ]
    options = []
    for kind, label, on_click in choices:
        reason = None if kind in by_type else tips.knight_reason(vertex, "move" if kind == "knight_move" else kind)
        options.append(Option(looks[kind], label, on_click, reason, tooltip=tr(f"catan_ck.ui.knight.{kind}.tip")))
    body = tr("catan_ck.ui.knight.body", knight=tr(f"catan_ck.knight.{strength}"), state=tr(
        "catan_ck.ui.knight.active" if state.knight_active[vertex] else "catan_ck.ui.knight.inactive"))
    return OptionsDialog(table, "knight", tr("catan_ck.ui.knight.title"), body, options, back=True, size=(132, 100))


def step_dialog(table, phase: str) -> OptionsDialog | None:
    """The dialog of a step the game asks of the person at the screen, or None when it is on the board."""
    state = table.observation()
    actions = table.legal_actions()
    title = tr(f"catan_ck.ui.dialog.{phase}")
    body = tr(f"catan_ck.ui.status.{phase}")
    if phase == "progress_limit":
        cards = sorted({a["card"] for a in actions})
        return OptionsDialog(table, phase, title, body, progress_options(
            table, cards, lambda c: {"type": "progress_discard", "card": c}), size=(100, 118))
    if phase == "spy":
        cards = sorted({a["card"] for a in actions})
        body = tr("catan_ck.ui.status.spy_of", name=table.seat_name(state.step["seat"]))
        return OptionsDialog(table, phase, title, body, progress_options(
            table, cards, lambda c: {"type": "spy_take", "card": c}), size=(100, 118))
    if phase == "choose_deck":
        options = []
        for t, track in enumerate(TRACKS):
            action = {"type": "choose_deck", "track": track}
            count = deck_size(state, t)
            options.append(Option(progress_back(track, 40, 56), tr("catan_ck.ui.deck_count", track=tr(
                f"catan_ck.track.{track}"), count=count), lambda action=action: table.act(action),
                None if action in actions else tr("catan_ck.ui.reason.deck_empty")))
        return OptionsDialog(table, phase, title, body, options, size=(150, 100))
    if phase == "aqueduct":
        done = [Choice(lambda: tr("catan_ck.ui.take_nothing"), lambda: table.act({"type": "done"}))]
        return OptionsDialog(table, phase, title, body, kind_options(
            table, [a for a in actions if a["type"] == "aqueduct"], "resource"), extra=done)
    if phase == "give":
        return OptionsDialog(table, phase, title, tr("catan_ck.ui.status.give_to", name=table.seat_name(
            state.current), count=state.giving[table.me]), kind_options(table, actions, "card"))
    if phase == "harbour_answer":
        step = state.step
        body = tr("catan_ck.ui.status.harbour_answer_from", name=table.seat_name(state.current),
                  resource=tr(f"catan.resource.{KINDS[step['resource']]}"))
        return OptionsDialog(table, phase, title, body, kind_options(table, actions, "card"))
    if phase == "master_merchant":
        body = tr("catan_ck.ui.status.master_merchant_of", name=table.seat_name(state.step["seat"]),
                  count=state.step["left"])
        return OptionsDialog(table, phase, title, body, kind_options(table, actions, "card"))
    if phase == "harbour_offer":
        return harbour_offer_dialog(table, actions)
    return None


def harbour_offer_dialog(table, actions: list[dict]) -> OptionsDialog:
    """The Commercial Harbor: a resource of yours to a player still to be asked (who must give a commodity)."""
    offers = [a for a in actions if a["type"] == "harbour_offer"]
    options = []
    for a in offers:
        seat, resource = a["seat"], a["resource"]
        icon = pygame.Surface((52, 46), pygame.SRCALPHA)
        icon.blit(kind_icon(resource, 40), (0, 6))
        player_token(icon, (42, 12), 10, seat, table.game_id)
        options.append(Option(icon, fit(table.seat_name(seat), 12), lambda a=a: table.act(a),
                              tooltip=tr("catan_ck.ui.tip.harbour_offer", name=table.seat_name(seat),
                                         resource=tr(f"catan.resource.{resource}"))))
    done = [Choice(lambda: tr("catan_ck.ui.done"), lambda: table.act({"type": "done"}))]
    return OptionsDialog(table, "harbour_offer", tr("catan_ck.ui.dialog.harbour_offer"),
                         tr("catan_ck.ui.status.harbour_offer"), options, extra=done, size=(96, 90))


class KindsDiscardDialog(DiscardDialog):
    """Discard half on a 7 (or the Saboteur) among eight kinds; sent as one card after another."""

    def confirm(self) -> None:
        self.table.act_sequence([{"type": "discard", "card": name} for name, n in self.chosen_cards().items()
                                 for _ in range(n)])


class ImprovementDialog(CatanDialog):
    """The improvement chart: the three tracks with their five levels (names, the level-3 ability, the
    metropolis at 4 and 5), every player's token at their level, and a button per track that buys the
    next level, with its cost and what it gives, or why not."""

    kind = "improve"
    ROW = 74

    def __init__(self, table):
        super().__init__(table, lambda: tr("catan_ck.ui.improve.title"), lambda: tr("catan_ck.ui.improve.body"),
                         [Choice(lambda: tr("catan.ui.back"), table.close_dialog)], width=860,
                         content_height=3 * self.ROW + 4, draw_content=self.draw_chart, cancel=0)
        rect = self.content_rect
        tips = table.tips
        for t, track in enumerate(TRACKS):
            box = pygame.Rect(rect.right - 170, rect.y + t * self.ROW + 6, 170, self.ROW - 12)
            self.add(Button(box, lambda t=t: self.buy_label(t), lambda track=track: table.improve(track), size=17,
                            style="primary", hotkey=pygame.K_1 + t,
                            enabled_fn=lambda track=track: tips.improve_reason(track) is None,
                            reason=lambda track=track: tips.improve_reason(track),
                            tooltip=lambda t=t: self.gain(t)))

    def level_of(self, t: int) -> int:
        state = self.table.observation()
        return state.improvements[self.table.me][t]

    def buy_label(self, t: int) -> str:
        level = self.level_of(t) + 1
        if level > LEVELS:
            return tr("catan_ck.ui.improve.top")
        cost = max(0, level - self.table.observation().cranes)
        return tr("catan_ck.ui.improve.buy", level=level, count=cost,
                  commodity=tr(f"catan.resource.{KINDS[TRACK_COMMODITY[t]]}"))

    def gain(self, t: int) -> str:
        """What the next level of track ``t`` gives."""
        track = TRACKS[t]
        level = self.level_of(t) + 1
        if level > LEVELS:
            return tr("catan_ck.ui.improve.top")
        text = tr("catan_ck.ui.improve.gain", level=level, name=tr(f"catan_ck.level.{track}.{level}"),
                  chance=level + 1)
        if level == ABILITY_LEVEL:
            text += "\n" + tr(f"catan_ck.ability.{track}")
        if level >= METROPOLIS_LEVEL:
            text += "\n" + tr(f"catan_ck.ui.improve.metropolis.{level}")
        return text

    def draw_chart(self, surface, rect) -> None:
        table = self.table
        state = table.observation()
        cell_w = (rect.width - 316) // LEVELS
        for t, track in enumerate(TRACKS):
            y = rect.y + t * self.ROW
            colour = TRACK_COLOUR[track]
            row = pygame.Rect(rect.x, y + 4, rect.width - 180, self.ROW - 8)
            pygame.draw.rect(surface, theme.mix(colour, theme.PAPER, 0.75), row, border_radius=8)
            icon = kind_icon(KINDS[TRACK_COMMODITY[t]], 32)
            surface.blit(icon, (row.x + 6, row.y + 4))
            name = render_text(tr(f"catan_ck.track.{track}").capitalize(), 16, theme.INK, bold=True)
            surface.blit(name, (row.x + 42, row.y + 10))
            held = state.metropolis[t]
            if held >= 0:
                tower = table.board.icon("metropolis", 26, state.vertex_owner[held])
                surface.blit(tower, (row.x + 8, row.y + 36))
            for level in range(1, LEVELS + 1):
                cell = pygame.Rect(row.x + 130 + (level - 1) * cell_w, row.y + 3, cell_w - 4, row.height - 6)
                mine = level <= state.improvements[table.me][t]
                pygame.draw.rect(surface, colour if mine else theme.PAPER, cell, border_radius=6)
                border = theme.ACCENT_DARK if level in (ABILITY_LEVEL, METROPOLIS_LEVEL, LEVELS) else theme.INK_FAINT
                pygame.draw.rect(surface, border, cell, 2, border_radius=6)
                label = render_paragraph(f"{level}. " + tr(f"catan_ck.level.{track}.{level}"), 13,
                                         theme.WHITE if mine else theme.INK, cell.width - 8, bold=mine)
                surface.blit(label, (cell.x + 4, cell.y + 3))
                marks = "★" if level == ABILITY_LEVEL else ("♜" if level >= METROPOLIS_LEVEL else "")
                if marks:
                    mark = render_text(marks, 13, theme.ACCENT_DARK if not mine else theme.WHITE, bold=True)
                    surface.blit(mark, mark.get_rect(bottomright=(cell.right - 4, cell.bottom - 2)))
                seats = [p for p in range(state.players) if state.improvements[p][t] == level]
                for i, seat in enumerate(seats):
                    player_token(surface, (cell.x + 12 + i * 20, cell.bottom - 12), 8, seat, table.game_id)
