"""A player's form for the ``garnet-house/2`` field types (FORMAT.md "Fields in /2"): a flag is a checkbox, a
pairing one select per seat of each pair, a gift a player and an amount, a trade a partner and an amount per
holding each way, a card a select of the player's own cards (and the card just drawn), a draw a select of the
deck and the other players' piles. Each becomes plain Django fields named
``<field>__<part>``; :func:`value_of` puts the move's value back together. The engine's ``validate`` judges it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from games.house.engine.fields import EXCHANGE_TYPES

TYPES = EXCHANGE_TYPES
"""The types drawn here: the engine registry's that pay, pair or hand things over."""


def _players(spec: Mapping[str, Any], me: str) -> list[str]:
    return [str(p) for p in spec.get("players") or [] if p != me]


def fields_for(spec: Mapping[str, Any], me: str, initial: Any, help_text: str) -> dict[str, forms.Field]:
    """The Django fields of one ``/2`` field."""
    name, kind, label = str(spec["name"]), spec["type"], str(spec.get("label") or spec["name"])
    if kind == "flag":
        cost = spec.get("cost_now")
        extra = f" Costs {cost} garnets." if cost else ""
        return {
            name: forms.BooleanField(label=label, required=False, initial=bool(initial), help_text=help_text + extra)
        }
    players = [("", "—"), *((p, p) for p in _players(spec, me))]
    required = bool(spec.get("required", True))
    if kind == "pairing":
        others = _players(spec, me)
        before = [p for pair in (initial or []) for p in pair]
        out: dict[str, forms.Field] = {}
        for i in range(len(others) - len(others) % 2):
            out[f"{name}__{i + 1}"] = forms.ChoiceField(
                choices=players,
                label=f"Pair {i // 2 + 1}: {'first' if i % 2 == 0 else 'second'}",
                required=required,
                initial=before[i] if i < len(before) else None,
                help_text=help_text if i == len(others) - len(others) % 2 - 1 else "",
            )
        return out
    if kind == "give" and spec.get("pile"):
        start = initial or {}
        cards = [("", "—"), *((str(c["id"]), str(c["label"])) for c in spec.get("cards") or [])]
        return {
            f"{name}__to": forms.ChoiceField(
                choices=players, label=f"{label}: to", required=False, initial=start.get("to")
            ),
            f"{name}__card": forms.ChoiceField(
                choices=cards,
                label=f"{label}: which card",
                required=False,
                initial=start.get("card"),
                help_text=help_text,
            ),
        }
    if kind == "give":
        start = initial or {}
        return {
            f"{name}__to": forms.ChoiceField(
                choices=players, label=f"{label}: to", required=False, initial=start.get("to")
            ),
            f"{name}__amount": forms.IntegerField(
                label=f"{label}: how many",
                min_value=0,
                max_value=int(spec.get("max", 100)),
                required=False,
                initial=start.get("amount"),
                help_text=help_text,
            ),
        }
    if kind == "trade":
        start = initial or {}
        if isinstance(spec.get("offered"), list):  # a barred partner is not offered (RULES.md house-62)
            players = [("", "—"), *((p, p) for p in _players(spec, me) if p in spec["offered"])]
        out = {
            f"{name}__with": forms.ChoiceField(
                choices=players, label=f"{label}: with", required=False, initial=start.get("with")
            )
        }
        sides = [("give", "you give")] + ([] if spec.get("terms") == "each_gives" else [("get", "you get")])
        for side, words in sides:
            for h in spec.get("holdings") or []:
                out[f"{name}__{side}__{h}"] = forms.IntegerField(
                    label=f"{words}: {h}",
                    min_value=0,
                    max_value=int(spec.get("max", 100)),
                    required=False,
                    initial=(start.get(side) or {}).get(h),
                )
        last = list(out)[-1]
        out[last].help_text = help_text
        return out
    if kind == "draw":  # the deck, or the top of another player's pile (the engine refuses an empty one)
        sources = [("deck", "The deck")]
        if spec.get("from"):
            sources += [(p, f"{p}'s pile") for p in _players(spec, me)]
        return {
            name: forms.ChoiceField(
                choices=[("", "—"), *sources], label=label, required=required, initial=initial, help_text=help_text
            )
        }
    cards = [(str(c["id"]), str(c["label"])) for c in spec.get("cards") or []]
    if spec.get("to") or spec.get("default") == "drawn":
        cards.append(("drawn", "The card you draw"))  # house-94: the pile's last card once drawn
    return {
        name: forms.ChoiceField(
            choices=[("", "—"), *cards], label=label, required=required, initial=initial, help_text=help_text
        )
    }


def value_of(spec: Mapping[str, Any], data: Mapping[str, Any]) -> Any:
    """The move's value of one ``/2`` field from cleaned form data (None: left out)."""
    name, kind = str(spec["name"]), spec["type"]
    if kind == "flag":
        return bool(data.get(name))
    if kind == "pairing":
        keys = sorted((k for k in data if k.startswith(f"{name}__")), key=lambda k: int(k.rpartition("__")[2]))
        seats = [str(data[k]) for k in keys if data.get(k)]
        return [seats[i : i + 2] for i in range(0, len(seats) - 1, 2)] or None
    if kind == "give" and spec.get("pile"):
        to, card = data.get(f"{name}__to"), data.get(f"{name}__card")
        return {"to": to, "card": int(card)} if to and card not in (None, "") else None
    if kind == "give":
        to, amount = data.get(f"{name}__to"), data.get(f"{name}__amount")
        return {"to": to, "amount": amount} if to and amount else None
    if kind == "trade":
        partner = data.get(f"{name}__with")
        if not partner:
            return None
        terms = {
            side: {h: n for h in spec.get("holdings") or [] if (n := data.get(f"{name}__{side}__{h}"))}
            for side in ("give", "get")
        }
        return {"with": partner, **terms}
    value = data.get(name)
    if kind == "draw" or value == "drawn":
        return str(value) if value not in (None, "") else None
    return int(value) if value not in (None, "") else None
