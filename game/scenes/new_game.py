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
from game.core.names import MAX_NAME_LENGTH, is_valid_name
from game.core.rules import GameConfig, SeatConfig
from game.core.saves import new_save_path
from game.core.settings import SEAT_KINDS, keep_setup
from game.games import TYPICAL_MINUTES, tables
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.draw import panel, player_token
from game.ui.fonts import render_fitted, render_paragraph, render_text
from game.ui.table_preview import has_picture, table_picture
from game.ui.widgets import Button, Chooser, TextInput, Toggle, Widget

GAME_PITCH = 54
"""Rows of the game list."""
LEFT_WIDTH = 400
SEATS_X = 540
OPTIONS_X = 1090
OPTIONS_WIDTH = 400


def plain_digits(text: str) -> str | None:
    """``text`` as the ASCII digits of the number it spells, when it is nothing but digits ``int`` reads
    (full-width ones, as a Japanese input method types them, included); None when it holds anything else
    (①, ², a sign, a letter)."""
    if not all(character.isdecimal() for character in text):
        return None
    return "".join(str(unicodedata.decimal(character)) for character in text)


def seat_from_kind(kind: str, name: str) -> SeatConfig:
    if kind in ("human", "remote"):
        return SeatConfig(kind, name.strip())
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
        if self.invites():
            self.open_lobby(controller)
            return
        self.app.reset_to(PlayScene(self.app, spec, controller, new_save_path(spec.id)))

    def invites(self) -> bool:
        """True when a seat is for a friend at another computer: the game starts in a lobby."""
        return "remote" in self.kinds[: self.count]

    def open_lobby(self, controller: Controller) -> None:
        from game.scenes.lobby import LobbyScene

        LobbyScene.open_table(self.app, self.spec, controller, new_save_path(self.spec.id))

    # -- widgets ------------------------------------------------------------------------------
    def build(self):
        if not self.specs:
            return
        sheet = self.sheet
        self.widgets = []
        for i, spec in enumerate(self.specs):
            button = Button((sheet.x + 30, sheet.y + 30 + i * GAME_PITCH, LEFT_WIDTH, GAME_PITCH - 6),
                            (lambda s=spec: tr(s.name_key)), (lambda i=i: self.choose(i)), size=22)
            button.selected = i == self.game
            self.widgets.append(button)
        top = sheet.y + 30 + len(self.specs) * GAME_PITCH + 12
        self.about = AboutPanel(pygame.Rect(sheet.x + 30, top, LEFT_WIDTH, sheet.bottom - 20 - top), self.app,
                                lambda: self.spec)
        self.widgets.append(self.about)
        spec = self.spec
        x = SEATS_X
        if spec.min_players != spec.max_players:
            counts = [(n, (lambda n=n: tr("new.players", n=n))) for n in range(spec.min_players, spec.max_players + 1)]
            self.widgets.append(Chooser((x + 200, sheet.y + 30, 254, 48), counts, lambda: self.count, self.set_count))
        for seat in range(self.count):
            y = sheet.y + 100 + seat * 62
            kinds = [(k, (lambda k=k: tr(f"new.kind.{k.replace(':', '.')}"))) for k in SEAT_KINDS]
            self.widgets.append(Chooser((x + 46, y, 262, 50), kinds, (lambda s=seat: self.kinds[s]),
                                        (lambda v, s=seat: self.set_kind(s, v))))
            self.widgets.append(TextInput((x + 318, y, 196, 50), (lambda s=seat: self.names[s]),
                                          (lambda v, s=seat: self.set_name(s, v)), max_length=MAX_NAME_LENGTH,
                                          placeholder=(lambda s=seat: self.default_name(s)), allowed=is_valid_name))
        ox = OPTIONS_X
        for i, option in enumerate(spec.options):
            y = sheet.y + 100 + i * 62
            tip = (lambda o=option: tr(o.help_key)) if option.help_key else None
            if option.kind == "bool":
                self.widgets.append(Toggle((ox, y, OPTIONS_WIDTH, 50), (lambda o=option: tr(o.label_key)),
                                           (lambda o=option: bool(self.options[o.key])),
                                           (lambda v, o=option: self.options.__setitem__(o.key, v)), size=22,
                                           tooltip=tip))
            else:
                values = option.choices if option.kind == "choice" else range(option.low, option.high + 1)
                choices = [(v, (lambda v=v, o=option: self.option_text(o, v))) for v in values]
                self.widgets.append(Chooser((ox + OPTIONS_WIDTH - 210, y, 210, 50), choices,
                                            (lambda o=option: self.options[o.key]),
                                            (lambda v, o=option: self.options.__setitem__(o.key, v)), size=22,
                                            tooltip=tip))
        self.widgets.append(TextInput((x + 200, sheet.bottom - 77, 254, 50), lambda: self.seed_text, self.set_seed,
                                      max_length=10, placeholder=lambda: tr("new.seed.random"),
                                      allowed=lambda text: plain_digits(text) is not None))
        self.widgets += [
            Button((ox + OPTIONS_WIDTH - 230, sheet.bottom - 84, 230, 64), lambda: tr("new.start"), self.start,
                   style="primary", size=28, hotkey=pygame.K_RETURN),
            Button((ox, sheet.bottom - 84, OPTIONS_WIDTH - 250, 64), lambda: tr("common.back"), self.app.pop,
                   size=26),
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
        if kind == "remote":
            return tr("net.seat.remote", n=seat + 1)
        return tr("seat.ai_named", n=seat + 1, level=tr(f"level.{kind.split(':')[1]}"))

    def draw_foreground(self, surface):
        if not self.specs:
            return
        sheet, spec = self.sheet, self.spec
        x = SEATS_X
        heading = render_text(tr("new.seats"), 26, theme.INK, bold=True)
        surface.blit(heading, (x, sheet.y + 38))
        for seat in range(self.count):
            player_token(surface, (x + 20, sheet.y + 125 + seat * 62), 18, seat, spec.id)
        heading = render_text(tr("new.options"), 26, theme.INK, bold=True)
        surface.blit(heading, (OPTIONS_X, sheet.y + 38))
        if not spec.options:
            note = render_paragraph(tr("new.no_options"), 20, theme.INK_SOFT, OPTIONS_WIDTH)
            surface.blit(note, (OPTIONS_X, sheet.y + 100))
        else:
            for i, option in enumerate(spec.options):
                if option.kind != "bool":
                    label = render_fitted(tr(option.label_key), 22, theme.INK, OPTIONS_WIDTH - 220)
                    surface.blit(label, label.get_rect(midleft=(OPTIONS_X, sheet.y + 125 + i * 62)))
        seed = render_fitted(tr("new.seed"), 24, theme.INK, 190)
        surface.blit(seed, seed.get_rect(midleft=(x, sheet.bottom - 52)))


class AboutPanel(Widget):
    """What a newcomer wants to know of the chosen game before choosing it: a picture of its table, how
    many play, about how long it takes, and its description, wrapped to the panel (smaller type for a
    long one, and scrolled by the wheel if even that runs over)."""

    PAD = 14
    PICTURE = (180, 125)
    """The picture's size: the table's own shape, scaled down."""
    SIZES = (20, 19, 18, 17, 16)

    def __init__(self, rect, app, spec_fn):
        super().__init__(rect)
        self.app = app
        self.spec_fn = spec_fn
        self.shown = False
        self.offset = 0

    def picture_rect(self) -> pygame.Rect:
        return pygame.Rect((self.rect.x + self.PAD, self.rect.y + self.PAD), self.PICTURE)

    def text_area(self) -> pygame.Rect:
        top = self.picture_rect().bottom + 12
        return pygame.Rect(self.rect.x + self.PAD, top, self.rect.width - 2 * self.PAD,
                           self.rect.bottom - self.PAD - top)

    def description(self) -> pygame.Surface | None:
        """The description at the largest size that fits the panel, else at the smallest (scrolled)."""
        spec = self.spec_fn()
        if not spec.blurb_key:
            return None
        area = self.text_area()
        for size in self.SIZES:
            image = render_paragraph(tr(spec.blurb_key), size, theme.INK_SOFT, area.width, line_height=1.2)
            if image.get_height() <= area.height:
                return image
        return image

    def overflow(self) -> int:
        image = self.description()
        return max(0, image.get_height() - self.text_area().height) if image is not None else 0

    def description_rect(self) -> pygame.Rect | None:
        """Where the description is drawn (the part in sight when it scrolls)."""
        image = self.description()
        if image is None:
            return None
        area = self.text_area()
        return pygame.Rect(area.x, area.y, image.get_width(), min(image.get_height(), area.height))

    def facts(self) -> list[str]:
        spec = self.spec_fn()
        if spec.min_players == spec.max_players:
            players = tr("new.players", n=spec.min_players)
        else:
            players = tr("new.about.players", low=spec.min_players, high=spec.max_players)
        lines = [players]
        minutes = TYPICAL_MINUTES.get(spec.id)
        if minutes:
            lines.append(tr("new.about.minutes", n=minutes))
        return lines

    def handle(self, event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEWHEEL and self.hovered and self.overflow():
            self.offset = min(self.overflow(), max(0, self.offset - event.y * 24))
            return True
        return False

    def update(self, dt):
        if self.shown and not has_picture(self.spec_fn().id):
            table_picture(self.app, self.spec_fn(), self.PICTURE)  # drawn once the screen is up, then kept

    def draw(self, surface):
        self.shown = True
        spec = self.spec_fn()
        panel(surface, self.rect, theme.mix(theme.PAPER, theme.PAPER_DARK, 0.45), radius=12, shadow=0,
              border=theme.INK_FAINT, border_width=1)
        frame = self.picture_rect()
        picture = table_picture(self.app, spec, self.PICTURE) if has_picture(spec.id) else None
        if picture is not None:
            surface.blit(picture, frame)
        else:
            pygame.draw.rect(surface, theme.FELT, frame, border_radius=6)
        pygame.draw.rect(surface, theme.INK_FAINT, frame.inflate(2, 2), 1, border_radius=6)
        x = frame.right + 14
        y = frame.y + 4
        room = self.rect.right - self.PAD - x
        for i, line in enumerate(self.facts()):
            image = render_paragraph(line, 22 if i == 0 else 20, theme.INK, room, bold=i == 0, line_height=1.1)
            surface.blit(image, (x, y))
            y += image.get_height() + 8
        image = self.description()
        if image is not None:
            area = self.text_area()
            clip = surface.get_clip()
            surface.set_clip(area)
            surface.blit(image, (area.x, area.y - self.offset))
            surface.set_clip(clip)
