"""Driving the real app offscreen with posted events, for UI tests of every game and screen."""

from __future__ import annotations

import os
from concurrent.futures import wait

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402


def make_app(language: str = "en", **settings):
    """The real app; its window is the logical size, so posted positions are logical positions."""
    from game.app import App
    from game.core.settings import Settings

    settings.setdefault("window_width", 1600)
    settings.setdefault("window_height", 900)
    return App(Settings(language=language, animation_speed=2.0, ai_pacing="fast", **settings))


def frames(app, count: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(count):
        app.step(dt)


def move(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)


def click(app, pos, button: int = 1) -> None:
    """Move there, press and release, one frame each, as a person would."""
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app)


def key(app, key_code: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode=unicode, scancode=0))
    frames(app)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app)


def find_button(scene, text: str):
    """The visible button of ``scene`` whose label is ``text``."""
    from game.ui.widgets import Button

    for widget in scene.widgets:
        if isinstance(widget, Button) and widget.visible and widget.label() == text:
            return widget
    raise LookupError(f"no button {text!r} in {type(scene).__name__}")


def click_button(app, text: str) -> None:
    click(app, find_button(app.scene, text).rect.center)


def await_ai(app, timeout: float = 60.0) -> None:
    """Let an AI decision under way finish, so a busy machine slows a test down instead of failing it."""
    for scene in app.scenes:
        pending = getattr(scene, "pending", None)
        if pending is not None:
            wait([pending[0]], timeout=timeout)


def run_until(app, condition, limit: int = 2000, dt: float = 1 / 30) -> int:
    """Step frames until ``condition()`` holds; returns the frames used (fails past ``limit``)."""
    for used in range(limit):
        if condition():
            return used
        await_ai(app)
        app.step(dt)
    raise AssertionError("condition not reached")
