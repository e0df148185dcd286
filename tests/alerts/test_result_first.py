"""Issue 38: after a round the first screen says what happened, above the next form, for players and spectators,
from the log each viewer may read (never another player's private lines); and the lock-in asks as the player chose."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from alerts.models import AlertSettings
from games.match.services.submissions import submission_submit
from games.match.services.turns import turn_close
from games.models import Match

pytestmark = pytest.mark.django_db

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def _page(client: Client, match: Match) -> str:
    return client.get(reverse("games:match", args=[match.pk])).content.decode()


def _after_pairing(match: Match) -> None:
    submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    turn_close(turn_id=match.turns.get(number=1).pk, force=True)


def test_no_block_before_any_turn_closed(match: Match, client_for: Callable[[str], Client]) -> None:
    assert "What just happened" not in _page(client_for("ann"), match)


def test_the_last_round_comes_above_the_next_form(match: Match, client_for: Callable[[str], Client]) -> None:
    _after_pairing(match)
    html = _page(client_for("bob"), match)
    block = html.split('class="panel last-round"')[1].split("</section>")[0]
    assert "ann is the X and pairs bob with cat" in block
    assert "your pair is cat" in block  # bob's own private line
    assert "your pair is eve" not in block  # dan's private line stays dan's
    assert html.index("What just happened") < html.index('id="move-form-2"')


def test_a_spectator_sees_the_public_lines_of_the_last_round(match: Match) -> None:
    _after_pairing(match)
    html = _page(Client(), match)
    block = html.split('class="panel last-round"')[1].split("</section>")[0]
    assert "ann is the X" in block and "your pair" not in block


def test_the_live_part_says_whether_it_awaits_the_viewer(match: Match, client_for: Callable[[str], Client]) -> None:
    html = _page(client_for("ann"), match)
    assert 'data-waiting="1"' in html and 'data-live="1"' not in html
    assert 'data-confirm-lock="turn-based"' in html
    assert 'data-waiting="1"' not in _page(client_for("bob"), match)


def test_the_lock_in_confirmation_follows_the_players_setting(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    ann = client_for("ann")
    r = ann.post(reverse("alerts:settings"), {"confirm_lock": "never"})
    assert r.status_code == 302
    assert AlertSettings.objects.get(user__username="ann").confirm_lock == "never"
    assert 'data-confirm-lock="never"' in _page(ann, match)
    html = ann.get(reverse("alerts:settings")).content.decode()
    assert 'value="never" checked' in html


def test_key_context_comes_before_the_form(match: Match, client_for: Callable[[str], Client]) -> None:
    """Issue 38: "you are the X" comes before the move form."""
    html = _page(client_for("ann"), match)
    assert '<p class="key-context"><strong>You are the X</strong>' in html
    assert html.index('class="key-context"') < html.index('id="move-form-1"')
