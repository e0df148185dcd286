"""Garnet holds: a saved move that spends garnets sets them aside, so they can't be spent twice.

The match framework calls :func:`hold_for_move` inside the transaction that stores a move
(``hooks.MOVE_SAVED``) and :func:`holds_settle_turn` inside the one that closes the turn
(``hooks.turn_closed``); both learn the cost from the engine's ``garnet_cost``, so any game
that spends garnets is covered without the season knowing its moves.
"""

from __future__ import annotations

from django.db import transaction

from games.engine import RuleError
from games.match.selectors import seat_usernames
from games.models import Match, Turn
from seasons import selectors
from seasons.models import Entrant, GarnetHold
from seasons.selectors.entrants import entrant_in_place_of


def hold_for_move(match: Match, turn: Turn, player: str, cost: int) -> GarnetHold | None:
    """Hold ``cost`` garnets of ``player`` for their move of ``turn``, replacing any earlier hold.

    Takes the entrant's row lock (as transfers do) and refuses, with a RuleError, a cost the
    free balance cannot cover; nothing is held outside a season or for a free move.
    """
    season = selectors.season_of_match(match)
    if season is None:
        return None
    # A seat still played by a replaced player spends from whoever took their place (ruling: leaving with
    # garnets held): their balance and holds went there.
    found = entrant_in_place_of(season=season, handle=seat_usernames(match).get(player, player))
    if found is None:
        return None
    with transaction.atomic():
        entrant = Entrant.objects.select_for_update().get(pk=found.pk)
        GarnetHold.objects.filter(turn=turn, entrant=entrant).delete()
        if cost <= 0:
            return None
        free = selectors.free_garnets(entrant)
        if cost > free:
            raise RuleError(f"This move costs {cost} garnets; your free season balance is {free}")
        return GarnetHold.objects.create(season=season, entrant=entrant, match=match, turn=turn, amount=cost)


def holds_settle_turn(match: Match, turn: Turn, costs: dict[str, int], *, closing: bool = False) -> None:
    """At the close: charge each hold the resolved move spends (its exact cost), release the rest.

    ``costs`` names seats; a hold names the entrant who plays the seat now (or who took the place of a
    replaced player still seated). ``closing``: see ``selectors.season_of_match``."""
    season = selectors.season_of_match(match, closing=closing)
    if season is None:
        return  # holds exist only in season matches (see hold_for_move); the close already knows it
    holds = list(GarnetHold.objects.filter(turn=turn, charged=False))
    if not holds:
        return
    names = seat_usernames(match)
    by_entrant: dict[int, int] = {}
    for seat, n in costs.items():
        if n > 0 and (entrant := entrant_in_place_of(season=season, handle=names.get(seat, seat))) is not None:
            by_entrant[entrant.pk] = by_entrant.get(entrant.pk, 0) + int(n)
    for hold in holds:
        cost = by_entrant.get(hold.entrant_id, 0)
        if cost <= 0:
            hold.delete()
        else:
            GarnetHold.objects.filter(pk=hold.pk).update(amount=cost, charged=True)
