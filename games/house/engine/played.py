"""The cards a round's move plays, as formulas read them: ``played``, ``played_owners``, each card field's label,
and who named whom with a card (FORMAT.md, house-155, house-158, house-159).

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine.items import labels


def played_env(
    state: Mapping[str, Any], move: Mapping[str, Any], fields: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """``played`` and ``played_owners``: the labels and initial owners (``''`` for an unmarked card) of the cards
    ``move`` plays through the round's ``card`` fields, in the fields' order (house-155); ``<field>_label``: the
    label of the card each card field plays, ``''`` for none (house-159)."""
    by_field = {str(f["name"]): _card_of(state, move, f) for f in fields if f["type"] == "card"}
    ids = [i for i in by_field.values() if i is not None]
    env: dict[str, Any] = {
        "played": labels(state, ids),
        "played_owners": [str(state["cards"][i].get("owner", "")) for i in ids],
    }
    for name, card in by_field.items():
        env[f"{name}_label"] = "" if card is None else str(state["cards"][card]["label"])
    return env


def _card_of(state: Mapping[str, Any], move: Mapping[str, Any], field: Mapping[str, Any]) -> int | None:
    """The card ``move`` plays through the card field ``field``, or None."""
    card = move.get(field["name"])
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(state["cards"]):
        return card
    return None


def aimed_env(
    state: Mapping[str, Any],
    player: str,
    moves: Mapping[str, Mapping[str, Any]],
    fields: Sequence[Mapping[str, Any]],
) -> dict[str, list[str]]:
    """``aimed_by`` and ``aimed_labels``: the senders and labels of the cards played this round whose ``player``
    field names ``player``, in seat order, then the fields' order (house-158)."""
    by: list[str] = []
    found: list[str] = []
    for sender in state["players"]:
        move = moves.get(sender) or {}
        for f in fields:
            card = _card_of(state, move, f) if f["type"] == "card" and f.get("player") else None
            if card is not None and move.get(f["player"]) == player:
                by.append(str(sender))
                found.append(str(state["cards"][card]["label"]))
    return {"aimed_by": by, "aimed_labels": found}
