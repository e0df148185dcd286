"""Reach's sections of the season archive: clarifications always; once the season is over, the dealer
threads their players chose to publish (reach/RULES.md: the others stay private for good)."""

from __future__ import annotations

from typing import Any

from reach.models import Post, Thread
from reach.selectors import clarifications_for_season
from seasons.models import Season


def archive_section(season: Season) -> dict[str, Any]:
    """Clarifications and amendments (public from the start); the threads their players chose to publish, only
    when the season is finished."""
    clarifications = [
        {
            "kind": c.kind,
            "text": c.text,
            "match": c.match_id,
            "option": c.option_name or None,
            "value": c.option_value,
            "by": c.author.username if c.author else None,
            "at": c.created_at.isoformat(),
        }
        for c in sorted(clarifications_for_season(season), key=lambda c: c.pk)
    ]
    finished = season.status == Season.Status.FINISHED
    threads: list[dict[str, Any]] = []
    if finished:
        rows = Thread.objects.filter(season=season, publish=True).select_related("player", "match").order_by("pk")
        posts: dict[int, list[Post]] = {}
        for p in Post.objects.filter(thread__in=rows).select_related("author").order_by("pk"):
            posts.setdefault(p.thread_id, []).append(p)
        threads = [
            {
                "player": t.player.username,
                "match": t.match_id,
                "where": str(t.match or season),
                "posts": [
                    {
                        "by": p.author.username if p.author else None,
                        "host": p.from_host,
                        "text": p.text,
                        "at": p.created_at.isoformat(),
                    }
                    for p in posts.get(t.pk, [])
                ],
            }
            for t in rows
            if posts.get(t.pk)
        ]
    return {"clarifications": clarifications, "dealer_threads": threads, "dealer_threads_sealed": not finished}


def archive_markdown(data: dict[str, Any]) -> list[str]:
    """The clarifications and (once published) the dealer threads as Markdown."""
    out: list[str] = []
    if data.get("clarifications"):
        out += ["", "## Clarifications and amendments", ""]
        for c in data["clarifications"]:
            where = f" (match {c['match']})" if c["match"] else " (whole season)"
            change = f" — {c['option']} set to {c['value']}" if c["option"] else ""
            out.append(
                f"- **{c['kind'].capitalize()}**{where}, {c['at'][:16].replace('T', ' ')} UTC: {c['text']}{change}"
            )
    if data.get("dealer_threads"):
        out += ["", "## Questions to the dealer", ""]
        for t in data["dealer_threads"]:
            out += [f"<details><summary>{t['player']} · {t['where']}</summary>", ""]
            out += [
                f"- **{p['by'] if not p['host'] else 'Dealer (' + str(p['by']) + ')'}**: {p['text']}"
                for p in t["posts"]
            ]
            out += ["", "</details>"]
    return out
