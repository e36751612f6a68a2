"""Game-log lines, statistics and the spec: every event of real games has text in both languages."""

import functools
import json
import random
from pathlib import Path

from game.core import i18n
from game.core.controller import Controller
from game.games.catan import SPEC
from game.games.catan.ai import make_agent
from game.games.catan.text import describe_event, statistics
from tests.support import config_for

LOCALE = Path(__file__).resolve().parents[2] / "game" / "games" / "catan" / "locale"


def played_controller(seed: int) -> Controller:
    controller = Controller(SPEC.ruleset, config_for(4, {"numbers": "random"}), seed)
    agents = [make_agent(level) for level in ("normal", "easy", "hard", "normal")]
    rng = random.Random(seed)
    while not controller.over:
        seat = controller.to_act()
        if seat < 0:
            controller.resolve_chance()
        else:
            view = controller.observe(seat)
            controller.submit(agents[seat].choose(SPEC.ruleset, view, seat, rng))
    return controller


def test_every_event_reads_in_both_languages():
    controller = played_controller(3)
    kinds = set()
    for lang in ("en", "ja"):
        tr = functools.partial(i18n.tr, lang=lang)
        for entry in controller.log:
            for event in entry.events:
                for viewer in (None, 0, 1):
                    data = event.seen_by(viewer)
                    if data is None:
                        continue
                    text = describe_event(type(event)(event.kind, data), tr)
                    if text is not None:
                        kinds.add(event.kind)
                        assert "catan." not in text and "{" not in text, text
    assert {"built", "rolled", "produced", "turn", "game_over", "robber"} <= kinds


def test_statistics_have_a_value_per_seat():
    controller = played_controller(5)
    stats = statistics(controller)
    keys = set(json.loads((LOCALE / "en.json").read_text(encoding="utf-8")))
    for label, values in stats:
        assert label in keys and len(values) == 4
    points = dict(stats)["catan.stat.points"]
    assert max(points) >= 10
    assert sum(dict(stats)["catan.stat.produced"]) > 0


def test_spec_options_and_rules_pages_are_translated():
    keys = set(json.loads((LOCALE / "en.json").read_text(encoding="utf-8")))
    assert SPEC.name_key in keys and SPEC.blurb_key in keys
    for option in SPEC.options:
        assert option.label_key in keys and option.help_key in keys
    for page in SPEC.rules_pages:
        assert f"{page}.title" in keys and f"{page}.body" in keys
    assert SPEC.validate_options({"layout": "beginner", "victory_points": "12"})["victory_points"] == 12
    key, _ = SPEC.ruleset.progress(SPEC.ruleset.new_game(config_for(3)))
    assert key in keys


def test_points_by_source_add_up_to_the_score_and_the_histogram_counts_every_roll():
    from game.games.catan.text import POINT_SOURCES, dice_histogram, points_by_source

    controller = played_controller(5)
    state = controller.state
    rows = points_by_source(state)
    assert [sum(row.values()) for row in rows] == list(controller.result().scores)
    assert all(list(row) == list(POINT_SOURCES) for row in rows)
    histogram = dice_histogram(controller.log)
    rolls = [e for entry in controller.log for e in entry.events if e.kind == "rolled"]
    assert len(histogram) == 11 and sum(histogram) == len(rolls) > 0
    assert histogram[7 - 2] == sum(1 for e in rolls if e.data["total"] == 7)
