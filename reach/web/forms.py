"""Forms of the reach pages."""

from __future__ import annotations

from typing import Any

from django import forms

from reach.models import MailPrefs
from reach.selectors import ChangeableOption
from reach.webhooks import validate_discord_webhook


class PostForm(forms.Form):
    """One message to (or from) the dealer."""

    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "Ask the dealer…"}), max_length=4000, label="Message"
    )


class ClarificationForm(forms.Form):
    """A host's clarification, or an amendment that may also change a changeable game option."""

    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Ruling (public)")
    option_name = forms.ChoiceField(required=False, label="Also change a game option (an amendment)")
    option_value = forms.CharField(required=False, label="New value")

    def __init__(self, *args: Any, options: list[ChangeableOption] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        opts = options or []
        self.fields["option_name"].choices = [("", "— no option: a clarification —")] + [  # type: ignore[attr-defined]
            (o.name, f"{o.title} (now {o.value})") for o in opts
        ]
        if not opts:
            del self.fields["option_name"]
            del self.fields["option_value"]


class ChannelForm(forms.Form):
    """The season's Discord webhook."""

    discord_webhook = forms.URLField(
        required=False,
        max_length=400,
        label="Discord webhook URL",
        assume_scheme="https",
        validators=[validate_discord_webhook],
        help_text="Server settings → Integrations → Webhooks → Copy Webhook URL. "
        "Only public announcements are posted there.",
    )


class MailPrefsForm(forms.ModelForm):
    """Which e-mails to get, and whether in one daily digest."""

    class Meta:
        model = MailPrefs
        fields = [*MailPrefs.KINDS, "digest", "discord_reminders"]
