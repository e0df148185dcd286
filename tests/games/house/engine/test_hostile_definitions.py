"""A hostile or careless definition gets an error naming its path, quickly, never a 500 or a slow
server (issue 40 items 4 and 9, issue 37 "What must stay true"): bounded numbers, bounded nesting,
one-line texts, and the fourteen classics' traps (RULES.md house-21..)."""

from __future__ import annotations

import json
import time
from random import Random
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine.definition import definition_errors, definition_load_text
from games.house.engine.errors import DefinitionError
from games.house.engine.mechanics import RoundInput, mechanic_params_clean, mechanic_run
from games.house.engine.mechanics.params import parse_fraction
from games.house.engine.mechanics.target import target_for
from tests.games.house.engine.helpers_mechanics import garnets, run
from tests.games.house.scenario import GUESS, TWO_THIRDS, E, raw, rnd, start, step


def quickly(fn: Any, *args: Any, limit: float = 0.5) -> Any:
    """``fn(*args)``, asserting it took under ``limit`` seconds of CPU."""
    started = time.process_time()
    try:
        return fn(*args)
    finally:
        assert time.process_time() - started < limit, f"{fn.__name__} took {time.process_time() - started:.2f} s"


def target_round(**params: Any) -> dict[str, Any]:
    return raw(round_plan=[rnd(resolve={**TWO_THIRDS, "params": {"field": "guess", **params}})])


# Issue 40 item 4: a few bytes of number cost seconds of CPU.


@pytest.mark.parametrize("factor", ["1e10000000", "1e-10000000", "1" * 5000, "1/" + "3" * 5000, "1e3", "inf", "nan"])
def test_a_huge_or_exotic_fraction_param_is_refused_quickly_naming_the_path(factor: str) -> None:
    errors = quickly(definition_errors, target_round(factor=factor))
    assert errors == [
        "round_plan[0].resolve.params.factor: must be a number such as 2/3 or 0.5 (at most 20 digits on either side)"
    ]


@pytest.mark.parametrize("factor", ["2/3", "0.5", "-1", 1, 0.75, " 3/4 ", "100"])
def test_ordinary_fractions_still_read(factor: Any) -> None:
    assert definition_errors(target_round(factor=factor)) == []


def test_a_stored_huge_factor_fails_the_close_quickly_instead_of_stalling_it() -> None:
    # A definition saved before the bound was checked (the cleaned text of 1e10000000 has ten million digits).
    with pytest.raises(ValueError, match="must be a number such as 2/3"):  # parse_fraction's own, at the close
        quickly(target_for, {"target": "mean", "factor": "1" + "0" * 10_000_000}, [1, 2, 3])
    with pytest.raises(ValueError):
        quickly(parse_fraction, "1e10000000")


def test_a_huge_whole_number_param_is_refused() -> None:
    errors = definition_errors(target_round(target="value", value=10**40))
    assert errors == ["round_plan[0].resolve.params.value: must be between -1000000000000 and 1000000000000"]


# Issue 40 item 9: deep nesting, control characters.


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 100_000 + "]" * 100_000,
        "{" + '"a": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 400)),
        "a:\n  " + "- " * 5_000 + "x",
    ],
    ids=["yaml flow", "json", "yaml blocks", "yaml sequences"],
)
def test_deeply_nested_files_are_refused_with_a_clear_error(text: str) -> None:
    with pytest.raises(DefinitionError) as caught:
        quickly(definition_load_text, text, limit=2.0)
    assert caught.value.errors == ["file: is nested more than 32 levels deep"]


def test_a_yaml_alias_bomb_is_refused_before_anything_walks_it() -> None:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    with pytest.raises(DefinitionError, match=r"^file: holds more than 100000 values"):
        quickly(definition_load_text, "\n".join(lines))


def test_a_file_nested_within_the_bound_still_loads() -> None:
    data = raw()
    assert definition_load_text(json.dumps(data)) == data


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"title": "Bad\ntitle"}, "title"),
        ({"title": "Tab\there"}, "title"),
        ({"title": "Bell\x07"}, "title"),
        ({"title": "Separator\u2028here"}, "title"),
        ({"scores": {"label": "Po\rints"}}, "scores.label"),
        ({"round_plan": [rnd(label="Day\n2")]}, "round_plan[0].label"),
        ({"round_plan": [rnd(fields=[{**GUESS, "label": "Your\nguess"}])]}, "round_plan[0].fields[0].label"),
        (
            {"round_plan": [rnd(fields=[{"name": "c", "type": "choice", "choices": ["A\nB", "C"]}])]},
            "round_plan[0].fields[0].choices[0]",
        ),
        ({"secrets": [{"name": "role", "label": "Role\n", "values": ["A\x1b[31m", "B"]}]}, "secrets[0].values[0]"),
    ],
)
def test_control_characters_in_one_line_texts_are_refused_naming_the_path(changes: dict[str, Any], path: str) -> None:
    errors = definition_errors(raw(**changes))
    assert len(errors) == 1
    assert errors[0].startswith(f"{path}: must ")
    assert "one line" in errors[0] or "control characters" in errors[0]


def test_rules_and_help_keep_their_line_breaks_but_not_other_control_characters() -> None:
    fine = raw(rules="# Rules\n\nLine one.\n\tIndented.", round_plan=[rnd(fields=[{**GUESS, "help": "One.\nTwo."}])])
    assert definition_errors(fine) == []
    assert definition_errors(raw(rules="Escape \x1b[2J")) == [
        "rules: must not hold control characters (it holds U+001B)"
    ]


# Issue 37 "Fix what the fourteen classics found".


def test_unquoted_yes_and_no_in_yaml_choices_get_an_error_that_says_why() -> None:
    text = """
schema: garnet-house/1
title: Yes or No
kind: main
players: {min: 2, max: 8}
round_plan:
  - fields: [{name: pick, type: choice, choices: [Yes, No]}]
"""
    errors = definition_errors(definition_load_text(text))
    assert errors[0] == (
        "round_plan[0].fields[0].choices[0]: must be text: YAML reads an unquoted Yes, No, On, Off, True or False "
        'as true or false; put it in quotes ("Yes")'
    )
    quoted = text.replace("[Yes, No]", '["Yes", "No"]')
    assert definition_errors(definition_load_text(quoted)) == []


def test_unquoted_yes_and_no_in_secret_values_are_not_turned_into_true_and_false() -> None:
    errors = definition_errors(raw(secrets=[{"name": "side", "values": [True, False]}]))
    assert errors[0].startswith("secrets[0].values[0]: must be text: YAML reads an unquoted Yes")


def test_rounds_fewer_than_the_round_plan_is_refused() -> None:
    errors = definition_errors(raw(rounds=2, round_plan=[rnd(), rnd(label="Two"), rnd(label="Three")]))
    assert errors == [
        "rounds: the match ends after 2 rounds, but round_plan has 3: round_plan[2] and after would never be played "
        "(raise rounds or remove them)"
    ]
    assert definition_errors(raw(rounds=3, round_plan=[rnd(), rnd(label="Two"), rnd(label="Three")])) == []
    # Rounds that never end the match (after_rounds false) do not cut the plan.
    assert definition_errors(raw(rounds=None, round_plan=[rnd(), rnd(label="Two")])) == []


def test_a_first_to_reached_at_the_start_is_refused() -> None:
    errors = definition_errors(raw(scores={"start": 5}, end={"first_to": 5}))
    assert errors == [
        "end.first_to: every player starts with 5 (scores.start), which already reaches 5: "
        "the match would end after its first round"
    ]
    assert definition_errors(raw(scores={"start": 5}, end={"first_to": 6})) == []


@pytest.mark.parametrize("pays", ["bid", "if_won"])
def test_a_garnets_field_that_pays_takes_no_default_bid(pays: str) -> None:
    bid = {"name": "bid", "type": "garnets", "max": 10, "pays": pays, "default": 5}
    resolve = {"by": "mechanic", "mechanic": "highest_bid", "params": {"field": "bid"}}
    errors = definition_errors(raw(round_plan=[rnd(fields=[bid], resolve=resolve)]))
    assert errors == [
        f"round_plan[0].fields[0].default: a garnets field that pays ({pays}) has no default above 0: "
        "a player who sends nothing bids nothing"
    ]
    free = {**bid, "pays": "none"}
    assert definition_errors(raw(round_plan=[rnd(fields=[free], resolve=resolve)])) == []


def test_a_tie_over_a_costly_lot_can_go_against_the_later_player() -> None:
    """A Minus Auction: winning the lot costs 3 points. ann and bob both bid 5, tiebreak (ann, bob):
    by default ann (earlier) takes it; with ties: later, bob does."""
    fields = [garnets(pays="if_won")]
    moves = {"ann": {"bid": 5}, "bob": {"bid": 5}, "cat": {"bid": 2}}
    usual = run("highest_bid", fields, moves, {"award": -3}, tiebreak=("ann", "bob", "cat"))
    assert usual.winners == ("ann",) and usual.points == {"ann": -3}
    costly = run("highest_bid", fields, moves, {"award": -3, "ties": "later"}, tiebreak=("ann", "bob", "cat"))
    assert costly.winners == ("bob",) and costly.points == {"bob": -3} and costly.spent == {"bob": 5}
    assert "(tied with ann; the tiebreak order decides, against the later player)" in costly.announcement
    low = run("lowest_bid", fields, moves | {"cat": {"bid": 5}}, {"ties": "later"}, tiebreak=("cat", "ann", "bob"))
    assert low.winners == ("bob",)


def test_a_bid_round_stored_before_the_ties_param_plays_as_earlier() -> None:
    fields = [garnets(pays="if_won")]
    clean = mechanic_params_clean("highest_bid", {}, fields)
    assert clean["ties"] == "earlier"
    del clean["ties"]
    moves = {"ann": {"bid": 5}, "bob": {"bid": 5}}
    inp = RoundInput(
        label="Round 1",
        players=("ann", "bob"),
        tiebreak=("bob", "ann"),
        moves=moves,
        fields=tuple(fields),
        scores={"ann": 0, "bob": 0},
        params=clean,
    )
    assert mechanic_run("highest_bid", inp, Random(0)).winners == ("bob",)


def test_a_vote_out_game_need_not_make_every_survivor_a_winner() -> None:
    """Four players, two voted out (all scores 0): `top` makes both survivors winners, `one` only the
    survivor earlier in the tiebreak order (seat order outside a season)."""
    players = ["ann", "bob", "cat", "dan"]
    for rule, expected in (("top", ("bob", "dan")), ("one", ("bob",))):
        state = start(players, definition=raw(rounds=1, outcome={"winners": rule}))
        state, _ = step(state, {})
        state, _ = step(state, {DEALER: {"out": ["ann", "cat"]}})
        outcome = E.outcome(state)
        assert outcome is not None and outcome.winners == expected
        assert outcome.candidates[0] in ("ann", "cat") and "bob" not in outcome.candidates
