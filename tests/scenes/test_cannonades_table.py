"""The Cannonades table driven through posted mouse events, checked by rendered pixels, the log and the state."""

import pygame
import pytest

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.games import get_spec
from game.games.cannonades.drawing import TARGET_GLOW, TARGET_HOT
from game.games.cannonades.rules import CODES
from game.scenes.game_over import GameOverScene
from game.scenes.handoff import HandoffScene
from game.scenes.play import PlayScene, log_lines
from game.ui.card_choice import CardGrid
from tests.cannonades.helpers import position
from tests.uidriver import await_ai, click, frames, key, move, run_until


def open_table(app, start: dict, humans: int = 1, names=("Hanako", "Taro", "Jiro")) -> PlayScene:
    spec = get_spec("cannonades")
    players = start["players"]
    seats = tuple(SeatConfig("human", names[i]) if i < humans else SeatConfig("ai", "", "easy")
                  for i in range(players))
    controller = Controller(spec.ruleset, GameConfig(seats, start["options"]), 1, start=start)
    scene = PlayScene(app, spec, controller, worker_mode="thread")
    app.push(scene)
    frames(app, 2)
    return scene


def settle(app, table) -> None:
    run_until(app, lambda: not table.view.busy(), dt=1 / 10)
    frames(app, 2)


def pick_card(app, table, code: str) -> None:
    view = table.view
    index = [CODES[k] for k in view.my_hand()].index(code)
    click(app, view.hand_slots()[index].rect.center)
    assert view.selected == ("hand", CODES.index(code))


def button(table, kind: str):
    return table.view.buttons[("add", "shoot", "draw", "board", "end").index(kind)]


def ship_rect(table, seat: int, slot: int) -> pygame.Rect:
    return table.view.layouts()[seat].slots[slot]


def colours_around(app, rect: pygame.Rect, margin: int) -> set:
    """The colours on the ring ``margin`` pixels outside ``rect`` (where target glows are drawn)."""
    ring = rect.inflate(2 * margin, 2 * margin)
    points = [(x, ring.y) for x in range(ring.x + 20, ring.right - 20, 6)]
    points += [(ring.x, y) for y in range(ring.y + 20, ring.bottom - 20, 6)]
    return {tuple(app.screen.get_at(p))[:3] for p in points}


SHOOTING = position(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", False], ["O0", True]]])


def test_a_shot_at_a_matching_ship_sinks_it(app):
    table = open_table(app, SHOOTING)
    pick_card(app, table, "BG")
    assert table.view.mode == "shoot"
    target = ship_rect(table, 1, 0)
    frames(app, 2)
    assert TARGET_GLOW in colours_around(app, target, 5) or any(
        c[0] > 230 and c[1] > 200 for c in colours_around(app, target, 5))
    move(app, target.center)
    frames(app, 2)
    assert TARGET_HOT in colours_around(app, target, 5)
    click(app, target.center)
    assert table.controller.log[-1].action == {"type": "shoot", "card": "BG", "seat": 1, "slot": 0}
    settle(app, table)
    state = table.controller.state
    assert [CODES[k] for k in state.ships[1]] == ["O0"]
    assert [CODES[s.kind] for s in table.view.shown.ships[1]] == ["O0"]
    assert any("sinks" in text for _, text, _ in log_lines(table.spec, table.controller, 0))


def test_an_action_the_selected_card_cannot_do_is_not_offered(app):
    table = open_table(app, SHOOTING)
    pick_card(app, table, "B0")
    assert button(table, "add").enabled and button(table, "draw").enabled
    assert button(table, "draw").label() == "Draw 1"
    assert not button(table, "shoot").enabled and not button(table, "board").enabled
    assert table.view.targets() == {}
    click(app, button(table, "shoot").rect.center)
    click(app, ship_rect(table, 1, 0).center)
    assert table.controller.log == []
    assert "cannonade" in table.message[0]
    pick_card(app, table, "BG")
    assert not button(table, "add").enabled
    click(app, button(table, "add").rect.center)
    assert table.controller.log == []


def test_hovering_a_face_down_target_shows_the_chance_to_sink(app):
    table = open_table(app, SHOOTING)
    pick_card(app, table, "BG")
    target = ship_rect(table, 1, 0)
    below = pygame.Rect(target.x - 40, target.bottom + 14, target.width + 80, 60)
    before = [tuple(app.screen.get_at((x, below.centery)))[:3] for x in range(below.x, below.right, 4)]
    move(app, target.center)
    frames(app, 2)
    after = [tuple(app.screen.get_at((x, below.centery)))[:3] for x in range(below.x, below.right, 4)]
    assert before != after
    assert table.view.tooltip() is None  # the odds panel stands in for the tooltip
    move(app, ship_rect(table, 1, 1).center)  # face-up orange: blue/green cannot sink it
    frames(app, 2)
    click(app, ship_rect(table, 1, 1).center)
    assert table.view.dialog is not None and table.controller.log == []  # a futile shot asks first


def test_the_first_turn_offers_no_shooting_and_ending_without_ships_asks_first(app):
    start = position(players=3, hands=[["BG", "B0"], ["GB"], ["YP"]], ships=[[], [["G0", False]], [["P0", False]]],
                     first_turn=True)
    table = open_table(app, start)
    pick_card(app, table, "BG")
    assert table.view.mode is None and not button(table, "shoot").enabled
    click(app, button(table, "end").rect.center)
    dialog = table.view.dialog
    assert dialog is not None and table.controller.log == []
    click(app, dialog.buttons[1].rect.center)  # cancel
    assert table.view.dialog is None and table.controller.log == []
    click(app, button(table, "end").rect.center)
    click(app, table.view.dialog.buttons[0].rect.center)
    assert not table.controller.state.alive[0]
    settle(app, table)
    assert table.view.shown.out_fade[0] == 1.0


def test_a_grin_reaction_is_a_clear_prompt_and_can_turn_up_a_ship(app):
    start = position(hands=[["BG"], ["GB", "YP"]], current=1, phase="reaction", reactions=[[0, 1]],
                     ships=[[["B1", True], ["Y0", False]], [["G0", False], ["O1", False]]])
    table = open_table(app, start)
    frames(app, 3)
    dialog = table.view.dialog
    assert dialog is not None
    labels = [b.label() for b in dialog.buttons]
    assert labels == ["Draw a card", "Make them discard", "Turn up a ship", "Let it go"]
    assert "AI 2" in dialog.body()
    click(app, dialog.buttons[2].rect.center)  # turn up a ship
    assert table.view.mode == "reveal" and set(table.view.targets()) == {(1, 0), (1, 1)}
    click(app, ship_rect(table, 1, 1).center)
    assert table.controller.log[-1].action == {"type": "react", "option": "reveal", "slot": 1}
    assert table.controller.state.up[1] == [False, True]


def test_the_hand_limit_asks_which_cards_to_discard(app):
    start = position(hands=[["BG", "GB", "YP", "B0", "G0", "ORY"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]],
                     actions_left=1)
    table = open_table(app, start)
    move(app, button(table, "end").rect.center)
    assert "discard 3" in table.view.tooltip()
    click(app, button(table, "end").rect.center)
    settle(app, table)
    frames(app, 2)
    view = table.view
    assert view.dialog is not None and view.picker is not None and view.picker.pick == 3
    confirm = view.dialog.buttons[0]
    assert not confirm.enabled
    rects = view.picker.card_rects()
    for rect in rects[:3]:
        click(app, rect.center)
    assert confirm.enabled
    chosen = [CODES[view.my_hand()[i]] for i in view.picker.chosen]
    click(app, confirm.rect.center)
    discarded = [e.action["card"] for e in table.controller.log if e.action.get("type") == "discard"]
    assert discarded == chosen and len(table.controller.state.hands[0]) == 3


def test_the_discard_viewer_shows_every_discarded_card(app):
    start = position(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]], discard=["B1", "ORY", "G2"])
    table = open_table(app, start)
    click(app, table.view.discard_label_rect().center)
    dialog = table.view.dialog
    grid = next(w for w in dialog.widgets if isinstance(w, CardGrid))
    assert len(grid.images) == 3
    move(app, grid.card_rects()[2].center)
    assert "green ship (2 Grins)" in table.view.tooltip()
    click(app, dialog.buttons[0].rect.center)
    assert table.view.dialog is None


def test_the_last_card_drawn_raises_the_standoff_banner(app):
    start = position(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]], pile={"ORY": 1},
                     rest_to=1)
    table = open_table(app, start)
    pick_card(app, table, "B0")
    click(app, button(table, "draw").rect.center)
    run_until(app, lambda: table.view.animation.banner is not None, dt=1 / 20)
    assert "STANDOFF" in table.view.animation.banner[0]
    settle(app, table)
    assert table.view.shown.standoff and table.view.animation.banner is None


def test_sinking_the_last_ship_greys_the_player_out(app):
    start = position(players=3, hands=[["BG", "B0"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["G0", True]], [["P0", False]]])
    table = open_table(app, start)
    pick_card(app, table, "BG")
    click(app, ship_rect(table, 1, 0).center)
    settle(app, table)
    assert not table.controller.state.alive[1] and table.view.shown.out_fade[1] == 1.0
    box = table.view.layouts()[1].box
    r, g, b = tuple(app.screen.get_at((box.x + 30, box.bottom - 20)))[:3]
    assert abs(r - b) < 30 and abs(r - g) < 30  # grey, not the wood brown


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_short_game_against_an_ai_reaches_the_game_over_with_its_summary(app, language):
    from game.core import i18n

    i18n.set_language(language)
    start = position(hands=[["BG", "GB", "B0"], ["GB", "YP"]], ships=[[["Y0", False]], [["G0", False]]],
                     pile={"ORY": 2, "ROY": 1, "B1": 1})
    table = open_table(app, start)
    view = table.view
    for _ in range(60):
        if table.controller.over:
            break
        run_until(app, lambda: table.controller.over or (table.can_act() and not view.busy()), dt=1 / 10)
        frames(app, 2)
        if table.controller.over:
            break
        if view.dialog is not None:
            if view.picker is not None:
                for rect in view.picker.card_rects()[:view.picker.pick]:
                    click(app, rect.center)
            button_ = next(b for b in view.dialog.buttons if b.enabled)
            click(app, button_.rect.center)
            if view.mode == "reveal":
                seat, slot = next(iter(view.targets()))
                click(app, ship_rect(table, seat, slot).center)
            continue
        click(app, button(table, "end").rect.center)
        if view.dialog is not None:
            click(app, view.dialog.buttons[0].rect.center)
    run_until(app, lambda: isinstance(app.scene, GameOverScene), dt=1 / 10)
    frames(app, 3)
    summary = pygame.Surface((540, 300))
    view.draw_summary(summary, summary.get_rect())
    assert table.controller.result() is not None


def test_hot_seat_hands_the_screen_over_and_shows_only_the_current_hand(app):
    start = position(hands=[["BG", "B0"], ["GB", "YP"]], ships=[[["Y0", False]], [["G0", False]]])
    table = open_table(app, start, humans=2)
    assert isinstance(app.scene, HandoffScene)  # the screen is covered until Hanako says she is there
    click(app, app.scene.widgets[0].rect.center)
    assert table.view.me == 0 and [CODES[k] for k in table.view.my_hand()] == ["B0", "BG"]
    assert set(table.view.shown.hands[1]) == {-1}
    click(app, button(table, "end").rect.center)
    run_until(app, lambda: isinstance(app.scene, HandoffScene), dt=1 / 10)
    click(app, app.scene.widgets[0].rect.center)
    run_until(app, lambda: table.view.me == 1 and not table.view.busy(), dt=1 / 10)
    hand = table.view.shown.hands[0]
    assert set(hand) == {-1}  # the first player's cards are hidden now
    assert all(k != -1 for k in table.view.shown.hands[1])


def test_a_face_up_ship_of_ones_own_boards_a_lit_target(app):
    start = position(hands=[["BG"], ["GB"]], ships=[[["G1", True], ["Y0", False]], [["G0", False], ["B0", False]]])
    table = open_table(app, start)
    view = table.view
    click(app, ship_rect(table, 0, 1).center)  # face down: cannot board
    assert view.selected is None and "Face-down" in table.message[0]
    click(app, ship_rect(table, 0, 0).center)
    assert view.selected == ("ship", 0) and view.mode == "board" and set(view.targets()) == {(1, 0), (1, 1)}
    assert button(table, "board").enabled and not button(table, "add").enabled
    click(app, ship_rect(table, 1, 1).center)
    assert table.controller.log[-1].action == {"type": "board", "ship": 0, "seat": 1, "slot": 1}
    settle(app, table)
    assert len(view.shown.ships[0]) == 1 and len(view.shown.ships[1]) == 2


def test_undo_takes_back_an_added_ship_and_the_hint_selects_its_card(app):
    start = position(hands=[["B0", "G0", "BG"], ["GB"]], ships=[[], [["G0", False]]], first_turn=True)
    table = open_table(app, start)
    pick_card(app, table, "B0")
    click(app, button(table, "add").rect.center)
    settle(app, table)
    assert len(table.view.shown.ships[0]) == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z", scancode=0))
    frames(app, 2)
    assert table.controller.log == [] and table.view.shown.ships[0] == []
    table.view.show_hint({"type": "add", "card": "G0"})
    assert table.view.selected == ("hand", CODES.index("G0")) and button(table, "add").selected is False
    frames(app, 2)
    assert button(table, "add").selected  # the hinted action glows


def test_own_face_down_ships_carry_their_mark_unless_strict_memory(app):
    from game.games.cannonades import card_art

    for strict in (False, True):
        start = position(hands=[["BG"], ["GB"]], ships=[[["G2", False]], [["B0", False]]],
                         options={"strict_memory": strict})
        table = open_table(app, start)
        view = table.view
        size = view.layouts()[0].ship_size
        mine = view.drawing.ship_image(view.shown.ships[0][0], size, 0)
        theirs = view.drawing.ship_image(view.shown.ships[1][0], view.layouts()[1].ship_size, 1)
        assert theirs is card_art.back(*view.layouts()[1].ship_size)
        if strict:
            assert mine is card_art.back(*size)
            move(app, ship_rect(table, 0, 0).center)
            assert "Strict memory" in view.tooltip()
        else:
            assert mine is card_art.marked_back(view.shown.ships[0][0].kind, *size)
        app.pop()


def test_the_end_summary_marks_the_tie_break_step_that_decided(app):
    from game.games.cannonades.rules import RULES
    from game.games.cannonades.summary import draw_summary
    from game.ui import theme
    from tests.cannonades.helpers import play, state_of

    state = state_of(hands=[["BG"], ["GB", "GB"]], pile={}, standoff=True, trigger=0, final_queue=[], current=0,
                     ships=[[["B0", False], ["G0", False]], [["B0", False], ["G0", False]]])
    play(state, {"type": "end"})
    result = RULES.result(state)
    assert result.details["tiebreak_step"] == 4
    surface = pygame.Surface((540, 300))
    surface.fill(theme.PAPER)
    draw_summary(surface, surface.get_rect(), result, lambda seat: f"P{seat + 1}", "cannonades")
    marked = theme.mix(theme.PAPER, theme.ACCENT_LIGHT, 0.55)
    rows = [y for y in range(300) if tuple(surface.get_at((120, y)))[:3] == marked]
    assert rows, "the deciding row is highlighted"
    first_step = rows[0] - 3 * 32  # rows are 32 high here; the fourth step is marked, not the first
    assert 20 <= rows[-1] - rows[0] + 1 <= 34 and first_step > 40


def test_words_rising_from_one_seat_never_cover_each_other_nor_leave_the_table(app):
    start = position(players=4, hands=[["YP", "B0"], ["GB"], ["O0"], ["P0"]],
                     ships=[[["Y0", False]], [["B2", False], ["G0", False]], [["O1", False]], [["P1", False]]])
    table = open_table(app, start)
    assert table.view.layouts()[1].box.x < 100, "seat 2 sits on the left edge"
    pick_card(app, table, "YP")
    click(app, ship_rect(table, 1, 0).center)
    seen = 0
    from game.ui.table import BOARD_AREA

    for _ in range(400):
        await_ai(app)
        app.step(1 / 30)
        rects = [f.image.get_rect(center=(f.origin.x, f.origin.y - f.rise * f.tween.value))
                 for f in table.view.animation.floaters]
        seen = max(seen, len(rects))
        assert all(BOARD_AREA.contains(r) for r in rects), rects
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), rects
        if table.controller.to_act() == 0 and not table.view.busy():
            break
    assert seen >= 2, "the vendetta and the reaction rose together"


def test_the_s_key_keeps_a_selected_cannonade_armed_and_e_ends_the_turn(app):
    table = open_table(app, SHOOTING)
    pick_card(app, table, "BG")
    assert table.view.mode == "shoot"
    key(app, pygame.K_s)
    assert table.view.mode == "shoot", "S arms Shoot; it never turns it off"
    click(app, button(table, "shoot").rect.center)
    assert table.view.mode == "shoot"
    click(app, ship_rect(table, 1, 0).center, button=3)
    assert table.view.mode is None
    key(app, pygame.K_e)
    assert table.controller.log[-1].action == {"type": "end"}


def test_while_aiming_the_ships_the_card_cannot_sink_are_dimmed(app):
    start = position(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", False], ["O1", True]]])
    table = open_table(app, start)
    move(app, (650, 300))
    frames(app, 2)
    up = ship_rect(table, 1, 1)
    before = tuple(app.screen.get_at(up.center))[:3]
    pick_card(app, table, "BG")
    move(app, (650, 300))
    frames(app, 2)
    assert table.view.sinkable() == {(1, 0)}, "the orange ship shows it matches neither blue nor green"
    dimmed = tuple(app.screen.get_at(up.center))[:3]
    assert sum(dimmed) < sum(before) * 0.7


def test_a_fanned_hand_shows_each_cards_colours_and_grins(app):
    start = position(hands=[["ORY", "B2", "G1", "YP", "P1", "B0", "GB"], ["GB"]], ships=[[["Y0", False]],
                                                                                        [["G0", False]]])
    table = open_table(app, start)
    move(app, (650, 300))
    frames(app, 2)
    view = table.view
    slots = view.hand_slots()
    cards = [CODES[k] for k in view.my_hand()]
    assert slots[1].rect.x - slots[0].rect.x < slots[0].rect.width, "the hand overlaps"
    from game.games.cannonades import card_art
    from game.games.cannonades.layout import HAND_CARD

    for index, code in enumerate(cards[:-1]):
        visible = pygame.Rect(slots[index].rect.x, slots[index].rect.y, slots[index + 1].rect.x - slots[index].rect.x,
                              slots[index].rect.height).inflate(-12, -20)
        kind = CODES.index(code)
        marks = len(card_art.KINDS[kind].colours) + card_art.GRINS[kind]
        assert marks <= 1 or card_art.indexed_face(kind, *HAND_CARD) is not card_art.face(kind, *HAND_CARD)
        shown = {tuple(app.screen.get_at((x, y)))[:3] for x in range(visible.x, visible.right, 2)
                 for y in range(visible.y, visible.bottom, 2)}
        for colour in card_art.KINDS[kind].colours:
            rgb = card_art.COLOUR_RGB[colour]
            assert any(sum(abs(a - b) for a, b in zip(c, rgb, strict=True)) < 60 for c in shown), (code, colour)


def test_the_prompt_stays_clear_of_the_discard_viewer_label(app):
    start = position(players=4, hands=[["BG", "B0"], ["GB"], ["O0"], ["P0"]],
                     ships=[[["Y0", False]], [["G0", False]], [["O1", False]], [["P1", False]]])
    table = open_table(app, start)
    view = table.view
    pick_card(app, table, "BG")
    long = " ".join([view.status()] * 3)  # however long the line grows (a language, a larger text size)
    view.status = lambda: long
    move(app, (5, 890))
    frames(app, 2)
    with_prompt = app.screen.copy()
    view.status = lambda: ""
    frames(app, 2)
    centre = view.centre()
    changed = pygame.mask.from_threshold(with_prompt, (0, 0, 0), (1, 1, 1, 255))
    changed.clear()
    for x in range(centre.area.x, centre.area.right, 2):
        for y in range(centre.area.y, centre.bar.y - 2, 2):  # the bar's buttons ease their glow
            if with_prompt.get_at((x, y)) != app.screen.get_at((x, y)):
                changed.set_at((x, y))
    drawn = changed.get_bounding_rects()
    assert drawn, "the prompt is drawn"
    label = view.discard_label_rect()
    for rect in drawn:
        assert not rect.colliderect(label) and rect.bottom <= centre.bar.y, (rect, label)
        assert rect.y > centre.pile.bottom + 10, "below the piles' own labels"
