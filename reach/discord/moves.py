"""``/garnet move``: the caller's move form for the open turn as components; Save and Lock in submit it.

The draft (what the player picked so far) lives in the cache under the user and the match, with the
turn it was drawn for; every component's ``custom_id`` names the match, the turn and the action
(``mv:<match>:<turn>:<action>:<arg>``), so a click on a form of a turn that has closed is refused
before anything is read. Submitting goes through ``submission_submit`` like the page; the form
checks its fields first, and every refusal names the field or the rule.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from core.errors import GameError, RateLimited
from core.ratelimit import rate_limited
from games.match import selectors
from games.match.services.submissions import submission_submit
from games.match.viewing import match_for_viewer
from games.models import Match, Turn
from games.web.live import ClosePages
from games.web.submitting import form_errors_in_words
from reach.discord import forms as dforms
from reach.discord import replies
from reach.discord.context import Answer
from reach.discord.text import deadline_text

PREFIX = "mv"
DRAFT_KEY = "discord:move:{user}:{match}"


@dataclass
class Draft:
    """What the player has picked on Discord for one turn, and which page of the form they are on."""

    turn: int
    data: dict[str, Any] = field(default_factory=dict)
    page: int = 0
    note: str = ""


@dataclass
class Seat:
    """The caller at the match: their seat, the open turn, their view and the form drawn from it."""

    match: Match
    me: str
    turn: Turn
    form: Any
    initial: dict[str, Any]


def custom_id(match_id: int, turn: int, action: str, arg: str = "") -> str:
    """A component's id: the match, the turn, the action and its argument (a number: never past 100 characters,
    never cut, so two ids never collide)."""
    return f"{PREFIX}:{match_id}:{turn}:{action}:{arg}"


def fit_content(head: list[str], body: list[str], tail: list[str]) -> str:
    """The message text within Discord's 2,000 characters: the head (the match and turn) and the tail (the page
    line, the "Saved" note) always whole; the body's lines each cut to a share, then dropped from the end with
    a line saying how many more the match page shows."""
    limit = replies.CONTENT_LIMIT
    head = [replies.clip(line, 300) for line in head]
    tail = [replies.clip(line, 400) for line in tail]
    room = limit - sum(len(line) + 1 for line in head + tail) - 60  # 60: the "… more" line
    lines = [replies.clip(line, 300) for line in body]
    kept: list[str] = []
    for i, line in enumerate(lines):
        if len(line) + 1 > room:
            kept.append(f"… and {len(lines) - i} more fields: see the match page.")
            break
        kept.append(line)
        room -= len(line) + 1
    return replies.clip("\n".join(head + kept + tail), limit)


def _key(user: Any, match_id: int) -> str:
    return DRAFT_KEY.format(user=user.pk, match=match_id)


def _draft_keep(user: Any, match_id: int, draft: Draft, turn: Turn) -> None:
    left = (turn.deadline - timezone.now()).total_seconds()
    cache.set(_key(user, match_id), asdict(draft), timeout=int(min(7 * 86400, max(3600, left + 3600))))


def _draft_read(user: Any, match_id: int, turn: int) -> Draft | None:
    raw = cache.get(_key(user, match_id))
    if not isinstance(raw, dict) or raw.get("turn") != turn:
        return None
    return Draft(**raw)


def seat_at(user: Any, match: Match) -> Seat:
    """The caller's seat and form for the open turn, or an :class:`Answer` saying why there is none."""
    viewer = match_for_viewer(match, user)
    if viewer.me is None:
        raise Answer("You are not a player in this match.")
    if match.status == Match.Status.PAUSED:
        raise Answer("This match is paused by its host; moves wait until it resumes.")
    turn = viewer.turn
    if match.status != Match.Status.RUNNING or turn is None:
        raise Answer("This match takes no moves right now.")
    if not viewer.awaited:
        raise Answer(f"{turn.label} does not await you.")
    sub = viewer.submission
    if sub is not None and sub.locked:
        raise Answer(f"You are locked in for {turn.label}.")
    initial = dict(sub.move) if sub is not None else {}
    form = dforms.move_form(match, viewer.me, viewer.view, initial=initial)
    return Seat(match=match, me=viewer.me, turn=turn, form=form, initial=initial)


def _render(user: Any, seat: Seat, draft: Draft, *, update: bool) -> replies.Reply:
    """The form's message: every field with its value, the page's selects and the buttons."""
    match, turn = seat.match, seat.turn
    controls = dforms.controls_of(seat.form)
    pages = dforms.pages_of(controls)
    draft.page = max(0, min(draft.page, len(pages) - 1))
    head = [f"**{selectors.match_name(match)}** · {turn.label} · deadline {deadline_text(user, turn)}"]
    body = [] if controls else ["This turn asks nothing of you: Lock in to confirm."]
    for control in controls:
        body.append(f"• {control.label}: **{dforms.shown_value(control, draft.data)}**")
    tail = [f"Page {draft.page + 1} of {len(pages)}."] if len(pages) > 1 else []
    if draft.note:
        tail.append(draft.note)
    page = pages[draft.page]
    rows: list[dict[str, Any]] = []
    for control in page:
        if control.kind not in ("text", "empty"):
            cid = custom_id(match.pk, turn.number, "f", str(controls.index(control)))
            rows.append(replies.row(dforms.select_component(control, draft.data, cid)))
    buttons = []
    if draft.page > 0:
        buttons.append(replies.button("◀ Back", custom_id(match.pk, turn.number, "p", str(draft.page - 1))))
    if draft.page < len(pages) - 1:
        buttons.append(replies.button("More ▶", custom_id(match.pk, turn.number, "p", str(draft.page + 1))))
    texts = [c for c in page if c.kind == "text"]
    if texts:
        names = ", ".join(c.label for c in texts)
        buttons.append(
            replies.button(f"Fill in: {names}", custom_id(match.pk, turn.number, "t", str(draft.page)), style=1)
        )
    buttons.append(replies.button("Save", custom_id(match.pk, turn.number, "s"), style=1))
    buttons.append(replies.button("Lock in", custom_id(match.pk, turn.number, "l"), style=3))
    rows.append(replies.row(*buttons))
    _draft_keep(user, match.pk, draft, turn)
    return replies.message(fit_content(head, body, tail), components=rows, update=update)


def move_start(*, user: Any, match: Match) -> replies.Reply:
    """``/garnet move``: the form for the open turn, filled with the saved move (private)."""
    seat = seat_at(user, match)
    draft = _draft_read(user, match.pk, seat.turn.number) or Draft(
        turn=seat.turn.number, data=dforms.initial_data(seat.form)
    )
    draft.note = ""
    return _render(user, seat, draft, update=False)


def _parse(cid: str) -> tuple[int, int, str, str]:
    try:
        prefix, match_id, turn, action, arg = cid.split(":", 4)
        if prefix != PREFIX:
            raise ValueError(cid)
        return int(match_id), int(turn), action, arg
    except ValueError as exc:
        raise Answer("This button belongs to an older form; run /garnet move again.") from exc


def _seat_for(user: Any, match_id: int, turn_number: int) -> tuple[Seat, Draft]:
    match = Match.objects.filter(pk=match_id).first() if 0 < match_id < 2**63 else None
    if match is None:
        raise Answer("There is no such match.")
    seat = seat_at(user, match)
    if seat.turn.number != turn_number:
        raise Answer(f"That turn is over; the open turn is {seat.turn.label}. Run /garnet move again.")
    draft = _draft_read(user, match_id, turn_number) or Draft(turn=turn_number, data=dforms.initial_data(seat.form))
    return seat, draft


def move_component(*, user: Any, cid: str, values: list[str]) -> replies.Reply:
    """A select changed or a button pressed on the form's message."""
    match_id, turn_number, action, arg = _parse(cid)
    seat, draft = _seat_for(user, match_id, turn_number)
    draft.note = ""
    controls = dforms.controls_of(seat.form)
    if action == "f" and arg.isdigit() and int(arg) < len(controls) and controls[int(arg)].kind != "text":
        control = controls[int(arg)]
        draft.data[control.name] = dforms.picked(control, values)
        if draft.data[control.name] in ("", []) and control.kind == "bool":
            draft.data.pop(control.name)
    elif action == "p":
        draft.page = int(arg) if arg.isdigit() and len(arg) < 4 else 0
    elif action == "t":
        page = dforms.pages_of(controls)
        index = min(int(arg) if arg.isdigit() and len(arg) < 4 else 0, len(page) - 1)
        inputs = [
            dforms.text_input(c, draft.data, dforms.input_id(i, c))
            for i, c in enumerate(controls)
            if c.kind == "text" and c in page[index]
        ]
        _draft_keep(user, match_id, draft, seat.turn)
        return replies.modal(
            custom_id=custom_id(match_id, turn_number, "m", str(index)), title=seat.turn.label, inputs=inputs
        )
    elif action in ("s", "l"):
        return _submit(user, seat, draft, lock=action == "l")
    return _render(user, seat, draft, update=True)


def move_modal(*, user: Any, cid: str, inputs: dict[str, str]) -> replies.Reply:
    """The text inputs of a modal, written into the draft."""
    match_id, turn_number, _action, _arg = _parse(cid)
    seat, draft = _seat_for(user, match_id, turn_number)
    controls = dforms.controls_of(seat.form)
    for input_id, value in inputs.items():
        control = dforms.input_control(input_id, controls)
        if control is not None and control.kind == "text":
            draft.data[control.name] = value
    draft.note = ""
    return _render(user, seat, draft, update=True)


def _submit(user: Any, seat: Seat, draft: Draft, *, lock: bool) -> replies.Reply:
    """Check the form, then save (or lock in) through the one submission service."""
    if rate_limited(key=f"submit:{user.pk}", rate=settings.GARNET_SUBMIT_RATE):  # the page's limit, shared
        draft.note = "⚠️ Too many submissions; wait a minute and try again."
        return _render(user, seat, draft, update=True)
    view = selectors.match_view_for_player(seat.match, seat.me)
    bound = dforms.move_form(seat.match, seat.me, view, initial=seat.initial, data=draft.data)
    if not bound.is_valid():
        draft.note = f"⚠️ Nothing was saved: {form_errors_in_words(bound)}"
        return _render(user, seat, draft, update=True)
    try:
        # A lock-in that closes the turn pushes the new page to every seat's and spectator's open browser.
        submission_submit(
            match_id=seat.match.pk,
            move=bound.to_move(),
            lock=lock,
            turn_number=draft.turn,
            by=user,
            draw=ClosePages(),
        )
    except GameError as exc:
        # Worded by the refusal's code, as the page words it: a rate limit says it all, the rest were "not saved".
        draft.note = f"⚠️ {exc}" if exc.code == RateLimited.code else f"⚠️ Not saved: {exc}"
        return _render(user, seat, draft, update=True)
    if lock:
        cache.delete(_key(user, seat.match.pk))
        head = [f"**{selectors.match_name(seat.match)}** · {seat.turn.label}: locked in."]
        body = [f"• {c.label}: {dforms.shown_value(c, draft.data)}" for c in dforms.controls_of(seat.form)]
        return replies.message(fit_content(head, body, []), update=True)
    draft.note = "✅ Saved. You can change it until the deadline, or Lock in."
    return _render(user, seat, draft, update=True)
