"""The Copenhagen table driven through posted mouse and key events, checked by pixels, the log and the state."""

import random

import pygame
import pytest

from game.core import settings as settings_module
from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.games.copenhagen import board
from game.games.copenhagen.dialogs import Question
from game.games.copenhagen.layers import GHOST_BAD, GHOST_GOOD
from game.games.copenhagen.layout import ability_rect, grab_cell, slot_rect, supply_rect
from game.scenes import play as play_module
from game.scenes.game_over import GameOverScene
from game.scenes.handoff import HandoffScene
from game.scenes.play import PlayScene
from game.scenes.replay import ReplayScene
from game.ui import tween
from tests.copenhagen.positions import counts, position
from tests.uidriver import await_ai, click, frames, key, move, run_until

ALL_ABILITIES = {"any_cards": "active", "additional_card": "active", "construction_discount": "active",
                 "change_of_colors": "active", "both_actions": "active"}
PERSON = SeatConfig("human", "Hanako")
EASY_AI = SeatConfig("ai", "", "easy")


@pytest.fixture(autouse=True)
def quick_pacing(monkeypatch):
    """AI moves and chance steps follow at once (the pacing is for people, not for tests)."""
    monkeypatch.setitem(settings_module.AI_PACING_SECONDS, "fast", 0.0)
    monkeypatch.setattr(play_module, "CHANCE_DELAY", 0.0)


def open_table(app, start=None, seats=(PERSON, EASY_AI), seed=1):
    spec = get_spec("copenhagen")
    controller = Controller(spec.ruleset, GameConfig(tuple(seats), spec.default_options()), seed, start=start)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def settle(app, scene) -> None:
    run_until(app, lambda: not scene.view.busy(), limit=600)
    frames(app, 2)


def pixel(app, pos) -> tuple:
    return tuple(app.screen.get_at((round(pos[0]), round(pos[1]))))[:3]


def edge_colours(app, rect: pygame.Rect) -> set:
    """The colours along a cell's left edge (the ghost's outline is drawn there)."""
    return {pixel(app, (x, rect.centery + 12)) for x in (rect.x - 1, rect.x, rect.x + 1)}


# -- building ----------------------------------------------------------------------------------
def test_the_ghost_turns_red_over_an_illegal_spot_and_a_click_there_does_nothing(app):
    scene = open_table(app, position(hands=[counts(red=2), counts()]))
    view = scene.view
    click(app, supply_rect("red-2").center)
    assert view.selected == "red-2"
    house = view.house(view.me)
    spot = house.cell_rect(2, 3)  # nothing below it
    move(app, spot.center)
    assert GHOST_BAD in edge_colours(app, spot)
    assert GHOST_GOOD not in edge_colours(app, spot)
    assert view.tooltip() == "No square of the tile stands on the ground or on a built cell."
    click(app, spot.center)
    assert scene.controller.log == []
    assert "ground" in scene.message[0]
    assert view.selected == "red-2"  # still held, to try elsewhere


def test_a_legal_click_places_the_tile_and_pays_the_right_cards(app):
    # A red domino on the ground; the red L placed touching it costs 3 - 1 = 2 red cards.
    start = position(hands=[counts(red=2, blue=1), counts()], facades=[[("red-2", 0, False, (0, 0))], []])
    scene = open_table(app, start)
    view = scene.view
    click(app, supply_rect("red-3").center)
    house = view.house(view.me)
    spot = house.cell_rect(2, 0)
    move(app, spot.center)
    assert GHOST_GOOD in edge_colours(app, spot)
    assert "Costs 2 red" in view.tooltip() and "touches its colour" in view.tooltip()
    click(app, spot.center)
    entry = scene.controller.log[0]
    assert entry.action == {"type": "build", "tile": "red-3", "rot": 0, "mirror": False, "at": [2, 0],
                            "pay": {"red": 2}}
    built = next(e for e in entry.events if e.kind == "built")
    assert built.data["cost"] == 2 and built.data["contact"]
    state = scene.controller.state
    assert state.hands[0] == [0, 0, 0, 1, 0] and state.discard[0] == 2
    settle(app, scene)
    assert view.selected is None
    assert len(view.shown.facades[0]) == 2
    assert view.shown.hands[0] == [0, 0, 0, 1, 0]


def test_turning_and_flipping_the_held_tile_changes_where_it_goes(app):
    start = position(hands=[counts(yellow=4), counts()], facades=[[("purple-5", 0, False, (0, 0))], []])
    scene = open_table(app, start)
    view = scene.view
    click(app, supply_rect("yellow-4").center)  # the S: ".WW / WB."
    key(app, pygame.K_r)
    assert view.rot == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app)
    assert view.rot == 0
    key(app, pygame.K_f)
    assert view.mirror
    house = view.house(view.me)
    move(app, house.cell_rect(2, 3).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=house.cell_rect(2, 3).center, button=3))
    frames(app)
    assert not view.mirror  # right-click flips back
    key(app, pygame.K_f)
    key(app, pygame.K_r)
    cells = board.tile_cells("yellow-4", 1, True)
    gc, gr = grab_cell(cells)
    target = house.cell_rect(1 + gc, 1 + gr)
    click(app, target.center)
    action = scene.controller.log[0].action
    assert (action["rot"], action["mirror"]) == board.canonical_orientation("yellow-4", 1, True)
    assert action["at"] == [1, 1] and action["pay"] == {"yellow": 4}


def test_a_tile_one_cannot_afford_is_refused_with_the_reason(app):
    scene = open_table(app, position(hands=[counts(red=1), counts()]))
    click(app, supply_rect("red-4").center)
    assert scene.view.selected is None
    assert scene.message[0] == "Not enough cards of its colour."
    assert "red-2" not in scene.view.buildable()  # one red card and no red tile to touch


def test_the_supply_lights_the_tiles_one_can_afford(app):
    scene = open_table(app, position(hands=[counts(red=3, green=2), counts()]))
    assert scene.view.buildable() == {"red-2", "red-3", "green-2"}
    view = scene.view
    move(app, supply_rect("green-3").center)
    assert "Not enough cards" in view.tooltip() or "One card short" in view.tooltip()


def test_construction_discount_is_switched_on_by_clicking_its_tile(app):
    abilities = [dict(ALL_ABILITIES, change_of_colors="used"), {"any_cards": "active"}]
    scene = open_table(app, position(hands=[counts(green=3), counts()], abilities=abilities))
    click(app, supply_rect("green-4").center)
    assert "Construction discount" in scene.message[0]  # the engine's hint: switch it on first
    click(app, ability_rect(2).center)
    assert scene.controller.log[-1].action == {"type": "ability", "ability": "construction_discount"}
    settle(app, scene)
    click(app, supply_rect("green-4").center)
    view = scene.view
    spot = view.house(0).cell_rect(1, 0)
    move(app, spot.center)
    assert "Construction discount" in view.tooltip()


def test_change_of_colors_opens_the_picker_and_the_build_pays_with_both_colours(app):
    abilities = [dict(ALL_ABILITIES, construction_discount="used"), {"any_cards": "active"}]
    scene = open_table(app, position(hands=[counts(red=2, blue=3), counts()], abilities=abilities))
    view = scene.view
    click(app, ability_rect(3).center)
    dialog = view.dialog
    assert isinstance(dialog, Question) and view.dialog_kind == "convert"
    click(app, dialog.keyed[("from", "red")].rect.center)
    click(app, dialog.keyed[("to", "blue")].rect.center)
    click(app, dialog.buttons[0].rect.center)
    assert scene.controller.log[-1].action == {"type": "convert", "from": "red", "to": "blue"}
    settle(app, scene)
    click(app, supply_rect("blue-4").center)
    house = view.house(0)
    cells = board.tile_cells("blue-4", 0, False)
    gc, gr = grab_cell(cells)
    click(app, house.cell_rect(gc, gr).center)
    assert view.dialog_kind == "pay"  # 4 cards from 3 blue and 2 red: two ways
    pays = view.dialog.keyed
    click(app, pays[("pay", 1)].rect.center)
    action = scene.controller.log[-1].action
    assert action["type"] == "build" and sum(action["pay"].values()) == 4 and action["pay"]["red"] >= 1


# -- taking cards ----------------------------------------------------------------------------------
def test_the_second_card_must_lie_beside_the_first_and_the_table_says_so(app):
    abilities = [{"any_cards": "used"}, {"any_cards": "active"}]
    scene = open_table(app, position(abilities=abilities))
    view = scene.view
    move(app, slot_rect(2).center)
    assert view.harbour_marks() == {2: "take", 1: "next", 3: "next"}
    click(app, slot_rect(2).center)
    assert scene.controller.log[-1].action == {"type": "take", "slot": 2}
    settle(app, scene)
    assert view.harbour_marks() == {1: "take", 3: "take"}
    click(app, slot_rect(5).center)
    assert len(scene.controller.log) == 1
    assert "beside" in scene.message[0]
    click(app, slot_rect(3).center)
    assert scene.controller.log[1].action == {"type": "take", "slot": 3}


def test_any_cards_marks_the_far_cards_and_is_spent_on_one(app):
    scene = open_table(app, position())
    view = scene.view
    click(app, slot_rect(0).center)
    settle(app, scene)
    marks = view.harbour_marks()
    assert marks[1] == "take" and marks[4] == "any"
    key(app, pygame.K_5)  # keys 1-7 take a slot
    took = scene.controller.log[1]
    assert took.action == {"type": "take", "slot": 4}
    assert took.events[0].data["ability"] == "any_cards"


def test_over_the_hand_limit_a_dialog_asks_which_card_to_discard(app):
    scene = open_table(app, position(hands=[counts(red=3, blue=4), counts()]))
    view = scene.view
    click(app, slot_rect(2).center)  # green: an eighth card
    run_until(app, lambda: view.dialog_kind == "discard", limit=300)
    dialog = view.dialog
    assert set(dialog.keyed) == {("discard", "red"), ("discard", "green"), ("discard", "blue")}
    click(app, dialog.keyed[("discard", "blue")].rect.center)
    assert scene.controller.log[-1].action == {"type": "discard", "card": "blue"}
    assert scene.controller.state.hands[0] == [3, 0, 1, 3, 0]
    settle(app, scene)
    assert view.dialog is None


def test_last_call_offers_end_turn_and_build_as_well(app):
    abilities = [{"any_cards": "used", "both_actions": "active", "additional_card": "active"}, {"any_cards": "active"}]
    scene = open_table(app, position(hands=[counts(purple=1), counts()], abilities=abilities))
    view = scene.view
    click(app, slot_rect(3).center)
    settle(app, scene)
    click(app, slot_rect(4).center)  # purple: a purple domino is now affordable
    settle(app, scene)
    assert view.end_button.visible and view.both_button.visible
    assert view.harbour_marks() == {s: "third" for s in (0, 1, 2, 5, 6)}
    click(app, view.both_button.rect.center)
    assert scene.controller.log[-1].action == {"type": "both"}
    settle(app, scene)
    assert not view.end_button.visible
    assert view.buildable() == {"purple-2"}


def test_undo_takes_back_the_whole_turn_but_not_past_the_refill(app):
    abilities = [{"any_cards": "used", "additional_card": "active"}, {"any_cards": "active"}]
    scene = open_table(app, position(abilities=abilities))
    view = scene.view
    click(app, slot_rect(0).center)
    settle(app, scene)
    click(app, slot_rect(1).center)
    settle(app, scene)
    assert scene.controller.state.phase == "last_call" and scene.can_undo()
    for _ in range(2):
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.controller.log == []
    assert scene.controller.state.phase == "turn" and scene.controller.state.harbour[0] == 0
    assert view.shown.hands[0] == [0] * 5 and not scene.can_undo()
    click(app, slot_rect(0).center)
    settle(app, scene)
    click(app, slot_rect(1).center)
    settle(app, scene)
    click(app, view.end_button.rect.center)
    run_until(app, lambda: scene.controller.state.current == 1 or scene.controller.over, limit=600)
    assert any(e.seat == -1 for e in scene.controller.log)  # the refill happened
    assert not scene.can_undo()


# -- coats of arms ---------------------------------------------------------------------------------
def test_a_coat_of_arms_asks_for_a_reward_and_the_white_tile_is_placed_on_a_legal_cell(app):
    start = position(hands=[counts(red=2), counts()], facades=[[("purple-2", 1, False, (2, 0))], []])
    scene = open_table(app, start)
    view = scene.view
    click(app, supply_rect("red-2").center)
    key(app, pygame.K_r)
    house = view.house(0)
    gc, gr = grab_cell(board.tile_cells("red-2", 1, False))
    click(app, house.cell_rect(2 + gc, 2 + gr).center)  # upright on the purple domino: covers (2,2)
    run_until(app, lambda: view.dialog_kind == "coat", limit=600)
    dialog = view.dialog
    assert not dialog.keyed[("refresh",)].enabled  # nothing used yet
    assert dialog.keyed[("ability", "both_actions")].enabled
    click(app, dialog.keyed[("special",)].rect.center)
    assert view.dialog is None and view.placing_special
    frames(app, 2)
    assert view.dialog is None  # no reopening while the white tile is held
    click(app, house.cell_rect(0, 1).center)  # nothing below
    assert scene.controller.state.phase == "coat"
    assert "ground" in scene.message[0]
    move(app, house.cell_rect(2, 4).center)
    assert GHOST_GOOD in edge_colours(app, house.cell_rect(2, 4))
    click(app, house.cell_rect(2, 4).center)
    assert scene.controller.log[-1].action == {"type": "coat", "choice": "special", "at": [2, 4]}


def test_right_click_puts_the_white_tile_back_and_the_question_returns(app):
    start = position(facades=[[("purple-4", 1, False, (4, 0))], []], phase="coat", step={"pending_coats": 1})
    scene = open_table(app, start)
    view = scene.view
    run_until(app, lambda: view.dialog_kind == "coat", limit=100)
    click(app, view.dialog.keyed[("special",)].rect.center)
    assert view.placing_special
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 300), button=3))
    frames(app, 2)
    assert not view.placing_special and view.dialog_kind == "coat"
    click(app, view.dialog.keyed[("ability", "additional_card")].rect.center)
    assert scene.controller.log[-1].action == {"type": "coat", "choice": "ability", "ability": "additional_card"}


# -- hints, hot-seat, replay, the end ---------------------------------------------------------------
def test_a_hint_for_a_build_picks_up_the_tile_in_its_orientation(app):
    scene = open_table(app, position(hands=[counts(blue=3), counts()]))
    view = scene.view
    view.show_hint({"type": "build", "tile": "blue-3", "rot": 1, "mirror": False, "at": [0, 0], "pay": {"blue": 3}})
    frames(app, 2)
    assert view.selected == "blue-3" and view.rot == 1


def test_hot_seat_hands_the_screen_over_and_shows_each_person_their_own_house(app):
    seats = (PERSON, SeatConfig("human", "Taro"))
    scene = open_table(app, position(hands=[counts(red=2), counts(blue=3)]), seats=seats)
    run_until(app, lambda: isinstance(app.scene, HandoffScene), limit=10)  # a game resumed mid-turn too
    assert app.scene.seat == 0 and not scene.can_act()
    key(app, pygame.K_RETURN)
    assert scene.view.me == 0
    click(app, supply_rect("red-2").center)
    click(app, scene.view.house(0).cell_rect(0, 0).center)
    run_until(app, lambda: isinstance(app.scene, HandoffScene), limit=600)
    assert app.scene.seat == 1
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.view.me == 1 and scene.view.others() == [0]
    assert scene.view.hand_cards() == [3, 3, 3]


def test_the_replay_viewer_follows_the_player_on_turn(app):
    scene = open_table(app, position(hands=[counts(red=2), counts()]))
    click(app, supply_rect("red-2").center)
    click(app, scene.view.house(0).cell_rect(0, 0).center)
    run_until(app, lambda: scene.controller.state.current == 1, limit=600)
    game = scene.controller
    computers = tuple(SeatConfig("ai", "", "easy") for _ in game.config.seats)
    onlooker = Controller(game.ruleset, GameConfig(computers, game.config.options), game.seed, start=game.start,
                          actions=game.actions())  # a game of AIs alone: its replay may show everything
    replay = ReplayScene(app, scene.spec, onlooker)
    app.push(replay)
    frames(app, 2)
    assert replay.view.me == 0
    replay.forward()
    run_until(app, lambda: not replay.view.busy(), limit=300)
    assert replay.view.me == 1 and len(replay.view.shown.facades[0]) == 1


def play_as_person(app, scene, rng) -> None:
    """One decision of the person at the screen, made through the table as a person would."""
    view = scene.view
    settle(app, scene)
    if view.dialog is not None:
        pick = rng.choice([w for w in view.dialog.keyed.values() if w.enabled])
        click(app, pick.rect.center)
        return
    legal = scene.controller.legal_actions()
    builds = [a for a in legal if a["type"] == "build"]
    if view.placing_special:
        spot = rng.choice([a for a in legal if a.get("choice") == "special"])["at"]
        click(app, view.house(view.me).cell_rect(*spot).center)
        return
    if builds and rng.random() < 0.8:
        action = max(builds, key=lambda a: (board.TILES[board.TILE_INDEX[a["tile"]]].size, rng.random()))
        if view.selected != action["tile"]:
            click(app, supply_rect(action["tile"]).center)
        while view.mirror != action["mirror"]:
            key(app, pygame.K_f)
        while view.rot != action["rot"]:
            key(app, pygame.K_r)
        gc, gr = grab_cell(board.tile_cells(action["tile"], action["rot"], action["mirror"]))
        click(app, view.house(view.me).cell_rect(action["at"][0] + gc, action["at"][1] + gr).center)
        return
    takes = [a for a in legal if a["type"] == "take"]
    if takes:
        click(app, slot_rect(rng.choice(takes)["slot"]).center)
    elif view.end_button.visible:
        click(app, view.end_button.rect.center)
    else:
        click(app, supply_rect(rng.choice(builds)["tile"]).center)


@pytest.mark.slow
def test_a_whole_game_against_an_ai_reaches_the_game_over_screen(app, monkeypatch):
    monkeypatch.setattr(tween, "_speed", 12.0)  # every animation still plays, only quicker
    scene = open_table(app, seed=11)
    rng = random.Random(4)
    for _ in range(3000):
        if isinstance(app.scene, GameOverScene):
            break
        if scene.can_act():
            before = len(scene.controller.log)
            play_as_person(app, scene, rng)
            if len(scene.controller.log) == before and scene.view.dialog is None and not scene.view.placing_special:
                frames(app, 1)
        else:
            await_ai(app)
            frames(app, 1)
    assert isinstance(app.scene, GameOverScene)
    assert scene.controller.state.end in ("twelve", "mermaid")
    frames(app, 3)  # the game-over screen draws the table's summary


# -- what the table tells ------------------------------------------------------------------------
@pytest.mark.parametrize("players, mermaid, words", [(2, "deck", "among the last 10 cards"),
                                                     (3, "aside", "joins the deck when it is reshuffled")])
def test_the_deck_says_whether_the_mermaid_is_in_it(app, players, mermaid, words):
    seats = (PERSON,) + (EASY_AI,) * (players - 1)
    hands = [counts()] * players
    scene = open_table(app, position(players=players, hands=hands, mermaid=mermaid), seats=seats)
    move(app, (1150, 100))
    tip = scene.view.tooltip()
    assert "cards in the deck" in tip and words in tip


def test_the_last_cards_warn_of_the_mermaid(app):
    scene = open_table(app, position(deck=counts(red=4), hands=[counts(red=2), counts()], mermaid="deck"))
    move(app, (1150, 100))
    assert "next 5 cards" in scene.view.tooltip()


def test_ability_and_opponent_tooltips_tell_their_state(app):
    abilities = [{"any_cards": "used", "both_actions": "active"}, {"any_cards": "active"}]
    scene = open_table(app, position(hands=[counts(), counts(red=3)], abilities=abilities))
    view = scene.view
    move(app, ability_rect(0).center)
    assert "Any cards" in view.tooltip() and "Used" in view.tooltip()
    move(app, ability_rect(4).center)
    assert "Ready to use" in view.tooltip()
    move(app, ability_rect(1).center)
    assert "Not owned" in view.tooltip()
    click(app, ability_rect(1).center)
    assert "do not own" in scene.message[0]
    panel = view.opponent_rect(1)
    move(app, (panel.right - 30, panel.bottom - 30))
    assert "3 of 7 cards" in view.tooltip()


def test_colour_blind_tiles_carry_their_colour_icon(app):
    start = position(facades=[[("red-2", 1, False, (0, 0))], []])
    scene = open_table(app, start)
    brick = scene.view.house(0).cell_rect(0, 1)  # the upright domino's brick square is on top
    plain = {pixel(app, (brick.centerx + dx, brick.centery)) for dx in range(-3, 4)}
    app.settings.colour_blind = True
    frames(app, 2)
    marked = {pixel(app, (brick.centerx + dx, brick.centery)) for dx in range(-3, 4)}
    assert plain != marked


def test_the_table_speaks_japanese(app):
    from game.core import i18n

    i18n.set_language("ja")
    scene = open_table(app, position(hands=[counts(red=2), counts()]))
    click(app, supply_rect("red-2").center)
    move(app, scene.view.house(0).cell_rect(2, 3).center)
    assert scene.view.tooltip() == "タイルの下に土台がありません（1階か配置済みのマスの上が必要です）。"
    assert scene.view.status().startswith("家ボードに配置してください")


def test_without_both_actions_the_last_call_does_not_offer_building_as_well(app):
    abilities = [{"any_cards": "used", "additional_card": "active"}, {"any_cards": "active"}]
    scene = open_table(app, position(abilities=abilities))
    view = scene.view
    click(app, slot_rect(0).center)
    settle(app, scene)
    click(app, slot_rect(1).center)
    settle(app, scene)
    assert scene.controller.state.phase == "last_call"
    assert not view.both_button.visible
    assert "build" not in view.status() and "third card" in view.status()


PREVIEW = position(hands=[counts(red=3, blue=3), counts(yellow=2)],
                   facades=[[("red-3", 0, False, (0, 0)), ("blue-2", 0, False, (3, 0))], []],
                   discard=counts(red=3, green=2))


def test_the_placement_preview_says_what_the_tile_earns_and_its_tip_leaves_the_cells_in_sight(app):
    scene = open_table(app, PREVIEW)
    view = scene.view
    click(app, supply_rect("red-2").center)
    house = view.house(view.me)
    move(app, house.cell_rect(1, 0).center)
    frames(app, 2)
    tip = app.scene.tooltip()
    assert "Costs 1 red card here" in tip and "row 1 complete (+1)" in tip, tip
    cells = [house.cell_rect(c, r) for c, r, _ in view.ghost()["cells"]]
    assert app.tip_rect is not None and app.tip_rect.collidelist(cells) < 0
    row = house.line_rect("row", 0).inflate(6, 6)
    edge = {pixel(app, (x, row.y + 1)) for x in range(row.x + 4, row.right - 4, 3)}
    assert any(r > 220 and g > 170 and b < 150 for r, g, b in edge), "the row it completes is outlined in gold"
    move(app, house.cell_rect(1, 4).center)
    assert "complete" not in app.scene.tooltip()


def test_the_deck_counter_stands_clear_of_the_discard_pile(app, monkeypatch):
    from game.games.copenhagen import drawing
    from game.games.copenhagen.layout import DECK, DISCARD

    drawn = []
    real = drawing.count_badge

    def recording(surface, centre, text, *args, **kwargs):
        drawn.append((text, real(surface, centre, text, *args, **kwargs)))
        return drawn[-1][1]

    monkeypatch.setattr(drawing, "count_badge", recording)
    scene = open_table(app, PREVIEW)
    frames(app, 2)
    deck = [rect for text, rect in drawn if text == scene.view.shown.deck_size and rect.colliderect(DECK)]
    assert deck and not deck[-1].colliderect(DISCARD)
