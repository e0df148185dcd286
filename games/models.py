"""The match framework's tables: matches, their turns, submissions and messages.

A match's ``state`` is the engine's JSON dump after the last closed turn; each
turn keeps the state it opened on and, once closed, the moves it resolved, so any
match replays from its seed and its turns.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.db import models


class Match(models.Model):
    """One game played by a list of players under one engine."""

    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    game = models.CharField(max_length=32, help_text="The registered engine's slug.")
    title = models.CharField(max_length=120, blank=True)
    players = models.JSONField(default=list, help_text="Player handles in seat order.")
    options = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=64, help_text="Secret until the match is over; then public.")
    seed_sha256 = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        help_text="sha256 of the seed, published when the match starts: the deal's commitment.",
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING, db_index=True)
    state = models.JSONField(default=dict)
    outcome = models.JSONField(null=True, blank=True)
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="Overrides the game's length for turns that await players."
    )
    hosts = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="hosted_matches")
    last_seq = models.PositiveIntegerField(default=0, help_text="The sequence number of the last public line.")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return self.title or f"{self.game} #{self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Commit to the seed the first time the match is stored; the commitment never changes after."""
        if not self.seed_sha256 and self.seed:
            self.seed_sha256 = seed_commitment(self.seed)
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = [*kwargs["update_fields"], "seed_sha256"]
        super().save(*args, **kwargs)

    @property
    def is_over(self) -> bool:
        """Finished or aborted: its seed may be revealed."""
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def revealed_seed(self) -> str | None:
        """The seed once the match is over; None while it runs (it would reveal every hidden draw)."""
        return self.seed if self.is_over else None


def seed_commitment(seed: str) -> str:
    """The published commitment to ``seed``: the hex sha256 of its UTF-8 text."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Seat(models.Model):
    """A player's place in a match: lets "my matches" be one indexed query."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["match", "position"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="seat_unique_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.match}"


class Turn(models.Model):
    """One deadline of a match: whom it awaits, when it closes, what it resolved."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    label = models.CharField(max_length=80)
    awaiting = models.JSONField(default=list)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(help_text="Absolute UTC time.")
    paused_remaining = models.DurationField(null=True, blank=True, help_text="Set while the turn is paused.")
    closed_at = models.DateTimeField(null=True, blank=True)
    state_before = models.JSONField(default=dict)
    moves = models.JSONField(null=True, blank=True, help_text="The moves resolved, defaults included.")

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="turn_unique_number")]
        indexes = [models.Index(fields=["status", "deadline"], name="turn_due_idx")]

    def __str__(self) -> str:
        return f"{self.match} · {self.label}"

    @property
    def is_open(self) -> bool:
        """Whether submissions are still taken."""
        return self.status == self.Status.OPEN

    @property
    def is_paused(self) -> bool:
        """Whether the host has stopped this turn's clock."""
        return self.paused_remaining is not None


class Submission(models.Model):
    """A player's move for one turn; replaced until locked or the deadline."""

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="submissions")
    player = models.CharField(max_length=150)
    move = models.JSONField()
    locked = models.BooleanField(default=False)
    submitted_at = models.DateTimeField()
    revision = models.PositiveIntegerField(default=1)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["turn", "player"], name="submission_one_per_player")]

    def __str__(self) -> str:
        return f"{self.player} · {self.turn}"


class Message(models.Model):
    """A line of the match log: public, or private to one player.

    ``seq`` numbers each audience on its own: public lines 1, 2, 3... and each
    player's private lines 1, 2, 3... for that player. A viewer's sequence numbers
    therefore count only lines that viewer may read, so they reveal nothing about
    how many private lines anyone else got. The interleaving of a player's two
    streams is the insertion order (``pk``), which is never shown.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="messages")
    seq = models.PositiveIntegerField()
    turn_number = models.PositiveIntegerField(default=0)
    to = models.CharField(max_length=150, null=True, blank=True)  # noqa: DJ001 - NULL is "public", unlike any handle
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seq"], condition=models.Q(to__isnull=True), name="message_unique_public_seq"
            ),
            models.UniqueConstraint(
                fields=["match", "to", "seq"], condition=models.Q(to__isnull=False), name="message_unique_private_seq"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.text[:40]}"


class HostAction(models.Model):
    """A host's manual step, with the reason they gave: the audit log."""

    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="host_actions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    action = models.CharField(max_length=64)
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.action} by {self.user} ({self.created_at:%Y-%m-%d %H:%M})"


class PlaytestRun(models.Model):
    """A host's playtest of a game on proposed options: bot matches played by a background job."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveIntegerField()
    bots = models.CharField(max_length=300, default="random", help_text="Strategies, comma-separated.")
    matches = models.PositiveIntegerField(default=200)
    seed = models.CharField(max_length=64, default="playtest")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    summary = models.JSONField(null=True, blank=True)
    html = models.TextField(blank=True)
    error = models.TextField(blank=True)
    elapsed = models.FloatField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Playtest #{self.pk}: {self.game}, {self.matches} matches"

    @property
    def bots_list(self) -> list[str]:
        """The seated strategies as a list."""
        return self.bots.split(",")

    @property
    def percent(self) -> int:
        """How far the run is, 0–100."""
        return int(100 * self.done / self.matches) if self.matches else 100


class SweepBeat(models.Model):
    """When a deadline sweep last ran, by who ran it (``worker``): the heartbeat web processes watch.

    Celery workers write it at each sweep; a web process that finds it stale (no worker swept for a while:
    Redis is down, the workers are gone or deaf) closes due turns itself until it is fresh again
    (``games.match.sweeper``). It lives in the database because it must outlive a Redis outage.
    """

    name = models.CharField(max_length=32, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} swept at {self.at:%H:%M:%S}"
