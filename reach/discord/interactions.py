"""A verified interaction, answered: PING, a slash command, a component, a modal or an autocomplete.

Every answer comes from here: a refusal (:class:`~reach.discord.context.Answer`) and a service's
``GameError`` become a private message naming the problem; nothing private goes to a channel
because every private answer is ephemeral.
"""

from __future__ import annotations

import logging
from typing import Any

from core.errors import GameError
from games.match import selectors
from games.models import Match
from reach.discord import commands, deferred, moves, replies
from reach.discord.context import Answer, Call, call_read, dealer_turns, unlinked_reply
from seasons import selectors as season_selectors
from seasons.models import Season

log = logging.getLogger("reach.discord")


def interaction_answer(*, payload: dict[str, Any]) -> replies.Reply:
    """The response to one verified interaction: at once, or deferred when it may outlast Discord's 3 s."""
    kind = payload.get("type")
    if kind == replies.PING:
        return {"type": replies.PONG}
    call = call_read(payload)
    if kind == replies.AUTOCOMPLETE:
        return replies.autocomplete(suggestions(call) if call.user is not None else [])
    if call.user is None:
        return unlinked_reply()
    if deferred.is_slow(payload, call.path):
        return deferred.interaction_defer(payload=payload)
    return _answer(call, payload)


def interaction_answer_now(*, payload: dict[str, Any]) -> replies.Reply:
    """The full answer to a deferred interaction, worked out off the request (``reach.discord.deferred``)."""
    call = call_read(payload)
    if call.user is None:
        return unlinked_reply()
    return _answer(call, payload)


def _answer(call: Call, payload: dict[str, Any]) -> replies.Reply:
    """What a linked caller's command, component or modal is answered."""
    kind = payload.get("type")
    try:
        if kind == replies.COMMAND:
            return commands.answer_for(call)
        data = payload.get("data") or {}
        cid = str(data.get("custom_id") or "")
        if kind == replies.COMPONENT and cid.startswith(moves.PREFIX + ":"):
            return moves.move_component(user=call.user, cid=cid, values=[str(v) for v in data.get("values") or []])
        if kind == replies.MODAL_SUBMIT and cid.startswith(moves.PREFIX + ":"):
            return moves.move_modal(user=call.user, cid=cid, inputs=_modal_inputs(data))
        return replies.message("Garnet does not know that interaction.")
    except Answer as answer:
        return answer.reply
    except GameError as exc:
        return replies.message(str(exc))


def _modal_inputs(data: dict[str, Any]) -> dict[str, str]:
    """A modal's text inputs by custom_id."""
    out: dict[str, str] = {}
    for row in data.get("components") or []:
        for item in row.get("components") or []:
            if item.get("custom_id"):
                out[str(item["custom_id"])] = str(item.get("value") or "")
    return out


def suggestions(call: Call) -> list[tuple[str, Any]]:
    """Choices for the option being typed: the caller's matches (hosted ones for host commands) or seasons."""
    typed = str(call.options.get(call.focused) or "").lower()
    out: list[tuple[str, Any]] = []
    if call.focused == "match":
        if call.path[:1] == ("host",):
            hosted = Season.objects.filter(hosts=call.user) if not call.user.is_superuser else Season.objects.all()
            matches: list[Match] = []
            for season in hosted.exclude(status=Season.Status.FINISHED)[:10]:
                matches.extend(season_selectors.season_matches(season).filter(status__in=["running", "paused"])[:25])
        else:
            matches = [r.match for r in selectors.dashboard_rows(call.user, limit=50) if r.turn is not None]
            matches += [m for m, _turn in dealer_turns(call.user)]
        for match in matches:
            name = f"{match.pk}: {selectors.match_name(match)}"
            if typed in name.lower():
                out.append((name, match.pk))
    elif call.focused == "season":
        seen = list(season_selectors.seasons_of_user(call.user)) + list(season_selectors.seasons_public()[:25])
        for season in dict.fromkeys(seen):
            if season.status != Season.Status.DRAFT and typed in f"{season.name} {season.slug}".lower():
                out.append((season.name, season.slug))
    return out[:25]
