"""The match page on a phone, move first (issue 26): the order of the page's parts, the confirmation a save
answers with, and the garnet cost the rules' check names (so only a spending lock-in asks to confirm)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Match
from tests.factories import abc_match

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(client: Client, match: Match) -> str:
    return client.get(reverse("games:match", args=[match.pk])).content.decode()


def test_an_awaited_players_move_comes_before_the_table_the_log_and_the_rules(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    """'Put "Your move" first when the player is awaited ... the table, the log and the rules behind it
    (tabs or sections a tap away)'."""
    html = _page(client_for("ann"), match)
    assert html.index('id="submit"') < html.index('id="table"') < html.index('id="match-log"')
    assert html.index('id="submit"') < html.index('id="rules"')
    nav = html[html.index('class="match-tabs"') : html.index("</nav>", html.index('class="match-tabs"'))]
    assert 'href="#table"' in nav and 'href="#match-log"' in nav and 'href="#how-to-play"' in nav
    # The default move is said once, after the buttons: the first screen is the move itself.
    form = html[html.index('id="submit"') :]
    assert form.index("Save and lock in") < form.index("If you submit nothing:")


def test_a_spectator_sees_the_table_first(match: Match) -> None:
    """Nobody awaited: no move panel, the table leads."""
    html = _page(Client(), match)
    assert 'id="submit"' not in html and html.index('id="table"') < html.index('id="match-log"')


def test_a_lock_in_confirms_what_was_locked_and_that_it_is_final(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    """'the confirmation ("Locked in: ...") ... says how to change it if the rules allow'."""
    ann = client_for("ann")
    url = reverse("games:match_submit", args=[match.pk])
    move = '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}'
    saved = ann.post(url, {"move_json": move, "lock": "0", "turn": "1"}, **HTMX).content.decode()
    assert "Saved (not locked)</span>" not in saved and "Saved (not locked):" in saved
    assert "You may change it until the deadline" in saved and "bob &amp; cat" in saved
    # The success flash only announces (the status says it); errors stay visible.
    assert 'class="flash flash-success visually-hidden"' in saved


def test_the_rules_check_names_what_a_move_spends(client_for: Callable[[str], Client]) -> None:
    """Ask for confirmation 'only where the move spends garnets': the check carries the cost for the page."""
    match = abc_match(options={"garnets": {"ann": 5}})
    ann = client_for("ann")
    url = reverse("games:match_check", args=[match.pk])
    free = ann.post(url, {"move_json": '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}'}, **HTMX)
    assert 'data-cost="0"' in free.content.decode() and "spends" not in free.content.decode()
    double = ann.post(url, {"move_json": '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": true}'}, **HTMX)
    html = double.content.decode()
    assert 'data-cost="0"' not in html and "It spends <strong>" in html and "asks you to confirm" in html


def test_exodia_names_cards_in_words_not_notation() -> None:
    """'no force/dan option lists (say "Force (dan's card)")'."""
    from games.exodia.forms import card_label

    assert card_label("force/dan") == "Force (dan's card)" and card_label("bomb/ann") == "Bomb (ann's card)"


def test_live_matches_say_how_many_are_watching(match: Match) -> None:
    """'"watching N" on live matches': the spectators' sockets, counted as they join and leave."""
    from games.match.broadcast import group_watch
    from games.match.presence import presence_join, presence_leave

    presence_join(match_id=match.pk, groups=[group_watch(match.pk)])
    presence_join(match_id=match.pk, groups=[group_watch(match.pk)])
    assert "watching 2" in Client().get(reverse("games:match_list")).content.decode()
    assert "2 watching" in _page(Client(), match)
    presence_leave(match_id=match.pk, groups=[group_watch(match.pk)])
    presence_leave(match_id=match.pk, groups=[group_watch(match.pk)])
    assert "watching" not in Client().get(reverse("games:match_list")).content.decode().split("<table")[1]
