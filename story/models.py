"""Confessionals (a player's diary, sealed until its publication) and the season's story settings."""

from __future__ import annotations

from django.db import models

from games.models import Match
from seasons.models import Entrant, Season


class StorySettings(models.Model):
    """A season's story settings: when its players' confessionals are published."""

    class PublishOn(models.TextChoices):
        ELIMINATION = "elimination", "On the player's elimination"
        SEASON_END = "season_end", "At the season's end"

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="story_settings")
    publish_on = models.CharField(max_length=16, choices=PublishOn.choices, default=PublishOn.ELIMINATION)

    class Meta:
        verbose_name_plural = "story settings"

    def __str__(self) -> str:
        return f"{self.season}: publish {self.get_publish_on_display().lower()}"


class Confessional(models.Model):
    """A player's diary post: hosts read it at once; everyone else once it is published (then it is frozen)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="confessionals")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="confessionals")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    turn_number = models.PositiveIntegerField(null=True, blank=True, help_text="The turn it was written around.")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.entrant}: {self.text[:40]}"


class ConfessionalRevision(models.Model):
    """The text a confessional had before an edit (edits are kept, never overwritten)."""

    confessional = models.ForeignKey(Confessional, on_delete=models.CASCADE, related_name="revisions")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["confessional", "pk"]

    def __str__(self) -> str:
        return f"revision of {self.confessional_id}"
