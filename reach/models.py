"""Reach: threads with the dealer, clarifications, Discord deliveries and e-mail.

A thread is private between one player and the hosts of a match or a season; it goes into the
season's archive, once the season is over, only if the player chose to publish it. Deliveries and mails carry a unique key,
so however often a task runs, one announcement is posted and one mail sent once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Match
from seasons.models import Season


class Thread(models.Model):
    """A private conversation between one player and the hosts of a match (or of a season)."""

    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="dealer_threads")
    publish = models.BooleanField(
        default=False, help_text="The player chose to publish this thread in the season's archive (reach/RULES.md)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-updated_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "player"], condition=Q(match__isnull=False), name="thread_one_per_match_player"
            ),
            models.UniqueConstraint(
                fields=["season", "player"], condition=Q(match__isnull=True), name="thread_one_per_season_player"
            ),
            models.CheckConstraint(
                condition=Q(match__isnull=False) | Q(season__isnull=False), name="thread_has_a_place"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.match or self.season}"


class Post(models.Model):
    """One line of a thread, by the player or by a host."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    from_host = models.BooleanField(default=False)
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["thread", "pk"]

    def __str__(self) -> str:
        return f"{self.author}: {self.text[:40]}"


class ThreadRead(models.Model):
    """How far a user has read a thread: unread counts are the posts after ``last_post_id``."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="reads")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    last_post_id = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["thread", "user"], name="thread_read_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} read thread {self.thread_id} to post {self.last_post_id}"


class Clarification(models.Model):
    """A host's public clarification or amendment of a match's (or a season's) rules."""

    class Kind(models.TextChoices):
        CLARIFICATION = "clarification", "Clarification"
        AMENDMENT = "amendment", "Amendment"

    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.CLARIFICATION)
    text = models.TextField()
    option_name = models.CharField(max_length=64, blank=True, help_text="The game option an amendment changed.")
    option_value = models.JSONField(null=True, blank=True)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.text[:40]}"


class SeasonChannel(models.Model):
    """Where a season's public announcements go outside Garnet."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="channel")
    discord_webhook = models.URLField(
        max_length=400, blank=True, help_text="An incoming webhook of the community's Discord server."
    )

    def __str__(self) -> str:
        return f"Discord channel of {self.season_id}"


class Delivery(models.Model):
    """One public announcement bound for a season's Discord webhook; ``key`` makes it post once."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=160, unique=True)
    payload = models.JSONField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "deliveries"

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"


class MailPrefs(models.Model):
    """Which e-mails a user wants, and whether as they happen or in one daily digest."""

    KINDS = ("turn", "deadline", "dmo", "dm_start", "answered")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_prefs")
    turn = models.BooleanField("A turn awaits your move", default=True)
    deadline = models.BooleanField("2 hours left and you haven't locked in", default=True)
    dmo = models.BooleanField("You were picked as Death Match opponent", default=True)
    dm_start = models.BooleanField("Your Death Match starts", default=True)
    answered = models.BooleanField("The dealer answered you", default=True)
    digest = models.BooleanField("One daily digest instead of each mail as it happens", default=False)
    discord_reminders = models.BooleanField(
        "Discord: a direct message before a deadline I haven't locked in (with Discord linked)", default=True
    )

    def __str__(self) -> str:
        return f"Mail settings of {self.user_id}"


class Mail(models.Model):
    """One e-mail to a user; ``key`` makes it go out once. Digest mails wait for the daily send."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        DIGEST = "digest", "Waiting for the digest"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    key = models.CharField(max_length=160, unique=True)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    url = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user_id}: {self.subject}"


class DirectMessage(models.Model):
    """One Discord direct message to a user (a deadline reminder); ``key`` makes it go out once.

    Written in the transaction that caused it; sent after commit by a Celery task that waits as
    long as Discord's 429 ``retry_after`` asks.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    discord_id = models.CharField(max_length=32)
    key = models.CharField(max_length=160, unique=True)
    text = models.TextField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=400, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"DM {self.key} ({self.status})"
