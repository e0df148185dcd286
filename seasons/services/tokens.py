"""A host spends a Token of Life for an Elimination Candidate (where the season's rules allow it)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from seasons import selectors
from seasons.models import Duel, LedgerEntry, Season
from seasons.services.episodes import _require_running, ec_name_next, token_escape
from seasons.services.errors import DuelNotFound, DuelStarted, NoCandidate, TokenNotSpendable
from seasons.services.notify import require_reason


def duel_token_escape(*, season: Season, duel_id: int, user: Any, reason: str) -> str:
    """The EC of ``duel_id`` escapes their Death Match by a Token of Life that a host spends for them.

    Allowed only in "spent" mode, while the Death Match has not started and the EC holds a token,
    and only when another candidate can take their place; the next EC is named as the rules name
    them. Returns the sentence the console shows.
    """
    reason = require_reason(reason)
    if season.token_mode != Season.TokenMode.SPENT:
        raise TokenNotSpendable("In this season Tokens of Life shield their holders; they are not spent to escape.")
    _require_running(season)
    with transaction.atomic():
        duel = (
            Duel.objects.select_for_update(of=("self",))
            .select_related("episode__season", "ec__user")
            .filter(pk=duel_id, episode__season=season)
            .first()
        )
        if duel is None:
            raise DuelNotFound("That Death Match is not part of this season.")
        if duel.match_id is not None or duel.loser_id is not None:
            raise DuelStarted("This Death Match has already started: no token can be spent now.")
        ec, episode = duel.ec, duel.episode
        if selectors.balance(ec, LedgerEntry.Currency.TOKEN) < 1:
            raise TokenNotSpendable(f"{ec.handle} holds no Token of Life.")
        token_escape(episode=episode, entrant=ec, user=user, reason=reason)
        duel.delete()  # its open DMO pick goes with it
        nxt = ec_name_next(episode=episode, start=None)
        if nxt is None:  # rolls the whole step back: someone must face the Death Match
            raise NoCandidate(f"Nobody else can be named EC in place of {ec.handle}: the token cannot be spent.")
    return f"{ec.handle} spent a Token of Life; {nxt.ec.handle} is the Elimination Candidate"
