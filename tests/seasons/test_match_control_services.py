"""One service per host match control: each takes its own typed arguments, refuses with its own code and
logs the same sentence in the season as the console shows."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, Submission, Turn
from seasons.models import Episode, SeasonLog
from seasons.services.errors import (
    BadDeadline,
    MatchNotRunning,
    NotAwaited,
    SeasonError,
    SeasonMatchNotFound,
    UnknownControl,
    UnknownSeat,
)
from seasons.services.match_controls import (
    CONTROLS,
    season_match_close_turn,
    season_match_deadline_set,
    season_match_default_move,
    season_match_extend,
    season_match_pause,
    season_match_resume,
    season_match_seat_replace,
)
from seasons.web.match_control_steps import match_control_step
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def episode() -> Episode:
    return abc_episode(started_season())


def _open(episode: Episode) -> Turn:
    return Turn.objects.get(match=episode.mm_match, status=Turn.Status.OPEN)


def _logged(episode: Episode) -> list[tuple[str, str]]:
    """The season's match-control log lines as (control, sentence)."""
    rows = SeasonLog.objects.filter(season=episode.season, action="match_control").order_by("pk")
    return [(r.details["control"], r.details["text"]) for r in rows]


def test_close_turn_closes_the_open_turn_and_logs_it(episode: Episode) -> None:
    turn, host = _open(episode), episode.season.hosts.get()
    sentence = season_match_close_turn(season=episode.season, match_id=episode.mm_match_id, user=host, reason="slow")
    turn.refresh_from_db()
    assert turn.status != Turn.Status.OPEN
    assert sentence == f"closed the turn now in {episode.mm_match.title}"
    assert _logged(episode) == [("close_now", sentence)]


def test_extend_moves_the_deadline_and_refuses_nothing_to_extend_by(episode: Episode) -> None:
    turn, host, season = _open(episode), episode.season.hosts.get(), episode.season
    before = turn.deadline
    sentence = season_match_extend(season=season, match_id=episode.mm_match_id, seconds=5400, user=host)
    turn.refresh_from_db()
    assert (turn.deadline - before).total_seconds() == 5400 and sentence.startswith("extended the turn by 1 h 30 min")
    with pytest.raises(BadDeadline) as refused:
        season_match_extend(season=season, match_id=episode.mm_match_id, seconds=0, user=host)
    assert refused.value.code == "bad_deadline" and refused.value.status == 400
    assert [c for c, _ in _logged(episode)] == ["extend"]


def test_deadline_set_needs_a_future_time(episode: Episode) -> None:
    turn, host, season = _open(episode), episode.season.hosts.get(), episode.season
    when = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    sentence = season_match_deadline_set(season=season, match_id=episode.mm_match_id, deadline=when, user=host)
    turn.refresh_from_db()
    assert abs((turn.deadline - when).total_seconds()) < 1
    assert f"set a new deadline to {when:%Y-%m-%d %H:%M} UTC" in sentence
    for bad in (None, timezone.now() - timedelta(minutes=1)):
        with pytest.raises(BadDeadline):
            season_match_deadline_set(season=season, match_id=episode.mm_match_id, deadline=bad, user=host)


def test_pause_and_resume_with_no_reason(episode: Episode) -> None:
    host, season, pk = episode.season.hosts.get(), episode.season, episode.mm_match_id
    assert season_match_pause(season=season, match_id=pk, user=host).startswith("paused the match")
    assert Match.objects.get(pk=pk).status == Match.Status.PAUSED
    with pytest.raises(MatchNotRunning) as refused:  # a paused match's turn is not closed
        season_match_close_turn(season=season, match_id=pk, user=host)
    assert refused.value.status == 409
    assert season_match_resume(season=season, match_id=pk, user=host).startswith("resumed the match")
    assert Match.objects.get(pk=pk).status == Match.Status.RUNNING
    assert [c for c, _ in _logged(episode)] == ["pause", "resume"]
    assert all(r.reason == "" for r in SeasonLog.objects.filter(action="match_control"))


def test_default_move_locks_in_an_awaited_player_only(episode: Episode) -> None:
    turn, host, season = _open(episode), episode.season.hosts.get(), episode.season
    player = turn.awaiting[0]
    sentence = season_match_default_move(season=season, match_id=episode.mm_match_id, player=player, user=host)
    assert sentence.startswith(f"gave a default move for {player}")
    assert Submission.objects.filter(turn=turn, player=player, locked=True).exists()
    with pytest.raises(NotAwaited) as refused:
        season_match_default_move(season=season, match_id=episode.mm_match_id, player="nobody", user=host)
    assert refused.value.code == "not_awaited"


def test_seat_replace_refuses_a_seat_the_match_does_not_have(episode: Episode) -> None:
    host, season = episode.season.hosts.get(), episode.season
    with pytest.raises(UnknownSeat):
        season_match_seat_replace(season=season, match_id=episode.mm_match_id, seat="zed", new_player="x", user=host)


def test_a_match_not_of_this_season_is_not_found(episode: Episode) -> None:
    with pytest.raises(SeasonMatchNotFound) as refused:
        season_match_pause(season=episode.season, match_id=999999, user=episode.season.hosts.get())
    assert refused.value.status == 404


def test_the_edge_picks_the_service_by_the_control_chosen(episode: Episode) -> None:
    host, season, pk = episode.season.hosts.get(), episode.season, episode.mm_match_id
    for control in CONTROLS:
        assert callable(match_control_step(control, season=season, match_id=pk, user=host, reason=""))
    assert match_control_step("pause", season=season, match_id=pk, user=host, reason="tea")().startswith("paused")
    with pytest.raises(UnknownControl) as refused:
        match_control_step("explode", season=season, match_id=pk, user=host, reason="")()
    assert isinstance(refused.value, SeasonError) and refused.value.code == "unknown_control"
