"""Forms of the season pages: a transfer (with its confirmation step), a pick, the host's steps."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from games.forms import parse_json_object
from seasons.models import LedgerEntry


class TransferForm(forms.Form):
    """Garnets to another player; the page asks the sender to confirm before anything moves."""

    to = forms.CharField(max_length=150, label="To (handle)")
    amount = forms.IntegerField(min_value=1, label="Garnets")
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)


class PickForm(forms.Form):
    """The player the picker names."""

    choice = forms.CharField(max_length=150, label="Player")


class HostStepForm(forms.Form):
    """One host step on the season console; ``reason`` is always required."""

    STEPS = [
        ("pause", "Pause the season"), ("resume", "Resume the season"),
        ("adjust", "Adjust the ledger"), ("undo_entry", "Undo a ledger entry"),
        ("replace", "Replace a player"), ("restore", "Undo an elimination"),
        ("eliminate", "Eliminate a player"), ("ec_set", "Set an EC"), ("dmo_set", "Set a DMO"),
        ("confirm", "Confirm an automatic step"),
        ("abort_matches", "Abort the season's unfinished matches"), ("finish", "Finish the season"),
    ]

    step = forms.ChoiceField(choices=STEPS)
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))
    player = forms.CharField(max_length=150, required=False, help_text="The player concerned.")
    other = forms.CharField(max_length=150, required=False, help_text="Replace: the newcomer; EC: the EC replaced.")
    currency = forms.ChoiceField(choices=LedgerEntry.Currency.choices, required=False)
    amount = forms.IntegerField(required=False)
    target_id = forms.IntegerField(required=False, help_text="A ledger entry, pick, episode or log id.")


class EpisodeStartForm(forms.Form):
    """The host picks a game and the alive players of the Main Match."""

    game = forms.ChoiceField(choices=[])
    players = forms.MultipleChoiceField(choices=[], widget=forms.CheckboxSelectMultiple)
    dm_game = forms.ChoiceField(choices=[], required=False, label="Death Match game")
    options = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}),
                              help_text='Game options as JSON, e.g. {"variant": "gems"} (optional).')

    def clean_options(self) -> dict[str, object]:
        """The options as a JSON object."""
        return parse_json_object(self.cleaned_data.get("options"), "options")

    def __init__(self, *args: object, games: list[tuple[str, str]], alive: list[str],
                 dm_games: Sequence[str] = (), **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["game"].choices = games
        self.fields["dm_game"].choices = [("", "the season's")] + [(g, g) for g in dm_games]
        self.fields["players"].choices = [(h, h) for h in alive]
