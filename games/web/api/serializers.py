"""API shapes. The game view is the engine's view for the caller, passed through as is."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from core.jsoninput import JsonInputError, json_check
from games.web.api.errors import answer_codes


class TurnSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.CharField()  # type: ignore[assignment]  # the turn's label, not DRF's Field.label
    status = serializers.CharField()
    deadline = serializers.DateTimeField()
    paused = serializers.BooleanField(source="is_paused")
    awaiting = serializers.ListField(child=serializers.CharField())


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    created_at = serializers.DateTimeField()


class SubmissionOutSerializer(serializers.Serializer):
    """A saved move (``submission_out`` builds the same for the save's answer)."""

    turn = serializers.IntegerField(source="turn.number")
    move = serializers.DictField()
    locked = serializers.BooleanField()
    submitted_at = serializers.DateTimeField()
    revision = serializers.IntegerField()


class MatchDetailSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    me = serializers.CharField(
        allow_null=True,
        help_text='The seat I play (null: I watch). A host of a dealer\'s game who plays no seat sits in "~dealer".',
    )
    role = serializers.CharField()
    turn = TurnSerializer(allow_null=True)
    view = serializers.DictField()
    submission = SubmissionOutSerializer(allow_null=True)
    locked_players = serializers.ListField(child=serializers.CharField())
    last_seq = serializers.IntegerField(help_text="The number of the last public log line.")
    private_seq = serializers.IntegerField(allow_null=True, help_text="The number of my last private line.")
    seed_sha256 = serializers.CharField(help_text="sha256 of the seed, published at the start (the deal's commitment).")
    seed = serializers.CharField(allow_null=True, help_text="The seed, revealed once the match is over.")
    outcome = serializers.DictField(allow_null=True)


class MessageSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    turn_number = serializers.IntegerField()
    text = serializers.CharField()
    private = serializers.SerializerMethodField()

    def get_private(self, obj: Any) -> bool:
        return obj.to is not None


_MAX_TURN = 2**31 - 1  # a turn number the database holds


class SubmitInSerializer(serializers.Serializer):
    """A save's body (``submit_in`` reads the plain ones without the fields)."""

    move = serializers.DictField(help_text="The move in the game's public notation.")
    lock = serializers.BooleanField(default=False)
    turn = serializers.IntegerField(
        required=False, min_value=1, max_value=_MAX_TURN, help_text="Refuse unless this turn is open."
    )

    def validate_move(self, value: dict[str, Any]) -> dict[str, Any]:
        """The move within the JSON entry point's limits (a form-encoded body skips the JSON parser)."""
        try:
            return json_check(value, field="move")
        except JsonInputError as exc:
            raise serializers.ValidationError(exc.problem) from exc


_WHEN = serializers.DateTimeField()  # unbound: what it writes depends only on the active zone and the settings


def submit_in(data: Any) -> dict[str, Any] | None:
    """``SubmitInSerializer``'s validated data for a JSON body that it would take as it is, read directly; None
    for any other body (a form's, a missing, mistyped or out-of-range field), which the serializer then reads and
    words its refusal for. The serializer's fields cost an API save about a twentieth of its CPU."""
    if type(data) is not dict or type(data.get("move")) is not dict:
        return None
    lock, turn = data.get("lock", False), data.get("turn")
    if type(lock) is not bool or ("turn" in data and (type(turn) is not int or not 1 <= turn <= _MAX_TURN)):
        return None
    try:
        move = json_check(data["move"], field="move")
    except JsonInputError:
        return None
    found: dict[str, Any] = {"move": {str(key): value for key, value in move.items()}, "lock": lock}
    if "turn" in data:
        found["turn"] = turn
    return found


def submission_out(submission: Any) -> dict[str, Any]:
    """What ``SubmissionOutSerializer`` gives for ``submission``, built directly (the answer to every API save)."""
    return {
        "turn": int(submission.turn.number),
        "move": {str(key): value for key, value in submission.move.items()},
        "locked": bool(submission.locked),
        "submitted_at": _WHEN.to_representation(submission.submitted_at),
        "revision": int(submission.revision),
    }


class ErrorCodeField(serializers.CharField):
    """A refusal's stable code; the schema lists every one (``answer_codes``)."""


class ErrorCodeFieldSchema(OpenApiSerializerFieldExtension):
    """Draws ``ErrorCodeField`` as an enum of every code, so clients can branch on them (codes are API)."""

    target_class = ErrorCodeField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "enum": answer_codes()}


class ErrorSerializer(serializers.Serializer):
    code = ErrorCodeField(help_text="Stable machine-readable code (core.errors), e.g. stale_turn.")
    detail = serializers.CharField()
    rule = serializers.BooleanField(required=False)


class GameSerializer(serializers.Serializer):
    """An installed game and its declared options, as a JSON Schema generated from ``options_schema``."""

    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.DictField(
        help_text="JSON Schema of the options a host may set (x-filled-by-season: the season fills it in)."
    )
