"""The match page's reads of the rows a close's pages read (issue 45): the open turn and the log, compiled once."""

from __future__ import annotations

from typing import Any

import pytest

from games.match import selectors
from games.models import Message, Turn

pytestmark = pytest.mark.django_db


def test_a_readers_whole_log_holds_the_public_lines_and_their_own_private_ones_in_order(match: Any) -> None:
    """The whole log (every page) is read as the close reads it and kept to what the reader may read: public lines
    and the reader's own private lines, in order; a spectator reads the public lines alone. Read from a number on
    (a resync), it is the same lines past that number."""
    Message.objects.bulk_create(
        [
            Message(match=match, seq=1, to=None, text="public one", turn_number=1),
            Message(match=match, seq=1, to="ann", text="ann's secret", turn_number=1),
            Message(match=match, seq=1, to="bob", text="bob's secret", turn_number=1),
            Message(match=match, seq=2, to=None, text="public two", turn_number=1),
        ]
    )
    ann = selectors.match_messages_for(match, "ann")
    assert [(m.seq, m.to, m.text) for m in ann] == [
        (1, None, "public one"),
        (1, "ann", "ann's secret"),
        (2, None, "public two"),
    ]
    assert [m.text for m in selectors.match_messages_for(match, None)] == ["public one", "public two"]
    assert [m.text for m in selectors.match_messages_for(match, "ann", after=1, after_private=0)] == [
        "ann's secret",
        "public two",
    ]


def test_the_open_turn_is_the_newest_open_one(match: Any) -> None:
    """The page's open turn: the turn of the match taking submissions (None once none is)."""
    turn = selectors.match_open_turn(match)
    assert turn is not None and turn.status == Turn.Status.OPEN and turn.match_id == match.pk
    Turn.objects.filter(pk=turn.pk).update(status=Turn.Status.CLOSED)
    assert selectors.match_open_turn(match) is None
