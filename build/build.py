"""Build Game Night as a program with PyInstaller, and check the result.

    python build/build.py                 one folder: dist/gamenight/ with the executable gamenight
    python build/build.py --onefile       one file:   dist/gamenight-onefile
    python build/build.py --check         build, then run the bundle's self-test (what CI does)
    python build/build.py --check-only    check an existing build without rebuilding

PyInstaller's work files go to build/.work/ (ignored by git), the program to dist/. Needs the dev
extra (``python -m pip install -e ".[dev]"``). The check runs the built executable with the dummy
video and audio drivers, from an empty temporary folder:

* ``--selftest``, and one short AI game with ``--autoplay``;
* the probe (build/probe_hook.py): from inside the bundle, where resources, data and settings are
  (compared with the same look from source), and one AI move of each game thought in a spawned
  worker process, as a table does;
* an AI table run for a few seconds in a sandboxed home, with the GAMENIGHT_*_DIR overrides
  unset and set: settings, saves and the log must land in the folders the source code names, nowhere else.

Exits non-zero when anything fails.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "gamenight.spec"
DIST = ROOT / "dist"
WORK = HERE / ".work"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


def executable(onefile: bool) -> Path:
    if onefile:
        return DIST / f"gamenight-onefile{EXE_SUFFIX}"
    return DIST / "gamenight" / f"gamenight{EXE_SUFFIX}"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(onefile: bool, strip: bool = True, clean: bool = False) -> Path:
    variant = "onefile" if onefile else "folder"
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--workpath", str(WORK / variant), "--distpath", str(DIST)]
    if clean:
        command.append("--clean")
    command += [str(SPEC), "--"]
    if onefile:
        command.append("--onefile")
    if not strip:
        command.append("--no-strip")
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    target = executable(onefile)
    bundle = target if onefile else target.parent
    print(f"built {bundle.relative_to(ROOT)} in {time.perf_counter() - started:.0f} s, "
          f"{folder_size(bundle) / 1e6:.1f} MB", flush=True)
    return target


# -- checks ------------------------------------------------------------------------------------------

def quiet_env(**extra: str) -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra)
    return env


def run_step(name: str, command: list[str], env: dict, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    started = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    seconds = time.perf_counter() - started
    status = "ok" if result.returncode == 0 else f"FAILED (exit {result.returncode})"
    print(f"  {name}: {status} in {seconds:.1f} s", flush=True)
    if result.returncode != 0:
        sys.stdout.write(result.stdout[-4000:])
        sys.stdout.write(result.stderr[-4000:])
    return result


def sandbox_env(home: Path) -> dict:
    """Environment variables that move every platformdirs folder under ``home`` (Linux, macOS, Windows)."""
    return {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "xdg-data"),
        "XDG_CONFIG_HOME": str(home / "xdg-config"),
        "XDG_STATE_HOME": str(home / "xdg-state"),
        "XDG_CACHE_HOME": str(home / "xdg-cache"),
        "WIN_PD_OVERRIDE_APPDATA": str(home / "AppData" / "Roaming"),
        "WIN_PD_OVERRIDE_LOCAL_APPDATA": str(home / "AppData" / "Local"),
    }


def expected_dirs(env: dict) -> dict:
    """Where the source tree keeps data, settings and its log under ``env`` (asked in a fresh interpreter)."""
    code = ("import json; from game.core.saves import data_dir; from game.core.settings import config_dir; "
            "from game.core.logs import log_dir; "
            "print(json.dumps({'data': str(data_dir()), 'config': str(config_dir()), 'log': str(log_dir())}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    return {key: Path(value) for key, value in json.loads(out.stdout).items()}


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()} if folder.exists() else set()


def check_locations(exe: Path, game: str | None) -> list[str]:
    """Run the bundle in a sandboxed home, with GAMENIGHT_DATA_DIR/GAMENIGHT_CONFIG_DIR unset and set:
    its settings and saves must land where the source tree's own code says they go, and nowhere else."""
    failures = []
    run_args = ["--headless", "--frames", "1"]
    if game:
        # An AI-only table autosaves after its first move; 240 frames are four seconds of play.
        run_args = ["--headless", "--frames", "240", "--game", game, "--seats", "ai:easy,ai:easy", "--seed", "1"]
    with tempfile.TemporaryDirectory(prefix="gamenight-build-check-") as temp:
        temp_path = Path(temp).resolve()
        for label, override in (("platformdirs", False), ("GAMENIGHT_DATA_DIR", True)):
            home = temp_path / label
            env = quiet_env(**sandbox_env(home))
            for name in ("GAMENIGHT_DATA_DIR", "GAMENIGHT_CONFIG_DIR", "GAMENIGHT_LOG_DIR"):
                env.pop(name, None)
            if override:
                env["GAMENIGHT_DATA_DIR"] = str(home / "custom-data")
                env["GAMENIGHT_CONFIG_DIR"] = str(home / "custom-config")
                env["GAMENIGHT_LOG_DIR"] = str(home / "custom-logs")
            dirs = expected_dirs(env)
            if not all(home in d.parents for d in dirs.values()):
                # An older platformdirs on Windows takes no override: leave the user's folders alone.
                print(f"  files kept ({label}): skipped, {dirs} cannot be moved into a sandbox here")
                continue
            result = run_step(f"files kept ({label})", [str(exe), *run_args], env, cwd=temp_path)
            if result.returncode != 0:
                failures.append(f"locations ({label}): the run failed")
                continue
            found = {key: sorted(p.relative_to(home).as_posix() for p in files_under(d)) for key, d in dirs.items()}
            kept = set().union(*(files_under(d) for d in dirs.values()))
            stray = sorted(p.relative_to(home).as_posix() for p in files_under(home) - kept
                           if p.relative_to(home).parts[0] not in ("xdg-cache", "xdg-state"))
            if not any(f.endswith("settings.json") for f in found["config"]):
                failures.append(f"locations ({label}): no settings.json in {dirs['config']}")
            if not any(f.endswith("gamenight.log") for f in found["log"]):
                failures.append(f"locations ({label}): no gamenight.log in {dirs['log']}")
            if game and not any("/saves/" in f"/{f}" for f in found["data"]):
                failures.append(f"locations ({label}): no save in {dirs['data'] / 'saves'}")
            if stray:
                failures.append(f"locations ({label}): files written elsewhere: {stray}")
            if [p for p in temp_path.iterdir() if p.is_file()]:
                failures.append(f"locations ({label}): files written into the current directory")
            print(f"    settings: {', '.join(found['config']) or 'none'}; saves: {', '.join(found['data']) or 'none'}; "
                  f"log: {', '.join(found['log']) or 'none'}", flush=True)
    return failures


def probe(command: list[str], env: dict, cwd: Path) -> dict:
    """The JSON report of build/probe_hook.py, run inside the bundle or (for comparison) from source."""
    target = cwd / f"probe-{time.monotonic_ns()}.json"
    result = subprocess.run(command, env=dict(env, GAMENIGHT_BUNDLE_PROBE=str(target)), cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    try:
        report = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        report = {"error": f"no report (exit {result.returncode}): {result.stdout[-1000:]} {result.stderr[-2000:]}"}
    return report


def check_probe(exe: Path, env: dict, cwd: Path, label: str) -> list[str]:
    """From inside the bundle: resources under the bundle, the same data folders as from source, every
    game importable, and an AI decision of each game thought in a spawned worker process."""
    started = time.perf_counter()
    source_command = [sys.executable, "-c", "import runpy, sys; sys.path.insert(0, sys.argv[1]); "
                      "runpy.run_path(sys.argv[2], run_name='probe')", str(ROOT), str(HERE / "probe_hook.py")]
    bundle, source = probe([str(exe)], env, cwd), probe(source_command, env, cwd)
    failures = [f"probe ({label}, {who}): {report['error']}"
                for who, report in (("bundle", bundle), ("source", source)) if "error" in report]
    if failures:
        return failures
    root = Path(bundle["resource_root"])
    if not bundle["frozen"] or (exe.parent not in root.parents and root != exe.parent and "_MEI" not in root.name):
        failures.append(f"probe ({label}): resources are read from {root}, not from the bundle")
    for key in ("data_dir", "config_dir", "games"):
        if bundle[key] != source[key]:
            failures.append(f"probe ({label}): {key} is {bundle[key]!r} in the bundle, {source[key]!r} from source")
    catalogues = [{folder: files for folder, files in report.get("catalogues", {}).items() if files}
                  for report in (bundle, source)]
    if catalogues[0] != catalogues[1]:
        failures.append(f"probe ({label}): locale files in the bundle {catalogues[0]}, from source {catalogues[1]}")
    worker = bundle["worker"]
    if worker["pid"] == worker["parent_pid"] or worker["resource_root"] != bundle["resource_root"]:
        failures.append(f"probe ({label}): the AI worker is not a working spawned process: {worker}")
    for game in bundle["games"]:
        if not worker["actions"].get(game, {}).get("legal"):
            failures.append(f"probe ({label}): the worker's move in {game} is missing or illegal: {worker['actions']}")
    status = "ok" if not failures else "FAILED"
    print(f"  probe ({label}): {status} in {time.perf_counter() - started:.1f} s", flush=True)
    print(f"    resources {root.relative_to(exe.parent) if exe.parent in root.parents else root}, "
          f"data {bundle['data_dir']}, config {bundle['config_dir']}", flush=True)
    print(f"    worker pid {worker['pid']} (parent {worker['parent_pid']}), games {bundle['games']}, "
          f"{len(catalogues[0])} locale folders", flush=True)
    return failures


def registered_games() -> list[str]:
    """The games of the registry whose package exists in the source tree."""
    code = "import json; from game.games import GAME_PACKAGES; print(json.dumps(list(GAME_PACKAGES)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return [name for name in json.loads(out.stdout) if (ROOT / "game" / "games" / name / "__init__.py").exists()]


def check(exe: Path) -> int:
    """The bundle's self-test, one short autoplay game, a look from inside, and where it keeps its files."""
    if not exe.exists():
        print(f"no build at {exe}; build it first", file=sys.stderr)
        return 1
    print(f"checking {exe.relative_to(ROOT)}", flush=True)
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="gamenight-build-check-") as temp:
        # Run from an unrelated folder: nothing may be read from the current directory.
        cwd = Path(temp)
        env = quiet_env(GAMENIGHT_DATA_DIR=str(cwd / "data"), GAMENIGHT_CONFIG_DIR=str(cwd / "config"))
        result = run_step("selftest", [str(exe), "--selftest"], env, cwd)
        if result.returncode != 0:
            failures.append("selftest")
        elif result.stdout.strip():  # a windowed program may have no standard output
            print("    " + result.stdout.strip().splitlines()[-1][:300])
        games = registered_games()
        if games:
            game = "kahuna" if "kahuna" in games else games[0]
            command = [str(exe), "--autoplay", "--game", game, "--seats", "ai:easy,ai:easy", "--games", "1",
                       "--seed", "1"]
            result = run_step(f"autoplay {game}", command, env, cwd)
            if result.returncode != 0:
                failures.append("autoplay")
            else:
                try:
                    line = json.loads(result.stdout.strip().splitlines()[-1])
                    print(f"    {game}: {line.get('actions')} actions, scores {line.get('scores')}")
                except IndexError:
                    print("    no output (a windowed program may have none)")
                except ValueError:
                    failures.append(f"autoplay printed no JSON line: {result.stdout[-500:]!r}")
        else:
            print("  autoplay: skipped (no game registered yet)")
        failures += check_probe(exe, env, cwd, "GAMENIGHT_DATA_DIR")
        sandbox = quiet_env(**sandbox_env(cwd / "home"))
        for name in ("GAMENIGHT_DATA_DIR", "GAMENIGHT_CONFIG_DIR"):
            sandbox.pop(name, None)
        failures += check_probe(exe, sandbox, cwd, "platformdirs")
        failures += check_locations(exe, games[0] if games else None)
    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    print("bundle check " + ("ok" if not failures else f"FAILED ({len(failures)})"), flush=True)
    return 0 if not failures else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Game Night with PyInstaller (output in dist/).")
    parser.add_argument("--onefile", action="store_true", help="build the single-file variant dist/gamenight-onefile")
    parser.add_argument("--no-strip", action="store_true", help="keep symbol tables (stripping is off on Windows)")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--check", action="store_true", help="after building, run the bundle's self-test")
    parser.add_argument("--check-only", action="store_true", help="check an existing build, do not build")
    args = parser.parse_args(argv)
    if args.check_only:
        return check(executable(args.onefile))
    exe = build(args.onefile, strip=not args.no_strip, clean=args.clean)
    return check(exe) if args.check else 0


if __name__ == "__main__":
    sys.exit(main())
