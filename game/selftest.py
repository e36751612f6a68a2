"""``--selftest``: open every scene and every game's table offscreen, save and reload a game, and host and
join a table on 127.0.0.1 (nothing goes beyond this computer).

Runs with the dummy video and audio drivers in a temporary data and config directory, so it
touches nothing of the user's. Prints one summary line; returns 0 only when everything worked.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path


def selftest(frames: int = 20) -> int:
    started = time.perf_counter()
    failures: list[str] = []
    checked: list[str] = []
    with tempfile.TemporaryDirectory(prefix="gamenight-selftest-") as temp:
        os.environ["GAMENIGHT_DATA_DIR"] = str(Path(temp) / "data")
        os.environ["GAMENIGHT_CONFIG_DIR"] = str(Path(temp) / "config")
        import pygame

        from game.app import App
        from game.core.controller import Controller
        from game.core.rules import GameConfig, SeatConfig
        from game.core.saves import list_saves, load_save, new_save_path, write_save
        from game.core.settings import Settings
        from game.games import registry, tables
        from game.scenes.game_over import GameOverScene
        from game.scenes.handoff import HandoffScene
        from game.scenes.load import LoadScene
        from game.scenes.new_game import NewGameScene
        from game.scenes.pause import PauseScene
        from game.scenes.play import PlayScene
        from game.scenes.replay import ReplayScene
        from game.scenes.rules_help import RulesScene
        from game.scenes.settings import SettingsScene
        from game.scenes.title import TitleScene

        app = App(Settings(language="en"))

        def check(name: str, make) -> None:
            try:
                app.push(make())
                app.run(frames)
                checked.append(name)
            except Exception:  # noqa: BLE001 - every failure is reported, none stops the test
                failures.append(f"{name}: {traceback.format_exc(limit=3)}")

        check("title", lambda: TitleScene(app))
        check("new game", lambda: NewGameScene(app))
        check("settings", lambda: SettingsScene(app))
        check("rules", lambda: RulesScene(app))
        for spec in tables().values():
            seats = tuple(SeatConfig("ai", "", "easy") for _ in range(spec.default_players or spec.min_players))
            config = GameConfig(seats, spec.default_options())
            path = new_save_path(spec.id)

            def open_table(spec=spec, config=config, path=path):
                controller = Controller(spec.ruleset, config, seed=1)
                return PlayScene(app, spec, controller, path, worker_mode="thread")

            check(f"table {spec.id}", open_table)
            play = app.scene if isinstance(app.scene, PlayScene) else None
            if play is not None:
                check(f"pause {spec.id}", lambda play=play: PauseScene(app, play))
                check(f"hand-off {spec.id}", lambda play=play: HandoffScene(app, play, 0))
                check(f"replay {spec.id}", lambda play=play: ReplayScene(app, play.spec, play.controller))
                check(f"game over {spec.id}", lambda play=play: GameOverScene(app, play))
                try:
                    write_save(path, play.controller, spec.id)
                    loaded_spec, loaded = load_save(path, registry())
                    assert loaded_spec.id == spec.id
                    assert spec.ruleset.to_json(loaded.state) == spec.ruleset.to_json(play.controller.state)
                    checked.append(f"save {spec.id}")
                except Exception:  # noqa: BLE001
                    failures.append(f"save {spec.id}: {traceback.format_exc(limit=3)}")
            app.reset_to(TitleScene(app))
        damaged = Path(os.environ["GAMENIGHT_DATA_DIR"]) / "saves" / "damaged.json"
        damaged.parent.mkdir(parents=True, exist_ok=True)
        damaged.write_text('{"format": "gamenight-save", "version": 1, "game": "kah', encoding="utf-8")
        infos = list_saves()
        if not any(i.path == damaged and i.damaged for i in infos) or damaged.read_text(encoding="utf-8")[-3:] != "kah":
            failures.append("load: a damaged save was not reported as damaged, or was changed")
        check("load", lambda: LoadScene(app))
        try:
            from game.scenes.net_selftest import check_network_screens

            check_network_screens(app, frames)
            checked.append("lobby and join")
        except Exception:  # noqa: BLE001
            failures.append(f"lobby and join: {traceback.format_exc(limit=4)}")
        pygame.quit()
        try:
            network_round_trip()
            checked.append("network table")
        except Exception:  # noqa: BLE001
            failures.append(f"network table: {traceback.format_exc(limit=4)}")
    seconds = time.perf_counter() - started
    status = "ok" if not failures else "FAILED"
    print(f"selftest {status}: {len(checked)} checks passed, {len(failures)} failed in {seconds:.1f} s "
          f"({', '.join(checked)})")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 0 if not failures else 1


def network_round_trip(seconds: float = 20.0) -> None:
    """Host a Kahuna table on 127.0.0.1, join both its seats as two clients, and see one action go from the
    client whose turn it is to the host and back to both; AssertionError when anything does not arrive."""
    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.games import get_spec
    from game.net.client import RemoteTable
    from game.net.headless import LOOPBACK, RemoteLink
    from game.net.host import TableHost
    from game.net.transport import HostServer

    spec = get_spec("kahuna")
    controller = Controller(spec.ruleset, GameConfig((SeatConfig("remote"), SeatConfig("remote")),
                                                     spec.default_options()), seed=1)
    host = TableHost(spec, controller)
    server = HostServer(lambda: host, LOOPBACK, 0)
    _, port = server.start()
    links = [RemoteLink(RemoteTable(), LOOPBACK, port, host.code, seat) for seat in (0, 1)]
    deadline = time.monotonic() + seconds

    def run_until(condition, what: str) -> None:
        while not condition():
            assert time.monotonic() < deadline, f"{what} did not happen in {seconds:g} s"
            server.poll(0.005)
            for link in links:
                link.pump(0.005)
                assert link.status not in ("refused", "gone"), f"{what}: {link.reason}"

    try:
        for link in links:
            link.start()
        run_until(lambda: all(link.status == "joined" for link in links), "joining")
        run_until(lambda: any(link.table.legal_actions() for link in links), "the first prompt")
        actor = next(link.table for link in links if link.table.legal_actions())
        length = len(controller.log)
        actor.submit(actor.legal_actions()[0])
        run_until(lambda: len(controller.log) > length and all(len(link.table.log) == len(controller.log)
                                                                for link in links), "the first action")
        assert controller.log[length].action == actor.log[length].action
    finally:
        for link in links:
            link.stop()
        server.stop()
        host.shutdown()
