"""Load: every save with its game, players, date and progress; damaged ones say why.

The list comes from each save's summary (quick, however many saves there are); a save's moves are
replayed and checked when it is chosen, so one that fails says why before it is opened. Every text
from a file is cut to its row: a file cannot put more on the screen than fits.
"""

from __future__ import annotations

import pygame

from game.core import i18n
from game.core.i18n import tr
from game.core.saves import SaveInfo, check_save, inspect_save, list_saves
from game.core.seats import seat_label
from game.games import registry
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.fonts import displayable, fit_line, render_text
from game.ui.widgets import Button, ScrollList

TEXT_INSET = 60


def reason(info: SaveInfo) -> str:
    return tr("load.damaged", reason=tr(info.error.key, **info.error.fields))


def describe(info: SaveInfo) -> tuple[str, str]:
    """Two lines for a save: what it is, and its state (or why it can't be opened)."""
    specs = registry()
    file_name = displayable(info.path.name)
    if info.damaged and not info.game_id:
        return file_name, reason(info)
    name = tr(specs[info.game_id].name_key) if info.game_id in specs else file_name
    first = f"{name} — {', '.join(seat_label(seat, i) for i, seat in enumerate(info.seats))}"
    if info.damaged:
        return first, reason(info)
    key, fields = info.progress
    progress = tr(key, **fields) if key and i18n.has(key) else ""
    state = tr("load.finished") if info.finished else progress
    if info.from_backup:
        state = f"{state}   {tr('load.from_backup' if info.main_error else 'load.from_backup.missing')}"
    return first, f"{info.saved_at.replace('T', ' ')}   {state}"


class LoadScene(MenuScene):
    title_key = "load.title"
    sheet = pygame.Rect(160, 130, 1280, 720)

    def __init__(self, app):
        self.games = registry()
        self.saves = list_saves(self.games)
        super().__init__(app)

    def build(self):
        sheet = self.sheet
        self.list = ScrollList(pygame.Rect(sheet.x + 30, sheet.y + 30, sheet.width - 60, sheet.height - 150),
                               lambda: len(self.saves), 84, self.draw_row, on_select=self.check,
                               on_activate=lambda i: self.open())
        self.widgets = [
            self.list,
            Button((sheet.x + 30, sheet.bottom - 90, 260, 62), lambda: tr("common.back"), self.app.pop, size=26),
            Button((sheet.right - 560, sheet.bottom - 90, 250, 62), lambda: tr("load.replay"), self.replay,
                   enabled_fn=self.selected_ok, reason=lambda: tr("load.select"), size=26),
            Button((sheet.right - 290, sheet.bottom - 90, 260, 62), lambda: tr("load.open"), self.open,
                   style="primary", enabled_fn=self.can_open, reason=self.open_reason, size=26),
        ]

    def check(self, index: int) -> None:
        """Replay the chosen save's moves (once per version of its file) so its row tells the truth."""
        self.saves[index] = check_save(self.saves[index], self.games)

    def selected(self) -> SaveInfo | None:
        index = self.list.selected
        return self.saves[index] if index is not None and index < len(self.saves) else None

    def selected_ok(self) -> bool:
        info = self.selected()
        return info is not None and not info.damaged

    def can_open(self) -> bool:
        info = self.selected()
        return info is not None and not info.damaged and not info.finished

    def open_reason(self) -> str:
        info = self.selected()
        if info is None:
            return tr("load.select")
        if info.damaged:
            return tr("load.cannot_open")
        return tr("load.finished_hint")

    def read_again(self) -> None:
        """The chosen save failed when opened (its file changed since the list was read): its row says
        what it holds now."""
        index = self.list.selected
        self.saves[index] = check_save(inspect_save(self.saves[index].path, self.games), self.games)

    def open(self) -> None:
        from game.scenes.title import open_saved_game

        if self.can_open() and not open_saved_game(self.app, self.selected()):
            self.read_again()

    def replay(self) -> None:
        from game.scenes.replay import ReplayScene
        from game.scenes.title import read_saved_game

        if self.selected_ok():
            loaded = read_saved_game(self.app, self.selected())
            if loaded is None:
                self.read_again()
                return
            spec, controller = loaded
            self.app.push(ReplayScene(self.app, spec, controller))

    def draw_row(self, surface, rect, index, hovered, selected):
        info = self.saves[index]
        box = rect.inflate(-4, -8)
        fill = theme.mix(theme.PAPER, theme.ACCENT_LIGHT, 0.35) if selected else (
            theme.WHITE if hovered else theme.PAPER)
        pygame.draw.rect(surface, fill, box, border_radius=10)
        pygame.draw.rect(surface, theme.BAD if info.damaged else theme.PAPER_DARK, box, 2, border_radius=10)
        first, second = describe(info)
        room = box.width - TEXT_INSET - 16
        mark = render_text("⚠" if info.damaged else "◆", 26, theme.BAD if info.damaged else theme.ACCENT)
        surface.blit(mark, mark.get_rect(center=(box.x + 30, box.centery)))
        surface.blit(render_text(fit_line(first, 24, room, bold=True), 24, theme.INK, bold=True),
                     (box.x + TEXT_INSET, box.y + 10))
        surface.blit(render_text(fit_line(second, 20, room), 20, theme.BAD if info.damaged else theme.INK_SOFT),
                     (box.x + TEXT_INSET, box.y + 44))

    def draw_foreground(self, surface):
        if not self.saves:
            image = render_text(tr("load.none"), 28, theme.INK_SOFT)
            surface.blit(image, image.get_rect(center=self.sheet.center))
