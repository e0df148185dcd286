"""Sign-up and profile forms."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User, time_zone_choices


class SignupForm(UserCreationForm):
    """A new account: handle (lower-case), password, time zone."""

    time_zone = forms.ChoiceField(choices=time_zone_choices, initial="UTC")

    class Meta:
        model = User
        fields = ("username", "time_zone")

    def clean_username(self) -> str:
        name = self.cleaned_data["username"].strip().lower()
        if User.objects.filter(username__iexact=name).exists():
            raise forms.ValidationError("That handle is taken.")
        return name


class ProfileForm(forms.ModelForm):
    """The zone every deadline is shown in."""

    time_zone = forms.ChoiceField(choices=time_zone_choices)

    class Meta:
        model = User
        fields = ("time_zone",)
