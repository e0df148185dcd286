"""Reads of the cast: a free slug for a new season and the tiebreak order a draft's console shows."""

from __future__ import annotations

from django.utils.text import slugify

from seasons.models import Season

# Paths under /seasons/ that are pages, not seasons.
RESERVED_SLUGS = frozenset({"new", "hosting"})


def unique_slug(name: str) -> str:
    """A free season slug made from ``name``."""
    base = slugify(name)[:40] or "season"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Season.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def draft_order(season: Season) -> list[str]:
    """The tiebreak order shown on a draft season's console (set ones first, then by handle)."""
    handles = sorted(e.handle for e in season.entrants.select_related("user"))
    return [h for h in season.gamewide_order if h in handles] + [h for h in handles if h not in season.gamewide_order]
