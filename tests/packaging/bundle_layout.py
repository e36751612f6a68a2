"""Shared helpers of the packaging tests: the spec file read with stand-ins for PyInstaller's classes,
and the list of files the game reads at run time."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build" / "gamenight.spec"


class Recorded:
    """What the spec passed to one of PyInstaller's build steps (Analysis, PYZ, EXE, COLLECT, BUNDLE)."""

    def __init__(self, kind: str, args: tuple, kwargs: dict):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        # The parts of an Analysis the spec hands on to PYZ, EXE and COLLECT.
        self.pure, self.scripts, self.binaries, self.datas = [], [], [], []


def read_spec(*spec_args: str) -> dict[str, list[Recorded]]:
    """Run the spec as PyInstaller would, with recorders in place of the build steps."""
    made: dict[str, list[Recorded]] = {}

    def recorder(kind: str):
        def record(*args, **kwargs):
            made.setdefault(kind, []).append(Recorded(kind, args, kwargs))
            return made[kind][-1]

        return record

    namespace = {kind: recorder(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(SPEC.parent), __file__=str(SPEC), __name__="__main__")
    saved = sys.argv
    sys.argv = [str(SPEC), *spec_args]
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        sys.argv = saved
    return made


def locale_folders() -> list[Path]:
    return [ROOT / "game" / "core" / "locale"] + sorted((ROOT / "game" / "games").glob("*/locale"))


def runtime_files() -> list[Path]:
    """Every file the game may load at run time: assets, sounds and the locale catalogues."""
    files = []
    for folder in [ROOT / "assets", ROOT / "sounds", *locale_folders()]:
        if folder.is_dir():
            files += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return sorted(files)


def lay_out_bundle(datas: list[tuple[str, str]], target: Path) -> None:
    """Copy the spec's data folders to ``target`` the way PyInstaller lays them out in the bundle."""
    for source, destination in datas:
        shutil.copytree(source, target / destination, dirs_exist_ok=True)
