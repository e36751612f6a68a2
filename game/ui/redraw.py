"""When the window draws a frame: only when something changed or moves, so an idle screen costs nothing.

The app draws a frame for every event (a click, a key, the pointer moving, the window shown again) and
then only while something asks for frames:

- ``request()``: draw this turn of the loop (a hover glow easing, a message shown). Tweens, smooth
  values and timelines ask for themselves each turn they move, so an animation runs at the full frame
  rate to its last frame, and stops asking once it has arrived.
- ``stir(seconds)`` / ``until(time)``: draw every turn for that long. Input and every change of a game
  stir the screen: the ambient motion of a table (a pulse on what can be clicked, waves on the sea) plays
  while it is ``lively()`` and then holds still, so a table waiting for its player stops drawing.
- ``at(time)``: draw a frame at that time (a caret that blinks). It holds for one turn of the loop: who
  needs a later frame asks again each turn (``update``), and the earliest asked is kept.
- A scene that moves on its own says so each turn (``Scene.needs_frames``, e.g. a computer player
  thinking) and when it next must draw though nothing moves (``Scene.wake_at``: a message or a hint that
  runs out).
- ``wake()``, from any thread: a waiting loop wakes at once (a message from the network arrived).

Times are ``clock()`` seconds (``time.perf_counter``).
"""

from __future__ import annotations

import time

LIVELY_SECONDS = 4.0
"""How long ambient motion plays after the last input or change before the screen holds still."""

_asked = False
_lively_until = 0.0
_timer: float | None = None


def clock() -> float:
    return time.perf_counter()


def request() -> None:
    """Draw a frame this turn of the loop."""
    global _asked
    _asked = True


def until(moment: float) -> None:
    """Draw every frame until ``moment`` (a ``clock()`` time); ambient motion plays meanwhile."""
    global _lively_until
    _lively_until = max(_lively_until, moment)


def stir(seconds: float = LIVELY_SECONDS) -> None:
    """Something happened: draw every frame for ``seconds``, ambient motion included."""
    until(clock() + seconds)


def lively() -> bool:
    """True while the screen is stirred: ambient motion plays only then."""
    return clock() < _lively_until


def at(moment: float) -> None:
    """Draw a frame at ``moment`` (a ``clock()`` time) though nothing else happens by then; asked each turn."""
    global _timer
    _timer = moment if _timer is None else min(_timer, moment)


def next_timer() -> float | None:
    """The earliest frame asked for with ``at`` this turn, or None."""
    return _timer


def begin_turn() -> bool:
    """A new turn of the loop: True when a timer asked for last turn has come; the timers start afresh."""
    global _timer
    due = _timer is not None and clock() >= _timer
    _timer = None
    return due


def take() -> bool:
    """Whether this turn must draw a frame: asked for or stirred (the request is used up)."""
    global _asked
    asked, _asked = _asked, False
    return asked or lively()


def reset() -> None:
    """Forget every request (a new window)."""
    global _asked, _lively_until, _timer
    _asked = False
    _lively_until = 0.0
    _timer = None


WAKE_EVENT: int | None = None


def wake_event() -> int:
    """The event type ``wake`` posts (made on first use: it needs pygame)."""
    global WAKE_EVENT
    if WAKE_EVENT is None:
        import pygame

        WAKE_EVENT = pygame.event.custom_type()
    return WAKE_EVENT


def wake() -> None:
    """Wake the loop waiting for events now; safe from any thread (the network's, a worker's)."""
    import pygame

    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(wake_event()))
