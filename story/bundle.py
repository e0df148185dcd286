"""The season's archive as a static HTML bundle (a zip a community can host anywhere): an index page with
the standings, the timeline with the published confessionals, each plot as an SVG with its table, and
the JSON and Markdown archives beside them. Public facts only, like the archive itself."""

from __future__ import annotations

import io
import json
import zipfile

from django.conf import settings
from django.template.loader import render_to_string

from seasons import standings as board
from seasons.archive import season_archive, season_archive_markdown
from seasons.models import Season
from story.plots import season_plots
from story.selectors import timeline


def season_bundle(season: Season) -> bytes:
    """The zip's bytes: ``<slug>/index.html``, ``<slug>/plots/*.svg``, ``<slug>/archive.json``, ``<slug>/archive.md``."""
    plots = season_plots(season)
    site = str(getattr(settings, "GARNET_SITE_URL", "")).rstrip("/")
    entries = [
        {"at": e.at, "kind": e.kind, "text": e.text, "who": e.who, "url": site + e.url if e.url else ""}
        for e in timeline(season)
    ]
    index = render_to_string(
        "story/bundle_index.html",
        {
            "season": season,
            "standings": board.standings(season),
            "entries": entries,
            "plots": [{"series": s, "file": f"plots/{s.key}.svg"} for s, _svg in plots],
            "site": site,
        },
    )
    buf = io.BytesIO()
    root = season.slug
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{root}/index.html", index)
        for series, svg in plots:
            z.writestr(f"{root}/plots/{series.key}.svg", '<?xml version="1.0" encoding="utf-8"?>\n' + svg)
        z.writestr(f"{root}/archive.json", json.dumps(season_archive(season), indent=2, default=str))
        z.writestr(f"{root}/archive.md", season_archive_markdown(season))
    return buf.getvalue()
