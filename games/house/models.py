"""A dealer's own games, kept in the database: one row per game, one row per saved version.

A version's ``definition`` is the dict ``games.house.engine.definition.definition_clean`` returned
(FORMAT.md), never edited in place: saving an edit adds a version, and a match copies the version
it started with into its options, so a replay never depends on these rows.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


class HouseGame(models.Model):
    """A game a dealer designed: who owns it and what it is called; its rules live in its versions."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="house_games")
    slug = models.SlugField(max_length=80, help_text="Unique among the owner's games; used in file names.")
    title = models.CharField(max_length=120, help_text="The latest version's title.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["owner", "slug"], name="house_game_owner_slug")]

    def __str__(self) -> str:
        return self.title

    @property
    def latest(self) -> HouseGameVersion:
        """The newest version (every game has at least one: the services create it with the game)."""
        version = self.versions.order_by("-number").first()
        assert version is not None, "a dealer's game is created with its first version"
        return version


class HouseGameVersion(models.Model):
    """One saved version of a dealer's game: the cleaned definition, numbered 1, 2, 3… per game."""

    game = models.ForeignKey(HouseGame, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    definition = models.JSONField(help_text="The definition as definition_clean returned it (FORMAT.md).")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="house_version_game_number")]

    def __str__(self) -> str:
        return f"{self.game.title} v{self.number}"

    @property
    def title(self) -> str:
        return str(self.definition.get("title", self.game.title))

    @property
    def kind(self) -> str:
        """``main`` or ``death``."""
        return str(self.definition.get("kind", "main"))

    @property
    def players(self) -> tuple[int, int]:
        """The player range (min, max) the definition allows."""
        players: dict[str, Any] = self.definition.get("players") or {}
        return int(players.get("min", 2)), int(players.get("max", 2))

    def fits(self, count: int) -> bool:
        """Whether ``count`` players may play this version."""
        low, high = self.players
        return low <= count <= high
