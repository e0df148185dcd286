"""The live submit path: htmx answers with the live fragment, stale forms, closing in the web process, query counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.match.services import TurnRead, submission_submit, turn_close
from games.models import Match, Submission, Turn
from tests.factories import abc_match

pytestmark = pytest.mark.django_db

PAIRS_JSON = '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}'
HTMX = {"HTTP_HX_REQUEST": "true"}


def _submit(client: Client, match: Match, **data: str) -> Any:
    return client.post(reverse("games:match_submit", args=[match.pk]), data, **HTMX)


def test_an_htmx_save_answers_with_its_status_alone_not_a_redirect(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    """Submit with htmx (no redirect, no reload, no new socket); a save that leaves the turn open changes only
    the player's submission, so the answer is that status, retargeted, and the page keeps everything else."""
    r = _submit(client_for("ann"), match, move_json=PAIRS_JSON, lock="0", turn="1")
    html = r.content.decode()
    assert r.status_code == 200 and r["X-Garnet-Fragment"] == "submit"
    assert r["HX-Retarget"] == "#submit-status" and r["HX-Reswap"] == "innerHTML"
    assert "<html" not in html and 'class="live-root"' not in html
    assert 'data-result="saved"' in html and "Saved (not locked)" in html
    assert "hx-swap-oob" not in html  # a saved move can still change: its form stays


def test_an_htmx_lock_in_that_leaves_the_turn_open_takes_the_form_off_the_page(
    client_for: Callable[[str], Client],
) -> None:
    """A locked move is final: the answer says so and removes the turn's form (out of band)."""
    match = abc_match()
    submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]}, lock=True)
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk)  # the X paired: the actions turn opens
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    player = turn.awaiting[0]
    move = '{"action": "betray", "double": false}'
    r = _submit(client_for(player), match, move_json=move, lock="1", turn=str(turn.number))
    html = r.content.decode()
    assert r.status_code == 200 and r["X-Garnet-Fragment"] == "submit", html[:300]
    assert "Locked in" in html
    assert f'<form id="move-form-{turn.number}" hx-swap-oob="delete"></form>' in html


def test_the_submit_status_has_a_box_to_land_in(match: Match, client_for: Callable[[str], Client]) -> None:
    """The retargeted answer needs ``#submit-status`` on the page and in every refreshed fragment."""
    ann = client_for("ann")
    assert 'id="submit-status"' in ann.get(reverse("games:match", args=[match.pk])).content.decode()
    assert 'id="submit-status"' in ann.get(reverse("games:match_live", args=[match.pk]), **HTMX).content.decode()


def test_a_refusal_answers_with_its_status_and_the_fragment_naming_why(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    r = _submit(client_for("ann"), match, move_json='{"pairs": [["bob", "zed"], ["dan", "eve"]]}', turn="1")
    assert r.status_code == 400 and r["X-Garnet-Fragment"] == "live"
    assert 'data-result="invalid_move"' in r.content.decode()
    assert not Submission.objects.exists()


def test_a_pushed_refresh_marks_the_open_turns_form_to_be_kept(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    """The refresh a push triggers must not redraw the form under the player: htmx keeps the node (hx-preserve).

    The id names the turn, so the form a new turn brings replaces the old one."""
    html = client_for("ann").get(reverse("games:match_live", args=[match.pk]), **HTMX).content.decode()
    assert '<form id="move-form-1"' in html
    form_tag = html[html.index('<form id="move-form-1"') :].split(">", 1)[0]
    assert 'hx-preserve="true"' in form_tag and 'hx-sync="#live:queue first"' in form_tag
    page = client_for("ann").get(reverse("games:match", args=[match.pk])).content.decode()
    assert 'id="move-form-1"' in page and 'hx-sync="this:queue last"' in page


def test_a_pushed_refresh_keeps_the_rules_panel_as_the_reader_left_it(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    """A player reading the rules during a live turn is not closed on by the next push: htmx keeps the panel.

    The fragment sends only the panel's shell (htmx puts the page's own panel there), not the rules again."""
    html = client_for("dan").get(reverse("games:match_live", args=[match.pk]), **HTMX).content.decode()
    panel = html[html.index('<details class="panel rules-panel" id="rules"') :].split(">", 1)[0]
    assert 'hx-preserve="true"' in panel
    assert 'id="how-to-play"' not in html
    page = client_for("dan").get(reverse("games:match", args=[match.pk])).content.decode()
    assert 'id="rules"' in page


def test_a_refused_htmx_submit_keeps_the_form_and_names_the_problem_in_its_check_box(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    """One place says what is wrong with a move: the form's check box, fed by the check and by a refusal."""
    r = _submit(client_for("ann"), match, move_json='{"pairs": [["bob", "zed"], ["dan", "eve"]]}', turn="1")
    html = r.content.decode()
    assert r.status_code == 400
    assert '<div id="move-check" hx-swap-oob="innerHTML"><p class="errors">' in html
    assert 'hx-preserve="true"' in html  # the player's input stays in their own form


@pytest.mark.parametrize("htmx", [True, False])
def test_a_stale_form_posted_after_its_turn_closed_says_that_turn_is_over(
    match: Match, client_for: Callable[[str], Client], htmx: bool
) -> None:
    """A form drawn for turn 1, posted once turn 1 has closed: "that turn is over", not a field error."""
    ann = client_for("ann")
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    extra = HTMX if htmx else {}
    r = ann.post(reverse("games:match_submit", args=[match.pk]), {"turn": "1", "lock": "1"}, follow=not htmx, **extra)
    html = r.content.decode()
    assert "That turn is over" in html and "This field is required" not in html
    if htmx:
        assert r.status_code == 409 and 'data-result="stale_turn"' in html
    assert not Submission.objects.filter(player="ann").exists()


@pytest.mark.django_db(transaction=True)
def test_the_last_lock_in_closes_the_turn_in_the_web_process(
    client_for: Callable[[str], Client], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last lock-in closes the turn right after commit, without the broker; the answer shows the next turn."""
    from games import tasks

    settings.GARNET_CELERY_ENABLED = True

    def no_broker(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the lock-in close must not go through the broker")

    monkeypatch.setattr(tasks.turn_close_task, "delay", no_broker)
    monkeypatch.setattr(tasks.turn_close_task, "apply_async", lambda *a, **k: None)  # deadline tasks stay allowed
    match = abc_match()
    r = _submit(client_for("ann"), match, move_json=PAIRS_JSON, lock="1", turn="1")
    assert r.status_code == 200
    first = Turn.objects.get(match=match, number=1)
    assert first.status == Turn.Status.CLOSED and first.closed_at is not None
    second = Turn.objects.get(match=match, number=2)
    assert second.status == Turn.Status.OPEN and '<input type="hidden" name="turn" value="2">' not in r.content.decode()
    assert f'class="turn-label">{second.label}<' in r.content.decode()


def test_a_form_save_reaches_its_write_in_six_queries(match: Match, client_for: Callable[[str], Client]) -> None:
    """The user, the match, the seat the user plays (for the form), the locked open turn with its match and
    (in the same query) the seat checked again under the lock, its submissions, the write.

    (The answer's fragment then reads the log and what other parts of the page add: season
    holds, clarifications, the private sequence.)"""
    ann = client_for("ann")
    _submit(ann, match, move_json=PAIRS_JSON, lock="0", turn="1")
    with CaptureQueriesContext(connection) as queries:
        r = _submit(ann, match, move_json=PAIRS_JSON, lock="0", turn="1")
    assert r.status_code == 200
    work = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    write = next(
        i
        for i, sql in enumerate(work)
        if sql.startswith(('UPDATE "games_submission"', 'INSERT INTO "games_submission"'))
    )
    assert write + 1 <= 6, "\n".join(work[: write + 1])


def test_the_service_alone_reaches_its_write_in_three_queries(match: Match) -> None:
    """Access (the locked turn with its match), its submissions, the write (a season's garnet hold hook follows)."""
    with CaptureQueriesContext(connection) as queries:
        submission_submit(
            match_id=match.pk,
            player="ann",
            move={"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False},
            turn_number=1,
        )
    work = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    assert work[2].startswith('INSERT INTO "games_submission"'), "\n".join(work)


def test_the_dashboard_makes_the_same_queries_for_one_match_or_many(client_for: Callable[[str], Client]) -> None:
    """The dashboard in a constant number of queries."""
    abc_match(seed="one")
    ann = client_for("ann")
    ann.get(reverse("games:dashboard"))
    with CaptureQueriesContext(connection) as one:
        assert ann.get(reverse("games:dashboard")).status_code == 200
    for i in range(6):
        abc_match(seed=f"more-{i}")
    ann = client_for("ann")  # the factory resets the players' passwords, which ends their sessions
    ann.get(reverse("games:dashboard"))
    with CaptureQueriesContext(connection) as many:
        html = ann.get(reverse("games:dashboard")).content.decode()
    assert html.count("your move") == 7
    assert len(many.captured_queries) == len(one.captured_queries)


def test_the_last_lock_in_closes_its_turn_from_what_it_read(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """The close right after the last lock-in takes the turn and submissions that submit read under the lock,
    instead of reading them again (it still checks, under the lock, that nothing changed)."""
    from games.match.services import turns

    match = abc_match()
    reads: list[int] = []
    real = turns._snapshot
    monkeypatch.setattr(turns, "_snapshot", lambda turn_id: reads.append(turn_id) or real(turn_id))
    with django_capture_on_commit_callbacks(execute=True):
        submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]}, lock=True)
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED
    assert reads == []


def test_a_close_whose_read_went_stale_reads_again() -> None:
    """If the turn changed between the submit's commit and the close's lock (a host moved the deadline), the
    close resolves again from a fresh read rather than from the stale one."""
    from datetime import timedelta

    from games.match.services.turns import turn_close

    match = abc_match()
    turn = Turn.objects.select_related("match").get(match=match, number=1)
    sub = submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]})
    Submission.objects.filter(pk=sub.submission.pk).update(locked=True)
    stale = {"ann": Submission.objects.get(pk=sub.submission.pk)}
    Turn.objects.filter(pk=turn.pk).update(deadline=turn.deadline + timedelta(minutes=5))
    assert turn_close(turn_id=turn.pk, read=TurnRead(turn=turn, submissions=stale))
    closed = Turn.objects.get(pk=turn.pk)
    assert closed.status == Turn.Status.CLOSED and closed.moves["ann"]["pairs"] == [["bob", "cat"], ["dan", "eve"]]
