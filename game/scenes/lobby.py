"""The lobby of a table hosted from this computer: its code, where friends reach it, and its seats filling.

``HostedTable`` is the windowed host: the table's ``TableHost`` and its ``HostServer``, fed once a frame
by the scene that shows the table (the lobby, then the play scene) until the table closes. The play scene resolves
chance and plays the AI seats at its own pace, so a hosted table looks and moves as a local one does;
the host only serves the remote seats. Until the host person starts the game, what a joined friend asks
of the table waits (``deferred``), so nobody plays before everyone sits.
"""

from __future__ import annotations

import json
import socket

import pygame

from game.core.i18n import tr
from game.core.saves import Autosave, write_save
from game.net import protocol
from game.net.discovery import Announcer, discovery_interfaces, lan_mode
from game.net.headless import DEFAULT_PORT, join_addresses
from game.net.host import TableHost
from game.net.transport import HostServer, arrivals
from game.scenes.base import MenuScene
from game.ui import redraw, theme
from game.ui.connection import seat_state_text
from game.ui.draw import player_token
from game.ui.fonts import render_fitted, render_paragraph, render_text
from game.ui.widgets import Button

EVERYWHERE = "0.0.0.0"
LOOPBACK = "127.0.0.1"
HELD_BEFORE_START = ("act", "undo")
"""What a joined friend asks that waits until the host starts the game."""


def hosting_address() -> tuple[str, int]:
    """Where a table hosted from the screens listens: every interface on the usual port, or loopback on any
    free port when the network is kept to this computer (tests, the self-test)."""
    return (LOOPBACK, 0) if lan_mode() == "loopback" else (EVERYWHERE, DEFAULT_PORT)


class HostedTable:
    """A table this window hosts (see the module's docstring)."""

    def __init__(self, spec, controller, save_path, net: dict | None = None):
        net = net or {}
        self.spec = spec
        self.controller = controller
        self.save_path = save_path
        self.host = TableHost(spec, controller, code=net.get("code"), tokens=net.get("tokens"),
                              claimed=net.get("claimed"), started=False)
        self.host.heard = self.heard
        self.bind, port = hosting_address()
        self.wanted_port = net.get("port", port)
        """A resumed table listens where it did, so friends' rejoin records find it again."""
        self.server: HostServer | None = None
        self.port = 0
        self.started = False
        self.resumed = bool(net)
        self.deferred: list[tuple[int, str]] = []
        self.chat: list[tuple[int, str]] = []
        """Every chat line said at this table, this screen's own included: (seat, text)."""
        self.announcer: Announcer | None = None
        self.autosave = Autosave(save_path, spec.id, self.net_record) if save_path else None
        self.saved_net: dict | None = None

    # -- life --------------------------------------------------------------------------------------
    def open(self) -> None:
        """Listen (the usual port, else any free one); OSError when no port can be listened on."""
        try:
            self.server = HostServer(None, self.bind, self.wanted_port, notify=redraw.wake)
            self.port = self.server.start()[1]
        except OSError:
            if not self.wanted_port:
                raise
            self.server = HostServer(None, self.bind, 0, notify=redraw.wake)
            self.port = self.server.start()[1]
        self.host.send = self.server.send
        self.host.close = self.server.close
        interfaces = discovery_interfaces()
        if interfaces is not None:
            self.announcer = Announcer(self.table_label(), self.port, self.spec.id, self.free_seats(), interfaces)

    def close(self) -> None:
        """The table ends: friends are told the host is gone, nothing listens or announces any more."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if self.server is not None:
            self.server.stop(flush_seconds=1.0 if self.controller.over else 0.3)
            self.server = None
        self.host.shutdown()

    @property
    def open_now(self) -> bool:
        return self.server is not None

    def start_game(self) -> None:
        """The host person starts: the table is saved with its code, and what friends asked meanwhile is heard."""
        self.started = True
        self.host.begin()
        if self.autosave is not None:
            # First among the listeners: a move is saved before the host tells anyone of it.
            self.controller.listeners.insert(0, self.autosave)
            self.save()
        deferred, self.deferred = self.deferred, []
        for conn_id, text in deferred:
            self.host.received(conn_id, text)

    # -- what the lobby shows --------------------------------------------------------------------
    def table_label(self) -> str:
        """What the table is called in friends' lists (the game is said beside it): its host person's name, else
        this computer's."""
        name = next((seat.name for seat in self.controller.config.seats if seat.is_human and seat.name), "")
        return name or socket.gethostname()[:24]

    def addresses(self) -> list[str]:
        return join_addresses(self.bind, self.port) if self.port else []

    def invited(self) -> list[int]:
        return self.host.remote_seats()

    def free_seats(self) -> list[int]:
        return self.host.free_seats()

    def filled(self) -> bool:
        return not self.free_seats()

    def seat_rows(self) -> list[dict]:
        return self.host.seat_status()

    def seat_to_ai(self, seat: int, level: str = "normal") -> None:
        """An invited seat nobody has taken is played by the computer instead."""
        if seat not in self.free_seats():
            return
        self.host.seat_to_ai(seat, level)
        self.announce()

    def net_record(self) -> dict:
        record = self.host.net_record()
        if self.port:
            record["port"] = self.port
        return record

    def save(self) -> None:
        if self.autosave is None:
            return
        try:
            write_save(self.save_path, self.controller, self.spec.id, self.net_record(), durable=False)
            self.saved_net = self.net_record()
        except OSError as error:
            self.autosave.last_error = str(error)

    def announce(self) -> None:
        if self.announcer is not None:
            self.announcer.update(self.free_seats())

    # -- chat --------------------------------------------------------------------------------------
    def host_seat(self) -> int:
        people = [index for index, seat in enumerate(self.controller.config.seats) if seat.is_human]
        return people[0] if people else -1

    def say(self, text: str) -> bool:
        """Send a chat line from this screen's person to every friend at the table."""
        seat = self.host_seat()
        line = self.host.say(text, seat)
        if line is None:
            return False
        self.chat.append((seat, line))
        return True

    def heard(self, seat: int, text: str) -> None:
        """A friend's chat line, kept for this screen's log as the host passes it on."""
        self.chat.append((seat, text))

    # -- the frame's work --------------------------------------------------------------------------
    def poll(self) -> bool:
        """Hand the host everything the network brought since the last frame; True when anything came."""
        if self.server is None:
            return False
        moved = False
        with self.server.holding():  # what friends are told goes out once the save holding it is written
            for kind, conn_id, text in arrivals(self.server.inbound):
                moved = True
                if kind == "open":
                    self.host.connected(conn_id)
                elif kind == "close":
                    self.host.disconnected(conn_id)
                else:
                    self.received(conn_id, text)
            if moved:
                self.announce_changes()
        return moved

    def received(self, conn_id: int, text: str) -> None:
        kind = message_type(text)
        if not self.started and kind in HELD_BEFORE_START:
            self.deferred.append((conn_id, text))
            return
        self.host.received(conn_id, text)

    def announce_changes(self) -> None:
        net = self.net_record()
        if net != self.saved_net:
            self.announce()
            if self.started:
                self.save()
            else:
                self.saved_net = net


def message_type(text: str) -> str | None:
    """The ``t`` of a message, cheaply and without trusting it (the host checks it in full)."""
    if not isinstance(text, str) or len(text) > protocol.MAX_MESSAGE_BYTES:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    kind = message.get("t") if isinstance(message, dict) else None
    return kind if isinstance(kind, str) else None


class LobbyScene(MenuScene):
    """The host's waiting room: the code to read out, the addresses, the seats, Start and Cancel."""

    title_key = "lobby.title"
    sheet = pygame.Rect(120, 130, 1360, 720)

    def __init__(self, app, hosted: HostedTable):
        self.hosted = hosted
        self.handed_on = False
        self.code_selected = False
        super().__init__(app)

    @classmethod
    def open_table(cls, app, spec, controller, save_path, net: dict | None = None) -> bool:
        """Host a table and show its lobby; says why when no port can be listened on."""
        hosted = HostedTable(spec, controller, save_path, net)
        try:
            hosted.open()
        except OSError as error:
            hosted.close()
            app.toast(tr("lobby.cannot_listen", detail=str(error)[:120]), 5.0)
            return False
        app.push(cls(app, hosted))
        if hosted.resumed:
            app.toast(tr("lobby.resumed"), 4.0)
        return True

    # -- widgets ----------------------------------------------------------------------------------
    def build(self):
        sheet = self.sheet
        self.copy_button = Button((sheet.x + 40 + 520, sheet.y + 92, 150, 56), lambda: tr("lobby.copy"),
                                  self.copy_code, tooltip=lambda: tr("lobby.copy.tip"))
        self.widgets = [self.copy_button]
        for seat in self.hosted.invited():
            y = self.seat_y(seat)
            self.widgets.append(Button((sheet.right - 250, y - 24, 210, 48), lambda: tr("lobby.to_ai"),
                                       (lambda s=seat: self.seat_to_ai(s)), size=20,
                                       enabled_fn=(lambda s=seat: s in self.hosted.free_seats()),
                                       tooltip=lambda: tr("lobby.to_ai.tip")))
        self.start_button = Button((sheet.right - 300, sheet.bottom - 90, 260, 64), lambda: tr("lobby.start"),
                                   self.start, style="primary", size=28, enabled_fn=self.hosted.filled,
                                   reason=lambda: tr("lobby.start.reason"), hotkey=pygame.K_RETURN)
        self.widgets += [
            self.start_button,
            Button((sheet.right - 560, sheet.bottom - 90, 230, 64), lambda: tr("lobby.cancel"), self.cancel,
                   size=26, tooltip=lambda: tr("lobby.cancel.tip")),
        ]

    def seat_y(self, seat: int) -> int:
        return self.sheet.y + 130 + seat * 64

    def seat_to_ai(self, seat: int) -> None:
        self.hosted.seat_to_ai(seat)
        self.rebuild()

    def update(self, dt):
        super().update(dt)
        self.hosted.poll()

    # -- commands ---------------------------------------------------------------------------------
    def copy_code(self) -> None:
        """The code onto the clipboard where there is one; elsewhere it is shown selected to copy by hand."""
        self.code_selected = True
        if put_on_clipboard(self.hosted.host.code):
            self.app.toast(tr("lobby.copied"))
        else:
            self.app.toast(tr("lobby.copy_by_hand"), 4.0)

    def start(self) -> None:
        from game.scenes.play import PlayScene

        if not self.hosted.filled():
            return
        self.hosted.start_game()
        scene = PlayScene(self.app, self.hosted.spec, self.hosted.controller)
        scene.host_table(self.hosted)
        self.handed_on = True
        self.app.reset_to(scene)

    def cancel(self) -> None:
        self.app.pop()

    def on_exit(self) -> None:
        if not self.handed_on:
            self.hosted.close()

    # -- drawing ----------------------------------------------------------------------------------
    def draw_foreground(self, surface):
        sheet = self.sheet
        x = sheet.x + 40
        label = render_text(tr("lobby.code"), 24, theme.INK_SOFT, bold=True)
        surface.blit(label, (x, sheet.y + 40))
        code = render_fitted(self.hosted.host.code, 64, theme.INK, 500, bold=True)
        code_rect = code.get_rect(midleft=(x, sheet.y + 120))
        if self.code_selected:
            pygame.draw.rect(surface, theme.mix(theme.PAPER, theme.ACCENT, 0.35), code_rect.inflate(14, 6),
                             border_radius=6)
        surface.blit(code, code_rect)
        # The sentences wrap rather than shrink or lose their end: Japanese ones run long in a small window.
        y = sheet.y + 190
        help_text = render_paragraph(tr("lobby.code.help"), 20, theme.INK_SOFT, 660, line_height=1.2)
        surface.blit(help_text, (x, y))
        y += max(40, help_text.get_height() + 14)
        label = render_text(tr("lobby.addresses"), 24, theme.INK_SOFT, bold=True)
        surface.blit(label, (x, y + 10))
        y += 50
        addresses = self.hosted.addresses()
        for address in addresses[:6]:
            image = render_text(address, 28, theme.INK, bold=True)
            surface.blit(image, (x + 12, y))
            y += 40
        note = tr("lobby.addresses.loopback") if len(addresses) <= 1 else tr("lobby.addresses.help")
        image = render_paragraph(note, 18, theme.INK_SOFT, 660, line_height=1.2)
        surface.blit(image, (x, y + 6))
        if self.hosted.announcer is not None and self.hosted.announcer.failed:
            surface.blit(render_paragraph(tr("lobby.no_announce"), 18, theme.ACCENT_DARK, 660, line_height=1.2),
                         (x, y + 12 + image.get_height()))
        self.draw_seats(surface)

    def draw_seats(self, surface):
        sheet = self.sheet
        x = sheet.x + 760
        heading = render_text(tr("lobby.seats"), 26, theme.INK, bold=True)
        surface.blit(heading, (x, sheet.y + 40))
        invited = set(self.hosted.invited())
        for seat, row in enumerate(self.hosted.seat_rows()):
            y = self.seat_y(seat)
            player_token(surface, (x + 20, y), 18, seat, self.hosted.spec.id)
            name_room = (sheet.right - 250 - 16) - (x + 48) if seat in invited else 520  # clear of its button
            name = render_fitted(row["name"], 24, theme.INK, name_room, bold=True)
            surface.blit(name, name.get_rect(midleft=(x + 48, y - 11)))
            state = seat_state_text(row, seat in self.hosted.host.claimed)
            colour = theme.INK if row.get("connected") or row["kind"] != "remote" else theme.INK_SOFT
            image = render_fitted(state, 18, colour, name_room)
            surface.blit(image, image.get_rect(midleft=(x + 48, y + 14)))


def put_on_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard; False where there is none to reach."""
    try:
        if hasattr(pygame.scrap, "put_text"):
            pygame.scrap.put_text(text)
            return pygame.scrap.get_text() == text
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except (pygame.error, AttributeError, NotImplementedError):
        return False
