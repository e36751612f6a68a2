"""A client's mirror of a table hosted elsewhere, for the play scene to draw from.

``RemoteTable`` offers the reads of a ``Controller`` that a table view and the play scene make (the config,
the log, ``to_act``, ``legal_actions``, ``observe``, ``result``, undo), built only from what the host sent:
the log as this client's seat on screen may see it and that seat's observation. It decides nothing and
holds no secret; what a person does here (``submit``, ``undo``, ``chat``) becomes a message on ``outbox``
for the transport to send, and the table changes when the host's answer arrives (``received``).

Its seats are the people at this screen (``human`` in its config); every other seat is someone or
something elsewhere (``remote`` or ``ai``), so a screen holding two seats hands off between them as a
hot-seat table does.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.controller import LogEntry
from game.core.rules import CHANCE, Action, Event, GameConfig, Result, SeatConfig
from game.net import protocol
from game.net.protocol import ProtocolError


class RemoteTable:
    """The mirror of one table (see the module's docstring)."""

    def __init__(self, find_game: Callable | None = None):
        if find_game is None:
            from game.games import get_spec as find_game
        self.find_game = find_game
        self.outbox: list[str] = []
        self.listeners: list = []
        self.notices: list[tuple[str, str]] = []
        """(key, sentence) of refusals and errors the host sent, for the screen to say; it takes them."""
        self.chat: list[tuple[int, str]] = []
        self.spec = None
        self.ruleset = None
        self.config: GameConfig | None = None
        self.seats: list[int] = []
        """The seats this client holds."""
        self.tokens: dict[int, str] = {}
        self.code: str | None = None
        self.seat_status: list[dict] = []
        self.started = True
        """False while the host person has not started the game yet (they are still seating friends)."""
        self.log: list[LogEntry] = []
        self.state = None
        self.screen: int | None = None
        """The seat whose observation ``state`` is."""
        self.to_act_seat: int | None = CHANCE
        self.prompt: tuple[int, int, list] | None = None
        """(seat, log length, legal actions) of the last prompt."""
        self.undoable: list[int] = []
        self.waiting = False
        """True from an action sent until the host's answer."""
        self.final: Result | None = None
        self.changed: LogEntry | None | bool = False
        """What the message being taken in changed: an entry, None for a new view, False for nothing."""

    # -- what the play scene reads -----------------------------------------------------------------
    @property
    def joined(self) -> bool:
        return self.config is not None and self.state is not None

    def to_act(self) -> int | None:
        """Who decides now; once the game is over, None only when its result is here (until then the
        table waits as it does for chance)."""
        if self.to_act_seat is None:
            return None if self.final is not None else CHANCE
        return self.to_act_seat

    @property
    def over(self) -> bool:
        return self.final is not None

    def legal_actions(self) -> list[Action]:
        """The prompted seat's legal actions while the prompt is for the table as it stands."""
        if self.waiting or self.prompt is None:
            return []
        seat, at, legal = self.prompt
        return list(legal) if at == len(self.log) and seat == self.to_act_seat else []

    def observe(self, seat: int | None):
        """What this client knows: its seat on screen's observation (the final position once over)."""
        return self.state

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat >= 0 and self.config is not None and self.config.seats[seat].is_human

    def result(self) -> Result | None:
        return self.final

    def can_undo(self, seat: int | None) -> bool:
        return seat in self.undoable and not self.waiting

    # -- what a person does here -------------------------------------------------------------------
    def hello(self, code: str | None = None, tokens: list[str] | None = None, seat: int | None = None,
              name: str | None = None) -> None:
        """Ask to join with the table's code (a free seat, or ``seat``), or to rejoin with seat tokens."""
        message: dict = {"t": "hello", "app": protocol.APP_VERSION}
        if tokens:
            message["tokens"] = list(tokens)
        else:
            message["code"] = code or ""
            if seat is not None:
                message["seat"] = seat
            if name:
                message["name"] = name
        self._post(message)

    def submit(self, action: Action, seat: int | None = None) -> None:
        """Ask the host to apply ``action`` for ``seat`` (default: the seat deciding now)."""
        seat = self.to_act_seat if seat is None else seat
        self.waiting = True
        self._post({"t": "act", "seat": seat, "action": action, "at": len(self.log)})

    def undo(self, seat: int) -> None:
        self.waiting = True
        self._post({"t": "undo", "seat": seat})

    def say(self, text: str) -> None:
        self._post({"t": "chat", "text": text[:protocol.MAX_CHAT]})

    def take_notices(self) -> list[tuple[str, str]]:
        notices, self.notices = self.notices, []
        return notices

    def _post(self, message: dict) -> None:
        self.outbox.append(protocol.encode(message))

    # -- what the host sends -----------------------------------------------------------------------
    def received(self, text: str) -> None:
        """Take one message from the host; a broken one is noted, never raised. The listeners (the play
        scene) hear of a change once the message is taken in whole."""
        self.changed = False
        try:
            message = protocol.decode_host(text)
            getattr(self, f"_on_{message['t']}")(message)
        except (ProtocolError, ValueError, KeyError, TypeError, IndexError) as error:
            key = error.key if isinstance(error, ProtocolError) else "bad_message"
            self.notices.append((key, f"the host sent a message that could not be used: {error}"))
            return
        if self.changed is not False:
            for listener in list(self.listeners):
                listener(self, self.changed)

    def _on_welcome(self, message: dict) -> None:
        self.spec = self.find_game(message["game"])
        self.ruleset = self.spec.ruleset
        self.seats = list(message["yours"])
        self.tokens = dict(zip(self.seats, message["tokens"], strict=True))
        self.code = message["code"]
        self.started = message.get("started", True)
        self._set_seats(message["seats"], message["options"])

    def _set_seats(self, rows: list[dict], options: dict | None = None) -> None:
        self.seat_status = rows
        options = self.config.options if options is None else options
        seats = []
        for index, row in enumerate(rows):
            kind = "human" if index in self.seats else ("ai" if row["kind"] == "ai" else "remote")
            seats.append(SeatConfig(kind, row["name"]))
        self.config = GameConfig(tuple(seats), dict(options))

    def _on_seats(self, message: dict) -> None:
        if self.config is not None:
            self.started = message.get("started", True)
            self._set_seats(message["seats"])

    def host_name(self) -> str | None:
        """The name of the host's own person (the seat the host plays at its screen), when there is one."""
        return next((row["name"] for row in self.seat_status if row["kind"] == "human"), None)

    def _on_log(self, message: dict) -> None:
        at = message["at"]
        if at == 0:
            self.log = []
        if at != len(self.log):
            raise ProtocolError("the log came out of order", "out_of_order")
        self.log.extend(self._entry(entry) for entry in message["entries"])

    def _on_view(self, message: dict) -> None:
        if message["at"] != len(self.log):
            raise ProtocolError("the view does not follow the log", "out_of_order")
        self._update(message)
        self.changed = None

    def _on_events(self, message: dict) -> None:
        if message["at"] != len(self.log):
            raise ProtocolError("an entry came out of order", "out_of_order")
        entry = self._entry(message["entry"])
        self.log.append(entry)
        self._update(message)
        self.changed = entry

    def _on_prompt(self, message: dict) -> None:
        self.prompt = (message["seat"], message["at"], message["legal"])

    def _on_refused(self, message: dict) -> None:
        if message["about"] in ("act", "undo"):
            self.waiting = False
        self.notices.append((message["key"], message["reason"]))

    def _on_error(self, message: dict) -> None:
        self.waiting = False
        self.notices.append((message["key"], message["reason"]))

    def _on_chat(self, message: dict) -> None:
        self.chat.append((message["seat"], message["text"]))

    def _on_end(self, message: dict) -> None:
        result = message["result"]
        self.final = Result(tuple(result["scores"]), tuple(result["ranks"]), dict(result.get("details", {})))
        self.state = self.ruleset.from_json(message["position"])
        self.to_act_seat = None
        self.undoable = []
        self.waiting = False

    def _on_ping(self, message: dict) -> None:
        self._post({"t": "pong", **({"n": message["n"]} if "n" in message else {})})

    def _on_pong(self, message: dict) -> None:
        """The answer to a ping: the transport measures the round trip."""

    def _entry(self, data: dict) -> LogEntry:
        return LogEntry(data["seat"], data["action"], [Event(kind, fields) for kind, fields in data["events"]])

    def _update(self, message: dict) -> None:
        if self.ruleset is None:
            raise ProtocolError("a table's view came before its welcome", "out_of_order")
        self.state = self.ruleset.from_json(message["observation"])
        self.screen = message["seat"]
        self.to_act_seat = message.get("to_act")
        self.undoable = list(message["undo"])
        self.waiting = False
