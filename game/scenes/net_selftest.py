"""The self-test's part for the screens of play across computers: a lobby hosting a table on 127.0.0.1 that
a friend's link joins, and the Join screen looking for tables on loopback (nothing leaves this computer)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

JOIN_SECONDS = 15.0


def check_network_screens(app, frames: int = 20) -> None:
    """Open the lobby of a Kahuna table (one person, one invited friend), see a friend join it by code and
    its seat fill, then open Join a table; AssertionError when any of it does not happen."""
    from game.core.controller import Controller
    from game.core.rules import GameConfig, SeatConfig
    from game.games import get_spec
    from game.net.client import RemoteTable
    from game.net.headless import RemoteLink
    from game.scenes.join import JoinScene
    from game.scenes.lobby import LobbyScene
    from game.scenes.title import TitleScene

    kept = os.environ.get("GAMENIGHT_LAN")
    os.environ["GAMENIGHT_LAN"] = "loopback"
    link = None
    try:
        spec = get_spec("kahuna")
        config = GameConfig((SeatConfig("human"), SeatConfig("remote")), spec.default_options())
        app.reset_to(TitleScene(app))
        with tempfile.TemporaryDirectory(prefix="gamenight-lobby-") as folder:
            assert LobbyScene.open_table(app, spec, Controller(spec.ruleset, config, seed=1),
                                         Path(folder) / "hosted.json"), "the lobby could not listen on 127.0.0.1"
            lobby = app.scene
            app.run(frames)
            link = RemoteLink(RemoteTable(), "127.0.0.1", lobby.hosted.port, lobby.hosted.host.code, name="Test")
            link.start()
            deadline = time.monotonic() + JOIN_SECONDS
            while not lobby.hosted.filled():
                assert time.monotonic() < deadline, f"no friend joined the lobby: {link.reason}"
                app.step(1 / 60)
                link.pump(0.005)
            assert lobby.hosted.seat_rows()[1]["connected"], "the joined seat is not shown connected"
            app.push(JoinScene(app))
            app.run(frames)
            app.reset_to(TitleScene(app))
    finally:
        if link is not None:
            link.stop()
        if kept is None:
            os.environ.pop("GAMENIGHT_LAN", None)
        else:
            os.environ["GAMENIGHT_LAN"] = kept
