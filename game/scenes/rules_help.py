"""Rules help: each game's pages, in the current language, with page turning; beside the words, a
picture drawn with the game's own art (``game.ui.help_art``) where the page has one."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games import registry
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.draw import panel
from game.ui.fonts import fit_paragraph, render_text
from game.ui.help_art import game_picture
from game.ui.widgets import Button

PICTURE = (500, 500)
"""The most room a page's picture takes, beside its words."""


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

    def picture(self) -> pygame.Surface | None:
        """The current page's picture (drawn once per page and language)."""
        key = (self.specs[self.game].id, self.page, tr("rules.title"))
        if getattr(self, "_picture", (None,))[0] != key:
            self._picture = (key, game_picture(key[0], self.page + 1, PICTURE))
        return self._picture[1]

    def draw_foreground(self, surface):
        pages = self.pages()
        if not pages:
            return
        prefix = pages[self.page]
        x = self.sheet.x + 360
        width = self.sheet.right - 40 - x
        title = render_text(tr(f"{prefix}.title"), 34, theme.INK, bold=True)
        surface.blit(title, (x, self.sheet.y + 36))
        picture = self.picture()
        if picture is not None:
            frame = pygame.Rect(0, 0, PICTURE[0] + 20, PICTURE[1] + 20)
            frame.topright = (self.sheet.right - 30, self.sheet.y + 90)
            panel(surface, frame, theme.PAPER_DARK, radius=14, shadow=0)
            surface.blit(picture, picture.get_rect(center=frame.center))
            width = frame.x - 30 - x
        room = pygame.Rect(x, self.sheet.y + 96, width, self.sheet.bottom - 100 - (self.sheet.y + 96))
        body = fit_paragraph(tr(f"{prefix}.body"), 23, theme.INK, room, line_height=1.45, min_size=17)
        surface.blit(body, room.topleft)
        counter = render_text(tr("rules.page", n=self.page + 1, total=len(pages)), 22, theme.INK_SOFT)
        surface.blit(counter, counter.get_rect(center=(self.sheet.centerx + 150, self.sheet.bottom - 54)))
