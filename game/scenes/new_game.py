"""New game: pick a game, its seats (people with names or AI levels), its options and a seed.

Each game opens with the set-up it was last started with (the settings' ``setups``), checked against
the game as it is now: a player count, a seat or an option it no longer takes falls back alone.
"""

from __future__ import annotations

import random
import unicodedata

import pygame

from game.core.controller import Controller
from game.core.i18n import tr
from game.core.rules import GameConfig, SeatConfig
from game.core.saves import new_save_path
from game.core.seats import MAX_NAME_LENGTH, is_valid_name
from game.core.settings import SEAT_KINDS, keep_setup
from game.games import tables
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.draw import player_token
from game.ui.fonts import render_paragraph, render_text
from game.ui.widgets import Button, Chooser, TextInput, Toggle


def plain_digits(text: str) -> str | None:
    """``text`` as the ASCII digits of the number it spells, when it is nothing but digits ``int`` reads
    (full-width ones, as a Japanese input method types them, included); None when it holds anything else
    (①, ², a sign, a letter)."""
    if not all(character.isdecimal() for character in text):
        return None
    return "".join(str(unicodedata.decimal(character)) for character in text)


def seat_from_kind(kind: str, name: str) -> SeatConfig:
    if kind == "human":
        return SeatConfig("human", name.strip())
    return SeatConfig("ai", name.strip(), kind.split(":", 1)[1])


class NewGameScene(MenuScene):
    title_key = "new.title"
    sheet = pygame.Rect(80, 120, 1440, 740)

    def __init__(self, app):
        self.app = app  # the remembered set-ups are needed before the widgets are built
        self.specs = list(tables().values())
        self.game = 0
        self.kinds: list[str] = []
        self.names: list[str] = []
        self.options: dict = {}
        self.seed_text = ""
        self.count = 0
        if self.specs:
            self.reset_choices(0)
        super().__init__(app)

    # -- state --------------------------------------------------------------------------------
    @property
    def spec(self):
        return self.specs[self.game]

    def reset_choices(self, index: int) -> None:
        """A game's last set-up, else its defaults: its usual player count, one person against normal
        AIs, default options."""
        self.game = index
        spec = self.spec
        self.count = spec.default_players or spec.min_players
        self.kinds = ["human"] + ["ai:normal"] * (spec.max_players - 1)
        self.names = [""] * spec.max_players
        self.options = spec.default_options()
        self.recall(self.app.settings.setups.get(spec.id, {}))

    def recall(self, setup: dict) -> None:
        """Take what a remembered set-up holds that the game still takes, field by field."""
        spec = self.spec
        if spec.min_players <= setup.get("players", 0) <= spec.max_players:
            self.count = setup["players"]
        for i, kind in enumerate(setup.get("kinds", [])[: spec.max_players]):
            self.kinds[i] = kind
        for i, name in enumerate(setup.get("names", [])[: spec.max_players]):
            self.names[i] = name
        known = {option.key: option for option in spec.options}
        for key, value in setup.get("options", {}).items():
            if key in known:
                try:
                    self.options[key] = known[key].validate(value)
                except ValueError:
                    continue

    def remember(self) -> None:
        """Keep this set-up for the next new game of this game (in the settings file)."""
        setup = {"players": self.count, "kinds": list(self.kinds), "names": list(self.names),
                 "options": dict(self.options)}
        self.app.settings.setups[self.spec.id] = setup
        try:
            keep_setup(self.spec.id, setup)
        except OSError:
            pass  # a set-up not remembered is no reason to keep anyone from playing

    def choose(self, index: int) -> None:
        self.reset_choices(index)
        self.rebuild()

    def set_count(self, count: int) -> None:
        self.count = count
        self.rebuild()

    def config(self) -> GameConfig:
        seats = tuple(seat_from_kind(self.kinds[i], self.names[i]) for i in range(self.count))
        return GameConfig(seats, self.spec.validate_options(self.options))

    def seed(self) -> int:
        return int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(1 << 31)

    def start(self) -> None:
        from game.scenes.play import PlayScene

        spec = self.spec
        controller = Controller(spec.ruleset, self.config(), self.seed())
        self.remember()
        self.app.reset_to(PlayScene(self.app, spec, controller, new_save_path(spec.id)))

    # -- widgets ------------------------------------------------------------------------------
    def build(self):
        if not self.specs:
            return
        sheet = self.sheet
        self.widgets = []
        for i, spec in enumerate(self.specs):
            button = Button((sheet.x + 30, sheet.y + 30 + i * 70, 300, 58), (lambda s=spec: tr(s.name_key)),
                            (lambda i=i: self.choose(i)), size=24)
            button.selected = i == self.game
            self.widgets.append(button)
        spec = self.spec
        x = sheet.x + 380
        if spec.min_players != spec.max_players:
            counts = [(n, (lambda n=n: tr("new.players", n=n))) for n in range(spec.min_players, spec.max_players + 1)]
            self.widgets.append(Chooser((x + 200, sheet.y + 30, 260, 48), counts, lambda: self.count, self.set_count))
        for seat in range(self.count):
            y = sheet.y + 100 + seat * 62
            kinds = [(k, (lambda k=k: tr(f"new.kind.{k.replace(':', '.')}"))) for k in SEAT_KINDS]
            self.widgets.append(Chooser((x + 60, y, 260, 50), kinds, (lambda s=seat: self.kinds[s]),
                                        (lambda v, s=seat: self.set_kind(s, v))))
            self.widgets.append(TextInput((x + 340, y, 260, 50), (lambda s=seat: self.names[s]),
                                          (lambda v, s=seat: self.set_name(s, v)), max_length=MAX_NAME_LENGTH,
                                          placeholder=(lambda s=seat: self.default_name(s)), allowed=is_valid_name))
        ox = x + 660
        for i, option in enumerate(spec.options):
            y = sheet.y + 100 + i * 62
            tip = (lambda o=option: tr(o.help_key)) if option.help_key else None
            if option.kind == "bool":
                self.widgets.append(Toggle((ox, y, 380, 50), (lambda o=option: tr(o.label_key)),
                                           (lambda o=option: bool(self.options[o.key])),
                                           (lambda v, o=option: self.options.__setitem__(o.key, v)), size=22,
                                           tooltip=tip))
            else:
                values = option.choices if option.kind == "choice" else range(option.low, option.high + 1)
                choices = [(v, (lambda v=v, o=option: self.option_text(o, v))) for v in values]
                self.widgets.append(Chooser((ox + 170, y, 210, 50), choices, (lambda o=option: self.options[o.key]),
                                            (lambda v, o=option: self.options.__setitem__(o.key, v)), size=22,
                                            tooltip=tip))
        self.widgets.append(TextInput((x + 200, sheet.bottom - 170, 260, 50), lambda: self.seed_text, self.set_seed,
                                      max_length=10, placeholder=lambda: tr("new.seed.random"),
                                      allowed=lambda text: plain_digits(text) is not None))
        self.widgets += [
            Button((sheet.right - 340, sheet.bottom - 90, 300, 64), lambda: tr("new.start"), self.start,
                   style="primary", size=28, hotkey=pygame.K_RETURN),
            Button((sheet.x + 30, sheet.bottom - 90, 300, 64), lambda: tr("common.back"), self.app.pop, size=26),
        ]

    def option_text(self, option, value) -> str:
        key = f"{option.label_key}.{value}"
        from game.core.i18n import has

        return tr(key) if has(key) else str(value)

    def set_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def set_seed(self, text: str) -> None:
        self.seed_text = plain_digits(text) or ""

    def default_name(self, seat: int) -> str:
        kind = self.kinds[seat]
        if kind == "human":
            return tr("seat.player", n=seat + 1)
        return tr("seat.ai_named", n=seat + 1, level=tr(f"level.{kind.split(':')[1]}"))

    def draw_foreground(self, surface):
        if not self.specs:
            return
        sheet, spec = self.sheet, self.spec
        x = sheet.x + 380
        heading = render_text(tr("new.seats"), 26, theme.INK, bold=True)
        surface.blit(heading, (x, sheet.y + 38))
        for seat in range(self.count):
            player_token(surface, (x + 24, sheet.y + 125 + seat * 62), 18, seat, spec.id)
        heading = render_text(tr("new.options"), 26, theme.INK, bold=True)
        surface.blit(heading, (x + 660, sheet.y + 38))
        if not spec.options:
            note = render_paragraph(tr("new.no_options"), 20, theme.INK_SOFT, sheet.right - x - 690)
            surface.blit(note, (x + 660, sheet.y + 100))
        else:
            for i, option in enumerate(spec.options):
                if option.kind != "bool":
                    label = render_text(tr(option.label_key), 22, theme.INK)
                    surface.blit(label, label.get_rect(midleft=(x + 660, sheet.y + 125 + i * 62)))
        seed = render_text(tr("new.seed"), 24, theme.INK)
        surface.blit(seed, seed.get_rect(midleft=(x, sheet.bottom - 145)))
        if spec.blurb_key:
            blurb = render_paragraph(tr(spec.blurb_key), 20, theme.INK_SOFT, 300)
            surface.blit(blurb, (sheet.x + 30, sheet.y + 60 + len(self.specs) * 70))
