"""The pause menu over a running game."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.core.saves import new_save_path, write_save
from game.scenes.base import Overlay
from game.ui import theme
from game.ui.fonts import render_text
from game.ui.widgets import Button


class PauseScene(Overlay):
    box = pygame.Rect(560, 170, 480, 560)

    def __init__(self, app, play):
        self.play = play
        super().__init__(app)

    def build(self):
        x, w = self.box.x + 60, self.box.width - 120
        entries = [
            ("pause.resume", self.resume, "primary"),
            ("pause.save", self.save, "secondary"),
            ("pause.rules", self.rules, "secondary"),
            ("pause.settings", self.settings, "secondary"),
            ("pause.quit", self.quit_to_title, "secondary"),
        ]
        self.widgets = [
            Button((x, self.box.y + 110 + i * 84, w, 64), (lambda k=key: tr(k)), action, style=style, size=26)
            for i, (key, action, style) in enumerate(entries)
        ]

    def resume(self):
        self.app.pop()

    def save(self):
        """Write the game now (it also saves itself after every action) and say where. A table hosted here
        keeps its code and seat tokens in the save; one hosted elsewhere is its host's to save."""
        if self.play.link is not None:
            self.app.toast(tr("pause.saved_by_host"))
            return
        hosted = getattr(self.play, "hosted", None)
        path = self.play.autosave.path if self.play.autosave else new_save_path(self.play.spec.id)
        try:
            write_save(path, self.play.controller, self.play.spec.id, hosted.net_record() if hosted else None)
            self.app.toast(tr("pause.saved"))
        except OSError as error:
            self.app.toast(tr("pause.save_failed", detail=str(error)))

    def rules(self):
        from game.scenes.rules_help import RulesScene

        self.app.push(RulesScene(self.app, self.play.spec.id))

    def settings(self):
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_title(self):
        from game.scenes.title import TitleScene

        self.app.reset_to(TitleScene(self.app))

    def on_escape(self) -> bool:
        self.resume()
        return True

    def draw_background(self, surface):
        super().draw_background(surface)
        title = render_text(tr("pause.title"), 40, theme.INK, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + 34)))
