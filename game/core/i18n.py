"""Japanese and English text. Every visible string goes through ``tr``.

Catalogues are flat JSON files ``{key: text}``: the platform's in ``game/core/locale`` and each
game's in ``game/games/<id>/locale``, as ``<lang>.json`` and optionally ``<part>.<lang>.json`` (a
game's rules text and its table's text can live apart). Text may hold ``{name}`` fields filled by
``tr``'s keywords.

Counts are plural-aware: a text may hold ICU plural blocks, ``{n, plural, one {# card} other {# cards}}``,
whose branch is chosen by the CLDR plural category of the field's value in the text's language
(English: one, other; Japanese: other), or by an exact ``=0`` branch; ``#`` stands for the number.
A Japanese text writes ``{n, plural, other {#枚}}``: Japanese has one form, and the block says so.

Games name a seat in their log lines with ``tr("seat.player", n=seat + 1)``; the table replaces that
with the seat's real name.
"""

from __future__ import annotations

import json
import locale
import os
import re
from pathlib import Path

from game.resources import resource_path

LANGUAGES = ("ja", "en")
_catalogues: dict[str, dict[str, str]] = {}
_language = "en"


def catalogue_dirs() -> list[Path]:
    """The platform's locale folder and every game's."""
    dirs = [resource_path("game", "core", "locale")]
    games = resource_path("game", "games")
    if games.is_dir():
        dirs.extend(sorted(p for p in games.glob("*/locale") if p.is_dir()))
    return dirs


def catalogue_files(folder: Path, lang: str) -> list[Path]:
    """A folder's files for a language: ``<lang>.json`` and any ``<part>.<lang>.json``."""
    return sorted(p for p in folder.glob(f"*{lang}.json") if p.name == f"{lang}.json" or
                  p.name.endswith(f".{lang}.json"))


def load_catalogue(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for folder in catalogue_dirs():
        for path in catalogue_files(folder, lang):
            with open(path, encoding="utf-8") as handle:
                merged.update(json.load(handle))
    return merged


def catalogue(lang: str) -> dict[str, str]:
    if lang not in _catalogues:
        _catalogues[lang] = load_catalogue(lang)
    return _catalogues[lang]


def default_language() -> str:
    """Japanese when the system locale is Japanese, else English."""
    candidates = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    return "ja" if any(c.lower().startswith("ja") for c in candidates) else "en"


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}")
    _language = lang


def language() -> str:
    return _language


def has(key: str, lang: str | None = None) -> bool:
    return key in catalogue(lang or _language)


PLURAL_CATEGORIES = {"en": ("one", "other"), "ja": ("other",)}
"""The CLDR plural categories each language's texts use."""


def plural_category(count, lang: str | None = None) -> str:
    """The CLDR plural category of ``count`` in ``lang``: English "one" for exactly 1 (no fraction
    shown), else "other"; Japanese always "other"."""
    if (lang or _language) == "en" and isinstance(count, int) and not isinstance(count, bool) and count == 1:
        return "one"
    return "other"


_PLURAL_HEAD = re.compile(r"\{(\w+),\s*plural,")
_BRANCH = re.compile(r"\s*(=\d+|zero|one|two|few|many|other)\s*\{")


def _closing(text: str, start: int) -> int:
    """The index of the brace closing the one opened just before ``start`` (len(text) when none)."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(text)


def plural_branches(block: str) -> dict[str, str]:
    """The branches of a plural block's body (``one {# card} other {# cards}``): selector -> text."""
    branches = {}
    at = 0
    while True:
        match = _BRANCH.match(block, at)
        if match is None:
            return branches
        end = _closing(block, match.end())
        branches[match.group(1)] = block[match.end():end]
        at = end + 1


def plural_blocks(text: str) -> list[tuple[str, dict[str, str]]]:
    """Each plural block of ``text`` as (its field, its branches), outermost blocks only."""
    blocks = []
    at = 0
    while (match := _PLURAL_HEAD.search(text, at)) is not None:
        end = _closing(text, match.end())
        blocks.append((match.group(1), plural_branches(text[match.end():end])))
        at = end + 1
    return blocks


def resolve_plurals(text: str, fields: dict, lang: str) -> str:
    """``text`` with each plural block replaced by its branch for the field's value (``#`` the number).

    A block whose field is missing or not a number keeps its "other" branch, so a gap shows as a
    plain text, never a crash."""
    if ", plural," not in text:
        return text
    out = []
    at = 0
    while (match := _PLURAL_HEAD.search(text, at)) is not None:
        end = _closing(text, match.end())
        branches = plural_branches(text[match.end():end])
        value = fields.get(match.group(1))
        number = isinstance(value, int | float) and not isinstance(value, bool)
        chosen = branches.get(f"={value}") if number and value == int(value) else None
        if chosen is None:
            chosen = branches.get(plural_category(value, lang) if number else "other", branches.get("other", ""))
        out.append(text[at:match.start()])
        out.append(chosen.replace("#", str(value)) if number else chosen)
        at = end + 1
    out.append(text[at:])
    return "".join(out)


def tr(key: str, lang: str | None = None, **fields) -> str:
    """The text of ``key`` in the current language, with ``fields`` filled in and each plural block
    turned to the form its count takes in that language.

    A missing key shows as the key itself so a gap is visible, never a crash; a test keeps the
    catalogues complete.
    """
    lang = lang or _language
    text = catalogue(lang).get(key)
    if text is None:
        lang = "en"
        text = catalogue("en").get(key, key)
    text = resolve_plurals(text, fields, lang)
    if fields:
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            return text
    return text
