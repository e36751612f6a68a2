"""The hot-seat hand-off: covers every private thing until the next person says they are there."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.scenes.base import Scene
from game.ui import theme
from game.ui.draw import panel, player_token, table_background
from game.ui.fonts import render_paragraph, render_text
from game.ui.widgets import Button


class HandoffScene(Scene):
    """Opaque, so nothing of the previous person's hand shows through.

    ``host`` is the scene whose screen changes hands (the table, or the replay of an unfinished
    game): it names the seats and is told ``set_owner(seat)`` once the person is there.
    ``ready_key`` words the button ("show my turn", "show the replay").
    """

    def __init__(self, app, host, seat: int, ready_key: str = "handoff.ready"):
        self.host = host
        self.seat = seat
        self.ready_key = ready_key
        super().__init__(app)

    def build(self):
        name = self.host.player_name(self.seat)
        self.widgets = [
            Button((600, 560, 400, 70), lambda: tr(self.ready_key, name=name), self.ready, style="primary", size=28,
                   hotkey=pygame.K_RETURN),
        ]

    def ready(self):
        self.app.pop()
        self.host.set_owner(self.seat)

    def on_escape(self) -> bool:
        return True  # the screen stays covered until the right person clicks

    def draw_background(self, surface):
        table_background(surface)
        card = pygame.Rect(450, 220, 700, 460)
        panel(surface, card, theme.PAPER, radius=22, shadow=12)
        player_token(surface, (800, 310), 40, self.seat, self.host.spec.id)
        name = self.host.player_name(self.seat)
        title = render_text(tr("handoff.title", name=name), 44, theme.INK, bold=True)
        surface.blit(title, title.get_rect(center=(800, 400)))
        body = render_paragraph(tr("handoff.body", name=name), 24, theme.INK_SOFT, 600, align="center")
        surface.blit(body, body.get_rect(midtop=(800, 450)))
