"""The program icon: well-formed .ico, .icns and .png files, and what the committed generator draws."""

from __future__ import annotations

import io
import struct
import sys

import pytest

from tests.packaging.bundle_layout import ROOT

ICONS = ROOT / "build" / "icons"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_ico_holds_the_windows_sizes():
    data = (ICONS / "gamenight.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        image = data[offset: offset + length]
        assert len(image) == length and planes == 1 and bits == 32
        assert png_size(image) == (width or 256, height or 256)
        sizes.append(width or 256)
    assert {16, 32, 48, 256} <= set(sizes)


def test_icns_holds_the_macos_sizes():
    data = (ICONS / "gamenight.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    position, kinds = 8, {}
    while position < len(data):
        kind, length = data[position: position + 4], struct.unpack(">I", data[position + 4: position + 8])[0]
        kinds[kind] = png_size(data[position + 8: position + length])
        position += length
    assert position == len(data)
    assert kinds[b"ic10"] == (1024, 1024) and kinds[b"ic07"] == (128, 128) and kinds[b"icp4"] == (16, 16)


def test_the_generator_draws_the_committed_icon():
    pygame = pytest.importorskip("pygame")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_icon
    finally:
        sys.path.remove(str(ROOT / "tools"))
    committed = pygame.image.load(io.BytesIO((ICONS / "gamenight.png").read_bytes()), "icon.png")
    drawn = make_icon.scaled(make_icon.draw_master(), 256)
    assert committed.get_size() == drawn.get_size() == (256, 256)
    # Scaling may round differently on other processors: allow a small mean difference per channel.
    total = 0
    for y in range(0, 256, 2):
        for x in range(0, 256, 2):
            a, b = committed.get_at((x, y)), drawn.get_at((x, y))
            total += sum(abs(a[i] - b[i]) for i in range(4))
    assert total / (128 * 128 * 4) < 2.0
    # The corners are transparent and the middle is felt-green: it is the table, not a blank square.
    assert committed.get_at((0, 0)).a == 0
    assert committed.get_at((128, 40))[1] > committed.get_at((128, 40))[0]
