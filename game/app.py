"""The window, the clock and the scene stack; nothing game-specific.

Every screen is laid out on a logical 1600x900 stage. The stage sits in a logical canvas of the
window's own shape (1600 wide, taller for a taller window; 900 high, wider for a wider one), which fills
the whole window: no black bars. Each scene draws its stage, and what lies around it (``draw_margins``:
the tabletop, or the veil of an overlay) on the canvas. Mouse positions are mapped back to stage
coordinates before any scene sees them.

Text never shrinks below ``MIN_SCREEN_TEXT`` pixels on screen: the shared text rendering enlarges any
text that would come out smaller (``fonts.set_floor``), so a small window keeps its words readable and
the layouts make room for them.

A tooltip belongs to what is under the pointer or the keyboard focus now. While the pointer leads,
the scene is told each still frame where the pointer is (a dialog that closed or a click that changed
the panel leaves nothing hovered that is no longer there), and nothing is hovered once the pointer
leaves the window or the window loses the focus. Once a key leads, the tooltip is the focused spot's,
drawn beside it (``Scene.keyboard_focus``), or none at all.

A frame is drawn only when something changed or moves (``game.ui.redraw``): an event, an animation, a
scene that moves on its own, a timer. Between them the loop sleeps on the event queue, so a screen that
waits for its player costs next to nothing; while anything moves it draws at the full frame rate.
"""

from __future__ import annotations

import sys
import time

import pygame

from game.core import i18n
from game.core.settings import Settings, load_settings, save_settings
from game.ui import redraw, theme, tween
from game.ui.audio import Audio, set_audio, start_pygame
from game.ui.widgets import draw_tooltip

FPS = 60
IDLE_WAKE = 1.0
"""The longest the loop sleeps while nothing asks for a frame (what needs a time asks for it: this is a
safety net)."""
IDLE_STEP = 1.0
"""The longest time step after a sleep: nothing moved meanwhile, so timers and clocks keep real time."""
MOVING_STEP = 0.1
"""The longest time step while things move: a slow frame does not make an animation jump."""
MIN_SCREEN_TEXT = 12
"""The smallest text on screen, in window pixels, whatever the window's size."""
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
POINTER_GONE = (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST)
NOWHERE = (-10_000, -10_000)
"""Where the scene is told the pointer is once it has left the window: over nothing."""


class App:
    """Owns the window and runs the scene stack."""

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or load_settings()
        i18n.set_language(self.settings.language)
        tween.set_speed(self.settings.animation_speed)
        start_pygame()
        redraw.reset()
        redraw.wake_event()  # made now, before any other thread may post it
        pygame.display.set_caption(i18n.tr("app.title"))
        self.fullscreen = False
        self.window = self._open_window((self.settings.window_width, self.settings.window_height))
        if self.settings.fullscreen:
            self.toggle_fullscreen()
        self.canvas = pygame.Surface(theme.LOGICAL_SIZE)
        self.stage = pygame.Rect((0, 0), theme.LOGICAL_SIZE)
        self.screen = self.canvas
        self.fit_canvas()
        self.audio = Audio(self.settings.volume)
        set_audio(self.audio)
        self.clock = pygame.time.Clock()
        self.scenes: list = []
        self.running = True
        self.frames = 0
        self.mouse = (0, 0)
        self.pointer_inside = False
        """True once the pointer has moved over the window, until it leaves or the window loses the focus."""
        self.keyboard_leads = False
        """True from a key press until the pointer moves or clicks again."""
        self.tip_rect: pygame.Rect | None = None
        """Where the last frame drew a tooltip (None: it drew none)."""
        self.toasts: list[list] = []

    # -- window -------------------------------------------------------------------------------
    def _open_window(self, size) -> pygame.Surface:
        flags = pygame.RESIZABLE
        window = pygame.display.set_mode(size, flags)
        return window

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = self._open_window((self.settings.window_width, self.settings.window_height))
        self.settings.fullscreen = self.fullscreen
        if hasattr(self, "canvas"):
            self.fit_canvas()

    def apply_window(self) -> None:
        """Full screen, or a window of the settings' size, whichever they ask for now."""
        if self.settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        size = (self.settings.window_width, self.settings.window_height)
        if not self.fullscreen and self.window.get_size() != size:
            self.window = self._open_window(size)
            self.fit_canvas()

    def canvas_size(self) -> tuple[int, int]:
        """The logical canvas for the window's shape: the stage's width or height, the other one longer."""
        ww, wh = self.window.get_size()
        lw, lh = theme.LOGICAL_SIZE
        if ww * lh >= wh * lw:
            return max(lw, round(lh * ww / max(1, wh))), lh
        return lw, max(lh, round(lw * wh / max(1, ww)))

    def fit_canvas(self) -> None:
        """Make the canvas the window's shape, with the stage in its middle, and set the text floor for
        the window's scale."""
        from game.ui import fonts

        size = self.canvas_size()
        if self.canvas.get_size() != size:
            self.canvas = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                self.canvas = self.canvas.convert()
        lw, lh = theme.LOGICAL_SIZE
        self.stage = pygame.Rect((size[0] - lw) // 2, (size[1] - lh) // 2, lw, lh)
        self.screen = self.canvas.subsurface(self.stage)
        fonts.set_floor(MIN_SCREEN_TEXT * size[0] / max(1, self.window.get_width()))

    def viewport(self) -> pygame.Rect:
        """Where the logical stage lands in the window: scaled to fit, centred in the window."""
        ww, wh = self.window.get_size()
        lw, lh = theme.LOGICAL_SIZE
        scale = min(ww / lw, wh / lh)
        w, h = max(1, round(lw * scale)), max(1, round(lh * scale))
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos) -> tuple[int, int]:
        view = self.viewport()
        lw, lh = theme.LOGICAL_SIZE
        return (round((pos[0] - view.x) * lw / view.width), round((pos[1] - view.y) * lh / view.height))

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS:
            data = dict(event.dict)
            data["pos"] = self.to_logical(event.pos)
            if "rel" in data:
                view = self.viewport()
                data["rel"] = (round(data["rel"][0] * theme.LOGICAL_SIZE[0] / view.width),
                               round(data["rel"][1] * theme.LOGICAL_SIZE[1] / view.height))
            return pygame.event.Event(event.type, data)
        return event

    # -- scenes -------------------------------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()
        redraw.stir()

    def pop(self):
        redraw.stir()
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        return scene

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def reset_to(self, scene) -> None:
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    # -- settings -----------------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Make changed settings take effect everywhere and keep them."""
        language_changed = i18n.language() != self.settings.language
        i18n.set_language(self.settings.language)
        tween.set_speed(self.settings.animation_speed)
        self.audio.set_volume(self.settings.volume)
        self.apply_window()
        pygame.display.set_caption(i18n.tr("app.title"))
        if language_changed:
            for scene in self.scenes:
                scene.rebuild()
        try:
            save_settings(self.settings)
        except OSError as error:
            self.toast(i18n.tr("settings.error.save", detail=str(error)))

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """A short message at the bottom of the screen."""
        self.toasts.append([text, seconds])

    # -- loop ---------------------------------------------------------------------------------
    def handle_system(self, event) -> bool:
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.settings.window_width, self.settings.window_height = event.w, event.h
            self.window = pygame.display.get_surface()
            self.fit_canvas()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        return False

    def step(self, dt: float) -> None:
        """One frame, drawn whatever happens: events, update, draw, present (tests and benchmarks)."""
        self.tick(dt, always=True)

    def tick(self, dt: float, events: list | None = None, always: bool = False) -> bool:
        """One turn of the loop: the events (``events``, else the queue's), the update, and a frame if
        something changed or moves, or ``always``. True when it drew one."""
        timer_due = redraw.begin_turn()
        events = pygame.event.get() if events is None else events
        moved = False
        for raw in events:
            if self.handle_system(raw):
                continue
            if raw.type in POINTER_GONE:
                self.pointer_left()
                continue
            event = self.map_event(raw)
            if event.type in MOUSE_EVENTS:
                self.mouse = event.pos
                self.pointer_inside = True
                self.keyboard_leads = False
                moved = moved or event.type == pygame.MOUSEMOTION
            elif event.type == pygame.KEYDOWN:
                self.keyboard_leads = True
            if self.scene:
                self.scene.handle(event)
        if not self.scenes:
            self.running = False
            return False
        if events:
            redraw.stir()
        if not moved:
            self.point_again()
        self.scene.update(dt)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        if self.scene.needs_frames():
            redraw.stir()
        wake = self.scene.wake_at()
        if wake is not None:
            redraw.at(wake)
        wanted = redraw.take()
        if not (always or wanted or timer_due or events or self.toasts):
            return False
        self.draw()
        self.frames += 1
        return True

    def wait_for_events(self) -> list:
        """Sleep until an event comes, or a frame is due (``redraw.at``), or ``IDLE_WAKE`` has passed; the
        events that came."""
        deadline = redraw.clock() + IDLE_WAKE
        due = redraw.next_timer()
        if due is not None:
            deadline = min(deadline, due)
        while True:
            events = pygame.event.get()
            now = redraw.clock()
            if events or now >= deadline:
                return events
            # A look at the queue every frame's time: SDL's own wait for events spins on a core on some
            # systems (with no display at all, for one), and this answers as fast as a frame would.
            time.sleep(min(1 / FPS, deadline - now))

    def draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:]:
            if self.stage.size != self.canvas.get_size():
                scene.draw_margins(self.canvas, self.stage)
            scene.draw(self.screen)
        self.draw_tip()
        self.draw_toasts()
        self.present()

    def pointer_left(self) -> None:
        """The pointer left the window (or the window the focus): nothing is under it any more."""
        self.pointer_inside = False
        if self.scene:
            self.scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=NOWHERE, rel=(0, 0), buttons=(0, 0, 0)))

    def point_again(self) -> None:
        """Tell the scene where the still pointer is, so what it hovers is what is there now."""
        if self.scene and self.pointer_inside and not self.keyboard_leads:
            self.scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=(0, 0), buttons=(0, 0, 0)))

    def draw_tip(self) -> None:
        """The tooltip of the keyboard focus beside it, else of what is under the pointer beside that."""
        self.tip_rect = None
        if not self.scene:
            return
        if self.keyboard_leads:
            focus = self.scene.keyboard_focus()
            if focus is not None:
                text, rect = focus
                self.tip_rect = draw_tooltip(self.screen, text, rect.bottomleft, avoid=rect)
            return
        if not self.pointer_inside:
            return
        tip = self.scene.tooltip()
        if tip:
            self.tip_rect = draw_tooltip(self.screen, tip, self.mouse, avoid=self.scene.tooltip_avoid())

    def draw_toasts(self) -> None:
        from game.ui.draw import panel
        from game.ui.fonts import render_text

        y = theme.LOGICAL_SIZE[1] - 40
        for text, _ in reversed(self.toasts):
            image = render_text(text, 22, theme.PAPER)
            rect = image.get_rect(midbottom=(theme.LOGICAL_SIZE[0] // 2, y)).inflate(32, 16)
            panel(self.screen, rect, theme.WOOD_DARK, radius=10, shadow=4)
            self.screen.blit(image, image.get_rect(center=rect.center))
            y = rect.top - 8

    def present(self) -> None:
        size = self.window.get_size()
        if size == self.canvas.get_size():
            self.window.blit(self.canvas, (0, 0))
        else:
            self.window.blit(pygame.transform.smoothscale(self.canvas, size), (0, 0))
        pygame.display.flip()

    def run(self, frames: int | None = None) -> None:
        """Run until quit, or for ``frames`` turns of the loop (self-test and tests).

        After a frame the next turn comes at the frame rate; after a turn that drew nothing the loop
        sleeps until an event or a timer wakes it."""
        drew = True
        while self.running and (frames is None or frames > 0):
            if drew:
                events, dt = None, min(MOVING_STEP, self.clock.tick(FPS) / 1000.0)
            else:
                events = self.wait_for_events()
                dt = min(IDLE_STEP, self.clock.tick() / 1000.0)
            drew = self.tick(dt, events)
            if frames is not None:
                frames -= 1

    def quit(self) -> None:
        self.running = False


def main(argv: list[str] | None = None) -> int:
    from game.cli import run

    return run(sys.argv[1:] if argv is None else argv)

