"""A game's Django ``MoveForm`` as Discord components, for any installed game, generically.

Each field becomes one control, in the form's order: a ``ChoiceField`` a string select, a
``MultipleChoiceField`` a multi-select, a ``BooleanField`` a Yes/No select, and anything else
(numbers, text, a choice of more than 25 options) a text input in a modal; a choice with no
options is shown but not drawn. Every id and option value is held to Discord's limits (100
characters, unique) whatever the form's names and values are. A message holds five
rows: up to four selects and a row of buttons (pages, the modal, Save, Lock in), so a long form
is split into pages. What the player picked is kept as the raw data an HTML form would post.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict

from games.forms import JsonMoveForm
from games.registry import get_entry
from reach.discord.replies import clip_middle

SELECTS_PER_PAGE = 4
TEXTS_PER_PAGE = 5
OPTION_LIMIT = 25
ID_LIMIT = 100  # Discord's limit on a custom_id and on a select option's value
BLANK = "(none)"  # the label a blank choice shows when the form gives it none

Data = dict[str, Any]  # field name -> str (or list[str] for a multi-select); a missing key is an unticked box


@dataclass(frozen=True)
class Control:
    """How one form field is shown: its kind ("select", "multi", "bool", "text") and options."""

    name: str
    label: str
    kind: str
    options: tuple[tuple[str, str], ...] = ()
    required: bool = True
    long: bool = False


def move_form(
    match: Any, me: str, view: Mapping[str, Any], *, initial: Mapping[str, Any], data: Data | None = None
) -> Any:
    """The game's move form for seat ``me`` (the page's own form class), bound to ``data`` when given."""
    entry = get_entry(match.game)
    form_class = entry.form_class or JsonMoveForm
    return form_class(query_dict(data) if data is not None else None, view=view, player=me, initial_move=initial)


def query_dict(data: Data) -> QueryDict:
    """``data`` as a posted form's QueryDict (lists become repeated values)."""
    out = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            out.setlist(key, [str(v) for v in value])
        elif value is not None:
            out[key] = str(value)
    return out


def _options(field: forms.ChoiceField) -> list[tuple[str, str]]:
    """The field's choices flattened (option groups opened), as (value, label) strings."""
    flat: list[tuple[str, str]] = []
    choices: Any = field.choices  # the stubs type them as a union that cannot be iterated
    for value, label in choices:
        if isinstance(label, (list, tuple)):
            flat.extend((str(v), str(lab)) for v, lab in label)
        else:
            flat.append((str(value), str(label)))
    return flat


def control_of(name: str, field: forms.Field) -> Control:
    """How the field ``name`` is shown on Discord."""
    label = str(field.label or name.replace("_", " ").capitalize())
    if isinstance(field, forms.BooleanField):
        return Control(name, label, "bool", (("on", "Yes"), ("", "No")), required=False)
    if isinstance(field, forms.ChoiceField):
        options = _options(field)
        if not options:  # Discord refuses a select without options: nothing to pick, nothing drawn
            return Control(name, label, "empty", required=field.required)
        if len(options) <= OPTION_LIMIT:
            kind = "multi" if isinstance(field, forms.MultipleChoiceField) else "select"
            return Control(name, label, kind, tuple(options), required=field.required)
    long = isinstance(field.widget, forms.Textarea)
    return Control(name, label, "text", required=field.required, long=long)


def controls_of(form: Any) -> list[Control]:
    """Every field of the form as a control, in the form's order."""
    return [control_of(name, field) for name, field in form.fields.items()]


def initial_data(form: Any) -> Data:
    """What the unbound form shows at first (the player's saved move, the form's defaults) as posted data."""
    data: Data = {}
    for control in controls_of(form):
        value = form[control.name].value()
        if control.kind == "bool":
            if value:
                data[control.name] = "on"
        elif control.kind == "multi":
            data[control.name] = [str(v) for v in value or []]
        elif control.kind == "empty":
            continue
        elif value not in (None, ""):
            data[control.name] = str(value)
    return data


def pages_of(controls: list[Control]) -> list[list[Control]]:
    """The controls split into pages of at most four selects and five text inputs, keeping their order."""
    pages: list[list[Control]] = [[]]
    selects = texts = 0
    for control in controls:
        is_text = control.kind == "text"
        if (is_text and texts >= TEXTS_PER_PAGE) or (not is_text and selects >= SELECTS_PER_PAGE):
            pages.append([])
            selects = texts = 0
        pages[-1].append(control)
        if is_text:
            texts += 1
        else:
            selects += 1
    return pages


def shown_value(control: Control, data: Data) -> str:
    """The control's current value as the player reads it."""
    value = data.get(control.name)
    if control.kind == "bool":
        return "Yes" if value else "No"
    if control.kind == "empty":
        return "(nothing to choose)"
    labels = dict(control.options)
    if control.kind == "multi":
        picked = [labels.get(v, v) for v in value or []]
        return ", ".join(picked) or "(none)"
    if value in (None, ""):
        return "(not chosen)" if control.kind != "text" else "(empty)"
    return labels.get(str(value), str(value))


def option_values(control: Control) -> list[str]:
    """The Discord value of each of the control's options, unique and at most 100 characters.

    The form's own values when they can be (a blank one as ``(none)``); when any cannot (a value past 100
    characters, two alike such as a player named ``nobody`` beside the "nobody" choice, handles sharing their
    first 100 characters, a dealer's choice named ``(none)`` beside the blank one), every option's value is
    its position instead. Both drawing and reading use this, so they always agree.
    """
    raw = [value or BLANK for value, _label in control.options]
    if len(set(raw)) == len(raw) and all(len(v) <= ID_LIMIT for v in raw):
        return raw
    return [str(i) for i in range(len(raw))]


def select_component(control: Control, data: Data, custom_id: str) -> dict[str, Any]:
    """A string select for a select, multi-select or Yes/No control, with the current value(s) as default."""
    current = data.get(control.name)
    if control.kind == "multi":
        chosen = {str(v) for v in current or []}
    elif control.kind == "bool":
        chosen = {"on" if current else ""}
    else:
        chosen = {str(current)} if current not in (None, "") else set()
    options = []
    single_default = False  # a single select may mark one option only (two may share a form value)
    for (value, label), shown in zip(control.options, option_values(control), strict=True):
        default = value in chosen and (control.kind == "multi" or not single_default)
        single_default = single_default or default
        options.append({"label": clip_middle(label or BLANK, 100), "value": shown, "default": default})
    component: dict[str, Any] = {
        "type": 3,
        "custom_id": custom_id,
        "placeholder": clip_middle(control.label, 150),
        "options": options,
    }
    if control.kind == "multi":
        component.update(min_values=0, max_values=max(1, len(options)))
    return component


def picked(control: Control, values: list[str]) -> str | list[str]:
    """The data value for what the player picked in a select (read back through :func:`option_values`)."""
    form_value = {shown: value for (value, _label), shown in zip(control.options, option_values(control), strict=True)}
    real = [form_value[v] for v in values if v in form_value]
    if control.kind == "multi":
        return list(dict.fromkeys(v for v in real if v))
    return real[0] if real else ""


def input_id(index: int, control: Control) -> str:
    """A modal text input's custom_id: the field's name, or ``#<position>`` when the name is too long for one."""
    return control.name if len(control.name) <= ID_LIMIT and not control.name.startswith("#") else f"#{index}"


def input_control(custom_id: str, controls: list[Control]) -> Control | None:
    """The control a modal text input's custom_id names (see :func:`input_id`)."""
    for i, control in enumerate(controls):
        if input_id(i, control) == custom_id:
            return control
    return None


def text_input(control: Control, data: Data, custom_id: str) -> dict[str, Any]:
    """A modal's text input for a text control, holding the current value."""
    value = data.get(control.name)
    component: dict[str, Any] = {
        "type": 4,
        "custom_id": custom_id,
        "label": clip_middle(control.label or control.name, 45) or "Value",
        "style": 2 if control.long else 1,
        "required": control.required,
    }
    if value not in (None, ""):
        component["value"] = str(value)[:4000]
    return component
