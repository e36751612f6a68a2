"""Faults across real sockets on 127.0.0.1, each side a process of its own: a client killed mid-game, the host
killed mid-game, a client that stops reading. Every game still ends as the same game played unbroken at one
screen from the same seeds, its log action for action."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.core.saves import read_record
from game.net import protocol
from tests.net.conftest import host_args, join_args, masked_text_frame, raw_websocket
from tests.net.test_cli_net import local_twin, summary

SEED = 21
SEATS = "remote,remote"


def saved_actions(save: Path) -> int:
    try:
        return len(read_record(save)["actions"])
    except Exception:  # noqa: BLE001 - the host has not written it yet
        return 0


def wait_until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)


def start_table(programs):
    host = programs(host_args("kahuna", SEATS, SEED))
    port, code = host.line("port"), host.line("code")
    clients = [programs(join_args(port, code, seat, SEED), data=f"client{seat}") for seat in (1, 2)]
    return host, port, code, clients


@pytest.mark.slow
def test_a_client_killed_mid_game_rejoins_with_its_token_and_the_game_ends_unbroken(programs, tmp_path):
    host, port, code, (first, second) = start_table(programs)
    save = Path(host.line("save"))
    wait_until(lambda: saved_actions(save) >= 40, 60, "forty actions")
    first.kill()
    record = json.loads((tmp_path / "client1" / "rejoin.json").read_text(encoding="utf-8"))["seats"]
    assert [(entry["seat"], entry["token"]) for entry in record] == [(0, read_record(save)["net"]["tokens"]["0"])]
    time.sleep(1.5)
    waiting = saved_actions(save)
    time.sleep(1.0)
    assert saved_actions(save) == waiting, "the table went on without the killed client's seat"
    # The same computer again: its rejoin record holds the token; the code alone could not take a claimed seat.
    again = programs(join_args(port, code, 1, SEED), data="client1")
    twin = summary(local_twin("kahuna", SEATS, SEED, {0: "easy", 1: "easy"}))
    assert [host.result(120), second.result(120), again.result(120)] == [twin] * 3
    assert read_record(save)["actions"] == local_twin("kahuna", SEATS, SEED, {0: "easy", 1: "easy"}).actions()
    assert not (tmp_path / "client1" / "rejoin.json").exists() or "seats\": []" in (
        tmp_path / "client1" / "rejoin.json").read_text(encoding="utf-8"), "a finished table's token was kept"


@pytest.mark.slow
def test_a_host_killed_mid_game_resumes_from_its_save_and_the_clients_rejoin(programs):
    host, port, code, clients = start_table(programs)
    save = Path(host.line("save"))
    wait_until(lambda: saved_actions(save) >= 40, 60, "forty actions")
    host.kill()
    for client in clients:
        client.line("lost", timeout=10)
    resumed = programs(["--host", "--load", str(save), "--repeatable"])  # on the port it listened on before
    assert resumed.line("code") == code and resumed.line("port") == port
    twin = local_twin("kahuna", SEATS, SEED, {0: "easy", 1: "easy"})
    assert [resumed.result(120)] + [client.result(120) for client in clients] == [summary(twin)] * 3
    assert read_record(save)["actions"] == twin.actions()
    assert all(client.wait(30) == 0 for client in clients)


@pytest.mark.slow
def test_a_client_that_stops_reading_is_played_by_the_ai_while_the_other_plays_on(programs):
    host = programs(host_args("kahuna", SEATS, SEED, "--away", "5"))
    port, code = host.line("port"), host.line("code")
    player = programs(join_args(port, code, 1, SEED), data="client1")
    host.line("seats", after=5, timeout=30)  # seat 1 joined
    stalled = raw_websocket(int(port), receive_buffer=4096)
    try:
        stalled.sendall(masked_text_frame(protocol.encode({"t": "hello", "app": protocol.APP_VERSION, "code": code,
                                                            "seat": 1})))
        started = time.monotonic()
        # Seat 2 joined and never answers: its turn waits five seconds, then the host's AI (normal) plays
        # it; seat 1 plays on.
        twin = summary(local_twin("kahuna", SEATS, SEED, {0: "easy"}))
        assert [host.result(120), player.result(120)] == [twin] * 2
        assert "seats: 1 remote (joined), 2 remote (joined)" in host.lines
        assert [line for line in host.lines if line.startswith("away: ")] == [
            "away: seat 2 waited 5 s; the AI plays it until its player joins again"]
        assert time.monotonic() - started < 90
    finally:
        stalled.close()


def test_a_seat_taken_from_elsewhere_is_not_taken_back_forever(host_loop, data_dir):
    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.games import get_spec
    from game.net.client import RemoteTable
    from game.net.headless import RemoteLink
    from game.net.host import TableHost
    from tests.net.helpers import InlineWorker

    spec = get_spec("kahuna")
    controller = Controller(spec.ruleset, GameConfig((SeatConfig("remote"), SeatConfig("remote")), {}), 1)
    table = host_loop(lambda: TableHost(spec, controller, worker=InlineWorker()))
    port = table.address[1]
    first = RemoteLink(RemoteTable(), "127.0.0.1", port, table.server.handler.code, seat=0)
    second = RemoteLink(RemoteTable(), "127.0.0.1", port, table.server.handler.code, seat=0)  # same computer
    links = [first, second]
    try:
        first.start()
        pump_until(links, lambda: first.status == "joined")
        second.start()  # finds the first one's rejoin record: the same token
        pump_until(links, lambda: second.status == "joined" and first.done)
        assert first.status == "refused" and "elsewhere" in first.reason
        time.sleep(0.5)
        pump_until(links, lambda: True)
        assert second.status == "joined" and first.connection is None
        assert table.server.handler.holders == {0: max(table.server.handler.connections)}
    finally:
        for link in links:
            link.stop()


def pump_until(links, condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        for link in links:
            link.pump(0.01)
        if condition():
            return
        assert time.monotonic() < deadline, [(link.status, link.reason) for link in links]


@pytest.mark.slow
def test_a_host_killed_right_after_answering_resumes_with_the_move_it_answered(programs, data_dir):
    from game.core.rules import action_key
    from game.net.client import RemoteTable
    from game.net.headless import AIPlayer, RemoteLink

    host = programs(host_args("kahuna", "remote,ai:easy", SEED))
    code, save = host.line("code"), Path(host.line("save"))
    table = RemoteTable()
    link = RemoteLink(table, "127.0.0.1", int(host.line("port")), code, seat=0)
    player = AIPlayer(table, "easy", SEED)
    answered = 0
    sent: int | None = None
    link.start()
    try:
        deadline = time.monotonic() + 60
        while answered < 8:
            assert time.monotonic() < deadline and not link.done, (link.status, link.reason)
            link.pump(0.005)
            if sent is not None and len(table.log) > sent:
                answered += 1
                # The answer has just arrived: the save already holds it and everything told before it.
                saved = read_record(save)["actions"]
                assert len(saved) >= len(table.log) and action_key(saved[sent]) == action_key(table.log[sent].action)
                if answered == 8:
                    host.kill()
                    break
                sent = None
            if sent is None and link.status == "joined" and table.legal_actions():
                sent = len(table.log)
                player.step()
                link.pump()
        mine = table.log[sent].action
        resumed = programs(["--host", "--load", str(save), "--repeatable"])
        assert resumed.line("code") == code
        deadline = time.monotonic() + 30
        while not (link.status == "joined" and len(table.log) > sent and link.connection is not None
                   and not link.connection.finished):
            assert time.monotonic() < deadline, (link.status, link.reason)
            link.pump(0.02)
        assert action_key(table.log[sent].action) == action_key(mine) and table.log[sent].seat == 0
    finally:
        link.stop()
