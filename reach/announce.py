"""What a season tells its Discord: public facts only, each under a key that makes it post once."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.models import Match, Message
from reach.markdown import markdown_escape
from reach.services.discord import announcement_queue
from seasons.models import Season, SeasonLog

RESULT_LINES = 25  # a round's public lines beyond this are left to the page the embed links to


def _season_path(season: Season) -> str:
    return reverse("season_home", args=[season.slug])


def _match_path(match_id: Any) -> str:
    return reverse("games:match", args=[match_id]) if match_id else ""


def season_step_announce(entry: SeasonLog) -> None:
    """Announce a season step if it is one the issue names public; every other step stays inside."""
    season, d, key = entry.season, entry.details or {}, f"log:{entry.pk}"
    ep = d.get("episode")
    action = entry.action
    if action == "episode_start":
        announcement_queue(
            season=season,
            key=key,
            title=f"Episode {ep} begins",
            description=f"Main Match: {d.get('game')} with {', '.join(d.get('players', []))}.",
            path=_match_path(d.get("match")),
        )
    elif action == "ec_named":
        announcement_queue(
            season=season,
            key=key,
            title=f"Episode {ep}: {d.get('player')} is the Elimination Candidate",
            description="They now pick their Death Match opponent.",
            path=_season_path(season),
        )
    elif action.startswith("dmo_"):
        how = {"dmo_timed_out": " (drawn by lot: the pick timed out)", "dmo_overridden": " (set by a host)"}.get(
            action, ""
        )
        announcement_queue(
            season=season,
            key=key,
            # Only a pick the EC made says "picked": a pick that ran out was drawn by lot (issue 38).
            title=f"Episode {ep}: {d.get('dmo')} is {d.get('ec')}'s Death Match opponent"
            if how
            else f"Episode {ep}: {d.get('ec')} picked {d.get('dmo')} as Death Match opponent",
            description=f"{d.get('dmo')} is the Death Match opponent{how}.",
            path=_season_path(season),
        )
    elif action == "dm_start":
        announcement_queue(
            season=season,
            key=key,
            title=f"Episode {ep}: the Death Match starts",
            description=f"{d.get('ec')} (EC) vs {d.get('dmo')} (DMO).",
            path=_match_path(d.get("match")),
        )
    elif action == "entrant_eliminate":
        place = season.entrants.filter(user__username=d.get("player")).values_list("place", flat=True).first()
        announcement_queue(
            season=season,
            key=key,
            title=f"{d.get('player')} is eliminated",
            description=f"{d.get('player')} leaves the season" + (f" in place {place}." if place else "."),
            path=_season_path(season),
        )
    elif action in {"clarification_post", "amendment_post"}:
        title = "Amendment" if action == "amendment_post" else "Clarification"
        where = _match_path(d.get("match")) or _season_path(season)
        announcement_queue(season=season, key=key, title=title, description=entry.reason, path=where)


def round_results_announce(*, season: Season, match: Match, turn_number: int, label: str) -> None:
    """Announce the public lines of a closed round (never a private line), each made inert Markdown: a line may
    hold a player's revealed free text, which must not become a link or a mention under Garnet's name."""
    lines = list(
        Message.objects.filter(match=match, to__isnull=True, turn_number=turn_number)
        .order_by("seq")
        .values_list("text", flat=True)
    )
    lines = [t for t in lines if not t.startswith(("Clarification:", "Amendment:"))]
    if not lines:
        return
    shown = lines[:RESULT_LINES]
    more = f"\n… and {len(lines) - len(shown)} more on the match page." if len(lines) > len(shown) else ""
    announcement_queue(
        season=season,
        key=f"round:{match.pk}:{turn_number}",
        title=f"{match} · {label}: results",
        description="\n".join(f"• {markdown_escape(t)}" for t in shown) + more,
        path=_match_path(match.pk),
    )
