"""Project-wide rules: engines free of pygame, complete catalogues, every text key defined.

The pygame rule holds whatever a module is called: pygame may be needed only by a game's table, the
modules its view needs and its engine does not. Everything else (``game.core``, ``game.ai``, the
registry, a game's rules, AI, notation, texts, its model of what is shown...) runs headless.
"""

import ast
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

from game.games import registry

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in GAME.rglob("*.py")}
"""Every module of the program, by its dotted name."""


@cache
def imports_of(name: str) -> frozenset[str]:
    """What a module imports, anywhere in it (a function's own imports too): top-level names and modules."""
    found = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{name} uses a relative import"
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(found)


@cache
def needs(name: str) -> frozenset[str]:
    """The program's modules that ``name`` imports, and theirs in turn, ``name`` included."""
    seen, todo = set(), [name]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo += [other for other in imports_of(module) if other in MODULES]
    return frozenset(seen)


def loads_pygame(name: str) -> set[str]:
    """The modules through which importing ``name`` would load pygame (empty when it would not)."""
    return {module for module in needs(name)
            if any(other == "pygame" or other.startswith("pygame.") for other in imports_of(module))}


def engine_modules(package: str) -> set[str]:
    """A game's engine: the package and the modules its spec names for the ruleset, the computer players
    and the texts, with all they import."""
    spec = registry()[package.rsplit(".", 1)[1]]
    named = [type(spec.ruleset).__module__, spec.make_agent.__module__, spec.describe_event.__module__]
    named += [spec.statistics.__module__] if spec.statistics else []
    return {m for name in [package, *named] for m in needs(name)}


def table_modules(package: str) -> set[str]:
    """A game's table: the modules its view and its rules pictures (``help_art``) need that its engine
    does not."""
    spec = registry()[package.rsplit(".", 1)[1]]
    if spec.view is None:
        return set()  # no table yet: the whole package runs without pygame
    drawn = [spec.view.partition(":")[0]] + [m for m in (f"{package}.help_art",) if m in MODULES]
    return {m for view in drawn for m in needs(view) if m.startswith(package + ".")} - engine_modules(package)


def game_packages() -> list[str]:
    return sorted(name for name in MODULES if name.count(".") == 2 and name.startswith("game.games."))


def pygame_free_modules() -> list[str]:
    """The modules that must run without pygame: everything in ``game.core`` and ``game.ai``, the registry,
    and every module of a game package but its table (whatever the module is called)."""
    free = [name for name in MODULES if name.startswith(("game.core.", "game.ai.")) or name in ("game.core",
                                                                                                 "game.ai")]
    free.append("game.games")
    for package in game_packages():
        table = table_modules(package)
        free += [name for name in MODULES if name.startswith(package + ".") and name not in table]
        free.append(package)
    return sorted(set(free))


def test_only_a_games_table_may_need_pygame():
    offenders = {name: sorted(loads_pygame(name)) for name in pygame_free_modules() if loads_pygame(name)}
    assert offenders == {}


def test_the_rule_tells_each_games_engine_from_its_table():
    free = set(pygame_free_modules())
    for package in game_packages():
        assert {package, f"{package}.rules", f"{package}.ai", f"{package}.text"} <= free
        view = registry()[package.rsplit(".", 1)[1]].view
        if view is not None:
            view = view.partition(":")[0]
            assert view in table_modules(package) and loads_pygame(view), "a view needs pygame, if only through game.ui"


def test_engines_load_without_pygame_in_a_fresh_interpreter():
    free = ", ".join(pygame_free_modules())
    code = (
        "import importlib, sys\n"
        f"for name in {free!r}.split(', '):\n"
        "    importlib.import_module(name)\n"
        "import game.games\n"
        "game.games.registry()\n"
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
