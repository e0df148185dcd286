"""Seasons: entrants, episodes (Main Match, EC, DMO picks, Death Matches), the ledger, notices.

Balances are never stored: a Token of Life or garnet balance is the sum of the
entrant's :class:`LedgerEntry` rows, which are append-only (an undo is a new,
opposite entry with its reason).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from games.models import Match, Turn


class Season(models.Model):
    """A season: its hosts, entrants, status, gamewide order and the host's settings."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Not started"
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    class TokenMode(models.TextChoices):
        SPENT = "spent", "Spent: an Elimination Candidate may spend a Token of Life to escape the Death Match"
        SHIELD = "shield", "Shield: a holder of a Token of Life may not be picked as a Death Match opponent"

    class NoShow(models.TextChoices):
        DEFAULT = "default", "It starts anyway; their missed turns get default moves"
        FORFEIT = "forfeit", "They forfeit: the player who is ready wins"

    class EcPickWay(models.TextChoices):
        FIRST = "first", "The winner first in the tiebreak order names every Elimination Candidate"
        EACH = "each", "Each winner names one Elimination Candidate, in the tiebreak order"
        VOTE = "vote", "The winners vote for each Elimination Candidate: most votes, ties by the tiebreak order"

    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True)
    hosts = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="hosted_seasons")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT, db_index=True)
    gamewide_order = models.JSONField(
        default=list, blank=True, help_text="The public tiebreak order drawn at the start."
    )
    seed = models.CharField(max_length=64, blank=True)
    token_mode = models.CharField(max_length=8, choices=TokenMode.choices, default=TokenMode.SHIELD)
    confiscate_garnets = models.BooleanField(default=True, help_text="An eliminated player's garnets are confiscated.")
    garnets_public = models.BooleanField(default=True, help_text="Show every balance on the season home.")
    mm_turn_seconds = models.PositiveIntegerField(default=86400, help_text="Length of a Main Match round.")
    dm_turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="DM turn length; blank: the game's own."
    )
    pick_seconds = models.PositiveIntegerField(default=86400, help_text="How long an EC has to pick a DMO.")
    ecs_per_episode = models.PositiveSmallIntegerField(default=1, help_text="ECs (and so Death Matches) per episode.")
    mm_winners_pick_ec = models.BooleanField(default=False)
    ec_pick_way = models.CharField(
        max_length=8,
        choices=EcPickWay.choices,
        default=EcPickWay.FIRST,
        help_text="How the Main Match winners pick the Elimination Candidate, when they do.",
    )
    dm_game = models.CharField(max_length=32, default="warriors", help_text="The default Death Match game.")
    starting_garnets = models.PositiveIntegerField(
        default=0, help_text="Garnets each player holds when the season starts."
    )
    starting_tokens = models.PositiveSmallIntegerField(default=0, help_text="Tokens of Life each player starts with.")
    time_zone = models.CharField(
        max_length=64, default="UTC", help_text="The host's time zone for the console's times."
    )
    dm_lead_seconds = models.PositiveIntegerField(
        default=0,
        help_text="How long after the DMO is known its Death Match starts (both players ready start it "
        "at once); 0: it starts at once.",
    )
    dm_window_hours = models.PositiveSmallIntegerField(
        default=0,
        help_text="The two Death Match players may agree on a later start, up to this many hours after the "
        "scheduled one; 0: only a host moves it.",
    )
    dm_no_show = models.CharField(
        max_length=8,
        choices=NoShow.choices,
        default=NoShow.DEFAULT,
        help_text="What happens to a player not ready when a scheduled Death Match starts.",
    )
    finalists = models.PositiveSmallIntegerField(
        default=2, choices=[(2, "2"), (3, "3")], help_text="The Final begins when this many players are left."
    )
    final_legs = models.PositiveSmallIntegerField(default=3, help_text="The Final is best of this many games.")
    champion = models.ForeignKey(
        "Entrant", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", help_text="The Final's winner."
    )
    signup_code = models.CharField(
        max_length=32, blank=True, help_text="A shared code players use to ask to join; the host approves each."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A player in a season: alive or eliminated."""

    class Status(models.TextChoices):
        ALIVE = "alive", "Alive"
        ELIMINATED = "eliminated", "Eliminated"
        REPLACED = "replaced", "Replaced"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="entries")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ALIVE)
    eliminated_in = models.ForeignKey("Episode", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    place = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Final place, set on elimination.")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "user__username"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="entrant_unique_user")]

    def __str__(self) -> str:
        return self.handle

    @property
    def handle(self) -> str:
        """The player's handle (their username)."""
        return str(self.user.username)

    @property
    def alive(self) -> bool:
        """Whether the entrant still plays."""
        return self.status == self.Status.ALIVE


class Episode(models.Model):
    """One episode: a Main Match, its EC(s), DMO pick(s) and Death Match(es)."""

    class Status(models.TextChoices):
        MAIN = "main", "Main Match"
        EC_PICK = "ec_pick", "The Main Match's winners pick the Elimination Candidate"
        DMO_PICK = "dmo_pick", "The Elimination Candidate picks a Death Match opponent"
        DEATH = "death", "Death Match"
        DONE = "done", "Done"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="episodes")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.MAIN)
    mm_match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="season_episode"
    )
    mm_winners = models.JSONField(default=list, blank=True)
    candidates = models.JSONField(
        default=list, blank=True, help_text="EC candidates in order (the MM's, then lowest score)."
    )
    dm_game = models.CharField(max_length=32, blank=True, help_text="This episode's DM game; blank: the season's.")
    escaped = models.JSONField(default=list, blank=True, help_text="Candidates who spent a Token of Life to escape.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="episode_unique_number")]

    def __str__(self) -> str:
        return f"{self.season} · Episode {self.number}"


class FinalLeg(models.Model):
    """One game of the Final (or, with three finalists, of the semifinal): a 2-player match the host picked."""

    class Stage(models.TextChoices):
        SEMI = "semi", "Semifinal"
        FINAL = "final", "Final"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="final_legs_played")
    stage = models.CharField(max_length=8, choices=Stage.choices)
    number = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=32)
    players = models.JSONField(default=list)
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="season_final_leg"
    )
    winner = models.ForeignKey("Entrant", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["season", "pk"]

    def __str__(self) -> str:
        return f"{self.season} · {self.get_stage_display()} game {self.number}"


class Invite(models.Model):
    """A place in a season offered to a handle: a one-time link (host's invite) or a request by sign-up code.

    An invite (``requested`` False) is accepted by the player setting a password; a request
    (``requested`` True, by a user with an account) waits for a host's approval. Either ends as an
    :class:`Entrant`.
    """

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="invites")
    handle = models.CharField(max_length=150)
    email = models.EmailField(blank=True)
    token = models.CharField(max_length=64, unique=True)
    requested = models.BooleanField(default=False, help_text="Asked for by the player with the sign-up code.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True, help_text="Accepted (invite) or approved (request).")

    class Meta:
        ordering = ["season", "handle"]
        constraints = [models.UniqueConstraint(fields=["season", "handle"], name="invite_unique_handle")]

    def __str__(self) -> str:
        return f"{self.handle} → {self.season}"


class Duel(models.Model):
    """One EC's way to the Death Match: the EC, the DMO they pick, the DM and its loser."""

    episode = models.ForeignKey(Episode, on_delete=models.CASCADE, related_name="duels")
    ec = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="duels_as_ec")
    dmo = models.ForeignKey(Entrant, null=True, blank=True, on_delete=models.CASCADE, related_name="duels_as_dmo")
    match = models.OneToOneField(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="season_duel")
    loser = models.ForeignKey(Entrant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    starts_at = models.DateTimeField(null=True, blank=True, help_text="A scheduled DM's start (it has no match yet).")
    ready = models.JSONField(default=list, blank=True, help_text="Handles of the players who pressed Ready.")
    latest_start = models.DateTimeField(
        null=True, blank=True, help_text="The latest start the two players may agree on (the season's window)."
    )
    proposed_at = models.DateTimeField(null=True, blank=True, help_text="A start one player proposed.")
    proposed_by = models.CharField(max_length=150, blank=True, help_text="Who proposed it (the other agrees).")
    ready_called_for = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The start for which its players were told that Ready awaits them (once per start time).",
    )

    class Meta:
        ordering = ["episode", "pk"]

    def __str__(self) -> str:
        return f"{self.episode}: {self.ec} vs {self.dmo or '?'}"


class Pick(models.Model):
    """A season-level choice with a deadline: an EC picking a DMO, or the MM winners picking the EC."""

    class Kind(models.TextChoices):
        DMO = "dmo", "Death Match opponent pick"
        EC = "ec", "Elimination Candidate pick"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        MADE = "made", "Made"
        TIMED_OUT = "timed_out", "Timed out (drawn by lot)"
        OVERRIDDEN = "overridden", "Set by a host"

    episode = models.ForeignKey(Episode, on_delete=models.CASCADE, related_name="picks")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    picker = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="picks")
    duel = models.ForeignKey(Duel, null=True, blank=True, on_delete=models.CASCADE, related_name="picks")
    deadline = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    choice = models.ForeignKey(Entrant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    made_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["episode", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} by {self.picker}"


class LedgerEntry(models.Model):
    """One append-only change of an entrant's Tokens of Life or garnets, with its reason and source."""

    class Currency(models.TextChoices):
        TOKEN = "token", "Token of Life"
        GARNET = "garnet", "Garnet"

    class Source(models.TextChoices):
        MATCH = "match", "A match"
        HOST = "host", "A host adjustment"
        TRANSFER = "transfer", "A transfer"
        ELIMINATION = "elimination", "Confiscation on elimination"
        TOKEN_USE = "token_use", "A Token of Life spent"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="ledger")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="ledger")
    currency = models.CharField(max_length=8, choices=Currency.choices)
    amount = models.IntegerField()
    reason = models.TextField()
    source = models.CharField(max_length=16, choices=Source.choices)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    counterpart = models.ForeignKey(Entrant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "pk"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.entrant} {self.amount:+d} {self.currency}: {self.reason}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Entries are only ever added: saving an existing one is refused."""
        if self.pk is not None:
            raise ValueError("ledger entries are append-only; add an opposite entry instead")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        """Refused: the ledger is append-only."""
        raise ValueError("ledger entries are append-only; add an opposite entry instead")


class GarnetHold(models.Model):
    """Garnets a saved move will spend, set aside from the free balance until the match is over.

    Made when the move is saved (under the player's row lock, refused if the free balance cannot
    cover it), replaced when the move changes, and at the turn's close either charged (the
    resolved move spends them) or released. A hold counts against the free balance while its
    match runs; when the match ends its outcome's net garnets enter the ledger instead.
    """

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="holds")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="holds")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="+")
    amount = models.PositiveIntegerField()
    charged = models.BooleanField(default=False, help_text="The turn closed and the move spent them.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "pk"]
        constraints = [models.UniqueConstraint(fields=["turn", "entrant"], name="hold_one_per_turn")]

    def __str__(self) -> str:
        return f"{self.entrant} holds {self.amount} garnets ({'charged' if self.charged else 'held'})"


class SeasonLog(models.Model):
    """A step of the season, automatic (``user`` None) or by a host with their reason: the audit log."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="log")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    action = models.CharField(max_length=64)
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} ({self.created_at:%Y-%m-%d %H:%M})"


class Notice(models.Model):
    """A notification for a user: shown on the dashboard and pushed over their websocket."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=32)
    text = models.TextField()
    url = models.CharField(max_length=300, blank=True)
    key = models.CharField(max_length=120, null=True, blank=True, unique=True, help_text="Deduplicates reminders.")
    seen = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "seen"], name="notice_user_seen_idx")]

    def __str__(self) -> str:
        return f"{self.user}: {self.text[:40]}"
