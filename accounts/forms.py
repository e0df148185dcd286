"""Sign-up and profile forms."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User, time_zone_choices


class SignupForm(UserCreationForm):
    """A new account: handle (lower-case), password, time zone, and an e-mail address for password resets."""

    time_zone = forms.ChoiceField(
        choices=time_zone_choices, initial="UTC", help_text="Every page, notice and API time is shown in this zone."
    )
    email = forms.EmailField(required=False, label="E-mail (optional)", help_text="Only to reset a forgotten password.")

    class Meta:
        model = User
        fields = ("username", "email", "time_zone")

    def clean_username(self) -> str:
        name = self.cleaned_data["username"].strip().lower()
        if User.objects.filter(username__iexact=name).exists():
            raise forms.ValidationError("That handle is taken.")
        return name


class ProfileForm(forms.ModelForm):
    """The zone every time is shown in (pages, notices, API), and the e-mail a password reset goes to."""

    time_zone = forms.ChoiceField(
        choices=time_zone_choices, help_text="Every page, notice and API time is shown in this zone."
    )
    email = forms.EmailField(required=False, label="E-mail", help_text="Only to reset a forgotten password.")

    class Meta:
        model = User
        fields = ("email", "time_zone")


class FirstRunForm(SignupForm):
    """The install's first account: a handle, a password, the zone its times show in."""


class HostGrantForm(forms.Form):
    """A site admin names an existing account to give the host role."""

    username = forms.CharField(
        label="Handle", max_length=150, help_text="The account's handle (they sign up first).", strip=True
    )
