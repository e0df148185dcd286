"""Issue 44, item 6: "What just happened" in a dealer's game carries the round's points and the changed holdings,
and another player's private points or holdings never reach anyone else's live part.

A match of three with private scores and gems only their holder sees: ann gives bob 3 gems, which scores bob
3 × 4409 = 13227 points. The numbers are planted so that no page prints them by chance: ann now holds 7208
gems, bob 7214, cat still 7211 (the start, which each player reads of their own).
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from games.house.engine.definition import definition_clean
from games.match.services import submission_submit, turn_close
from games.models import Match
from games.web.live import ClosePages
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.pages import client, house_match, open_turn

pytestmark = pytest.mark.django_db

GIFT = {"name": "gift", "label": "Your gift", "type": "give", "holding": "gems", "required": False}
# What each viewer alone may read after the round: their own points and gems.
OWN = {"ann": ["7208"], "bob": ["13227", "7214"], "cat": []}


def _played(capture: Any) -> Match:
    definition = v2(
        scores={"label": "Points", "start": 0, "visibility": "private"},
        holdings=[{"name": "gems", "label": "Gems", "start": 7211, "min": 0, "visibility": "holder"}],
        round_plan=[rnd(fields=[GIFT], effects=[{"to": "score", "who": "each", "amount": "4409 * got['gems']"}])],
    )
    match = house_match(definition_clean(definition))
    submission_submit(match_id=match.pk, player="ann", move={"gift": {"to": "bob", "amount": 3}})
    with capture(execute=True):
        assert turn_close(turn_id=open_turn(match).pk, force=True, draw=ClosePages())
    match.refresh_from_db()
    return match


def _live(match: Match, who: str | None) -> str:
    c = Client() if who is None else client(who)
    return html.unescape(c.get(f"/matches/{match.pk}/live/").content.decode())


def test_what_just_happened_says_your_points_and_gems_first(django_capture_on_commit_callbacks: Any) -> None:
    """ "You scored 3 points this round", "bob gave you 1 gem": the receiver's live part leads with their points
    and gems, in sentences, inside "What just happened"."""
    page = _live(_played(django_capture_on_commit_callbacks), "bob")
    block = page.split("What just happened", 1)[1].split("</section>", 1)[0]
    points, gems, gift = (
        "You scored 13227 points this round.",
        "You now hold 7214 gems (3 more).",
        "ann gave you 3 gems.",
    )
    assert points in block and gems in block and gift in block
    assert block.index(points) < block.index(gems) < block.index(gift)


def test_another_players_private_points_and_gems_never_reach_a_live_part(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Each player's live part carries their own points and gems only; a spectator's and the signed-out
    visitor's carry nobody's."""
    match = _played(django_capture_on_commit_callbacks)
    for viewer in [None, "watcher", "ann", "bob", "cat"]:
        page = _live(match, viewer)
        for owner, tokens in OWN.items():
            for token in tokens:
                assert (token in page) == (owner == viewer), (viewer, owner, token)
        if viewer is not None and viewer != "watcher":
            assert "You scored" in page  # each player reads their own points, even none
