"""Replacing a seat's player in a running match: the seat keeps its handle, the user changes."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from core import errors
from games.match.selectors import dashboard_rows, seat_labels, seat_of, seat_usernames
from games.match.services import SeatReplaceRefused, match_abort, match_player_replace, submission_submit
from games.match.viewing import match_for_viewer
from games.models import HostAction, Match, Message, Submission
from tests.factories import UserFactory, abc_match

pytestmark = pytest.mark.django_db

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def _host() -> Any:
    return UserFactory(username="host")


def test_the_new_player_plays_the_seat_and_the_old_one_watches() -> None:
    match = abc_match()
    zed = UserFactory(username="zed")
    ann = get_user_model().objects.get(username="ann")
    match_player_replace(match_id=match.pk, seat="ann", user=zed, by=_host(), reason="ann is ill")
    match = Match.objects.get(pk=match.pk)
    assert seat_of(match, zed) == "ann" and seat_of(match, ann) is None
    assert seat_usernames(match)["ann"] == "zed"
    assert seat_labels(match)["ann"] == "ann's seat, played by zed"
    assert match_for_viewer(match, zed).me == "ann" and match_for_viewer(match, ann).me is None
    # The engine never hears of zed: the state still names the seat.
    assert "zed" not in str(match.state)
    sub = submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True, by=zed)
    assert sub.player == "ann"


def test_the_old_player_can_no_longer_submit_for_the_seat() -> None:
    match = abc_match()
    ann = get_user_model().objects.get(username="ann")
    match_player_replace(match_id=match.pk, seat="ann", user=UserFactory(username="zed"), by=_host(), reason="r")
    with pytest.raises(errors.NotAPlayer):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, by=ann)


def test_a_saved_unlocked_move_stays_with_the_seat() -> None:
    match = abc_match()
    ann = get_user_model().objects.get(username="ann")
    submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=False, by=ann)
    zed = UserFactory(username="zed")
    match_player_replace(match_id=match.pk, seat="ann", user=zed, by=_host(), reason="r")
    sub = Submission.objects.get(turn__match=match, player="ann")
    assert not sub.locked
    viewer = match_for_viewer(Match.objects.get(pk=match.pk), zed)
    assert viewer.submission is not None and viewer.awaited


def test_the_replacement_is_logged_with_who_when_and_why() -> None:
    match = abc_match()
    host = _host()
    match_player_replace(match_id=match.pk, seat="ann", user=UserFactory(username="zed"), by=host, reason="ann is ill")
    action = HostAction.objects.get(match=match, action="player_replace")
    assert action.user == host and action.reason == "ann is ill"
    assert action.details["seat"] == "ann" and action.details["old"] == "ann" and action.details["new"] == "zed"
    line = Message.objects.filter(match=match, to__isnull=True).order_by("-seq").first()
    assert line is not None and line.text == "zed now plays ann's seat (host: ann is ill)"


def test_the_dashboard_follows_the_seat() -> None:
    match = abc_match()
    zed = UserFactory(username="zed")
    ann = get_user_model().objects.get(username="ann")
    match_player_replace(match_id=match.pk, seat="ann", user=zed, by=_host(), reason="r")
    rows = dashboard_rows(zed)
    assert [r.match.pk for r in rows] == [match.pk] and rows[0].awaits_me
    assert dashboard_rows(ann) == []


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("unknown_seat", 'no seat "zzz"'),
        ("seated", "bob already plays in this match"),
        ("inactive", "not an active user"),
        ("over", "This match is over"),
        ("no_reason", "Give a reason"),
    ],
)
def test_refusals_name_the_rule(case: str, message: str) -> None:
    match = abc_match()
    host = _host()
    zed = UserFactory(username="zed")
    seat, user, reason = "ann", zed, "r"
    if case == "unknown_seat":
        seat = "zzz"
    elif case == "seated":
        user = get_user_model().objects.get(username="bob")
    elif case == "inactive":
        get_user_model().objects.filter(pk=zed.pk).update(is_active=False)
    elif case == "over":
        match_abort(match_id=match.pk, user=host, reason="stop")
    else:
        reason = " "
    with pytest.raises(SeatReplaceRefused, match=message):
        match_player_replace(match_id=match.pk, seat=seat, user=user, by=host, reason=reason)
    assert seat_usernames(Match.objects.get(pk=match.pk))["ann"] == "ann"
