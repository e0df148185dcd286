"""Issue 44: "the key context of every dealer's game above the form" — a player's score, garnets, secrets,
roles, holdings, hand and the cards they see, the pot, and what others hold where it is public, drawn from
their own view only; and the dealer's test match shows each seat's state beside its form."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client

from games.house.engine.samples import sample_definition
from games.house.library import library_definition
from games.house.services import house_game_create
from tests.games.house.library.helpers import table
from tests.games.house.scenario import E, start
from tests.seasons.factories import host_user


def key(state: dict, me: str) -> str:
    drawn = render_to_string(
        "house/_key.html", {"view": E.view(state, me), "me": me, "definition": state["definition"]}, using="jinja2"
    )
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", drawn)).strip()


def test_a_player_reads_their_holdings_with_labels_and_the_others_public_ones() -> None:
    """Cube traders: red cubes are public, blue ones the holder's: ann reads both of hers, and bob's and cat's
    red only."""
    text = key(table("cube_traders", ["ann", "bob", "cat"]), "ann")
    assert "Your points: 0" in text and "Your garnets: 0" in text
    assert "Red cubes: 4" in text and "Blue cubes: 1 (only you see it)" in text
    assert "What the others hold bob: Red cubes 4 cat: Red cubes 4" in text
    assert "Blue cubes 1" not in text.split("What the others hold")[1]


def test_a_hand_shows_its_cards_and_a_forehead_card_shows_the_others_but_never_ones_own() -> None:
    """Cube exchange's dealt cubes are the holder's; Indian poker's cards are seen by everyone but their holder."""
    state = table("cube_exchange", ["ann", "bob", "cat"])
    dealt = [state["cards"][i]["label"] for i in state["piles"]["dealt"]["ann"]]
    assert f"Cubes dealt: {', '.join(dealt)} (yours)" in key(state, "ann")
    poker = table("indian_poker", ["ann", "bob", "cat"])
    label = {p: poker["cards"][poker["piles"]["card"][p][0]]["label"] for p in ("ann", "bob", "cat")}
    text = key(poker, "ann")
    assert (
        f"bob · Card on the forehead: {label['bob']}" in text and f"cat · Card on the forehead: {label['cat']}" in text
    )
    assert "ann · " not in text and "Pot: 0" in text


def test_a_role_and_a_secret_are_named_for_their_holder() -> None:
    """ABC's X by its label; a /1 secret as "(secret)"; a private score as "(only you see it)"."""
    abc = start(["ann", "bob", "cat", "dan", "eve"], definition=sample_definition("abc"))
    x = E.view(abc, None)["public"]["roles"]["x"]
    assert "The X: you" in key(abc, x)
    assert f"The X: {x}" in key(abc, next(p for p in abc["players"] if p != x))
    thief = start(["ann", "bob", "cat", "dan"], definition=sample_definition("secret_thief"))
    text = key(thief, "ann")
    assert "Your points: 5 (only you see it)" in text
    assert f"Your role: {thief['secrets']['ann']['role']} (secret)" in text


@pytest.mark.django_db
def test_the_dealers_test_match_shows_the_seat_s_holdings_above_its_form() -> None:
    """The hot seat draws the seat's own key, so a refused gift is no surprise."""
    host = host_user()
    game = house_game_create(owner=host, definition=library_definition("cube_traders"))
    client = Client()
    client.force_login(host)
    url = f"/games/house/{game.pk}/play/"
    client.post(url, {"action": "start", "players": "2"})
    page = client.get(url).content.decode()
    assert 'id="house-key"' in page and "Blue cubes: <strong>1</strong>" in page
    assert page.index('id="house-key"') < page.index('class="hotseat-move"')
