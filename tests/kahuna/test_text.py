"""Log lines, statistics and the game's catalogue entries."""

import json
import random
from pathlib import Path

from game.core import i18n
from game.core.controller import Controller
from game.core.rules import Event
from game.games.kahuna import SPEC
from game.games.kahuna.text import describe_event, statistics
from tests.support import config_for

LOCALE = Path(__file__).resolve().parents[2] / "game" / "games" / "kahuna" / "locale"


def finished_controller(seed=4) -> Controller:
    controller = Controller(SPEC.ruleset, config_for(2), seed)
    rng = random.Random(seed)
    while not controller.over:
        if controller.advance_chance():
            continue
        controller.submit(rng.choice(controller.legal_actions()))
    return controller


def test_every_event_of_a_game_reads_in_both_languages_without_missing_text():
    controller = finished_controller()
    for lang in ("en", "ja"):
        translate = lambda key, lang=lang, **fields: i18n.tr(key, lang=lang, **fields)  # noqa: E731
        for entry in controller.log:
            for event in entry.events:
                for seen in (event, Event(event.kind, event.public) if event.public is not None else None):
                    if seen is None:
                        continue
                    text = describe_event(seen, translate)
                    assert text is None or "kahuna." not in text, text


def test_private_cards_are_left_out_of_the_public_log_lines():
    event = Event("card_discarded", {"seat": 0, "card": "COCO"}, audience=0, public={"seat": 0, "count": 1})
    assert "COCO" in describe_event(event, i18n.tr)
    assert "COCO" not in describe_event(Event(event.kind, event.public), i18n.tr)


def test_log_lines_name_the_cascade():
    tr = lambda key, **fields: i18n.tr(key, lang="en", **fields)  # noqa: E731
    line = describe_event(Event("bridge_removed", {"line": "ALOA-HUNA", "owner": 1, "by": 0, "cause": "capture",
                                                   "island": "ALOA"}), tr)
    assert line == "Taking ALOA sweeps away Player 2's bridge on ALOA-HUNA."


def test_statistics_count_the_game():
    controller = finished_controller(6)
    stats = dict(statistics(controller))
    built = sum(1 for e in controller.log for ev in e.events if ev.kind == "bridge_built")
    assert sum(stats["kahuna.stats.bridges_built"]) == built > 0
    assert sum(stats["kahuna.stats.cards_drawn"]) > 20
    assert all(len(values) == 2 for values in stats.values())
    assert all(i18n.has(key, "ja") and i18n.has(key, "en") for key in stats)
    assert max(stats["kahuna.stats.longest_cascade"]) >= 1


def test_a_cascade_counts_the_rivals_bridges_and_stones_one_move_took():
    from game.games.kahuna.text import rival_losses

    events = [Event("bridge_built", {"seat": 0, "line": "ALOA-BARI"}),
              Event("stone_placed", {"island": "ALOA", "seat": 0}),
              Event("bridge_removed", {"line": "ALOA-DUDA", "owner": 1, "by": 0, "cause": "capture"}),
              Event("stone_lost", {"island": "DUDA", "seat": 1}),
              Event("bridge_removed", {"line": "ALOA-HUNA", "owner": 1, "by": 0, "cause": "capture"})]
    assert rival_losses(events, 0) == 3
    assert rival_losses(events, 1) == 0


def test_catalogues_cover_options_rules_pages_and_results():
    en = json.loads((LOCALE / "en.json").read_text(encoding="utf-8"))
    ja = json.loads((LOCALE / "ja.json").read_text(encoding="utf-8"))
    assert set(en) == set(ja)
    needed = {SPEC.name_key, SPEC.blurb_key}
    needed |= {o.label_key for o in SPEC.options} | {o.help_key for o in SPEC.options}
    needed |= {f"{page}.{part}" for page in SPEC.rules_pages for part in ("title", "body")}
    needed |= {f"kahuna.result.{k}" for k in ("points", "round3", "bridges", "draw", "early_end", "early_both")}
    needed |= {f"kahuna.progress.{k}" for k in ("setup", "round", "final", "over")}
    assert needed <= set(en)


def test_spec_options_are_the_five_table_options():
    assert SPEC.default_options() == {"destroy_own": False, "always_draw": False, "restricted_building": False,
                                      "early_end": True, "anti_stall": False}
    assert SPEC.validate_options({"early_end": "off"})["early_end"] is False


def test_a_config_saved_before_the_anti_stall_option_keeps_the_rule():
    saved = {"destroy_own": False, "always_draw": False, "restricted_building": False, "early_end": True}
    assert SPEC.saved_options(saved)["anti_stall"] is True
    assert SPEC.saved_options({**saved, "anti_stall": False})["anti_stall"] is False
    assert SPEC.validate_options(saved)["anti_stall"] is False


def test_only_later_rounds_say_the_discards_become_the_new_pile():
    tr = lambda key, **fields: i18n.tr(key, lang="en", **fields)  # noqa: E731
    first = describe_event(Event("round_started", {"round": 1, "seat": 0}), tr)
    second = describe_event(Event("round_started", {"round": 2, "seat": 1, "pile": 9}), tr)
    assert first.startswith("Round 1 begins") and "shuffled" not in first
    assert second.startswith("Round 2 begins") and "shuffled" in second
