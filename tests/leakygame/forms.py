from django import forms

from games.forms import MoveFormBase


class MoveForm(MoveFormBase):
    guess = forms.TypedChoiceField(choices=[(n, str(n)) for n in range(1, 10)], coerce=int, label="Guess")
