"""Seats: who decides for each player, and what the shared screen may show.

AI seats think in a worker (a separate process where the platform allows, else a thread) so the
window keeps drawing at full frame rate. The worker builds the agent itself from the game id and
level, so only the observation crosses the process boundary.
"""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

from game.core import i18n
from game.core.rules import CHANCE, Action, GameConfig, SeatConfig


def seat_label(seat: SeatConfig, index: int) -> str:
    """What a seat is called at the table and in the save list: its name, else "Player 2" or "AI 2 (hard)"."""
    if seat.name:
        return seat.name
    if seat.is_human:
        return i18n.tr("seat.player", n=index + 1)
    return i18n.tr("seat.ai_named", n=index + 1, level=i18n.tr(f"level.{seat.level}"))


def think(game_id: str, level: str, observation, seat: int, seed: int) -> Action:
    """Run one AI decision (in the worker)."""
    from game.games import get_spec

    spec = get_spec(game_id)
    agent = spec.make_agent(level)
    return agent.choose(spec.ruleset, observation, seat, random.Random(seed))


class AIWorker:
    """One background worker shared by every AI seat of a game (they decide one at a time)."""

    def __init__(self, mode: str = "process"):
        self.mode = mode
        self._executor: Executor | None = None

    def executor(self) -> Executor:
        if self._executor is None:
            if self.mode == "process":
                try:
                    import multiprocessing

                    self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
                except (OSError, ImportError, ValueError):
                    self.mode = "thread"
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        return self._executor

    def start(self, game_id: str, level: str, observation, seat: int, seed: int) -> Future:
        try:
            return self.executor().submit(think, game_id, level, observation, seat, seed)
        except (OSError, RuntimeError):
            # A broken process pool (killed worker): fall back to a thread and carry on.
            self.mode = "thread"
            self._executor = None
            return self.executor().submit(think, game_id, level, observation, seat, seed)

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
