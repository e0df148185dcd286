"""The dealer's form for a tally, a review or an opening turn (FORMAT.md "Seats, turns and moves").

Everything the dealer's move carries is a field a host fills in without typing a handle or JSON: the
announcement, a private line, the points and an "out" box per player, whether the match goes on or ends,
the next round's players (when that round awaits named players) and, when the match ends, its outcome.
A review starts from the mechanic's proposal; a saved draft from itself. The engine's ``validate``
(``games.house.engine.dealer.dealer_validate``) stays the one judge of the move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from games.house.engine.constants import LIMIT as POINTS_LIMIT
from games.house.play.player_fields import ordinal, shown

ANNOUNCEMENT_MAX = 4000
PRIVATE_MAX = 2000

TOKENS_MAX = 3
GARNETS_MAX = 100
OUTCOME_WAYS = [
    ("rule", "By the game's own rule, from the scores"),
    ("named", "As I name it below"),
]


def private_name(player: str) -> str:
    return f"private__{player}"


def points_name(player: str) -> str:
    return f"points__{player}"


def out_name(player: str) -> str:
    return f"out__{player}"


def candidate_name(place: int) -> str:
    return f"candidate__{place}"


def tokens_name(player: str) -> str:
    return f"tokens__{player}"


def garnets_name(player: str) -> str:
    return f"garnets__{player}"


def start_move(dealer: Mapping[str, Any], phase: str, draft: Mapping[str, Any]) -> dict[str, Any]:
    """What the form starts from: the dealer's saved draft, else (a review) the mechanic's proposal."""
    if draft:
        return dict(draft)
    if phase == "review" and isinstance(dealer.get("proposal"), Mapping):
        return dict(dealer["proposal"])
    return {}


def open_fields(alive: Sequence[str], start: Mapping[str, Any]) -> dict[str, forms.Field]:
    """An opening turn: the players of the round about to start."""
    initial = list(start.get("next_awaits") or alive)
    return {
        "next_awaits": forms.MultipleChoiceField(
            choices=[(p, p) for p in alive],
            widget=forms.CheckboxSelectMultiple,
            initial=initial,
            label="Who plays this round",
            help_text="Tick the players this round awaits. If you send nothing: every player still in the match.",
        )
    }


def tally_fields(
    *,
    players: Sequence[str],
    alive: Sequence[str],
    score_label: str,
    next_named: bool,
    start: Mapping[str, Any],
    death: bool = False,
) -> dict[str, forms.Field]:
    """A tally or a review: announcement, per-player lines, points and outs, what comes next, the outcome."""
    private = dict(start.get("private") or {})
    points = dict(start.get("points") or {})
    gone = set(start.get("out") or [])
    fields: dict[str, forms.Field] = {
        "announcement": forms.CharField(
            required=False,
            max_length=ANNOUNCEMENT_MAX,
            initial=start.get("announcement", ""),
            strip=True,
            label="Announcement (public)",
            widget=forms.Textarea(attrs={"rows": 5, "maxlength": ANNOUNCEMENT_MAX}),
            help_text="Everyone reads it in the match log, line breaks kept. Left empty: no public line.",
        )
    }
    for p in players:
        fields[points_name(p)] = forms.IntegerField(
            required=False,
            min_value=-POINTS_LIMIT,
            max_value=POINTS_LIMIT,
            initial=points.get(p, 0),
            label=f"{score_label} for {p} this round",
            help_text="Added to the score (negative takes away).",
        )
        if p in alive:
            fields[out_name(p)] = forms.BooleanField(
                required=False, initial=p in gone, label=f"Put {p} out of the match"
            )
        fields[private_name(p)] = forms.CharField(
            required=False,
            max_length=PRIVATE_MAX,
            initial=private.get(p, ""),
            strip=True,
            label=f"Private line to {p}",
            widget=forms.Textarea(attrs={"rows": 2, "maxlength": PRIVATE_MAX}),
        )
    fields["next"] = forms.ChoiceField(
        choices=[("continue", "Go on (the game's own end rules still apply)"), ("end", "End the match now")],
        widget=forms.RadioSelect,
        initial=start.get("next", "continue"),
        label="Then",
    )
    if next_named:
        fields["next_awaits"] = forms.MultipleChoiceField(
            required=False,
            choices=[(p, p) for p in alive],
            widget=forms.CheckboxSelectMultiple,
            initial=list(start.get("next_awaits") or []),
            label="Who plays the next round",
            help_text="Left empty: you name them when the next round opens.",
        )
    fields.update(outcome_fields(players=players, start=start, death=death))
    return fields


def outcome_fields(*, players: Sequence[str], start: Mapping[str, Any], death: bool = False) -> dict[str, forms.Field]:
    """The outcome a dealer gives when ending the match (read only with "End the match now"). A Death Match
    has one winner, picked by a radio button, and the other player is its candidate (no places to fill)."""
    outcome = dict(start.get("outcome") or {})
    tokens = dict(outcome.get("tokens") or {})
    garnets = dict(outcome.get("garnets") or {})
    before = list(outcome.get("candidates") or [])
    fields: dict[str, forms.Field] = {
        "outcome_way": forms.ChoiceField(
            choices=OUTCOME_WAYS,
            widget=forms.RadioSelect,
            initial="named" if outcome else "rule",
            label="The result",
            required=False,
        ),
        "winners": forms.MultipleChoiceField(
            required=False,
            choices=[(p, p) for p in players],
            widget=forms.CheckboxSelectMultiple,
            initial=list(outcome.get("winners") or []),
            label="Winners",
        ),
    }
    if death:
        fields["winners"] = forms.ChoiceField(
            required=False,
            choices=[(p, p) for p in players],
            widget=forms.RadioSelect,
            initial=(list(outcome.get("winners") or []) or [None])[0],
            label="Winner (the other player loses the Death Match)",
        )
    for i in range(1, 0 if death else len(players) + 1):
        fields[candidate_name(i)] = forms.ChoiceField(
            required=False,
            choices=[("", "—"), *((p, p) for p in players)],
            initial=before[i - 1] if i <= len(before) else "",
            label=f"Elimination Candidate, {ordinal(i)} in line",
        )
    for p in players:
        fields[tokens_name(p)] = forms.IntegerField(
            required=False, min_value=0, max_value=TOKENS_MAX, initial=tokens.get(p, 0), label=f"Tokens of Life for {p}"
        )
        fields[garnets_name(p)] = forms.IntegerField(
            required=False, min_value=0, max_value=GARNETS_MAX, initial=garnets.get(p, 0), label=f"Garnets for {p}"
        )
    return fields


def tally_move(
    data: Mapping[str, Any], *, players: Sequence[str], alive: Sequence[str], next_named: bool
) -> dict[str, Any]:
    """The dealer's move (FORMAT.md) from the cleaned form: zero points and empty lines left out."""
    move: dict[str, Any] = {"announcement": str(data.get("announcement") or "")}
    private = {p: str(data.get(private_name(p)) or "") for p in players}
    move["private"] = {p: t for p, t in private.items() if t}
    move["points"] = {p: int(n) for p in players if (n := data.get(points_name(p)))}
    move["out"] = [p for p in alive if data.get(out_name(p))]
    move["next"] = data.get("next") or "continue"
    if move["next"] == "continue" and next_named and data.get("next_awaits"):
        move["next_awaits"] = list(data["next_awaits"])
    if move["next"] == "end" and data.get("outcome_way") == "named":
        chosen = data.get("winners") or []
        winners = [chosen] if isinstance(chosen, str) else list(chosen)  # a Death Match's one winner
        named = [str(data.get(candidate_name(i)) or "") for i in range(1, len(players) + 1)]
        outcome: dict[str, Any] = {"winners": winners}
        if candidates := [p for p in named if p]:
            outcome["candidates"] = candidates
        outcome["tokens"] = {p: int(n) for p in winners if (n := data.get(tokens_name(p)))}
        outcome["garnets"] = {p: int(n) for p in players if (n := data.get(garnets_name(p)))}
        move["outcome"] = outcome
    return move


def candidates_problem(data: Mapping[str, Any], players: Sequence[str]) -> str:
    """What is wrong with the candidates' order ("" when nobody is named twice)."""
    named = [str(data.get(candidate_name(i)) or "") for i in range(1, len(players) + 1)]
    chosen = [p for p in named if p]
    twice = sorted({p for p in chosen if chosen.count(p) > 1})
    return f"{', '.join(twice)} named twice among the Elimination Candidates." if twice else ""


def tally_table(form_fields: Sequence[Mapping[str, Any]], pending: Mapping[str, Any]) -> dict[str, Any]:
    """Every submission of the closed round as a table: a column per field, a row per player (each cell
    with its column's label, so a phone can draw a row as a card)."""
    columns = [str(f.get("label") or f.get("name")) for f in form_fields]
    rows = []
    for player, move in pending.items():
        move = move if isinstance(move, Mapping) else {}
        cells = []
        for label, f in zip(columns, form_fields, strict=True):
            value = move.get(str(f.get("name")))
            if f.get("type") == "order" and isinstance(value, list):
                words = " ".join(f"{i}. {p}" for i, p in enumerate(value, 1))
            else:
                words = "—" if value is None else shown(value)
            cells.append({"label": label, "value": words})
        rows.append({"player": player, "cells": cells})
    return {"columns": columns, "rows": rows}
