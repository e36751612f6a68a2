"""Counts read right in both languages: the plural blocks of the catalogues and how ``tr`` fills them."""

import re

import pytest

from game.core import i18n

PLURAL_NOUNS = ("cards", "stones", "bridges", "ships", "offers", "points", "pts", "lines", "actions", "Grins",
                "copies", "islands", "players", "rolls", "knights", "reactions", "cells", "tiles", "roads",
                "settlements", "cities", "turns", "captains", "squares", "coats", "tokens", "steps")
COUNT_BEFORE_NOUN = re.compile(r"{(\w+)} (?:\w+ )?(?:" + "|".join(PLURAL_NOUNS) + r")\b")
NOT_COUNTS = {"colour", "colours", "card", "cards", "resource", "give", "get", "want", "tile", "name", "player",
              "target", "source", "terrain", "piece"}
"""Fields that hold words (a colour, a list of cards), not a number: "{colours} ships" needs no plural block."""
RULES_OWNED = {
    "cannonades.progress.turn", "copenhagen.log.reshuffled", "copenhagen.end.twelve", "cannonades.result.shared",
}
"""Texts of the games' rules modules (their own catalogues, changed with them); the tables and logs use
plural-aware twins of some."""


@pytest.fixture
def catalogues(monkeypatch):
    monkeypatch.setattr(i18n, "_catalogues", {
        "en": {"left": "{n, plural, one {# stone} other {# stones}} left for {name}",
               "cards": "{n, plural, =0 {no cards} one {# card} other {# cards}}",
               "two": "{a, plural, one {# ship} other {# ships}}, {b, plural, one {# card} other {# cards}}"},
        "ja": {"left": "{name}の残り{n, plural, other {#個}}",
               "cards": "{n, plural, =0 {カードなし} other {#枚}}",
               "two": "船{a, plural, other {#隻}}、手札{b, plural, other {#枚}}"},
    })


def test_english_has_one_and_other_japanese_has_other(catalogues):
    assert [i18n.tr("left", "en", n=n, name="Hanako") for n in (1, 2, 0)] == [
        "1 stone left for Hanako", "2 stones left for Hanako", "0 stones left for Hanako"]
    assert [i18n.tr("left", "ja", n=n, name="花子") for n in (1, 2)] == ["花子の残り1個", "花子の残り2個"]
    assert i18n.tr("two", "en", a=1, b=3) == "1 ship, 3 cards"
    assert i18n.tr("two", "ja", a=1, b=3) == "船1隻、手札3枚"


def test_an_exact_branch_wins_and_a_missing_count_reads_as_other(catalogues):
    assert i18n.tr("cards", "en", n=0) == "no cards"
    assert i18n.tr("cards", "ja", n=0) == "カードなし"
    assert i18n.tr("cards", "en", n=1) == "1 card"
    assert "{" not in i18n.tr("left", "en", name="Hanako")


def test_the_cldr_categories():
    assert i18n.plural_category(1, "en") == "one"
    assert [i18n.plural_category(n, "en") for n in (0, 2, 11, 21, 1.5)] == ["other"] * 5
    assert {i18n.plural_category(n, "ja") for n in (0, 1, 2)} == {"other"}


def every_text(lang: str) -> dict[str, str]:
    return i18n.load_catalogue(lang)


def test_plural_blocks_use_the_categories_of_their_language():
    allowed = {"en": {"one", "other"}, "ja": {"other"}}
    for lang in ("en", "ja"):
        for key, text in every_text(lang).items():
            for field, branches in i18n.plural_blocks(text):
                categories = {name for name in branches if not name.startswith("=")}
                assert categories == allowed[lang], (lang, key, field)


def test_both_languages_count_the_same_fields():
    en, ja = every_text("en"), every_text("ja")
    for key, text in en.items():
        assert {f for f, _ in i18n.plural_blocks(text)} == {f for f, _ in i18n.plural_blocks(ja[key])}, key


def test_every_english_count_before_a_noun_is_a_plural_block():
    wrong = []
    for key, text in every_text("en").items():
        counts = [field for field in COUNT_BEFORE_NOUN.findall(text) if field not in NOT_COUNTS]
        if counts and key not in RULES_OWNED:
            wrong.append(f"{key}: {text}")
    assert not wrong, "\n".join(wrong)
