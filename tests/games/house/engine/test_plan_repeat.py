"""A round plan entry that stands for rounds in a row (FORMAT.md ``repeat``, RULES.md house-160): each clause
quoted from the published format, on a small definition made for it."""

from __future__ import annotations

from typing import Any

from games.house.engine.definition import definition_clean, definition_dump_text, definition_errors
from games.house.engine.samples import sample_definition
from games.house.engine.schema import definition_schema
from games.house.play.match_rules import definition_summary
from tests.games.house.scenario import E, quote, raw2, rnd2, start, step

rnd = rnd2


def v2(**changes: Any) -> dict[str, Any]:
    """A small /2 definition of numbers nobody resolves (effects only), 2–6 players, 8 rounds."""
    return raw2(**{"rounds": 8, **changes})


def _labels(definition: dict[str, Any]) -> list[str]:
    """The label of every turn a match of ``definition`` plays, everyone silent."""
    state = start(["ann", "bob"], definition=definition)
    seen = []
    while E.outcome(state) is None:
        seen.append(E.turn_label(state))
        state, _ = step(state, {})
    return seen


def test_an_entry_with_repeat_plays_n_rounds_in_a_row_as_if_written_out() -> None:
    quote("it plays `n` rounds in a row, exactly as `n` copies of it written out would, then the next entry follows")
    short = v2(round_plan=[rnd(label="Open"), rnd(label="Bout", repeat=3), rnd(label="Rest"), rnd(label="Bout")])
    long = v2(round_plan=[rnd(label="Open"), *[rnd(label="Bout")] * 3, rnd(label="Rest"), rnd(label="Bout")])
    assert _labels(short) == _labels(long)
    assert _labels(short)[:6] == ["Open 1", "Bout 2", "Bout 3", "Bout 4", "Rest 5", "Bout 6"]


def test_plan_repeat_works_on_the_whole_the_repeats_stand_for() -> None:
    quote("`last` repeats the last entry past it, `cycle` starts again at the first entry")
    cycle = v2(rounds=7, plan_repeat="cycle", round_plan=[rnd(label="Bout", repeat=2), rnd(label="Rest")])
    assert _labels(cycle) == ["Bout 1", "Bout 2", "Rest 3", "Bout 4", "Bout 5", "Rest 6", "Bout 7"]
    last = v2(rounds=5, round_plan=[rnd(label="Open"), rnd(label="Bout", repeat=2)])
    assert _labels(last) == ["Open 1", "Bout 2", "Bout 3", "Bout 4", "Bout 5"]


def test_a_rounds_when_is_read_for_each_round_it_plays() -> None:
    quote("A round's `when` is read for each round it plays (false: that round alone is skipped)")
    definition = v2(rounds=5, round_plan=[rnd(label="Odd", repeat=5, when="round % 2 == 1")])
    assert _labels(definition) == ["Odd 1", "Odd 3", "Odd 5"]


def test_the_plan_stands_for_at_most_99_rounds_and_rounds_counts_the_repeats() -> None:
    quote("The plan stands for the sum of its entries' repeats (at most 99 rounds; with `end.after_rounds`, `rounds`")
    errors = definition_errors(v2(rounds=None, end={"when": "round > 3"}, round_plan=[rnd(repeat=60), rnd(repeat=40)]))
    assert "round_plan: stands for 100 rounds (counting each repeat); a match plays at most 99" in errors
    errors = definition_errors(v2(rounds=4, round_plan=[rnd(), rnd(repeat=3), rnd(label="Late")]))
    assert any(
        e.startswith("rounds: the match ends after 4 rounds, but round_plan has 5: round_plan[2]") for e in errors
    )
    assert definition_errors(v2(rounds=4, round_plan=[rnd(), rnd(repeat=3)])) == []


def test_an_error_names_the_entry() -> None:
    quote("an error names the entry (`round_plan[1].repeat: must be at most 99`)")
    assert "round_plan[1].repeat: must be at most 99" in definition_errors(v2(round_plan=[rnd(), rnd(repeat=100)]))
    assert "round_plan[0].repeat: must be at least 1" in definition_errors(v2(round_plan=[rnd(repeat=0)]))
    assert "round_plan[0].repeat: must be a whole number" in definition_errors(v2(round_plan=[rnd(repeat="2")]))
    bad = v2(round_plan=[rnd(), rnd(repeat=3, effects=[{"to": "score", "amount": "n // (round - round)"}])])
    state = start(["ann", "bob"], definition=bad)
    state, _ = step(state, {})
    state, messages = step(state, {})
    assert any("round_plan[1].effects[0].amount" in m.text for m in messages)


def test_a_v1_definition_refuses_repeat() -> None:
    quote("a `/2` key or field type in it is an error naming its path")
    errors = definition_errors({**v2(round_plan=[rnd(repeat=2, resolve={"by": "dealer"})]), "schema": "garnet-house/1"})
    assert any(e.startswith("round_plan[0].repeat: is not a known key") for e in errors)


def test_the_schema_and_the_export_carry_repeat() -> None:
    round_schema = definition_schema()["$defs"]["round"]["properties"]
    assert round_schema["repeat"]["minimum"] == 1 and round_schema["repeat"]["maximum"] == 99
    cleaned = definition_clean(v2(round_plan=[rnd(repeat=3)]))
    assert cleaned["round_plan"][0]["repeat"] == 3
    assert "repeat" not in definition_clean(v2())["round_plan"][0]  # left out: 1, and a cleaned plan stays as it was


def test_the_rules_page_names_the_rounds_an_entry_plays() -> None:
    lines = definition_summary(
        definition_clean(v2(round_plan=[rnd(label="Open"), rnd(label="Bout", repeat=3), rnd(label="Rest")]))
    )
    assert any(line.startswith("Bout 2–4: ") for line in lines)
    assert any(line.startswith("Rest 5–8: ") for line in lines)


def test_warriors_extended_writes_each_bout_once_and_has_room() -> None:
    """The sample's bouts are entries with ``repeat``: its export is far below the 256 KB a file may hold."""
    definition = sample_definition("warriors_extended")
    assert len(definition["round_plan"]) == 8
    assert len(definition_dump_text(definition)) < 64_000
