"""The Scene base class: a screen on the app's stack with its widgets."""

from __future__ import annotations

import pygame

from game.ui.widgets import Widget


class Scene:
    """A screen. ``opaque`` scenes hide what is below them; overlays set it False.

    Subclasses add widgets to ``self.widgets`` (drawn in order, given events top-most first) and
    override ``draw_background`` / ``draw_foreground`` around them.
    """

    opaque = True

    def __init__(self, app):
        self.app = app
        self.widgets: list[Widget] = []
        self.build()

    def build(self) -> None:
        """Create the widgets (called again when the language changes)."""

    def rebuild(self) -> None:
        self.widgets = []
        self.build()

    # -- life cycle ---------------------------------------------------------------------------
    def on_enter(self) -> None:
        pass

    def on_resume(self) -> None:
        """The scene above was popped."""

    def on_exit(self) -> None:
        pass

    # -- loop ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.on_escape()
        return False

    def on_escape(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def needs_frames(self) -> bool:
        """True while the scene moves on its own and must be drawn every frame (a computer player thinking,
        a replay playing). Tweens, timelines and smooth values ask for their frames themselves
        (``game.ui.redraw``); a still scene is drawn only when something happens."""
        return False

    def wake_at(self) -> float | None:
        """When (a ``redraw.clock()`` time) the scene must next be drawn though nothing moves or happens (a
        message that runs out), or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
        self.draw_foreground(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        pass

    def draw_margins(self, canvas: pygame.Surface, stage: pygame.Rect) -> None:
        """What lies around the stage when the window is not of its shape: the tabletop."""
        from game.ui.draw import wood_texture

        canvas.blit(wood_texture(*canvas.get_size()), (0, 0))

    def draw_foreground(self, surface: pygame.Surface) -> None:
        pass

    def tooltip(self) -> str | None:
        for widget in reversed(self.widgets):
            if widget.visible:
                text = widget.tooltip_text()
                if text:
                    return text
        return None

    def tooltip_avoid(self) -> pygame.Rect | None:
        """A place the pointer's tooltip must leave in sight (what it talks about), or None."""
        return None

    def keyboard_focus(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip of what the keyboard has chosen and where that is, or None."""
        return None


class MenuScene(Scene):
    """A full screen on the tabletop with a title and a paper sheet in the middle."""

    title_key = ""
    sheet = pygame.Rect(200, 130, 1200, 700)

    def draw_background(self, surface):
        from game.core.i18n import tr
        from game.ui import theme
        from game.ui.draw import panel, table_background
        from game.ui.fonts import render_text

        table_background(surface)
        if self.title_key:
            title = render_text(tr(self.title_key), 54, theme.PAPER, bold=True)
            shade = render_text(tr(self.title_key), 54, theme.WOOD_DARK, bold=True)
            surface.blit(shade, shade.get_rect(midtop=(802, 42)))
            surface.blit(title, title.get_rect(midtop=(800, 40)))
        panel(surface, self.sheet, theme.PAPER, radius=18, shadow=10)

    def on_escape(self) -> bool:
        self.app.pop()
        return True


class Overlay(Scene):
    """A dialog over the scene below, which stays visible but dimmed."""

    opaque = False
    box = pygame.Rect(500, 200, 600, 500)

    def draw_background(self, surface):
        from game.ui import theme
        from game.ui.draw import dim, panel

        dim(surface, 150)
        panel(surface, self.box, theme.PAPER, radius=18, shadow=10)

    def draw_margins(self, canvas, stage):
        """The scene below stays around the stage, dimmed like the stage itself."""
        from game.ui.draw import dim

        for margin in margins(canvas.get_rect(), stage):
            dim(canvas.subsurface(margin), 150)


def margins(canvas: pygame.Rect, stage: pygame.Rect) -> list[pygame.Rect]:
    """The parts of the canvas around the stage (none when the window has the stage's shape)."""
    parts = [pygame.Rect(0, 0, canvas.width, stage.y), pygame.Rect(0, stage.bottom, canvas.width,
                                                                    canvas.height - stage.bottom),
             pygame.Rect(0, stage.y, stage.x, stage.height),
             pygame.Rect(stage.right, stage.y, canvas.width - stage.right, stage.height)]
    return [part for part in parts if part.width > 0 and part.height > 0]
