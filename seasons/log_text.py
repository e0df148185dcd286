"""The season log read as sentences ("Episode 2: ann was named EC"), never as dicts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from seasons.models import SeasonLog

D = Mapping[str, Any]


def _ep(d: D) -> str:
    return f"Episode {d['episode']}: " if d.get("episode") else ""


def _names(items: Any) -> str:
    return ", ".join(map(str, items or [])) or "nobody"


def _at(d: D) -> str:
    try:
        return f"{datetime.fromisoformat(str(d.get('starts'))):%Y-%m-%d %H:%M} UTC"
    except ValueError:
        return "a new time"


def _game(choice: Any) -> str:
    """A game as people name it: a dealer's game by its title, never "house:1" (issue 38)."""
    from seasons.selectors.game_choice import game_choice_name  # the log's words need the registry only here

    return game_choice_name(str(choice or "")) if choice else "a game"


SENTENCES: dict[str, Callable[[D], str]] = {
    "season_create": lambda d: (
        "The season was created" + (f" with {_names(d.get('players'))}." if d.get("players") else ".")
    ),
    "season_cast": lambda d: (
        f"Cast {_names(d.get('players'))}"
        + (f"; invites for {_names(d.get('invited'))}" if d.get("invited") else "")
        + "."
    ),
    "invite_accept": lambda d: f"{d.get('player')} accepted their invite.",
    "join_request": lambda d: f"{d.get('player')} asked to join with the sign-up code.",
    "join_approve": lambda d: f"{d.get('player')} was approved to join.",
    "order_set": lambda d: f"The gamewide tiebreak order was set: {_names(d.get('gamewide_order'))}.",
    "season_start": lambda d: f"The season started; gamewide tiebreak order {_names(d.get('gamewide_order'))}.",
    "season_pause": lambda d: "The season was paused.",
    "season_resume": lambda d: "The season resumed.",
    "season_finish": lambda d: f"The season finished; finalists {_names(d.get('finalists'))}.",
    "episode_start": lambda d: (
        f"{_ep(d)}the Main Match ({_game(d.get('game'))}) started with {_names(d.get('players'))}."
    ),
    "mm_finished": lambda d: (
        f"{_ep(d)}the Main Match ended; winners {_names((d.get('outcome') or {}).get('winners'))}."
    ),
    "ec_named": lambda d: (
        f"{_ep(d)}{d.get('player')} was named the Elimination Candidate (EC)"
        + (f": {d['why']}." if d.get("why") else ".")
    ),
    "ec_set": lambda d: (
        f"{_ep(d)}a host named {d.get('ec')} the Elimination Candidate"
        + (f" in place of {d['replaced']}" if d.get("replaced") else "")
        + "."
    ),
    "no_ec": lambda d: f"{_ep(d)}nobody could be named Elimination Candidate; no Death Match.",
    "token_spent": lambda d: f"{_ep(d)}{d.get('player')} spent a Token of Life to escape the Death Match.",
    "dm_scheduled": lambda d: f"{_ep(d)}the Death Match {d.get('ec')} vs {d.get('dmo')} was scheduled.",
    "dm_rescheduled": lambda d: f"{_ep(d)}a host moved the start of {d.get('ec')} vs {d.get('dmo')}.",
    "dm_time_proposed": lambda d: f"{_ep(d)}{d.get('player')} proposed to start the Death Match at {_at(d)}.",
    "dm_time_agreed": lambda d: (
        f"{_ep(d)}{d.get('player')} agreed with {d.get('other')}: the Death Match starts {_at(d)}."
    ),
    "dm_ready": lambda d: f"{_ep(d)}{d.get('player')} is ready for the Death Match.",
    "dm_forfeit": lambda d: f"{_ep(d)}{d.get('player')} did not show up for the Death Match and forfeits.",
    "dm_game_set": lambda d: f"{_ep(d)}a host set the Death Match game: {_game(d.get('game'))}.",
    "dm_start": lambda d: f"{_ep(d)}the Death Match {d.get('ec')} vs {d.get('dmo')} started.",
    "dm_lost_when_out": lambda d: (
        f"{_ep(d)}{d.get('player')} lost the Death Match after a host had eliminated them; that elimination stands."
    ),
    "duel_settle": lambda d: (
        f"{_ep(d)}a host settled the Death Match {d.get('ec')} vs {d.get('dmo')}: {d.get('loser')} lost."
    ),
    "entrant_eliminate": lambda d: (
        f"{_ep(d)}{d.get('player')} was eliminated"
        + (f" ({d['confiscated']} garnets confiscated)" if d.get("confiscated") else "")
        + "."
    ),
    "entrant_restore": lambda d: f"{d.get('player')} was restored to the season.",
    "entrant_replace": lambda d: f"{d.get('new')} replaced {d.get('old')}.",
    "ledger_adjust": lambda d: f"{d.get('player')} {int(d.get('amount') or 0):+d} {d.get('currency')}.",
    "ledger_undo": lambda d: "A ledger entry was undone.",
    "transfer": lambda d: f"{d.get('sender')} sent {d.get('amount')} garnets to {d.get('to')}.",
    "final_leg_start": lambda d: (
        f"{d.get('stage')} game {d.get('number')} ({_game(d.get('game'))}) started: "
        f"{_names(d.get('players'))}" + (f"; {d['bye']} has the bye" if d.get("bye") else "") + "."
    ),
    "final_leg_won": lambda d: f"{d.get('player')} won {d.get('stage')} game {d.get('number')}.",
    "final_leg_draw": lambda d: f"{d.get('stage')} game {d.get('number')} was drawn and does not count.",
    "champion": lambda d: f"{d.get('player')} won the Final against {d.get('runner_up')} and is the champion!",
    "match_control": lambda d: f"A host {d.get('text', 'used a match control')}.",
    "settings_change": lambda d: (
        "A host changed the settings: "
        + "; ".join(f"{label} {was} → {now}" for label, was, now in _setting_changes(d.get("changes")))
        + "."
    ),
    "confirm": lambda d: f"A host checked an automatic step ({str(d.get('confirmed') or '').replace('_', ' ')}).",
}


def _setting_changes(changes: Any) -> list[tuple[str, str, str]]:
    """A settings step's changes as (label, was, now), in the form's order (an object, as first written, too)."""
    if isinstance(changes, dict):
        return [(label, *pair) for label, pair in changes.items()]
    return [(label, was, now) for label, was, now in changes or ()]


def log_sentence(entry: SeasonLog) -> str:
    """One log entry as a sentence (who and why are shown beside it by the page)."""
    d = entry.details or {}
    if entry.action.startswith("dmo_"):
        how = {
            "dmo_made": "picked",
            "dmo_timed_out": "was drawn by lot for",
            "dmo_overridden": "was set by a host for",
        }.get(entry.action, "picked")
        if how == "picked":
            return f"{_ep(d)}{d.get('ec')} picked {d.get('dmo')} as their Death Match Opponent."
        return f"{_ep(d)}{d.get('dmo')} {how} {d.get('ec')} as Death Match Opponent."
    if entry.action.startswith("ec_pick_"):
        return f"{d.get('ec')} was named the Elimination Candidate by the Main Match winners ({d.get('picker')})."
    make = SENTENCES.get(entry.action)
    if make is None:
        return entry.action.replace("_", " ").capitalize() + "."
    text = make(d)
    return text[0].upper() + text[1:]
