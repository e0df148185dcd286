"""The ``/garnet`` commands' answers: matches, view, standings, season and ask (``moves`` and ``host`` do the rest).

Anything about the caller (their matches, view, threads) is answered privately (ephemeral); the
season's standings and summary hold only what the season page shows everyone, so they may be
answered in the channel.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.match import selectors
from games.models import Match
from reach.discord import host, moves, replies
from reach.discord.context import Answer, Call, dealer_turns, match_of_option, season_of_option, site_url
from reach.discord.reminders import reminders_set
from reach.discord.text import deadline_text, match_url, match_view_text, unix
from reach.services.errors import ReachError
from reach.services.threads import post_write, thread_open, thread_url
from seasons import selectors as season_selectors
from seasons import standings as board
from seasons.models import Season

MAX_MATCH_LINES = 15


def _awaits(row: selectors.DashboardRow) -> str:
    """What the row's open turn awaits, from the caller's side."""
    turn = row.turn
    if turn is None:
        return "no open turn"
    if row.match.status == Match.Status.PAUSED:
        return f"{turn.label}: paused by the host"
    if row.awaits_me:
        if row.submission is not None and row.submission.locked:
            return f"{turn.label}: you are locked in"
        mine = "saved, not locked in" if row.submission is not None else "**your move**"
        return f"{turn.label}: {mine}"
    return f"{turn.label}: waiting for {', '.join(turn.awaiting) or 'the clock'}"


def matches_answer(call: Call) -> replies.Reply:
    """``/garnet matches``: my open matches, what each awaits and its deadline (in my zone), and my open picks."""
    lines = []
    for row in selectors.dashboard_rows(call.user, limit=100):
        if row.turn is None or row.match.status not in (Match.Status.RUNNING, Match.Status.PAUSED):
            continue
        deadline = deadline_text(call.user, row.turn)
        lines.append(f"• **{selectors.match_name(row.match)}** (match {row.match.pk}): {_awaits(row)}; due {deadline}")
    for match, turn in dealer_turns(call.user):
        lines.append(
            f"• **{selectors.match_name(match)}** (match {match.pk}): {turn.label}: **yours, as the dealer**; "
            f"due {deadline_text(call.user, turn)}"
        )
    for pick in season_selectors.open_picks_of_user(call.user):
        lines.append(
            f"• **{pick.episode.season.name}**, episode {pick.episode.number}: your {pick.get_kind_display()} "
            f"is due <t:{unix(pick.deadline)}:R>: {site_url(reverse('season_pick', args=[pick.episode.season.slug, pick.pk]))}"
        )
    if not lines:
        return replies.message("You have no open match right now.")
    more = (
        f"\n…and {len(lines) - MAX_MATCH_LINES} more on {site_url(reverse('games:dashboard'))}"
        if len(lines) > MAX_MATCH_LINES
        else ""
    )
    return replies.message("Your open matches:\n" + "\n".join(lines[:MAX_MATCH_LINES]) + more)


def view_answer(call: Call) -> replies.Reply:
    """``/garnet view``: the match as my page shows it to me (private)."""
    match = match_of_option(call)
    text = match_view_text(match, call.user)
    title = f"{selectors.match_name(match)} (match {match.pk})"
    return replies.message("", embeds=[replies.embed(title, text, url=site_url(match_url(match)))])


def standings_lines(season: Season) -> list[str]:
    """The season's standings as the season page shows everyone (garnets only where the season shows them)."""
    lines = []
    for i, s in enumerate(board.standings(season), start=1):
        parts = [s.status, f"{s.tokens} Token{'s' if s.tokens != 1 else ''} of Life"]
        if s.garnets is not None:
            parts.append(f"{s.garnets} garnets")
        if s.eliminated_in:
            parts.append(f"out in episode {s.eliminated_in}")
        lines.append(f"{i}. **{s.handle}**: " + " · ".join(parts))
    return lines


def standings_answer(call: Call) -> replies.Reply:
    """``/garnet standings``: public, in the channel."""
    season = season_of_option(call)
    url = site_url(reverse("season_home", args=[season.slug]))
    text = "\n".join(standings_lines(season)) or "Nobody has joined yet."
    return replies.message("", private=False, embeds=[replies.embed(f"{season.name}: standings", text, url=url)])


def season_answer(call: Call) -> replies.Reply:
    """``/garnet season``: where the season stands (public): its status and each episode's step."""
    season = season_of_option(call)
    url = site_url(reverse("season_home", args=[season.slug]))
    lines = [f"Status: {season.get_status_display()} · {len(season_selectors.alive_handles(season))} players alive"]
    for episode in season_selectors.episodes_of(season):
        where = episode.get_status_display()
        if episode.mm_match is not None:
            where += f" · Main Match: {selectors.match_name(episode.mm_match)} (match {episode.mm_match.pk})"
        duels = [f"{d.ec} vs {d.dmo or '?'}" + (f" ({d.loser} out)" if d.loser else "") for d in episode.duels.all()]
        if duels:
            where += " · Death Match: " + ", ".join(duels)
        lines.append(f"Episode {episode.number}: {where}")
    return replies.message("", private=False, embeds=[replies.embed(season.name, "\n".join(lines), url=url)])


def ask_answer(call: Call) -> replies.Reply:
    """``/garnet ask``: a question to the dealer, in my private thread on the match (or the season)."""
    text = str(call.options.get("question") or "")
    try:
        if call.options.get("match") is not None:
            thread = thread_open(player=call.user, match=match_of_option(call))
        else:
            thread = thread_open(player=call.user, season=_my_season(call))
        post_write(thread=thread, author=call.user, text=text)
    except ReachError as exc:
        raise Answer(str(exc)) from exc
    where = thread.match or thread.season
    return replies.message(
        f"Sent to the dealer of {where}. Their answer comes to your thread: {site_url(thread_url(thread, for_host=False))}"
    )


def _my_season(call: Call) -> Season:
    """The season the ``season`` option names, else the caller's latest running season."""
    if call.options.get("season"):
        return season_of_option(call)
    for season in season_selectors.seasons_of_user(call.user):
        if season.status in (Season.Status.RUNNING, Season.Status.PAUSED):
            return season
    raise Answer("You play in no running season: name the match your question is about.")


def reminders_answer(call: Call) -> replies.Reply:
    """``/garnet reminders on:<bool>``: the per-player setting for deadline DMs (also on the e-mail settings page)."""
    on = bool(call.options.get("on"))
    reminders_set(user=call.user, on=on)
    if on:
        return replies.message(
            "You will get a DM before a deadline you have not locked in (turn off: reminders on:False)."
        )
    return replies.message("No more deadline DMs (turn them back on: /garnet reminders on:True).")


def answer_for(call: Call) -> Any:
    """The handler of the caller's subcommand (host commands live in ``reach.discord.host``)."""
    if call.path[:1] == ("host",):
        return host.host_answer(call)
    handlers = {
        "matches": matches_answer,
        "view": view_answer,
        "standings": standings_answer,
        "season": season_answer,
        "ask": ask_answer,
        "reminders": reminders_answer,
        "move": lambda c: moves.move_start(user=c.user, match=match_of_option(c)),
    }
    handler = handlers.get(call.path[0] if call.path else "")
    if handler is None:
        raise Answer("Unknown command: try /garnet matches.")
    return handler(call)
