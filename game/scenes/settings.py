"""Settings: language, volume, window size or full screen, animation speed, AI pacing, colour-blind symbols,
offers muted."""

from __future__ import annotations

from dataclasses import asdict

import pygame

from game.core.i18n import tr
from game.core.settings import AI_PACINGS, ANIMATION_SPEEDS, WINDOW_SIZES
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.fonts import render_text
from game.ui.widgets import Button, Chooser, Slider, Toggle

FULL_SCREEN = "fullscreen"


def window_choices(current: tuple[int, int], desktop: tuple[int, int] | None) -> list:
    """The window sizes that fit the screen (all of them when its size is unknown) and the window's own,
    smallest first, then full screen."""
    sizes = [size for size in WINDOW_SIZES if desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1])]
    if current not in sizes:
        sizes = sorted([*sizes, current], key=lambda size: size[0] * size[1])
    return [*sizes, FULL_SCREEN]


def desktop_size() -> tuple[int, int] | None:
    try:
        return tuple(pygame.display.get_desktop_sizes()[0])
    except (pygame.error, IndexError):
        return None


def window_label(choice) -> str:
    return tr("settings.fullscreen") if choice == FULL_SCREEN else tr("settings.window.size", w=choice[0],
                                                                         h=choice[1])


class SettingsScene(MenuScene):
    title_key = "settings.title"
    sheet = pygame.Rect(360, 130, 880, 660)

    def __init__(self, app):
        self.entered = asdict(app.settings)
        super().__init__(app)

    def build(self):
        s = self.app.settings
        x, label_w, w = self.sheet.x + 60, 300, 420
        cx = x + label_w
        row = lambda i: self.sheet.y + 50 + i * 74  # noqa: E731

        def changed(name):
            def set_(value):
                setattr(s, name, value)
                self.app.apply_settings()
            return set_

        self.labels = [
            (row(0), "settings.language"), (row(1), "settings.volume"), (row(2), "settings.window"),
            (row(3), "settings.animation"), (row(4), "settings.pacing"),
        ]
        windows = window_choices((s.window_width, s.window_height), desktop_size())
        self.widgets = [
            Chooser((cx, row(0), w, 52), [("ja", "日本語"), ("en", "English")], lambda: s.language,
                    changed("language")),
            Slider((cx, row(1) + 16, w - 70, 20), lambda: s.volume, self.set_volume),
            Chooser((cx, row(2), w, 52), [(c, (lambda c=c: window_label(c))) for c in windows], self.window,
                    self.set_window, tooltip=lambda: tr("settings.window.tip")),
            Chooser((cx, row(3), w, 52), [(v, (lambda v=v: tr("settings.speed", x=v))) for v in ANIMATION_SPEEDS],
                    lambda: s.animation_speed, changed("animation_speed")),
            Chooser((cx, row(4), w, 52), [(p, (lambda p=p: tr(f"settings.pacing.{p}"))) for p in AI_PACINGS],
                    lambda: s.ai_pacing, changed("ai_pacing"), tooltip=lambda: tr("settings.pacing.tip")),
            Toggle((x, row(5), label_w + w, 52), lambda: tr("settings.colour_blind"), lambda: s.colour_blind,
                   changed("colour_blind"), tooltip=lambda: tr("settings.colour_blind.tip")),
            Toggle((x, row(6), label_w + w, 52), lambda: tr("settings.mute_ai_offers"), lambda: s.mute_ai_offers,
                   changed("mute_ai_offers"), tooltip=lambda: tr("settings.mute_ai_offers.tip")),
            Button((self.sheet.centerx - 150, self.sheet.bottom - 90, 300, 60), lambda: tr("common.back"),
                   self.app.pop, style="primary", size=26),
        ]

    def window(self):
        s = self.app.settings
        return FULL_SCREEN if s.fullscreen else (s.window_width, s.window_height)

    def set_window(self, choice) -> None:
        """Full screen, or a window of the size chosen: at once, and kept for the next start."""
        s = self.app.settings
        s.fullscreen = choice == FULL_SCREEN
        if not s.fullscreen:
            s.window_width, s.window_height = choice
        self.app.apply_settings()

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.audio.set_volume(self.app.settings.volume)

    def on_exit(self):
        """Keep what the volume slider changed; leaving without a change writes nothing (a settings
        file the game could not read stays as it is until the user changes something)."""
        if asdict(self.app.settings) != self.entered:
            self.app.apply_settings()

    def draw_foreground(self, surface):
        for y, key in self.labels:
            image = render_text(tr(key), 26, theme.INK)
            surface.blit(image, image.get_rect(midleft=(self.sheet.x + 60, y + 26)))
