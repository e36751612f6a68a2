"""Card faces: a card's name stays whole on its band."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.games.catan.card_art import band_label  # noqa: E402
from game.ui.fonts import render_text  # noqa: E402

BAND = (54, 22)  # the room for the name on a small card
SIZE = 14


def test_a_one_word_name_too_wide_for_its_band_is_shrunk_onto_one_line_not_broken():
    pygame.init()
    one_line = render_text("Monopoly", SIZE, (255, 255, 255), bold=True)
    assert one_line.get_width() > BAND[0]  # it would not fit as it is
    label = band_label("Monopoly", SIZE, *BAND)
    assert label.get_width() <= BAND[0] and label.get_height() <= BAND[1]
    assert label.get_height() < one_line.get_height()  # one line, scaled down; two lines would be taller


def test_a_name_of_several_words_goes_in_lines_between_its_words():
    pygame.init()
    label = band_label("Road Building", SIZE, 200, 200)
    one_line = render_text("Road Building", SIZE, (255, 255, 255), bold=True)
    assert label.get_height() < one_line.get_height() * 1.5  # room enough: one line
    narrow = band_label("Road Building", SIZE, 40, 200)
    assert narrow.get_height() > one_line.get_height() * 1.5  # narrow: two lines, each word whole
