"""``gamenight --host`` and ``gamenight --join``: their arguments, and whole games through real sockets on
127.0.0.1 whose results equal the same games played at one screen from the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import parse_seats, run
from game.core.rules import GameConfig
from game.core.saves import read_record
from game.games import get_spec
from game.net.headless import DEFAULT_PORT, join_addresses, parse_address
from tests.net.conftest import LOOPBACK, host_args, join_args
from tests.net.helpers import local_game


def refused(capsys, argv: list[str]) -> str:
    assert run(argv) == 2
    message = capsys.readouterr().err
    assert message.startswith("gamenight: ") and message.count("\n") == 1 and "Traceback" not in message
    return message


@pytest.mark.parametrize("argv, reason", [
    (["--host", "--join", "127.0.0.1", "--game", "kahuna"], "cannot go together"),
    (["--port", "5000", "--game", "kahuna"], "--port goes with --host"),
    (["--bind", "0.0.0.0"], "--bind goes with --host"),
    (["--away", "30"], "--away goes with --host"),
    (["--host", "--game", "kahuna", "--seats", "remote,remote", "--away", "nan"], "--away is a number"),
    (["--code", "7KQ2-M9XD-4FHT"], "--code goes with --join"),
    (["--ai", "easy"], "--ai goes with --join"),
    (["--join", "127.0.0.1", "--ai", "easy"], "needs --code"),
    (["--join", "127.0.0.1", "--code", "7KQ2-M9XD-4FH", "--ai", "easy"], "not a table code"),
    (["--join", "127.0.0.1", "--code", "7KQ2-M9XD-4FHT", "--seat", "0", "--ai", "easy"], "--seat is a number"),
    (["--join", "127.0.0.1", "--code", "7KQ2-M9XD-4FHT", "--name", "x" * 17, "--ai", "easy"], "at most 16"),
    (["--join", "127.0.0.1:99999", "--code", "7KQ2-M9XD-4FHT", "--ai", "easy"], "from 1 to 65535"),
    (["--join", "127.0.0.1", "--code", "7KQ2-M9XD-4FHT", "--game", "kahuna", "--ai", "easy"], "from the host"),
    (["--host"], "needs --game"),
    (["--host", "--game", "kahuna", "--seats", "human,remote"], "no one at its own screen"),
    (["--host", "--game", "kahuna", "--seats", "ai:easy,ai:hard"], "needs a remote seat"),
    (["--host", "--game", "kahuna", "--seats", "remote,remote,remote"], "kahuna takes 2 to 2 seats"),
    (["--host", "--game", "kahuna", "--seats", "remote,remote", "--bind", "everyone"], "--bind takes an address"),
    (["--host", "--game", "kahuna", "--seats", "remote,remote", "--port", "70000"], "--port is a number"),
    (["--game", "kahuna", "--seats", "human,remote", "--frames", "1"], "with --host"),
    (["--autoplay", "--game", "kahuna", "--seats", "ai,remote"], "AI seats only"),
])
def test_arguments_that_cannot_be_used_are_refused_in_one_line(data_dir, capsys, argv, reason):
    assert reason in refused(capsys, argv)


def test_a_resumed_table_keeps_its_seats_and_refuses_new_ones(data_dir, capsys, tmp_path):
    message = refused(capsys, ["--host", "--load", str(tmp_path / "missing.json"), "--seats", "remote,remote"])
    assert "cannot change it" in message
    assert "missing.json" in refused(capsys, ["--host", "--load", str(tmp_path / "missing.json")])


def test_a_hosted_tables_save_is_resumed_only_by_a_host(data_dir, capsys):
    from game.core.controller import Controller
    from game.core.saves import new_save_path, write_save

    spec = get_spec("kahuna")
    config = GameConfig(parse_seats("remote,ai:easy"), spec.default_options())
    path = new_save_path("kahuna")
    write_save(path, Controller(spec.ruleset, config, 1), "kahuna", {"code": "7KQ2-M9XD-4FHT"})
    assert "resume its save) with --host" in refused(capsys, ["--load", str(path), "--frames", "1"])


def test_seats_may_be_remote_with_a_name():
    assert [(seat.kind, seat.name) for seat in parse_seats("remote:Hanako,remote,ai:hard")] == [
        ("remote", "Hanako"), ("remote", ""), ("ai", "")]


@pytest.mark.parametrize("text, address", [
    ("example.org", ("example.org", DEFAULT_PORT)),
    ("127.0.0.1:5000", ("127.0.0.1", 5000)),
    ("[::1]:5000", ("::1", 5000)),
    ("[::1]", ("::1", DEFAULT_PORT)),
    ("fe80::1", ("fe80::1", DEFAULT_PORT)),
])
def test_an_address_is_a_host_and_a_port(text, address):
    assert parse_address(text) == address


@pytest.mark.parametrize("text", ["", ":5000", "host:port", "[::1", "a b:5", "host:0", "user@host:5"])
def test_what_is_not_an_address_is_refused(text):
    with pytest.raises(ValueError):
        parse_address(text)


def test_a_table_on_loopback_is_joined_only_there_and_one_on_every_interface_names_them():
    assert join_addresses(LOOPBACK, 5000) == ["127.0.0.1:5000"]
    everywhere = join_addresses("0.0.0.0", 5000)
    assert everywhere[0] == "127.0.0.1:5000"
    assert all(address.endswith(":5000") and not address.startswith(("169.254.", "[fe80")) for address in everywhere)


# -- whole games -----------------------------------------------------------------------------------------

def local_twin(game: str, seats: str, seed: int, levels: dict[int, str]):
    """The same game at one screen: each remote seat's AI (``levels``) and each AI seat decide with the seed."""
    spec = get_spec(game)
    config = GameConfig(parse_seats(seats), spec.default_options())

    def agent_for(seat: int):
        level = levels.get(seat) or config.seats[seat].level
        return spec.make_agent(level), seed

    return local_game(spec, config, seed, agent_for)


def summary(controller) -> dict:
    result = controller.result()
    return {"scores": list(result.scores), "ranks": list(result.ranks), "winners": result.winners,
            "actions": len(controller.log)}


def play_across(programs, game: str, seats: str, seed: int, level: str = "easy", timeout: float = 240):
    """A headless host and one ``--join --ai`` client per remote seat, each a process of its own; the
    host's and every client's result, and the host's save."""
    host = programs(host_args(game, seats, seed))
    port, code = host.line("port"), host.line("code")
    remote = [index for index, seat in enumerate(parse_seats(seats)) if seat.is_remote]
    clients = [programs(join_args(port, code, seat + 1, seed, level), data=f"client{seat}") for seat in remote]
    results = [host.result(timeout)] + [client.result(timeout) for client in clients]
    assert host.wait(30) == 0 and all(client.wait(30) == 0 for client in clients)
    return results, read_record(Path(host.line("save"))), {seat: level for seat in remote}


@pytest.mark.slow
def test_kahuna_across_computers_ends_as_at_one_screen(programs):
    results, save, levels = play_across(programs, "kahuna", "remote,remote", seed=3)
    twin = local_twin("kahuna", "remote,remote", 3, levels)
    assert results == [summary(twin)] * 3
    assert save["actions"] == twin.actions() and save["finished"]


@pytest.mark.slow
@pytest.mark.parametrize("game, seats, seed", [
    # The easy AI everywhere, and for each game a seed whose game is among the shortest of the first eight.
    ("catan", "remote,remote,ai:easy", 7),
    ("catan_2p", "remote,remote", 1),
    ("catan_ck", "remote,remote,remote,remote", 8),
    ("catan_ck_2p", "remote,remote", 8),
    ("cannonades", "remote,remote,remote,remote,remote", 7),
    ("copenhagen", "remote,ai:easy,remote", 5),
])
def test_every_game_across_computers_ends_as_at_one_screen(programs, game, seats, seed):
    results, save, levels = play_across(programs, game, seats, seed=seed, timeout=900)
    twin = local_twin(game, seats, seed, levels)
    assert results == [summary(twin)] * len(results)
    assert save["actions"] == twin.actions()


def test_the_host_prints_lines_a_script_reads(programs):
    host = programs(host_args("kahuna", "remote:Hanako,remote", 1))
    assert host.line("code").count("-") == 2
    assert int(host.line("port")) > 0
    assert host.line("join") == f"{LOOPBACK}:{host.line('port')}"
    assert host.line("seats") == "1 remote Hanako (free), 2 remote (free)"
    save = json.loads(open(host.line("save"), encoding="utf-8").read())
    assert save["net"]["code"] == host.line("code") and save["net"]["claimed"] == []


def test_the_self_tests_network_table_round_trips_and_fails_when_a_move_is_lost(data_dir, monkeypatch,
                                                                                 no_network_left):
    from game.net.host import TableHost
    from game.selftest import network_round_trip

    network_round_trip()
    monkeypatch.setattr(TableHost, "_on_act", lambda self, connection, message: None)
    with pytest.raises(AssertionError, match="the first action did not happen"):
        network_round_trip(seconds=2)


def test_the_build_carries_the_network_modules():
    pytest.importorskip("PyInstaller")
    from tests.packaging.bundle_layout import read_spec

    [analysis] = read_spec()["Analysis"]
    assert {"websockets.asyncio.client", "websockets.asyncio.server", "ifaddr"} <= set(analysis.kwargs["hiddenimports"])
    assert not {"ssl", "_ssl"} & set(analysis.kwargs["excludes"]), "websockets' client imports ssl"


def test_a_port_in_use_is_refused_in_one_line(data_dir, capsys, no_network_left):
    import socket

    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        message = refused(capsys, ["--host", "--game", "kahuna", "--seats", "remote,remote", "--port", str(port)])
    assert f"cannot listen on {LOOPBACK}:{port}" in message


def test_joining_with_a_window_draws_the_table_of_the_seat_and_keeps_it_live(programs, data_dir, tmp_path,
                                                                               monkeypatch):
    import pygame

    from game.app import App
    from game.scenes.play import PlayScene

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the program's last word; other tests here go on with pygame
    host = programs(host_args("kahuna", "remote,ai:easy", 4))
    port, code = host.line("port"), host.line("code")
    seen = {}
    playing = App.run

    def run_and_look(app, frames=None):
        playing(app, frames)
        seen["scene"], seen["toasts"] = app.scene, list(app.toasts)
        pygame.image.save(app.window, str(tmp_path / "joined.png"))

    monkeypatch.setattr(App, "run", run_and_look)
    argv = ["--join", f"{LOOPBACK}:{port}", "--code", code, "--name", "Hanako", "--frames", "20", "--lang", "en"]
    assert run(argv) == 0
    scene = seen["scene"]
    assert isinstance(scene, PlayScene) and not scene.local
    assert scene.controller.seats == [0] and scene.viewer == 0
    assert scene.controller.log, "the link was not pumped: nothing of the game arrived"
    assert host.line("seats", after=5) == "1 remote Hanako (joined), 2 ai:easy"
    assert (tmp_path / "joined.png").stat().st_size > 10_000
