"""What every season API view shares: the season from its slug, who may act, throttles, errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.utils import timezone
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from accounts.timefmt import user_zone
from core.errors import BadRequest, GameError, NotFound
from games.engine import RuleError
from games.web.api.serializers import ErrorSerializer
from seasons import selectors
from seasons.models import Entrant, Season
from seasons.services.errors import NotSeasonHost, NotSeasonPlayer, SeasonNotFound

T = TypeVar("T")


class SeasonReadThrottle(UserRateThrottle):
    """Reads per user (per address when signed out): ``GARNET_API_READ_RATE``."""

    scope = "season_read"

    def get_rate(self) -> str:
        return str(settings.GARNET_API_READ_RATE)


class SeasonWriteThrottle(UserRateThrottle):
    """Writes per user: ``GARNET_API_WRITE_RATE``."""

    scope = "season_write"

    def get_rate(self) -> str:
        return str(settings.GARNET_API_WRITE_RATE)


def errors(*codes: int) -> dict[int, Any]:
    """The schema's error answers: each status with the one error shape."""
    return {code: ErrorSerializer for code in codes}


class SeasonView(APIView):
    """A view on one season, found by its slug (404 when there is none or it is a draft the caller does not host)."""

    throttle_classes = [SeasonReadThrottle]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if request.user.is_authenticated:
            timezone.activate(user_zone(request.user))

    def season(self, slug: str) -> Season:
        found = selectors.season_by_slug(slug) if len(slug) <= 50 else None
        if found is None or (found.status == Season.Status.DRAFT and not selectors.is_host(found, self.request.user)):
            raise SeasonNotFound("There is no such season.")
        return found

    def hosted(self, slug: str) -> Season:
        """The season, if the caller hosts it (403 otherwise)."""
        season = self.season(slug)
        if not selectors.is_host(season, self.request.user):
            raise NotSeasonHost("Only this season's hosts may do this.")
        return season

    def entrant(self, season: Season) -> Entrant:
        """The caller's place in the season (403 when they play no part in it)."""
        found = selectors.entrant_of(season, self.request.user)
        if found is None:
            raise NotSeasonPlayer("You are not a player in this season.")
        return found


def run(step: Callable[[], T]) -> T:
    """Call one service; what it refuses without a ``GameError`` of its own (a name it cannot find, a value
    it cannot use, a row deleted meanwhile) becomes a 400 or 404 naming it, as the host console does."""
    try:
        return step()
    except GameError:
        raise
    except ObjectDoesNotExist as exc:
        raise NotFound("What that names does not exist (any more).") from exc
    except RuleError as exc:  # an option value the game refuses
        raise BadRequest(str(exc) or "That value cannot be used here.") from exc


def valid(serializer: serializers.Serializer) -> dict[str, Any]:
    """The serializer's data, or a 400 naming the first field and its problem."""
    if not serializer.is_valid():
        name, problems = next(iter(serializer.errors.items()))
        words = " ".join(map(str, problems)) if isinstance(problems, list) else str(problems)
        raise BadRequest(f"{name}: {words}")
    return dict(serializer.validated_data)
