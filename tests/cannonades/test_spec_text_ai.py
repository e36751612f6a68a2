"""The game's registry entry, hidden information, log text, statistics and AI levels."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from game.ai.arena import play_match
from game.core.controller import Controller
from game.core.i18n import tr
from game.core.rules import CHANCE, Event, action_key
from game.games.cannonades import SPEC
from game.games.cannonades.ai import PRUNED, evaluate, make_agent
from game.games.cannonades.rules import CODES, RULES, UNKNOWN
from game.games.cannonades.text import describe_event, statistics
from tests.cannonades.helpers import play, state_of
from tests.support import config_for

LOCALE = Path(__file__).resolve().parents[2] / "game" / "games" / "cannonades" / "locale"


def test_the_spec_offers_every_option_with_a_label_and_defaults_to_the_recommended_game():
    assert SPEC.id == "cannonades" and (SPEC.min_players, SPEC.max_players) == (2, 5)
    defaults = SPEC.default_options()
    assert defaults == {"deck": "standard", "deal": "mulligan", "strict_memory": False, "hand_limit": "players",
                        "icon_tiebreak": "any_grin", "elimination": "take_card", "trigger_discards": False,
                        "first_draw": "draw"}
    en = json.loads((LOCALE / "en.json").read_text(encoding="utf-8"))
    for option in SPEC.options:
        assert option.label_key in en and option.help_key in en
        for choice in option.choices:
            assert f"{option.label_key}.{choice}" in en
    for page in SPEC.rules_pages:
        assert f"{page}.title" in en and f"{page}.body" in en
    assert SPEC.validate_options({"strict_memory": "on", "deck": "full"})["deck"] == "full"
    with pytest.raises(ValueError):
        SPEC.validate_options({"deck": "huge"})


def test_a_config_saved_before_the_first_draw_option_keeps_bgas_skip():
    saved = {"deck": "standard", "deal": "mulligan"}
    assert SPEC.saved_options(saved)["first_draw"] == "bga"
    assert SPEC.saved_options({**saved, "first_draw": "draw"})["first_draw"] == "draw"
    assert SPEC.validate_options(saved)["first_draw"] == "draw"


def test_unknown_options_are_rejected_by_the_engine():
    with pytest.raises(ValueError):
        RULES.new_game(config_for(3, {"colour": "pink"}))
    with pytest.raises(ValueError):
        RULES.new_game(config_for(6))


def test_observe_hides_hands_face_down_ships_and_the_pile():
    state = state_of(players=3, hands=[["BG", "B0"], ["GB"], ["YP"]],
                     ships=[[["Y0", False]], [["G0", False], ["B1", True]], [["P0", False]]])
    seen = RULES.observe(state, 0)
    notation = RULES.to_json(seen)
    assert notation["pile"] is None and notation["pile_size"] == state.pile_size
    assert notation["hands"] == [["BG", "B0"], ["?"], ["?"]]
    assert notation["ships"] == [[["Y0", False]], [["?", False], ["B1", True]], [["?", False]]]
    assert RULES.to_json(RULES.from_json(notation)) == notation
    everything = RULES.observe(state, None)
    assert RULES.to_json(everything) == RULES.to_json(state)


def test_strict_memory_hides_your_own_face_down_ships_but_your_ai_remembers_them():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False], ["B1", True]], [["G0", False]]],
                     options={"strict_memory": True})
    seen = RULES.observe(state, 0)
    assert seen.ships[0] == [UNKNOWN, CODES.index("B1")]
    assert seen.remembered == [CODES.index("Y0"), UNKNOWN]
    sample = RULES.determinize(seen, 0, random.Random(1))
    assert sample.ships[0] == state.ships[0] and sample.remembered is None


def test_determinize_deals_unseen_ships_to_face_down_slots_and_keeps_known_cards():
    state = state_of(players=3, hands=[["BG", "B0"], ["GB", "GB"], ["YP"]],
                     ships=[[["Y0", False]], [["G0", False], ["B1", True]], [["P0", False]]])
    seen = RULES.observe(state, 0)
    for seed in range(20):
        sample = RULES.determinize(seen, 0, random.Random(seed))
        assert sample.hands[0] == state.hands[0] and sample.ships[1][1] == CODES.index("B1")
        assert all(RULES.to_json(sample)["ships"][seat][0][0][1] in "012" for seat in (1, 2))
        assert len(sample.hands[1]) == 2 and sum(sample.pile) == sample.pile_size


def test_the_log_names_cards_only_for_those_who_may_see_them():
    event = Event("add", {"seat": 0, "slot": 0, "card": "B2"}, audience=0, public={"seat": 0, "slot": 0})
    assert describe_event(Event("add", event.seen_by(0)), tr) == "Player 1 adds blue ship (2 Grins) face down."
    assert describe_event(Event("add", event.seen_by(1)), tr) == "Player 1 adds a ship."
    line = describe_event(Event("shoot", {"seat": 1, "card": "ORY", "target": 0, "slot": 1}), tr)
    assert line == "Player 2 fires orange/red/yellow cannonade at Player 1's ship 2."


def test_card_lists_and_the_winner_read_naturally_in_each_language():
    mulligan = Event("mulligan", {"seat": 0, "cards": ["B0", "BG"]})
    assert "blue ship, blue/green cannonade" in describe_event(mulligan, tr)
    assert "青の船、青・緑のキャノネイド" in describe_event(mulligan, lambda key, **f: tr(key, lang="ja", **f))
    over = Event("game_over", {"details": {"decided_key": "cannonades.result.step.ships", "decided_fields": {"n": 2},
                                           "winners": [1]}})
    assert describe_event(over, tr) == "Player 2 wins. The standoff is won with the most ships."


def test_every_event_of_whole_games_has_a_log_line_in_both_languages():
    rng = random.Random(3)
    kinds = set()
    for seed in range(30):
        controller = Controller(RULES, config_for(2 + seed % 4), seed)
        while not controller.over:
            if controller.to_act() == CHANCE:
                controller.resolve_chance()
            else:
                controller.submit(rng.choice(controller.legal_actions()))
        for entry in controller.log:
            for event in entry.events:
                kinds.add(event.kind)
                for lang in ("en", "ja"):
                    text = describe_event(event, lambda key, lang=lang, **f: tr(key, lang=lang, **f))
                    assert text is None or "cannonades." not in text, (event, text)
    assert {"add", "shoot", "sink", "eliminated", "game_over", "turn"} <= kinds


def test_statistics_count_shots_hits_sinkings_and_reactions():
    controller = Controller(RULES, config_for(2), 0,
                            start=RULES.to_json(state_of(hands=[["BG", "BG"], ["GB"]],
                                                         ships=[[["Y0", False]], [["B2", False], ["O0", False]]])))
    controller.submit({"type": "shoot", "card": "BG", "seat": 1, "slot": 0})
    controller.submit({"type": "react", "option": "reveal", "slot": 0})
    controller.submit({"type": "react", "option": "pass"})
    controller.submit({"type": "shoot", "card": "BG", "seat": 1, "slot": 0})
    stats = dict(statistics(controller))
    assert stats == {"cannonades.stats.shots": [2, 0], "cannonades.stats.hits": [1, 0],
                     "cannonades.stats.sunk": [0, 1], "cannonades.stats.revealed": [0, 2],
                     "cannonades.stats.reactions": [0, 1]}


def test_progress_names_the_turn_or_the_standoff():
    state = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]])
    assert RULES.progress(state) == ("cannonades.progress.turn", {"turn": 5, "pile": state.pile_size})
    standoff = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False]]], pile={},
                        standoff=True, trigger=0, final_queue=[1, 0])
    assert RULES.progress(standoff)[0] == "cannonades.progress.standoff"


def test_pruning_drops_futile_and_duplicate_shots_and_self_elimination():
    state = state_of(hands=[["BG", "B0"], ["GB"]], first_turn=False,
                     ships=[[], [["O0", True], ["O0", True], ["B0", False]]])
    kept = PRUNED.legal_actions(state)
    shots = [a for a in kept if a["type"] == "shoot"]
    assert shots == [{"type": "shoot", "card": "BG", "seat": 1, "slot": 2}]
    assert {"type": "end"} not in kept
    legal = {action_key(a) for a in RULES.legal_actions(state)}
    assert all(action_key(a) in legal for a in kept)


def test_the_evaluation_prefers_more_ships_and_is_a_probability():
    weak = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False]], [["G0", False], ["B0", False]]])
    strong = state_of(hands=[["BG"], ["GB"]], ships=[[["Y0", False], ["P0", False]], [["G0", False]]])
    assert 0 <= evaluate(RULES, weak, 0) < 0.5 < evaluate(RULES, strong, 0) <= 1


def test_near_the_standoff_the_evaluation_backs_the_largest_fleet_over_a_full_hand():
    """With three or more captains, the ship count against the largest rival decides the end."""
    table = dict(players=3, hands=[["BG"], ["GB", "YP", "ORY", "ROY", "B1"], ["GB"]],
                 ships=[[["Y0", False], ["P0", False], ["G0", False]], [["G1", False], ["B0", False]],
                        [["R2", False], ["O0", False]]])
    early, late = state_of(**table), state_of(pile={"BG": 1, "B2": 1}, **table)
    assert late.pile_size == 2 < early.pile_size
    assert evaluate(RULES, late, 0) > 0.6 > evaluate(RULES, early, 0)
    assert evaluate(RULES, late, 0) > max(evaluate(RULES, late, 1), evaluate(RULES, late, 2))


def test_agents_are_picklable_and_take_the_sure_sink():
    state = state_of(hands=[["BG", "B0"], ["GB"]], ships=[[["Y0", False]], [["G0", True]]])
    for level in ("easy", "normal", "hard"):
        agent = pickle.loads(pickle.dumps(make_agent(level)))
        action = agent.choose(RULES, RULES.observe(state, 0), 0, random.Random(0))
        assert action == {"type": "shoot", "card": "BG", "seat": 1, "slot": 0}, level


def test_the_ai_answers_a_reaction_and_a_forced_discard_legally():
    state = state_of(hands=[["BG", "BG", "YP"], ["GB"]], ships=[[["Y0", False]], [["B1", False], ["O0", False]]])
    play(state, {"type": "shoot", "card": "BG", "seat": 1, "slot": 0})
    agent = make_agent("easy")
    action = agent.choose(RULES, RULES.observe(state, 1), 1, random.Random(0))
    assert action_key(action) in {action_key(a) for a in RULES.legal_actions(state)}
    play(state, {"type": "react", "option": "discard"})
    action = agent.choose(RULES, RULES.observe(state, 0), 0, random.Random(0))
    assert action["type"] == "discard"


@pytest.mark.slow
def test_a_full_game_of_easy_agents_ends():
    agents = {seat: make_agent("easy") for seat in range(3)}
    record = play_match(RULES, config_for(3), 5, agents)
    assert record["winners"] and record["actions"] > 10
