"""Widgets of the menus and tables: buttons, toggles, choosers, sliders, text input, lists.

Texts are given as functions so a change of language shows at once. Every widget reacts to the
mouse (hover glow, press), can carry a tooltip, and explains itself when disabled.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import redraw, theme
from game.ui.draw import panel
from game.ui.fonts import render_fitted, render_paragraph, render_text
from game.ui.tween import Smooth

TextFn = Callable[[], str]


def text_fn(value) -> TextFn:
    return value if callable(value) else (lambda: str(value))


class Widget:
    """Something on screen with a rectangle that may take input."""

    def __init__(self, rect, tooltip: TextFn | None = None):
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.tooltip = tooltip
        self.hovered = False

    @property
    def enabled(self) -> bool:
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """React to an event (positions are logical); True when it was consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.visible and self.rect.collidepoint(event.pos)
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def tooltip_text(self) -> str | None:
        if self.hovered and self.tooltip:
            return self.tooltip()
        return None


class Button(Widget):
    """A rounded button; ``style`` is "primary", "secondary" or "ghost".

    ``enabled_fn`` returns True or False; when it is False, ``reason`` (if given) becomes the
    tooltip so the player learns why the button can't be used.
    """

    def __init__(self, rect, label, on_click: Callable[[], None], style: str = "secondary", size: int = 24,
                 enabled_fn: Callable[[], bool] | None = None, reason: TextFn | None = None,
                 tooltip: TextFn | None = None, hotkey: int | None = None, sound: str = "click"):
        super().__init__(rect, tooltip)
        self.label = text_fn(label)
        self.on_click = on_click
        self.style = style
        self.size = size
        self.enabled_fn = enabled_fn
        self.reason = reason
        self.hotkey = hotkey
        self.sound = sound
        self.glow = Smooth(0.0, 14.0)
        self.pressed = False
        self.selected = False

    @property
    def enabled(self) -> bool:
        return self.enabled_fn() if self.enabled_fn else True

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.click()
            return True
        return False

    def click(self) -> None:
        from game.ui.audio import get_audio

        if not self.enabled:
            get_audio().play("error")
            return
        get_audio().play(self.sound)
        self.on_click()

    def update(self, dt):
        self.glow.target = 1.0 if (self.hovered and self.enabled) or self.selected else 0.0
        self.glow.update(dt)

    def colours(self):
        if not self.enabled:
            return theme.PAPER_DARK, theme.DISABLED
        if self.style == "primary":
            return theme.mix(theme.ACCENT, theme.ACCENT_LIGHT, self.glow.value * 0.6), theme.WHITE
        if self.style == "ghost":
            return theme.mix(theme.WOOD_DARK, theme.WOOD_LIGHT, self.glow.value), theme.PAPER
        return theme.mix(theme.PAPER, theme.WHITE, self.glow.value), theme.INK

    def look(self) -> tuple:
        """Everything ``draw`` paints depends on: equal looks draw the same pixels (a subclass that draws
        more adds what that depends on)."""
        return (self.visible, tuple(self.rect), self.colours(), self.pressed, self.selected, self.style, self.size,
                self.label())

    def draw(self, surface):
        if not self.visible:
            return
        fill, ink = self.colours()
        rect = self.rect.move(0, 2 if self.pressed else 0)
        border = theme.ACCENT if self.selected else (theme.ACCENT_DARK if self.style == "primary" else theme.INK_FAINT)
        panel(surface, rect, fill, radius=10, shadow=0 if self.pressed else 4, border=border,
              border_width=3 if self.selected else 1)
        label = render_fitted(self.label(), self.size, ink, rect.width - 8, bold=self.style == "primary")
        surface.blit(label, label.get_rect(center=rect.center))

    def tooltip_text(self):
        if self.hovered and not self.enabled and self.reason:
            return self.reason()
        return super().tooltip_text()


class Toggle(Widget):
    """An on/off switch with a label on its left."""

    def __init__(self, rect, label, get: Callable[[], bool], set_: Callable[[bool], None], size: int = 24,
                 tooltip: TextFn | None = None):
        super().__init__(rect, tooltip)
        self.label = text_fn(label)
        self.get = get
        self.set = set_
        self.size = size
        self.knob = Smooth(1.0 if get() else 0.0, 16.0)

    def switch_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 64, self.rect.centery - 16, 64, 32)

    def handle(self, event):
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            from game.ui.audio import get_audio

            get_audio().play("click")
            self.set(not self.get())
            return True
        return False

    def update(self, dt):
        self.knob.target = 1.0 if self.get() else 0.0
        self.knob.update(dt)

    def draw(self, surface):
        switch = self.switch_rect()
        room = switch.x - 12 - self.rect.x
        label = render_text(self.label(), self.size, theme.INK)
        if label.get_width() > room:  # a long label wraps beside the switch instead of running under it
            label = render_paragraph(self.label(), self.size, theme.INK, room, line_height=1.1)
        surface.blit(label, label.get_rect(midleft=(self.rect.x, self.rect.centery)))
        track = theme.mix(theme.PAPER_DARK, theme.GOOD, self.knob.value)
        pygame.draw.rect(surface, track, switch, border_radius=16)
        pygame.draw.rect(surface, theme.INK_FAINT, switch, 1, border_radius=16)
        x = switch.x + 16 + (switch.width - 32) * self.knob.value
        pygame.draw.circle(surface, theme.WHITE, (round(x), switch.centery), 13)
        pygame.draw.circle(surface, theme.INK_FAINT, (round(x), switch.centery), 13, 1)
        mark = render_text("✓" if self.get() else "", 18, theme.GOOD)
        surface.blit(mark, mark.get_rect(center=(round(x), switch.centery)))


class Chooser(Widget):
    """Picks one of several values with ‹ and › arrows (or a click on the value to go forward)."""

    def __init__(self, rect, options: list[tuple[object, TextFn]], get: Callable[[], object],
                 set_: Callable[[object], None], size: int = 24, tooltip: TextFn | None = None):
        super().__init__(rect, tooltip)
        self.options = [(value, text_fn(label)) for value, label in options]
        self.get = get
        self.set = set_
        self.size = size

    def index(self) -> int:
        current = self.get()
        for i, (value, _) in enumerate(self.options):
            if value == current:
                return i
        return 0

    def step(self, delta: int) -> None:
        from game.ui.audio import get_audio

        get_audio().play("click")
        self.set(self.options[(self.index() + delta) % len(self.options)][0])

    def handle(self, event):
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.step(-1 if event.pos[0] < self.rect.x + 40 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface):
        fill = theme.WHITE if self.hovered else theme.PAPER
        panel(surface, self.rect, fill, radius=8, shadow=2, border=theme.INK_FAINT, border_width=1)
        for glyph, x in (("‹", self.rect.x + 20), ("›", self.rect.right - 20)):
            image = render_text(glyph, self.size + 6, theme.ACCENT_DARK, bold=True)
            surface.blit(image, image.get_rect(center=(x, self.rect.centery)))
        label = render_fitted(self.options[self.index()][1](), self.size, theme.INK, self.rect.width - 84)
        surface.blit(label, label.get_rect(center=self.rect.center))


class Slider(Widget):
    """A horizontal slider between 0 and 1."""

    def __init__(self, rect, get: Callable[[], float], set_: Callable[[float], None], tooltip: TextFn | None = None):
        super().__init__(rect, tooltip)
        self.get = get
        self.set = set_
        self.dragging = False

    def _value_at(self, x: int) -> float:
        return min(1.0, max(0.0, (x - self.rect.x) / max(1, self.rect.width)))

    def handle(self, event):
        super().handle(event)
        grabbed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if grabbed and self.rect.inflate(0, 20).collidepoint(event.pos):
            self.dragging = True
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            from game.ui.audio import get_audio

            get_audio().play("click")
            return True
        return False

    def draw(self, surface):
        track = pygame.Rect(self.rect.x, self.rect.centery - 4, self.rect.width, 8)
        pygame.draw.rect(surface, theme.PAPER_DARK, track, border_radius=4)
        filled = track.copy()
        filled.width = round(track.width * self.get())
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
        x = track.x + filled.width
        pygame.draw.circle(surface, theme.WHITE, (x, track.centery), 12)
        pygame.draw.circle(surface, theme.ACCENT_DARK, (x, track.centery), 12, 2)
        percent = render_text(f"{round(self.get() * 100)}%", 20, theme.INK_SOFT)
        surface.blit(percent, percent.get_rect(midleft=(self.rect.right + 16, self.rect.centery)))


class TextInput(Widget):
    """A one-line text field (names, seeds); typing goes through TEXTINPUT so IMEs work."""

    def __init__(self, rect, get: Callable[[], str], set_: Callable[[str], None], max_length: int = 16,
                 placeholder: TextFn | None = None, allowed: Callable[[str], bool] | None = None, size: int = 24):
        super().__init__(rect)
        self.get = get
        self.set = set_
        self.max_length = max_length
        self.placeholder = placeholder
        self.allowed = allowed
        self.size = size
        self.focused = False
        self.composition = ""
        self.blink = 0.0

    def handle(self, event):
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused and not was:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            text = (self.get() + event.text)[: self.max_length]
            if self.allowed is None or self.allowed(text):
                self.set(text)
            self.composition = ""
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.set(self.get()[:-1])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focused = False
                return True
            return event.key != pygame.K_ESCAPE
        return False

    def update(self, dt):
        self.blink = (self.blink + dt) % 1.0
        if self.focused:  # the caret blinks: a frame each time it shows or hides
            redraw.at(redraw.clock() + 0.5 - self.blink % 0.5)

    def draw(self, surface):
        border = theme.ACCENT if self.focused else theme.INK_FAINT
        panel(surface, self.rect, theme.WHITE, radius=8, shadow=0, border=border, border_width=2 if self.focused else 1)
        value = self.get() + self.composition
        if value:
            image = render_text(value, self.size, theme.INK)
        else:
            image = render_text(self.placeholder() if self.placeholder else "", self.size, theme.INK_FAINT)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-12, -4))
        y = self.rect.centery - image.get_height() // 2
        surface.blit(image, (self.rect.x + 10, y))
        if self.focused and self.blink < 0.5:
            x = self.rect.x + 10 + (image.get_width() if value else 0)
            pygame.draw.line(surface, theme.INK, (x + 1, self.rect.y + 8), (x + 1, self.rect.bottom - 8), 2)
        surface.set_clip(clip)


class ScrollList(Widget):
    """A vertical list of rows drawn by ``draw_row(surface, rect, index, hovered, selected)``."""

    def __init__(self, rect, count: Callable[[], int], row_height: int, draw_row: Callable,
                 on_select: Callable[[int], None] | None = None, on_activate: Callable[[int], None] | None = None):
        super().__init__(rect)
        self.count = count
        self.row_height = row_height
        self.draw_row = draw_row
        self.on_select = on_select
        self.on_activate = on_activate
        self.offset = 0.0
        self.selected: int | None = None
        self.hover_index: int | None = None
        self.last_click = (-1, 0)

    def max_offset(self) -> float:
        return max(0, self.count() * self.row_height - self.rect.height)

    def index_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        index = int((pos[1] - self.rect.y + self.offset) // self.row_height)
        return index if 0 <= index < self.count() else None

    def handle(self, event):
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover_index = self.index_at(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.offset = min(self.max_offset(), max(0.0, self.offset - event.y * self.row_height * 0.6))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                now = pygame.time.get_ticks()
                double = self.last_click[0] == index and now - self.last_click[1] < 400
                self.last_click = (index, now)
                self.selected = index
                if self.on_select:
                    self.on_select(index)
                if double and self.on_activate:
                    self.on_activate(index)
                return True
        return False

    def draw(self, surface):
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        first = int(self.offset // self.row_height)
        for index in range(first, min(self.count(), first + self.rect.height // self.row_height + 2)):
            row = pygame.Rect(self.rect.x, self.rect.y + index * self.row_height - self.offset, self.rect.width,
                              self.row_height)
            self.draw_row(surface, row, index, index == self.hover_index, index == self.selected)
        surface.set_clip(clip)
        if self.max_offset() > 0:
            bar_height = max(30, self.rect.height * self.rect.height / (self.count() * self.row_height))
            y = self.rect.y + (self.rect.height - bar_height) * self.offset / self.max_offset()
            pygame.draw.rect(surface, theme.INK_FAINT, (self.rect.right - 6, y, 4, bar_height), border_radius=2)


def focused_tip(widgets) -> tuple[str, pygame.Rect] | None:
    """The tooltip and place of the widget the keyboard has focused (a ``focused`` one with a tooltip)."""
    for widget in widgets:
        if widget.visible and getattr(widget, "focused", False) and widget.tooltip:
            return widget.tooltip(), widget.rect
    return None


def tooltip_rect(size: tuple[int, int], pos, screen: pygame.Rect, avoid: pygame.Rect | None = None) -> pygame.Rect:
    """Where a tooltip box of ``size`` goes: below and right of ``pos``, inside ``screen``, and clear of
    ``avoid`` (the thing it talks about) when there is room beside, under or over it."""
    rect = pygame.Rect((pos[0] + 18, pos[1] + 20), size).clamp(screen)
    if avoid is None or not rect.colliderect(avoid):
        return rect
    gap = 10
    candidates = (
        rect.move(0, avoid.bottom + gap - rect.y),
        rect.move(avoid.right + gap - rect.x, 0),
        rect.move(avoid.x - gap - rect.right, 0),
        rect.move(0, avoid.y - gap - rect.bottom),
    )
    for candidate in candidates:
        if screen.contains(candidate) and not candidate.colliderect(avoid):
            return candidate
    return rect


def draw_tooltip(surface: pygame.Surface, text: str, pos, avoid: pygame.Rect | None = None) -> pygame.Rect:
    """A tooltip box near ``pos``, kept inside the screen and clear of ``avoid``, wrapping long text."""
    image = render_paragraph(text, 20, theme.INK, 380)
    rect = tooltip_rect(image.get_rect().inflate(20, 14).size, pos, surface.get_rect(), avoid)
    panel(surface, rect, (255, 250, 236), radius=8, shadow=4, border=theme.INK_FAINT, border_width=1)
    surface.blit(image, image.get_rect(center=rect.center))
    return rect
