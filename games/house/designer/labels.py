"""The designer's words: short labels for the options of its selects (a 360 px phone cuts long ones; the
explanation goes in help text under the select), human labels for the mechanics' param choices (the stored
values stay the mechanics' own), and the match's end as one choice mapped onto the format's ``rounds`` and
``end`` keys (FORMAT.md is unchanged; only the form presents it so).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Short enough for a select on a 360 px phone; the template explains the chosen type under it.
FIELD_TYPES = (
    ("choice", "Choice from a list"),
    ("number", "Whole number"),
    ("player", "One player"),
    ("players", "Several players"),
    ("order", "Players in order"),
    ("text", "Free text"),
    ("garnets", "Garnet bid"),
    ("flag", "Yes or no"),
    ("pairing", "Pairs of players"),
    ("give", "A gift of a holding"),
    ("trade", "A trade of holdings"),
    ("card", "A card played"),
    ("draw", "A card drawn"),
)
TURN_CHOICES = (("86400", "24 hours"), ("60", "60 seconds (live)"), ("custom", "Another length (seconds)"))
TALLY_CHOICES = (
    (60, "1 minute (live)"),
    (300, "5 minutes"),
    (3600, "1 hour"),
    (6 * 3600, "6 hours"),
    (86400, "24 hours"),
    (2 * 86400, "48 hours"),
)

# (mechanic, param) → {stored value: what the dealer reads}, with the help shown under the select.
PARAM_CHOICES: dict[tuple[str, str], tuple[dict[str, str], str]] = {
    ("highest_bid", "price"): (
        {"own": "Their own bid", "second": "The second-highest bid", "none": "Nothing"},
        "Nothing suits garnets fields that pay only if won.",
    ),
    ("lowest_bid", "price"): (
        {"own": "Their own bid", "none": "Nothing"},
        "Nothing suits garnets fields that pay only if won.",
    ),
    ("unique_bid", "want"): (
        {"lowest": "The lowest unique number", "highest": "The highest unique number"},
        "A number only one player named.",
    ),
    ("vote", "method"): (
        {"plurality": "Most votes", "majority_runoff": "Majority, else a runoff"},
        "Majority: without more than half of the votes, the top two face a runoff.",
    ),
    ("vote", "effect"): (
        {"points": "Points", "out": "Out of the match", "points_and_out": "Points and out"},
        "Points: the chosen player (or the voters for the chosen option) scores the award; out: the chosen "
        "player is out of the match.",
    ),
    ("closest_to_target", "target"): (
        {"mean": "A fraction of the mean", "median": "A fraction of the median", "value": "A fixed number"},
        "A fraction: the factor below times the mean or median of the guesses; a fixed number: the fixed target.",
    ),
    ("closest_to_target", "ties"): (
        {"all": "All of them score", "tiebreak": "Only the first in the tiebreak"},
        "Only the first: the earliest in the season's tiebreak order.",
    ),
    ("payoff_matrix", "pairing"): (
        {"random": "Drawn at random", "mutual": "Players who named each other"},
        "Drawn at random among the players who chose; an odd one out sits out.",
    ),
    ("ranking_sum", "scoring"): (
        {"winner": "The lowest total", "by_rank": "Everyone, by place"},
        "Everyone, by place: each player scores the award per player with a worse place.",
    ),
}

# A param shown only when another param of its mechanic has one of some values (the page's script hides
# it otherwise; without the script it stays, with its help saying when it applies).
PARAM_SHOWN_WHEN: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("closest_to_target", "factor"): ("target", ("mean", "median")),
    ("closest_to_target", "value"): ("target", ("value",)),
}

END_RULES = (
    ("rounds", "After N rounds"),
    ("first_to", "First to N points"),
    ("last_standing", "Last one standing"),
    ("dealer", "When the dealer ends it"),
)


def param_options(mechanic: str, param: str, choices: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(value, label)`` for each of a choice param's ``choices`` (an unknown value reads as itself)."""
    labels = PARAM_CHOICES.get((mechanic, param), ({}, ""))[0]
    return [(c, labels.get(c, c.replace("_", " "))) for c in choices]


def param_help(mechanic: str, param: str, fallback: str) -> str:
    """The help under a choice param's select, in the labels' words (the mechanic's own help otherwise)."""
    return PARAM_CHOICES.get((mechanic, param), ({}, fallback))[1]


def end_rule_of(draft: Mapping[str, Any]) -> str:
    """Which of :data:`END_RULES` the draft's ``rounds`` and ``end`` describe (a fixed number of rounds wins;
    an early end by a score or the last one standing stays as its extra inputs)."""
    given = draft.get("end")
    end: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    if draft.get("rounds", 1) is not None and end.get("after_rounds", True) is not False:
        return "rounds"
    if end.get("first_to") is not None:  # "" too: a "first to" left blank, redrawn with its error
        return "first_to"
    if end.get("last_standing"):
        return "last_standing"
    return "dealer"


def end_from_rule(rule: str, *, rounds: Any, first_to: Any, last_standing: bool) -> tuple[Any, dict[str, Any]]:
    """The format's ``rounds`` and ``end`` for the end ``rule`` and its inputs: after N rounds (a score or the
    last one standing may end it earlier), first to N (or the last one standing), the last one standing, or
    when the dealer ends it. A "first to" left blank stays blank text, so the check names the input."""
    if rule == "rounds":
        return "" if rounds is None else rounds, {
            "after_rounds": True,
            "first_to": first_to,
            "last_standing": last_standing,
        }
    if rule == "first_to":
        return None, {
            "after_rounds": True,
            "first_to": "" if first_to is None else first_to,
            "last_standing": last_standing,
        }
    if rule == "last_standing":
        return None, {"after_rounds": True, "first_to": None, "last_standing": True}
    return None, {"after_rounds": True, "first_to": None, "last_standing": False}
