"""Seats: who decides for each player, their names, and what the shared screen may show.

AI seats think in a worker (a separate process where the platform allows, else a thread) so the
window keeps drawing at full frame rate. The worker builds the agent itself from the game id and
level, through the game lookup the caller hands in (core knows no game), so only the observation
crosses the process boundary. A worker process ends itself when the game that started it is gone.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import i18n
from game.core.rules import CHANCE, Action, GameConfig, SeatConfig

if TYPE_CHECKING:  # the pool itself is imported when a game first needs its AI (it pulls in multiprocessing)
    from concurrent.futures import Executor, Future

PARENT_CHECK_SECONDS = 0.5


def seat_label(seat: SeatConfig, index: int) -> str:
    """What a seat is called at the table and in the save list: its name, else "Player 2", "Player 2 (online)"
    for a person at another computer, or "AI 2 (hard)"."""
    if seat.name:
        return seat.name
    if seat.is_human:
        return i18n.tr("seat.player", n=index + 1)
    if seat.is_remote:
        return i18n.tr("net.seat.remote", n=index + 1)
    return i18n.tr("seat.ai_named", n=index + 1, level=i18n.tr(f"level.{seat.level}"))


GameLookup = Callable[[str], object]
"""A game id to its GameSpec; a module-level function, so a worker process can be handed it."""


def think(find_game: GameLookup, game_id: str, level: str, observation, seat: int, seed: int) -> Action:
    """Run one AI decision (in the worker)."""
    spec = find_game(game_id)
    agent = spec.make_agent(level)
    return agent.choose(spec.ruleset, observation, seat, random.Random(seed))


def _parent_gone(parent, parent_pid: int) -> bool:
    if parent is not None:
        return not parent.is_alive()
    return os.getppid() != parent_pid


def _watch_parent(parent, parent_pid: int) -> None:
    while not _parent_gone(parent, parent_pid):
        if parent is not None:
            parent.join(PARENT_CHECK_SECONDS)
        else:
            time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def exit_with_parent() -> None:
    """Worker start-up: end this process as soon as the one that started it is gone (killed, crashed),
    so no AI worker outlives the game; the multiprocessing resource tracker then ends too."""
    import multiprocessing

    parent = multiprocessing.parent_process()
    parent_pid = os.getppid()
    threading.Thread(target=_watch_parent, args=(parent, parent_pid), name="watch-parent", daemon=True).start()


class AIWorker:
    """One background worker shared by every AI seat of a game (they decide one at a time).

    ``find_game`` turns a game id into its GameSpec in the worker (``game.games.get_spec``).
    """

    def __init__(self, find_game: GameLookup, mode: str = "process"):
        self.find_game = find_game
        self.mode = mode
        self._executor: Executor | None = None

    def executor(self) -> Executor:
        if self._executor is None:
            from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

            if self.mode == "process":
                try:
                    import multiprocessing

                    self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                         initializer=exit_with_parent)
                except (OSError, ImportError, ValueError):
                    self.mode = "thread"
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        return self._executor

    def start(self, game_id: str, level: str, observation, seat: int, seed: int) -> Future:
        job = (think, self.find_game, game_id, level, observation, seat, seed)
        try:
            return self.executor().submit(*job)
        except (OSError, RuntimeError):
            # A broken process pool (killed worker): fall back to a thread and carry on.
            self.mode = "thread"
            self._executor = None
            return self.executor().submit(*job)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def human_seats(config: GameConfig) -> list[int]:
    return [i for i, seat in enumerate(config.seats) if seat.is_human]


def screen_owner(config: GameConfig, hidden_information: bool, to_act: int | None, current: int | None) -> int | None:
    """Whose private things the shared screen shows now.

    - No person at the table: an onlooker, who sees everything (None).
    - One person: always that person.
    - Several people in a game without hidden information: nothing is private (None).
    - Several people with hidden information: the person deciding now; while an AI or chance
      decides, the last person keeps the screen.
    """
    humans = human_seats(config)
    if not humans:
        return None
    if len(humans) == 1:
        return humans[0]
    if not hidden_information:
        return None
    if to_act is not None and to_act != CHANCE and to_act in humans:
        return to_act
    return current


def needs_handoff(config: GameConfig, hidden_information: bool, shown: int | None, next_owner: int | None) -> bool:
    """A hand-off screen is due when the screen passes from one person's private view to another's."""
    return (
        hidden_information
        and len(human_seats(config)) >= 2
        and next_owner is not None
        and next_owner != shown
    )
