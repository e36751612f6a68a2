"""The hand of Catan for two under its title: the piles, their stacked copies and count badges leave a
band of the hand's own background under the title."""

from tests.scenes.test_catan_2p_table import main_phase_position, open_table
from tests.scenes.test_catan_ck_table import pixel, quick_pacing, settle
from tests.uidriver import frames

__all__ = ["quick_pacing"]


def test_the_hand_s_title_keeps_clear_of_its_cards(app):
    def three_of_each(data):
        data["hands"][0] = {kind: 3 for kind in data["hands"][0]}
        data["hand_counts"][0] = sum(data["hands"][0].values())

    scene = open_table(app, main_phase_position(three_of_each))
    settle(app, scene)
    frames(app, 2)
    view = scene.view
    hand = view.layout.hand
    title_bottom = hand.y + 6 + 22  # the title's line at 16 px
    background = pixel(app, (hand.x + 4, title_bottom + 2))
    for rect in view.hand_rects():
        band = {pixel(app, (x, y)) for x in range(rect.x, rect.right + 10, 3)
                for y in (title_bottom + 1, title_bottom + 3)}
        assert band == {background}, rect
