"""The host as the one authority: joining with the code, seat tokens, turns and legality, undo, drops,
the AI standing in for an absent person, rejoining, and two seats at one remote screen."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.base import RandomAgent
from game.core.rules import CHANCE
from game.net import host as host_module
from game.net import protocol
from tests.net.helpers import GAMES, AIClient, Wire, get_spec, play_remote, remote_config
from tests.support import seat_decisions

SEED = 982451653


def kahuna(kinds=None) -> Wire:
    spec = get_spec("kahuna")
    return Wire(spec, remote_config(spec, 2, kinds=kinds), SEED)


def messages(wire: Wire, conn_id: int, kind: str | None = None) -> list[dict]:
    found = [json.loads(text) for text in wire.sent[conn_id]]
    return [m for m in found if kind is None or m["t"] == kind]


def last(wire: Wire, conn_id: int, kind: str) -> dict:
    return messages(wire, conn_id, kind)[-1]


def settle(wire: Wire, clients=(), steps: int = 1) -> None:
    for _ in range(steps):
        wire.clock.time += 0.05
        wire.host.pump()
        for client in clients:
            client.decide()
        wire.flush()


def walk_to(wire: Wire, clients, condition, limit: int = 500) -> None:
    """Play on (the clients at random) until ``condition()`` holds before a step."""
    for _ in range(limit):
        wire.clock.time += 0.05
        wire.host.pump()
        if condition():
            return
        for client in clients:
            client.decide()
        wire.flush()
    raise AssertionError("never reached")


def test_joining_with_the_code_gives_a_seat_its_own_token_and_never_the_seed():
    wire = kahuna()
    first, table_a = wire.join(name="Hanako")
    second, table_b = wire.join()
    assert table_a.seats == [0] and table_b.seats == [1]
    assert table_a.tokens[0] == wire.host.tokens[0] != wire.host.tokens[1] == table_b.tokens[1]
    assert table_b.config.seats[0].name == "Hanako" and wire.controller.config.seats[0].name == "Hanako"
    assert table_b.config.seats[1].is_human and not table_b.config.seats[0].is_human
    for conn_id in (first, second):
        for text in wire.sent[conn_id]:
            assert str(SEED) not in text and '"seed"' not in text
    assert last(wire, first, "welcome")["code"] == wire.host.code


@pytest.mark.parametrize("hello, key", [
    ({"code": "2222-2222-2222"}, "bad_code"),
    ({"code": "not a code"}, "bad_code"),
    ({"tokens": ["A" * 22]}, "bad_token"),
    ({"seat": 5}, "no_such_seat"),
    ({"name": "bad\u202ename"}, "bad_name"),
])
def test_wrong_codes_tokens_seats_and_names_are_refused(hello, key):
    wire = kahuna()
    conn_id, table = wire.connect()
    message = {"t": "hello", "app": protocol.APP_VERSION, **hello}
    if "tokens" not in message and "code" not in message:
        message["code"] = wire.host.code
    wire.send_raw(conn_id, protocol.encode(message))
    refusal = last(wire, conn_id, "refused")
    assert refusal["key"] == key and refusal["about"] == "hello"
    assert table.seats == [] and not messages(wire, conn_id, "welcome")


def test_taken_seats_and_a_full_table_are_refused_and_a_claimed_seat_rejoins_only_by_token():
    wire = kahuna(kinds=["remote", "ai"])
    first, _ = wire.join(seat=0)
    conn_id, _ = wire.connect()
    wire.send_raw(conn_id, protocol.encode({"t": "hello", "app": "0.1.0", "code": wire.host.code, "seat": 1}))
    assert last(wire, conn_id, "refused")["key"] == "no_such_seat"  # an AI's seat
    wire.drop(first)
    wire.send_raw(conn_id, protocol.encode({"t": "hello", "app": "0.1.0", "code": wire.host.code}))
    assert last(wire, conn_id, "refused")["key"] == "table_full"  # the dropped seat keeps its person
    wire.send_raw(conn_id, protocol.encode({"t": "hello", "app": "0.1.0", "code": wire.host.code, "seat": 0}))
    assert last(wire, conn_id, "refused")["key"] == "seat_taken"


def test_wrong_codes_close_the_connection_and_many_bar_every_join_for_a_minute():
    wire = kahuna()
    wrong = protocol.encode({"t": "hello", "app": "0.1.0", "code": "2222-2222-2222"})
    conn_id, _ = wire.connect()
    for _ in range(host_module.FAILED_JOINS_PER_CONNECTION):
        wire.send_raw(conn_id, wrong)
    assert conn_id in wire.closed
    while len(wire.host.failed_joins) < host_module.FAILED_JOINS_PER_MINUTE:
        other, _ = wire.connect()
        wire.send_raw(other, wrong)
    late, table = wire.connect()
    table.hello(code=wire.host.code)
    wire.flush()
    assert last(wire, late, "refused")["key"] == "too_many_joins" and table.seats == []
    _, seated = wire.connect()
    wire.host.claimed.add(1)
    seated.hello(tokens=[wire.host.tokens[1]])  # a token cannot be guessed: rejoining stays open
    wire.flush()
    assert seated.seats == [1]
    wire.clock.time += 61
    table.hello(code=wire.host.code)
    wire.flush()
    assert table.seats == [0]


def test_only_a_seats_token_acts_for_it_and_turn_and_legality_are_checked():
    wire = kahuna()
    first, table_a = wire.join()
    second, table_b = wire.join()
    walk_to(wire, [], lambda: wire.controller.to_act() not in (CHANCE, None))
    actor = wire.controller.to_act()
    mover, waiter = (first, second) if actor == 0 else (second, first)
    before = json.dumps(wire.spec.ruleset.to_json(wire.controller.state))
    legal = wire.controller.legal_actions()[0]
    at = len(wire.controller.log)
    wire.send_raw(waiter, protocol.encode({"t": "act", "seat": actor, "action": legal, "at": at}))
    assert last(wire, waiter, "error")["key"] == "not_your_seat"
    wire.send_raw(waiter, protocol.encode({"t": "act", "seat": 1 - actor, "action": legal, "at": at}))
    refusal = last(wire, waiter, "refused")
    assert refusal["key"] == "illegal" and "turn" in refusal["reason"]
    wire.send_raw(mover, protocol.encode({"t": "act", "seat": actor, "action": {"type": "fly"}, "at": at}))
    assert last(wire, mover, "refused")["key"] == "illegal"
    wire.send_raw(mover, protocol.encode({"t": "act", "seat": actor, "action": legal, "at": at - 1}))
    assert last(wire, mover, "refused")["key"] == "stale"
    assert json.dumps(wire.spec.ruleset.to_json(wire.controller.state)) == before
    wire.send_raw(mover, protocol.encode({"t": "act", "seat": actor, "action": legal, "at": at}))
    assert len(wire.controller.log) == at + 1
    assert last(wire, waiter, "events")["at"] == at


def test_a_prompt_carries_the_legal_actions_of_the_seat_deciding():
    wire = kahuna()
    first, table = wire.join()
    wire.join()
    walk_to(wire, [], lambda: wire.controller.to_act() == 0)
    prompt = last(wire, first, "prompt")
    assert prompt["seat"] == 0 and prompt["at"] == len(wire.controller.log)
    assert prompt["legal"] == wire.controller.legal_actions() == table.legal_actions()


def test_undo_only_for_the_seat_that_acted_within_the_floor_and_every_table_rewinds():
    wire = kahuna()
    first, table_a = wire.join()
    second, table_b = wire.join()
    clients = [AIClient(table_a, RandomAgent(), 1), AIClient(table_b, RandomAgent(), 2)]
    controller = wire.controller
    walk_to(wire, clients, lambda: any(controller.can_undo(seat) for seat in (0, 1))
            and controller.log[-1].action["type"] == "build")
    seat = controller.log[-1].seat
    mine, theirs = (first, second) if seat == 0 else (second, first)
    other_table = wire.tables[theirs]
    assert seat in last(wire, mine, "events")["undo"]
    wire.send_raw(theirs, protocol.encode({"t": "undo", "seat": seat}))
    assert last(wire, theirs, "error")["key"] == "not_your_seat"
    wire.send_raw(theirs, protocol.encode({"t": "undo", "seat": 1 - seat}))
    assert last(wire, theirs, "refused")["key"] == "cannot_undo"
    length = len(controller.log)
    views = len(messages(wire, theirs, "view"))
    wire.send_raw(mine, protocol.encode({"t": "undo", "seat": seat}))
    assert len(controller.log) == length - 1
    assert len(messages(wire, theirs, "view")) == views + 1
    assert len(other_table.log) == length - 1 and len(wire.tables[mine].log) == length - 1
    assert json.dumps(other_table.state and wire.spec.ruleset.to_json(other_table.state)) == json.dumps(
        wire.spec.ruleset.to_json(controller.observe(1 - seat)))


def test_no_undo_after_another_seat_acted():
    wire = kahuna()
    first, table_a = wire.join()
    second, table_b = wire.join()
    clients = [AIClient(table_a, RandomAgent(), 1), AIClient(table_b, RandomAgent(), 2)]
    controller = wire.controller
    walk_to(wire, clients, lambda: len(controller.log) > 2 and controller.log[-1].seat >= 0
            and controller.log[-2].seat not in (CHANCE, controller.log[-1].seat)
            and controller.log[-2].seat >= 0)
    earlier = controller.log[-2].seat
    conn_id = first if earlier == 0 else second
    if not controller.can_undo(controller.log[-1].seat):
        pytest.skip("the last action revealed something")
    length = len(controller.log)
    wire.send_raw(conn_id, protocol.encode({"t": "undo", "seat": earlier}))
    assert last(wire, conn_id, "refused")["key"] == "cannot_undo" and len(controller.log) == length


def test_a_dropped_seat_is_kept_the_table_waits_the_ai_can_stand_in_and_the_person_rejoins():
    wire = kahuna()
    first, table_a = wire.join()
    second, table_b = wire.join()
    token = table_a.tokens[0]
    clients = [AIClient(table_b, RandomAgent(), 2)]
    walk_to(wire, clients, lambda: wire.controller.to_act() == 0)
    wire.drop(first)
    assert wire.host.seat_status()[0]["connected"] is False
    assert last(wire, second, "seats")["seats"][0]["connected"] is False
    length = len(wire.controller.log)
    settle(wire, clients, 20)
    assert len(wire.controller.log) == length  # the table waits for seat 0
    wire.host.hand_to_ai(0)
    walk_to(wire, clients, lambda: wire.controller.to_act() == 0 and len(wire.controller.log) > length + 3)
    assert any(entry.seat == 0 for entry in wire.controller.log[length:])
    wire.host.take_back(0)
    length = len(wire.controller.log)
    settle(wire, clients, 10)
    assert len(wire.controller.log) == length
    wire.host.hand_to_ai(0)
    back, table = wire.connect()
    table.hello(tokens=[token])
    wire.flush()
    assert table.seats == [0] and 0 not in wire.host.with_ai
    assert len(table.log) == len(wire.controller.log)
    assert [entry.seat for entry in table.log] == [entry.seat for entry in wire.controller.log]
    assert json.dumps(wire.spec.ruleset.to_json(table.state)) == json.dumps(
        wire.spec.ruleset.to_json(wire.controller.observe(0)))
    if wire.controller.to_act() == 0:
        assert table.legal_actions() == wire.controller.legal_actions()


def test_rejoining_from_elsewhere_closes_the_old_connection():
    wire = kahuna()
    first, table_a = wire.join()
    again, table = wire.connect()
    table.hello(tokens=[table_a.tokens[0]])
    wire.flush()
    assert first in wire.closed and table.seats == [0]
    assert wire.host.holders[0] == again


def test_two_seats_at_one_screen_get_one_seats_view_at_a_time():
    wire = kahuna()
    conn_id, table = wire.join()
    table.hello(code=wire.host.code)
    wire.flush()
    assert table.seats == [0, 1] and table.config.seats[0].is_human and table.config.seats[1].is_human
    client = AIClient(table, RandomAgent(), 5)
    ruleset = wire.spec.ruleset
    for _ in range(120):
        settle(wire, [client])
        actor = wire.controller.to_act()
        if actor is None:
            break
        screen = table.screen
        if actor in (0, 1):
            assert screen == actor
        update = next(m for m in map(json.loads, reversed(wire.sent[conn_id])) if m["t"] in ("view", "events"))
        assert update["seat"] == screen
        assert update["observation"] == ruleset.to_json(wire.controller.observe(screen))
        hidden = [event for entry in wire.controller.log for event in entry.events
                  if event.audience is not None and event.audience >= 0 and event.audience != screen]
        assert all(event.seen_by(screen) is not event.data for event in hidden)
    views = messages(wire, conn_id, "view")
    assert {view["seat"] for view in views} == {0, 1}


def test_chat_reaches_every_joined_seat_and_needs_printable_text():
    wire = kahuna()
    first, table_a = wire.join()
    second, table_b = wire.join()
    table_a.say("good luck")
    wire.flush()
    assert table_b.chat == [(0, "good luck")] and table_a.chat == [(0, "good luck")]
    wire.send_raw(second, protocol.encode({"t": "chat", "text": "bell\x07"}))
    assert last(wire, second, "error")["key"] == "bad_chat"


def test_the_hosts_own_chat_line_reaches_every_joined_seat_and_a_friends_line_reaches_the_host():
    wire = kahuna()
    heard = []
    wire.host.heard = lambda seat, text: heard.append((seat, text))
    _, table_a = wire.join()
    _, table_b = wire.join()
    assert wire.host.say("  welcome  ", seat=-1) == "welcome"
    assert wire.host.say("   ") is None and wire.host.say("bell\x07") is None
    assert table_a.chat == table_b.chat == [(-1, "welcome")]
    table_b.say("thanks")
    wire.flush()
    assert heard == [(1, "thanks")] and table_a.chat[-1] == (1, "thanks")


def test_a_free_invited_seat_goes_to_the_computer_and_can_no_longer_be_joined():
    wire = kahuna()
    _, table = wire.join(seat=0)
    with pytest.raises(ValueError):
        wire.host.seat_to_ai(0)  # joined: its person holds it
    with pytest.raises(ValueError):
        wire.host.seat_to_ai(1, "genius")
    wire.host.seat_to_ai(1, "easy")
    seat = wire.controller.config.seats[1]
    assert (seat.kind, seat.level) == ("ai", "easy") and 1 not in wire.host.tokens
    assert 1 not in wire.host.net_record()["tokens"]
    assert [row["kind"] for row in table.seat_status] == ["remote", "ai"]
    late, _ = wire.join(seat=1)
    assert last(wire, late, "refused")["key"] == "no_such_seat"
    assert wire.host.plays_by_ai(1)


def test_a_table_not_started_says_so_and_its_start_reaches_every_friend():
    wire = kahuna()
    wire.host.started = False
    _, table = wire.join()
    assert table.joined and not table.started
    wire.host.begin()
    assert table.started


def test_a_look_with_the_code_tells_the_seats_and_which_are_free_and_a_wrong_code_counts_as_a_failed_join():
    wire = kahuna()
    wire.join(seat=1, name="Kai")
    looker, _ = wire.connect()
    wire.send_raw(looker, protocol.encode({"t": "look", "code": wire.host.code.lower()}))
    answer = last(wire, looker, "table")
    assert (answer["game"], answer["free"], answer["started"]) == ("kahuna", [0], True)
    assert [row["name"] for row in answer["seats"]] == [wire.host.seat_status()[0]["name"], "Kai"]
    assert wire.host.connections[looker].seats == [], "a look takes no seat"
    for _ in range(host_module.FAILED_JOINS_PER_CONNECTION):
        wire.send_raw(looker, protocol.encode({"t": "look", "code": "2222-3333-4444"}))
    assert last(wire, looker, "refused")["key"] == "bad_code"
    assert looker in wire.closed, "too many wrong codes close the connection"


def test_ping_is_answered():
    wire = kahuna()
    conn_id, _ = wire.join()
    wire.send_raw(conn_id, protocol.encode({"t": "ping", "n": 7}))
    assert last(wire, conn_id, "pong") == {"v": protocol.PROTOCOL_VERSION, "t": "pong", "n": 7}


def test_the_net_record_resumes_the_same_code_and_tokens():
    wire = kahuna()
    _, table = wire.join()
    record = json.loads(json.dumps(wire.host.net_record()))
    resumed = host_module.TableHost(wire.spec, wire.controller, code=record["code"], tokens=record["tokens"],
                                    claimed=record["claimed"])
    assert resumed.code == wire.host.code and resumed.tokens == wire.host.tokens
    assert resumed.claimed == {0}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_observation_round_trips_through_its_notation(game_id):
    """What the client rebuilds from the wire is what the host observed: the same notation back, and the
    same legal actions for the seat deciding."""
    spec = get_spec(game_id)
    wire = Wire(spec, remote_config(spec, spec.max_players), 11)
    controller, ruleset = wire.controller, spec.ruleset
    rng = random.Random(3)
    for actor in seat_decisions(controller, 150):
        for seat in range(spec.max_players):
            notation = json.loads(json.dumps(ruleset.to_json(controller.observe(seat))))
            rebuilt = ruleset.from_json(notation)
            assert ruleset.to_json(rebuilt) == notation
            if seat == actor:
                assert ruleset.legal_actions(rebuilt) == controller.legal_actions()
        controller.submit(rng.choice(controller.legal_actions()))


def test_a_whole_kahuna_game_with_an_ai_seat_on_the_host():
    wire = kahuna(kinds=["remote", "ai"])
    _, table = wire.join()
    play_remote(wire, [AIClient(table, RandomAgent(), 4)])
    assert table.over and table.result() == wire.host.result()
    assert any(entry.seat == 1 for entry in wire.controller.log)


def test_a_seat_whose_view_cannot_be_sent_is_dropped_and_the_others_are_still_told(monkeypatch):
    wire = kahuna()
    first, _ = wire.join()
    second, table_b = wire.join()
    honest = host_module.TableHost._update

    def failing(self, connection):
        if connection.conn_id == first:
            raise ValueError("no view for this one")
        return honest(self, connection)

    monkeypatch.setattr(host_module.TableHost, "_update", failing)
    settle(wire)
    assert first in wire.closed and 0 not in wire.host.holders
    assert len(table_b.log) == len(wire.controller.log) > 0


def test_a_listener_of_the_mirror_hears_a_change_once_the_message_is_taken_in():
    wire = kahuna()
    _, table = wire.join()
    heard = []
    table.listeners.append(lambda mirror, entry: heard.append((len(mirror.log), entry is None)))
    settle(wire)
    assert heard and all(length == at + 1 for (length, _), at in zip(heard, range(len(heard)), strict=True))
    table.received("garbage")
    assert table.notices[-1][0] == "not_json" and len(heard) == len(wire.controller.log)
