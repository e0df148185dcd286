"""A player's submission form for a round of a dealer's game: one Django field per declared field.

Built from the round's fields as the public view gives them (``view["public"]["form"]``, each with its
eligible ``players`` resolved), so the pickers offer only what the definition allows; the engine's
``validate`` is still the one judge of the move (FORMAT.md, "Fields").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import forms

from games.house.engine.field_types import FIELD_TYPES
from games.house.play import player_exchanges

RADIO_UP_TO = 6
"""A choice of at most this many options is drawn as radio buttons (one tap each); more as a select."""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... (places of an order)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def shown(value: Any) -> str:
    """A field's value as a person reads it (a list joined, nothing as "nothing")."""
    if value is None or value == "" or value == []:
        return "nothing"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def default_words(spec: Mapping[str, Any]) -> str:
    """What a missing submission becomes for this field ("50", "you abstain")."""
    default = spec.get("default")
    if default is None:
        return "you abstain"
    if spec.get("type") == "order":
        return f"{shown(default)}, in that order"
    return shown(default)


def default_sentence(spec: Mapping[str, Any]) -> str:
    """The field's default as its help says it ("If you send nothing: …"). An optional field left empty in a
    saved move is left out of it (you abstain on it): its default stands only for a move never sent."""
    if spec.get("default") is not None and not spec.get("required", True):
        return f"Left empty, you abstain on it; if you send nothing at all: {default_words(spec)}."
    return f"If you send nothing: {default_words(spec)}."


def cost_sentence(spec: Mapping[str, Any]) -> str:
    """What a garnets field costs, in words (its ``pays``)."""
    top = spec.get("max")
    upto = f"up to {top} garnets" if top is not None else "garnets"
    pays = spec.get("pays", "bid")
    if pays == "none":
        return "Costs nothing: the amount is only named."
    if pays == "if_won":
        return f"Costs {upto}, and only if you win the round (your bid, or the price the round sets)."
    return f"Costs {upto}: your bid is spent whoever wins."


def eligible(spec: Mapping[str, Any], me: str) -> list[str]:
    """The players this field may name for ``me`` (the public view resolves them; "not myself" is per viewer)."""
    players = [str(p) for p in spec.get("players") or []]
    if spec.get("not_self", True):
        players = [p for p in players if p != me]
    return players


def _help(spec: Mapping[str, Any], *extra: str) -> str:
    parts = [str(spec.get("help") or "").strip(), *extra, default_sentence(spec)]
    return " ".join(p for p in parts if p)


def _choice(spec: Mapping[str, Any], me: str, initial: Any, common: dict[str, Any]) -> dict[str, forms.Field]:
    choices = [(str(c), str(c)) for c in spec.get("offered", spec.get("choices")) or []]
    widget = forms.RadioSelect if len(choices) <= RADIO_UP_TO else forms.Select
    if widget is forms.Select:
        choices = [("", "—"), *choices]
    return {str(spec["name"]): forms.ChoiceField(choices=choices, widget=widget, help_text=_help(spec), **common)}


def _number(spec: Mapping[str, Any], me: str, initial: Any, common: dict[str, Any]) -> dict[str, forms.Field]:
    """A number or a garnets field: a whole number within its range (a garnets field says what it costs); one
    whose rule lists what the player may choose now (``offered``, RULES.md house-82) is a select of those."""
    kind = spec.get("type")
    if isinstance(spec.get("offered"), list):
        offered = [(str(v), str(v)) for v in spec["offered"]]
        return {
            str(spec["name"]): forms.TypedChoiceField(
                choices=[("", "—"), *offered], coerce=int, empty_value=None, help_text=_help(spec), **common
            )
        }
    low, high = spec.get("min", 0 if kind == "garnets" else None), spec.get("max")
    extra = cost_sentence(spec) if kind == "garnets" else ""
    if kind == "number" and low is not None and high is not None:
        extra = f"A whole number from {low} to {high}."
    return {
        str(spec["name"]): forms.IntegerField(min_value=low, max_value=high, help_text=_help(spec, extra), **common)
    }


def _player(spec: Mapping[str, Any], me: str, initial: Any, common: dict[str, Any]) -> dict[str, forms.Field]:
    choices = [("", "—"), *((p, p) for p in eligible(spec, me))]
    return {str(spec["name"]): forms.ChoiceField(choices=choices, help_text=_help(spec), **common)}


def _players(spec: Mapping[str, Any], me: str, initial: Any, common: dict[str, Any]) -> dict[str, forms.Field]:
    low, high = int(spec.get("count_min", 1)), int(spec.get("count_max", 1))
    count = f"Tick {low}." if low == high else f"Tick {low} to {high}."
    return {
        str(spec["name"]): forms.MultipleChoiceField(
            choices=[(p, p) for p in eligible(spec, me)],
            widget=forms.CheckboxSelectMultiple,
            help_text=_help(spec, count),
            **{**common, "initial": list(initial or [])},
        )
    }


def _order(spec: Mapping[str, Any], me: str, initial: Any, common: dict[str, Any]) -> dict[str, forms.Field]:
    """One select per place, best first."""
    name, players, before = str(spec["name"]), eligible(spec, me), list(initial or [])
    out: dict[str, forms.Field] = {}
    for i in range(1, len(players) + 1):
        place = forms.ChoiceField(
            choices=[("", "—"), *((p, p) for p in players)],
            label=f"{common['label']}: {ordinal(i)}",
            required=common["required"],
            initial=before[i - 1] if i <= len(before) else None,
            help_text=_help(spec, "Every player exactly once, best first.") if i == len(players) else "",
        )
        place.widget.attrs.update({"data-place-of": name, "class": "house-place"})
        out[f"{name}__{i}"] = place
    return out


def _text(spec: Mapping[str, Any], me: str, initial: Any, common: dict[str, Any]) -> dict[str, forms.Field]:
    length = int(spec.get("max_length", 280))
    return {
        str(spec["name"]): forms.CharField(
            max_length=length,
            widget=forms.Textarea(attrs={"rows": 3, "maxlength": length}),
            help_text=_help(spec, f"At most {length} characters."),
            strip=True,
            **common,
        )
    }


FORM_FIELDS: dict[str, Callable[[Mapping[str, Any], str, Any, dict[str, Any]], dict[str, forms.Field]]] = {
    "choice": _choice,
    "number": _number,
    "garnets": _number,
    "player": _player,
    "players": _players,
    "order": _order,
    "text": _text,
}
"""The Django field(s) of each ``garnet-house/1`` type of the engine's registry (``field_types.FIELD_TYPES``);
the ``/2`` types are ``player_exchanges``'s."""


def field_for(spec: Mapping[str, Any], me: str, initial: Any) -> dict[str, forms.Field]:
    """The Django field(s) for one declared field, keyed by form field name (an order: one per place)."""
    name, kind = str(spec["name"]), spec.get("type")
    if kind in player_exchanges.TYPES:
        return player_exchanges.fields_for(spec, me, initial, _help(spec))
    common: dict[str, Any] = {
        "label": str(spec.get("label") or name),
        "required": bool(spec.get("required", True)),
        "initial": initial,
    }
    return FORM_FIELDS.get(str(kind), _text)(spec, me, initial, common)


def order_value(spec: Mapping[str, Any], data: Mapping[str, Any], me: str) -> tuple[list[str], str]:
    """An order field's places as a list, and what is wrong with it ("" when every player is there once)."""
    name, players = str(spec["name"]), eligible(spec, me)
    picked = [str(data.get(f"{name}__{i}") or "") for i in range(1, len(players) + 1)]
    chosen = [p for p in picked if p]
    if not chosen:
        return [], ""
    twice = sorted({p for p in chosen if chosen.count(p) > 1})
    if twice:
        return chosen, f"{', '.join(twice)} placed twice; place every player exactly once."
    missing = [p for p in players if p not in chosen]
    if missing:
        return chosen, f"{', '.join(missing)} not placed; place every player exactly once."
    return chosen, ""


def player_move(specs: Sequence[Mapping[str, Any]], data: Mapping[str, Any], me: str) -> dict[str, Any]:
    """The move in FORMAT.md's notation from cleaned form data: a field left blank is left out (its default)."""
    move: dict[str, Any] = {}
    for spec in specs:
        name, kind = str(spec["name"]), spec.get("type")
        if kind in player_exchanges.TYPES:
            if (found := player_exchanges.value_of(spec, data)) is not None:
                move[name] = found
            continue
        # An order is drawn one select per place (``_order``): its value is read back from the places.
        value: Any = order_value(spec, data, me)[0] if FORM_FIELDS.get(str(kind)) is _order else data.get(name)
        if value is None or value == "" or value == []:
            continue
        move[name] = list(value) if kind in FIELD_TYPES and FIELD_TYPES[kind].many else value
    return move
