"""Build the bundled fonts in ``assets/fonts/`` from Noto fonts (SIL Open Font License 1.1).

Development-time tool; the game itself only loads the files this writes. Needs ``fontTools``
(``pip install fonttools``) and the source fonts from the Debian/Ubuntu packages::

    apt-get install fonts-noto-cjk fonts-noto-core
    python tools/make_font.py

Sources (Debian installs them under ``/usr/share/fonts``; pass ``--cjk-dir``/``--symbols-dir``
to use another copy, e.g. the OTFs from https://github.com/notofonts/noto-cjk):

* ``NotoSansCJK-Regular.ttc`` / ``NotoSansCJK-Bold.ttc`` (face 0 is Noto Sans CJK JP), or the
  single-face ``NotoSansCJKjp-Regular.otf`` / ``NotoSansCJKjp-Bold.otf``.
* ``NotoSansSymbols2-Regular.ttf``, ``NotoSansSymbols-Regular.ttf``, ``NotoSansMath-Regular.ttf``
  for the few UI symbols the CJK font lacks (✗ ⟲ ⚀ ⏭ ...).

Outputs:

* ``NotoSansCJKjp-Regular-subset.otf`` and ``NotoSansCJKjp-Bold-subset.otf``: Noto Sans CJK JP
  cut down to kana, all of JIS X 0208 (levels 1 and 2, so every jōyō kanji once the four 2010
  additions outside it are added), JIS X 0213 plane 1 (level 3 kanji, often seen in names), the
  NEC/IBM extensions of Windows-31J, Latin-1 and Latin
  Extended-A, punctuation, CJK symbols, full-width forms, arrows, shapes and other UI symbols,
  plus every character in the game's text files. Hinting and vertical-writing tables dropped.
* ``GameNightSymbols-Regular.ttf``: a small fallback font holding only symbols the CJK font
  lacks, with outlines copied from Noto Sans Symbols 2 / Symbols / Math.
* ``fallback.txt``: the characters of that fallback font (UTF-8, one string), read by
  ``game.ui.fonts`` to decide which characters it draws with the fallback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
MAX_BYTES = 4 * 1024 * 1024

CJK_DIR = Path("/usr/share/fonts/opentype/noto")
SYMBOLS_DIR = Path("/usr/share/fonts/truetype/noto")
CJK_SOURCES = {
    "Regular": ("NotoSansCJK-Regular.ttc", "NotoSansCJKjp-Regular.otf"),
    "Bold": ("NotoSansCJK-Bold.ttc", "NotoSansCJKjp-Bold.otf"),
}
SYMBOL_SOURCES = ("NotoSansSymbols2-Regular.ttf", "NotoSansSymbols-Regular.ttf", "NotoSansMath-Regular.ttf")
FALLBACK_NAME = "Game Night Symbols"

# Unicode blocks kept whole (where the font has them).
BLOCKS = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20CF),  # Currency Symbols
    (0x2100, 0x214F),  # Letterlike Symbols
    (0x2150, 0x218F),  # Number Forms
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical Operators
    (0x2300, 0x23FF),  # Miscellaneous Technical
    (0x2460, 0x24FF),  # Enclosed Alphanumerics
    (0x2500, 0x257F),  # Box Drawing
    (0x2580, 0x259F),  # Block Elements
    (0x25A0, 0x25FF),  # Geometric Shapes
    (0x2600, 0x26FF),  # Miscellaneous Symbols
    (0x2700, 0x27BF),  # Dingbats
    (0x27F0, 0x27FF),  # Supplemental Arrows-A
    (0x2B00, 0x2BFF),  # Miscellaneous Symbols and Arrows
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0x3200, 0x32FF),  # Enclosed CJK Letters and Months
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
    (0xFFFD, 0xFFFD),  # Replacement character
]
# Jōyō kanji added in 2010 that are not in JIS X 0208.
JOYO_2010_EXTRA = "𠮟塡剝頰"
# Blocks the fallback symbol font may fill in (only for characters the CJK font lacks).
SYMBOL_BLOCKS = [
    (0x2190, 0x21FF), (0x2300, 0x23FF), (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x2700, 0x27BF),
    (0x27F0, 0x27FF), (0x2B00, 0x2B2F), (0x2B50, 0x2B59),
]


def jis_x_0208() -> set[str]:
    """Every character of JIS X 0208 (rows 1-94), as mapped by the EUC-JP, Shift_JIS and cp932 codecs."""
    chars: set[str] = set()
    for row in range(1, 95):
        for cell in range(1, 95):
            euc = bytes([0xA0 + row, 0xA0 + cell])
            lead = (row + 1) // 2 + (0x70 if row <= 62 else 0xB0)
            trail = cell + (0x1F if cell <= 63 else 0x20) if row % 2 else cell + 0x7E
            sjis = bytes([lead, trail])
            for data, codec in ((euc, "euc_jp"), (sjis, "shift_jis"), (sjis, "cp932")):
                try:
                    text = data.decode(codec)
                except UnicodeDecodeError:
                    continue
                if len(text) == 1:
                    chars.add(text)
    return chars


def jis_x_0213_plane_1() -> set[str]:
    """JIS X 0213 plane 1 (a superset of JIS X 0208 with more kanji for names and places)."""
    chars = set()
    for row in range(1, 95):
        for cell in range(1, 95):
            try:
                text = bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jis_2004")
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                chars.add(text)
    return chars


def jis_level_1_kanji() -> set[str]:
    """The 2,965 kanji of JIS X 0208 level 1 (rows 16-47)."""
    chars = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                text = bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                chars.add(text)
    return chars


def cp932_extensions() -> set[str]:
    """Windows-31J additions (NEC special characters, NEC/IBM extended kanji), private use excluded."""
    chars = set()
    leads = list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))
    trails = list(range(0x40, 0x7F)) + list(range(0x80, 0xFD))
    for lead in leads:
        for trail in trails:
            try:
                text = bytes([lead, trail]).decode("cp932")
            except UnicodeDecodeError:
                continue
            if len(text) == 1 and not 0xE000 <= ord(text) <= 0xF8FF:
                chars.add(text)
    return chars


def game_text_chars() -> set[str]:
    """Every character in the game's locale and data files, so no shipped string shows a missing glyph."""
    chars: set[str] = set()
    for pattern in ("game/**/*.json", "assets/data/*.json"):
        for path in sorted(ROOT.glob(pattern)):
            chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() and c != "\ufeff"}


def wanted_chars() -> set[str]:
    chars = set()
    for low, high in BLOCKS:
        chars |= {chr(code) for code in range(low, high + 1)}
    chars |= jis_x_0208() | jis_x_0213_plane_1() | cp932_extensions() | set(JOYO_2010_EXTRA) | game_text_chars()
    return chars


def find_source(directory: Path, names: tuple[str, ...]) -> tuple[Path, int]:
    for name in names:
        path = directory / name
        if path.exists():
            return path, 0  # face 0 of the Noto CJK collections is JP
    raise SystemExit(f"none of {', '.join(names)} in {directory}; install fonts-noto-cjk or pass --cjk-dir")


def subset_cjk(source: Path, number: int, chars: set[str], target: Path) -> set[int]:
    font = TTFont(source, fontNumber=number, lazy=False)
    cmap = font.getBestCmap()
    codes = sorted(ord(c) for c in chars if ord(c) in cmap)
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = False
    options.notdef_outline = True  # a missing character shows a box rather than nothing
    options.name_IDs = ["*"]
    options.name_languages = [0x0409]
    options.layout_features = ["kern", "ccmp"]
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
    options.glyph_names = False
    options.legacy_kern = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    font.save(target)
    size = target.stat().st_size
    print(f"{target.name}: {len(codes)} characters, {font['maxp'].numGlyphs} glyphs, {size / 1024 / 1024:.2f} MB")
    if size >= MAX_BYTES:
        raise SystemExit(f"{target.name} is {size} bytes, over the {MAX_BYTES} limit")
    return set(codes)


def build_symbols(sources: list[Path], missing: list[int], target: Path) -> str:
    """A TrueType font of the ``missing`` code points that any of ``sources`` has."""
    fonts = [TTFont(path) for path in sources]
    upm = fonts[0]["head"].unitsPerEm
    glyph_order = [".notdef"]
    glyphs = {}
    metrics = {}
    cmap = {}
    pen = TTGlyphPen(None)
    # .notdef: an empty box like the CJK font's
    pen.moveTo((50, -120)), pen.lineTo((50, 880)), pen.lineTo((550, 880)), pen.lineTo((550, -120)), pen.closePath()
    pen.moveTo((100, -70)), pen.lineTo((500, -70)), pen.lineTo((500, 830)), pen.lineTo((100, 830)), pen.closePath()
    glyphs[".notdef"] = pen.glyph()
    metrics[".notdef"] = (600, 50)
    for code in missing:
        for font in fonts:
            if font["head"].unitsPerEm != upm:
                continue
            name = font.getBestCmap().get(code)
            if name is None:
                continue
            glyph_set = font.getGlyphSet()
            recording = DecomposingRecordingPen(glyph_set)
            glyph_set[name].draw(recording)
            pen = TTGlyphPen(None)
            recording.replay(pen)
            new_name = f"uni{code:04X}" if code <= 0xFFFF else f"u{code:05X}"
            glyph = pen.glyph()
            glyph.recalcBounds(None)
            glyphs[new_name] = glyph
            advance = font["hmtx"][name][0]
            metrics[new_name] = (advance, getattr(glyph, "xMin", 0))
            glyph_order.append(new_name)
            cmap[code] = new_name
            break
    source = fonts[0]
    builder = FontBuilder(upm, isTTF=True)
    builder.setupGlyphOrder(glyph_order)
    builder.setupCharacterMap(cmap)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics(metrics)
    hhea = source["hhea"]
    builder.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
    copyrights = sorted({font["name"].getDebugName(0) for font in fonts})
    builder.setupNameTable({
        "copyright": " ".join(copyrights),
        "familyName": FALLBACK_NAME,
        "styleName": "Regular",
        "uniqueFontIdentifier": "GameNightSymbols-Regular",
        "fullName": f"{FALLBACK_NAME} Regular",
        "psName": "GameNightSymbols-Regular",
        "version": "Version 1.000",
        "licenseDescription": "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        "licenseInfoURL": "https://openfontlicense.org",
    })
    os2 = source["OS/2"]
    builder.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                     sTypoLineGap=os2.sTypoLineGap, usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent)
    builder.setupPost()
    builder.save(target)
    text = "".join(chr(code) for code in sorted(cmap))
    print(f"{target.name}: {len(cmap)} symbols, {target.stat().st_size / 1024:.1f} KB")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cjk-dir", type=Path, default=CJK_DIR)
    parser.add_argument("--symbols-dir", type=Path, default=SYMBOLS_DIR)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    chars = wanted_chars()
    covered: set[int] | None = None
    for weight, names in CJK_SOURCES.items():
        source, number = find_source(args.cjk_dir, names)
        codes = subset_cjk(source, number, chars, args.out / f"NotoSansCJKjp-{weight}-subset.otf")
        covered = codes if covered is None else covered & codes
    assert covered is not None
    level_1 = jis_level_1_kanji()
    kana = {chr(c) for c in range(0x3041, 0x3097)} | {chr(c) for c in range(0x30A1, 0x30FB)}
    lacking = sorted(c for c in level_1 | kana | set(JOYO_2010_EXTRA) if ord(c) not in covered)
    if lacking:
        raise SystemExit(f"the subset lacks {''.join(lacking)}")
    missing = sorted(
        code for low, high in SYMBOL_BLOCKS for code in range(low, high + 1) if code not in covered
    ) + sorted(ord(c) for c in game_text_chars() if ord(c) not in covered and ord(c) > 0x7F)
    sources = [args.symbols_dir / name for name in SYMBOL_SOURCES if (args.symbols_dir / name).exists()]
    if not sources:
        raise SystemExit(f"no Noto symbol fonts in {args.symbols_dir}; install fonts-noto-core or pass --symbols-dir")
    fallback = build_symbols(sources, sorted(set(missing)), args.out / "GameNightSymbols-Regular.ttf")
    (args.out / "fallback.txt").write_text(fallback, encoding="utf-8")
    still = sorted(c for c in game_text_chars() if ord(c) not in covered and c not in fallback)
    if still:
        print(f"not in any font: {''.join(still)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
