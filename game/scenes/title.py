"""The title screen: Continue, New game, Load, Settings, Rules, Quit."""

from __future__ import annotations

import math

import pygame

from game.core.i18n import tr
from game.core.saves import (
    SaveError,
    SaveInfo,
    check_save,
    latest_unfinished,
    list_saves,
    load_save,
    net_record,
    read_record,
    read_rejoins,
    rejoin_path,
    resume_path,
)
from game.core.storage import file_stamp
from game.games import registry
from game.scenes.base import Scene
from game.ui import redraw, theme
from game.ui.draw import panel, table_background
from game.ui.fonts import render_text
from game.ui.widgets import Button


def newest_unfinished(games) -> SaveInfo | None:
    """The save Continue offers: the newest one that is not over, read from the saves' headers alone, so
    the title loads no game's engine (its log is replayed when Continue is chosen)."""
    return next((info for info in list_saves(games) if not info.damaged and not info.finished), None)


def offered_stamp(info: SaveInfo | None) -> tuple | None:
    """The file stamp of the save Continue offers, as it was when offered."""
    return None if info is None else file_stamp(info.source or info.path)


def read_saved_game(app, info: SaveInfo):
    """(spec, controller) of a save read now, whatever any list said of it before; None when it cannot
    be opened, after saying why (the file stays as it is)."""
    try:
        return load_save(info.source or info.path, registry())
    except SaveError as error:
        app.toast(tr("load.damaged", reason=tr(error.key, **error.fields)), 4.0)
        return None


def open_saved_game(app, info: SaveInfo) -> bool:
    """Open a save in the play scene; a damaged save gives a message and stays untouched.

    A game opened from a backup goes on in its own file when that is missing, else in a new one.
    """
    from game.scenes.play import PlayScene

    loaded = read_saved_game(app, info)
    if loaded is None:
        return False
    spec, controller = loaded
    if any(seat.is_remote for seat in controller.config.seats):
        return open_hosted_game(app, info, spec, controller)
    app.reset_to(PlayScene(app, spec, controller, resume_path(info)))
    return True


def open_hosted_game(app, info: SaveInfo, spec, controller) -> bool:
    """A table this computer hosted goes on from its save: its lobby opens again with the same code, and
    friends who held seats rejoin with their tokens."""
    from game.net.headless import check_net_record
    from game.scenes.lobby import LobbyScene

    try:
        net = net_record(read_record(info.source or info.path))
        # A save written without its table's record (the pause menu's) opens a lobby with a new code.
        net = check_net_record(net, controller.config) if net is not None else None
    except (SaveError, ValueError, OSError) as error:
        app.toast(tr("load.damaged", reason=str(error)[:120]), 4.0)
        return False
    return LobbyScene.open_table(app, spec, controller, resume_path(info), net)


def newest_rejoin(latest: SaveInfo | None) -> dict | None:
    """The seat at a table hosted elsewhere that Continue goes back to: the newest kept, when it was kept
    after the newest unfinished game of this computer was last saved."""
    records = read_rejoins()
    if not records:
        return None
    try:
        kept = rejoin_path().stat().st_mtime
    except OSError:
        return None
    return records[-1] if latest is None or kept >= latest.modified else None


class TitleScene(Scene):
    def __init__(self, app):
        self.latest = newest_unfinished(registry())
        self.latest_stamp = offered_stamp(self.latest)
        self.time = 0.0
        super().__init__(app)

    def build(self):
        x, w = 620, 360
        entries = [
            ("title.continue", self.resume, "primary", self.can_continue, "title.continue.none"),
            ("title.new", self.new_game, "secondary", None, None),
            ("title.join", self.join_table, "secondary", None, None),
            ("title.load", self.load, "secondary", None, None),
            ("title.settings", self.settings, "secondary", None, None),
            ("title.rules", self.rules, "secondary", None, None),
            ("title.quit", self.app.quit, "ghost", None, None),
        ]
        self.widgets = []
        for i, (key, action, style, enabled, reason) in enumerate(entries):
            self.widgets.append(Button(
                (x, 310 + i * 72, w, 62), (lambda k=key: tr(k)), action, style=style, size=28,
                enabled_fn=enabled, reason=(lambda r=reason: tr(r)) if reason else None,
            ))

    def on_resume(self):
        self.latest = newest_unfinished(registry())
        self.latest_stamp = offered_stamp(self.latest)

    def can_continue(self) -> bool:
        return self.latest is not None or newest_rejoin(self.latest) is not None

    def resume(self):
        """Go back to the newest table: a seat at a table hosted elsewhere, when it was kept after the newest
        unfinished game here was saved; else that game. Its log is replayed only now: a save whose log never
        replayed is passed over for the newest one that does (the load screen tells what is wrong with it);
        one that changed since the title offered it is not opened, and the player is told why."""
        rejoin = newest_rejoin(self.latest)
        if rejoin is not None:
            from game.scenes.join import JoinScene

            JoinScene.rejoin_table(self.app, rejoin)
            return
        if self.latest is None:
            return
        games = registry()
        info = check_save(self.latest, games)
        if info.damaged and offered_stamp(self.latest) == self.latest_stamp:
            info = latest_unfinished(games)
        if info is None or not open_saved_game(self.app, info):
            self.latest = latest_unfinished(games)
            self.latest_stamp = offered_stamp(self.latest)

    def new_game(self):
        from game.scenes.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def join_table(self):
        from game.scenes.join import JoinScene

        self.app.push(JoinScene(self.app))

    def load(self):
        from game.scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def settings(self):
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self):
        from game.scenes.rules_help import RulesScene

        self.app.push(RulesScene(self.app))

    def on_escape(self) -> bool:
        return True

    def update(self, dt):
        super().update(dt)
        if redraw.lively():  # the cards drift while someone is about, and lie still for an idle title
            self.time += dt

    def draw_background(self, surface):
        felt = pygame.Rect(90, 70, 1420, 760)
        table_background(surface, felt)
        # A few cards lying on the felt, drifting gently.
        for i, (x, y, angle, colour) in enumerate((
            (300, 420, -14, (214, 92, 70)), (1280, 400, 12, (70, 128, 190)),
            (360, 640, 8, (232, 196, 84)), (1230, 650, -9, (96, 160, 96)),
        )):
            card = pygame.Surface((150, 210), pygame.SRCALPHA)
            panel(card, pygame.Rect(6, 6, 138, 198), theme.PAPER, radius=12, shadow=0)
            pygame.draw.rect(card, colour, (18, 18, 114, 174), border_radius=8)
            pygame.draw.rect(card, theme.mix(colour, theme.WHITE, 0.4), (30, 30, 90, 150), 3, border_radius=6)
            bob = math.sin(self.time * 0.8 + i) * 4
            rotated = pygame.transform.rotozoom(card, angle + math.sin(self.time * 0.5 + i) * 1.5, 1.0)
            surface.blit(rotated, rotated.get_rect(center=(x, y + bob)))
        title = render_text(tr("app.title"), 96, theme.PAPER, bold=True)
        shade = render_text(tr("app.title"), 96, theme.FELT_DARK, bold=True)
        surface.blit(shade, shade.get_rect(center=(804, 184)))
        surface.blit(title, title.get_rect(center=(800, 180)))
        tagline = render_text(tr("app.tagline"), 26, theme.PAPER_DARK)
        surface.blit(tagline, tagline.get_rect(center=(800, 262)))
