"""The protocol's shapes, bounds, version sentence, table codes and seat tokens."""

from __future__ import annotations

import json
import math

import pytest

from game.net import protocol
from game.net.protocol import ProtocolError, decode_client, decode_host, encode


def text(**message) -> str:
    return json.dumps({"v": protocol.PROTOCOL_VERSION, **message})


def refused_key(raw) -> str:
    with pytest.raises(ProtocolError) as caught:
        decode_client(raw)
    return caught.value.key


def test_every_client_message_round_trips_through_encode_and_decode():
    messages = [
        {"t": "hello", "app": "0.1.0", "code": "7KQ2-M9XD-4FHT", "seat": 1, "name": "Hanako"},
        {"t": "hello", "app": "0.1.0", "tokens": [protocol.new_token(), protocol.new_token()]},
        {"t": "act", "seat": 0, "action": {"type": "build", "card": "ALOA", "line": "ALOA-BARI"}, "at": 12},
        {"t": "undo", "seat": 2},
        {"t": "chat", "text": "good luck"},
        {"t": "ping", "n": 3},
        {"t": "pong"},
    ]
    for message in messages:
        assert decode_client(encode(message)) == {"v": protocol.PROTOCOL_VERSION, **message}


def test_host_messages_are_checked_too():
    assert decode_host(encode({"t": "refused", "reason": "no", "key": "illegal", "about": "act"}))["t"] == "refused"
    with pytest.raises(ProtocolError):
        decode_host(encode({"t": "prompt", "seat": 0, "at": 1, "legal": [{"card": "no type"}]}))
    with pytest.raises(ProtocolError):
        decode_host(encode({"t": "events", "at": 0, "entry": {"seat": 0, "action": {"type": "x"}, "events": [["k"]]},
                            "observation": {}, "seat": 0, "undo": []}))


@pytest.mark.parametrize("raw, key", [
    ("not json", "not_json"),
    ("[1, 2]", "bad_message"),
    (text(t="hello"), "bad_message"),  # no app
    (text(t="act", seat=0, action={"type": "x"}), "bad_message"),  # no at
    (text(t="act", seat="0", action={"type": "x"}, at=0), "bad_message"),
    (text(t="act", seat=True, action={"type": "x"}, at=0), "bad_message"),
    (text(t="act", seat=99, action={"type": "x"}, at=0), "bad_message"),
    (text(t="act", seat=0, action={"kind": "x"}, at=0), "bad_message"),
    (text(t="act", seat=0, action=[], at=0), "bad_message"),
    (text(t="undo", seat=0, extra=1), "bad_message"),
    (text(t="chat", text="x" * (protocol.MAX_CHAT + 1)), "bad_message"),
    (text(t="hello", app="0.1.0", name="n" * 17), "bad_message"),
    (text(t="teleport"), "unknown_type"),
    (json.dumps({"t": "ping"}), "bad_message"),  # no version
    ('{"v": 1, "t": "ping", "n": NaN}', "not_json"),
    (text(t="ping", n=1.5), "bad_message"),
    (text(t="chat", text="x" * (protocol.MAX_MESSAGE_BYTES + 10)), "too_large"),
    ("[" * 100_000 + "]" * 100_000, "too_large"),
    ("[" * 5000 + "]" * 5000, "too_deep"),
    ('{"v": 1, "t": "ping", "x": ' + "[" * 30 + "]" * 30 + "}", "too_deep"),
    ('{"v": 1, "t": "ping", "n": 1e999}', "bad_message"),
    (text(t="chat", text="日" * (protocol.MAX_MESSAGE_BYTES // 3)), "too_large"),  # fewer characters than bytes
    (text(t="chat", text="x", note="y" * (protocol.MAX_STRING + 1)), "too_long"),
    (text(t="act", seat=0, action={"type": "x", "a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}, at=0), "too_deep"),
    (b"bytes", "not_json"),
])
def test_broken_messages_are_refused_with_a_sentence(raw, key):
    with pytest.raises(ProtocolError) as caught:
        decode_client(raw)
    assert caught.value.key == key
    assert len(str(caught.value)) > 10


def test_brackets_inside_texts_do_not_count_as_nesting():
    deep_looking = "[{" * 200
    assert decode_client(text(t="chat", text=deep_looking[:protocol.MAX_CHAT]))["text"] == deep_looking[:300]


def test_a_version_mismatch_says_both_versions_as_a_person_reads_them():
    raw = json.dumps({"v": protocol.PROTOCOL_VERSION + 1, "t": "hello", "app": "0.2.0", "code": "x"})
    with pytest.raises(ProtocolError) as caught:
        decode_client(raw)
    assert caught.value.key == "version"
    assert str(caught.value) == f"the host runs Game Night {protocol.APP_VERSION}, this is 0.2.0"
    welcome = json.dumps({"v": protocol.PROTOCOL_VERSION + 1, "t": "welcome", "app": "0.2.0"})
    with pytest.raises(ProtocolError) as caught:
        decode_host(welcome)
    assert str(caught.value) == f"the host runs Game Night 0.2.0, this is {protocol.APP_VERSION}"


def test_encode_refuses_what_the_peer_could_not_take():
    with pytest.raises(ProtocolError):
        encode({"t": "chat", "text": "x" * protocol.MAX_MESSAGE_BYTES})
    with pytest.raises(ValueError):
        encode({"t": "ping", "n": math.inf})


def test_codes_carry_at_least_48_random_bits_and_read_aloud_in_groups():
    assert protocol.CODE_BITS >= 48
    assert len(set(protocol.CODE_ALPHABET)) ** (protocol.CODE_GROUPS * protocol.CODE_GROUP_LENGTH) >= 2 ** 48
    codes = {protocol.new_code() for _ in range(2000)}
    assert len(codes) == 2000
    for code in list(codes)[:50]:
        groups = code.split("-")
        assert [len(g) for g in groups] == [protocol.CODE_GROUP_LENGTH] * protocol.CODE_GROUPS
        assert not set(code.replace("-", "")) & set("01OI")
    # every character of the alphabet turns up, so the bits are really used
    assert set("".join(codes).replace("-", "")) == set(protocol.CODE_ALPHABET)


def test_a_code_as_a_person_types_it_is_understood():
    code = protocol.new_code()
    assert protocol.normalize_code(code.lower().replace("-", " ")) == code
    assert protocol.normalize_code(" " + code.replace("-", "") + " ") == code
    assert protocol.normalize_code(code[:-1]) is None
    assert protocol.normalize_code("0000-0000-0000") is None
    assert protocol.normalize_code(12) is None
    assert protocol.normalize_code("x" * 1000) is None


def test_tokens_are_128_bits_and_unique():
    tokens = {protocol.new_token() for _ in range(5000)}
    assert len(tokens) == 5000
    import base64

    sample = next(iter(tokens))
    assert len(base64.urlsafe_b64decode(sample + "==")) == 16
    assert protocol.same_secret(sample, sample)
    assert not protocol.same_secret(sample[:-1] + ("A" if sample[-1] != "A" else "B"), sample)
