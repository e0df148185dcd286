"""Who is calling and what they asked: the Discord user, their Garnet account, the command and its options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from allauth.socialaccount.models import SocialAccount
from django.conf import settings
from django.urls import reverse

from games.engine import DEALER
from games.match.selectors import dashboard_rows, match_open_turn, viewer_handle
from games.models import Match, Turn
from reach.discord import replies
from seasons import selectors as season_selectors
from seasons.models import Season


class Answer(Exception):
    """Stop here and answer the caller with ``reply`` (a refusal or a prompt, private by default)."""

    def __init__(self, text: str, *, private: bool = True) -> None:
        super().__init__(text)
        self.reply = replies.message(text, private=private)


@dataclass
class Call:
    """One verified interaction, read once."""

    payload: dict[str, Any]
    discord_id: str
    user: Any  # the linked Garnet account, or None
    path: tuple[str, ...] = ()  # ("matches",), ("host", "close")
    options: dict[str, Any] = field(default_factory=dict)
    focused: str = ""  # the option being typed (autocomplete)

    @property
    def in_guild(self) -> bool:
        """Whether the command was used in a server channel (not a DM with the app)."""
        return bool(self.payload.get("guild_id"))


def discord_user_id(payload: dict[str, Any]) -> str:
    """The caller's Discord id: ``member.user`` in a server, ``user`` in a DM."""
    person = (payload.get("member") or {}).get("user") or payload.get("user") or {}
    return str(person.get("id") or "")


def linked_user(discord_id: str) -> Any:
    """The active Garnet account linked to this Discord id by Log in with Discord, or None."""
    if not discord_id:
        return None
    account = SocialAccount.objects.select_related("user").filter(provider="discord", uid=discord_id).first()
    if account is None or not account.user.is_active:
        return None
    return account.user


def link_url() -> str:
    """Where a player links their Discord account (their account's connections page, after logging in)."""
    return f"{settings.GARNET_SITE_URL}{reverse('socialaccount_connections')}"


def _flatten(options: list[dict[str, Any]], path: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, Any], str]:
    """Walk subcommand groups and subcommands (types 1 and 2) down to the leaf's options."""
    for opt in options:
        if opt.get("type") in (1, 2):
            return _flatten(opt.get("options") or [], (*path, str(opt.get("name"))))
    values = {str(o.get("name")): o.get("value") for o in options}
    focused = next((str(o.get("name")) for o in options if o.get("focused")), "")
    return path, values, focused


def call_read(payload: dict[str, Any]) -> Call:
    """The interaction as a :class:`Call` (the user looked up; the command path and options flattened)."""
    discord_id = discord_user_id(payload)
    data = payload.get("data") or {}
    path: tuple[str, ...] = ()
    options: dict[str, Any] = {}
    focused = ""
    if payload.get("type") in (replies.COMMAND, replies.AUTOCOMPLETE):
        path, options, focused = _flatten(data.get("options") or [], ())
    return Call(
        payload=payload,
        discord_id=discord_id,
        user=linked_user(discord_id),
        path=path,
        options=options,
        focused=focused,
    )


def unlinked_reply() -> replies.Reply:
    """What an unlinked Discord user is told: how to link their Garnet account (private)."""
    return replies.message(
        "Your Discord account is not linked to a Garnet account yet. Log in to Garnet and link Discord here: "
        f"{link_url()}\n(New to Garnet? Log in with Discord on the site and you get an account.)"
    )


def site_url(path: str) -> str:
    """An absolute link to a page of the site."""
    return f"{settings.GARNET_SITE_URL}{path}"


def dealer_turns(user: Any) -> list[tuple[Match, Turn]]:
    """The open turns awaiting the dealer's seat of a dealer's game ``user`` hosts without playing in it."""
    rows = []
    hosted = Match.objects.filter(hosts=user, status=Match.Status.RUNNING).order_by("-created_at")[:50]
    for match in hosted:
        if viewer_handle(match, user) != DEALER:
            continue
        turn = match_open_turn(match)
        if turn is not None and DEALER in turn.awaiting:
            rows.append((match, turn))
    return rows


def match_of_option(call: Call, *, hosted: bool = False) -> Match:
    """The match the ``match`` option names, or (left out) the caller's one match awaiting them.

    ``hosted``: host commands, where leaving it out is not allowed (a host runs many matches).
    """
    raw = call.options.get("match")
    if raw is None:
        if hosted:
            raise Answer("Name the match (start typing and pick it from the list).")
        rows = [r for r in dashboard_rows(call.user, limit=50) if r.turn is not None]
        waiting = [r.match for r in rows if r.awaits_me and not (r.submission and r.submission.locked)]
        waiting += [m for m, _turn in dealer_turns(call.user)]
        pool = waiting or [r.match for r in rows]
        if len(pool) == 1:
            return pool[0]
        if not pool:
            raise Answer("You have no open match right now.")
        raise Answer("You have several open matches: name one with the match option (`/garnet matches` lists them).")
    try:
        pk = int(raw)
    except (TypeError, ValueError, OverflowError) as exc:
        raise Answer("The match option takes a match number (pick one from the list).") from exc
    match = Match.objects.filter(pk=pk).first() if 0 < pk < 2**63 else None
    if match is None:
        raise Answer(f"There is no match {pk}.")
    return match


def season_of_option(call: Call) -> Season:
    """The season the ``season`` option names (slug or name), else the caller's latest, else the latest started."""
    raw = str(call.options.get("season") or "").strip()
    if raw:
        found = (
            season_selectors.season_by_slug(raw) or season_selectors.seasons_public().filter(name__iexact=raw).first()
        )
        if found is None or found.status == Season.Status.DRAFT:
            raise Answer(f'There is no season "{raw}".')
        return found
    mine = season_selectors.seasons_of_user(call.user) if call.user is not None else []
    for season in mine:
        if season.status != Season.Status.DRAFT:
            return season
    latest = season_selectors.seasons_public().first()
    if latest is None:
        raise Answer("No season has started yet.")
    return latest
