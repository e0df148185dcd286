"""The Warriors' Death submission form, built from the viewer's view.

The viewer's units are a row of clickable cards (a radio choice; dead units are
shown greyed and cannot be picked); the active choice a unit needs (Divination's
or Rescue's guess, Aetheric Mimicry's disguise, Closed Position's selection,
Huton's rounds) is a field shown only while that unit is picked. When Rescue
forces a unit, it is the only card offered.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import MoveFormBase
from games.warriors.units import table

ROUNDS = [("0", "Keep the length"), ("1", "Add a round"), ("-1", "Remove a round")]


def _title(name: str) -> str:
    return name.title()


class ActiveSelect(forms.Select):
    """A select of units whose options name the active choice each unit takes (``data-active``).

    The page's script reads it to show the field a Blue Mage's disguise may fake: the rules
    stay in the server's unit table, and the script holds no game data.
    """

    def __init__(self, actives: dict[str, str], attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.actives = actives

    def create_option(
        self,
        name: str,
        value: Any,
        label: Any,
        selected: Any,
        index: int,
        subindex: int | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        active = self.actives.get(str(value))
        if active:
            option["attrs"]["data-active"] = active
        return option


class MoveForm(MoveFormBase):
    """One round's unit (and its active choice) in the public notation of DESIGN.md."""

    def setup_fields(self) -> None:
        """Fields for the viewer's playable units; none when the viewer is not awaited."""
        you: dict[str, Any] = dict(self.view.get("you") or {})
        public: dict[str, Any] = dict(self.view.get("public") or {})
        self.cards: list[dict[str, Any]] = list(you.get("units") or [])
        self.variant = str(public.get("variant") or "classic")
        self.forced: dict[str, Any] | None = you.get("forced")
        if not you.get("awaited"):
            self.cards = []
            return
        units = table(self.variant)
        names = (["chocobo", "carbuncle"] if self.variant == "extended" else ["chocobo"]) + list(
            public.get("pool") or []
        )
        playable = [c["name"] for c in self.cards if c.get("playable")]
        if self.forced:
            playable = [self.forced["unit"]]
        initial = self.initial_move
        self.fields["unit"] = forms.ChoiceField(
            choices=[(n, f"{_title(n)} [{units[n].base}]") for n in playable],
            widget=forms.RadioSelect,
            label="Send out",
            initial=initial.get("unit") or (playable[0] if self.forced else None),
        )
        named = [(n, _title(n)) for n in names]
        self.fields["guess"] = forms.ChoiceField(
            choices=[("", "—"), *named],
            required=False,
            label="Prediction (the opponent's unit)",
            initial=initial.get("guess"),
        )
        self.fields["disguise"] = forms.ChoiceField(
            choices=[("", "—"), *[c for c in named if c[0] != "blue mage"]],
            widget=ActiveSelect({n: str(units[n].active) for n in names if units[n].active}),
            required=False,
            label="Disguise as",
            initial=initial.get("disguise"),
        )
        self.fields["select"] = forms.ChoiceField(
            choices=[("", "—"), *named], required=False, label="Closed Position: select", initial=initial.get("select")
        )
        self.fields["rounds"] = forms.TypedChoiceField(
            choices=ROUNDS,
            coerce=int,
            required=False,
            empty_value=0,  # type: ignore[arg-type]
            label="Huton",
            initial=str(initial.get("rounds", 0)),
        )

    def fakes_active(self) -> bool:
        """Whether a disguise also fakes its unit's active choice (the extended version's Blue Mage)."""
        return self.variant == "extended"

    def card_rows(self) -> list[dict[str, Any]]:
        """The viewer's cards for the template: name, strengths, alive, whether pickable, active."""
        picked = self["unit"].value() if "unit" in self.fields else None
        allowed = {v for v, _ in self.fields["unit"].choices} if "unit" in self.fields else set()  # type: ignore[attr-defined]
        units = table(self.variant)
        return [
            {
                **c,
                "title": _title(c["name"]),
                "pickable": c["name"] in allowed,
                "checked": c["name"] == picked,
                "active": units[c["name"]].active,
                "ability": units[c["name"]].ability,
            }
            for c in self.cards
        ]

    def clean(self) -> dict[str, Any]:
        """A unit with a guess, disguise or selection needs it (Huton's rounds default to 0)."""
        data = super().clean() or {}
        unit = data.get("unit")
        active = table(self.variant)[unit].active if unit else None
        if active in ("guess", "disguise", "select") and not data.get(active) and not self.forced:
            self.add_error(active, f"The {_title(str(unit))} needs this choice.")
        return data

    def to_move(self) -> dict[str, Any]:
        """The move in public notation; call only after ``is_valid()``."""
        if self.forced:
            return dict(self.forced)
        data = self.cleaned_data
        unit = data["unit"]
        move: dict[str, Any] = {"unit": unit}
        active = table(self.variant)[unit].active
        if active == "rounds":
            move["rounds"] = int(data.get("rounds") or 0)
        elif active and data.get(active):
            move[active] = data[active]
        if unit == "blue mage" and self.variant == "extended" and data.get("disguise"):
            fake = table(self.variant)[data["disguise"]].active
            if fake == "rounds" and data.get("rounds"):
                move["rounds"] = int(data["rounds"])
            elif fake in ("guess", "select") and data.get(fake):
                move[fake] = data[fake]
        return move
