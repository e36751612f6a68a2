"""A host and its clients wired by plain function calls (no sockets), recording every text each
connection is sent, and AI clients that decide on nothing but what they receive."""

from __future__ import annotations

import random
from concurrent.futures import Future

from game.ai.arena import decision_seed
from game.core.controller import Controller
from game.core.rules import CHANCE, GameConfig, SeatConfig, action_key
from game.core.seats import think
from game.games import get_spec
from game.net.client import RemoteTable
from game.net.host import TableHost

GAMES = ("kahuna", "catan", "catan_2p", "catan_ck", "catan_ck_2p", "cannonades", "copenhagen")


class InlineWorker:
    """An AIWorker that thinks at once on the calling thread: the host's AI seats, reproducibly."""

    def start(self, game_id, level, observation, seat, seed) -> Future:
        future: Future = Future()
        future.set_result(think(get_spec, game_id, level, observation, seat, seed))
        return future

    def shutdown(self) -> None:
        pass


class FakeClock:
    def __init__(self, start: float = 1000.0):
        self.time = start

    def __call__(self) -> float:
        return self.time


def remote_config(spec, players: int, options: dict | None = None, kinds=None) -> GameConfig:
    kinds = kinds or ["remote"] * players
    seats = tuple(SeatConfig(kind, "", "easy") for kind in kinds)
    return GameConfig(seats, spec.validate_options(options or {}))


class Wire:
    """A TableHost and the connections to it; ``sent[conn_id]`` is every text the host sent there."""

    def __init__(self, spec, config: GameConfig, seed: int, clock=None, start: dict | None = None):
        self.spec = spec
        self.controller = Controller(spec.ruleset, config, seed, start=start)
        self.clock = clock or FakeClock()
        self.host = TableHost(spec, self.controller, now=self.clock, worker=InlineWorker())
        self.host.send = self._deliver
        self.host.close = self._closed
        self.tables: dict[int, RemoteTable] = {}
        self.sent: dict[int, list[str]] = {}
        self.closed: dict[int, tuple[int, str]] = {}
        self.next_id = 1

    def connect(self) -> tuple[int, RemoteTable]:
        conn_id = self.next_id
        self.next_id += 1
        self.tables[conn_id] = RemoteTable()
        self.sent[conn_id] = []
        self.host.connected(conn_id)
        return conn_id, self.tables[conn_id]

    def join(self, seat: int | None = None, name: str | None = None) -> tuple[int, RemoteTable]:
        conn_id, table = self.connect()
        table.hello(code=self.host.code, seat=seat, name=name)
        self.flush()
        return conn_id, table

    def drop(self, conn_id: int) -> None:
        self.tables.pop(conn_id, None)
        self.host.disconnected(conn_id)

    def _deliver(self, conn_id: int, text: str) -> None:
        self.sent[conn_id].append(text)
        table = self.tables.get(conn_id)
        if table is not None and conn_id not in self.closed:
            table.received(text)

    def _closed(self, conn_id: int, code: int, reason: str) -> None:
        self.closed[conn_id] = (code, reason)
        self.tables.pop(conn_id, None)

    def send_raw(self, conn_id: int, text) -> None:
        self.host.received(conn_id, text)

    def flush(self) -> bool:
        """Hand every client's outgoing messages to the host; True when there were any."""
        moved = False
        for conn_id, table in list(self.tables.items()):
            while table.outbox:
                moved = True
                self.host.received(conn_id, table.outbox.pop(0))
        return moved


class AIClient:
    """Plays the seats of a RemoteTable with an agent, deciding on the observation received; its
    decision seeds are those of ``local_game`` for the same seed."""

    def __init__(self, table: RemoteTable, agent, seed: int):
        self.table = table
        self.agent = agent
        self.seed = seed

    def decide(self) -> bool:
        table = self.table
        legal = table.legal_actions()
        if not legal:
            return False
        seat = table.to_act()
        rng = random.Random(decision_seed(self.seed, len(table.log)))
        action = self.agent.choose(table.ruleset, table.observe(seat), seat, rng)
        assert action_key(action) in {action_key(a) for a in legal}, f"the client chose outside its prompt: {action}"
        table.submit(action, seat)
        return True


def play_remote(wire: Wire, clients: list[AIClient], limit: int = 20000) -> None:
    """Run the table until it is over: the host pumps, the clients answer their prompts."""
    for _ in range(limit):
        if wire.host.over:
            return
        wire.clock.time += 0.05
        moved = wire.host.pump(wire.clock())
        for client in clients:
            moved = client.decide() or moved
        moved = wire.flush() or moved
        if not moved:
            raise AssertionError(f"the table stopped moving after {len(wire.controller.log)} actions")
    raise AssertionError("the game did not end")


def local_game(spec, config: GameConfig, seed: int, agent_for) -> Controller:
    """The same game on one Controller: chance from the seed, each seat's agent on its observation with
    the seeds the remote clients use (``agent_for(seat) -> (agent, seed)``)."""
    controller = Controller(spec.ruleset, config, seed)
    while not controller.over:
        actor = controller.to_act()
        if actor == CHANCE:
            controller.resolve_chance()
            continue
        agent, agent_seed = agent_for(actor)
        rng = random.Random(decision_seed(agent_seed, len(controller.log)))
        controller.submit(agent.choose(spec.ruleset, controller.observe(actor), actor, rng), actor)
    return controller
