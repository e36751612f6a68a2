"""The Settings screen's window sizes and full screen, chosen by posted clicks: applied at once and kept."""

import pygame
import pytest

from game.core.settings import read_settings
from game.scenes.settings import SettingsScene, window_choices
from game.scenes.title import TitleScene
from game.ui.widgets import Chooser
from tests.scenes.test_new_game_setup import on_window
from tests.uidriver import click, find_button, frames


def window_chooser(scene) -> Chooser:
    return next(w for w in scene.widgets if isinstance(w, Chooser) and w.options[-1][0] == "fullscreen")


def next_choice(app) -> None:
    chooser = window_chooser(app.scene)
    click(app, on_window(app, (chooser.rect.right - 20, chooser.rect.centery)))


@pytest.fixture
def full_hd_screen(monkeypatch):
    """A 1920x1080 screen (the dummy video driver says 1024x768)."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])


def test_window_sizes_and_full_screen_are_chosen_in_settings_applied_at_once_and_kept(open_app, full_hd_screen):
    app = open_app(window_width=1280, window_height=720)
    app.push(TitleScene(app))
    frames(app, 2)
    click(app, on_window(app, find_button(app.scene, "Settings").rect.center))
    assert isinstance(app.scene, SettingsScene)
    assert [label() for _, label in window_chooser(app.scene).options] == [
        "1280 × 720", "1600 × 900", "1920 × 1080", "Full screen (F11)"]
    next_choice(app)
    assert app.window.get_size() == (1600, 900) and not app.fullscreen
    kept = read_settings().settings
    assert (kept.window_width, kept.window_height, kept.fullscreen) == (1600, 900, False)
    next_choice(app)
    next_choice(app)
    assert app.fullscreen and read_settings().settings.fullscreen
    next_choice(app)  # round to the smallest window again
    assert not app.fullscreen and app.window.get_size() == (1280, 720)
    kept = read_settings().settings
    assert (kept.window_width, kept.window_height, kept.fullscreen) == (1280, 720, False)
    click(app, on_window(app, find_button(app.scene, "Back").rect.center))
    assert isinstance(app.scene, TitleScene)


def test_a_window_of_its_own_size_is_offered_among_the_sizes_that_fit_the_screen():
    assert window_choices((1400, 800), (1600, 1050)) == [(1280, 720), (1400, 800), (1600, 900), "fullscreen"]
    assert window_choices((1600, 900), None)[:-1] == [(1280, 720), (1600, 900), (1920, 1080)]
