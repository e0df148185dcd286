"""The mechanics library as a whole: the registry the designer lists, param cleaning shared by every
mechanic, and properties over random rounds (results never raise, spend no more than was bid, and
depend on the seed only)."""

from __future__ import annotations

import json
from itertools import permutations
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.house.engine.definition import definition_clean
from games.house.engine.errors import DefinitionError, ParamError
from games.house.engine.mechanics import MECHANICS, RoundInput, RoundResult, mechanic_params_clean, mechanic_run
from tests.games.contract import play_random
from tests.games.house.engine.helpers_mechanics import choice, garnets, number, order, player
from tests.games.house.scenario import E, raw, rnd

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
EXPECTED = {
    "highest_bid",
    "lowest_bid",
    "unique_bid",
    "vote",
    "closest_to_target",
    "payoff_matrix",
    "ranking_sum",
    "beats",
}


def test_the_library_has_every_mechanic_of_the_issue() -> None:
    """Issue 25: highest / lowest / unique bid, vote, closest to a target, payoff matrix over pairs,
    sum of rankings, beats-relations."""
    assert set(MECHANICS) == EXPECTED


def test_a_param_error_names_its_param_apart_from_its_message() -> None:
    """The definition reader files a param's problem under ``resolve.params.<param>`` from the error's own
    ``param``, never by parsing the text; the text still reads ``<param>: <message>``."""
    with pytest.raises(ParamError) as caught:
        mechanic_params_clean("highest_bid", {"prize": 3}, [garnets()])
    assert caught.value.param == "prize" and caught.value.message.startswith("not a param of highest_bid")
    assert str(caught.value) == f"prize: {caught.value.message}"


@pytest.mark.parametrize("name", sorted(MECHANICS))
def test_every_mechanic_carries_an_example_round_a_match_plays_to_its_end(name: str) -> None:
    """A mechanic's own example fields and params make a valid round (no list here to keep in step):
    cleaned like a dealer's, they play random matches of 2 to 5 players to an outcome."""
    m = MECHANICS[name]
    assert m.example_fields and m.example_params
    resolve = {"by": "mechanic", "mechanic": name, "params": dict(m.example_params)}
    definition = raw(round_plan=[rnd(fields=[dict(f) for f in m.example_fields], resolve=resolve)])
    for count in (2, 3, 5):
        state, _, messages = play_random(
            E,
            ["ann", "bob", "cat", "dan", "eve"][:count],
            f"{name}:{count}",
            {"definition": definition_clean(definition)},
        )
        assert E.outcome(state) is not None and messages


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_mechanic_explains_itself_to_a_dealer(name: str) -> None:
    """The designer shows a title, a one-sentence summary and a labelled form field per param."""
    m = MECHANICS[name]
    assert m.name == name and m.title and m.summary.endswith(".")
    kinds = {"field", "int", "choice", "bool", "matrix", "relation", "fraction"}
    for p in m.params:
        assert p.kind in kinds and p.label
        assert (p.kind == "field") == bool(p.field_types)
        if p.kind == "choice":
            assert p.default in p.choices


def test_unknown_mechanic_is_named() -> None:
    """A mechanic name the library lacks is refused naming the mechanic."""
    with pytest.raises(DefinitionError, match="^mechanic: no mechanic named 'poker'"):
        mechanic_params_clean("poker", {}, [number()])


def test_unknown_param_is_named() -> None:
    """A param the mechanic does not take is refused, naming it and listing those it takes."""
    with pytest.raises(
        DefinitionError, match=r"^prize: not a param of highest_bid \(it takes field, price, award, ties\)"
    ):
        mechanic_params_clean("highest_bid", {"prize": 3}, [garnets()])


def test_the_only_field_of_a_fitting_type_is_taken_when_left_out() -> None:
    """field left out, one garnets field and a text field: the garnets field is the bid."""
    text = {"name": "note", "type": "text", "max_length": 280}
    assert mechanic_params_clean("highest_bid", {}, [text, garnets("stake")])["field"] == "stake"


def test_field_left_out_with_several_or_no_fitting_fields_is_named() -> None:
    """Two number fields: the dealer must choose; no number field: said so; a field of the wrong type:
    said so."""
    with pytest.raises(DefinitionError, match=r"^field: choose one of this round's number or garnets fields \(a, b\)"):
        mechanic_params_clean("highest_bid", {}, [number("a"), number("b")])
    with pytest.raises(DefinitionError, match="^field: this round has no number or garnets field"):
        mechanic_params_clean("highest_bid", {}, [choice()])
    with pytest.raises(DefinitionError, match="^field: 'pick' is a choice field; this needs a number or garnets field"):
        mechanic_params_clean("highest_bid", {"field": "pick"}, [choice(), number()])


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"award": True}, "^award: must be a whole number"),
        ({"award": 1001}, "^award: must be at most 1000"),
        ({"award": -1001}, "^award: must be at least -1000"),
        ({"price": "third"}, "^price: must be one of own, second, none"),
    ],
)
def test_int_and_choice_params_are_checked(params: dict[str, Any], message: str) -> None:
    """Whole numbers within their range (a bool is not a number); choices from their list."""
    with pytest.raises(DefinitionError, match=message):
        mechanic_params_clean("highest_bid", params, [garnets()])


def test_defaults_are_filled_in() -> None:
    """Every param the dealer leaves out gets its declared default."""
    assert mechanic_params_clean("vote", {}, [player()]) == {
        "field": "who",
        "method": "plurality",
        "second": None,
        "effect": "points",
        "award": 1,
    }


# -- properties over random rounds ----------------------------------------------------------------

FIELDS = [
    number("n", -5, 20),
    garnets("g", pays="bid", low=0, high=9),
    garnets("w", pays="if_won", low=1, high=9),
    garnets("z", pays="none", low=0, high=9),
    choice("c", ("A", "B", "C")),
    player("p"),
    order("o"),
    player("q", not_self=False),
]
CHOICES = ("A", "B", "C")


@st.composite
def _round(draw: st.DrawFn) -> tuple[str, RoundInput, int]:
    """A random mechanic, params, players, tiebreak and moves that fit the fields (or abstain)."""
    name = draw(st.sampled_from(sorted(EXPECTED)))
    everyone = list(NAMES[: draw(st.integers(2, len(NAMES)))])
    tiebreak = tuple(draw(st.permutations(everyone)))
    players = tuple(p for p in everyone if draw(st.booleans()) or len(everyone) <= 2) or tuple(everyone[:2])
    moves: dict[str, dict[str, Any]] = {}
    for p in players:
        others = [q for q in everyone if q != p]
        move: dict[str, Any] = {}
        if draw(st.booleans()):
            move["n"] = draw(st.integers(-5, 20))
        for g in ("g", "w", "z"):
            if draw(st.booleans()):
                move[g] = draw(st.integers(0 if g != "w" else 1, 9))
        if draw(st.integers(0, 4)):
            move["c"] = draw(st.sampled_from(CHOICES))
        if draw(st.booleans()):
            move["p"] = draw(st.sampled_from(others))
        if draw(st.booleans()):
            move["q"] = draw(st.sampled_from(everyone))
        if draw(st.booleans()):
            move["o"] = draw(st.permutations(others))
        moves[p] = move
    params = _params(draw, name)
    clean = mechanic_params_clean(name, params, FIELDS)
    inp = RoundInput(
        label="Round 4",
        players=players,
        tiebreak=tiebreak,
        moves=moves,
        fields=tuple(FIELDS),
        scores=dict.fromkeys(everyone, 0),
        params=clean,
    )
    return name, inp, draw(st.integers(0, 2**32))


def _params(draw: st.DrawFn, name: str) -> dict[str, Any]:
    award = draw(st.integers(-3, 5))
    if name in ("highest_bid", "lowest_bid"):
        prices = ("own", "second", "none") if name == "highest_bid" else ("own", "none")
        return {"field": draw(st.sampled_from("ngwz")), "price": draw(st.sampled_from(prices)), "award": award}
    if name == "unique_bid":
        return {
            "field": draw(st.sampled_from("ngwz")),
            "want": draw(st.sampled_from(("lowest", "highest"))),
            "award": award,
        }
    if name == "vote":
        field = draw(st.sampled_from("cpq"))
        effect = "points" if field == "c" else draw(st.sampled_from(("points", "out", "points_and_out")))
        second = draw(st.sampled_from((None, "o", "q" if field == "p" else "p"))) if field != "c" else None
        method = draw(st.sampled_from(("plurality", "majority_runoff")))
        return {"field": field, "effect": effect, "second": second, "method": method, "award": award}
    if name == "closest_to_target":
        return {
            "target": draw(st.sampled_from(("mean", "median", "value"))),
            "factor": draw(st.sampled_from(("2/3", "1", "0.5", "-1/3", 2))),
            "value": draw(st.integers(-5, 20)),
            "award": award,
            "exact_bonus": draw(st.integers(0, 3)),
            "ties": draw(st.sampled_from(("all", "tiebreak"))),
        }
    if name == "payoff_matrix":
        cells: dict[tuple[str, str], list[int]] = {}
        for a in CHOICES:
            for b in CHOICES:
                if (b, a) in cells:
                    cells[(a, b)] = cells[(b, a)][::-1]
                else:
                    x = draw(st.integers(-3, 5))
                    cells[(a, b)] = [x, x] if a == b else [x, draw(st.integers(-3, 5))]
        matrix = {a: {b: cells[(a, b)] for b in CHOICES} for a in CHOICES}
        pairing = draw(st.sampled_from(("random", "mutual")))
        return {"field": "c", "matrix": matrix, "pairing": pairing, "partner": "q" if pairing == "mutual" else None}
    if name == "ranking_sum":
        return {"scoring": draw(st.sampled_from(("winner", "by_rank"))), "award": award}
    relation: dict[str, list[str]] = {c: [] for c in CHOICES}
    for a, b in permutations(CHOICES, 2):
        if a not in relation[b] and draw(st.booleans()):
            relation[a].append(b)
    return {"field": "c", "relation": relation, "award": award}


@settings(max_examples=400, deadline=None)
@given(_round())
def test_random_rounds_resolve_within_the_rules(case: tuple[str, RoundInput, int]) -> None:
    """Any fitting round resolves (no exception), the same seed gives the same result, nobody spends
    more than they bid (nor anything on a field that does not pay), and winners and players out are
    players of the match."""
    name, inp, seed = case
    result = mechanic_run(name, inp, Random(seed))
    assert isinstance(result, RoundResult)
    assert result == mechanic_run(name, inp, Random(seed))
    assert result.announcement.startswith("Round 4: ")
    field = inp.params.get("field")
    for p, spent in result.spent.items():
        assert field in ("g", "w") and spent > 0
        assert spent <= inp.moves[p][field]
    assert set(result.winners) <= set(inp.tiebreak)
    assert set(result.out) <= set(inp.tiebreak)
    assert all(isinstance(n, int) and n for n in result.points.values())


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-2000, 2000) | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(EXPECTED)), st.data())
def test_random_params_are_cleaned_or_refused_with_a_named_param_error(name: str, data: st.DataObject) -> None:
    """Whatever a file or form holds, cleaning either succeeds or raises ParamError("<param>: ...")."""
    keys = [p.name for p in MECHANICS[name].params]
    params = data.draw(st.dictionaries(st.sampled_from(keys), _JSONISH, max_size=len(keys)))
    try:
        clean = mechanic_params_clean(name, params, FIELDS)
    except ParamError as e:
        assert e.param in keys and str(e).split(":")[0] == e.param
        return
    assert json.loads(json.dumps(clean)) == clean


@settings(max_examples=200, deadline=None)
@given(_round())
def test_cleaned_params_survive_a_file_and_a_second_cleaning(case: tuple[str, RoundInput, int]) -> None:
    """Cleaned params are JSON as they are (a definition stores and exports them) and cleaning them
    again (an import of an exported game) changes nothing."""
    name, inp, _ = case
    assert json.loads(json.dumps(inp.params)) == inp.params
    assert mechanic_params_clean(name, json.loads(json.dumps(inp.params)), FIELDS) == inp.params
