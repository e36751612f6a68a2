"""A count chosen with − and + (cards to discard, to give, to ask for), and a keyboard path through several.

``Stepper`` shows an icon, the count and two round buttons; its bounds come from functions so they
follow the game (a hand that changes, a total that must not pass a limit). ``StepperGroup`` lets the
keyboard reach every stepper of a dialog: Tab and Shift+Tab move the focus, Left/Right or −/+ change
the focused count.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.audio import get_audio
from game.ui.fonts import render_text
from game.ui.tween import Smooth
from game.ui.widgets import TextFn, Widget


class Stepper(Widget):
    """``[icon] [−] count [+]`` in ``rect``; ``high()`` and ``low()`` bound the count."""

    def __init__(self, rect, icon: pygame.Surface | None, get: Callable[[], int], set_: Callable[[int], None],
                 high: Callable[[], int], low: Callable[[], int] = lambda: 0, tooltip: TextFn | None = None,
                 caption: TextFn | None = None):
        super().__init__(rect, tooltip)
        self.icon = icon
        self.get = get
        self.set = set_
        self.high = high
        self.low = low
        self.caption = caption
        self.focused = False
        self.hover_part: str | None = None
        self.bump = Smooth(0.0, 10.0)

    def parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The icon, the − button and the + button."""
        r = self.rect
        button = min(34, r.height - 4, r.width // 4)
        icon = pygame.Rect(r.x, r.y, r.width, r.height - button - 4)
        minus = pygame.Rect(r.x + 2, r.bottom - button, button, button)
        plus = pygame.Rect(r.right - button - 2, r.bottom - button, button, button)
        return icon, minus, plus

    def change(self, delta: int) -> bool:
        value = self.get() + delta
        if value < self.low() or value > self.high():
            get_audio().play("error")
            return False
        self.set(value)
        self.bump.value = 1.0
        get_audio().play("click")
        return True

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        _, minus, plus = self.parts()
        if event.type == pygame.MOUSEMOTION:
            self.hover_part = "minus" if minus.collidepoint(event.pos) else "plus" if plus.collidepoint(
                event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if minus.collidepoint(event.pos):
                self.change(-1)
                return True
            if plus.collidepoint(event.pos) or self.parts()[0].collidepoint(event.pos):
                self.change(+1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.change(1 if event.y > 0 else -1)
            return True
        return False

    def update(self, dt: float) -> None:
        self.bump.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        icon_rect, minus, plus = self.parts()
        value = self.get()
        if self.focused:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(8, 8), 3, border_radius=10)
        if self.icon is not None:
            lift = round(self.bump.value * 4)
            surface.blit(self.icon, self.icon.get_rect(center=(icon_rect.centerx, icon_rect.centery - lift)))
        if self.caption is not None:
            caption = render_text(self.caption(), 15, theme.INK_SOFT)
            surface.blit(caption, caption.get_rect(midbottom=(icon_rect.centerx, icon_rect.bottom + 2)))
        for rect, sign, part, able in ((minus, "−", "minus", value > self.low()),
                                       (plus, "+", "plus", value < self.high())):
            fill = theme.PAPER_DARK if not able else (theme.ACCENT_LIGHT if self.hover_part == part else theme.PAPER)
            pygame.draw.circle(surface, fill, rect.center, rect.width // 2)
            pygame.draw.circle(surface, theme.INK_FAINT if not able else theme.ACCENT_DARK, rect.center,
                               rect.width // 2, 2)
            glyph = render_text(sign, rect.height * 0.7, theme.DISABLED if not able else theme.INK, bold=True)
            surface.blit(glyph, glyph.get_rect(center=rect.center))
        number = render_text(str(value), 26, theme.INK if value else theme.INK_FAINT, bold=True)
        surface.blit(number, number.get_rect(center=(self.rect.centerx, minus.centery)))


class StepperGroup:
    """The keyboard path through a dialog's steppers: Tab moves, Left/Right or −/+ change."""

    def __init__(self, steppers: list[Stepper]):
        self.steppers = steppers
        self.focus = 0
        if steppers:
            steppers[0].focused = True

    def move(self, delta: int) -> None:
        if not self.steppers:
            return
        self.steppers[self.focus].focused = False
        self.focus = (self.focus + delta) % len(self.steppers)
        self.steppers[self.focus].focused = True

    def handle(self, event) -> bool:
        if event.type != pygame.KEYDOWN or not self.steppers:
            return False
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS, pygame.K_UP):
            self.steppers[self.focus].change(+1)
            return True
        if event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN):
            self.steppers[self.focus].change(-1)
            return True
        return False
