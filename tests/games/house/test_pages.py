"""A dealer's game played on the match page (issue 25): the players' forms built from the round's declared
fields, a round the dealer resolves by hand from end to end, the review of a mechanic's result, an
opening turn, and the end of a match with the outcome the dealer names. Nobody types JSON or a handle."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from games.engine import DEALER
from games.house.engine.samples import sample_definition
from games.models import Match, Message, Submission
from tests.games.house.pages import PLAYERS, client, every_field_definition, house_match, open_turn

pytestmark = pytest.mark.django_db

ROUND_1 = {
    "ann": {"pick": "red", "guess": "10", "target": "bob", "allies": ["bob"], "note": "hi"},
    "bob": {"pick": "blue", "guess": "20", "target": "cat", "allies": ["ann", "cat"], "note": "careful"},
    "cat": {"pick": "red", "guess": "30", "target": "ann", "allies": ["ann"], "note": "I know"},
}
ORDERS = {"ann": ["bob", "cat"], "bob": ["cat", "ann"], "cat": ["ann", "bob"]}


def _post(who: str, match: Match, data: dict[str, Any], capture: Any, *, lock: bool = True) -> Any:
    """POST the match page's form as ``who`` (the turn's number and Save / Lock in as the page sends them)."""
    body = {**data, "turn": str(open_turn(match).number), "lock": "1" if lock else "0"}
    with capture(execute=True):  # the last lock-in closes the turn right after the commit
        return client(who).post(f"/matches/{match.pk}/submit/", body, HTTP_HX_REQUEST="true")


def _play_round(match: Match, capture: Any) -> None:
    for p in PLAYERS:
        places = {f"rank__{i}": q for i, q in enumerate(ORDERS[p], 1)}
        answer = _post(p, match, {**ROUND_1[p], **places}, capture)
        assert answer.status_code == 200, answer.content.decode()[-1500:]


def test_a_player_gets_one_field_per_declared_field() -> None:
    match = house_match()
    page = client("ann").get(f"/matches/{match.pk}/").content.decode()
    assert page.count('type="radio" name="pick"') == 2  # a choice of two: radio buttons
    assert re.search(r'type="number" name="guess" min="0" max="100"', page)
    target = page[page.index('name="target"') : page.index("</select>", page.index('name="target"'))]
    assert 'value="bob"' in target and 'value="ann"' not in target  # "not myself"
    assert 'type="checkbox" name="allies"' in page and "Tick 1 to 2." in page
    assert 'name="rank__1"' in page and 'name="rank__2"' in page and 'name="rank__3"' not in page
    assert re.search(r'<textarea name="note"[^>]*maxlength="60"', page)
    assert "Costs up to 5 garnets: your bid is spent whoever wins." in page
    assert "If you send nothing: 50." in page and "If you send nothing: you abstain." in page
    assert "Your role: <strong>" in page
    # The page's own "If you submit nothing" line names each field's default.
    assert "Your guess: 50" in html.unescape(page)


def test_the_saved_answer_names_the_move_by_the_dealers_labels(django_capture_on_commit_callbacks: Any) -> None:
    """The confirmation a player reads names each part of their move as the form did ("Your guess: 10"),
    not by the field's internal name ("guess: 10")."""
    match = house_match()
    places = {f"rank__{i}": q for i, q in enumerate(ORDERS["ann"], 1)}
    answer = _post("ann", match, {**ROUND_1["ann"], **places}, django_capture_on_commit_callbacks, lock=False)
    text = html.unescape(answer.content.decode())
    assert answer.status_code == 200 and "Saved: " in text
    assert "Your guess: 10" in text and "guess: 10" not in text.replace("Your guess: 10", "")
    page = html.unescape(client("ann").get(f"/matches/{match.pk}/").content.decode())
    assert "Your guess: 10" in page and "guess: 10" not in page.replace("Your guess: 10", "")


def test_a_refused_form_names_the_field_and_keeps_the_input(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match()
    bad = {**ROUND_1["ann"], "rank__1": "bob", "rank__2": "bob"}
    answer = client("ann").post(f"/matches/{match.pk}/submit/", {**bad, "turn": "1", "lock": "1"})
    text = html.unescape(answer.content.decode())
    assert answer.status_code == 400 and "Ranking: bob placed twice" in text
    assert not Submission.objects.filter(turn__match=match).exists()
    refused = client("ann").post(f"/matches/{match.pk}/submit/", {"pick": "red", "guess": "500", "turn": "1"})
    assert refused.status_code == 400 and "Your guess" in html.unescape(refused.content.decode())


def test_a_round_the_dealer_resolves_from_the_players_forms_to_the_announcement(
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = house_match()
    _play_round(match, django_capture_on_commit_callbacks)
    turn = open_turn(match)
    assert turn.awaiting == [DEALER] and turn.label == "Round 1 · dealer's tally"
    assert Submission.objects.get(turn__match=match, turn__number=1, player="bob").move["rank"] == ["cat", "ann"]
    # The players wait; none sees another's submission.
    ann_page = client("ann").get(f"/matches/{match.pk}/").content.decode()
    assert "Every submission of" not in ann_page and "careful" not in ann_page
    # The dealer opens the page: every submission in one table, and the tally form.
    host = client("host")
    page = host.get(f"/matches/{match.pk}/").content.decode()
    assert "you deal this match" in page and "Your move as the dealer" in page
    table = page[page.index("house-tally-table") : page.index("</table>", page.index("house-tally-table"))]
    for text in ("careful", "I know", "1. cat 2. ann", "ann, cat", "blue"):
        assert text in html.unescape(table), text
    assert "the dealer published no result." in page  # what a missing tally becomes
    tally = {
        "announcement": "Round 1: red <b>wins</b>.\nann scores 2.",
        "points__ann": "2",
        "points__bob": "0",
        "points__cat": "-1",
        "private__bob": "Bob, you were close.",
        "next": "continue",
        "outcome_way": "rule",
    }
    answer = _post("host", match, tally, django_capture_on_commit_callbacks)
    assert answer.status_code == 200, answer.content.decode()[-1500:]
    assert Submission.objects.get(turn=turn).player == DEALER
    assert open_turn(match).label == "Round 2"
    for p in PLAYERS:
        seen = client(p).get(f"/matches/{match.pk}/").content.decode()
        assert "Round 1: red &lt;b&gt;wins&lt;/b&gt;.<br>ann scores 2." in seen  # escaped, line breaks kept
        assert ("Bob, you were close." in seen) == (p == "bob")
        assert re.search(r"<td>ann[^<]*(<span[^>]*>[^<]*</span>)?</td><td>2</td>", seen)
    assert not Message.objects.filter(match=match, to=DEALER).exists()


def test_the_dealer_ends_the_match_with_the_outcome_they_name(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match(every_field_definition(rounds=None))
    _play_round(match, django_capture_on_commit_callbacks)
    page = client("host").get(f"/matches/{match.pk}/").content.decode()
    assert "The result of the match" in page and 'name="candidate__1"' in page
    tally = {
        "announcement": "That is all.",
        "next": "end",
        "outcome_way": "named",
        "winners": ["bob"],
        "candidate__1": "cat",
        "candidate__2": "ann",
        "tokens__bob": "1",
        "tokens__cat": "2",  # not a winner: the form leaves it out
        "garnets__bob": "3",
    }
    answer = _post("host", match, tally, django_capture_on_commit_callbacks)
    assert answer.status_code == 200, answer.content.decode()[-1500:]
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"] == ["bob"] and match.outcome["candidates"][:2] == ["cat", "ann"]
    assert match.outcome["tokens"] == {"bob": 1} and match.outcome["garnets"].get("bob") == 3
    # Once the match is over nothing stays hidden: everyone's secrets are on the public page.
    public = Client().get(f"/matches/{match.pk}/").content.decode()
    roles = match.state["secrets"]
    assert '<th scope="col">Role</th>' in public
    assert all(f"<td>{roles[p]['role']}</td>" in public for p in PLAYERS)


def test_an_outcome_naming_a_candidate_twice_is_refused_by_name(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match(every_field_definition(rounds=None))
    _play_round(match, django_capture_on_commit_callbacks)
    bad = {"next": "end", "outcome_way": "named", "winners": ["bob"], "candidate__1": "cat", "candidate__2": "cat"}
    answer = client("host").post(f"/matches/{match.pk}/submit/", {**bad, "turn": "2", "lock": "1"})
    assert answer.status_code == 400 and "cat named twice" in html.unescape(answer.content.decode())


def test_a_review_starts_from_the_mechanics_proposal(django_capture_on_commit_callbacks: Any) -> None:
    players = ["ann", "bob", "cat", "dan"]
    match = house_match(sample_definition("secret_thief"), players=players)
    with django_capture_on_commit_callbacks(execute=True):
        for p in players:
            vote = "bob" if p != "bob" else "ann"
            client(p).post(f"/matches/{match.pk}/submit/", {"suspect": vote, "turn": "1", "lock": "1"})
    assert open_turn(match).label == "Vote 1 · dealer's review"
    page = html.unescape(client("host").get(f"/matches/{match.pk}/").content.decode())
    assert "The mechanic's result is filled in below" in page
    assert "bob is chosen and loses 1." in page  # the proposal's announcement, ready to edit
    assert "the mechanic's result is published as it stands" in page


OPENING = {
    "round_plan": [
        {
            "label": "Duel",
            "awaits": "named",
            "fields": [{"name": "pick", "label": "Your pick", "type": "choice", "choices": ["rock", "paper"]}],
            "resolve": {"by": "dealer"},
        }
    ]
}


def test_an_opening_turn_names_the_rounds_players_with_checkboxes(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match(every_field_definition(**OPENING))
    assert open_turn(match).label == "Duel 1 · dealer opens"
    page = client("host").get(f"/matches/{match.pk}/").content.decode()
    assert page.count('type="checkbox" name="next_awaits"') == 3
    answer = _post("host", match, {"next_awaits": ["ann", "cat"]}, django_capture_on_commit_callbacks)
    assert answer.status_code == 200
    assert open_turn(match).awaiting == ["ann", "cat"]
    # The next round awaits named players too: the tally names them.
    _post("ann", match, {"pick": "rock"}, django_capture_on_commit_callbacks)
    _post("cat", match, {"pick": "paper"}, django_capture_on_commit_callbacks)
    tally_page = client("host").get(f"/matches/{match.pk}/").content.decode()
    assert "Who plays the next round" in tally_page
    _post("host", match, {"next": "continue", "next_awaits": ["bob", "cat"]}, django_capture_on_commit_callbacks)
    assert open_turn(match).awaiting == ["bob", "cat"]


def test_a_player_put_out_sees_they_are_out_and_gets_no_form(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match()
    _play_round(match, django_capture_on_commit_callbacks)
    _post("host", match, {"out__cat": "on", "next": "continue"}, django_capture_on_commit_callbacks)
    assert open_turn(match).awaiting == ["ann", "bob"]
    page = client("cat").get(f"/matches/{match.pk}/").content.decode()
    assert "You are out of this match." in page and 'name="pick"' not in page
    target = client("ann").get(f"/matches/{match.pk}/").content.decode()
    select = target[target.index('name="target"') : target.index("</select>", target.index('name="target"'))]
    assert 'value="cat"' not in select  # "alive in this match" only


def test_the_dealer_tallies_through_the_api_in_the_formats_notation(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match()
    _play_round(match, django_capture_on_commit_callbacks)
    host = client("host")
    detail = host.get(f"/api/matches/{match.pk}/").json()
    assert detail["me"] == DEALER and detail["turn"]["awaiting"] == [DEALER]
    assert set(detail["view"]["dealer"]["pending"]) == set(PLAYERS)
    move = {"announcement": "By the API.", "private": {"ann": "ann-only"}, "points": {"cat": 4}, "next": "continue"}
    with django_capture_on_commit_callbacks(execute=True):
        sent = host.post(
            f"/api/matches/{match.pk}/submit/", {"move": move, "lock": True}, content_type="application/json"
        )
    assert sent.status_code == 201, sent.content
    for p in PLAYERS:
        lines = [m["text"] for m in client(p).get(f"/api/matches/{match.pk}/messages/").json()]
        assert "By the API." in lines and ("ann-only" in lines) == (p == "ann")
    assert client("ann").get(f"/api/matches/{match.pk}/").json()["view"]["public"]["scores"]["cat"] == 4


def test_the_dealers_form_is_checked_as_it_is_edited(django_capture_on_commit_callbacks: Any) -> None:
    """The page's check box asks the engine about the tally being composed, as it does for a player's move."""
    match = house_match(every_field_definition(rounds=None))
    _play_round(match, django_capture_on_commit_callbacks)
    host = client("host")
    fine = host.post(f"/matches/{match.pk}/check/", {"announcement": "ok", "next": "continue"})
    assert fine.status_code == 200 and "errors" not in fine.content.decode()
    everyone = {"next": "end", "outcome_way": "named", "winners": PLAYERS}
    refused = html.unescape(host.post(f"/matches/{match.pk}/check/", everyone).content.decode())
    assert "outcome.winners: at least one player must not win" in refused
    sent = host.post(f"/matches/{match.pk}/submit/", {**everyone, "turn": "2", "lock": "1"}, HTTP_HX_REQUEST="true")
    assert sent.status_code == 400 and "at least one player must not win" in html.unescape(sent.content.decode())
    assert open_turn(match).number == 2
