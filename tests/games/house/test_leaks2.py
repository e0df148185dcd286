"""Every hidden kind of a ``garnet-house/2`` game (issue 37: "the leak tests over pages, API, sockets, Discord and
archive cover every new kind of hidden fact"), for every viewer, over every surface.

One season match of a probe definition holds one of each hidden kind: a holding seen by its holder only, one seen
by the dealer only (and a public one), a pile of each visibility (holder, others, all, nobody, dealer), the deck's
undealt cards, a centre row's face-down cards (house-110), a role dealt from a deck (the holder pile), and a private trade made in a round in turn order (its
offer waits in the round's moves so far, its line goes to the two traders). Each card's label and each holding's
value is planted as a token no page could print by chance (``CARD-ph-ann``, ``721111``), so a text search says
who read what. Each viewer (signed out, a spectator, each player, the player voted out, the host who deals) may
read exactly the tokens FORMAT.md's visibility rules give them, computed here from the rules, not from the
engine's view; and reads those of the current state on their page: the match page, its ``?turn=N`` history,
``/live/``, ``/log/``, the API's match and messages, every websocket push to their groups, the Discord
``/garnet view`` answer, and the season's archive (JSON, Markdown and the static bundle).
"""

from __future__ import annotations

import html
import io
import json
import re
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from games.engine import DEALER
from games.house.engine import rows
from games.house.engine.definition import definition_clean, definition_load_text
from games.match import broadcast
from games.match.services import submission_submit, turn_close
from games.models import Match, Turn
from games.web.live import ClosePages
from tests.factories import UserFactory
from tests.games.house.pages import client, open_turn
from tests.reach.discord_helpers import FakeApp, command, link
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db

PROBE = """
schema: garnet-house/2
title: Leak probe
kind: main
rules: One of each hidden kind.
players: {min: 3, max: 8}
rounds: 4
scores: {label: Points, start: 0, visibility: public}
holdings:
  - {name: open, label: Open chips, start: 0, min: 0, max: 1000000, visibility: public}
  - {name: mine, label: Own chips, start: 0, min: 0, max: 1000000, visibility: holder}
  - {name: desk, label: Desk chips, start: 0, min: 0, max: 1000000, visibility: dealer}
roles:
  - {name: x, label: The X, order: seat, every: 1}
decks:
  - name: d
    cards:
      - {label: C, copies: 30}
piles:
  - {name: ph, label: Your role, deck: d, deal: 1, visibility: holder}
  - {name: po, label: Forehead card, deck: d, deal: 1, visibility: others}
  - {name: pa, label: Open card, deck: d, deal: 1, visibility: all}
  - {name: pn, label: Buried card, deck: d, deal: 1, visibility: nobody}
  - {name: pd, label: Desk card, deck: d, deal: 1, visibility: dealer}
rows:
  - {name: cr, label: Centre row, deck: d, deal: 2, face_up: "0"}
round_plan:
  - label: Trade
    order: seat
    fields:
      - {name: offer, label: Your trade, type: trade, holdings: [mine], max: 100, public: false, required: false}
      - {name: gift, label: A card given, type: give, pile: ph, required: false}
    resolve: {by: none}
  - label: Vote
    fields:
      - {name: suspect, label: Your suspect, type: player, required: false}
    resolve: {by: mechanic, mechanic: vote, params: {field: suspect, method: plurality, effect: out}}
  - label: Tally
    fields:
      - {name: note, label: A note, type: text, max_length: 40, required: false}
    resolve: {by: dealer}
outcome: {winners: top, tokens: 1, candidates: bottom}
"""

PLAYERS = ["ann", "bob", "cat", "dan"]
WATCHER, HOST = "fay", "host"
VIEWERS: list[str | None] = [None, WATCHER, *PLAYERS, HOST]
BASES = {"public": 910000, "holder": 720000, "dealer": 830000}  # a holding's planted values, by visibility
TRADE_LINE = "ann and bob traded"
# How a pending trade offer or gift reads on a page (the move in words) and in JSON.
PRIVATE_MARKS = ("offer with bob", "offer with ann", '"offer": {"with"', "gift to bob", '"gift": {"to"')


def _note(player: str) -> str:
    return f"note-of-{player}"


def _viewer_key(who: str | None) -> str:
    return "public" if who in (None, WATCHER) else str(who)


def _plant(state: dict[str, Any]) -> None:
    """Every dealt card labelled by its pile and holder, every undealt one by its place; every holding a value of
    its own per player."""
    for pile, by in state.get("piles", {}).items():
        for p, ids in by.items():
            for i in ids:
                state["cards"][i]["label"] = f"CARD-{pile}-{p}"
    for deck, ids in state.get("deck", {}).items():
        for n, i in enumerate(ids):
            state["cards"][i]["label"] = f"CARD-{deck}-undealt-{n}"
    for row, ids in state.get("rows", {}).items():  # a centre row, by its place in the row (house-110)
        for n, i in enumerate(ids):
            state["cards"][i]["label"] = f"CARD-row-{row}-{n}"
    kinds: dict[str, int] = {}
    for h in state["definition"].get("holdings", []):
        nth = kinds[h["visibility"]] = kinds.get(h["visibility"], -1) + 1
        if h.get("max") is not None and h["max"] < 1000000:
            continue  # a value past its max would not stay planted
        for k, p in enumerate(state["players"], start=1):
            state["holdings"][p][h["name"]] = BASES[h["visibility"]] + 20000 * nth + 1111 * k


def _who_sees(state: dict[str, Any]) -> dict[str, set[str]]:
    """Each token of ``state`` and who may read it (viewer keys), by FORMAT.md's rules: a holding public |
    holder | dealer; a pile holder | others (every other player) | all | nobody | dealer; the deck unseen."""
    everyone = {"public", *state["players"], HOST}
    out: dict[str, set[str]] = {}
    for p in state["players"]:
        for h in state["definition"]["holdings"]:
            vis = h["visibility"]
            who = everyone if vis == "public" else {p, HOST} if vis == "holder" else {HOST}
            out.setdefault(str(state["holdings"][p][h["name"]]), set()).update(who)
    for pile in state["definition"].get("piles", []):
        vis = pile["visibility"]
        for p, ids in state["piles"][pile["name"]].items():
            who = {
                "all": everyone,
                "holder": {p, HOST},
                "others": ({*state["players"]} - {p}) | {HOST},
                "nobody": set(),
                "dealer": {HOST},
                "top": everyone,  # each card was public on its top when played there (house-90)
            }[vis]
            for i in ids:
                out.setdefault(state["cards"][i]["label"], set()).update(who)
    for ids in state.get("deck", {}).values():
        for i in ids:
            out.setdefault(state["cards"][i]["label"], set())
    tops = {p["name"] for p in state["definition"].get("piles", []) if p["visibility"] == "top"}
    played = {f["name"] for r in state["definition"]["round_plan"] for f in r["fields"] if f.get("to") in tops}
    for entry in state.get("history", []):  # played onto a top pile, then dealt again with a new hand (house-114)
        for move in entry.get("moves", {}).values():
            for i in (move.get(name) for name in played):
                if isinstance(i, int) and 0 <= i < len(state["cards"]):
                    out.setdefault(state["cards"][i]["label"], set()).update(everyone)
    for row in state["definition"].get("rows", []):  # face up: everyone's; face down: the dealer's (house-110)
        up = rows.face_up(state, row)
        for n, i in enumerate(state["rows"][row["name"]]):
            out.setdefault(state["cards"][i]["label"], set()).update(everyone if n < up else {HOST})
    for ids in state.get("discard", {}).values():  # played or replaced: public
        for i in ids:
            out.setdefault(state["cards"][i]["label"], set()).update(everyone)
    for p in state["players"]:  # a note sent in a round the dealer tallies: its writer's and the dealer's
        out.setdefault(_note(p), set()).update({p, HOST})
    return out


def _all_tokens(match: Match) -> dict[str, set[str]]:
    """Who may read each token of every state the match went through (a history page shows an earlier one)."""
    match.refresh_from_db()
    found: dict[str, set[str]] = {}
    for state in [*Turn.objects.filter(match=match).values_list("state_before", flat=True), match.state]:
        for token, who in _who_sees(state).items():
            found.setdefault(token, set()).update(who)
    return found


def _has(text: str, token: str) -> bool:
    if token.isdigit():
        comma = f"{int(token):,}"
        return bool(re.search(rf"(?<![\w.,]){re.escape(token)}(?![\w]|[.,]\d)", text)) or comma in text
    return re.search(rf"{re.escape(token)}(?![\w-])", text) is not None


def _problems(
    where: str, key: str, text: str, tokens: dict[str, set[str]], trade_parties: set[str] | None
) -> list[str]:
    """What ``key`` read in ``text`` that the rules keep from them; with ``trade_parties``, the probe's private
    offer, gift and trade line too."""
    text = html.unescape(text)
    found = [f"{where}: {key} read {t!r}" for t, who in sorted(tokens.items()) if key not in who and _has(text, t)]
    if trade_parties is not None and key not in trade_parties:
        found += [
            f"{where}: {key} read a private offer or gift ({m!r})" for m in (TRADE_LINE, *PRIVATE_MARKS) if m in text
        ]
    return found


def _must_see(state: dict[str, Any], key: str) -> set[str]:
    """The current state's tokens a viewer's page must show: everything the rules give them, but what only the
    dealer sees (the host's page shows every player's view)."""
    return {
        t
        for t, who in _who_sees(state).items()
        if key in who and (key != HOST or who - {HOST}) and not t.startswith("note-of-")  # notes: when sent
    }


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, dict[str, Any]]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: found.extend(unbatch_pushes(events)) or 0)
    yield found


@pytest.fixture
def app(settings: Any) -> FakeApp:
    """Discord's side of the interactions endpoint (as tests/reach/conftest.py's), its REST API nowhere."""
    fake = FakeApp()
    settings.DISCORD_PUBLIC_KEY = fake.public_key
    settings.DISCORD_API_URL = "http://127.0.0.1:9/api/v10"
    return fake


@pytest.fixture
def probe() -> Match:
    """A running season of ann … dan, the host dealing, whose Main Match is the probe, every card and holding
    planted; everyone linked to Discord."""
    from games.house.services import house_game_create
    from seasons.services.episodes import episode_start
    from tests.seasons.factories import started_season, user

    season = started_season(PLAYERS, slug="leaks2")
    UserFactory(username=WATCHER)
    for handle in [*PLAYERS, WATCHER, HOST]:
        link(user(handle))
    game = house_game_create(owner=user(HOST), definition=definition_clean(definition_load_text(PROBE)))
    episode = episode_start(season_id=season.pk, game=f"house:{game.pk}", players=PLAYERS, seed="leaks2")
    match = episode.mm_match
    assert match is not None
    _plant(match.state)
    match.save(update_fields=["state"])
    turn = open_turn(match)
    _plant(turn.state_before)
    turn.save(update_fields=["state_before"])
    return match


def _move(match: Match, player: str, move: dict[str, Any]) -> None:
    submission_submit(match_id=match.pk, player=player, move=move)


def _close(match: Match, capture: Any) -> None:
    with capture(execute=True):
        # The pages a close pushes to each seat, the spectators and the dealer are drawn as the web's close draws them.
        assert turn_close(turn_id=open_turn(match).pk, force=True, draw=ClosePages())


def _pages(match: Match, who: str | None) -> str:
    c = Client() if who is None else client(who)
    pk = match.pk
    urls = [f"/matches/{pk}/", f"/matches/{pk}/live/", f"/matches/{pk}/log/"]
    urls += [f"/api/matches/{pk}/", f"/api/matches/{pk}/messages/"]
    urls += [f"/matches/{pk}/?turn={n}" for n in range(1, open_turn(match).number + 1)]
    answers = [c.get(u) for u in urls]
    assert all(a.status_code == 200 for a in answers), [(u, a.status_code) for u, a in zip(urls, answers, strict=True)]
    return "\n".join(a.content.decode() for a in answers)


def _discord(app: FakeApp, match: Match, who: str) -> str:
    reply = app.send(command(who, "view", match=match.pk))
    return "\n".join(str(e.get("description", "")) for e in reply["data"].get("embeds", [])) + reply["data"].get(
        "content", ""
    )


def _check_every_surface(match: Match, app: FakeApp, parties: set[str], seen: dict[str, str]) -> list[str]:
    """Every page and the Discord view of every viewer: what they may not read, what they miss; each one's
    pages (unescaped) kept in ``seen``."""
    tokens = _all_tokens(match)
    problems: list[str] = []
    for who in VIEWERS:
        key = _viewer_key(who)
        page = html.unescape(_pages(match, who))
        seen[str(who)] = page
        problems += _problems("pages/API", key, page, tokens, parties)
        missed = sorted(t for t in _must_see(match.state, key) if not _has(page, t))
        problems += [f"pages: {who or 'the public'} missed {t!r}" for t in missed]
        if who is not None:
            said = _discord(app, match, who)
            problems += _problems("Discord", key, said, tokens, parties)
            # The host's Discord view is the public one (no player's view, no desk): nothing more to miss.
            missed = sorted(t for t in _must_see(match.state, "public" if who == HOST else key) if not _has(said, t))
            problems += [f"Discord: {who} missed {t!r}" for t in missed]
    return problems


def _group_key(match: Match, group: str) -> str:
    for seat in match.players:
        if broadcast.group_player(match.pk, seat) == group:
            return seat
    if broadcast.group_player(match.pk, DEALER) == group:
        return HOST
    return "public"


def _play(match: Match, capture: Any, checkpoint: Any) -> None:
    """ann offers bob a private trade and gives him her own card in a round in turn order (checkpoint), bob offers it back, the others pass;
    everyone votes cat out; ann, bob and dan send a note the dealer tallies (checkpoint)."""
    match.refresh_from_db()
    card = match.state["piles"]["ph"]["ann"][0]
    gift = {"to": "bob", "card": card}
    _move(match, "ann", {"offer": {"with": "bob", "give": {"mine": 47}, "get": {"mine": 53}}, "gift": gift})
    _close(match, capture)  # ann's turn of the trade round: her offer waits in the round's moves so far
    checkpoint("offer")
    _move(match, "bob", {"offer": {"with": "ann", "give": {"mine": 53}, "get": {"mine": 47}}})
    _close(match, capture)
    for _ in ("cat", "dan"):
        _close(match, capture)
    match.refresh_from_db()
    assert match.state["holdings"]["ann"]["mine"] == BASES["holder"] + 1111 + 6, "the private trade did not go through"
    assert match.state["piles"]["ph"]["bob"][-1] == card, "the gift did not go through"
    for p in PLAYERS:
        _move(match, p, {"suspect": "cat" if p != "cat" else "ann"})
    _close(match, capture)
    match.refresh_from_db()
    assert match.state["out"] == ["cat"]
    for p in ["ann", "bob", "dan"]:
        _move(match, p, {"note": _note(p)})
    _close(match, capture)
    assert open_turn(match).awaiting == [DEALER]
    checkpoint("tally")


def test_every_hidden_kind_of_a_v2_game_reaches_only_whom_the_rules_name(
    probe: Match, app: FakeApp, sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    """Pages (with history, live part, log), API, Discord view and socket pushes, for every viewer, while the
    match runs: with a private offer pending, then with cat out and the dealer tallying."""
    match = probe
    seen: dict[str, str] = {}
    problems: list[str] = []

    def checkpoint(when: str) -> None:
        problems.extend(_check_every_surface(match, app, {"ann", "bob", HOST}, seen))
        for who in ("ann", "bob"):
            if when == "offer":  # the sender and the partner it names read the offer (house-43)
                assert "offer with bob give mine 47 get mine 53" in seen[who], who
                assert "gift to bob" in seen[who], who
            else:
                assert TRADE_LINE in seen[who], f"{who} was not told of the trade"
        if when == "tally":  # each note sent is read by its writer and the dealer
            for p in ("ann", "bob", "dan"):
                assert _note(p) in seen[p] and _note(p) in seen[HOST], p

    _play(match, django_capture_on_commit_callbacks, checkpoint)
    tokens = _all_tokens(match)
    assert sent, "the closes pushed nothing"
    pushed: dict[str, str] = {}
    for group, payload in sent:
        key = _group_key(match, group)
        text = json.dumps(payload)
        pushed[key] = pushed.get(key, "") + text
        problems += _problems(f"a push to {group}", key, text, tokens, {"ann", "bob", HOST})
    for p in PLAYERS:  # each seat's pushed page carries what only that player reads
        assert "CARD-ph-" + p in pushed.get(p, ""), f"no push showed {p} their own card"
    assert not problems, "\n".join(problems[:40])


def test_the_season_archive_shows_no_hidden_fact_of_a_v2_game(
    probe: Match, sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    """The season's archive (JSON, Markdown and the static bundle; the hosts' while the season runs) carries only public lines: no hidden card, holding or note, no private trade, while the match runs
    and once it is over (when the rules reveal every holding and pile, but not the private lines)."""
    match = probe
    _play(match, django_capture_on_commit_callbacks, lambda when: None)
    slug = "leaks2"

    def archive() -> str:
        host = client(HOST)
        # While the season runs the archive is the hosts' (the public's 404); it holds public facts only.
        parts = [host.get(f"/seasons/{slug}/archive.json"), host.get(f"/seasons/{slug}/archive.md")]
        assert all(r.status_code == 200 for r in parts), [r.status_code for r in parts]
        bundle = host.get(f"/seasons/{slug}/archive.zip")
        assert bundle.status_code == 200
        z = zipfile.ZipFile(io.BytesIO(bundle.content))
        texts = [r.content.decode() for r in parts] + [z.read(n).decode() for n in z.namelist()]
        return html.unescape("\n".join(texts))

    tokens = _all_tokens(match)
    text = archive()
    assert "Leak probe" in text or "has moved" in text, "the archive does not hold the match"
    problems = _problems("the archive", "public", text, tokens, set())
    while (turn := Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()) is not None:
        with django_capture_on_commit_callbacks(execute=True):
            turn_close(turn_id=turn.pk, force=True)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    text = archive()
    private = {t: who for t, who in tokens.items() if t.startswith("note-of-") or "undealt" in t}
    problems += _problems("the archive once over", "public", text, private, set())
    assert not problems, "\n".join(problems[:40])
