"""Writes of seasons. Each service takes keyword-only arguments, checks, writes, logs; edges call one."""

from seasons.services.entrants import entrant_eliminate, entrant_replace, entrant_restore
from seasons.services.episodes import episode_start
from seasons.services.errors import SeasonError
from seasons.services.ledger import ledger_adjust, ledger_transfer, ledger_undo
from seasons.services.notify import notice_send, season_log
from seasons.services.picks import (
    episode_dmo_pick,
    episode_dmo_set,
    episode_ec_pick,
    episode_ec_set,
    pick_timeout,
    picks_close_due,
)
from seasons.services.seasons import (
    season_create,
    season_finish,
    season_matches_abort,
    season_pause,
    season_resume,
    season_start,
)

__all__ = [
    "SeasonError",
    "entrant_eliminate",
    "entrant_replace",
    "entrant_restore",
    "episode_start",
    "ledger_adjust",
    "ledger_transfer",
    "ledger_undo",
    "notice_send",
    "season_log",
    "episode_dmo_pick",
    "episode_dmo_set",
    "episode_ec_pick",
    "episode_ec_set",
    "pick_timeout",
    "picks_close_due",
    "season_create",
    "season_finish",
    "season_matches_abort",
    "season_pause",
    "season_resume",
    "season_start",
]
