"""Run-time hook of the bundle: with GAMENIGHT_BUNDLE_PROBE=<file> the program reports on itself and exits.

Inert otherwise. ``build/build.py --check`` uses it to see, from inside the frozen program, where it
finds its resources and keeps its data, and that the AI worker runs in a spawned process. It writes
one JSON object to that file (a windowed program may have no standard output), and prints it too:

    {"frozen": true, "resource_root": ..., "data_dir": ..., "config_dir": ..., "catalogues": {folder: [files]},
     "games": [...], "missing_games": {...},
     "worker": {"pid": ..., "parent_pid": ..., "resource_root": ..., "actions": {game: {"action": ..., "legal": ...}}}}
"""


def _gamenight_probe() -> None:
    import os

    target = os.environ.pop("GAMENIGHT_BUNDLE_PROBE", "")  # popped: spawned workers must not probe again
    if not target:
        return
    import json
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    from game.core.i18n import catalogue_dirs
    from game.core.saves import data_dir
    from game.core.settings import config_dir
    from game.resources import resource_root

    report = {
        "frozen": bool(getattr(sys, "frozen", False)),
        "resource_root": str(resource_root()),
        "data_dir": str(data_dir()),
        "config_dir": str(config_dir()),
        "catalogues": {p.relative_to(resource_root()).as_posix(): sorted(f.name for f in p.glob("*.json"))
                       for p in catalogue_dirs()},
        "cwd": os.getcwd(),
    }
    try:
        import importlib

        from game.core.controller import Controller
        from game.core.rules import GameConfig, SeatConfig
        from game.core.seats import think
        from game.games import GAME_PACKAGES, get_spec

        specs, report["missing_games"] = [], {}
        for package in GAME_PACKAGES:
            try:
                specs.append(importlib.import_module(f"game.games.{package}").SPEC)
            except (ImportError, AttributeError) as error:  # compared with the same look from source
                report["missing_games"][package] = f"{type(error).__name__}: {error}"
        report["games"] = [spec.id for spec in specs]
        # While this hook runs, __main__ stands for this file; the game's own __main__ (main.py) has the
        # same path in the worker as in the program, so a worker never re-runs it. Do as it does.
        vars(sys.modules["__main__"]).pop("__file__", None)
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            worker = {"pid": pool.submit(os.getpid).result(timeout=120), "parent_pid": os.getpid(),
                      "resource_root": str(pool.submit(resource_root).result(timeout=60)), "actions": {}}
            for spec in specs:
                # One AI decision of each game, thought in the worker exactly as a table asks for it.
                seats = tuple(SeatConfig("ai", "", "easy") for _ in range(spec.default_players or spec.min_players))
                controller = Controller(spec.ruleset, GameConfig(seats, spec.default_options()), seed=1)
                controller.advance_chance()
                actor = controller.to_act()
                if actor is None:
                    continue
                job = pool.submit(think, get_spec, spec.id, "easy", controller.observe(actor), actor, 1)
                action = job.result(timeout=120)
                worker["actions"][spec.id] = {"action": action, "legal": action in controller.legal_actions()}
        report["worker"] = worker
    except Exception as error:  # noqa: BLE001 - the probe reports every failure
        report["error"] = f"{type(error).__name__}: {error}"
    text = json.dumps(report, default=str)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(text)
    if sys.stdout is not None:
        print(text, flush=True)
    sys.exit(0 if "error" not in report else 1)


_gamenight_probe()
