"""A host changes the season's settings from the console: one service, checked against the declaration
(:mod:`seasons.settings_spec`) the console's form is generated from."""

from __future__ import annotations

import zoneinfo
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from seasons import selectors
from seasons.models import Season
from seasons.selectors.game_choice import game_choice_name
from seasons.services.errors import BadSeasonSettings, NotSeasonHost, SeasonError, SettingLocked
from seasons.services.game_choice import game_choice_check
from seasons.services.notify import require_reason, season_log
from seasons.settings_spec import BY_NAME, SeasonSetting, setting_choices, setting_closed, setting_value


def _checked(setting: SeasonSetting, season: Season, value: Any) -> Any:
    """``value`` (in the form's terms) as the model stores it, or BadSeasonSettings naming the setting."""
    if setting.kind == "bool":
        value = bool(value)
    elif setting.kind == "int" or (
        setting.kind == "choice" and setting.choices and isinstance(setting.choices[0][0], int)
    ):
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise BadSeasonSettings(f"{setting.label}: give a whole number.") from None
    elif setting.kind == "handles":
        return _handles(setting, value)
    elif setting.kind == "text":
        value = str(value or "").strip()
        if not value or len(value) > 120:
            raise BadSeasonSettings(f"{setting.label}: give 1 to 120 characters.")
    if setting.kind == "int" and not setting.low <= value <= setting.high:
        raise BadSeasonSettings(f"{setting.label}: from {setting.low} to {setting.high}.")
    if setting.kind == "choice" and setting.choices:
        allowed = {k for k, _ in setting_choices(setting, setting_value(season, setting.name))}
        if value not in allowed:
            raise BadSeasonSettings(f"{setting.label}: choose one of the listed values.")
    if setting.name == "dm_game":
        try:
            game_choice_check(str(value), duel=True, hosts=season.hosts.all())
        except SeasonError as exc:
            raise BadSeasonSettings(f"{setting.label}: {exc}") from exc
    if setting.name == "time_zone" and value not in zoneinfo.available_timezones():
        raise BadSeasonSettings(f'{setting.label}: "{value}" is not a time zone (e.g. Europe/London).')
    return setting.to_model(value, season)


def _handles(setting: SeasonSetting, value: Any) -> list[str]:
    """Handles typed with commas or spaces, each an existing account, as a sorted list (never empty)."""
    raw = value if isinstance(value, list | tuple) else str(value or "").replace(",", " ").split()
    names = sorted({str(n).strip().lstrip("@") for n in raw if str(n).strip()})
    if not names:
        raise BadSeasonSettings(f"{setting.label}: a season keeps at least one host.")
    found = set(get_user_model().objects.filter(username__in=names).values_list("username", flat=True))
    if missing := [n for n in names if n not in found]:
        raise BadSeasonSettings(f"{setting.label}: no account is called {', '.join(missing)}.")
    return names


def _words(name: str, value: Any) -> str:
    if name == "hosts":
        return ", ".join(value)
    return game_choice_name(str(value)) if name == "dm_game" else BY_NAME[name].words(value)


def season_settings_update(*, season_id: int, user: Any, changes: Mapping[str, Any], reason: str = "") -> list[str]:
    """Apply ``changes`` (setting name → value as the console's form gives it) and log them as one step.

    Any host of the season may (not only site admins). A setting closed at this stage of the season
    (:func:`seasons.settings_spec.setting_closed`) or a value out of range refuses the whole change; an
    unchanged value is skipped. Returns the labels of the settings changed (none: nothing logged).
    """
    reason = require_reason(reason)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season_id)
        if not selectors.is_host(season, user):
            raise NotSeasonHost("Only this season's hosts change its settings.")
        new: dict[str, Any] = {}
        for name, raw in changes.items():
            setting = BY_NAME.get(name)
            if setting is None:
                raise BadSeasonSettings(f"{name}: is not a setting a host changes here.")
            value = _checked(setting, season, raw)
            if value == setting_value(season, name):
                continue
            if why := setting_closed(season, setting):
                raise SettingLocked(f"{setting.label}: {why}")
            new[name] = value
        if not new:
            return []
        words = {n: [_words(n, setting_value(season, n)), _words(n, v)] for n, v in new.items()}
        if "hosts" in new:
            season.hosts.set(list(get_user_model().objects.filter(username__in=new.pop("hosts"))))
        for name, value in new.items():
            setattr(season, name, value)
        if new:
            season.save(update_fields=list(new))
        season_log(
            season=season,
            action="settings_change",
            user=user,
            reason=reason,
            # A list, not an object: PostgreSQL's jsonb reorders an object's keys, and the log reads in form order.
            changes=[[BY_NAME[n].label, *w] for n, w in words.items()],
        )
    return [BY_NAME[n].label for n in words]
