"""Reads of the winners' EC picks: the winners in the gamewide order and the count of a vote slot
(seasons/RULES.md, "The winners pick the EC")."""

from __future__ import annotations

from collections import Counter

from seasons import selectors
from seasons.models import Entrant, Episode, Pick


def winners_in_order(episode: Episode) -> list[Entrant]:
    """The episode's alive Main Match winners, in the gamewide order."""
    season = episode.season
    return [selectors.entrant_get(season, w) for w in selectors.alive_handles(season) if w in episode.mm_winners]


def votes_count(*, episode: Episode) -> tuple[str | None, list[int]]:
    """The current vote slot's result: the handle with most votes (ties by the gamewide order), or None
    if nobody voted; and the ids of the slot's picks (closed, not yet linked to a Death Match)."""
    slot = list(
        Pick.objects.filter(episode=episode, kind=Pick.Kind.EC, duel__isnull=True)
        .exclude(status__in=[Pick.Status.OPEN, Pick.Status.OVERRIDDEN])
        .select_related("choice__user")
    )
    taken = {d.ec.handle for d in episode.duels.select_related("ec__user")}
    alive = set(selectors.alive_handles(episode.season))
    votes = Counter(
        p.choice.handle
        for p in slot
        if p.choice is not None and p.choice.handle in alive - taken - set(episode.escaped)
    )
    if not votes:
        return None, [p.pk for p in slot]
    rank = {h: i for i, h in enumerate(episode.season.gamewide_order)}
    best = max(votes.values())
    chosen = min((h for h, n in votes.items() if n == best), key=lambda h: (rank.get(h, len(rank)), h))
    return chosen, [p.pk for p in slot]
