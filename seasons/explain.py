"""The season page's words for spectators: what comes next and when, and why things happened (why this
player is the Elimination Candidate, how the opponent was chosen). Reads only; seasons/RULES.md 17."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone

from games.models import Match
from games.registry import get_engine
from seasons.durations import duration_words
from seasons.models import Duel, Episode, Pick, Season, SeasonLog
from seasons.selectors.game_choice import game_choice_name


@dataclass(frozen=True)
class Next:
    """One thing that comes next: a sentence, and the moment it happens or is due (None: no fixed time)."""

    text: str
    at: datetime | None = None
    url: str = ""
    when: str = "at"  # "at" a moment things happen, "by" a deadline someone must meet


def _ec_way(season: Season) -> str:
    n = season.ecs_per_episode
    who = "the Elimination Candidate is" if n == 1 else f"{n} Elimination Candidates are"
    if season.mm_winners_pick_ec:
        return f"{who} picked by the Main Match winners ({season.get_ec_pick_way_display().lower()})"
    return f"{who} named by the Main Match's own rule"


def _dm_line(season: Season, episode: Episode | None) -> str:
    game = game_choice_name((episode.dm_game if episode else "") or season.dm_game)
    lead = (
        "at once"
        if not season.dm_lead_seconds
        else f"{duration_words(season.dm_lead_seconds)} later (sooner if both press Ready)"
    )
    return f"The Death Match ({game}) starts {lead}; its loser is eliminated."


def season_next(season: Season, *, now: datetime | None = None) -> list[Next]:
    """What comes next in ``season``, in order, with when: the next deadline of what is open, who picks
    and by when, and the steps after it with their lengths of time."""
    moment = now or timezone.now()
    if season.status == Season.Status.FINISHED:
        return []
    if season.status == Season.Status.DRAFT:
        return [Next("The season has not started: its hosts are still inviting players.")]
    if season.status == Season.Status.PAUSED:
        return [Next("The season is paused: every clock waits until a host resumes it.")]
    episode = season.episodes.exclude(status=Episode.Status.DONE).order_by("-number").first()
    pick_time = duration_words(season.pick_seconds)
    if episode is None:
        number = (season.episodes.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        if season.final_legs_played.exists() or season.entrants.filter(status="alive").count() <= season.finalists:
            return [Next("The Final: a host starts each of its games.")]
        return [Next(f"Episode {number}: a host starts its Main Match (no fixed time).")]
    out: list[Next] = []
    if episode.status == Episode.Status.MAIN:
        turn = episode.mm_match.turns.filter(status="open").first() if episode.mm_match else None
        if turn is not None:
            out.append(
                Next(
                    f"Episode {episode.number}'s Main Match: {turn.label} closes.",
                    None if turn.is_paused else turn.deadline,
                    reverse("games:match", args=[episode.mm_match_id]),
                )
            )
        out.append(Next(f"When it ends, {_ec_way(season)}."))
        out.append(Next(f"Each Elimination Candidate then has {pick_time} to pick a Death Match opponent."))
        out.append(Next(_dm_line(season, episode)))
        return out
    picks = Pick.objects.filter(episode=episode, status=Pick.Status.OPEN).select_related("picker__user")
    for pick in picks:
        if pick.kind == Pick.Kind.DMO:
            text = f"{pick.picker} picks a Death Match opponent; if they do not in time, it is drawn by lot."
        else:
            text = f"{pick.picker} (a Main Match winner) picks the Elimination Candidate."
        out.append(Next(text, pick.deadline, reverse("season_pick", args=[season.slug, pick.pk]), when="by"))
    for duel in episode.duels.select_related("ec__user", "dmo__user").filter(loser__isnull=True):
        if duel.match_id is None and duel.starts_at is not None:
            out.append(
                Next(
                    f"The Death Match {duel.ec} vs {duel.dmo} starts.",
                    duel.starts_at,
                    reverse("season_duel", args=[season.slug, duel.pk]),
                )
            )
        elif duel.match_id is not None:
            turn = duel.match.turns.filter(status="open").first() if duel.match else None
            if turn is not None:
                out.append(
                    Next(
                        f"The Death Match {duel.ec} vs {duel.dmo}: {turn.label} closes.",
                        None if turn.is_paused else turn.deadline,
                        reverse("games:match", args=[duel.match_id]),
                    )
                )
    if episode.status in (Episode.Status.EC_PICK, Episode.Status.DMO_PICK):
        out.append(Next(_dm_line(season, episode)))
    out.append(Next(f"Then Episode {episode.number + 1}: a host starts its Main Match."))
    return [n for n in out if n.at is None or n.at >= moment - timedelta(minutes=5)] or out


def _logs(season: Season, episode: Episode) -> list[SeasonLog]:
    return [
        x
        for x in SeasonLog.objects.filter(season=season, action__in=("ec_set", "mm_finished")).order_by("pk")
        if (x.details or {}).get("episode") == episode.number
    ]


def _ec_reason(episode: Episode, duel: Duel, logs: Iterable[SeasonLog], game: str) -> str:
    ec = duel.ec.handle
    for x in logs:
        d = x.details or {}
        if x.action == "ec_set" and d.get("ec") == ec and d.get("episode") == episode.number:
            return f"{ec} is the Elimination Candidate because a host named them."
    if Pick.objects.filter(episode=episode, kind=Pick.Kind.EC, status=Pick.Status.MADE, choice=duel.ec).exists():
        return f"{ec} is the Elimination Candidate because the Main Match winners picked them."
    named: list[str] = []
    for x in logs:
        d = x.details or {}
        if x.action == "mm_finished" and d.get("episode") == episode.number:
            named = list((d.get("outcome") or {}).get("candidates") or [])
    escaped = [h for h in episode.escaped if h != ec]
    before = f" ({', '.join(escaped)} spent a Token of Life to escape first)" if escaped else ""
    if ec in named:
        return f"{ec} is the Elimination Candidate: the Main Match ({game}) named them by its own rule{before}."
    if ec in episode.candidates:
        return (
            f"{ec} is the Elimination Candidate: {game} named no one else, so the lowest score among those who "
            f"did not win came next (ties by the gamewide tiebreak order){before}."
        )
    return f"{ec} is the Elimination Candidate."


def _game_title(match: Match) -> str:
    try:
        return str(get_engine(match.game).title_for(match.options))
    except KeyError:  # a game no longer installed: its stored name
        return match.game


def _dmo_reason(duel: Duel) -> str:
    if duel.dmo is None:
        return ""
    pick = duel.picks.filter(kind=Pick.Kind.DMO).order_by("-pk").first()
    if pick is None or pick.status == Pick.Status.MADE:
        return f"{duel.ec} picked {duel.dmo} as their Death Match opponent."
    if pick.status == Pick.Status.TIMED_OUT:
        return f"{duel.dmo} was drawn by lot: {duel.ec} did not pick an opponent in time."
    if pick.status == Pick.Status.OVERRIDDEN:
        return f"A host set {duel.dmo} as {duel.ec}'s Death Match opponent."
    return ""


def duel_reasons(season: Season, episodes: Iterable[Episode]) -> dict[int, list[str]]:
    """Each Death Match's "why", by duel id: why its player is the Elimination Candidate, and how the
    opponent was chosen (picked, drawn by lot, set by a host)."""
    out: dict[int, list[str]] = {}
    for episode in episodes:
        duels = list(episode.duels.all())
        if not duels:
            continue
        logs = _logs(season, episode)
        game = _game_title(episode.mm_match) if episode.mm_match else "its game"
        for duel in duels:
            out[duel.pk] = [r for r in (_ec_reason(episode, duel, logs, game), _dmo_reason(duel)) if r]
    return out


def attach_reasons(season: Season, episodes: list[Any]) -> None:
    """Set ``why`` on every duel of ``episodes`` (prefetched) for the season page's template."""
    reasons = duel_reasons(season, episodes)
    for episode in episodes:
        for duel in episode.duels.all():
            duel.why = reasons.get(duel.pk, [])


def _points(score: float) -> str:
    n = int(score) if float(score).is_integer() else score
    return f"{n} point{'' if n == 1 else 's'}"


def ec_named_why(*, episode: Episode, handle: str, picked: bool) -> str:
    """Why ``handle`` became this episode's Elimination Candidate, in a few words for the timeline (issue 46):
    the winners picked them, the Main Match's game named them by its rule, or the lowest score among those who
    did not win, with whom they tied and what broke the tie (seasons/RULES.md 2)."""
    if picked:
        return "the Main Match's winners picked them"
    found = (
        SeasonLog.objects.filter(season_id=episode.season_id, action="mm_finished")
        .order_by("-pk")
        .values_list("details", flat=True)
    )
    outcome: dict[str, Any] = {}
    for details in found:
        if (details or {}).get("episode") == episode.number:
            outcome = dict((details or {}).get("outcome") or {})
            break
    scores: dict[str, float] = dict(outcome.get("scores") or {})
    winners = set(outcome.get("winners") or episode.mm_winners)
    escaped = [h for h in episode.escaped if h != handle]
    after = f", after {', '.join(escaped)} spent a Token of Life to escape" if escaped else ""
    if handle not in scores:
        return f"next in the Main Match's order of candidates{after}"
    mine = scores[handle]
    tied = sorted(h for h, s in scores.items() if s == mine and h != handle and h not in winners)
    if handle in (outcome.get("candidates") or []):
        rule = f"the Main Match's game named them by its own rule, on {_points(mine)}"
        return rule + (f" (tied with {', '.join(tied)}; the game's tiebreak put them first)" if tied else "") + after
    if tied:
        return (
            f"the lowest score among those who did not win: tied on {_points(mine)} with {', '.join(tied)}, "
            f"and first of them in the gamewide tiebreak order{after}"
        )
    return f"the lowest score among those who did not win ({_points(mine)}){after}"
