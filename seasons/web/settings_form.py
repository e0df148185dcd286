"""The console's Settings form, generated from the declaration (:mod:`seasons.settings_spec`)."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from accounts.models import time_zone_choices
from seasons.models import Season
from seasons.selectors.game_choice import game_choice_name
from seasons.settings_spec import SETTINGS, setting_choices, setting_closed, setting_value


class SeasonSettingsForm(forms.Form):
    """The console's settings, generated from :data:`seasons.settings_spec.SETTINGS`: each in words and
    units a person uses, grouped, and disabled (with the reason) where the season's stage closes it."""

    reason = forms.CharField(
        max_length=500, required=False, label="Why (optional)", help_text="Shown beside the change in the log."
    )

    def __init__(
        self,
        *args: object,
        season: Season,
        dm_games: Sequence[tuple[str, str]] = (),
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.season = season
        self.groups: dict[str, list[str]] = {}
        for s in SETTINGS:
            current = setting_value(season, s.name)
            closed = setting_closed(season, s)
            field: forms.Field
            if s.kind == "bool":
                field = forms.BooleanField(required=False)
            elif s.kind == "int":
                field = forms.IntegerField(min_value=s.low, max_value=s.high)
            elif s.kind == "text":
                field = forms.CharField(max_length=120)
            elif s.kind == "handles":
                field = forms.CharField(max_length=2000, widget=forms.TextInput(attrs={"autocapitalize": "none"}))
            else:
                if s.name == "dm_game":
                    choices: Sequence[tuple[object, str]] = list(dm_games)
                    if current not in {k for k, _ in choices}:
                        choices = [(current, game_choice_name(current)), *choices]
                elif s.name == "time_zone":
                    choices = [(z, z.replace("_", " ")) for z, _ in time_zone_choices()]
                else:
                    choices = [(str(k), label) for k, label in setting_choices(s, current)]
                field = forms.ChoiceField(choices=choices)
            field.label = s.label
            field.help_text = f"{s.help} {closed}".strip() if closed else s.help
            field.initial = (
                s.to_field(current)
                if s.kind != "choice" or s.name in ("dm_game", "time_zone")
                else str(s.to_field(current))
            )
            field.disabled = bool(closed)
            self.fields[s.name] = field
            self.groups.setdefault(s.group, []).append(s.name)
        self.order_fields([s.name for s in SETTINGS] + ["reason"])

    def grouped(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The fields by group, in the declaration's order (the template draws one fieldset each)."""
        return [(group, [self[n] for n in names]) for group, names in self.groups.items()]

    def changes(self) -> dict[str, object]:
        """The open settings as the form gives them (the service skips those that did not change)."""
        return {
            name: value
            for name, value in self.cleaned_data.items()
            if name != "reason" and not self.fields[name].disabled
        }
