"""The wire: WebSocket connections through ``websockets``, on one asyncio loop in a daemon thread.

The rest of the program never waits on the network and the network never touches pygame: each
``HostServer`` and ``ClientConnection`` hands what arrives to a ``queue.Queue`` (``inbound``) and takes
what goes out through ``send``/``close``, which only schedule work on the loop and return at once.

Every bound is the host's, so that a slow or hostile peer costs the host little and the other seats
nothing:

- a message is at most ``Limits.max_message_bytes`` (a larger frame closes its connection, code 1009);
- each connection's messages are metered by a token bucket: past the burst, the host stops reading
  that connection until tokens return, so a flood waits in the flooder's own buffers;
- a connection must finish its WebSocket handshake within ``open_timeout`` and answer pings within
  ``ping_timeout``;
- the host holds at most ``max_connections`` sockets, ``max_per_address`` from one address, counted
  from the moment TCP accepts them (a connection that never handshakes holds a slot only until its
  handshake times out);
- what the host sends to a connection waits in a queue of at most ``outgoing_messages`` messages and
  ``outgoing_chars`` characters; a client that does not read fills it and is cut off, never waited for.

Text frames only (the protocol is JSON); compression is off, so a message's size on the wire is its
size in memory and no peer can make the host inflate a small frame into a large one.

One loop thread serves the whole process: it starts with the first server or connection and ends when
the last one stops, so nothing of the network outlives its users.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net.protocol import MAX_MESSAGE_BYTES

log = logging.getLogger("gamenight.net")

STOP_SECONDS = 5.0
"""How long stop() waits for the loop to close its sockets before it gives up on them."""


@dataclass(frozen=True)
class Limits:
    """Every bound of a connection; tests shrink them to see them act."""

    max_message_bytes: int = MAX_MESSAGE_BYTES
    messages_per_second: float = 20.0
    message_burst: int = 60
    """An honest client sends a few messages a second; a faster one is slowed here, before the table's own
    meter (game.net.host) would count its excess as abuse."""
    ping_interval: float = 10.0
    ping_timeout: float = 20.0
    open_timeout: float = 5.0
    close_timeout: float = 2.0
    max_connections: int = 64
    max_per_address: int = 16
    outgoing_messages: int = 512
    outgoing_chars: int = 4 * 1024 * 1024
    received_frames: int = 8
    """Frames websockets buffers per connection before it stops reading the socket."""


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; ``take`` says how long to wait before one is there."""

    def __init__(self, rate: float, burst: int, now: float):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float) -> float:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1.0
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


class _QuietHandshakes(logging.Filter):
    """A peer that speaks something other than WebSocket is the peer's fault, not the program's: no
    traceback in the log for every port scanner."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != "opening handshake failed"


wire_log = logging.getLogger("gamenight.net.wire")
wire_log.addFilter(_QuietHandshakes())
wire_log.setLevel(logging.WARNING)  # not a line in the player's log for every connection opened and closed


# -- the loop thread ----------------------------------------------------------------------------

class _NetworkThread:
    """The process's one asyncio loop for the network, running in a daemon thread while in use."""

    def __init__(self):
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.users = 0

    def acquire(self) -> asyncio.AbstractEventLoop:
        with self.lock:
            if self.loop is None:
                loop = asyncio.new_event_loop()
                started = threading.Event()
                thread = threading.Thread(target=self._run, args=(loop, started), name="gamenight-net", daemon=True)
                thread.start()
                started.wait()
                self.loop, self.thread = loop, thread
            self.users += 1
            return self.loop

    def release(self) -> None:
        with self.lock:
            self.users -= 1
            if self.users > 0 or self.loop is None:
                return
            loop, thread = self.loop, self.thread
            self.loop = self.thread = None
        future = asyncio.run_coroutine_threadsafe(_cancel_remaining(), loop)
        try:
            future.result(STOP_SECONDS)
        except Exception:  # noqa: BLE001 - the loop stops below whatever its last tasks did
            log.warning("network tasks did not end in time", exc_info=True)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(STOP_SECONDS)
        if not thread.is_alive():
            loop.close()

    @staticmethod
    def _run(loop: asyncio.AbstractEventLoop, started: threading.Event) -> None:
        asyncio.set_event_loop(loop)
        loop.call_soon(started.set)
        loop.run_forever()


async def _cancel_remaining() -> None:
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


network_thread = _NetworkThread()


def _call_soon(loop: asyncio.AbstractEventLoop | None, function: Callable, *args) -> None:
    """Schedule ``function`` on ``loop`` from any thread; nothing happens once the loop is gone."""
    if loop is None:
        return
    try:
        loop.call_soon_threadsafe(function, *args)
    except RuntimeError:  # the loop closed meanwhile: the connection is gone anyway
        pass


def arrivals(inbound: queue.Queue, timeout: float = 0.0) -> Iterator[tuple]:
    """The events waiting in ``inbound``, the first waited for up to ``timeout`` seconds, the others not at all."""
    try:
        event = inbound.get(timeout=timeout) if timeout > 0 else inbound.get_nowait()
        while True:
            yield event
            event = inbound.get_nowait()
    except queue.Empty:
        return


# -- one connection's outgoing side ----------------------------------------------------------------

class _Outbox:
    """What waits to be written to one connection, bounded in messages and characters."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.texts: deque[str] = deque()
        self.chars = 0
        self.ready = asyncio.Event()
        self.closing: tuple[int, str] | None = None

    def put(self, text: str) -> bool:
        """Queue ``text``; False when the queue is full (the peer does not read)."""
        if len(self.texts) >= self.limits.outgoing_messages or self.chars + len(text) > self.limits.outgoing_chars:
            return False
        self.texts.append(text)
        self.chars += len(text)
        self.ready.set()
        return True

    def close_after(self, code: int, reason: str) -> None:
        """Close once what is queued has been written."""
        if self.closing is None:
            self.closing = (code, reason[:MAX_REASON_CHARS])
        self.ready.set()

    async def write(self, websocket) -> None:
        """Write until closed: each queued message in order, then the close asked for."""
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                while self.texts:
                    text = self.texts.popleft()
                    self.chars -= len(text)
                    await websocket.send(text)
                if self.closing is not None:
                    await websocket.close(*self.closing)
                    return
        except ConnectionClosed:
            pass


MAX_REASON_CHARS = 120
"""A close frame's reason is at most 123 bytes; ours are short sentences."""


def describe_close(error: BaseException | None, websocket=None) -> str:
    """Why a connection ended, in a few words a person can read (the peer's own reason when it gave one)."""
    if isinstance(error, ConnectionClosed):
        received = error.rcvd
        if received is not None:
            return received.reason or f"closed (code {received.code})"
        return "the connection was lost"
    if error is None:
        reason = getattr(websocket, "close_reason", None)
        return reason or "closed"
    if isinstance(error, TimeoutError):
        return "no answer in time"
    if isinstance(error, ConnectionRefusedError):
        return "nothing answers at that address and port"
    if isinstance(error, InvalidURI):
        return "not an address"
    if isinstance(error, InvalidHandshake):
        return f"not a Game Night table ({str(error)[:80]})"
    if isinstance(error, OSError):
        return error.strerror or str(error)[:120] or "the connection failed"
    return f"{type(error).__name__}: {str(error)[:100]}"


# -- the host side ---------------------------------------------------------------------------------

@dataclass
class _Peer:
    websocket: ServerConnection
    outbox: _Outbox


class HostServer:
    """A WebSocket server for one table: ``start`` listens, ``inbound`` receives
    ``("open", conn_id, peer_address)``, ``("text", conn_id, text)`` and ``("close", conn_id, reason)``.

    ``handler_factory`` (optional) makes the object ``poll`` hands the events to: it has ``connected``,
    ``received`` and ``disconnected`` (and optionally ``pump(now)``), as ``TableHost`` has, and gets this
    server's ``send`` and ``close`` as its own. Without one, the caller reads ``inbound`` itself.
    """

    def __init__(self, handler_factory: Callable[[], object] | None = None, host: str = "127.0.0.1", port: int = 0,
                 limits: Limits | None = None, notify: Callable[[], None] | None = None):
        self.handler_factory = handler_factory
        self.notify = notify
        """Called on the network thread after each event is queued (e.g. ``threading.Event.set``), so a loop
        serving many tables can sleep until one of them has something."""
        self.handler = None
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.inbound: queue.Queue = queue.Queue()
        self.address: tuple[str, int] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server = None
        self._peers: dict[int, _Peer] = {}
        self._handing: list[tuple] = []
        self._handing_lock = threading.Lock()
        self._handing_scheduled = False
        self._holds = 0
        self._sockets_per_address: dict[str, int] = defaultdict(int)
        self._sockets = 0
        self._next_id = 0
        self.refused_sockets = 0
        """Connections turned away at the door (too many in all or from one address)."""
        self.cut_off = 0
        """Connections cut off because they did not read what was sent to them."""

    # -- from the owner's thread ---------------------------------------------------------------
    def start(self) -> tuple[str, int]:
        """Listen; the (host, port) listened on. OSError when the address cannot be used."""
        if self.handler_factory is not None and self.handler is None:
            self.handler = self.handler_factory()
            self.handler.send = self.send
            self.handler.close = self.close
        self.loop = network_thread.acquire()
        try:
            future = asyncio.run_coroutine_threadsafe(self._listen(), self.loop)
            self.address = future.result(self.limits.open_timeout + STOP_SECONDS)
        except BaseException:
            self.loop = None
            network_thread.release()
            raise
        return self.address

    def send(self, conn_id: int, text: str) -> None:
        """Queue ``text`` for a connection; returns at once. A connection that does not read is cut off."""
        self._hand_over((self._queue_text, conn_id, text))

    def close(self, conn_id: int, code: int = 1000, reason: str = "") -> None:
        """Close a connection once what is queued for it has been written; returns at once."""
        self._hand_over((self._close_after, conn_id, code, reason))

    def _hand_over(self, work: tuple) -> None:
        """Pass ``work`` to the loop in order; the sends and closes of one turn of the host's loop wake the network
        thread once, not once each."""
        loop = self.loop
        if loop is None:
            return  # not listening (yet, or any more): there is no connection to send to
        with self._handing_lock:
            self._handing.append(work)
            if self._handing_scheduled or self._holds:
                return
            self._handing_scheduled = True
        _call_soon(loop, self._take_over)

    @contextmanager
    def holding(self):
        """What is sent or closed inside the block waits, in order, until it ends: a host writes its save
        before any client hears of the move the save holds."""
        with self._handing_lock:
            self._holds += 1
        try:
            yield
        finally:
            with self._handing_lock:
                self._holds -= 1
                release = not self._holds and self._handing and not self._handing_scheduled
                if release:
                    self._handing_scheduled = True
            if release:
                _call_soon(self.loop, self._take_over)

    def _take_over(self) -> None:
        with self._handing_lock:
            works, self._handing = self._handing, []
            self._handing_scheduled = False
        for function, *args in works:
            function(*args)

    def poll(self, timeout: float = 0.0) -> bool:
        """Hand the events that arrived to the handler (waiting up to ``timeout`` for the first), then let it
        pump; True when anything arrived or the handler says something changed."""
        changed = False
        for kind, conn_id, text in arrivals(self.inbound, timeout):
            changed = True
            if kind == "open":
                self.handler.connected(conn_id)
            elif kind == "text":
                self.handler.received(conn_id, text)
            else:
                self.handler.disconnected(conn_id)
        pump = getattr(self.handler, "pump", None)
        if pump is not None and pump(time.monotonic()):
            changed = True
        return changed

    def pending(self) -> int:
        """Messages queued and not yet written, over all connections (a snapshot)."""
        return sum(len(peer.outbox.texts) for peer in list(self._peers.values()))

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every queued message to be written; True when they were."""
        deadline = time.monotonic() + timeout
        while self.loop is not None and self.pending() and time.monotonic() < deadline:
            time.sleep(0.01)
        return not self.pending()

    def stop(self, flush_seconds: float = 1.0) -> None:
        """Write what is queued (up to ``flush_seconds``), close every connection and stop listening."""
        if self.loop is None:
            return
        self.flush(flush_seconds)
        future = asyncio.run_coroutine_threadsafe(self._shut(), self.loop)
        try:
            future.result(self.limits.close_timeout + STOP_SECONDS)
        except Exception:  # noqa: BLE001 - the loop's end cancels what did not close
            log.warning("the table's server did not close in time", exc_info=True)
        self.loop = None
        network_thread.release()

    # -- on the loop -----------------------------------------------------------------------------
    async def _listen(self) -> tuple[str, int]:
        limits = self.limits
        self._server = await serve(
            self._serve_connection, self.host, self.port,
            max_size=limits.max_message_bytes, max_queue=limits.received_frames,
            ping_interval=limits.ping_interval, ping_timeout=limits.ping_timeout,
            open_timeout=limits.open_timeout, close_timeout=limits.close_timeout,
            compression=None, server_header=None, create_connection=self._connection_class(),
            logger=wire_log,
        )
        name = self._server.sockets[0].getsockname()
        return name[0], name[1]

    def _connection_class(self) -> type[ServerConnection]:
        server = self

        class CountedConnection(ServerConnection):
            """A connection counted against the caps from the moment TCP accepts it."""

            counted_as: str | None = None

            def connection_made(self, transport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if peer else "?"
                if server._admit(address):
                    self.counted_as = address
                else:
                    transport.abort()

            def connection_lost(self, exc) -> None:
                if self.counted_as is not None:
                    server._leave(self.counted_as)
                    self.counted_as = None
                super().connection_lost(exc)

        return CountedConnection

    def _arrived(self, event: tuple) -> None:
        self.inbound.put(event)
        if self.notify is not None:
            self.notify()

    def _admit(self, address: str) -> bool:
        limits = self.limits
        if self._sockets >= limits.max_connections or self._sockets_per_address[address] >= limits.max_per_address:
            self.refused_sockets += 1
            return False
        self._sockets += 1
        self._sockets_per_address[address] += 1
        return True

    def _leave(self, address: str) -> None:
        self._sockets -= 1
        self._sockets_per_address[address] -= 1
        if self._sockets_per_address[address] <= 0:
            del self._sockets_per_address[address]

    async def _serve_connection(self, websocket: ServerConnection) -> None:
        self._next_id += 1
        conn_id = self._next_id
        peer = _Peer(websocket, _Outbox(self.limits))
        self._peers[conn_id] = peer
        address = websocket.remote_address
        self._arrived(("open", conn_id, str(address[0]) if address else ""))
        writer = asyncio.create_task(peer.outbox.write(websocket))
        reason = "closed"
        try:
            reason = await self._read(conn_id, websocket)
        finally:
            del self._peers[conn_id]
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)
            self._arrived(("close", conn_id, reason))

    async def _read(self, conn_id: int, websocket: ServerConnection) -> str:
        loop = asyncio.get_running_loop()
        bucket = TokenBucket(self.limits.messages_per_second, self.limits.message_burst, loop.time())
        try:
            async for message in websocket:
                if not isinstance(message, str):
                    await websocket.close(1003, "text messages only")
                    return "sent a binary message"
                wait = bucket.take(loop.time())
                if wait > 0:
                    await asyncio.sleep(wait)
                self._arrived(("text", conn_id, message))
        except ConnectionClosed as closed:
            return describe_close(closed)
        return describe_close(None, websocket)

    def _queue_text(self, conn_id: int, text: str) -> None:
        peer = self._peers.get(conn_id)
        if peer is None or peer.outbox.closing is not None:
            return
        if not peer.outbox.put(text):
            self.cut_off += 1
            log.info("connection %d does not read what the table sends: cut off", conn_id)
            peer.outbox.texts.clear()
            peer.outbox.closing = (1008, "")
            peer.websocket.transport.abort()

    def _close_after(self, conn_id: int, code: int, reason: str) -> None:
        peer = self._peers.get(conn_id)
        if peer is not None:
            peer.outbox.close_after(code, reason)

    async def _shut(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


# -- the client side -------------------------------------------------------------------------------

class ClientConnection:
    """One connection to a table's host: ``start`` connects in the background, ``inbound`` receives
    ``("open", "")``, ``("text", text)`` and, once, ``("close", reason)``; ``send`` queues and returns.

    Messages sent before the connection opens wait for it. A connection that ends is not reopened here:
    whoever holds it decides whether to join again (with its seat's token).
    """

    def __init__(self, url: str, limits: Limits | None = None, notify: Callable[[], None] | None = None):
        self.url = url
        self.limits = limits or Limits()
        self.notify = notify
        """Called on the network thread after each event is queued, as ``HostServer.notify`` is."""
        self.inbound: queue.Queue = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._outbox: _Outbox | None = None
        self._early: list[str] = []
        self._running = None
        self.close_code: int | None = None
        """The code the host closed with (set before the "close" event), None when it gave none."""

    def start(self) -> None:
        self.loop = network_thread.acquire()
        self._running = asyncio.run_coroutine_threadsafe(self._run(), self.loop)

    def send(self, text: str) -> None:
        """Queue ``text`` for the host; returns at once."""
        _call_soon(self.loop, self._queue_text, text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close once what is queued has been written; returns at once."""
        _call_soon(self.loop, self._close_after, code, reason)

    @property
    def finished(self) -> bool:
        """True once the connection has ended (its "close" event is in ``inbound``)."""
        return self._running is not None and self._running.done()

    def stop(self) -> None:
        """Close (after what is queued) and end; returns when the connection is gone."""
        if self.loop is None:
            return
        self.close(1000, "")
        try:
            self._running.result(self.limits.close_timeout + STOP_SECONDS)
        except Exception:  # noqa: BLE001 - the loop's end cancels a connection that did not close
            log.warning("a connection to a table did not close in time", exc_info=True)
        self.loop = None
        network_thread.release()

    async def _run(self) -> None:
        limits = self.limits
        reason = "closed"
        try:
            async with connect(
                self.url, max_size=limits.max_message_bytes, max_queue=limits.received_frames,
                ping_interval=limits.ping_interval, ping_timeout=limits.ping_timeout,
                open_timeout=limits.open_timeout, close_timeout=limits.close_timeout,
                compression=None, proxy=None, user_agent_header=None, logger=wire_log,
            ) as websocket:
                self._outbox = _Outbox(limits)
                for text in self._early:
                    self._outbox.put(text)
                self._early.clear()
                self._arrived(("open", ""))
                writer = asyncio.create_task(self._outbox.write(websocket))
                try:
                    async for message in websocket:
                        if isinstance(message, str):
                            self._arrived(("text", message))
                    reason = describe_close(None, websocket)
                    self.close_code = websocket.close_code
                finally:
                    writer.cancel()
                    await asyncio.gather(writer, return_exceptions=True)
        except asyncio.CancelledError:
            reason = "stopped"
            raise
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed, ValueError) as error:
            reason = describe_close(error)
            if isinstance(error, ConnectionClosed) and error.rcvd is not None:
                self.close_code = error.rcvd.code
        finally:
            self._arrived(("close", reason))

    def _arrived(self, event: tuple) -> None:
        self.inbound.put(event)
        if self.notify is not None:
            self.notify()

    def _queue_text(self, text: str) -> None:
        if self._outbox is None:
            self._early.append(text)
        elif not self._outbox.put(text):
            log.info("the host does not read what this client sends: closing")
            self._outbox.close_after(1008, "")

    def _close_after(self, code: int, reason: str) -> None:
        if self._outbox is not None:
            self._outbox.close_after(code, reason)
        elif self._running is not None:
            self._running.cancel()
