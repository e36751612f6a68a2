"""What the table of Catan for two with Cities & Knights says, offers and draws: the Deserter against a
neutral colour, a displaced neutral knight's retreat, the neutral piece owed (and the road in its place),
the counts of its log lines, the roll prompt, the computer's neutral builds ringed in the neutral colour,
the robber clear of the desert's corners, the ribbon and panels on the computer's turn, the give-back's
captions, whole names and build names, the knights' caption and readable improvement squares."""

import pygame

from game.core import i18n
from game.core import settings as settings_module
from game.core.controller import Controller
from game.core.rules import Event, GameConfig, SeatConfig
from game.games.catan import panels as catan_panels
from game.games.catan.board import HEX_VERTICES
from game.games.catan.pieces import robber_image
from game.games.catan_2p.view import TOKEN_ROW, GiveBackDialog
from game.games.catan_ck import panels as ck_panels
from game.games.catan_ck.card_art import TRACK_COLOUR
from game.games.catan_ck.cards import KINDS, TRACKS
from game.games.catan_ck.panels import PIP, levels_image
from game.games.catan_ck_2p.rules import RULES
from game.scenes import play as play_module
from game.scenes.play import log_lines
from game.ui import fonts
from tests.catan_ck_2p.helpers import N1, N2, act, edge_between, position
from tests.catan_ck_2p.test_neutral_knights import DISPLACE_ROADS, HOME, N1_ROAD, RECRUIT
from tests.catan_ck_2p.test_progress_cards import HOME_ROADS, N1_ROADS, holding
from tests.scenes.test_catan_ck_2p_table import SPEC, open_table
from tests.scenes.test_catan_ck_table import last, pixel, quick_pacing, settle
from tests.uidriver import click, frames, run_until

__all__ = ["quick_pacing"]


def test_the_deserter_offers_a_neutral_colour_with_knights_and_a_click_takes_its_weakest(app):
    knights = [(18, N1, 2, False), (8, N1, 1, False), (9, N1, 1, False)]
    state = holding("deserter", roads=HOME_ROADS + N1_ROADS + [(edge_between(33, 38), 0)], knights=knights)
    scene = open_table(app, RULES.to_json(state))
    settle(app, scene)
    view = scene.view
    click(app, view.dev_rects()[0][0].center)
    options = view.dialog.option_buttons()
    assert [b.label() for b in options] == ["AI 2 (easy)", "Neutral 1"]
    assert [b.enabled for b in options] == [False, True]  # player 2 has no knight; neutral 2 none either
    click(app, options[1].rect.center)
    assert last(scene) == {"type": "play", "card": "deserter", "seat": N1}
    assert scene.controller.state.phase == "desert"


def table_at(app, state):
    scene = open_table(app, RULES.to_json(state))
    settle(app, scene)
    return scene


def unnamed_table_at(app, state):
    """A person who gave no name ("Player 1") against the computer."""
    seats = (SeatConfig("human", ""), SeatConfig("ai", "", "easy"))
    controller = Controller(SPEC.ruleset, GameConfig(seats, SPEC.default_options()), 7, start=RULES.to_json(state))
    scene = play_module.PlayScene(app, SPEC, controller, worker_mode="thread")
    app.push(scene)
    settle(app, scene)
    return scene


def log_text(scene) -> list[str]:
    return [text for _, text, _ in log_lines(SPEC, scene.controller, 0)]


def test_a_displaced_neutral_knight_is_named_as_the_neutral_s_retreating_along_its_roads(open_app):
    knights = [(23, 0, 2, True), (18, N1, 1, False)]
    roads = DISPLACE_ROADS + [(edge_between(13, 8), N1), (edge_between(13, 9), N1)]
    state = position(buildings=HOME, roads=roads, knights=knights)
    act(state, type="knight_move", vertex=23, to=18)
    for language, prompt in (
            ("en", "Neutral 1's basic knight was displaced: click a lit corner at the end of Neutral 1's roads "
                   "to move it to."),
            ("ja", "中立1の小騎士が追い払われました: 移す先の、中立1の街道の端の光っている交差点をクリック。")):
        app = open_app(language=language)
        scene = table_at(app, state)
        view = scene.view
        assert view.tips.status() == prompt
        click(app, view.board.geometry.vertices[40])  # not a corner it may go to
        assert scene.message[0] == prompt


def test_the_neutral_knight_owed_for_a_recruit_is_named(app):
    state = position(buildings=HOME, roads=HOME_ROADS + N1_ROAD, hands={0: RECRUIT})
    act(state, type="knight", vertex=33)
    assert table_at(app, state).view.tips.status() == (
        "Your recruit owes a neutral basic knight: click a lit corner at the end of a neutral road "
        "(either neutral colour).")


def test_a_road_owed_instead_of_a_neutral_knight_says_why_in_the_prompt_and_the_log(app):
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: RECRUIT})
    act(state, type="knight", vertex=33)
    scene = table_at(app, state)
    view = scene.view
    assert view.tips.status() == ("No neutral colour has room for a basic knight, so your build owes a neutral "
                                  "road instead: click a lit path.")
    edge = edge_between(40, 35)
    click(app, view.board.geometry.edges[edge])
    assert last(scene) == {"type": "road", "colour": N2, "edge": edge}
    assert log_text(scene)[-1].endswith("It stands in for a basic knight: no neutral colour had room for one.")


def line(event_kind: str, lang: str = "en", **data) -> str:
    return SPEC.describe_event(Event(event_kind, data), lambda key, **f: i18n.tr(key, lang, **f))


def test_log_lines_count_in_both_languages_and_name_the_forced_trade_s_mode():
    assert line("knight_removed", seat=0, vertex=9, strength=1, gained=1, due=1) == \
        "Player 1 takes a basic knight off the board for 1 trade token."
    assert line("activated", seat=0, vertices=[9]) == "Player 1 activated 1 knight"
    assert line("activated", seat=0, vertices=[9, 18]) == "Player 1 activated 2 knights"
    assert line("activated", "ja", seat=0, vertices=[9]) == "プレイヤー1が騎士1体を活動状態にした"
    attack = {"strength": 3, "defence": [0, 1], "defender": None, "tied": []}
    assert line("attack", pillaged=[0], **attack).endswith("Catan falls: Player 1 loses a city.")
    assert line("attack", pillaged=[0, 1], **attack).endswith("Catan falls: Player 1, Player 2 each lose a city.")
    assert line("attack", "ja", pillaged=[0], **attack).endswith("プレイヤー1が都市を1つ失う。")
    resources = {"seat": 0, "action": "forced_trade", "mode": "resources", "cost": 1}
    assert line("token_action", **resources) == "Player 1 pays 1 trade token for a forced trade of resources only."
    assert "資源だけ" in line("token_action", "ja", **resources)
    robber = {"seat": 1, "action": "robber_to_desert", "cost": 2}
    assert line("token_action", **robber) == "Player 2 pays 2 trade tokens to send the robber to the desert."


def test_the_roll_prompt_offers_the_alchemist_only_to_a_holder(app):
    plain = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll")
    assert table_at(app, plain).view.tips.status() == "Roll the dice (D)."
    holder = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll", progress={0: {"alchemist": 1}})
    assert table_at(app, holder).view.tips.status() == "Roll the dice (D), or play the Alchemist first."


def test_a_neutral_piece_the_computer_built_is_ringed_in_the_neutral_colour(app):
    state = position(buildings=HOME, roads=HOME_ROADS, current=1, hands={1: {"brick": 1, "lumber": 1}})
    road = next(a for a in RULES.legal_actions(state) if a["type"] == "road")
    act(state, **road)
    assert state.phase == "neutral"
    scene = open_table(app, RULES.to_json(state))
    view = scene.view
    run_until(app, lambda: any(owner in (N1, N2) for _, _, owner in view.recent_builds().get(1, ())))
    frames(app, 2)
    kind, index, owner = next(spot for spot in view.recent_builds()[1] if spot[2] in (N1, N2))
    x, y = view.board.points(kind)[index]
    radius = view.board.geometry.radius * 0.22
    around = {pixel(app, (x + (radius + dr) * dx, y + (radius + dr) * dy))
              for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)) for dr in range(-3, 2)}
    assert view.seat_style(owner).colour in around
    assert view.seat_style(1).colour not in around


def test_the_robber_in_the_desert_stands_clear_of_the_pieces_on_the_desert_s_corners(app):
    scene = table_at(app, position(buildings=HOME + [(23, 0, "city")], roads=HOME_ROADS))
    board = scene.view.board
    state = scene.controller.state
    assert state.robber == state.layout.desert
    x, y = board.robber_spot(state, state.robber)
    robber = robber_image(board.geometry.radius).get_rect(center=(round(x), round(y)))
    reach = board.geometry.radius * 0.3  # a city's half width
    for v in HEX_VERTICES[state.layout.desert]:
        cx, cy = board.geometry.vertices[v]
        assert not robber.colliderect(pygame.Rect(cx - reach, cy - reach, 2 * reach, 2 * reach)), v


def test_on_the_computer_s_turn_the_ribbon_shows_its_token_and_its_thinking_clears_its_tokens(app, monkeypatch):
    monkeypatch.setitem(settings_module.AI_PACING_SECONDS, "fast", 60.0)  # it waits while the test looks
    scene = open_table(app, RULES.to_json(position(buildings=HOME, roads=HOME_ROADS, current=1, phase="pre_roll")))
    view = scene.view
    run_until(app, lambda: view.panels.thinking_dots(1))
    frames(app, 2)
    assert scene.controller.to_act() == 1
    ribbon = view.layout.ribbon
    token = {pixel(app, (ribbon.x + 18 + dx, ribbon.centery)) for dx in (-8, 8)}
    assert view.seat_style(1).colour in token and view.seat_style(0).colour not in token
    panel = view.panel_rect(1)
    assert view.panels.thinking_at(panel)[1] >= panel.y + TOKEN_ROW + 26  # under the coin of its tokens


def test_the_give_back_after_a_trade_of_resources_counts_the_commodities_held_as_kept(app):
    state = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"wool": 1, "coin": 1}, 1: {"ore": 2}})
    scene = open_table(app, RULES.to_json(state))
    settle(app, scene)
    view = scene.view
    click(app, view.two.buttons[0].rect.center)
    click(app, view.dialog.buttons[0].rect.center)  # resources only
    run_until(app, lambda: isinstance(view.dialog, GiveBackDialog))
    steppers = view.dialog.group.steppers
    coin = KINDS.index("coin")
    assert steppers[coin].caption() == "1 kept"
    assert steppers[KINDS.index("wool")].caption() == "of 1"


def drawn_texts(monkeypatch) -> list[str]:
    """Every line of text drawn from now on (the panels' and the build bar's, through the font module)."""
    texts = []
    original = fonts.render_text

    def spy(text, *args, **kwargs):
        texts.append(text)
        return original(text, *args, **kwargs)

    for module in (fonts, catan_panels, ck_panels):
        monkeypatch.setattr(module, "render_text", spy)
    return texts


def test_the_players_names_and_the_build_bar_s_names_are_never_cut(open_app, monkeypatch):
    """A name too long for its line goes on two, its bracketed end under the rest."""
    for language, names, builds in (("ja", ("プレイヤー1", "（あなた）", "AI 2", "（やさしい）"), ("開拓地", "騎士")),
                                    ("en", ("Player 1", "(you)", "AI 2 (easy)"), ("Settlement", "Knight"))):
        texts = drawn_texts(monkeypatch)
        app = open_app(language=language)
        unnamed_table_at(app, position(buildings=HOME, roads=HOME_ROADS))
        assert set(names) <= set(texts) and set(builds) <= set(texts)
        cut = [text for text in texts if text.endswith("…")]
        assert not [text for text in cut if text[:-1] and any(text[:-1] in whole for whole in names + builds)]
        monkeypatch.undo()


def test_the_knights_figure_is_labelled_and_the_improvement_levels_are_readable(app, monkeypatch):
    texts = drawn_texts(monkeypatch)
    table_at(app, position(buildings=HOME, roads=HOME_ROADS))
    assert texts.count("strength: active / all") == 2  # over both players' knights
    image = levels_image((1, 0, 0), (False, False, False), pygame.Surface((17, 17)))
    track = TRACK_COLOUR[TRACKS[0]]
    filled = [x for x in range(image.get_width()) if tuple(image.get_at((x, 2 + PIP // 2)))[:3] == track]
    assert len(filled) >= 9  # a level's square is at least 11 px wide, its border included
