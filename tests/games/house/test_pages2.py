"""The match page of ``garnet-house/2`` samples: each player sees what the definition lets them see (their
garnets, their private holdings, the cards they may see) and a form they can play, and nobody else's."""

from __future__ import annotations

from typing import Any

import pytest

from games.house.engine.samples import sample_definition
from tests.games.house.pages import client, house_match

pytestmark = pytest.mark.django_db


def test_indian_poker_draws_everyone_elses_card_but_never_your_own() -> None:
    players = ["ann", "bob", "cat"]
    match = house_match(sample_definition("indian_poker"), players=players)
    cards = {p: match.state["cards"][match.state["piles"]["card"][p][0]]["label"] for p in players}
    page = client("ann").get(f"/matches/{match.pk}/").content.decode()
    assert (
        f"bob's card: <strong>{cards['bob']}</strong>" in page
        and f"cat's card: <strong>{cards['cat']}</strong>" in page
    )
    assert "ann's card" not in page and "Your card" not in page
    assert 'type="radio" name="play"' in page and "Pot: <strong>0</strong>" in page
    public = client("watcher").get(f"/matches/{match.pk}/").content.decode()
    assert "'s card:" not in public


def test_the_abc_x_gets_the_pairing_form_and_everyone_sees_who_is_the_x() -> None:
    players = ["ann", "bob", "cat", "dan", "eve"]
    match = house_match(sample_definition("abc"), players=players)
    x = match.state["roles"]["x"][0]
    page = client(x).get(f"/matches/{match.pk}/").content.decode()
    assert 'name="pairs__1"' in page and 'name="pairs__4"' in page and 'name="double"' in page
    assert f"X: <strong>{x}</strong>" in page and "Your garnets: <strong>0</strong>" in page
    other = next(p for p in players if p != x)
    assert 'name="pairs__1"' not in client(other).get(f"/matches/{match.pk}/").content.decode()


def test_cube_traders_show_your_blue_cubes_to_you_alone() -> None:
    match = house_match(sample_definition("trading"), players=["ann", "bob"])
    page = client("ann").get(f"/matches/{match.pk}/").content.decode()
    assert "Blue: <strong>1</strong>" in page and 'name="offer__with"' in page and 'name="gift__amount"' in page
    assert "Blue: <strong>" not in client("watcher").get(f"/matches/{match.pk}/").content.decode()


def test_after_the_pairing_everyone_reads_the_pairs_and_the_x_double_stays_secret(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from games.match.services import submission_submit, turn_close
    from tests.games.house.pages import open_turn

    players = ["ann", "bob", "cat", "dan", "eve"]
    match = house_match(sample_definition("abc"), players=players)
    x = match.state["roles"]["x"][0]
    a, b, c, d = [p for p in players if p != x]
    with django_capture_on_commit_callbacks(execute=True):
        submission_submit(match_id=match.pk, player=x, move={"pairs": [[a, b], [c, d]], "double": False})
        turn_close(turn_id=open_turn(match).pk, force=True)
    public = client("watcher").get(f"/matches/{match.pk}/").content.decode()
    assert f"Pairs: {a} &amp; {b}; {c} &amp; {d}" in public
    assert "double no" not in public and "double yes" not in public  # the X's choice is not revealed
    page = client(a).get(f"/matches/{match.pk}/").content.decode()
    assert 'name="action"' in page and f"your pair is {b}" in page
