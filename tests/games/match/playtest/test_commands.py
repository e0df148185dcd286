"""``manage.py playtest`` and ``manage.py bot``."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from games.models import Submission, Turn

LAST_LINE = re.compile(r"^playtest: (\d+) matches in [\d.]+ s \([\d.]+ matches/s\), report (\S+)$")


def playtest(*args: str) -> str:
    out = StringIO()
    call_command("playtest", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_playtest_writes_both_reports_and_ends_with_the_summary_line(tmp_path: Path) -> None:
    text = playtest(
        "abc",
        "--matches",
        "12",
        "--bots",
        "random,always-betray",
        "--seed",
        "c1",
        "--out",
        str(tmp_path),
        "--processes",
        "2",
    )
    last = text.strip().splitlines()[-1]
    match = LAST_LINE.match(last)
    assert match and match.group(1) == "12" and match.group(2) == str(tmp_path / "report.html")
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["matches"] == 12 and {r["strategy"] for r in report["by_strategy"]} == {"random", "always-betray"}
    assert (tmp_path / "report.html").read_text().startswith("<!doctype html>")


@pytest.mark.django_db
def test_playtest_over_celery_matches_the_process_pool(tmp_path: Path) -> None:
    """Celery runs eagerly in the suite; the chunks give the very same report."""
    playtest(
        "warriors",
        "--matches",
        "6",
        "--bots",
        "strongest-first,save-the-best",
        "--seed",
        "k",
        "--out",
        str(tmp_path / "pool"),
        "--processes",
        "1",
    )
    playtest(
        "warriors",
        "--matches",
        "6",
        "--bots",
        "strongest-first,save-the-best",
        "--seed",
        "k",
        "--out",
        str(tmp_path / "celery"),
        "--celery",
    )
    pool, celery = (json.loads((tmp_path / d / "report.json").read_text()) for d in ("pool", "celery"))
    pool.pop("elapsed"), celery.pop("elapsed")
    assert pool == celery


@pytest.mark.django_db
def test_replay_prints_one_match_log(tmp_path: Path) -> None:
    text = playtest("abc", "--bots", "maximiser,random", "--seed", "s", "--replay", "4")
    assert text.startswith("match 4, seed s:4") and "The match is over" in text and "winners" in text.splitlines()[-1]


@pytest.mark.django_db
def test_without_players_the_playtest_seats_the_fewest_the_options_allow(tmp_path: Path) -> None:
    """Exodus' cubes rules are for 9 (its house minimum of 4 needs the house option); gems for 8."""
    playtest("exodus", "--matches", "1", "--processes", "1", "--out", str(tmp_path / "c"))
    playtest("exodus", "--variant", "gems", "--matches", "1", "--processes", "1", "--out", str(tmp_path / "g"))
    cubes = json.loads((tmp_path / "c" / "report.json").read_text())
    gems = json.loads((tmp_path / "g" / "report.json").read_text())
    assert (cubes["plan"]["players"], gems["plan"]["players"]) == (9, 8)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["nope"], "no game"),
        (["abc", "--bots", "random,psychic"], "no strategy 'psychic'"),
        (["abc", "--players", "3"], "takes 5–5 players"),
        (["abc", "--options", "broken"], "--options"),
        (["abc", "--matches", "0"], "at least 1"),
        (["abc", "--absent", "1.5"], "from 0 to 1"),
        (["exodus", "--players", "4"], "takes 9 players, not 4"),
    ],
)
def test_playtest_refuses_what_it_cannot_run(args: list[str], says: str) -> None:
    with pytest.raises(CommandError, match=re.escape(says)):
        playtest(*args)


@pytest.mark.django_db(transaction=True)
def test_bot_plays_the_x_pairing_through_the_api(live_server: Any) -> None:
    from tests.factories import abc_match

    match = abc_match()
    out = StringIO()
    call_command(
        "bot",
        str(match.pk),
        "ann",
        "--strategy",
        "maximiser",
        "--url",
        live_server.url,
        "--steps",
        "1",
        "--poll",
        "0",
        stdout=out,
    )
    turn = Turn.objects.get(match=match, number=1)
    sub = Submission.objects.get(turn=turn, player="ann")
    assert sub.locked and len(sub.move["pairs"]) == 2
    assert "submitted" in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_bot_leaves_a_turn_it_has_no_move_for_to_the_default(live_server: Any) -> None:
    from tests.factories import abc_match

    match = abc_match()
    out = StringIO()
    call_command(
        "bot",
        str(match.pk),
        "ann",
        "--strategy",
        "always-ally",
        "--url",
        live_server.url,
        "--steps",
        "1",
        "--poll",
        "0",
        stdout=out,
    )
    assert "default applies at the deadline" in out.getvalue()
    assert not Submission.objects.filter(turn__match=match).exists()


@pytest.mark.django_db
def test_bot_refuses_a_stranger_and_random() -> None:
    from tests.factories import abc_match

    match = abc_match()
    with pytest.raises(CommandError, match="does not play"):
        call_command("bot", str(match.pk), "zed", "--strategy", "maximiser")
    with pytest.raises(CommandError, match="hidden state"):
        call_command("bot", str(match.pk), "ann", "--strategy", "random")


@pytest.mark.django_db
def test_bot_refuses_a_planner_saying_only_the_lab_plays_it() -> None:
    """A dealer's game's greedy bot reads the state to look ahead: the REST stand-in cannot play it."""
    from games.house.engine.samples import sample_definition
    from games.match.services.matches import match_start
    from tests.factories import users

    users(["ann", "bob"])
    match = match_start(
        game="house", players=["ann", "bob"], options={"definition": sample_definition("two_thirds")}, seed="s"
    )
    with pytest.raises(CommandError, match="only the playtest lab plays it"):
        call_command("bot", str(match.pk), "ann", "--strategy", "greedy")
