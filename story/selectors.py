"""Reads of the story: who may read which confessional, and the season's public timeline.

The publication rule lives here and only here: a confessional is readable by its author (until it
is published, and after), by the season's hosts at any time, and by everyone else only once it is
published. Every page, the API-shaped JSON, the archive and the timeline ask :func:`is_published`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from games.match.selectors import match_name, match_usernames
from games.models import Match, Message, Turn
from reach.models import Clarification
from reach.selectors import clarifications_for_season
from seasons import selectors as season_selectors
from seasons.log_text import log_sentence
from seasons.models import Entrant, Season, SeasonLog
from story.models import Confessional, StorySettings

PUBLIC_STEPS = frozenset(
    {
        "season_start",
        "season_finish",
        "episode_start",
        "mm_finished",
        "ec_named",
        "ec_set",
        "no_ec",
        "token_spent",
        "dmo_made",
        "dmo_timed_out",
        "dmo_overridden",
        "dm_scheduled",
        "dm_start",
        "dm_forfeit",
        "entrant_eliminate",
        "entrant_restore",
        "entrant_replace",
        "final_leg_start",
        "final_leg_won",
        "final_leg_draw",
        "champion",
    }
)
"""Season steps the timeline shows (a host's reason never is; ledger adjustments and transfers stay off)."""


DEALER_LINES = tuple(f"{label}: " for label in Clarification.Kind.labels)
"""How reach's clarification lines start in a match log (the timeline shows the clarification itself)."""


MM_STEPS = frozenset({"mm_finished", "ec_named", "ec_set", "no_ec", "token_spent"})
"""Steps that follow from the episode's Main Match: they link its final page."""


def is_public_step(action: str) -> bool:
    """Whether a season log step belongs on the public timeline."""
    return action in PUBLIC_STEPS or action.startswith("ec_pick_")


def story_settings(season: Season) -> StorySettings:
    """The season's story settings (the defaults when a host never set them; nothing is written)."""
    found = StorySettings.objects.filter(season=season).first()
    return found or StorySettings(season=season)


def is_published(season: Season, entrant: Entrant, *, publish_on: str | None = None) -> bool:
    """Whether ``entrant``'s confessionals are public: at the season's end always, or on their
    elimination when the season says so. Follows the entrant's status: a host who restores a
    mistakenly eliminated player seals them again."""
    if season.status == Season.Status.FINISHED:
        return True
    rule = publish_on or story_settings(season).publish_on
    return rule == StorySettings.PublishOn.ELIMINATION and entrant.status == Entrant.Status.ELIMINATED


def published_entrant_ids(season: Season) -> set[int]:
    """The entrants whose confessionals are public now."""
    rule = story_settings(season).publish_on
    entrants = Entrant.objects.filter(season=season).only("pk", "status", "season_id")
    return {e.pk for e in entrants if is_published(season, e, publish_on=rule)}


def _confessionals(season: Season) -> QuerySet[Confessional]:
    return (
        Confessional.objects.filter(season=season)
        .select_related("entrant__user", "match")
        .prefetch_related("revisions")
        .order_by("created_at", "pk")
    )


def confessionals_published(season: Season) -> list[Confessional]:
    """Every published confessional of the season, in the order they were written."""
    ids = published_entrant_ids(season)
    return list(_confessionals(season).filter(entrant_id__in=ids)) if ids else []


def confessionals_for(season: Season, user: Any) -> list[Confessional]:
    """What ``user`` may read: a host every one; a player their own and the published; anyone else the published."""
    if season_selectors.is_host(season, user):
        return list(_confessionals(season))
    me = season_selectors.entrant_of(season, user)
    published = published_entrant_ids(season)
    mine = {me.pk} if me is not None else set()
    return list(_confessionals(season).filter(entrant_id__in=published | mine))


def confessional_of(season: Season, user: Any, pk: int) -> Confessional | None:
    """One confessional, if ``user`` may read it (None otherwise, never telling whether it exists)."""
    return next((c for c in confessionals_for(season, user) if c.pk == pk), None)


def season_match_choices(season: Season, entrant: Entrant) -> list[tuple[int, str]]:
    """The season's matches a player may tie a confessional to: the ones they play in, newest first."""
    rows = season_selectors.season_matches(season).order_by("-created_at")
    return [(m.pk, match_name(m)) for m in rows if entrant.handle in match_usernames(m)]


@dataclass(frozen=True)
class Entry:
    """One line of the season's timeline."""

    at: datetime
    kind: str  # step, round, clarification, confessional
    text: str
    url: str = ""
    who: str = ""
    order: int = 0
    match: int = 0  # the match a round belongs to (0: not a round)
    detail: str = ""  # a round without its match's name, as a folded Death Match lists it
    rounds: tuple[Entry, ...] = ()  # a folded Death Match: its rounds, oldest first


def turn_url(match_id: int, turn_number: int | None = None) -> str:
    """The match page, at ``turn_number`` when given (``?turn=N`` shows the match as it stood then)."""
    base = reverse("games:match", args=[match_id])
    return f"{base}?turn={turn_number}" if turn_number else base


def _step_url(entry: SeasonLog, episode_matches: dict[int, int]) -> str:
    d = entry.details or {}
    if d.get("match"):
        return turn_url(int(d["match"]), 1)
    if entry.action in MM_STEPS and d.get("episode") and int(d["episode"]) in episode_matches:
        return turn_url(episode_matches[int(d["episode"])])
    return ""


def _step_text(season: Season, entry: SeasonLog) -> str:
    if entry.action == "entrant_eliminate" and not season.garnets_public:
        d = dict(entry.details or {})
        d.pop("confiscated", None)  # a private season's balances stay private
        entry = SeasonLog(action=entry.action, details=d)
    return log_sentence(entry)


def _round_entries(matches: Iterable[Match]) -> list[Entry]:
    """Each closed round of the season's matches with its public lines, linking the state after it."""
    by_id = {m.pk: m for m in matches}
    if not by_id:
        return []
    turns = {
        (t.match_id, t.number): t
        for t in Turn.objects.filter(match_id__in=by_id).only("match_id", "number", "label", "status")
    }
    lines: dict[tuple[int, int], list[Message]] = {}
    for m in Message.objects.filter(match_id__in=by_id, to__isnull=True).order_by("pk"):
        turn = turns.get((m.match_id, m.turn_number))
        if turn is None or turn.status != Turn.Status.CLOSED or m.text.startswith(DEALER_LINES):
            continue  # a round is news once it closed; a clarification's line has its own entry
        lines.setdefault((m.match_id, m.turn_number), []).append(m)
    out = []
    for (match_id, number), msgs in lines.items():
        turn = turns.get((match_id, number))
        label = turn.label if turn else f"Turn {number}"
        after = number + 1 if (match_id, number + 1) in turns else None
        text = " ".join(m.text for m in msgs[:3]) + (f" (+{len(msgs) - 3} more)" if len(msgs) > 3 else "")
        out.append(
            Entry(
                at=msgs[-1].created_at,
                kind="round",
                text=f"{match_name(by_id[match_id])} · {label}: {text}",
                detail=f"{label}: {text}",
                url=turn_url(match_id, after) if after else turn_url(match_id),
                order=msgs[-1].pk,
                match=match_id,
            )
        )
    return out


def timeline(season: Season, *, confessionals: bool = True) -> list[Entry]:
    """The season's public events, newest first: season steps, each round's public results,
    clarifications and (when published) confessionals, interleaved by time."""
    entries: list[Entry] = []
    episode_matches = {
        e.number: e.mm_match_id for e in season_selectors.episodes_of(season) if e.mm_match_id is not None
    }
    for step in SeasonLog.objects.filter(season=season).order_by("pk"):
        if is_public_step(step.action):
            entries.append(
                Entry(
                    at=step.created_at,
                    kind="step",
                    text=_step_text(season, step),
                    url=_step_url(step, episode_matches),
                    order=step.pk,
                )
            )
    entries += _round_entries(season_selectors.season_matches(season).only("pk", "game", "title", "players"))
    for c in clarifications_for_season(season):
        where = match_name(c.match) if c.match else "whole season"
        entries.append(
            Entry(
                at=c.created_at,
                kind="clarification",
                text=f"{c.get_kind_display()} ({where}): {c.text}",
                url=turn_url(c.match_id) if c.match_id else "",
                order=c.pk,
            )
        )
    if confessionals:
        for conf in confessionals_published(season):
            entries.append(
                Entry(
                    at=conf.created_at,
                    kind="confessional",
                    text=conf.text,
                    who=conf.entrant.handle,
                    url=turn_url(conf.match_id, conf.turn_number) if conf.match_id else "",
                    order=conf.pk,
                )
            )
    entries.sort(key=lambda e: (e.at, e.order), reverse=True)
    return entries


def _duel_titles(season: Season) -> dict[int, str]:
    """Each two-player match of the season whose rounds fold (its Death Matches and Final games): its title
    as one timeline entry says it."""
    from seasons.models import Duel, FinalLeg

    titles: dict[int, str] = {}
    for duel in Duel.objects.filter(episode__season=season, match__isnull=False).select_related(
        "episode", "ec__user", "dmo__user", "loser__user"
    ):
        end = f"; {duel.loser} was eliminated" if duel.loser_id else ""
        titles[int(duel.match_id or 0)] = f"Episode {duel.episode.number} Death Match, {duel.ec} vs {duel.dmo}{end}"
    for leg in FinalLeg.objects.filter(season=season, match__isnull=False).select_related("winner__user"):
        end = f"; won by {leg.winner}" if leg.winner_id else ""
        title = f"{leg.get_stage_display()} game {leg.number}, {' vs '.join(leg.players)}{end}"
        titles[int(leg.match_id or 0)] = title
    return titles


def timeline_folded(season: Season, entries: list[Entry]) -> list[Entry]:
    """``entries`` (newest first) with each Death Match's (and Final game's) rounds folded into one entry
    where its latest round was, so a 30-round live duel does not push the season's story down the page.
    The folded entry links the match and holds its rounds, oldest first (story/RULES.md, "Folded")."""
    titles = _duel_titles(season)
    rounds: dict[int, list[Entry]] = {}
    for e in entries:
        if e.kind == "round" and e.match in titles:
            rounds.setdefault(e.match, []).append(e)
    out: list[Entry] = []
    for e in entries:
        if e.kind != "round" or e.match not in titles:
            out.append(e)
        elif e is rounds[e.match][0]:  # the newest round of its match stands for all of them
            group = rounds[e.match]
            count = f"{len(group)} round{'s' if len(group) != 1 else ''}"
            out.append(
                Entry(
                    at=e.at,
                    kind="duel",
                    text=f"{titles[e.match]} ({count})",
                    url=turn_url(e.match),
                    order=e.order,
                    match=e.match,
                    rounds=tuple(reversed(group)),
                )
            )
    return out
