"""A table's host: the one authority over a game played across computers.

It owns the controller (and so the chance and the log), plays the AI seats, and serves each remote
seat through the connection that holds it. It is pure logic on one thread: the transport hands it what
arrives (``connected``, ``received``, ``disconnected``) and calls ``pump`` often; it answers through
``send(conn_id, text)`` and ``close(conn_id, code, reason)``.

What a connection is told is what its seat on screen may know, and nothing else: the log entries as
that seat sees them (``Event.seen_by``; another seat's action only by its type), that seat's observation
in the game's notation, a prompt with its legal actions when it decides, and once the game is over the
whole log and the final position. Never the seed, the chance stream or another seat's secrets.

A connection may hold two or more seats (friends at one remote screen: each says ``hello`` with the code,
or one rejoins with both tokens). Its screen then shows one of
them at a time, as a hot-seat table does: the held seat deciding now, else the one last shown. Only that
seat's view goes to the connection; when the screen passes to another of its seats, the log and the view
are sent anew as the new seat may see them (the client hands the screen over there). So a connection
never holds more than what its seat on screen may know, as one local screen never shows more.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Callable

from game.ai.arena import decision_seed
from game.core.controller import Controller, LogEntry
from game.core.logs import log
from game.core.names import name_problem, printable
from game.core.rules import CHANCE, IllegalAction, SeatConfig
from game.core.saves import AI_LEVELS
from game.core.seats import AIWorker, seat_label
from game.net import protocol
from game.net.protocol import ProtocolError

LOG_CHUNK_BYTES = 48 * 1024
"""Log entries per ``log`` message are packed up to this size, well under the message bound."""
MESSAGES_PER_SECOND = 20.0
MESSAGE_BURST = 60
"""A connection's messages: a bucket of this many refilled at that rate; past it, messages are refused."""
STRIKES_TO_CLOSE = 12
"""Broken or unwanted messages a connection may send before it is closed."""
FAILED_JOINS_PER_CONNECTION = 5
FAILED_JOINS_PER_MINUTE = 30
"""Wrong codes or tokens: a connection is closed after a few; after many the table refuses joining by code
to everyone for a while, so no one can try codes by the thousand (rejoining by token stays open)."""
CLOSE_POLICY = 1008
CLOSE_TAKEN_OVER = 4001


@dataclasses.dataclass
class Connection:
    """One client: the seats it holds (in order of joining) and what it was last told."""

    conn_id: int
    seats: list[int] = dataclasses.field(default_factory=list)
    screen: int | None = None
    """The seat whose view the connection has now (see the module's docstring)."""
    strikes: int = 0
    failed_joins: int = 0
    allowance: float = MESSAGE_BURST
    refilled: float = 0.0
    prompted: tuple | None = None


def wire_entry(entry: LogEntry, seat: int | None) -> dict:
    """A log entry as ``seat`` may read it (None: everything, for a finished game)."""
    own = seat is None or entry.seat == seat
    action = entry.action if own else {"type": entry.action.get("type")}
    events = []
    for event in entry.events:
        data = event.seen_by(seat)
        if data is not None:
            events.append([event.kind, data])
    return {"seat": entry.seat, "action": action, "events": events}


def chunks(entries: list[dict], start: int = 0) -> list[tuple[int, list[dict]]]:
    """Entries packed into runs that each fit one message: (index of the first, the run)."""
    runs: list[tuple[int, list[dict]]] = []
    run: list[dict] = []
    size = 0
    at = start
    for entry in entries:
        length = len(protocol.encode({"t": "x", "e": entry}))
        if run and size + length > LOG_CHUNK_BYTES:
            runs.append((at, run))
            at += len(run)
            run, size = [], 0
        run.append(entry)
        size += length
    if run or not runs:
        runs.append((at, run))
    return runs


class TableHost:
    """Serves one table to its remote seats (see the module's docstring)."""

    def __init__(self, spec, controller: Controller, code: str | None = None, tokens: dict | None = None,
                 now: Callable[[], float] = time.monotonic, claimed=None, worker=None, started: bool = True):
        self.spec = spec
        self.controller = controller
        self.ruleset = controller.ruleset
        self.now = now
        self.code = protocol.normalize_code(code) if code else protocol.new_code()
        if self.code is None:
            raise ValueError("not a table code")
        remote = [i for i, seat in enumerate(controller.config.seats) if seat.is_remote]
        self.tokens: dict[int, str] = {int(seat): token for seat, token in (tokens or {}).items()}
        for seat in remote:
            self.tokens.setdefault(seat, protocol.new_token())
        self.claimed: set[int] = set(claimed if claimed is not None else (tokens or {}))
        """Remote seats whose token has been handed out: only the token rejoins them, never the code."""
        self.holders: dict[int, int] = {}
        self.connections: dict[int, Connection] = {}
        self.with_ai: set[int] = set()
        self.started = started
        """False while the host person seats friends before starting the game (``begin``); friends are told."""
        self.worker = worker if worker is not None else AIWorker(_find_game, "thread")
        self.pending = None
        self.changes = 0
        """Counts every change of the game (an action applied, a rewind): an AI's answer for an older
        one is dropped."""
        self.failed_joins: deque[float] = deque()
        self.send: Callable[[int, str], None] = lambda conn_id, text: None
        self.close: Callable[[int, int, str], None] = lambda conn_id, code, reason: None
        self.heard: Callable[[int, str], None] = lambda seat, text: None
        """Called with each chat line a friend says (their seat, the text), for the host's own screen."""
        controller.listeners.append(self._on_change)

    # -- what the table is ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.controller.over

    def result(self):
        return self.controller.result()

    def net_record(self) -> dict:
        """What a save keeps so a resumed table can be rejoined: the code, the tokens, who joined."""
        return {"code": self.code, "tokens": {str(seat): token for seat, token in self.tokens.items()},
                "claimed": sorted(self.claimed)}

    def remote_seats(self) -> list[int]:
        return sorted(self.tokens)

    def seat_status(self) -> list[dict]:
        """Each seat: its name, kind, and for a remote seat whether someone is connected and whether the
        AI plays it meanwhile."""
        rows = []
        for index, seat in enumerate(self.controller.config.seats):
            row = {"name": seat_label(seat, index), "kind": seat.kind}
            if seat.is_remote:
                row["connected"] = index in self.holders
                row["ai"] = index in self.with_ai
            rows.append(row)
        return rows

    def plays_by_ai(self, seat: int) -> bool:
        kind = self.controller.config.seats[seat].kind
        return kind == "ai" or seat in self.with_ai

    # -- the host's own controls ---------------------------------------------------------------------
    def hand_to_ai(self, seat: int) -> None:
        """Let the AI play a remote seat (its person is away) until ``take_back`` or they rejoin."""
        if seat not in self.tokens:
            raise ValueError(f"seat {seat} is not a remote seat")
        self.with_ai.add(seat)
        self._broadcast_seats()

    def begin(self) -> None:
        """The host person starts the game: every friend's screen turns from waiting into the table."""
        self.started = True
        self._broadcast_seats()

    def seat_to_ai(self, seat: int, level: str = "normal") -> None:
        """An invited seat nobody has joined is played by the computer from now on; its token goes, so nobody
        can join it any more. ValueError for a seat that is not a free invited one."""
        if seat not in self.tokens or seat in self.claimed:
            raise ValueError(f"seat {seat} is not an invited seat nobody has joined")
        if level not in AI_LEVELS:
            raise ValueError(f"{level!r} is not an AI level")
        config = self.controller.config
        seats = list(config.seats)
        seats[seat] = SeatConfig("ai", "", level)
        self.controller.config = dataclasses.replace(config, seats=tuple(seats))
        del self.tokens[seat]
        self._broadcast_seats()

    def say(self, text: str, seat: int = -1) -> str | None:
        """A chat line from the host's own screen (said by ``seat``; -1 for nobody's) to every friend at the
        table: the line as they get it, or None when there is nothing printable to say."""
        text = text.strip()[:protocol.MAX_CHAT]
        if not text or not printable(text):
            return None
        self._tell_chat(seat, text)
        return text

    def take_back(self, seat: int) -> None:
        """The remote seat's person decides again (the table waits for them if they are away)."""
        self.with_ai.discard(seat)
        self._broadcast_seats()
        holder = self.holders.get(seat)
        if holder is not None:
            self._prompt(self.connections[holder])

    # -- transport events --------------------------------------------------------------------------
    def connected(self, conn_id: int) -> None:
        self.connections[conn_id] = Connection(conn_id, refilled=self.now())

    def disconnected(self, conn_id: int) -> None:
        """The seats stay the connection's people's: the table waits, or the host hands them to an AI."""
        connection = self.connections.pop(conn_id, None)
        if connection is None:
            return
        for seat in connection.seats:
            if self.holders.get(seat) == conn_id:
                del self.holders[seat]
        if connection.seats:
            self._broadcast_seats()

    def received(self, conn_id: int, text) -> None:
        """Handle one message; never raises (a refusal or an error goes back instead)."""
        connection = self.connections.get(conn_id)
        if connection is None:
            return
        try:
            if not self._allowed(connection):
                self._strike(connection, ProtocolError("too many messages; slow down", "too_many"))
                return
            message = protocol.decode_client(text)
            handler = getattr(self, f"_on_{message['t']}")
            handler(connection, message)
        except ProtocolError as error:
            self._strike(connection, error)
        except Exception:  # noqa: BLE001 - whatever a message does, the table goes on serving the others
            log.exception("a message from connection %s could not be handled", conn_id)
            self._strike(connection, ProtocolError("the host could not handle that message", "host_error"))

    def pump(self, now: float | None = None) -> bool:
        """Resolve chance and play the AI seats a step, never waiting; True when the game changed."""
        changed = False
        if self.controller.to_act() == CHANCE:
            self.controller.advance_chance()
            changed = True
        actor = self.controller.to_act()
        if actor is None or actor == CHANCE or not self.plays_by_ai(actor):
            self.pending = None
            return changed
        if self.pending is None or self.pending[1] != self.changes:
            seed = decision_seed(self.controller.seed, len(self.controller.log))
            level = self.controller.config.seats[actor].level
            future = self.worker.start(self.spec.id, level, self.controller.observe(actor), actor, seed)
            self.pending = (future, self.changes, actor)
        future, _, seat = self.pending
        if not future.done():
            return changed
        self.pending = None
        try:
            self.controller.submit(future.result(), seat)
        except Exception:  # noqa: BLE001 - a failed AI must not stop the table
            log.exception("the AI of seat %s in %s failed; it plays its first legal move", seat, self.spec.id)
            self.controller.submit(self.controller.legal_actions()[0], seat)
        return True

    def shutdown(self) -> None:
        self.worker.shutdown()

    # -- messages ----------------------------------------------------------------------------------
    def _on_hello(self, connection: Connection, message: dict) -> None:
        # A token (128 bits) cannot be guessed, so rejoining is never barred; the code (60 bits) is, for
        # everyone, after many wrong attempts at either.
        if "tokens" not in message and self._joins_barred():
            self._refuse(connection, "hello", ProtocolError("too many wrong codes or tokens; try again in a minute",
                                                            "too_many_joins"))
            return
        try:
            seats = self._seats_of_tokens(message["tokens"]) if "tokens" in message else [self._seat_by_code(message)]
        except ProtocolError as error:
            if error.key in ("bad_code", "bad_token"):
                self._failed_join(connection)
            self._refuse(connection, "hello", error)
            return
        for seat in seats:
            self._take_seat(connection, seat)
        if "name" in message and "tokens" not in message:
            self._rename(seats[0], message["name"])
        self._welcome(connection)
        self._broadcast_seats()

    def _on_look(self, connection: Connection, message: dict) -> None:
        if self._joins_barred():
            self._refuse(connection, "look", ProtocolError("too many wrong codes or tokens; try again in a minute",
                                                           "too_many_joins"))
            return
        code = protocol.normalize_code(message["code"])
        if code is None or not protocol.same_secret(code, self.code):
            self._failed_join(connection)
            self._refuse(connection, "look", ProtocolError("that is not this table's code", "bad_code"))
            return
        self._send(connection, {"t": "table", "app": protocol.APP_VERSION, "game": self.spec.id,
                                "seats": self.seat_status(), "free": self.free_seats(), "started": self.started})

    def free_seats(self) -> list[int]:
        """Invited seats nobody has joined yet."""
        return [seat for seat in self.remote_seats() if seat not in self.claimed]

    def _seat_by_code(self, message: dict) -> int:
        code = protocol.normalize_code(message.get("code"))
        if code is None or not protocol.same_secret(code, self.code):
            raise ProtocolError("that is not this table's code", "bad_code")
        if "name" in message and name_problem(message["name"]):
            raise ProtocolError(name_problem(message["name"]), "bad_name")
        free = self.free_seats()
        if "seat" in message:
            seat = message["seat"]
            if seat not in self.tokens:
                raise ProtocolError(f"seat {seat + 1} is not a seat for someone joining", "no_such_seat", seat=seat + 1)
            if seat not in free:
                raise ProtocolError(f"seat {seat + 1} is taken", "seat_taken", seat=seat + 1)
            return seat
        if not free:
            raise ProtocolError("every seat of this table is taken", "table_full")
        return free[0]

    def _seats_of_tokens(self, tokens: list[str]) -> list[int]:
        if not tokens:
            raise ProtocolError("no seat token was given", "bad_token")
        seats = []
        for token in tokens:
            matches = [seat for seat, kept in self.tokens.items() if protocol.same_secret(token, kept)]
            if not matches or matches[0] not in self.claimed:
                raise ProtocolError("that seat token is not one of this table's", "bad_token")
            seats.append(matches[0])
        return list(dict.fromkeys(seats))

    def _take_seat(self, connection: Connection, seat: int) -> None:
        """Give ``seat`` to ``connection``; a connection that held it before loses it (the same people
        came back from elsewhere) and is closed if it holds nothing else."""
        previous = self.holders.get(seat)
        if previous is not None and previous != connection.conn_id:
            other = self.connections[previous]
            other.seats.remove(seat)
            if other.screen == seat:
                other.screen = None
            if not other.seats:
                self.close(previous, CLOSE_TAKEN_OVER, "this seat joined from elsewhere")
                del self.connections[previous]
        self.claimed.add(seat)
        self.holders[seat] = connection.conn_id
        self.with_ai.discard(seat)
        if seat not in connection.seats:
            connection.seats.append(seat)

    def _rename(self, seat: int, name: str) -> None:
        config = self.controller.config
        seats = list(config.seats)
        seats[seat] = dataclasses.replace(seats[seat], name=name)
        self.controller.config = dataclasses.replace(config, seats=tuple(seats))

    def _on_act(self, connection: Connection, message: dict) -> None:
        seat = message["seat"]
        if seat not in connection.seats:
            raise ProtocolError("that seat is not yours", "not_your_seat")
        if seat in self.with_ai:
            self._refuse(connection, "act", ProtocolError("the AI plays this seat now", "seat_with_ai"))
            return
        if message["at"] != len(self.controller.log):
            self._refuse(connection, "act", ProtocolError("the table has moved on since", "stale"))
            return
        try:
            self.controller.submit(message["action"], seat)
        except IllegalAction as error:
            self._refuse(connection, "act", ProtocolError(str(error), "illegal"))

    def _on_undo(self, connection: Connection, message: dict) -> None:
        seat = message["seat"]
        if seat not in connection.seats:
            raise ProtocolError("that seat is not yours", "not_your_seat")
        if not self.controller.can_undo(seat):
            self._refuse(connection, "undo", ProtocolError("nothing of yours can be taken back now", "cannot_undo"))
            return
        self.controller.undo(seat)

    def _on_chat(self, connection: Connection, message: dict) -> None:
        if not connection.seats:
            raise ProtocolError("join the table first", "not_joined")
        text = message["text"].strip()
        if not printable(text):
            raise ProtocolError("a chat line has only printable characters", "bad_chat")
        if not text:
            return
        seat = connection.screen if connection.screen is not None else connection.seats[0]
        self._tell_chat(seat, text)
        self.heard(seat, text)

    def _tell_chat(self, seat: int, text: str) -> None:
        message = protocol.encode({"t": "chat", "seat": seat, "text": text})
        for connection in self.connections.values():
            if connection.seats:
                self.send(connection.conn_id, message)

    def _on_ping(self, connection: Connection, message: dict) -> None:
        self._send(connection, {"t": "pong", **({"n": message["n"]} if "n" in message else {})})

    def _on_pong(self, connection: Connection, message: dict) -> None:
        """An answer to a ping: nothing to do (the transport times connections out)."""

    # -- bounds ------------------------------------------------------------------------------------
    def _allowed(self, connection: Connection) -> bool:
        now = self.now()
        connection.allowance = min(MESSAGE_BURST,
                                   connection.allowance + (now - connection.refilled) * MESSAGES_PER_SECOND)
        connection.refilled = now
        if connection.allowance < 1:
            return False
        connection.allowance -= 1
        return True

    def _joins_barred(self) -> bool:
        now = self.now()
        while self.failed_joins and now - self.failed_joins[0] > 60:
            self.failed_joins.popleft()
        return len(self.failed_joins) >= FAILED_JOINS_PER_MINUTE

    def _failed_join(self, connection: Connection) -> None:
        self.failed_joins.append(self.now())
        connection.failed_joins += 1
        if connection.failed_joins >= FAILED_JOINS_PER_CONNECTION:
            connection.strikes = STRIKES_TO_CLOSE

    def _strike(self, connection: Connection, error: ProtocolError) -> None:
        connection.strikes += 1
        self._send(connection, {"t": "error", "reason": str(error)[:protocol.MAX_STRING], "key": error.key})
        if connection.strikes >= STRIKES_TO_CLOSE:
            self._drop(connection, "too many messages that could not be used")

    def _refuse(self, connection: Connection, about: str, error: ProtocolError) -> None:
        self._send(connection, {"t": "refused", "reason": str(error)[:protocol.MAX_STRING], "key": error.key,
                                "about": about})
        if connection.strikes >= STRIKES_TO_CLOSE:
            self._drop(connection, "too many wrong codes or tokens")

    def _drop(self, connection: Connection, reason: str) -> None:
        self.close(connection.conn_id, CLOSE_POLICY, reason)
        self.disconnected(connection.conn_id)

    # -- telling the connections ---------------------------------------------------------------------
    def _send(self, connection: Connection, message: dict) -> None:
        self.send(connection.conn_id, protocol.encode(message))

    def _on_change(self, controller: Controller, entry: LogEntry | None) -> None:
        self.changes += 1
        for connection in list(self.connections.values()):
            if not connection.seats:
                continue
            try:
                self._tell_change(connection, entry)
            except Exception:  # noqa: BLE001 - one seat's trouble never keeps the others uninformed
                log.exception("the change could not be told to connection %s; it rejoins afresh", connection.conn_id)
                self._drop(connection, "the host could not send this seat's view")

    def _tell_change(self, connection: Connection, entry: LogEntry | None) -> None:
        if entry is None or self._screen_changes(connection):
            self._resync(connection)
            return
        self._send(connection, {"t": "events", "at": len(self.controller.log) - 1,
                                "entry": wire_entry(entry, connection.screen), **self._update(connection)})
        self._after_change(connection)

    def _after_change(self, connection: Connection) -> None:
        if self.controller.over:
            self._send_end(connection)
        else:
            self._prompt(connection)

    def _screen_changes(self, connection: Connection) -> bool:
        actor = self.controller.to_act()
        screen = actor if actor in connection.seats else connection.screen
        if screen is None:
            screen = connection.seats[0]
        changed = screen != connection.screen
        connection.screen = screen
        return changed

    def _update(self, connection: Connection) -> dict:
        seat = connection.screen
        observation = self.ruleset.to_json(self.controller.observe(seat))
        actor = self.controller.to_act()
        return {"observation": observation, "seat": seat, **({} if actor is None else {"to_act": actor}),
                "undo": [seat] if self.controller.can_undo(seat) else []}

    def _welcome(self, connection: Connection) -> None:
        self._send(connection, {"t": "welcome", "app": protocol.APP_VERSION, "game": self.spec.id,
                                "options": dict(self.controller.config.options), "seats": self.seat_status(),
                                "yours": list(connection.seats),
                                "tokens": [self.tokens[seat] for seat in connection.seats], "code": self.code,
                                "started": self.started})
        self._screen_changes(connection)
        self._resync(connection)

    def _resync(self, connection: Connection) -> None:
        """The whole log and the view anew, as the connection's seat on screen may see them."""
        self._screen_changes(connection)
        if self.controller.over:
            self._send_end(connection)
            return
        entries = [wire_entry(entry, connection.screen) for entry in self.controller.log]
        for at, run in chunks(entries):
            self._send(connection, {"t": "log", "at": at, "entries": run})
        self._send(connection, {"t": "view", "at": len(self.controller.log), **self._update(connection)})
        connection.prompted = None
        self._prompt(connection)

    def _prompt(self, connection: Connection) -> None:
        actor = self.controller.to_act()
        if actor not in connection.seats or actor in self.with_ai:
            return
        key = (actor, self.changes)
        if connection.prompted == key:
            return
        connection.prompted = key
        self._send(connection, {"t": "prompt", "seat": actor, "at": len(self.controller.log),
                                "legal": self.controller.legal_actions()})

    def _send_end(self, connection: Connection) -> None:
        """The whole log (everything is public now) and the final position, then the result."""
        entries = [wire_entry(entry, None) for entry in self.controller.log]
        for at, run in chunks(entries):
            self._send(connection, {"t": "log", "at": at, "entries": run, "full": True})
        self._send(connection, {"t": "end", "result": self.controller.result().to_json(),
                                "position": self.ruleset.to_json(self.controller.state)})

    def _broadcast_seats(self) -> None:
        status = self.seat_status()
        for connection in self.connections.values():
            if connection.seats:
                self._send(connection, {"t": "seats", "seats": status, "started": self.started})


def _find_game(game_id: str):
    from game.games import get_spec

    return get_spec(game_id)
