"""One-time links used at once (issue 40, item 11), on real PostgreSQL with one connection a thread.

Six simultaneous uses of the first-run setup link made six site admins; one season invite accepted five
times at once gave four 500s. Each link must let exactly one use through and answer the others in words.
"""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.first_run import first_run_token
from seasons.models import Entrant, Invite, Season
from seasons.services import season_create
from tests.factories import UserFactory
from tests.trust.conftest import postgres_only, run_together

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

PASSWORD = "a-long-setup-pass-42"


@pytest.fixture(autouse=True)
def generous_rate(settings: Any) -> None:
    settings.GARNET_LOGIN_RATE = "1000/m"  # the race is the subject, not the per-address limit


def test_six_simultaneous_uses_of_the_setup_link_make_exactly_one_site_admin() -> None:
    link = reverse("accounts:first_run", args=[first_run_token()])
    for rep in range(3):
        get_user_model().objects.all().delete()

        def use(i: int, rep: int = rep) -> Any:
            return Client().post(
                link,
                {"username": f"root{rep}x{i}", "password1": PASSWORD, "password2": PASSWORD, "time_zone": "UTC"},
            )

        answers = run_together([lambda i=i: use(i) for i in range(6)])
        assert not [a for a in answers if isinstance(a, BaseException)], answers
        statuses = sorted(a.status_code for a in answers)
        assert get_user_model().objects.filter(is_superuser=True).count() == 1, (rep, statuses)
        assert statuses.count(302) == 1, statuses  # the one that made the admin is signed in and sent home
        for a in answers:
            if a.status_code != 302:
                # The others are told in words: the form's "already has a site admin", or the page's "already set up".
                assert a.status_code in (200, 410), a.status_code
                text = a.content.decode()
                assert "already has a site admin" in text or a.status_code == 410, text[:500]


def test_one_invite_accepted_five_times_at_once_makes_one_account_and_clear_answers() -> None:
    host = UserFactory(username="host", is_staff=True)
    for rep in range(3):
        season = season_create(name=f"Race {rep}", slug=f"race-{rep}", players=[], hosts=[host])
        token = secrets.token_urlsafe(24)
        invite = Invite.objects.create(season=season, handle=f"newcomer{rep}", token=token, created_by=host)
        url = reverse("season_invite", args=[token])

        def accept(url: str = url) -> Any:
            return Client().post(url, {"password": PASSWORD, "email": "", "time_zone": "UTC"})

        answers = run_together([accept for _ in range(5)])
        assert not [a for a in answers if isinstance(a, BaseException)], answers
        statuses = sorted(a.status_code for a in answers)
        assert statuses.count(302) == 1 and 500 not in statuses, statuses
        assert get_user_model().objects.filter(username=invite.handle).count() == 1
        assert Entrant.objects.filter(season=season).count() == 1
        assert Invite.objects.get(pk=invite.pk).used_at is not None
        for a in answers:
            if a.status_code != 302:
                text = a.content.decode()
                assert "already been used" in text or "already taken" in text, (a.status_code, text[:300])
        assert Season.objects.filter(pk=season.pk).exists()
