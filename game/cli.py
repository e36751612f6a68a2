"""The command line: start the game, start straight into a table, autoplay, or self-test.

    gamenight                                   the title screen
    gamenight --game kahuna --seats human:Hanako,ai:hard --seed 7 --option early_end=off
    gamenight --load PATH                       a save file, or (with --game) a position in that game's notation
    gamenight --autoplay --game kahuna --seats ai:hard,ai:easy --games 10
    gamenight --selftest                        every scene and table offscreen, save and reload
    gamenight --host --game catan --seats remote,remote,ai:hard [--port P] [--bind ADDR]
                                                serve a table to other computers, without a window
    gamenight --host --load SAVE                resume a hosted table (same code, same seat tokens)
    gamenight --join HOST[:PORT] --code CODE [--seat N] [--name NAME] [--ai LEVEL]
                                                join a hosted table (with --ai: an AI plays, no window)
"""

from __future__ import annotations

import argparse
import json
import os
import sys


class CommandLineError(Exception):
    """An argument, or a file named by one, that cannot be used: told in one line, exit status 2."""


SEAT_FORMS = "human[:Name], ai:easy|normal|hard or remote[:Name]"


def parse_seats(spec: str):
    """``human[:Name]``, ``ai:easy|normal|hard`` or ``remote[:Name]`` (a person at another computer),
    comma-separated; ValueError says what is wrong."""
    from game.core.names import name_problem
    from game.core.rules import SeatConfig

    seats = []
    for part in [p.strip() for p in spec.split(",") if p.strip()]:
        kind, _, rest = part.partition(":")
        if kind in ("human", "remote"):
            problem = name_problem(rest)
            if problem:
                raise ValueError(f"seat name {rest[:30]!r}: {problem}")
            seats.append(SeatConfig(kind, rest))
        elif kind == "ai":
            level = rest or "normal"
            if level not in ("easy", "normal", "hard"):
                raise ValueError(f"unknown AI level {level[:30]!r} in {part[:40]!r} (easy, normal or hard)")
            seats.append(SeatConfig("ai", "", level))
        else:
            raise ValueError(f"a seat is {SEAT_FORMS}, not {part[:40]!r}")
    if not seats:
        raise ValueError(f"--seats names no seat ({SEAT_FORMS}, comma-separated)")
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
    net = parser.add_argument_group("play across computers")
    net.add_argument("--host", action="store_true", help="serve a table to other computers, without a window")
    net.add_argument("--port", type=int, help="TCP port the host listens on (default 29170; 0: any free port)")
    net.add_argument("--bind", metavar="ADDR",
                     help="address the host listens on (default 127.0.0.1, this computer only; 0.0.0.0: everyone)")
    net.add_argument("--away", type=float, metavar="SECONDS",
                     help="with --host: an AI plays a remote seat whose turn waits this long, until its player "
                          "joins again (default: the table waits)")
    net.add_argument("--join", metavar="HOST[:PORT]", help="join the table hosted there")
    net.add_argument("--code", help="the table's code, as its host shows it")
    net.add_argument("--seat", type=int, metavar="N", help="the seat to take (1 is the first)")
    net.add_argument("--name", help="the name to play under")
    net.add_argument("--ai", choices=("easy", "normal", "hard"),
                     help="with --join: an AI plays the seat, without a window (--seed seeds its decisions)")
    net.add_argument("--repeatable", action="store_true",
                     help="AIs think by iterations alone, never against the clock: a seed plays the same game "
                          "on any machine")
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
    """Arguments given but empty are refused rather than silently ignored, and so are arguments that
    belong to another way of running."""
    for name in ("game", "load", "seats", "join", "code", "bind"):
        value = getattr(args, name)
        if value is not None and not value.strip():
            raise CommandLineError(f"--{name} is empty")
    if args.host and args.join:
        raise CommandLineError("--host and --join cannot go together: a program hosts a table or joins one")
    for name in ("port", "bind", "away"):
        if getattr(args, name) is not None and not args.host:
            raise CommandLineError(f"--{name} goes with --host")
    for name in ("code", "seat", "name", "ai"):
        if getattr(args, name) is not None and not args.join:
            raise CommandLineError(f"--{name} goes with --join")


def autoplay(args) -> int:
    import random

    from game.ai.arena import play_match

    try:
        spec = find_game(args.game or "kahuna")
        seats = args.seats or ",".join(["ai:normal"] * (spec.default_players or spec.min_players))
        config = game_config(spec, seats, parse_options(args.option))
        if any(seat.kind != "ai" for seat in config.seats):
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
    if args.load is None and args.game is None:
        return None
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
                check_local_seats(controller.config)
                return spec, controller, path
        except SaveError as error:
            raise ValueError(f"{path}: {tr(error.key, **error.fields)}") from error
        if not args.game:
            raise ValueError(f"{path}: not a Game Night save; a position file needs --game to say which game's "
                             "notation it is")
        spec = find_game(args.game)
        config = game_config(spec, args.seats, parse_options(args.option))
        check_local_seats(config)
        position = data.get("position", data) if isinstance(data, dict) else data
        try:
            spec.ruleset.from_json(position)
        except Exception as error:  # noqa: BLE001 - any flaw of a hand-written position is the file's, not ours
            raise ValueError(f"{path}: not a {spec.id} position ({str(error)[:200]})") from error
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        return spec, Controller(spec.ruleset, config, seed, start=position), new_save_path(spec.id)
    spec = find_game(args.game)
    config = game_config(spec, args.seats, parse_options(args.option))
    check_local_seats(config)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    return spec, Controller(spec.ruleset, config, seed), new_save_path(spec.id)


def check_local_seats(config) -> None:
    """A table of one screen has no one elsewhere to wait for."""
    if any(seat.is_remote for seat in config.seats):
        raise ValueError("remote seats are for a hosted table: start it (or resume its save) with --host")


def os_path(text: str):
    from pathlib import Path

    return Path(text).expanduser().absolute()


# -- play across computers ---------------------------------------------------------------------------

def hosted_table(args):
    """(spec, controller, save path, net record or None) of the table ``--host`` serves: a new one from
    --game/--seats, or a saved one resumed with its code and tokens (--load)."""
    import random

    from game.core.controller import Controller
    from game.core.i18n import tr
    from game.core.rules import GameConfig, SeatConfig
    from game.core.saves import SaveError, check_record, game_from_record, net_record, new_save_path, read_json
    from game.games import registry
    from game.net.headless import check_net_record

    if args.load is not None:
        if args.game or args.seats or args.option or args.seed is not None:
            raise ValueError("--host --load resumes a saved table as it was: --game, --seats, --option and --seed "
                             "cannot change it")
        path = os_path(args.load)
        try:
            data = check_record(read_json(path))
            spec, controller = game_from_record(data, registry())
        except SaveError as error:
            raise ValueError(f"{path}: {tr(error.key, **error.fields)}") from error
        if controller.over:
            raise ValueError(f"{path}: its game is over")
        net = net_record(data)
        if net is not None:
            try:
                net = check_net_record(net, controller.config)
            except ValueError as error:
                raise ValueError(f"{path}: {error}") from error
    else:
        if not args.game:
            raise ValueError("--host needs --game (and --seats), or --load SAVE to resume a hosted table")
        spec = find_game(args.game)
        if args.seats is None:
            count = spec.default_players or spec.min_players
            config = GameConfig(tuple(SeatConfig("remote") for _ in range(count)),
                                spec.validate_options(parse_options(args.option)))
        else:
            config = game_config(spec, args.seats, parse_options(args.option))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        controller, path, net = Controller(spec.ruleset, config, seed), new_save_path(spec.id), None
    if any(seat.is_human for seat in controller.config.seats):
        raise ValueError("a hosted table has no one at its own screen: its seats are remote[:Name] or ai:LEVEL")
    if not any(seat.is_remote for seat in controller.config.seats):
        raise ValueError("a hosted table needs a remote seat (for AI seats alone, use --autoplay)")
    return spec, controller, path, net


def listen_address(args, net: dict | None) -> tuple[str, int]:
    """(address, port) to listen on: --bind and --port, else this computer only and the port a resumed table
    listened on before (or the default one)."""
    import ipaddress

    from game.net.headless import DEFAULT_PORT, LOOPBACK

    bind = (args.bind or LOOPBACK).strip()
    try:
        ipaddress.ip_address(bind)
    except ValueError as error:
        raise ValueError(f"--bind takes an address of this computer (0.0.0.0 for every interface), not "
                         f"{bind[:40]!r}") from error
    port = args.port if args.port is not None else (net or {}).get("port", DEFAULT_PORT)
    if not 0 <= port <= 65535:
        raise ValueError(f"--port is a number from 0 to 65535 (0: any free port), not {port}")
    if args.away is not None and not 0 < args.away <= 86400:
        raise ValueError(f"--away is a number of seconds above 0, not {args.away:g}")
    return bind, port


def say(line: str) -> None:
    print(line, flush=True)


def use_repeatable_ai(args) -> None:
    if args.repeatable:
        from game.ai import set_time_caps

        set_time_caps(False)


def host_table(args) -> int:
    from game.net.headless import StopFlag, serve_table

    try:
        spec, controller, path, net = hosted_table(args)
        bind, port = listen_address(args, net)
    except ValueError as error:
        raise CommandLineError(error) from error
    use_repeatable_ai(args)
    stop = StopFlag()
    stop.install()
    try:
        return serve_table(spec, controller, path, net, bind, port, out=say, stop=stop, away=args.away)
    except OSError as error:
        raise CommandLineError(f"cannot listen on {bind}:{port}: {error.strerror or error}") from error


def joining(args):
    """(host, port, code, seat from 0 or None, name or None) of --join's arguments."""
    from game.core.names import name_problem
    from game.net.headless import parse_address
    from game.net.protocol import MAX_SEATS, normalize_code

    host, port = parse_address(args.join)
    if args.code is None:
        raise ValueError("--join needs --code CODE, the table's code as its host shows it")
    code = normalize_code(args.code)
    if code is None:
        raise ValueError(f"{args.code[:40]!r} is not a table code (twelve letters and digits, e.g. 7KQ2-M9XD-4FHT)")
    if args.seat is not None and not 1 <= args.seat <= MAX_SEATS:
        raise ValueError(f"--seat is a number from 1 to {MAX_SEATS}, not {args.seat}")
    if args.name is not None and name_problem(args.name):
        raise ValueError(f"--name {args.name[:30]!r}: {name_problem(args.name)}")
    if args.game or args.seats or args.load or args.option:
        raise ValueError("--join takes the game and its seats from the host: --game, --seats, --option and --load "
                         "do not go with it")
    return host, port, code, None if args.seat is None else args.seat - 1, args.name


def join_table(args) -> int:
    import random

    from game.net.client import RemoteTable
    from game.net.headless import AIPlayer, RemoteLink, StopFlag, play_remote

    try:
        host, port, code, seat, name = joining(args)
    except ValueError as error:
        raise CommandLineError(error) from error
    table = RemoteTable()
    link = RemoteLink(table, host, port, code, seat, name)
    if args.ai is None:
        return run_remote_app(args, link)
    use_repeatable_ai(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    stop = StopFlag()
    stop.install()
    return play_remote(link, AIPlayer(table, args.ai, seed), out=say, stop=stop)


JOIN_SECONDS = 30.0
"""How long a window's program tries to reach a table before it gives up and says why."""
SYNC_AT_QUIT_SECONDS = 5.0
"""How long a closed window's program waits for its last saves to be synced to disk (a second, usually)."""


def run_remote_app(args, link) -> int:
    """Join the table, then open the window on it: the play scene over the link's mirror of the table, which
    pumps the link once a frame (the link rejoins by itself after a drop)."""
    from game.app import App
    from game.core import i18n
    from game.core.settings import read_settings
    from game.net.headless import PATIENCE_SECONDS
    from game.scenes.play import PlayScene
    from game.scenes.title import TitleScene
    from game.ui import redraw

    settings = read_settings().settings
    if args.lang:
        settings.language = args.lang
    i18n.set_language(settings.language)
    table = link.table
    link.patience = JOIN_SECONDS
    link.notify = redraw.wake  # a message from the host wakes the window's idle loop at once
    link.start()
    say(f"joining {link.host}:{link.port}")
    while not (table.joined or link.done):
        link.pump(0.05)
    if not table.joined or not table.spec.has_table:
        say(f"{link.status}: {link.reason}" if not table.joined else
            f"refused: {table.spec.id} has no table here yet: join it with --ai LEVEL")
        link.stop()
        return 1
    link.patience = PATIENCE_SECONDS
    app = App(settings)
    app.push(TitleScene(app))
    app.push(PlayScene(app, table.spec, table, worker_mode="thread", link=link))
    run_window(app, args.frames)
    link.stop()
    return 0


def run_app(args) -> int:
    from game.app import App
    from game.core import i18n
    from game.core.settings import read_settings
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
    run_window(app, args.frames)
    return 0


def run_window(app, frames: int | None) -> None:
    """Run the window until it is closed (or for ``frames``), keep its size for the next start, and close it;
    the window gone, wait a moment for the saves a hosted table wrote without a sync to reach the disk."""
    from game.core.settings import keep_window

    app.run(frames)
    try:
        keep_window(app.settings)
    except OSError as error:
        from game.core.logs import log

        log.warning("the window size could not be kept: %s", error)
    import pygame

    pygame.quit()
    from game.core.storage import wait_for_syncs

    if not wait_for_syncs(SYNC_AT_QUIT_SECONDS):
        from game.core.logs import log

        log.warning("a save written just before closing was not yet synced to disk after %s s", SYNC_AT_QUIT_SECONDS)


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
    from game.core.logs import start_logging

    if getattr(sys, "frozen", False):  # frozen AI workers start here; a plain start skips the import
        import multiprocessing

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
        if args.host:
            return host_table(args)
        if args.join:
            if args.ai is None and args.headless:
                use_dummy_drivers()
            return join_table(args)
        if args.headless:
            use_dummy_drivers()
        return run_app(args)
    except CommandLineError as error:
        print(f"gamenight: {error}", file=sys.stderr)
        return 2
    except Exception:  # noqa: BLE001 - logged with its traceback, and the player told where
        return report_crash(log_path)
