"""Shared fixtures of the network tests: a host loop in a thread, and the check that nothing of the
network outlives a test. Every address here is 127.0.0.1."""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.net import transport

LOOPBACK = "127.0.0.1"


def network_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "gamenight-net" and thread.is_alive()]


@pytest.fixture
def no_network_left():
    """Fails the test when the network's loop thread is still running after it."""
    yield
    deadline = time.monotonic() + 5
    while network_threads() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert network_threads() == [], "the network thread outlived its servers and connections"
    assert transport.network_thread.users == 0


class HostLoop:
    """A HostServer whose events a background thread hands to its handler, as the headless host does."""

    def __init__(self, handler_factory, limits=None):
        self.server = transport.HostServer(handler_factory, LOOPBACK, 0, limits)
        self.running = True
        self.thread = threading.Thread(target=self._loop, name="test-host-loop", daemon=True)

    def start(self):
        self.address = self.server.start()
        self.thread.start()
        return self

    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.address[1]}/"

    def _loop(self):
        while self.running:
            self.server.poll(0.01)

    def stop(self):
        self.running = False
        self.thread.join(5)
        self.server.stop()


@pytest.fixture
def host_loop(no_network_left):
    """Start a host loop for a handler factory (and limits); every one started is stopped after the test."""
    started = []

    def start(handler_factory, limits=None) -> HostLoop:
        loop = HostLoop(handler_factory, limits).start()
        started.append(loop)
        return loop

    yield start
    for loop in started:
        loop.stop()


def next_event(inbound, timeout: float = 5.0):
    """The next event of an inbound queue; fails the test after ``timeout`` seconds."""
    return inbound.get(timeout=timeout)


def wait_for(inbound, kind: str, timeout: float = 5.0):
    """The first event of ``kind`` in an inbound queue (others before it are dropped)."""
    deadline = time.monotonic() + timeout
    while True:
        event = inbound.get(timeout=max(0.001, deadline - time.monotonic()))
        if event[0] == kind:
            return event


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The game's data and config folders in ``tmp_path`` (saves, rejoin records, settings)."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "data"


ROOT = Path(__file__).resolve().parents[2]


class Program:
    """One ``main.py`` process whose output lines a thread collects as they come."""

    def __init__(self, args: list[str], env: dict):
        self.args = args
        self.process = subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, env=env, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def line(self, prefix: str, timeout: float = 30.0, after: int = 0) -> str:
        """The text after ``prefix: `` of the first such line (from line ``after`` on), waiting for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines[after:]:
                if line.startswith(prefix + ": "):
                    return line[len(prefix) + 2:]
            if self.process.poll() is not None and not self.reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"no {prefix!r} line from {self.args}: {self.lines} {self.stderr_text()}")

    def result(self, timeout: float) -> dict:
        return json.loads(self.line("result", timeout))

    def wait(self, timeout: float) -> int:
        code = self.process.wait(timeout)
        self.reader.join(5)
        return code

    def kill(self) -> None:
        """kill -9: no chance to save, close or say goodbye."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stderr_text(self) -> str:
        if self.process.poll() is None:
            return ""
        return self.process.stderr.read()[-3000:]

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        self.process.stdout.close()
        self.process.stderr.close()


@pytest.fixture
def programs(tmp_path):
    """Start ``main.py`` processes (all on 127.0.0.1) with the game's folders in ``tmp_path``; each is ended
    after the test. ``start(args, data=name)`` gives a process its own data folder (a computer of its own)."""
    started: list[Program] = []

    def start(args: list[str], data: str = "host") -> Program:
        env = dict(os.environ, GAMENIGHT_DATA_DIR=str(tmp_path / data), GAMENIGHT_CONFIG_DIR=str(tmp_path / "config"),
                   GAMENIGHT_LOG_DIR=str(tmp_path / "logs"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        program = Program(args, env)
        started.append(program)
        return program

    yield start
    for program in started:
        program.end()


def host_args(game: str, seats: str, seed: int, *extra: str) -> list[str]:
    return ["--host", "--game", game, "--seats", seats, "--port", "0", "--seed", str(seed), "--repeatable", *extra]


def join_args(port: str, code: str, seat: int, seed: int, level: str = "easy", *extra: str) -> list[str]:
    return ["--join", f"{LOOPBACK}:{port}", "--code", code, "--seat", str(seat), "--ai", level, "--seed", str(seed),
            "--repeatable", *extra]


def raw_websocket(port: int, receive_buffer: int | None = None) -> socket.socket:
    """A socket that completes a WebSocket handshake by hand and then does whatever the test wants."""
    sock = socket.create_connection((LOOPBACK, port), timeout=5)
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = sock.recv(1)
        assert chunk, "the host closed during the handshake"
        response += chunk
    assert response.startswith(b"HTTP/1.1 101"), response
    return sock


def masked_text_frame(text: str) -> bytes:
    """One text frame as a client must send it (masked), for a socket that speaks WebSocket by hand."""
    payload = text.encode("utf-8")
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        header = bytes([0x81, 0x80 | length])
    elif length < 65536:
        header = bytes([0x81, 0x80 | 126]) + length.to_bytes(2, "big")
    else:
        header = bytes([0x81, 0x80 | 127]) + length.to_bytes(8, "big")
    return header + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))


@pytest.fixture
def lan_app(tmp_path, monkeypatch, no_network_left):
    """An app with its own data and settings folders, discovery bound to loopback, its scenes closed after."""
    from tests.uidriver import make_app

    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GAMENIGHT_LAN", "loopback")
    made = make_app()
    yield made
    for scene in list(reversed(made.scenes)):
        scene.on_exit()
