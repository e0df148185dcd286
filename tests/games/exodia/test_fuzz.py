"""Any JSON at all becomes a normalised move or a RuleError, in every kind of turn."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RuleError
from tests.games.exodia.helpers import ENGINE, P, make, run

NAMES = st.sampled_from(
    [*P, "ghost", "meta/ann", "steal/bob", "gift/cat", "bomb/dan", "force/ann", "effect", "owner", "nobody"]
)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), NAMES, st.text(max_size=5))
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "play",
                    "discard",
                    "ranking",
                    "card",
                    "target",
                    "target_card",
                    "gift",
                    "by",
                    "order",
                    "twist_vote",
                    "mm_twist",
                    "dm_twist",
                    "effect",
                    "copies",
                    "ec",
                    "no_submission",
                ]
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=12,
)

ROUND = make()
OWING = make()
OWING.owed["ann"] = 2
TWIST = ENGINE.setup(P, {"gamewide_order": P, "mm_winners": ["ann"], "dm_winner": "ann"}, Random("t"))


def _check(state, move) -> None:
    try:
        out = ENGINE.validate(state, "ann", move)
    except RuleError as err:
        assert str(err)
    else:
        ENGINE.resolve(state, {"ann": out}, Random("x"))


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_in_a_round_is_a_move_or_a_rule_error(move: object) -> None:
    _check(ROUND, move)
    _check(OWING, move)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_in_the_twist_turn_is_a_move_or_a_rule_error(move: object) -> None:
    _check(TWIST, move)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.dictionaries(st.sampled_from(["card", "target", "target_card", "gift"]), NAMES, max_size=4), max_size=4)
)
def test_any_list_of_plays_is_a_move_or_a_rule_error(plays: list) -> None:
    _check(ROUND, {"play": plays})


def test_ec_turn_refuses_garbage() -> None:
    from games.exodia.cards import EFFECTS

    state = make({"ann": [f"meta/{p}" for p in P] + ["immune/ann"]})
    state, _ = run(state, {"ann": {"play": [{"card": "immune/ann"}]}})
    assert EFFECTS and state.phase == "ec"
    for bad in [None, {}, {"ec": "ann"}, {"ec": 5}, {"ec": "ghost"}, []]:
        try:
            ENGINE.validate(state, "ann", bad)
        except RuleError:
            pass
        else:
            raise AssertionError(bad)
