"""The window draws only when something changed or moves: a still screen draws nothing between turns of
the loop, an animation draws every turn to its end, an event or a hover change draws, a timer wakes it."""

from __future__ import annotations

import time

import pygame
import pytest

from game.scenes.base import Scene
from game.ui import redraw
from game.ui.tween import Tween
from game.ui.widgets import Button
from tests.uidriver import make_app


class Counting(Scene):
    """A scene that counts how often it is drawn; ``moving`` runs a tween while it is set."""

    def build(self):
        self.drawn = 0
        self.tween: Tween | None = None
        self.button = Button((100, 100, 200, 60), lambda: "Go", lambda: None)
        self.widgets = [self.button]

    def update(self, dt):
        super().update(dt)
        if self.tween is not None:
            self.tween.update(dt)

    def draw(self, surface):
        super().draw(surface)
        self.drawn += 1


def still(app) -> None:
    """Let the stir of opening the scene pass: from now on only what happens draws."""
    redraw.reset()
    pygame.event.clear()
    app.tick(1 / 60, [])  # a turn that settles what the pointer is over


@pytest.fixture
def scene(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    app = make_app()
    app.push(Counting(app))
    still(app)
    return app.scene


def test_a_scene_with_nothing_to_do_draws_no_frame_between_two_turns(scene):
    app, flips = scene.app, []
    drawn, frames = scene.drawn, app.frames
    flip = pygame.display.flip
    pygame.display.flip = lambda: flips.append(1) or flip()
    try:
        assert app.tick(1 / 60, []) is False
        assert app.tick(1 / 60, []) is False
    finally:
        pygame.display.flip = flip
    assert (scene.drawn, app.frames, flips) == (drawn, frames, [])


def test_a_running_tween_draws_every_turn_to_its_end_and_then_stops(scene):
    app = scene.app
    scene.tween = Tween(0.0, 1.0, 1.0)  # half a second at the tests' animation speed of 2
    drawn = [app.tick(1 / 60, []) for _ in range(15)]
    assert drawn == [True] * 15 and not scene.tween.done  # a quarter of a second: still on its way
    while not scene.tween.done:
        assert app.tick(1 / 60, [])
    redraw.reset()  # the stir that keeps ambient motion going after an animation, passed
    assert app.tick(1 / 60, []) is False


def test_an_event_draws_and_a_hover_change_draws_until_the_glow_has_eased(scene):
    app = scene.app
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=scene.button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    assert app.tick(1 / 60, [over]) is True
    assert scene.button.hovered
    redraw.reset()  # no ambient stir: the glow's own easing asks for its frames
    eased = 0
    while scene.button.glow.value < 1.0:
        assert app.tick(1 / 60, [])
        eased += 1
    assert eased > 5  # the glow eased over several frames, each drawn
    assert app.tick(1 / 60, []) is False


def test_the_stir_of_an_event_plays_ambient_motion_for_a_while_then_holds_still(scene):
    app = scene.app
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    app.tick(1 / 60, [key])
    assert redraw.lively() and app.tick(1 / 60, [])
    redraw.reset()
    assert not redraw.lively() and not app.tick(1 / 60, [])


def test_a_timer_wakes_the_sleeping_loop_and_draws(scene, monkeypatch):
    app = scene.app
    monkeypatch.setattr(type(scene), "wake_at", lambda self: self.alarm)
    scene.alarm = redraw.clock() + 0.15
    assert app.tick(1 / 60, []) is False  # asks for the alarm
    started = time.perf_counter()
    assert app.wait_for_events() == []
    assert 0.1 <= time.perf_counter() - started < 0.9  # slept till the alarm, not the whole idle wake
    scene.alarm = None
    assert app.tick(1 / 60, []) is True


def test_a_scene_that_moves_on_its_own_draws_every_turn(scene, monkeypatch):
    app = scene.app
    monkeypatch.setattr(type(scene), "needs_frames", lambda self: True)
    assert all(app.tick(1 / 60, []) for _ in range(5))
    monkeypatch.setattr(type(scene), "needs_frames", lambda self: False)
    app.tick(1 / 60, [])
    redraw.reset()
    assert app.tick(1 / 60, []) is False


def test_a_wake_posted_from_another_thread_ends_the_sleep(scene):
    import threading

    app = scene.app
    threading.Timer(0.05, redraw.wake).start()
    started = time.perf_counter()
    events = app.wait_for_events()
    assert [event.type for event in events] == [redraw.wake_event()]
    assert time.perf_counter() - started < 0.5
    assert app.tick(1 / 60, events) is True


def test_the_loop_sleeps_on_a_still_screen(scene, monkeypatch):
    """``run`` itself: turns that draw nothing sleep (here a tenth of a second each) instead of spinning."""
    import game.app

    app = scene.app
    monkeypatch.setattr(game.app, "IDLE_WAKE", 0.1)
    app.tick(1 / 60, [])
    drawn = scene.drawn
    started, used = time.perf_counter(), time.process_time()
    app.run(6)
    assert scene.drawn == drawn
    assert time.perf_counter() - started >= 0.4
    assert time.process_time() - used < 0.2
