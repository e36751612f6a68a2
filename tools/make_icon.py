"""Draw the program icon: two islands joined by a bridge, and a die, on felt in a wooden frame.

Development-time tool; the build only reads the files this writes. Needs pygame-ce only::

    python tools/make_icon.py            # writes build/icons/gamenight.png, .ico and .icns

The colours are the game's own (``game.ui.theme``). The picture is drawn once at twice the
largest size and scaled down (pygame's filled shapes have no anti-aliasing; scaling gives it).

* ``gamenight.png``: 256x256, for Linux (desktop files, window managers).
* ``gamenight.ico``: 16, 24, 32, 48, 64, 128 and 256 pixels, PNG-compressed entries (Windows Vista on).
* ``gamenight.icns``: 16 to 1024 pixels, PNG entries (macOS 10.7 on).
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui import theme  # noqa: E402

BASE = 1024
SUPERSAMPLE = 2
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns entry types holding PNG data, by pixel size (the @2x types repeat a size at double density).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)
SAND = (232, 206, 150)
SAND_DARK = (196, 164, 104)
LEAF = (92, 160, 84)
LEAF_DARK = (54, 110, 58)
PLANK = (176, 124, 72)


def rounded(surface, colour, rect, radius) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=int(radius))


def island(surface, centre, radius, s) -> None:
    cx, cy = centre
    pygame.draw.circle(surface, theme.FELT_DARK, (cx + 10 * s, cy + 14 * s), radius + 6 * s)  # shadow
    pygame.draw.circle(surface, SAND_DARK, (cx, cy), radius + 6 * s)
    pygame.draw.circle(surface, SAND, (cx, cy), radius)
    pygame.draw.circle(surface, LEAF_DARK, (cx, cy - 4 * s), radius * 0.72)
    pygame.draw.circle(surface, LEAF, (cx - radius * 0.12, cy - radius * 0.18), radius * 0.55)


def bridge(surface, a, b, width, s) -> None:
    """Planks across the line from ``a`` to ``b``, with a rail on each side."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    half = width / 2
    planks = 11
    step = length / planks
    for i in range(planks):
        t0, t1 = i * step + 3 * s, (i + 1) * step - 3 * s
        corners = [
            (ax + ux * t0 + nx * half, ay + uy * t0 + ny * half),
            (ax + ux * t1 + nx * half, ay + uy * t1 + ny * half),
            (ax + ux * t1 - nx * half, ay + uy * t1 - ny * half),
            (ax + ux * t0 - nx * half, ay + uy * t0 - ny * half),
        ]
        pygame.draw.polygon(surface, theme.WOOD_DARK, [(x + 6 * s, y + 9 * s) for x, y in corners])
        pygame.draw.polygon(surface, PLANK if i % 2 else theme.WOOD_LIGHT, corners)
    for side in (1, -1):
        start = (ax + nx * half * side, ay + ny * half * side)
        end = (bx + nx * half * side, by + ny * half * side)
        pygame.draw.line(surface, theme.WOOD_DARK, start, end, int(9 * s))


def die(surface, centre, size, s) -> None:
    rect = pygame.Rect(0, 0, size, size)
    rect.center = centre
    rounded(surface, theme.FELT_DARK, rect.move(12 * s, 16 * s), size * 0.2)
    rounded(surface, theme.PAPER_DARK, rect, size * 0.2)
    rounded(surface, theme.PAPER, rect.inflate(-14 * s, -14 * s).move(-4 * s, -4 * s), size * 0.17)
    pip = size * 0.095
    offset = size * 0.26
    for dx, dy in ((-1, -1), (1, 1), (0, 0), (1, -1), (-1, 1)):
        pygame.draw.circle(surface, theme.INK, (rect.centerx + dx * offset - 4 * s, rect.centery + dy * offset - 4 * s),
                           pip)


def draw_master() -> pygame.Surface:
    """The icon at ``SUPERSAMPLE`` times its largest size."""
    big = BASE * SUPERSAMPLE
    s = big / BASE  # drawing units are those of a 1024-pixel icon
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    margin = 40 * s
    frame = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    rounded(surface, (0, 0, 0, 70), frame.move(0, 18 * s), 190 * s)
    rounded(surface, theme.WOOD_DARK, frame, 190 * s)
    rounded(surface, theme.WOOD, frame.inflate(-24 * s, -24 * s), 176 * s)
    felt = frame.inflate(-120 * s, -120 * s)
    rounded(surface, theme.FELT_DARK, felt, 120 * s)
    rounded(surface, theme.FELT, felt.inflate(-20 * s, -20 * s), 110 * s)
    # A soft light in the middle of the felt.
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(12):
        radius = felt.width * (0.5 - i * 0.03)
        pygame.draw.circle(glow, (255, 255, 255, 5), felt.center, radius)
    surface.blit(glow, (0, 0))
    left = (felt.left + 175 * s, felt.top + 205 * s)
    right = (felt.right - 165 * s, felt.top + 265 * s)
    bridge(surface, left, right, 104 * s, s)
    island(surface, left, 110 * s, s)
    island(surface, right, 96 * s, s)
    die(surface, (felt.centerx, felt.bottom - 205 * s), 270 * s, s)
    return surface


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    surface = master
    while surface.get_width() > size:  # halve step by step: a smoother result than one big jump
        half = max(size, surface.get_width() // 2)
        surface = pygame.transform.smoothscale(surface, (half, half))
    return surface


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An .ico file whose entries are PNG images (one per size)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = images[size]
        edge = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "icons", help="output folder")
    args = parser.parse_args(argv)
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    master = draw_master()
    images = {size: png_bytes(scaled(master, size)) for size in sizes}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "gamenight.png").write_bytes(images[256])
    (args.out / "gamenight.ico").write_bytes(ico_bytes({size: images[size] for size in ICO_SIZES}))
    (args.out / "gamenight.icns").write_bytes(icns_bytes(images))
    for name in ("gamenight.png", "gamenight.ico", "gamenight.icns"):
        print(f"{args.out / name}: {(args.out / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
