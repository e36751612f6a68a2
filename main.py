"""Start Game Night from a source checkout: ``python main.py [options]`` (see ``--help``)."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
