"""The replay viewer: step forward and back, play, and seek through a game's actions.

A finished game's replay shows everything. An unfinished one shows only what the person watching
may see: the view of the one person at the table, or, when several share the screen, the view of
the person they say they are (behind a hand-off screen); a game of AIs alone shows everything.
"""

from __future__ import annotations

import pygame

from game.core.controller import Controller
from game.core.i18n import tr
from game.core.seats import human_seats
from game.scenes.base import MenuScene, Scene
from game.scenes.play import SIDE, LogPanel, log_lines, seat_name, visible_events
from game.ui import redraw, theme
from game.ui.draw import panel, player_token
from game.ui.fonts import render_paragraph, render_text
from game.ui.table import TableHost
from game.ui.widgets import Button, Slider

STEP_SECONDS = 0.7


def entitled_viewers(spec, controller: Controller) -> list[int] | None:
    """The seats whose view a replay of ``controller``'s game may show: None when it may show
    everything (a finished game, a game without hidden information, a game of AIs alone)."""
    people = human_seats(controller.config)
    if controller.over or not spec.hidden_information or not people:
        return None
    return people


class ReplayScene(Scene, TableHost):
    """Shows a game's positions from the start to its last action, as its watcher may see them."""

    def __init__(self, app, spec, source: Controller):
        self.spec = spec
        self.interactive = False
        self.actions = source.actions()
        self.controller = Controller(source.ruleset, source.config, source.seed, start=source.start)
        self.entitled = entitled_viewers(spec, source)
        self.watcher = self.entitled[0] if self.entitled and len(self.entitled) == 1 else None
        self.playing = False
        self.clock = 0.0
        self.view = None
        super().__init__(app)
        self.view = spec.view_class()(self)
        self.controller.listeners.append(self.on_change)

    def on_enter(self) -> None:
        if self.undecided():
            self.app.push(ViewerChoiceScene(self.app, self))

    def undecided(self) -> bool:
        """True while several people could be watching and none has said who they are."""
        return self.entitled is not None and self.watcher is None

    def choose(self, seat: int) -> None:
        """The person watching is ``seat``: cover the screen until they are there."""
        from game.scenes.handoff import HandoffScene

        self.app.push(HandoffScene(self.app, self, seat, "handoff.ready_replay"))

    def set_owner(self, seat: int) -> None:
        self.watcher = seat
        self.view.on_reset()
        self.refresh_log()

    @property
    def viewer(self):
        return self.watcher

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
            self.refresh_log()

    def refresh_log(self) -> None:
        """The log up to the step shown, as the watcher may read it; nothing until they are known."""
        self.log_panel.set_lines([] if self.undecided() else log_lines(self.spec, self.controller, self.viewer,
                                                                      placed=self.view.placed_event))

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
        redraw.stir()
        if entry is None or self.undecided():
            self.view.on_reset()
            self.refresh_log()
        else:
            self.view.on_entry(entry, visible_events(entry, self.viewer))
            self.log_panel.add(log_lines(self.spec, controller, self.viewer, len(controller.log) - 1,
                                         placed=self.view.placed_event))

    def needs_frames(self) -> bool:
        return self.playing or self.view.busy()

    def update(self, dt):
        super().update(dt)
        self.view.log_focus = self.log_panel.hovered_event()
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
        if self.watcher is not None:
            whose = render_text(tr("replay.view_of", name=self.player_name(self.watcher)), 20, theme.INK_SOFT)
            surface.blit(whose, whose.get_rect(topright=(SIDE.right - 20, 222)))

    def tooltip(self):
        return super().tooltip() or self.view.tooltip()

    def tooltip_avoid(self):
        return self.view.tooltip_avoid()

    def keyboard_focus(self):
        return super().keyboard_focus() or self.view.keyboard_focus()


class ViewerChoiceScene(MenuScene):
    """Asks whose view an unfinished hot-seat game's replay shows; Back closes the replay."""

    title_key = "replay.whose.title"
    sheet = pygame.Rect(450, 170, 700, 600)

    def __init__(self, app, replay: ReplayScene):
        self.replay = replay
        super().__init__(app)

    def build(self):
        self.people = [
            Button(self.person_rect(i), (lambda seat=seat: self.replay.player_name(seat)),
                   (lambda seat=seat: self.choose(seat)), style="primary", size=26)
            for i, seat in enumerate(self.replay.entitled)
        ]
        self.widgets = list(self.people)
        self.widgets.append(Button((self.sheet.x + 30, self.sheet.bottom - 90, 260, 62), lambda: tr("common.back"),
                                   self.back, size=26))

    def person_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.sheet.x + 170, self.sheet.y + 130 + index * 68, self.sheet.width - 320, 56)

    def choose(self, seat: int) -> None:
        self.app.pop()
        self.replay.choose(seat)

    def back(self) -> None:
        self.app.pop()
        self.replay.close()

    def on_escape(self) -> bool:
        self.back()
        return True

    def draw_foreground(self, surface):
        body = render_paragraph(tr("replay.whose.body"), 24, theme.INK_SOFT, self.sheet.width - 120, align="center")
        surface.blit(body, body.get_rect(midtop=(self.sheet.centerx, self.sheet.y + 40)))
        for button, seat in zip(self.people, self.replay.entitled, strict=True):
            player_token(surface, (button.rect.x - 36, button.rect.centery), 18, seat, self.replay.spec.id)
