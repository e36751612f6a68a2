"""``python -m game``: the same as ``gamenight`` and ``python main.py``."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
