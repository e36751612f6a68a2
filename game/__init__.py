"""Game Night: a desktop board-game table."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
