"""Damaged save files, made from real saves of every game: truncations, bit flips, wrong types in every
field, deep nesting, huge strings and special files (FIFO, device, folder, dangling links).

``corpus(base, rng, flips)`` yields ``(label, content)``: ``content`` is the bytes of a file, or a
``Special`` the caller makes with ``make_special``.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from pathlib import Path

from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig
from game.core.saves import new_save_path, write_save
from game.games import registry


@dataclass(frozen=True)
class Special:
    kind: str  # "fifo", "device", "folder", "dangling", "loop"


SPECIALS = [Special("fifo"), Special("device"), Special("folder"), Special("dangling"), Special("loop")]


def make_special(path: Path, special: Special) -> bool:
    """Make it at ``path``; False where this system cannot."""
    try:
        if special.kind == "fifo":
            os.mkfifo(path)
        elif special.kind == "device":
            if not os.path.exists("/dev/zero"):
                return False
            path.symlink_to("/dev/zero")
        elif special.kind == "folder":
            path.mkdir()
            (path / "inside.json").write_text("{}", encoding="utf-8")
        elif special.kind == "dangling":
            path.symlink_to(path.parent / "nowhere" / "save.json")
        elif special.kind == "loop":
            path.symlink_to(path.name)
    except (AttributeError, NotImplementedError, OSError):
        return False
    return True


def fingerprint(path: Path):
    """What must not change: the bytes of a file, else what kind of thing the path is and where it points."""
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("folder", sorted(p.name for p in path.iterdir()))
    if path.is_fifo():
        return ("fifo", path.stat().st_size)
    return ("file", path.read_bytes())


def played_save(game_id: str, actions: int, seed: int) -> bytes:
    """The bytes of a real save of ``game_id`` after about ``actions`` random moves."""
    spec = registry()[game_id]
    players = spec.default_players or spec.min_players
    seats = (SeatConfig("human", "花子"),) + tuple(SeatConfig("ai", "", "easy") for _ in range(players - 1))
    controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed)
    rng = random.Random(seed)
    while len(controller.log) < actions and controller.to_act() is not None:
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(rng.choice(controller.legal_actions()))
    path = new_save_path(game_id)
    write_save(path, controller, game_id)
    content = path.read_bytes()
    path.unlink()
    return content


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


WRONG_VALUES = {
    "null": "null", "true": "true", "minus one": "-1", "fraction": "1.5", "1e999": "1e999", "empty text": '""',
    "long text": json.dumps("長" * 300), "list": "[]", "object": "{}", "nested": deep(40),
}
"""JSON text put in place of a field's value."""


def field_paths(data: dict) -> list[tuple]:
    """Every field of a save worth breaking, as key paths: the envelope, each seat's entries, each
    option, the summary, the first and last action and their type, each top-level part of the position."""
    paths = [(key,) for key in data]
    config = data.get("config", {})
    for index, seat in enumerate(config.get("seats", [])):
        paths += [("config", "seats", index)] + [("config", "seats", index, key) for key in seat]
    paths += [("config", key) for key in config] + [("config", "options", key) for key in config.get("options", {})]
    progress = data.get("progress", {})
    paths += [("progress", key) for key in progress] + [("progress", "fields", k) for k in progress.get("fields", {})]
    if data.get("actions"):
        paths += [("actions", 0), ("actions", 0, "type"), ("actions", -1), ("actions", -1, "type")]
    paths += [("position", key) for key in data.get("position", {})]
    return paths


MARK = "\u0000MARK\u0000"


def with_text_at(data: dict, path: tuple, text: str) -> bytes:
    """The save with the value at ``path`` replaced by raw JSON ``text`` (which may be invalid JSON, e.g. 1e999)."""
    copy = json.loads(json.dumps(data))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = MARK
    return json.dumps(copy, ensure_ascii=False).replace(json.dumps(MARK), text).encode("utf-8")


def corpus(base: bytes, rng: random.Random, flips: int, every_field: bool = True):
    """``(label, content)`` of damaged variants of ``base`` (a save's bytes)."""
    data = json.loads(base)
    size = len(base)
    for cut in sorted({0, 1, 2, size // 9, size // 4, size // 3, size // 2, 2 * size // 3, size - 2, size - 1}):
        yield f"truncated to {cut} bytes", base[:cut]
    for _ in range(flips):
        at, bit = rng.randrange(size), rng.randrange(8)
        flipped = bytearray(base)
        flipped[at] ^= 1 << bit
        yield f"bit {bit} of byte {at} flipped", bytes(flipped)
    paths = field_paths(data) if every_field else [("version",), ("game",), ("config", "seats", 0, "name"),
                                                   ("progress", "fields"), ("actions", 0), ("position",)]
    for path in paths:
        for name, text in WRONG_VALUES.items():
            yield f"{'.'.join(map(str, path))} = {name}", with_text_at(data, path, text)
    yield "the whole file nested 100,000 deep", deep(100_000).encode()
    yield "the position nested 10,000 deep", with_text_at(data, ("position",), deep(10_000))
    yield "the config nested 900 deep", with_text_at(data, ("config",), deep(900))
    huge = json.dumps("9" * 3_000_000)
    for path in [("saved_at",), ("game",), ("config", "seats", 0, "name"), ("progress", "key"), ("actions", 0, "type")]:
        yield f"{'.'.join(map(str, path))} of 3 million characters", with_text_at(data, path, huge)
    yield "saved_at of 10 million characters", with_text_at(data, ("saved_at",), json.dumps("9" * 10_000_000))
    yield "a seat named with a lone surrogate", with_text_at(data, ("config", "seats", 0, "name"), '"\\ud800x"')
    yield "a seed of 5,000 digits", with_text_at(data, ("seed",), "9" * 5_000)
    yield "progress.fields holds key", with_text_at(data, ("progress", "fields"), '{"key": 1}')
    yield "progress.fields holds lang", with_text_at(data, ("progress", "fields"), '{"lang": ["ja"]}')
    yield "every action repeated 200 times", with_text_at(data, ("actions",), json.dumps(data["actions"] * 200))
    yield "NUL bytes", b"\x00" * 64
    yield "UTF-16", base.decode("utf-8").encode("utf-16")
    yield "a byte order mark", b"\xef\xbb\xbf" + base
    yield "nothing wrong", base
    for special in SPECIALS:
        yield f"a {special.kind} named like a save", special
