"""The end of a game: ranking, scores, what decided it, per-player statistics, what next."""

from __future__ import annotations

import random

import pygame

from game.core import i18n
from game.core.i18n import tr
from game.scenes.base import Overlay
from game.ui import theme
from game.ui.draw import player_token
from game.ui.fonts import render_paragraph, render_text
from game.ui.widgets import Button


def detail_lines(details: dict) -> list[str]:
    """Texts of a result's details: entries named ``*_key`` hold i18n keys (with ``*_fields``)."""
    lines = []
    for name, value in details.items():
        if name.endswith("_key") and isinstance(value, str) and i18n.has(value):
            fields = details.get(name[: -len("_key")] + "_fields", {})
            lines.append(tr(value, **(fields if isinstance(fields, dict) else {})))
    return lines


class GameOverScene(Overlay):
    """The results over the final table; they can be put aside to look at the table (``looking``), where
    the pointer's tooltips are the table's own."""

    box = pygame.Rect(240, 60, 1120, 780)

    def __init__(self, app, play):
        self.play = play
        self.result = play.controller.result()
        self.looking = False
        super().__init__(app)
        app.audio.play("victory")

    def build(self):
        y = self.box.bottom - 90
        self.results = [
            Button((self.box.x + 60, y, 300, 60), lambda: tr("over.rematch"), self.rematch, style="primary", size=26),
            Button((self.box.x + 410, y, 300, 60), lambda: tr("over.replay"), self.replay, size=26),
            Button((self.box.x + 760, y, 300, 60), lambda: tr("over.title"), self.to_title, size=26),
            Button((self.box.right - 250, self.box.y + 24, 220, 48), lambda: tr("over.look"), self.toggle_look,
                   size=21, tooltip=lambda: tr("over.look.tip"), hotkey=pygame.K_TAB),
        ]
        self.show_results = Button((self.box.centerx - 160, self.box.bottom - 20, 320, 56), lambda: tr("over.back"),
                                   self.toggle_look, style="primary", size=24, hotkey=pygame.K_TAB)
        if self.play.networked():
            self.results.pop(0)  # friends elsewhere are not at a new local table: play again from the lobby
        self.widgets = [self.show_results] if self.looking else list(self.results)

    def toggle_look(self) -> None:
        """Put the results aside to look at the table, or bring them back."""
        self.looking = not self.looking
        self.widgets = [self.show_results] if self.looking else list(self.results)

    def handle(self, event) -> bool:
        if super().handle(event):
            return True
        if self.looking and event.type == pygame.MOUSEMOTION:
            self.play.handle(event)  # the table's hover and tooltips, nothing more: the game is over
        return False

    def tooltip(self) -> str | None:
        return super().tooltip() or (self.play.tooltip() if self.looking else None)

    def draw(self, surface):
        if not self.looking:
            super().draw(surface)
            return
        self.show_results.draw(surface)

    def rematch(self):
        from game.core.controller import Controller
        from game.core.saves import new_save_path
        from game.scenes.play import PlayScene

        old = self.play.controller
        controller = Controller(old.ruleset, old.config, random.SystemRandom().randrange(1 << 31))
        spec = self.play.spec
        self.app.reset_to(PlayScene(self.app, spec, controller, new_save_path(spec.id)))

    def replay(self):
        from game.scenes.replay import ReplayScene

        self.app.push(ReplayScene(self.app, self.play.spec, self.play.controller))

    def to_title(self):
        from game.scenes.title import TitleScene

        self.app.reset_to(TitleScene(self.app))

    def on_escape(self) -> bool:
        if self.looking:
            self.toggle_look()
        return True

    def draw_foreground(self, surface):
        box = self.box
        title = render_text(tr("over.heading"), 44, theme.INK, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 24)))
        if self.result is None:
            return
        controller = self.play.controller
        order = sorted(range(len(self.result.ranks)), key=lambda s: (self.result.ranks[s], s))
        y = box.y + 96
        for seat in order:
            rank = self.result.ranks[seat]
            place = render_text(tr("over.place", n=rank + 1), 28, theme.ACCENT_DARK if rank == 0 else theme.INK_SOFT,
                                bold=rank == 0)
            surface.blit(place, (box.x + 70, y))
            player_token(surface, (box.x + 200, y + 18), 16, seat, self.play.spec.id)
            name = render_text(self.play.player_name(seat), 28, theme.INK, bold=rank == 0)
            surface.blit(name, (box.x + 230, y))
            score = render_text(tr("over.score", score=self.result.scores[seat]), 28, theme.INK)
            surface.blit(score, score.get_rect(topright=(box.x + 560, y)))
            if rank == 0:
                crown = render_text("★", 30, theme.HIGHLIGHT)
                surface.blit(crown, (box.x + 30, y - 2))
            y += 46
        lines = detail_lines(self.result.details)
        for line in lines:
            image = render_paragraph(line, 22, theme.INK_SOFT, 480)
            surface.blit(image, (box.x + 70, y + 6))
            y += image.get_height() + 6
        summary = pygame.Rect(box.x + 40, y + 16, 540, box.bottom - 110 - (y + 16))
        if summary.height > 40 and self.play.view is not None:
            self.play.view.draw_summary(surface, summary)
        self.draw_statistics(surface, controller, pygame.Rect(box.x + 600, box.y + 96, box.width - 640, 560))

    def draw_statistics(self, surface, controller, rect):
        stats = self.play.spec.statistics(controller) if self.play.spec.statistics else []
        if not stats:
            return
        head = render_text(tr("over.statistics"), 24, theme.INK_SOFT, bold=True)
        surface.blit(head, rect.topleft)
        seats = range(controller.config.players)
        column = (rect.width - 200) // max(1, len(seats))
        y = rect.y + 40
        for seat in seats:
            player_token(surface, (rect.x + 200 + column * seat + column // 2, y + 10), 11, seat, self.play.spec.id)
        y += 32
        for label_key, values in stats:
            label = render_paragraph(tr(label_key), 19, theme.INK, 190)
            surface.blit(label, (rect.x, y))
            for seat, value in zip(seats, values, strict=False):
                text = render_text(str(value), 20, theme.INK)
                surface.blit(text, text.get_rect(midtop=(rect.x + 200 + column * seat + column // 2, y)))
            y += max(28, label.get_height() + 6)
            if y > rect.bottom - 20:
                break
