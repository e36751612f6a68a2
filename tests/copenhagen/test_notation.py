"""The position notation, hidden information, bad input, texts and statistics.

That every position reached by play reads back from its notation, and that observe and determinize
agree, is the registry's contract (tests/core/test_contract.py); here are Copenhagen's own cases.
"""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import game.games.copenhagen
from game.core.controller import Controller
from game.core.i18n import has, tr
from game.core.rules import CHANCE, Event, IllegalAction, action_key
from game.games.copenhagen import SPEC
from game.games.copenhagen.rules import ABILITIES, COLOURS, RULES, WHY
from game.games.copenhagen.text import describe_event, statistics
from tests.copenhagen.invariants import check
from tests.copenhagen.positions import counts, position, state_of
from tests.support import config_for, random_state


def random_position(seed: int, steps: int):
    """A position some random actions into a game of 2 to 4 players."""
    return random_state(RULES, config_for(2 + seed % 3), seed, steps)


def test_the_notation_reads_like_the_docstring():
    data = RULES.to_json(random_position(3, 120))
    assert set(data) == {"players", "options", "phase", "current", "turn", "harbour", "deck", "deck_size", "mermaid",
                         "mermaid_slot", "discard", "supply", "seats", "step", "end"}
    assert set(data["seats"][0]) == {"hand", "secret", "hidden", "abilities", "score", "facade"}


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: d.update(players=5), "players"),
    (lambda d: d.update(phase="dance"), "phase"),
    (lambda d: d["harbour"].pop(), "harbour"),
    (lambda d: d["harbour"].__setitem__(0, "pink"), "harbour card"),
    (lambda d: d["deck"].__setitem__("red", d["deck"]["red"] + 1), "deck_size"),
    (lambda d: d.update(deck_size=d["deck_size"] + 1), "deck_size"),
    (lambda d: d["seats"][0]["hand"].__setitem__("red", 9), "cards"),
    (lambda d: d["seats"][0].update(score=5), "score"),
    (lambda d: d["supply"].__setitem__("red-2", 0), "supply and facades"),
    (lambda d: d["seats"][0]["facade"].append({"tile": "red-5", "rot": 0, "mirror": False, "at": [0, 5]}),
     "unsupported"),
    (lambda d: d["seats"][0]["facade"].append({"tile": "red-2", "rot": 0, "mirror": True, "at": [0, 0]}),
     "orientation|rot="),
    (lambda d: d["seats"][1]["abilities"].pop("any_cards"), "Any cards"),
    (lambda d: d["step"].update(taken=2), "first_slot"),
    (lambda d: d.update(end="twelve"), "end"),
    (lambda d: d.update(mermaid="aside", options={"bga_deck": True}), "mermaid"),
    (lambda d: d.update(options={"bga_deck": "yes"}), "bga_deck"),
    (lambda d: d.update(options={"fly": True}), "unknown Copenhagen option"),
    (lambda d: d.pop("supply"), "supply"),
    (lambda d: d.update(seats="none"), "seats"),
])
def test_bad_positions_are_refused_with_a_reason(mutate, reason):
    data = position(hands=[counts(red=2), counts(blue=3)])
    RULES.from_json(copy.deepcopy(data))  # the unchanged position is fine
    mutate(data)
    with pytest.raises(ValueError, match=reason):
        RULES.from_json(data)


def test_positions_written_before_the_option_keep_bgas_deck():
    data = position(hands=[counts(red=2), counts(blue=3)], bga_deck=True)
    assert data["mermaid"] == "deck"
    del data["options"]
    state = RULES.from_json(data)
    assert state.bga_deck and RULES.to_json(state)["options"] == {"bga_deck": True}
    assert not RULES.from_json(position(hands=[counts(red=2), counts(blue=3)])).bga_deck


def test_an_observation_hides_the_deck_but_not_its_size():
    state = random_position(5, 40)
    data = RULES.to_json(RULES.observe(state, state.current if RULES.to_act(state) >= 0 else 0))
    assert data["deck"] is None and data["deck_size"] == state.deck_size


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 250))
def test_determinize_is_consistent_with_what_the_seat_saw(seed, steps):
    state = random_position(seed, steps)
    rng = random.Random(seed)
    for seat in range(state.players):
        seen = RULES.observe(state, seat)
        full = RULES.determinize(seen, seat, rng)
        check(full)
        assert full.hands[seat] == state.hands[seat]
        assert [full.hand_size(s) for s in range(state.players)] == [state.hand_size(s) for s in range(state.players)]
        assert full.harbour == state.harbour and full.discard == state.discard
        for other in range(state.players):
            known = [h - s for h, s in zip(state.hands[other], state.secret[other], strict=True)]
            assert all(f >= k for f, k in zip(full.hands[other], known, strict=True))
        if RULES.to_act(state) == seat:
            assert sorted(map(action_key, RULES.legal_actions(full))) == sorted(
                map(action_key, RULES.legal_actions(state)))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 200), st.integers(0, 10_000))
def test_every_legal_action_applies_and_keeps_the_invariants(seed, steps, pick):
    state = random_position(seed, steps)
    actions = RULES.legal_actions(state)
    if not actions:
        assert RULES.result(state) is not None
        return
    action = actions[pick % len(actions)]
    RULES.apply(state, action)
    check(state)


garbage = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 50) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6)
kinds = st.sampled_from(["take", "discard", "build", "coat", "ability", "convert", "both", "end", "deal", "refill",
                         "reshuffle", "fly"])


@settings(max_examples=150, deadline=None)
@example(0, 31, "build", {"tile": []})
@example(0, 0, "coat", {"choice": "ability", "ability": {}})
@given(st.integers(0, 5000), st.integers(0, 200), kinds,
       st.dictionaries(st.sampled_from(["slot", "card", "tile", "rot", "mirror", "at", "pay", "choice", "ability",
                                        "from", "to", "seat", "cards"]), garbage, max_size=6))
def test_bad_actions_raise_illegal_action_and_change_nothing_of_the_rules(seed, steps, kind, fields):
    state = random_position(seed, steps)
    action = {"type": kind, **fields}
    legal = RULES.legal_actions(state)
    before = RULES.to_json(state)
    try:
        RULES.apply(state, action)
    except IllegalAction:
        assert RULES.to_json(state) == before
    else:
        # Accepted only when it is a legal action (extra keys aside).
        assert any(all(action.get(k) == v for k, v in a.items()) for a in legal)


def test_illegal_actions_say_why():
    state = state_of()
    with pytest.raises(IllegalAction, match="not possible now"):
        RULES.apply(state, {"type": "discard", "card": "red"})
    with pytest.raises(IllegalAction, match="slot"):
        RULES.apply(state, {"type": "take", "slot": 7})
    with pytest.raises(IllegalAction, match="mapping"):
        RULES.apply(state, ["take"])
    state.phase, state.end = "over", "mermaid"
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, {"type": "take", "slot": 0})


def test_texts_and_statistics_from_a_played_game():
    controller = Controller(RULES, config_for(3), seed=11)
    rng = random.Random(11)
    while not controller.over:
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(rng.choice(controller.legal_actions()))
    kinds = set()
    for entry in controller.log:
        for event in entry.events:
            kinds.add(event.kind)
            for seen in (event.data, event.public):
                if seen is None:
                    continue
                line = describe_event(Event(event.kind, seen), tr)
                assert line is None or ("copenhagen." not in line and "{" not in line), (event, line)
    assert {"dealt", "refilled", "took", "built", "turn", "game_over"} <= kinds
    stats = dict(statistics(controller))
    final = RULES.scores(controller.state)
    assert [r + c for r, c in zip(stats["copenhagen.stat.row_points"], stats["copenhagen.stat.column_points"],
                                  strict=True)] == final
    assert all(w <= s for w, s in zip(stats["copenhagen.stat.window_points"], final, strict=True))
    assert stats["copenhagen.stat.empty"] == [RULES.empty_cells(controller.state, s) for s in range(3)]
    assert all(tr(key) != key for key in stats)
    result = RULES.result(controller.state)
    assert tr(result.details["end_key"], **result.details["end_fields"]) != result.details["end_key"]


def test_the_spec_and_the_rules_pages():
    assert SPEC.id == "copenhagen" and (SPEC.min_players, SPEC.max_players) == (2, 4)
    assert SPEC.default_options() == {"bga_deck": False}
    assert SPEC.saved_options({}) == {"bga_deck": True}  # saved before the option: BGA's deck as then
    for option in SPEC.options:
        for key in (option.label_key, option.help_key):
            assert tr(key) != key and tr(key, lang="ja") != key
    for page in SPEC.rules_pages:
        assert tr(page + ".title") != page + ".title" and tr(page + ".body") != page + ".body"
        assert tr(page + ".body", lang="ja") != page + ".body"
    assert RULES.progress(state_of()) == ("copenhagen.progress", {"turn": 1, "best": 0})
    assert "{" not in tr("copenhagen.progress", turn=3, best=5)


def test_the_catalogues_match_and_cover_every_key_the_code_names():
    folder = Path(game.games.copenhagen.__file__).parent
    en, ja = {}, {}
    for part in ("", "view."):  # the game's texts and its table's
        en_part = json.loads((folder / "locale" / f"{part}en.json").read_text(encoding="utf-8"))
        ja_part = json.loads((folder / "locale" / f"{part}ja.json").read_text(encoding="utf-8"))
        assert set(en_part) == set(ja_part) and not set(en_part) & set(en)
        en.update(en_part)
        ja.update(ja_part)
    assert all(key.startswith("copenhagen.") for key in en)
    placeholder = re.compile(r"{(\w+)}")
    assert all(set(placeholder.findall(en[k])) == set(placeholder.findall(ja[k])) for k in en)
    literal = re.compile(r"""\btr\(\s*["']([a-z0-9_.]+)["']""")
    used = set()
    for path in folder.rglob("*.py"):
        used |= set(literal.findall(path.read_text(encoding="utf-8")))
    assert {key for key in used if key.startswith("copenhagen.")} <= set(en)
    assert all(has(key, "en") and has(key, "ja") for key in used)  # the platform's own texts the table uses
    families = {"colour": [*COLOURS, "mermaid"], "ability": list(ABILITIES), "log.over": ["twelve", "mermaid"],
                "end": ["twelve", "mermaid"], "why": [key.rsplit(".", 1)[1] for key in WHY]}
    for family, names in families.items():
        assert all(f"copenhagen.{family}.{name}" in en for name in names), family
