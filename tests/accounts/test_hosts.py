"""The host role: one selector decides it, site admins grant it on the Hosts page, hosts see their pages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from accounts.selectors import user_can_host
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _client(user: object) -> Client:
    c = Client()
    c.force_login(user)  # type: ignore[arg-type]
    return c


def test_user_can_host_is_site_admins_and_granted_accounts_only() -> None:
    """Site admins always host; a plain account, an inactive one and a visitor do not."""
    assert user_can_host(UserFactory(username="root", is_superuser=True))
    assert user_can_host(UserFactory(username="dealer", is_staff=True))
    assert not user_can_host(UserFactory(username="ann"))
    assert not user_can_host(UserFactory(username="gone", is_staff=True, is_active=False))
    assert not user_can_host(AnonymousUser())


def test_a_site_admin_grants_and_removes_the_host_role() -> None:
    """'site admins grant the host role to other accounts on a "Hosts" page'."""
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    ann = UserFactory(username="ann")
    c = _client(root)
    page = c.get(reverse("accounts:hosts")).content.decode()
    assert '<option value="ann">' in page
    c.post(reverse("accounts:hosts"), {"username": "ANN "})
    ann.refresh_from_db()
    assert user_can_host(ann)
    c.post(reverse("accounts:host_revoke", args=[ann.pk]))
    ann.refresh_from_db()
    assert not user_can_host(ann)


def test_granting_an_unknown_handle_says_what_is_missing() -> None:
    """A handle nobody has is refused next to the field, naming it."""
    c = _client(UserFactory(username="root", is_superuser=True, is_staff=True))
    r = c.post(reverse("accounts:hosts"), {"username": "nobody"})
    assert r.status_code == 200 and "No account is called" in r.content.decode()


def test_a_site_admins_role_cannot_be_removed() -> None:
    """Site admins always host."""
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    c = _client(root)
    c.post(reverse("accounts:host_revoke", args=[root.pk]), follow=True)
    assert get_user_model().objects.get(pk=root.pk).is_staff


def test_only_site_admins_open_the_hosts_page() -> None:
    """A host is no site admin: the Hosts page is refused."""
    c = _client(UserFactory(username="dealer", is_staff=True))
    assert c.get(reverse("accounts:hosts")).status_code == 403
    assert c.post(reverse("accounts:hosts"), {"username": "dealer"}).status_code == 403


def test_hosts_see_new_season_and_my_seasons() -> None:
    """'hosts see "New season" and "My seasons" in the navigation and on the home page'; players do not."""
    host = _client(UserFactory(username="dealer", is_staff=True))
    home = host.get("/").content.decode()
    assert home.count(reverse("season_new")) >= 2 and home.count(reverse("season_hosting")) >= 2
    assert "Host admin" not in home and reverse("admin:index") not in home
    assert host.get(reverse("season_hosting")).status_code == 200
    assert host.get(reverse("season_new")).status_code == 200
    player = _client(UserFactory(username="ann"))
    assert reverse("season_new") not in player.get("/").content.decode()
    assert player.get(reverse("season_hosting")).status_code == 403
    assert player.get(reverse("season_new")).status_code == 403
