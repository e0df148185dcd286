"""Garnet's template filters: a submitted move reads as words; a deadline reads as the date filter writes it."""

from __future__ import annotations

from games.templatetags.garnet import move_summary


def test_pairs_and_flags_read_as_words() -> None:
    move = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
    assert move_summary(move) == "pairs: bob & cat; dan & eve · double: no"


def test_nested_moves_and_empty_lists() -> None:
    move = {"trades": [{"with": "bob", "give": "red"}], "discard": []}
    assert move_summary(move) == "trades: with bob, give red · discard: none"


def test_when_writes_a_time_as_the_date_filter_does_in_each_zone() -> None:
    """``when`` is Django's ``date`` filter, remembered: the same instant still reads in each viewer's own zone."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from django.template import defaultfilters
    from django.utils import timezone

    from games.templatetags.garnet import when

    moment = datetime(2026, 11, 26, 2, 30, tzinfo=UTC)
    fmt = "D j M, H:i T"
    seen = []
    for zone in ("UTC", "Europe/Paris", "Africa/Lagos", "America/New_York", "UTC"):
        local = timezone.localtime(moment, ZoneInfo(zone))
        assert when(local, fmt) == defaultfilters.date(local, fmt)
        seen.append(when(local, fmt))
    assert seen[0] == "Thu 26 Nov, 02:30 UTC" and seen[1] == "Thu 26 Nov, 03:30 CET" and seen[2].endswith("WAT")
    assert when("", fmt) == defaultfilters.date("", fmt) == ""


def test_rules_body_is_the_rules_template_drawn_once_per_rules() -> None:
    """``rules_body`` draws the Jinja2 ``games/_rules_body.html`` for each game's rules, and the second time gives the
    same text."""
    from django.template.loader import render_to_string

    from games.registry import slugs
    from games.rules_text import rules_for, variants
    from games.templatetags.garnet import rules_body

    for slug in slugs():
        for variant in variants(slug) or [None]:
            rules = rules_for(slug, variant)
            drawn = render_to_string("games/_rules_body.html", {"rules": rules})
            assert rules_body(rules) == drawn and rules.summary[0][:20] in drawn
            # A game builds a new RulesText each time: the same text is still remembered, not drawn again.
            assert rules_for(slug, variant) is not rules and rules_body(rules_for(slug, variant)) is rules_body(rules)
