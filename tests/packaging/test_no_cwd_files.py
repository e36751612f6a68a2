"""Nothing in game/ reads files relative to the current directory: a bundle is started from anywhere.

Run-time files are found with ``game.resources.resource_path``; user files live in the platformdirs
folders (game.core.saves, game.core.settings); a path from the command line is made absolute first.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.packaging.bundle_layout import ROOT

# Functions whose first argument is a path to open, read or list: bare names (open, Path) and the
# functions of these modules (os.listdir, glob.glob, pygame.image.load, pygame.mixer.Sound...).
PATH_FUNCTIONS = {
    "open", "Path", "PurePath", "load", "Font", "Sound", "listdir", "scandir", "glob", "iglob", "exists",
    "isfile", "isdir", "walk", "stat", "copy", "copyfile", "copytree",
}
MODULES = {"os", "path", "glob", "io", "pathlib", "shutil", "codecs", "builtins", "pygame", "mixer", "music",
           "font", "freetype", "image"}
ALLOWED_FILE_USE = {"game/resources.py"}


def python_files() -> list[Path]:
    return sorted((ROOT / "game").rglob("*.py"))


def dotted(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [*dotted(node.value), node.attr]
    return []


def path_function(node: ast.Call) -> str | None:
    """The name of a path-taking function this call is to, or None (a method of a Path is not one)."""
    if isinstance(node.func, ast.Name):
        return node.func.id if node.func.id in PATH_FUNCTIONS else None
    names = dotted(node.func)
    if len(names) >= 2 and names[-1] in PATH_FUNCTIONS and set(names[:-1]) <= MODULES:
        return ".".join(names)
    return None


def leading_text(node: ast.AST) -> str | None:
    """The literal text a path expression starts with: "x", f"x{...}", "x" + ..., os.path.join("x", ...)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return str(node.values[0].value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Div):
        return leading_text(node.left)
    if isinstance(node, ast.Call) and dotted(node.func)[-1:] in (["join"], ["joinpath"]) and node.args:
        names = dotted(node.func)
        if set(names[:-1]) <= MODULES:  # os.path.join("assets", ...), not resource_path(...).joinpath(...)
            return leading_text(node.args[0])
    return None


def is_relative(text: str) -> bool:
    return not (text.startswith(("/", "\\", "~")) or (len(text) > 1 and text[1] == ":"))


def offences_in(path: Path, where: str) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = path_function(node)
            if name and node.args:
                text = leading_text(node.args[0])
                if text is not None and is_relative(text):
                    found.append(f"{where}:{node.lineno} {name}({text!r}...) is relative to the current directory")
            if dotted(node.func)[-1:] in (["getcwd"], ["getcwdb"], ["cwd"], ["chdir"]):
                found.append(f"{where}:{node.lineno} {ast.unparse(node.func)}() depends on the current directory")
            if dotted(node.func)[-1:] == ["resource_path"] and node.args:
                text = leading_text(node.args[0])
                if text is not None and ("/" in text or "\\" in text or text.startswith(".")):
                    found.append(f"{where}:{node.lineno} resource_path takes one name per argument, not {text!r}")
        if isinstance(node, ast.Name) and node.id == "__file__" and where not in ALLOWED_FILE_USE:
            found.append(f"{where}:{node.lineno} uses __file__: find run-time files with game.resources.resource_path")
    return found


def test_no_module_reads_files_relative_to_the_current_directory():
    offences = [line for path in python_files() for line in offences_in(path, path.relative_to(ROOT).as_posix())]
    assert offences == []


def test_the_checker_catches_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    code = (
        'import json, os, pygame\n'
        'from pathlib import Path\n'
        'open("assets/data/kahuna_board.json")\n'
        'Path("sounds") / "dice.ogg"\n'
        'pygame.font.Font(f"assets/fonts/{name}", 12)\n'
        'pygame.mixer.Sound("./click.wav")\n'
        'os.listdir("game/core/locale")\n'
        'here = os.getcwd()\n'
        'Path(__file__).parent\n'
        'open(resource_path("assets", "data", "x.json"))\n'
        'resource_path("assets/data/x.json")\n'
        'open(path, encoding="utf-8")\n'
        'folder.glob("*.json")\n'
        'pygame.font.SysFont("arial", 12)\n'
        'os.path.join("assets", name)\n'
        'open(os.path.join("sounds", name))\n'
        'pygame.image.load("sprites/die.png")\n'
    )
    sample.write_text(code, encoding="utf-8")
    offences = offences_in(sample, "game/sample.py")
    lines = sorted(int(o.split(":")[1].split()[0]) for o in offences)
    assert lines == [3, 4, 5, 6, 7, 8, 9, 11, 16, 17]
