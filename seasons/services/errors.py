"""The errors season services raise: ``SeasonError`` and its coded subclasses (one hierarchy, ``core.errors``).

``SeasonError`` is the family root (``except SeasonError`` catches every season refusal); a raise always
names a subclass, whose ``code`` is stable API and whose status family (``NotFound`` 404, ``Forbidden``
403, ``Conflict`` 409, ``BadRequest`` 400) is the HTTP status every edge answers with. Codes are part of
the API: never rename one; add a new class instead.
"""

from __future__ import annotations

from core.errors import BadRequest, Conflict, Forbidden, GameError, NotFound


class SeasonError(GameError):
    """A season step refused; ``str(e)`` says why, for the person who asked.

    Only the family root: every raise names one of the coded subclasses below.
    """

    code = "season_refused"


# --- 404: what the request names is not in this season. ---


class SeasonNotFound(SeasonError, NotFound):
    """There is no such season."""

    code = "season_not_found"


class EpisodeNotFound(SeasonError, NotFound):
    """There is no such episode in this season."""

    code = "episode_not_found"


class PickNotFound(SeasonError, NotFound):
    """There is no such pick in this season."""

    code = "pick_not_found"


class DuelNotFound(SeasonError, NotFound):
    """There is no such Death Match in this season."""

    code = "duel_not_found"


class SeasonMatchNotFound(SeasonError, NotFound):
    """That match is not part of this season."""

    code = "season_match_not_found"


class InviteNotFound(SeasonError, NotFound):
    """There is no such invite, sign-up code or open request in this season."""

    code = "invite_not_found"


class LedgerEntryNotFound(SeasonError, NotFound):
    """There is no such ledger entry in this season."""

    code = "ledger_entry_not_found"


class LogStepNotFound(SeasonError, NotFound):
    """There is no such step in this season's log."""

    code = "log_step_not_found"


# --- 403: the caller may not take this step. ---


class NotSeasonHost(SeasonError, Forbidden):
    """Only this season's hosts may do this."""

    code = "not_season_host"


class NotSeasonPlayer(SeasonError, Forbidden):
    """You are not a player in this season."""

    code = "not_season_player"


class Eliminated(SeasonError, Forbidden):
    """You have been eliminated: you can no longer act in this season."""

    code = "eliminated"


class NotYourPick(SeasonError, Forbidden):
    """This pick belongs to another player."""

    code = "not_your_pick"


class NotDuelPlayer(SeasonError, Forbidden):
    """Only the two players of this Death Match can do this."""

    code = "not_duel_player"


# --- 409: the season, episode, Death Match or match is not at a moment that allows it. ---


class SeasonNotRunning(SeasonError, Conflict):
    """The season is not running."""

    code = "season_not_running"


class SeasonPaused(SeasonError, Conflict):
    """The season is paused by its hosts; nothing moves until it resumes."""

    code = "season_paused"


class SeasonNotPaused(SeasonError, Conflict):
    """Only a paused season can be resumed."""

    code = "season_not_paused"


class SeasonStarted(SeasonError, Conflict):
    """This season has already started: casting and the gamewide order are fixed."""

    code = "season_started"


class SeasonFinished(SeasonError, Conflict):
    """This season is already finished."""

    code = "season_finished"


class SettingLocked(SeasonError, Conflict):
    """That setting cannot change at this stage of the season (seasons/RULES.md, "Changing the settings")."""

    code = "setting_locked"


class SeasonNotOver(SeasonError, Conflict):
    """The season cannot finish yet: matches are unfinished or the Final has not crowned a champion."""

    code = "season_not_over"


class EpisodeNotOver(SeasonError, Conflict):
    """The current episode is not over yet."""

    code = "episode_not_over"


class EpisodeOver(SeasonError, Conflict):
    """That episode is over; what it was played with can no longer change."""

    code = "episode_over"


class FinalNotReady(SeasonError, Conflict):
    """The Final cannot start a game now (too many players left, an episode open, or a game still running)."""

    code = "final_not_ready"


class PickClosed(SeasonError, Conflict):
    """This pick has already been made."""

    code = "pick_closed"


class NoCandidate(SeasonError, Conflict):
    """Nobody is left who could be named; a host must settle it."""

    code = "no_candidate"


class DuelStarted(SeasonError, Conflict):
    """This Death Match has already started."""

    code = "duel_started"


class DuelNotScheduled(SeasonError, Conflict):
    """This Death Match has no opponent or start yet."""

    code = "duel_not_scheduled"


class DuelStartFixed(SeasonError, Conflict):
    """In this season only a host moves a Death Match's start."""

    code = "duel_start_fixed"


class NoStartProposed(SeasonError, Conflict):
    """There is no (future) start proposed by the other player to agree to."""

    code = "no_start_proposed"


class TokenNotSpendable(SeasonError, Conflict):
    """No Token of Life can be spent here (none held, or this season's tokens shield instead)."""

    code = "token_not_spendable"


class InsufficientFunds(SeasonError, Conflict):
    """The balance is too low for that: nothing was written."""

    code = "insufficient_funds"


class EntrantNotAlive(SeasonError, Conflict):
    """That player is no longer alive in this season."""

    code = "entrant_not_alive"


class EntrantNotEliminated(SeasonError, Conflict):
    """That player is not an eliminated player of this season."""

    code = "entrant_not_eliminated"


class AlreadyInSeason(SeasonError, Conflict):
    """That user is already in this season."""

    code = "already_in_season"


class HandleTaken(SeasonError, Conflict):
    """That handle is already taken: ask your host for a new invite."""

    code = "handle_taken"


class MatchNotRunning(SeasonError, Conflict):
    """The match is not running (resume it first)."""

    code = "match_not_running"


class MatchTurnNotOpen(SeasonError, Conflict):
    """This match has no open turn."""

    code = "match_turn_not_open"


class DefaultMoveRefused(SeasonError, Conflict):
    """The default move could not be locked in; the message says why."""

    code = "default_move_refused"


# --- 400: a value or name in the request cannot be used. ---


class UnknownPlayer(SeasonError, BadRequest):
    """That name is not a player in this season."""

    code = "unknown_player"


class UnknownUser(SeasonError, BadRequest):
    """There is no such user."""

    code = "unknown_user"


class PlayerNotAlive(SeasonError, BadRequest):
    """That player has been eliminated and cannot be chosen for this."""

    code = "player_not_alive"


class TargetRefused(SeasonError, BadRequest):
    """That player cannot be chosen for this (immune, not in the match, already an EC, yourself...)."""

    code = "target_refused"


class UnknownGame(SeasonError, BadRequest):
    """There is no such game."""

    code = "unknown_game"


class GameUnsuitable(SeasonError, BadRequest):
    """That game cannot be played here (not a Death Match, or not for this many players)."""

    code = "game_unsuitable"


class GameNotShared(SeasonError, Forbidden):
    """A dealer's game none of the season's hosts designed, not published yet (issue 47); the message
    names no title, so a guessed id tells nothing of another designer's draft."""

    code = "game_not_shared"


class MatchSetupRefused(SeasonError, BadRequest):
    """The match cannot start as asked (its options or players); the message says why."""

    code = "match_setup_refused"


class BadSeasonSettings(SeasonError, BadRequest):
    """A season setting is out of range."""

    code = "bad_season_settings"


class SlugTaken(SeasonError, BadRequest):
    """A season with that slug already exists."""

    code = "slug_taken"


class BadRoster(SeasonError, BadRequest):
    """The roster or order cannot be read (a bad handle, nobody listed, or not everyone once)."""

    code = "bad_roster"


class RosterNotReady(SeasonError, BadRequest):
    """The season cannot start yet: too few players, or invites still waiting."""

    code = "roster_not_ready"


class BadPassword(SeasonError, BadRequest):
    """That password is refused; the message says why."""

    code = "bad_password"


class BadAmount(SeasonError, BadRequest):
    """That currency or amount cannot be used."""

    code = "bad_amount"


class NotConfirmed(SeasonError, BadRequest):
    """Confirm first: nothing was done."""

    code = "not_confirmed"


class BadStartTime(SeasonError, BadRequest):
    """Pick a start time in the window offered."""

    code = "bad_start_time"


class BadDeadline(SeasonError, BadRequest):
    """Choose a new deadline in the future or a positive extension."""

    code = "bad_deadline"


class NotAwaited(SeasonError, BadRequest):
    """That player is not awaited in the open turn."""

    code = "not_awaited"


class UnknownSeat(SeasonError, BadRequest):
    """This match has no such seat."""

    code = "unknown_seat"


class UnknownControl(SeasonError, BadRequest):
    """That is not a match control."""

    code = "unknown_control"


class DuelNotHalfDone(SeasonError, Conflict):
    """This Death Match needs no settling: it is decided, or it runs (its match decides it)."""

    code = "duel_not_half_done"


class DuelLoserRefused(SeasonError, BadRequest):
    """That player cannot be recorded as this Death Match's loser."""

    code = "duel_loser_refused"


class DuelNeedsHost(SeasonError, Conflict):
    """A player of this Death Match is no longer alive: a host settles it on the console."""

    code = "duel_needs_host"
