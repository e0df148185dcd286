"""Lengths of time as a host chooses them and a person reads them ("6 hours", never 21600)."""

from __future__ import annotations

HOUR = 3600
MINUTE = 60

# A Main Match round and a pick: the new-season form and the Settings page offer the same (issue 46), from 30 s.
LONG_TIMES = [
    (30, "30 seconds"),
    (MINUTE, "1 minute"),
    (5 * MINUTE, "5 minutes"),
    (15 * MINUTE, "15 minutes"),
    (30 * MINUTE, "30 minutes"),
    (HOUR, "1 hour"),
    (2 * HOUR, "2 hours"),
    (6 * HOUR, "6 hours"),
    (12 * HOUR, "12 hours"),
    (24 * HOUR, "24 hours"),
    (36 * HOUR, "36 hours"),
    (48 * HOUR, "48 hours"),
    (72 * HOUR, "72 hours"),
]
LIVE_TIMES = [
    (0, "the game's own"),
    (20, "20 seconds"),
    (30, "30 seconds"),
    (45, "45 seconds"),
    (MINUTE, "1 minute"),
    (90, "90 seconds"),
    (2 * MINUTE, "2 minutes"),
    (5 * MINUTE, "5 minutes"),
    (HOUR, "1 hour"),
    (24 * HOUR, "24 hours"),
]
LEAD_TIMES = [
    (0, "at once"),
    (5 * MINUTE, "5 minutes"),
    (15 * MINUTE, "15 minutes"),
    (30 * MINUTE, "30 minutes"),
    (HOUR, "1 hour"),
    (6 * HOUR, "6 hours"),
    (24 * HOUR, "24 hours"),
]
WINDOWS = [
    (0, "no: only a host moves it"),
    (2, "up to 2 hours later"),
    (6, "up to 6 hours later"),
    (24, "up to 24 hours later"),
    (48, "up to 48 hours later"),
]


def duration_words(seconds: int | None) -> str:
    """A length of time as a person says it: "90 seconds", "1 hour", "36 hours", "2 days"."""
    if not seconds:
        return "none"
    if seconds % 86400 == 0 and seconds >= 4 * 86400:
        n, unit = seconds // 86400, "day"
    elif seconds % HOUR == 0:
        n, unit = seconds // HOUR, "hour"
    elif seconds % MINUTE == 0:
        n, unit = seconds // MINUTE, "minute"
    else:
        n, unit = seconds, "second"
    return f"{n} {unit}{'' if n == 1 else 's'}"
