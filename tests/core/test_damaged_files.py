"""Damaged saves of every game through ``--load`` and through the Load and title screens: each one is
refused with a clear reason or opens, none crashes or hangs, each load stays within bounds of time and
memory, and no file is changed.

The quick tier runs a representative sample of one game; the slow tier runs the whole corpus of every
game and prints its counts (tried / opened / refused cleanly / failed).
"""

from __future__ import annotations

import faulthandler
import json
import random
import tracemalloc
from collections import Counter

import pygame
import pytest

from game.cli import CommandLineError, build_parser, start_controller
from game.core import i18n
from game.core.saves import saves_dir
from game.games import registry
from game.scenes.load import LoadScene, describe
from game.scenes.title import TitleScene
from tests.core.corpus import Special, corpus, fingerprint, make_special, played_save
from tests.uidriver import frames, make_app

LOAD_SECONDS = 60
"""A load that takes longer is a hang: the run stops with every thread's stack."""
LOAD_BYTES = 256 * 1024 * 1024
"""Python memory one load may take at its peak."""
GAMES = tuple(sorted(registry()))


def reason_openings() -> list[str]:
    """How each reason a refused file can be given starts, in English."""
    catalogue = i18n.catalogue("en")
    return [text.split("{")[0] for key, text in catalogue.items() if key.startswith("save.error.")] + [
        "not a Game Night save"]


def place(folder, index: int, label: str, content) -> object:
    path = folder / f"damaged-{index:04d}.json"
    if isinstance(content, Special):
        return path if make_special(path, content) else None
    path.write_bytes(content)
    return path


def bounded_call(call):
    """(result, exception, peak bytes) of ``call()``; a hang past LOAD_SECONDS ends the run loudly."""
    tracemalloc.start()
    faulthandler.dump_traceback_later(LOAD_SECONDS, exit=True)
    try:
        return call(), None, tracemalloc.get_traced_memory()[1]
    except Exception as error:  # noqa: BLE001 - the caller sorts what was raised
        return None, error, tracemalloc.get_traced_memory()[1]
    finally:
        faulthandler.cancel_dump_traceback_later()
        tracemalloc.stop()


def through_load_option(path, openings: list[str]) -> str:
    """'opened', 'refused' (one clear line) or what went wrong."""
    args = build_parser().parse_args(["--load", str(path)])
    started, error, peak = bounded_call(lambda: start_controller(args))
    if peak > LOAD_BYTES:
        return f"took {peak // 2**20} MB"
    if error is None:
        return "opened" if started else "nothing started"
    if not isinstance(error, CommandLineError):
        return f"{type(error).__name__}: {str(error)[:200]}"
    message = str(error)
    reason = message.removeprefix(f"{path}: ")
    if "\n" in message or len(reason) > 300 or not any(reason.startswith(opening) for opening in openings):
        return f"unclear message: {message[:300]!r}"
    return "refused"


def through_load_screen(app, entries: dict) -> dict:
    """Each placed file's fate on the Load screen: 'opened' (can be opened) or 'refused' (a reason shown)."""
    scene, error, peak = bounded_call(lambda: LoadScene(app))
    assert error is None and peak <= LOAD_BYTES, (error, peak)
    app.push(scene)
    frames(app, 2)
    surface = pygame.Surface((1600, 900))
    seen = {}
    for index, info in enumerate(scene.saves):
        checked, error, peak = bounded_call(lambda index=index: scene.check(index))
        assert error is None and peak <= LOAD_BYTES, (info.path, error, peak)
        scene.list.selected = index
        info = scene.saves[index]
        first, second = describe(info)
        scene.draw_row(surface, pygame.Rect(0, 0, 1200, 84), index, True, True)
        assert first and second and len(first) + len(second) < 2_000
        seen[info.path] = "refused" if info.damaged else "opened"
        assert scene.can_open() == (not info.damaged and not info.finished)
    frames(app, 2)
    app.pop()
    title, error, _ = bounded_call(lambda: TitleScene(app))
    assert error is None, error
    return seen


def run_corpus(entries: list, folder, app) -> Counter:
    openings = reason_openings()
    placed = {}
    for index, (label, content) in enumerate(entries):
        path = place(folder, index, label, content)
        if path is not None:
            placed[path] = label
    before = {path: fingerprint(path) for path in placed}
    counts = Counter()
    failures = []
    outcomes = {}
    for path, label in placed.items():
        outcome = through_load_option(path, openings)
        outcomes[path] = outcome
        counts["tried"] += 1
        counts[outcome if outcome in ("opened", "refused") else "failed"] += 1
        if outcome not in ("opened", "refused"):
            failures.append((label, outcome))
    on_screen = through_load_screen(app, placed)
    for path, label in placed.items():
        listed = on_screen.get(path)
        if listed is None:
            failures.append((label, "not listed on the Load screen"))
        elif outcomes[path] in ("opened", "refused") and listed != outcomes[path]:
            failures.append((label, f"--load {outcomes[path]} it, the Load screen {listed} it"))
    changed = [placed[path] for path in placed if fingerprint(path) != before[path]]
    assert changed == [], changed
    assert failures == [], failures[:20]
    return counts


def corpus_run(game_ids, flips: int, every_field: bool, seed: int = 0, length: int = 60) -> Counter:
    i18n.set_language("en")
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    app = make_app()
    totals = Counter()
    try:
        for number, game_id in enumerate(game_ids, start=seed):
            base = played_save(game_id, length, seed=number + 1)
            entries = list(corpus(base, random.Random(number), flips, every_field))
            for old in folder.iterdir():
                if old.is_dir() and not old.is_symlink():
                    for inner in old.iterdir():
                        inner.unlink()
                    old.rmdir()
                else:
                    old.unlink()
            totals += run_corpus(entries, folder, app)
    finally:
        for scene in list(app.scenes):
            scene.on_exit()
    print(json.dumps({"damaged save corpus": dict(totals), "games": list(game_ids)}))
    return totals


def test_a_sample_of_damaged_saves_is_refused_cleanly_everywhere(dirs):
    counts = corpus_run(("kahuna",), flips=12, every_field=False)
    assert counts["failed"] == 0
    assert counts["refused"] >= 80 and counts["opened"] >= 2  # the untouched save and the one with a BOM


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_damaged_save_of_every_game_is_refused_cleanly_everywhere(dirs, game_id):
    # every field of a save two dozen actions long: each kind of field, of the position and of an action, is
    # damaged in every way, and the corpus stays small enough for every game
    counts = corpus_run((game_id,), flips=40, every_field=True, seed=GAMES.index(game_id), length=24)
    assert counts["failed"] == 0 and counts["tried"] > 300
