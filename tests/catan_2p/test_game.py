"""Catan for two as a game: its registry entry, the notation, what each seat may see, the log lines,
the statistics and the computer players."""

import functools
import pickle
import random
from pathlib import Path

import pytest

from game.core import i18n
from game.core.controller import Controller
from game.core.rules import CHANCE, Event, action_key
from game.games import get_spec
from game.games.catan import board
from game.games.catan_2p.ai import make_agent
from game.games.catan_2p.rules import RULES
from game.games.catan_2p.text import describe_event, statistics
from tests.catan.helpers import edge_between
from tests.catan_2p.helpers import HOME, HOME_ROADS, N1, N2, act, choose, position
from tests.support import assert_round_trips, config_for, legality_agent

LOCALE = Path(__file__).resolve().parents[2] / "game" / "games" / "catan_2p" / "locale"
SPEC = get_spec("catan_2p")


def test_the_registry_entry_is_for_exactly_two_players_at_its_own_table():
    assert SPEC.min_players == SPEC.max_players == SPEC.default_players == 2
    assert SPEC.view == "game.games.catan_2p.view:CatanForTwoTable"
    assert SPEC.ruleset is RULES
    assert [o.key for o in SPEC.options] == ["layout", "numbers", "victory_points", "friendly_robber"]
    assert SPEC.default_options()["victory_points"] == 10
    with pytest.raises(ValueError, match="start_positions"):
        SPEC.validate_options({"start_positions": "on"})
    with pytest.raises(ValueError, match="2 players"):
        RULES.new_game(config_for(3))
    with pytest.raises(ValueError, match="starting positions"):
        RULES.new_game(config_for(2, {"start_positions": True}))


def test_names_options_and_rules_pages_read_in_both_languages():
    for lang in ("en", "ja"):
        keys = i18n.catalogue(lang)
        assert SPEC.name_key in keys and SPEC.blurb_key in keys and "catan_2p.stat.tokens" in keys
        for option in SPEC.options:
            assert option.label_key in keys and option.help_key in keys
        for page in SPEC.rules_pages:
            assert f"{page}.title" in keys and f"{page}.body" in keys
    assert i18n.catalogue("ja")[SPEC.name_key] == "2人でカタン"


def phase_positions():
    """A position in each phase the layer adds."""
    neutral = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"brick": 1, "lumber": 1}})
    act(neutral, type="road", edge=edge_between(33, 38))
    rethrow = position(buildings=HOME, roads=HOME_ROADS, phase="roll")
    act(rethrow, type="roll", dice=[2, 2])
    act(rethrow, type="roll", dice=[1, 3])
    draw = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"wool": 2}, 1: {"ore": 2}})
    act(draw, type="forced_trade", mode="resources")
    give = draw.copy()
    act(give, type="forced_draw", resource="ore")
    act(give, type="forced_draw", resource="ore")
    return {"neutral": neutral, "rethrow": rethrow, "forced_draw": draw, "forced_give": give}


def test_every_phase_round_trips_through_the_notation():
    for phase, state in phase_positions().items():
        assert state.phase == phase
        assert_round_trips(RULES, state)


@pytest.mark.parametrize("change, reason", [
    ({"tokens": [5, 6]}, "20 in all"),
    ({"buildings": [[13, N1, "city"], [40, N2, "settlement"]]}, "no cities"),
    ({"neutral_due": ["road"]}, "only while they are being built"),
    ({"neutral_due": ["knight"]}, "road or settlement"),
    ({"rolls": 1}, "both in the main phase"),
    ({"first_total": None}, "first roll's total"),
    ({"forced": {"mode": "whole_hand", "draws": 1, "return": "main"}}, "mode"),
    ({"forced": {"mode": "resources", "draws": 1, "return": "main"}}, "its own phases"),
    ({"options": {"start_positions": True}}, "starting positions"),
    ({"longest_road": 4}, "longest_road"),
    ({"format": "catan/1"}, "not a Catan for two position"),
])
def test_a_position_that_breaks_the_rules_is_refused(change, reason):
    data = RULES.to_json(position(buildings=HOME, roads=HOME_ROADS))
    data.update(change)
    with pytest.raises(ValueError, match=reason):
        RULES.from_json(data)


def test_tokens_are_public_and_hands_hidden_and_a_determinized_state_keeps_the_choices():
    for phase, state in phase_positions().items():
        actor = RULES.to_act(state)
        for seat in (0, 1):
            seen = RULES.observe(state, seat)
            assert seen.tokens == state.tokens and seen.hands[1 - seat] is None
            full = RULES.determinize(seen, seat, random.Random(1))
            assert full.hands[seat] == state.hands[seat]
            if actor == seat:
                assert sorted(map(action_key, RULES.legal_actions(full))) == \
                    sorted(map(action_key, RULES.legal_actions(state))), phase


def test_every_layer_event_reads_in_both_languages():
    events = [
        Event("built", {"seat": N1, "piece": "settlement", "vertex": 13, "neutral": True}),
        Event("built", {"seat": N2, "piece": "road", "edge": 51, "neutral": True, "by": 1}),
        Event("built", {"seat": 0, "piece": "road", "edge": 40, "free": True}),
        Event("longest_road", {"seat": N2, "previous": 0, "lengths": [5, 0, 0, 6]}),
        Event("longest_road", {"seat": None, "previous": N1, "lengths": [0, 0, 0, 0]}),
        Event("rethrow", {"seat": 0, "dice": [3, 4], "total": 7}),
        Event("neutral_skipped", {"seat": 0, "piece": "settlement"}),
        Event("knight_turned_in", {"seat": 1, "gained": 2}),
        Event("token_action", {"seat": 0, "action": "forced_trade", "mode": "resources", "cost": 2}),
        Event("token_action", {"seat": 0, "action": "robber_to_desert", "cost": 1}),
        Event("forced_draw", {"seat": 0, "victim": 1, "resource": "ore"}),
        Event("forced_draw", {"seat": 0, "victim": 1}),
        Event("forced_drawn", {"seat": 0, "victim": 1, "resource": "ore"}),
        Event("gave_back", {"seat": 0, "partner": 1, "cards": {"ore": 1, "wool": 1}}),
        Event("gave_back", {"seat": 0, "partner": 1}),
        Event("given_back", {"seat": 0, "partner": 1, "cards": {"ore": 2}}),
        Event("produced", {"total": 8, "gains": [{"ore": 1}, {}], "shortage": []}),
    ] + [Event("trade_tokens", {"seat": 0, "gained": 1, "due": due, "reason": reason})
         for reason, due in (("desert", 2), ("coast", 1), ("desert_coast", 3))]
    for lang in ("en", "ja"):
        tr = functools.partial(i18n.tr, lang=lang)
        for event in events:
            text = describe_event(event, tr)
            assert text and "catan" not in text and "{" not in text, (event, text)
    english = functools.partial(i18n.tr, lang="en")
    assert describe_event(events[0], english) == "Neutral 1 starts with a settlement."
    assert describe_event(events[5], english) == ("Player 1 rolls 3 + 4 = 7, the first roll's total again: "
                                                  "the dice are thrown again.")


def played_controller(seed: int, levels=("normal", "hard")) -> Controller:
    controller = Controller(RULES, config_for(2), seed)
    agents = [legality_agent(make_agent, level) for level in levels]
    rng = random.Random(seed)
    while not controller.over:
        seat = controller.to_act()
        if seat == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit(agents[seat].choose(RULES, controller.observe(seat), seat, rng))
    return controller


@pytest.mark.slow
def test_a_whole_game_logs_in_both_languages_and_counts_per_seat():
    controller = played_controller(4)
    kinds = set()
    for lang in ("en", "ja"):
        tr = functools.partial(i18n.tr, lang=lang)
        for entry in controller.log:
            for event in entry.events:
                for viewer in (None, 0, 1):
                    data = event.seen_by(viewer)
                    if data is not None and (text := describe_event(Event(event.kind, data), tr)) is not None:
                        kinds.add(event.kind)
                        assert "catan" not in text and "{" not in text, text
    assert {"built", "rolled", "produced", "turn", "game_over", "trade_tokens"} <= kinds
    stats = dict(statistics(controller))
    assert all(len(values) == 2 for values in stats.values())
    assert max(stats["catan.stat.points"]) >= 10 and stats["catan_2p.stat.tokens"] == controller.state.tokens


def test_agents_pickle_and_check_their_level():
    for level in ("easy", "normal", "hard"):
        assert pickle.loads(pickle.dumps(make_agent(level))).level == level
    with pytest.raises(ValueError):
        make_agent("expert")


def test_the_agent_sends_the_robber_off_its_own_production_before_rolling():
    layout = board.beginner_layout()
    blocked = next(h for h in board.VERTEX_HEXES[28] if layout.numbers[h])
    state = position(buildings=HOME, roads=HOME_ROADS, phase="pre_roll", robber=blocked)
    assert choose(state) == {"type": "robber_to_desert"}


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("normal", "normal"), ("hard", "easy")])
def test_computer_players_finish_games(levels):
    from game.ai.arena import play_match
    for seed in range(3):
        agents = {s: legality_agent(make_agent, level) for s, level in enumerate(levels)}
        record = play_match(RULES, config_for(2), seed, agents)
        assert max(record["scores"]) >= 10 and len(record["winners"]) == 1
