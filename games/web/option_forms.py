"""A game's options as a Django form, generated from its declared ``options_schema``.

Only the options a host sets appear (``season=True`` ones are filled in by the season; a ``json`` one,
such as a dealer's game definition, comes from its own page). Every
field is optional and starts at the declared default; the form hands back raw values that
``games.options.options_clean`` checks (the one validation every consumer shares).

An ``order`` option (every player once, e.g. ABC's X order) is a way to choose it ("drawn from
the match's seed", "as the players are listed", "chosen below") and one select per position;
nobody types a handle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from games.engine import Engine, OptionSpec, RuleError
from games.options import options_clean

ORDER_WAYS = [
    ("", "Drawn from the match's seed"),
    ("roster", "As the players are listed"),
    ("chosen", "Chosen below"),
]


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def option_field(spec: OptionSpec, players: Sequence[str] = ()) -> forms.Field:
    """The form field a host fills in for ``spec`` (for ``order``: how it is chosen)."""
    common: dict[str, Any] = {"label": spec.title, "help_text": spec.help, "required": False}
    if spec.kind == "int":
        return forms.IntegerField(min_value=spec.low, max_value=spec.high, initial=spec.default, **common)
    if spec.kind == "bool":
        return forms.BooleanField(initial=bool(spec.default), **common)
    if spec.kind == "choice":
        return forms.ChoiceField(
            choices=[(c, c.replace("-", " ").capitalize()) for c in spec.choices], initial=spec.default, **common
        )
    if spec.kind == "order":
        return forms.ChoiceField(choices=ORDER_WAYS, initial="", widget=forms.RadioSelect, **common)
    if spec.kind == "player" and players:
        return forms.ChoiceField(choices=[("", "—"), *((p, p) for p in players)], **common)
    if spec.kind == "names" and spec.choices:
        return forms.MultipleChoiceField(
            choices=[(c, c) for c in spec.choices], widget=forms.CheckboxSelectMultiple, **common
        )
    hint = {
        "players": "Handles in order, separated by commas.",
        "player_ints": "handle=number, separated by commas.",
    }.get(spec.kind, "")
    common["help_text"] = " ".join(x for x in (spec.help, hint) if x)
    return forms.CharField(max_length=2000, **common)


def _variant_choices(engine: Engine[Any], spec: OptionSpec) -> list[tuple[str, str]]:
    """A ``variant`` option's choices, each with its version's published name when the versions' names differ."""
    names = {c: engine.title_for({"variant": c}) for c in spec.choices}
    plain = {c: c.replace("-", " ").capitalize() for c in spec.choices}
    if len(set(names.values())) < 2:
        return list(plain.items())
    return [(c, f"{plain[c]}: {names[c]}") for c in spec.choices]


def _place_name(spec: OptionSpec, position: int) -> str:
    return f"{spec.name}__{position}"


class OptionsForm(forms.Form):
    """The host-set options of one engine; ``raw_options()`` after ``is_valid()``."""

    def __init__(self, *args: Any, engine: Engine[Any], players: Sequence[str] = (), **kwargs: Any) -> None:
        kwargs.setdefault("prefix", engine.slug)
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.players = list(players)
        self.orders: dict[str, list[str]] = {}  # an order option's name -> its position fields
        places = min(len(self.players), engine.max_players)
        for spec in engine.options_schema:
            if spec.season or spec.kind == "json":
                continue
            self.fields[spec.name] = option_field(spec, players)
            if spec.name == "variant" and spec.kind == "choice":
                # A version with a name of its own reads by it here too ("Gems: The Exodus Game (Elephantine)").
                self.fields[spec.name].choices = _variant_choices(engine, spec)  # type: ignore[attr-defined]
            if spec.kind == "order":
                self.orders[spec.name] = []
                for i in range(1, places + 1):
                    name = _place_name(spec, i)
                    self.fields[name] = forms.ChoiceField(
                        choices=[("", "—"), *((p, p) for p in self.players)],
                        required=False,
                        label=f"{spec.title}: {_ordinal(i)}",
                    )
                    self.fields[name].widget.attrs.update({"data-order-of": spec.name, "class": "order-place"})
                    self.orders[spec.name].append(name)

    def _orders_raw(self, data: dict[str, Any], roster: Sequence[str] | None) -> dict[str, Any]:
        """Each order option as a list of handles (left out when drawn from the seed)."""
        out: dict[str, Any] = {}
        for name, places in self.orders.items():
            way = data.get(name) or ""
            if way == "roster":
                out[name] = list(roster if roster is not None else self.players)
            elif way == "chosen":
                out[name] = [data[p] for p in places if data.get(p)]
        return out

    def raw_options(self, *, roster: Sequence[str] | None = None) -> dict[str, Any]:
        """The filled-in values (blank ones left out), for ``options_clean``; ``roster``: the match's players
        in the order they are listed (an order "as the players are listed" is theirs)."""
        hidden = {p for places in self.orders.values() for p in places} | set(self.orders)
        out: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            if value in ("", None, []) or name in hidden:
                continue
            out[name] = value
        out.update(self._orders_raw(self.cleaned_data, roster))
        return out

    def clean(self) -> dict[str, Any]:
        """Coerced and checked by the shared ``options_clean`` (its RuleError names the option)."""
        data = super().clean() or {}
        for name in self.orders:
            if data.get(name) == "chosen" and not any(data.get(p) for p in self.orders[name]):
                spec = self.engine.option_spec(name)
                title = spec.title if spec is not None else name
                raise forms.ValidationError(f"{title}: choose a player for each place, or another way to order them.")
        hidden = {p for places in self.orders.values() for p in places} | set(self.orders)
        raw = {k: v for k, v in data.items() if v not in ("", None, []) and k not in hidden}
        raw.update(self._orders_raw(data, None))  # whether it places every player is checked once they are known
        try:
            options_clean(self.engine.options_schema, raw)
        except (RuleError, ValueError) as exc:  # an engine's own clean may raise either
            raise forms.ValidationError(str(exc)) from exc
        return data
