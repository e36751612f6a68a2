"""Shared widgets: the modal dialog (answers, shuts out the table, Esc cancels) and toggles with long labels."""

import pygame

from game.ui import theme
from game.ui.dialog import Choice, Dialog, confirm
from game.ui.widgets import Button
from tests.uidriver import make_app


def post_click(dialog, pos):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    return dialog.handle(down), dialog.handle(up)


def test_a_button_answers_and_a_click_beside_it_is_kept_from_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    make_app()
    answers = []
    dialog = Dialog("Discard", "Choose four cards.", [Choice("Done", lambda: answers.append("done"), "primary"),
                                                       Choice("Later", lambda: answers.append("later"))])
    assert post_click(dialog, dialog.buttons[1].rect.center) == (True, True)
    assert answers == ["later"]
    outside = (dialog.rect.x + 5, dialog.rect.y + 5)
    assert post_click(dialog, outside) == (True, True)
    assert answers == ["later"]
    assert not dialog.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=outside, rel=(0, 0), buttons=(0, 0, 0)))


def test_a_disabled_choice_does_nothing_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    make_app()
    answers = []
    dialog = Dialog("Discard", None, [Choice("Done", lambda: answers.append(1), enabled=lambda: False,
                                             reason=lambda: "Pick 4 more")])
    button = dialog.buttons[0]
    dialog.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    post_click(dialog, button.rect.center)
    assert answers == []
    assert dialog.tooltip() == "Pick 4 more"


def test_escape_gives_the_cancel_answer_and_content_widgets_take_clicks(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    app = make_app()
    answers = []
    dialog = confirm("Board?", "Your last ship goes.", lambda: answers.append("yes"), lambda: answers.append("no"),
                     "Board", "Keep it")
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert dialog.handle(escape)
    assert answers == ["no"]
    must_answer = Dialog("Discard", None, [Choice("Done", lambda: answers.append("done"))])
    assert not must_answer.handle(escape), "with nothing to cancel, Esc is left for the menu"
    content = Dialog("Pick", None, [Choice("OK", lambda: None)], content_height=80)
    assert content.content_rect.height == 80 and content.rect.contains(content.content_rect)
    inner = content.add(Button(content.content_rect.inflate(-200, -20), "wool", lambda: answers.append("wool")))
    post_click(content, inner.rect.center)
    assert answers == ["no", "wool"]
    content.update(1.0)
    content.draw(app.screen)
    assert tuple(app.screen.get_at((content.rect.centerx, content.rect.top)))[:3] == theme.ACCENT


def test_a_long_toggle_label_wraps_clear_of_its_switch(tmp_path, monkeypatch):
    from game.ui.widgets import Toggle

    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path))
    make_app()
    surface = pygame.Surface((400, 60))
    surface.fill(theme.PAPER)
    toggle = Toggle((0, 5, 380, 50), "You may remove your own bridges as well as your rival's", lambda: False,
                    lambda value: None, size=22)
    toggle.draw(surface)
    gap = toggle.switch_rect().x - 6
    column = {tuple(surface.get_at((gap, y)))[:3] for y in range(60)}
    assert column == {theme.PAPER}
    ink = {tuple(surface.get_at((x, y)))[:3] for x in range(0, gap) for y in range(60)}
    assert len(ink) > 1, "the label is drawn"
