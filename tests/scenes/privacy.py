"""What the person at a screen may see, checked at every change of the screen for every game.

A frame leaks when something hidden from the person at the screen changes what is drawn. The check
draws the table the way the play scene does (with the person the scene has given the screen to,
its hand-off and its message), twice: once from the real game, once from a second
world the person cannot tell from it (the state determinized again from what the table may show
them; the events hidden from them with their secret data replaced; the other seats' actions, which
carry no visibility of their own, emptied). Pixels, the status line, tooltips (every place of a
grid hovered), the log lines and the hint must come out the same.

Who is at the screen is followed here, not asked of the scene: the only person at the table, or the
one who last said "I'm ready" on a hand-off screen. Before the first hand-off of a hot-seat game
nobody in particular is, so nothing private of any person may be drawn.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import time
from concurrent.futures import wait

import pygame

from game.ai.base import RandomAgent
from game.core.controller import Controller, LogEntry
from game.core.rules import CHANCE, Event, GameConfig, SeatConfig
from game.scenes.handoff import HandoffScene
from game.scenes.play import PlayScene
from game.ui import theme

HIDDEN = "\u25c6hidden\u25c6"
"""What a secret reads as in the second world: a consumer that reads it draws or says something else."""

GRID = 40
"""Pixels between the places hovered for tooltips; the grid moves a little from one check to the next,
so small places are hovered over a game."""

FROZEN_CLOCK = 1000.0


# -- the tables played ------------------------------------------------------------------------------
def changed_options(spec) -> dict:
    """Every table option of ``spec`` set away from its default (a choice to the next one)."""
    options = spec.default_options()
    for option in spec.options:
        if option.kind == "bool":
            options[option.key] = not option.default
        elif option.kind == "choice":
            choices = list(option.choices)
            options[option.key] = choices[(choices.index(option.default) + 1) % len(choices)]
        elif option.kind == "int":
            options[option.key] = option.low if option.default != option.low else option.high
    return options


def arrangements(spec) -> list[tuple[str, tuple[SeatConfig, ...], dict]]:
    """Hot-seat tables of a game: two people alone at the defaults; at the most seats, people with
    AIs between them and every option changed."""
    def person(i):
        return SeatConfig("human", f"Person {i + 1}")

    tables = [("people", tuple(person(i) for i in range(spec.min_players)), spec.default_options())]
    players = spec.max_players
    if players > 2:
        seats = tuple(person(i) if i % 2 == 0 else SeatConfig("ai", "", "easy") for i in range(players))
    else:
        seats = tuple(person(i) for i in range(players))
    tables.append(("mixed", seats, changed_options(spec)))
    return tables


def against_computers(spec) -> tuple[SeatConfig, ...]:
    """A table of one person and easy AIs at the game's usual player count, the person seated last so
    the AIs (and their secrets) move before the person's first decision."""
    players = spec.default_players or spec.min_players
    return tuple(SeatConfig("ai", "", "easy") for _ in range(players - 1)) + (SeatConfig("human", "Person"),)


def ai_game(spec, players: int, options: dict, seed: int, length: int):
    """A game of easy AIs at every seat, ``length`` log entries long at most: yields the controller,
    the state before each step and the step's log entry."""
    ruleset = spec.ruleset
    config = GameConfig(tuple(SeatConfig("ai", f"P{i + 1}", "easy") for i in range(players)),
                        spec.validate_options(options))
    controller = Controller(ruleset, config, seed)
    agent = spec.make_agent("easy")
    rng = random.Random(seed)
    while not controller.over and len(controller.log) < length:
        before = ruleset.clone(controller.state)
        actor = controller.to_act()
        if actor == CHANCE:
            entry = controller.resolve_chance()
        else:
            observation = controller.observe(actor)
            entry = controller.submit(agent.choose(ruleset, observation, actor, random.Random(rng.random())))
        yield controller, before, entry


# -- what a seat is told ------------------------------------------------------------------------------
def told(events, seat: int) -> str:
    """The events as ``seat`` may see them, as comparable text."""
    return json.dumps([(event.kind, event.seen_by(seat)) for event in events], sort_keys=True, default=str)


def knows(ruleset, state, seat: int) -> str:
    """``seat``'s observation of ``state`` as comparable text."""
    return json.dumps(ruleset.to_json(ruleset.observe(state, seat)), sort_keys=True, default=str)


# -- the second world -------------------------------------------------------------------------------
def table_knowledge(ruleset, state, seat: int):
    """What the table may show ``seat``: its observation without what only its AI remembers (under
    Cannonades' strict memory the observation keeps the seat's own face-down ships for its AI)."""
    observation = ruleset.observe(state, seat)
    if getattr(observation, "remembered", None) is not None:
        observation.remembered = None
    return observation


def _masked_data(event: Event) -> dict:
    public = event.public or {}
    return {key: value if key in public and public[key] == value else HIDDEN for key, value in event.data.items()}


def keeps_memory(ruleset, state, seat: int) -> bool:
    """True when the seat's observation keeps for its AI what the table may not show it."""
    return getattr(ruleset.observe(state, seat), "remembered", None) is not None


def masked_entry(entry: LogEntry, watcher: int, forgetful: bool) -> LogEntry:
    """``entry`` with every secret ``watcher`` may not read replaced. A ``forgetful`` watcher (one
    whose table hides part of its own memory) reads none of its own private events either: the
    log must not remind it of what the table hides."""
    def secret(event: Event) -> bool:
        return event.seen_by(watcher) is not event.data or (forgetful and event.audience == watcher)

    events = []
    for event in entry.events:
        if secret(event):
            event = copy.copy(event)
            event.data = _masked_data(event)
        events.append(event)
    action = entry.action if entry.seat == watcher else {"type": entry.action.get("type")}
    return LogEntry(entry.seat, action, events)


def second_world(controller: Controller, watcher: int, seed: int) -> Controller:
    """A controller of a game ``watcher`` cannot tell from ``controller``'s, with every hidden thing drawn anew."""
    ruleset = controller.ruleset
    knowledge = table_knowledge(ruleset, controller.state, watcher)
    other = Controller.__new__(Controller)
    other.__dict__.update(controller.__dict__)
    other.listeners = []
    other.state = ruleset.determinize(knowledge, watcher, random.Random(seed))
    seen = json.dumps(ruleset.to_json(table_knowledge(ruleset, other.state, watcher)), sort_keys=True)
    assert seen == json.dumps(ruleset.to_json(knowledge), sort_keys=True), "determinize changed what the seat knows"
    forgetful = keeps_memory(ruleset, controller.state, watcher)
    other.log = [masked_entry(entry, watcher, forgetful) for entry in controller.log]
    return other


def same_world(controller: Controller) -> Controller:
    """A copy of ``controller`` to draw from, with no listeners."""
    copy = Controller.__new__(Controller)
    copy.__dict__.update(controller.__dict__)
    copy.listeners = []
    return copy


# -- drawing a world ---------------------------------------------------------------------------------
@contextlib.contextmanager
def frozen_clock():
    original = time.perf_counter
    time.perf_counter = lambda: FROZEN_CLOCK
    try:
        yield
    finally:
        time.perf_counter = original


def grid_points(shift: int):
    dx, dy = shift * 17 % GRID, shift * 29 % GRID
    return [(x, y) for y in range(dy, theme.LOGICAL_SIZE[1], GRID) for x in range(dx, theme.LOGICAL_SIZE[0], GRID)]


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


class Picture:
    """Everything a world shows: pixels, the status, tooltips by place, the log, the hinted table."""

    def __init__(self, pixels: bytes, status: str, tooltips: dict, log: list[str], hinted: bytes | None):
        self.pixels = pixels
        self.status = status
        self.tooltips = tooltips
        self.log = log
        self.hinted = hinted

    def differences(self, other: Picture) -> list[str]:
        found = []
        if self.pixels != other.pixels:
            found.append("pixels")
        if self.status != other.status:
            found.append(f"status {self.status!r} / {other.status!r}")
        for pos, tip in self.tooltips.items():
            if other.tooltips.get(pos) != tip:
                found.append(f"tooltip at {pos}: {tip!r} / {other.tooltips.get(pos)!r}")
                break
        if self.log != other.log:
            diff = next(((a, b) for a, b in zip(self.log, other.log, strict=False) if a != b),
                        (len(self.log), len(other.log)))
            found.append(f"log line {diff[0]!r} / {diff[1]!r}")
        if self.hinted != other.hinted:
            found.append("the hinted table")
        return found


def picture(app, real: PlayScene, controller: Controller, seed: int, tooltips: bool = True) -> Picture:
    """The play scene drawn from ``controller`` as ``real`` would draw it now, animations settled;
    ``seed`` chooses the hint and where the tooltip grid falls."""
    scene = PlayScene(app, real.spec, controller, worker_mode="thread")
    scene.set_owner(real.shown)
    scene.handoff_due = real.handoff_due
    scene.message = real.message
    scene.thinking_since = real.thinking_since
    scene.view.skip_animations()
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    with frozen_clock():
        scene.handle(motion((-50, -50)))
        scene.draw(surface)
        pixels = pygame.image.tobytes(surface, "RGB")
        status = f"{scene.status_text()} | {scene.view.status()}"
        tips = {}
        if tooltips:
            for pos in grid_points(seed):
                scene.handle(motion(pos))
                tip = scene.tooltip()
                if tip:
                    tips[pos] = tip
            scene.handle(motion((-50, -50)))
        hinted = None
        if scene.can_act():
            actor = controller.to_act()
            action = RandomAgent().choose(controller.ruleset, controller.observe(actor), actor,
                                          random.Random(seed))
            scene.view.show_hint(action)
            scene.view.skip_animations()
            scene.draw(surface)
            hinted = pygame.image.tobytes(surface, "RGB")
    log = [text for _, text, _ in scene.log_panel.lines]
    return Picture(pixels, status, tips, log, hinted)


def save_pair(a: Picture, b: Picture, name: str, folder) -> None:
    for suffix, pic in (("real", a), ("other", b)):
        image = pygame.image.frombytes(pic.pixels, theme.LOGICAL_SIZE, "RGB")
        pygame.image.save(image, str(folder / f"{name}-{suffix}.png"))


# -- playing -------------------------------------------------------------------------------------------
class Watcher:
    """Who is at the screen: the only person at the table, else whoever passed the last hand-off."""

    NOBODY_YET = "nobody yet"

    def __init__(self, config: GameConfig, hidden_information: bool):
        people = [i for i, seat in enumerate(config.seats) if seat.is_human]
        self.people = people
        self.private = hidden_information and bool(people)
        self.seat = people[0] if len(people) == 1 else self.NOBODY_YET

    def perspectives(self) -> list[int]:
        """The seats whose secrets the screen must keep now."""
        if not self.private:
            return []
        return list(self.people) if self.seat == self.NOBODY_YET else [self.seat]


class PrivacyRun:
    """One hot-seat game played through the real app by easy AIs (deterministic for a seed: they stop
    by their iteration counts), checked whenever an action, the person at the screen or the scene on
    top changes."""

    def __init__(self, app, spec, seats, options, seed: int, folder=None, tooltips_every: int = 1):
        self.app = app
        self.spec = spec
        self.config = GameConfig(seats, spec.validate_options(options))
        self.controller = Controller(spec.ruleset, self.config, seed)
        self.scene = PlayScene(app, spec, self.controller, worker_mode="thread")
        self.watcher = Watcher(self.config, spec.hidden_information)
        self.agent = spec.make_agent("easy")
        self.rng = random.Random(seed)
        self.folder = folder
        self.tooltips_every = tooltips_every
        self.checks = 0
        self.leaks: list[str] = []

    def check(self, where: str) -> None:
        """Compare what the screen shows now with each second world of the person at it."""
        top = self.app.scene
        if top is not self.scene:
            return  # a hand-off screen (opaque) or a menu over the table
        tooltips = self.checks % self.tooltips_every == 0
        self.checks += 1
        for watcher in self.watcher.perspectives():
            seed = self.rng.randrange(1 << 30)
            real = picture(self.app, self.scene, same_world(self.controller), seed, tooltips)
            try:
                other = picture(self.app, self.scene, second_world(self.controller, watcher, seed), seed, tooltips)
            except Exception as error:  # noqa: BLE001 - a secret read where none may be is a leak too
                self.leaks.append(f"{where}, at the screen {self.watcher.seat}, shown {self.scene.shown}: drawing "
                                  f"without the secrets of seat {watcher} failed: {error!r}")
                continue
            found = real.differences(other)
            if found:
                name = f"{self.spec.id}-{len(self.leaks)}"
                if self.folder is not None:
                    save_pair(real, other, name, self.folder)
                self.leaks.append(f"{where}, at the screen {self.watcher.seat}, shown {self.scene.shown}, "
                                  f"secrets of seat {watcher}: {'; '.join(found)} ({name})")

    def step(self) -> None:
        for pending in (self.scene.pending, self.scene.hint_job):
            if pending is not None:
                wait([pending[0]], timeout=60)
        self.app.step(1 / 30)

    def play(self, decisions: int, stride: int = 1) -> None:
        """Play up to ``decisions`` decisions of people, checking around every ``stride``-th one."""
        self.app.reset_to(self.scene)
        made = 0
        seen = None
        for _ in range(decisions * 400):
            self.step()
            key = (len(self.controller.log), self.scene.shown, type(self.app.scene), self.scene.handoff_due)
            if key != seen and made % stride == 0:
                self.check(f"after {len(self.controller.log)} actions")
            seen = key
            top = self.app.scene
            if isinstance(top, HandoffScene):
                seat = top.seat
                top.ready()
                self.watcher.seat = seat
                continue
            if top is not self.scene or self.controller.over or made >= decisions:
                return
            self.scene.view.skip_animations()  # as Space does: the check draws settled tables anyway
            if self.scene.can_act():
                actor = self.controller.to_act()
                observation = self.controller.observe(actor)
                action = self.agent.choose(self.spec.ruleset, observation, actor, random.Random(self.rng.random()))
                assert self.scene.submit(action), f"refused {action}"
                made += 1
        raise AssertionError(f"{self.spec.id}: the game stopped moving after {made} decisions")

