"""Issue 46, words: the new-season form's "How the winners pick" choices say "Elimination Candidate", never the
abbreviation a newcomer has not met yet."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from seasons.models import Season
from tests.seasons.factories import host_user

pytestmark = pytest.mark.django_db


def test_the_new_season_forms_ec_pick_way_choices_say_elimination_candidate() -> None:
    """Each choice of the form (and the model's labels, which the admin and API show) names the Elimination
    Candidate in words."""
    client = Client()
    client.force_login(host_user("nina"))
    html = client.get(reverse("season_new")).content.decode()
    select = html.split('name="ec_pick_way"')[1].split("</select>")[0]
    options = re.findall(r"<option[^>]*>([^<]+)</option>", select)
    assert len(options) == len(Season.EcPickWay.choices)
    for text in options + [str(label) for _, label in Season.EcPickWay.choices]:
        assert "Elimination Candidate" in text and not re.search(r"\bEC\b", text), text
