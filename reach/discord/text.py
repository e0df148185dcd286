"""Pages as text for Discord: a match's view drawn by the game's own template, then read as plain text.

The view is the one the page shows the caller (``games.match_for_viewer`` and
``games.web.live.live_context``: ``Engine.view`` is the only door), so Discord never shows more, or
other, than the page.
"""

from __future__ import annotations

import re
from datetime import datetime
from html.parser import HTMLParser
from typing import Any

from django.urls import reverse

from accounts.timefmt import user_time
from games.match.viewing import match_for_viewer
from games.models import Match, Turn
from games.web import live

_LINK_SYNTAX = re.compile(r"([\[\]<>])")
BLOCKS = {"p", "div", "section", "article", "h1", "h2", "h3", "h4", "h5", "ul", "ol", "table", "tr", "br", "pre"}
SKIP = {"script", "style", "template", "button", "form", "select", "option", "textarea", "label", "head", "nav"}


class _Text(HTMLParser):
    """Tags to lines: blocks and rows break lines, cells are separated by " | ", list items get bullets."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.cells = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIP:
            self.skipping += 1
        elif tag in BLOCKS:
            self.parts.append("\n")
            self.cells = 0
        elif tag == "li":
            self.parts.append("\n• ")
        elif tag in ("td", "th"):
            if self.cells:
                self.parts.append(" | ")
            self.cells += 1
        elif tag in ("strong", "b") and not self.skipping:
            self.parts.append("**")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag in BLOCKS:
            self.parts.append("\n")
        elif tag in ("strong", "b") and not self.skipping:
            self.parts.append("**")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            # The page's text may hold a player's revealed words: brackets and angle brackets are escaped so
            # "[text](url)", "<url>" and "<@id>" never become a link or a mention in Garnet's answer.
            self.parts.append(_LINK_SYNTAX.sub(r"\\\1", re.sub(r"\s+", " ", data)))


def html_text(html: str) -> str:
    """Readable plain text of an HTML fragment (Discord markdown for bold)."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    lines = [re.sub(r" +", " ", line).strip() for line in "".join(parser.parts).splitlines()]
    return "\n".join(line for line in lines if line and line != "****")


def unix(moment: datetime) -> int:
    """Seconds since the epoch (Discord's ``<t:…>`` timestamps)."""
    return int(moment.timestamp())


def deadline_text(user: Any, turn: Turn) -> str:
    """The turn's deadline in the user's profile zone, with Discord's own relative stamp (shown in theirs)."""
    if turn.is_paused:
        return "paused by the host"
    return f"{user_time(user, turn.deadline)} (<t:{unix(turn.deadline)}:R>)"


def match_url(match: Match) -> str:
    """The match page's path."""
    return reverse("games:match", args=[match.pk])


def match_view_text(match: Match, user: Any) -> str:
    """The game's picture of ``match`` for ``user`` as their page draws it (a player's own view; the public one
    for anyone else), then the turn and where their move stands."""
    viewer = match_for_viewer(match, user)
    context = live.live_context(viewer)
    body = html_text(context["view_template"].render(context))
    lines = [body]
    turn = viewer.turn
    if turn is not None and match.status in (Match.Status.RUNNING, Match.Status.PAUSED):
        lines.append(f"\n**{turn.label}**: deadline {deadline_text(user, turn)}.")
        if viewer.me and viewer.me in turn.awaiting:
            sub = viewer.submission
            state = "locked in" if sub and sub.locked else "saved, not locked in" if sub else "nothing saved yet"
            lines.append(f"Your move: {state}.")
        lines.append("Locked in: " + (", ".join(viewer.locked_players) or "nobody yet") + ".")
    elif match.status != Match.Status.RUNNING:
        lines.append(f"\nThis match is {match.get_status_display().lower()}.")
    return "\n".join(lines)
