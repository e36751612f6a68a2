"""The questions the Catan table asks mid-turn, all through the shared ``Dialog``.

Discarding half on a 7, choosing whom to rob, Year of Plenty and Monopoly, and trading: the trade
dialog of the player on turn (bank and harbour rates, offers to everyone or to one player, the
answers as they come in, completing with a partner) and the dialog of a player answering an offer
(accept, decline or counter). Counts are set with steppers and only sent to the engine when the
person confirms, as the whole sequence of actions the engine expects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.games.catan import board
from game.games.catan.card_art import resource_icon
from game.ui import theme
from game.ui.dialog import MARGIN, Choice, Dialog
from game.ui.draw import player_token
from game.ui.fonts import render_fitted, render_text
from game.ui.stepper import Stepper, StepperGroup
from game.ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from game.games.catan.view import CatanTable

RESOURCES = board.RESOURCES
STEP_W, STEP_H = 104, 96
STEP_GAP = 6
"""The least room between two steppers; a row of many kinds narrows its steppers to fit."""


def cards_text(counts, kinds=RESOURCES) -> str:
    """``counts`` in words; ``kinds`` names the kind of each count (a game with more kinds than the five
    resources passes its own)."""
    parts = [tr("catan.log.cards_item", count=k, resource=tr(f"catan.resource.{kinds[r]}"))
             for r, k in enumerate(counts) if k]
    return tr("catan.log.separator").join(parts) if parts else tr("catan.log.nothing")


def draw_cards_row(surface, counts, x: int, y: int, size: int = 34, kinds=RESOURCES, icon=resource_icon) -> int:
    """Icons of ``counts`` (an icon and ×k per kind, drawn by ``icon(kind, size)``) from (x, y); returns the x
    after them."""
    for r, k in enumerate(counts):
        if not k:
            continue
        surface.blit(icon(kinds[r], size), (x, y))
        label = render_text(f"×{k}", size * 0.55, theme.INK, bold=True)
        surface.blit(label, (x + size - 2, y + size - label.get_height()))
        x += size + label.get_width() + 6
    return x


def offer_steps(kinds, give, want, floor_give, floor_want) -> list[dict]:
    """The cards added to an offer under way (above its floors), one action per card as the engine takes
    them: every card given, then every card wanted."""
    steps = []
    for side, counts, floor in (("trade_give", give, floor_give), ("trade_want", want, floor_want)):
        for r, name in enumerate(kinds):
            steps += [{"type": side, "resource": name}] * (counts[r] - floor[r])
    return steps


def answer_words(answer) -> tuple[str, tuple]:
    """An answer to an offer as said on the table (its sign first, so colour is not all) and its colour."""
    if answer == "accept":
        return "✓ " + tr("catan.ui.answers.accepts"), theme.GOOD
    if answer == "decline":
        return "✗ " + tr("catan.ui.answers.declines"), theme.BAD
    return "⇄ " + tr("catan.ui.answers.counters"), theme.ACCENT_DARK


class CatanDialog(Dialog):
    """A dialog that knows its table; ``kind`` names what it is for (the table reopens or closes it)."""

    kind = ""

    def __init__(self, table: CatanTable, *args, **kwargs):
        self.table = table
        self.group: StepperGroup | None = None
        super().__init__(*args, area=table.dialog_area, **kwargs)

    def faces(self) -> tuple:
        """The kinds of cards of the table's game and how it draws their icons."""
        return self.table.card_kinds, self.table.card_icon

    @property
    def kinds(self) -> tuple[str, ...]:
        return self.table.card_kinds

    def kind_name(self, r: int) -> str:
        return tr(f"catan.resource.{self.kinds[r]}")

    def handle(self, event) -> bool:
        if self.group is not None and self.group.handle(event):
            return True
        return super().handle(event)

    def stepper_row(self, y: int, get, set_, high, low=lambda r: 0, caption=None, tooltip=None) -> list[Stepper]:
        """A stepper per kind of card of the table's game across the content area at ``y``, narrowed when
        the kinds are many."""
        rect = self.content_rect
        count = len(self.kinds)
        width = min(STEP_W, (rect.width - (count - 1) * STEP_GAP) // count)
        gap = (rect.width - count * width) // (count - 1)
        icon_size = 46 if width == STEP_W else 40
        steppers = []
        for r, name in enumerate(self.kinds):
            box = pygame.Rect(rect.x + r * (width + gap), y, width, STEP_H)
            steppers.append(self.add(Stepper(
                box, self.table.card_icon(name, icon_size), lambda r=r: get(r), lambda v, r=r: set_(r, v),
                lambda r=r: high(r), lambda r=r: low(r),
                tooltip=(lambda r=r: tooltip(r)) if tooltip else (lambda r=r: self.kind_name(r).capitalize()),
                caption=(lambda r=r: caption(r)) if caption else None)))
        return steppers


def steppers_width(table: CatanTable, width: int) -> int:
    """A dialog's ``width``, widened within the table's dialog area so a row of steppers, one per kind of
    card, fits at full width or a little narrower."""
    count = len(table.card_kinds)
    need = count * (STEP_W - 10) + (count - 1) * STEP_GAP + 2 * MARGIN
    return max(width, min(table.dialog_area.width - 20, need))


# -- choosing cards of one's hand ---------------------------------------------------------------------
class CardsChoiceDialog(CatanDialog):
    """Choose exactly ``need`` cards of ``seat``'s hand, a stepper per kind of card of the game (only of the
    ``allowed`` kinds when given). Subclasses word it (``title_text``, ``body_text``, ``confirm_label``)
    and send the choice (``confirm``, with ``chosen_cards``)."""

    def __init__(self, table: CatanTable, seat: int, need: int, allowed=None):
        self.seat = seat
        self.need = need
        self.held = list(table.observation().hands[seat])
        self.hand = [n if allowed is None or name in allowed else 0 for name, n in zip(table.card_kinds, self.held,
                                                                                           strict=True)]
        """What may be chosen of each kind (``held`` where the kind is allowed, else none)."""
        self.chosen = [0] * len(self.hand)
        super().__init__(
            table, self.title_text, self.body_text,
            [Choice(self.confirm_label, self.confirm, "primary", enabled=lambda: sum(self.chosen) == self.need,
                    reason=lambda: tr("catan.ui.discard.reason", count=self.need, chosen=sum(self.chosen)),
                    hotkey=pygame.K_RETURN)],
            width=steppers_width(table, 660), content_height=STEP_H + 10)
        steppers = self.stepper_row(self.content_rect.y + 4, lambda k: self.chosen[k], self.set_count,
                                    lambda k: min(self.hand[k], self.chosen[k] + self.need - sum(self.chosen)),
                                    caption=self.held_caption)
        self.group = StepperGroup(steppers)

    def held_caption(self, k: int) -> str:
        """Under a kind's stepper: how many are held, or that those held may not be chosen here."""
        if self.hand[k] < self.held[k]:
            return tr("catan.ui.held_kept", held=self.held[k])
        return tr("catan.ui.of_held", held=self.held[k])

    def set_count(self, k: int, value: int) -> None:
        self.chosen[k] = value

    def chosen_cards(self) -> dict[str, int]:
        return {name: n for name, n in zip(self.kinds, self.chosen, strict=True) if n}

    def title_text(self) -> str:
        raise NotImplementedError

    def body_text(self) -> str:
        raise NotImplementedError

    def confirm_label(self) -> str:
        raise NotImplementedError

    def confirm(self) -> None:
        raise NotImplementedError


class DiscardDialog(CardsChoiceDialog):
    """Half the hand given up on a 7."""

    kind = "discard"

    def title_text(self) -> str:
        return tr("catan.ui.discard.title", count=self.need)

    def body_text(self) -> str:
        return tr("catan.ui.discard.body", count=self.need, held=sum(self.hand), chosen=sum(self.chosen))

    def confirm_label(self) -> str:
        return tr("catan.ui.discard.confirm", count=self.need)

    def confirm(self) -> None:
        self.table.act({"type": "discard", "cards": self.chosen_cards()})


# -- robbing -------------------------------------------------------------------------------------------
class VictimDialog(CatanDialog):
    kind = "victim"

    def __init__(self, table: CatanTable, hex_id: int, actions: list[dict]):
        state = table.state()
        choices = []
        for i, action in enumerate(actions):
            seat = action["victim"]
            choices.append(Choice(
                lambda seat=seat: tr("catan.ui.rob.choice", name=table.host.player_name(seat),
                                     count=table.ruleset.cards_of(state, seat)),
                lambda action=action: table.act(action), "primary", hotkey=pygame.K_1 + i))
        choices.append(Choice(lambda: tr("catan.ui.back"), table.close_dialog))
        super().__init__(table, lambda: tr("catan.ui.rob.title"), lambda: tr("catan.ui.rob.body"), choices,
                         width=720, cancel=len(choices) - 1)
        self.hex_id = hex_id


# -- development cards -----------------------------------------------------------------------------------
class PlentyDialog(CatanDialog):
    kind = "plenty"

    def __init__(self, table: CatanTable, actions: list[dict]):
        self.options = {tuple(sorted(a["resources"])): a for a in actions}
        self.take = max(len(k) for k in self.options)
        self.chosen = [0] * len(RESOURCES)
        bank = table.state().bank
        super().__init__(
            table, lambda: tr("catan.card.year_of_plenty"), lambda: tr("catan.ui.plenty.body", count=self.take),
            [Choice(lambda: tr("catan.ui.plenty.confirm"), self.confirm, "primary", enabled=lambda: self.action()
                    is not None, reason=lambda: tr("catan.ui.plenty.reason", count=self.take), hotkey=pygame.K_RETURN),
             Choice(lambda: tr("catan.ui.back"), table.close_dialog)],
            width=660, content_height=STEP_H + 10, cancel=1)
        steppers = self.stepper_row(self.content_rect.y + 4, lambda r: self.chosen[r], self.set_count,
                                    lambda r: min(bank[r], self.chosen[r] + self.take - sum(self.chosen)),
                                    caption=lambda r: tr("catan.ui.in_bank", count=bank[r]))
        self.group = StepperGroup(steppers)

    def set_count(self, r: int, value: int) -> None:
        self.chosen[r] = value

    def action(self) -> dict | None:
        key = tuple(sorted(RESOURCES[r] for r in range(len(RESOURCES)) for _ in range(self.chosen[r])))
        return self.options.get(key)

    def confirm(self) -> None:
        action = self.action()
        if action is not None:
            self.table.act(action)


class MonopolyDialog(CatanDialog):
    kind = "monopoly"

    def __init__(self, table: CatanTable, actions: list[dict]):
        super().__init__(table, lambda: tr("catan.card.monopoly"), lambda: tr("catan.ui.monopoly.body"),
                         [Choice(lambda: tr("catan.ui.back"), table.close_dialog)], width=660,
                         content_height=STEP_H, cancel=0)
        rect = self.content_rect
        gap = (rect.width - 5 * STEP_W) // 4
        by_resource = {a["resource"]: a for a in actions}
        for r, name in enumerate(RESOURCES):
            box = pygame.Rect(rect.x + r * (STEP_W + gap), rect.y, STEP_W, STEP_H)
            action = by_resource.get(name)
            self.add(IconButton(box, resource_icon(name, 48), lambda r=r: self.kind_name(r).capitalize(),
                                lambda action=action: table.act(action), hotkey=pygame.K_1 + r,
                                tooltip=lambda r=r: tr("catan.ui.monopoly.tip", resource=self.kind_name(r))))


class IconButton(Button):
    """A button showing an icon above its label (a resource to name)."""

    def __init__(self, rect, icon: pygame.Surface, label, on_click, **kwargs):
        super().__init__(rect, label, on_click, size=18, **kwargs)
        self.icon = icon

    def draw(self, surface):
        if not self.visible:
            return
        fill, ink = self.colours()
        rect = self.rect.move(0, 2 if self.pressed else 0)
        from game.ui.draw import panel

        panel(surface, rect, fill, radius=10, shadow=0 if self.pressed else 4,
              border=theme.ACCENT if self.selected else theme.INK_FAINT, border_width=3 if self.selected else 1)
        surface.blit(self.icon, self.icon.get_rect(center=(rect.centerx, rect.y + rect.height * 0.4)))
        label = render_fitted(self.label(), self.size, ink, rect.width - 8)  # a long name shrinks inside the button
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))


# -- trading: the player on turn ----------------------------------------------------------------------------
class TradeDialog(CatanDialog):
    """Compose an offer (or a bank trade); after it is made, follow the answers and complete it."""

    kind = "trade"

    def __init__(self, table: CatanTable):
        self.seat = table.me
        state = table.state()
        self.give = [0] * len(table.card_kinds)
        self.want = [0] * len(table.card_kinds)
        self.floor_give = [0] * len(table.card_kinds)
        self.floor_want = [0] * len(table.card_kinds)
        if state.phase == "compose" and state.trade is not None:  # resumed after an undo
            self.give, self.want = list(state.trade.give), list(state.trade.want)
            self.floor_give, self.floor_want = list(self.give), list(self.want)
        self.others = [p for p in range(state.players) if p != self.seat]
        super().__init__(
            table, lambda: tr("catan.ui.trade.title"), self.body_text,
            [Choice(lambda: tr("catan.ui.trade.bank"), self.bank_trade, "primary", enabled=self.can_bank,
                    reason=self.bank_reason, hotkey=pygame.K_b, tooltip=lambda: tr("catan.ui.trade.bank.tip")),
             Choice(lambda: tr("catan.ui.trade.offer_all"), lambda: self.offer(None), "primary",
                    enabled=lambda: self.offer_reason(None) is None, reason=lambda: self.offer_reason(None),
                    hotkey=pygame.K_RETURN, tooltip=lambda: tr("catan.ui.trade.offer_all.tip")),
             Choice(lambda: tr("catan.ui.close"), self.close)],
            width=steppers_width(table, 780), content_height=2 * STEP_H + 136, cancel=2)
        y = self.content_rect.y
        top = self.stepper_row(y + 28, lambda r: self.give[r], self.set_give, self.give_high,
                               lambda r: self.floor_give[r], caption=self.rate_caption,
                               tooltip=lambda r: tr("catan.ui.trade.give.tip", resource=self.kind_name(r),
                                                    rate=self.rates()[r]))
        bottom = self.stepper_row(y + STEP_H + 52, lambda r: self.want[r], self.set_want, self.want_high,
                                  lambda r: self.floor_want[r],
                                  caption=lambda r: tr("catan.ui.in_bank", count=self.table.state().bank[r]))
        self.group = StepperGroup(top + bottom)
        self.draw_content = self.draw_labels
        each = (self.content_rect.width - 12 * (len(self.others) - 1)) // len(self.others)
        for i, seat in enumerate(self.others):
            rect = pygame.Rect(self.content_rect.x + i * (each + 12), y + 2 * STEP_H + 92, each, 42)
            self.add(Button(rect, lambda seat=seat: tr("catan.ui.trade.offer_to", name=table.host.player_name(seat)),
                            lambda seat=seat: self.offer(seat), size=18, enabled_fn=lambda seat=seat:
                            self.offer_reason(seat) is None, reason=lambda seat=seat: self.offer_reason(seat),
                            hotkey=pygame.K_1 + i,
                            tooltip=lambda seat=seat: tr("catan.ui.trade.offer_to.tip",
                                                         name=table.host.player_name(seat))))

    def draw_labels(self, surface, rect) -> None:
        draw_stepper_labels(surface, rect, "catan.ui.trade.you_give", "catan.ui.trade.you_get")
        label = render_text(tr("catan.ui.trade.or_one"), 18, theme.INK_SOFT, bold=True)
        surface.blit(label, (rect.x, rect.y + 2 * STEP_H + 64))

    # -- what may be done ------------------------------------------------------------------------
    def state(self):
        return self.table.state()

    def rates(self) -> tuple:
        return self.state().rates[self.seat]

    def rate_caption(self, r: int) -> str:
        return tr("catan.ui.trade.rate", rate=self.rates()[r])

    def hand(self) -> list[int]:
        return self.state().hands[self.seat]

    def give_high(self, r: int) -> int:
        return 0 if self.want[r] else self.hand()[r]

    def want_high(self, r: int) -> int:
        return 0 if self.give[r] else 19

    def set_give(self, r: int, value: int) -> None:
        self.give[r] = value

    def set_want(self, r: int, value: int) -> None:
        self.want[r] = value

    def body_text(self) -> str:
        state = self.state()
        from game.games.catan.rules import MAX_OFFERS

        left = MAX_OFFERS - state.offers_made + (1 if state.phase == "compose" else 0)
        return tr("catan.ui.trade.body", left=max(0, left))

    def bank_plan(self) -> list[dict] | None:
        """The bank trades that turn the give row into the want row, or None when they don't match."""
        gives = [r for r in range(len(self.kinds)) if self.give[r]]
        if len(gives) != 1 or not any(self.want) or self.state().phase != "main":
            return None
        g = gives[0]
        rate = self.rates()[g]
        if self.give[g] % rate or self.give[g] // rate != sum(self.want):
            return None
        if any(self.want[r] > self.state().bank[r] for r in range(len(self.kinds))):
            return None
        return [{"type": "bank_trade", "give": self.kinds[g], "get": self.kinds[r]}
                for r in range(len(self.kinds)) for _ in range(self.want[r])]

    def can_bank(self) -> bool:
        return self.bank_plan() is not None and self.table.host.can_act()

    def bank_reason(self) -> str:
        gives = [r for r in range(len(self.kinds)) if self.give[r]]
        if self.state().phase != "main":
            return tr("catan.ui.trade.bank.busy")
        if len(gives) != 1:
            return tr("catan.ui.trade.bank.one_kind")
        g = gives[0]
        rate = self.rates()[g]
        if any(self.want[r] > self.state().bank[r] for r in range(len(self.kinds))):
            return tr("catan.ui.trade.bank.empty")
        return tr("catan.ui.trade.bank.rate", rate=rate, resource=self.kind_name(g))

    def offer_reason(self, to: int | None) -> str | None:
        state = self.state()
        if not self.table.host.can_act():
            return tr("play.not_your_turn")
        if state.phase == "main" and not any(a["type"] == "trade" for a in self.table.legal_actions()):
            return tr("catan.ui.trade.no_more")
        if not any(self.give) or not any(self.want):
            return tr("catan.ui.trade.both_sides")
        cards_of = self.table.ruleset.cards_of
        if to is not None and not cards_of(state, to):
            return tr("catan.ui.trade.no_cards", name=self.table.host.player_name(to))
        cap = max(cards_of(state, p) for p in self.others) if to is None else cards_of(state, to)
        if sum(self.want) > cap:
            return tr("catan.ui.trade.too_many")
        return None

    # -- doing it ----------------------------------------------------------------------------------
    def close(self) -> None:
        """Closing an offer already under way (resumed after an undo) takes it back; else only the dialog goes."""
        if self.state().phase == "compose":
            self.table.act({"type": "cancel_trade"})
        else:
            self.table.close_dialog()

    def bank_trade(self) -> None:
        plan = self.bank_plan()
        if plan and self.table.act_sequence(plan):
            self.give = [0] * len(self.kinds)
            self.want = [0] * len(self.kinds)
            self.table.close_dialog()

    def offer(self, to: int | None) -> None:
        if self.offer_reason(to) is not None:
            return
        steps = [] if self.state().phase == "compose" else [{"type": "trade"}]
        steps += offer_steps(self.kinds, self.give, self.want, self.floor_give, self.floor_want)
        steps.append({"type": "propose"} if to is None else {"type": "propose", "to": to})
        if self.table.act_sequence(steps):
            self.table.open_dialog(AnswersDialog(self.table))


class AnswersDialog(CatanDialog):
    """The offer on the table and every answer as it comes in; complete with a partner or cancel."""

    kind = "answers"

    def __init__(self, table: CatanTable):
        state = table.state()
        self.others = [p for p in range(state.players) if p != state.current]
        self.last = state.trade
        row = 58
        super().__init__(
            table, lambda: tr("catan.ui.answers.title"), self.body_text,
            [Choice(self.cancel_label, self.cancel, enabled=self.can_cancel, reason=lambda: tr("catan.ui.answers.wait"),
                    hotkey=pygame.K_RETURN)],
            width=780, content_height=56 + row * len(self.others), dim_alpha=70)
        for i, seat in enumerate(self.others):
            rect = pygame.Rect(self.content_rect.right - 200, self.content_rect.y + 60 + i * row, 196, 44)
            self.add(Button(rect, lambda seat=seat: self.complete_label(seat), lambda seat=seat: self.complete(seat),
                            style="primary", size=19, enabled_fn=lambda seat=seat: self.complete_action(seat)
                            is not None, reason=lambda seat=seat: self.complete_reason(seat),
                            hotkey=pygame.K_1 + i))
        self.draw_content = self.draw_answers

    def trade(self):
        """The trade on the table, or the last one seen (its answers stay readable after it ends)."""
        trade = self.table.state().trade
        if trade is not None and trade.offer is not None:
            self.last = trade
        return self.last

    def finished(self) -> bool:
        return self.table.state().trade is None

    def cancel_label(self) -> str:
        return tr("catan.ui.close") if self.finished() else tr("catan.ui.answers.cancel")

    def body_text(self) -> str:
        state = self.table.state()
        if self.finished():
            return tr("catan.ui.answers.nobody")
        if state.phase == "choose":
            return tr("catan.ui.answers.choose")
        return tr("catan.ui.answers.waiting")

    def can_cancel(self) -> bool:
        return self.finished() or any(a["type"] == "cancel_trade" for a in self.table.legal_actions())

    def cancel(self) -> None:
        if self.finished():
            self.table.close_dialog()
        else:
            self.table.act({"type": "cancel_trade"})

    def complete_action(self, seat: int) -> dict | None:
        return next((a for a in self.table.legal_actions() if a["type"] == "complete" and a["seat"] == seat), None)

    def complete_label(self, seat: int) -> str:
        trade = self.trade()
        answer = trade.answers[seat] if trade else None
        key = "catan.ui.answers.take_counter" if isinstance(answer, tuple) else "catan.ui.answers.trade"
        return tr(key)

    def complete_reason(self, seat: int) -> str:
        trade = self.trade()
        answer = trade.answers[seat] if trade else None
        if answer is None:
            return tr("catan.ui.answers.wait")
        if answer == "decline":
            return tr("catan.ui.answers.declined", name=self.table.host.player_name(seat))
        if isinstance(answer, tuple):
            return tr("catan.ui.answers.cannot_pay")
        return tr("catan.ui.answers.wait")

    def complete(self, seat: int) -> None:
        action = self.complete_action(seat)
        if action is not None:
            self.table.act(action)

    def answer_line(self, seat: int) -> tuple[str, tuple]:
        """What a row says of ``seat``'s answer, and its colour. The engine ends an offer that nobody
        took only once every answer is in, so after it no row can still be thinking."""
        trade = self.trade()
        answer = trade.answers[seat]
        if not (trade.to < 0 or trade.to == seat):
            return tr("catan.ui.answers.not_asked"), theme.INK_FAINT
        if answer is None and self.finished():
            return answer_words("decline")
        if answer is None:
            dots = "." * (1 + int(pygame.time.get_ticks() / 300) % 3)
            return tr("catan.ui.answers.thinking") + dots, theme.INK_SOFT
        return answer_words(answer)

    def draw_answers(self, surface, rect) -> None:
        trade = self.trade()
        if trade is None or trade.offer is None:
            return
        give, want = trade.offer
        label = render_text(tr("catan.ui.answers.you_give"), 19, theme.INK_SOFT, bold=True)
        surface.blit(label, (rect.x, rect.y + 10))
        x = draw_cards_row(surface, give, rect.x + label.get_width() + 10, rect.y + 2, 34, *self.faces())
        label = render_text(tr("catan.ui.answers.you_get"), 19, theme.INK_SOFT, bold=True)
        surface.blit(label, (x + 24, rect.y + 10))
        draw_cards_row(surface, want, x + 34 + label.get_width(), rect.y + 2, 34, *self.faces())
        for i, seat in enumerate(self.others):
            y = rect.y + 60 + i * 58
            pygame.draw.line(surface, theme.PAPER_DARK, (rect.x, y - 6), (rect.right, y - 6), 1)
            player_token(surface, (rect.x + 16, y + 22), 14, seat, self.table.game_id)
            name = render_text(self.table.host.player_name(seat), 20, theme.INK, bold=True)
            surface.blit(name, (rect.x + 38, y + 10))
            answer = trade.answers[seat]
            text, colour = self.answer_line(seat)
            status = render_text(text, 19, colour, bold=colour not in (theme.INK_FAINT, theme.INK_SOFT))
            surface.blit(status, (rect.x + 200, y + 12))
            if isinstance(answer, tuple):
                counter_give, counter_want = answer  # from the side of the player on turn
                x = draw_cards_row(surface, counter_give, rect.x + 330, y + 4, 30, *self.faces())
                arrow = render_text("→", 20, theme.INK_SOFT, bold=True)
                surface.blit(arrow, (x + 2, y + 10))
                draw_cards_row(surface, counter_want, x + 26, y + 4, 30, *self.faces())


# -- trading: answering an offer ---------------------------------------------------------------------------
class OfferDialog(CatanDialog):
    """An offer made to this person: accept, decline, or counter with an offer of their own."""

    kind = "offer"

    def __init__(self, table: CatanTable):
        state = table.state()
        self.proposer = state.current
        super().__init__(
            table, lambda: tr("catan.ui.offer.title", name=table.host.player_name(self.proposer)),
            lambda: tr("catan.ui.offer.body", name=table.host.player_name(self.proposer)),
            [Choice(lambda: tr("catan.action.accept"), lambda: table.act({"type": "accept"}), "primary",
                    enabled=lambda: self.legal("accept"), reason=lambda: tr("catan.ui.offer.cannot_accept"),
                    hotkey=pygame.K_a),
             Choice(lambda: tr("catan.action.decline"), lambda: table.act({"type": "decline"}), hotkey=pygame.K_d),
             Choice(lambda: tr("catan.ui.offer.counter"), self.counter, enabled=lambda: self.legal("counter"),
                    reason=lambda: tr("catan.ui.offer.cannot_counter"), hotkey=pygame.K_c),
             Choice(lambda: tr("catan.ui.offer.refuse_turn"), table.refuse_offers_this_turn, hotkey=pygame.K_n,
                    tooltip=lambda: tr("catan.ui.offer.refuse_turn.tip"))],
            width=860, content_height=124, cancel=1)
        self.draw_content = self.draw_offer

    def legal(self, kind: str) -> bool:
        return any(a["type"] == kind for a in self.table.legal_actions())

    def counter(self) -> None:
        self.table.open_dialog(CounterDialog(self.table))

    def draw_offer(self, surface, rect) -> None:
        trade = self.table.state().trade
        if trade is None or trade.offer is None:
            return
        give, want = trade.offer
        for row, (key, counts) in enumerate((("catan.ui.offer.you_get", give), ("catan.ui.offer.you_give", want))):
            y = rect.y + row * 50
            label = render_text(tr(key), 20, theme.INK_SOFT, bold=True)
            surface.blit(label, (rect.x, y + 10))
            draw_cards_row(surface, counts, rect.x + 190, y, 38, *self.faces())
        hand = self.table.state().hands[self.table.me]
        if hand is not None:
            note = render_text(tr("catan.ui.offer.you_hold", cards=cards_text(hand, self.table.card_kinds)), 16,
                               theme.INK_FAINT)
            surface.blit(note, (rect.x, rect.bottom - note.get_height()))


class CounterDialog(CatanDialog):
    """A counter-offer: what this person gives and wants in return, sent back to the player on turn."""

    kind = "counter"

    def __init__(self, table: CatanTable):
        state = table.state()
        self.seat = table.me
        self.resumed = state.phase == "compose"
        trade = state.trade
        if self.resumed:
            self.give, self.want = list(trade.give), list(trade.want)
        else:
            offered_give, offered_want = trade.offer
            hand = state.hands[self.seat]
            self.give = [min(k, hand[r]) for r, k in enumerate(offered_want)]
            self.want = [0 if self.give[r] else k for r, k in enumerate(offered_give)]
        self.floor_give = list(self.give) if self.resumed else [0] * len(table.card_kinds)
        self.floor_want = list(self.want) if self.resumed else [0] * len(table.card_kinds)
        self.cap = table.ruleset.cards_of(state, state.current)
        super().__init__(
            table, lambda: tr("catan.ui.counter.title"),
            lambda: tr("catan.ui.counter.body", name=table.host.player_name(state.current)),
            [Choice(lambda: tr("catan.ui.counter.send"), self.send, "primary", enabled=lambda: self.reason() is None,
                    reason=self.reason, hotkey=pygame.K_RETURN),
             Choice(lambda: tr("catan.ui.back") if not self.resumed else tr("catan.action.decline"), self.back)],
            width=steppers_width(table, 700), content_height=2 * STEP_H + 60, cancel=1)
        y = self.content_rect.y
        hand = state.hands[self.seat]
        top = self.stepper_row(y + 28, lambda r: self.give[r], lambda r, v: self.give.__setitem__(r, v),
                               lambda r: 0 if self.want[r] else hand[r], lambda r: self.floor_give[r],
                               caption=lambda r: tr("catan.ui.of_held", held=hand[r]))
        bottom = self.stepper_row(y + STEP_H + 52, lambda r: self.want[r], lambda r, v: self.want.__setitem__(r, v),
                                  lambda r: 0 if self.give[r] else self.cap, lambda r: self.floor_want[r])
        self.group = StepperGroup(top + bottom)
        self.draw_content = self.draw_labels

    def draw_labels(self, surface, rect) -> None:
        draw_stepper_labels(surface, rect, "catan.ui.counter.you_give", "catan.ui.counter.you_want")

    def reason(self) -> str | None:
        if not any(self.give) or not any(self.want):
            return tr("catan.ui.trade.both_sides")
        if sum(self.want) > self.cap:
            return tr("catan.ui.trade.too_many")
        return None

    def send(self) -> None:
        if self.reason() is not None:
            return
        steps = [] if self.resumed else [{"type": "counter"}]
        steps += offer_steps(self.kinds, self.give, self.want, self.floor_give, self.floor_want)
        steps.append({"type": "propose"})
        self.table.act_sequence(steps)

    def back(self) -> None:
        if self.resumed:
            self.table.act({"type": "cancel_trade"})
        else:
            self.table.open_dialog(OfferDialog(self.table))


def draw_stepper_labels(surface, rect, give_key: str, want_key: str) -> None:
    """The two row titles of a give/want dialog."""
    for y, key in ((rect.y, give_key), (rect.y + STEP_H + 28, want_key)):
        label = render_text(tr(key), 18, theme.INK_SOFT, bold=True)
        surface.blit(label, (rect.x, y))
