"""The match page asks the server whether the move being composed follows the rules (htmx, nothing saved):
the engine's ``validate`` is the only place a rule lives."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Match, Submission

pytestmark = pytest.mark.django_db


def _check(client: Client, match: Match, data: dict[str, str]) -> str:
    r = client.post(reverse("games:match_check", args=[match.pk]), data, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    return r.content.decode()


def test_a_legal_move_is_accepted_and_nothing_is_saved(match: Match, client_for: Callable[[str], Client]) -> None:
    move = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
    assert "The rules accept this move" in _check(client_for("ann"), match, {"move_json": json.dumps(move)})
    assert not Submission.objects.exists()


def test_a_broken_rule_is_named_by_the_engine(match: Match, client_for: Callable[[str], Client]) -> None:
    html = _check(client_for("ann"), match, {"move_json": json.dumps({"pairs": [["bob", "zed"], ["dan", "eve"]]})})
    assert "Not allowed yet" in html and "zed" in html


def test_the_match_page_wires_the_check_to_the_form(match: Match, client_for: Callable[[str], Client]) -> None:
    html = client_for("ann").get(reverse("games:match", args=[match.pk])).content.decode()
    assert f'hx-post="{reverse("games:match_check", args=[match.pk])}"' in html


def test_only_a_player_may_ask(match: Match, client_for: Callable[[str], Client]) -> None:
    r = client_for("zed").post(reverse("games:match_check", args=[match.pk]), {"move_json": "{}"})
    assert r.status_code == 403
