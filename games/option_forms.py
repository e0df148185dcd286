"""A game's options as a Django form, generated from its declared ``options_schema``.

Only the options a host sets appear (``season=True`` ones are filled in by the season). Every
field is optional and starts at the declared default; the form hands back raw values that
``games.options.options_clean`` checks (the one validation every consumer shares).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from games.engine import Engine, OptionSpec
from games.options import options_clean


def option_field(spec: OptionSpec, players: Sequence[str] = ()) -> forms.Field:
    """The form field a host fills in for ``spec``."""
    common: dict[str, Any] = {"label": spec.title, "help_text": spec.help, "required": False}
    if spec.kind == "int":
        return forms.IntegerField(min_value=spec.low, max_value=spec.high, initial=spec.default, **common)
    if spec.kind == "bool":
        return forms.BooleanField(initial=bool(spec.default), **common)
    if spec.kind == "choice":
        return forms.ChoiceField(
            choices=[(c, c.replace("-", " ").capitalize()) for c in spec.choices], initial=spec.default, **common
        )
    if spec.kind == "player" and players:
        return forms.ChoiceField(choices=[("", "—"), *((p, p) for p in players)], **common)
    if spec.kind == "names" and spec.choices:
        return forms.MultipleChoiceField(
            choices=[(c, c) for c in spec.choices], widget=forms.CheckboxSelectMultiple, **common
        )
    hint = {
        "players": "Handles in order, separated by commas.",
        "player_ints": "handle=number, separated by commas.",
    }.get(spec.kind, "")
    common["help_text"] = " ".join(x for x in (spec.help, hint) if x)
    return forms.CharField(max_length=2000, **common)


class OptionsForm(forms.Form):
    """The host-set options of one engine; ``raw_options()`` after ``is_valid()``."""

    def __init__(self, *args: Any, engine: Engine[Any], players: Sequence[str] = (), **kwargs: Any) -> None:
        kwargs.setdefault("prefix", engine.slug)
        super().__init__(*args, **kwargs)
        self.engine = engine
        for spec in engine.options_schema:
            if not spec.season:
                self.fields[spec.name] = option_field(spec, players)

    def raw_options(self) -> dict[str, Any]:
        """The filled-in values (blank ones left out), for ``options_clean``."""
        out: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            if value in ("", None, []):
                continue
            out[name] = value
        return out

    def clean(self) -> dict[str, Any]:
        """Coerced and checked by the shared ``options_clean`` (its RuleError names the option)."""
        data = super().clean() or {}
        try:
            options_clean(self.engine.options_schema, {k: v for k, v in data.items() if v not in ("", None, [])})
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc
        return data
