"""Log in, log out, sign up, profile."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import ProfileForm, SignupForm
from accounts.ratelimit import rate_limited


class LoginView(auth_views.LoginView):
    """Django's log-in with a per-address rate limit (django-axes limits failed attempts)."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        address = request.META.get("REMOTE_ADDR", "?")
        if rate_limited(key=f"login:{address}", rate=settings.GARNET_LOGIN_RATE):
            return HttpResponse("Too many log-in attempts; wait a minute.", status=429)
        return super().post(request, *args, **kwargs)


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}.")
        return redirect("games:dashboard")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """Change my time zone."""
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Saved. Deadlines now show in your zone.")
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form})
