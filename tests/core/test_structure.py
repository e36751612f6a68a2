"""Project-wide rules: engines free of pygame, complete catalogues, every text key defined."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE_FILES = ("rules.py", "board.py", "ai.py", "text.py", "__init__.py")


def engine_modules() -> list[Path]:
    files = list((ROOT / "game" / "core").rglob("*.py")) + list((ROOT / "game" / "ai").rglob("*.py"))
    files.append(ROOT / "game" / "games" / "__init__.py")
    for package in (ROOT / "game" / "games").iterdir():
        files += [package / name for name in ENGINE_FILES if (package / name).exists()]
    return files


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_engine_module_imports_pygame():
    offenders = [str(p.relative_to(ROOT)) for p in engine_modules() if "pygame" in imports_of(p)]
    assert offenders == []


def test_engines_load_without_pygame_in_a_fresh_interpreter():
    code = (
        "import sys, game.games as g, game.core.controller, game.core.saves, game.core.seats, game.ai.arena\n"
        "g.registry()\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def catalogues() -> list[Path]:
    return [ROOT / "game" / "core" / "locale"] + sorted((ROOT / "game" / "games").glob("*/locale"))


def catalogue_pairs():
    """(English, Japanese) catalogues of each file pair: ``en.json``/``ja.json``, ``x.en.json``/``x.ja.json``."""
    for folder in catalogues():
        for english in folder.glob("*en.json"):
            japanese = english.with_name(english.name[: -len("en.json")] + "ja.json")
            assert japanese.exists(), f"{english} has no Japanese twin"
            yield (english, json.loads(english.read_text(encoding="utf-8")),
                   json.loads(japanese.read_text(encoding="utf-8")))
        for japanese in folder.glob("*ja.json"):
            assert japanese.with_name(japanese.name[: -len("ja.json")] + "en.json").exists(), japanese


def test_every_catalogue_has_the_same_keys_in_both_languages():
    for path, en, ja in catalogue_pairs():
        assert set(en) - set(ja) == set(), f"missing in the Japanese twin of {path}"
        assert set(ja) - set(en) == set(), f"missing in {path}"
        assert all(isinstance(v, str) and v.strip() for v in {**en, **ja}.values()), path


def test_placeholders_match_between_languages():
    field = re.compile(r"{(\w+)}")
    for _, en, ja in catalogue_pairs():
        for key in en:
            assert set(field.findall(en[key])) == set(field.findall(ja[key])), key


def test_every_literal_text_key_in_the_code_is_defined():
    keys = set()
    for _, en, _ in catalogue_pairs():
        keys |= set(en)
    used = set()
    pattern = re.compile(r"""\btr\(\s*["']([a-z0-9_.]+)["']""")
    for path in (ROOT / "game").rglob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert used - keys == set()
