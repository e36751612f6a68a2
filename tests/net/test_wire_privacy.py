"""What the wire tells a seat depends on nothing that seat may not know.

Every text the host sends to one seat's connection is recorded. At every change of the game a second
world is built that the seat cannot tell from the first (the state determinized anew from its
observation, the log's secrets replaced, the other seats' actions reduced to their type, as
``tests/scenes/privacy.py`` does for pixels), and the host's own code writes what it would send that
seat in the second world: the texts must be byte-identical. The whole log and view a rejoining seat
gets are compared the same way every few changes. Once the game is over everything is public, so the
final log and position are left out. A planted leak (one hidden card of another seat in a message)
must be caught.
"""

from __future__ import annotations

import copy
import json
import random
from concurrent.futures import Future

import pytest

from game.ai.base import RandomAgent
from game.core.controller import Controller
from game.net import host as host_module
from tests.net.helpers import GAMES, AIClient, Wire, get_spec, remote_config
from tests.scenes.privacy import knows, masked_entry, same_world

RESYNC_EVERY = 25
CAP = 800
"""Log entries checked at most per game (a random Catan game runs to thousands: set-up, trades, robbers and
development cards all come within this many)."""


class RandomWorker:
    """The host's AI seats, uniformly random at once (the watcher's privacy does not depend on their skill)."""

    def start(self, game_id, level, observation, seat, seed) -> Future:
        future: Future = Future()
        ruleset = get_spec(game_id).ruleset
        future.set_result(RandomAgent().choose(ruleset, observation, seat, random.Random(seed)))
        return future

    def shutdown(self) -> None:
        pass


def wire_world(controller: Controller, watcher: int, seed: int, masked: dict) -> Controller:
    """A game ``watcher`` cannot tell from ``controller``'s: everything it may not know dealt anew.

    ``masked`` keeps each log entry's masked copy (an entry never changes once logged), so a long game is
    not masked anew from its first entry at every change."""
    ruleset = controller.ruleset
    knowledge = ruleset.observe(controller.state, watcher)
    other = same_world(controller)
    full = ruleset.determinize(knowledge, watcher, random.Random(seed))
    other.state = full
    assert knows(ruleset, full, watcher) == knows(ruleset, controller.state, watcher), "determinize changed it"
    log = []
    for entry in controller.log:
        kept = masked.get(id(entry))
        if kept is None or kept[0] is not entry:
            kept = masked[id(entry)] = (entry, masked_entry(entry, watcher, False))
        log.append(kept[1])
    other.log = log
    return other


def twin(host, controller, connections, changes):
    """The host's fan-out bound to ``controller``, recording what it sends instead of sending it."""
    other = copy.copy(host)
    other.controller = controller
    other.connections = copy.deepcopy(connections)
    other.changes = changes
    sent: list[tuple[int, str]] = []
    other.send = lambda conn_id, text: sent.append((conn_id, text))
    return other, sent


def while_running(texts: list[str]) -> list[str]:
    """Leave out what goes once the game is over (the whole log and the final position: public then)."""
    kept = []
    for text in texts:
        message = json.loads(text)
        if message["t"] == "end" or (message["t"] == "log" and message.get("full")):
            continue
        kept.append(text)
    return kept


class PrivacyCheck:
    """Checks every change of a game at ``watcher``'s connection; ``leaks`` lists what differed."""

    def __init__(self, wire: Wire, conn_id: int, watcher: int, seed: int):
        self.wire = wire
        self.conn_id = conn_id
        self.watcher = watcher
        self.rng = random.Random(seed)
        self.leaks: list[str] = []
        self.checks = 0
        self.expected: list[str] | None = None
        self.mark = 0
        self.masked: dict = {}
        controller = wire.controller
        controller.listeners.insert(0, self.before_fan_out)
        controller.listeners.append(self.after_fan_out)

    def mine(self, sent) -> list[str]:
        return [text for conn_id, text in sent if conn_id == self.conn_id]

    def before_fan_out(self, controller, entry) -> None:
        host = self.wire.host
        self.mark = len(self.wire.sent[self.conn_id])
        world = wire_world(controller, self.watcher, self.rng.randrange(1 << 30), self.masked)
        other, sent = twin(host, world, host.connections, host.changes)
        other._on_change(world, world.log[-1] if entry is not None else None)
        self.expected = self.mine(sent)
        self.world = world

    def after_fan_out(self, controller, entry) -> None:
        real = self.wire.sent[self.conn_id][self.mark:]
        self.compare(f"entry {len(controller.log) - 1}", real, self.expected)
        if len(controller.log) % RESYNC_EVERY == 0 and not controller.over:
            self.compare_resync(controller)

    def compare_resync(self, controller) -> None:
        """The log and view a rejoining seat is sent, in both worlds."""
        host = self.wire.host
        outputs = []
        for source in (controller, self.world):
            other, sent = twin(host, source, host.connections, host.changes)
            other._resync(other.connections[self.conn_id])
            outputs.append(self.mine(sent))
        self.compare(f"a rejoin at entry {len(controller.log)}", *outputs)

    def compare(self, where: str, real: list[str], other: list[str]) -> None:
        self.checks += 1
        real, other = while_running(real), while_running(other)
        if real != other:
            first = next((pair for pair in zip(real, other, strict=False) if pair[0] != pair[1]), (real, other))
            self.leaks.append(f"{where}: {str(first[0])[:300]} / {str(first[1])[:300]}")


def watch_game(game_id: str, players: int, watcher: int, seed: int, cap: int = CAP) -> PrivacyCheck:
    spec = get_spec(game_id)
    kinds = ["ai"] * players
    kinds[watcher] = "remote"
    wire = Wire(spec, remote_config(spec, players, kinds=kinds), seed)
    wire.host.worker = RandomWorker()
    conn_id, table = wire.join()
    check = PrivacyCheck(wire, conn_id, watcher, seed)
    client = AIClient(table, RandomAgent(), seed + 1)
    for _ in range(cap * 4):
        if wire.host.over or len(wire.controller.log) >= cap:
            break
        wire.clock.time += 0.05
        moved = wire.host.pump()
        moved = client.decide() or moved
        moved = wire.flush() or moved
        assert moved, "the table stopped"
    assert check.checks > 20
    return check


SEATINGS = [(game_id, players) for game_id in GAMES
            for players in sorted({get_spec(game_id).min_players, get_spec(game_id).max_players})]


def seating_params():
    for game_id, players in SEATINGS:
        marks = () if game_id == "kahuna" else (pytest.mark.slow,)
        yield pytest.param(game_id, players, id=f"{game_id}-{players}", marks=marks)


@pytest.mark.parametrize("game_id, players", list(seating_params()))
def test_a_seat_is_sent_the_same_bytes_in_every_world_it_cannot_tell_apart(game_id, players):
    for watcher in sorted({0, players - 1}):
        check = watch_game(game_id, players, watcher, seed=17 + watcher)
        assert check.leaks == [], "\n".join(check.leaks[:5])


@pytest.mark.parametrize("game_id, players", [("kahuna", 2), ("catan", 3)])
def test_a_planted_leak_of_one_hidden_card_is_caught(monkeypatch, game_id, players):
    """One card of the next seat's hand slipped into what the watcher is sent must fail the check (at
    Catan for three: with two, the bank's counts give the other hand away, so nothing there is hidden)."""
    honest = host_module.TableHost._update

    def leaky(self, connection):
        update = honest(self, connection)
        full = self.ruleset.to_json(self.controller.state)
        other = (connection.screen + 1) % self.controller.config.players
        hand = full["hands"][other]
        if hand:
            held = hand if isinstance(hand, list) else [kind for kind, count in sorted(hand.items()) if count]
            update["observation"]["peek"] = held[:1]
        return update

    monkeypatch.setattr(host_module.TableHost, "_update", leaky)
    check = watch_game(game_id, players, 0, seed=17, cap=200)
    assert check.leaks, "a hidden card went out and the check did not see it"


def test_an_honest_short_game_passes_the_same_check():
    """The planted leak's game without the leak: the check fails only for the leak."""
    assert watch_game("kahuna", 2, 0, seed=17, cap=200).leaks == []
