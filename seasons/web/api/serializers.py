"""The season API's shapes (out) and inputs (in)."""

from __future__ import annotations

from rest_framework import serializers

HANDLE_LENGTH = 150
REASON_HELP = "Why (logged in the season, as the host console asks)."


class SeasonSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    status = serializers.CharField()
    hosts = serializers.ListField(child=serializers.CharField())
    alive = serializers.ListField(child=serializers.CharField(), help_text="Alive players in the gamewide order.")
    gamewide_order = serializers.ListField(child=serializers.CharField())
    token_mode = serializers.CharField()
    garnets_public = serializers.BooleanField()
    mm_turn_seconds = serializers.IntegerField()
    dm_game = serializers.CharField()
    champion = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()


class DuelSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    ec = serializers.CharField()
    dmo = serializers.CharField(allow_null=True)
    match = serializers.IntegerField(allow_null=True)
    loser = serializers.CharField(allow_null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    ready = serializers.ListField(child=serializers.CharField())


class EpisodeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    mm_match = serializers.IntegerField(allow_null=True)
    mm_game = serializers.CharField(allow_null=True)
    mm_winners = serializers.ListField(child=serializers.CharField())
    candidates = serializers.ListField(child=serializers.CharField())
    escaped = serializers.ListField(child=serializers.CharField())
    duels = DuelSerializer(many=True)


class StandingSerializer(serializers.Serializer):
    player = serializers.CharField()
    status = serializers.CharField()
    tokens = serializers.IntegerField()
    garnets = serializers.IntegerField(allow_null=True, help_text="null where the season keeps balances hidden.")
    eliminated_in = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)


class LedgerEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.CharField()
    currency = serializers.CharField()
    amount = serializers.IntegerField()
    source = serializers.CharField()  # type: ignore[assignment]  # where the entry came from, not DRF's Field.source
    reason = serializers.CharField()
    match = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()


class OwnLedgerEntrySerializer(LedgerEntrySerializer):
    counterpart = serializers.CharField(allow_null=True)


class PickSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    episode = serializers.IntegerField()
    kind = serializers.CharField()
    picker = serializers.CharField()
    status = serializers.CharField()
    choice = serializers.CharField(allow_null=True)
    deadline = serializers.DateTimeField()
    duel = serializers.IntegerField(allow_null=True)


class HoldSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    turn = serializers.IntegerField()
    amount = serializers.IntegerField()
    charged = serializers.BooleanField()


class MySeasonSerializer(serializers.Serializer):
    player = serializers.CharField()
    status = serializers.CharField()
    tokens = serializers.IntegerField()
    garnets = serializers.IntegerField()
    free_garnets = serializers.IntegerField(help_text="Garnets minus those held by moves in running matches.")
    holds = HoldSerializer(many=True)
    ledger = OwnLedgerEntrySerializer(many=True)
    open_picks = PickSerializer(many=True)


class DueSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["turn", "pick", "death_match"])
    deadline = serializers.DateTimeField(allow_null=True, help_text="null while paused.")
    label = serializers.CharField()  # type: ignore[assignment]  # the item's label, not DRF's Field.label
    match = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField(allow_null=True)
    awaiting = serializers.ListField(child=serializers.CharField())
    locked = serializers.ListField(child=serializers.CharField(), help_text="Locked in (turn) or Ready (Death Match).")
    paused = serializers.BooleanField()
    pick = serializers.IntegerField(allow_null=True)
    duel = serializers.IntegerField(allow_null=True)


class DoneSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What was done, as the season log says it.")


# --- inputs --------------------------------------------------------------------------------------------


class PickInSerializer(serializers.Serializer):
    choice = serializers.CharField(help_text="The player picked (a handle).", max_length=HANDLE_LENGTH)


class TransferInSerializer(serializers.Serializer):
    to = serializers.CharField(help_text="The player who gets the garnets.", max_length=HANDLE_LENGTH)
    amount = serializers.IntegerField(min_value=1, max_value=10**6)


class EpisodeInSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=32, help_text="The Main Match's game (see /api/games/).")
    players = serializers.ListField(
        child=serializers.CharField(max_length=HANDLE_LENGTH),
        max_length=64,
        required=False,
        help_text="Left out: every alive player.",
    )
    options = serializers.DictField(required=False, help_text="The game's options (see /api/games/).")
    dm_game = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")


class ControlInSerializer(serializers.Serializer):
    control = serializers.ChoiceField(
        choices=["close_now", "extend", "deadline", "pause", "resume", "default_move", "replace"]
    )
    reason = serializers.CharField(max_length=500, help_text=REASON_HELP)
    seconds = serializers.IntegerField(
        required=False, min_value=1, max_value=30 * 86400, help_text="extend: by how long."
    )
    deadline = serializers.DateTimeField(required=False, help_text="deadline: the new one (in the future).")
    player = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="default_move / replace: the seat.",
        max_length=HANDLE_LENGTH,
    )
    new_player = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="replace: who takes the seat.", max_length=HANDLE_LENGTH
    )


class EcInSerializer(serializers.Serializer):
    ec = serializers.CharField(help_text="The Elimination Candidate a host names.", max_length=HANDLE_LENGTH)
    replace = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="The EC this one replaces.", max_length=HANDLE_LENGTH
    )
    reason = serializers.CharField(max_length=500, help_text=REASON_HELP)


class DmoInSerializer(serializers.Serializer):
    dmo = serializers.CharField(help_text="The Death Match Opponent a host names.", max_length=HANDLE_LENGTH)
    reason = serializers.CharField(max_length=500, help_text=REASON_HELP)


class AdjustInSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=HANDLE_LENGTH)
    currency = serializers.ChoiceField(choices=["garnet", "token"])
    amount = serializers.IntegerField(min_value=-(10**6), max_value=10**6)
    reason = serializers.CharField(max_length=500, help_text=REASON_HELP)


class ReasonInSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text=REASON_HELP)


class FinalLegInSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=32, help_text="A two-player game for the Final's next game.")
