"""Synthesise the game's sound effects into ``sounds/*.wav`` (mono, 16-bit, 22050 Hz).

Standard library only, deterministic (fixed seeds): ``python tools/make_sounds.py``.

One family of short, soft sounds: wooden and stone knocks are sums of damped partials (modal
synthesis) over a little filtered noise, tones are mellow marimba/bell partials, and everything
passes through the same small wooden-room reflection. Each sound gets smooth fade-in and fade-out
ramps (no clicks), has its DC removed, and is normalised to a common short-term loudness (softer
for UI ticks) with the peak kept below -1 dBFS (no clipping).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sounds"
PEAK_LIMIT = 10 ** (-1.0 / 20)  # -1 dBFS
TAU = 2 * math.pi

Signal = list[float]


# -- building blocks ---------------------------------------------------------------------------

def silence(seconds: float) -> Signal:
    return [0.0] * max(1, int(seconds * RATE))


def mix_into(target: Signal, source: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add ``source`` into ``target`` starting ``at`` seconds in, growing ``target`` as needed."""
    offset = int(at * RATE)
    end = offset + len(source)
    if end > len(target):
        target.extend([0.0] * (end - len(target)))
    for i, value in enumerate(source):
        target[offset + i] += value * gain
    return target


def partial(freq: float, seconds: float, decay: float, amp: float = 1.0, glide: float = 0.0,
            attack: float = 0.002, phase: float = 0.0) -> Signal:
    """A sine at ``freq`` Hz (gliding by ``glide`` Hz over its length) decaying with time constant ``decay`` s."""
    n = int(seconds * RATE)
    out = []
    ph = phase
    attack_n = max(1, int(attack * RATE))
    for i in range(n):
        t = i / RATE
        f = freq + glide * (i / n)
        ph += TAU * f / RATE
        env = math.exp(-t / decay)
        if i < attack_n:
            env *= 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
        out.append(amp * env * math.sin(ph))
    return release(out)


def release(signal: Signal, seconds: float = 0.02) -> Signal:
    """Fade the last ``seconds`` out (raised cosine), so a part that ends early never clicks."""
    n = min(len(signal) // 2, int(seconds * RATE))
    for i in range(n):
        signal[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n)
    return signal


def modal(freqs: list[float], amps: list[float], decays: list[float], seconds: float, attack: float = 0.0015,
          detune: float = 0.0, rng: random.Random | None = None) -> Signal:
    """A struck object: several damped partials started together."""
    out = silence(seconds)
    for f, a, d in zip(freqs, amps, decays, strict=True):
        if rng is not None and detune:
            f *= 1 + rng.uniform(-detune, detune)
        mix_into(out, partial(f, seconds, d, a, attack=attack, phase=(rng.random() * TAU if rng else 0.0)))
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def envelope(signal: Signal, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Raised-cosine attack, optional hold, then exponential decay (time constant ``decay`` s)."""
    attack_n = max(1, int(attack * RATE))
    hold_n = int(hold * RATE)
    out = []
    for i, value in enumerate(signal):
        if i < attack_n:
            env = 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
        elif i < attack_n + hold_n:
            env = 1.0
        else:
            env = math.exp(-(i - attack_n - hold_n) / RATE / decay)
        out.append(value * env)
    return release(out)


def biquad(signal: Signal, kind: str, freq: float | Callable[[float], float], q: float = 0.707) -> Signal:
    """RBJ-cookbook low-pass / high-pass / band-pass filter; ``freq`` may vary with time (a function of t)."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    fixed = not callable(freq)
    coefficients = None
    for i, x in enumerate(signal):
        if coefficients is None or not fixed and i % 32 == 0:
            f = freq if fixed else freq(i / RATE)
            f = min(max(f, 20.0), RATE * 0.45)
            w = TAU * f / RATE
            cos_w, alpha = math.cos(w), math.sin(w) / (2 * q)
            if kind == "low":
                b0, b1, b2 = (1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2
            elif kind == "high":
                b0, b1, b2 = (1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2
            else:  # band-pass, 0 dB peak gain
                b0, b1, b2 = alpha, 0.0, -alpha
            a0, a1, a2 = 1 + alpha, -2 * cos_w, 1 - alpha
            coefficients = (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)
        c0, c1, c2, d1, d2 = coefficients
        y = c0 * x + c1 * x1 + c2 * x2 - d1 * y1 - d2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def room(signal: Signal, amount: float = 0.18) -> Signal:
    """The shared small wooden room: a few damped early reflections, so all sounds sit in one space."""
    taps = [(0.011, 0.55), (0.019, 0.42), (0.029, 0.33), (0.041, 0.24), (0.057, 0.16), (0.077, 0.1)]
    wet = silence(len(signal) / RATE + 0.1)
    for delay, gain in taps:
        mix_into(wet, signal, delay, gain)
    wet = biquad(wet, "low", 2800)
    out = list(signal) + [0.0] * (len(wet) - len(signal))
    return [dry + amount * w for dry, w in zip(out, wet, strict=True)]


def finish(signal: Signal, loudness_db: float) -> Signal:
    """Remove DC, trim the silent tail, ramp the ends, normalise the short-term loudness, limit the peak."""
    signal = biquad(signal, "high", 35)
    peak = max(abs(v) for v in signal) or 1.0
    threshold = peak * 10 ** (-55 / 20)
    last = max(i for i, v in enumerate(signal) if abs(v) > threshold)
    signal = signal[: min(len(signal), last + int(0.01 * RATE))]
    fade_in = int(0.0015 * RATE)
    fade_out = min(int(0.012 * RATE), len(signal) // 3)
    for i in range(fade_in):
        signal[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    for i in range(fade_out):
        signal[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    signal[0] = signal[-1] = 0.0
    loudness = short_term_loudness(signal)
    gain = 10 ** (loudness_db / 20) / loudness if loudness > 0 else 1.0
    peak = max(abs(v) for v in signal) * gain
    if peak > PEAK_LIMIT:
        gain *= PEAK_LIMIT / peak
    return [v * gain for v in signal]


def short_term_loudness(signal: Signal, window: float = 0.05) -> float:
    """The highest RMS over any ``window``-second stretch (for very short sounds, the whole sound)."""
    n = max(1, min(len(signal), int(window * RATE)))
    squares = [v * v for v in signal]
    running = sum(squares[:n])
    best = running
    for i in range(n, len(squares)):
        running += squares[i] - squares[i - n]
        best = max(best, running)
    return math.sqrt(max(best, 0.0) / n)


def tone(freq: float, seconds: float, decay: float, amp: float = 1.0, bright: float = 0.3) -> Signal:
    """A soft mallet tone: fundamental, a quieter fourth partial (marimba-like) and a faint octave."""
    out = partial(freq, seconds, decay, amp, attack=0.004)
    mix_into(out, partial(freq * 2.0, seconds, decay * 0.5, amp * 0.12, attack=0.004))
    mix_into(out, partial(freq * 3.93, seconds, decay * 0.18, amp * bright, attack=0.002))
    return out


def note(name: str) -> float:
    """Frequency of a note such as "C5" or "F#4" (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semitone = steps[name[0]] + (1 if "#" in name else -1 if "b" in name[1:] else 0)
    octave = int(name[-1])
    return 440.0 * 2 ** ((semitone + 12 * (octave - 4)) / 12)


# -- the sounds --------------------------------------------------------------------------------

def knock(rng: random.Random, base: float, seconds: float = 0.18, thump: float = 0.6, hardness: float = 1.0) -> Signal:
    """A wooden knock: inharmonic bar modes plus a short low thump and a breath of noise."""
    ratios = [1.0, 2.32, 3.86, 5.6]
    amps = [1.0, 0.55 * hardness, 0.3 * hardness, 0.12 * hardness]
    decays = [0.045, 0.025, 0.014, 0.008]
    out = modal([base * r for r in ratios], amps, decays, seconds, detune=0.01, rng=rng)
    mix_into(out, partial(base * 0.32, seconds, 0.03, thump, glide=-base * 0.06))
    burst = envelope(noise(0.03, rng), 0.0005, 0.004)
    mix_into(out, biquad(burst, "band", base * 2.5, q=1.2), gain=0.5 * hardness)
    return out


def click(rng: random.Random) -> Signal:
    out = modal([1850, 3050, 4400], [1.0, 0.45, 0.2], [0.012, 0.007, 0.004], 0.06, rng=rng)
    mix_into(out, biquad(envelope(noise(0.01, rng), 0.0005, 0.002), "band", 2500, q=1.5), gain=0.4)
    return room(out, 0.1)


def hover(rng: random.Random) -> Signal:
    out = modal([2600, 4100], [1.0, 0.3], [0.006, 0.003], 0.03, rng=rng)
    return room(out, 0.06)


def card_slide(rng: random.Random) -> Signal:
    hiss = noise(0.26, rng)
    hiss = biquad(hiss, "band", lambda t: 1800 + 2600 * t / 0.26, q=0.8)
    hiss = biquad(hiss, "low", 5000)
    out = envelope(hiss, 0.07, 0.05, hold=0.06)
    return room(out, 0.12)


def card_flip(rng: random.Random) -> Signal:
    flick = envelope(biquad(noise(0.12, rng), "band", lambda t: 3000 - 9000 * t, q=0.9), 0.025, 0.03)
    snap = modal([1400, 2900], [0.5, 0.2], [0.01, 0.006], 0.05, rng=rng)
    out = mix_into(flick, snap, at=0.045)
    return room(out, 0.12)


def place(rng: random.Random) -> Signal:
    return room(knock(rng, 520, 0.2), 0.2)


def bridge(rng: random.Random) -> Signal:
    plank = knock(rng, 300, 0.25, thump=0.8)
    out = mix_into(plank, knock(rng, 330, 0.25, thump=0.7), at=0.085, gain=0.85)
    rub = envelope(biquad(noise(0.12, rng), "band", 900, q=0.7), 0.02, 0.03)
    mix_into(out, rub, at=0.01, gain=0.12)
    return room(out, 0.22)


def stone(rng: random.Random) -> Signal:
    clack = modal([1750, 2980, 4630, 6100], [1.0, 0.7, 0.45, 0.2], [0.02, 0.014, 0.009, 0.005], 0.16, detune=0.02,
                  rng=rng)
    mix_into(clack, partial(150, 0.12, 0.025, 0.6, glide=-40))
    second = modal([1790, 3010], [0.3, 0.2], [0.012, 0.008], 0.06, rng=rng)
    mix_into(clack, second, at=0.032)  # the stone settles
    return room(clack, 0.2)


def capture(rng: random.Random) -> Signal:
    out = tone(note("E5"), 0.18, 0.09, 0.8)
    mix_into(out, tone(note("A5"), 0.4, 0.16, 1.0), at=0.11)
    return room(out, 0.2)


def remove(rng: random.Random) -> Signal:
    out = partial(210, 0.22, 0.05, 1.0, glide=-90)
    mix_into(out, knock(rng, 380, 0.16, thump=0.3, hardness=0.5), gain=0.6)
    mix_into(out, knock(rng, 300, 0.16, thump=0.2, hardness=0.4), at=0.06, gain=0.3)
    return room(biquad(out, "low", 2400), 0.2)


def dice(rng: random.Random) -> Signal:
    out = silence(0.55)
    at = 0.0
    for i in range(6):
        base = rng.uniform(2300, 3400)
        hit = modal([base, base * 1.58, base * 2.41], [1.0, 0.5, 0.25], [0.012, 0.008, 0.005], 0.05, detune=0.03,
                    rng=rng)
        mix_into(hit, biquad(envelope(noise(0.01, rng), 0.0003, 0.002), "band", 4000, q=1.0), gain=0.35)
        mix_into(out, hit, at=at, gain=0.95 ** i * rng.uniform(0.65, 1.0))
        at += rng.uniform(0.04, 0.1)
    mix_into(out, knock(rng, 600, 0.1, thump=0.4, hardness=0.3), at=0.0, gain=0.35)
    return room(out, 0.25)


def cannon(rng: random.Random) -> Signal:
    boom = partial(85, 0.9, 0.16, 1.0, glide=-40, attack=0.005)
    mix_into(boom, partial(170, 0.5, 0.07, 0.35, glide=-70, attack=0.005))
    rumble = envelope(noise(0.9, rng), 0.006, 0.18)
    rumble = biquad(biquad(rumble, "low", lambda t: 1100 * math.exp(-t / 0.1) + 150), "low", 800)
    out = mix_into(boom, rumble, gain=2.2)
    return room(out, 0.3)


def splash(rng: random.Random) -> Signal:
    body = envelope(noise(0.5, rng), 0.012, 0.11)
    body = biquad(body, "band", lambda t: 1400 - 1400 * t, q=0.6)
    body = biquad(body, "low", 3500)
    out = body
    for _ in range(7):
        f = rng.uniform(700, 1600)
        drop = partial(f, 0.04, 0.012, rng.uniform(0.15, 0.3), glide=f * 0.8)
        mix_into(out, drop, at=rng.uniform(0.05, 0.35))
    return room(out, 0.18)


def sink(rng: random.Random) -> Signal:
    out = envelope(biquad(noise(0.75, rng), "low", 450), 0.05, 0.25)
    out = [v * 0.5 for v in out]
    at = 0.02
    while at < 0.6:
        f = rng.uniform(180, 420) * (1 - at * 0.6)
        bubble = partial(f, 0.07, 0.02, rng.uniform(0.5, 1.0), glide=f * 1.4, attack=0.003)
        mix_into(out, bubble, at=at, gain=1 - at)
        at += rng.uniform(0.035, 0.09)
    return room(biquad(out, "low", 1800), 0.2)


def chime(rng: random.Random) -> Signal:
    out = silence(0.8)
    for at, name, amp in ((0.0, "G5", 0.8), (0.09, "D6", 0.7)):
        f = note(name)
        bell = modal([f, f * 2.01, f * 2.76, f * 5.4], [1.0, 0.25, 0.2, 0.05], [0.3, 0.15, 0.09, 0.04], 0.7,
                     attack=0.003, rng=rng)
        mix_into(out, bell, at=at, gain=amp)
    return room(biquad(out, "low", 5000), 0.2)


def coin(rng: random.Random) -> Signal:
    out = silence(0.4)
    for at, f, amp, d in ((0.0, note("B5"), 0.7, 0.05), (0.065, note("E6"), 1.0, 0.14)):
        ping = modal([f, f * 2.41, f * 3.9], [1.0, 0.3, 0.12], [d, d * 0.5, d * 0.3], 0.35, attack=0.002, rng=rng)
        mix_into(out, ping, at=at, gain=amp)
    return room(out, 0.15)


def error(rng: random.Random) -> Signal:
    out = partial(196, 0.2, 0.06, 1.0, glide=-16, attack=0.008)
    mix_into(out, partial(392, 0.2, 0.03, 0.2, glide=-32, attack=0.008))
    mix_into(out, partial(165, 0.18, 0.05, 0.6, glide=-12, attack=0.008), at=0.07)
    return room(biquad(out, "low", 1500), 0.15)


def victory(rng: random.Random) -> Signal:
    out = silence(1.5)
    for at, name, amp, length, decay in (
        (0.0, "C5", 0.7, 0.3, 0.12),
        (0.12, "E5", 0.7, 0.3, 0.12),
        (0.24, "G5", 0.75, 0.3, 0.12),
        (0.38, "C6", 0.9, 1.0, 0.35),
    ):
        mix_into(out, tone(note(name), length, decay, amp, bright=0.2), at=at)
    for name in ("E5", "G5"):  # the final chord under the top note
        mix_into(out, tone(note(name), 1.0, 0.32, 0.35, bright=0.1), at=0.38)
    return room(biquad(out, "low", 5500), 0.22)


# name: (synthesiser, loudness in dB relative to full scale)
SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], float]] = {
    "click": (click, -19.0),
    "hover": (hover, -31.0),
    "card_slide": (card_slide, -19.0),
    "card_flip": (card_flip, -19.0),
    "place": (place, -16.0),
    "bridge": (bridge, -16.0),
    "stone": (stone, -17.0),
    "capture": (capture, -16.0),
    "remove": (remove, -16.0),
    "dice": (dice, -17.0),
    "cannon": (cannon, -14.0),
    "splash": (splash, -17.0),
    "sink": (sink, -17.0),
    "chime": (chime, -17.0),
    "coin": (coin, -18.0),
    "error": (error, -18.0),
    "victory": (victory, -16.0),
}


def write_wav(path: Path, signal: Signal) -> None:
    frames = struct.pack(f"<{len(signal)}h", *(max(-32767, min(32767, round(v * 32767))) for v in signal))
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the game's sound effects.")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("names", nargs="*", help="only these sounds (default: all)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for index, (name, (make, loudness)) in enumerate(SOUNDS.items()):
        if args.names and name not in args.names:
            continue
        rng = random.Random(20240 + index)
        signal = finish(make(rng), loudness)
        path = args.out / f"{name}.wav"
        write_wav(path, signal)
        size = path.stat().st_size
        total += size
        peak = max(abs(v) for v in signal)
        print(f"{name:11s} {len(signal) / RATE:5.2f} s  peak {20 * math.log10(peak):6.1f} dBFS  "
              f"loudness {20 * math.log10(short_term_loudness(signal)):6.1f} dB  {size / 1024:6.1f} KB")
    print(f"total {total / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
