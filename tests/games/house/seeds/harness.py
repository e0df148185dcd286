"""A differential harness: a coded engine and a dealer's definition of the same game, fed the same seeded random
legal moves, compared after every turn (issue 43).

Each seed brings a :class:`Seed` adapter: how a coded move is written in the definition's fields, which facts each
side's view shows (scores, holdings, hands, private lines) in one shared notation, and, where the two deal
differently, how the coded engine is given the definition's deal. :func:`play` runs one match and returns a
:class:`Report`: for every aspect compared (who is awaited, refusals, costs, garnets spent, each view fact, each part
of the outcome) the first mismatch found, so a test can hold one aspect to agreement while another is a known gap.

Only the public entry points are used (``HouseEngine``, the samples' loader, the coded engine's contract), so the
harness survives any refactor inside either engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from games.engine import DEALER, Engine, Message, RuleError
from games.house.engine import HouseEngine
from games.house.engine.samples import sample_definition

HOUSE = HouseEngine()
Move = dict[str, Any]
Facts = dict[str, Any]


def _no_probes(coded: Any, player: str, rng: Random) -> dict[str, tuple[Move, Move]]:
    return {}


def _no_deal(house_state: Any) -> dict[str, Any]:
    return {}


def _no_alone(house_state: Any) -> dict[str, Move] | None:
    return None


def _no_lines(messages: Sequence[Message]) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Seed:
    """One seed's adapter between its coded engine and its sample definition.

    ``to_house(coded_state, house_state, player, move)`` writes a coded move in the definition's fields. ``coded_facts`` and
    ``house_facts`` read, from a viewer's view (``None``: a spectator), the facts both sides show, keyed alike.
    ``probes`` gives named pairs (coded move, the same move for the house) that may break a rule: both must refuse
    or both accept (aspect ``"refusals:<name>"``). ``deal`` reads the house's deal from its dealer view and returns coded options that fix the same
    deal. ``house_alone`` gives the moves of a house turn the coded engine has no counterpart for (None: none now); the
    views are compared once it gives none.
    ``moves(coded_state, player, rng)`` draws the legal coded move to play (default: the engine's ``random_move``),
    for a game whose random moves take turns the definition folds into one. ``align(coded_state, house_state,
    player)`` returns the coded state given what the definition has just dealt the player (through the coded
    engine's own ``dump`` and ``load``), for a deal the coded engine's options can fix only at setup; it is also
    called right after each close, before the views are compared, so a deal made at the close is compared dealt.
    ``coded_lines`` and ``house_lines`` read the facts a turn's messages tell each player privately, keyed alike
    (aspect ``"private"``; the house's are those of the turn and of the house-only turns before the next).
    """

    sample: str
    coded: Engine[Any]
    players: tuple[str, ...]
    to_house: Callable[[Any, Any, str, Move], Move]
    coded_facts: Callable[[Mapping[str, Any], str | None], Facts]
    house_facts: Callable[[Mapping[str, Any], str | None], Facts]
    options: Callable[[Random], dict[str, Any]] = lambda rng: {}
    probes: Callable[[Any, str, Random], dict[str, tuple[Move, Move]]] = _no_probes
    deal: Callable[[Any], dict[str, Any]] = _no_deal
    house_alone: Callable[[Any], dict[str, Move] | None] = _no_alone
    moves: Callable[[Any, str, Random], Move] | None = None
    align: Callable[[Any, Any, str], Any] | None = None
    coded_lines: Callable[[Sequence[Message]], dict[str, Any]] = _no_lines
    house_lines: Callable[[Sequence[Message]], dict[str, Any]] = _no_lines
    absent: Sequence[float] = (0.0, 0.1, 0.4)


@dataclass
class Report:
    """The first mismatch per aspect (``"awaited"``, ``"refusals"``, ``"cost"``, ``"spent"``, ``"view:<fact>"``,
    ``"outcome:<part>"``, ``"end"``), the number of turns played and the outcomes."""

    seed: int
    turns: int = 0
    mismatches: dict[str, str] = field(default_factory=dict)
    compared: set[str] = field(default_factory=set)
    coded_outcome: Any = None
    house_outcome: Any = None

    def note(self, aspect: str, same: bool, what: str) -> None:
        """Record ``aspect`` as compared, and its first mismatch."""
        self.compared.add(aspect)
        if not same and aspect not in self.mismatches:
            self.mismatches[aspect] = f"seed {self.seed} turn {self.turns}: {what}"


def _refused(engine: Engine[Any], state: Any, player: str, move: Move) -> tuple[bool, Move | None]:
    try:
        return False, engine.validate(state, player, move)
    except RuleError:
        return True, None


def _compare_views(seed: Seed, report: Report, coded: Any, house: Any) -> None:
    for viewer in (*seed.players, None):
        mine = seed.coded_facts(seed.coded.view(coded, viewer), viewer)
        theirs = seed.house_facts(HOUSE.view(house, viewer), viewer)
        for key in sorted(set(mine) | set(theirs)):
            a, b = mine.get(key), theirs.get(key)
            report.note(f"view:{key}", a == b, f"{viewer or 'a spectator'} sees {key} {a!r} coded, {b!r} house")


def _compare_lines(seed: Seed, report: Report, coded: Sequence[Message], house: Sequence[Message]) -> None:
    private = [m for m in coded if m.to is not None], [m for m in house if m.to is not None]
    mine, theirs = seed.coded_lines(private[0]), seed.house_lines(private[1])
    for p in sorted(set(mine) | set(theirs)):
        report.note("private", mine.get(p) == theirs.get(p), f"{p} told {mine.get(p)!r} coded, {theirs.get(p)!r} house")


def _compare_outcome(report: Report, coded: Any, house: Any) -> None:
    report.note("end", house is not None, "the coded match ended, the definition's did not")
    if house is None:
        return
    # Co-winners are a set (the house lists them in the tiebreak order, house-7; a coded engine in seat
    # order); the candidate order is an order and is compared as one.
    report.note("outcome:winners", set(coded.winners) == set(house.winners), f"{coded.winners} / {house.winners}")
    report.note(
        "outcome:candidates",
        tuple(coded.candidates) == tuple(house.candidates),
        f"{coded.candidates} / {house.candidates}",
    )
    report.note("outcome:scores", dict(coded.scores) == dict(house.scores), f"{coded.scores} / {house.scores}")
    for part in ("tokens", "garnets"):
        a = {p: n for p, n in getattr(coded, part).items() if n}
        b = {p: n for p, n in getattr(house, part).items() if n}
        report.note(f"outcome:{part}", a == b, f"{a} / {b}")


def play(seed: Seed, number: int, *, max_turns: int = 200) -> Report:
    """One random match of ``seed`` from seed ``number``, both engines fed the same moves, compared every turn."""
    rng = Random(f"{seed.sample}:{number}")
    report = Report(number)
    options = seed.options(rng)
    absent = rng.choice(list(seed.absent))
    house = HOUSE.setup(seed.players, {**options, "definition": sample_definition(seed.sample)}, Random(f"{number}:0"))
    coded = seed.coded.setup(seed.players, {**options, **seed.deal(house)}, Random(f"{number}:0"))
    _compare_views(seed, report, coded, house)
    alone_turns = 0
    lines_c: list[Message] = []
    lines_h: list[Message] = []
    while report.turns < max_turns:
        alone = seed.house_alone(house)
        if alone is not None and alone_turns < max_turns:
            # a turn only the definition takes (the dealer's, a step the coded engine folds into another): the
            # views are compared once the definition has closed the round too (its effects may follow the turn)
            alone_turns += 1
            house, told = HOUSE.resolve(house, alone, Random(f"{number}:h{alone_turns}"))
            lines_h += told
            if seed.house_alone(house) is None:
                _compare_views(seed, report, coded, house)
            continue
        if seed.coded.outcome(coded) is not None:
            break
        _compare_lines(seed, report, lines_c, lines_h)
        report.turns += 1
        if HOUSE.outcome(house) is not None:
            report.note("end", False, "the definition ended first")
            return report
        waiting = set(seed.coded.awaiting(coded))
        report.note("awaited", waiting == set(HOUSE.awaiting(house)), f"{waiting} / {set(HOUSE.awaiting(house))}")
        if "awaited" in report.mismatches:
            return report
        moves_c: dict[str, Move] = {}
        moves_h: dict[str, Move] = {}
        for p in seed.coded.awaiting(coded):
            if seed.align is not None:
                coded = seed.align(coded, house, p)
            for name, (probe_c, probe_h) in seed.probes(coded, p, rng).items():
                a, _ = _refused(seed.coded, coded, p, probe_c)
                b, _ = _refused(HOUSE, house, p, probe_h)
                report.note(f"refusals:{name}", a == b, f"{p} {probe_c} refused: coded {a}, house {b} ({probe_h})")
            if rng.random() < absent:
                continue  # a missing submission: each engine's own default
            move = (seed.moves or seed.coded.random_move)(coded, p, rng)
            moves_c[p] = seed.coded.validate(coded, p, move)
            refused, cleaned = _refused(HOUSE, house, p, seed.to_house(coded, house, p, moves_c[p]))
            report.note("refusals", not refused, f"the house refused {p}'s legal {move}")
            if cleaned is None:
                del moves_c[p]
                continue
            moves_h[p] = cleaned
            cost_c, cost_h = seed.coded.garnet_cost(coded, p, moves_c[p]), HOUSE.garnet_cost(house, p, cleaned)
            report.note("cost", cost_c == cost_h, f"{p} {move}: {cost_c} / {cost_h}")
        spent_c = seed.coded.round_spent(coded, moves_c, coded)
        before = house
        coded, lines_c = seed.coded.resolve(coded, moves_c, Random(f"{number}:{report.turns}"))
        house, lines_h = HOUSE.resolve(house, moves_h, Random(f"{number}:{report.turns}"))
        spent_h = HOUSE.round_spent(before, moves_h, house)
        report.note(
            "spent",
            {p: n for p, n in spent_c.items() if n} == {p: n for p, n in spent_h.items() if n},
            f"{spent_c} / {spent_h}",
        )
        if seed.align is not None:  # a deal made at this close (a new hand) given to the coded engine at once
            for p in seed.coded.awaiting(coded):
                coded = seed.align(coded, house, p)
        if seed.house_alone(house) is None:  # else compared after the definition's own turn
            _compare_views(seed, report, coded, house)
    _compare_lines(seed, report, lines_c, lines_h)
    report.coded_outcome, report.house_outcome = seed.coded.outcome(coded), HOUSE.outcome(house)
    if report.coded_outcome is not None:  # else the match was cut at max_turns: only its turns are compared
        _compare_outcome(report, report.coded_outcome, report.house_outcome)
    return report


def play_many(seed: Seed, numbers: range, *, max_turns: int = 200) -> dict[str, list[str]]:
    """Every mismatch of every match in ``numbers``, by aspect (an aspect that always agreed is absent)."""
    found: dict[str, list[str]] = {}
    for n in numbers:
        for aspect, what in play(seed, n, max_turns=max_turns).mismatches.items():
            found.setdefault(aspect, []).append(what)
    return found


def dealer_view(house_state: Any) -> Mapping[str, Any]:
    """The dealer's view of a house match (every holding, pile and balance): what ``Seed.deal`` reads."""
    return HOUSE.view(house_state, DEALER)
