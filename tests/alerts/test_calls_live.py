"""Issue 46's leftovers: every call to act leaves and arrives live on /ws/me/ (alerts/RULES.md 15, 17, 18).

- A scheduled Death Match's Ready that becomes due (15 minutes before its start) tells its two players once.
- A host pausing or cancelling a match drops its turn from the awaited players' titles; resuming calls them again.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.match import broadcast
from games.match.waiting import awaited_user_ids, awaits_of
from seasons.models import Duel, Pick
from seasons.receivers import _picks_sweep
from seasons.services import episode_dmo_pick
from seasons.services.duels import duels_ready_call_due
from tests.alerts.frames import events_to, me_sockets_open
from tests.seasons.factories import abc_episode, finish_mm, host_user, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def _scheduled_duel() -> Duel:
    """eve (the EC) picked gus; their Death Match starts on its own in an hour."""
    season = started_season(slug="s1", dm_lead_seconds=3600, pick_seconds=300)
    pick: Pick = open_pick(finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"]))
    return episode_dmo_pick(pick_id=pick.pk, user=user("eve"), dmo="gus")


def test_a_death_matchs_ready_becoming_due_tells_both_players_once(sent: list[tuple[str, dict[str, Any]]]) -> None:
    """Counted from 15 minutes before the start: the sweep sends `awaits` to the two players the first time it
    finds the Ready due, and never again for that start."""
    duel = _scheduled_duel()
    assert duel.starts_at is not None
    sent.clear()
    assert duels_ready_call_due(now=duel.starts_at - timedelta(minutes=16)) == 0
    assert sent == []
    due = duel.starts_at - timedelta(minutes=14)
    assert duels_ready_call_due(now=due) == 1
    assert len(events_to(sent, "eve", "awaits")) == len(events_to(sent, "gus", "awaits")) == 1
    assert duels_ready_call_due(now=due + timedelta(seconds=2)) == 0
    assert duels_ready_call_due(now=due + timedelta(minutes=5)) == 0
    assert len(sent) == 2


def test_a_death_match_moved_later_is_called_again_when_its_new_start_nears(
    sent: list[tuple[str, dict[str, Any]]],
) -> None:
    """Once per start time: a start moved later (agreed, or set by a host) is called again 15 minutes before it."""
    duel = _scheduled_duel()
    assert duel.starts_at is not None
    assert duels_ready_call_due(now=duel.starts_at - timedelta(minutes=10)) == 1
    later = duel.starts_at + timedelta(hours=2)
    Duel.objects.filter(pk=duel.pk).update(starts_at=later)
    sent.clear()
    assert duels_ready_call_due(now=later - timedelta(minutes=20)) == 0
    assert duels_ready_call_due(now=later - timedelta(minutes=10)) == 1
    assert events_to(sent, "eve", "awaits") and events_to(sent, "gus", "awaits")


def test_the_sweep_calls_the_players_of_a_death_match_whose_ready_is_due(
    sent: list[tuple[str, dict[str, Any]]],
) -> None:
    """The periodic sweep (the seasons' sweep hook) makes the call; the open pages' read then finds the Ready,
    live (it rings where the sound is on)."""
    duel = _scheduled_duel()
    Duel.objects.filter(pk=duel.pk).update(starts_at=timezone.now() + timedelta(minutes=10))
    sent.clear()
    _picks_sweep()
    assert events_to(sent, "eve", "awaits") and events_to(sent, "gus", "awaits")
    steps = awaits_of(user("eve"))
    assert [s.kind for s in steps] == ["duel"] and steps[0].live
    sent.clear()
    _picks_sweep()
    assert not events_to(sent, "eve", "awaits")


def _match_with_open_turn() -> tuple[Any, Any]:
    from games.models import Turn
    from tests.factories import abc_match

    match = abc_match(seed="held")
    return match, Turn.objects.get(match=match, status=Turn.Status.OPEN)


def test_pausing_a_match_drops_its_turn_from_the_players_titles(sent: list[tuple[str, dict[str, Any]]]) -> None:
    """The host pauses the match: its awaited players hear `turn_done` (no "(1) Your move" for a turn that
    takes no move); resuming calls them again with `your_turn`."""
    from games.match.services.host import match_pause, match_resume

    match, turn = _match_with_open_turn()
    host = host_user()
    me_sockets_open()
    sent.clear()
    match_pause(match_id=match.pk, user=host, reason="a break")
    done = {"type": "user.notify", "event": "turn_done", "match": match.pk, "turn": turn.number}
    awaited = awaited_user_ids(match, list(turn.awaiting))
    assert awaited and sorted(g for g, p in sent if p == done) == sorted(broadcast.group_user(u) for u in awaited)
    assert not [s for s in awaits_of(user("ann")) if s.match_id == match.pk]
    sent.clear()
    match_resume(match_id=match.pk, user=host, reason="back")
    again = events_to(sent, "ann", "your_turn")
    assert [(e["match"], e["turn"]) for e in again] == [(match.pk, turn.number)] and again[0]["deadline"]
    assert not events_to(sent, "ann", "turn_done")
    assert [s.match_id for s in awaits_of(user("ann"))] == [match.pk]


def test_cancelling_a_match_drops_its_turn_from_the_players_titles(sent: list[tuple[str, dict[str, Any]]]) -> None:
    """The host cancels (aborts) the match: its unresolved turn awaits nobody, and its players hear `turn_done`."""
    from games.match.services.host import match_abort

    match, turn = _match_with_open_turn()
    host = host_user()
    me_sockets_open()
    sent.clear()
    match_abort(match_id=match.pk, user=host, reason="broken")
    assert events_to(sent, "ann", "turn_done") == [
        {"type": "user.notify", "event": "turn_done", "match": match.pk, "turn": turn.number}
    ]
    assert not events_to(sent, "ann", "your_turn")
    assert awaits_of(user("ann")) == []
