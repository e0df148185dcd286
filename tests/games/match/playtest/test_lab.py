"""The playtest lab: a tiny run worked out by hand, determinism across processes, options, the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import RuleError
from games.match.playtest.options import options_coerce, options_parse
from games.match.playtest.report import report_write
from games.match.playtest.runner import Plan, play_match, run
from games.match.playtest.stats import summarise, wilson
from games.registry import get_engine


def test_wilson_interval_matches_the_formula_worked_by_hand() -> None:
    """3 of 4: (0.3006, 0.9544); 2 of 3: (0.2077, 0.9385); 0 of 2: (0, 0.6576); no trials: (0, 1)."""
    for (k, n), (low, high) in {
        (3, 4): (0.3006, 0.9544),
        (2, 3): (0.2077, 0.9385),
        (0, 2): (0.0, 0.6576),
        (0, 0): (0.0, 1.0),
    }.items():
        got = wilson(k, n)
        assert got == pytest.approx((low, high), abs=5e-4)


def test_three_coin_matches_give_the_numbers_worked_out_by_hand(coin: str) -> None:
    """Bots high, high, low rotate over 2 seats: match 0 is high v high (a tie, p1 wins by coin-1),
    match 1 high v low (p1 wins), match 2 low v high (p2 wins)."""
    plan = Plan(game=coin, matches=3, players=2, bots=("high", "high", "low"), seed="hand")
    s = summarise(plan, run(plan, processes=1))
    p1, p2 = s["by_seat"]
    assert (p1["win"]["k"], p1["ec"]["k"], p2["win"]["k"], p2["ec"]["k"]) == (2, 1, 1, 2)
    assert p1["win"]["rate"] == pytest.approx(2 / 3) and p1["win"]["low"] == pytest.approx(0.2077, abs=5e-4)
    high, low = s["by_strategy"]
    assert high["strategy"] == "high" and (high["win"]["k"], high["win"]["n"], high["ec"]["k"]) == (3, 4, 1)
    assert (high["win"]["low"], high["win"]["high"]) == pytest.approx((0.3006, 0.9544), abs=5e-4)
    assert low["strategy"] == "low" and (low["win"]["k"], low["win"]["n"], low["ec"]["k"]) == (0, 2, 2)
    means = (high["score"]["mean"], low["score"]["mean"], high["garnets"]["mean"], low["garnets"]["mean"])
    assert means == (3, 1, 2, 0)
    assert s["scores"] == {"high": {"3": 4}, "low": {"1": 2}}
    assert s["length"]["mean"] == 1 and s["length"]["histogram"] == {1: 3}
    assert s["rulings"] == [
        {"ruling": "coin-1", "fired": 1, "missed": 0, "matches": 1, "share": pytest.approx(1 / 3)},
        {"ruling": "coin-2", "fired": 1, "missed": 0, "matches": 1, "share": pytest.approx(1 / 3)},
    ]
    assert s["missed_turns"] == 0
    assert s["degenerate"]["all tied"]["first"] == [0] and s["degenerate"]["no winner"]["matches"] == 0
    assert [m["index"] for m in s["strangest"]] == [0]
    assert "--replay 0" in s["strangest"][0]["replay"] and "--bots high,high,low" in s["strangest"][0]["replay"]


def test_missed_turns_play_the_default_and_count_its_ruling(coin: str) -> None:
    """Every bot misses every turn: both picks default to 1 (coin-3, twice a match), so every match
    is a tie that p1 wins (coin-1 and coin-2 once a match)."""
    plan = Plan(game=coin, matches=4, players=2, bots=("high",), seed="absent", absent=1.0)
    s = summarise(plan, run(plan, processes=1))
    assert s["missed_turns"] == 8 and s["scores"] == {"high": {"1": 8}}
    assert [(r["ruling"], r["fired"], r["missed"], r["matches"]) for r in s["rulings"]] == [
        ("coin-1", 4, 0, 4),
        ("coin-2", 4, 0, 4),
        ("coin-3", 8, 8, 4),
    ]
    assert "--absent 1" in s["strangest"][0]["replay"]


@pytest.mark.parametrize("game", ["abc", "exodus", "warriors", "exodia", "density"])
def test_every_game_names_the_ruling_its_default_move_applies(game: str) -> None:
    engine = get_engine(game)
    plan = Plan(game=game, matches=4, players=engine.min_players, seed="miss", absent=0.5)
    results = run(plan, processes=1)
    defaults = {rid for r in results for rid in r["defaults"]}
    assert sum(r["missed"] for r in results) > 0
    assert defaults and all(rid.startswith(f"{game}-") for rid in defaults)
    rules = (Path(__file__).resolve().parents[4] / "games" / game / "RULES.md").read_text()
    for rid in defaults:
        assert f"\n{rid.rpartition('-')[2]}. " in rules, rid


def test_a_refused_strategy_move_is_counted_and_replaced_by_a_random_legal_one(coin: str) -> None:
    result = play_match(Plan(game=coin, matches=1, players=2, bots=("cheat",), seed="c"), 0)
    assert result["invalid"] == 2 and all(1 <= x <= 3 for x in result["scores"])


def test_the_same_seed_gives_the_same_results_whatever_the_number_of_processes() -> None:
    plan = Plan(game="abc", matches=24, players=5, bots=("random", "tit-for-tat", "maximiser"), seed="det")
    assert run(plan, processes=1) == run(plan, processes=2) == run(plan, processes=3)


def test_match_seed_replays_the_match_alone() -> None:
    plan = Plan(game="exodus", matches=5, players=4, bots=("greedy", "random"), seed="r")
    assert run(plan, processes=1)[3] == play_match(plan, 3)


@pytest.mark.parametrize("game", ["abc", "exodus", "warriors", "exodia", "density"])
def test_every_strategy_of_every_game_plays_to_the_end(game: str) -> None:
    from games.match.playtest import strategies

    engine = get_engine(game)
    names = strategies.names(game)
    assert len(names) >= 3  # random and at least two named strategies
    plan = Plan(game=game, matches=len(names), players=engine.min_players, bots=tuple(names), seed="every")
    for result in run(plan, processes=1):
        assert not result["stalemate"] and result["winners"] or result["ec"]


def test_options_read_pairs_and_json() -> None:
    assert options_parse("variant=gems, rounds=3, fast=true, pool=a;b") == {
        "variant": "gems",
        "rounds": 3,
        "fast": True,
        "pool": ["a", "b"],
    }
    assert options_parse('{"variant": "cubes"}') == {"variant": "cubes"}
    assert options_parse('pool=["a","b"],x=1') == {"pool": ["a", "b"], "x": 1}
    assert options_parse("") == {}
    with pytest.raises(RuleError):
        options_parse("variant")
    with pytest.raises(RuleError):
        options_parse("{nope")


def test_options_are_coerced_through_the_declared_schema() -> None:
    from games.engine import OptionSpec

    class Fake:
        options_schema = (
            OptionSpec("rounds", "int", default=5, low=1, high=9),
            OptionSpec("variant", "choice", default="a", choices=("a", "b")),
        )
        min_players, max_players, title = 2, 2, "Fake"

    out = options_coerce(Fake(), {"rounds": "7", "variant": "b"}, ["p1", "p2"])  # type: ignore[arg-type]
    assert out["rounds"] == 7 and out["variant"] == "b"
    with pytest.raises(RuleError):
        options_coerce(Fake(), {"variant": "c"}, ["p1", "p2"])  # type: ignore[arg-type]


@pytest.mark.django_db
def test_the_report_is_self_contained_html_and_json(coin: str, tmp_path: Path) -> None:
    plan = Plan(game=coin, matches=3, players=2, bots=("high", "high", "low"), seed="hand")
    page = report_write(summarise(plan, run(plan, processes=1)), tmp_path)
    html = page.read_text()
    assert html.count("<svg") == 5 and "<script" not in html and "src=" not in html
    assert "coin-1" in html and "66.7 % (20.8–93.9)" in html
    assert json.loads((tmp_path / "report.json").read_text())["matches"] == 3


@pytest.mark.parametrize("game", ["abc", "exodus", "warriors", "exodia", "density"])
def test_bots_are_pure_and_see_only_the_view(game: str) -> None:
    """A strategy is a pure function over the player's own view: its module imports no Django,
    no engine state and no clock."""
    import inspect
    import re

    from games.match.playtest import strategies

    own = strategies.names(game)[1:]  # after "random", the engine's own move
    assert own, f"{game} has no strategy of its own"
    for name in own:
        source = Path(inspect.getfile(strategies.strategy(game, name))).read_text()  # type: ignore[arg-type]
        assert not re.search(
            r"^\s*(from|import)\s+(django|games\.models|games\.services|time|datetime)\b", source, re.M
        )
        assert not re.search(r"\bstate\b", source)
