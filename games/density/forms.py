"""The Density Deck submission form: only the controls the viewer may legally use now."""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import MoveFormBase

DRAWN = "drawn"


class MoveForm(MoveFormBase):
    """Fight / surrender / draw, with the draw source and the card to discard among hand + the drawn card.

    Drawing and discarding are one submission: for a deck draw the drawn card is unknown
    when the player submits, so the discard picker offers ``"drawn"`` (the card just drawn)
    beside the cards in hand. When the winner picks the EC, the form is a single picker.
    """

    action = forms.ChoiceField(label="Your move", widget=forms.RadioSelect, required=False)
    draw_from = forms.ChoiceField(label="Draw from", required=False)
    discard = forms.ChoiceField(label="Then discard", required=False)
    surrender_after = forms.BooleanField(label="Surrender after drawing", required=False)
    ec = forms.ChoiceField(label="Elimination Candidate", required=False)

    def setup_fields(self) -> None:
        """Build the choices from the viewer's view."""
        public: dict[str, Any] = dict(self.view.get("public", {}))
        you: dict[str, Any] = dict(self.view.get("you", {}))
        if public.get("phase") == "ec":
            for name in ("action", "draw_from", "discard", "surrender_after"):
                del self.fields[name]
            self.fields["ec"].choices = [(p, p) for p in public.get("ec_choices", [])]  # type: ignore[attr-defined]
            self.fields["ec"].required = True
            self.fields["ec"].initial = self.initial_move.get("ec")
            return
        del self.fields["ec"]
        sources: list[str] = list(you.get("draw_from", []))
        actions = [("draw", "Draw and discard")] if sources else []
        if you.get("may_fight"):
            actions.append(("fight", "Start a fight"))
        actions.append(("surrender", "Surrender before drawing"))
        self.fields["action"].choices = actions  # type: ignore[attr-defined]
        self.fields["action"].initial = self.initial_move.get("action", actions[0][0])
        tops: dict[str, Any] = dict(public.get("discards", {}))
        labels = {"deck": f"the deck ({public.get('deck_size', 0)} cards)"}
        for p in sources:
            if p != "deck" and tops.get(p):
                labels[p] = f"{p}'s discard pile: {tops[p]['name']}"
        self.fields["draw_from"].choices = [(s, labels.get(s, s)) for s in sources]  # type: ignore[attr-defined]
        self.fields["draw_from"].initial = self.initial_move.get("from")
        hand = list(dict.fromkeys(you.get("hand", [])))
        self.fields["discard"].choices = [(c, c) for c in hand] + [(DRAWN, "the card I draw")]  # type: ignore[attr-defined]
        self.fields["discard"].initial = self.initial_move.get("discard", DRAWN)
        self.fields["surrender_after"].initial = bool(self.initial_move.get("surrender"))

    def clean(self) -> dict[str, Any]:
        """A draw needs a source and a discard."""
        data = super().clean() or {}
        if "ec" in self.fields:
            return data
        action = data.get("action") or ""
        if not action:
            raise forms.ValidationError("Choose a move.")
        if action == "draw" and not (data.get("draw_from") and data.get("discard")):
            raise forms.ValidationError("Choose where to draw from and which card to discard.")
        return data

    def to_move(self) -> dict[str, Any]:
        """The move in the public notation of DESIGN.md."""
        data = self.cleaned_data
        if "ec" in self.fields:
            return {"ec": data["ec"]}
        if data["action"] != "draw":
            return {"action": data["action"]}
        return {
            "action": "draw",
            "from": data["draw_from"],
            "discard": data["discard"],
            "surrender": bool(data.get("surrender_after")),
        }
