"""Text for the whole UI: the bundled Japanese-capable font, cached rendering and line breaking.

The text face is Noto Sans CJK JP (regular and bold, subset to Japanese and Latin text and the usual
UI symbols; see ``assets/fonts/README.md``). The few symbols it lacks (✗ ⟲ ⚀ ⏭ ...) come from a small
fallback font, listed in ``assets/fonts/fallback.txt``; runs of such characters are drawn with it
and joined on a common baseline, so callers never see the difference.

* ``font(size, bold)`` is the ``pygame.font.Font`` for a size, loaded once; no size is smaller than the
  floor the window's scale sets (``set_floor``), so small windows keep readable text.
* ``render_text`` draws one line (or several, at explicit newlines) and keeps the result in a
  bounded LRU cache, so each text is rasterised once. Surfaces come from a shared cache: blit them,
  never draw on them.
* ``fit_line`` cuts one line to a width, ending it with "…".
* The face's "…" sits at mid-height, as Japanese sets it; after a Latin letter, digit or sign it is drawn
  as three full stops on the baseline, as English sets it (``typeset``). Widths are measured the same way.
* Text SDL_ttf cannot take (lone surrogates, NUL) is drawn with U+FFFD in their place, and a line
  longer than ``MAX_LINE_CHARACTERS`` is cut: whatever a file holds, drawing it never fails.
* ``wrap_lines`` breaks mixed Japanese and English text to a width: English at spaces, Japanese at
  phrase boundaries (after the particles and endings in hiragana, between a run of kanji and one of
  katakana, after punctuation; never inside a katakana word or a number with its counter), following
  the kinsoku rules (no line starts with a closing bracket, small kana, a prolonged sound mark or 。、
  etc.; none ends with an opening bracket). Only a phrase wider than the line is cut inside.
* ``render_paragraph`` wraps and renders a block of text; ``fit_paragraph`` makes it small enough
  for a rectangle and ``render_fitted`` one line for a width, never below the floor: what still does
  not fit is cut with "…".

pygame's own ``wraplength`` is not used: it knows nothing of kinsoku or of the fallback font.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterator

import pygame

from game.resources import resource_path

FONT_FILES = {False: "NotoSansCJKjp-Regular-subset.otf", True: "NotoSansCJKjp-Bold-subset.otf"}
SYMBOLS_FILE = "GameNightSymbols-Regular.ttf"
FALLBACK_LIST = "fallback.txt"
CACHE_SIZE = 2048
MAX_LINE_CHARACTERS = 500
"""No line on the screen is longer; a longer text (a damaged file's, say) is cut before SDL_ttf sees it."""
ELLIPSIS = "…"
REPLACEMENT = "\ufffd"
_ELLIPSIS_AFTER_LATIN = re.compile("(?<=[!-~\u00a1-\u024f])…")

# Characters that may not begin a line (gyōtō kinsoku): closing brackets and quotes, small kana,
# iteration and prolonged sound marks, sentence and clause punctuation (full- and half-width).
NO_START = frozenset(
    "。、，．・：；？！ゝゞーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "」』）］｝〕〉》】〙〗〟”’»›"
    "々〻ヽヾ゛゜‐゠–〜～…‥‼⁇⁈⁉％"
    "｡､･｣ｧｨｩｪｫｬｭｮｯｰﾞﾟ"
    ")]},.:;!?%"
)
# Characters that may not end a line (gyōmatsu kinsoku): opening brackets and quotes.
NO_END = frozenset("「『（［｛〔〈《【〘〖〝“‘«‹([{｢")
SPACES = frozenset(" \t")

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_symbol_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_font_keys: dict[int, tuple[int, bool]] = {}
_fallback: frozenset[str] | None = None
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()


# -- fonts -------------------------------------------------------------------------------------

_floor = 0.0


def set_floor(size: float) -> None:
    """No text is drawn smaller than ``size`` (logical pixels): set for the window's scale, so text on a
    small screen stays readable. Changing it forgets the rendered texts."""
    global _floor
    if round(size) != round(_floor):
        _cache.clear()
    _floor = size


def text_floor() -> int:
    """The smallest text size drawn now (logical pixels); layers that hold text are kept per floor."""
    return round(_floor)


def _size(size: float) -> int:
    return max(1, round(size), round(_floor))


def _ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font(size: float, bold: bool = False) -> pygame.font.Font:
    """The UI font at ``size`` pixels (the em size), loaded once per (size, bold)."""
    key = (_size(size), bool(bold))
    face = _fonts.get(key)
    if face is None:
        _ensure_init()
        face = pygame.font.Font(str(resource_path("assets", "fonts", FONT_FILES[key[1]])), key[0])
        _fonts[key] = face
        _font_keys[id(face)] = key
    return face


def symbol_font(size: float, bold: bool = False) -> pygame.font.Font:
    """The fallback symbol font at ``size``; bold is synthesised."""
    key = (_size(size), bool(bold))
    face = _symbol_fonts.get(key)
    if face is None:
        _ensure_init()
        face = pygame.font.Font(str(resource_path("assets", "fonts", SYMBOLS_FILE)), key[0])
        face.bold = key[1]
        _symbol_fonts[key] = face
    return face


def fallback_chars() -> frozenset[str]:
    """The characters drawn with the symbol font (those the main font lacks)."""
    global _fallback
    if _fallback is None:
        try:
            text = resource_path("assets", "fonts", FALLBACK_LIST).read_text(encoding="utf-8")
        except OSError:
            text = ""
        _fallback = frozenset(text) - {"\n", "\r"}
    return _fallback


def _runs(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` cut into runs of (drawn with the fallback font?, characters)."""
    fallback = fallback_chars()
    start = 0
    current = text[0] in fallback if text else False
    for i, char in enumerate(text):
        flag = char in fallback
        if flag != current:
            yield current, text[start:i]
            start, current = i, flag
    if start < len(text):
        yield current, text[start:]


def _needs_fallback(text: str) -> bool:
    fallback = fallback_chars()
    return any(char in fallback for char in text)


def displayable(text: str) -> str:
    """``text`` as SDL_ttf can take it: lone surrogates and NUL replaced by U+FFFD."""
    if text.isprintable():
        return text
    return "".join(REPLACEMENT if char == "\x00" or "\ud800" <= char <= "\udfff" else char for char in text)


def typeset(text: str) -> str:
    """``text`` as it is drawn: an ellipsis that ends English words on three full stops."""
    return _ELLIPSIS_AFTER_LATIN.sub("...", text) if ELLIPSIS in text else text


def _bounded(text: str) -> str:
    if len(text) > MAX_LINE_CHARACTERS:
        return text[: MAX_LINE_CHARACTERS - 1] + ELLIPSIS
    return text


def _measure(text: str, face: pygame.font.Font) -> int:
    try:
        return face.size(text)[0]
    except (UnicodeError, ValueError):
        return face.size(displayable(text))[0]


def text_width(text: str, face: pygame.font.Font) -> int:
    """Width in pixels of one line of ``text`` in ``face``, symbols from the fallback font included."""
    key = _font_keys.get(id(face))
    text = typeset(text)
    if key is None or not _needs_fallback(text):
        return _measure(text, face)
    return sum(_measure(run, symbol_font(*key) if flag else face) for flag, run in _runs(text))


def fit_line(text: str, size: float, width: int, bold: bool = False) -> str:
    """``text`` (one line) as it fits in ``width`` pixels: whole, or cut and ended with "…"."""
    face = font(size, bold)
    text = _bounded(text)
    if text_width(text, face) <= width:
        return text
    return text[: _reach(text, 0, face, width - text_width(ELLIPSIS, face))].rstrip(" \t") + ELLIPSIS


def text_size(text: str, size: float, bold: bool = False) -> tuple[int, int]:
    """(width, height) of one line of ``text`` as ``render_text`` would draw it."""
    face = font(size, bold)
    return text_width(text, face), face.get_height()


# -- rendering ---------------------------------------------------------------------------------

def _colour(colour) -> tuple[int, int, int, int]:
    return tuple(pygame.Color(colour))


def _remember(key: tuple, surface: pygame.Surface) -> pygame.Surface:
    _cache[key] = surface
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return surface


def _recall(key: tuple) -> pygame.Surface | None:
    surface = _cache.get(key)
    if surface is not None:
        _cache.move_to_end(key)
    return surface


def _finish(surface: pygame.Surface, alpha: int) -> pygame.Surface:
    if alpha < 255:
        surface.set_alpha(alpha)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def _render_line(text: str, size: int, rgba: tuple[int, int, int, int], bold: bool) -> pygame.Surface:
    face = font(size, bold)
    text = typeset(displayable(_bounded(text)))
    rgb = rgba[:3]
    if not _needs_fallback(text):
        return face.render(text, True, rgb)
    symbols = symbol_font(size, bold)
    parts = [(symbols if flag else face).render(run, True, rgb) for flag, run in _runs(text)]
    ascent = face.get_ascent()
    surface = pygame.Surface((sum(part.get_width() for part in parts), face.get_height()), pygame.SRCALPHA)
    surface.fill((*rgb, 0))  # transparent ink: blending onto it keeps anti-aliased edges clean
    x = 0
    for (flag, _run), part in zip(_runs(text), parts, strict=True):
        y = ascent - symbols.get_ascent() if flag else 0
        surface.blit(part, (x, y))
        x += part.get_width()
    return surface


def _stack(images: list[pygame.Surface], pitch: int, height: int, align: str, rgb) -> pygame.Surface:
    width = max((image.get_width() for image in images), default=0)
    total = pitch * (len(images) - 1) + height if images else height
    surface = pygame.Surface((max(1, width), max(1, total)), pygame.SRCALPHA)
    surface.fill((*rgb, 0))
    for i, image in enumerate(images):
        if align == "center":
            x = (width - image.get_width()) // 2
        elif align == "right":
            x = width - image.get_width()
        else:
            x = 0
        surface.blit(image, (x, i * pitch))
    return surface


def render_text(text: str, size: float, colour, bold: bool = False) -> pygame.Surface:
    """``text`` drawn anti-aliased on a transparent surface; cached, so each text is drawn once.

    Explicit newlines start new lines (no wrapping; see ``render_paragraph``). The colour may carry
    an alpha. The returned surface is shared through the cache: do not draw on it.
    """
    text = str(text)
    size = _size(size)
    rgba = _colour(colour)
    key = ("text", text, size, rgba, bool(bold))
    surface = _recall(key)
    if surface is not None:
        return surface
    if "\n" in text or "\r" in text:
        face = font(size, bold)
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        images = [_render_line(line, size, rgba, bold) for line in lines]
        surface = _stack(images, face.get_linesize(), face.get_height(), "left", rgba[:3])
    else:
        surface = _render_line(text, size, rgba, bold)
    return _remember(key, _finish(surface, rgba[3]))


def render_paragraph(text: str, size: float, colour, width: int, bold: bool = False, line_height: float = 1.25,
                     align: str = "left") -> pygame.Surface:
    """``text`` wrapped to ``width`` pixels and drawn; cached like ``render_text``.

    Lines are ``line_height`` × ``size`` apart; ``align`` is "left", "center" or "right". The surface
    is as wide as the widest line (never wider than ``width`` unless one character is).
    """
    if align not in ("left", "center", "right"):
        raise ValueError(f"align must be left, center or right, not {align!r}")
    text = str(text)
    size = _size(size)
    rgba = _colour(colour)
    key = ("paragraph", text, size, rgba, bool(bold), int(width), float(line_height), align)
    surface = _recall(key)
    if surface is not None:
        return surface
    face = font(size, bold)
    lines = wrap_lines(text, face, width)
    opaque = (*rgba[:3], 255)
    images = [render_text(line, size, opaque, bold) for line in lines]
    pitch = max(1, round(size * line_height))
    surface = _stack(images, pitch, face.get_height(), align, rgba[:3])
    return _remember(key, _finish(surface, rgba[3]))


def fit_paragraph(text: str, size: float, colour, rect: pygame.Rect, bold: bool = False, min_size: float = 14,
                  line_height: float = 1.2, align: str = "left") -> pygame.Surface:
    """``text`` wrapped to ``rect``'s width at ``size``, or smaller (down to ``min_size``, never below the
    floor) until it fits ``rect``'s height too; what still runs over is cut at the last line that fits,
    ended with "…" (a tooltip or the log holds the whole text)."""
    step = max(0, round(size) - round(min_size))
    for shrink in range(step + 1):
        image = render_paragraph(text, size - shrink, colour, rect.width, bold, line_height, align)
        if image.get_height() <= rect.height:
            return image
    smallest = _size(size - step)
    lines = wrap_lines(text, font(smallest, bold), rect.width)
    pitch = max(1, round(smallest * line_height))
    keep = max(1, (rect.height - font(smallest, bold).get_height()) // pitch + 1)
    if keep < len(lines):
        lines = lines[:keep]
        lines[-1] = fit_line(lines[-1] + ELLIPSIS, smallest, rect.width, bold)
    return render_paragraph("\n".join(lines), smallest, colour, rect.width, bold, line_height, align)


def paragraph_fits(text: str, size: float, width: int, height: int, bold: bool = False,
                   line_height: float = 1.2) -> bool:
    """Whether ``text`` wrapped to ``width`` at ``size`` (or the floor) fits ``height`` with no word cut."""
    size = _size(size)
    face = font(size, bold)
    if any(text_width(word, face) > width for word in text.split()):
        return False
    lines = wrap_lines(text, face, width)
    return max(1, round(size * line_height)) * (len(lines) - 1) + face.get_height() <= height


def render_fitted(text: str, size: float, colour, width: int, bold: bool = False) -> pygame.Surface:
    """One line of ``text`` no wider than ``width``: at ``size``, else smaller down to the floor, else cut
    and ended with "…" (never shrunk below the readable floor)."""
    size = _size(size)
    while size > _size(0) and text_size(text, size, bold)[0] > width:
        size -= 1
    return render_text(fit_line(text, size, width, bold), size, colour, bold)


def clear_cache() -> None:
    """Forget every rendered surface (fonts stay loaded)."""
    _cache.clear()


# -- line breaking -----------------------------------------------------------------------------

def is_wide(char: str) -> bool:
    """True for characters set in Japanese fashion: breakable on either side (kana, kanji, ...)."""
    code = ord(char)
    if 0xFF61 <= code <= 0xFF9F:  # half-width katakana and punctuation
        return True
    return unicodedata.east_asian_width(char) in ("W", "F")


def _glued(char: str) -> bool:
    """Combining marks, joiners and variation selectors stay with the character before them."""
    return unicodedata.combining(char) != 0 or unicodedata.category(char) in ("Mn", "Me", "Cf")


def script(char: str) -> str:
    """How a character joins its neighbours into Japanese phrases: "kana" (hiragana: particles and
    endings, which stay with what comes before), "katakana" (with ー), "kanji", "digit", "latin"
    (other narrow letters and signs), "space", or "mark" (wide punctuation and symbols)."""
    code = ord(char)
    if char in SPACES:
        return "space"
    if 0x3041 <= code <= 0x309F:
        return "kana"
    if 0x30A1 <= code <= 0x30FA or code in (0x30FC, 0x30FD, 0x30FE) or 0x31F0 <= code <= 0x31FF \
            or 0xFF66 <= code <= 0xFF9F:
        return "katakana"
    if 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0xF900 <= code <= 0xFAFF or char in "々〆〇":
        return "kanji"
    if char.isdigit():
        return "digit"
    return "mark" if is_wide(char) else "latin"


def _phrase_break(prev: str, cur: str) -> bool:
    """May a line end between ``prev`` and ``cur`` (neither a space, at least one wide) without cutting a
    Japanese phrase? Before hiragana never (a particle or an ending stays with its word); inside a run
    of one script never (a katakana word, a kanji compound); between a number and its counter never."""
    before, after = script(prev), script(cur)
    if before == "mark" or after == "mark":
        return True
    if after == "kana" or before == after:
        return False
    return not (before == "digit" and after in ("kanji", "katakana"))


def _break_points(text: str) -> list[int]:
    """Every i (0 < i <= len(text)) where a line may end before ``text[i]``; ``text`` has no newlines.

    English breaks after spaces, Japanese at phrase boundaries (``_phrase_break``); never before a
    space, a combining mark or a ``NO_START`` character, never after ``NO_END``.
    """
    points = []
    last = ""  # the last character before i that is not a space
    for i in range(1, len(text)):
        prev, cur = text[i - 1], text[i]
        if prev not in SPACES:
            last = prev
        if cur in SPACES or cur in NO_START or _glued(cur) or not last or last in NO_END:
            continue
        if prev in SPACES or ((is_wide(prev) or is_wide(cur)) and _phrase_break(prev, cur)):
            points.append(i)
    points.append(len(text))
    return points


def _may_split(text: str, i: int, start: int = 0) -> bool:
    """May a too-long word be cut before ``text[i]``, leaving something of ``text[start:i]`` on the
    line? Any place kinsoku allows. Looks back only over the spaces just before ``i``."""
    cur = text[i]
    if cur in SPACES or cur in NO_START or _glued(cur):
        return False
    j = i - 1
    while j >= start and text[j] in SPACES:
        j -= 1
    return j >= start and text[j] not in NO_END


def _reach(text: str, start: int, face: pygame.font.Font, width: int) -> int:
    """The largest ``i`` such that ``text[start:i]`` fits in ``width`` (``start`` when not one
    character does). Widths grow with the line, so gallop forward, then bisect: a line of L
    characters costs about L log L, however long ``text`` is."""
    n = len(text)
    fitting, step = start, 1
    while fitting < n:
        probe = min(n, fitting + step)
        if text_width(text[start:probe], face) > width:
            break
        fitting, step = probe, step * 2
    else:
        return n
    low, high = fitting + 1, min(n, fitting + step) - 1  # the answer is in [fitting, high]
    while low <= high:
        middle = (low + high) // 2
        if text_width(text[start:middle], face) <= width:
            fitting, low = middle, middle + 1
        else:
            high = middle - 1
    return fitting


def _wrap_paragraph(text: str, face: pygame.font.Font, width: int) -> list[str]:
    n = len(text)
    if n == 0:
        return [""]
    breaks = _break_points(text)
    lines: list[str] = []
    start = 0
    k = 0  # index into breaks of the first break after start
    while start < n:
        while breaks[k] <= start:
            k += 1
        reach = _reach(text, start, face, width)
        while reach < n and text[reach] in SPACES:
            reach += 1  # spaces at a break are dropped, so they never overflow a line
        furthest = bisect_right(breaks, reach, lo=k) - 1
        if furthest >= k:
            best = breaks[furthest]
        else:
            # The first phrase alone is too wide: cut it inside, where kinsoku allows.
            best = _force_split(text, start, breaks[k], reach)
        lines.append(text[start:best].rstrip(" \t"))
        start = best
    return lines


def _force_split(text: str, start: int, stop: int, reach: int) -> int:
    """Where to cut ``text[start:stop]``, which is too wide: the furthest allowed cut up to ``reach``
    (what fits), else the nearest one beyond it, else ``stop``. Each character is looked at about
    once, so cutting a long word into lines costs about its length."""
    for i in range(min(reach, stop - 1), start, -1):
        if _may_split(text, i, start):
            return i
    for i in range(max(reach + 1, start + 1), stop):
        if _may_split(text, i, start):
            return i
    return stop


def wrap_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels in ``font``.

    English breaks at spaces (a word longer than the width is cut); Japanese between any two
    characters, but no line starts with a character of ``NO_START`` and none ends with one of
    ``NO_END``: the offending character moves to the next line together with its neighbour.
    Explicit newlines are kept; spaces at a break are dropped. A line is wider than ``width``
    only when kinsoku leaves no other way (or one character is wider than ``width``).
    """
    lines: list[str] = []
    for paragraph in str(text).replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        lines.extend(_wrap_paragraph(paragraph, font, max(1, int(width))))
    return lines
