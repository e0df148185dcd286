"""The Exodus Game, cubes (``samples/exodus_cubes.yaml``) against ``games/exodus`` through the differential harness
(issue 43). The coded engine is given the definition's deal, so the two play the same cubes; what the format cannot
say yet would be a strict xfail named after its clause; every clause of the text is said now."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

import pytest

from games.engine import Message
from games.exodus.engine import ExodusEngine
from games.exodus.tables import COLOURS
from tests.games.house.seeds.harness import HOUSE, Report, Seed, dealer_view, play

PLAYERS = tuple(f"p{i}" for i in range(1, 10))
MATCHES = range(100)


def _trade(trade: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if trade is None else {"with": trade["with"], "give": {trade["give"]: 1}}


def _to_house(state: Any, house: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
    if "ec" in move:
        return {"ec": move["ec"]}
    trades = [*move["trades"], None, None]
    return {"first": _trade(trades[0]), "second": _trade(trades[1])}


def _deal(house: Any) -> dict[str, Any]:
    """The definition's deal, given to the coded engine (its ruling 2: a fixed deal is taken as given)."""
    holdings = dealer_view(house)["dealer"]["holdings"]
    return {"inventories": {p: [c for c in COLOURS for _ in range(holdings[p][c])] for p in PLAYERS}}


def _probes(state: Any, player: str, rng: Random) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Moves that may break a rule, in both notations: a cube not held, two trades with one partner, a trade with
    oneself, a trade of two cubes for one (the coded notation cannot even write it: both must refuse)."""
    other = rng.choice([p for p in PLAYERS if p != player])
    colour = rng.choice(COLOURS)
    one = {"with": other, "give": colour}
    two = {colour: 1, "black" if colour != "black" else "red": 1}
    return {
        "held": ({"trades": [one]}, {"first": _trade(one), "second": None}),
        "partner": ({"trades": [one, one]}, {"first": _trade(one), "second": _trade(one)}),
        "self": ({"trades": [{"with": player, "give": colour}]}, {"first": {"with": player, "give": {colour: 1}}}),
        "two_for_one": (
            {"trades": [{"with": other, "give": [colour, "black"]}]},
            {"first": {"with": other, "give": two}},
        ),
    }


def _coded_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    if viewer is None or public["phase"] not in ("trade", "ec"):
        return {}  # the public sees nothing while trading (ruling 4); the end is compared as the outcome
    inventory = view["you"]["inventory"]
    if public["phase"] == "ec":
        return {"score": view["score"]}
    return {"score": view["score"], "cubes": {c: inventory.count(c) for c in COLOURS}}


def _house_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    if viewer is None or public["phase"] not in ("play", "ec"):
        return {}
    if public["phase"] == "ec":  # the winners' pick: the last round's points, compared before the outcome
        return {"score": view["you"]["score"]}
    return {"score": view["you"]["score"], "cubes": dict(view["you"]["holdings"])}


def _told(went: list[tuple[str, str]], failed: list[tuple[str, str]]) -> dict[str, Any]:
    told: dict[str, Any] = {}
    for kind, pairs in (("went through", went), ("failed", failed)):
        for p, q in pairs:
            told.setdefault(p, {"went through": [], "failed": []})[kind].append(q)
    return {p: {k: sorted(v) for k, v in facts.items()} for p, facts in told.items()}


def _coded_lines(messages: Sequence[Message]) -> dict[str, Any]:
    """Which of each player's trades went through and which failed, from their round's private results."""
    went = [(m.to, q) for m in messages for q in re.findall(r"trade with (\S+) went through", m.text) if m.to]
    failed = [(m.to, q) for m in messages for q in re.findall(r"trade with (\S+) failed", m.text) if m.to]
    return _told(went, failed)


def _house_lines(messages: Sequence[Message]) -> dict[str, Any]:
    went = []
    for m in messages:
        for a, b in re.findall(r"(\S+) and (\S+) traded", m.text):
            if m.to:
                went.append((m.to, b if m.to == a else a))
    failed = [(m.to, q) for m in messages for q in re.findall(r"trade with (\S+) did not go through", m.text) if m.to]
    return _told(went, failed)


EXODUS_CUBES = Seed(
    sample="exodus_cubes",
    coded=ExodusEngine(),
    players=PLAYERS,
    to_house=_to_house,
    coded_facts=_coded_facts,
    house_facts=_house_facts,
    probes=_probes,
    deal=_deal,
    coded_lines=_coded_lines,
    house_lines=_house_lines,
)


@pytest.fixture(scope="module")
def reports() -> list[Report]:
    """100 random matches, each one's report (played once for the module)."""
    return [play(EXODUS_CUBES, n) for n in MATCHES]


@pytest.fixture(scope="module")
def found(reports: list[Report]) -> dict[str, list[str]]:
    """Every mismatch of the 100 random matches, by aspect (as ``play_many`` gives them)."""
    found: dict[str, list[str]] = {}
    for report in reports:
        for aspect, what in report.mismatches.items():
            found.setdefault(aspect, []).append(what)
    return found


def test_one_exodus_match_compares_every_aspect() -> None:
    """The harness really compares the cubes, the scores, the refusals and the outcome."""
    report = play(EXODUS_CUBES, 0)
    assert {"awaited", "refusals", "cost", "view:cubes", "view:score", "private", "outcome:winners"} <= report.compared


def test_every_round_awaits_every_player_as_in_exodus(found: dict[str, list[str]]) -> None:
    """Seven rounds of 24 hours, every player submits in each: the same players are awaited every turn."""
    assert found.get("awaited") is None


def test_trades_go_through_when_both_name_each_other_and_inventories_agree(found: dict[str, list[str]]) -> None:
    """A 1-on-1 swap of one cube each, processed only when both players name each other, two trades a round with
    different partners, received cubes arriving after the round: every player's cubes agree after every round."""
    assert found.get("view:cubes") is None


def test_each_player_is_told_privately_which_trades_went_through_and_which_failed(
    found: dict[str, list[str]],
) -> None:
    """The text: "you will privately be notified if any trades have failed": after every round each player is told,
    and only they, which of their trades went through and which failed, the same trades in both engines."""
    assert found.get("private") is None


def test_a_move_the_text_forbids_is_refused_by_both(found: dict[str, list[str]]) -> None:
    """A cube not held, two trades with one partner and a trade with oneself are refused by both engines; every
    legal move of the coded engine is accepted by the definition."""
    assert found.get("refusals") is None
    assert [found.get(f"refusals:{name}") for name in ("held", "partner", "self")] == [None, None, None]
    assert found.get("cost") is None and found.get("spent") is None


def test_a_trade_of_two_cubes_for_one_is_refused(found: dict[str, list[str]]) -> None:
    """The text: "Trades are defined as a 1-on-1 swap of cubes"; a trade giving two cubes is refused (``one_for_one: true``:
    one item each side, house-60)."""
    assert found.get("refusals:two_for_one") is None


def test_a_trade_scores_by_the_cube_received_in_that_same_trade(found: dict[str, list[str]]) -> None:
    """The text: "If you receive a Green Cube, you gain 5 points instead"; and the doubling, halving and nullifying clauses
    read one trade: ``per: trade`` effects read ``given`` and ``received`` of each trade (house-61), so a player who
    trades twice in a round scores each pair as it was made. Every score, every round, must agree, and with them the
    winners, their Tokens and the garnets earned."""
    scored = ("view:score", "outcome:scores", "outcome:winners", "outcome:tokens", "outcome:garnets")
    assert {k: v for k, v in found.items() if k in scored} == {}


def test_the_candidate_is_the_non_winner_with_the_most_black_cubes(reports: list[Report]) -> None:
    """The Elimination Candidate is the non-winner with the most Black cubes, then the fewest points, then the
    winners' choice.

    ``outcome.candidate_order: ["-black", score]`` says it: the whole candidate order agrees, the winners' pick
    included, in every match (each trade's points read per trade, so every match's points agree)."""
    scored = [r for r in reports if not {"view:score", "outcome:scores"} & set(r.mismatches)]
    assert len(scored) == len(reports)
    assert [r.mismatches for r in scored if {"end", "outcome:candidates"} & set(r.mismatches)] == []
    assert sum(1 for r in scored if r.turns == 8) >= 1  # some went to the winners' pick


def test_each_player_is_dealt_four_different_colours() -> None:
    """The text: "each player is privately given 4 distinctly colored cubes"; over 100 deals, no hand repeats a colour."""
    from games.house.engine.samples import sample_definition

    for n in MATCHES:
        house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodus_cubes")}, Random(f"{n}:0"))
        for cubes in dealer_view(house)["dealer"]["holdings"].values():
            assert max(cubes.values()) == 1, f"deal {n}: {cubes}"
