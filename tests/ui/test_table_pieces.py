"""Shared pieces for tables: the picture button, the announcement banner, the count badge."""

import pygame

from game.ui import theme
from game.ui.badge import count_badge
from game.ui.banner import Banner
from game.ui.image_button import ImageButton
from tests.uidriver import make_app


def press(widget, pos):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    return widget.handle(down), widget.handle(up)


def hover(widget, pos):
    widget.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_a_picture_button_clicks_lifts_and_explains_itself_when_disabled(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    app = make_app()
    picture = pygame.Surface((40, 60))
    picture.fill(theme.BAD)
    clicks = []
    allowed = [True]
    button = ImageButton((100, 100, 60, 90), picture, lambda: clicks.append(1), label=lambda: "red",
                         badge=lambda: "3", enabled_fn=lambda: allowed[0], reason=lambda: "No red card left",
                         tooltip=lambda: "Discard a red card")
    hover(button, (130, 130))
    assert button.tooltip_text() == "Discard a red card"
    for _ in range(30):
        button.update(1 / 30)
    assert button.lift.value > 6
    assert press(button, (130, 130)) == (True, True) and clicks == [1]
    allowed[0] = False
    assert button.tooltip_text() == "No red card left"
    press(button, (130, 130))
    assert clicks == [1]
    assert press(button, (10, 10)) == (False, False)
    button.draw(app.screen)  # with its badge and label, faded while disabled


def test_a_banner_eases_in_holds_and_is_done_after_its_time(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    app = make_app()
    banner = Banner("The mermaid!", "The game ends now.", duration=1.0)
    layer = banner.layer()
    assert banner.layer() is layer  # drawn once
    banner.draw(app.screen, (650, 450))
    for _ in range(4):
        banner.update(0.1)  # the app runs animations twice as fast
    assert not banner.done
    banner.update(0.2)
    assert banner.done


def test_a_count_badge_grows_into_a_pill_for_longer_text(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    app = make_app()
    round_one = count_badge(app.screen, (100, 100), 7, 14)
    pill = count_badge(app.screen, (200, 100), "×12", 14)
    assert round_one.size == (28, 28) and pill.width > 28 and pill.center == (200, 100)
