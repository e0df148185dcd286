"""The Density Deck submission form: only the controls the viewer may legally use now."""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import MoveFormBase

DRAWN = "drawn"


class MoveForm(MoveFormBase):
    """The two steps of a turn: first fight / surrender / draw (and where from); once the player
    has seen the drawn card, which of the 4 cards to discard (and whether to surrender after).
    When the winner picks the EC, the form is a single picker.
    """

    action = forms.ChoiceField(label="Your move", widget=forms.RadioSelect, required=False)
    draw_from = forms.ChoiceField(label="Draw from", required=False)
    discard = forms.ChoiceField(label="Discard", widget=forms.RadioSelect, required=False)
    surrender_after = forms.BooleanField(label="Surrender after this discard", required=False)
    ec = forms.ChoiceField(label="Elimination Candidate", required=False)

    def setup_fields(self) -> None:
        """Build the choices from the viewer's view: the draw step, the discard step or the EC pick."""
        public: dict[str, Any] = dict(self.view.get("public", {}))
        you: dict[str, Any] = dict(self.view.get("you", {}))
        self.step = "ec" if public.get("phase") == "ec" else ("discard" if you.get("drawn") else "draw")
        keep = {"ec": ("ec",), "discard": ("discard", "surrender_after"), "draw": ("action", "draw_from")}[self.step]
        for name in [n for n in self.fields if n not in keep]:
            del self.fields[name]
        if self.step == "ec":
            self.fields["ec"].choices = [(p, p) for p in public.get("ec_choices", [])]  # type: ignore[attr-defined]
            self.fields["ec"].required = True
            self.fields["ec"].initial = self.initial_move.get("ec")
        elif self.step == "discard":
            drawn = str(you["drawn"])
            hand = list(you.get("hand", []))
            others = list(hand)
            others.remove(drawn)
            self.fields["discard"].choices = [  # type: ignore[attr-defined]
                (DRAWN, f"{drawn} (the card you just drew)"),
                *[(c, c) for c in dict.fromkeys(others)],
            ]
            self.fields["discard"].required = True
            self.fields["discard"].initial = self.initial_move.get("discard")
            self.fields["surrender_after"].initial = bool(self.initial_move.get("surrender"))
        else:
            self._draw_fields(public, you)

    def _draw_fields(self, public: dict[str, Any], you: dict[str, Any]) -> None:
        sources: list[str] = list(you.get("draw_from", []))
        actions = [("draw", "Draw a card (you discard after seeing it)")] if sources else []
        if you.get("may_fight"):
            actions.append(("fight", "Start a fight (the match ends now)"))
        actions.append(("surrender", "Surrender before drawing"))
        self.fields["action"].choices = actions  # type: ignore[attr-defined]
        self.fields["action"].initial = self.initial_move.get("action")
        tops: dict[str, Any] = dict(public.get("discards", {}))
        labels = {"deck": f"the deck ({public.get('deck_size', 0)} cards)"}
        for p in sources:
            if p != "deck" and tops.get(p):
                labels[p] = f"{p}'s discard pile: {tops[p]['name']}"
        self.fields["draw_from"].choices = [(s, labels.get(s, s)) for s in sources]  # type: ignore[attr-defined]
        self.fields["draw_from"].initial = self.initial_move.get("from")

    def clean(self) -> dict[str, Any]:
        """The draw step needs a move (and a source to draw from)."""
        data = super().clean() or {}
        if self.step != "draw":
            return data
        action = data.get("action") or ""
        if not action:
            self.add_error("action", "Choose a move.")
        elif action == "draw" and not data.get("draw_from"):
            self.add_error("draw_from", "Choose where to draw from.")
        return data

    def to_move(self) -> dict[str, Any]:
        """The move in the public notation of DESIGN.md."""
        data = self.cleaned_data
        if self.step == "ec":
            return {"ec": data["ec"]}
        if self.step == "discard":
            return {"discard": data["discard"], "surrender": bool(data.get("surrender_after"))}
        if data["action"] != "draw":
            return {"action": data["action"]}
        return {"action": "draw", "from": data["draw_from"]}
