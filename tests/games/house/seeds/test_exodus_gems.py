"""The Exodus Game, gems ("Elephantine", ``samples/exodus_gems.yaml``) against ``games/exodus`` (variant ``gems``)
through the differential harness (issue 43). The coded engine is given the definition's deal, so both play the
same gems. Three kinds of matches isolate the gaps: random ones (up to three trades a year), random ones with one
trade a year (where a trade's Favor is exact from the year's totals), and four-player matches on a fixed schedule
(each pair trades twice by Year 6); the candidate order is held on the definition's own matches. What the format
cannot say yet is each a strict xfail named after its clause."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

import pytest

from games.engine import Message
from games.exodus.engine import ExodusEngine
from games.exodus.moves import giveable
from games.exodus.tables import GEMS
from tests.games.house.seeds.harness import HOUSE, Seed, dealer_view, play, play_many

PLAYERS = tuple(f"p{i}" for i in range(1, 9))
MATCHES = range(100)
FIELDS = ("first", "second", "third")


def _trade(trade: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if trade is None else {"with": trade["with"], "give": {trade["give"]: 1}}


def _to_house(state: Any, house: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
    if "ec" in move:
        return {"ec": move["ec"]}
    trades = [*move["trades"], None, None, None]
    return {name: _trade(trades[i]) for i, name in enumerate(FIELDS)}


def _deal(house: Any) -> dict[str, Any]:
    """The definition's deal, given to the coded engine (its fixed deal is taken as given)."""
    holdings = dealer_view(house)["dealer"]["holdings"]
    players = sorted(holdings)
    inventories = {p: [g for g in GEMS for _ in range(holdings[p][g])] for p in players}
    return {"variant": "gems", "house_count": len(players) != 8, "inventories": inventories}


def _probes(state: Any, player: str, rng: Random) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Moves that may break a rule, in both notations: a gem not held, two trades with one partner, a trade
    with oneself, a trade of two gems for one, a trade with last year's partner, a Diamond received in Year 5
    given in Year 6."""
    if state.phase != "trade":
        return {}
    others = [p for p in state.players if p != player]
    last = state.last_partners.get(player, [])
    other = rng.choice([p for p in others if p not in last] or others)  # so only the probed rule can refuse
    gem = rng.choice([g for g in GEMS if g != "diamond" or not state.locked.get(player)])  # a lock is its own probe
    one = {"with": other, "give": gem}
    two = {gem: 1, "onyx" if gem != "onyx" else "ruby": 1}
    found = {
        "held": ({"trades": [one]}, {"first": _trade(one)}),
        "partner": ({"trades": [one, one]}, {"first": _trade(one), "second": _trade(one)}),
        "self": ({"trades": [{"with": player, "give": gem}]}, {"first": {"with": player, "give": {gem: 1}}}),
        "two_for_one": ({"trades": [{"with": other, "give": [gem, "onyx"]}]}, {"first": {"with": other, "give": two}}),
    }
    free = sorted(giveable(state, player))
    if last and free:
        back = {"with": rng.choice(last), "give": rng.choice(free)}
        found["last_year"] = ({"trades": [back]}, {"first": _trade(back)})
    if state.locked.get(player) and "diamond" not in free:
        locked = {"with": other, "give": "diamond"}
        found["locked_diamond"] = ({"trades": [locked]}, {"first": _trade(locked)})
    return found


def _coded_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    if viewer is None or public["phase"] != "trade":
        return {}  # the public sees nothing while trading; the end is compared as the outcome
    inventory = view["you"]["inventory"]
    # the definition reads the trade history too (house-62): the whole Favor is compared, every year's clauses in
    return {"favor": view["score"], "favor_by_trades": view["score"], "gems": {g: inventory.count(g) for g in GEMS}}


def _house_facts(view: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    public = view["public"]
    if viewer is None or public["phase"] != "play":
        return {}
    score = view["you"]["score"]
    return {"favor": score, "favor_by_trades": score, "gems": {g: view["you"]["holdings"][g] for g in GEMS}}


def _told(went: list[tuple[str, str]], failed: list[tuple[str, str]]) -> dict[str, Any]:
    told: dict[str, Any] = {}
    for kind, pairs in (("went through", went), ("failed", failed)):
        for p, q in pairs:
            told.setdefault(p, {"went through": [], "failed": []})[kind].append(q)
    return {p: {k: sorted(v) for k, v in facts.items()} for p, facts in told.items()}


def _coded_lines(messages: Sequence[Message]) -> dict[str, Any]:
    """Which of each player's trades went through and which failed, from their year's private results."""
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


def _diamond_lines(messages: Sequence[Message]) -> dict[str, Any]:
    """What each Diamond giver learns about its recipient (Years 1 to 4), from either engine's private lines."""
    learnt: dict[str, list[str]] = {}
    for m in messages:
        if m.to and m.text.startswith("Diamond:"):
            learnt.setdefault(m.to, []).append(m.text)
    return {p: sorted(v) for p, v in learnt.items()}


EXODUS_GEMS = Seed(
    sample="exodus_gems",
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


def _one_trade(state: Any, player: str, rng: Random) -> dict[str, Any]:
    """The coded engine's random move, cut to its first trade."""
    move = ExodusEngine().random_move(state, player, rng)
    return {"trades": move["trades"][:1]} if "trades" in move else move


# one trade a year: the year's totals given and received say which gem came back for which
ONE_TRADE = dataclasses.replace(EXODUS_GEMS, moves=_one_trade, coded_lines=_diamond_lines, house_lines=_diamond_lines)

FOUR = ("p1", "p2", "p3", "p4")
SCHEDULE = ({"p1": "p2", "p3": "p4"}, {"p1": "p3", "p2": "p4"}, {"p1": "p4", "p2": "p3"})


def _scheduled(state: Any, player: str, rng: Random) -> dict[str, Any]:
    """Four players, one trade a year, partners round the table (p2, p3, p4 for p1): never last year's partner,
    every pair twice by Year 6 and nobody left never traded with by Year 3."""
    if state.phase != "trade":
        return ExodusEngine().random_move(state, player, rng)
    pairs = SCHEDULE[(state.round - 1) % 3]
    mate = pairs.get(player) or next(p for p, q in pairs.items() if q == player)
    return {"trades": [{"with": mate, "give": rng.choice(sorted(giveable(state, player)))}]}


SCHEDULED = dataclasses.replace(EXODUS_GEMS, players=FOUR, moves=_scheduled, absent=(0.0,))


@pytest.fixture(scope="module")
def found() -> dict[str, list[str]]:
    """Every mismatch of 100 random matches, by aspect (played once for the module)."""
    return play_many(EXODUS_GEMS, MATCHES)


@pytest.fixture(scope="module")
def found_one() -> dict[str, list[str]]:
    """Every mismatch of 50 random matches of one trade a year."""
    return play_many(ONE_TRADE, range(50))


@pytest.fixture(scope="module")
def found_scheduled() -> dict[str, list[str]]:
    """Every mismatch of 20 four-player matches on the fixed schedule."""
    return play_many(SCHEDULED, range(20))


def _turn(mismatch: str) -> int:
    return int(re.search(r"turn (\d+)", mismatch).group(1))  # type: ignore[union-attr]


def test_one_gems_match_compares_every_aspect() -> None:
    """The harness really compares the gems, the Favor, the refusals, the private lines and the outcome."""
    report = play(EXODUS_GEMS, 0)
    assert {"awaited", "refusals", "cost", "view:gems", "view:favor", "private", "outcome:winners"} <= report.compared


def test_every_year_awaits_every_player_as_in_exodus(found: dict[str, list[str]]) -> None:
    """Seven years of 24 hours, every player submits in each: the same players are awaited every turn."""
    assert found.get("awaited") is None


def test_trades_go_through_when_both_name_each_other_and_inventories_agree(found: dict[str, list[str]]) -> None:
    """One gem each way, processed only when both players name each other, up to three trades a year with
    different partners, received gems arriving after the year: every player's gems agree after every year."""
    assert found.get("view:gems") is None


def test_each_player_is_told_privately_which_trades_went_through_and_which_failed(
    found: dict[str, list[str]],
) -> None:
    """The text: "At the start of each year, you will be told ... if any of your trades failed": each player is told,
    and only they, which of their trades went through and which failed, the same trades in both engines."""
    assert found.get("private") is None


def test_a_move_the_text_forbids_is_refused_by_both(found: dict[str, list[str]]) -> None:
    """A gem not held, two trades with one partner and a trade with oneself are refused by both engines; every
    legal move of the coded engine is accepted by the definition, at no cost."""
    assert found.get("refusals") is None
    assert [found.get(f"refusals:{name}") for name in ("held", "partner", "self")] == [None, None, None]
    assert found.get("cost") is None and found.get("spent") is None


def test_with_one_trade_a_year_every_trade_scores_as_the_text_says(found_one: dict[str, list[str]]) -> None:
    """Each gem's Favor in each year (Ruby for a Sapphire, the Sapphire's cut, the Emerald's echo, Topaz shared by
    the Topaz traded, Diamond, Onyx), the Year 2 same-gem loss, the Year 5 Onyx hoard, the Year 6 Diamond's unique
    gems and the Year 7 all-alike bonus: with one trade a year, every player's Favor from the trades agrees after
    every year (the two clauses read from the trade history are left out on the coded side)."""
    assert found_one.get("view:favor_by_trades") is None
    assert found_one.get("view:gems") is None


def test_four_players_on_a_schedule_agree_until_year_6(found_scheduled: dict[str, list[str]]) -> None:
    """Four players trading round the table: the inventories agree throughout, the Favor until Year 6 (its
    every-player-twice bonus is the one gap, below)."""
    assert found_scheduled.get("view:gems") is None
    assert all(_turn(m) >= 6 for m in found_scheduled.get("view:favor", []))


def test_a_trade_of_two_gems_for_one_is_refused(found: dict[str, list[str]]) -> None:
    """The text: "A trade is defined as giving away one gemstone, and receiving one gemstone in exchange"; a trade
    giving two gems is refused (``one_for_one: true``: one item each side, house-60)."""
    assert found.get("refusals:two_for_one") is None


def test_a_trade_with_last_years_partner_is_refused(found: dict[str, list[str]]) -> None:
    """The text: "You may not trade with any player you traded with last year": such an offer is refused when saved."""
    assert found.get("refusals:last_year") is None


def test_a_diamond_received_in_year_5_cannot_be_given_in_year_6(found: dict[str, list[str]]) -> None:
    """The text (Year 5, Diamond): "The recipient cannot trade away this gemstone next year"."""
    assert found.get("refusals:locked_diamond") is None


def test_a_trade_scores_by_the_gem_received_in_that_same_trade(found: dict[str, list[str]]) -> None:
    """Ruby "traded for a Sapphire", the Sapphire's cut and the Emerald's "Favor from this trade" read one trade
    (``per: trade`` effects read ``given`` and ``received`` of each trade, house-61), so a player who trades two or
    three times a year scores each pair as it was made. Every player's Favor from the trades, every year, must
    agree."""
    assert found.get("view:favor_by_trades") is None


def test_year_3_costs_5_favor_for_each_player_never_traded_with(found_one: dict[str, list[str]]) -> None:
    """The text (end of Year 3): "lose 5 Favor for each unique player you have not successfully traded with this
    game". With one trade a year (so the Year 6 bonus never comes), the whole Favor must agree."""
    assert found_one.get("view:favor") is None


def test_year_6_pays_25_favor_for_trading_with_every_player_twice(found_scheduled: dict[str, list[str]]) -> None:
    """The text (end of Year 6): "if you have successfully traded with all other players at least twice, gain 25
    Favor". Four players trading round the table each reach it; the whole Favor must agree."""
    assert found_scheduled.get("view:favor") is None


def test_a_diamond_giver_learns_what_the_text_says(found_one: dict[str, list[str]]) -> None:
    """Years 1 to 4, Diamond: its giver learns the recipient's inventory, their Year 1 partners, their ranking,
    their Favor, privately, at the start of the next year (a line ``per: trade`` told to the partner who gave the
    Diamond in that trade, house-67)."""
    assert found_one.get("private") is None


def test_a_diamond_giver_is_told_whichever_trade_gave_the_diamond() -> None:
    """The text (Diamond, Years 1 to 4): the Diamond's giver learns about its recipient, though the recipient's other
    trades of the year gave other gems: each line is computed per trade (``per: trade``) and told to the partner of
    that trade (``tell: partner``, house-67). Up to three trades a year: every Diamond giver is told the same lines
    as in Exodus, and only they."""
    seed = dataclasses.replace(EXODUS_GEMS, coded_lines=_diamond_lines, house_lines=_diamond_lines)
    told = 0
    for n in range(20):
        report = play(seed, n)
        assert "private" not in report.mismatches, report.mismatches["private"]
        told += "private" in report.compared
    assert told >= 10


def test_a_diamond_giver_learns_the_recipients_inventory_ranking_and_favor() -> None:
    """The text (Diamond, Years 1 to 4): "Learn the recipient's inventory at the start of Year 2", "... who the
    recipient traded with in Round 1", "... ranking at the start of Year 4", "... Favor total at the start of Year
    5": private lines an effect sends (``to: private``, ``per: trade``, ``tell: partner``). Four players on the
    schedule (every pair has traded by Year 3, so the Favor agrees there): every Diamond giver is told the same
    lines, and only they."""
    seed = dataclasses.replace(SCHEDULED, coded_lines=_diamond_lines, house_lines=_diamond_lines)
    told = 0
    for n in range(20):
        report = play(seed, n)
        assert "private" not in report.mismatches, report.mismatches["private"]
        told += "private" in report.compared
    assert told >= 5


def _house_match(number: int) -> tuple[Any, Any]:
    """A whole match of the definition alone, random moves (the winners' pick included): its final state and
    outcome."""
    from games.house.engine.samples import sample_definition

    house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodus_gems")}, Random(f"{number}:0"))
    rng = Random(f"ec:{number}")
    turn = 0
    while HOUSE.outcome(house) is None and turn < 20:
        turn += 1
        moves = {p: HOUSE.random_move(house, p, rng) for p in HOUSE.awaiting(house)}
        house, _ = HOUSE.resolve(house, moves, Random(f"{number}:{turn}"))
    return house, HOUSE.outcome(house)


def test_the_candidate_is_the_non_winner_with_the_most_onyx() -> None:
    """The Elimination Candidate is the non-winner with the most Onyx, then the least Favor, then the winners'
    choice; the format orders candidates by the least Favor only. Held on the definition's own matches (its own
    final Onyx and Favor), so no other gap can make it fail."""
    for n in range(30):
        house, outcome = _house_match(n)
        final = HOUSE.view(house, None)["public"]["holdings"]
        rest = [p for p in PLAYERS if p not in outcome.winners]
        most = max(final[p]["onyx"] for p in rest)
        tied = [p for p in rest if final[p]["onyx"] == most]
        least = min(outcome.scores[p] for p in tied)
        assert outcome.candidates[0] in [p for p in tied if outcome.scores[p] == least], f"match {n}: {outcome}"


def test_each_player_is_dealt_five_gems_from_the_pool_of_40() -> None:
    """The text: "each player will privately receive 5 gemstones at random from a pool of 40" (7 Rubies, 7 Sapphires,
    7 Emeralds, 7 Topaz, 6 Diamonds, 6 Onyx): with eight players the whole pool is dealt, five each."""
    from games.house.engine.samples import sample_definition

    for n in range(20):
        house = HOUSE.setup(PLAYERS, {"definition": sample_definition("exodus_gems")}, Random(f"{n}:0"))
        hands = dealer_view(house)["dealer"]["holdings"]
        assert all(sum(hands[p][g] for g in GEMS) == 5 for p in PLAYERS)
        totals = [sum(hands[p][g] for p in PLAYERS) for g in GEMS]
        assert totals == [7, 7, 7, 7, 6, 6]
