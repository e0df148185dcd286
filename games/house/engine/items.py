"""Cards and what players hand each other in a ``garnet-house/2`` game (FORMAT.md "Decks and piles",
"Transfers and trades"): decks built and shuffled at setup, dealt to each player's piles without replacement,
dealt again before a round, played from a pile; gifts and trades of holdings; who sees which pile; and the
redraw of one player's hidden cards.

State keys: ``cards`` (every card by id: label, value, suit), ``deck`` (deck -> the ids still to deal, top
first), ``discard`` (deck -> ids played or replaced, public), ``piles`` (pile -> player -> ids).

Pure: no Django, no clock; randomness comes in as ``rng``. Functions that change a state change the one given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import Message, PlayerId, RuleError
from games.house.engine import deals, happened, trade_log, trade_rules
from games.house.engine.formula import FormulaError, formula_compile, formula_int
from games.house.engine.named import compile_named, defs_of
from games.house.engine.state import State, plan_for


def setup(state: State, rng: Random) -> None:
    """Every deck built (``copies`` may be a formula of ``players``) and shuffled with ``rng``, deck by deck;
    then each pile dealt ``deal`` cards per player, pile by pile, player by player in seat order."""
    definition = state["definition"]
    cards: list[dict[str, Any]] = []
    state["deck"], state["discard"] = {}, {}
    for deck in definition.get("decks", []):
        ids = []
        for i, card in enumerate(deck["cards"]):
            copies = card["copies"]
            if isinstance(copies, str):
                path = f"decks[{definition['decks'].index(deck)}].cards[{i}].copies"
                copies = _copies(copies, path, len(state["players"]))
            owners = deals.owned_copies(card, state["players"])  # owner: each, one copy per player (house-79)
            for k in range(max(0, min(len(owners) or int(copies), 500 - len(cards)))):  # at most 500 (house-50)
                ids.append(len(cards))
                cards.append(
                    {"label": card["label"], "value": card["value"], "suit": card["suit"], "deck": deck["name"]}
                )
                if owners:
                    cards[-1]["owner"] = owners[k]
        rng.shuffle(ids)
        state["deck"][deck["name"]], state["discard"][deck["name"]] = ids, []
    state["cards"] = cards
    state["piles"] = {p["name"]: {q: [] for q in state["players"]} for p in definition.get("piles", [])}
    for pile in definition.get("piles", []):
        if pile.get("own"):
            deals.deal_own(state, pile, state["players"])
        deals.deal_pile(state, pile, state["players"], pile["deal"])


def starts_from_cards(state: State) -> None:
    """Holdings whose ``start`` is a formula of the cards dealt (``count(cubes, 'Red')``: a random deal from a
    pool becomes counts a player can give and trade), computed per player once the piles are dealt."""
    piles = state["definition"].get("piles", [])
    names = ["players", *(p["name"] for p in piles)]
    for i, h in enumerate(state["definition"]["holdings"]):
        if not isinstance(h["start"], str):
            continue
        rule = compile_named(h["start"], path=f"holdings[{i}].start", names=names, defs=defs_of(state["definition"]))
        for q in state["players"]:
            env = {"players": len(state["players"])}
            env.update({p["name"]: labels(state, state["piles"][p["name"]][q]) for p in piles})
            try:
                state["holdings"][q][h["name"]] = bounded(state, h["name"], formula_int(rule, env))
            except FormulaError:
                state["holdings"][q][h["name"]] = 0  # house-40


def _copies(text: str, path: str, players: int) -> int:
    """A card's ``copies`` formula for ``players`` players (one that cannot be computed: none, house-40)."""
    try:
        return formula_int(formula_compile(text, path=path, names=["players"]), {"players": players})
    except FormulaError:
        return 0


def pile_decl(state: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    return next(p for p in state["definition"]["piles"] if p["name"] == name)


def deal_round(state: State, plan: Mapping[str, Any], players: Sequence[PlayerId]) -> None:
    """A round's ``deal``: for each entry, each player still in (seat order) gets ``count`` cards; ``replace``
    first discards what the pile held."""
    for entry in plan.get("deal", []):
        deck = pile_decl(state, entry["pile"])["deck"]
        for q in players:
            if entry["replace"]:
                state["discard"][deck].extend(state["piles"][entry["pile"]][q])
                state["piles"][entry["pile"]][q] = []
        deals.deal_pile(state, pile_decl(state, entry["pile"]), players, entry["count"])


def labels(state: Mapping[str, Any], ids: Sequence[int]) -> list[str]:
    return [str(state["cards"][i]["label"]) for i in ids]


def shown(state: Mapping[str, Any], ids: Sequence[int]) -> list[dict[str, Any]]:
    """Cards as a view shows them: id, label, value, suit."""
    return [{"id": i, **state["cards"][i]} for i in ids]


def seen_by(pile: Mapping[str, Any], holder: PlayerId, viewer: PlayerId | None) -> bool:
    """Whether ``viewer`` (None: the public; ``~dealer``: the dealer) sees ``holder``'s cards of ``pile``."""
    vis: str = pile["visibility"]
    if vis == "all":
        return True
    if viewer == "~dealer":
        return vis != "nobody"
    if viewer is None:
        return False
    return (vis == "holder" and viewer == holder) or (vis == "others" and viewer != holder)


def check_move(state: Mapping[str, Any], player: PlayerId, move: Mapping[str, Any]) -> None:
    """What a move may not ask (RULES.md house-32): a card not in the player's pile, more of a holding than
    they hold now, a trade they cannot cover, two trades with one partner."""
    fields = plan_for(state, state["round"])["fields"]
    partners: set[str] = set()
    for f in fields:
        value = move.get(f["name"])
        if value is None:
            continue
        if f["type"] == "card" and value != "drawn" and value not in state["piles"][f["pile"]][player]:
            raise RuleError(f"{f['label']}: you do not hold that card")
        if f["type"] == "give" and f.get("pile"):
            if value["card"] not in state["piles"][f["pile"]][player]:
                raise RuleError(f"{f['label']}: you do not hold that card")
        elif f["type"] == "give":
            have = held(state, player, f["holding"])
            if value["amount"] > have:
                raise RuleError(f"{f['label']}: you hold {have}, not {value['amount']}")
        if f["type"] == "trade":
            for name, n in value["give"].items():
                if n > (have := held(state, player, name)):
                    raise RuleError(trade_rules.short_words(state, player, f["label"], name, have, n))
            if value["with"] in partners:
                raise RuleError(f"{f['label']}: one trade per partner a round ({value['with']} already)")
            trade_rules.check_barred(state, player, f, value["with"])
            partners.add(value["with"])


def held(state: Mapping[str, Any], player: PlayerId, holding: str) -> int:
    """What ``player`` may give of ``holding`` now: its value above its ``min`` (above 0 without one)."""
    decl = next((h for h in state["definition"]["holdings"] if h["name"] == holding), None)
    floor = decl["min"] if decl is not None and decl["min"] is not None else 0
    if decl is not None and decl.get("locked"):  # that many are locked: kept, not given (house-63)
        floor += max(0, int(state["holdings"][player].get(decl["locked"], 0)))
    return max(0, int(state["holdings"][player].get(holding, 0)) - floor)


def bounded(state: Mapping[str, Any], holding: str, value: int) -> int:
    """``value`` kept within the holding's ``min`` and ``max`` (RULES.md house-27)."""
    decl = next(h for h in state["definition"]["holdings"] if h["name"] == holding)
    if decl["min"] is not None:
        value = max(decl["min"], value)
    return min(decl["max"], value) if decl["max"] is not None else value


def exchange(state: State, moves: Mapping[PlayerId, Mapping[str, Any]]) -> list[Message]:
    """The round's cards played (to the discard), gifts (seat order, each capped by what the giver holds then)
    and trades (two players who name each other with matching terms, both able to cover it)."""
    plan = plan_for(state, state["round"])
    messages: list[Message] = []
    round_no = state["round"]
    state["traded"] = {}
    before = {p: dict(h) for p, h in state["holdings"].items()}
    settled: set[frozenset[PlayerId]] = set()  # pairs whose trade was settled or told, whatever the field
    for f in plan["fields"]:
        if f["type"] == "card":
            deck = pile_decl(state, f["pile"])["deck"]
            for p, move in moves.items():
                card = move.get(f["name"])
                if card in state["piles"][f["pile"]][p]:
                    state["piles"][f["pile"]][p].remove(card)
                    (state["piles"][f["to"]][p] if f.get("to") else state["discard"][deck]).append(card)
                    messages.append(Message(f"Round {round_no}: {p} played {state['cards'][card]['label']}."))
        elif f["type"] == "give" and f.get("pile"):
            messages += _give_cards(state, f, moves)
        elif f["type"] == "give":
            for p, move in moves.items():
                gift = move.get(f["name"])
                if not gift:
                    continue
                n = min(gift["amount"], _left(state, before, p, f["holding"]))
                if n > 0 and gift["to"] in state["holdings"]:
                    state["holdings"][p][f["holding"]] -= n
                    to = gift["to"]
                    _record(state, p, to, {f["holding"]: n}, {})
                    state["holdings"][to][f["holding"]] = bounded(
                        state, f["holding"], state["holdings"][to][f["holding"]] + n
                    )
                    given = happened.amount(happened.labels(state).get(f["holding"], f["holding"]), n)
                    messages.append(Message(f"You gave {given} to {to}.", to=p))
                    messages.append(Message(f"{p} gave you {given}.", to=to))
        elif f["type"] == "trade":
            messages += _trades(state, f, moves, before, settled)
    return messages


def _give_cards(state: State, f: Mapping[str, Any], moves: Mapping[PlayerId, Mapping[str, Any]]) -> list[Message]:
    """Cards given, in seat order of the giver: each still in the giver's pile moves to the receiver's."""
    messages: list[Message] = []
    pile = state["piles"][f["pile"]]
    for p in state["players"]:
        gift = (moves.get(p) or {}).get(f["name"])
        if not gift or gift["card"] not in pile[p] or gift["to"] not in pile:
            continue
        pile[p].remove(gift["card"])
        pile[gift["to"]].append(gift["card"])
        label = state["cards"][gift["card"]]["label"]
        messages += [
            Message(f"You gave {label} to {gift['to']}.", to=p),
            Message(f"{p} gave you {label}.", to=gift["to"]),
        ]
    return messages


def _left(state: State, before: Mapping[PlayerId, Mapping[str, int]], player: PlayerId, holding: str) -> int:
    """What ``player`` may still give of ``holding`` in this close: what they held when it began (above the
    holding's min) less what they gave since; what they received in it cannot be given on (house-32)."""
    given: int = state["traded"].get(player, {}).get("gave", {}).get(holding, 0)
    return max(0, held({**state, "holdings": before}, player, holding) - given)


def _offers(state: State, moves: Mapping[PlayerId, Mapping[str, Any]]) -> dict[PlayerId, dict[PlayerId, Any]]:
    """Every trade offer of the round, whatever its field: player -> partner -> (field, offer). One trade per
    partner a round (refused when saved), so a pair has at most one offer each way (house-47)."""
    found: dict[PlayerId, dict[PlayerId, Any]] = {}
    for f in plan_for(state, state["round"])["fields"]:
        for p, m in moves.items():
            if f["type"] == "trade" and m.get(f["name"]):
                found.setdefault(p, {}).setdefault(m[f["name"]]["with"], (f, m[f["name"]]))
    return found


def _agree(f: Mapping[str, Any], mine: Mapping[str, Any], g: Mapping[str, Any], theirs: Mapping[str, Any]) -> bool:
    """Each side whose field has ``matching`` terms gets exactly what the other gives; ``each_gives`` states only
    what its sender gives (house-32, house-47)."""
    return (f.get("terms") == "each_gives" or mine["get"] == theirs["give"]) and (
        g.get("terms") == "each_gives" or theirs["get"] == mine["give"]
    )


def _trades(
    state: State,
    f: Mapping[str, Any],
    moves: Mapping[PlayerId, Mapping[str, Any]],
    before: Mapping[str, Any],
    settled: set[frozenset[PlayerId]],
) -> list[Message]:
    """The trades field ``f``'s offers open, in seat order of their sender; the answer may stand in any trade
    field of the round. A trade that fails is told to both (house-32, house-47)."""
    offers = _offers(state, moves)
    messages: list[Message] = []
    for a in state["players"]:
        mine = (moves.get(a) or {}).get(f["name"])
        if not mine or frozenset((a, mine["with"])) in settled:
            continue
        b = mine["with"]
        settled.add(frozenset((a, b)))
        if a not in offers.get(b, {}):
            messages.append(Message(f"Your trade with {b} did not go through: {b} offered you no trade.", to=a))
            continue
        g, theirs = offers[b][a]
        if not _agree(f, mine, g, theirs):
            text = f"The trade between {a} and {b} did not go through: what one gives is not what the other gets."
            messages += [Message(text, to=a), Message(text, to=b)]
            continue
        if any(n > _left(state, before, a, h) for h, n in mine["give"].items()) or any(
            n > _left(state, before, b, h) for h, n in theirs["give"].items()
        ):
            text = f"The trade between {a} and {b} did not go through: one of them no longer holds enough."
            messages += [Message(text, to=a), Message(text, to=b)]
            continue
        _record(state, a, b, mine["give"], theirs["give"])
        trade_log.record(state, a, b, mine["give"], theirs["give"])
        for giver, taker, terms in ((a, b, mine["give"]), (b, a, theirs["give"])):
            for h, n in terms.items():
                state["holdings"][giver][h] -= n
                state["holdings"][taker][h] = bounded(state, h, state["holdings"][taker][h] + n)
        words = (
            f"{a} and {b} traded: {a} gave {happened.terms(happened.labels(state), mine['give'])}, "
            f"{b} gave {happened.terms(happened.labels(state), theirs['give'])}."
        )
        public = f["public"] and g["public"]  # either offer private: the trade stays between the two
        messages += [Message(words)] if public else [Message(words, to=a), Message(words, to=b)]
    return messages


def _record(state: State, a: PlayerId, b: PlayerId, gave: Mapping[str, int], got: Mapping[str, int]) -> None:
    """What changed hands this round, for the formulas' ``gave``, ``got`` and ``partners`` (house-32)."""
    for p, q, out, into in ((a, b, gave, got), (b, a, got, gave)):
        rec = state["traded"].setdefault(p, {"gave": {}, "got": {}, "partners": []})
        for h, n in out.items():
            rec["gave"][h] = rec["gave"].get(h, 0) + n
        for h, n in into.items():
            rec["got"][h] = rec["got"].get(h, 0) + n
        rec["partners"].append(q)
