"""The nav's reads: a host's inbox count, drawn twice on every page (the "More" badge and the inbox link), is
read once per request."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.memo import per_request
from games.models import Match
from reach.models import Thread
from seasons.models import Season
from tests.seasons.factories import abc_episode, started_season, user

pytestmark = pytest.mark.django_db


def _reads(sqls: list[str], table: str) -> int:
    return sum(1 for sql in sqls if f'FROM "{table}"' in sql)


def test_a_hosts_page_reads_the_inbox_count_once() -> None:
    """The host's nav shows the inbox count twice; its reads (do they host anything, the unread posts) run once."""
    season = started_season()
    match = abc_episode(season).mm_match
    ann = Client()
    ann.force_login(user("ann"))
    ann.post(reverse("reach:match_thread", args=[match.pk]), {"text": "May X pair herself?"})
    host = Client()
    host.force_login(user("host"))
    with CaptureQueriesContext(connection) as ctx:
        page = host.get(reverse("season_list"))
    assert page.status_code == 200 and b"Inbox" in page.content
    sqls = [q["sql"] for q in ctx.captured_queries]
    assert _reads(sqls, Thread._meta.db_table) == 1, sqls  # the inbox's threads with their unread counts


def test_per_request_computes_once_per_request_and_key() -> None:
    """The same key in one request: one computation; another request or key: its own; no request: every call."""
    calls: list[str] = []

    def compute(name: str) -> Any:
        return lambda: calls.append(name) or len(calls)

    class Request:  # any object a request stands for
        pass

    one, two = Request(), Request()
    assert per_request(one, "a", compute("a")) == per_request(one, "a", compute("a")) == 1
    assert per_request(one, "b", compute("b")) == 2
    assert per_request(two, "a", compute("a")) == 3
    assert per_request(None, "a", compute("a")) == 4 and per_request(None, "a", compute("a")) == 5
    assert calls == ["a", "b", "a", "a", "a"]


@pytest.mark.django_db(transaction=True)  # the cached answer is forgotten after the hosts' change commits
def test_the_nav_asks_who_hosts_once_and_learns_a_new_host_on_the_next_page() -> None:
    """Every signed-in page's nav asks whether its user hosts anything: asked of the database once, then cached;
    a user made a season's host sees the inbox link on the very next page, and loses it when removed."""
    season = started_season()
    ann = Client()
    ann.force_login(user("ann"))
    assert b"Inbox" not in ann.get(reverse("season_list")).content
    with CaptureQueriesContext(connection) as ctx:
        ann.get(reverse("season_list"))
    hosts_tables = (Season.hosts.through._meta.db_table, Match.hosts.through._meta.db_table)
    assert not [q for q in ctx.captured_queries if any(f'FROM "{t}"' in q["sql"] for t in hosts_tables)]
    season.hosts.add(user("ann"))
    assert b"Inbox" in ann.get(reverse("season_list")).content
    season.hosts.remove(user("ann"))
    assert b"Inbox" not in ann.get(reverse("season_list")).content
