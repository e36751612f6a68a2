"""The Kahuna board as small integer tables, read once from ``assets/data/kahuna_board.json``.

Islands are numbered 0..11 and lines 0..26 in the data file's order; names ("ALOA") and line ids
("ALOA-BARI", the two ends in the data's order) are the notation. Everything the engine needs in
its inner loops (the lines of an island, the ends of a line, the majority thresholds) is a tuple.
"""

from __future__ import annotations

from game.resources import load_data

_DATA = load_data("kahuna_board.json")

ISLANDS: tuple[str, ...] = tuple(island["name"] for island in _DATA["islands"])
ISLAND_INDEX: dict[str, int] = {name: index for index, name in enumerate(ISLANDS)}
ISLAND_COUNT = len(ISLANDS)

LINE_ENDS: tuple[tuple[int, int], ...] = tuple((ISLAND_INDEX[a], ISLAND_INDEX[b]) for a, b in _DATA["lines"])
LINE_IDS: tuple[str, ...] = tuple(f"{a}-{b}" for a, b in _DATA["lines"])
LINE_INDEX: dict[str, int] = {line_id: index for index, line_id in enumerate(LINE_IDS)}
LINE_COUNT = len(LINE_ENDS)

ISLAND_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(line for line, ends in enumerate(LINE_ENDS) if island in ends) for island in range(ISLAND_COUNT)
)
"""The lines touching each island."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(LINE_ENDS[line][1] if LINE_ENDS[line][0] == island else LINE_ENDS[line][0] for line in lines)
    for island, lines in enumerate(ISLAND_LINES)
)
"""The far end of each line in ``ISLAND_LINES``, in the same order."""

THRESHOLD: tuple[int, ...] = tuple(len(lines) // 2 + 1 for lines in ISLAND_LINES)
"""Bridges a player needs on an island's lines to control it (more than half)."""

POSITIONS: tuple[tuple[float, float], ...] = tuple((island["x"], island["y"]) for island in _DATA["islands"])
"""Island anchor points, 0..1 of the board's width and height (origin top-left)."""

DOTTED_SEGMENTS: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = tuple(
    (tuple(seg["from"]), tuple(seg["to"]))
    for seg in sorted(_DATA["dotted_segments"], key=lambda seg: LINE_INDEX["-".join(seg["line"])])
)
"""The printed dotted stretch of each line, indexed like ``LINE_ENDS``."""

BOARD_ASPECT = _DATA["coordinate_frame"]["board_aspect_ratio_w_over_h"]

CARDS_PER_ISLAND = 2
BRIDGES_PER_PLAYER = 25
STONES_PER_PLAYER = 10

if len(LINE_IDS) != 27 or any(len(lines) != island["lines"] for lines, island in zip(
        ISLAND_LINES, _DATA["islands"], strict=True)):
    raise ValueError("kahuna_board.json does not describe the 27-line Kahuna board")
