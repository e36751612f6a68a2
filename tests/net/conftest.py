"""Shared fixtures of the network tests: a host loop in a thread, and the check that nothing of the
network outlives a test. Every address here is 127.0.0.1."""

from __future__ import annotations

import threading
import time

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
