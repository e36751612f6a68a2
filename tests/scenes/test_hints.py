"""A hint says what it suggests and why, in one line, and the table marks the move."""

import random

import pytest

from game.core import i18n
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.games.catan.board import VERTEX_HEXES
from game.scenes.play import PlayScene
from game.ui import theme
from game.ui.table import hint_explainer
from game.ui.widgets import Button
from tests.scenes.test_catan_ck_2p_table import give, main_phase_position, open_table
from tests.scenes.test_catan_ck_table import settle
from tests.scenes.test_hint_every_move import UNTRANSLATED
from tests.support import seat_decisions
from tests.uidriver import frames, key, run_until

KAHUNA = {"format": "kahuna/1", "hands": [["ALOA", "BARI"], ["COCO", "LALE"]], "display": ["DUDA", "ELAI", "FAAA"]}


def kahuna_table(app) -> PlayScene:
    """Hanako's Kahuna table (against the computer) at ``KAHUNA``, her turn."""
    spec = get_spec("kahuna")
    seats = (SeatConfig("human", "Hanako"), SeatConfig("ai", "Taro", "easy"))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 1, start=KAHUNA)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    run_until(app, lambda: scene.can_act())
    return scene


def test_the_hint_names_the_move_and_its_reason_beside_the_table(app):
    scene = kahuna_table(app)
    key(app, ord("h"))
    run_until(app, lambda: scene.hint_text() is not None)
    frames(app, 2)
    words = scene.hint_text()
    action = scene.view.hint[0]
    assert words == scene.view.hint_words(action) and words != i18n.tr("play.hint.plain")
    assert ": " in words and len(words.split(": ", 1)[1]) > 10, words
    named = {"build": "Build on", "remove": "Remove", "draw": ("Take", "Draw"), "pass": "End", "discard": "Discard"}
    assert words.startswith(named[action["type"]])
    box = [tuple(app.screen.get_at((x, 80)))[:3] for x in range(1312, 1330)]
    assert theme.HIGHLIGHT in box, "the hint's lit box stands where the status line was"


def kahuna_capture():
    """Hanako holds ALOA and the bridges to take it but one: a build there takes the island."""
    return {"format": "kahuna/1", "hands": [["ALOA", "ALOA"], ["COCO"]], "display": ["DUDA", "ELAI", "FAAA"],
            "bridges": {"ALOA-BARI": 0, "ALOA-HUNA": 1}}


def test_a_capture_hint_says_which_island_it_takes_and_what_it_sweeps():
    spec = get_spec("kahuna")
    state = spec.ruleset.from_json(kahuna_capture())
    explain = hint_explainer(spec)
    tr = lambda key, lang=None, **fields: i18n.tr(key, "en", **fields)  # noqa: E731
    words = explain(spec.ruleset, spec.ruleset.observe(state, 0), 0,
                    {"type": "build", "card": "ALOA", "line": "ALOA-DUDA"}, tr)
    assert words == "Build on ALOA–DUDA with ALOA: it takes ALOA and sweeps away 1 bridge."


@pytest.mark.parametrize("game", ["kahuna", "catan", "catan_2p", "catan_ck", "catan_ck_2p", "cannonades", "copenhagen"])
def test_every_move_of_a_game_is_explained_in_both_languages(game):
    spec = get_spec(game)
    seats = tuple(SeatConfig("ai", "", "easy") for _ in range(spec.default_players or spec.min_players))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), 5)
    explain = hint_explainer(spec)
    rng = random.Random(5)
    kinds = set()
    for actor in seat_decisions(controller, 300):
        observation = controller.observe(actor)
        actions = controller.legal_actions()
        for action in rng.sample(actions, min(4, len(actions))):
            kinds.add(action["type"])
            for lang in ("en", "ja"):
                words = explain(spec.ruleset, observation, actor, action,
                                lambda key, _lang=None, lang=lang, **fields: i18n.tr(key, lang, **fields))
                assert words and "{" not in words and not UNTRANSLATED.search(words), (lang, action, words)
        controller.submit(rng.choice(actions), actor)
    assert len(kinds) >= 4, kinds


def robber_on_my_fields(data) -> None:
    """The barbarians came once (the robber is awake) and the robber stands on the hex of seat 0's
    settlement at corner 1 (Fields 12); seat 0 holds a paper for a forced trade of the whole hand."""
    data["attacks"] = 1
    data["robber"] = VERTEX_HEXES[1][0]
    give(data, 0, {"paper": 1})


def test_a_token_action_hint_lights_its_button_and_says_what_it_costs_and_brings(app):
    scene = open_table(app, main_phase_position(robber_on_my_fields))
    settle(app, scene)
    view = scene.view
    forced, robber, _ = view.two.buttons
    action = {"type": "robber_to_desert"}
    assert action in scene.controller.legal_actions()
    view.show_hint(action)
    frames(app, 2)
    assert robber.selected and not forced.selected, "the button that makes the move is marked"
    assert view.hint_words(action) == "Robber to the desert for 1 token: the robber leaves your 1 grain on 12."
    action = {"type": "forced_trade", "mode": "whole_hand"}
    view.show_hint(action)
    frames(app, 2)
    assert forced.selected and not robber.selected
    assert view.hint_words(action) == ("Forced trade of the whole hand for 2 tokens: draw 2 from AI 2 (easy)'s "
                                       "hand, then give back 2 you choose.")
    i18n.set_language("ja")
    assert view.hint_words(action) == ("チップ2枚で手札全体の強制交換：AI 2（やさしい）の手札から2枚引き、"
                                       "好きな2枚を返します。")


def test_a_build_hint_names_the_corner_and_the_numbers_it_adds():
    spec = get_spec("catan_ck_2p")
    state = spec.ruleset.from_json(main_phase_position(lambda data: give(data, 0, {"ore": 3, "grain": 2})))
    words = hint_explainer(spec)(spec.ruleset, spec.ruleset.observe(state, 0), 0, {"type": "city", "vertex": 1},
                                 lambda key, lang=None, **fields: i18n.tr(key, "en", **fields))
    assert words == "Build a city at the north corner of Fields 12: +1 grain on 12, +1 point."


def test_finding_the_button_of_a_hinted_move_plays_nothing_and_leaves_the_table_as_it_was(app):
    scene = kahuna_table(app)
    controller = scene.controller
    view, moves = scene.view, len(controller.log)
    view.selected.append(0)

    def refuse_and_pass():
        view.selected.clear()
        view.discard_mode = True
        view.act({"type": "pass"})

    draw = Button((0, 0, 10, 10), "draw", lambda: view.act({"type": "draw", "source": "pile"}))
    passing = Button((0, 0, 10, 10), "pass", refuse_and_pass)
    assert view.button_sending({"type": "pass"}, [draw, passing]) is passing
    assert view.button_sending({"type": "discard", "card": "ALOA"}, [draw, passing]) is None
    assert len(controller.log) == moves and view.selected == [0] and not view.discard_mode
