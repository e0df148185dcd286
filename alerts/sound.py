"""Writes ``static/turn.wav``, the live round's "your move" sound: two short sine notes (E6 then A6), faded in
and out so they do not click, 8 kHz mono 8-bit (about 3 KB). Run ``python -m alerts.sound`` to write it again."""

from __future__ import annotations

import math
import wave
from pathlib import Path

RATE = 8000


def notes() -> bytes:
    """The two notes' samples, unsigned 8-bit."""
    out = bytearray()
    for freq, seconds in ((1318.5, 0.12), (1760.0, 0.22)):
        n = int(RATE * seconds)
        for i in range(n):
            fade = min(1.0, i / (0.01 * RATE), (n - i) / (0.06 * RATE))
            out.append(128 + int(90 * fade * math.sin(2 * math.pi * freq * i / RATE)))
    return bytes(out)


def write(path: Path) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(notes())


if __name__ == "__main__":
    write(Path(__file__).resolve().parents[1] / "static" / "turn.wav")
