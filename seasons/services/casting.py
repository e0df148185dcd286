"""Casting a season from the browser: pasted handles, one-time invite links, a shared sign-up code,
the host's approval, and the gamewide tiebreak order set by hand or drawn."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from random import Random
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from seasons import selectors
from seasons.models import Entrant, Invite, Season
from seasons.selectors.casting import draft_order
from seasons.services.errors import (
    AlreadyInSeason,
    BadPassword,
    BadRoster,
    HandleTaken,
    InviteNotFound,
    SeasonStarted,
    UnknownPlayer,
)
from seasons.services.notify import notice_send, season_log

USED_INVITE = "This invite link has already been used or does not exist."
HANDLE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@.+-_")


def roster_parse(text: str) -> list[tuple[str, str]]:
    """Pasted lines "handle" or "handle email" (commas allowed), as (handle, email) pairs in order.

    A line starting with "@" has it dropped (Discord mentions). A SeasonError names a bad handle.
    """
    out: dict[str, str] = {}
    for line in (text or "").replace(",", " ").splitlines():
        parts = line.split()
        if not parts:
            continue
        handle = parts[0].lstrip("@")
        email = next((p for p in parts[1:] if "@" in p), "")
        if not handle or len(handle) > 150 or not set(handle) <= HANDLE_CHARS:
            raise BadRoster(f'"{parts[0]}" is not a handle: letters, digits and @.+-_ only.')
        out.setdefault(handle, email)
    return list(out.items())


def invite_url(invite: Invite) -> str:
    """The one-time link an invited player opens."""
    return reverse("season_invite", args=[invite.token])


def season_cast(*, season: Season, roster: str, user: Any, base_url: str = "") -> list[Invite]:
    """Add the pasted handles: users who exist become entrants; the others get a one-time invite
    (e-mailed when an address is given). Returns the new invites. Only while the season is a draft."""
    if season.status != Season.Status.DRAFT:
        raise SeasonStarted("Players are cast before the season starts; replace a player instead.")
    pairs = roster_parse(roster)
    if not pairs:
        raise BadRoster("Paste at least one handle, one a line.")
    users = {u.username: u for u in get_user_model().objects.filter(username__in=[h for h, _ in pairs])}
    invites: list[Invite] = []
    with transaction.atomic():
        for handle, email in pairs:
            if handle in users:
                Entrant.objects.get_or_create(season=season, user=users[handle])
            elif not Invite.objects.filter(season=season, handle=handle).exists():
                invites.append(
                    Invite.objects.create(
                        season=season, handle=handle, email=email, token=secrets.token_urlsafe(24), created_by=user
                    )
                )
        season_log(
            season=season,
            action="season_cast",
            user=user,
            players=[h for h, _ in pairs],
            invited=[i.handle for i in invites],
        )
    for invite in invites:
        if invite.email:
            transaction.on_commit(
                lambda i=invite: send_mail(  # type: ignore[misc]
                    f"You are invited to {season.name}",
                    f"Hello {i.handle},\n\nYou have a place in {season.name}. Set your password here and you "
                    f"land in the season:\n\n{base_url}{invite_url(i)}\n\nThe link works once.",
                    None,
                    [i.email],
                    fail_silently=True,
                )
            )
    return invites


def invite_accept(*, token: str, password: str, email: str = "", time_zone: str = "UTC") -> Entrant:
    """The invited player sets a password (and their time zone): their account is created and they join.

    The invite's row is locked while it is used, so of simultaneous acceptances exactly one creates the
    account; the others are told the link is used (or the handle taken), never a server error.
    """
    invite = Invite.objects.select_related("season").filter(token=token, requested=False).first()
    if invite is None or invite.used_at is not None:
        raise InviteNotFound(USED_INVITE)
    model = get_user_model()
    if model.objects.filter(username=invite.handle).exists():
        raise HandleTaken(f'The handle "{invite.handle}" is already taken: ask your host for a new invite.')
    candidate = model(username=invite.handle, email=email or invite.email, time_zone=time_zone or "UTC")
    try:
        validate_password(password, candidate)
    except ValidationError as exc:
        raise BadPassword(" ".join(exc.messages)) from exc
    try:
        with transaction.atomic():
            locked = Invite.objects.select_for_update().filter(pk=invite.pk, used_at__isnull=True).first()
            if locked is None:
                raise InviteNotFound(USED_INVITE)
            candidate.set_password(password)
            candidate.save()
            entrant = Entrant.objects.create(season=invite.season, user=candidate)
            Invite.objects.filter(pk=invite.pk).update(used_at=timezone.now(), user=candidate)
            season_log(season=invite.season, action="invite_accept", player=invite.handle)
    except IntegrityError as exc:  # someone signed up with the handle in the same instant
        raise HandleTaken(f'The handle "{invite.handle}" is already taken: ask your host for a new invite.') from exc
    return entrant


def season_join_request(*, season: Season, code: str, user: Any) -> Invite:
    """A signed-in user asks to join with the season's shared code; a host approves it."""
    if not season.signup_code or code != season.signup_code:
        raise InviteNotFound("That sign-up code is not this season's.")
    if season.status != Season.Status.DRAFT:
        raise SeasonStarted("This season has already started.")
    if selectors.entrant_of(season, user) is not None:
        raise AlreadyInSeason("You are already in this season.")
    invite, _ = Invite.objects.get_or_create(
        season=season,
        handle=user.username,
        defaults={"requested": True, "user": user, "token": secrets.token_urlsafe(24), "email": user.email or ""},
    )
    season_log(season=season, action="join_request", player=user.username)
    console = reverse("season_host", args=[season.slug])
    for host in season.hosts.all():  # the console shows it live; the host's notices keep it (issue 46)
        notice_send(
            user=host,
            season=season,
            kind="join_request",
            url=console,
            key=f"join:{invite.pk}:{host.pk}",
            text=f"{user.username} asks to join {season.name}: approve them on the console.",
        )
    return invite


def invite_approve(*, season: Season, invite_id: int, user: Any) -> Entrant:
    """A host approves a sign-up request: the player joins the season and is told."""
    invite = Invite.objects.filter(pk=invite_id, season=season, requested=True, used_at=None).first()
    if invite is None or invite.user is None:
        raise InviteNotFound("There is no such open request in this season.")
    with transaction.atomic():
        entrant, _ = Entrant.objects.get_or_create(season=season, user=invite.user)
        Invite.objects.filter(pk=invite.pk).update(used_at=timezone.now())
        season_log(season=season, action="join_approve", user=user, player=invite.handle)
        notice_send(
            user=invite.user,
            season=season,
            kind="joined",
            url=reverse("season_home", args=[season.slug]),
            text=f"You are in {season.name}.",
        )
    return entrant


def season_order_set(
    *, season: Season, user: Any, order: Sequence[str] | None = None, move: str = "", seed: str | None = None
) -> list[str]:
    """Set the gamewide tiebreak order before the start: ``order`` as given, ``move`` one place up,
    or (neither) drawn at random. The season's start keeps it."""
    if season.status != Season.Status.DRAFT:
        raise SeasonStarted("The gamewide order is fixed once the season starts.")
    current = draft_order(season)
    handles = sorted(current)
    if order is not None:
        if sorted(order) != handles:
            raise BadRoster("The order must list every player of the season exactly once.")
        new = list(order)
    elif move:
        if move not in current:
            raise UnknownPlayer(f"{move} is not a player of this season.")
        i = current.index(move)
        new = list(current)
        if i > 0:
            new[i - 1], new[i] = new[i], new[i - 1]
    else:
        new = list(current)
        Random(seed or secrets.token_hex(8)).shuffle(new)
    Season.objects.filter(pk=season.pk).update(gamewide_order=new)
    season_log(season=season, action="order_set", user=user, gamewide_order=new)
    season.gamewide_order = new
    return new
