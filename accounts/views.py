"""Log in, log out, sign up, profile, the first-run setup and the Hosts page."""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from accounts.first_run import first_run_token_valid
from accounts.forms import FirstRunForm, HostGrantForm, ProfileForm, SignupForm
from accounts.selectors import (
    accounts_not_hosting,
    hosts_list,
    site_has_admin,
    user_api_token_since,
    user_is_site_admin,
)
from accounts.services import (
    AccountError,
    site_admin_create,
    user_api_tokens_revoke,
    user_host_grant,
    user_host_revoke,
)
from core.ratelimit import rate_limited


class LoginView(auth_views.LoginView):
    """Django's log-in with a per-address rate limit (django-axes limits failed attempts)."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        address = request.META.get("REMOTE_ADDR", "?")
        if rate_limited(key=f"login:{address}", rate=settings.GARNET_LOGIN_RATE):
            return HttpResponse("Too many log-in attempts; wait a minute.", status=429)
        return super().post(request, *args, **kwargs)

    def get_redirect_url(self, *args: Any, **kwargs: Any) -> str:
        """``next`` unless it names the home page: the header's "Log in" link carries the page it was on, and
        from home that would hide the moves awaiting the player, so they land on the soonest one instead
        (``LOGIN_REDIRECT_URL``; issue 46, accounts/RULES.md)."""
        target = super().get_redirect_url(*args, **kwargs)
        return "" if target.split("?", 1)[0].split("#", 1)[0] in ("/", reverse("home")) else target


def _next(request: HttpRequest) -> str:
    """Where the visitor was going (``next`` in the query or the form), if it stays on this site; else ""."""
    target = str(request.POST.get("next") or request.GET.get("next") or "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, limited per address and per e-mail address (accounts/RULES.md 13): past
    either, the form says so (429) and no mail leaves. The limit counts an e-mail address whether or not
    an account has it, so its message tells nothing of who has an account."""

    def form_valid(self, form: Any) -> HttpResponse:
        address = request_address(self.request)
        email = str(form.cleaned_data.get("email") or "").strip().lower()
        mailbox = hashlib.sha256(email.encode()).hexdigest()[:32]  # no address in the counter's key
        if rate_limited(key=f"reset:{address}", rate=settings.GARNET_RESET_RATE):
            form.add_error(None, "Too many password reset requests from your network lately; try again in an hour.")
        elif rate_limited(key=f"reset-mail:{mailbox}", rate=settings.GARNET_RESET_MAIL_RATE):
            form.add_error(
                None,
                "A reset link went to this address several times in the last hour: look for it in your "
                "mailbox (and its spam folder), or try again later.",
            )
        else:
            return super().form_valid(form)
        return self.render_to_response(self.get_context_data(form=form), status=429)


def request_address(request: HttpRequest) -> str:
    """The client's address as the limits count it (uvicorn sets it from the proxy's headers)."""
    return str(request.META.get("REMOTE_ADDR") or "?")


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in, then go where the visitor was going (a season's sign-up link keeps
    its season through sign-up: accounts/RULES.md 8), else to the dashboard. At most
    ``GARNET_SIGNUP_RATE`` accounts from one address (accounts/RULES.md 13): past it, the form says so."""
    form = SignupForm(request.POST or None)
    target = _next(request)
    if request.method == "POST" and form.is_valid():
        if rate_limited(key=f"signup:{request_address(request)}", rate=settings.GARNET_SIGNUP_RATE):
            form.add_error(None, "Too many accounts were made from your network lately; try again in an hour.")
            return render(request, "accounts/signup.html", {"form": form, "next": target}, status=429)
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}.")
        return redirect(target or "games:dashboard")
    return render(request, "accounts/signup.html", {"form": form, "next": target})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """Change my time zone and e-mail; revoke my API tokens (asked to confirm first)."""
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if action == "revoke_tokens":
        if request.POST.get("confirm") != "yes":
            return _profile_page(request, ProfileForm(instance=request.user), confirm_revoke=True)
        count = user_api_tokens_revoke(user=request.user, reason="revoked on the profile page")  # type: ignore[arg-type]
        if count:
            messages.success(request, "Your API token is revoked: scripts using it are refused from now on.")
        else:
            messages.info(request, "You had no API token.")
        return redirect("accounts:profile")
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Saved. Deadlines now show in your zone.")
        return redirect("accounts:profile")
    return _profile_page(request, form)


def _profile_page(request: HttpRequest, form: ProfileForm, *, confirm_revoke: bool = False) -> HttpResponse:
    return render(
        request,
        "accounts/profile.html",
        {"form": form, "token_since": user_api_token_since(request.user), "confirm_revoke": confirm_revoke},
    )


@require_http_methods(["GET", "POST"])
def first_run(request: HttpRequest, token: str) -> HttpResponse:
    """The one-time setup page: the install's first account, made site admin and host."""
    address = request.META.get("REMOTE_ADDR", "?")
    if request.method == "POST" and rate_limited(key=f"first-run:{address}", rate=settings.GARNET_LOGIN_RATE):
        return HttpResponse("Too many attempts; wait a minute.", status=429)
    if not first_run_token_valid(token):
        raise Http404("no such setup link")
    if site_has_admin():
        return render(request, "accounts/first_run_done.html", status=410)
    form = FirstRunForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            user = site_admin_create(
                username=d["username"], password=d["password1"], email=d.get("email") or "", time_zone=d["time_zone"]
            )
        except AccountError as exc:
            form.add_error(None, str(exc))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.username}: you run this site and may host seasons.")
            return redirect("home")
    return render(request, "accounts/first_run.html", {"form": form})


def _site_admin(request: HttpRequest) -> None:
    if not user_is_site_admin(request.user):
        raise PermissionDenied("Only a site admin manages hosts.")


@login_required
@require_http_methods(["GET", "POST"])
def hosts(request: HttpRequest) -> HttpResponse:
    """The Hosts page: who may run seasons, and a site admin's form to grant the role."""
    _site_admin(request)
    form = HostGrantForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_host_grant(username=form.cleaned_data["username"], by=request.user)  # type: ignore[arg-type]
        except AccountError as exc:
            form.add_error("username", str(exc))
        else:
            messages.success(request, f"{user.username} may now host: they see New season in their menu.")
            return redirect("accounts:hosts")
    return render(
        request,
        "accounts/hosts.html",
        {"form": form, "hosts": list(hosts_list()), "others": list(accounts_not_hosting()[:500])},
    )


@login_required
@require_POST
def host_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """Take the host role from an account (seasons they already host keep them as their host)."""
    _site_admin(request)
    try:
        user = user_host_revoke(user_id=pk, by=request.user)  # type: ignore[arg-type]
    except AccountError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{user.username} no longer hosts new seasons.")
    return redirect("accounts:hosts")
