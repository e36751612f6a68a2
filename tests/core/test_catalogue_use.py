"""Every text of the catalogues (the platform's and every game's) is shown somewhere, exists in both
languages, and counts in English with a plural block, never with "(s)".

A key counts as used when the code names it: as a literal, through an f-string whose fixed part
names its family ("catan_ck.card.{card}"), as a used key with a fixed ending ("... + '.tip'"), or as
a game option's label, value or help (the New game screen builds those from the option)."""

import ast
import re
from functools import cache
from pathlib import Path

from game.core import i18n
from game.games import registry

GAME = Path(__file__).resolve().parents[2] / "game"
FIELD = r"[\w.]+"


@cache
def code_names() -> tuple[frozenset, re.Pattern, frozenset]:
    """The code's string literals, its f-string key patterns (as one) and the endings it adds to a key."""
    literals, patterns, endings = set(), [], set()
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                parts = [re.escape(v.value) if isinstance(v, ast.Constant) else FIELD for v in node.values]
                fixed = [v.value for v in node.values if isinstance(v, ast.Constant)]
                if isinstance(node.values[0], ast.Constant) and "." in fixed[0]:
                    patterns.append(re.compile("".join(parts)))
                elif len(node.values) == 2 and fixed and fixed[0].startswith("."):
                    endings.add(fixed[0])  # f"{key}.tip"
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) \
                    and isinstance(node.right.value, str) and node.right.value.startswith("."):
                endings.add(node.right.value)  # key + ".tip"
    return frozenset(literals), re.compile("|".join(f"(?:{p.pattern})" for p in patterns)), frozenset(endings)


def option_keys() -> set[str]:
    keys = set()
    for spec in registry().values():
        for option in spec.options:
            keys |= {option.label_key, option.help_key} | {f"{option.label_key}.{v}" for v in option.choices}
    return keys


@cache
def named(key: str) -> bool:
    literals, patterns, _ = code_names()
    return key in literals or patterns.fullmatch(key) is not None


def test_every_text_is_used_somewhere_in_the_code():
    _, _, endings = code_names()
    options = option_keys()
    unused = []
    for key in sorted(i18n.load_catalogue("en")):
        with_ending = any(key.endswith(end) and named(key[: -len(end)]) for end in endings)
        if not (named(key) or with_ending or key in options):
            unused.append(key)
    assert not unused, "texts no code shows: " + ", ".join(unused)


def test_every_text_exists_in_both_languages():
    english, japanese = i18n.load_catalogue("en"), i18n.load_catalogue("ja")
    assert set(english) == set(japanese)
    assert all(text.strip() for text in (*english.values(), *japanese.values()))


def test_no_english_text_counts_with_an_s_in_brackets():
    assert [key for key, text in i18n.load_catalogue("en").items() if "(s)" in text] == []


def test_the_scan_sees_the_ways_the_code_names_a_key():
    """The rules above find keys built each way (a scan that found nothing would pass the first test)."""
    literals, _, endings = code_names()
    assert "common.back" in literals and ".tip" in endings
    assert named("catan_ck.card.spy") and not named("catan_ck.nothing_names_this")
    assert "catan.option.layout.beginner" in option_keys()
