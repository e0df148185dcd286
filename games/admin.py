"""Host tools in the admin: start a match, extend / pause / resume / close its turn; every step logged."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from core.errors import GameError
from games.forms import parse_json_object
from games.match.services import host
from games.match.services.matches import MatchStartError, match_start
from games.match.services.replay import match_replay
from games.models import HostAction, Match, Message, Submission, Turn
from games.registry import get_engine, slugs
from games.web.live import ClosePages


class MatchStartForm(forms.Form):
    game = forms.ChoiceField(choices=())
    players = forms.CharField(help_text="Handles, comma-separated, in seat order.")
    options = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}), help_text="JSON object (optional)."
    )
    seed = forms.CharField(required=False, help_text="Leave blank for a random seed.")
    turn_seconds = forms.IntegerField(required=False, min_value=5, help_text="Length of turns that await players.")
    title = forms.CharField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(s, get_engine(s).title) for s in slugs()]  # type: ignore[attr-defined]

    def clean_options(self) -> dict[str, Any]:
        return parse_json_object(self.cleaned_data.get("options"), "options")

    def clean_players(self) -> list[str]:
        return [p.strip() for p in self.cleaned_data["players"].split(",") if p.strip()]


class TurnInline(admin.TabularInline):
    model = Turn
    extra = 0
    fields = ("number", "label", "status", "deadline", "paused_remaining", "awaiting")
    readonly_fields = fields
    can_delete = False
    show_change_link = True


class ReasonForm(forms.Form):
    reason = forms.CharField(required=False)
    minutes = forms.IntegerField(required=False, initial=60)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "status", "created_at")
    list_filter = ("game", "status")
    search_fields = ("title", "players")
    readonly_fields = ("state", "outcome", "last_seq", "seed_sha256", "seed_revealed", "created_at", "finished_at")
    # The seed itself stays out of the form: it gives every future draw, so it shows once the match is over.
    exclude = ("seed",)
    inlines = [TurnInline]
    actions = ["close_turn_now", "extend_turn_hour", "pause_matches", "resume_matches", "replay_matches"]

    @admin.display(description="Seed")
    def seed_revealed(self, obj: Match) -> str:
        """The seed once the match is over; a note while it runs."""
        return obj.revealed_seed or "secret until the match is over"

    def get_urls(self) -> list[Any]:
        return [
            path("start/", self.admin_site.admin_view(self.start_view), name="games_match_start"),
            *super().get_urls(),
        ]

    def start_view(self, request: HttpRequest) -> HttpResponse:
        """A form to start a match of any registered game."""
        form = MatchStartForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                match = match_start(
                    game=data["game"],
                    players=data["players"],
                    options=data["options"],
                    seed=data["seed"] or None,
                    turn_seconds=data["turn_seconds"],
                    title=data["title"],
                    hosts=[request.user],
                )
            except MatchStartError as exc:
                form.add_error(None, str(exc))
            else:
                host.host_action_log(
                    match=match, user=request.user, action="match_start", game=match.game, players=match.players
                )
                messages.success(request, f"Started {match}.")
                return HttpResponseRedirect(reverse("admin:games_match_change", args=[match.pk]))
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "title": "Start a match",
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/games/match_start.html", context)

    def _each(self, request: HttpRequest, queryset: QuerySet[Match], fn: Any, verb: str) -> None:
        done = 0
        for match in queryset:
            try:
                fn(match)
                done += 1
            except GameError as exc:
                messages.warning(request, f"{match}: {exc}")
        messages.info(request, f"{verb}: {done} match(es).")

    @admin.action(description="Close the open turn now (missing moves become defaults)")
    def close_turn_now(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self._each(
            request,
            queryset,
            lambda m: host.turn_close_now(match_id=m.pk, user=request.user, reason="admin action", draw=ClosePages()),
            "Closed",
        )

    @admin.action(description="Extend the open turn by one hour")
    def extend_turn_hour(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self._each(
            request,
            queryset,
            lambda m: host.turn_extend(match_id=m.pk, seconds=3600, user=request.user, reason="admin action"),
            "Extended",
        )

    @admin.action(description="Pause (stop the clock)")
    def pause_matches(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self._each(
            request,
            queryset,
            lambda m: host.match_pause(match_id=m.pk, user=request.user, reason="admin action"),
            "Paused",
        )

    @admin.action(description="Resume")
    def resume_matches(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self._each(
            request,
            queryset,
            lambda m: host.match_resume(match_id=m.pk, user=request.user, reason="admin action"),
            "Resumed",
        )

    @admin.action(description="Replay from seed and submissions, and compare")
    def replay_matches(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        for match in queryset:
            report = match_replay(match_id=match.pk)
            level = messages.SUCCESS if report.identical else messages.ERROR
            messages.add_message(request, level, f"{match}: {report.summary}")


@admin.register(Turn)
class TurnAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "deadline", "paused_remaining")
    list_filter = ("status",)
    readonly_fields = ("match", "number", "label", "awaiting", "opened_at", "closed_at", "state_before", "moves")


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ("player", "turn", "locked", "submitted_at", "revision")
    readonly_fields = ("turn", "player", "move", "locked", "submitted_at", "revision")


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("match", "to", "seq", "text")
    list_filter = ("match",)


@admin.register(HostAction)
class HostActionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "action", "match", "reason")
    readonly_fields = ("match", "user", "action", "reason", "details", "created_at")


from games.web import admin_playtest  # noqa: E402,F401  (registers the playtest pages)
