"""Run-time files are found through game.resources from source and from a bundle's layout; the data
folders stay where they are when frozen."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from game import resources
from tests.packaging.bundle_layout import ROOT, lay_out_bundle, locale_folders, read_spec, runtime_files


def literal_resource_calls() -> list[tuple[Path, int, tuple[str, ...], bool]]:
    """Every ``resource_path(...)`` call in game/: (file, line, leading literal parts, all parts literal)."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name != "resource_path" or path.name == "resources.py":
                continue
            parts: list[str] = []
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    parts.append(arg.value)
                else:
                    break
            found.append((path, node.lineno, tuple(parts), len(parts) == len(node.args)))
    return found


@pytest.fixture
def frozen(tmp_path, monkeypatch):
    """The process looks like a PyInstaller bundle unpacked in ``tmp_path``, laid out from the spec."""
    pytest.importorskip("PyInstaller")
    [analysis] = read_spec()["Analysis"]
    bundle = tmp_path / "_internal"
    lay_out_bundle(analysis.kwargs["datas"], bundle)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    return bundle


def test_from_source_the_root_is_the_checkout():
    assert resources.resource_root() == ROOT
    assert resources.resource_path("assets", "data") == ROOT / "assets" / "data"


def test_every_runtime_file_resolves_from_source():
    for path in runtime_files():
        relative = path.relative_to(ROOT).parts
        assert resources.resource_path(*relative) == path
        assert resources.resource_path(*relative).is_file()


def test_every_resource_path_in_the_code_names_something_that_exists():
    calls = literal_resource_calls()
    assert calls, "no resource_path call found in game/"
    missing = []
    for path, line, parts, complete in calls:
        target = resources.resource_path(*parts)
        # A complete literal names a file or folder; a partial one names at least its folder.
        if not (target.exists() if complete else target.is_dir() or target.parent.is_dir()):
            missing.append(f"{path.relative_to(ROOT)}:{line} {'/'.join(parts)}")
    assert missing == []


def test_from_a_bundle_every_runtime_file_resolves(frozen):
    assert resources.resource_root() == frozen
    missing = [p.relative_to(ROOT).as_posix() for p in runtime_files()
               if not resources.resource_path(*p.relative_to(ROOT).parts).is_file()]
    assert missing == []
    # What the code names by literal paths is there too (folders as far as they hold run-time files).
    wanted = {p.relative_to(ROOT) for p in runtime_files()}
    for path, line, parts, _ in literal_resource_calls():
        named = Path(*parts) if parts else Path()
        if any(named == w or named in w.parents for w in wanted):
            assert resources.resource_path(*parts).exists(), f"{path.relative_to(ROOT)}:{line} {named}"


def test_from_a_bundle_the_catalogues_are_the_same(frozen, monkeypatch):
    from game.core import i18n

    monkeypatch.setattr(i18n, "_catalogues", {})
    bundled_dirs = i18n.catalogue_dirs()
    assert len(bundled_dirs) == len([p for p in locale_folders() if any(p.glob("*.json"))])
    assert all(frozen in d.parents for d in bundled_dirs)
    for lang in i18n.LANGUAGES:
        bundled = i18n.load_catalogue(lang)
        monkeypatch.delattr(sys, "_MEIPASS")
        from_source = i18n.load_catalogue(lang)
        monkeypatch.setattr(sys, "_MEIPASS", str(frozen), raising=False)
        assert bundled == from_source and bundled


def test_data_files_load_from_a_bundle(frozen):
    names = sorted(p.name for p in (ROOT / "assets" / "data").glob("*.json"))
    resources.load_data.cache_clear()
    try:
        for name in names:
            assert isinstance(resources.load_data(name), dict | list)
    finally:
        resources.load_data.cache_clear()


def test_saves_and_settings_go_to_the_same_folders_when_frozen(monkeypatch, tmp_path):
    from game.core.saves import data_dir
    from game.core.settings import config_dir

    monkeypatch.delenv("GAMENIGHT_DATA_DIR", raising=False)
    monkeypatch.delenv("GAMENIGHT_CONFIG_DIR", raising=False)
    from_source = (data_dir(), config_dir())
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert (data_dir(), config_dir()) == from_source
    assert tmp_path not in from_source[0].parents and tmp_path not in from_source[1].parents
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "c"))
    assert (data_dir(), config_dir()) == (tmp_path / "d", tmp_path / "c")
