"""Catan for two with Cities & Knights as a game: its registry entry and name beside the other three
Catan games, the notation of every phase it adds, what each seat may see, the log lines in both
languages, the seats and a whole game from the command line."""

import json
import random

import pytest

from game.core import i18n
from game.core.rules import CHANCE
from game.games import GAME_PACKAGES, get_spec, registry, tables
from game.games.catan.two_player_ai import TwoPlayerDecisions
from game.games.catan_ck.ai import CitiesKnightsAgent
from tests.catan_ck_2p.helpers import N1, RULES, act, edge_between, position
from tests.support import assert_round_trips, config_for

SPEC = get_spec("catan_ck_2p")
HOME = [(28, 0, "settlement"), (41, 1, "settlement")]
HOME_ROADS = [(edge_between(28, 33), 0), (edge_between(41, 36), 1)]
CATANS = ("catan", "catan_2p", "catan_ck", "catan_ck_2p")
NOT_PLAYERS = ("Player 3", "Player 4", "プレイヤー3", "プレイヤー4")
"""The neutral colours' numbers shown as players: never in a line."""


def test_the_registry_entry_is_for_exactly_two_players_to_13_points_with_a_table():
    assert registry()["catan_ck_2p"] is SPEC and SPEC.ruleset is RULES and "catan_ck_2p" in tables()
    assert GAME_PACKAGES.index("catan_ck_2p") == GAME_PACKAGES.index("catan_ck") + 1
    assert SPEC.min_players == SPEC.max_players == SPEC.default_players == 2
    assert SPEC.view == "game.games.catan_ck_2p.view:CitiesKnightsForTwoTable"
    assert SPEC.default_options()["victory_points"] == 13
    with pytest.raises(ValueError, match="2 players"):
        RULES.new_game(config_for(3))


def test_the_four_catan_games_have_names_of_their_own_in_both_languages():
    for lang in ("en", "ja"):
        keys = i18n.catalogue(lang)
        names = [keys[get_spec(game).name_key] for game in CATANS]
        blurbs = [keys[get_spec(game).blurb_key] for game in CATANS]
        assert len(set(names)) == len(set(blurbs)) == 4
        for page in SPEC.rules_pages:
            assert f"{page}.title" in keys and f"{page}.body" in keys
        for option in SPEC.options:
            assert option.label_key in keys and option.help_key in keys
    assert i18n.catalogue("en")[SPEC.name_key] == "Catan for two: Cities & Knights"
    assert i18n.catalogue("ja")[SPEC.name_key] == "2人でカタン – 都市と騎士"  # the seed page's title


def test_the_seats_are_cities_and_knights_own_with_the_two_player_decisions():
    for level in ("easy", "normal", "hard"):
        agent = SPEC.make_agent(level)
        assert isinstance(agent, CitiesKnightsAgent) and isinstance(agent, TwoPlayerDecisions) and agent.level == level
    with pytest.raises(ValueError):
        SPEC.make_agent("grandmaster")


def phase_positions():
    """A position in each phase the combination adds or reaches for a neutral colour."""
    neutral = position(buildings=HOME, roads=HOME_ROADS + [(edge_between(13, 18), N1)],
                       hands={0: {"wool": 1, "ore": 1}})
    act(neutral, type="knight", vertex=33)
    rethrow = position(buildings=HOME, roads=HOME_ROADS, phase="roll", rolls=1, improvements={1: {"trade": 1}})
    act(rethrow, type="roll", dice=[5, 1], event="trade")
    queued = rethrow.copy()
    assert rethrow.phase == "progress_draw" and rethrow.queue == [("rethrow", {})]
    act(rethrow, type="progress", card="merchant")
    retreat = position(buildings=HOME, roads=HOME_ROADS[1:] + [(edge_between(a, b), 0) for a, b in
                                                                ((28, 34), (34, 29), (29, 23), (23, 18))]
                       + [(edge_between(13, 18), N1), (edge_between(13, 8), N1)],
                       knights=[(23, 0, 2, True), (18, N1, 1, False)])
    act(retreat, type="knight_move", vertex=23, to=18)
    draw = position(buildings=HOME, roads=HOME_ROADS, hands={0: {"paper": 2}, 1: {"coin": 2}})
    act(draw, type="forced_trade", mode="whole_hand")
    return {"neutral": neutral, "rethrow": rethrow, "progress_draw": queued, "retreat": retreat,
            "forced_draw": draw}


def test_every_phase_round_trips_and_looks_the_same_to_each_seat_after_a_round_trip():
    for phase, state in phase_positions().items():
        assert state.phase == phase
        assert_round_trips(RULES, state)
        for seat in range(2):
            seen = json.loads(json.dumps(RULES.to_json(RULES.observe(state, seat))))
            assert RULES.to_json(RULES.from_json(seen)) == seen and seen["hands"][1 - seat] is None


@pytest.mark.parametrize("change, reason", [
    ({"tokens": [5, 6]}, "20 in all"),
    ({"knights": [[18, N1, 1, True, False, False]]}, "never active"),
    ({"knights": [[18, N1, 3, False, False, False]]}, "basic or strong"),
    ({"knights_returned": [1, 0]}, "no knight cards"),
    ({"neutral_due": ["city"]}, "neutral pieces owed"),
    ({"forced_void": 1}, "forced_void"),
    ({"queue": [["pillage", {"seat": N1}]]}, "neutral colour"),
    ({"phase": "pillage", "step": {"seat": N1}}, "neutral colour"),
    ({"phase": "desert", "step": {"seat": N1}}, "knight to lose"),
])
def test_a_position_contradicting_the_combination_is_refused(change, reason):
    data = RULES.to_json(position(buildings=HOME, roads=HOME_ROADS + [(edge_between(13, 18), N1)]))
    data.update(change)
    with pytest.raises(ValueError, match=reason):
        RULES.from_json(data)


def test_every_event_of_a_game_has_a_log_line_in_both_languages():
    told = []  # the events of two random games, as everyone, seat 0 and seat 1 are told them
    for seed in range(2):
        rng = random.Random(seed)
        state = RULES.new_game(config_for(2))
        while (seat := RULES.to_act(state)) is not None:
            action = RULES.sample_chance(state, rng) if seat == CHANCE else rng.choice(RULES.legal_actions(state))
            for event in RULES.apply(state, action):
                told += [type(event)(event.kind, data) for data in map(event.seen_by, (None, 0, 1)) if data is not None]
    for lang in ("en", "ja"):
        kinds = set()
        for event in told:
            line = SPEC.describe_event(event, lambda key, lang=lang, **fields: i18n.tr(key, lang, **fields))
            if line is None:
                continue
            kinds.add(event.kind)
            assert "catan_ck" not in line and "catan." not in line and "catan_2p" not in line, (lang, line)
            assert not any(name in line for name in NOT_PLAYERS), (lang, line)
        assert {"knight", "promoted", "rethrow", "trade_tokens", "token_action", "forced_draw", "gave_back",
                "knight_removed", "attack", "built", "game_over"} <= kinds, lang


def test_the_neutral_colours_are_named_as_such():
    from game.core.rules import Event
    en, ja = (lambda key, **f: i18n.tr(key, "en", **f)), (lambda key, **f: i18n.tr(key, "ja", **f))
    knight = Event("knight", {"seat": N1, "vertex": 18, "strength": 1, "neutral": True, "by": 0})
    assert SPEC.describe_event(knight, en) == "Player 1 places a basic knight for Neutral 1."
    assert SPEC.describe_event(knight, ja) == "プレイヤー1が中立1の小騎士を配置しました。"
    whole = Event("token_action", {"seat": 1, "action": "forced_trade", "mode": "whole_hand", "cost": 4})
    assert SPEC.describe_event(whole, en) == "Player 2 pays 4 trade tokens for a forced trade of the whole hand."
    again = Event("rethrow", {"seat": 0, "dice": [1, 5], "total": 6})
    assert SPEC.describe_event(again, ja).startswith("プレイヤー1が数字ダイスを振り直しました: 1 + 5 = 6。")
    displaced = Event("displaced", {"seat": N1, "vertex": 18, "by": 0})
    assert "Neutral 1" in SPEC.describe_event(displaced, en) and "Player 3" not in SPEC.describe_event(displaced, en)


def test_autoplay_plays_a_game_to_the_end_from_the_command_line(capsys):
    from game.cli import run

    assert run(["--autoplay", "--game", "catan_ck_2p", "--seats", "ai:normal,ai:easy", "--seed", "3"]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["game"] == "catan_ck_2p" and line["winner"] is not None and max(line["scores"]) >= 13
