"""E-mail settings and the one-click unsubscribe link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from reach.services import ReachError
from reach.services.mail import KIND_TITLES, mail_unsubscribe, prefs_of, prefs_save
from reach.web.forms import MailPrefsForm


@login_required
@require_http_methods(["GET", "POST"])
def mail_prefs(request: HttpRequest) -> HttpResponse:
    """Which e-mails I get, and whether as one daily digest."""
    form = MailPrefsForm(request.POST or None, instance=prefs_of(request.user))
    if request.method == "POST" and form.is_valid():
        prefs_save(user=request.user, values=form.cleaned_data)
        messages.success(request, "Saved.")
        return HttpResponseRedirect(reverse("reach:mail_prefs"))
    return render(
        request, "reach/mail_prefs.html", {"form": form, "has_email": bool(getattr(request.user, "email", ""))}
    )


@csrf_exempt  # RFC 8058: mail clients POST "List-Unsubscribe=One-Click" with no session and no token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """Turn off the e-mail the signed link names, with one click (GET) or the mail client's POST."""
    try:
        user, kind = mail_unsubscribe(token=token)
    except ReachError as exc:
        return render(request, "reach/unsubscribed.html", {"error": str(exc)}, status=exc.status)
    what = "every Garnet e-mail" if kind == "all" else f'"{KIND_TITLES[kind]}"'
    return render(request, "reach/unsubscribed.html", {"who": user.username, "what": what})
