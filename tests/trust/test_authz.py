"""The authorization matrix: every URL, API route and websocket route × every kind of visitor.

Routes are walked from the resolver (and the websocket router), so a new route
without an entry in MATRIX / WS_MATRIX fails ``test_every_route_has_an_entry``.
Roles: anonymous, spectator (signed in, not in the match), other player (in the
match, not awaited), the player (awaited now), eliminated player (the EC of a
finished match, acting on it), host (one of the match's hosts, not a player).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from config.routing import websocket_urlpatterns
from games.match.services import turns_close_due
from games.models import Match, Submission
from tests.factories import UserFactory, abc_match
from tests.trust.wsutil import communicator, drain

pytestmark = pytest.mark.django_db(
    transaction=True
)  # its websocket checks reach the database from the consumer's thread

ROLES = ("anonymous", "spectator", "other", "player", "eliminated", "host")
PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
OK, REDIRECT, FORBIDDEN, NOT_ALLOWED, NOT_FOUND = {200}, {302}, {401, 403}, {405}, {404}
SIGNED_IN = {r: OK for r in ROLES if r != "anonymous"}
EVERYONE_OK = {r: OK for r in ROLES}


def everyone(statuses: set[int]) -> dict[str, set[int]]:
    return {r: statuses for r in ROLES}


def only_signed_in(anonymous: set[int] = REDIRECT) -> dict[str, set[int]]:
    return {"anonymous": anonymous, **SIGNED_IN}


# Season pages belong to seasons/; with no season in the database each must answer 404 (never 5xx,
# never a page) to everyone. The seasons app's own tests cover roles on a real season.
SEASON_UNKNOWN = everyone({302, 403, 404})

# route → expected GET statuses per role.
MATRIX: dict[str, dict[str, set[int]]] = {
    "": EVERYONE_OK,
    "accounts/login/": {"anonymous": OK, **{r: REDIRECT for r in ROLES if r != "anonymous"}},
    "accounts/logout/": everyone(NOT_ALLOWED),
    "accounts/signup/": EVERYONE_OK,
    "accounts/profile/": only_signed_in(),
    "accounts/password-reset/": EVERYONE_OK,
    "accounts/password-reset/sent/": EVERYONE_OK,
    "accounts/reset/<uidb64>/<token>/": EVERYONE_OK,  # an invalid link says so on a page
    "accounts/reset/done/": EVERYONE_OK,
    "accounts/setup/<str:token>/": everyone(NOT_FOUND),  # a wrong setup token finds no page (tests/accounts)
    "accounts/hosts/": {"anonymous": REDIRECT, **{r: FORBIDDEN for r in ROLES if r != "anonymous"}},  # site admins
    "accounts/hosts/<int:pk>/remove/": {"anonymous": REDIRECT, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    "api/": EVERYONE_OK,
    "api/docs/": EVERYONE_OK,
    "games/<slug:slug>/rules/": everyone(NOT_FOUND),  # the matrix's slug names no game; real ones are public
    "api/schema/": EVERYONE_OK,
    "api/games/": EVERYONE_OK,
    "api/token/": everyone(NOT_ALLOWED),
    "api/matches/": only_signed_in(FORBIDDEN),
    "api/matches/<int:pk>/": EVERYONE_OK,
    "api/matches/<int:pk>/messages/": EVERYONE_OK,
    "api/matches/<int:pk>/submit/": {"anonymous": FORBIDDEN, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    "me/": only_signed_in(),
    # Turn alerts (issue 38): a player's own settings, push subscription and waiting turns; the service worker.
    "me/alerts/": only_signed_in(),
    "me/alerts/push/": {"anonymous": REDIRECT, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    "me/turns/": only_signed_in(),
    "me/next/": everyone(REDIRECT),  # to the match awaiting the user, else My matches (which asks to log in)
    "sw.js": EVERYONE_OK,
    "matches/": EVERYONE_OK,
    "matches/<int:pk>/": EVERYONE_OK,
    "matches/<int:pk>/live/": EVERYONE_OK,
    "matches/<int:pk>/log/": EVERYONE_OK,
    "matches/<int:pk>/verify/": EVERYONE_OK,
    "matches/<int:pk>/submit/": everyone(NOT_ALLOWED),
    "matches/<int:pk>/check/": everyone(NOT_ALLOWED),
    "notices/seen/": {"anonymous": {302, 403, 405}, **{r: {200, 302, 405} for r in ROLES if r != "anonymous"}},
    "seasons/new/": {"anonymous": REDIRECT, **{r: FORBIDDEN for r in ROLES if r != "anonymous"}},  # staff only
    "seasons/": EVERYONE_OK,
    "seasons/hosting/": {"anonymous": REDIRECT, **{r: FORBIDDEN for r in ROLES if r != "anonymous"}},  # hosts only
    "invite/<str:token>/": everyone(NOT_FOUND),
    "seasons/<slug:slug>/join/<str:code>/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/duels/<int:pk>/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/duels/<int:pk>/time/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/duels/<int:pk>/settle/": SEASON_UNKNOWN,  # a host's (issue 40); the matrix's slug is unknown
    "seasons/<slug:slug>/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/me/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/picks/<int:pk>/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/archive.json": SEASON_UNKNOWN,
    "seasons/<slug:slug>/archive.md": SEASON_UNKNOWN,
    "seasons/<slug:slug>/host/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/host/episode/": everyone({302, 403, 404, 405}),
    "seasons/<slug:slug>/host/replay/<int:match_id>/": SEASON_UNKNOWN,
    # Issue 38: the console's settings, its invite links as a file, a game page's "make it the Death Match".
    "seasons/<slug:slug>/host/settings/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/host/invites.<str:fmt>": SEASON_UNKNOWN,
    "seasons/<slug:slug>/host/dm-game/": everyone({302, 403, 404, 405}),
    "glossary/": EVERYONE_OK,
    # Log in with Discord: no Discord app in the suite, so its routes are 404; allauth's pages stay reachable.
    "auth/discord/login/": everyone(NOT_FOUND),
    "auth/discord/login/callback/": everyone(NOT_FOUND),
    "auth/social/login/cancelled/": EVERYONE_OK,
    "auth/social/login/error/": everyone({401}),  # allauth answers its error page with 401
    "auth/social/signup/": everyone(REDIRECT),
    "auth/social/": only_signed_in(),
    "auth/login/": everyone(REDIRECT),
    # Reach: a thread is its player's and its hosts' only; a host page is its host's only.
    "reach/inbox/": only_signed_in(),
    "reach/threads/<int:pk>/": {"anonymous": REDIRECT, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}},
    "reach/threads/<int:pk>/posts/": {"anonymous": REDIRECT, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}},
    "reach/matches/<int:pk>/dealer/": {
        "anonymous": REDIRECT,
        "spectator": NOT_FOUND,
        "other": OK,
        "player": OK,
        "eliminated": OK,
        "host": NOT_FOUND,
    },
    "reach/seasons/<slug:slug>/dealer/": {"anonymous": REDIRECT, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}},
    "reach/matches/<int:pk>/clarify/": {
        "anonymous": REDIRECT,
        **{r: NOT_FOUND for r in ROLES if r != "anonymous"},
        "host": OK,
    },
    "reach/seasons/<slug:slug>/clarify/": {"anonymous": REDIRECT, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}},
    "reach/seasons/<slug:slug>/discord/": {"anonymous": REDIRECT, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}},
    "reach/mail/": only_signed_in(),
    "reach/mail/unsubscribe/<str:token>/": everyone({400}),
    "reach/discord/invite/<str:token>/": everyone({400}),
    # Story: with no such season every page is a 404 (tests/story covers the roles on a real season).
    "seasons/<slug:slug>/timeline/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/confessionals/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/confessionals/<int:pk>/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/confessionals/settings/": everyone({302, 403, 404, 405}),
    "seasons/<slug:slug>/plots/": SEASON_UNKNOWN,
    "seasons/<slug:slug>/archive.zip": SEASON_UNKNOWN,
    # Dealers' own games: designing is for hosts (none of these roles hosts a season); the schema is public,
    # and a version's rules page is public once a match plays it (none here does).
    "games/house/": {"anonymous": REDIRECT, **{r: FORBIDDEN for r in ROLES if r != "anonymous"}},
    "games/house/new/": {"anonymous": REDIRECT, **{r: FORBIDDEN for r in ROLES if r != "anonymous"}},
    "games/house/import/": {"anonymous": REDIRECT, **{r: FORBIDDEN for r in ROLES if r != "anonymous"}},
    "games/house/preview/": {"anonymous": REDIRECT, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    # The designer's formula check (d-19): a POST of the form; who may post it: test_only_hosts_check_formulas.
    "games/house/formula/": {"anonymous": REDIRECT, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    "games/house/schema.json": EVERYONE_OK,
    # The library of ready games (issue 44): public to read; copying is a designer's POST. No such game here.
    "games/house/library/": EVERYONE_OK,
    "games/house/library/<slug:name>/": everyone(NOT_FOUND),
    "games/house/library/<slug:name>/copy/": everyone({302, 403, 404, 405}),
    "games/house/<int:pk>/": {"anonymous": REDIRECT, **{r: FORBIDDEN | NOT_FOUND for r in ROLES if r != "anonymous"}},
    "games/house/<int:pk>/edit/": {
        "anonymous": REDIRECT,
        **{r: FORBIDDEN | NOT_FOUND for r in ROLES if r != "anonymous"},
    },
    "games/house/<int:pk>/export/": {
        "anonymous": REDIRECT,
        **{r: FORBIDDEN | NOT_FOUND for r in ROLES if r != "anonymous"},
    },
    "games/house/<int:pk>/v<int:number>/rules/": everyone(NOT_FOUND),
    # Issue 38: trying a game with bots (a trial is its dealer's only) and widening its range (POST only).
    "games/house/<int:pk>/try/": {"anonymous": REDIRECT, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    "games/house/<int:pk>/widen/": {"anonymous": REDIRECT, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}},
    "games/house/<int:pk>/play/": {"anonymous": REDIRECT, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}},
    **{
        f"games/house/trials/<int:run_id>/{tail}": {
            "anonymous": REDIRECT,
            **{r: NOT_FOUND for r in ROLES if r != "anonymous"},
        }
        for tail in ("", "progress/", "report/")
    },
}
# The season API (issue 27): with no such season every read is a 404; the caller's own reads need a sign-in;
# writes are POST only (DRF checks the sign-in before the method). tests/seasons/web/api covers the roles on a real season.
SEASON_API_MINE = {"anonymous": FORBIDDEN, **{r: NOT_FOUND for r in ROLES if r != "anonymous"}}
SEASON_API_WRITE = {"anonymous": FORBIDDEN, **{r: NOT_ALLOWED for r in ROLES if r != "anonymous"}}
MATRIX.update(
    {
        "api/seasons/": EVERYONE_OK,
        **{
            f"api/seasons/<slug:slug>/{tail}": everyone(NOT_FOUND)
            for tail in ("", "episodes/", "standings/", "ledger/", "picks/", "schedule/", "timeline/")
        },
        "api/seasons/<slug:slug>/me/": SEASON_API_MINE,
        "api/seasons/<slug:slug>/threads/": SEASON_API_MINE,
        **{
            f"api/seasons/<slug:slug>/{tail}": SEASON_API_WRITE
            for tail in (
                "episodes/start/",
                "episodes/<int:pk>/ec/",
                "ledger/adjust/",
                "ledger/<int:pk>/undo/",
                "picks/<int:pk>/",
                "picks/<int:pk>/dmo/",
                "duels/<int:pk>/ready/",
                "transfers/",
                "matches/<int:pk>/controls/",
                "final-legs/",
                "questions/",
            )
        },
        # Discord's interactions endpoint: POST only, and only with Discord's signature (tests/reach).
        "reach/discord/interactions/": everyone(NOT_ALLOWED),
    }
)
# Every admin route: only staff; everyone here (hosts are not staff) is sent to the admin log-in.
ADMIN_PREFIX = "admin/"
ADMIN_OPEN = {"admin/login/", "admin/logout/"}

# websocket route → (accepted per role, the private handle the socket joins per role)
WS_MATRIX: dict[str, dict[str, tuple[bool, str | None]]] = {
    "ws/matches/<int:pk>/": {
        "anonymous": (True, None),
        "spectator": (True, None),
        "other": (True, "bob"),
        "player": (True, "ann"),
        "eliminated": (True, "ELIMINATED"),
        "host": (True, None),
    },
    "ws/me/": {"anonymous": (False, None), **{r: (True, None) for r in ROLES if r != "anonymous"}},
    # A season's socket: refused for no such season; a real one admits everyone alike (tests/story).
    "ws/seasons/<slug:slug>/": {r: (False, None) for r in ROLES},
}


def routes(resolver: Any = None, prefix: str = "", ns: str = "") -> list[tuple[str, str | None, URLPattern]]:
    """(route, reversible name, pattern) for every URL the project serves."""
    found = []
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            inner_ns = f"{ns}{p.namespace}:" if p.namespace else ns
            found += routes(p, prefix + str(p.pattern), inner_ns)
        else:
            found.append((prefix + str(p.pattern), f"{ns}{p.name}" if p.name else None, p))
    return found


@pytest.fixture
def world(db: Any) -> dict[str, Any]:
    host = UserFactory(username="hostess")
    finished = abc_match(["fay", "gus", "hal", "ivy", "jon"], seed="over")
    now = timezone.now()
    for _ in range(60):
        if not turns_close_due(now=now + timedelta(days=30)):
            break
        now += timedelta(days=2)
    finished.refresh_from_db()
    assert finished.status == Match.Status.FINISHED
    eliminated = finished.outcome["candidates"][0]
    match = abc_match(hosts=[host])
    handles = {
        "anonymous": None,
        "spectator": "sam",
        "other": "bob",
        "player": "ann",
        "eliminated": eliminated,
        "host": "hostess",
    }
    clients = {}
    for role, handle in handles.items():
        c = Client()
        if handle:
            c.force_login(UserFactory(username=handle))
        clients[role] = c
    return {"match": match, "finished": finished, "handles": handles, "clients": clients}


def _url(route: str, name: str | None, pattern: URLPattern, match_id: int) -> str:
    values = {
        "pk": match_id,
        "match_id": match_id,
        "slug": "no-such-season",
        "object_id": "1",
        "content_type_id": 1,
        "app_label": "games",
        "url": "nowhere/",
    }
    if name is None:
        return "/" + route.replace("(?P<url>.*)$", "nowhere/").lstrip("^")
    kwargs = {k: values.get(k, "1") for k in pattern.pattern.regex.groupindex}
    return reverse(name, kwargs=kwargs)


def test_every_route_has_an_entry() -> None:
    """A new URL or websocket route must be added to the matrix with who may reach it."""
    missing = [r for r, _, _ in routes() if not r.startswith(ADMIN_PREFIX) and r not in MATRIX]
    assert not missing, f"routes without an authorization entry: {missing}"
    stale = [r for r in MATRIX if r not in {route for route, _, _ in routes()}]
    assert not stale, f"entries for routes that no longer exist: {stale}"
    ws = {str(p.pattern) for p in websocket_urlpatterns}
    assert ws == set(WS_MATRIX), f"websocket routes without an entry: {ws ^ set(WS_MATRIX)}"


def test_every_route_answers_every_role_as_the_matrix_says(world: dict[str, Any]) -> None:
    wrong = []
    for route, name, pattern in routes():
        for role in ROLES:
            match_id = world["finished"].pk if role == "eliminated" else world["match"].pk
            url = _url(route, name, pattern, match_id)
            response = world["clients"][role].get(url)
            status = response.status_code
            if route.startswith(ADMIN_PREFIX):
                if route in ADMIN_OPEN:
                    ok = status == 200 or status == 302
                else:
                    ok = status == 302 and "/admin/login/" in response.get("Location", "")
            else:
                ok = status in MATRIX[route][role]
            if not ok:
                wrong.append(f"{role} GET {url} → {status}")
    assert not wrong, "\n".join(wrong)


def test_submitting_is_allowed_to_the_awaited_player_only(world: dict[str, Any]) -> None:
    """POST to the API and the page: only the awaited player's move is stored."""
    api_expected = {
        "anonymous": FORBIDDEN,
        "spectator": {403},
        "other": {409},
        "player": {201},
        "eliminated": {409},
        "host": {403},
    }
    for role in ROLES:
        match = world["finished"] if role == "eliminated" else world["match"]
        c = world["clients"][role]
        r = c.post(f"/api/matches/{match.pk}/submit/", {"move": PAIRS}, content_type="application/json")
        assert r.status_code in api_expected[role], (role, r.status_code, r.content)
        r = c.post(f"/matches/{match.pk}/submit/", {"move_json": '{"pairs": [["bob","dan"],["cat","eve"]]}'})
        assert r.status_code == 302, (role, r.status_code)
        if role == "anonymous":
            assert "/accounts/login/" in r["Location"]
    stored = list(Submission.objects.values_list("player", "revision"))
    assert stored == [("ann", 2)]


def test_the_api_tells_each_role_what_it_is(world: dict[str, Any]) -> None:
    expected = {
        "anonymous": ("anonymous", None),
        "spectator": ("spectator", None),
        "other": ("player", "bob"),
        "player": ("player", "ann"),
        "host": ("host", None),
    }
    for role, (name, me) in expected.items():
        body = world["clients"][role].get(f"/api/matches/{world['match'].pk}/").json()
        assert (body["role"], body["me"]) == (name, me), role


def test_every_websocket_route_admits_each_role_as_the_matrix_says(world: dict[str, Any]) -> None:
    from tests.trust.wsutil import session_cookie

    async def probe(path: str, cookie: str) -> tuple[bool, Any]:
        comm = communicator(path, cookie)
        connected, _ = await comm.connect()
        frames = await drain(comm, 0.1) if connected else []
        # A refused socket's consumer still waits on its channel: end it here, inside this loop, rather than
        # leave its channel-layer receive to the loop's shutdown (which waited for ever on Redis in CI).
        await comm.disconnect()
        return connected, frames

    for route, expectations in WS_MATRIX.items():
        for role, (accepted, private) in expectations.items():
            handle = world["handles"][role]
            match_id = world["finished"].pk if role == "eliminated" else world["match"].pk
            cookie = session_cookie(handle)[1] if handle else ""
            connected, frames = async_to_sync(probe)(
                "/" + route.replace("<int:pk>", str(match_id)).replace("<slug:slug>", "no-such-season"), cookie
            )
            assert connected is accepted, (route, role)
            if route.startswith("ws/matches/") and connected:
                hello = frames[0]
                want = handle if private == "ELIMINATED" else private
                assert hello["event"] == "hello" and hello["player"] == want, (role, hello)
