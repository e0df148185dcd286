"""What a close changed, in sentences, for the live part's "What just happened" (issue 44, item 6): each
player's points this round and the holdings that changed, as each viewer may read them, written first among
the close's lines; and the words the engine's lines use for an amount of a holding and a trade's terms.

Every line goes through the log's visibility: a public score or holding to everyone, a private score or a
holding its holder alone sees to that player only, a holding the dealer alone sees to nobody (the dealer's
table shows every holding).

Pure: no Django, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Message, PlayerId
from games.house.engine.state import State, is_public

_SIBILANT = ("s", "x", "z", "ch", "sh")


def _plural(word: str) -> str:
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(_SIBILANT) else "s")


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 3:
        return word[:-3] + "y"
    if word.endswith(tuple(f"{s}es" for s in _SIBILANT if s != "s")) or word.endswith("sses"):
        return word[:-2]
    return word[:-1]


def _reads_as_count(word: str) -> bool:
    """A last word already plural ("gems", "rubies"): written as is for any count but 1."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def noun(label: str, n: int) -> str:
    """A dealer's label as the noun of ``n``: "Gems" → "gem" for 1, "gems" otherwise; "Ruby" → "rubies" for 2.
    Only the last word is bent, and a last word that is no noun ("Doubles used") is left as written."""
    words = label.split()
    if not words:
        return label
    if words[0][:1].isupper() and words[0][1:2].islower():  # "Red cubes" → "red cubes"; "XP" stays
        words[0] = words[0][0].lower() + words[0][1:]
    last = words[-1]
    if not last.isalpha() or last.endswith("ed"):
        return " ".join(words)
    if _reads_as_count(last):
        words[-1] = _singular(last) if abs(n) == 1 else last
    else:
        words[-1] = last if abs(n) == 1 else _plural(last)
    return " ".join(words)


def amount(label: str, n: int) -> str:
    """``n`` of a label in words: "1 gem", "2 gems"."""
    return f"{n} {noun(label, n)}"


def labels(state: Mapping[str, Any]) -> dict[str, str]:
    """Each holding's label by its name (the name when it has none)."""
    return {str(h["name"]): str(h.get("label") or h["name"]) for h in state["definition"]["holdings"]}


def terms(names: Mapping[str, str], given: Mapping[str, Any]) -> str:
    """What one side of a trade gives, in words ("3 chips and 1 gem", or "nothing"); ``names``: :func:`labels`."""
    parts = [amount(names.get(h, h), int(n)) for h, n in given.items() if int(n or 0)]
    if not parts:
        return "nothing"
    return _joined(parts)


def trade_words(names: Mapping[str, str], offer: Mapping[str, Any]) -> str:
    """A trade offer in words: "give 3 chips for 1 gem", "give 3 chips, get nothing" (no ``get``: "give 3
    chips"), naming the partner when the offer does; ``names``: :func:`labels`."""
    give = terms(names, offer.get("give") or {})
    got: Mapping[str, Any] | None = offer.get("get")
    if got is None:  # terms "each_gives": the offer names only what it gives
        words = f"give {give}"
    elif not any(got.values()):
        words = f"give {give}, get nothing"
    else:
        words = f"give {give} for {terms(names, got)}"
    return f"{words} with {offer['with']}" if offer.get("with") else words


def gift_words(names: Mapping[str, str], holding: str, gift: Mapping[str, Any]) -> str:
    """A gift of a holding in words: "1 gem to bob"; ``names``: :func:`labels`."""
    return f"{amount(names.get(holding, holding), int(gift.get('amount') or 0))} to {gift.get('to')}"


def snapshot(state: State) -> dict[str, Any]:
    """What :func:`summary` compares: the scores, the holdings and how many rounds were published."""
    return {
        "scores": dict(state["scores"]),
        "holdings": {p: dict(h) for p, h in state["holdings"].items()},
        "published": len(state["history"]),
    }


def _points(score_label: str, n: int) -> str:
    if n > 0:
        return f"scored {amount(score_label, n)}"
    return f"lost {amount(score_label, -n)}" if n < 0 else f"scored no {noun(score_label, 0)}"


def _points_lines(before: Mapping[str, Any], state: State) -> list[Message]:
    """Each player's points of the round just published: one public line when scores are public, else one line
    to each player of their own."""
    if len(state["history"]) <= before["published"]:
        return []
    last = state["history"][-1]
    players = [p for p in state["players"] if p in last.get("alive", state["players"])]
    label = str(state["definition"]["scores"]["label"] or "Points")
    delta = {p: int(state["scores"][p] - before["scores"].get(p, 0)) for p in players}
    if is_public(state):
        scored = [f"{p} {_points(label, n)}" for p, n in delta.items() if n]
        if not scored:
            return [Message(f"{last['label']}: nobody scored.")]
        rest = "; nobody else scored" if len(scored) < len(delta) else ""
        return [Message(f"{last['label']}: {_joined(scored)}{rest}.")]
    return [Message(f"You {_points(label, n)} this round.", to=p) for p, n in delta.items()]


def _change(label: str, now: int, was: int) -> str:
    diff = now - was
    return f"{amount(label, now)} ({abs(diff)} {'more' if diff > 0 else 'fewer'})"


def _holding_lines(before: Mapping[str, Any], state: State) -> list[Message]:
    """Each player's holdings that changed in this close: the public ones told to all, the ones only their
    holder sees told to that player."""
    public: dict[PlayerId, list[str]] = {}
    own: dict[PlayerId, list[str]] = {}
    for h in state["definition"]["holdings"]:
        if h["visibility"] not in ("public", "holder"):
            continue
        for p in state["players"]:
            was = int(before["holdings"].get(p, {}).get(h["name"], 0))
            now = int(state["holdings"][p].get(h["name"], 0))
            if now != was:
                into = public if h["visibility"] == "public" else own
                into.setdefault(p, []).append(_change(str(h.get("label") or h["name"]), now, was))
    lines = [Message(f"{p} now holds {_joined(parts)}.") for p, parts in public.items()]
    return lines + [Message(f"You now hold {_joined(parts)}.", to=p) for p, parts in own.items()]


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def summary(before: Mapping[str, Any], state: State) -> list[Message]:
    """The close's points and changes of holdings (``before`` is its :func:`snapshot`), as sentences."""
    return _points_lines(before, state) + _holding_lines(before, state)
