"""The command line: start the game, start straight into a table, autoplay, or self-test.

    gamenight                                   the title screen
    gamenight --game kahuna --seats human:Hanako,ai:hard --seed 7 --option early_end=off
    gamenight --load PATH                       a save file, or (with --game) a position in that game's notation
    gamenight --autoplay --game kahuna --seats ai:hard,ai:easy --games 10
    gamenight --selftest                        every scene and table offscreen, save and reload
"""

from __future__ import annotations

import argparse
import json
import os
import sys


class CommandLineError(Exception):
    """An argument, or a file named by one, that cannot be used: told in one line, exit status 2."""


def parse_seats(spec: str):
    """``human[:Name]`` or ``ai:easy|normal|hard``, comma-separated; ValueError says what is wrong."""
    from game.core.rules import SeatConfig
    from game.core.seats import name_problem

    seats = []
    for part in [p.strip() for p in spec.split(",") if p.strip()]:
        kind, _, rest = part.partition(":")
        if kind == "human":
            problem = name_problem(rest)
            if problem:
                raise ValueError(f"seat name {rest[:30]!r}: {problem}")
            seats.append(SeatConfig("human", rest))
        elif kind == "ai":
            level = rest or "normal"
            if level not in ("easy", "normal", "hard"):
                raise ValueError(f"unknown AI level {level[:30]!r} in {part[:40]!r} (easy, normal or hard)")
            seats.append(SeatConfig("ai", "", level))
        else:
            raise ValueError(f"a seat is human[:Name] or ai:easy|normal|hard, not {part[:40]!r}")
    if not seats:
        raise ValueError("--seats names no seat (human[:Name] or ai:easy|normal|hard, comma-separated)")
    return tuple(seats)


def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"an option is key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gamenight", description="Game Night: a board-game table.")
    parser.add_argument("--game", help="game id (kahuna, catan, ...)")
    parser.add_argument("--seats", help="comma-separated seats: human[:Name] or ai:easy|normal|hard")
    parser.add_argument("--seed", type=int, help="seed of the game's chance (default: random)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option")
    parser.add_argument("--load", metavar="PATH", help="a save file, or a position file with --game")
    parser.add_argument("--autoplay", action="store_true", help="play AI-only games headless, one JSON line each")
    parser.add_argument("--games", type=int, default=1, help="how many games --autoplay plays")
    parser.add_argument("--headless", action="store_true", help="no window (dummy video and audio drivers)")
    parser.add_argument("--frames", type=int, help="run the window for this many frames, then exit")
    parser.add_argument("--selftest", action="store_true", help="open every scene offscreen, save and reload")
    parser.add_argument("--lang", choices=("ja", "en"), help="language of this run")
    return parser


def find_game(game_id: str):
    from game.games import get_spec

    try:
        return get_spec(game_id)
    except KeyError as error:
        raise ValueError(error.args[0]) from error


def game_config(spec, seats_text: str | None, options: dict):
    from game.core.rules import GameConfig, SeatConfig

    if seats_text is not None:
        seats = parse_seats(seats_text)
    else:
        count = spec.default_players or spec.min_players
        seats = (SeatConfig("human"),) + tuple(SeatConfig("ai", "", "normal") for _ in range(count - 1))
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(f"{spec.id} takes {spec.min_players} to {spec.max_players} seats, not {len(seats)}")
    return GameConfig(seats, spec.validate_options(options))


def check_arguments(args) -> None:
    """Arguments given but empty are refused rather than silently ignored."""
    for name in ("game", "load", "seats"):
        value = getattr(args, name)
        if value is not None and not value.strip():
            raise CommandLineError(f"--{name} is empty")


def autoplay(args) -> int:
    import random

    from game.ai.arena import play_match

    try:
        spec = find_game(args.game or "kahuna")
        seats = args.seats or ",".join(["ai:normal"] * (spec.default_players or spec.min_players))
        config = game_config(spec, seats, parse_options(args.option))
        if any(seat.is_human for seat in config.seats):
            raise ValueError("--autoplay needs AI seats only")
    except ValueError as error:
        raise CommandLineError(error) from error
    base = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    for index in range(max(1, args.games)):
        seed = base + index
        agents = {i: spec.make_agent(seat.level) for i, seat in enumerate(config.seats)}
        record = play_match(spec.ruleset, config, seed, agents)
        line = {
            "game": spec.id,
            "seed": seed,
            "seats": [f"ai:{s.level}" for s in config.seats],
            "winner": record["winners"][0] if len(record["winners"]) == 1 else None,
            "scores": record["scores"],
            "actions": record["actions"],
            "seconds": record["seconds"],
        }
        print(json.dumps(line), flush=True)
    return 0


def start_controller(args):
    """(spec, controller, save path) for --game / --load, or None for the title screen.

    Everything wrong with the arguments or the file they name is a CommandLineError.
    """
    try:
        return controller_from_arguments(args)
    except ValueError as error:
        raise CommandLineError(error) from error


def controller_from_arguments(args):
    import random

    from game.core.controller import Controller
    from game.core.i18n import tr
    from game.core.saves import FORMAT, SaveError, check_record, game_from_record, new_save_path, read_json
    from game.games import registry

    if args.load is not None:
        path = os_path(args.load)
        try:
            data = read_json(path)
            if isinstance(data, dict) and data.get("format") == FORMAT:
                spec, controller = game_from_record(check_record(data), registry())
                return spec, controller, path
        except SaveError as error:
            raise ValueError(f"{path}: {tr(error.key, **error.fields)}") from error
        if not args.game:
            raise ValueError(f"{path}: not a Game Night save; a position file needs --game to say which game's "
                             "notation it is")
        spec = find_game(args.game)
        config = game_config(spec, args.seats, parse_options(args.option))
        position = data.get("position", data) if isinstance(data, dict) else data
        try:
            spec.ruleset.from_json(position)
        except Exception as error:  # noqa: BLE001 - any flaw of a hand-written position is the file's, not ours
            raise ValueError(f"{path}: not a {spec.id} position ({str(error)[:200]})") from error
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        return spec, Controller(spec.ruleset, config, seed, start=position), new_save_path(spec.id)
    if args.game is not None:
        spec = find_game(args.game)
        config = game_config(spec, args.seats, parse_options(args.option))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        return spec, Controller(spec.ruleset, config, seed), new_save_path(spec.id)
    return None


def os_path(text: str):
    from pathlib import Path

    return Path(text).expanduser().absolute()


def run_app(args) -> int:
    from game.app import App
    from game.core import i18n
    from game.core.settings import keep_window, read_settings
    from game.scenes.title import TitleScene

    settings = read_settings().settings
    if args.lang:
        settings.language = args.lang
    i18n.set_language(settings.language)  # a refused --load is explained in the player's language
    started = start_controller(args)
    if started and not started[0].has_table:
        raise CommandLineError(f"{started[0].id} has no table yet: play it headless with --autoplay")
    app = App(settings)
    app.push(TitleScene(app))
    if started:
        from game.scenes.play import PlayScene  # only for a table opened from the command line: the title needs none

        spec, controller, path = started
        app.push(PlayScene(app, spec, controller, path))
    app.run(args.frames)
    try:
        keep_window(app.settings)
    except OSError as error:
        from game.core.logs import log

        log.warning("the window size could not be kept: %s", error)
    import pygame

    pygame.quit()
    return 0


def use_dummy_drivers() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


def report_crash(log_path) -> int:
    """An unexpected error: its traceback to the log, and the player told where to find it."""
    import traceback

    from game.core.i18n import tr
    from game.core.logs import log

    if log_path is None:
        traceback.print_exc()
        message = tr("app.crashed.no_log")
    else:
        log.critical("the game stopped on an unexpected error", exc_info=True)
        message = tr("app.crashed", path=str(log_path))
    print(f"gamenight: {message}", file=sys.stderr)
    show_message_box(tr("app.title"), message)
    return 1


def show_message_box(title: str, message: str) -> None:
    """A native message box where there is a real display (a windowed build has no console)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        import pygame

        pygame.display.message_box(title, message, "error")
    except Exception:  # noqa: BLE001 - the message went to stderr and the log already
        pass


def run(argv: list[str]) -> int:
    """The program: exit status 0, 2 for an argument or file that cannot be used (one line on
    stderr), 1 for anything unexpected (its traceback in the log, whose place the player is told)."""
    import multiprocessing

    from game.core.logs import start_logging

    multiprocessing.freeze_support()
    parser = build_parser()
    args = parser.parse_args(argv)
    log_path = None
    try:
        check_arguments(args)
        if args.selftest:
            use_dummy_drivers()
            from game.selftest import selftest

            return selftest()
        log_path = start_logging()
        if args.autoplay:
            return autoplay(args)
        if args.headless:
            use_dummy_drivers()
        return run_app(args)
    except CommandLineError as error:
        print(f"gamenight: {error}", file=sys.stderr)
        return 2
    except Exception:  # noqa: BLE001 - logged with its traceback, and the player told where
        return report_crash(log_path)
