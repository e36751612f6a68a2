"""The messages between a table's host and its clients, and the checks each passes before it is used.

Every message is a JSON object ``{"v": PROTOCOL_VERSION, "t": type, ...}`` of at most
``MAX_MESSAGE_BYTES``. Each type declares its keys and what each holds (``CLIENT_SHAPES`` for what a
client sends, ``HOST_SHAPES`` for what a host sends); ``decode_client`` / ``decode_host`` parse a text,
bound it (size, nesting, string lengths, list lengths) and check it against its shape, or raise
``ProtocolError`` whose message is the sentence sent back to the peer (its ``key`` names the sentence for
a screen to translate, under ``net.reason.<key>``).

Host to client:
- ``welcome``: the game, its options, the seats (names and kinds), the seats this connection holds and
  a token for each; never the seed.
- ``log``: a run of log entries from index ``at`` (``at`` 0 starts the log anew), as the connection's
  seat on screen may see them; a long log comes in several.
- ``view``: the observation of the seat on screen (in the game's notation) once the log is complete:
  the client redraws its table from it (joining, rejoining, undo, a hand-off between its seats).
- ``events``: one applied entry at index ``at`` as that seat sees it, with the observation after it.
- ``prompt``: a seat of this connection decides now; its legal actions.
- ``refused``: a request that was not carried out and why. ``error``: the same for a broken message.
- ``chat``, ``seats`` (who is connected, who plays for whom, and whether the host has started the game: a
  host person may seat friends before they start; ``welcome`` says it too), ``end`` (the result and the final position;
  the whole log came before it, everything public once the game is over).

Client to host: ``hello`` (the table code for a first join, or seat tokens to rejoin), ``act``, ``undo``,
``chat``, ``ping`` / ``pong``, and ``look`` (with the code, before joining: the host answers ``table``, the
game, its seats and which of them are free, and keeps nothing of the asking; a wrong code counts as a failed
join).

An entry is ``{"seat": s, "action": a, "events": [[kind, data], ...]}``: the action in full only for the
seat that took it (another seat's, chance's included, keeps only its ``type``), and the events each as
``Event.seen_by`` gives them to the seat on screen (an event hidden from it is left out).
"""

from __future__ import annotations

import json
import math
import secrets

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 65536
MAX_DEPTH = 24
"""Nesting of objects and lists: a position is a handful deep, an action two or three."""
MAX_ACTION_DEPTH = 6
MAX_STRING = 4096
MAX_ITEMS = 4096
MAX_SEATS = 8
MAX_CHAT = 300
MAX_NAME = 16

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""Thirty-two characters that read aloud without doubt (no 0/O, 1/I): five bits each."""
CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4
CODE_BITS = CODE_GROUPS * CODE_GROUP_LENGTH * 5
TOKEN_BYTES = 16


def _app_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - always there on supported Pythons
        return "0.1.0"
    try:
        return version("gamenight")
    except PackageNotFoundError:
        return "0.1.0"


APP_VERSION: str = _app_version()


class ProtocolError(ValueError):
    """A message that cannot be used; the text is the sentence sent back, ``key`` its translation key
    (``net.reason.<key>``) and ``fields`` what the sentence fills in."""

    def __init__(self, sentence: str, key: str = "bad_message", **fields):
        super().__init__(sentence)
        self.key = key
        self.fields = fields


# -- codes and tokens ------------------------------------------------------------------------------
def new_code() -> str:
    """A table code: sixty random bits in three groups of four readable characters, e.g. "7KQ2-M9XD-4FHT"."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUPS * CODE_GROUP_LENGTH))
    return "-".join(chars[i:i + CODE_GROUP_LENGTH] for i in range(0, len(chars), CODE_GROUP_LENGTH))


def normalize_code(text) -> str | None:
    """A code as typed (any case, spaces or dashes anywhere) in its canonical form, or None when it is
    not a code at all."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    chars = "".join(char for char in text.upper() if char not in " -_.")
    if len(chars) != CODE_GROUPS * CODE_GROUP_LENGTH or any(char not in CODE_ALPHABET for char in chars):
        return None
    return "-".join(chars[i:i + CODE_GROUP_LENGTH] for i in range(0, len(chars), CODE_GROUP_LENGTH))


def new_token() -> str:
    """A seat's secret: 128 random bits."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_secret(given: str, kept: str) -> bool:
    """Whether a secret sent matches one kept, in time that does not tell how much of it matched."""
    return secrets.compare_digest(given.encode("utf-8", "replace"), kept.encode("utf-8"))


# -- shapes ------------------------------------------------------------------------------------------
class Field:
    """What one key of a message holds; ``check`` raises ProtocolError naming the key."""

    def __init__(self, optional: bool = False):
        self.optional = optional

    def check(self, name: str, value) -> None:
        raise NotImplementedError


def _wrong(name: str, what: str) -> ProtocolError:
    return ProtocolError(f"{name!r} must be {what}", "bad_message")


class Int(Field):
    def __init__(self, low: int, high: int, optional: bool = False):
        super().__init__(optional)
        self.low, self.high = low, high

    def check(self, name, value):
        if not isinstance(value, int) or isinstance(value, bool) or not self.low <= value <= self.high:
            raise _wrong(name, f"a whole number from {self.low} to {self.high}")


class Text(Field):
    def __init__(self, longest: int, optional: bool = False):
        super().__init__(optional)
        self.longest = longest

    def check(self, name, value):
        if not isinstance(value, str) or len(value) > self.longest:
            raise _wrong(name, f"text of at most {self.longest} characters")


class Flag(Field):
    def check(self, name, value):
        if not isinstance(value, bool):
            raise _wrong(name, "true or false")


class Json(Field):
    """Any JSON value (a position, a result) within the nesting bound; ``mapping`` asks for an object."""

    def __init__(self, depth: int = MAX_DEPTH, mapping: bool = True, optional: bool = False):
        super().__init__(optional)
        self.depth = depth
        self.mapping = mapping

    def check(self, name, value):
        if self.mapping and not isinstance(value, dict):
            raise _wrong(name, "an object")
        # A message's own key holds at most MAX_DEPTH levels (``check_bounds``); only a tighter bound is walked.
        if self.depth < MAX_DEPTH and nesting(value, self.depth) > self.depth:
            raise ProtocolError(f"{name!r} is nested too deeply", "too_deep")


class Action(Json):
    """An action: an object with a text ``type``, a few levels deep."""

    def __init__(self, optional: bool = False):
        super().__init__(MAX_ACTION_DEPTH, True, optional)

    def check(self, name, value):
        super().check(name, value)
        if not isinstance(value.get("type"), str):
            raise _wrong(name, "an action with a \"type\"")


class ListOf(Field):
    def __init__(self, item: Field, longest: int = MAX_ITEMS, optional: bool = False):
        super().__init__(optional)
        self.item = item
        self.longest = longest

    def check(self, name, value):
        if not isinstance(value, list) or len(value) > self.longest:
            raise _wrong(name, f"a list of at most {self.longest} items")
        for index, item in enumerate(value):
            self.item.check(f"{name}[{index}]", item)


class Record(Field):
    """An object with declared keys (no others)."""

    def __init__(self, fields: dict[str, Field], optional: bool = False):
        super().__init__(optional)
        self.fields = fields

    def check(self, name, value):
        if not isinstance(value, dict):
            raise _wrong(name, "an object")
        check_keys(value, self.fields, name)


class Entry(Field):
    """A log entry as the wire carries it (see the module's docstring)."""

    def check(self, name, value):
        Record({"seat": Int(-1, MAX_SEATS - 1), "action": Action(), "events": ListOf(EventField())}).check(
            name, value)


class EventField(Field):
    def check(self, name, value):
        if (not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str)
                or len(value[0]) > 64 or not isinstance(value[1], dict)):
            raise _wrong(name, "a pair of an event's kind and its data")


def check_keys(message: dict, fields: dict[str, Field], where: str = "the message") -> None:
    unknown = sorted(set(message) - set(fields))
    if unknown:
        raise ProtocolError(f"{where} has a key it may not have: {str(unknown[0])[:40]!r}", "bad_message")
    for key, spec in fields.items():
        if key not in message:
            if not spec.optional:
                raise ProtocolError(f"{where} lacks {key!r}", "bad_message")
            continue
        spec.check(key, message[key])


SEAT = Int(0, MAX_SEATS - 1)
TOKEN = Text(64)
COMMON = {"v": Int(0, 1 << 30), "t": Text(16)}

CLIENT_SHAPES: dict[str, dict[str, Field]] = {
    "hello": {"app": Text(32), "code": Text(64, optional=True), "tokens": ListOf(TOKEN, MAX_SEATS, optional=True),
              "seat": Int(0, MAX_SEATS - 1, optional=True), "name": Text(MAX_NAME, optional=True)},
    "act": {"seat": SEAT, "action": Action(), "at": Int(0, 1 << 30)},
    "undo": {"seat": SEAT},
    "chat": {"text": Text(MAX_CHAT)},
    "look": {"code": Text(64)},
    "ping": {"n": Int(0, 1 << 30, optional=True)},
    "pong": {"n": Int(0, 1 << 30, optional=True)},
}

SEAT_INFO = Record({"name": Text(64), "kind": Text(16), "connected": Flag(optional=True),
                    "ai": Flag(optional=True)})
UPDATE = {"observation": Json(), "seat": Int(-1, MAX_SEATS - 1), "to_act": Int(-1, MAX_SEATS - 1, optional=True),
          "undo": ListOf(SEAT, MAX_SEATS)}

HOST_SHAPES: dict[str, dict[str, Field]] = {
    "welcome": {"app": Text(32), "game": Text(32), "options": Json(4), "seats": ListOf(SEAT_INFO, MAX_SEATS),
                "yours": ListOf(SEAT, MAX_SEATS), "tokens": ListOf(TOKEN, MAX_SEATS), "code": Text(64),
                "started": Flag(optional=True)},
    "log": {"at": Int(0, 1 << 30), "entries": ListOf(Entry()), "full": Flag(optional=True)},
    "view": {"at": Int(0, 1 << 30), **UPDATE},
    "events": {"at": Int(0, 1 << 30), "entry": Entry(), **UPDATE},
    "prompt": {"seat": SEAT, "at": Int(0, 1 << 30), "legal": ListOf(Action())},
    "refused": {"reason": Text(MAX_STRING), "key": Text(64), "about": Text(16)},
    "error": {"reason": Text(MAX_STRING), "key": Text(64)},
    "chat": {"seat": Int(-1, MAX_SEATS - 1), "text": Text(MAX_CHAT)},
    "seats": {"seats": ListOf(SEAT_INFO, MAX_SEATS), "started": Flag(optional=True)},
    "end": {"result": Json(8), "position": Json()},
    "table": {"app": Text(32), "game": Text(32), "seats": ListOf(SEAT_INFO, MAX_SEATS), "free": ListOf(SEAT, MAX_SEATS),
              "started": Flag()},
    "ping": {"n": Int(0, 1 << 30, optional=True)},
    "pong": {"n": Int(0, 1 << 30, optional=True)},
}


def nesting(value, limit: int = MAX_DEPTH + 1) -> int:
    """How deeply a parsed JSON ``value`` nests objects and lists (stops counting past ``limit``), without
    recursion."""
    if type(value) is not dict and type(value) is not list:
        return 0
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        for child in item.values() if type(item) is dict else item:
            if type(child) is dict or type(child) is list:
                stack.append((child, depth + 1))
    return deepest


def check_bounds(message: dict) -> None:
    """One walk over a parsed message: nested at most ``MAX_MESSAGE_DEPTH`` deep, no text longer than
    ``MAX_STRING`` (numbers are made finite by the parser)."""
    stack = [(message, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        item, depth = pop()
        if depth > MAX_MESSAGE_DEPTH:
            raise ProtocolError("the message is nested too deeply", "too_deep")
        for child in item.values() if type(item) is dict else item:
            kind = type(child)
            if kind is str:
                if len(child) > MAX_STRING:
                    raise ProtocolError("a text in the message is too long", "too_long")
            elif kind is dict or kind is list:
                push((child, depth + 1))


MAX_MESSAGE_DEPTH = MAX_DEPTH + 1
"""A message's own object around values each at most ``MAX_DEPTH`` deep."""


# -- encoding ----------------------------------------------------------------------------------------
def encode(message: dict) -> str:
    """Compact JSON of ``message`` (``v`` filled in); raises ProtocolError when it is too large."""
    text = json.dumps({"v": PROTOCOL_VERSION, **message}, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)
    if len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a {message.get('t')!r} message is larger than {MAX_MESSAGE_BYTES} bytes", "too_large")
    return text


def _reject_constant(name: str):
    raise ProtocolError("the message is not valid JSON", "not_json")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ProtocolError("a number in the message is not finite", "bad_message")
    return number


def parse(text) -> dict:
    """The JSON object of ``text``, bounded in size and nesting, with a known-looking ``v`` and ``t``.

    The bounds cost little beside the parse itself: the size from the text's length (its UTF-8 encoding only
    when it could matter), a text too deep for the parser stops it (``RecursionError``), and the rest is one
    walk over the parsed values (``check_bounds``), never over the characters."""
    if not isinstance(text, str):
        raise ProtocolError("a message is text", "not_json")
    if len(text) > MAX_MESSAGE_BYTES or (
            len(text) * 4 > MAX_MESSAGE_BYTES and len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES):
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes", "too_large")
    try:
        message = json.loads(text, parse_constant=_reject_constant, parse_float=_finite)
    except RecursionError:
        raise ProtocolError("the message is nested too deeply", "too_deep") from None
    except ProtocolError:
        raise
    except ValueError:
        raise ProtocolError("the message is not valid JSON", "not_json") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object", "bad_message")
    check_bounds(message)
    check_keys({k: message[k] for k in ("v", "t") if k in message}, COMMON)
    return message


def version_sentence(host_app: str, client_app: str) -> str:
    """What a person reads when the two programs cannot talk."""
    return f"the host runs Game Night {host_app}, this is {client_app}"


def _decode(text, shapes: dict[str, dict[str, Field]], from_host: bool) -> dict:
    message = parse(text)
    kind = message["t"]
    if message["v"] != PROTOCOL_VERSION:
        app = message.get("app")
        app = app[:32] if isinstance(app, str) else f"a version of protocol {message['v']}"
        host, client = (app, APP_VERSION) if from_host else (APP_VERSION, app)
        raise ProtocolError(version_sentence(host, client), "version", host=host, client=client)
    if kind not in shapes:
        raise ProtocolError(f"unknown message type {kind[:16]!r}", "unknown_type")
    check_keys(message, {**COMMON, **shapes[kind]}, f"a {kind!r} message")
    return message


def decode_client(text) -> dict:
    """A message from a client, checked against its shape."""
    return _decode(text, CLIENT_SHAPES, from_host=False)


def decode_host(text) -> dict:
    """A message from the host, checked against its shape."""
    return _decode(text, HOST_SHAPES, from_host=True)
