"""The Cities & Knights table driven through posted mouse and key events, checked by the log, the
position and rendered pixels."""

import pygame
import pytest

from game.core import settings as settings_module
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.games.catan.board import EDGE_VERTICES, HEX_VERTICES, VERTEX_EDGES
from game.games.catan.board_layer import LIT
from game.games.catan_ck import dialogs as ck_dialogs
from game.games.catan_ck.cards import KINDS
from game.games.catan_ck.rules import RULES
from game.scenes import play as play_module
from game.scenes.game_over import GameOverScene
from game.scenes.handoff import HandoffScene
from tests.catan_ck.helpers import position
from tests.uidriver import click, frames, key, move, run_until

SPEC = get_spec("catan_ck")


@pytest.fixture(autouse=True)
def quick_pacing(monkeypatch):
    monkeypatch.setitem(settings_module.AI_PACING_SECONDS, "fast", 0.0)
    monkeypatch.setattr(play_module, "CHANCE_DELAY", 0.0)


def open_table(app, state, humans=1, seed: int = 7):
    seats = tuple(SeatConfig("human", name) for name in ("Hanako", "Taro", "Jiro", "Saburo")[:humans])
    seats += tuple(SeatConfig("ai", "", "easy") for _ in range(state.players - humans))
    config = GameConfig(seats, SPEC.default_options())
    controller = Controller(SPEC.ruleset, config, seed, start=RULES.to_json(state))
    scene = play_module.PlayScene(app, SPEC, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def settle(app, scene, limit: int = 3000) -> None:
    """Run until the person at the screen may act and nothing moves, passing the screen in hot-seat."""

    def ready():
        if isinstance(app.scene, HandoffScene):
            click(app, app.scene.widgets[0].rect.center)
        return app.scene is scene and scene.can_act() and not scene.view.busy()

    run_until(app, ready, limit=limit, dt=0.1)
    frames(app, 2)


def pixel(app, point) -> tuple:
    return tuple(app.screen.get_at((round(point[0]), round(point[1]))))[:3]


def last(scene) -> dict:
    return scene.controller.log[-1].action


def corner_chain(start: int, length: int) -> tuple[list[int], list[int]]:
    """Corners and the paths between them from ``start``, ``length`` paths long, never turning back."""
    corners, edges = [start], []
    while len(edges) < length:
        here = corners[-1]
        edge = next(e for e in VERTEX_EDGES[here] if e not in edges and
                    all(v not in corners for v in EDGE_VERTICES[e] if v != here))
        edges.append(edge)
        corners.append(next(v for v in EDGE_VERTICES[edge] if v != here))
    return corners, edges


CORNERS, PATHS = corner_chain(0, 3)
HOME, SECOND, THIRD, FAR = CORNERS
OTHER_HOME = 40


def base(hands=None, knights=(), progress=None, **extra):
    """Seat 0: a city on ``HOME`` with roads along the chain; seat 1 a city far away; seat 0 on turn."""
    return position(buildings=[(HOME, 0, "city"), (OTHER_HOME, 1, "city")], roads=[(e, 0) for e in PATHS],
                    hands=hands, knights=knights, progress=progress, **extra)


def test_buying_an_improvement_through_the_chart(app):
    scene = open_table(app, base(hands={0: {"cloth": 1}}))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_i)
    dialog = view.dialog
    assert isinstance(dialog, ck_dialogs.ImprovementDialog)
    buy = {t: button for t, button in zip(("trade", "politics", "science"), dialog.widgets, strict=True)}
    assert buy["trade"].enabled and not buy["politics"].enabled
    assert "coin" in buy["politics"].reason()  # greyed with the commodity it lacks
    click(app, buy["trade"].rect.center)
    assert last(scene) == {"type": "improve", "track": "trade"}
    assert scene.controller.state.improvements[0][0] == 1


def test_a_commodity_traded_with_the_bank_at_the_merchant_guild_rate(app):
    state = base(hands={0: {"cloth": 2}}, improvements={0: {"trade": 3}})
    scene = open_table(app, state)
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_t)
    dialog = view.dialog
    assert dialog.kind == "trade"
    option = next(b for b in dialog.option_buttons() if "cloth" in (b.tooltip() or "") and "coin" in b.tooltip())
    assert option.label() == "2:1"
    click(app, option.rect.center)
    assert last(scene) == {"type": "bank_trade", "give": "cloth", "get": "coin"}
    assert scene.controller.state.hands[0][7] == 1


def test_recruiting_a_knight_lights_the_road_ends_and_a_click_places_it(app):
    scene = open_table(app, base(hands={0: {"wool": 1, "ore": 1}}))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_5)
    spots = view.candidates()
    assert ("v", FAR) in spots and all(a["type"] == "knight" for acts in spots.values() for a in acts)
    point = view.board.geometry.vertices[FAR]
    move(app, (5, 5))
    assert pixel(app, point) == LIT
    move(app, point)
    assert pixel(app, point) != LIT  # the ghost of the knight under the cursor
    click(app, point)
    assert last(scene) == {"type": "knight", "vertex": FAR}
    run_until(app, lambda: not view.busy(), dt=0.1)
    frames(app, 2)
    assert view.shown.vertices[FAR][0].kind == "knight" and not view.shown.vertices[FAR][0].active
    pictures = [icon for seat, text, icon, _ in scene.log_panel.rows if seat == 0 and "recruited" in text]
    assert pictures and pictures[-1] is not None, "the log pictures the knight"


def knight_dialog(app, scene, vertex):
    click(app, scene.view.board.geometry.vertices[vertex])
    dialog = scene.view.dialog
    assert isinstance(dialog, ck_dialogs.OptionsDialog) and dialog.kind == "knight"
    return {b.label(): b for b in dialog.option_buttons()}


def test_activating_and_promoting_a_knight_through_its_dialog(app):
    scene = open_table(app, base(hands={0: {"grain": 1, "wool": 1, "ore": 1}}, knights=[(THIRD, 0, 1, False)]))
    settle(app, scene)
    options = knight_dialog(app, scene, THIRD)
    assert not options["Move"].enabled and "activate" in options["Move"].reason().lower()
    click(app, options["Activate"].rect.center)
    assert last(scene) == {"type": "activate", "vertex": THIRD}
    settle(app, scene)
    options = knight_dialog(app, scene, THIRD)
    assert not options["Move"].enabled  # activated this turn: it may act from the next
    click(app, options["Promote"].rect.center)
    assert last(scene) == {"type": "promote", "vertex": THIRD}
    assert scene.controller.state.knight_strength[THIRD] == 2


def test_moving_a_knight_displaces_a_weaker_one_and_its_owner_chooses_the_retreat(app):
    other_corners, other_paths = corner_chain(OTHER_HOME, 2)
    state = position(buildings=[(HOME, 0, "city"), (OTHER_HOME, 1, "city")],
                     roads=[(e, 0) for e in PATHS] + [(e, 1) for e in other_paths],
                     knights=[(SECOND, 0, 2, True), (THIRD, 1, 1, False)])
    scene = open_table(app, state, humans=2)
    settle(app, scene)
    view = scene.view
    options = knight_dialog(app, scene, SECOND)
    click(app, options["Move"].rect.center)
    assert view.mode == "move" and ("v", THIRD) in view.candidates()
    target = view.board.geometry.vertices[THIRD]
    move(app, target)
    assert "Displace" in view.tooltip()
    click(app, target)
    assert last(scene) == {"type": "knight_move", "vertex": SECOND, "to": THIRD}
    assert scene.controller.state.phase == "retreat" and scene.controller.to_act() == 1
    settle(app, scene)
    assert scene.viewer == 1
    spots = view.candidates()
    assert spots and all(a["type"] == "retreat" for acts in spots.values() for a in acts)
    corner = sorted(spots)[0][1]
    click(app, view.board.geometry.vertices[corner])
    assert last(scene) == {"type": "retreat", "vertex": corner}
    assert scene.controller.state.knight_owner[corner] == 1


def test_chasing_the_robber_with_a_knight_beside_it(app):
    hex_id = next(h for h in range(19) if HEX_VERTICES[h].count(THIRD))
    state = base(knights=[(THIRD, 0, 1, True)], attacks=1, robber=hex_id)
    scene = open_table(app, state)
    settle(app, scene)
    options = knight_dialog(app, scene, THIRD)
    click(app, options["Chase robber"].rect.center)
    assert last(scene) == {"type": "chase", "vertex": THIRD}
    settle(app, scene)
    assert scene.controller.state.phase == "robber" and scene.view.spot_kind() == "h"


def test_a_progress_card_naming_a_kind(app):
    scene = open_table(app, base(progress={0: {"resource_monopoly": 1}}, hands={1: {"ore": 3}}))
    settle(app, scene)
    view = scene.view
    rect, card = view.dev_rects()[0]
    assert card == "resource_monopoly"
    move(app, rect.center)
    assert "Name a resource" in view.tooltip()
    click(app, rect.center)
    dialog = view.dialog
    assert dialog.kind == "play"
    ore = next(b for b in dialog.option_buttons() if b.label() == "Ore")
    click(app, ore.rect.center)
    assert last(scene) == {"type": "play", "card": "resource_monopoly", "resource": "ore"}
    assert scene.controller.state.hands[0][2] == 2


def test_a_progress_card_naming_a_player_and_then_a_card(app):
    scene = open_table(app, base(progress={0: {"spy": 1}, 1: {"crane": 1, "bishop": 1}}))
    settle(app, scene)
    view = scene.view
    click(app, view.dev_rects()[0][0].center)
    seats = view.dialog.option_buttons()
    assert [b.enabled for b in seats] == [True, False, False]  # only seat 1 holds progress cards
    click(app, seats[0].rect.center)
    assert last(scene) == {"type": "play", "card": "spy", "seat": 1}
    settle(app, scene)
    dialog = view.dialog
    assert dialog.kind == "spy"
    crane = next(b for b in dialog.option_buttons() if b.label() == "Crane")
    click(app, crane.rect.center)
    assert last(scene) == {"type": "spy_take", "card": "crane"}
    assert scene.controller.state.progress[0][1] == 1


def test_a_progress_card_choosing_a_hex_on_the_board(app):
    scene = open_table(app, base(progress={0: {"merchant": 1}}))
    settle(app, scene)
    view = scene.view
    click(app, view.dev_rects()[0][0].center)
    assert view.mode == "play:merchant" and view.spot_kind() == "h"
    hex_id = sorted(view.candidates())[0][1]
    click(app, view.board.geometry.hexes[hex_id])
    assert last(scene) == {"type": "play", "card": "merchant", "hex": hex_id}
    settle(app, scene)
    assert view.shown.merchant == (hex_id, 0)


def test_a_progress_card_choosing_two_hexes_swaps_their_tokens(app):
    scene = open_table(app, base(progress={0: {"inventor": 1}}))
    settle(app, scene)
    view = scene.view
    before = list(scene.controller.state.layout.numbers)
    click(app, view.dev_rects()[0][0].center)
    assert view.mode == "play:inventor"
    first = sorted(view.candidates())[0][1]
    click(app, view.board.geometry.hexes[first])
    assert view.chosen_spot() == ("h", first) and ("h", first) not in view.candidates()
    second = sorted(view.candidates())[-1][1]
    click(app, view.board.geometry.hexes[second])
    assert last(scene)["card"] == "inventor" and sorted(last(scene)["hexes"]) == sorted([first, second])
    after = scene.controller.state.layout.numbers
    assert (after[first], after[second]) == (before[second], before[first])


def test_a_progress_card_choosing_a_corner_and_one_choosing_a_path(app):
    other_corners, other_paths = corner_chain(OTHER_HOME, 2)
    state = position(buildings=[(HOME, 0, "city"), (OTHER_HOME, 1, "city")],
                     roads=[(e, 0) for e in PATHS] + [(e, 1) for e in other_paths],
                     knights=[(FAR, 1, 1, False)], progress={0: {"intrigue": 1, "diplomat": 1}})
    scene = open_table(app, state)
    settle(app, scene)
    view = scene.view
    intrigue = next(rect for rect, card in view.dev_rects() if card == "intrigue")
    click(app, intrigue.center)
    assert view.mode == "play:intrigue" and set(view.candidates()) == {("v", FAR)}
    click(app, view.board.geometry.vertices[FAR])
    assert last(scene) == {"type": "play", "card": "intrigue", "vertex": FAR}
    settle(app, scene)
    assert scene.controller.state.knight_owner[FAR] != 1  # displaced, and its owner moved it away
    diplomat = next(rect for rect, card in view.dev_rects() if card == "diplomat")
    click(app, diplomat.center)
    assert view.mode == "play:diplomat" and view.spot_kind() == "e"
    edge = other_paths[-1]
    assert ("e", edge) in view.candidates()
    click(app, view.board.geometry.edges[edge])
    assert last(scene) == {"type": "play", "card": "diplomat", "edge": edge}
    assert scene.controller.state.edge_owner[edge] == -1


def test_the_alchemist_sets_both_dice_before_the_roll(app):
    scene = open_table(app, base(progress={0: {"alchemist": 1}}, phase="pre_roll", rolled=False))
    settle(app, scene)
    view = scene.view
    click(app, view.dev_rects()[0][0].center)
    assert view.dialog.kind == "dice"
    click(app, view.dialog.option_buttons()[4].rect.center)  # white 5
    click(app, view.dialog.option_buttons()[1].rect.center)  # red 2
    assert scene.controller.log[0].action == {"type": "play", "card": "alchemist", "dice": [5, 2]}
    settle(app, scene)
    roll = next(entry.action for entry in scene.controller.log if entry.action["type"] == "roll")
    assert roll["dice"] == [5, 2]


def test_discarding_half_on_a_seven_counts_commodities_and_sends_card_by_card(app):
    hand = {"brick": 3, "ore": 2, "paper": 2, "coin": 3}
    state = base(hands={0: hand}, phase="discard", dice=[3, 4], discard=[5, 0, 0, 0])
    scene = open_table(app, state)
    settle(app, scene)
    dialog = scene.view.dialog
    assert isinstance(dialog, ck_dialogs.KindsDiscardDialog) and dialog.need == 5 and len(dialog.widgets) == 8
    plus = [stepper.parts()[2].center for stepper in dialog.widgets]
    for k in (0, 0, 5, 7, 7):
        click(app, plus[k])
    click(app, dialog.buttons[0].rect.center)
    sent = [entry.action for entry in scene.controller.log]
    assert sent == [{"type": "discard", "card": c} for c in ("brick", "brick", "paper", "coin", "coin")]
    assert sum(scene.controller.state.hands[0]) == 5


def test_a_barbarian_attack_is_shown_and_the_pillaged_city_chosen_by_click(app, monkeypatch):
    monkeypatch.setattr(play_module, "CHANCE_DELAY", 1e9)  # the roll is the test's to make
    state = base(barbarians=6, phase="roll", rolled=False)
    scene = open_table(app, state, humans=1)
    view = scene.view
    frames(app, 2)
    scene.controller.submit({"type": "roll", "dice": [1, 2], "event": "ship"})
    run_until(app, lambda: view.animation.banner is not None and "attack" in view.animation.banner[0], dt=0.05)
    title, detail, _ = view.animation.banner
    assert "1 against 0" not in title and "2 against 0" in title  # two cities, no knight
    assert "Hanako" in detail and "lose a city" in detail
    settle(app, scene)
    assert scene.controller.state.phase == "pillage" and scene.controller.to_act() == 0
    assert ("v", HOME) in view.candidates()
    click(app, view.board.geometry.vertices[HOME])
    assert last(scene) == {"type": "pillage", "vertex": HOME}
    assert scene.controller.state.vertex_level[HOME] == 1


def test_a_card_that_asks_another_player_puts_the_question_to_them_behind_the_hand_off(app):
    state = position(buildings=[(HOME, 0, "city"), (OTHER_HOME, 1, "city"), (50, 1, "settlement")],
                     roads=[(e, 0) for e in PATHS], progress={0: {"wedding": 1}}, hands={1: {"brick": 1, "wool": 2}})
    scene = open_table(app, state, humans=2)
    settle(app, scene)
    view = scene.view
    click(app, view.dev_rects()[0][0].center)
    assert last(scene) == {"type": "play", "card": "wedding"}
    assert scene.controller.to_act() == 1
    run_until(app, lambda: isinstance(app.scene, HandoffScene), dt=0.1)
    assert app.scene.seat == 1  # the screen goes to Taro before his hand shows
    settle(app, scene)
    assert view.viewer == 1 and view.dialog is not None and view.dialog.kind == "give"
    for name in ("Brick", "Wool"):
        option = next(b for b in view.dialog.option_buttons() if b.label() == name)
        click(app, option.rect.center)
        assert last(scene) == {"type": "give", "card": name.lower()}
        settle(app, scene)
    assert scene.controller.state.hands[0][0] == 1 and scene.controller.state.hands[0][4] == 1


def test_hot_seat_shows_only_the_own_progress_cards_face_up(app):
    scene = open_table(app, base(progress={0: {"spy": 1}, 1: {"bishop": 2}}), humans=2)
    settle(app, scene)
    view = scene.view
    assert view.viewer == 0 and [card for _, card in view.progress_rects()] == ["spy"]
    assert view.observation().progress[1] is None
    drawn = []
    original = view.progress_face

    def spy(card, *size):
        drawn.append(card)
        return original(card, *size)

    view.progress_face = spy
    frames(app, 3)
    assert drawn and set(drawn) == {"spy"}


@pytest.mark.slow
def test_a_game_against_the_ai_reaches_the_game_over_screen(app):
    seats = tuple(SeatConfig("ai", "", "easy") for _ in range(4))
    controller = Controller(SPEC.ruleset, GameConfig(seats, {**SPEC.default_options(), "victory_points": 10}), 5)
    app.push(play_module.PlayScene(app, SPEC, controller, worker_mode="thread"))
    run_until(app, lambda: isinstance(app.scene, GameOverScene), limit=200000, dt=0.5)
    frames(app, 3)
    assert controller.ruleset.result(controller.state) is not None


def trade_steppers(dialog) -> tuple[dict, dict]:
    """The give row and the want row of the trade dialog, by kind of card."""
    kinds = dialog.table.card_kinds
    steppers = dialog.group.steppers
    return dict(zip(kinds, steppers[:len(kinds)], strict=True)), dict(zip(kinds, steppers[len(kinds):], strict=True))


def plus(app, stepper, times: int = 1) -> None:
    for _ in range(times):
        click(app, stepper.parts()[2].center)


def test_an_offer_of_a_commodity_to_one_player_composed_with_steppers(app):
    scene = open_table(app, base(hands={0: {"paper": 1}, 1: {"ore": 1}}))
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_t)
    dialog = view.dialog
    assert dialog.kind == "trade" and len(dialog.group.steppers) == 2 * 8
    give, want = trade_steppers(dialog)
    assert all(dialog.content_rect.contains(s.rect) for s in dialog.group.steppers)
    plus(app, give["paper"], 2)  # the second click is refused: one paper held
    plus(app, want["ore"])
    assert dialog.give[KINDS.index("paper")] == 1 and dialog.want[KINDS.index("ore")] == 1
    to_taro = next(w for w in dialog.widgets if getattr(w, "label", None) and
                   view.host.player_name(1) in w.label() and w.rect.y > want["ore"].rect.bottom)
    click(app, to_taro.rect.center)
    trade = scene.controller.state.trade
    assert trade is not None and trade.to == 1
    assert trade.offer[0][KINDS.index("paper")] == 1 and trade.offer[1][KINDS.index("ore")] == 1


def test_cloth_traded_with_the_bank_at_the_harbour_rate_through_the_trade_dialog(app):
    state = base(hands={0: {"cloth": 4}})
    assert state.rates[0][KINDS.index("cloth")] == 3  # the city stands on a 3:1 harbour
    scene = open_table(app, state)
    settle(app, scene)
    view = scene.view
    key(app, pygame.K_t)
    compose = next(b for b in view.dialog.option_buttons() if b.label() == "All cards…")
    click(app, compose.rect.center)
    dialog = view.dialog
    give, want = trade_steppers(dialog)
    assert give["cloth"].caption() == "bank 3:1"
    plus(app, give["cloth"], 4)
    plus(app, want["brick"])
    bank = next(b for b in dialog.buttons if b.label() == "Bank trade (B)")
    assert not bank.enabled  # four cloth at 3:1 do not make one card
    click(app, give["cloth"].parts()[1].center)
    assert bank.enabled
    click(app, bank.rect.center)
    assert last(scene) == {"type": "bank_trade", "give": "cloth", "get": "brick"}
    hand = scene.controller.state.hands[0]
    assert hand[KINDS.index("cloth")] == 1 and hand[KINDS.index("brick")] == 1
