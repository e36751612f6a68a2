import hashlib
import json
import os

import pytest

from game.core.controller import Controller
from game.core.saves import (
    Autosave,
    SaveError,
    check_save,
    latest_unfinished,
    list_saves,
    load_save,
    new_save_path,
    resume_path,
    write_save,
)
from tests.support import config_for
from tests.toy import PIG


def played(seed=2, holds=3):
    controller = Controller(PIG, config_for(2, {"target": 20}), seed)
    controller.advance_chance()
    for _ in range(holds):
        controller.submit({"type": "roll"})
        controller.advance_chance()
        controller.submit({"type": "hold"})
    return controller


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_save_and_load_round_trip(pig_games, data_dir):
    controller = played()
    path = new_save_path("pig")
    write_save(path, controller, "pig")
    spec, loaded = load_save(path, pig_games)
    assert spec.id == "pig"
    assert PIG.to_json(loaded.state) == PIG.to_json(controller.state)
    assert loaded.actions() == controller.actions()
    assert loaded.seed == controller.seed


def test_a_second_write_keeps_the_previous_save_as_backup(pig_games, data_dir):
    controller = played(holds=1)
    path = new_save_path("pig")
    write_save(path, controller, "pig")
    first = path.read_text(encoding="utf-8")
    controller.submit({"type": "hold"})
    write_save(path, controller, "pig")
    assert path.with_suffix(".json.bak").read_text(encoding="utf-8") == first
    assert json.loads(path.read_text(encoding="utf-8"))["actions"] == controller.actions()


def damage_variants(text: str) -> dict:
    data = json.loads(text)
    edited_position = json.loads(text)
    edited_position["position"]["banked"][0] += 5
    illegal = json.loads(text)
    illegal["actions"].insert(1, {"type": "fly"})
    newer = dict(data, version=99)
    wrong_game = dict(data, game="chess")
    robot_seat = json.loads(text)
    robot_seat["config"]["seats"][0]["kind"] = "robot"
    return {
        "truncated": (text[: len(text) // 2], "save.error.damaged"),
        "garbage": ("x" * 50, "save.error.damaged"),
        "binary": (b"\xff\xfe\x00\x81" * 20, "save.error.not_text"),
        "hand-edited position": (json.dumps(edited_position), "save.error.mismatch"),
        "illegal move": (json.dumps(illegal), "save.error.illegal"),
        "newer version": (json.dumps(newer), "save.error.newer"),
        "wrong game": (json.dumps(wrong_game), "save.error.unknown_game"),
        "unknown seat kind": (json.dumps(robot_seat), "save.error.damaged"),
        "not a save": (json.dumps({"hello": 1}), "save.error.not_a_save"),
        "empty": ("", "save.error.damaged"),
    }


@pytest.mark.parametrize("variant", list(damage_variants(json.dumps(
    {"position": {"banked": [0]}, "actions": [], "config": {"seats": [{}]}}))))
def test_damaged_saves_give_a_clear_reason_and_stay_untouched(pig_games, data_dir, variant):
    controller = played()
    path = new_save_path("pig")
    write_save(path, controller, "pig")
    content, key = damage_variants(path.read_text(encoding="utf-8"))[variant]
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = digest(path)
    with pytest.raises(SaveError) as caught:
        load_save(path, pig_games)
    assert caught.value.key == key
    infos = [check_save(info, pig_games) for info in list_saves(pig_games)]
    assert [i.error.key for i in infos if i.path == path] == [key]
    assert digest(path) == before


def test_continue_picks_the_newest_unfinished_game(pig_games, data_dir):
    old, new = new_save_path("pig"), data_dir / "data" / "saves" / "pig-newer.json"
    write_save(old, played(seed=1), "pig")
    write_save(new, played(seed=3), "pig")
    os.utime(old, (1_000_000, 1_000_000))
    assert latest_unfinished(pig_games).path == new
    new.write_text("{broken", encoding="utf-8")
    assert latest_unfinished(pig_games).path == old


def test_autosave_writes_after_every_action(pig_games, data_dir):
    controller = played(holds=0)
    path = new_save_path("pig")
    autosave = Autosave(path, "pig")
    controller.listeners.append(autosave)
    controller.submit({"type": "hold"})
    controller.submit({"type": "roll"})
    assert autosave.writes == 2
    assert json.loads(path.read_text(encoding="utf-8"))["actions"] == controller.actions()


# -- a save interrupted anywhere ----------------------------------------------------------------

class Crash(BaseException):
    """The process dies here: nothing after this point runs, not even clean-up."""


class FailingOs:
    """Stands in for ``os`` inside the storage module: the ``fail_at``-th write, fsync, link or
    replace fails, as a full disk (OSError, clean-up runs) or a kill (Crash, every later call fails too)."""

    STEPS = ("write", "fsync", "link", "replace")

    def __init__(self, fail_at: int, kill: bool, links: bool = True):
        self.fail_at, self.kill, self.links = fail_at, kill, links
        self.steps: list[str] = []
        self.dead = False

    def __getattr__(self, name):
        real = getattr(os, name)
        if not callable(real) or name in ("fspath", "fsencode", "fsdecode") or isinstance(real, type):
            return real

        def call(*args, **kwargs):
            if self.dead:
                raise Crash(f"{name} after the kill")
            if name in self.STEPS:
                self.steps.append(name)
                if len(self.steps) - 1 == self.fail_at:
                    if self.kill:
                        self.dead = True
                        raise Crash(name)
                    raise OSError(28, f"no space left on device ({name})")
                if name == "link" and not self.links:
                    raise OSError(1, "hard links not supported here")
            return real(*args, **kwargs)

        return call


def interrupted_write(monkeypatch, path, controller, fail_at, kill, links=True) -> FailingOs:
    from game.core import storage

    failing = FailingOs(fail_at, kill, links)
    monkeypatch.setattr(storage, "os", failing)
    monkeypatch.setattr(storage, "WRITE_CHUNK", 64)
    try:
        write_save(path, controller, "pig")
    except (Crash, OSError):
        pass
    finally:
        monkeypatch.setattr(storage, "os", os)
    return failing


def steps_of_a_write(monkeypatch, links: bool) -> int:
    """How many writes, syncs, links and replaces one write over an existing save takes."""
    path = new_save_path("pig")
    write_save(path, played(holds=1), "pig")
    steps = len(interrupted_write(monkeypatch, path, played(holds=2), 10_000, kill=False, links=links).steps)
    for leftover in path.parent.iterdir():
        leftover.unlink()
    return steps


def position_of(controller) -> dict:
    return json.loads(json.dumps(PIG.to_json(controller.state)))


@pytest.mark.parametrize("links", [True, False], ids=["hard links", "copies"])
@pytest.mark.parametrize("kill", [True, False], ids=["killed", "disk full"])
def test_a_save_interrupted_at_any_step_leaves_the_last_or_the_previous_position(pig_games, data_dir,
                                                                                monkeypatch, kill, links):
    total = steps_of_a_write(monkeypatch, links)
    assert total >= 8  # several chunks, two fsyncs, the backup's link or copy, two replaces
    for fail_at in range(total + 1):
        previous, last = played(holds=1), played(holds=2)
        path = new_save_path("pig")
        write_save(path, previous, "pig")
        interrupted_write(monkeypatch, path, last, fail_at, kill, links)
        infos = [check_save(info, pig_games) for info in list_saves(pig_games)]
        assert [info.path for info in infos] == [path], fail_at
        info = infos[0]
        assert not info.damaged, (fail_at, info.error)
        _, loaded = load_save(info.source, pig_games)
        expected = [position_of(previous), position_of(last)] if fail_at < total else [position_of(last)]
        assert position_of(loaded) in expected, fail_at
        for leftover in path.parent.iterdir():
            os.utime(leftover, (1, 1))
        list_saves(pig_games)  # clears what an unfinished write left
        assert sorted(p.name for p in path.parent.iterdir()) in ([path.name], [path.name, path.name + ".bak"])
        for leftover in path.parent.iterdir():
            leftover.unlink()


@pytest.mark.parametrize("kill", [True, False], ids=["killed", "disk full"])
def test_the_first_save_interrupted_leaves_nothing_or_the_whole_save(pig_games, data_dir, monkeypatch, kill):
    for fail_at in range(12):
        path = new_save_path("pig")
        interrupted_write(monkeypatch, path, played(), fail_at, kill)
        infos = [check_save(info, pig_games) for info in list_saves(pig_games)]
        assert infos == [] or ([i.path for i in infos] == [path] and not infos[0].damaged), fail_at
        for leftover in path.parent.iterdir():
            leftover.unlink()


def test_only_stale_temporary_files_are_removed(pig_games, data_dir):
    path = new_save_path("pig")
    write_save(path, played(), "pig")
    stale, fresh = path.parent / ".pig-x.json.abc.tmp", path.parent / ".pig-y.json.def.tmp"
    stale.write_text("{half", encoding="utf-8")
    fresh.write_text("{half", encoding="utf-8")
    os.utime(stale, (1_000, 1_000))
    assert [info.path for info in list_saves()] == [path]
    assert not stale.exists() and fresh.exists()


# -- the backup ---------------------------------------------------------------------------------

def two_saves(path):
    previous, last = played(holds=1), played(holds=2)
    write_save(path, previous, "pig")
    write_save(path, last, "pig")
    return previous, last


def test_a_save_whose_file_is_missing_is_listed_by_its_backup_and_goes_on_in_its_own_name(pig_games, data_dir):
    path = new_save_path("pig")
    previous, _ = two_saves(path)
    path.unlink()
    [info] = list_saves(pig_games)
    info = check_save(info, pig_games)
    assert info.path == path and info.from_backup and info.main_error is None and not info.damaged
    assert position_of(load_save(info.source, pig_games)[1]) == position_of(previous)
    assert resume_path(info) == path


@pytest.mark.parametrize("damage", ["{trunc", "replay"])
def test_a_damaged_save_is_listed_by_its_backup_and_never_overwritten(pig_games, data_dir, damage):
    path = new_save_path("pig")
    previous, _ = two_saves(path)
    if damage == "replay":  # whole JSON whose moves do not reach its position: seen when it is checked
        data = json.loads(path.read_text(encoding="utf-8"))
        data["position"]["banked"][0] += 7
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_text(damage, encoding="utf-8")
    before = digest(path)
    [info] = list_saves(pig_games)
    info = check_save(info, pig_games)
    assert info.path == path and info.from_backup and info.main_error is not None and not info.damaged
    assert position_of(load_save(info.source, pig_games)[1]) == position_of(previous)
    resumed = resume_path(info)
    assert resumed != path and not resumed.exists()
    assert digest(path) == before


def test_a_save_and_its_backup_both_damaged_is_listed_once_with_the_reason(pig_games, data_dir):
    path = new_save_path("pig")
    two_saves(path)
    path.write_text("{", encoding="utf-8")
    path.with_name(path.name + ".bak").write_text("[", encoding="utf-8")
    [info] = list_saves(pig_games)
    assert info.path == path and info.damaged and info.error.key == "save.error.damaged"
    assert latest_unfinished(pig_games) is None


# -- the lists stay quick -----------------------------------------------------------------------

def test_lists_read_summaries_and_replay_a_save_once_until_it_changes(pig_games, data_dir, monkeypatch):
    from game.core import controller

    paths = []
    for seed in range(5):
        paths.append(new_save_path("pig"))
        write_save(paths[-1], played(seed=seed), "pig")
    replays = []
    real = controller.Controller

    def counting(*args, **kwargs):
        replays.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(controller, "Controller", counting)
    for _ in range(3):
        assert len(list_saves(pig_games)) == 5
    assert replays == []
    for _ in range(3):
        latest_unfinished(pig_games)
    assert len(replays) == 1
    newest = latest_unfinished(pig_games).path
    write_save(newest, played(seed=9), "pig")
    latest_unfinished(pig_games)
    assert len(replays) == 2


def test_a_listed_summary_reads_each_file_once_until_it_changes(pig_games, data_dir, monkeypatch):
    from game.core import saves

    path = new_save_path("pig")
    write_save(path, played(), "pig")
    reads = []
    real = saves.read_record
    monkeypatch.setattr(saves, "read_record", lambda p: reads.append(p) or real(p))
    list_saves()
    list_saves()
    assert reads == [path]
    write_save(path, played(holds=4), "pig")
    list_saves()
    assert reads[1:] == [path]


# -- what a save may hold -----------------------------------------------------------------------

def edited(path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("version", [0, -1, True, False, 1.0, "1", None, [1]])
def test_only_whole_positive_versions_are_read(pig_games, data_dir, version):
    path = new_save_path("pig")
    write_save(path, played(), "pig")
    edited(path, lambda data: data.update(version=version))
    with pytest.raises(SaveError, match="version"):
        load_save(path, pig_games)


def test_a_byte_order_mark_is_accepted(pig_games, data_dir):
    path = new_save_path("pig")
    write_save(path, played(), "pig")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_save(path, pig_games)[0].id == "pig"


@pytest.mark.parametrize("name", ["a\ud800b", "x" * 17, "two\nlines", 42, None])
def test_a_save_with_a_seat_name_that_could_not_be_typed_is_damaged(pig_games, data_dir, name):
    path = new_save_path("pig")
    write_save(path, played(), "pig")
    text = path.read_text(encoding="utf-8").replace('"name":"P1"', f'"name":{json.dumps(name)}')
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    [info] = list_saves()
    assert info.damaged and info.error.key in ("save.error.damaged", "save.error.not_text")


@pytest.mark.parametrize("progress", [
    {"key": "progress.running", "fields": {"key": 1}},
    {"key": "progress.running", "fields": {"lang": ["ja"]}},
    {"key": "progress.running", "fields": {"n": [1]}},
    {"key": "progress.running", "fields": {"n": "x" * 1000}},
    {"key": ["progress.running"], "fields": {}},
    {"key": "x" * 1000, "fields": {}},
    "progress.running",
])
def test_a_summary_the_game_never_writes_is_damaged(pig_games, data_dir, progress):
    path = new_save_path("pig")
    write_save(path, played(), "pig")
    edited(path, lambda data: data.update(progress=progress))
    [info] = list_saves()
    assert info.damaged and "progress" in info.error.fields["detail"]


def test_reasons_are_cut_to_one_line(pig_games, data_dir):
    error = SaveError("save.error.damaged", detail="x" * 10_000_000)
    assert len(error.fields["detail"]) <= 200 and len(str(error)) < 400


def test_a_backup_that_cannot_be_kept_does_not_stop_the_save(pig_games, data_dir):
    path = new_save_path("pig")
    write_save(path, played(holds=1), "pig")
    path.with_name(path.name + ".bak").mkdir()
    last = played(holds=2)
    write_save(path, last, "pig")
    assert position_of(load_save(path, pig_games)[1]) == position_of(last)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, path.name + ".bak"]


@pytest.mark.parametrize("seat", [{}, {"kind": "human"}, {"name": "P1", "level": "easy"}])
def test_a_seat_missing_what_every_save_writes_is_damaged(pig_games, data_dir, seat):
    """A seat without its kind once became a person's seat, taking over from an AI."""
    path = new_save_path("pig")
    write_save(path, played(), "pig")
    edited(path, lambda data: data["config"]["seats"].__setitem__(0, seat))
    with pytest.raises(SaveError, match="seats"):
        load_save(path, pig_games)
