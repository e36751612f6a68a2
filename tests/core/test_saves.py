import hashlib
import json

import pytest

from game.core.controller import Controller
from game.core.saves import (
    Autosave,
    SaveError,
    latest_unfinished,
    list_saves,
    load_save,
    new_save_path,
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


def test_save_and_load_round_trip(pig_registry, data_dir):
    controller = played()
    path = new_save_path("pig")
    write_save(path, controller, "pig")
    spec, loaded = load_save(path)
    assert spec.id == "pig"
    assert PIG.to_json(loaded.state) == PIG.to_json(controller.state)
    assert loaded.actions() == controller.actions()
    assert loaded.seed == controller.seed


def test_a_second_write_keeps_the_previous_save_as_backup(pig_registry, data_dir):
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
def test_damaged_saves_give_a_clear_reason_and_stay_untouched(pig_registry, data_dir, variant):
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
        load_save(path)
    assert caught.value.key == key
    infos = list_saves()
    assert [i.error.key for i in infos if i.path == path] == [key]
    assert digest(path) == before


def test_continue_picks_the_newest_unfinished_game(pig_registry, data_dir):
    import os

    old, new = new_save_path("pig"), data_dir / "data" / "saves" / "pig-newer.json"
    write_save(old, played(seed=1), "pig")
    write_save(new, played(seed=3), "pig")
    os.utime(old, (1_000_000, 1_000_000))
    assert latest_unfinished().path == new
    new.write_text("{broken", encoding="utf-8")
    assert latest_unfinished().path == old


def test_autosave_writes_after_every_action(pig_registry, data_dir):
    controller = played(holds=0)
    path = new_save_path("pig")
    autosave = Autosave(path, "pig")
    controller.listeners.append(autosave)
    controller.submit({"type": "hold"})
    controller.submit({"type": "roll"})
    assert autosave.writes == 2
    assert json.loads(path.read_text(encoding="utf-8"))["actions"] == controller.actions()
