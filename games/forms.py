"""The base of every game's submission form.

A game's ``forms.py`` defines ``MoveForm(MoveFormBase)``: it is built from the
viewer's ``view`` (so pickers only offer what the rules allow) and turns its
cleaned data into the public move notation with :meth:`to_move`. The server
still validates the move with the engine: the form is a convenience, not a gate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.forms.renderers import Jinja2

from core.jsoninput import JsonInputError, json_parse


def parse_json_object(raw: str | None, what: str = "the value") -> dict[str, Any]:
    """``raw`` parsed as a JSON object (blank: ``{}``), else a ValidationError naming ``what``."""
    try:
        value = json_parse((raw or "").strip() or "{}", field=what)
    except JsonInputError as exc:
        raise forms.ValidationError(str(exc)) from exc
    if not isinstance(value, dict):
        raise forms.ValidationError(f"{what} must be a JSON object")
    return value


# One renderer (and so one compiled engine) for every move form of the process. A close draws a move form for every
# awaited seat's page, and Django's Jinja2 copies of its widget templates draw one in about half the CPU of its
# template engine (bench/README.md, issue 29, sixth pass). The site's other forms keep the default renderer: the
# admin's own widgets have no Jinja2 copies.
MOVE_FORM_RENDERER = Jinja2()


def labels_of(form: Any) -> dict[str, str]:
    """The move's keys as a move form names them (a JSON move has no form: its keys as written)."""
    return dict(form.move_labels()) if form is not None else {}


def words_of(form: Any, move: Any) -> dict[str, str]:
    """The move's values as a move form says them (none: each said part by part)."""
    return dict(form.move_words(move)) if form is not None and isinstance(move, dict) else {}


class MoveFormBase(forms.Form):
    """A form that yields a move in the public notation, drawn by :data:`MOVE_FORM_RENDERER`."""

    default_renderer = MOVE_FORM_RENDERER

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        view: Mapping[str, Any],
        player: str,
        initial_move: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(data, **kwargs)
        self.view = view
        self.player = player
        self.initial_move = dict(initial_move or {})
        self.setup_fields()
        self._name_controls()

    def _name_controls(self) -> None:
        """Give every single control its label as an accessible name: game templates often lay fields
        out in tables without a visible <label> (a screen reader would read "combo box" alone)."""
        for field in self.fields.values():
            widget = field.widget
            if field.label and getattr(widget, "input_type", None) not in ("radio", "checkbox"):
                widget.attrs.setdefault("aria-label", str(field.label))

    def setup_fields(self) -> None:
        """Adjust fields and choices from ``self.view``; override in games."""

    @property
    def public(self) -> dict[str, Any]:
        """The public part of the viewer's view."""
        return dict(self.view.get("public") or {})

    @property
    def you(self) -> dict[str, Any]:
        """The viewer's private part of the view (empty for a spectator)."""
        return dict(self.view.get("you") or {})

    def move_labels(self) -> dict[str, str]:
        """How the player's confirmation names each key of the move (a key not listed is named as written):
        a game whose keys are its own words needs none; a dealer's game names them by the dealer's labels."""
        return {}

    def move_words(self, move: Mapping[str, Any]) -> dict[str, str]:
        """How the player's confirmation says a key's value, where plain words of its parts would not read as
        a sentence (a key not listed is said part by part): a dealer's trade is "give 3 chips for 1 gem"."""
        return {}

    def set_choices(self, name: str, choices: Sequence[tuple[Any, str]], *, initial: Any = None) -> None:
        """Offer only ``choices`` in the choice field ``name`` (preselecting ``initial`` when given)."""
        field = self.fields[name]
        if not isinstance(field, forms.ChoiceField):
            raise TypeError(f"{name} is not a choice field")
        field.choices = list(choices)
        if initial is not None:
            field.initial = initial

    def to_move(self) -> dict[str, Any]:
        """The move in public notation; call only after ``is_valid()``."""
        return dict(self.cleaned_data)


class JsonMoveForm(MoveFormBase):
    """A fallback form: the move typed as JSON (for games without a form of their own)."""

    move = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), label="Move (JSON)")

    def clean_move(self) -> dict[str, Any]:
        return parse_json_object(self.cleaned_data["move"], "the move")

    def to_move(self) -> dict[str, Any]:
        return dict(self.cleaned_data["move"])
