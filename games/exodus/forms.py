"""The Exodus submission form, built from the viewer's view so it offers only legal choices.

- A trading round: a fixed number of rows (the round's most trades: 2 cubes /
  3 gems), each a partner picker (other players, less last year's partners in
  the gem version) and an item picker (what the viewer holds at the start of the
  round, less a locked Diamond). Blank rows are ignored.
- The winners' pick: the tied players (or no preference).
The engine validates the move again on the server.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import forms

from games.forms import MoveFormBase


class MoveForm(MoveFormBase):
    """One Exodus move in the public notation of DESIGN.md."""

    def setup_fields(self) -> None:
        """Fields for what the viewer may do in the current turn (none when not awaited)."""
        you: dict[str, Any] = dict(self.view.get("you") or {})
        public: dict[str, Any] = dict(self.view.get("public") or {})
        self.mode = "none"
        self.rows = 0
        if not you.get("awaited"):
            return
        initial = self.initial_move
        if public.get("phase") == "ec" and you.get("ec_choices"):
            self.mode = "ec"
            choices = [("", "No preference (leave it to the other winners, then to lot)")]
            choices += [(p, p) for p in you["ec_choices"]]
            self.fields["ec"] = forms.ChoiceField(choices=choices, required=False, label="Elimination Candidate")
            self.fields["ec"].initial = initial.get("ec") or ""
            return
        if public.get("phase") != "trade":
            return
        self.mode = "trade"
        self.giveable: dict[str, int] = {str(k): int(v) for k, v in dict(you.get("giveable") or {}).items()}
        partners = [str(p) for p in you.get("partners") or []]
        self.rows = int(public.get("max_trades") or 0)
        partner_choices = [("", "—")] + [(p, p) for p in partners]
        item_choices = [("", "—")] + [(k, f"{k} ({n})") for k, n in self.giveable.items()]
        old = [t for t in initial.get("trades") or [] if isinstance(t, dict)]
        for i in range(self.rows):
            self.fields[f"with_{i}"] = forms.ChoiceField(
                choices=partner_choices, required=False, label=f"Trade {i + 1}: with"
            )
            self.fields[f"give_{i}"] = forms.ChoiceField(
                choices=item_choices, required=False, label=f"Trade {i + 1}: give"
            )
            if i < len(old):
                self.fields[f"with_{i}"].initial = old[i].get("with", "")
                self.fields[f"give_{i}"].initial = old[i].get("give", "")

    def row_pairs(self) -> list[tuple[Any, Any]]:
        """The (partner, item) bound fields of each row, for the template."""
        return [(self[f"with_{i}"], self[f"give_{i}"]) for i in range(self.rows)]

    def clean(self) -> dict[str, Any]:
        """Blank rows are ignored; a half-filled row, a repeated partner or too many of an item is an error."""
        data = super().clean() or {}
        if self.mode != "trade":
            return data
        trades: list[dict[str, str]] = []
        used: Counter[str] = Counter()
        for i in range(self.rows):
            who, what = data.get(f"with_{i}") or "", data.get(f"give_{i}") or ""
            if not who and not what:
                continue
            if not who or not what:
                raise forms.ValidationError(
                    f"Trade {i + 1}: choose both a player and what to give them (or leave both blank)."
                )
            if any(t["with"] == who for t in trades):
                raise forms.ValidationError(f"You may trade with {who} only once this round.")
            used[what] += 1
            if used[what] > self.giveable.get(what, 0):
                raise forms.ValidationError(f"You can give away only {self.giveable.get(what, 0)} {what} this round.")
            trades.append({"with": who, "give": what})
        data["trades"] = trades
        return data

    def to_move(self) -> dict[str, Any]:
        """The move in public notation; call only after ``is_valid()``."""
        if self.mode == "ec":
            return {"ec": self.cleaned_data.get("ec") or None}
        if self.mode == "trade":
            return {"trades": list(self.cleaned_data.get("trades", []))}
        return {}
