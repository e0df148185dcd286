"""The match pages: log in, dashboard, the match page for each role, submitting through the form."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Match, Submission, Turn

pytestmark = pytest.mark.django_db

PAIRS_JSON = '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}'


def page(client: Client, match: Match) -> str:
    response = client.get(reverse("games:match", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_spectator_page_needs_no_login(match: Match) -> None:
    """A public spectator page per match needs no login."""
    html = page(Client(), match)
    assert "Round 1" in html and "Watching" in html
    assert 'name="move_json"' not in html


def test_the_awaited_player_sees_the_form_and_countdown(match: Match, client_for: Callable[[str], Client]) -> None:
    """The match page: my private view, the form for my current turn with a live countdown."""
    html = page(client_for("ann"), match)
    assert "Your move" in html and 'class="countdown"' in html and "data-deadline" in html


def test_a_player_not_awaited_sees_no_form(match: Match, client_for: Callable[[str], Client]) -> None:
    html = page(client_for("bob"), match)
    assert "Your move" not in html and "You play as <strong>bob</strong>" in html


@pytest.mark.django_db(transaction=True)  # its turns close, and notices go out, after commit
def test_submitting_shows_what_was_saved_then_locked(match: Match, client_for: Callable[[str], Client]) -> None:
    """What I submitted and whether it is locked."""
    ann = client_for("ann")
    url = reverse("games:match_submit", args=[match.pk])
    r = ann.post(url, {"move_json": PAIRS_JSON, "lock": "0", "turn": "1"}, follow=True)
    html = r.content.decode()
    assert "Saved" in html and "bob" in html
    assert Submission.objects.get(player="ann").locked is False
    r = ann.post(url, {"move_json": PAIRS_JSON, "lock": "1", "turn": "1"}, follow=True)
    assert "Locked in" in r.content.decode()
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ({"move_json": "{not json"}, "move_json: is not valid JSON"),
        ({"move_json": "[1, 2]"}, "JSON object"),
        ({"move_json": '{"pairs": [["bob", "zed"], ["dan", "eve"]]}'}, "Not saved"),
    ],
)
def test_bad_form_posts_get_a_clear_message_and_change_nothing(
    match: Match, client_for: Callable[[str], Client], data: dict[str, str], text: str
) -> None:
    """Clear error messages on bad moves, never a 500."""
    r = client_for("ann").post(reverse("games:match_submit", args=[match.pk]), data, follow=True)
    assert r.status_code == 200 and text in r.content.decode()
    assert not Submission.objects.exists()


def test_outsider_cannot_submit(match: Match, client_for: Callable[[str], Client]) -> None:
    r = client_for("zed").post(reverse("games:match_submit", args=[match.pk]), {"move_json": PAIRS_JSON}, follow=True)
    assert "not a player in this match" in r.content.decode()
    assert not Submission.objects.exists()


def test_anonymous_submit_goes_to_login(match: Match) -> None:
    r = Client().post(reverse("games:match_submit", args=[match.pk]), {"move_json": PAIRS_JSON})
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_oversize_body_is_refused(match: Match, client_for: Callable[[str], Client]) -> None:
    """An oversize body gets a clear 4xx and changes nothing."""
    r = client_for("ann").post(reverse("games:match_submit", args=[match.pk]), {"move_json": "x" * 200_000})
    assert 400 <= r.status_code < 500
    assert not Submission.objects.exists()


def test_dashboard_lists_my_matches_and_flags_my_move(match: Match, client_for: Callable[[str], Client]) -> None:
    """The "my matches" dashboard."""
    html = client_for("ann").get(reverse("games:dashboard")).content.decode()
    assert str(match) in html and "your move" in html


def test_log_endpoint_returns_only_visible_lines(match: Match) -> None:
    r = Client().get(reverse("games:match_log", args=[match.pk]) + "?after=0")
    assert r.status_code == 200 and r.json()["match"] == match.pk


def test_login_logout_signup(db: None) -> None:
    """Log in / log out / sign up."""
    c = Client()
    r = c.post(
        reverse("accounts:signup"),
        {
            "username": "Newbie",
            "password1": "a-long-pass-42",
            "password2": "a-long-pass-42",
            "time_zone": "Europe/Paris",
        },
    )
    assert r.status_code == 302
    c.post(reverse("accounts:logout"))
    r = c.post(reverse("accounts:login"), {"username": "newbie", "password": "a-long-pass-42"})
    assert r.status_code == 302
    assert "newbie" in c.get(reverse("games:dashboard")).content.decode()


def test_deadline_renders_in_the_viewers_time_zone(match: Match, client_for: Callable[[str], Client]) -> None:
    """Countdown to every deadline in the viewer's time zone."""
    c = client_for("ann")
    user = c.get(reverse("games:dashboard")).wsgi_request.user
    user.time_zone = "Asia/Tokyo"
    user.save()
    html = page(c, match)
    assert "JST" in html
