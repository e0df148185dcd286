"""Readers of the keys that hold cards, counters and formulas (FORMAT.md "garnet-house/2"):
``counters``, ``decks``, ``piles``, a round's ``when``, ``order``, ``deal``, ``effects`` and ``resolve: {by:
best}``, ``end.when`` and a formula ``outcome.winners``. Every formula is compiled here, once, against the
names its place may read (``formula_names``), so a misspelt name is an error naming its path.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine.constants import LIMIT
from games.house.engine.formula import FormulaError, formula_compile, formula_int
from games.house.engine.named import compile_named
from games.house.engine.sections import Checker

MAX_DECKS = 4
MAX_CARDS = 500
MAX_PILES = 8
MAX_COUNTERS = 8
MAX_EFFECTS = 12
PILE_VISIBILITY = ("holder", "others", "all", "nobody", "dealer", "top")


def formula(c: Checker, raw: Any, path: str, names: Sequence[str]) -> str | None:
    """A formula's text, compiled against ``names`` (its errors named by ``path``)."""
    if isinstance(raw, int):
        raw = str(raw).lower()
    if not isinstance(raw, str):
        c.fail(path, "must be a formula (text)")
        return None
    try:
        compile_named(raw, path=path, names=names, defs=c.named)
    except FormulaError as exc:
        c.fail(exc.path, exc.message)
        return None
    if (problem := _pick_problem(raw, names)) is not None:
        c.fail(path, problem)
        return None
    return raw.strip()


def _pick_problem(text: str, names: Sequence[str]) -> str | None:
    """Why ``text`` picks where no evaluation can succeed (house-49): from a single value (``chips['bob']`` in a
    per-player formula, where ``chips`` is the player's own count), or from a table by player at a handle
    written in the formula (handles are not known when the game is designed). The place's kind is read off
    ``names`` (``match_names`` or ``player_names``: ``me`` only in the latter, a holding ``h`` beside
    ``all_h``); a name listed twice (a field named as a holding) is left to the evaluation."""
    count = Counter(names)
    once = {n for n, k in count.items() if k == 1}
    holdings = {n for n in once if f"all_{n}" in once and n != "scores"}
    per_player = "me" in once
    single = {"round": "a whole number", "players": "a whole number (how many are still in)"}
    if per_player:
        single |= {h: f"the player's own count (a whole number; every player's: all_{h})" for h in holdings}
        single |= {"score": "a whole number", "garnets": "a whole number", "seat": "a whole number"}
        single |= {"is_out": "yes/no", "winner": "yes/no", "me": "a text (the player's handle)"}
    tables = {"scores", "last_points", *({"traded_with"} & once)} | (set() if per_player else holdings)
    for node in ast.walk(ast.parse(text.strip(), mode="eval")):
        if not isinstance(node, ast.Subscript) or not isinstance(node.value, ast.Name) or node.value.id not in once:
            continue
        name, key = node.value.id, node.slice
        if name in single:
            return f"{name} is {single[name]} here: nothing can be picked from it ({name}[…])"
        if name in tables and isinstance(key, ast.Constant) and isinstance(key.value, str):
            return (
                f"{name}[{key.value!r}]: a table by player is picked by a player the match names (me, a role, a "
                "field), not by a handle written in the formula: handles are not known when the game is designed"
            )
    return None


def is_formula_awaits(raw: Any) -> bool:
    """Whether a ``/2`` round's ``awaits`` is a per-player formula (house-95): text that is none of the words
    (``all``, ``named``, ``leaders``, ``nobody``) nor names a role (``role:x``, ``others:x``)."""
    words = ("all", "named", "leaders", "nobody")
    return isinstance(raw, str) and raw.strip() not in words and not raw.startswith(("role:", "others:"))


def is_formula_for(raw: Any) -> bool:
    """Whether a field's ``for`` is a per-player formula (house-96): text other than ``all``, ``role:x``,
    ``others:x``."""
    return isinstance(raw, str) and raw != "all" and not raw.startswith(("role:", "others:"))


def match_names(definition: Mapping[str, Any]) -> list[str]:
    """What a match-wide formula reads (``when``, ``end.when``, a field's ``among``)."""
    names = ["round", "players", "alive", "out", "leaders", "lowest", "scores", "all_scores", "last_points"]
    names += [h["name"] for h in definition.get("holdings", [])]
    names += [f"all_{h['name']}" for h in definition.get("holdings", [])]
    names += [k["name"] for k in definition.get("counters", [])]
    names += [r["name"] for r in definition.get("roles", [])]
    for pile in definition.get("piles", []):
        names += [f"{pile['name']}_out"]
    for row in definition.get("rows", []):  # a centre row: its face-up cards (house-110)
        names += [row["name"], f"{row['name']}_values", f"{row['name']}_suits"]
    if definition.get("hands"):
        names += ["hand_round"]  # the round within the hand (house-112)
    return names


def player_names(definition: Mapping[str, Any], fields: Sequence[Mapping[str, Any]] = ()) -> list[str]:
    """What a per-player formula reads: the match-wide names, the player's own values over them (``me``,
    ``seat``, ``score``, ``garnets``, each holding, each role as yes/no, each pile's labels and
    ``<pile>_values``, ``is_out``, ``winner``), the round's fields (own value) and ``sent``; the round's trades
    (``gave``, ``got``, ``partners``) and the match's (``trade_log.HISTORY_NAMES``)."""
    names = [*match_names(definition), "me", "seat", "score", "garnets", "is_out", "winner", "sent"]
    names += ["gave", "got", "partners", "traded_with", "trade_counts", "last_partners"]
    for pile in definition.get("piles", []):
        names += [pile["name"], f"{pile['name']}_values", f"{pile['name']}_suits", f"{pile['name']}_owners"]
        if pile.get("visibility") == "top":  # the top cards of the other players' piles (house-111)
            names += [f"{pile['name']}_tops", f"{pile['name']}_tops_values", f"{pile['name']}_tops_suits"]
    names += [f["name"] for f in fields]
    cards = [f for f in fields if f.get("type") == "card"]
    if cards:  # the labels and owners of the cards played (house-155), each card field's label (house-159)
        names += ["played", "played_owners", *(f"{f['name']}_label" for f in cards)]
    if any(f.get("player") for f in cards):  # who named whom with a card this round (house-158)
        names += list(AIMED_NAMES)
    return names


AIMED_NAMES = ("aimed_by", "aimed_labels")
"""What others' cards played this round name of the player: not read by a move's rules (house-158)."""


def read_counters(c: Checker, raw: Any) -> list[dict[str, Any]]:
    """``counters``: match-wide public numbers (a pot), each ``{name, label, start}``."""
    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_COUNTERS:
        c.fail("counters", f"must be a list of at most {MAX_COUNTERS} counters")
        return []
    out = []
    for i, item in enumerate(raw):
        data = c.mapping(item, f"counters[{i}]")
        if data is None:
            continue
        c.unknown(data, ("name", "label", "start"), f"counters[{i}]")
        name = c.name(data.get("name"), f"counters[{i}].name") or "counter"
        label = c.text(data.get("label", name.capitalize()), f"counters[{i}].label", max_length=40) or name
        start = c.integer(data.get("start", 0), f"counters[{i}].start", -LIMIT, LIMIT) or 0
        out.append({"name": name, "label": label, "start": start})
    return out


def read_decks(c: Checker, raw: Any, max_players: int) -> list[dict[str, Any]]:
    """``decks``: each ``{name, label, cards: [{label, value, suit, copies}]}``; ``copies`` a whole number or
    a formula of ``players`` (the number of players at setup); at most ``MAX_CARDS`` cards in all."""
    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_DECKS:
        c.fail("decks", f"must be a list of at most {MAX_DECKS} decks")
        return []
    out, total = [], 0
    for i, item in enumerate(raw):
        path = f"decks[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "cards"), path)
        name = c.name(data.get("name"), f"{path}.name") or "deck"
        label = c.text(data.get("label", name.capitalize()), f"{path}.label", max_length=40) or name
        cards_raw = data.get("cards")
        if not isinstance(cards_raw, list) or not 1 <= len(cards_raw) <= MAX_CARDS:
            c.fail(f"{path}.cards", f"must be a list of 1 to {MAX_CARDS} kinds of card")
            cards_raw = []
        cards = []
        for j, card in enumerate(cards_raw[:MAX_CARDS]):
            where = f"{path}.cards[{j}]"
            cd = c.mapping(card, where)
            if cd is None:
                continue
            c.unknown(cd, ("label", "value", "suit", "copies", "owner"), where)
            copies = cd.get("copies", 1)
            owner = cd.get("owner") or None  # blank (the designer's "Unmarked"): none
            if owner is not None and (owner != "each" or cd.get("copies", "players") != "players"):
                c.fail(f"{where}.owner", "must be each (one copy per player, marked as theirs): copies is players")
            if owner == "each":
                copies = "players"  # one copy per player (house-79), counted as a formula of players
            if isinstance(copies, str):  # counted at every player count by check_card_count (house-50)
                copies = formula(c, copies, f"{where}.copies", ["players"])
            else:
                copies = c.integer(copies, f"{where}.copies", 0, MAX_CARDS)
                total += copies or 0
            cards.append(
                {
                    "label": c.text(cd.get("label", ""), f"{where}.label", max_length=40, required=True) or "?",
                    "value": c.integer(cd.get("value", 0), f"{where}.value", -LIMIT, LIMIT) or 0,
                    "suit": c.text(cd.get("suit", ""), f"{where}.suit", max_length=40) or "",
                    "copies": 1 if copies is None else copies,
                    **({"owner": "each"} if owner == "each" else {}),
                }
            )
        out.append({"name": name, "label": label, "cards": cards})
    if total > MAX_CARDS:
        c.fail("decks", f"may hold at most {MAX_CARDS} cards in all (these hold up to {total})")
    return out


def check_card_count(c: Checker, decks: Sequence[Mapping[str, Any]], players: Mapping[str, int]) -> None:
    """At most ``MAX_CARDS`` cards in all at the largest player count the game allows (and its smallest, for a
    formula that shrinks as players join), ``copies`` formulas evaluated as setup builds the decks (0 to
    ``MAX_CARDS`` a kind; one that cannot be computed gives none: house-40), so formulas never multiply the
    bound (house-50). Two counts keep a hostile file's cost in milliseconds; setup stops at the bound anyway."""
    kinds = [
        (f"decks[{i}].cards[{j}].copies", card["copies"])
        for i, d in enumerate(decks)
        for j, card in enumerate(d["cards"])
    ]
    if not any(isinstance(copies, str) for _, copies in kinds):
        return  # fixed counts: read_decks summed them
    for n in dict.fromkeys((players["max"], players["min"])):
        counts = [(path, _copies_at(copies, path, n)) for path, copies in kinds]
        total = sum(k for _, k in counts)
        if total > MAX_CARDS:
            path, most = max(counts, key=lambda pc: pc[1])
            c.fail(
                "decks",
                f"may hold at most {MAX_CARDS} cards in all: with {n} players these hold {total} ({path} gives {most})",
            )
            return


def _copies_at(copies: Any, path: str, players: int) -> int:
    """A card's copies for ``players`` players, as ``items.setup`` deals them."""
    if not isinstance(copies, str):
        return max(0, min(int(copies), MAX_CARDS))
    try:
        found = formula_int(formula_compile(copies, path=path, names=["players"]), {"players": players})
    except FormulaError:
        return 0
    return max(0, min(found, MAX_CARDS))


def read_dealt(c: Checker, data: Mapping[str, Any], path: str, deck_names: Sequence[str], kind: str) -> dict[str, Any]:
    """What a player's pile and a match's row share: ``{name, label, deck, deal}``, ``deal`` cards of ``deck``."""
    name = c.name(data.get("name"), f"{path}.name") or kind
    label = c.text(data.get("label", name.capitalize()), f"{path}.label", max_length=40) or name
    deck = c.choice(data.get("deck"), f"{path}.deck", deck_names or ("(declare a deck)",))
    deal = c.integer(data.get("deal", 0), f"{path}.deal", 0, 52) or 0
    return {"name": name, "label": label, "deck": deck, "deal": deal}


def read_piles(c: Checker, raw: Any, decks: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``piles``: each player's pile of cards from a deck: ``{name, label, deck, deal, visibility}``, ``deal``
    cards dealt to each player at setup, seen by its ``holder``, ``others`` (everyone but its holder),
    ``all``, ``nobody`` or the ``dealer``."""
    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_PILES:
        c.fail("piles", f"must be a list of at most {MAX_PILES} piles")
        return []
    deck_names = [d["name"] for d in decks]
    out = []
    for i, item in enumerate(raw):
        path = f"piles[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "deck", "deal", "visibility", "distinct", "own", "refill"), path)
        pile = read_dealt(c, data, path, deck_names, "pile")
        pile["visibility"] = (
            c.choice(data.get("visibility", "holder"), f"{path}.visibility", PILE_VISIBILITY) or "holder"
        )
        # a deal of different labels per hand, a starting hand of the cards marked as the player's (house-70, -79),
        # the pile shuffled back into its deck, top card left, when the deck runs out (house-140)
        for key in ("distinct", "own", "refill"):
            if data.get(key) is not None and c.boolean(data[key], f"{path}.{key}"):
                pile[key] = True
        marked = any(card.get("owner") for d in decks if d["name"] == pile["deck"] for card in d["cards"])
        if pile.get("own") and not marked:
            c.fail(f"{path}.own", "its deck has no card marked with an owner (a card with owner: each)")
        out.append(pile)
    return out


def read_round2(
    c: Checker, data: Mapping[str, Any], path: str, definition: Mapping[str, Any], fields: Any
) -> dict[str, Any]:
    """A round's ``/2`` keys: ``when`` (a match formula; false: the round is skipped), ``order`` (``together``,
    ``seat`` or a per-player formula: movers one at a time, lowest first), ``deal`` (cards dealt to a pile
    before the round, ``replace`` discarding what it held) and ``effects``."""
    out: dict[str, Any] = {}
    when = data.get("when")
    out["when"] = None if when is None else formula(c, when, f"{path}.when", match_names(definition))
    order = data.get("order", "together")
    if order in ("together", "seat"):
        out["order"] = order
    else:
        out["order"] = formula(c, order, f"{path}.order", player_names(definition, fields)) or "together"
    piles = [p["name"] for p in definition.get("piles", [])]
    deal_raw = data.get("deal") or []
    if not isinstance(deal_raw, list) or len(deal_raw) > MAX_PILES:
        c.fail(f"{path}.deal", "must be a list of {pile, count, replace}")
        deal_raw = []
    out["deal"] = []
    for j, d in enumerate(deal_raw):
        dd = c.mapping(d, f"{path}.deal[{j}]") or {}
        c.unknown(dd, ("pile", "count", "replace"), f"{path}.deal[{j}]")
        pile = c.choice(dd.get("pile"), f"{path}.deal[{j}].pile", piles or ("(declare a pile)",))
        count = c.integer(dd.get("count", 1), f"{path}.deal[{j}].count", 0, 52) or 0
        replace = c.boolean(dd.get("replace", False), f"{path}.deal[{j}].replace")
        out["deal"].append({"pile": pile, "count": count, "replace": bool(replace)})
    out["effects"] = read_effects(c, data.get("effects"), f"{path}.effects", definition, fields)
    if is_formula_awaits(data.get("awaits")):
        names = player_names(definition, fields)
        out["awaits"] = formula(c, data["awaits"], f"{path}.awaits", names) or "all"
    if data.get("again") is not None:  # a mover awaited again while true (house-93): only in turn order
        if out["order"] == "together":
            c.fail(f"{path}.again", "awaits a mover again: only a round in turn order (order: seat or a formula)")
        out["again"] = formula(c, data["again"], f"{path}.again", player_names(definition, fields))
    return out


def read_effects(c: Checker, raw: Any, path: str, definition: Mapping[str, Any], fields: Any) -> list[dict[str, Any]]:
    """``effects``: changes applied, in order, once the round is resolved: ``{to, who, amount, when}``: ``to``
    ``score``, a holding, a counter or ``garnets`` (paid to the player; never taken); ``who`` ``each`` (still
    in), ``awaited``, ``winners``, ``role:<name>`` or ``match`` (a counter, once); ``amount`` and ``when``
    formulas evaluated for each player (``match``: match-wide); ``per: trade``: once for each trade the player made
    this round, reading ``given``, ``received`` and ``partner`` (house-61)."""
    from games.house.engine import sections_lines  # it builds on this module's readers

    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_EFFECTS:
        c.fail(path, f"must be a list of at most {MAX_EFFECTS} effects")
        return []
    targets = ["score", "garnets", *(h["name"] for h in definition.get("holdings", []))]
    counters = [k["name"] for k in definition.get("counters", [])]
    roles = [f"role:{r['name']}" for r in definition.get("roles", [])]
    out = []
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        data = c.mapping(item, where) or {}
        if data.get("to") in sections_lines.LINE_TARGETS:  # a line told, not a change (house-74)
            data = {k: v for k, v in data.items() if k != "per" or v}  # the designer's blank "once a player"
            out.append(sections_lines.read_line(c, data, where, definition, fields))
            continue
        data = {k: v for k, v in data.items() if k not in ("text", "tell") or v is not None}  # a form's blanks
        c.unknown(data, ("to", "who", "amount", "when", "per"), where)
        who = c.choice(data.get("who", "each"), f"{where}.who", ("each", "awaited", "winners", "match", *roles))
        to = c.choice(data.get("to"), f"{where}.to", [*targets, *counters] if who != "match" else counters or ["-"])
        names = [*match_names(definition), "sent", "winners"] if who == "match" else player_names(definition, fields)
        per = data.get("per") or None  # blank (the designer's "once for each player"): none
        if per is not None and (per != "trade" or who == "match"):
            c.fail(f"{where}.per", "must be trade (once for each trade the player made), and not with who: match")
            per = None
        if per == "trade":
            names = [*names, "given", "received", "partner"]  # trade_log.TRADE_NAMES
        amount = formula(c, data.get("amount"), f"{where}.amount", names)
        when = data.get("when")
        when = None if when is None else formula(c, when, f"{where}.when", names)
        out.append({"to": to, "who": who or "each", "amount": amount or "0", "when": when})
        if per == "trade":
            out[-1]["per"] = "trade"
    return out


def read_best(
    c: Checker, data: Mapping[str, Any], path: str, definition: Mapping[str, Any], fields: Any
) -> dict[str, Any]:
    """``resolve: {by: best, key, among, ties}``: the players (``among`` true) with the highest ``key`` are the
    round's winners (``ties: all`` or ``tiebreak``); the effects then pay them (``who: winners``)."""
    c.unknown(data, ("by", "key", "among", "ties"), path)
    names = player_names(definition, fields)
    key = formula(c, data.get("key"), f"{path}.key", names)
    among = data.get("among")
    among = None if among is None else formula(c, among, f"{path}.among", names)
    ties = c.choice(data.get("ties", "all"), f"{path}.ties", ("all", "tiebreak")) or "all"
    return {"by": "best", "key": key or "0", "among": among, "ties": ties}


def read_end_when(c: Checker, raw: Any, definition: Mapping[str, Any]) -> str | None:
    """``end.when``: a match formula; true after a round: the match ends (a holding reached a value)."""
    return None if raw is None else formula(c, raw, "end.when", match_names(definition))


def read_winners(c: Checker, raw: Any, definition: Mapping[str, Any]) -> str | None:
    """A formula ``outcome.winners``: true for each winner (``"role == ['Thief'] and not is_out"``)."""
    return formula(c, raw, "outcome.winners", player_names(definition))
