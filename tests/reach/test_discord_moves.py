"""``/garnet move``: the move form as Discord components, for every installed game; a whole ABC round played
by five players through the endpoint and checked against the page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.match.services import match_start, turn_close
from games.models import Match, Submission, Turn
from games.registry import get_engine, slugs
from reach.discord.text import html_text
from tests.factories import users
from tests.games.contract import players_for
from tests.reach.discord_helpers import FakeApp, command, component, components_of, find, is_private, link, modal_submit
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def abc() -> Match:
    season = started_season()
    for entrant in season.entrants.select_related("user"):
        link(entrant.user)
    match = abc_episode(season).mm_match
    assert match is not None
    return match


def _content(reply: dict[str, Any]) -> str:
    return str(reply["data"].get("content", ""))


def _check_shape(reply: dict[str, Any]) -> None:
    """What Discord accepts in a message: five rows at most, a select alone in its row, five buttons a row,
    25 options a select, custom ids of 100 characters at most and unique."""
    rows = reply["data"]["components"]
    assert len(rows) <= 5
    ids = []
    for row in rows:
        kinds = [c["type"] for c in row["components"]]
        assert kinds == [3] or (kinds and set(kinds) == {2} and len(kinds) <= 5), kinds
        for c in row["components"]:
            ids.append(c["custom_id"])
            assert len(c["custom_id"]) <= 100
            if c["type"] == 3:
                assert 1 <= len(c["options"]) <= 25
                assert all(1 <= len(o["value"]) <= 100 and 1 <= len(o["label"]) <= 100 for o in c["options"])
    assert len(ids) == len(set(ids))


def _page_lines(handle: str, match: Match) -> set[str]:
    client = Client()
    client.force_login(get_user_model().objects.get(username=handle))
    return set(html_text(client.get(f"/matches/{match.pk}/").content.decode()).splitlines())


def test_a_whole_abc_round_through_discord_matches_the_page(app: FakeApp, abc: Match) -> None:
    """ "a whole ABC round played by five players through the endpoint, checked against the page"."""
    pk = abc.pk
    # The X pairs the others: "Pair bob with" is a select; Lock in sends it through submission_submit.
    form = app.send(command("ann", "move", match=pk))
    assert is_private(form)
    _check_shape(form)
    assert "Pair bob with: **(not chosen)**" in _content(form)
    picker = find(form, placeholder="Pair bob with")
    assert [o["value"] for o in picker["options"]] == ["cat", "dan", "eve"]
    chosen = app.send(component("ann", picker["custom_id"], ["dan"]))
    assert chosen["type"] == 7 and "Pair bob with: **bob & dan, cat & eve**" in _content(chosen)
    assert next(o for o in find(chosen, placeholder="Pair bob with")["options"] if o["value"] == "dan")["default"]
    locked = app.send(component("ann", find(chosen, label="Lock in")["custom_id"]))
    assert "locked in" in _content(locked) and locked["data"]["components"] == []
    pairing = Turn.objects.get(match=abc, number=1)
    assert pairing.status == "closed"
    assert Submission.objects.get(turn=pairing, player="ann").move["pairs"] == [["bob", "dan"], ["cat", "eve"]]

    # The four paired players answer; eve first tries to save nothing and is told which field.
    eve = app.send(command("eve", "move", match=pk))
    refused = app.send(component("eve", find(eve, label="Save")["custom_id"]))
    assert "Nothing was saved: Your move against cat: This field is required." in _content(refused)
    assert not Submission.objects.filter(turn__match=abc, turn__number=2).exists()
    stale_ann = form  # ann's pairing form: its buttons name the closed turn
    actions = {"bob": "ally", "dan": "betray", "cat": "censure", "eve": "ally"}
    for handle, action in actions.items():
        reply = app.send(command(handle, "move", match=pk))
        _check_shape(reply)
        select = find(reply, placeholder="Your move against")
        reply = app.send(component(handle, select["custom_id"], [action]))
        saved = app.send(component(handle, find(reply, label="Save")["custom_id"]))
        assert "Saved." in _content(saved), _content(saved)
        app.send(component(handle, find(saved, label="Lock in")["custom_id"]))
    actions_turn = Turn.objects.get(match=abc, number=2)
    assert actions_turn.status == "closed"
    assert {s.player: s.move["action"] for s in Submission.objects.filter(turn=actions_turn)} == actions

    # A button of a closed turn is refused before anything is read.
    late = app.send(component("ann", find(stale_ann, label="Save")["custom_id"]))
    assert is_private(late) and ("That turn is over" in _content(late) or "does not await you" in _content(late))

    # Each player's /garnet view is what their page shows them.
    for handle in ("ann", "bob", "cat", "dan", "eve"):
        view = app.send(command(handle, "view", match=pk))["data"]["embeds"][0]["description"]
        body = view.split("\n**Round")[0].replace("**", "").splitlines()
        page = {line.replace("**", "") for line in _page_lines(handle, abc)}
        missing = [line for line in body if line not in page]
        assert not missing, (handle, missing, sorted(page))
        assert f"You ({handle})" in view


def test_a_player_who_is_not_awaited_or_not_seated_gets_no_form(app: FakeApp, abc: Match) -> None:
    assert app.send(command("bob", "move", match=abc.pk))["data"]["content"] == "Round 1 · pairing does not await you."
    assert app.send(command("fay", "move", match=abc.pk))["data"]["content"] == "You are not a player in this match."


def test_the_draft_survives_between_commands(app: FakeApp, abc: Match) -> None:
    """What the player picked stays (in the cache, keyed by user and match) until they save or the turn ends."""
    form = app.send(command("ann", "move", match=abc.pk))
    app.send(component("ann", find(form, placeholder="Pair bob with")["custom_id"], ["eve"]))
    again = app.send(command("ann", "move", match=abc.pk))
    assert "bob & eve, cat & dan" in _content(again)


def _started(slug: str) -> tuple[Match, str]:
    """A running match of ``slug`` with its first awaited player (timed pauses closed)."""
    engine = get_engine(slug)
    players = players_for(engine)
    for u in users(players):
        link(u)
    match = match_start(game=slug, players=players, seed=f"discord-{slug}")
    for _ in range(5):
        turn = Turn.objects.get(match=match, status="open")
        if turn.awaiting:
            return match, turn.awaiting[0]
        turn_close(turn_id=turn.pk, force=True)
    raise AssertionError(f"{slug}: no turn awaits anyone")


@pytest.mark.parametrize("slug", slugs())
def test_every_installed_game_s_form_becomes_components(app: FakeApp, slug: str) -> None:
    """ "generated from the same form declaration the pages use (every game …)": each field is a select, a
    multi-select or a text input, pages keep within Discord's limits, and Save answers in words."""
    match, handle = _started(slug)
    reply = app.send(command(handle, "move", match=match.pk))
    assert is_private(reply), _content(reply)
    _check_shape(reply)
    seen_pages = 0
    while True:
        seen_pages += 1
        for c in components_of(reply):
            if c["type"] == 3:
                value = next((o["value"] for o in c["options"] if o["value"] != "(none)"), c["options"][0]["value"])
                reply = app.send(component(handle, c["custom_id"], [value]))
                _check_shape(reply)
        fill = [c for c in components_of(reply) if c["type"] == 2 and c["label"].startswith("Fill in")]
        if fill:
            modal = app.send(component(handle, fill[0]["custom_id"]))
            assert modal["type"] == 9
            inputs = {row["components"][0]["custom_id"]: "1" for row in modal["data"]["components"]}
            reply = app.send(modal_submit(handle, modal["data"]["custom_id"], inputs))
        more = [c for c in components_of(reply) if c["type"] == 2 and c["label"].startswith("More")]
        if not more or seen_pages > 10:
            break
        reply = app.send(component(handle, more[0]["custom_id"]))
    saved = _content(app.send(component(handle, find(reply, label="Save")["custom_id"])))
    assert "Saved." in saved or "Nothing was saved:" in saved or "Not saved:" in saved, saved


def _fill_modals(app: FakeApp, handle: str, reply: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """Open every page's modal and type ``values`` (by field name) into it; return the last form message."""
    while True:
        for c in components_of(reply):
            if c["type"] == 2 and c["label"].startswith("Fill in"):
                modal = app.send(component(handle, c["custom_id"]))
                names = [row["components"][0]["custom_id"] for row in modal["data"]["components"]]
                typed = {n: values[n] for n in names if n in values}
                reply = app.send(modal_submit(handle, modal["data"]["custom_id"], typed))
        more = [c for c in components_of(reply) if c["type"] == 2 and c["label"].startswith("More")]
        if not more:
            return reply
        reply = app.send(component(handle, more[0]["custom_id"]))


def test_a_dealer_s_game_is_played_and_tallied_through_discord(app: FakeApp) -> None:
    """ "every game, including dealers' own games": a round of a dealer's game with every field type, then the
    dealer (a host of the match) tallies it from Discord with the same generated form."""
    from tests.games.house.pages import PLAYERS, house_match

    match = house_match()
    for handle in [*PLAYERS, "host"]:
        link(get_user_model().objects.get(username=handle))
    for i, handle in enumerate(PLAYERS):
        form = app.send(command(handle, "move", match=match.pk))
        _check_shape(form)
        form = app.send(component(handle, find(form, placeholder="Your pick")["custom_id"], ["red" if i else "blue"]))
        form = _fill_modals(app, handle, form, {"guess": str(40 + i), "note": f"from {handle}", "bid": "0"})
        assert f"Your guess: **{40 + i}**" in _content(form)
        done = app.send(component(handle, find(form, label="Lock in")["custom_id"]))
        assert "locked in" in _content(done), _content(done)
    tally = Turn.objects.get(match=match, status="open")
    assert tally.awaiting == ["~dealer"]
    assert "yours, as the dealer" in _content(app.send(command("host", "matches")))
    assert _content(app.send(command("ann", "move", match=match.pk))).endswith("does not await you.")
    form = app.send(command("host", "move", match=match.pk))
    _check_shape(form)
    typed = {
        "announcement": "Round 1: ann guessed closest.",
        "points__ann": "3",
        "points__bob": "0",
        "points__cat": "0",
    }
    form = _fill_modals(app, "host", form, typed)
    done = app.send(component("host", find(form, label="Lock in")["custom_id"]))
    assert "locked in" in _content(done), _content(done)
    assert Turn.objects.get(pk=tally.pk).status == "closed"
    assert match.messages.filter(to__isnull=True, text__contains="ann guessed closest").exists()


def test_saving_from_discord_shares_the_page_s_rate_limit(app: FakeApp, abc: Match, settings: Any) -> None:
    settings.GARNET_SUBMIT_RATE = "1/d"  # a day: a minute's window could turn between the two calls
    form = app.send(command("ann", "move", match=abc.pk))
    form = app.send(component("ann", find(form, placeholder="Pair bob with")["custom_id"], ["cat"]))
    assert "Saved." in _content(app.send(component("ann", find(form, label="Save")["custom_id"])))
    again = app.send(component("ann", find(form, label="Save")["custom_id"]))
    assert "Too many submissions" in _content(again)
