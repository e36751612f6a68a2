"""What a seat's name may hold: checked on the New game and Join screens, in settings, saves and the
network, and kept apart from the seats so the title screen can check names without the engine protocol."""

from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 16
"""Characters in a seat's name: enough for a full name, short enough for every place it is shown."""
UNPRINTABLE = frozenset(("Cc", "Cs", "Co", "Cn", "Zl", "Zp", "Cf"))
"""Character categories a name may not hold: controls, lone surrogates, private or unassigned code
points, line breaks and invisible format marks (bidi overrides...), save the joiners emoji need."""
JOINERS = frozenset("\u200c\u200d")


def printable(text: str) -> bool:
    """Whether ``text`` holds only characters that show (a name, a chat line)."""
    return not any(unicodedata.category(char) in UNPRINTABLE and char not in JOINERS for char in text)


def name_problem(name) -> str | None:
    """Why ``name`` cannot name a seat (for a person to read), or None when it can."""
    if not isinstance(name, str):
        return "a name is text"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters"
    if not printable(name):
        return "a name has only printable characters"
    return None


def is_valid_name(name) -> bool:
    return name_problem(name) is None
