"""Dealers' games in the admin (the power tool): every game with its versions, definitions as JSON."""

from __future__ import annotations

from django.contrib import admin

from games.house.models import HouseGame, HouseGameVersion


class VersionInline(admin.TabularInline):
    model = HouseGameVersion
    extra = 0
    fields = ("number", "created_by", "created_at", "definition")
    readonly_fields = ("created_at",)


@admin.register(HouseGame)
class HouseGameAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "slug", "updated_at")
    search_fields = ("title", "slug", "owner__username")
    list_filter = ("owner",)
    inlines = [VersionInline]


@admin.register(HouseGameVersion)
class HouseGameVersionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "created_by", "created_at")
    search_fields = ("game__title",)
    readonly_fields = ("created_at",)
