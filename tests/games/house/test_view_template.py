"""The dealer's game's view template draws every state a match reaches, the end of a private-scores game included."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.engine import DEALER
from tests.games.house.scenario import E, raw, start, step


def test_a_finished_game_with_private_scores_shows_its_final_scores_to_everyone() -> None:
    """Private scores stay private during the match; its end reveals them (``final``). The Django template looked up
    ``pub.scores`` there, which a private game's public view lacks, and failed the page."""
    state = start(definition=raw(scores={"visibility": "private", "label": "Gold", "start": 4}))
    state, _ = step(state, {})
    end = {"points": {"bob": 2}, "next": "end", "outcome": {"winners": ["bob"]}}
    state, _ = step(state, {DEALER: end})
    assert E.outcome(state) is not None and "scores" not in E.view(state, None)["public"]
    for viewer in (None, "ann", "bob"):
        html = render_to_string("house/view.html", {"view": E.view(state, viewer), "me": viewer})
        assert "Gold" in html and "<td>6</td>" in html, html
