"""Provably fair dealing: sha256(seed) published at the start, the seed only once the match is over."""

from __future__ import annotations

import hashlib
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from games.match.services import match_abort, turn_close
from games.match.services.replay import match_verify
from games.models import Match, Turn
from tests.factories import abc_match

pytestmark = pytest.mark.django_db


def _finish(match: Match) -> Match:
    while (turn := Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()) is not None:
        turn_close(turn_id=turn.pk, force=True)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_running_match_publishes_the_commitment_and_never_the_seed(client: Client) -> None:
    """Publish sha256(seed) when a match starts (page, API); reveal the seed only when the match is over."""
    match = abc_match(seed="")  # the service's own random seed
    assert match.seed_sha256 == hashlib.sha256(match.seed.encode()).hexdigest()
    assert len(match.seed) >= 32  # 128 random bits: the commitment cannot be searched
    for url in (
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/live/",
        f"/matches/{match.pk}/verify/",
        f"/api/matches/{match.pk}/",
        f"/matches/{match.pk}/log/",
        f"/api/matches/{match.pk}/messages/",
    ):
        body = client.get(url).content.decode()
        assert match.seed not in body, url
    api = client.get(f"/api/matches/{match.pk}/").json()
    assert api["seed_sha256"] == match.seed_sha256 and api["seed"] is None
    assert match.seed_sha256[:16] in client.get(f"/matches/{match.pk}/").content.decode()
    assert match_verify(match_id=match.pk).seed is None


def test_finished_match_reveals_the_seed_and_verifies(client: Client) -> None:
    """A public verify page and manage.py match_verify recompute the deal and every turn from the revealed seed."""
    match = _finish(abc_match())
    api = client.get(f"/api/matches/{match.pk}/").json()
    assert api["seed"] == match.seed
    page = client.get(f"/matches/{match.pk}/verify/").content.decode()
    assert match.seed in page and "Verified" in page
    out = StringIO()
    call_command("match_verify", str(match.pk), stdout=out)
    assert "seed matches its commitment" in out.getvalue() and "identical" in out.getvalue()


def test_verify_catches_a_seed_changed_after_the_start() -> None:
    """The commitment is fixed at the start: a seed swapped afterwards no longer hashes to it."""
    match = _finish(abc_match())
    Match.objects.filter(pk=match.pk).update(seed="something-else")
    report = match_verify(match_id=match.pk)
    assert not report.seed_matches and not report.ok
    with pytest.raises(CommandError):
        call_command("match_verify", str(match.pk), stdout=StringIO())


def test_verify_catches_a_changed_submission() -> None:
    """The replay from the revealed seed and the stored submissions must reproduce every turn."""
    match = _finish(abc_match())
    turn = Turn.objects.get(match=match, number=2)
    moves = dict(turn.moves)
    first = next(iter(moves))
    moves[first] = {"action": "betray" if moves[first].get("action") != "betray" else "censure", "double": False}
    Turn.objects.filter(pk=turn.pk).update(moves=moves)
    assert not match_verify(match_id=match.pk).ok


def test_running_match_verify_command_refuses() -> None:
    """manage.py match_verify on a running match says the seed is secret and exits non-zero."""
    match = abc_match()
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("match_verify", str(match.pk), stdout=out)
    assert match.seed not in out.getvalue() and "still running" in out.getvalue()


def test_aborted_match_is_over_and_reveals_its_seed() -> None:
    """A host's abort ends the match; its seed is then revealed and the turns so far replay."""
    match = abc_match()
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    match_abort(match_id=match.pk, user=None, reason="testing")
    report = match_verify(match_id=match.pk)
    assert report.seed is not None and report.ok, report.summary


def test_seed_never_leaks_through_json_of_a_running_match(client: Client) -> None:
    """Nothing the public reads carries the seed while the match runs (even deep inside JSON)."""
    match = abc_match()
    data = json.dumps(client.get(f"/api/matches/{match.pk}/").json())
    assert match.seed not in data
