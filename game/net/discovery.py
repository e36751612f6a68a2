"""Finding tables on the local network without typing: mDNS/DNS-SD through ``zeroconf``.

A table hosted from the screens announces itself (``Announcer``) as a ``_gamenight._tcp`` service whose
text record names the game, the host's name for the table and the seats still free; the Join screen
browses for them (``Browser``) while it is open. Nothing else multicasts: discovery runs only while a
person hosts or looks at Join a table. Where multicast is
blocked, ``failed`` says why and joining by address still works.

``GAMENIGHT_LAN`` keeps play across computers where it must stay: "loopback" (tests, the self-test: tables
listen and are announced on 127.0.0.1 only) or "off" (no discovery at all).
"""

from __future__ import annotations

import dataclasses
import os
import socket
import threading

from game.core.logs import log

SERVICE_TYPE = "_gamenight._tcp.local."
LOOKUP_MILLISECONDS = 1500
MAX_FOUND = 32
"""Tables listed at once; a network announcing more is not one of friends."""
MAX_LABEL = 40


def lan_mode() -> str:
    """"loopback", "off" or "everywhere" (see the module's docstring)."""
    choice = os.environ.get("GAMENIGHT_LAN", "").strip().lower()
    return choice if choice in ("loopback", "off") else "everywhere"


def discovery_interfaces() -> list[str] | None:
    """Where discovery may run: None for nowhere, ["127.0.0.1"] on loopback, else every interface (an empty
    list: zeroconf's own choice of all)."""
    mode = lan_mode()
    if mode == "off":
        return None
    return ["127.0.0.1"] if mode == "loopback" else []


@dataclasses.dataclass(frozen=True)
class FoundTable:
    """A table a host announces: where to reach it and what it plays."""

    name: str
    address: str
    port: int
    game: str
    free: tuple[int, ...]
    """The seats (from 0) still open for someone joining."""

    @property
    def joinable(self) -> bool:
        return bool(self.free)


def _open(interfaces: list[str]):
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    return Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)


def _text(value, limit: int = MAX_LABEL) -> str:
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value or "")
    return "".join(char for char in text if char.isprintable())[:limit]


def _free_seats(value) -> tuple[int, ...]:
    seats = []
    for part in _text(value, 64).split(","):
        if part.isdigit() and int(part) < 8:
            seats.append(int(part))
    return tuple(sorted(set(seats)))


def table_from_info(info) -> FoundTable | None:
    """A FoundTable of a resolved service, or None when it is not one a Game Night host announced."""
    if info is None or not info.port:
        return None
    addresses = info.parsed_addresses()
    if not addresses:
        return None
    properties = info.properties or {}
    game = _text(properties.get(b"game"), 32)
    if not game:
        return None
    label = _text(properties.get(b"table")) or _text(info.name.removesuffix("." + SERVICE_TYPE))
    return FoundTable(label, addresses[0], int(info.port), game, _free_seats(properties.get(b"free")))


class Announcer:
    """Announces one hosted table until ``close``; registration runs in a thread (it takes a second or two
    of probing), so the screen that hosts never waits for it."""

    def __init__(self, label: str, port: int, game: str, free: list[int], interfaces: list[str]):
        self.label = _text(label) or "Game Night"
        self.port = port
        self.game = game
        self.interfaces = interfaces
        self.failed: str | None = None
        self.zeroconf = None
        self.info = None
        self.lock = threading.Lock()
        self.closed = False
        self.thread = threading.Thread(target=self._register, args=(list(free),), name="table-announce",
                                       daemon=True)
        self.thread.start()

    def _service(self, free: list[int]):
        from zeroconf import ServiceInfo

        addresses = self.interfaces if self.interfaces else _own_addresses()
        unique = f"{self.label} {os.getpid() % 10000}-{self.port}"
        return ServiceInfo(SERVICE_TYPE, f"{unique}.{SERVICE_TYPE}",
                           addresses=[socket.inet_aton(address) for address in addresses], port=self.port,
                           properties={"game": self.game, "table": self.label,
                                       "free": ",".join(str(seat) for seat in free)},
                           server=f"gamenight-{os.getpid()}-{self.port}.local.")

    def _register(self, free: list[int]) -> None:
        try:
            zeroconf = _open(self.interfaces)
            info = self._service(free)
            with self.lock:
                if self.closed:
                    zeroconf.close()
                    return
                self.zeroconf, self.info = zeroconf, info
            zeroconf.register_service(info, allow_name_change=True)
        except Exception as error:  # noqa: BLE001 - no multicast is no reason to stop hosting
            self.failed = str(error) or type(error).__name__
            log.warning("the table could not be announced on the local network: %s", self.failed)

    def update(self, free: list[int]) -> None:
        """Say which seats are free now (in a thread: an update sends packets)."""
        with self.lock:
            zeroconf, info = self.zeroconf, self.info
        if zeroconf is None or info is None:
            return
        info = self._service(free)

        def send():
            try:
                zeroconf.update_service(info)
            except Exception as error:  # noqa: BLE001 - a missed update leaves an older list of seats
                log.warning("the table's free seats could not be announced: %s", error)

        threading.Thread(target=send, name="table-announce-update", daemon=True).start()

    def close(self) -> None:
        with self.lock:
            self.closed = True
            zeroconf, self.zeroconf = self.zeroconf, None
        if zeroconf is not None:
            threading.Thread(target=zeroconf.close, name="table-announce-close", daemon=True).start()


class Browser:
    """Lists the tables announced on the local network while it is open."""

    def __init__(self, interfaces: list[str]):
        self.lock = threading.Lock()
        self.found: dict[str, FoundTable] = {}
        self.failed: str | None = None
        self.zeroconf = None
        self.browser = None
        try:
            from zeroconf import ServiceBrowser

            self.zeroconf = _open(interfaces)
            self.browser = ServiceBrowser(self.zeroconf, SERVICE_TYPE, self)
        except Exception as error:  # noqa: BLE001 - blocked multicast: the list says so, the address field works
            self.failed = str(error) or type(error).__name__
            log.warning("tables on the local network cannot be listed: %s", self.failed)
            self.close()

    def tables(self) -> list[FoundTable]:
        with self.lock:
            return sorted(self.found.values(), key=lambda table: (table.name.lower(), table.address, table.port))

    # zeroconf's listener interface (called on its thread)
    def add_service(self, zeroconf, service_type: str, name: str) -> None:
        self._resolve(zeroconf, service_type, name)

    def update_service(self, zeroconf, service_type: str, name: str) -> None:
        self._resolve(zeroconf, service_type, name)

    def remove_service(self, zeroconf, service_type: str, name: str) -> None:
        with self.lock:
            self.found.pop(name, None)

    def _resolve(self, zeroconf, service_type: str, name: str) -> None:
        try:
            table = table_from_info(zeroconf.get_service_info(service_type, name, LOOKUP_MILLISECONDS))
        except Exception as error:  # noqa: BLE001 - a table that does not answer is simply not listed
            log.warning("a table on the local network could not be read: %s", error)
            return
        with self.lock:
            if table is None:
                self.found.pop(name, None)
            elif name in self.found or len(self.found) < MAX_FOUND:
                self.found[name] = table

    def close(self) -> None:
        browser, zeroconf = self.browser, self.zeroconf
        self.browser = self.zeroconf = None
        if browser is not None:
            try:
                browser.cancel()
            except Exception:  # noqa: BLE001 - closing what never fully opened
                pass
        if zeroconf is not None:
            threading.Thread(target=zeroconf.close, name="table-browse-close", daemon=True).start()


def _own_addresses() -> list[str]:
    """This computer's IPv4 addresses to announce (read from its interfaces, nothing sent)."""
    from game.net.headless import interface_addresses

    found = [address for address in interface_addresses() if ":" not in address]
    return found or ["127.0.0.1"]
