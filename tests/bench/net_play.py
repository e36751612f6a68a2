"""Network play on 127.0.0.1: how long an action takes to go to the host and back, and how many tables one host
process serves at once. Prints one JSON object.

    python tests/bench/net_play.py [--game catan] [--tables 5,10,25,50,75] [--seconds 6] [--no-saves]

- ``round_trip``: a real headless host (``main.py --host``, a process of its own) and four clients, each a
  process of its own played by the easy AI; the time from a client sending its action to the host's answer with
  that action (p50, p95 ms), beside the engine's own time for the same actions (applying one, and the four
  views and prompt the host builds after it, replayed from the host's save), and one save's time: written
  before the answer goes out, without waiting for the disk (``save_ms_p50``), and synced as well
  (``save_synced_ms_p50``, which the host leaves to a thread of its own).
- ``capacity``: one host process serving N two-seat tables at once (``--serve``, below), two AI clients per
  table, shared among a few client processes, each answering its prompt after ``--pace`` seconds (a quick
  player; 0 for as fast as it can); N grows until the clients' round-trip p95 passes 100 ms. Each
  table saves after every turn of its loop that changed it, before its answers go out, as the headless host
  does (``--no-saves``: none).

CPU (``process_time``) is timed beside wall time, for the clients' processes and the host's; the machine's load
average is reported too, since on a busy machine the round trip is mostly waiting for a processor.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.ai import set_time_caps  # noqa: E402
from game.net.client import RemoteTable  # noqa: E402
from game.net.headless import AIPlayer, RemoteLink  # noqa: E402

LOOPBACK = "127.0.0.1"
P95_LIMIT_MS = 100.0


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def figures(milliseconds: list[float]) -> dict:
    return {"count": len(milliseconds), "p50_ms": round(percentile(milliseconds, 0.5), 2),
            "p95_ms": round(percentile(milliseconds, 0.95), 2), "max_ms": round(max(milliseconds, default=0), 2)}


class Player:
    """A client of one seat, played by an AI, timing each action from sending it to the host's answer."""

    def __init__(self, port: int, code: str, seat: int, seed: int, pace: float = 0.0, wake=None, level: str = "easy"):
        self.table = RemoteTable()
        self.link = RemoteLink(self.table, LOOPBACK, port, code, seat, notify=wake.set if wake else None)
        self.ai = AIPlayer(self.table, level, seed)
        self.pace_ms = pace * 1000.0
        """How long the player looks at a prompt before it answers (a person takes seconds; 0: at once)."""
        self.prompted: tuple[int, float] | None = None
        self.due: float | None = None
        """When (ms) a paced answer is due."""
        self.sent: tuple[float, int] | None = None
        self.trips: list[float] = []

    def start(self) -> None:
        self.link.start()

    def turn(self, now_ms) -> bool:
        moved = self.link.pump()
        if self.sent is not None and len(self.table.log) > self.sent[1]:
            self.trips.append(now_ms() - self.sent[0])
            self.sent = None
        if self.link.status == "joined" and self.sent is None and self.table.legal_actions():
            at = len(self.table.log)
            if self.prompted is None or self.prompted[0] != at:
                self.prompted = (at, now_ms())
            if now_ms() - self.prompted[1] < self.pace_ms:
                self.due = self.prompted[1] + self.pace_ms
                return moved
            if self.ai.step():
                self.sent = (now_ms(), at)
                self.link.pump()
                moved = True
        return moved

    def stop(self) -> None:
        self.link.stop()


def now_ms() -> float:
    return time.perf_counter() * 1000.0


def drive(players: list[Player], until, wake: threading.Event) -> None:
    """Let the players play until ``until()``, sleeping until the network brings something or an answer is due."""
    while not until():
        wake.clear()
        for player in players:
            player.due = None
            player.turn(now_ms)
        due = [player.due for player in players if player.due is not None]
        wake.wait(max(0.0, min(due) - now_ms()) / 1000.0 if due else 0.05)


def play_seats(seats: list[list], seed: int, seconds: float, warmup: float, pace: float) -> int:
    """A client process of the bench: plays ``seats`` ([port, code, seat] each) with the easy AI until their
    games end (``seconds`` 0) or for ``warmup`` + ``seconds``; prints the round trips after the warm-up and its
    CPU time as JSON."""
    wake = threading.Event()
    players = [Player(port, code, seat, seed, pace, wake) for port, code, seat in seats]
    for player in players:
        player.start()
    if seconds:
        warm = time.monotonic() + warmup
        drive(players, lambda: time.monotonic() > warm, wake)
        for player in players:
            player.trips.clear()
        cpu, end = time.process_time(), time.monotonic() + seconds
        drive(players, lambda: time.monotonic() > end, wake)
    else:
        cpu = time.process_time()
        drive(players, lambda: all(player.link.done for player in players), wake)
    trips = [round(trip, 3) for player in players for trip in player.trips]
    cpu = time.process_time() - cpu
    for player in players:
        player.stop()
    print(json.dumps({"trips": trips, "cpu_s": round(cpu, 2)}), flush=True)
    return 0


def client_processes(groups: list[list], seed: int, seconds: float = 0.0, warmup: float = 0.0,
                     pace: float = 0.0) -> list:
    command = [sys.executable, __file__, "--seed", str(seed), "--seconds", str(seconds), "--warmup", str(warmup),
               "--pace", str(pace), "--players"]
    return [subprocess.Popen([*command, json.dumps(group)], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")) for group in groups]


def collect(clients: list, timeout: float) -> tuple[list[float], float]:
    trips, cpu = [], 0.0
    for client in clients:
        out, _ = client.communicate(timeout=timeout)
        report = json.loads(out.strip().splitlines()[-1])
        trips += report["trips"]
        cpu += report["cpu_s"]
    return trips, cpu


def child_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# -- the round trip with four clients ------------------------------------------------------------------

def read_lines(process, wanted: set[str], timeout: float = 60) -> dict:
    found = {}
    deadline = time.monotonic() + timeout
    while wanted - found.keys():
        line = process.stdout.readline()
        if not line or time.monotonic() > deadline:
            raise RuntimeError(f"the host said {found} and then stopped: {process.stderr.read()[-2000:]}")
        key, _, value = line.strip().partition(": ")
        if key in wanted and key not in found:
            found[key] = value
    return found


def engine_times(save_path: Path, seats: int) -> tuple[list[float], list[float], list[float]]:
    """Per remote action of the saved game, the host's own work in ms: apply it and the chance after it, and
    build the views and the prompt it sends; and the times of writing the save, without and with its sync."""
    from game.core.controller import Controller
    from game.core.rules import CHANCE
    from game.core.saves import load_save, write_save
    from game.core.storage import wait_for_syncs
    from game.games import registry
    from game.net import protocol
    from game.net.host import wire_entry

    spec, saved = load_save(save_path, registry())
    controller = Controller(spec.ruleset, saved.config, saved.seed)
    actions = saved.actions()
    times = []
    index = 0
    while index < len(actions):
        started = now_ms()
        controller.submit(actions[index])
        index += 1
        while index < len(actions) and controller.to_act() == CHANCE:
            controller.submit(actions[index])
            index += 1
        for seat in range(seats):
            protocol.encode({"t": "events", "entry": wire_entry(controller.log[-1], seat),
                             "observation": spec.ruleset.to_json(controller.observe(seat))})
        if not controller.over:
            protocol.encode({"t": "prompt", "legal": controller.legal_actions()})
        times.append(now_ms() - started)
        while index < len(actions) and controller.to_act() == CHANCE:
            controller.submit(actions[index])
            index += 1
    saves: dict[bool, list[float]] = {False: [], True: []}
    with tempfile.TemporaryDirectory() as folder:
        for durable in (False, True) * 10:
            started = now_ms()
            write_save(Path(folder) / "save.json", controller, spec.id, durable=durable)
            saves[durable].append(now_ms() - started)
        wait_for_syncs()
    return times, saves[False], saves[True]


def round_trip(game: str, seed: int) -> dict:
    from game.games import get_spec

    seats = 4 if get_spec(game).max_players >= 4 else get_spec(game).max_players
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, GAMENIGHT_DATA_DIR=str(Path(folder) / "data"), GAMENIGHT_LOG_DIR=str(Path(folder)),
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        command = [sys.executable, "main.py", "--host", "--game", game, "--seats", ",".join(["remote"] * seats),
                   "--port", "0", "--seed", str(seed), "--repeatable"]
        wall = time.perf_counter()
        host = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            said = read_lines(host, {"code", "port", "save"})
            cpu_before = child_cpu()
            clients = client_processes([[[int(said["port"]), said["code"], seat]] for seat in range(seats)], seed)
            trips, clients_cpu = collect(clients, 600)
            host.wait(60)
            host_cpu = child_cpu() - cpu_before - clients_cpu
        finally:
            if host.poll() is None:
                host.kill()
                host.wait()
        wall = time.perf_counter() - wall
        engine, saves, synced = engine_times(Path(said["save"]), seats)
        return {"game": game, "clients": seats, "actions": len(trips), "round_trip": figures(trips),
                "engine": figures(engine), "save_ms_p50": round(statistics.median(saves), 2),
                "save_synced_ms_p50": round(statistics.median(synced), 2),
                "wall_s": round(wall, 2), "clients_cpu_s": round(clients_cpu, 2), "host_cpu_s": round(host_cpu, 2)}


# -- many tables in one host process -------------------------------------------------------------------

def serve(tables: int, game: str, seed: int, saves: bool) -> int:
    """The host side of ``capacity``: ``tables`` tables of two remote seats in this process, each with its own
    server on 127.0.0.1, one loop for all; a JSON line of their ports and codes, then serving until stdin ends;
    last, a JSON line of this process's CPU time."""
    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.games import get_spec
    from game.net.headless import TableSave
    from game.net.host import TableHost
    from game.net.transport import HostServer, Limits

    spec = get_spec(game)
    limits = Limits(max_connections=4096, max_per_address=4096)
    folder = tempfile.mkdtemp(prefix="gamenight-bench-")
    served = []
    wake = threading.Event()
    for index in range(tables):
        config = GameConfig((SeatConfig("remote"), SeatConfig("remote")), spec.default_options())
        host = TableHost(spec, Controller(spec.ruleset, config, seed + index))
        server = HostServer(lambda host=host: host, LOOPBACK, 0, limits, notify=wake.set)
        port = server.start()[1]
        saver = TableSave(Path(folder) / f"table-{index}.json", spec.id, host) if saves else None
        served.append((server, saver, host, port))
    print(json.dumps([[port, host.code] for _, _, host, port in served]), flush=True)
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    started = time.process_time()
    while not stop.is_set():
        wake.wait(0.05)
        wake.clear()
        for server, saver, _, _ in served:
            with server.holding():
                moved = server.poll()
                if saver is not None and (moved or saver.dirty):
                    saver.take()
    cpu = time.process_time() - started
    for server, saver, host, _ in served:
        if saver is not None:
            saver.close()
        server.stop(0)
        host.shutdown()
    print(json.dumps({"cpu_s": round(cpu, 2)}), flush=True)
    return 0


def capacity_step(tables: int, game: str, seed: int, seconds: float, saves: bool, processes: int,
                  pace: float) -> dict:
    command = [sys.executable, __file__, "--serve", str(tables), "--capacity-game", game, "--seed", str(seed)]
    if not saves:
        command.append("--no-saves")
    host = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    try:
        served = json.loads(host.stdout.readline())
        seats = [[port, code, seat] for port, code in served for seat in (0, 1)]
        groups = [seats[index::processes] for index in range(min(processes, len(seats)))]
        clients = client_processes(groups, seed, seconds, warmup=3.0, pace=pace)
        trips, clients_cpu = collect(clients, seconds + 120)
    finally:
        host.stdin.close()
        try:
            host_cpu = json.loads(host.stdout.readline() or "{}").get("cpu_s")
            host.wait(30)
        except (ValueError, subprocess.TimeoutExpired):
            host.kill()
            host_cpu = None
    return {"tables": tables, **figures(trips), "actions_per_s": round(len(trips) / seconds, 1),
            "clients_cpu_s": round(clients_cpu, 2), "host_cpu_s": host_cpu, "seconds": seconds}


def capacity(steps: list[int], game: str, seed: int, seconds: float, saves: bool, processes: int,
             pace: float) -> dict:
    rows = []
    for tables in steps:
        row = capacity_step(tables, game, seed, seconds, saves, processes, pace)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
        if not row["p95_ms"] <= P95_LIMIT_MS:
            break
    within = [row["tables"] for row in rows if row["p95_ms"] <= P95_LIMIT_MS]
    return {"game": game, "saves": saves, "client_processes": processes, "pace_s": pace, "steps": rows,
            "tables_within_p95_100ms": max(within, default=0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="catan", help="game of the round-trip table (four clients if it seats four)")
    parser.add_argument("--capacity-game", default="kahuna", help="game of the capacity tables (two seats each)")
    parser.add_argument("--tables", default="5,10,25,50,75", help="table counts the capacity tries, in order")
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds per capacity step")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-saves", action="store_true", help="capacity tables do not save")
    parser.add_argument("--skip-round-trip", action="store_true")
    parser.add_argument("--client-processes", type=int, default=3, help="processes the capacity's clients run in")
    parser.add_argument("--pace", type=float, default=0.25,
                        help="seconds a capacity client looks at its prompt before it answers (0: at once)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--players", help=argparse.SUPPRESS)
    parser.add_argument("--warmup", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    set_time_caps(False)
    if args.players:
        return play_seats(json.loads(args.players), args.seed, args.seconds, args.warmup, args.pace)
    if args.serve:
        return serve(args.serve, args.capacity_game, args.seed, not args.no_saves)
    report = {"load_average_before": [round(load, 2) for load in os.getloadavg()], "cpus": os.cpu_count()}
    if not args.skip_round_trip:
        report["round_trip"] = round_trip(args.game, args.seed)
        print(json.dumps(report["round_trip"]), file=sys.stderr, flush=True)
    steps = [int(step) for step in args.tables.split(",") if step.strip()]
    report["capacity"] = capacity(steps, args.capacity_game, args.seed, args.seconds, not args.no_saves,
                                  args.client_processes, args.pace)
    report["load_average_after"] = [round(load, 2) for load in os.getloadavg()]
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
