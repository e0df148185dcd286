"""The story's sections of the season archive: published confessionals only, and the public timeline."""

from __future__ import annotations

from typing import Any

from seasons.models import Season
from story.selectors import confessionals_published, timeline


def archive_section(season: Season) -> dict[str, Any]:
    """Published confessionals (a sealed one never enters an export) and the timeline, oldest first."""
    return {
        "confessionals": [
            {
                "player": c.entrant.handle,
                "text": c.text,
                "match": c.match_id,
                "turn": c.turn_number,
                "at": c.created_at.isoformat(),
                "edits": len(c.revisions.all()),
            }
            for c in confessionals_published(season)
        ],
        "timeline": [
            {"at": e.at.isoformat(), "kind": e.kind, "text": e.text, "who": e.who or None, "url": e.url or None}
            for e in reversed(timeline(season, confessionals=False))
        ],
    }


def archive_markdown(data: dict[str, Any]) -> list[str]:
    """The timeline and the published confessionals as Markdown."""
    out: list[str] = []
    if data.get("timeline"):
        out += ["", "## Timeline", ""]
        out += [f"- {e['at'][:16].replace('T', ' ')} UTC · {e['text']}" for e in data["timeline"]]
    if data.get("confessionals"):
        out += ["", "## Confessionals", ""]
        for c in data["confessionals"]:
            out += [f"> **{c['player']}**, {c['at'][:16].replace('T', ' ')} UTC:", ">"]
            out += [f"> {line}" for line in c["text"].splitlines()]
            out += [""]
    return out
