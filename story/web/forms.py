"""Forms of the story pages: a confessional, and a host's publication setting."""

from __future__ import annotations

from typing import Any

from django import forms

from story.models import StorySettings
from story.services import MAX_CHARS


class ConfessionalForm(forms.Form):
    """A confessional: the text, and optionally the match (one of the writer's) and turn it is about."""

    text = forms.CharField(
        label="Your confessional",
        max_length=MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "What are you planning? Whom do you trust?"}),
        help_text="Only the hosts read it until it is published.",
    )
    match = forms.TypedChoiceField(label="About a match (optional)", required=False, coerce=int, empty_value=None)
    turn = forms.IntegerField(label="Turn number (optional)", required=False, min_value=1)

    def __init__(self, *args: Any, matches: list[tuple[int, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["match"].choices = [("", "— the season in general —"), *(matches or [])]  # type: ignore[attr-defined]


class ConfessionalEditForm(forms.Form):
    """A new text for one's own unpublished confessional (the old one is kept as a revision)."""

    text = forms.CharField(label="Confessional", max_length=MAX_CHARS, widget=forms.Textarea(attrs={"rows": 8}))


class PublishForm(forms.Form):
    """When the season's confessionals are published (hosts only)."""

    publish_on = forms.ChoiceField(label="Publish confessionals", choices=StorySettings.PublishOn.choices)
