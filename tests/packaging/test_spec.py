"""The PyInstaller spec: it parses, declares every data folder the game reads, and builds what the README says."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tests.packaging.bundle_layout import ROOT, SPEC, locale_folders, read_spec, runtime_files

pytest.importorskip("PyInstaller")


@pytest.fixture(scope="module")
def folder_build():
    return read_spec()


@pytest.fixture(scope="module")
def onefile_build():
    return read_spec("--onefile")


def analysis(made) -> dict:
    [recorded] = made["Analysis"]
    return recorded.kwargs


def test_spec_takes_every_path_from_its_own_folder():
    text = SPEC.read_text(encoding="utf-8")
    assert "SPECPATH" in text
    tree = ast.parse(text)
    literals = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert not [s for s in literals if s.startswith("/") or (len(s) > 2 and s[1] == ":" and s[2] in "\\/")]


def test_data_folders_keep_their_place_in_the_tree(folder_build):
    datas = analysis(folder_build)["datas"]
    assert datas, "the spec declares no data"
    for source, destination in datas:
        source = Path(source)
        assert source.is_dir(), source
        assert source.resolve() == (ROOT / destination).resolve(), (source, destination)


def test_every_locale_folder_fonts_data_and_sounds_are_declared(folder_build):
    destinations = {destination for _, destination in analysis(folder_build)["datas"]}
    folders = [*locale_folders(), ROOT / "assets" / "fonts", ROOT / "assets" / "data", ROOT / "sounds"]
    wanted = [f for f in folders if f.is_dir() and any(p.is_file() for p in f.rglob("*"))]
    missing = [p.relative_to(ROOT).as_posix() for p in wanted if p.relative_to(ROOT).as_posix() not in destinations]
    assert missing == []


def test_every_file_the_game_loads_is_in_a_declared_folder(folder_build):
    sources = [Path(source).resolve() for source, _ in analysis(folder_build)["datas"]]
    outside = [p.relative_to(ROOT).as_posix() for p in runtime_files()
               if not any(s == p.resolve().parent or s in p.resolve().parents for s in sources)]
    assert outside == []


def test_every_game_module_is_a_hidden_import(folder_build):
    """Games are imported by name from the registry, views by dotted path: the spec must list them all."""
    hidden = set(analysis(folder_build)["hiddenimports"])
    modules = set()
    for path in (ROOT / "game").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        modules.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    assert sorted(modules - hidden) == []
    from game.games import GAME_PACKAGES

    present = [name for name in GAME_PACKAGES if (ROOT / "game" / "games" / name / "__init__.py").exists()]
    assert {f"game.games.{name}" for name in present} <= hidden


def test_unneeded_modules_are_left_out(folder_build):
    excludes = set(analysis(folder_build)["excludes"])
    assert {"tkinter", "unittest", "pydoc", "numpy", "pygame.tests", "pygame.examples", "pygame.docs"} <= excludes
    assert not excludes & {"multiprocessing", "concurrent", "json", "platformdirs", "pygame", "game"}


def test_the_entry_point_is_main_py_and_the_probe_hook_exists(folder_build):
    kwargs = analysis(folder_build)
    [script] = folder_build["Analysis"][0].args[0]
    assert Path(script) == ROOT / "main.py"
    assert all(Path(hook).is_file() for hook in kwargs["runtime_hooks"])


def test_folder_build_is_a_stripped_windowed_gamenight_folder(folder_build):
    [exe] = folder_build["EXE"]
    [collect] = folder_build["COLLECT"]
    assert exe.kwargs["name"] == "gamenight" and exe.kwargs["exclude_binaries"] is True
    assert exe.kwargs["console"] is False and exe.kwargs["upx"] is False
    assert collect.kwargs["name"] == "gamenight" and collect.kwargs["upx"] is False
    strip = sys.platform != "win32"
    assert exe.kwargs["strip"] is strip and collect.kwargs["strip"] is strip
    assert len(folder_build.get("BUNDLE", [])) == (1 if sys.platform == "darwin" else 0)


def test_onefile_build_has_its_own_name(onefile_build):
    [exe] = onefile_build["EXE"]
    assert exe.kwargs["name"] == "gamenight-onefile"
    assert exe.kwargs["console"] is False and exe.kwargs["upx"] is False
    assert "COLLECT" not in onefile_build
    assert "exclude_binaries" not in exe.kwargs


def test_the_icon_exists_for_each_platform(folder_build):
    for name in ("gamenight.ico", "gamenight.icns", "gamenight.png"):
        assert (ROOT / "build" / "icons" / name).is_file(), name
    icon = folder_build["EXE"][0].kwargs["icon"]
    if sys.platform in ("win32", "darwin"):
        assert Path(icon).is_file()
