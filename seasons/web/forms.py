"""Forms of the season pages: a transfer (with its confirmation step), a pick, the host's steps."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from accounts.models import time_zone_choices
from seasons.durations import LONG_TIMES
from seasons.models import LedgerEntry, Season


class TransferForm(forms.Form):
    """Garnets to another player; the page asks the sender to confirm before anything moves."""

    to = forms.CharField(max_length=150, label="To (handle)")
    amount = forms.IntegerField(min_value=1, label="Garnets")
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)


class PickForm(forms.Form):
    """The player the picker names."""

    choice = forms.CharField(max_length=150, label="Player")


class HostStepForm(forms.Form):
    """One host step on the season console: a named button posts its step and what it names (hidden),
    with the reason the host typed beside it. Nobody types an id: buttons carry them."""

    STEPS = [
        ("pause", "Pause the season"),
        ("resume", "Resume the season"),
        ("adjust", "Adjust the ledger"),
        ("undo_entry", "Undo a ledger entry"),
        ("replace", "Replace a player"),
        ("restore", "Undo an elimination"),
        ("eliminate", "Eliminate a player"),
        ("ec_set", "Name an Elimination Candidate"),
        ("dmo_set", "Set a Death Match opponent"),
        ("confirm", "Confirm an automatic step"),
        ("abort_matches", "Abort the season's unfinished matches"),
        ("finish", "Finish the season"),
        ("cast", "Add players"),
        ("order_up", "Move up in the tiebreak order"),
        ("order_random", "Randomise the tiebreak order"),
        ("approve", "Approve a sign-up"),
        ("start", "Start the season"),
        ("match", "Match control"),
        ("schedule", "Set a Death Match's start"),
        ("final_leg", "Start a game of the Final"),
        ("token_escape", "Spend a Token of Life for an Elimination Candidate"),
        ("dm_game", "Change the episode's Death Match game"),
    ]
    NO_REASON = frozenset({"cast", "order_up", "order_random", "approve", "start", "final_leg"})

    step = forms.ChoiceField(choices=STEPS)
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)
    player = forms.CharField(max_length=150, required=False)
    other = forms.CharField(max_length=150, required=False)
    currency = forms.ChoiceField(choices=LedgerEntry.Currency.choices, required=False)
    amount = forms.IntegerField(required=False)
    target_id = forms.IntegerField(required=False, widget=forms.HiddenInput)
    roster = forms.CharField(required=False, widget=forms.Textarea)
    control = forms.CharField(max_length=16, required=False)
    seconds = forms.IntegerField(required=False, min_value=1)
    minutes = forms.IntegerField(required=False, min_value=1, max_value=60 * 24 * 14)
    deadline = forms.DateTimeField(required=False, input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"])
    confirm = forms.BooleanField(required=False)

    def clean(self) -> dict[str, object]:
        """Giving a seat away needs its box ticked. Reasons are optional (issue 26): a step is logged with
        the reason given, or none."""
        data = super().clean() or {}
        if data.get("step") == "match" and data.get("control") == "replace" and not data.get("confirm"):
            raise forms.ValidationError("Tick the box to confirm that the seat changes hands.")
        return data


class EpisodeStartForm(forms.Form):
    """The host picks a game and the alive players of the Main Match."""

    game = forms.ChoiceField(choices=[])
    players = forms.MultipleChoiceField(choices=[], widget=forms.CheckboxSelectMultiple)
    dm_game = forms.ChoiceField(choices=[], required=False, label="Death Match game")

    def __init__(
        self,
        *args: object,
        games: list[tuple[str, str]],
        alive: list[str],
        dm_games: Sequence[tuple[str, str]] = (),
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["game"].choices = games  # type: ignore[attr-defined]
        self.fields["dm_game"].choices = [("", "the season's")] + list(dm_games)  # type: ignore[attr-defined]
        self.fields["players"].choices = [(h, h) for h in alive]  # type: ignore[attr-defined]


DURATIONS = LONG_TIMES  # the Settings page offers the same (issue 46)


class SeasonNewForm(forms.Form):
    """A new season: its name, each setting with a one-line explanation, and the pasted roster."""

    name = forms.CharField(max_length=120, help_text="Shown to players, e.g. “Garnet Season 3”.")
    roster = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8, "autocapitalize": "none"}),
        required=False,
        label="Players",
        help_text="Paste handles, one a line; add an e-mail after a handle "
        "to mail their invite. Handles without an account get an invite link.",
    )
    starting_garnets = forms.IntegerField(min_value=0, initial=0, help_text="Garnets each player starts with.")
    starting_tokens = forms.IntegerField(
        min_value=0,
        max_value=10,
        initial=0,
        label="Starting Tokens of Life",
        help_text="Tokens of Life each player starts with.",
    )
    token_mode = forms.ChoiceField(
        choices=Season.TokenMode.choices,
        initial=Season.TokenMode.SHIELD,
        label="Tokens of Life are",
        help_text="Spent to escape being the Elimination Candidate, or a shield against being picked as a Death Match opponent.",
    )
    confiscate_garnets = forms.BooleanField(
        required=False, initial=True, help_text="An eliminated player's garnets are taken from the game."
    )
    garnets_public = forms.BooleanField(
        required=False, initial=True, help_text="Everyone sees every balance on the season page."
    )
    mm_turn_seconds = forms.TypedChoiceField(
        choices=DURATIONS,
        coerce=int,
        initial=86400,
        label="Main Match round",
        help_text="How long each Main Match round stays open.",
    )
    dm_turn_seconds = forms.IntegerField(
        min_value=10,
        required=False,
        label="Death Match turn (seconds)",
        help_text="Blank: the game's own (Warriors' Death: 60 s).",
    )
    pick_seconds = forms.TypedChoiceField(
        choices=DURATIONS,
        coerce=int,
        initial=86400,
        label="Time to pick",
        help_text="How long the Elimination Candidate has to pick a Death Match opponent (drawn by lot after).",
    )
    dm_lead_seconds = forms.TypedChoiceField(
        choices=[
            (0, "at once"),
            (300, "5 minutes"),
            (900, "15 minutes"),
            (3600, "1 hour"),
            (6 * 3600, "6 hours"),
            (86400, "24 hours"),
        ],
        coerce=int,
        initial=900,
        label="Death Match starts after",
        help_text="Time from the pick of the Death Match opponent to the first turn; it starts sooner when both players press Ready.",
    )
    dm_window_hours = forms.TypedChoiceField(
        choices=[
            (0, "no: only a host moves it"),
            (2, "up to 2 hours later"),
            (6, "up to 6 hours later"),
            (24, "up to 24 hours later"),
            (48, "up to 48 hours later"),
        ],
        coerce=int,
        initial=0,
        required=False,
        label="Players may agree on a later start",
        help_text="One of the two Death Match players proposes a start within this window; it moves once the other agrees.",
    )
    dm_no_show = forms.ChoiceField(
        choices=Season.NoShow.choices,
        initial=Season.NoShow.DEFAULT,
        label="A player not ready at the start",
        help_text="What happens when the scheduled time comes and a player is not there.",
    )
    finalists = forms.TypedChoiceField(
        choices=[(2, "2"), (3, "3: a semifinal, the third has a bye")],
        coerce=int,
        initial=2,
        help_text="The Final begins when this many players are left.",
    )
    final_legs = forms.TypedChoiceField(
        choices=[(1, "1 game"), (3, "best of 3"), (5, "best of 5")],
        coerce=int,
        initial=3,
        label="The Final is",
        help_text="Two-player games you pick "
        "for each leg; the bye goes to the most Tokens, then garnets, then tiebreak.",
    )
    ecs_per_episode = forms.IntegerField(
        min_value=1,
        max_value=3,
        initial=1,
        label="Elimination Candidates per episode",
        help_text="Each plays their own Death Match.",
    )
    mm_winners_pick_ec = forms.BooleanField(
        required=False,
        label="The Main Match's winners pick the Elimination Candidate",
        help_text="Otherwise the Main Match's own rule names them.",
    )
    ec_pick_way = forms.ChoiceField(
        choices=Season.EcPickWay.choices,
        initial=Season.EcPickWay.FIRST,
        required=False,
        label="How the winners pick",
        help_text="When the Main Match's winners pick the Elimination Candidate. A pick that times out names the game's next candidate.",
    )
    dm_game = forms.ChoiceField(
        choices=[], label="Default Death Match game", help_text="A host may pick another for any episode."
    )
    time_zone = forms.ChoiceField(choices=[], initial="UTC", help_text="Times on your console are shown in it.")
    signup_code = forms.BooleanField(
        required=False,
        label="Open a sign-up code",
        help_text="One shared link players use to ask to join; you approve each.",
    )

    def __init__(
        self, *args: object, dm_games: Sequence[tuple[str, str]] = (), zones: Sequence[str] = (), **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["dm_game"].choices = list(dm_games)  # type: ignore[attr-defined]
        self.fields["time_zone"].choices = [(z, z.replace("_", " ")) for z in zones]  # type: ignore[attr-defined]

    def clean_ec_pick_way(self) -> str:
        """Left out (an older form, the API): the way earlier seasons did it, the first winner picks."""
        return str(self.cleaned_data.get("ec_pick_way") or Season.EcPickWay.FIRST)


class InviteAcceptForm(forms.Form):
    """An invited player sets their password (and, optionally, an e-mail for notices)."""

    password = forms.CharField(widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    email = forms.EmailField(required=False, help_text="Optional: for notices and a lost password.")
    # Like the sign-up page: the browser's zone is preselected (forms.js, data-guess-zone), one rule for all.
    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        initial="UTC",
        required=False,
        help_text="Every page, notice and deadline is shown in this zone.",
    )


class ReasonForm(forms.Form):
    """Every host button posts a reason beside what it names."""

    reason = forms.CharField(max_length=500)
