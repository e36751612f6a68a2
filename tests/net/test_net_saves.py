"""A hosted table's save keeps its code and tokens; a client keeps a rejoin record per seat and nothing else."""

from __future__ import annotations

import json
import os

import pytest

from game.core.controller import Controller
from game.core.rules import GameConfig, SeatConfig
from game.core.saves import (
    MAX_REJOINS,
    Autosave,
    SaveError,
    find_rejoins,
    forget_rejoins,
    keep_rejoin,
    load_save,
    net_record,
    new_save_path,
    read_record,
    read_rejoins,
    rejoin_path,
    write_save,
)
from game.games import get_spec, registry

NET = {"code": "7KQ2-M9XD-4FHT", "tokens": {"0": "a" * 22, "1": "b" * 22}, "claimed": [0]}


def hosted_kahuna(seed: int = 5) -> Controller:
    spec = get_spec("kahuna")
    config = GameConfig((SeatConfig("remote", "Hanako"), SeatConfig("remote")), spec.default_options())
    controller = Controller(spec.ruleset, config, seed)
    controller.advance_chance()
    controller.submit(controller.legal_actions()[0])
    controller.advance_chance()
    return controller


def test_a_hosted_table_saves_its_net_record_and_loads_with_its_remote_seats(data_dir):
    controller = hosted_kahuna()
    path = new_save_path("kahuna")
    write_save(path, controller, "kahuna", NET)
    assert net_record(read_record(path)) == NET
    spec, loaded = load_save(path, registry())
    assert [seat.kind for seat in loaded.config.seats] == ["remote", "remote"]
    assert loaded.config.seats[0].name == "Hanako"
    assert loaded.actions() == controller.actions()


def test_a_table_of_one_screen_has_no_net_record(data_dir):
    controller = hosted_kahuna()
    path = new_save_path("kahuna")
    write_save(path, controller, "kahuna")
    assert "net" not in json.loads(path.read_text(encoding="utf-8"))
    assert net_record(read_record(path)) is None


@pytest.mark.parametrize("net", [["not", "an", "object"], "7KQ2", {"tokens": "x" * 5000}])
def test_a_damaged_net_record_makes_the_save_damaged(data_dir, net):
    path = new_save_path("kahuna")
    write_save(path, hosted_kahuna(), "kahuna")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["net"] = net
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        read_record(path)
    assert refused.value.key == "save.error.damaged" and refused.value.fields["detail"] == "net"


def test_the_autosave_writes_the_net_record_as_it_is_at_each_write(data_dir):
    controller = hosted_kahuna()
    record = {"code": NET["code"], "tokens": dict(NET["tokens"]), "claimed": []}
    path = new_save_path("kahuna")
    controller.listeners.append(Autosave(path, "kahuna", net=lambda: record))
    record["claimed"] = [0, 1]
    controller.submit(controller.legal_actions()[0])
    assert net_record(read_record(path))["claimed"] == [0, 1]


def test_rejoin_records_are_kept_per_seat_and_forgotten_per_table(data_dir):
    keep_rejoin("127.0.0.1", 5000, "7KQ2-M9XD-4FHT", 1, "t" * 22)
    keep_rejoin("127.0.0.1", 5000, "7KQ2-M9XD-4FHT", 2, "u" * 22)
    keep_rejoin("127.0.0.1", 5000, "7KQ2-M9XD-4FHT", 1, "v" * 22)  # the seat joined again: its newest token
    keep_rejoin("127.0.0.1", 5001, "AAAA-BBBB-CCCC", 0, "w" * 22)
    assert rejoin_path().parent == data_dir
    seats = find_rejoins("127.0.0.1", 5000, "7KQ2-M9XD-4FHT")
    assert [(entry["seat"], entry["token"]) for entry in seats] == [(2, "u" * 22), (1, "v" * 22)]
    assert all(set(entry) == {"host", "port", "code", "seat", "token"} for entry in read_rejoins())
    forget_rejoins("127.0.0.1", 5000, "7KQ2-M9XD-4FHT")
    assert [entry["code"] for entry in read_rejoins()] == ["AAAA-BBBB-CCCC"]


def test_only_the_newest_rejoin_records_are_kept(data_dir):
    for seat in range(MAX_REJOINS + 5):
        keep_rejoin("127.0.0.1", 5000, "7KQ2-M9XD-4FHT", seat % 8, f"token-{seat}")
        keep_rejoin("127.0.0.1", 6000 + seat, "7KQ2-M9XD-4FHT", 0, f"token-{seat}")
    entries = read_rejoins()
    assert len(entries) == MAX_REJOINS
    assert entries[-1]["port"] == 6000 + MAX_REJOINS + 4


@pytest.mark.parametrize("content", [b"{not json", b'{"seats": [{"host": "h"}, 7]}', b"\xff\xfe", b"[]"])
def test_a_damaged_rejoin_file_holds_no_record_and_is_left_alone(data_dir, content):
    rejoin_path().parent.mkdir(parents=True)
    rejoin_path().write_bytes(content)
    assert read_rejoins() == []
    assert rejoin_path().read_bytes() == content


def test_a_rejoin_file_that_is_not_a_file_is_not_opened(data_dir):
    rejoin_path().mkdir(parents=True)
    assert read_rejoins() == []


def test_a_save_written_without_waiting_for_the_disk_is_whole_at_once_and_synced_behind(tmp_path, monkeypatch):
    import os

    from game.core import storage

    synced = []
    sync = os.fsync
    monkeypatch.setattr(storage.os, "fsync", lambda fd: (synced.append(os.fstat(fd).st_ino), sync(fd))[1])
    path, backup = tmp_path / "table.json", tmp_path / "table.json.bak"
    storage.atomic_write_bytes(path, b"first", backup=backup, durable=False)
    storage.atomic_write_bytes(path, b"second", backup=backup, durable=False)
    assert path.read_bytes() == b"second" and backup.read_bytes() == b"first"
    assert storage.wait_for_syncs(10)
    if storage.BACKGROUND_SYNC:
        assert os.stat(path).st_ino in synced, "the newest file was never synced to disk"


@pytest.mark.skipif(os.name != "posix", reason="saves are synced behind their writes where the system allows it")
def test_closing_the_window_waits_for_a_save_still_being_synced(data_dir, tmp_path, monkeypatch):
    """A hosted table's last save, written just before the person closes Game Night, reaches the disk before
    the program ends: the window closes first, then the program waits for the sync."""
    import time

    from game.app import App
    from game.cli import run_window
    from game.core import storage
    from game.core.settings import Settings
    from game.scenes.title import TitleScene

    synced = []
    sync_file = storage._sync_file

    def slow_sync(path):
        time.sleep(0.3)  # a disk that takes its time
        sync_file(path)
        synced.append(path)

    monkeypatch.setattr(storage, "_sync_file", slow_sync)
    monkeypatch.setattr("pygame.quit", lambda: None)  # the other tests of this process keep their display
    app = App(Settings(language="en"))
    app.push(TitleScene(app))
    path = tmp_path / "table.json"
    storage.atomic_write_bytes(path, b"the last move", durable=False)
    run_window(app, 1)
    assert synced == [path]
