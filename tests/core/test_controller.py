import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, IllegalAction
from tests.support import config_for
from tests.toy import PIG


def new_controller(seed=5):
    controller = Controller(PIG, config_for(2), seed)
    controller.advance_chance()
    return controller


def test_chance_is_resolved_from_the_seed_and_recorded():
    a, b = new_controller(11), new_controller(11)
    assert a.log[0].seat == CHANCE
    assert a.actions() == b.actions()
    deals = {str(new_controller(seed).actions()[0]["cards"]) for seed in range(10)}
    assert len(deals) > 5


def test_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    controller = new_controller()
    before = PIG.to_json(controller.state)
    with pytest.raises(IllegalAction, match="unknown action"):
        controller.submit({"type": "fly"})
    with pytest.raises(IllegalAction):
        controller.submit({"type": "hold"}, seat=1)
    assert PIG.to_json(controller.state) == before
    assert len(controller.log) == 1


def test_submit_appends_to_the_log_and_tells_listeners():
    controller = new_controller()
    heard = []
    controller.listeners.append(lambda c, entry: heard.append(entry))
    entry = controller.submit({"type": "hold"})
    assert heard == [entry]
    assert entry.seat == 0 and entry.events[0].kind == "held"
    assert controller.to_act() == 1


def test_undo_stops_at_chance_and_at_other_seats():
    controller = new_controller()
    controller.submit({"type": "hold"})  # seat 0
    assert not controller.can_undo(1)  # seat 1 has done nothing yet
    assert controller.can_undo(0)
    controller.submit({"type": "roll"})  # seat 1
    assert not controller.can_undo(0)  # another seat acted since
    controller.resolve_chance()
    assert not controller.can_undo(1)  # the die is revealed
    with pytest.raises(IllegalAction):
        controller.undo(1)


def test_undo_restores_the_exact_position():
    controller = new_controller()
    before = PIG.to_json(controller.state)
    controller.submit({"type": "hold"})
    resets = []
    controller.listeners.append(lambda c, entry: resets.append(entry))
    controller.undo(0)
    assert PIG.to_json(controller.state) == before
    assert resets == [None]
    assert len(controller.log) == 1


def test_rewind_and_replay_reach_the_same_position():
    controller = new_controller(3)
    while controller.to_act() is not None:
        if controller.to_act() == CHANCE:
            controller.resolve_chance()
        else:
            controller.submit({"type": "roll"} if controller.state.running < 8 else {"type": "hold"})
    final = PIG.to_json(controller.state)
    actions = controller.actions()
    controller.rewind(len(actions) // 2)
    assert len(controller.log) == len(actions) // 2
    again = Controller(PIG, config_for(2), 3, actions=actions)
    assert PIG.to_json(again.state) == final
    assert again.result() is not None


def test_the_controller_asks_the_ruleset_whether_an_action_is_legal():
    """One definition of legality: a ruleset that narrows ``is_legal`` is obeyed by the controller."""

    class NoHolding(type(PIG)):
        def is_legal(self, state, action):
            return action.get("type") != "hold" and super().is_legal(state, action)

    controller = Controller(NoHolding(), config_for(2), 5)
    controller.advance_chance()
    with pytest.raises(IllegalAction, match="not a legal action"):
        controller.submit({"type": "hold"})
    assert len(controller.log) == 1
    controller.submit({"type": "roll"})
    assert controller.to_act() == CHANCE
