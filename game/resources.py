"""Where the files the game loads at run time live: from source, a folder build or a single file.

Everything (fonts, sprites, sounds, locale files, board and card data) is found through
``resource_path``; nothing is read relative to the current directory.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path


def resource_root() -> Path:
    """The folder holding ``assets/``, ``sounds/`` and the ``game`` package's data files."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


@cache
def load_data(name: str) -> dict:
    """A board or card data file from ``assets/data`` (parsed once)."""
    with open(resource_path("assets", "data", name), encoding="utf-8") as handle:
        return json.load(handle)
