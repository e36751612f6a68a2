"""Settings: language, volume, fullscreen, animation speed, AI pacing, colour-blind symbols, offers muted."""

from __future__ import annotations

from dataclasses import asdict

import pygame

from game.core.i18n import tr
from game.core.settings import AI_PACINGS, ANIMATION_SPEEDS
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.fonts import render_text
from game.ui.widgets import Button, Chooser, Slider, Toggle


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
            (row(0), "settings.language"), (row(1), "settings.volume"), (row(3), "settings.animation"),
            (row(4), "settings.pacing"),
        ]
        self.widgets = [
            Chooser((cx, row(0), w, 52), [("ja", "日本語"), ("en", "English")], lambda: s.language,
                    changed("language")),
            Slider((cx, row(1) + 16, w - 70, 20), lambda: s.volume, self.set_volume),
            Toggle((x, row(2), label_w + w, 52), lambda: tr("settings.fullscreen"), lambda: s.fullscreen,
                   changed("fullscreen")),
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
