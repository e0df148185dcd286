"""The confirmation of what was submitted reads as words, not as a Python dict."""

from __future__ import annotations

from games.templatetags.garnet import move_summary


def test_pairs_and_flags_read_as_words() -> None:
    move = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
    assert move_summary(move) == "pairs: bob & cat; dan & eve · double: no"


def test_nested_moves_and_empty_lists() -> None:
    move = {"trades": [{"with": "bob", "give": "red"}], "discard": []}
    assert move_summary(move) == "trades: with bob, give red · discard: none"
