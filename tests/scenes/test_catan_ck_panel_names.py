"""The short panels of Cities & Knights for four: a Japanese computer player's name too long for its
line goes on two, and while it thinks its thinking takes the second line (the panel has no other room)."""

from game.core import settings as settings_module
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games.catan_ck.rules import RULES
from game.scenes import play as play_module
from tests.scenes.test_catan_ck_2p_words import drawn_texts
from tests.scenes.test_catan_ck_table import SPEC, base, quick_pacing
from tests.uidriver import run_until

__all__ = ["quick_pacing"]


def test_a_thinking_computer_player_s_second_line_says_so(open_app, monkeypatch):
    monkeypatch.setitem(settings_module.AI_PACING_SECONDS, "fast", 60.0)  # it waits while the test looks
    app = open_app(language="ja")
    seats = (SeatConfig("human", ""),) + tuple(SeatConfig("ai", "", "easy") for _ in range(3))
    controller = Controller(SPEC.ruleset, GameConfig(seats, SPEC.default_options()), 7,
                            start=RULES.to_json(base(current=1)))
    scene = play_module.PlayScene(app, SPEC, controller, worker_mode="thread")
    app.push(scene)
    run_until(app, lambda: scene.view.panels.thinking_dots(1))
    texts = drawn_texts(monkeypatch)
    panels = scene.view.panels
    panels.draw_player(app.screen, 1)
    assert "AI 2" in texts and any(text.startswith("考え中") for text in texts)
    assert "（やさしい）" not in texts  # its thinking took the second line, nothing lies over it
    texts.clear()
    panels.draw_player(app.screen, 2)
    assert "AI 3" in texts and "（やさしい）" in texts  # one not thinking shows its level
    assert not any(text.startswith("考え中") for text in texts)
