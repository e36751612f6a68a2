"""Join a table hosted on another computer: the tables found on this network, or an address and a code
typed, a seat and a name. Each way a join can fail is said in one sentence, and the screen stays."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.core.names import MAX_NAME_LENGTH, is_valid_name
from game.games import registry
from game.net import protocol
from game.net.client import RemoteTable
from game.net.discovery import Browser, FoundTable, discovery_interfaces
from game.net.headless import DEFAULT_PORT, RemoteLink, TableLook, parse_address
from game.scenes.base import MenuScene
from game.ui import theme
from game.ui.connection import waiting_for_start_text
from game.ui.draw import panel
from game.ui.fonts import render_fitted, render_paragraph, render_text
from game.ui.theme import player_style
from game.ui.widgets import Button, Chooser, ScrollList, TextInput

MAX_SEAT_CHOICES = 6
"""Seats offered for a table typed by address until its host has said which are free."""
LOOK_AFTER_SECONDS = 0.6
"""How long the address and the code stay unchanged before the host is asked for its free seats."""
FOUND_ROW = 58
LOOKING_SECONDS = 4.0
"""How long the list says it is looking before it says nothing was found."""
REFUSALS_WITH_SEAT = ("seat_taken", "no_such_seat")
PLAIN_REFUSALS = ("bad_code", "table_full", "too_many_joins", "bad_name", "bad_token", "bad_message", "unknown_type")
"""Refusals whose sentence (``net.reason.<key>``) needs nothing filled in."""


def seat_text(seat: int, game_id: str | None) -> str:
    """A seat as offered: its number, and its colour once the game is known."""
    if game_id is None or registry().get(game_id) is None:
        return tr("join.seat.n", n=seat + 1)
    return tr("net.seat.coloured", n=seat + 1, colour=tr(player_style(seat, game_id).name_key))


def refusal_text(key: str, reason: str, seat: int | None) -> str:
    """The sentence for a host's refusal of a join, in the screen's language when there is one."""
    if key == "version":
        return tr("join.error.version", detail=reason)
    if key in REFUSALS_WITH_SEAT:
        return tr(f"net.reason.{key}", seat=(seat or 0) + 1)
    if key in PLAIN_REFUSALS:
        return tr(f"net.reason.{key}")
    return tr("join.error.other", reason=reason)


class JoinScene(MenuScene):
    title_key = "join.title"
    sheet = pygame.Rect(120, 130, 1360, 720)

    def __init__(self, app, address: str = "", code: str = "", rejoin: bool = False):
        self.address = address
        self.code = code
        self.name = ""
        self.seat: int | None = None
        self.found: list[FoundTable] = []
        self.chosen: FoundTable | None = None
        self.browser: Browser | None = None
        self.link: RemoteLink | None = None
        self.error: str | None = None
        self.rejoin = rejoin
        self.handed_on = False
        self.looked = 0.0
        """Seconds the list has been looking for tables."""
        self.look: TableLook | None = None
        self.looked_at: tuple | None = None
        """The (host, port, code) last asked for its seats."""
        self.offered: tuple[str, tuple[int, ...]] | None = None
        """The game and free seats the host of the typed address said it has."""
        self.unchanged = 0.0
        """Seconds since the address or the code last changed."""
        super().__init__(app)

    @classmethod
    def rejoin_table(cls, app, record: dict) -> None:
        """Go back to the table of a rejoin record (its seat's token is found by the link)."""
        host, port = record["host"], record["port"]
        address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        scene = cls(app, address, record["code"], rejoin=True)
        app.push(scene)
        scene.join()

    # -- life ---------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        interfaces = discovery_interfaces()
        if interfaces is not None and not self.rejoin:
            self.browser = Browser(interfaces)

    def on_exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        if self.link is not None and not self.handed_on:
            self.link.stop()
            self.link = None
        if self.look is not None:
            self.look.stop()
            self.look = None

    def on_resume(self) -> None:
        self.rebuild()

    # -- widgets ------------------------------------------------------------------------------------
    def build(self):
        sheet = self.sheet
        left = pygame.Rect(sheet.x + 40, sheet.y + 90, 560, 440)
        self.found_list = ScrollList(left, lambda: len(self.found), FOUND_ROW, self.draw_found,
                                     on_select=self.choose_found, on_activate=lambda index: self.join())
        x, w = sheet.x + 700, 600
        self.address_input = TextInput((x + 240, sheet.y + 90, w - 240, 54), lambda: self.address, self.set_address,
                                       max_length=80, placeholder=lambda: tr("join.address.placeholder"))
        self.code_input = TextInput((x + 240, sheet.y + 170, w - 240, 54), lambda: self.code, self.set_code,
                                    max_length=20, placeholder=lambda: tr("join.code.placeholder"))
        self.name_input = TextInput((x + 240, sheet.y + 250, w - 240, 54), lambda: self.name, self.set_name,
                                    max_length=MAX_NAME_LENGTH, placeholder=lambda: tr("join.name.placeholder"),
                                    allowed=is_valid_name)
        self.seat_chooser = self.make_seat_chooser()
        self.join_button = Button((sheet.right - 300, sheet.bottom - 90, 260, 64), lambda: tr("join.join"),
                                  self.join, style="primary", size=28, enabled_fn=lambda: self.link is None,
                                  hotkey=pygame.K_RETURN)
        self.widgets = [self.found_list, self.address_input, self.code_input, self.name_input, self.seat_chooser,
                        self.join_button,
                        Button((sheet.right - 560, sheet.bottom - 90, 230, 64), lambda: tr("common.back"), self.back,
                               size=26)]

    def make_seat_chooser(self) -> Chooser:
        """The seats to choose from: a found table's free ones, or those its host said are free, each with its
        colour; before the host has said, seats 1 to 6."""
        if self.chosen is not None:
            game, seats = self.chosen.game, self.chosen.free
        elif self.offered is not None:
            game, seats = self.offered
        else:
            game, seats = None, tuple(range(MAX_SEAT_CHOICES))
        choices = [(None, lambda: tr("join.seat.any"))]
        choices += [(seat, (lambda s=seat: seat_text(s, game))) for seat in seats]
        if self.seat not in seats:
            self.seat = None
        return Chooser((self.sheet.x + 940, self.sheet.y + 330, 360, 54), choices, lambda: self.seat, self.set_seat)

    def refresh_seats(self) -> None:
        """Offer the seats anew, the other fields left as they are (one may be being typed in)."""
        index = self.widgets.index(self.seat_chooser)
        self.seat_chooser = self.widgets[index] = self.make_seat_chooser()

    def handle(self, event) -> bool:
        # A click anywhere leaves every field but the one clicked (the widgets hear a click only until one
        # takes it, so a field clicked before would otherwise keep its caret).
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for field in (self.address_input, self.code_input, self.name_input):
                if not field.rect.collidepoint(event.pos):
                    field.focused = False
        return super().handle(event)

    def set_address(self, text: str) -> None:
        if text.strip() != self.address:
            self.unchanged = 0.0
        self.address = text.strip()
        self.chosen = None
        self.error = None

    def set_code(self, text: str) -> None:
        if text != self.code:
            self.unchanged = 0.0
        self.code = text
        self.error = None

    def set_name(self, text: str) -> None:
        self.name = text

    def set_seat(self, seat) -> None:
        self.seat = seat

    def choose_found(self, index: int) -> None:
        if not 0 <= index < len(self.found):
            return
        table = self.found[index]
        self.address = f"{table.address}:{table.port}"
        self.error = None
        self.chosen = table
        self.offered = None
        self.rebuild()
        self.found_list.selected = index

    def back(self) -> None:
        self.app.pop()

    # -- joining ------------------------------------------------------------------------------------
    def join(self) -> None:
        """Check what was typed, then knock on the host's door; the answer comes in ``update``."""
        if self.link is not None:
            return
        try:
            host, port = parse_address(self.address, DEFAULT_PORT)
        except ValueError:
            self.error = tr("join.error.address", address=self.address[:40])
            return
        code = protocol.normalize_code(self.code)
        if code is None:
            self.error = tr("join.error.code")
            return
        self.code = code
        self.error = None
        self.target = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
        self.link = RemoteLink(RemoteTable(), host, port, code, self.seat, self.name.strip() or None)
        self.link.start()

    def update(self, dt):
        super().update(dt)
        if self.browser is not None:
            self.found = self.browser.tables()
            self.looked += dt
        if self.link is not None:
            self.follow_link()
        self.unchanged += dt
        self.follow_look()

    def follow_look(self) -> None:
        """Ask the host of a typed address and code which seats are free, once they have stayed unchanged a
        moment; offer those seats, or say why there are none."""
        if self.look is None:
            target = self.typed_target()
            if target is not None and target != self.looked_at and self.unchanged >= LOOK_AFTER_SECONDS:
                self.looked_at = target
                self.look = TableLook(*target)
                self.look.start()
            return
        if not self.look.pump():
            return
        look, self.look = self.look, None
        look.stop()
        if self.link is not None or look.code != protocol.normalize_code(self.code):
            return  # joining meanwhile, or the code changed: this answer is for a question no longer asked
        if look.status == "seen":
            self.offered = (look.game, tuple(look.free))
            if not look.free:
                self.error = tr("net.reason.table_full")
        else:
            self.offered = None
            if look.status == "refused":
                self.error = refusal_text(look.key, look.reason, None)
        self.refresh_seats()

    def typed_target(self) -> tuple[str, int, str] | None:
        """The (host, port, code) typed, when both are whole and no found table was chosen."""
        if self.chosen is not None or self.link is not None:
            return None
        code = protocol.normalize_code(self.code)
        try:
            host, port = parse_address(self.address, DEFAULT_PORT)
        except ValueError:
            return None
        return (host, port, code) if code is not None and self.address else None

    def follow_link(self) -> None:
        link = self.link
        link.pump()
        table = link.table
        if link.status == "joined" and table.joined and table.started:
            self.sit_down()
        elif link.status in ("refused", "gone") or (link.status == "lost" and not table.tokens):
            self.error = self.failure(link)
            link.stop()
            self.link = None

    def failure(self, link: RemoteLink) -> str:
        if link.status == "refused":
            notices = link.table.take_notices()
            key, reason = notices[-1] if notices else ("", link.reason)
            return refusal_text(key, reason or link.reason, self.seat)
        if self.rejoin:
            return tr("join.error.host_down", address=self.target)
        return tr("join.error.unreachable", address=self.target)

    def sit_down(self) -> None:
        from game.scenes.play import PlayScene

        table = self.link.table
        scene = PlayScene(self.app, table.spec, table, worker_mode="thread", link=self.link)
        self.handed_on = True
        self.app.replace(scene)

    # -- drawing ------------------------------------------------------------------------------------
    def draw_found(self, surface, rect, index, hovered, selected):
        table = self.found[index]
        if selected or hovered:
            pygame.draw.rect(surface, theme.PAPER_DARK if hovered and not selected else
                             theme.mix(theme.PAPER, theme.ACCENT, 0.3), rect.inflate(-4, -4), border_radius=8)
        spec = registry().get(table.game)
        game = tr(spec.name_key) if spec is not None else table.game
        line = render_fitted(tr("join.found.row", name=table.name, game=game), 22, theme.INK, rect.width - 30,
                             bold=True)
        surface.blit(line, (rect.x + 14, rect.y + 6))
        free = tr("join.found.free", n=len(table.free)) if table.free else tr("join.found.full")
        detail = render_fitted(f"{table.address}:{table.port} · {free}", 17, theme.INK_SOFT, rect.width - 30)
        surface.blit(detail, (rect.x + 14, rect.y + 34))

    def found_note(self) -> str | None:
        if self.rejoin:
            return None
        if self.browser is None:
            return tr("join.found.off")
        if self.browser.failed:
            return tr("join.found.blocked")
        if not self.found:
            return tr("join.found.looking") if self.looked < LOOKING_SECONDS else tr("join.found.none")
        return None

    def draw_foreground(self, surface):
        sheet = self.sheet
        heading = render_text(tr("join.found"), 26, theme.INK, bold=True)
        surface.blit(heading, (sheet.x + 40, sheet.y + 40))
        box = self.found_list.rect
        pygame.draw.rect(surface, theme.INK_FAINT, box.inflate(8, 8), 1, border_radius=10)
        note = self.found_note()
        if note:
            image = render_paragraph(note, 20, theme.INK_SOFT, box.width - 40, align="center")
            surface.blit(image, image.get_rect(center=box.center))
        x = sheet.x + 700
        for key, widget in (("join.address", self.address_input), ("join.code", self.code_input),
                            ("join.name", self.name_input), ("join.seat", self.seat_chooser)):
            label = render_fitted(tr(key), 22, theme.INK, 225, bold=True)
            surface.blit(label, label.get_rect(midleft=(x, widget.rect.centery)))
        self.draw_status(surface, pygame.Rect(x, sheet.y + 410, 600, 150))

    def joining_text(self) -> str:
        """Knocking on the host's door, or seated and waiting for the host person to start the game."""
        table = self.link.table
        if self.link.status == "joined" and table.joined and not table.started:
            return waiting_for_start_text(table)
        return tr("join.rejoining" if self.rejoin else "join.joining", address=self.target)

    def draw_status(self, surface, rect: pygame.Rect) -> None:
        """Joining under way, or why the last try failed, in one sentence."""
        if self.link is not None:
            text, colour, fill = self.joining_text(), theme.INK, theme.mix(theme.PAPER, theme.WHITE, 0.5)
        elif self.error:
            text, colour, fill = self.error, theme.INK, (252, 228, 214)
        else:
            return
        image = render_paragraph(text, 20, colour, rect.width - 28, line_height=1.2)
        box = pygame.Rect(rect.x, rect.y, rect.width, min(rect.height, image.get_height() + 24))
        panel(surface, box, fill, radius=10, shadow=0, border=theme.ACCENT if self.error else theme.INK_FAINT,
              border_width=2)
        surface.blit(image, (box.x + 14, box.y + 12), pygame.Rect(0, 0, image.get_width(), box.height - 24))
