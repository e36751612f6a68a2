"""Frame-rate independent animation: values that ease from one number to another over time.

Durations are scaled by the animation-speed setting through ``set_speed``; a speed of 2 makes
every animation twice as fast. Whatever moves asks the window for its frames (``game.ui.redraw``): a
tween or a timeline on its way stirs the screen, a smooth value still easing asks for the next frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.ui import redraw

_speed = 1.0


def set_speed(speed: float) -> None:
    global _speed
    _speed = max(0.1, float(speed))


def speed() -> float:
    return _speed


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class Tween:
    """Moves ``value`` from ``start`` to ``end`` over ``duration`` seconds with ``easing``.

    ``delay`` seconds pass before it starts. ``done`` is true once it has arrived.
    """

    def __init__(self, start: float, end: float, duration: float, easing: Callable = ease_in_out,
                 delay: float = 0.0):
        self.start = start
        self.end = end
        self.duration = max(1e-6, duration)
        self.easing = easing
        self.elapsed = -delay
        self.value = start

    def update(self, dt: float) -> float:
        if not self.done:
            redraw.stir()
        self.elapsed += dt * _speed
        t = min(1.0, max(0.0, self.elapsed / self.duration))
        self.value = self.start + (self.end - self.start) * self.easing(t)
        return self.value

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, self.elapsed / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class Smooth:
    """A value that follows a target exponentially (hover glows, panel slides); rate per second."""

    def __init__(self, value: float = 0.0, rate: float = 12.0):
        self.value = value
        self.target = value
        self.rate = rate

    def update(self, dt: float) -> float:
        if self.value == self.target:
            return self.value
        k = 1 - math.exp(-self.rate * dt * _speed)
        self.value += (self.target - self.value) * k
        if abs(self.target - self.value) < 1e-3:
            self.value = self.target
        redraw.request()
        return self.value


class Timeline:
    """A queue of timed steps played in order, each with what to do when it starts, as it runs and when
    it ends: ``on_start()``, ``on_update(t)`` with t from 0 to 1, and ``on_end()``, which runs exactly
    once even when the steps are finished at once (skipped).

    Game views use it to play a cascade of events one after the other so it reads as one chain.
    """

    def __init__(self):
        self.steps: list[list] = []
        self.elapsed = 0.0

    def add(self, duration: float, on_start: Callable | None = None, on_update: Callable | None = None,
            on_end: Callable | None = None) -> None:
        self.steps.append([duration, on_start, on_update, on_end, False])

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def update(self, dt: float) -> None:
        if self.steps:
            redraw.stir()
        dt *= _speed
        while self.steps and dt >= 0:
            step = self.steps[0]
            duration, on_start, on_update, on_end, started = step
            if not started:
                step[4] = True
                self.elapsed = 0.0
                if on_start:
                    on_start()
            remaining = duration - self.elapsed
            used = min(dt, remaining)
            self.elapsed += used
            if on_update:
                on_update(min(1.0, self.elapsed / duration) if duration > 0 else 1.0)
            if self.elapsed >= duration:
                self.steps.pop(0)
                if on_end:
                    on_end()
                dt -= used
                if dt <= 0 and self.steps:
                    break
            else:
                break

    def finish(self) -> None:
        """Run every remaining step to its end at once (skip animations)."""
        while self.steps:
            duration, on_start, on_update, on_end, started = self.steps.pop(0)
            if not started and on_start:
                on_start()
            if on_update:
                on_update(1.0)
            if on_end:
                on_end()
