"""Every page type at phone (360×740) and desktop (1280×800) size in real Chromium: no horizontal
overflow, and axe-core finds no serious or critical accessibility violation.

The page types are enumerated from the URL conf and the game registry (every game and variant,
as a player and as a spectator); a page type this test does not cover fails
``test_every_page_type_is_covered``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import ROOT, demo, manage, needs

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": (360, 740), "desktop": (1280, 800)}
PASSWORD = "garnet-pass-1"  # tests.factories.PASSWORD, which ``demo`` gives every account

# URL names that are not pages a person reads, and why.
NOT_PAGES = {
    "accounts:logout": "POST only",
    "accounts:password_reset_done": "a static line after the reset form (same layout as the form)",
    "accounts:password_reset_confirm": "needs a mailed token; same layout as the reset form",
    "accounts:password_reset_complete": "a static line (same layout as the reset form)",
    "api:root": "JSON",
    "api:schema": "YAML",
    "api:token": "JSON",
    "api:my_matches": "JSON",
    "api:match": "JSON",
    "api:messages": "JSON",
    "api:submit": "JSON",
    "games:match_live": "the match page's live fragment (covered inside the match page)",
    "house:preview": "the designer's rules preview, an htmx fragment (covered inside the designer)",
    "house:formula_check": "a formula checked as typed, an htmx fragment (covered inside the designer)",
    "house:schema": "JSON (the published schema of a game's file)",
    "house:export": "a file download (YAML or JSON)",
    "house:try": "POST only",
    "house:widen": "POST only",
    "house:library_copy": "POST only",
    "season_dm_game_use": "POST only",
    "house:trial": "needs a trial of the host's own: checked at 360×740 with axe in test_host_console.py",
    "house:trial_progress": "the trial page's htmx fragment (covered inside it, test_host_console.py)",
    "house:trial_report": "needs a finished trial of the host's own: checked at 360×740 with axe in "
    "test_house_trial_report.py",
    "house:play": "a test match in the dealer's session: checked at 360×740 with axe in test_host_console.py",
    "games:match_log": "JSON",
    "games:match_submit": "POST only",
    "season_archive_json": "JSON",
    "season_archive_md": "Markdown text",
    "season_episode_start": "POST only",
    "season_invites_download": "a file download (text or CSV)",
    "notices_seen": "POST only",
    "api:games": "JSON",
    "games:match_check": "POST only: an htmx fragment inside the match page",
    "reach:thread_posts": "a thread page's live fragment (covered inside the thread page)",
    "story_settings": "POST only",
    "story_bundle": "a zip download (its index page is tested in tests/story)",
    "reach:discord_interactions": "Discord's interactions endpoint: signed POSTs, JSON",
    "accounts:first_run": "needs a site with no admin: checked at 360×740 with axe in test_first_run.py",
    "accounts:hosts": "needs a site admin: checked at 360×740 with axe in test_first_run.py",
    "accounts:host_revoke": "POST only",
    "alerts:push": "POST only: JSON (a browser's push subscription)",
    "alerts:turns": "JSON (the turns awaiting the user's move)",
    "alerts:next": "a redirect to the match awaiting the user (or My matches, covered)",
    "alerts:service_worker": "the service worker's script",
}
# The season API (issue 27): JSON, every route of its three namespaces.
NOT_PAGES_PREFIXES = ("seasons_api:", "reach_api:", "story_api:")
# Ruling for routes whose page depends on the site's set-up or on a step before it: a route is checked
# as the page a person meets there. The browser server runs with a Discord app configured (conftest),
# so Log in with Discord shows allauth's confirmation page and a callback without Discord's answer shows
# the log-in error page; without DISCORD_CLIENT_ID those routes answer the friendly 404 (``not_found``).
# A route that redirects in the state a visitor reaches it (allauth's ``account_login``, the social
# sign-up with no Discord log-in under way) is checked where it lands.
NOT_YET_COVERED: set[str] = set()

# The one-off set-up the pages need beyond the demo: a Density Deck table under the host scoring
# variant, and an open Death Match Opponent pick. Prints the facts the test needs as JSON.
SETUP = """
import json
from django.contrib.auth import get_user_model
from games.models import Match
from games.match.services.matches import match_start
from seasons.models import Episode, Pick
from seasons import selectors
from seasons.services.episodes import duel_open
match_start(game="density", players=["ann", "bob", "cat", "dan"], options={"scoring": "sum-or-common"},
            title="Friendly: Density Deck (sum or common)", seed="layout-density")
# The demo season's episode: other browser tests on this server make seasons of their own, maybe first.
episode = Episode.objects.filter(season__slug="demo").order_by("pk").first()
ec = selectors.entrant_by_handle(episode.season, "eve")
duel_open(episode=episode, ec=ec)
pick = Pick.objects.filter(status="open", episode=episode).order_by("-pk").first()
from story.services import confessional_write
conf = confessional_write(season=episode.season, user=get_user_model().objects.get(username="ann"),
                          text="A sealed confessional: " + "long words " * 40)
matches = [{"pk": m.pk, "game": m.game, "options": m.options, "players": m.players,
            "awaiting": (m.turns.filter(status="open").values_list("awaiting", flat=True).first() or [])}
           for m in Match.objects.all()]
from games.house.models import HouseGame
house_game = HouseGame.objects.get(owner__username="host", title="Find the thief")  # demo_season's, played
# The host console's and the dealer's channel's pages: an invite, a sign-up code, threads, mail links.
from seasons.models import Duel, Invite, Season
from reach.models import Thread
from reach.web.discord_login import invite_token
from reach.services.mail import unsubscribe_token
season = episode.season
Season.objects.filter(pk=season.pk).update(signup_code="layout-join")
invite = Invite.objects.create(season=season, handle="newcomer", token="layout-invite-token")
users = {u.username: u for u in get_user_model().objects.all()}
# The Death Match's own page shows it scheduled, and its players may move the start within a window.
from datetime import timedelta
from django.utils import timezone
duel = Duel.objects.filter(episode__season=season).order_by("-pk").first()
Season.objects.filter(pk=season.pk).update(dm_window_hours=6)
start = timezone.now() + timedelta(hours=1)
Duel.objects.filter(pk=duel.pk).update(
    dmo=selectors.entrant_by_handle(season, "ann"), starts_at=start, latest_start=start + timedelta(hours=6)
)
print(json.dumps({
    "season": season.slug, "pick": pick.pk, "picker": pick.picker.handle, "matches": matches,
    "mm": episode.mm_match_id, "duel": Duel.objects.filter(episode__season=season).order_by("-pk").first().pk,
    "invite": invite.token, "join": "layout-join",
    "confessional": conf.pk, "house_game": house_game.pk,
    "thread": Thread.objects.filter(player__username="ann", match__isnull=False).first().pk,
    "unsubscribe": unsubscribe_token(user=users["max"], kind="all"), "discord_invite": invite_token(users["bob"]),
}))
"""


@pytest.fixture(scope="module")
def site(live_url: str, server_env: dict[str, str]) -> dict[str, Any]:
    """The demo season, matches and story on the live server, plus what SETUP adds."""
    # demo_story: the season page as the demo shows it, with published confessionals
    demo(server_env, "demo_season", "demo_reach", "demo_matches", "demo_story")
    out = manage(server_env, "shell", "-c", SETUP)
    return json.loads(out.strip().splitlines()[-1])


# Each match's players the open turn still awaits (not yet sent), where it stays open for minutes: the demo's
# matches, not another test's 60-second live turns (the sweeper may close those under this test).
AWAITING = """
import json
from datetime import timedelta
from django.utils import timezone
from games.models import Turn
soon = timezone.now() + timedelta(minutes=5)
out = {}
for turn in Turn.objects.filter(status="open", deadline__gt=soon).prefetch_related("submissions"):
    sent = {s.player for s in turn.submissions.all()}
    out[str(turn.match_id)] = [p for p in turn.awaiting if p not in sent]
print(json.dumps(out))
"""


def _variant(match: dict[str, Any]) -> str:
    from games.rules_text import variants

    names = variants(match["game"])
    options = match["options"] or {}
    chosen = options.get("variant") or options.get("scoring") or ""
    return chosen if chosen in names else names[0]


def page_types(site: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Every page type: name → (user or "" for anonymous, path)."""
    slug = site["season"]
    pages: dict[str, tuple[str, str]] = {
        "home": ("", "/"),
        "accounts:login": ("", "/accounts/login/"),
        "accounts:signup": ("", "/accounts/signup/"),
        "accounts:password_reset": ("", "/accounts/password-reset/"),
        "accounts:profile": ("ann", "/accounts/profile/"),
        "api:docs": ("", "/api/docs/"),
        "games:dashboard": ("ann", "/me/"),
        "alerts:settings": ("ann", "/me/alerts/"),
        "games:match_list": ("", "/matches/"),
        "season_home": ("", f"/seasons/{slug}/"),
        "season_me": ("ann", f"/seasons/{slug}/me/"),
        "season_pick": (site["picker"], f"/seasons/{slug}/picks/{site['pick']}/"),
        "season_host": ("host", f"/seasons/{slug}/host/"),
        "story_plots": ("", f"/seasons/{slug}/plots/"),
        "story_timeline": ("", f"/seasons/{slug}/timeline/"),
        "story_confessionals": ("ann", f"/seasons/{slug}/confessionals/"),
        "story_confessionals host": ("host", f"/seasons/{slug}/confessionals/"),
        "story_confessional": ("ann", f"/seasons/{slug}/confessionals/{site['confessional']}/"),
        "not_found": ("", "/no-such-page/"),
        # The host console (issue 16).
        "season_new": ("host", "/seasons/new/"),
        "season_hosting": ("host", "/seasons/hosting/"),
        "season_list": ("", "/seasons/"),
        "season_invite": ("", f"/invite/{site['invite']}/"),
        "season_join": ("max", f"/seasons/{slug}/join/{site['join']}/"),
        "season_duel": ("eve", f"/seasons/{slug}/duels/{site['duel']}/"),
        "season_duel_time": ("eve", f"/seasons/{slug}/duels/{site['duel']}/time/"),
        # Issue 40: a Death Match that needs no settling (this one) lands on the console, with the message.
        "season_duel_settle": ("host", f"/seasons/{slug}/duels/{site['duel']}/settle/"),
        # Issue 38: the console's settings and the glossary the pages link.
        "season_settings": ("host", f"/seasons/{slug}/host/settings/"),
        "glossary": ("", "/glossary/"),
        # The dealer's channel and mail (issue 13).
        "reach:inbox": ("host", "/reach/inbox/"),
        "reach:host_thread": ("host", f"/reach/threads/{site['thread']}/"),
        "reach:match_thread": ("ann", f"/reach/matches/{site['mm']}/dealer/"),
        "reach:season_thread": ("bob", f"/reach/seasons/{slug}/dealer/"),
        "reach:clarify_match": ("host", f"/reach/matches/{site['mm']}/clarify/"),
        "reach:clarify_season": ("host", f"/reach/seasons/{slug}/clarify/"),
        "reach:season_channel": ("host", f"/reach/seasons/{slug}/discord/"),
        "reach:mail_prefs": ("ann", "/reach/mail/"),
        "reach:unsubscribe": ("", f"/reach/mail/unsubscribe/{site['unsubscribe']}/"),
        "reach:discord_invite": ("", f"/reach/discord/invite/{site['discord_invite']}/"),
        # Log in with Discord (django-allauth); see the ruling above NOT_YET_COVERED.
        "account_login": ("", "/auth/login/"),
        "discord_login": ("", "/auth/discord/login/"),
        "discord_callback": ("", "/auth/discord/login/callback/"),
        "socialaccount_login_cancelled": ("", "/auth/social/login/cancelled/"),
        "socialaccount_login_error": ("", "/auth/social/login/error/"),
        "socialaccount_signup": ("", "/auth/social/signup/"),
        "socialaccount_connections": ("ann", "/auth/social/"),
        # The dealers' own games (issue 25): the host's games, the designer, import, a version's public rules.
        "house:games": ("host", "/games/house/"),
        "house:new": ("host", "/games/house/new/"),
        "house:import": ("host", "/games/house/import/"),
        "house:game": ("host", f"/games/house/{site['house_game']}/"),
        "house:edit": ("host", f"/games/house/{site['house_game']}/edit/"),
        "house:rules": ("", f"/games/house/{site['house_game']}/v1/rules/"),
        # The library of ready games (issue 44): the list as a dealer sees it (copy buttons), a game's rules.
        "house:library": ("host", "/games/house/library/"),
        "house:library_rules": ("", "/games/house/library/two_thirds/"),
    }
    first = site["matches"][0]["pk"]
    pages["season_replay"] = ("host", f"/seasons/{slug}/host/replay/{first}/")
    pages["games:match_verify"] = ("", f"/matches/{first}/verify/")
    for game in {m["game"] for m in site["matches"]}:
        pages[f"games:rules {game}"] = ("", f"/games/{game}/rules/")
    for m in site["matches"]:
        key = f"{m['game']}/{_variant(m)}"
        pages.setdefault(f"games:match {key} player", (m["players"][0], f"/matches/{m['pk']}/"))
        pages.setdefault(f"games:match {key} spectator", ("", f"/matches/{m['pk']}/"))
    return pages


def test_every_page_type_is_covered(site: dict[str, Any]) -> None:
    """Each named URL is a covered page or declared not a page; each game and variant has its pages."""
    from django.urls import URLResolver, get_resolver

    from games.registry import get_engine, slugs
    from games.rules_text import variants

    def names(resolver: Any, ns: str = "") -> Iterator[str]:
        for p in resolver.url_patterns:
            if isinstance(p, URLResolver):
                inner = f"{ns}:{p.namespace}".strip(":") if p.namespace else ns
                yield from names(p, inner)
            elif p.name:
                yield f"{ns}:{p.name}" if ns else p.name

    covered = {k.split(" ")[0] for k in page_types(site)}
    missing = sorted(
        n
        for n in set(names(get_resolver()))
        if not n.startswith(("admin:", *NOT_PAGES_PREFIXES))
        and n not in covered
        and n not in NOT_PAGES
        and n not in NOT_YET_COVERED
    )
    assert not missing, f"page types without a layout check: {missing}"
    # The suite's toy game (tests/toygame) proves the framework, not a page players meet.
    games = [g for g in slugs() if not type(get_engine(g)).__module__.startswith("tests.")]
    wanted = {f"games:match {g}/{v} {who}" for g in games for v in variants(g) for who in ("player", "spectator")}
    assert not wanted - set(page_types(site)), (
        f"games or variants without a match page: {sorted(wanted - set(page_types(site)))}"
    )


def _log_in(context: Any, base: str, user: str) -> None:
    page = context.new_page()
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    page.close()


def _check(page: Any) -> list[str]:
    """What is wrong with the loaded page: sideways scrolling, serious or critical axe-core violations."""
    problems: list[str] = []
    width = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if width > 0:
        culprits = page.evaluate("""() => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ').join('.') : ''))""")
        problems.append(f"scrolls sideways by {width}px ({', '.join(culprits)})")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    for v in result["violations"]:
        if v["impact"] in ("serious", "critical"):
            targets = "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
            problems.append(f"axe {v['impact']} {v['id']}: {v['help']} ({targets})")
    return problems


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_fits_and_passes_axe(browser: Any, live_url: str, site: dict[str, Any], size: str) -> None:
    """No horizontal overflow and no serious or critical axe-core violation on any page type."""
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    width, height = SIZES[size]
    contexts: dict[str, Any] = {}
    failures: dict[str, list[str]] = {}
    try:
        for name, (user, path) in sorted(page_types(site).items()):
            if user not in contexts:
                contexts[user] = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
                if user:
                    _log_in(contexts[user], live_url, user)
            page = contexts[user].new_page()
            try:
                page.goto(live_url + path, wait_until="domcontentloaded")
                page.wait_for_load_state("load")
                page.wait_for_timeout(800)  # a match page re-fetches its live part on the socket's hello
            except PlaywrightError as exc:
                failures[f"{name} ({path} as {user or 'anonymous'})"] = [f"did not load: {exc.message[:200]}"]
                page.close()
                continue
            problems = _check(page)
            if problems:
                failures[f"{name} ({path} as {user or 'anonymous'})"] = problems
            page.close()
    finally:
        for context in contexts.values():
            context.close()
    assert not failures, json.dumps(failures, indent=1)


# Where a control sits on the first screen and what (if anything) is drawn over its middle.
FIRST_CONTROL = """() => {
  const form = document.querySelector('#live form.move-form');
  if (!form) return null;
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const controls = Array.from(form.querySelectorAll('input:not([type=hidden]), select, textarea, button'))
    .filter((el) => !el.closest('.buttons') && !el.closest('[hidden]'));
  // A visually hidden radio on a card is reached through its card (the label): measure what a thumb taps.
  const target = (el) => (visible(el) && el.getBoundingClientRect().width > 4) ? el : (el.closest('label') || el);
  const covered = (el) => {
    const t = target(el), r = t.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 20), y = r.top + r.height / 2;
    if (y < 0 || y > innerHeight) return 'off screen';
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === t || t.contains(hit) || hit.contains(t) || (el.labels && Array.from(el.labels).some((l) => l.contains(hit)))) return '';
    return hit.tagName.toLowerCase() + '.' + String(hit.className || '') + ' in ' + (hit.closest('[class]') || hit).className;
  };
  const first = controls.find((el) => visible(target(el)));
  if (!first) return {error: 'no visible control'};
  const r = target(first).getBoundingClientRect();
  const firstCover = covered(first);
  const hiddenUnder = [];
  for (const el of controls.filter((c) => visible(target(c)))) {
    el.focus({preventScroll: true});
    target(el).scrollIntoView({block: 'end'});
    const c = covered(el);
    if (c) hiddenUnder.push((el.name || el.id || el.tagName) + ': ' + c);
  }
  window.scrollTo(0, 0);
  return {name: first.name || first.id, top: r.top, bottom: r.bottom, covered: firstCover, hiddenUnder: hiddenUnder.slice(0, 3)};
}"""


def test_the_move_comes_first_on_a_phone(
    browser: Any, live_url: str, server_env: dict[str, str], site: dict[str, Any]
) -> None:
    """Issue 26: on every game's match page at 360×740, an awaited player's first move control is within the
    first screen, no sticky bar covers it (nor any control of the form when it is scrolled to), and the page
    does not scroll sideways. Each page is kept as screenshots (``screenshots/``): the first screen and the
    whole page."""
    width, height = SIZES["phone"]
    failures: dict[str, Any] = {}
    seen: set[str] = set()
    out = Path(ROOT / "screenshots")
    out.mkdir(exist_ok=True)
    # Who is awaited now, not when the module began: other tests on this server play and close turns.
    awaiting = json.loads(manage(server_env, "shell", "-c", AWAITING).strip().splitlines()[-1])
    for m in site["matches"]:
        key = f"{m['game']}/{_variant(m)}"
        if key in seen or not awaiting.get(str(m["pk"])):
            continue
        seen.add(key)
        context = browser.new_context(viewport={"width": width, "height": height})
        _log_in(context, live_url, awaiting[str(m["pk"])][0])
        page = context.new_page()
        page.goto(f"{live_url}/matches/{m['pk']}/", wait_until="load")
        page.wait_for_timeout(800)
        found = page.evaluate(FIRST_CONTROL)
        sideways = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        page.screenshot(path=str(out / ("move-first-" + key.replace("/", "-") + ".png")))
        page.screenshot(path=str(out / (key.replace("/", "-") + ".png")), full_page=True)
        context.close()
        if found is None or "error" in found:
            failures[key] = found or "no move form for an awaited player"
        elif found["bottom"] > height or found["covered"] or found["hiddenUnder"] or sideways > 0:
            failures[key] = {**found, "scrolls sideways by (px)": sideways}
    assert seen, "no match awaits anyone"
    assert not failures, json.dumps(failures, indent=1)
