"""Text others typed leaves Garnet inert (issue 40, item 9): a newline in a game's title or a round's label does
not break (or inject into) the e-mails about the match, and a player's revealed free text posted to the season's
Discord channel is not a working Markdown link, mention or heading under Garnet's name."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, Message, Turn
from reach.announce import round_results_announce
from reach.markdown import markdown_escape
from reach.models import Delivery, Mail
from reach.services.discord import season_channel_set
from seasons.services.reminders import deadline_reminders_send
from tests.reach.conftest import FakeDiscord, SmtpSink
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE_TITLE = "Night Market\r\nBcc: everyone@example.test\nX-Evil: 1"
HOSTILE_LABEL = "Round 1\u2028pairing\x0bnow"


def _with_emails() -> None:
    for u in get_user_model().objects.all():
        u.email = f"{u.username}@example.test"
        u.save(update_fields=["email"])


def test_newlines_in_a_title_or_label_leave_every_match_mail_one_header_line(smtp: SmtpSink) -> None:
    season = started_season()
    _with_emails()
    match = abc_episode(season).mm_match
    assert match is not None
    Match.objects.filter(pk=match.pk).update(title=HOSTILE_TITLE)
    turn = Turn.objects.get(match=match, status="open")
    Turn.objects.filter(pk=turn.pk).update(label=HOSTILE_LABEL)
    deadline_reminders_send(now=turn.deadline - timedelta(minutes=90))
    soon = [m for m in smtp.to("ann@example.test") if "closes soon" in str(m["Subject"])]
    assert len(soon) == 1, [str(m["Subject"]) for m in smtp.messages]
    subject = str(soon[0]["Subject"])
    assert subject == (
        "Night Market Bcc: everyone@example.test X-Evil: 1: Round 1 pairing now closes soon and you haven't locked in"
    )
    assert soon[0]["X-Evil"] is None and soon[0]["Bcc"] is None
    assert all(rcpt == [f"{m['To']}"] for m, rcpt in zip(smtp.messages, smtp.recipients, strict=True))
    assert not Mail.objects.filter(status=Mail.Status.FAILED).exists()


def test_a_mail_queued_with_a_newline_before_the_fix_still_goes_out(smtp: SmtpSink) -> None:
    """A row stored before subjects were made one line is sent with its subject on one line, not refused."""
    season = started_season()
    _with_emails()
    ann = get_user_model().objects.get(username="ann")
    mail = Mail.objects.create(user=ann, kind="turn", key="old", subject="Old\nsubject", body="b", status="queued")
    from reach.services.mail import mail_send

    assert mail_send(mail_id=mail.pk)
    assert [str(m["Subject"]) for m in smtp.to("ann@example.test")][-1] == "Old subject"
    assert season


@pytest.mark.parametrize(
    "typed",
    [
        "[Official Garnet ruling: you won](https://phish.example/login)",
        "see <https://phish.example> and <@123456789> and @everyone",
        "# Garnet says\n> you are eliminated",
        "**bold** __under__ ~~gone~~ `code` ||spoiler||",
        "https://phish.example/claim",
        "\\[escaped already\\](https://phish.example)",
    ],
)
def test_revealed_free_text_goes_to_discord_as_inert_text(fake_discord: FakeDiscord, settings: Any, typed: str) -> None:
    season = started_season()
    season_channel_set(season=season, discord_webhook=fake_discord.url)
    match = abc_episode(season).mm_match
    assert match is not None
    Message.objects.create(match=match, turn_number=7, seq=9000, text=f"ann revealed: {typed}")
    round_results_announce(season=season, match=match, turn_number=7, label="Round 7")
    post = Delivery.objects.get(key=f"round:{match.pk}:7").payload
    description = post["embeds"][0]["description"]
    assert description == "• " + markdown_escape(f"ann revealed: {typed}")
    # No masked link, bare link, mention, heading or quote survives: every syntax character is escaped.
    unescaped = description.replace("\\\\", "")
    for syntax in ("](", "[", "<", "://", "@", "*", "_", "~", "`", "|", "#", ">"):
        at = unescaped.find(syntax)
        while at != -1:
            assert at > 0 and unescaped[at - 1] == "\\", (syntax, description)
            at = unescaped.find(syntax, at + 1)
    assert post["allowed_mentions"] == {"parse": []}


def test_markdown_escape_shows_exactly_what_was_typed() -> None:
    """Discord hides a backslash before punctuation: unescaping gives back the typed text."""
    import re

    typed = "[a](b) <@1> # x \\ y_z"
    assert re.sub(r"\\(.)", r"\1", markdown_escape(typed)) == typed


def test_a_view_read_as_text_for_discord_keeps_revealed_words_from_linking() -> None:
    """``/garnet view`` reads the page as text: a masked link or a mention in a player's words stays text."""
    from reach.discord.text import html_text

    text = html_text("<p>bob wrote <em>[Claim your prize](https://phish.example)</em> &lt;@123&gt;</p><b>Round 2</b>")
    assert text == "bob wrote \\[Claim your prize\\](https://phish.example) \\<@123\\>\n**Round 2**"
