"""Schemathesis against /api/schema/: every operation, generated inputs, no 5xx and no response outside the schema."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory, abc_match
from tests.seasons.factories import abc_episode, started_season, user

schemathesis = pytest.importorskip("schemathesis", minversion="4", reason="schemathesis>=4 is a dev extra")
import schemathesis.openapi  # noqa: E402, F811  (the submodule, after the version check above)
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)  # schemathesis calls the app from its own thread and connection


@pytest.fixture
def unthrottled_season_api(settings: Any) -> None:  # noqa: F811 (pytest-django's settings, not hypothesis')
    """The season API's throttles out of the way of the generated calls."""
    settings.GARNET_API_READ_RATE = settings.GARNET_API_WRITE_RATE = "1000000/min"


def test_the_api_honours_its_openapi_schema(unthrottled_season_api: None) -> None:
    match = abc_match()
    token = Token.objects.create(user=UserFactory(username="ann"))
    # The season API (issue 27): a running season with an episode; ann plays in it, "host" hosts it. Real slugs and
    # ids a third of the time each, as the host or as ann in turn.
    episode = abc_episode(started_season(slug="s1"))
    host_token = Token.objects.create(user=user("host"))
    real_ids = [episode.pk, episode.mm_match_id or 0]
    app = get_wsgi_application()
    schema = schemathesis.openapi.from_wsgi("/api/schema/", app)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        strategy = operation.as_strategy()

        from hypothesis import given

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=strategy)
        def run(case: Any) -> None:
            if case.path_parameters and "pk" in case.path_parameters and case.path_parameters["pk"] % 3 == 0:
                case.path_parameters["pk"] = match.pk  # a third of the calls hit a real match
            headers = {"Authorization": f"Token {token.key}"} if case.path_parameters.get("pk", 1) % 2 else {}
            params = case.path_parameters or {}
            if "slug" in params:
                salt = len(str(params["slug"]))
                if salt % 3:
                    params["slug"] = "s1"
                if "id" in params and isinstance(params["id"], int) and params["id"] % 3 == 0:
                    params["id"] = real_ids[params["id"] % 2]
                if salt % 2:
                    headers = {"Authorization": f"Token {host_token.key}"}
            response = case.call(headers=headers)
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path}: {response.status_code}")
            try:
                # positive_data_acceptance wants 2xx for any schema-valid input; a schema-valid move
                # can still break a rule (400), a password be wrong (400), a match not exist (404).
                # ignored_auth replays with generated credentials; we send a real token on purpose.
                case.validate_response(response, excluded_checks=[ignored_auth, positive_data_acceptance])
            except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - collected and reported together
                failures.append(f"{case.method} {case.formatted_path}: {str(exc)[:300]}")

        run()
    assert operations >= 26  # the match API's and the season API's
    assert not failures, "\n".join(sorted(set(failures))[:20])
