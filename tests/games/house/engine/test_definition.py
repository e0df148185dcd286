"""A definition is checked rule by rule, each error naming its field path; defaults are filled in; files
round-trip through YAML and JSON; the published JSON Schema accepts every sample (FORMAT.md)."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import jsonschema
import pytest

from games.house.engine.definition import (
    DefinitionError,
    definition_clean,
    definition_dump_text,
    definition_errors,
    definition_load_text,
    definition_schema,
)
from games.house.engine.samples import sample_definition, sample_names, sample_text
from tests.games.house.scenario import GUESS, TWO_THIRDS, quote, raw, rnd


def field(**changes: Any) -> dict[str, Any]:
    return {**GUESS, **changes}


def one_field(**changes: Any) -> dict[str, Any]:
    return raw(round_plan=[rnd(fields=[field(**changes)])])


CASES: list[tuple[str, dict[str, Any], str]] = [
    ("schema", raw(schema="garnet-house/3"), 'schema: must be "garnet-house/1"'),
    ("title", raw(title="  "), "title: must not be empty"),
    ("title length", raw(title="x" * 81), "title: must be at most 80 characters"),
    ("kind", raw(kind="final"), "kind: must be one of: main, death"),
    ("unknown key", raw(colour="red"), "colour: is not a known key"),
    ("players.min", raw(players={"min": 1, "max": 4}), "players.min: must be at least 2"),
    ("players.max", raw(players={"min": 2, "max": 33}), "players.max: must be at most 32"),
    ("players order", raw(players={"min": 5, "max": 4}), "players.max: must be at least min (5)"),
    ("death count", raw(kind="death", players={"min": 2, "max": 3}), "players: a Death Match is played by exactly 2"),
    ("turn_seconds", raw(turn_seconds=5), "turn_seconds: must be at least 10"),
    ("tally_seconds", raw(tally_seconds=700_000), "tally_seconds: must be at most 604800"),
    ("rounds", raw(rounds=0), "rounds: must be at least 1"),
    ("rounds type", raw(rounds="five"), "rounds: must be a whole number"),
    ("scores.visibility", raw(scores={"visibility": "secret"}), "scores.visibility: must be one of: public, private"),
    ("scores.start", raw(scores={"start": 1.5}), "scores.start: must be a whole number"),
    ("secrets list", raw(secrets={"role": "x"}), "secrets: must be a list"),
    ("secret name", raw(secrets=[{"name": "Role!", "values": ["a"]}]), "secrets[0].name: must be a name"),
    (
        "secret twice",
        raw(secrets=[{"name": "role", "values": ["a"]}, {"name": "role", "values": ["b"]}]),
        'secrets[1].name: "role" is already the name of another secret',
    ),
    ("secret values", raw(secrets=[{"name": "role", "values": []}]), "secrets[0].values: must be a list of 1 to 64"),
    ("round_plan empty", raw(round_plan=[]), "round_plan: must be a list of 1 to 99 rounds"),
    ("awaits", raw(round_plan=[rnd(awaits="some")]), "round_plan[0].awaits: must be one of: all, named"),
    ("round seconds", raw(round_plan=[rnd(seconds=3)]), "round_plan[0].seconds: must be at least 10"),
    ("reveal", raw(round_plan=[rnd(reveal="some")]), "round_plan[0].reveal: must be one of: none, all"),
    ("no fields", raw(round_plan=[rnd(fields=[])]), "round_plan[0].fields: must be a list of 1 to 12 fields"),
    (
        "too many fields",
        raw(round_plan=[rnd(fields=[field(name=f"f{i}") for i in range(13)])]),
        "round_plan[0].fields: must be a list of 1 to 12 fields",
    ),
    ("field type", one_field(type="slider"), "round_plan[0].fields[0].type: must be one of: choice, number"),
    ("field name", one_field(name="Guess"), "round_plan[0].fields[0].name: must be a name"),
    (
        "field twice",
        raw(round_plan=[rnd(fields=[field(), field()])]),
        'round_plan[0].fields[1].name: "guess" is already the name of another field of this round',
    ),
    ("field key", one_field(choices=["a", "b"]), "round_plan[0].fields[0].choices: is not a key of a number field"),
    ("number range", one_field(min=10, max=5), "round_plan[0].fields[0].max: must be at least min (10)"),
    ("number limit", one_field(max=2_000_000), "round_plan[0].fields[0].max: must be at most 1000000"),
    ("required", one_field(required="yes"), "round_plan[0].fields[0].required: must be true or false"),
    ("default range", one_field(default=101), "round_plan[0].fields[0].default: must be at most 100"),
    (
        "choices",
        raw(round_plan=[rnd(fields=[{"name": "c", "type": "choice", "choices": ["Rock"]}])]),
        "round_plan[0].fields[0].choices: must be a list of 2 to 26 choices",
    ),
    (
        "choices twice",
        raw(round_plan=[rnd(fields=[{"name": "c", "type": "choice", "choices": ["A", "A"]}])]),
        "round_plan[0].fields[0].choices: must be different from each other",
    ),
    (
        "choice default",
        raw(round_plan=[rnd(fields=[{"name": "c", "type": "choice", "choices": ["A", "B"], "default": "C"}])]),
        "round_plan[0].fields[0].default: must be one of: A, B",
    ),
    (
        "player default",
        raw(round_plan=[rnd(fields=[{"name": "v", "type": "player", "default": "ann"}])]),
        "round_plan[0].fields[0].default: a player field's default must be null",
    ),
    (
        "players counts",
        raw(round_plan=[rnd(fields=[{"name": "v", "type": "players", "count_min": 3, "count_max": 2}])]),
        "round_plan[0].fields[0].count_max: must be at least count_min (3)",
    ),
    (
        "text length",
        raw(round_plan=[rnd(fields=[{"name": "t", "type": "text", "max_length": 0}])]),
        "round_plan[0].fields[0].max_length: must be at least 1",
    ),
    (
        "garnets min",
        raw(round_plan=[rnd(fields=[{"name": "b", "type": "garnets", "min": -1}])]),
        "round_plan[0].fields[0].min: must be at least 0",
    ),
    (
        "garnets pays",
        raw(round_plan=[rnd(fields=[{"name": "b", "type": "garnets", "pays": "later"}])]),
        "round_plan[0].fields[0].pays: must be one of: bid, if_won, none",
    ),
    (
        "if_won by the dealer",
        raw(round_plan=[rnd(fields=[{"name": "b", "type": "garnets", "pays": "if_won"}])]),
        "round_plan[0].fields[0].pays: if_won needs a mechanic",
    ),
    ("resolve by", raw(round_plan=[rnd(resolve={"by": "coin"})]), "round_plan[0].resolve.by: must be one of: dealer"),
    (
        "mechanic",
        raw(round_plan=[rnd(resolve={"by": "mechanic", "mechanic": "dice"})]),
        "round_plan[0].resolve.mechanic: must be one of:",
    ),
    (
        "mechanic params",
        raw(round_plan=[rnd(resolve={**TWO_THIRDS, "params": {"field": "nope"}})]),
        "round_plan[0].resolve.params.field: ",
    ),
    (
        "review",
        raw(round_plan=[rnd(resolve={**TWO_THIRDS, "review": "yes"})]),
        "round_plan[0].resolve.review: must be true or false",
    ),
    ("first_to", raw(end={"first_to": "3"}), "end.first_to: must be a whole number"),
    ("last_standing", raw(end={"last_standing": 1}), "end.last_standing: must be true or false"),
    (
        "nothing ends",
        raw(rounds=None, round_plan=[rnd(resolve=TWO_THIRDS)]),
        "rounds: null (until the dealer ends the match) needs a round the dealer resolves or reviews",
    ),
    (
        "after_rounds off",
        raw(end={"after_rounds": False}, round_plan=[rnd(resolve=TWO_THIRDS)]),
        "end: nothing ends this match",
    ),
    ("outcome winners", raw(outcome={"winners": "bottom"}), "outcome.winners: must be one of: top, one, none"),
    ("outcome tokens", raw(outcome={"tokens": 4}), "outcome.tokens: must be at most 3"),
    ("outcome garnets", raw(outcome={"garnets": {"winner": 101}}), "outcome.garnets.winner: must be at most 100"),
    ("outcome garnets key", raw(outcome={"garnets": {"loser": 1}}), "outcome.garnets.loser: is not a known key"),
]


@pytest.mark.parametrize(("case", "data", "error"), CASES, ids=[c[0] for c in CASES])
def test_each_rule_names_its_field(case: str, data: dict[str, Any], error: str) -> None:
    errors = definition_errors(data)
    assert any(e.startswith(error) for e in errors), errors
    with pytest.raises(DefinitionError) as caught:
        definition_clean(data)
    assert caught.value.errors == errors and not isinstance(caught.value, ValueError)


def test_the_format_quotes_its_error_example() -> None:
    quote("An error names the field by its path: `round_plan[0].fields[1].max: must be at least min (10)`.")
    data = raw(round_plan=[rnd(fields=[field(name="a"), field(name="b", min=10, max=5)])])
    assert definition_errors(data) == ["round_plan[0].fields[1].max: must be at least min (10)"]


def test_every_problem_is_named_at_once() -> None:
    data = raw(title="", kind="x", rounds=0)
    assert [e.partition(":")[0] for e in definition_errors(data)] == ["title", "kind", "rounds"]


def test_a_definition_that_is_not_an_object() -> None:
    assert definition_errors(["schema"]) == ["must be an object (key: value pairs)"]


def test_defaults_are_filled_in() -> None:
    """ "Every key but `schema`, `title`, `kind`, `players` and `round_plan` has the default shown"."""
    quote("Every key but `schema`, `title`, `kind`, `players` and `round_plan` has the default shown")
    data = raw(round_plan=[{"fields": [{"name": "guess", "type": "number"}]}])
    data.pop("rounds")
    clean = definition_clean(data)
    assert clean["rules"] == "" and clean["secrets"] == [] and clean["rounds"] == 5
    assert clean["turn_seconds"] == 86400 and clean["tally_seconds"] == 86400
    assert clean["scores"] == {"label": "Points", "start": 0, "visibility": "public"}
    assert clean["end"] == {"after_rounds": True, "first_to": None, "last_standing": False, "when": None}
    assert clean["outcome"] == {
        "winners": "top",
        "tokens": 1,
        "candidates": "bottom",
        "garnets": {},
        "max_winners": None,
        "last_tie": "order",
        "candidate_ties": [],
    }
    plan = clean["round_plan"][0]
    assert (plan["label"], plan["awaits"], plan["seconds"], plan["reveal"]) == ("Round", "all", None, "none")
    assert plan["resolve"] == {"by": "dealer"}
    assert plan["fields"][0] == {
        "name": "guess",
        "label": "Guess",
        "type": "number",
        "help": "",
        "required": True,
        "min": 0,
        "max": 100,
        "default": None,
    }


def test_field_defaults_by_type() -> None:
    fields = [
        {"name": "p", "type": "player"},
        {"name": "ps", "type": "players"},
        {"name": "o", "type": "order", "not_self": False},
        {"name": "t", "type": "text"},
        {"name": "g", "type": "garnets"},
    ]
    clean = definition_clean(raw(round_plan=[rnd(fields=fields)]))["round_plan"][0]["fields"]
    assert (clean[0]["not_self"], clean[0]["alive_only"]) == (True, True)
    assert (clean[1]["count_min"], clean[1]["count_max"]) == (1, 8)
    assert clean[2]["not_self"] is False
    assert clean[3]["max_length"] == 280
    assert (clean[4]["min"], clean[4]["max"], clean[4]["pays"]) == (0, 100, "bid")


def test_mechanic_params_get_their_defaults() -> None:
    plan = definition_clean(raw(round_plan=[rnd(resolve=TWO_THIRDS)]))["round_plan"][0]
    assert plan["resolve"]["params"]["field"] == "guess" and plan["resolve"]["review"] is False
    assert plan["resolve"]["params"]["factor"] == "2/3"


@pytest.mark.parametrize("name", sample_names())
def test_cleaning_is_idempotent(name: str) -> None:
    clean = sample_definition(name)
    assert definition_clean(clean) == clean


@pytest.mark.parametrize("name", sample_names())
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_definitions_round_trip_through_the_file_format(name: str, fmt: str) -> None:
    clean = sample_definition(name)
    text = definition_dump_text(clean, fmt=fmt)
    assert definition_clean(definition_load_text(text)) == clean
    if fmt == "yaml":
        assert text.startswith(f"schema: {clean['schema']}\ntitle: ")


@pytest.mark.parametrize("name", sample_names())
def test_the_published_schema_accepts_every_sample_file_and_its_cleaned_form(name: str) -> None:
    schema = definition_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(definition_load_text(sample_text(name))))
    assert not list(validator.iter_errors(sample_definition(name)))


def test_the_schema_refuses_what_the_format_refuses() -> None:
    validator = jsonschema.Draft202012Validator(definition_schema())
    assert list(validator.iter_errors(raw(kind="final")))
    assert list(validator.iter_errors(one_field(type="slider")))
    assert list(validator.iter_errors(raw(colour="red")))


def test_files_that_are_not_definitions() -> None:
    with pytest.raises(DefinitionError, match=r"file: is neither YAML nor JSON \(line 2\)"):
        definition_load_text("schema: x\n  - : [\n")
    with pytest.raises(DefinitionError, match="file: must hold one definition"):
        definition_load_text("- a\n- b\n")
    with pytest.raises(DefinitionError, match="file: is neither YAML nor JSON"):
        definition_load_text('{"schema": ')
    assert definition_load_text(json.dumps(raw()))["title"] == "Test game"


GARBAGE: list[Any] = [None, 0, -1, 10**9, 1.5, True, "", "x", [], [1], {}, {"a": 1}, [None], [{}], [[None]]]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*path, i))
    return found


def test_garbage_anywhere_in_a_definition_is_an_error_never_a_crash() -> None:
    """A designer's or an imported file's garbage gets errors by field, never a 500: every sample with one to
    three values replaced by garbage, 3000 times (20 000 passed locally)."""
    rng = Random("garbage")
    samples = [sample_definition(n) for n in sample_names()]
    for _ in range(3000):
        data = json.loads(json.dumps(rng.choice(samples)))
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(_paths(data)[1:])
            parent = data
            try:
                for key in path[:-1]:
                    parent = parent[key]
                parent[path[-1]] = json.loads(json.dumps(rng.choice(GARBAGE)))
            except (KeyError, IndexError, TypeError):
                continue
        errors = definition_errors(data)
        # Each error names its field ("round_plan[0].seconds: must be …"); a file without errors is playable.
        assert all(isinstance(e, str) and ": " in e for e in errors), errors
        if not errors:
            definition_clean(data)
