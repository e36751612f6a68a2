import pytest

from game.core.controller import Controller
from game.core.rules import CHANCE, Event, IllegalAction
from tests.support import config_for
from tests.toy import PIG, PigRules


class PeekingPig(PigRules):
    """Pig with three more decisions on a turn: ``peek`` at the next player's secret (it shows the
    actor what they could not know), ``whisper`` one's own secret to the next player (shown to them
    alone) and ``note`` one's own secret face down (private, but nothing new to anyone)."""

    EXTRA = ("peek", "whisper", "note")

    def legal_actions(self, state):
        actions = super().legal_actions(state)
        if actions and actions[0]["type"] == "roll":
            actions += [{"type": kind} for kind in self.EXTRA]
        return actions

    def apply(self, state, action):
        kind = action.get("type")
        if kind not in self.EXTRA or self.to_act(state) in (None, CHANCE):
            return super().apply(state, action)
        seat = state.turn
        other = (seat + 1) % state.players
        if kind == "peek":
            return [Event("peeked", {"seat": seat, "card": state.secret[other]}, audience=seat,
                          public={"seat": seat}, reveals=True)]
        if kind == "whisper":
            return [Event("whispered", {"seat": seat, "card": state.secret[seat]}, audience=other,
                          public={"seat": seat})]
        return [Event("noted", {"seat": seat, "card": state.secret[seat]}, audience=seat, public={"seat": seat})]


PEEKING = PeekingPig()


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


def peeking_controller():
    controller = Controller(PEEKING, config_for(2), 5)
    controller.advance_chance()
    return controller


def test_a_private_note_of_what_the_actor_knew_can_be_taken_back():
    controller = peeking_controller()
    controller.submit({"type": "note"})
    assert controller.can_undo(0)
    controller.undo(0)
    assert len(controller.log) == 1


@pytest.mark.parametrize("kind", ["peek", "whisper"])
def test_an_action_that_showed_someone_something_new_is_never_taken_back(kind):
    controller = peeking_controller()
    controller.submit({"type": "note"})
    controller.submit({"type": kind})
    controller.submit({"type": "note"})
    assert controller.undo_floor(0) == 3  # the deal, the first note, then the reveal
    controller.undo(0)
    assert [e.action["type"] for e in controller.log[1:]] == ["note", kind]
    assert not controller.can_undo(0)
    with pytest.raises(IllegalAction):
        controller.undo(0)


def test_news_is_judged_from_the_events_visibility():
    seat_zero_alone = Event("drawn", {"card": 3}, audience=0, public={})
    assert not seat_zero_alone.tells_news(0)  # shown to its own actor alone: what they chose or knew
    assert seat_zero_alone.tells_news(1)  # shown to another seat alone
    assert not Event("held", {}).tells_news(0)
    assert Event("flipped", {"card": 3}, reveals=True).tells_news(0)
    assert not Event("face_down", {"card": 3}, audience=Event.NOBODY, public={}).tells_news(0)
    assert Event("face_down", {"card": 3}, audience=Event.NOBODY, public={}).seen_by(0) == {}
    assert Event("face_down", {"card": 3}, audience=Event.NOBODY, public={}).seen_by(None) == {"card": 3}


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
