"""Tables across computers without a window: the headless host, and clients driven from the command line.

``serve_table`` hosts one table (``gamenight --host``): it listens, prints the lines a script reads
(``code: ...``, ``port: N``, ``join: HOST:PORT``), saves the table after every action and whenever a seat
is claimed, before any client hears of the change (``TableSave``; the save's "net" record keeps the code and
the tokens, so ``--host --load SAVE`` resumes the table after any stop, even ``kill -9``, with every move a
client saw), prints ``result: {...}`` when the game ends, and returns.

``RemoteLink`` joins a ``RemoteTable`` to its host: it says hello with the code, or with the seats' tokens
when this computer holds some at that table (the rejoin records of ``game.core.saves``), keeps those
records, and after a drop reconnects with the tokens until the host is back or its patience runs out.
``play_remote`` plays the seats held with an AI (``gamenight --join ... --ai LEVEL``): how tests and benches
fill seats. An AI decides with ``decision_seed(seed, log length)`` on the observation it was sent, as a
local AI seat decides on its own observation, so a game played across computers is the same game as one
played at one screen from the same seeds.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path

from game.ai.arena import decision_seed
from game.core.logs import log
from game.core.rules import action_key
from game.core.saves import find_rejoins, forget_rejoins, keep_rejoin, save_text, write_save_text
from game.core.seats import seat_label
from game.core.storage import wait_for_syncs
from game.net import protocol
from game.net.client import RemoteTable
from game.net.host import CLOSE_POLICY, CLOSE_TAKEN_OVER, TableHost
from game.net.transport import ClientConnection, HostServer, Limits, arrivals

DEFAULT_PORT = 29170
"""The TCP port a host listens on unless told otherwise (the one to forward on a router)."""
LOOPBACK = "127.0.0.1"
EVERYWHERE = ("0.0.0.0", "::", "")
POLL_SECONDS = 0.02
"""How long a loop waits for the network before it lets the AIs and the chance move on."""
BUSY_POLL_SECONDS = 0.002
"""The same while the game is moving: an AI's answer is taken within this, not a whole wait later."""
FLUSH_SECONDS = 3.0
"""How long a finished table goes on writing the end of the game to its clients before it closes."""
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)
PATIENCE_SECONDS = 300.0
"""How long a client tries to reach its host again after a drop before it gives up."""
FINAL_CLOSES = frozenset((CLOSE_POLICY, CLOSE_TAKEN_OVER))
"""Closes a client does not answer by joining again: the host's policy (too many unusable messages), and its
seat taken by the same seat joining from elsewhere (two programs holding one token would take it from each
other forever)."""
JOIN_REFUSALS = frozenset(("bad_code", "bad_token", "too_many_joins", "no_such_seat", "seat_taken", "table_full",
                           "bad_name", "version", "bad_message", "unknown_type"))


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT``, ``[IPv6]`` or ``[IPv6]:PORT`` as (host, port); ValueError says what is wrong."""
    text = text.strip()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(f"{text[:60]!r} is not HOST[:PORT]")
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""  # a bare IPv6 address, or a name
    if not host or any(char.isspace() or char in "/?#@" for char in host) or len(host) > 253:
        raise ValueError(f"{text[:60]!r} is not HOST[:PORT]")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"the port in {text[:60]!r} is not a number from 1 to 65535")
    return host, int(port_text)


def url_of(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"


def join_addresses(bound: str, port: int) -> list[str]:
    """Where people join a table listening on ``bound``: this computer, and when it listens on every
    interface, each of the computer's own addresses (read from its interfaces; nothing is sent)."""
    addresses = [LOOPBACK] if bound in EVERYWHERE or bound.startswith("127.") else [bound]
    if bound in EVERYWHERE:
        addresses += [address for address in interface_addresses(ipv6=bound == "::") if address not in addresses]
    return [f"[{address}]:{port}" if ":" in address else f"{address}:{port}" for address in addresses]


def interface_addresses(ipv6: bool = False) -> list[str]:
    """The addresses of this computer's network interfaces, loopback and link-local ones left out."""
    try:
        import ifaddr
    except ImportError:
        return []
    found = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    for adapter in adapters:
        for ip in adapter.ips:
            address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            if ":" in address and (not ipv6 or address.lower().startswith("fe80")):
                continue
            if address.startswith("127.") or address in ("::1", "0.0.0.0") or address.startswith("169.254."):
                continue
            found.append(address)
    return found


def result_line(result, actions: int) -> str:
    """The ``result: {...}`` line both ends print: scores, ranks, winners (seats from 0) and the log's length."""
    return "result: " + json.dumps({"scores": list(result.scores), "ranks": list(result.ranks),
                                    "winners": result.winners, "actions": actions}, separators=(",", ":"))


# -- the host ------------------------------------------------------------------------------------------

def check_net_record(net, config) -> dict:
    """A saved table's net record as ``serve_table`` takes it; ValueError when it is not one for ``config``
    (a save is a file anyone may have edited)."""
    remote = {index for index, seat in enumerate(config.seats) if seat.is_remote}
    if not isinstance(net, dict) or protocol.normalize_code(net.get("code")) is None:
        raise ValueError("its table code is damaged")
    tokens, claimed = net.get("tokens", {}), net.get("claimed", [])
    if not isinstance(tokens, dict) or not all(
            isinstance(seat, str) and seat.isdigit() and int(seat) in remote and isinstance(token, str)
            and 16 <= len(token) <= 64 for seat, token in tokens.items()):
        raise ValueError("its seat tokens are damaged")
    if not isinstance(claimed, list) or not all(isinstance(seat, int) and str(seat) in tokens for seat in claimed):
        raise ValueError("its joined seats are damaged")
    port = net.get("port", DEFAULT_PORT)
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise ValueError("its port is damaged")
    return {"code": net["code"], "tokens": dict(tokens), "claimed": list(claimed), "port": port}


class StopFlag:
    """Set by SIGTERM or SIGINT (or a test): the host saves and stops at its next turn of the loop."""

    def __init__(self):
        self.event = threading.Event()

    def __call__(self, signum=None, frame=None) -> None:
        self.event.set()

    @property
    def set(self) -> bool:
        return self.event.is_set()

    def install(self) -> None:
        if threading.current_thread() is threading.main_thread():
            for name in ("SIGTERM", "SIGINT", "SIGHUP"):
                if hasattr(signal, name):
                    signal.signal(getattr(signal, name), self)


def seats_line(host: TableHost) -> str:
    parts = []
    for index, row in enumerate(host.seat_status()):
        seat = host.controller.config.seats[index]
        if seat.is_remote:
            state = "joined" if row.get("connected") else ("away" if index in host.claimed else "free")
            name = f" {row['name']}" if seat.name else ""
            parts.append(f"{index + 1} remote{name} ({state})")
        else:
            parts.append(f"{index + 1} {seat.kind}:{seat.level}" if seat.kind == "ai" else f"{index + 1} {seat.kind}")
    return "seats: " + ", ".join(parts)


class TableSave:
    """The hosted table's autosave, in place before anyone hears of what it holds.

    After a turn of the host's loop that changed the game or its seats (an action, a claim, a rename), ``take``
    writes the save while the server holds back what that turn sends (``HostServer.holding``): a client is
    told of a move only once the save holding it is in place, so a host stopped at any moment, even by
    ``kill -9``, resumes with every move its clients were told of. The file is replaced at once and synced to
    disk behind (``durable=False``): a turn waits on the system's file cache, never on the disk. One write
    covers every change of the turn.
    """

    def __init__(self, path: Path, game_id: str, host: TableHost, port: int | None = None):
        self.path = path
        self.game_id = game_id
        self.host = host
        self.port = port
        """The port the table listens on, kept in the net record so that a resumed table listens there again."""
        self.dirty = True
        self.saved_net: dict | None = None
        self.last_error: str | None = None
        self.writes = 0
        host.controller.listeners.append(self.changed)

    def changed(self, controller, entry) -> None:
        self.dirty = True

    def take(self) -> None:
        """Write the save when the game or its seats changed since the last one."""
        net = self.host.net_record()
        if self.port:
            net["port"] = self.port
        if not self.dirty and net == self.saved_net:
            return
        self.dirty, self.saved_net = False, net
        try:
            write_save_text(self.path, save_text(self.host.controller, self.game_id, net), durable=False)
            self.writes += 1
            self.last_error = None
        except OSError as error:
            if str(error) != self.last_error:
                log.warning("the hosted table could not be saved to %s: %s", self.path, error)
            self.last_error = str(error)

    def close(self) -> None:
        """Write the table as it is now and wait until its save is on the disk."""
        self.take()
        wait_for_syncs()


class AwayWatch:
    """Hands a remote seat someone has joined to the AI (its seat's level, normal unless saved otherwise) once
    its turn has waited ``seconds`` without an answer, whether its person is disconnected or just does not
    play; they take it back by joining again. A seat no one has joined yet waits for its person, and the
    clock starts again when someone (re)joins."""

    def __init__(self, host: TableHost, seconds: float, out: Callable[[str], None]):
        self.host = host
        self.seconds = seconds
        self.out = out
        self.turn: tuple | None = None
        self.since = 0.0

    def check(self, now: float) -> None:
        host = self.host
        actor = host.controller.to_act()
        if actor is None or actor not in host.claimed or actor in host.with_ai:
            self.turn = None
            return
        turn = (actor, len(host.controller.log), host.holders.get(actor))
        if turn != self.turn:
            self.turn, self.since = turn, now
        elif now - self.since >= self.seconds:
            host.hand_to_ai(actor)
            self.out(f"away: seat {actor + 1} waited {self.seconds:g} s; the AI plays it until its player joins again")


def serve_table(spec, controller, save_path: Path, net: dict | None = None, bind: str = LOOPBACK,
                port: int = DEFAULT_PORT, out: Callable[[str], None] = print, limits: Limits | None = None,
                stop: StopFlag | None = None, away: float | None = None) -> int:
    """Host one table until its game ends (0) or the host is stopped (0, the table saved to resume).
    With ``away``, a remote seat whose turn waits that many seconds is played by the AI (``AwayWatch``).

    OSError when the address cannot be listened on.
    """
    net = net or {}
    host = TableHost(spec, controller, code=net.get("code"), tokens=net.get("tokens"), claimed=net.get("claimed"))
    server = HostServer(lambda: host, bind, port, limits)
    stop = stop or StopFlag()
    try:
        listening = server.start()[1]
    except BaseException:
        host.shutdown()
        raise
    saves = TableSave(save_path, spec.id, host, listening)
    watch = AwayWatch(host, away, out) if away is not None else None
    try:
        saves.take()
        out(f"code: {host.code}")
        out(f"port: {listening}")
        for address in join_addresses(bind, listening):
            out(f"join: {address}")
        out(seats_line(host))
        out(f"save: {save_path}")
        if saves.last_error:
            out(f"warning: the table cannot be saved ({saves.last_error})")
        shown_seats = seats_line(host)
        moving = False
        while not host.over and not stop.set:
            with server.holding():
                # While the game moves by itself (an AI thinking, chance, answers flowing), the loop looks again
                # at once; waiting on the network is for a table that waits on its people.
                moved = server.poll(BUSY_POLL_SECONDS if moving else POLL_SECONDS)
                if watch is not None:
                    watch.check(time.monotonic())
                if moved or saves.dirty:
                    saves.take()
            moving = moved or host.pending is not None
            if moved and seats_line(host) != shown_seats:
                shown_seats = seats_line(host)
                out(shown_seats)
        saves.take()
        if host.over:
            server.flush(FLUSH_SECONDS)
            out(result_line(host.result(), len(controller.log)))
        else:
            out(f"stopped: the table is saved; resume it with --host --load {save_path}")
    finally:
        saves.close()
        server.stop(flush_seconds=FLUSH_SECONDS if host.over else 0.5)
        host.shutdown()
    return 0


# -- a client ------------------------------------------------------------------------------------------

class RemoteLink:
    """A RemoteTable's connection to its host (see the module's docstring).

    ``status``: "connecting", "joined", "lost" (trying again), "refused" (the host said no: ``reason``),
    "gone" (the host stayed away past the patience) or "over" (the game ended). ``pump`` is called from the
    loop that owns the table (the play scene's update, or ``play_remote``); it never blocks longer than its
    ``timeout``.
    """

    def __init__(self, table: RemoteTable, host: str, port: int, code: str | None = None, seat: int | None = None,
                 name: str | None = None, limits: Limits | None = None, patience: float = PATIENCE_SECONDS,
                 now: Callable[[], float] = time.monotonic, notify: Callable[[], None] | None = None):
        self.table = table
        self.host = host
        self.port = port
        self.code = protocol.normalize_code(code) if code else None
        self.seat = seat
        self.name = name
        self.limits = limits
        self.patience = patience
        self.now = now
        self.notify = notify
        self.connection: ClientConnection | None = None
        self.status = "connecting"
        self.reason = ""
        self.attempt = 0
        self.retry_at: float | None = None
        self.lost_since: float | None = None
        self.by_token = False
        self.kept_tokens: dict[int, str] = {}

    @property
    def done(self) -> bool:
        return self.status in ("refused", "gone", "over")

    def start(self) -> None:
        self._connect()

    def stop(self) -> None:
        if self.connection is not None:
            self.connection.stop()
            self.connection = None

    def pump(self, timeout: float = 0.0) -> bool:
        """Hand what arrived to the table, send what it has to say, reconnect when due; True when anything
        arrived."""
        moved = False
        connection = self.connection
        if connection is not None:
            for event in arrivals(connection.inbound, timeout):
                moved = True
                self._handle(event)
                if self.connection is not connection:
                    break
        elif timeout > 0:
            time.sleep(timeout)
        self._send_outbox()
        if self.status == "lost" and self.retry_at is not None and self.now() >= self.retry_at:
            self._connect()
        return moved

    # -- inside --------------------------------------------------------------------------------------
    def _connect(self) -> None:
        self.retry_at = None
        self.connection = ClientConnection(url_of(self.host, self.port), self.limits, self.notify)
        self.connection.start()

    def _records(self) -> list[dict]:
        if self.code is None:
            return []
        records = find_rejoins(self.host, self.port, self.code)
        return [record for record in records if self.seat is None or record["seat"] == self.seat]

    def _say_hello(self) -> None:
        tokens = list(self.table.tokens.values()) or [record["token"] for record in self._records()]
        self.by_token = bool(tokens)
        if tokens:
            self.table.hello(tokens=tokens)
        else:
            self.table.hello(code=self.code or "", seat=self.seat, name=self.name)

    def _handle(self, event) -> None:
        kind, text = event
        if kind == "open":
            self.status = "connecting"
            self._say_hello()
        elif kind == "text":
            seen = len(self.table.notices)
            self.table.received(text)
            self._after_message(self.table.notices[seen:])
        else:
            self._closed(text)

    def _after_message(self, notices: list[tuple[str, str]]) -> None:
        table = self.table
        if self.status != "joined":
            for key, sentence in notices:
                if key not in JOIN_REFUSALS:
                    continue
                if key == "bad_token" and self.by_token and self.code:
                    forget_rejoins(self.host, self.port, self.code)  # a table that forgot us: join afresh
                    self.table.hello(code=self.code, seat=self.seat, name=self.name)
                    self.by_token = False
                    continue
                self.status, self.reason = "refused", sentence
                self.connection.close(1000, "")
                return
            if table.tokens and not notices:  # the welcome: the first message after a hello that is not a no
                self.status = "joined"
                self.attempt = 0
                self.lost_since = None
                if table.tokens != self.kept_tokens:
                    self._keep_records()
        if table.over and self.status != "over":
            self.status = "over"
            if table.code:
                forget_rejoins(self.host, self.port, table.code)
            self.connection.close(1000, "")

    def _keep_records(self) -> None:
        code = self.table.code or self.code
        try:
            for seat, token in self.table.tokens.items():
                keep_rejoin(self.host, self.port, code, seat, token)
        except (OSError, ValueError) as error:
            log.warning("the rejoin record could not be kept: %s", error)
        self.kept_tokens = dict(self.table.tokens)

    def _closed(self, reason: str) -> None:
        old = self.connection
        self.connection = None
        if old is not None:
            old.stop()
            if old.close_code in FINAL_CLOSES and not self.done:
                self.status, self.reason = "refused", reason
        if self.done:
            return
        now = self.now()
        if self.lost_since is None:
            self.lost_since = now
        if now - self.lost_since > self.patience:
            self.status, self.reason = "gone", reason
            return
        self.status, self.reason = "lost", reason
        self.retry_at = now + RECONNECT_DELAYS[min(self.attempt, len(RECONNECT_DELAYS) - 1)]
        self.attempt += 1

    def _send_outbox(self) -> None:
        outbox = self.table.outbox
        if not outbox:
            return
        if self.connection is None or self.status == "lost":
            outbox.clear()  # said to a host that is not there; the next hello asks for the table anew
            return
        for text in outbox:
            self.connection.send(text)
        outbox.clear()


class TableLook:
    """Asks a table's host, with its code, for its game and seats before joining (``look``), so a person who
    typed the address is offered the seats really free. ``status``: "asking", "seen" (``game``, ``seats``,
    ``free``), "refused" (``key`` and ``reason``: a wrong code, another version...) or "unreachable"
    (``reason``). The connection closes once answered; the host keeps nothing of it."""

    def __init__(self, host: str, port: int, code: str, limits: Limits | None = None,
                 notify: Callable[[], None] | None = None):
        self.connection = ClientConnection(url_of(host, port), limits, notify)
        self.code = code
        self.status = "asking"
        self.key = ""
        self.reason = ""
        self.game: str | None = None
        self.seats: list[dict] = []
        self.free: list[int] = []

    def start(self) -> None:
        self.connection.start()
        self.connection.send(protocol.encode({"t": "look", "code": self.code}))

    def stop(self) -> None:
        self.connection.stop()

    def pump(self) -> bool:
        """Take what arrived; True once the look has its answer (or cannot have one)."""
        for kind, text in arrivals(self.connection.inbound):
            if self.status != "asking":
                continue
            if kind == "text":
                self._answer(text)
                if self.status != "asking":
                    self.connection.close(1000, "")
            elif kind == "close":
                self.status, self.reason = "unreachable", text
        return self.status != "asking"

    def _answer(self, text: str) -> None:
        try:
            message = protocol.decode_host(text)
        except protocol.ProtocolError as error:
            self.status, self.key, self.reason = "refused", error.key, str(error)
            return
        if message["t"] == "table":
            self.status, self.game, self.seats = "seen", message["game"], message["seats"]
            self.free = [seat for seat in message["free"] if seat < len(self.seats)]
        elif message["t"] in ("refused", "error"):
            self.status, self.key, self.reason = "refused", message["key"], message["reason"]


class AIPlayer:
    """Plays the seats a RemoteTable holds with an agent of ``level``, deciding on what the host sent."""

    def __init__(self, table: RemoteTable, level: str, seed: int):
        self.table = table
        self.level = level
        self.seed = seed
        self.agent = None

    def step(self) -> bool:
        """Decide for the seat prompted now, if it is ours; True when an action was sent."""
        table = self.table
        legal = table.legal_actions()
        seat = table.to_act()
        if not legal or seat not in table.seats:
            return False
        if self.agent is None:
            self.agent = table.spec.make_agent(self.level)
        rng = random.Random(decision_seed(self.seed, len(table.log)))
        action = self.agent.choose(table.ruleset, table.observe(seat), seat, rng)
        if action_key(action) not in {action_key(candidate) for candidate in legal}:
            log.warning("the %s AI chose outside its prompt in %s; it plays the first legal move", self.level,
                        table.spec.id)
            action = legal[0]
        table.submit(action, seat)
        return True


def play_remote(link: RemoteLink, player: AIPlayer | None, out: Callable[[str], None] = print,
                stop: StopFlag | None = None) -> int:
    """Run a command-line client until its game ends (0, the result printed), the host refuses it or stays
    away (1, the reason printed), or it is stopped (0)."""
    stop = stop or StopFlag()
    table = link.table
    shown = None
    link.start()
    try:
        while not link.done and not stop.set:
            link.pump(POLL_SECONDS)
            if link.status != shown:
                shown = link.status
                if shown == "joined":
                    seats = ", ".join(f"{seat + 1} ({seat_label(table.config.seats[seat], seat)})"
                                      for seat in table.seats)
                    out(f"joined: {table.spec.id}, code {table.code}, seat {seats}")
                elif shown == "lost":
                    out(f"lost: {link.reason}; trying again")
            if player is not None and link.status == "joined" and player.step():
                link.pump()
        if link.status == "over":
            out(result_line(table.result(), len(table.log)))
            return 0
        if link.status in ("refused", "gone"):
            out(f"{link.status}: {link.reason}")
            return 1
        return 0
    finally:
        link.stop()
