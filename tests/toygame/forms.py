from django import forms

from games.forms import MoveFormBase


class MoveForm(MoveFormBase):
    fingers = forms.TypedChoiceField(
        choices=[(1, "One finger"), (2, "Two fingers")], coerce=int, widget=forms.RadioSelect, label="Show"
    )

    def setup_fields(self) -> None:
        self.fields["fingers"].initial = self.initial_move.get("fingers", 1)
