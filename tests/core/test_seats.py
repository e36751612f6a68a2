"""Seats: the names a seat may carry, and AI workers that think elsewhere and never outlive the game."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import parse_seats
from game.core.controller import Controller
from game.core.names import MAX_NAME_LENGTH, name_problem
from game.core.rules import GameConfig, SeatConfig
from game.core.seats import AIWorker
from game.games import get_spec

ROOT = Path(__file__).resolve().parents[2]

GOOD_NAMES = ["Hanako", "花子", "ハナコ　さん", "Zoë", "e\u0301mile", "👩\u200d👩\u200d👧", "x" * MAX_NAME_LENGTH, ""]
BAD_NAMES = ["a\ud800b", "\udcff", "nul\x00", "two\nlines", "tab\there", "\u202eevil", "bell\x07",
             "x" * (MAX_NAME_LENGTH + 1), "花" * 1_000, "\ue000private", "line\u2028break"]


@pytest.mark.parametrize("name", GOOD_NAMES)
def test_printable_names_of_any_script_are_welcome(name):
    assert name_problem(name) is None
    if name:
        assert parse_seats(f"human:{name},ai")[0] == SeatConfig("human", name)


@pytest.mark.parametrize("name", BAD_NAMES)
def test_unprintable_or_overlong_names_are_refused_with_the_reason(name):
    problem = name_problem(name)
    assert problem in (f"a name has at most {MAX_NAME_LENGTH} characters", "a name has only printable characters")
    with pytest.raises(ValueError) as refused:
        parse_seats(f"human:{name},ai:easy")
    assert problem in str(refused.value) and len(str(refused.value)) < 200


def test_a_name_is_text():
    assert name_problem(["Hanako"]) == "a name is text"
    assert name_problem(None) == "a name is text"


def test_the_ai_worker_builds_its_agent_through_the_lookup_it_was_given():
    spec = get_spec("kahuna")
    controller = Controller(spec.ruleset, GameConfig((SeatConfig("ai", "", "easy"),) * 2, spec.default_options()), 3)
    controller.advance_chance()
    seat = controller.to_act()
    asked = []

    def lookup(game_id):
        asked.append(game_id)
        return get_spec(game_id)

    worker = AIWorker(lookup, "thread")
    try:
        action = worker.start("kahuna", "easy", controller.observe(seat), seat, 1).result(timeout=60)
    finally:
        worker.shutdown()
    assert asked == ["kahuna"] and spec.ruleset.is_legal(controller.state, action)


# -- a killed game leaves no process behind -----------------------------------------------------

def parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def children_of(pid: int) -> list[int]:
    return [int(entry.name) for entry in Path("/proc").iterdir()
            if entry.name.isdigit() and parent_of(int(entry.name)) == pid]


def command_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_the_ai_worker_and_the_resource_tracker_end_when_the_game_is_killed(tmp_path):
    env = dict(os.environ, GAMENIGHT_DATA_DIR=str(tmp_path / "data"), GAMENIGHT_CONFIG_DIR=str(tmp_path / "config"),
               GAMENIGHT_LOG_DIR=str(tmp_path / "logs"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, "main.py", "--game", "kahuna", "--seats", "ai:easy,ai:easy", "--headless"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    helpers: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and game.poll() is None:
            helpers = children_of(game.pid)
            if any("spawn_main" in command_of(pid) for pid in helpers):
                break
            time.sleep(0.2)
        assert any("spawn_main" in command_of(pid) for pid in helpers), "no AI worker was started"
    finally:
        game.kill()
        game.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(running(pid) for pid in helpers):
        time.sleep(0.1)
    left = [(pid, command_of(pid)) for pid in helpers if running(pid)]
    for pid, _ in left:
        os.kill(pid, 9)
    assert left == []
