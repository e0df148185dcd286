"""The ABC submission form, built from the viewer's view so it offers only legal choices.

- The X (pairing turn): one picker, "pair <first> with ...": choosing the first
  player's pair fixes the other pair, so every choice is a perfect matching.
- A paired player: Ally / Betray / Censure.
- A winner breaking a tie for last: the players tied for last.
- "Double my payout" appears only when the viewer can pay for it this turn.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import MoveFormBase

ACTION_CHOICES = [("ally", "Ally"), ("betray", "Betray"), ("censure", "Censure")]


class MoveForm(MoveFormBase):
    """One ABC move in the public notation of DESIGN.md."""

    def setup_fields(self) -> None:
        """Fields for what the viewer may do in the current turn (none when not awaited)."""
        you: dict[str, Any] = dict(self.view.get("you") or {})
        phase = (self.view.get("public") or {}).get("phase")
        self.mode = "none"
        if not you.get("awaited"):
            return
        initial = self.initial_move
        if phase == "pairing" and you.get("to_pair"):
            self.mode = "pairing"
            first, *rest = you["to_pair"]
            choices = []
            for partner in rest:
                others = [p for p in rest if p != partner]
                choices.append((partner, f"{first} & {partner}, {others[0]} & {others[1]}"))
            self.fields["partner"] = forms.ChoiceField(
                choices=choices, widget=forms.RadioSelect, label=f"Pair {first} with"
            )
            self.fields["partner"].initial = self._initial_partner(first, initial)
            self.first, self.rest = first, rest
        elif phase == "actions":
            self.mode = "action"
            self.fields["action"] = forms.ChoiceField(
                choices=ACTION_CHOICES, widget=forms.RadioSelect, label=f"Your move against {you.get('partner')}"
            )
            self.fields["action"].initial = initial.get("action")
        elif phase == "ec" and you.get("ec_choices"):
            self.mode = "ec"
            self.fields["ec"] = forms.ChoiceField(
                choices=[(p, p) for p in you["ec_choices"]], widget=forms.RadioSelect, label="Elimination Candidate"
            )
            self.fields["ec"].initial = initial.get("ec")
        if self.mode in ("pairing", "action") and you.get("can_double"):
            self.fields["double"] = forms.BooleanField(
                required=False,
                initial=bool(initial.get("double")),
                label=f"Double my payout this round (costs {you['double_cost']} garnets; you have {you['garnets']})",
            )

    @staticmethod
    def _initial_partner(first: str, initial: dict[str, Any]) -> str | None:
        """The first player's pair in an earlier pairing submission, if any."""
        for pair in initial.get("pairs") or []:
            if isinstance(pair, list) and first in pair and len(pair) == 2:
                return pair[1] if pair[0] == first else pair[0]
        return None

    def to_move(self) -> dict[str, Any]:
        """The move in public notation; call only after ``is_valid()``."""
        data = self.cleaned_data
        double = bool(data.get("double", False))
        if self.mode == "pairing":
            partner = data["partner"]
            others = [p for p in self.rest if p != partner]
            return {"pairs": [[self.first, partner], others], "double": double}
        if self.mode == "action":
            return {"action": data["action"], "double": double}
        if self.mode == "ec":
            return {"ec": data["ec"]}
        return {}
