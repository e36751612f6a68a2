"""A small picture of a game's table for the new-game screen: the game's own table drawn from a few
moves of a seeded game of computers, scaled down and kept for the rest of the run.

Drawing one imports the game and draws a frame of its table, so it is made only once that game has
been shown on the screen (never while a screen opens), and only once.
"""

from __future__ import annotations

import random

import pygame

from game.core.controller import Controller
from game.core.i18n import tr
from game.core.logs import log
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.ui import theme
from game.ui.table import BOARD_AREA, TableHost

SEED = 3
MOVES = 40
"""Moves into the game the picture shows: past the set-up, so pieces are on the table."""

_pictures: dict[str, pygame.Surface | None] = {}


class OnlookerHost(TableHost):
    """Hosts a table that only shows a game of computers, as an onlooker sees it."""

    interactive = False

    def __init__(self, app, spec, controller: Controller):
        self.app = app
        self.spec = spec
        self.controller = controller

    @property
    def viewer(self) -> int | None:
        return None

    def submit(self, action) -> bool:
        return False

    def can_act(self) -> bool:
        return False

    def player_name(self, seat: int) -> str:
        return tr("seat.player", n=seat + 1)


def sample_game(spec) -> Controller:
    """A seeded game of ``spec`` at its usual player count, ``MOVES`` random moves in."""
    players = spec.default_players or spec.min_players
    seats = tuple(SeatConfig("ai", "", "easy") for _ in range(players))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), SEED)
    rng = random.Random(SEED)
    while len(controller.log) < MOVES and controller.to_act() is not None:
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(rng.choice(controller.legal_actions()))
    return controller


def has_picture(game_id: str) -> bool:
    """True once the picture of ``game_id`` has been made (or found impossible to make)."""
    return game_id in _pictures


def table_picture(app, spec, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of ``spec``'s table at ``size``, drawn the first time it is asked for; None when the
    table could not be drawn (said in the log: the screen goes on without it)."""
    if spec.id not in _pictures:
        try:
            view = spec.view_class()(OnlookerHost(app, spec, sample_game(spec)))
            view.skip_animations()
            frame = pygame.Surface(theme.LOGICAL_SIZE)
            view.draw(frame)
            _pictures[spec.id] = pygame.transform.smoothscale(frame.subsurface(BOARD_AREA), size)
        except Exception:  # noqa: BLE001 - a picture is never worth stopping the menu for
            log.warning("the table of %s could not be drawn for its picture", spec.id, exc_info=True)
            _pictures[spec.id] = None
    picture = _pictures[spec.id]
    if picture is not None and picture.get_size() != size:
        picture = pygame.transform.smoothscale(picture, size)
    return picture
