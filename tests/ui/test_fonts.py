"""The bundled font, the text cache and the line breaker (kinsoku included)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.resources import resource_path  # noqa: E402
from game.ui import fonts  # noqa: E402

FONT_DIR = resource_path("assets", "fonts")
MAIN_FILES = [FONT_DIR / name for name in fonts.FONT_FILES.values()]
UNASSIGNED = "\U0010fffd"  # a private-use code point no font here maps


def level_1_kanji() -> list[str]:
    """JIS X 0208 level 1 (rows 16-47) via the EUC-JP codec."""
    chars = []
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                chars.append(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return chars


KANA = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)] + list("ーゝゞヽヾ")
JOYO_2010 = ["𠮟", "塡", "剝", "頰"]
UI_SYMBOLS = "★☆●○◆◇■□▲△▼▽✓✗×÷→←↑↓⟲⚀⚅⏭⏮"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    fonts.clear_cache()


def pixels(surface: pygame.Surface) -> int:
    """How many pixels of a rendered text surface carry ink."""
    mask = pygame.mask.from_surface(surface, 40)
    return mask.count()


def glyph_bytes(face: pygame.font.Font, char: str) -> bytes | None:
    """The rendered pixels of one character (None for a zero-width one, such as a space)."""
    try:
        image = face.render(char, True, (0, 0, 0), (255, 255, 255))
    except pygame.error:
        return None
    return pygame.image.tobytes(image, "RGB")


# -- the font files ----------------------------------------------------------------------------

def test_font_files_exist_and_are_small():
    for path in [*MAIN_FILES, FONT_DIR / fonts.SYMBOLS_FILE]:
        assert path.exists(), path
        assert path.stat().st_size < 4 * 1024 * 1024, path
    assert (FONT_DIR / "OFL.txt").read_text(encoding="utf-8").count("SIL OPEN FONT LICENSE Version 1.1") == 1


def test_japanese_renders_and_is_not_the_missing_glyph_box():
    for bold in (False, True):
        face = fonts.font(32, bold)
        box = glyph_bytes(face, UNASSIGNED)
        for char in "漢字あア日本語𠮟":
            image = face.render(char, True, (0, 0, 0))
            assert image.get_width() > 0
            assert pixels(image) > 0
            assert glyph_bytes(face, char) != box, char


def test_render_text_draws_mixed_text_and_symbols():
    image = fonts.render_text("ゲームを始める Start ★ ✗ ⚀", 24, (20, 20, 20))
    assert image.get_width() > 100
    assert image.get_height() >= fonts.font(24).get_height()
    assert pixels(image) > 200


def test_fallback_symbols_are_drawn_with_the_symbol_font():
    fallback = fonts.fallback_chars()
    assert {"✗", "⟲", "⚀", "⏭"} <= fallback
    symbols = fonts.symbol_font(30)
    box = glyph_bytes(symbols, UNASSIGNED)
    for char in "✗⟲⚀⏭":
        assert glyph_bytes(symbols, char) != box, char
    assert pixels(fonts.render_text("✗", 30, "black")) > 20


def coverage(path):
    """``has(char)`` for a font file: from its character map with fontTools, else by rendering
    (a character the font lacks has no metrics or draws as the missing-glyph box)."""
    try:
        from fontTools.ttLib import TTFont
    except ImportError:
        face = pygame.font.Font(str(path), 16)
        box = glyph_bytes(face, UNASSIGNED)
        return lambda char: face.metrics(char)[0] is not None and glyph_bytes(face, char) != box
    codes = set(TTFont(path, lazy=True).getBestCmap())
    return lambda char: ord(char) in codes


@pytest.mark.parametrize("path", MAIN_FILES, ids=lambda p: p.name)
def test_font_covers_jis_level_1_kana_and_joyo(path):
    latin_1 = [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA1, 0x100)]
    wanted = level_1_kanji() + KANA + JOYO_2010 + latin_1
    assert len(level_1_kanji()) == 2965
    has = coverage(path)
    missing = [c for c in wanted if not has(c)]
    assert not missing, "".join(missing)


def test_ui_symbols_are_covered_by_one_font_or_the_other():
    has = coverage(MAIN_FILES[0])
    fallback = fonts.fallback_chars()
    missing = [c for c in UI_SYMBOLS if not has(c) and c not in fallback]
    assert not missing, "".join(missing)
    assert not [c for c in fallback if has(c)], "the fallback only holds what the main font lacks"


def test_locale_strings_are_covered():
    has = coverage(MAIN_FILES[0])
    fallback = fonts.fallback_chars()
    missing = set()
    for path in resource_path("game").rglob("*.json"):
        for char in set(path.read_text(encoding="utf-8")):
            if char.isprintable() and char not in fallback and not has(char):
                missing.add(char)
    assert not missing, f"no glyph for {''.join(sorted(missing))}: rerun tools/make_font.py or use other characters"


# -- the cache ---------------------------------------------------------------------------------

def test_render_cache_returns_the_same_surface():
    first = fonts.render_text("キャッシュ cache", 20, (1, 2, 3))
    assert fonts.render_text("キャッシュ cache", 20, (1, 2, 3)) is first
    assert fonts.render_text("キャッシュ cache", 20, pygame.Color(1, 2, 3)) is first
    assert fonts.render_text("キャッシュ cache", 20, (1, 2, 3), bold=True) is not first
    assert fonts.render_text("キャッシュ cache", 21, (1, 2, 3)) is not first
    paragraph = fonts.render_paragraph("段落 paragraph text", 20, (0, 0, 0), 100)
    assert fonts.render_paragraph("段落 paragraph text", 20, (0, 0, 0), 100) is paragraph


def test_render_cache_is_bounded():
    for i in range(fonts.CACHE_SIZE + 50):
        fonts.render_text(str(i), 12, (0, 0, 0))
    assert len(fonts._cache) <= fonts.CACHE_SIZE


def test_surfaces_are_converted_when_a_display_exists():
    pygame.display.set_mode((64, 64))
    try:
        image = fonts.render_text("表示 display", 18, (0, 0, 0))
        display = pygame.display.get_surface()
        assert image.get_bitsize() == 32
        assert image.get_flags() & pygame.SRCALPHA
        assert image.get_masks()[:3] == display.convert_alpha().get_masks()[:3]
    finally:
        fonts.clear_cache()


def test_font_is_cached_per_size_and_weight():
    assert fonts.font(20) is fonts.font(20)
    assert fonts.font(20) is fonts.font(20.2)
    assert fonts.font(20, bold=True) is not fonts.font(20)


def test_newlines_in_render_text_stack_lines():
    one = fonts.render_text("一行", 20, (0, 0, 0))
    two = fonts.render_text("一行\n二行", 20, (0, 0, 0))
    assert two.get_height() > one.get_height()


def test_paragraph_alignment_and_width():
    text = "左揃えと中央揃えと右揃え。Left, centre and right alignment of a paragraph."
    for align in ("left", "center", "right"):
        image = fonts.render_paragraph(text, 20, (0, 0, 0), 220, align=align)
        assert image.get_width() <= 220
        assert image.get_height() > fonts.font(20).get_height() * 2
    with pytest.raises(ValueError):
        fonts.render_paragraph(text, 20, (0, 0, 0), 220, align="justify")
    tall = fonts.render_paragraph(text, 20, (0, 0, 0), 220, line_height=2.0)
    assert tall.get_height() > fonts.render_paragraph(text, 20, (0, 0, 0), 220).get_height()


# -- line breaking -----------------------------------------------------------------------------

def check_kinsoku(text: str, lines: list[str]) -> None:
    paragraphs = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    index = 0
    for paragraph in paragraphs:
        count = 0
        rest = paragraph
        while True:
            line = lines[index]
            # every line is a piece of the paragraph, in order, with spaces at breaks dropped
            if count:
                rest = rest.lstrip(" \t")
            assert rest.startswith(line), (line, rest)
            rest = rest[len(line):]
            if count:
                assert line[:1] not in fonts.NO_START, (text, lines)
            index += 1
            count += 1
            if not rest.strip(" \t"):
                break
            assert line[-1:] not in fonts.NO_END, (text, lines)
    assert index == len(lines)


def assert_fits_or_unbreakable(line: str, face, width: int) -> None:
    """A line wider than ``width`` must have no allowed cut leaving a first part that fits."""
    if fonts.text_width(line, face) > width:
        assert not any(fonts._may_split(line, i) and fonts.text_width(line[:i].rstrip(), face) <= width
                       for i in range(1, len(line))), (line, width)


def test_kinsoku_examples():
    face = fonts.font(20)
    text = "これは「テスト」です。日本語の文章を、正しく折り返せるかどうか確認します！ちょっと待ってください。"
    for width in range(40, 500, 7):
        lines = fonts.wrap_lines(text, face, width)
        check_kinsoku(text, lines)
        for line in lines:
            assert_fits_or_unbreakable(line, face, width)


def test_small_kana_and_punctuation_are_pushed_off_the_line_start():
    face = fonts.font(20)
    one = face.size("あ")[0]
    # four characters fit; the fifth, 。, may not start a line, so 「う。」 moves down together
    lines = fonts.wrap_lines("ああああ。", face, one * 4 + 2)
    assert lines == ["あああ", "あ。"]
    lines = fonts.wrap_lines("あああ「あ", face, one * 4 + 2)
    assert lines == ["あああ", "「あ"]
    lines = fonts.wrap_lines("きゃっきゃっ", face, one * 2 + 2)
    assert all(line[0] not in fonts.NO_START for line in lines)


def test_english_breaks_at_spaces_and_long_words_are_cut():
    face = fonts.font(20)
    text = "The quick brown fox jumps over the lazy dog"
    lines = fonts.wrap_lines(text, face, 120)
    assert " ".join(lines) == text
    assert all(fonts.text_width(line, face) <= 120 for line in lines)
    long = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    lines = fonts.wrap_lines(long, face, 100)
    assert len(lines) > 1 and "".join(lines) == long
    assert all(fonts.text_width(line, face) <= 100 for line in lines)


def test_explicit_newlines_are_kept():
    face = fonts.font(20)
    assert fonts.wrap_lines("一行目\n\n三行目 third", face, 1000) == ["一行目", "", "三行目 third"]
    assert fonts.wrap_lines("", face, 100) == [""]


def test_mixed_text_breaks_between_scripts_at_phrase_boundaries():
    face = fonts.font(20)
    lines = fonts.wrap_lines("AIが考えています thinking…", face, fonts.text_width("考えています", face) + 1)
    assert lines == ["AIが", "考えています", "thinking…"]


@pytest.mark.parametrize("phrases", [
    ["次の", "スタートプレイヤーを", "決めます。"],
    ["手番の", "残り", "アクションは", "3です。"],
    ["手札は", "5枚までです。"],
    ["カフナの", "島を", "占有すると、", "相手の", "橋が", "消えます。"],
    ["AIが", "考えています"],
])
def test_japanese_lines_end_only_between_phrases_when_each_phrase_fits(phrases):
    face = fonts.font(20)
    text = "".join(phrases)
    ends = {sum(len(p) for p in phrases[:i]) for i in range(1, len(phrases) + 1)}
    for width in range(max(fonts.text_width(p, face) for p in phrases), fonts.text_width(text, face), 7):
        lines = fonts.wrap_lines(text, face, width)
        check_kinsoku(text, lines)
        assert {sum(len(line) for line in lines[:i]) for i in range(1, len(lines) + 1)} <= ends, (width, lines)


def test_a_particle_stays_with_its_word_and_the_next_phrase_may_start_a_line():
    face = fonts.font(20)
    text = "橋を架けると島を占有します"
    lines = fonts.wrap_lines(text, face, fonts.text_width("橋を架けると島", face))
    assert lines == ["橋を架けると", "島を占有します"]


JAPANESE = "あいうえおかきくけこがぎっゃゅょァィッャー漢字日本語読書島橋"
PUNCT = "。、，．・：；？！」』）］｝〕〉》】”’「『（［｛〔〈《【“‘…"
LATIN = "abcdefghijklmnopqrstuvwxyzABC0123456789,.!?()'"
mixed_text = st.text(alphabet=st.sampled_from(list(JAPANESE + PUNCT + LATIN) + [" ", " ", "\n", "✗", "★", "　"]),
                     max_size=120)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mixed_text, width=st.integers(min_value=1, max_value=400), size=st.sampled_from([14, 20, 27]))
def test_kinsoku_holds_for_any_text(text, width, size):
    face = fonts.font(size)
    lines = fonts.wrap_lines(text, face, width)
    check_kinsoku(text, lines)


words = st.builds(
    lambda head, tail: head + tail,
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'-", min_size=1, max_size=14),
    st.sampled_from(["", "", "", ",", ".", "!", "?", ";", ":", "),", "%"]),
)


@settings(max_examples=200, deadline=None)
@given(sentence=st.lists(words, min_size=1, max_size=25), extra=st.integers(min_value=0, max_value=300))
def test_english_never_splits_a_word_that_fits(sentence, extra):
    face = fonts.font(18)
    width = max(fonts.text_width(word, face) for word in sentence) + extra
    lines = fonts.wrap_lines(" ".join(sentence), face, width)
    assert [word for line in lines for word in line.split(" ")] == sentence
    for line in lines:
        assert fonts.text_width(line, face) <= width


@settings(max_examples=100, deadline=None)
@given(text=mixed_text, width=st.integers(min_value=1, max_value=400))
def test_wrapped_lines_fit_unless_nothing_else_is_allowed(text, width):
    face = fonts.font(16)
    for line in fonts.wrap_lines(text, face, width):
        assert_fits_or_unbreakable(line, face, width)


# -- text from files: any length, any code points ----------------------------------------------

def measured_characters(monkeypatch) -> list[int]:
    """Records how many characters each width measurement of the line breaker looks at."""
    seen: list[int] = []
    real = fonts.text_width

    def counting(text, face):
        seen.append(len(text))
        return real(text, face)

    monkeypatch.setattr(fonts, "text_width", counting)
    return seen


@pytest.mark.parametrize("unit", ["x", "あ", "ー", "abc,", "「a"])
def test_line_breaking_looks_at_each_character_a_bounded_number_of_times(monkeypatch, unit):
    """A long unbroken name or word costs about its length to wrap, not its square or cube."""
    face = fonts.font(20)
    seen = measured_characters(monkeypatch)
    for length in (1_000, 8_000):
        seen.clear()
        text = (unit * length)[:length]
        lines = fonts.wrap_lines(text, face, 300)
        assert "".join(lines) == text
        assert sum(seen) <= 40 * length, (unit, length, sum(seen))


def test_unbroken_text_is_still_cut_to_the_width():
    face = fonts.font(20)
    lines = fonts.wrap_lines("W" * 3_000, face, 250)
    assert len(lines) > 10 and all(fonts.text_width(line, face) <= 250 for line in lines)


@pytest.mark.parametrize("text", ["a\ud800b", "\udcff" * 3, "nul\x00here", "\ud83d", "é\u0301\ud800\n\x00x"])
def test_text_sdl_ttf_cannot_take_is_drawn_with_replacement_characters(text):
    face = fonts.font(20)
    assert fonts.text_width(text, face) > 0
    image = fonts.render_text(text, 20, (0, 0, 0))
    assert image.get_width() > 0 and pixels(image) > 0
    assert fonts.wrap_lines(text, face, 30)
    assert fonts.render_paragraph(text, 20, (0, 0, 0), 30).get_height() > 0
    assert "\ufffd" in fonts.displayable(text) and fonts.displayable("plain") == "plain"


def test_a_huge_line_is_cut_before_it_is_drawn():
    one = fonts.render_text("x" * fonts.MAX_LINE_CHARACTERS, 20, (0, 0, 0)).get_width()
    huge = fonts.render_text("x" * 3_000_000, 20, (0, 0, 0))
    assert huge.get_width() <= one + fonts.text_size(fonts.ELLIPSIS, 20)[0]


def test_fit_line_cuts_with_an_ellipsis_only_when_needed():
    assert fonts.fit_line("short", 20, 400) == "short"
    for text in ("2024-01-01T10:00:00" * 50, "花子" * 300, "x" * 10_000_000):
        fitted = fonts.fit_line(text, 20, 400)
        assert fitted.endswith(fonts.ELLIPSIS) and text.startswith(fitted[:-1])
        assert fonts.text_size(fitted, 20)[0] <= 400


def ink_rows_after(text: str, lead: str, size: int = 30) -> tuple[int, int]:
    """The top and bottom rows of the ink ``text`` draws right of its beginning ``lead``."""
    whole = fonts.render_text(text, size, (0, 0, 0))
    start = fonts.text_size(lead, size)[0]
    tail = whole.subsurface((start, 0, whole.get_width() - start, whole.get_height()))
    rects = pygame.mask.from_surface(tail, 40).get_bounding_rects()
    return min(r.top for r in rects), max(r.bottom for r in rects)


def test_an_ellipsis_sits_on_the_baseline_after_english_and_at_mid_height_after_japanese():
    letters = ink_rows_after("Trade", "Trad")
    english = ink_rows_after("Trade…", "Trade")
    japanese = ink_rows_after("待っています…", "待っています")
    assert abs(english[1] - letters[1]) <= 1, "the dots stand on the line the letters stand on"
    assert japanese[1] < letters[1] - 5, "in Japanese the dots stay centred"
    for text in ("Trade…", "Say something… (Enter)", "花子…", "Kai…待つ"):
        assert fonts.text_size(text, 24)[0] == fonts.render_text(text, 24, (0, 0, 0)).get_width()
    assert fonts.fit_line("Longest Road " * 20, 20, 300).endswith(fonts.ELLIPSIS)
    assert fonts.text_size(fonts.fit_line("Longest Road " * 20, 20, 300), 20)[0] <= 300
