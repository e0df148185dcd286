"""The submit and check endpoints of the match page over HTTP: input → one service call → an answer.

``match_submit`` reads the post with ``games.web.submitting`` (the same reading, service call and answer as a
move sent over the page's socket) and translates its ``Answer`` into a response: htmx's fragment, or for a
post without JavaScript a redirect back to the page (or the page again with the refused input).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.match.viewing import match_for_viewer
from games.models import Match
from games.web import live
from games.web.submitting import SubmitResult, check_answer, submit_answer, submit_move
from games.web.views import _match_or_404, match_page


@require_POST
@login_required
def match_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The rules' verdict on the move being composed, as a fragment for htmx (nothing is saved): see
    ``games.web.submitting.check_answer``."""
    answer = check_answer(match=_match_or_404(pk), user=request.user, data=request.POST, request=request)
    return HttpResponse(answer.html, status=answer.status)


@require_POST
@login_required
def match_submit(request: HttpRequest, pk: int) -> HttpResponse:
    """Save (and optionally lock in) my move for the open turn.

    From htmx (the page's form, when its socket is not open) the answer is a fragment, and nothing
    reloads (see ``games.web.submitting.submit_answer``): the submission's status alone, retargeted to
    ``#submit-status``, or the live fragment (status 400/403/409/429 for a refusal, which it names).
    Without JavaScript the form posts normally and is redirected back to the page, or shown
    again with the input and its errors.
    """
    match = _match_or_404(pk)
    done = submit_move(user=request.user, match=match, data=request.POST)
    if not request.headers.get("HX-Request"):
        return _submit_answer_page(request, match, done)
    answer = submit_answer(match=match, user=request.user, done=done, request=request)
    response = HttpResponse(answer.html, status=answer.status)
    if answer.into == "submit":
        response["HX-Retarget"] = "#submit-status"
        response["HX-Reswap"] = "innerHTML"
    response["X-Garnet-Fragment"] = answer.into
    return response


def _submit_answer_page(request: HttpRequest, match: Match, done: SubmitResult) -> HttpResponse:
    """The answer to a post without JavaScript: back to the page, or the page again with the refused input."""
    text = done.result["text"]
    if done.status == 429:
        return HttpResponse(text, status=429)
    if done.keeps_input:
        messages.error(request, text)
        viewer = match_for_viewer(match, request.user)
        return match_page(request, live.live_context(viewer, bound_form=done.form), status=400)
    (messages.success if done.status == 200 else messages.error)(request, text)
    return HttpResponseRedirect(reverse("games:match", args=[match.pk]))
