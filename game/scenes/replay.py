"""The replay viewer: step forward and back, play, and seek through a game's actions."""

from __future__ import annotations

import pygame

from game.core.controller import Controller
from game.core.i18n import tr
from game.scenes.base import Scene
from game.scenes.play import SIDE, LogPanel, log_lines, seat_name, visible_events
from game.ui import theme
from game.ui.draw import panel
from game.ui.fonts import render_text
from game.ui.table import TableHost
from game.ui.widgets import Button, Slider

STEP_SECONDS = 0.7


class ReplayScene(Scene, TableHost):
    """Shows a game's positions from the start to its last action, seeing everything."""

    def __init__(self, app, spec, source: Controller):
        self.spec = spec
        self.interactive = False
        self.actions = source.actions()
        self.controller = Controller(source.ruleset, source.config, source.seed, start=source.start)
        self.playing = False
        self.clock = 0.0
        self.view = None
        super().__init__(app)
        self.view = spec.view_class()(self)
        self.controller.listeners.append(self.on_change)

    @property
    def viewer(self):
        return None

    def can_act(self) -> bool:
        return False

    def submit(self, action) -> bool:
        return False

    def player_name(self, seat: int) -> str:
        return seat_name(self.controller, seat)

    def build(self):
        x, w = SIDE.x + 16, SIDE.width - 32
        quarter = (w - 24) // 4
        self.widgets = [
            Button((x, 16, w, 44), lambda: tr("replay.close"), self.close),
            Button((x, 70, quarter, 48), "⏮", lambda: self.seek(0), tooltip=lambda: tr("replay.start")),
            Button((x + quarter + 8, 70, quarter, 48), "◀", self.back, hotkey=pygame.K_LEFT,
                   tooltip=lambda: tr("replay.back")),
            Button((x + 2 * (quarter + 8), 70, quarter, 48), "▶", self.forward, hotkey=pygame.K_RIGHT,
                   tooltip=lambda: tr("replay.forward")),
            Button((x + 3 * (quarter + 8), 70, quarter, 48), "⏭", lambda: self.seek(len(self.actions)),
                   tooltip=lambda: tr("replay.end")),
            Button((x, 128, w, 44), lambda: tr("replay.pause") if self.playing else tr("replay.play"), self.toggle,
                   style="primary", hotkey=pygame.K_SPACE),
            Slider((x, 196, w - 70, 20), self.position, self.seek_fraction),
        ]
        self.log_panel = LogPanel(pygame.Rect(x, 250, w, 900 - 250 - 16), self.spec.id,
                                  lambda event: self.view.log_icon(event) if self.view is not None else None)
        self.widgets.append(self.log_panel.list)
        if self.view is not None:
            self.log_panel.set_lines(log_lines(self.spec, self.controller, None))

    def position(self) -> float:
        return len(self.controller.log) / max(1, len(self.actions))

    def seek_fraction(self, fraction: float) -> None:
        self.seek(round(fraction * len(self.actions)))

    def seek(self, index: int) -> None:
        index = max(0, min(len(self.actions), index))
        if index < len(self.controller.log):
            self.controller.rewind(index)
        elif index > len(self.controller.log):
            self._replay_to(index)

    def _replay_to(self, index: int) -> None:
        listeners, self.controller.listeners = self.controller.listeners, []
        try:
            for action in self.actions[len(self.controller.log):index]:
                self.controller.submit(action)
        finally:
            self.controller.listeners = listeners
        self.on_change(self.controller, None)

    def forward(self) -> None:
        if len(self.controller.log) < len(self.actions):
            self.view.skip_animations()
            self.controller.submit(self.actions[len(self.controller.log)])

    def back(self) -> None:
        if self.controller.log:
            self.controller.rewind(len(self.controller.log) - 1)

    def toggle(self) -> None:
        self.playing = not self.playing
        self.clock = 0.0

    def close(self) -> None:
        self.app.pop()

    def on_escape(self) -> bool:
        self.close()
        return True

    def on_change(self, controller, entry) -> None:
        if entry is None:
            self.view.on_reset()
            self.log_panel.set_lines(log_lines(self.spec, controller, None))
        else:
            self.view.on_entry(entry, visible_events(entry, None))
            self.log_panel.add(log_lines(self.spec, controller, None, len(controller.log) - 1))

    def update(self, dt):
        super().update(dt)
        self.view.update(dt)
        if self.playing and not self.view.busy():
            self.clock += dt
            if self.clock >= STEP_SECONDS:
                self.clock = 0.0
                if len(self.controller.log) >= len(self.actions):
                    self.playing = False
                else:
                    self.forward()

    def draw(self, surface):
        self.view.draw(surface)
        panel(surface, SIDE.inflate(-8, -8).move(2, 0), theme.PAPER, radius=14, shadow=6)
        for widget in self.widgets:
            widget.draw(surface)
        counter = render_text(tr("replay.step", n=len(self.controller.log), total=len(self.actions)), 20,
                              theme.INK_SOFT)
        surface.blit(counter, (SIDE.x + 20, 222))

    def tooltip(self):
        return super().tooltip() or self.view.tooltip()
