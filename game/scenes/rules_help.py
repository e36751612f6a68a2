"""Rules help: each game's pages, in the current language, with page turning."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games import registry
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.fonts import render_paragraph, render_text
from game.ui.widgets import Button


class RulesScene(MenuScene):
    title_key = "rules.title"
    sheet = pygame.Rect(120, 130, 1360, 720)

    def __init__(self, app, game_id: str | None = None):
        self.specs = list(registry().values())
        ids = [s.id for s in self.specs]
        self.game = ids.index(game_id) if game_id in ids else 0
        self.page = 0
        super().__init__(app)

    def build(self):
        self.widgets = []
        for i, spec in enumerate(self.specs):
            button = Button((self.sheet.x + 30, self.sheet.y + 30 + i * 64, 280, 52), (lambda s=spec: tr(s.name_key)),
                            (lambda i=i: self.choose(i)), size=24)
            button.selected = i == self.game
            self.widgets.append(button)
        bottom = self.sheet.bottom - 80
        self.widgets += [
            Button((self.sheet.x + 360, bottom, 180, 52), lambda: tr("rules.prev"), lambda: self.turn(-1),
                   enabled_fn=lambda: self.page > 0, hotkey=pygame.K_LEFT),
            Button((self.sheet.right - 210, bottom, 180, 52), lambda: tr("rules.next"), lambda: self.turn(1),
                   enabled_fn=lambda: self.page < len(self.pages()) - 1, hotkey=pygame.K_RIGHT),
            Button((self.sheet.x + 30, bottom, 280, 52), lambda: tr("common.back"), self.app.pop, style="primary"),
        ]

    def pages(self) -> tuple:
        return self.specs[self.game].rules_pages if self.specs else ()

    def choose(self, index: int) -> None:
        self.game = index
        self.page = 0
        for i, widget in enumerate(self.widgets[: len(self.specs)]):
            widget.selected = i == index

    def turn(self, delta: int) -> None:
        self.page = max(0, min(len(self.pages()) - 1, self.page + delta))

    def draw_foreground(self, surface):
        pages = self.pages()
        if not pages:
            return
        prefix = pages[self.page]
        x = self.sheet.x + 360
        width = self.sheet.right - 40 - x
        title = render_text(tr(f"{prefix}.title"), 34, theme.INK, bold=True)
        surface.blit(title, (x, self.sheet.y + 36))
        body = render_paragraph(tr(f"{prefix}.body"), 23, theme.INK, width, line_height=1.45)
        surface.blit(body, (x, self.sheet.y + 96))
        counter = render_text(tr("rules.page", n=self.page + 1, total=len(pages)), 22, theme.INK_SOFT)
        surface.blit(counter, counter.get_rect(center=(self.sheet.centerx + 150, self.sheet.bottom - 54)))
