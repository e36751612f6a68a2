"""Choosing cards in a dialog (a row of card images to pick from), and a grid of cards to look through.

A table asks "which card do you discard?" or "which card do you take?" with ``card_choice``: the
person clicks one card (or as many as asked), sees them lifted and outlined, and confirms. Cards
that may not be chosen can be shown greyed out with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import theme
from game.ui.audio import get_audio
from game.ui.cards import blit_card, row_positions
from game.ui.dialog import Choice, Dialog
from game.ui.widgets import TextFn, Widget


class CardPicker(Widget):
    """A row of cards inside ``rect``; a click picks or unpicks one, up to ``pick`` at once.

    With ``pick`` 1 a click moves the choice. ``tips`` are tooltips per card; ``enabled`` flags
    which cards may be picked (a click on another plays the refusal sound).
    """

    LIFT = 14

    def __init__(self, rect, images: Sequence[pygame.Surface], pick: int = 1, tips: Sequence[str] | None = None,
                 enabled: Sequence[bool] | None = None, gap: int = 12):
        super().__init__(rect)
        self.images = list(images)
        self.pick = pick
        self.tips = list(tips) if tips else None
        self.allowed = list(enabled) if enabled else [True] * len(self.images)
        self.gap = gap
        self.chosen: list[int] = []
        self.hover: int | None = None

    def card_rects(self) -> list[pygame.Rect]:
        if not self.images:
            return []
        width, height = self.images[0].get_size()
        xs = row_positions(len(self.images), self.rect, width, self.gap)
        top = self.rect.y + self.LIFT
        return [pygame.Rect(x, top, width, height) for x in xs]

    def index_at(self, pos) -> int | None:
        rects = self.card_rects()
        for index in range(len(rects) - 1, -1, -1):
            if rects[index].collidepoint(pos):
                return index
        return None

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            self.hovered = self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is None:
                return False
            self.toggle(index)
            return True
        return False

    def toggle(self, index: int) -> None:
        if not self.allowed[index]:
            get_audio().play("error")
            return
        get_audio().play("card_flip")
        if index in self.chosen:
            self.chosen.remove(index)
        elif self.pick == 1:
            self.chosen = [index]
        elif len(self.chosen) < self.pick:
            self.chosen.append(index)
        else:
            get_audio().play("error")

    @property
    def complete(self) -> bool:
        return len(self.chosen) == self.pick

    def draw(self, surface) -> None:
        for index, (rect, image) in enumerate(zip(self.card_rects(), self.images, strict=True)):
            chosen = index in self.chosen
            hovered = index == self.hover and self.allowed[index]
            lift = self.LIFT if chosen else (6 if hovered else 0)
            glow = theme.ACCENT if chosen else (theme.HIGHLIGHT if hovered else None)
            blit_card(surface, image, rect, lift, glow)
            if not self.allowed[index]:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((60, 50, 40, 110))
                surface.blit(veil, rect)

    def tooltip_text(self) -> str | None:
        if self.hover is not None and self.tips:
            return self.tips[self.hover]
        return None


def card_choice(title, body, images: Sequence[pygame.Surface], on_done: Callable[[list[int]], None],
                confirm_label: TextFn, pick: int = 1, cancel_label: TextFn | None = None,
                on_cancel: Callable[[], None] | None = None, tips: Sequence[str] | None = None,
                enabled: Sequence[bool] | None = None, area: pygame.Rect | None = None, width: int = 760,
                dim_alpha: int = 80, reason: TextFn | None = None) -> tuple[Dialog, CardPicker]:
    """A dialog to pick ``pick`` of ``images``; ``on_done`` gets the chosen indices in picking order.

    The confirm button stays disabled (saying ``reason``) until exactly ``pick`` cards are chosen. With a
    ``cancel_label`` a second button (and Esc) calls ``on_cancel``.
    """
    height = images[0].get_height() + CardPicker.LIFT * 2 + 8 if images else 0
    holder: dict[str, CardPicker] = {}
    choices = [Choice(confirm_label, lambda: on_done(list(holder["picker"].chosen)), "primary",
                      enabled=lambda: holder["picker"].complete, reason=reason)]
    if cancel_label is not None:
        choices.append(Choice(cancel_label, on_cancel or (lambda: None)))
    dialog = Dialog(title, body, choices, area=area, width=width, content_height=height,
                    cancel=1 if cancel_label is not None else None, dim_alpha=dim_alpha)
    picker = CardPicker(dialog.content_rect, images, pick, tips, enabled)
    holder["picker"] = picker
    dialog.add(picker)
    return dialog, picker


class CardGrid(Widget):
    """Cards laid out in rows to look through (a discard pile); hovering one shows its tooltip."""

    def __init__(self, rect, images: Sequence[pygame.Surface], tips: Sequence[str] | None = None, gap: int = 8):
        super().__init__(rect)
        self.images = list(images)
        self.tips = list(tips) if tips else None
        self.gap = gap
        self.hover: int | None = None

    @staticmethod
    def rows_needed(count: int, width: int, card_width: int, gap: int = 8) -> int:
        per_row = max(1, (width + gap) // (card_width + gap))
        return max(1, -(-count // per_row))

    def card_rects(self) -> list[pygame.Rect]:
        if not self.images:
            return []
        width, height = self.images[0].get_size()
        per_row = max(1, (self.rect.width + self.gap) // (width + self.gap))
        rects = []
        for index in range(len(self.images)):
            row, column = divmod(index, per_row)
            in_row = min(per_row, len(self.images) - row * per_row)
            left = self.rect.centerx - (in_row * (width + self.gap) - self.gap) // 2
            rects.append(pygame.Rect(left + column * (width + self.gap), self.rect.y + row * (height + self.gap),
                                     width, height))
        return rects

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.card_rects()) if r.collidepoint(event.pos)), None)
            self.hovered = self.hover is not None
        return False

    def draw(self, surface) -> None:
        for index, (rect, image) in enumerate(zip(self.card_rects(), self.images, strict=True)):
            blit_card(surface, image, rect, 5 if index == self.hover else 0,
                      theme.HIGHLIGHT if index == self.hover else None)

    def tooltip_text(self) -> str | None:
        if self.hover is not None and self.tips:
            return self.tips[self.hover]
        return None
