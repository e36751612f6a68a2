"""The wire's bounds, seen from outside: an echo table on 127.0.0.1 and clients that behave and that do not.

Each test asserts what a peer can observe (what arrives, when, and which connections survive), with the
bounds shrunk so that they act within a second.
"""

from __future__ import annotations

import os
import socket
import statistics
import time

import pytest

from game.net.transport import ClientConnection, HostServer, Limits, TokenBucket
from tests.net.conftest import LOOPBACK, next_event, raw_websocket, wait_for


class EchoHandler:
    def __init__(self):
        self.opened: list[int] = []
        self.closed: list[int] = []
        self.texts: list[tuple[int, str, float]] = []

    def connected(self, conn_id):
        self.opened.append(conn_id)

    def received(self, conn_id, text):
        self.texts.append((conn_id, text, time.monotonic()))
        self.send(conn_id, text)

    def disconnected(self, conn_id):
        self.closed.append(conn_id)


def client(url: str, limits: Limits | None = None) -> ClientConnection:
    connection = ClientConnection(url, limits)
    connection.start()
    assert next_event(connection.inbound) == ("open", "")
    return connection


def round_trip(connection: ClientConnection, text: str) -> float:
    """Seconds from sending ``text`` to receiving it back."""
    started = time.perf_counter()
    connection.send(text)
    assert next_event(connection.inbound) == ("text", text)
    return time.perf_counter() - started


def closed_by_peer(sock: socket.socket, timeout: float) -> bool:
    """Whether the peer closes (or resets) ``sock`` within ``timeout`` seconds; what it sends is read and dropped."""
    sock.settimeout(timeout)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if not sock.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False


def test_echo_round_trip_and_the_events_in_order(host_loop):
    table = host_loop(EchoHandler)
    connection = client(table.url())
    try:
        assert round_trip(connection, "hello") < 1.0
        assert round_trip(connection, "日本語も") < 1.0
    finally:
        connection.stop()
    assert wait_for(connection.inbound, "close")[0] == "close"
    deadline = time.monotonic() + 5
    while not table.server.handler.closed and time.monotonic() < deadline:
        time.sleep(0.01)
    handler = table.server.handler
    assert handler.opened == handler.closed == [1]
    assert [text for _, text, _ in handler.texts] == ["hello", "日本語も"]


def test_what_is_sent_while_holding_goes_out_in_order_only_when_the_hold_ends(no_network_left):
    server = HostServer(None, LOOPBACK, 0)
    port = server.start()[1]
    connection = client(f"ws://{LOOPBACK}:{port}/")
    try:
        kind, conn_id, _ = next_event(server.inbound)
        assert kind == "open"
        with server.holding():
            server.send(conn_id, "first")
            with server.holding():
                server.send(conn_id, "second")
            time.sleep(0.2)
            assert connection.inbound.empty(), "a message went out while held"
        assert [next_event(connection.inbound), next_event(connection.inbound)] == [("text", "first"),
                                                                                   ("text", "second")]
        server.send(conn_id, "third")  # no longer held
        assert next_event(connection.inbound) == ("text", "third")
    finally:
        connection.stop()
        server.stop(0)


def test_an_oversized_frame_closes_only_its_own_connection(host_loop):
    limits = Limits(max_message_bytes=1024)
    table = host_loop(EchoHandler, limits)
    big = client(table.url())
    other = client(table.url())
    try:
        big.send("x" * 2000)
        reason = wait_for(big.inbound, "close")[1]
        assert "exceeds limit of 1024 bytes" in reason
        assert round_trip(other, "y" * 1000) < 1.0
        assert all(len(text) <= 1024 for _, text, _ in table.server.handler.texts)
    finally:
        big.stop()
        other.stop()


def test_a_binary_frame_is_refused(host_loop):
    table = host_loop(EchoHandler, Limits(close_timeout=0.5))
    sock = raw_websocket(table.address[1])
    try:
        # A masked binary frame of four bytes (opcode 2), as a client must send it.
        mask = os.urandom(4)
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(b"\x00\x01\x02\x03"))
        sock.sendall(bytes([0x82, 0x80 | 4]) + mask + payload)
        assert closed_by_peer(sock, 5)
    finally:
        sock.close()
    assert table.server.handler.texts == []


def test_a_flood_is_metered_and_the_others_stay_quick(host_loop):
    limits = Limits(messages_per_second=100, message_burst=10)
    table = host_loop(EchoHandler, limits)
    flood = client(table.url())
    calm = client(table.url())
    try:
        for index in range(60):
            flood.send(f"flood {index}")
        trips = [round_trip(calm, f"calm {index}") for index in range(10)]
        for index in range(60):
            assert wait_for(flood.inbound, "text", timeout=5) == ("text", f"flood {index}")
    finally:
        flood.stop()
        calm.stop()
    arrivals = [at for conn_id, text, at in table.server.handler.texts if text.startswith("flood")]
    assert len(arrivals) == 60
    # Past the burst of ten, one message each hundredth of a second: fifty more take half a second at least.
    assert arrivals[-1] - arrivals[0] >= 0.45
    # Queued behind the flood, the calm client's messages would wait about half a second each; the median
    # (a loaded machine can delay any one message) stays well clear of that.
    assert statistics.median(trips) < 0.25


def test_a_client_that_stops_reading_is_cut_off_while_another_plays_on(host_loop):
    limits = Limits(outgoing_messages=32, outgoing_chars=256 * 1024)
    table = host_loop(EchoHandler, limits)
    stalled = raw_websocket(table.address[1], receive_buffer=4096)
    server = table.server
    deadline = time.monotonic() + 5
    while not server.handler.opened and time.monotonic() < deadline:
        time.sleep(0.01)
    calm = client(table.url())
    try:
        stalled_id = server.handler.opened[0]  # it joined first
        chunk = "z" * 60_000
        trips = []
        for _ in range(400):  # 24 MB offered to a reader that takes none of it
            server.send(stalled_id, chunk)
            if server.cut_off:
                break
        for index in range(20):
            trips.append(round_trip(calm, f"still here {index}"))
        assert server.cut_off == 1
        assert closed_by_peer(stalled, 5)
        # The median, since a loaded machine can delay any one message; a host waiting on the stalled reader
        # would hold every one of them for seconds.
        assert statistics.median(trips) < 0.1
        assert max(trips) < 2.0
    finally:
        stalled.close()
        calm.stop()


@pytest.mark.parametrize("junk", [
    b"\x00\xff" * 512,
    b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    b"hello there\r\n\r\n",
    b"",
], ids=["binary junk", "plain HTTP", "not HTTP", "silence"])
def test_junk_and_silence_do_not_hurt_the_host(host_loop, junk):
    limits = Limits(open_timeout=0.5)
    table = host_loop(EchoHandler, limits)
    sock = socket.create_connection((LOOPBACK, table.address[1]), timeout=5)
    try:
        if junk:
            sock.sendall(junk)
        assert closed_by_peer(sock, 3), "the host kept a connection that never became a WebSocket"
    finally:
        sock.close()
    connection = client(table.url())
    try:
        assert round_trip(connection, "after the junk") < 1.0
    finally:
        connection.stop()
    assert table.server.handler.opened == [1], "only the real client reached the table"


def test_connections_are_capped_per_address(host_loop):
    table = host_loop(EchoHandler, Limits(max_per_address=2))
    first, second = client(table.url()), client(table.url())
    third = ClientConnection(table.url())
    third.start()
    try:
        assert wait_for(third.inbound, "close")[0] == "close"
        assert table.server.refused_sockets == 1
        first.stop()
        time.sleep(0.2)
        fourth = client(table.url())
        assert round_trip(fourth, "room again") < 1.0
        fourth.stop()
    finally:
        for connection in (first, second, third):
            connection.stop()


def test_nothing_listening_is_told_plainly(no_network_left):
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    connection = ClientConnection(f"ws://{LOOPBACK}:{port}/")
    connection.start()
    try:
        assert next_event(connection.inbound) == ("close", "nothing answers at that address and port")
    finally:
        connection.stop()


def test_stop_closes_clients_and_leaves_no_thread(no_network_left):
    server = HostServer(EchoHandler, LOOPBACK, 0)
    host, port = server.start()
    connection = client(f"ws://{host}:{port}/")
    server.stop()
    assert wait_for(connection.inbound, "close")[0] == "close"
    connection.stop()
    server.send(1, "after the end")  # nothing to send it on: ignored, not raised
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind((LOOPBACK, port))  # the port is free again


def test_the_token_bucket_allows_its_burst_then_its_rate():
    bucket = TokenBucket(rate=10, burst=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(0.1)
    assert bucket.take(0.5) == 0.0  # half a second later five tokens came back, up to the burst


def test_a_peer_that_answers_no_ping_is_dropped(host_loop):
    table = host_loop(EchoHandler, Limits(ping_interval=0.2, ping_timeout=0.3, close_timeout=0.2))
    silent = raw_websocket(table.address[1])  # completes the handshake, then never reads or answers a ping
    try:
        started = time.monotonic()
        deadline = started + 5
        while len(table.server.handler.closed) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table.server.handler.closed == table.server.handler.opened == [1]
        assert time.monotonic() - started < 2.5
    finally:
        silent.close()
