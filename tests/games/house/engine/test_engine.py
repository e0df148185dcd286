"""The shared engine contract over every sample definition and the default, replay from seed, the options,
and the framework's two additions the house game needs (the ``json`` option kind, ``Engine.round_spent``)."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from games.engine import DEALER, RuleError
from games.house.engine.definition import definition_clean
from games.house.engine.samples import DEFAULT, sample_definition, sample_names
from games.match import hooks
from games.match.services.matches import match_start
from games.match.services.submissions import submission_submit
from games.match.services.turns import turn_close
from games.models import Match, Turn
from games.options import options_clean, options_for_setup, options_json_schema
from games.web.option_forms import OptionsForm
from tests.games.contract import (
    check_engine,
    check_no_leaks_through_match,
    check_public_series,
    check_resample_through_match,
    play_random,
    replay,
    rng_for,
)
from tests.games.house.scenario import E, raw, rnd

SAMPLES = sample_names()


def _count(name: str) -> int:
    return int(sample_definition(name)["players"]["min"])


def _play_count(name: str) -> int:
    """At least 4 players where the game allows them (a fuller table than the minimum)."""
    players = sample_definition(name)["players"]
    return min(max(players["min"], 4), players["max"])


def _options(name: str) -> dict[str, Any]:
    return {"definition": sample_definition(name)}


def test_the_samples_cover_the_issue() -> None:
    """The samples: a 13-player 2/3-of-the-average Main Match, a 2-player live best-of-5 RPS Death Match, a
    dealer-resolved game with a named round, and one with hidden per-player facts and private scores."""
    two = sample_definition("two_thirds")
    assert two["players"]["min"] <= 13 <= two["players"]["max"] and two["rounds"] == 3
    assert two["round_plan"][0]["resolve"]["mechanic"] == "closest_to_target"
    assert two["scores"]["visibility"] == "public"
    rps = sample_definition("rps_best_of_5")
    assert rps["kind"] == "death" and rps["turn_seconds"] == 60 and rps["end"]["first_to"] == 3
    assert rps["round_plan"][0]["resolve"]["mechanic"] == "beats"
    auction = sample_definition("dealers_auction")
    assert {r["awaits"] for r in auction["round_plan"]} == {"all", "named"}
    assert {r["resolve"]["by"] for r in auction["round_plan"]} == {"dealer"}
    thief = sample_definition("secret_thief")
    assert thief["secrets"] and thief["scores"]["visibility"] == "private"
    assert DEFAULT == "two_thirds" and two["players"]["min"] == 2 and two["players"]["max"] >= 16


@pytest.mark.parametrize("name", SAMPLES)
def test_contract_over_each_sample(name: str) -> None:
    check_engine(E, seeds=("h1", "h2"), options=_options(name), count=_count(name))


@pytest.mark.parametrize(("name", "count"), [("two_thirds", 13), ("secret_thief", 9), ("dealers_auction", 13)])
def test_contract_at_larger_counts(name: str, count: int) -> None:
    check_engine(E, seeds=("big",), options=_options(name), count=count)


def test_contract_without_a_definition_plays_the_default() -> None:
    """``setup(players, {}, rng)`` plays "Two-thirds of the average", 2 to 16 players."""
    check_engine(E, seeds=("d1", "d2"))
    check_engine(E, seeds=("d16",), count=16)
    state = E.setup(["a", "b"], {}, Random(0))
    assert state["definition"]["title"] == "Two-thirds of the average"


@pytest.mark.parametrize("name", SAMPLES)
def test_no_leaks_through_each_sample(name: str) -> None:
    for seed in ("l1", "l2"):
        check_no_leaks_through_match(E, seed=seed, options=_options(name), count=_play_count(name))


@pytest.mark.parametrize("name", SAMPLES)
def test_resampling_through_each_sample(name: str) -> None:
    """Non-interference: redrawing one player's hidden facts changes no other view; where a sample hides
    facts (secret roles, private scores, unrevealed bids), the redraw really changes the state."""
    changed = sum(
        check_resample_through_match(E, seed=seed, options=_options(name), count=_play_count(name))
        for seed in ("r1", "r2", "r3")
    )
    if name in ("secret_thief", "dealers_auction"):
        assert changed > 0


@pytest.mark.parametrize("name", SAMPLES)
def test_public_series_through_each_sample(name: str) -> None:
    players = [f"p{i}" for i in range(1, _play_count(name) + 1)]
    state = E.setup(players, _options(name), rng_for("ps", 0))
    chooser, redraw, turn = Random("ps"), Random("redraw"), 1
    while E.outcome(state) is None:
        check_public_series(E, state, players, redraw)
        moves = {p: E.validate(state, p, E.random_move(state, p, chooser)) for p in E.awaiting(state)}
        state, _ = E.resolve(state, moves, rng_for("ps", turn))
        turn += 1
    check_public_series(E, state, players, redraw)
    series = E.public_series(E.view(state, None))
    if sample_definition(name)["scores"]["visibility"] == "private":
        assert series == {}
    else:
        label = sample_definition(name)["scores"]["label"]
        assert list(series) == [label] and len(series[label]) == len(state["history"])


@pytest.mark.parametrize("name", SAMPLES)
def test_replay_from_seed_is_identical(name: str) -> None:
    """Replay from the seed and the stored moves (the dealer's among them) gives the same state and log."""
    players = [f"p{i}" for i in range(1, _play_count(name) + 1)]
    final, history, messages = play_random(E, players, "replay", _options(name))
    again = replay(E, players, "replay", history, _options(name))
    assert json.dumps(E.dump(final), sort_keys=True) == json.dumps(E.dump(again), sort_keys=True)
    final2, _, messages2 = play_random(E, players, "replay", _options(name))
    assert messages == messages2 and E.dump(final) == E.dump(final2)


def test_the_dealer_is_awaited_and_its_moves_are_recorded_like_any_move() -> None:
    players = ["p1", "p2", "p3"]
    _, history, _ = play_random(E, players, "dealer", _options("dealers_auction"))
    assert any(DEALER in moves for moves in history)


def test_players_allowed_follow_the_definition() -> None:
    rps = options_clean(E.options_schema, _options("rps_best_of_5"))
    assert E.players_allowed(rps)[:2] == (2, 2)
    with pytest.raises(RuleError, match="takes 2 players, not 3"):
        options_for_setup(E, _options("rps_best_of_5"), ["a", "b", "c"])
    assert E.players_allowed({})[:2] == (2, 16)
    assert E.min_players == 2 and E.max_players == 32 and E.slug == "house" and E.title == "Dealer's game"


def test_the_definition_option_is_cleaned_and_its_errors_name_the_field() -> None:
    bad = raw(round_plan=[rnd(fields=[{**raw()["round_plan"][0]["fields"][0], "min": 10, "max": 5}])])
    with pytest.raises(
        RuleError, match=r"^Game definition: round_plan\[0\]\.fields\[0\]\.max: must be at least min \(10\)"
    ):
        options_clean(E.options_schema, {"definition": bad})
    cleaned = options_clean(E.options_schema, {"definition": raw()})
    assert cleaned["definition"] == definition_clean(raw())
    with pytest.raises(RuleError, match="Game definition: .*must be an object"):
        options_clean(E.options_schema, {"definition": "nope"})


def test_the_definition_is_no_host_form_field_and_an_object_in_the_api_schema() -> None:
    form = OptionsForm(engine=E, players=["a", "b"])
    assert "definition" not in form.fields and "secrets" not in form.fields and "gamewide_order" not in form.fields
    schema = options_json_schema(E.options_schema)
    assert schema["properties"]["definition"]["type"] == "object"
    assert schema["properties"]["gamewide_order"]["x-filled-by-season"] is True


def test_a_bad_definition_refused_by_setup_names_the_field() -> None:
    with pytest.raises(RuleError, match=r"round_plan: must be a list"):
        E.setup(["a", "b"], {"definition": raw(round_plan=[])}, Random(0))


def test_round_spent_defaults_to_each_moves_garnet_cost() -> None:
    """``BaseEngine.round_spent``: each move's ``garnet_cost`` (what the close charged before it existed)."""
    from tests.toygame.engine import OddsEngine

    odds = OddsEngine()
    state = odds.setup(["a", "b"], {}, Random(0))
    assert odds.round_spent(state, {"a": {"fingers": 1}, "b": {"fingers": 2}}, state) == {"a": 0, "b": 0}


@pytest.mark.django_db
def test_the_turn_close_charges_what_the_round_spent() -> None:
    """At a close the framework hands ``hooks.turn_closed`` the engine's ``round_spent``: in a first-price
    auction where only the winner pays, the loser's bid is released (0) and the winner pays their bid."""
    definition = raw(
        rounds=1,
        round_plan=[
            rnd(
                fields=[{"name": "bid", "label": "Your bid", "type": "garnets", "max": 10, "pays": "if_won"}],
                resolve={"by": "mechanic", "mechanic": "highest_bid", "params": {"field": "bid"}},
            )
        ],
    )
    from tests.factories import UserFactory

    for name in ("hann", "hbob"):
        UserFactory(username=name)
    # Garnets brought in to bid with: a bid past the balance is refused (house-46).
    options = {"definition": definition, "garnets": {"hann": 10, "hbob": 10}}
    match = match_start(game="house", players=["hann", "hbob"], seed="spent", options=options)
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    submission_submit(match_id=match.pk, player="hann", move={"bid": 7}, lock=True, turn_number=turn.number)
    submission_submit(match_id=match.pk, player="hbob", move={"bid": 3}, lock=True, turn_number=turn.number)
    seen: list[dict[str, int]] = []

    def grab(sender: Any, costs: dict[str, int], **kwargs: Any) -> None:
        seen.append(dict(costs))

    hooks.turn_closed.connect(grab, dispatch_uid="test-house-spent")
    try:
        turn_close(turn_id=turn.pk, force=True)
    finally:
        hooks.turn_closed.disconnect(dispatch_uid="test-house-spent")
    assert seen and seen[0].get("hann") == 7 and not seen[0].get("hbob")
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
