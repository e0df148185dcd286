"""The one error hierarchy of Garnet, with stable codes, and its one translation.

Services raise a ``GameError`` subclass; every edge (pages, the API, websocket
consumers, the host console) turns it into an answer through ``error_payload``
and ``GameError.status``, so a refusal reads the same everywhere and clients can
branch on ``code`` rather than on wording. Names follow boardgame.io's
(``StaleStateId`` → ``StaleTurn``, ``InactivePlayer``, ``GameOver``).

Codes are part of the API: never rename one; add a new class instead. The apps above the
framework add their own families under ``GameError`` (``seasons.services.errors.SeasonError``,
``reach.services.errors.ReachError``), each raise naming a coded subclass that also inherits the
status family here (``NotFound``, ``Forbidden``, ``Conflict``, ``BadRequest``); ``error_codes``
lists them all once their modules are imported.
"""

from __future__ import annotations

from typing import Any, ClassVar


class GameError(Exception):
    """A request Garnet refused, with nothing changed; ``str(e)`` says why, for a person.

    ``code`` is stable and machine-readable; ``status`` is the HTTP status an edge
    answers with; ``rule`` is True when the refusal names a game rule the move breaks.
    """

    code: ClassVar[str] = "refused"
    default_status: ClassVar[int] = 400
    rule: bool = False

    def __init__(self, message: str = "", *, status: int | None = None, rule: bool | None = None) -> None:
        super().__init__(message or self.__class__.__doc__ or self.code)
        self.status = status if status is not None else self.default_status
        if rule is not None:
            self.rule = rule


class BadRequest(GameError):
    """That request is not understood."""

    code = "bad_request"


class NotFound(GameError):
    """There is no such thing here."""

    code = "not_found"
    default_status = 404


class Forbidden(GameError):
    """You may not do that."""

    code = "forbidden"
    default_status = 403


class Conflict(GameError):
    """Not now: the match or turn is not in a state that allows it."""

    code = "conflict"
    default_status = 409


class SignedOut(GameError):
    """The session that opened this socket has ended (signed out): sign in again."""

    code = "signed_out"
    default_status = 401


class RateLimited(GameError):
    """Too many requests; wait a minute and try again."""

    code = "rate_limited"
    default_status = 429


# --- Submissions (``SubmissionRefused`` is the family the submit path raises). ---


class SubmissionRefused(GameError):
    """A submission that was not stored."""

    code = "submission_refused"


class MatchNotFound(SubmissionRefused, NotFound):
    """There is no such match."""

    code = "match_not_found"


class GameNotInstalled(SubmissionRefused, NotFound):
    """This match's game is not installed here."""

    code = "game_not_installed"


class NotAPlayer(SubmissionRefused, Forbidden):
    """You are not a player in this match."""

    code = "not_a_player"


class MatchPaused(SubmissionRefused, Conflict):
    """This match is paused by its host; submissions wait until it resumes."""

    code = "match_paused"


class GameOver(SubmissionRefused, Conflict):
    """This match is over; it takes no more submissions."""

    code = "game_over"


class NoOpenTurn(SubmissionRefused, Conflict):
    """No turn is open right now."""

    code = "no_open_turn"


class StaleTurn(SubmissionRefused, Conflict):
    """That turn is over (a form or request for a turn that has closed)."""

    code = "stale_turn"


class InactivePlayer(SubmissionRefused, Conflict):
    """The open turn does not await you."""

    code = "inactive_player"


class TurnPaused(SubmissionRefused, Conflict):
    """The turn is paused by the host; try again when it resumes."""

    code = "turn_paused"


class AlreadyLocked(SubmissionRefused, Conflict):
    """You have locked in your move for this turn; it can no longer change."""

    code = "already_locked"


class MalformedMove(SubmissionRefused):
    """The move was not readable."""

    code = "malformed_move"


class InvalidMove(SubmissionRefused):
    """The move breaks a rule of the game; the message names the rule."""

    code = "invalid_move"
    rule = True


def error_payload(exc: GameError) -> dict[str, Any]:
    """The JSON body every edge answers a refusal with: ``{"code", "detail", "rule"}``."""
    return {"code": exc.code, "detail": str(exc), "rule": bool(exc.rule)}


def error_codes() -> dict[str, type[GameError]]:
    """Every stable code and its class (for the API schema and the tests)."""
    found: dict[str, type[GameError]] = {}
    stack: list[type[GameError]] = [GameError]
    while stack:
        cls = stack.pop()
        found.setdefault(cls.code, cls)
        stack.extend(cls.__subclasses__())
    return found
