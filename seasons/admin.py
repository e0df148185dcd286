"""The seasons in the admin: settings, entrants, the (read-only, append-only) ledger, the log.

Host steps with a reason (replace a player, set an EC or DMO, adjust or undo the
ledger, pause) go through the season's host console, linked from each season;
the admin's own actions call the same services.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from seasons.models import Duel, Entrant, Episode, LedgerEntry, Notice, Pick, Season, SeasonLog
from seasons.services import SeasonError, season_pause, season_resume, season_start


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ("user", "status", "eliminated_in", "place")
    readonly_fields = ("status", "eliminated_in", "place")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "status", "token_mode", "confiscate_garnets", "console")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("hosts",)
    readonly_fields = ("status", "gamewide_order", "seed")
    inlines = [EntrantInline]
    actions = ["start", "pause", "resume"]

    def formfield_for_dbfield(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        """The default Death Match game is picked from the installed 2-player games, not typed."""
        if db_field.name == "dm_game":
            from django import forms
            from django.contrib.auth import get_user_model

            from seasons.selectors.game_choice import game_choices

            # Installed 2-player games, then every dealer's own Death Match (the admin sees all hosts').
            designers = get_user_model().objects.filter(house_games__isnull=False).distinct()
            choices = game_choices(request.user, players=2, duel=True, owners=designers)
            return forms.ChoiceField(choices=choices, label="Death Match game", help_text=db_field.help_text)
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    @admin.display(description="Host console")
    def console(self, obj: Season) -> str:
        return format_html('<a href="{}">open</a>', reverse("season_host", args=[obj.slug]))

    @admin.action(description="Start the selected seasons (draw the gamewide order)")
    def start(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        self._each(request, queryset, lambda s: season_start(season_id=s.pk, user=request.user))

    @admin.action(description="Pause the selected seasons (reason: admin action)")
    def pause(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        self._each(
            request,
            queryset,
            lambda s: season_pause(season_id=s.pk, user=request.user, reason="paused from the admin list"),
        )

    @admin.action(description="Resume the selected seasons (reason: admin action)")
    def resume(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        self._each(
            request,
            queryset,
            lambda s: season_resume(season_id=s.pk, user=request.user, reason="resumed from the admin list"),
        )

    def _each(self, request: HttpRequest, queryset: QuerySet[Season], step: Any) -> None:
        for season in queryset:
            try:
                step(season)
            except SeasonError as exc:
                self.message_user(request, f"{season}: {exc}", messages.ERROR)
            else:
                self.message_user(request, f"{season}: done", messages.SUCCESS)


class DuelInline(admin.TabularInline):
    model = Duel
    extra = 0
    readonly_fields = ("ec", "dmo", "match", "loser")
    can_delete = False


class PickInline(admin.TabularInline):
    model = Pick
    extra = 0
    readonly_fields = ("kind", "picker", "duel", "deadline", "status", "choice", "made_at")
    can_delete = False


@admin.register(Episode)
class EpisodeAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "mm_match")
    list_filter = ("season", "status")
    readonly_fields = ("season", "number", "mm_match", "mm_winners", "candidates", "escaped", "status")
    inlines = [DuelInline, PickInline]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    """Read-only: entries are added by services (adjust / undo from the host console)."""

    list_display = ("created_at", "season", "entrant", "currency", "amount", "reason", "source")
    list_filter = ("season", "currency", "source")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(SeasonLog)
class SeasonLogAdmin(LedgerEntryAdmin):
    list_display = ("created_at", "season", "action", "user", "reason", "details")  # type: ignore[assignment]
    list_filter = ("season", "action")  # type: ignore[assignment]


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "kind", "text", "seen")
    list_filter = ("kind", "seen")
