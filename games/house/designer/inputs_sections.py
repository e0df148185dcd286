"""The designer's ``garnet-house/2`` parts (FORMAT.md "garnet-house/2"), as plain data: holdings, counters,
roles, decks and their cards, piles, a round's ``when``/``order``/``deal``/``effects`` and its ``best`` or
``none`` resolution, the /2 field keys, ``end.when`` and the /2 outcome keys.

Each list section is declared once as columns (:data:`SECTIONS`); the POST reader, the form rows and the
template's inputs all follow the declaration, so a key the form draws is a key it reads back. Inputs are
named by the path ``definition_clean`` uses in its errors (``holdings[0].start``), as in ``designer``.

Which schema the designer writes, and the list sections' add/remove buttons: ``design_shape``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

FORMULA_HELP = (
    "A formula, e.g. round == 3 or 2 * min(red, blue). It reads round, players (the number still in), "
    "leaders, scores, each holding (the player's own; all_<holding>: everyone's), each counter, each role, "
    "each pile's cards (<pile>_values: their values; <pile>_owners: their initial owners), the round's fields (the player's value) and sent; "
    "the round's trades (gave, got, partners) and the match's (traded_with, trade_counts, last_partners); in an "
    "effect run per trade, given, received and partner; the named formulas by name; "
    "and, or, not, if … else, min, max, sum, sum_if, len, count, distinct."
)


@dataclass(frozen=True)
class Col:
    """One input of a list section's row: ``kind`` says how its text is read back (see :func:`cell_value`)."""

    key: str
    label: str
    kind: str = "text"  # text | int | intnull | numform | formula | formulanull | choice | bool | csv
    options: tuple[tuple[str, str], ...] = ()
    help: str = ""
    names: str = ""  # a datalist of the draft's names (holdings, piles, decks, targets)


VIS = (("public", "Everyone"), ("holder", "Only its holder"), ("dealer", "Only the dealer"))
PILE_VIS = (
    ("holder", "Only its holder"),
    ("others", "Everyone but its holder"),
    ("all", "Everyone"),
    ("nobody", "Nobody"),
    ("dealer", "Only the dealer"),
    ("top", "Everyone sees its top card"),
)
ROW_DISTINCT = (
    ("", "As they come off the deck"),
    ("value", "One card of each value"),
    ("label", "One card of each label"),
)
WHO = (
    ("each", "Each player still in"),
    ("awaited", "Each player the round awaited"),
    ("winners", "The round's winners"),
)
WHO_MATCH = (("match", "Once for the match (a counter)"),)
PER = (("", "Once for each of them"), ("trade", "Once for each trade they made this round"))

SECTIONS: dict[str, tuple[Col, ...]] = {
    "holdings": (
        Col("name", "Name (lower case, used in formulas)"),
        Col("label", "Shown to players as"),
        Col("start", "Each player starts with (a number or a formula)", "numform"),
        Col("min", "Never below (blank: no bound)", "intnull"),
        Col("max", "Never above (blank: no bound)", "intnull"),
        Col("visibility", "Who sees it", "choice", VIS),
        Col("locked", "How many are locked: the holding that counts them (blank: none)", names="holdings"),
    ),
    "counters": (
        Col("name", "Name (lower case, used in formulas)"),
        Col("label", "Shown to everyone as"),
        Col("start", "Starts at", "int"),
    ),
    "roles": (
        Col("name", "Name (lower case)"),
        Col("label", "Shown as"),
        Col("order", "Who holds it first", "choice", (("random", "Drawn at random"), ("seat", "In seat order"))),
        Col("every", "It moves on every … rounds", "int"),
    ),
    "decks": (Col("name", "Name (lower case)"), Col("label", "Shown as")),
    "cards": (
        Col("label", "Card"),
        Col("copies", "Copies (a number, or a formula of players)", "numform"),
        Col("value", "Value", "int"),
        Col("suit", "Suit (optional)"),
        Col("owner", "Marked", "choice", (("", "Unmarked"), ("each", "One per player, marked as theirs"))),
    ),
    "piles": (
        Col("name", "Name (lower case, used in formulas)"),
        Col("label", "Shown to players as"),
        Col("deck", "From the deck", names="decks"),
        Col("deal", "Cards dealt to each player at the start", "int"),
        Col("visibility", "Who sees a player's pile", "choice", PILE_VIS),
        Col("distinct", "No two cards of one label in a hand", "bool"),
        Col("own", "Starts with the cards marked as the player's", "bool"),
        Col("refill", "Shuffled back into the deck (top card left) when the deck runs out", "bool"),
    ),
    "deal": (
        Col("pile", "Deal to the pile", names="piles"),
        Col("count", "Cards to each player", "int"),
        Col("replace", "Discard what the pile held first", "bool"),
    ),
    "effects": (
        Col("to", "Change", names="targets", help="score, garnets, a holding or a counter"),
        Col("who", "For", "choice", (*WHO, *WHO_MATCH)),
        Col("amount", "By (a number or a formula)", "formula", help=FORMULA_HELP),
        Col("when", "Only when (a formula; blank: always)", "formulanull"),
        Col("text", "The line told (to: private or public; a formula giving a text)", "formulanull"),
        Col("tell", "Told to (a formula giving players; blank: the player)", "formulanull"),
        Col("per", "Run", "choice", PER),
    ),
    "rows": (
        Col("name", "Name (lower case, used in formulas)"),
        Col("label", "Shown to everyone as"),
        Col("deck", "From the deck", names="decks"),
        Col("deal", "Cards dealt face down", "int"),
        Col("face_up", "How many are face up (a formula of round and hand_round)", "numform"),
        Col("distinct", "Dealt", "choice", ROW_DISTINCT),
    ),
    "formulas": (
        Col("name", "Name (lower case, used in formulas)"),
        Col("args", "Its values, if any (names, comma-separated)", "csv"),
        Col("formula", "The formula", "formula", help=FORMULA_HELP),
    ),
}
NESTED = {"decks": "cards"}  # a deck's rows hold card rows

NEW_ROWS: dict[str, dict[str, Any]] = {
    "holdings": {"name": "chips", "label": "Chips", "start": 10, "min": 0, "max": None, "visibility": "public"},
    "counters": {"name": "pot", "label": "Pot", "start": 0},
    "roles": {"name": "x", "label": "The X", "order": "random", "every": 1},
    "decks": {"name": "cards", "label": "Cards", "cards": [{"label": "1", "value": 1, "suit": "", "copies": 1}]},
    "cards": {"label": "", "value": 0, "suit": "", "copies": 1},
    "piles": {"name": "hand", "label": "Your hand", "deck": "", "deal": 1, "visibility": "holder"},
    "deal": {"pile": "", "count": 1, "replace": True},
    "effects": {"to": "score", "who": "winners", "amount": "1", "when": None},
    "formulas": {"name": "bonus", "args": [], "formula": "1"},
    "rows": {"name": "center", "label": "Centre row", "deck": "", "deal": 3, "face_up": "hand_round - 1"},
}
BUTTON = (("", "None: the first seat first"), ("seat", "Starts on the last seat"), ("random", "Starts on a drawn seat"))

ORDER_CHOICES = (
    ("together", "Everyone at once"),
    ("seat", "One at a time, in seat order"),
    ("formula", "One at a time, by a formula"),
)
BY2 = (("best", "The best by a formula"), ("none", "Only its effects"), ("pairs", "Pairs play a table"))


def _num(text: Any) -> Any:
    value = "" if text is None else str(text).strip()
    if value == "":
        return None
    try:
        return int(value)
    except ValueError:
        return value


def _text(post: Mapping[str, Any], name: str) -> str:
    return str(post.get(name) or "").strip()


def _checked(post: Mapping[str, Any], name: str) -> bool:
    return name in post and str(post.get(name)) not in ("", "0", "false", "off")


def indices(post: Mapping[str, Any], prefix: str, key: str) -> list[int]:
    pattern = re.escape(prefix) + r"\[(\d+)\]\." + re.escape(key)
    return sorted({int(m.group(1)) for name in post if (m := re.fullmatch(pattern, name))})


def csv(text: Any) -> list[str]:
    return [part.strip() for part in str(text or "").split(",") if part.strip()]


def row_from_post(post: Mapping[str, Any], p: str, cols: tuple[Col, ...]) -> dict[str, Any]:
    """One row of a list section, each column read by its kind (a blank ``int`` is left to the format's default)."""
    row: dict[str, Any] = {}
    for col in cols:
        name = f"{p}.{col.key}"
        raw = post.get(name)
        if col.kind == "bool":
            row[col.key] = _checked(post, name)
        elif col.kind in ("int", "intnull", "numform"):
            value = _num(raw)
            if value is not None or col.kind == "intnull":
                row[col.key] = value
        elif col.kind == "formulanull":
            row[col.key] = _text(post, name) or None
        elif col.kind == "csv":
            row[col.key] = csv(raw)
        else:
            row[col.key] = _text(post, name)
    return row


def rows_from_post(post: Mapping[str, Any], prefix: str, section: str) -> list[dict[str, Any]]:
    cols = SECTIONS[section]
    rows = []
    for i in indices(post, prefix, cols[0].key):
        p = f"{prefix}[{i}]"
        row = row_from_post(post, p, cols)
        if section in NESTED:
            row[NESTED[section]] = rows_from_post(post, f"{p}.{NESTED[section]}", NESTED[section])
        rows.append(row)
    return rows


def top_from_post(post: Mapping[str, Any]) -> dict[str, Any]:
    """The /2 top-level keys the page's inputs describe."""
    out: dict[str, Any] = {"plan_repeat": _text(post, "plan_repeat") or "last"}
    for section in ("holdings", "counters", "roles", "decks", "piles", "rows", "formulas"):
        out[section] = rows_from_post(post, section, section)
    if ends := _text(post, "hands.ends"):  # hands: only once their end is typed (house-112)
        hands: dict[str, Any] = {"ends": ends, "effects": rows_from_post(post, "hands.effects", "effects")}
        for key in ("out", "button"):
            if value := _text(post, f"hands.{key}"):
                hands[key] = value
        out["hands"] = hands
    return out


def round_from_post(post: Mapping[str, Any], p: str) -> dict[str, Any]:
    """A round's /2 keys: ``when``, ``order``, ``deal``, ``effects``, ``shows``, ``again`` and ``repeat``."""
    order = _text(post, f"{p}.order") or "together"
    if order == "formula":
        order = _text(post, f"{p}.order_formula") or "together"
    out: dict[str, Any] = {
        "when": _text(post, f"{p}.when") or None,
        "order": order,
        "deal": rows_from_post(post, f"{p}.deal", "deal"),
        "effects": rows_from_post(post, f"{p}.effects", "effects"),
    }
    shows = [line.partition(":") for line in str(post.get(f"{p}.shows") or "").splitlines() if line.strip()]
    if shows:  # "name: formula", one a line (RULES.md house-83)
        out["shows"] = {name.strip(): formula.strip() for name, _, formula in shows}
    if again := _text(post, f"{p}.again"):
        out["again"] = again  # the mover awaited again while true (a round in turn order)
    if (repeat := _text(post, f"{p}.repeat")) not in ("", "1"):  # rounds in a row this entry plays (house-160)
        out["repeat"] = int(repeat) if repeat.isdigit() else repeat
    return out


def resolve_from_post(
    post: Mapping[str, Any], p: str, by: str, fields: Sequence[Mapping[str, Any]]
) -> dict[str, Any] | None:
    """A /2 resolution (``best``, ``none`` or ``pairs``: its table a cell per two choices of its choice field,
    "mine, theirs[, the role holder's]"), or None for /1's."""
    if by == "best":
        return {
            "by": "best",
            "key": _text(post, f"{p}.key"),
            "among": _text(post, f"{p}.among") or None,
            "ties": _text(post, f"{p}.ties") or "all",
        }
    if by == "none":
        return {"by": "none"}
    if by == "pairs":
        field = _text(post, f"{p}.field")
        choices = next(
            ([str(c) for c in f.get("choices") or []] for f in fields if f.get("name") == field), list[str]()
        )
        return {
            "by": "pairs",
            "field": field,
            "role": _text(post, f"{p}.role") or None,
            "double": _text(post, f"{p}.double") or None,
            "role_double": _text(post, f"{p}.role_double") or None,
            "matrix": {
                a: {
                    b: [_num(n) for n in str(post.get(f"{p}.matrix.{i}.{j}") or "").split(",") if n.strip()]
                    for j, b in enumerate(choices)
                }
                for i, a in enumerate(choices)
            },
        }
    return None


def field_keys(post: Mapping[str, Any], p: str, kind: str) -> dict[str, Any]:
    """A field's /2 keys for its type (``cost``, ``holding``, ``holdings``, ``public``, ``pile``), ``for``, and its
    rules of the state (``allowed``, ``refusal``, ``required_if``)."""
    out: dict[str, Any] = {}
    whose = _text(post, f"{p}.for")
    if whose and whose != "all":
        out["for"] = whose
    if kind == "flag":
        start, step, counter = (_num(post.get(f"{p}.cost.{k}")) for k in ("start", "step", "counter"))
        if step is not None or counter is not None:
            out["cost"] = {"start": start or 0, "step": step or 0, "counter": counter}
        else:
            out["cost"] = start
        out["default"] = _checked(post, f"{p}.default_flag")  # a flag left out reads as no (FORMAT.md)
    elif kind == "give":
        holding, pile = _text(post, f"{p}.holding"), _text(post, f"{p}.pile")
        if pile and not holding:
            out["pile"] = pile  # an item: one card of the giver's pile
        else:
            out["holding"] = holding or None
    elif kind == "trade":
        out["holdings"] = csv(post.get(f"{p}.holdings"))
        out["public"] = _checked(post, f"{p}.public")
        out["terms"] = _text(post, f"{p}.terms") or "matching"
        if _checked(post, f"{p}.one_for_one"):
            out["one_for_one"] = True
        if players := _text(post, f"{p}.barred.players"):
            out["barred"] = {"players": players, "why": _text(post, f"{p}.barred.why")}
    elif kind == "card":
        out["pile"] = _text(post, f"{p}.pile") or None
        if to := _text(post, f"{p}.to"):
            out["to"] = to  # the player's own pile the card goes onto (blank: the deck's discard)
        if player := _text(post, f"{p}.player"):
            out["player"] = player  # the round's player field naming the card's target (house-158)
    elif kind == "draw":
        out["pile"] = _text(post, f"{p}.pile") or None
        out["from"] = _text(post, f"{p}.from") or None
    for key in ("allowed", "refusal", "required_if"):  # choices and needs of the state (house-80, house-81)
        if value := _text(post, f"{p}.{key}"):
            out[key] = value
    return out


def outcome_from_post(post: Mapping[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
    """``outcome`` with its /2 keys: a winners formula, ``max_winners``, tokens by the number of winners
    ("2, 1"), ``garnets.per_points``, ``last_tie`` and ``candidate_ties``."""
    out = dict(outcome)
    if out.get("winners") == "formula":
        out["winners"] = _text(post, "outcome.winners_formula")
    tokens = str(post.get("outcome.tokens") or "")
    if "," in tokens:
        out["tokens"] = [_num(t) for t in tokens.split(",") if t.strip()]
    out["max_winners"] = _num(post.get("outcome.max_winners"))
    per = _num(post.get("outcome.garnets.per_points"))
    if per is not None:
        out["garnets"] = {**out.get("garnets", {}), "per_points": per}
    out["last_tie"] = _text(post, "outcome.last_tie") or "order"
    out["candidate_ties"] = csv(post.get("outcome.candidate_ties"))
    if order := [t.strip() for t in str(post.get("outcome.candidate_order") or "").split(";") if t.strip()]:
        out["candidate_order"] = order  # formulas may hold commas: the page separates them with ";"
    if silent := _text(post, "outcome.silent_pick"):
        out["silent_pick"] = silent
    for key in ("winners_by", "over_max", "single_pick"):  # the best of the winners, a single winner's pick
        if value := _text(post, f"outcome.{key}"):
            out[key] = value
    return out
