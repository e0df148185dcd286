"""The season settings a host may change, declared once: what each means, in which words and units it
is shown, and until when it may change (seasons/RULES.md, "Changing the settings").

The console's settings form (:class:`seasons.web.settings_form.SeasonSettingsForm`) is generated from
:data:`SETTINGS`, and :func:`seasons.services.settings.season_settings_update` checks every change
against the same declaration, so the page and the service cannot disagree.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from seasons.durations import LEAD_TIMES, LIVE_TIMES, LONG_TIMES, WINDOWS, duration_words
from seasons.models import Season


class When(enum.Enum):
    """Until when a setting may change."""

    ALWAYS = "always"  # until the season is finished
    DRAFT = "draft"  # until the season starts
    BETWEEN_EPISODES = "between"  # before the start, or while no episode is open
    BEFORE_FINAL = "final"  # until the first game of the Final (or semifinal) starts


@dataclass(frozen=True)
class SeasonSetting:
    """One setting: the model field it stores, its words, its kind and until when it may change.

    ``kind`` is ``choice`` (``choices`` or, for ``dm_game`` / ``time_zone``, given by the page),
    ``bool``, ``int`` (``low``..``high``) or ``text``. ``to_field`` / ``to_model`` translate between
    the stored value and the form's (a blank Death Match turn is the choice 0; the sign-up code is
    "open or not").
    """

    name: str
    label: str
    help: str
    group: str
    when: When
    kind: str
    choices: tuple[tuple[Any, str], ...] = ()
    low: int = 0
    high: int = 0
    to_field: Callable[[Any], Any] = lambda v: v
    to_model: Callable[[Any, Season], Any] = lambda v, s: v
    closed_why: str = ""  # why it is closed after its stage, where the stage's own words do not fit

    def words(self, value: Any) -> str:
        """How a stored value reads in the log and on the page."""
        shown = self.to_field(value)
        for key, label in self.choices:
            if key == shown:
                return label
        if self.kind == "bool":
            return "yes" if shown else "no"
        return str(shown)


def _with_current(choices: list[tuple[int, str]], value: int) -> tuple[tuple[int, str], ...]:
    """Choices that also hold a current value set elsewhere (the admin, the API), in words."""
    keys = {k for k, _ in choices}
    return tuple(sorted([*choices, *([] if value in keys else [(value, duration_words(value))])]))


def _signup_model(open_: Any, season: Season) -> str:
    if not open_:
        return ""
    return season.signup_code or secrets.token_urlsafe(6)


SETTINGS: tuple[SeasonSetting, ...] = (
    SeasonSetting("name", "Season name", "Shown to players and spectators.", "The season", When.ALWAYS, "text"),
    SeasonSetting(
        "hosts",
        "Hosts",
        "Handles of everyone who runs this season, separated by commas: each sees this console and may "
        "change these settings. An account must exist; the season keeps at least one host.",
        "The season",
        When.ALWAYS,
        "handles",
        to_field=lambda v: ", ".join(v),
    ),
    SeasonSetting(
        "time_zone",
        "Time zone",
        "Times on your console are shown in it.",
        "The season",
        When.ALWAYS,
        "choice",
    ),
    SeasonSetting(
        "signup_code",
        "Sign-up link open",
        "One shared link players use to ask to join (a newcomer makes an account on the way); you approve "
        "each. Closing it makes the link stop working; opening it again keeps the same link.",
        "The season",
        When.DRAFT,
        "bool",
        to_field=bool,
        to_model=_signup_model,
        closed_why="Players join only before the season starts.",
    ),
    SeasonSetting(
        "mm_turn_seconds",
        "Main Match round",
        "How long each Main Match round stays open, from the next Main Match on (a running one keeps its "
        "rounds; extend a round from Matches in play).",
        "Times",
        When.ALWAYS,
        "choice",
        choices=tuple(LONG_TIMES),
    ),
    SeasonSetting(
        "dm_turn_seconds",
        "Death Match turn",
        "How long each turn of a Death Match lasts; the game's own is 1 minute in Warriors' Death. Death "
        "Matches already running keep theirs.",
        "Times",
        When.ALWAYS,
        "choice",
        choices=tuple(LIVE_TIMES),
        to_field=lambda v: v or 0,
        to_model=lambda v, s: int(v) or None,
    ),
    SeasonSetting(
        "pick_seconds",
        "Time to pick",
        "How long the Elimination Candidate has to pick a Death Match opponent (and the Main Match winners "
        "to pick the Elimination Candidate); after that the opponent is drawn by lot. Open picks keep "
        "their deadline.",
        "Times",
        When.ALWAYS,
        "choice",
        choices=tuple(LONG_TIMES),
    ),
    SeasonSetting(
        "dm_lead_seconds",
        "Death Match starts after",
        "Time from the opponent's pick to the Death Match's first turn; it starts sooner when both players "
        "press Ready.",
        "Times",
        When.ALWAYS,
        "choice",
        choices=tuple(LEAD_TIMES),
    ),
    SeasonSetting(
        "dm_window_hours",
        "Players may agree on a later start",
        "One of the two Death Match players proposes a start within this window; it moves once the other agrees.",
        "Times",
        When.ALWAYS,
        "choice",
        choices=tuple(WINDOWS),
    ),
    SeasonSetting(
        "dm_no_show",
        "A player not ready at the start",
        "What happens when a scheduled Death Match starts and a player is not there.",
        "Times",
        When.ALWAYS,
        "choice",
        choices=(
            (Season.NoShow.DEFAULT.value, "it starts; they get default moves"),
            (Season.NoShow.FORFEIT.value, "they forfeit"),
        ),
    ),
    SeasonSetting(
        "dm_game",
        "Default Death Match game",
        "Each episode may pick another on the console until its Death Match starts.",
        "Rules of play",
        When.ALWAYS,
        "choice",
    ),
    SeasonSetting(
        "token_mode",
        "Tokens of Life are",
        "Spent: a token lets the Elimination Candidate escape the Death Match. Shield: a holder cannot be "
        "picked as Death Match opponent.",
        "Rules of play",
        When.BETWEEN_EPISODES,
        "choice",
        choices=(
            (Season.TokenMode.SHIELD.value, "a shield"),
            (Season.TokenMode.SPENT.value, "spent to escape"),
        ),
    ),
    SeasonSetting(
        "ecs_per_episode",
        "Elimination Candidates per episode",
        "Each plays their own Death Match, so this many players can be eliminated per episode.",
        "Rules of play",
        When.BETWEEN_EPISODES,
        "choice",
        choices=((1, "1"), (2, "2"), (3, "3")),
    ),
    SeasonSetting(
        "mm_winners_pick_ec",
        "The Main Match winners pick the Elimination Candidate",
        "Otherwise the Main Match's own loser is the Elimination Candidate.",
        "Rules of play",
        When.BETWEEN_EPISODES,
        "bool",
    ),
    SeasonSetting(
        "ec_pick_way",
        "How the winners pick",
        "The first winner: the winner first in the gamewide tiebreak order names every candidate. Each: "
        "each winner names one, in that order. Vote: most votes, ties by that order. A pick that times "
        "out names the game's next candidate.",
        "Rules of play",
        When.BETWEEN_EPISODES,
        "choice",
        choices=(
            (Season.EcPickWay.FIRST.value, "the first winner names all"),
            (Season.EcPickWay.EACH.value, "each winner names one"),
            (Season.EcPickWay.VOTE.value, "the winners vote"),
        ),
    ),
    SeasonSetting(
        "confiscate_garnets",
        "Confiscate an eliminated player's garnets",
        "Applies to eliminations from now on; earlier ones stay as they were.",
        "Garnets and tokens",
        When.ALWAYS,
        "bool",
    ),
    SeasonSetting(
        "garnets_public",
        "Everyone sees every garnet balance",
        "Otherwise each player sees only their own (hosts see all).",
        "Garnets and tokens",
        When.ALWAYS,
        "bool",
    ),
    SeasonSetting(
        "starting_garnets",
        "Starting garnets",
        "Garnets each player holds when the season starts.",
        "Garnets and tokens",
        When.DRAFT,
        "int",
        low=0,
        high=1000,
    ),
    SeasonSetting(
        "starting_tokens",
        "Starting Tokens of Life",
        "Tokens of Life each player holds when the season starts.",
        "Garnets and tokens",
        When.DRAFT,
        "int",
        low=0,
        high=10,
    ),
    SeasonSetting(
        "finalists",
        "Finalists",
        "The Final begins when this many players are left.",
        "The Final",
        When.BEFORE_FINAL,
        "choice",
        choices=((2, "2"), (3, "3: a semifinal and a bye")),
    ),
    SeasonSetting(
        "final_legs",
        "The Final is",
        "Two-player games you pick for each game of the Final.",
        "The Final",
        When.BEFORE_FINAL,
        "choice",
        choices=((1, "1 game"), (3, "best of 3"), (5, "best of 5"), (7, "best of 7")),
    ),
)

BY_NAME = {s.name: s for s in SETTINGS}

DURATION_SETTINGS = frozenset({"mm_turn_seconds", "pick_seconds", "dm_lead_seconds"})
"""Settings whose choices grow to hold a current value set elsewhere (the admin, the API)."""


def setting_value(season: Season, name: str) -> Any:
    """A setting's stored value (the hosts: their handles, sorted)."""
    if name == "hosts":
        return sorted(str(u.username) for u in season.hosts.all())
    return getattr(season, name)


def setting_choices(setting: SeasonSetting, value: Any) -> tuple[tuple[Any, str], ...]:
    """The choices a setting offers for a season whose value is ``value`` (stored form)."""
    if setting.name in DURATION_SETTINGS:
        return _with_current(list(setting.choices), int(value))
    if setting.name == "dm_turn_seconds":
        return _with_current(list(setting.choices), int(value or 0))
    return setting.choices


def setting_closed(season: Season, setting: SeasonSetting) -> str:
    """Why ``setting`` cannot change in ``season`` now ("" when it can)."""
    if season.status == Season.Status.FINISHED:
        return "The season is finished: its settings are kept as they were played."
    if setting.when is When.DRAFT and season.status != Season.Status.DRAFT:
        return setting.closed_why or "Fixed once the season started: every player began with it."
    if setting.when is When.BETWEEN_EPISODES and season.episodes.exclude(status="done").exists():
        return "Changes between episodes: the open episode is played by the rules it started with."
    if setting.when is When.BEFORE_FINAL and season.final_legs_played.exists():
        return "Fixed once the Final started."
    return ""
