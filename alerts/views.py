"""The turn alerts' pages: the player's settings, the browser's push subscription, the waiting turns, the
service worker. Each translates the request and calls one service or selector."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from alerts.models import AlertSettings
from alerts.services import (
    SubscriptionRefused,
    alert_settings_of,
    alert_settings_update,
    push_subscribe,
    push_unsubscribe,
)
from alerts.vapid import vapid_public_key
from alerts.webpush import push_enabled
from games.match.waiting import awaits_of


@login_required
@require_http_methods(["GET", "POST"])
def alert_settings(request: HttpRequest) -> HttpResponse:
    """Turn alerts: this device's notifications and sound (kept by the browser), and when a lock-in asks first."""
    if request.method == "POST":
        try:
            alert_settings_update(user=request.user, confirm_lock=request.POST.get("confirm_lock", ""))
        except SubscriptionRefused as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, "Saved.")
        return redirect("alerts:settings")
    context = {
        "confirm_lock": alert_settings_of(request.user),
        "choices": AlertSettings.Confirm.choices,
        "vapid_key": vapid_public_key() if push_enabled() else "",
    }
    return render(request, "alerts/settings.html", context)


@login_required
@require_POST
def push_subscription(request: HttpRequest) -> JsonResponse:
    """Keep (``{"endpoint", "keys": {"p256dh", "auth"}}``) or, with ``"remove": true``, forget this browser's
    push subscription."""
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return JsonResponse({"detail": "Send the subscription as JSON."}, status=400)
    if not isinstance(body, dict):
        return JsonResponse({"detail": "Send the subscription as a JSON object."}, status=400)
    if body.get("remove"):
        return JsonResponse({"removed": push_unsubscribe(user=request.user, endpoint=str(body.get("endpoint", "")))})
    if not push_enabled():
        return JsonResponse({"detail": "This site sends no Web Push (GARNET_WEB_PUSH is off)."}, status=409)
    found = body.get("keys")
    keys: dict[str, Any] = found if isinstance(found, dict) else {}
    try:
        push_subscribe(
            user=request.user,
            endpoint=str(body.get("endpoint", "")),
            p256dh=str(keys.get("p256dh", "")),
            auth=str(keys.get("auth", "")),
        )
    except SubscriptionRefused as exc:
        return JsonResponse({"detail": str(exc)}, status=400)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_GET
def waiting_turns(request: HttpRequest) -> JsonResponse:
    """Every step awaiting the user (what the nav's badge counts), for a page that reconnected or was told
    that a step opened or closed."""
    return JsonResponse({"turns": [t.as_json() for t in awaits_of(request.user)]})


@require_GET
def next_turn(request: HttpRequest) -> HttpResponse:
    """Where logging in lands: the step (a move, a pick, a Ready) awaiting the user soonest, else My matches."""
    turns = awaits_of(request.user)
    return redirect(turns[0].url if turns else "games:dashboard")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker that shows a Web Push (served at the site's root, so its scope is every page)."""
    response = render(request, "alerts/sw.js", content_type="application/javascript")
    response["Cache-Control"] = "no-cache"
    return response
