"""Japanese and English text. Every visible string goes through ``tr``.

Catalogues are flat JSON files ``{key: text}``: the platform's in ``game/core/locale`` and each
game's in ``game/games/<id>/locale``, as ``<lang>.json`` and optionally ``<part>.<lang>.json`` (a
game's rules text and its table's text can live apart). Text may hold ``{name}`` fields filled by
``tr``'s keywords.

Games name a seat in their log lines with ``tr("seat.player", n=seat + 1)``; the table replaces that
with the seat's real name.
"""

from __future__ import annotations

import json
import locale
import os
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


def tr(key: str, lang: str | None = None, **fields) -> str:
    """The text of ``key`` in the current language, with ``fields`` filled in.

    A missing key shows as the key itself so a gap is visible, never a crash; a test keeps the
    catalogues complete.
    """
    text = catalogue(lang or _language).get(key)
    if text is None:
        text = catalogue("en").get(key, key)
    if fields:
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            return text
    return text
